//! The numbers the book and the README quote: one number, one source.
//!
//! A node count is exact, so the book never types one: `searchlab-book figures` writes every count
//! the prose quotes into `book/src/figures/numbers.tsv` (one `key<TAB>value` line each, drawn
//! from the same searches as the charts), and the node tables into markdown files the chapters
//! include. A time, a speed or an Elo figure is not exact: it is read from one committed
//! measurement file in `book/measured/`, which says the command, machine and date that made
//! it, and its quotable values go into the same `numbers.tsv`.
//!
//! Prose quotes a value by its key, `<!--n:ladder.minimax.d4-->33,838,390<!--/n-->` (the
//! comments do not show when the page is rendered), or a value computed from keys,
//! `<!--n:fewer(ladder.cached.d4,ladder.iterative.d4,1)-->57.8<!--/n-->`.
//! `scripts/numbers --check` (run by CI) fails when a quoted value is not what the keys say,
//! names a key that does not exist, or when a node count in prose (`N nodes`, N with a
//! thousands separator) is typed without a key; `scripts/numbers --write` brings every quoted
//! value up to date. The keys:
//!
//! - `ladder.STAGE.dD`: a stage's nodes summed over the 24 ladder positions at depth `D`
//!   (every stage of the ladder but the parallel ones, and the oracle; minimax to depth 4,
//!   the others to 5);
//! - `ladder.STAGE.POSITION.dD`: the same for one position;
//! - `ladder.mtdf.dD`, `compare.STAGE.dD`: MTD(f) on the ladder, and the seven positions of
//!   `searchlab compare` at depths 4 and 5 (ordered, pvs and MTD(f));
//! - `ttt.*`: the whole tic-tac-toe tree, searched by the first four stages;
//! - `elo.ladder.STAGE.*`: the Elo ladder's match results (`book/measured/elo-ladder.tsv`);
//! - `speed.*`: speed measurements (`book/measured/speed.tsv`);
//! - `instructions.*`: the instructions a node costs, counted by callgrind
//!   (`book/measured/instructions.tsv`);
//! - `side.*`: stages 8 and 7 side by side with another engine in one run
//!   (`book/measured/side-by-side.tsv`, in `speed.tsv`'s form);
//! - `scaling.*` and `throughput.*`: the parallel searches' time to depth and the machine's
//!   two-core ceiling (`book/measured/scaling.tsv`, `throughput.tsv`);
//! - `suite.*`: the test suites at one second a position (`book/measured/suites.tsv`);
//! - `web.*`: the web front against the native binary (`book/measured/web.tsv`);
//! - `modern.*`: stage 11's pieces, searched now ([`modern`](mod@modern));
//! - `match.NAME.*` and `rating.stockfish.*`: the other match results the book quotes
//!   (`book/measured/matches.tsv`), with the ratings fitted to the Stockfish matches
//!   (`book/measured/ratings.tsv` says which).
//!
//! By concern, a file each: [`searched`] counts what is exact by searching now; [`measured`]
//! and [`matches`](mod@matches) read the committed measurements and match results; [`neural`]
//! reads the learned evaluation's records; [`node_tables`] draws the node tables. Everything is
//! re-exported here, where `searchlab-book figures` finds it. As the book's tooling, this module
//! may import the chapters' helpers (for their numbers) and the drawing floor; no chapter
//! imports it but to add its own keys to a [`Numbers`].

pub mod matches;
pub mod measured;
pub mod modern;
pub mod neural;
pub mod node_tables;
pub mod searched;
pub mod web;

pub use matches::{
    add_elo_ladder, add_matches, elo_ladder_table, elo_text, record_text, MATCH_TABLES, RATINGS,
};
pub use measured::{
    add_instructions, add_scaling, add_side_by_side, add_speeds, add_suites, clock_table, speeds,
    Speed, INSTRUCTION_COUNTS, SIDE_BY_SIDE_RESULTS, SPEED_RESULTS, SUITE_RESULTS,
    THROUGHPUT_RESULTS,
};
pub use modern::add_modern;
pub use neural::add_neural;
pub use node_tables::{
    branching_table, growth_table, minimal_tree_table, pair_table, positions_table, tables,
    totals_table,
};
pub use searched::{
    add_bench_signature, add_ladder, add_selective_pieces, add_side_searches, add_tictactoe,
    PIECES_DEPTH, SHORT_MATES,
};
pub use web::add_web;

use searchlab_course::draw::table::{markdown_table, thousands};
use std::collections::BTreeMap;

/// Every quotable number, by key (sorted, so the file is the same on every run).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Numbers {
    values: BTreeMap<String, String>,
}

impl Numbers {
    /// Adds `value` under `key` (a later value under the same key replaces it).
    pub fn add(&mut self, key: impl Into<String>, value: impl ToString) {
        self.values.insert(key.into(), value.to_string());
    }

    /// Adds a count, written with thousands separators (`33,838,390`).
    pub fn count(&mut self, key: impl Into<String>, n: u64) {
        self.add(key, thousands(n));
    }

    /// The value under `key`, if any.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.values.get(key).map(String::as_str)
    }

    /// The file `scripts/numbers` reads: a header, then `key<TAB>value` lines, sorted by key.
    pub fn to_tsv(&self) -> String {
        let mut out = String::from(
            "# Every number the book and the README quote, by key: written by `searchlab-book figures`\n\
             # (node counts from its searches, the rest from book/measured/). Do not edit.\n",
        );
        for (key, value) in &self.values {
            out.push_str(&format!("{key}\t{value}\n"));
        }
        out
    }
}

/// A markdown table with every column left-aligned, as the book's tables are.
fn table(header: &[&str], rows: Vec<Vec<String>>) -> String {
    markdown_table(header, &[], &rows)
}

/// `0.058` → `5.8%`, `1.307` → `130.7%`.
fn percent(share: f64) -> String {
    format!("{:.1}%", share * 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_sorted_with_separators() {
        let mut numbers = Numbers::default();
        numbers.count("b.nodes", 33_838_390);
        numbers.add("a.elo", "+34 (+8 to +59)");
        assert_eq!(numbers.get("b.nodes"), Some("33,838,390"));
        let tsv = numbers.to_tsv();
        let lines: Vec<&str> = tsv.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(lines, ["a.elo\t+34 (+8 to +59)", "b.nodes\t33,838,390"]);
    }
}
