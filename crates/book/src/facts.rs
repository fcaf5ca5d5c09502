//! The project's facts the book and the README state, each from the one place that knows it:
//! the ladder's, from the registry, and what the first two commands cost, from a measurement.
//!
//! How many rungs there are, which one plays by default, which is the top, and what the
//! project aims at change when a rung is added or wins the default, and a chapter that types
//! one of them goes stale without a sound. So they are quoted like the numbers
//! ([`crate::numbers`]), by key, and `scripts/numbers` refuses one typed by hand:
//!
//! - `facts.rungs`, `facts.rungs.word`: how many stages the ladder has (`10`, `ten`), the
//!   engines UCI's `Stage` option offers;
//! - `facts.default.number`, `facts.default.name`: the stage that plays when none is named
//!   (`searchlab search`, `bench`, `suite`, UCI), [`strongest_stage`];
//! - `facts.top.number`, `facts.top.name`: the last rung;
//! - `facts.search_top.number`, `facts.search_top.name`: the last rung with a search of its
//!   own (a later rung may keep its search and change the evaluation);
//! - `facts.aim.elo`: the Stockfish `UCI_Elo` the project aims to score evenly against,
//!   [`STRENGTH_AIM_ELO`];
//! - `setup.run.minutes`, `setup.test.minutes`: how long a newcomer's first `cargo run
//!   --release` (the build and the main job) and then `cargo test` take on a fresh clone,
//!   rounded to whole minutes, from `book/measured/setup.tsv` (`scripts/measure-setup`).

use crate::numbers::Numbers;
use searchlab_engine::error::{Error, Result};
use searchlab_engine::search::{strongest_stage, uci_stages, STAGES, STRENGTH_AIM_ELO};

/// The first two commands' times on a fresh clone, committed (see [`add_setup_times`]).
pub const SETUP_TIMES: &str = include_str!("../../../book/measured/setup.tsv");

/// A count of rungs in words, as prose says it ("in ten steps"); past twenty, in figures.
pub fn number_word(n: usize) -> String {
    const WORDS: [&str; 21] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
        "twenty",
    ];
    WORDS
        .get(n)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

/// Adds the `facts.*` keys (see the module docs).
pub fn add_ladder_facts(numbers: &mut Numbers) {
    let rungs = uci_stages();
    numbers.add("facts.rungs", rungs.len());
    numbers.add("facts.rungs.word", number_word(rungs.len()));
    let default = strongest_stage();
    let number_of = |name: &str| {
        rungs
            .iter()
            .position(|stage| stage.name == name)
            .map_or(0, |i| i + 1)
    };
    numbers.add("facts.default.name", default);
    numbers.add("facts.default.number", number_of(default));
    if let Some(top) = rungs.last() {
        numbers.add("facts.top.name", top.name);
        numbers.add("facts.top.number", rungs.len());
    }
    if let Some(search_top) = STAGES.last() {
        numbers.add("facts.search_top.name", search_top.name);
        numbers.add("facts.search_top.number", number_of(search_top.name));
    }
    numbers.add("facts.aim.elo", STRENGTH_AIM_ELO);
}

/// Adds `setup.STEP.minutes` for each row of [`SETUP_TIMES`] (`STEP<TAB>command<TAB>seconds`).
pub fn add_setup_times(numbers: &mut Numbers) -> Result<()> {
    add_setup_times_from(numbers, SETUP_TIMES)
}

fn add_setup_times_from(numbers: &mut Numbers, text: &str) -> Result<()> {
    let rows = text
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .skip(1); // the header
    for row in rows {
        let fields: Vec<&str> = row.split('\t').collect();
        let seconds = match fields.as_slice() {
            [_, _, seconds] => seconds.trim().parse::<f64>().ok(),
            _ => None,
        };
        let Some(seconds) = seconds.filter(|s| s.is_finite() && *s >= 0.0) else {
            return Err(Error::Setting(format!(
                "book/measured/setup.tsv: a row is `step<TAB>command<TAB>seconds`, not {row:?}"
            )));
        };
        let minutes = (seconds / 60.0).round().max(1.0);
        numbers.add(format!("setup.{}.minutes", fields[0]), minutes);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ladder_has_eleven_rungs_and_stage_11_plays_by_default() {
        let mut numbers = Numbers::default();
        add_ladder_facts(&mut numbers);
        assert_eq!(numbers.get("facts.rungs"), Some("11"));
        assert_eq!(numbers.get("facts.rungs.word"), Some("eleven"));
        assert_eq!(numbers.get("facts.default.name"), Some("modern"));
        assert_eq!(numbers.get("facts.default.number"), Some("11"));
        assert_eq!(numbers.get("facts.top.name"), Some("modern"));
        assert_eq!(numbers.get("facts.top.number"), Some("11"));
        assert_eq!(numbers.get("facts.search_top.name"), Some("parallel"));
        assert_eq!(numbers.get("facts.search_top.number"), Some("9"));
        assert_eq!(numbers.get("facts.aim.elo"), Some("2400"));
    }

    #[test]
    fn setup_times_are_whole_minutes_and_a_bad_row_is_named() {
        let mut numbers = Numbers::default();
        let text = "# made by\nstep\tcommand\tseconds\nrun\tcargo run --release\t110\n\
                    test\tcargo test\t389.5\n";
        add_setup_times_from(&mut numbers, text).unwrap();
        assert_eq!(numbers.get("setup.run.minutes"), Some("2"));
        assert_eq!(numbers.get("setup.test.minutes"), Some("6"));
        let bad = add_setup_times_from(&mut numbers, "step\tcommand\tseconds\nrun\tx\n");
        assert!(bad.unwrap_err().to_string().contains("run\\tx"));
        add_setup_times(&mut numbers).unwrap();
        assert!(numbers.get("setup.test.minutes").is_some());
    }

    #[test]
    fn counts_are_words_up_to_twenty() {
        assert_eq!(number_word(9), "nine");
        assert_eq!(number_word(20), "twenty");
        assert_eq!(number_word(21), "21");
    }
}
