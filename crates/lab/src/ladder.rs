//! The Elo ladder: each rung of the strength ladder played against the rung below it.
//!
//! The results are measured once, by matches that take an hour or more (far too long for a
//! test), and committed as data in `book/measured/elo-ladder.tsv`: one line per rung with the
//! stage, the stage it played, the limit per move, and its wins, draws and losses. This module
//! reads that file (compiled in, so the book's chart, the notebooks and the tests all read the
//! same numbers) and turns each rung into an Elo difference with its interval, and the rungs
//! into a ladder: each stage's rating above the bottom rung.
//!
//! To measure a rung again: `searchlab match --stage selective --stage quiescence --nodes 20000
//! --concurrency 2 --sprt 0,10 --games 600`, and copy its W/D/L into the file.

use crate::elo::{elo_estimate, EloEstimate};
use searchlab_engine::error::{Error, Result};

/// The committed results, `book/measured/elo-ladder.tsv`.
pub const LADDER_RESULTS: &str = include_str!("../../../book/measured/elo-ladder.tsv");

/// One rung: a stage's match against the stage below it.
#[derive(Clone, Debug, PartialEq)]
pub struct Rung {
    /// The stage climbing the rung (player A).
    pub stage: String,
    /// The stage below it (player B).
    pub against: String,
    /// The limit per move both played under, as the match command took it (`20000 nodes`).
    pub limit: String,
    /// A's wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// A's losses.
    pub losses: u32,
}

impl Rung {
    /// The games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// What the rung is worth: A's Elo over B, with its 95% interval.
    pub fn estimate(&self) -> Option<EloEstimate> {
        elo_estimate(self.wins, self.draws, self.losses)
    }
}

/// Reads the results: tab-separated `stage against limit wins draws losses`, a header line
/// first, `#` comments and blank lines skipped. Each rung must start where the one before
/// ended (its `against` is the previous rung's `stage`).
pub fn parse_rungs(text: &str) -> Result<Vec<Rung>> {
    let mut rungs: Vec<Rung> = Vec::new();
    for (line_number, line) in crate::measured::rows(text) {
        let bad = |reason: String| Error::Epd {
            line: line_number,
            reason,
        };
        let fields: Vec<&str> = line.split('\t').collect();
        let [stage, against, limit, wins, draws, losses] = fields[..] else {
            return Err(bad(format!("{} fields, want 6", fields.len())));
        };
        let count = |name: &str, text: &str| {
            text.trim()
                .parse::<u32>()
                .map_err(|_| bad(format!("{name} '{text}' is not a count")))
        };
        let rung = Rung {
            stage: stage.to_string(),
            against: against.to_string(),
            limit: limit.to_string(),
            wins: count("wins", wins)?,
            draws: count("draws", draws)?,
            losses: count("losses", losses)?,
        };
        if let Some(previous) = rungs.last() {
            if previous.stage != rung.against {
                return Err(bad(format!(
                    "{} plays {}, but the rung below is {}",
                    rung.stage, rung.against, previous.stage
                )));
            }
        }
        rungs.push(rung);
    }
    Ok(rungs)
}

/// A stage's place on the ladder: its rating above the bottom rung's stage, and the interval
/// of its own rung (the step from the stage below, not the whole climb).
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The stage.
    pub stage: String,
    /// Elo above the ladder's bottom stage (the sum of the steps up to here).
    pub elo: f64,
    /// The lower end of this step's 95% interval, on the same scale.
    pub lower: f64,
    /// The upper end of this step's 95% interval, on the same scale.
    pub upper: f64,
}

/// The ladder: the bottom stage at 0, then each rung's stage at the sum of the steps below it.
pub fn climb(rungs: &[Rung]) -> Vec<Step> {
    let Some(first) = rungs.first() else {
        return Vec::new();
    };
    let mut steps = vec![Step {
        stage: first.against.clone(),
        elo: 0.0,
        lower: 0.0,
        upper: 0.0,
    }];
    let mut base = 0.0;
    for rung in rungs {
        let Some(estimate) = rung.estimate() else {
            continue;
        };
        steps.push(Step {
            stage: rung.stage.clone(),
            elo: base + estimate.elo,
            lower: base + estimate.lower,
            upper: base + estimate.upper,
        });
        base += estimate.elo;
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_ladder_reads_and_climbs() {
        let rungs = parse_rungs(LADDER_RESULTS).expect("the committed ladder parses");
        assert_eq!(rungs.first().map(|r| r.against.as_str()), Some("cached"));
        assert_eq!(rungs.last().map(|r| r.stage.as_str()), Some("selective"));
        for rung in &rungs {
            assert!(
                rung.games() >= 100,
                "{} played {}",
                rung.stage,
                rung.games()
            );
        }
        let steps = climb(&rungs);
        assert_eq!(steps.len(), rungs.len() + 1);
        // Every rung of the committed ladder gained: each step is above the one below.
        for pair in steps.windows(2) {
            assert!(pair[1].elo > pair[0].elo, "{:?}", pair);
            assert!(pair[1].lower <= pair[1].elo && pair[1].elo <= pair[1].upper);
        }
    }

    #[test]
    fn a_rung_that_does_not_start_where_the_last_ended_is_refused() {
        let text = "stage\tagainst\tlimit\twins\tdraws\tlosses\n\
                    ordered\tcached\t20000 nodes\t10\t2\t3\n\
                    quiescence\tpvs\t20000 nodes\t10\t2\t3\n";
        let error = parse_rungs(text).unwrap_err().to_string();
        assert!(error.contains("the rung below is ordered"), "{error}");
        let bad = "stage\tagainst\tlimit\twins\tdraws\tlosses\nordered\tcached\tx\t1\tmany\t3\n";
        let error = parse_rungs(bad).unwrap_err().to_string();
        assert!(error.contains("draws 'many' is not a count"), "{error}");
    }

    #[test]
    fn steps_add_up() {
        let rungs = parse_rungs(
            "stage\tagainst\tlimit\twins\tdraws\tlosses\n\
             b\ta\tn\t30\t40\t30\n\
             c\tb\tn\t60\t20\t20\n",
        )
        .unwrap();
        let steps = climb(&rungs);
        assert_eq!(steps[1].elo, 0.0); // an even score
        let c = elo_estimate(60, 20, 20).unwrap();
        assert!((steps[2].elo - c.elo).abs() < 1e-9);
        assert!((steps[2].lower - c.lower).abs() < 1e-9);
    }
}
