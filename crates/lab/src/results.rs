//! The committed match results the book and the README quote, other than the Elo ladder's
//! ([`crate::ladder`]).
//!
//! A match worth quoting takes an hour or more, far too long for a test or CI, so its result is
//! measured once and committed as data in `book/measured/matches.tsv`: one row per match, with
//! the side the result is from, its opponent, the limit per move, the openings' seed, and the
//! wins, draws and losses. The file's header gives the commands. This module reads it
//! (compiled in), and the book tooling's `numbers` (`searchlab-book`) turns each row into the
//! values the prose quotes: the record, the score and the Elo with its interval, computed here from W/D/L by
//! [`elo_estimate`], never typed.
//!
//! Some early matches kept only what they printed (a score, or an Elo with its interval), not
//! their W/D/L; for those rows the file holds the printed text, and that text is quoted as is.

use crate::elo::{elo_estimate, EloEstimate};
use searchlab_engine::error::{Error, Result};

/// The committed results, `book/measured/matches.tsv`.
pub const MATCH_RESULTS: &str = include_str!("../../../book/measured/matches.tsv");

/// One match's committed result.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchResult {
    /// The row's name, the key the prose quotes it by (`piece.null_move`).
    pub name: String,
    /// The player the result is from.
    pub side: String,
    /// Its opponent.
    pub against: String,
    /// The limit per move (`5000 nodes`) or the time control (`5+0.05`).
    pub limit: String,
    /// The openings' seed (or seeds).
    pub seed: String,
    /// Games played.
    pub games: u32,
    /// The side's wins, draws and losses, where they were kept.
    pub record: Option<(u32, u32, u32)>,
    /// The score the match printed, where its W/D/L were not kept (`50.4%`).
    pub printed_score: Option<String>,
    /// The Elo the match printed, where its W/D/L were not kept (`+24 (+6 to +41)`).
    pub printed_elo: Option<String>,
    /// The SPRT's log-likelihood ratio or verdict when the match stopped, if recorded.
    pub llr: Option<String>,
    /// The commit the side was built from, if recorded.
    pub commit: Option<String>,
}

impl MatchResult {
    /// The Elo difference with its 95% interval, from the W/D/L (`None` where they were not
    /// kept).
    pub fn estimate(&self) -> Option<EloEstimate> {
        let (wins, draws, losses) = self.record?;
        elo_estimate(wins, draws, losses)
    }
}

/// Reads the results: tab-separated `name side against limit seed games wins draws losses
/// score elo llr when`, a header line first, `#` comments and blank lines skipped, `-` for a
/// value not recorded. A row must have either its W/D/L (adding up to its games) or a printed
/// score or Elo; names are unique.
pub fn parse_results(text: &str) -> Result<Vec<MatchResult>> {
    let mut results: Vec<MatchResult> = Vec::new();
    for (line_number, line) in crate::measured::rows(text) {
        let bad = |reason: String| Error::Epd {
            line: line_number,
            reason,
        };
        let fields: Vec<&str> = line.split('\t').map(str::trim).collect();
        let [name, side, against, limit, seed, games, wins, draws, losses, score, elo, llr, when] =
            fields[..]
        else {
            return Err(bad(format!("{} fields, want 13", fields.len())));
        };
        let given = |text: &str| (text != "-").then(|| text.to_string());
        let count = |what: &str, text: &str| {
            text.parse::<u32>()
                .map_err(|_| bad(format!("{name}: {what} '{text}' is not a count")))
        };
        let games = count("games", games)?;
        let record = match (wins, draws, losses) {
            ("-", "-", "-") => None,
            _ => Some((
                count("wins", wins)?,
                count("draws", draws)?,
                count("losses", losses)?,
            )),
        };
        if let Some((w, d, l)) = record {
            if w + d + l != games {
                return Err(bad(format!(
                    "{name}: W/D/L {w}/{d}/{l} add up to {}, not the {games} games",
                    w + d + l
                )));
            }
        }
        let result = MatchResult {
            name: name.to_string(),
            side: side.to_string(),
            against: against.to_string(),
            limit: limit.to_string(),
            seed: seed.to_string(),
            games,
            record,
            printed_score: given(score),
            printed_elo: given(elo),
            llr: given(llr),
            commit: given(when),
        };
        if result.record.is_none() && result.printed_score.is_none() && result.printed_elo.is_none()
        {
            return Err(bad(format!(
                "{name}: neither W/D/L nor a printed score or Elo"
            )));
        }
        if results.iter().any(|r| r.name == result.name) {
            return Err(bad(format!("{name}: a second row of that name")));
        }
        results.push(result);
    }
    Ok(results)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_results_read() {
        let results = parse_results(MATCH_RESULTS).unwrap();
        let tapered = results.iter().find(|r| r.name == "term.tapered").unwrap();
        assert_eq!(tapered.record, Some((131, 30, 39)));
        assert_eq!(tapered.games, 200);
        let round2 = results.iter().find(|r| r.name == "tuning.round2").unwrap();
        assert_eq!((round2.record, round2.games), (None, 1000));
        assert_eq!(round2.printed_score.as_deref(), Some("50.2%"));
    }

    #[test]
    fn the_quoted_transcript_is_the_row() {
        // The quiescence chapter shows this match's output; its row must say the same.
        let transcript = include_str!("../../../book/measured/quiescence-vs-pvs.txt");
        let results = parse_results(MATCH_RESULTS).unwrap();
        let row = results
            .iter()
            .find(|r| r.name == "ladder-tc.quiescence")
            .unwrap();
        let (w, d, l) = row.record.unwrap();
        let line = format!("{} games, +{w} ={d} -{l} ", row.games);
        assert!(transcript.contains(&line), "{line}");
    }

    #[test]
    fn bad_rows_are_refused_with_their_line() {
        let header =
            "name\tside\tagainst\tlimit\tseed\tgames\twins\tdraws\tlosses\tscore\telo\tllr\twhen\n";
        let row = |games: &str, wdl: &str| {
            format!("{header}x\ta\tb\t5000 nodes\t1\t{games}\t{wdl}\t-\t-\t-\t-\n")
        };
        let err = parse_results(&row("10", "5\t3\t1"))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("line 2") && err.contains("add up to 9"),
            "{err}"
        );
        let err = parse_results(&row("10", "-\t-\t-"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("neither W/D/L"), "{err}");
        let err = parse_results(&row("ten", "5\t3\t2"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("games 'ten'"), "{err}");
        assert!(parse_results(&row("10", "5\t3\t2")).is_ok());
    }
}
