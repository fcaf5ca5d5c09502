//! Search results as tables: HTML for the notebooks ([`stage_table_html`],
//! [`comparison_table_html`], [`stats_table_html`], [`iterations_table_html`],
//! [`counters_table_html`] with the [`Counter`]s a notebook picks, [`ordering_table_html`],
//! [`pair_by_depth_table_html`]), built with the drawing floor's tables
//! ([`crate::draw::table`]).
//!
//! Node counts are compared with the previous stage's ([`change_percent`]) and written with
//! thousands separators ([`thousands`]); times are left out, so that a notebook's output does
//! not change from run to run. Also the pairing of two stages' rows ([`stage_pairs`]) that a
//! notebook walks through to assert that they agree.

use crate::draw::table::{change_percent, html_table, thousands};
use searchlab_engine::score::{Depth, Score};
use searchlab_engine::stats::{Iteration, SearchResult, SearchStats};
#[cfg(feature = "pictures")]
use searchlab_lab::compare::{CompareRow, Comparison};
use std::fmt::Display;

/// One search, reduced to what the tables show: the stage (or any label), its move, score,
/// depth and counters.
#[derive(Clone, Debug, PartialEq)]
pub struct StageRow {
    /// The stage's name, or any label for the row.
    pub stage: String,
    /// The best move in the game's notation (`None` without a legal move).
    pub best_move: Option<String>,
    /// The score for the side to move.
    pub score: Score,
    /// The depth searched (the last completed iteration for iterative stages).
    pub depth: Depth,
    /// Nodes, cut-offs and transposition-table counters.
    pub stats: SearchStats,
}

impl StageRow {
    /// The row for `result`, labelled `stage`.
    pub fn new<M: Display>(stage: &str, result: &SearchResult<M>) -> StageRow {
        StageRow {
            stage: stage.to_string(),
            best_move: result.best_move.as_ref().map(|m| m.to_string()),
            score: result.score,
            depth: result.depth,
            stats: result.stats,
        }
    }
}

fn move_text(best_move: &Option<String>) -> String {
    best_move.clone().unwrap_or_else(|| "(none)".to_string())
}

/// A table of searches, one row each: stage, move, score, depth, nodes, and the change in
/// nodes against the row above (the previous stage when the rows follow the ladder).
pub fn stage_table_html(rows: &[StageRow]) -> String {
    let mut previous = None;
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            let change = previous.map_or("–".to_string(), |p| change_percent(p, r.stats.nodes));
            previous = Some(r.stats.nodes);
            vec![
                r.stage.clone(),
                move_text(&r.best_move),
                r.score.to_string(),
                r.depth.to_string(),
                thousands(r.stats.nodes),
                change,
            ]
        })
        .collect();
    html_table(
        &[
            "stage",
            "move",
            "score",
            "depth",
            "nodes",
            "nodes vs previous",
        ],
        &[false, false, false, true, true, true],
        &cells,
    )
}

/// A table of the counters behind the node counts: nodes, beta cut-offs, transposition-table
/// hits and the hits that ended a node without searching it.
pub fn stats_table_html(rows: &[StageRow]) -> String {
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            vec![
                r.stage.clone(),
                r.depth.to_string(),
                thousands(r.stats.nodes),
                thousands(r.stats.beta_cutoffs),
                thousands(r.stats.tt_hits),
                thousands(r.stats.tt_cutoffs),
            ]
        })
        .collect();
    html_table(
        &[
            "stage",
            "depth",
            "nodes",
            "beta cut-offs",
            "TT hits",
            "TT cut-offs",
        ],
        &[false, true, true, true, true, true],
        &cells,
    )
}

/// A column of [`counters_table_html`]: one of the counters of [`SearchStats`], or the share
/// of cut-offs made by the first move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counter {
    /// Nodes searched.
    Nodes,
    /// Beta cut-offs.
    BetaCutoffs,
    /// Cut-offs made by the first move tried.
    FirstMoveCutoffs,
    /// The share of cut-offs made by the first move tried, as a percentage.
    FirstMoveRate,
    /// Transposition-table probes that found the position.
    TtHits,
    /// Table hits that ended a node without a search.
    TtCutoffs,
    /// PVS: null-window searches that failed high and were searched again.
    Researches,
    /// Iterations searched again outside their aspiration window.
    AspirationFailures,
    /// MTD(f): null-window searches of the root.
    MtdfPasses,
}

impl Counter {
    /// The column's header.
    pub fn header(self) -> &'static str {
        match self {
            Counter::Nodes => "nodes",
            Counter::BetaCutoffs => "beta cut-offs",
            Counter::FirstMoveCutoffs => "by the first move",
            Counter::FirstMoveRate => "first-move share",
            Counter::TtHits => "TT hits",
            Counter::TtCutoffs => "TT cut-offs",
            Counter::Researches => "re-searches",
            Counter::AspirationFailures => "aspiration failures",
            Counter::MtdfPasses => "MTD(f) passes",
        }
    }

    /// The column's cell for `stats`: a count with thousands separators, or a percentage
    /// with one decimal (`–` without any cut-off).
    pub fn cell(self, stats: &SearchStats) -> String {
        let count = match self {
            Counter::Nodes => stats.nodes,
            Counter::BetaCutoffs => stats.beta_cutoffs,
            Counter::FirstMoveCutoffs => stats.first_move_cutoffs,
            Counter::FirstMoveRate => {
                return stats
                    .first_move_cutoff_rate()
                    .map_or("–".to_string(), |r| format!("{:.1} %", 100.0 * r))
            }
            Counter::TtHits => stats.tt_hits,
            Counter::TtCutoffs => stats.tt_cutoffs,
            Counter::Researches => stats.researches,
            Counter::AspirationFailures => stats.aspiration_failures,
            Counter::MtdfPasses => stats.mtdf_passes,
        };
        thousands(count)
    }
}

/// A table of searches, one row each: stage, depth, then the `columns` chosen, so that a
/// notebook shows the counters its stage changes (cut-offs for move ordering, re-searches for
/// PVS, passes for MTD(f)) and no others.
pub fn counters_table_html(rows: &[StageRow], columns: &[Counter]) -> String {
    let mut header = vec!["stage", "depth"];
    header.extend(columns.iter().map(|c| c.header()));
    let mut numeric = vec![false, true];
    numeric.extend(columns.iter().map(|_| true));
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            let mut row = vec![r.stage.clone(), r.depth.to_string()];
            row.extend(columns.iter().map(|c| c.cell(&r.stats)));
            row
        })
        .collect();
    html_table(&header, &numeric, &cells)
}

#[cfg(feature = "pictures")]
/// The table of a [`Comparison`]: one row per stage and position (positions in order, stages
/// in ladder order within each), nodes compared with the previous stage on the same position.
/// Times are left out, so that a notebook's output does not change from run to run.
pub fn comparison_table_html(comparison: &Comparison) -> String {
    let mut previous: Option<&CompareRow> = None;
    let cells: Vec<Vec<String>> = comparison
        .rows
        .iter()
        .map(|r| {
            let change = match previous {
                Some(p) if p.position == r.position => change_percent(p.nodes, r.nodes),
                _ => "–".to_string(),
            };
            previous = Some(r);
            vec![
                r.position.clone(),
                r.stage.clone(),
                move_text(&r.best_move),
                r.score.to_string(),
                r.depth.to_string(),
                thousands(r.nodes),
                change,
            ]
        })
        .collect();
    html_table(
        &[
            "position",
            "stage",
            "move",
            "score",
            "depth",
            "nodes",
            "nodes vs previous stage",
        ],
        &[false, false, false, false, true, true, true],
        &cells,
    )
}

#[cfg(feature = "pictures")]
/// The table of a [`Comparison`] as move ordering sees it: for each position and stage, the
/// nodes, the beta cut-offs, the share of them made by the first move tried, and the nodes as
/// a multiple of the ordering oracle's (when the oracle was one of the stages).
pub fn ordering_table_html(comparison: &Comparison) -> String {
    let cells: Vec<Vec<String>> = comparison
        .rows
        .iter()
        .map(|r| {
            vec![
                r.position.clone(),
                r.stage.clone(),
                thousands(r.nodes),
                thousands(r.beta_cutoffs),
                r.first_move_cutoff_rate()
                    .map_or("–".to_string(), |rate| format!("{:.1} %", 100.0 * rate)),
                r.oracle_multiple()
                    .map_or("–".to_string(), |m| format!("{m:.2} ×")),
            ]
        })
        .collect();
    html_table(
        &[
            "position",
            "stage",
            "nodes",
            "beta cut-offs",
            "by the first move",
            "× oracle",
        ],
        &[false, false, true, true, true, true],
        &cells,
    )
}

#[cfg(feature = "pictures")]
/// Two stages side by side at several depths: one row per position, and for each comparison
/// (one per depth) the nodes of `previous`, of `stage`, and the change; a last row of totals.
/// Shows at a glance where a stage starts to pay: more nodes than `previous` at one depth,
/// fewer at the next.
pub fn pair_by_depth_table_html(
    comparisons: &[&Comparison],
    previous: &str,
    stage: &str,
) -> String {
    let mut header = vec!["position".to_string()];
    for c in comparisons {
        let depth = c.rows.first().map_or(0, |r| r.depth);
        header.push(format!("{previous}, depth {depth}"));
        header.push(format!("{stage}, depth {depth}"));
        header.push("change".to_string());
    }
    let positions: Vec<&str> = comparisons.first().map_or(Vec::new(), |c| {
        let mut names: Vec<&str> = Vec::new();
        for r in &c.rows {
            if !names.contains(&r.position.as_str()) {
                names.push(&r.position);
            }
        }
        names
    });
    let nodes = |c: &Comparison, position: &str, name: &str| {
        c.rows
            .iter()
            .find(|r| r.position == position && r.stage == name)
            .map_or(0, |r| r.nodes)
    };
    let mut cells: Vec<Vec<String>> = positions
        .iter()
        .map(|&position| {
            let mut row = vec![position.to_string()];
            for c in comparisons {
                let (a, b) = (nodes(c, position, previous), nodes(c, position, stage));
                row.extend([thousands(a), thousands(b), change_percent(a, b)]);
            }
            row
        })
        .collect();
    let mut total = vec!["total".to_string()];
    for c in comparisons {
        let (a, b) = (c.total_nodes(previous), c.total_nodes(stage));
        total.extend([thousands(a), thousands(b), change_percent(a, b)]);
    }
    cells.push(total);
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let numeric: Vec<bool> = (0..header.len()).map(|i| i > 0).collect();
    html_table(&header, &numeric, &cells)
}

#[cfg(feature = "pictures")]
/// The rows of `stage` and of `previous` for the same position, paired, in position order:
/// what a notebook walks through to assert that two stages agree.
pub fn stage_pairs<'a>(
    comparison: &'a Comparison,
    previous: &str,
    stage: &str,
) -> Vec<(&'a CompareRow, &'a CompareRow)> {
    comparison
        .rows
        .iter()
        .filter(|r| r.stage == previous)
        .filter_map(|p| {
            comparison
                .rows
                .iter()
                .find(|r| r.stage == stage && r.position == p.position)
                .map(|r| (p, r))
        })
        .collect()
}

/// Nodes spent in each iteration alone (an [`Iteration`] records the running total).
pub fn iteration_nodes(iterations: &[Iteration]) -> Vec<(Depth, u64)> {
    let mut before = 0;
    iterations
        .iter()
        .map(|it| {
            let own = it.nodes.saturating_sub(before);
            before = it.nodes;
            (it.depth, own)
        })
        .collect()
}

/// The iterations of an iterative search, one row each: depth, score, nodes of that
/// iteration, nodes so far, time so far, and the principal variation.
pub fn iterations_table_html(iterations: &[Iteration]) -> String {
    let cells: Vec<Vec<String>> = iterations
        .iter()
        .zip(iteration_nodes(iterations))
        .map(|(it, (_, own))| {
            vec![
                it.depth.to_string(),
                it.score.to_string(),
                thousands(own),
                thousands(it.nodes),
                format!("{:.1}", it.time.as_secs_f64() * 1000.0),
                it.pv.join(" "),
            ]
        })
        .collect();
    html_table(
        &[
            "depth",
            "score",
            "nodes (this iteration)",
            "nodes (total)",
            "time (ms)",
            "principal variation",
        ],
        &[true, false, true, true, true, false],
        &cells,
    )
}
