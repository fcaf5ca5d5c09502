//! Running EPD test suites: does the engine find the move the suite expects?
//!
//! An EPD line names a position and what is expected of it (see [`searchlab_engine::epd`]). A position is
//! **solved** when the engine's move, under the given limits, meets every expectation the line
//! states:
//!
//! | operation | solved when |
//! |---|---|
//! | `bm A B` | the move played is one of the best moves (SAN read with [`Chess::parse_san`]) |
//! | `am A B` | the move played is none of the moves to avoid |
//! | `dm N` | the score is a mate for the side to move in at most `N` moves (and, if `bm` is given too, the move is one of them) |
//!
//! A line with none of the three has nothing to check and is rejected before any search, as
//! is a `bm`/`am` move that is not legal in its position: a suite that cannot be judged is a
//! bad input, not a failure of the engine.
//!
//! Every position gets a fresh start: the engine's [`Engine::new_game`] is called before each
//! search, so what the transposition table learned on one position never helps on the next,
//! and the result of a position does not depend on the order of the file.
//!
//! ```
//! use searchlab_engine::epd::parse_epd;
//! use searchlab_lab::suite::run_suite;
//! use searchlab_engine::SearchLimits;
//!
//! let records = parse_epd("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; dm 1; id \"back-rank\";").unwrap();
//! let report = run_suite(&records, "cached", &SearchLimits::depth(3), |_, _, _| {}).unwrap();
//! assert_eq!((report.solved(), report.total()), (1, 1));
//! assert_eq!(report.entries[0].played_san.as_deref(), Some("Ra8#"));
//! ```

use chess::ChessMove;
use searchlab_engine::epd::EpdRecord;
use searchlab_engine::error::{Error, Result};
use searchlab_engine::games::Chess;
use searchlab_engine::limits::SearchLimits;
use searchlab_engine::score::{Depth, Score};
use searchlab_engine::search::{Engine, ToEngineSpec};
use searchlab_engine::stats::millis;
use serde::Serialize;
use std::time::Instant;

/// What happened on one position of a suite.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SuiteEntry {
    /// The position's name: its `id`, or its FEN.
    pub id: String,
    /// The position (FEN).
    pub fen: String,
    /// What the suite expects, as written in the EPD (`bm Qd1+`, `am Nxe5`, `dm 2`).
    pub expected: String,
    /// The move the engine chose, in SAN (`None` when the side to move has no move).
    pub played_san: Option<String>,
    /// The same move in UCI notation.
    pub played_uci: Option<String>,
    /// The engine's score, from the side to move, as UCI writes it (`cp 35`, `mate 2`).
    pub score: String,
    /// The engine's score as a raw number (see [`Score`]).
    pub score_raw: i32,
    /// Depth of the last completed iteration.
    pub depth: Depth,
    /// Nodes searched.
    pub nodes: u64,
    /// Time the search took, in milliseconds.
    pub time_ms: f64,
    /// Did the move (and score, for `dm`) meet every expectation?
    pub solved: bool,
}

/// The result of a whole suite.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SuiteReport {
    /// The stage that was run.
    pub stage: String,
    /// One entry per position, in file order.
    pub entries: Vec<SuiteEntry>,
    /// Wall-clock time of the whole run, in seconds.
    pub seconds: f64,
}

impl SuiteReport {
    /// Positions solved.
    pub fn solved(&self) -> usize {
        self.entries.iter().filter(|e| e.solved).count()
    }

    /// Positions run.
    pub fn total(&self) -> usize {
        self.entries.len()
    }

    /// Nodes searched over all positions.
    pub fn total_nodes(&self) -> u64 {
        self.entries.iter().map(|e| e.nodes).sum()
    }
}

/// One record with its moves read: what a search result is judged against.
struct Expectation {
    best: Vec<ChessMove>,
    avoid: Vec<ChessMove>,
    mate_in: Option<u32>,
    text: String,
}

impl Expectation {
    /// Reads the record's `bm`/`am` moves in its position; errors name the record's line.
    fn read(record: &EpdRecord, game: &Chess) -> Result<Expectation> {
        let bad = |reason: String| Error::Epd {
            line: record.line,
            reason: format!("position '{}': {reason}", record.name()),
        };
        let parse = |moves: &[String], op: &str| -> Result<Vec<ChessMove>> {
            moves
                .iter()
                .map(|san| {
                    game.parse_san(san)
                        .map_err(|_| bad(format!("{op} move '{san}' is not legal here")))
                })
                .collect()
        };
        let best = parse(&record.best_moves, "bm")?;
        let avoid = parse(&record.avoid_moves, "am")?;
        if best.is_empty() && avoid.is_empty() && record.direct_mate.is_none() {
            return Err(bad("no bm, am or dm operation to check".into()));
        }
        let mut text = Vec::new();
        if let Some(n) = record.direct_mate {
            text.push(format!("dm {n}"));
        }
        if !record.best_moves.is_empty() {
            text.push(format!("bm {}", record.best_moves.join(" ")));
        }
        if !record.avoid_moves.is_empty() {
            text.push(format!("am {}", record.avoid_moves.join(" ")));
        }
        Ok(Expectation {
            best,
            avoid,
            mate_in: record.direct_mate,
            text: text.join("; "),
        })
    }

    /// Does playing `played` with root score `score` meet every expectation?
    fn met_by(&self, played: Option<ChessMove>, score: Score) -> bool {
        let Some(mv) = played else {
            return false;
        };
        let best_ok = self.best.is_empty() || self.best.contains(&mv);
        let avoid_ok = !self.avoid.contains(&mv);
        let mate_ok = self
            .mate_in
            .is_none_or(|n| score.mate_moves().is_some_and(|m| m > 0 && m as u32 <= n));
        best_ok && avoid_ok && mate_ok
    }
}

/// Runs every record with `engine` (a stage or side engine, with its settings) under `limits`.
///
/// Every record is checked (legal position, legal `bm`/`am` moves, something to check) before
/// the first search, so a bad file fails at once. `progress(done, total, entry)` is called
/// after each position.
pub fn run_suite(
    records: &[EpdRecord],
    engine: &(impl ToEngineSpec<Chess> + ?Sized),
    limits: &SearchLimits,
    mut progress: impl FnMut(usize, usize, &SuiteEntry),
) -> Result<SuiteReport> {
    limits.validate()?;
    let spec = engine.to_spec()?;
    let mut engine: Box<dyn Engine<Chess>> = spec.build();
    let mut prepared = Vec::with_capacity(records.len());
    for record in records {
        let game = record.game()?;
        let expectation = Expectation::read(record, &game)?;
        prepared.push((record, game, expectation));
    }
    let start = Instant::now();
    let mut entries = Vec::with_capacity(records.len());
    let total = prepared.len();
    for (record, mut game, expectation) in prepared {
        engine.new_game();
        let result = engine.search(&mut game, limits);
        let entry = SuiteEntry {
            id: record.name().to_string(),
            fen: record.fen.clone(),
            expected: expectation.text.clone(),
            played_san: result.best_move.map(|mv| game.san(mv)),
            played_uci: result.best_move.map(|mv| mv.to_string()),
            score: result.score.to_string(),
            score_raw: result.score.0,
            depth: result.depth,
            nodes: result.nodes(),
            time_ms: millis(result.time),
            solved: expectation.met_by(result.best_move, result.score),
        };
        entries.push(entry);
        progress(entries.len(), total, &entries[entries.len() - 1]);
    }
    Ok(SuiteReport {
        stage: spec.to_string(),
        entries,
        seconds: start.elapsed().as_secs_f64(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_engine::epd::parse_epd;

    fn expectation(line: &str) -> (Chess, Expectation) {
        let record = &parse_epd(line).unwrap()[0];
        let game = record.game().unwrap();
        let e = Expectation::read(record, &game).unwrap();
        (game, e)
    }

    #[test]
    fn judges_bm_am_and_dm() {
        let (game, e) = expectation("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; dm 1;");
        let mate = game.parse_uci("a1a8").unwrap();
        let other = game.parse_uci("a1a7").unwrap();
        assert!(e.met_by(Some(mate), Score::mate_in(1)));
        assert!(
            !e.met_by(Some(mate), Score::cp(500)),
            "dm needs a mate score"
        );
        assert!(!e.met_by(Some(other), Score::mate_in(1)), "and a bm move");
        assert!(!e.met_by(None, Score::mate_in(1)));
        assert_eq!(e.text, "dm 1; bm Ra8#");

        let (game, e) = expectation("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - am Ra7;");
        assert!(e.met_by(Some(game.parse_uci("a1a8").unwrap()), Score::cp(0)));
        assert!(!e.met_by(Some(game.parse_uci("a1a7").unwrap()), Score::cp(0)));

        // dm alone: any move with a short enough mate score, not one for the opponent.
        let (game, e) = expectation("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - dm 2;");
        let mv = game.parse_uci("a1a8").unwrap();
        assert!(e.met_by(Some(mv), Score::mate_in(3)));
        assert!(
            !e.met_by(Some(mv), Score::mate_in(5)),
            "mate in 3 is too slow"
        );
        assert!(
            !e.met_by(Some(mv), Score::mated_in(2)),
            "being mated is no solution"
        );
    }

    #[test]
    fn rejects_unjudgeable_records() {
        let records = parse_epd("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - id \"nothing\";").unwrap();
        let error = run_suite(&records, "cached", &SearchLimits::depth(1), |_, _, _| {});
        assert!(error.unwrap_err().to_string().contains("no bm, am or dm"));
        let records = parse_epd("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Qh5;").unwrap();
        let error = run_suite(&records, "cached", &SearchLimits::depth(1), |_, _, _| {});
        assert!(error
            .unwrap_err()
            .to_string()
            .contains("'Qh5' is not legal"));
        // The error names the line of the file, not the record's place among the records.
        let text = "# a comment\n\n6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#;\n\
                    6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Qh5; id \"bad\";\n";
        let records = parse_epd(text).unwrap();
        let error = run_suite(&records, "cached", &SearchLimits::depth(1), |_, _, _| {});
        let message = error.unwrap_err().to_string();
        assert!(message.contains("line 4"), "{message}");
        assert!(message.contains("position 'bad'"), "{message}");
        let records = parse_epd("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#;").unwrap();
        assert!(run_suite(&records, "nonsense", &SearchLimits::depth(1), |_, _, _| {}).is_err());
        assert!(run_suite(&records, "cached", &SearchLimits::depth(0), |_, _, _| {}).is_err());
    }

    #[test]
    fn solves_mates_from_the_shared_file() {
        let text = include_str!("../../../tests/data/mates.epd");
        let records: Vec<_> = parse_epd(text)
            .unwrap()
            .into_iter()
            .filter(|r| r.direct_mate == Some(2))
            .take(3)
            .collect();
        let mut calls = 0;
        let report = run_suite(
            &records,
            "cached",
            &SearchLimits::depth(3),
            |done, total, _| {
                calls += 1;
                assert_eq!((done, total), (calls, 3));
            },
        )
        .unwrap();
        assert_eq!(report.solved(), 3, "{report:#?}");
        assert!(report.entries.iter().all(|e| e.score == "mate 2"));
    }
}
