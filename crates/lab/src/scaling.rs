//! Time to depth: how much faster a parallel search reaches the same depth with more threads.
//!
//! Every position is searched to a fixed depth, from a fresh engine (an empty table), by each
//! stage at each thread count, several times over: with more than one thread a search is not
//! reproducible, and its time varies from run to run even on an idle machine. Per position,
//! the **median** of the runs is kept; the speed-up of `N` threads is then the **geometric
//! mean**, over the positions, of (median time with 1 thread) / (median time with `N`), the
//! mean that treats a position twice as fast and one twice as slow as cancelling out.
//!
//! Time to depth is not the whole story: a parallel search may reach the depth with a
//! different, better or worse, tree. Nodes are reported too (more nodes for the same depth is
//! the *search overhead* of the threads: work done twice), and the chapter measures strength
//! at equal time with matches.
//!
//! [`serial_share`] measures what bounds root splitting: the share of an iteration's nodes
//! spent in the root's first move, which one thread searches alone.

use searchlab_engine::error::{Error, Result};
use searchlab_engine::games::Chess;
use searchlab_engine::limits::SearchLimits;
use searchlab_engine::score::Depth;
use searchlab_engine::search::{
    specs, Engine, EngineSpec, RootSplit, ToEngineSpec, DEFAULT_HASH_MB,
};
use searchlab_engine::stats::millis;
use serde::Serialize;
use std::time::{Duration, Instant};

/// One search of one position.
#[derive(Clone, Debug, Serialize)]
pub struct Run {
    /// The stage (`parallel`, `rootsplit`).
    pub stage: String,
    /// Threads it searched with.
    pub threads: usize,
    /// The position's index in the list.
    pub position: usize,
    /// Time to the depth.
    #[serde(serialize_with = "searchlab_engine::stats::serialize_millis")]
    pub time: Duration,
    /// Nodes, every thread's.
    pub nodes: u64,
    /// The move found.
    pub best_move: Option<String>,
}

/// A stage at one thread count, summed up over the positions.
#[derive(Clone, Debug, Serialize)]
pub struct Scaling {
    /// The stage.
    pub stage: String,
    /// Threads.
    pub threads: usize,
    /// Geometric mean over the positions of the median time, in milliseconds.
    pub mean_ms: f64,
    /// Geometric mean over the positions of (1-thread median time) / (this median time).
    pub speedup: f64,
    /// Geometric mean of (median nodes) / (1-thread median nodes): the search overhead.
    pub node_ratio: f64,
}

/// Every run and the summary of each stage and thread count.
#[derive(Clone, Debug, Serialize)]
pub struct ScalingReport {
    /// The depth every search went to.
    pub depth: Depth,
    /// Runs per position, stage and thread count.
    pub runs: usize,
    /// Every search, in the order run.
    pub all: Vec<Run>,
    /// One line per stage and thread count, in the order asked.
    pub summary: Vec<Scaling>,
}

/// Searches every position (FENs) to `depth` with each stage at each thread count, `runs`
/// times, and sums it up. `threads` must include 1, the baseline. The runs of a position are
/// interleaved (1, 2, 4 threads, then again) so that a slow spell of a shared machine falls on
/// all thread counts alike. `progress` is told (done, total) after each search.
pub fn time_to_depth(
    stages: &[impl ToEngineSpec<Chess>],
    threads: &[usize],
    fens: &[String],
    depth: Depth,
    runs: usize,
    mut progress: impl FnMut(usize, usize),
) -> Result<ScalingReport> {
    if !threads.contains(&1) {
        return Err(Error::Setting(
            "the thread counts must include 1, the baseline".into(),
        ));
    }
    let limits = SearchLimits::depth(depth);
    limits.validate()?;
    let games: Vec<Chess> = fens
        .iter()
        .map(|f| Chess::from_fen(f))
        .collect::<Result<_>>()?;
    // Every engine at every thread count, read and checked before any search.
    let stages: Vec<EngineSpec<Chess>> = specs(stages)?;
    let labels: Vec<String> = stages.iter().map(EngineSpec::label).collect();
    let engines: Vec<Vec<EngineSpec<Chess>>> = stages
        .iter()
        .map(|stage| {
            threads
                .iter()
                .map(|&n| stage.clone().with_threads(n))
                .collect::<Result<_>>()
        })
        .collect::<Result<_>>()?;
    let total = stages.len() * threads.len() * games.len() * runs;
    let mut all = Vec::with_capacity(total);
    for (position, game) in games.iter().enumerate() {
        for _ in 0..runs {
            for (label, at_thread_counts) in labels.iter().zip(&engines) {
                for (&n, spec) in threads.iter().zip(at_thread_counts) {
                    let mut engine = spec.build();
                    let mut game = game.clone();
                    let start = Instant::now();
                    let result = engine.search(&mut game, &limits);
                    all.push(Run {
                        stage: label.clone(),
                        threads: n,
                        position,
                        time: start.elapsed(),
                        nodes: result.nodes(),
                        best_move: result.best_move.map(|m| m.to_string()),
                    });
                    progress(all.len(), total);
                }
            }
        }
    }
    let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
    let summary = summarise(&all, &labels, threads, games.len());
    Ok(ScalingReport {
        depth,
        runs,
        all,
        summary,
    })
}

/// The median of `values` (the mean of the middle two for an even count); 0 for none.
fn median(mut values: Vec<f64>) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values.sort_by(f64::total_cmp);
    let mid = values.len() / 2;
    if values.len() % 2 == 1 {
        values[mid]
    } else {
        (values[mid - 1] + values[mid]) / 2.0
    }
}

/// The geometric mean of `values` (all positive); 0 for none.
pub fn geometric_mean(values: &[f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    (values.iter().map(|v| v.ln()).sum::<f64>() / values.len() as f64).exp()
}

fn summarise(all: &[Run], stages: &[&str], threads: &[usize], positions: usize) -> Vec<Scaling> {
    // Median time and nodes of one stage, thread count and position.
    let medians = |stage: &str, n: usize, position: usize| {
        let runs = all
            .iter()
            .filter(|r| r.stage == stage && r.threads == n && r.position == position);
        let (times, nodes): (Vec<f64>, Vec<f64>) = runs
            .map(|r| (millis(r.time).max(1e-3), r.nodes.max(1) as f64))
            .unzip();
        (median(times), median(nodes))
    };
    let mut summary = Vec::new();
    for stage in stages {
        for &n in threads {
            let (mut times, mut speedups, mut node_ratios) = (vec![], vec![], vec![]);
            for position in 0..positions {
                let (base_time, base_nodes) = medians(stage, 1, position);
                let (time, nodes) = medians(stage, n, position);
                times.push(time);
                speedups.push(base_time / time);
                node_ratios.push(nodes / base_nodes);
            }
            summary.push(Scaling {
                stage: stage.to_string(),
                threads: n,
                mean_ms: geometric_mean(&times),
                speedup: geometric_mean(&speedups),
                node_ratio: geometric_mean(&node_ratios),
            });
        }
    }
    summary
}

// ANCHOR: serial_share
/// For each position (FENs): the share of the nodes of a one-thread root-splitting search to
/// `depth` that went into the root's first moves, the work no other thread can share.
pub fn serial_share(fens: &[String], depth: Depth) -> Result<Vec<f64>> {
    let limits = SearchLimits::depth(depth);
    limits.validate()?;
    fens.iter()
        .map(|fen| {
            let mut game = Chess::from_fen(fen)?;
            let mut engine = RootSplit::<Chess>::new(DEFAULT_HASH_MB);
            let result = engine.search(&mut game, &limits);
            Ok(engine.first_move_nodes as f64 / result.nodes().max(1) as f64)
        })
        .collect()
}
// ANCHOR_END: serial_share

/// The committed time-to-depth results, `book/measured/scaling.tsv`: measured once with
/// `searchlab scaling` (minutes, and a machine to itself: not a test), read by the book's
/// chart and the tests.
pub const SCALING_RESULTS: &str = include_str!("../../../book/measured/scaling.tsv");

/// One line of the committed results: a stage's speed-up at a thread count on a machine.
#[derive(Clone, Debug, PartialEq)]
pub struct MeasuredScaling {
    /// The machine, in words (`2 cores`).
    pub machine: String,
    /// The stage.
    pub stage: String,
    /// Threads.
    pub threads: usize,
    /// Time to depth with 1 thread over time with `threads` (geometric mean).
    pub speedup: f64,
    /// Nodes with `threads` over nodes with 1 (geometric mean).
    pub node_ratio: f64,
}

/// Reads results in the format of `book/measured/scaling.tsv`: `#` comment lines, a header,
/// then tab-separated machine, stage, threads, speed-up, node ratio. A bad line is an error
/// that names it.
pub fn parse_results(text: &str) -> Result<Vec<MeasuredScaling>> {
    crate::measured::rows(text)
        .map(|(number, line)| {
            let bad = |what: &str| {
                Error::Setting(format!("scaling results, line {number}: {what}: {line}"))
            };
            let fields: Vec<&str> = line.split('\t').collect();
            let [machine, stage, threads, speedup, node_ratio] = fields[..] else {
                return Err(bad("expected 5 tab-separated fields"));
            };
            Ok(MeasuredScaling {
                machine: machine.to_string(),
                stage: stage.to_string(),
                threads: threads.parse().map_err(|_| bad("threads"))?,
                speedup: speedup.parse().map_err(|_| bad("speed-up"))?,
                node_ratio: node_ratio.parse().map_err(|_| bad("node ratio"))?,
            })
        })
        .collect()
}

/// The depth the book's table of [`serial_share`] is measured at (about ten seconds for the
/// 24 bench positions; drawn by `teach::parallel::serial_share_markdown`).
pub const SERIAL_SHARE_DEPTH: Depth = 10;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_results_parse_and_one_thread_is_the_baseline() {
        let results = parse_results(SCALING_RESULTS).unwrap();
        assert!(results
            .iter()
            .any(|r| r.stage == "parallel" && r.threads == 2));
        assert!(results
            .iter()
            .any(|r| r.stage == "rootsplit" && r.threads == 2));
        for r in results.iter().filter(|r| r.threads == 1) {
            assert_eq!((r.speedup, r.node_ratio), (1.0, 1.0), "{r:?}");
        }
        assert!(parse_results("h\n2 cores\tparallel\ttwo\t1\t1").is_err());
    }

    #[test]
    fn medians_and_means() {
        assert_eq!(median(vec![3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(vec![4.0, 1.0, 2.0, 3.0]), 2.5);
        assert!((geometric_mean(&[2.0, 0.5]) - 1.0).abs() < 1e-12);
        assert!((geometric_mean(&[1.0, 4.0]) - 2.0).abs() < 1e-12);
    }

    #[test]
    fn one_thread_is_its_own_baseline_and_threads_must_include_it() {
        let fens = vec![searchlab_engine::games::chess::START_FEN.to_string()];
        assert!(time_to_depth(&["parallel"], &[2], &fens, 3, 1, |_, _| {}).is_err());
        let report =
            time_to_depth(&["parallel", "rootsplit"], &[1, 2], &fens, 4, 2, |_, _| {}).unwrap();
        assert_eq!(report.all.len(), 8);
        assert_eq!(report.summary.len(), 4);
        let one = &report.summary[0];
        assert_eq!((one.threads, one.speedup, one.node_ratio), (1, 1.0, 1.0));
        // With one thread both searches are stage 8: the same nodes, every run.
        let one_thread: Vec<u64> = report
            .all
            .iter()
            .filter(|r| r.threads == 1)
            .map(|r| r.nodes)
            .collect();
        assert!(
            one_thread.windows(2).all(|w| w[0] == w[1]),
            "{one_thread:?}"
        );
        let share = serial_share(&fens, 6).unwrap()[0];
        assert!(share > 0.0 && share < 1.0, "{share}");
    }
}
