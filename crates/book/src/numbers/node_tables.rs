//! The node tables the chapters include (`nodes-per-depth.md`, `branching-factor.md`, …), drawn
//! from the ladder's node counts.

use super::{percent, table};
use searchlab_course::draw::table::thousands;
use searchlab_engine::positions::LADDER;
use searchlab_engine::stats::Series;
use searchlab_engine::Depth;
use searchlab_lab::compare::PositionNodes;

/// A markdown table of node totals: one column per stage, one row per depth.
pub fn totals_table(totals: &[Series], stages: &[&str], depths: &[Depth]) -> String {
    let rows = depths
        .iter()
        .map(|&d| {
            let counts = stages.iter().map(|stage| {
                value_at(totals, stage, d).map_or(String::new(), |v| thousands(v as u64))
            });
            std::iter::once(d.to_string()).chain(counts).collect()
        })
        .collect();
    table(&with_first("depth", stages), rows)
}

/// A markdown table of two stages' totals per depth and the second as a share of the first.
pub fn pair_table(totals: &[Series], first: &str, second: &str, depths: &[Depth]) -> String {
    let rows = depths
        .iter()
        .filter_map(|&d| {
            let (a, b) = (value_at(totals, first, d)?, value_at(totals, second, d)?);
            Some(vec![
                d.to_string(),
                thousands(a as u64),
                thousands(b as u64),
                percent(b / a),
            ])
        })
        .collect();
    let share = format!("{second} / {first}");
    table(&["depth", first, second, &share], rows)
}

/// Minimax's totals per depth and how many times the ply before each one is.
pub fn growth_table(totals: &[Series], stage: &str, deepest: Depth) -> String {
    let rows = (1..=deepest)
        .filter_map(|d| {
            let n = value_at(totals, stage, d)?;
            let growth = match value_at(totals, stage, d - 1) {
                Some(before) if d > 1 => format!("× {:.1}", n / before),
                _ => String::new(),
            };
            Some(vec![d.to_string(), thousands(n as u64), growth])
        })
        .collect();
    let nodes = format!("{stage} nodes");
    table(&["depth", &nodes, "growth from the ply before"], rows)
}

/// The effective branching factor, `nodes(d) / nodes(d − 1)`, per step and stage.
pub fn branching_table(totals: &[Series], stages: &[&str], deepest: Depth) -> String {
    let rows = (2..=deepest)
        .map(|d| {
            let factors = stages.iter().map(|stage| {
                match (value_at(totals, stage, d - 1), value_at(totals, stage, d)) {
                    (Some(a), Some(b)) if a > 0.0 => format!("{:.1}", b / a),
                    _ => String::new(),
                }
            });
            std::iter::once(format!("{} → {d}", d - 1))
                .chain(factors)
                .collect()
        })
        .collect();
    table(&with_first("step", stages), rows)
}

/// Each stage's average nodes per position as a multiple of Knuth and Moore's minimal tree
/// for `branching` moves a position.
pub fn minimal_tree_table(
    totals: &[Series],
    stages: &[&str],
    positions: usize,
    branching: f64,
    deepest: Depth,
) -> String {
    let rows = (1..=deepest)
        .map(|d| {
            let minimal = searchlab_engine::stats::minimal_tree_leaves(branching, d);
            let ratios = stages.iter().map(|stage| {
                value_at(totals, stage, d).map_or(String::new(), |n| {
                    let ratio = n / positions as f64 / minimal;
                    if ratio >= 100.0 {
                        format!("{ratio:.0}")
                    } else if ratio >= 2.0 {
                        format!("{ratio:.1}")
                    } else {
                        format!("{ratio:.2}")
                    }
                })
            });
            [d.to_string(), thousands(minimal.round() as u64)]
                .into_iter()
                .chain(ratios)
                .collect()
        })
        .collect();
    let mut header = vec!["depth", "minimal tree"];
    header.extend_from_slice(stages);
    table(&header, rows)
}

/// Each position's nodes at `depth`, one column per stage, with the totals in bold.
pub fn positions_table(positions: &[PositionNodes], stages: &[&str], depth: Depth) -> String {
    let count = |stage: &str, name: &str| {
        positions
            .iter()
            .find(|p| p.stage == stage && p.position == name && p.depth == depth)
            .map_or(0, |p| p.nodes)
    };
    let mut totals = vec![0u64; stages.len()];
    let mut rows: Vec<Vec<String>> = LADDER
        .iter()
        .map(|position| {
            let counts = stages.iter().zip(&mut totals).map(|(stage, total)| {
                let n = count(stage, position.name);
                *total += n;
                thousands(n)
            });
            std::iter::once(position.name.to_string())
                .chain(counts)
                .collect()
        })
        .collect();
    rows.push(
        std::iter::once("**total**".to_string())
            .chain(totals.iter().map(|&t| format!("**{}**", thousands(t))))
            .collect(),
    );
    table(&with_first("position", stages), rows)
}

/// `first`, then `rest`: a table's header.
fn with_first<'a>(first: &'a str, rest: &[&'a str]) -> Vec<&'a str> {
    std::iter::once(first).chain(rest.iter().copied()).collect()
}

fn value_at(totals: &[Series], stage: &str, depth: Depth) -> Option<f64> {
    totals
        .iter()
        .find(|s| s.name == stage)?
        .points
        .iter()
        .find(|p| p.0 == depth)
        .map(|p| p.1)
}

/// The generated node tables the chapters include, by file name.
pub fn tables(
    totals: &[Series],
    positions: &[PositionNodes],
    branching: f64,
) -> Vec<(&'static str, String)> {
    let early = ["minimax", "alphabeta", "iterative", "cached"];
    let late = ["ordered", "pvs", "quiescence", "selective", "oracle"];
    let n = LADDER.len();
    vec![
        (
            "nodes-per-depth.md",
            format!(
                "{}\nand the later stages, with the oracle:\n\n{}",
                totals_table(totals, &early, &[1, 2, 3, 4]),
                totals_table(totals, &late, &[1, 2, 3, 4])
            ),
        ),
        (
            "branching-factor.md",
            format!(
                "{}\nand the later stages, with the oracle:\n\n{}",
                branching_table(totals, &early, 4),
                branching_table(totals, &late, 4)
            ),
        ),
        (
            "minimal-tree.md",
            format!(
                "{}\nand the stages with move ordering, with the oracle:\n\n{}",
                minimal_tree_table(totals, &early, n, branching, 4),
                minimal_tree_table(totals, &["ordered", "pvs", "oracle"], n, branching, 4)
            ),
        ),
        (
            "nodes-by-position.md",
            positions_table(
                positions,
                &[
                    "minimax",
                    "alphabeta",
                    "iterative",
                    "cached",
                    "ordered",
                    "pvs",
                ],
                4,
            ),
        ),
        ("minimax-growth.md", growth_table(totals, "minimax", 4)),
        (
            "alphabeta-vs-minimax.md",
            pair_table(totals, "minimax", "alphabeta", &[1, 2, 3, 4]),
        ),
        (
            "ordered-vs-cached.md",
            pair_table(totals, "cached", "ordered", &[4, 5]),
        ),
        (
            "pvs-vs-ordered.md",
            pair_table(totals, "ordered", "pvs", &[2, 3, 4, 5]),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_put_each_stage_in_its_column() {
        let totals = vec![
            Series::from_counts("minimax", &[(1, 751), (2, 24_311)]),
            Series::from_counts("alphabeta", &[(1, 751), (2, 9_669)]),
        ];
        assert_eq!(
            pair_table(&totals, "minimax", "alphabeta", &[1, 2]),
            "| depth | minimax | alphabeta | alphabeta / minimax |\n|---|---|---|---|\n\
             | 1 | 751 | 751 | 100.0% |\n| 2 | 24,311 | 9,669 | 39.8% |\n"
        );
        assert_eq!(
            branching_table(&totals, &["minimax", "alphabeta"], 2),
            "| step | minimax | alphabeta |\n|---|---|---|\n| 1 → 2 | 32.4 | 12.9 |\n"
        );
    }
}
