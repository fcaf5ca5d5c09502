//! Every stage on the same positions: the table and chart behind `searchlab compare`.

use searchlab_engine::error::Result;
use searchlab_engine::games::Chess;
use searchlab_engine::limits::SearchLimits;
use searchlab_engine::positions::NamedPosition;
use searchlab_engine::score::{Depth, Score, ScoreJson};
use searchlab_engine::search::{specs, EngineSpec, ToEngineSpec};
use searchlab_engine::stats::millis;
use searchlab_engine::stats::Series;
use serde::Serialize;
use std::time::Duration;

/// One stage's search of one position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CompareRow {
    /// The stage's name.
    pub stage: String,
    /// The position's name.
    pub position: String,
    /// The position.
    pub fen: String,
    /// The depth searched (the last completed iteration for iterative stages).
    pub depth: Depth,
    /// The best move in UCI notation (`None` if the position has no legal move).
    #[serde(rename = "move")]
    pub best_move: Option<String>,
    /// The score: `{"cp": n}` or `{"mate": n}` in JSON.
    #[serde(serialize_with = "ScoreJson::serialize_score")]
    pub score: Score,
    /// Nodes searched.
    pub nodes: u64,
    /// Beta cut-offs, and how many of them the first move tried made.
    pub beta_cutoffs: u64,
    /// Cut-offs made by the first move tried.
    pub first_move_cutoffs: u64,
    /// Nodes of the quiescence search, if the stage has one (counted in `nodes` too).
    pub quiescence_nodes: u64,
    /// The oracle's nodes on the same position at the same depth, when the oracle was run:
    /// the fewest a plain alpha-beta search can visit.
    pub oracle_nodes: Option<u64>,
    /// Wall-clock time, in milliseconds in JSON.
    #[serde(rename = "time_ms", serialize_with = "millis_to_the_microsecond")]
    pub time: Duration,
}

/// The whole comparison: every stage on every position at the chosen depth, plus node totals
/// per depth for the chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// One row per stage and position, stages in ladder order within each position.
    pub rows: Vec<CompareRow>,
    /// For each stage, total nodes over all positions at each depth from 1 to the chosen one.
    pub nodes_per_depth: Vec<Series>,
    /// For each stage, the share (0 to 1) of its beta cut-offs over all positions made by the
    /// first move tried, at each depth from 1 to the chosen one; a depth without any cut-off
    /// (depth 1, and every depth of minimax) has no point.
    pub first_move_cutoff_rate_per_depth: Vec<Series>,
    /// Every search's node count: each stage on each position at each depth from 1 to the
    /// chosen one (the book's tables position by position are drawn from these).
    pub position_nodes: Vec<PositionNodes>,
}

/// One search's node count: a stage, a position, a depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionNodes {
    /// The stage's label.
    pub stage: String,
    /// The position's name.
    pub position: String,
    /// The depth asked for.
    pub depth: Depth,
    /// Nodes searched.
    pub nodes: u64,
}

impl CompareRow {
    /// The share of cut-offs made by the first move tried, from 0 to 1 (`None` without any).
    pub fn first_move_cutoff_rate(&self) -> Option<f64> {
        (self.beta_cutoffs > 0).then(|| self.first_move_cutoffs as f64 / self.beta_cutoffs as f64)
    }

    /// The nodes as a multiple of the oracle's (`None` when the oracle was not run, and for a
    /// stage judged by strength, whose tree is not alpha-beta's).
    pub fn oracle_multiple(&self) -> Option<f64> {
        self.oracle_nodes
            .filter(|&n| n > 0 && comparable_with_the_oracle(&self.stage))
            .map(|n| self.nodes as f64 / n as f64)
    }
}

impl Comparison {
    /// Total nodes of `stage` over all positions at the chosen depth.
    pub fn total_nodes(&self, stage: &str) -> u64 {
        self.rows
            .iter()
            .filter(|r| r.stage == stage)
            .map(|r| r.nodes)
            .sum()
    }

    /// The share of `stage`'s cut-offs over all positions made by the first move tried.
    pub fn first_move_cutoff_rate(&self, stage: &str) -> Option<f64> {
        let rows = || self.rows.iter().filter(|r| r.stage == stage);
        let cutoffs: u64 = rows().map(|r| r.beta_cutoffs).sum();
        let first: u64 = rows().map(|r| r.first_move_cutoffs).sum();
        (cutoffs > 0).then(|| first as f64 / cutoffs as f64)
    }

    /// `stage`'s total nodes as a multiple of the oracle's total (`None` without the oracle,
    /// or for a stage judged by strength).
    pub fn oracle_multiple(&self, stage: &str) -> Option<f64> {
        let oracle = self.total_nodes(ORACLE);
        (oracle > 0
            && self.rows.iter().any(|r| r.stage == ORACLE)
            && comparable_with_the_oracle(stage))
        .then(|| self.total_nodes(stage) as f64 / oracle as f64)
    }

    /// The share of `stage`'s nodes spent in its quiescence search, over all positions.
    pub fn quiescence_share(&self, stage: &str) -> Option<f64> {
        let nodes = self.total_nodes(stage);
        let quiet: u64 = self
            .rows
            .iter()
            .filter(|r| r.stage == stage)
            .map(|r| r.quiescence_nodes)
            .sum();
        (nodes > 0 && quiet > 0).then(|| quiet as f64 / nodes as f64)
    }

    /// Total time of `stage` over all positions at the chosen depth.
    pub fn total_time(&self, stage: &str) -> Duration {
        self.rows
            .iter()
            .filter(|r| r.stage == stage)
            .map(|r| r.time)
            .sum()
    }
}

/// The name of the ordering oracle, the yardstick of the `× oracle` column.
pub const ORACLE: &str = "oracle";

/// Does the oracle measure `stage`? Only the stages that search alpha-beta's tree: not the
/// oracle itself, and not a stage judged by strength (its quiescence search, say, searches
/// another tree altogether).
pub fn comparable_with_the_oracle(stage: &str) -> bool {
    stage != ORACLE
        && searchlab_engine::search::find_engine(stage).is_ok_and(|s| !s.judged_by_strength)
}

/// Runs each engine in `stages` (stage names, or descriptions with settings) on each position at
/// every depth from 1 to `depth` (a fresh engine each time, so nothing carries over). A row is
/// named by its engine's [`label`](EngineSpec::label): the stage's name, for a stage as it
/// comes, whatever the table size. `progress` is told after each search, with
/// (searches done, searches in all). If the oracle is one of the stages, every row also gets
/// the oracle's nodes for its position.
pub fn compare(
    positions: &[NamedPosition],
    stages: &[impl ToEngineSpec<Chess>],
    depth: Depth,
    mut progress: impl FnMut(usize, usize),
) -> Result<Comparison> {
    SearchLimits::depth(depth).validate()?;
    let stages: Vec<EngineSpec<Chess>> = specs(stages)?;
    let games: Vec<Chess> = positions
        .iter()
        .map(|p| Chess::from_fen(p.fen))
        .collect::<Result<_>>()?;
    let total = stages.len() * positions.len() * depth as usize;
    let mut done = 0;
    let mut rows = Vec::new();
    let mut position_nodes = Vec::new();
    let mut per_depth: Vec<Vec<(Depth, u64)>> = vec![Vec::new(); stages.len()];
    let mut rate_per_depth: Vec<Vec<(Depth, f64)>> = vec![Vec::new(); stages.len()];
    for d in 1..=depth {
        let mut sums = vec![0u64; stages.len()];
        // (cut-offs by the first move, all cut-offs), per stage
        let mut cutoffs = vec![(0u64, 0u64); stages.len()];
        for (position, game) in positions.iter().zip(&games) {
            for (i, stage) in stages.iter().enumerate() {
                let mut engine = stage.build();
                let mut game = game.clone();
                let result = engine.search(&mut game, &SearchLimits::depth(d));
                sums[i] += result.nodes();
                cutoffs[i].0 += result.stats.first_move_cutoffs;
                cutoffs[i].1 += result.stats.beta_cutoffs;
                position_nodes.push(PositionNodes {
                    stage: stage.label(),
                    position: position.name.to_string(),
                    depth: d,
                    nodes: result.nodes(),
                });
                if d == depth {
                    rows.push(CompareRow {
                        stage: stage.label(),
                        position: position.name.to_string(),
                        fen: position.fen.to_string(),
                        depth: result.depth,
                        best_move: result.best_move.map(|m| m.to_string()),
                        score: result.score,
                        nodes: result.nodes(),
                        beta_cutoffs: result.stats.beta_cutoffs,
                        first_move_cutoffs: result.stats.first_move_cutoffs,
                        quiescence_nodes: result.stats.quiescence_nodes,
                        oracle_nodes: None,
                        time: result.time,
                    });
                }
                done += 1;
                progress(done, total);
            }
        }
        for (i, sum) in sums.into_iter().enumerate() {
            per_depth[i].push((d, sum));
        }
        for (i, (first, all)) in cutoffs.into_iter().enumerate() {
            if all > 0 {
                rate_per_depth[i].push((d, first as f64 / all as f64));
            }
        }
    }
    let oracle: Vec<(String, u64)> = rows
        .iter()
        .filter(|r| r.stage == ORACLE)
        .map(|r| (r.position.clone(), r.nodes))
        .collect();
    for row in &mut rows {
        row.oracle_nodes = oracle
            .iter()
            .find(|(position, _)| *position == row.position)
            .map(|&(_, nodes)| nodes);
    }
    let nodes_per_depth = stages
        .iter()
        .zip(per_depth)
        .map(|(stage, counts)| Series::from_counts(&stage.label(), &counts))
        .collect();
    let first_move_cutoff_rate_per_depth = stages
        .iter()
        .zip(rate_per_depth)
        .map(|(stage, points)| Series {
            name: stage.label(),
            points,
        })
        .collect();
    Ok(Comparison {
        rows,
        nodes_per_depth,
        first_move_cutoff_rate_per_depth,
        position_nodes,
    })
}

/// Serializes a duration in milliseconds, rounded to three decimals (whole microseconds).
fn millis_to_the_microsecond<S: serde::Serializer>(
    d: &Duration,
    s: S,
) -> std::result::Result<S::Ok, S::Error> {
    s.serialize_f64((millis(*d) * 1000.0).round() / 1000.0)
}
