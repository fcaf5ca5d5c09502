//! The `bench` signature: fixed positions, a fixed depth, one number that names the search.
//!
//! Every position of [`LADDER`](crate::positions::LADDER) is searched to the same depth by the
//! strongest stage, each with a **fresh engine** (an empty transposition table) on one
//! thread. With a depth limit and one thread a search is fully reproducible, so the total
//! node count is a *signature*: it changes exactly when the search changes (its move
//! ordering, pruning, evaluation or table), and never from one run or one machine to the
//! next. Testing frameworks such as OpenBench read that number, and the speed, from the last
//! line of `searchlab bench`:
//!
//! ```text
//! 1234567 nodes 2345678 nps
//! ```
//!
//! A commit that claims to be a pure speed-up must leave the signature unchanged.

use crate::clock::Instant;
use crate::error::Result;
use crate::games::Chess;
use crate::limits::SearchLimits;
use crate::positions::NamedPosition;
use crate::score::Depth;
use crate::search::{EngineSpec, ToEngineSpec};
use crate::stats::nodes_per_second;
use serde::Serialize;
use std::time::Duration;

/// The depth `searchlab bench` searches when none is given: chosen so that the whole ladder
/// set takes a few seconds (well under a minute) in a release build.
pub const DEFAULT_DEPTH: Depth = 6;

/// One position of the bench.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BenchEntry {
    /// The position's name.
    pub name: String,
    /// The move found (UCI notation).
    pub best_move: Option<String>,
    /// The score found, as UCI writes it.
    pub score: String,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    #[serde(serialize_with = "crate::stats::serialize_millis")]
    pub time: Duration,
}

/// The whole bench.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BenchReport {
    /// The stage that ran.
    pub stage: String,
    /// The depth every position was searched to.
    pub depth: Depth,
    /// One entry per position.
    pub entries: Vec<BenchEntry>,
}

impl BenchReport {
    /// The signature: nodes over all positions.
    pub fn total_nodes(&self) -> u64 {
        self.entries.iter().map(|e| e.nodes).sum()
    }

    /// Search time over all positions (engine construction not included).
    pub fn total_time(&self) -> Duration {
        self.entries.iter().map(|e| e.time).sum()
    }

    /// Nodes per second over the whole bench.
    pub fn nps(&self) -> u64 {
        nodes_per_second(self.total_nodes(), self.total_time())
    }

    /// The line OpenBench reads: `<nodes> nodes <nps> nps`.
    pub fn signature_line(&self) -> String {
        format!("{} nodes {} nps", self.total_nodes(), self.nps())
    }
}

/// Searches every position to `depth` with the strongest stage, a fresh engine each.
/// `progress(done, total, entry)` is called after each position.
pub fn run_bench(
    positions: &[NamedPosition],
    depth: Depth,
    progress: impl FnMut(usize, usize, &BenchEntry),
) -> Result<BenchReport> {
    run_bench_with(&EngineSpec::strongest(), positions, depth, progress)
}

/// [`run_bench`] with any engine (a stage or side engine, with its switches and threads): its
/// own signature, for comparing stages.
pub fn run_bench_with(
    engine: &(impl ToEngineSpec<Chess> + ?Sized),
    positions: &[NamedPosition],
    depth: Depth,
    progress: impl FnMut(usize, usize, &BenchEntry),
) -> Result<BenchReport> {
    let named: Vec<(String, String)> = positions
        .iter()
        .map(|p| (p.name.to_string(), p.fen.to_string()))
        .collect();
    run_bench_on(engine, &named, depth, progress)
}

/// [`run_bench_with`] on any positions, given as (name, FEN) pairs (a file of the user's,
/// such as the speed positions).
pub fn run_bench_on(
    engine: &(impl ToEngineSpec<Chess> + ?Sized),
    positions: &[(String, String)],
    depth: Depth,
    mut progress: impl FnMut(usize, usize, &BenchEntry),
) -> Result<BenchReport> {
    let limits = SearchLimits::depth(depth);
    limits.validate()?;
    let spec = engine.to_spec()?; // read once, checked before any search
    let games: Vec<Chess> = positions
        .iter()
        .map(|(_, fen)| Chess::from_fen(fen))
        .collect::<Result<_>>()?;
    let mut entries = Vec::with_capacity(positions.len());
    for ((name, _), game) in positions.iter().zip(games) {
        let mut game = game;
        let mut engine = spec.build();
        let start = Instant::now();
        let result = engine.search(&mut game, &limits);
        let time = start.elapsed();
        entries.push(BenchEntry {
            name: name.clone(),
            best_move: result.best_move.map(|mv| mv.to_string()),
            score: result.score.to_string(),
            nodes: result.nodes(),
            time,
        });
        progress(entries.len(), positions.len(), &entries[entries.len() - 1]);
    }
    Ok(BenchReport {
        stage: spec.to_string(),
        depth,
        entries,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::positions::LADDER;

    #[test]
    fn signature_line_format() {
        let report = run_bench(&LADDER[..2], 2, |_, _, _| {}).unwrap();
        assert_eq!(report.entries.len(), 2);
        let line = report.signature_line();
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(words.len(), 4, "{line}");
        assert_eq!(words[0].parse::<u64>().unwrap(), report.total_nodes());
        assert_eq!((words[1], words[3]), ("nodes", "nps"));
        assert!(run_bench(&LADDER[..1], 0, |_, _, _| {}).is_err());
    }
}
