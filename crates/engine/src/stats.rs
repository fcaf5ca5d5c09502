//! What a search measured: node counts, the story of each iteration, and the series (one
//! value per depth) that the tables add up and the charts draw.
//!
//! Every stage returns the same [`SearchResult`], so tables, charts, notebooks and tests can
//! treat them alike. Node counting is uniform across the ladder: **a node is one call of the
//! stage's recursive search function, the root included**.

use crate::score::{Depth, Score};
use serde::Serialize;
use std::time::Duration;

/// Counters a search keeps while it runs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SearchStats {
    /// Calls of the recursive search, the root included.
    pub nodes: u64,
    /// Nodes where a move failed high (alpha-beta cut-offs).
    pub beta_cutoffs: u64,
    /// Cut-offs made by the first move tried: the share of these in `beta_cutoffs` says how
    /// good the move ordering is (a perfect order makes every cut-off with the first move).
    pub first_move_cutoffs: u64,
    /// Transposition-table probes that found the position.
    pub tt_hits: u64,
    /// Transposition-table hits whose stored bound ended the node without a search.
    pub tt_cutoffs: u64,
    /// Principal variation search: null-window searches that failed high and were searched
    /// again with the full window.
    pub researches: u64,
    /// Iterations searched again because the score fell outside the aspiration window.
    pub aspiration_failures: u64,
    /// MTD(f): null-window searches of the root.
    pub mtdf_passes: u64,
    /// Nodes of the quiescence search (counted in `nodes` too).
    pub quiescence_nodes: u64,
    /// Selective search: nodes ended by a null move that still failed high.
    pub null_move_cutoffs: u64,
    /// Selective search: late moves searched to a reduced depth first.
    pub reductions: u64,
    /// Selective search: nodes and moves pruned without a search (futility, late moves).
    pub pruned: u64,
    /// Stage 11: table moves found singular, and searched one ply deeper.
    pub singular_extensions: u64,
    /// The deepest ply any node reached (beyond the depth, with a quiescence search).
    pub seldepth: u32,
}

/// One completed iteration of a search (fixed-depth stages have exactly one).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Iteration {
    /// The depth this iteration searched to.
    pub depth: Depth,
    /// The root score it found.
    pub score: Score,
    /// Nodes searched so far, this iteration and all before it.
    pub nodes: u64,
    /// Time spent so far.
    #[serde(serialize_with = "whole_millis")]
    pub time: Duration,
    /// The deepest ply a node of the search reached so far (beyond `depth` with a quiescence
    /// search; else `depth`).
    pub seldepth: Depth,
    /// The principal variation, in the game's move notation.
    pub pv: Vec<String>,
    /// How full the transposition table was, in permille (0 for stages without one).
    pub hashfull: u32,
}

/// What every stage returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The move to play; `None` only when the side to move has no legal move.
    pub best_move: Option<M>,
    /// The score of the position for the side to move.
    pub score: Score,
    /// The expected line of play, starting with `best_move`.
    pub pv: Vec<M>,
    /// Depth of the last completed iteration.
    pub depth: Depth,
    /// Counters, summed over all iterations.
    pub stats: SearchStats,
    /// Time the search took.
    pub time: Duration,
    /// One entry per completed iteration, shallowest first.
    pub iterations: Vec<Iteration>,
}

impl SearchStats {
    /// Adds `other`'s counters to these (`seldepth`: the deeper of the two), to total several
    /// searches.
    pub fn add(&mut self, other: &SearchStats) {
        self.nodes += other.nodes;
        self.beta_cutoffs += other.beta_cutoffs;
        self.first_move_cutoffs += other.first_move_cutoffs;
        self.tt_hits += other.tt_hits;
        self.tt_cutoffs += other.tt_cutoffs;
        self.researches += other.researches;
        self.aspiration_failures += other.aspiration_failures;
        self.mtdf_passes += other.mtdf_passes;
        self.quiescence_nodes += other.quiescence_nodes;
        self.null_move_cutoffs += other.null_move_cutoffs;
        self.reductions += other.reductions;
        self.pruned += other.pruned;
        self.singular_extensions += other.singular_extensions;
        self.seldepth = self.seldepth.max(other.seldepth);
    }

    // ANCHOR: count_cutoff
    /// Counts a beta cut-off made by the move tried `tried`-th at its node (0 for the first).
    pub fn count_cutoff(&mut self, tried: usize) {
        self.beta_cutoffs += 1;
        if tried == 0 {
            self.first_move_cutoffs += 1;
        }
    }
    // ANCHOR_END: count_cutoff

    /// The share of cut-offs made by the first move tried, from 0 to 1; `None` without any
    /// cut-off (minimax, or a tree too small to have one).
    pub fn first_move_cutoff_rate(&self) -> Option<f64> {
        (self.beta_cutoffs > 0).then(|| self.first_move_cutoffs as f64 / self.beta_cutoffs as f64)
    }
}

impl<M> SearchResult<M> {
    /// Total nodes searched.
    pub fn nodes(&self) -> u64 {
        self.stats.nodes
    }

    /// Nodes per second (0 for a search too fast to time).
    pub fn nps(&self) -> u64 {
        nodes_per_second(self.stats.nodes, self.time)
    }

    /// The line to play: the principal variation if it starts with the best move, else the
    /// best move alone (empty without one).
    pub fn line(&self) -> Vec<M>
    where
        M: Copy + PartialEq,
    {
        match self.best_move {
            Some(mv) if self.pv.first() == Some(&mv) => self.pv.clone(),
            other => other.into_iter().collect(),
        }
    }
}

/// One line on a chart: a name for the legend and (depth, value) points.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Legend text (a stage name, usually).
    pub name: String,
    /// The points, in depth order.
    pub points: Vec<(Depth, f64)>,
}

impl Series {
    /// The same series with each value replaced by `f(depth, value)`.
    pub fn map_values(&self, f: impl Fn(Depth, f64) -> f64) -> Series {
        Series {
            name: self.name.clone(),
            points: self.points.iter().map(|&(d, v)| (d, f(d, v))).collect(),
        }
    }

    /// A series from integer counts (node counts per depth).
    pub fn from_counts(name: &str, counts: &[(Depth, u64)]) -> Series {
        Series {
            name: name.to_string(),
            points: counts.iter().map(|&(d, n)| (d, n as f64)).collect(),
        }
    }
}

/// Nodes per second, guarding against a zero duration.
pub fn nodes_per_second(nodes: u64, time: Duration) -> u64 {
    (nodes as u128 * 1_000_000)
        .checked_div(time.as_micros())
        .map_or(0, |nps| nps as u64)
}

/// The effective branching factor between two depths: how many times more nodes one more ply
/// costs. `None` when the shallower count is zero.
pub fn effective_branching_factor(nodes_shallower: u64, nodes_deeper: u64) -> Option<f64> {
    (nodes_shallower > 0).then(|| nodes_deeper as f64 / nodes_shallower as f64)
}

/// The size of Knuth and Moore's minimal tree: the fewest leaves any alpha-beta search can
/// visit with perfect move ordering, `b^ceil(d/2) + b^floor(d/2) - 1` for a uniform tree of
/// branching factor `b` and depth `d`.
pub fn minimal_tree_leaves(branching: f64, depth: Depth) -> f64 {
    let d = depth as i32;
    branching.powi((d + 1) / 2) + branching.powi(d / 2) - 1.0
}

/// A duration in milliseconds, fractions kept (what the reports print as `time_ms`).
pub fn millis(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Serializes a duration as milliseconds, fractions kept (`#[serde(serialize_with =
/// "crate::stats::serialize_millis")]`), as the measuring tools' JSON reports them.
pub fn serialize_millis<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(millis(*d))
}

/// Serializes a duration as whole milliseconds, rounded down.
fn whole_millis<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u64(d.as_millis() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_add_up_and_keep_the_deepest_seldepth() {
        let a = SearchStats {
            nodes: 10,
            pruned: 3,
            seldepth: 7,
            ..SearchStats::default()
        };
        let b = SearchStats {
            nodes: 5,
            reductions: 2,
            seldepth: 4,
            ..SearchStats::default()
        };
        let mut total = a;
        total.add(&b);
        assert_eq!((total.nodes, total.pruned, total.reductions), (15, 3, 2));
        assert_eq!(total.seldepth, 7);
    }

    #[test]
    fn minimal_tree_formula() {
        // b = 10, d = 4: 10^2 + 10^2 - 1 = 199; d = 3: 10^2 + 10 - 1 = 109.
        assert_eq!(minimal_tree_leaves(10.0, 4), 199.0);
        assert_eq!(minimal_tree_leaves(10.0, 3), 109.0);
        assert_eq!(effective_branching_factor(100, 3500), Some(35.0));
        assert_eq!(nodes_per_second(1000, Duration::from_millis(500)), 2000);
    }
}
