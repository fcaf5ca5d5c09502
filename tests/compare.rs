//! `searchlab compare`, the main job: every stage on the built-in positions, as a table, as
//! JSON and as a chart.

use searchlab::lab::compare::compare;
use searchlab::positions::COMPARE;
use std::process::Command;

#[test]
fn json_has_one_object_per_stage_and_position() {
    let chart = std::env::temp_dir().join(format!("searchlab-compare-{}.svg", std::process::id()));
    let output = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(["--json", "compare", "--depth", "2", "--chart"])
        .arg(&chart)
        .output()
        .expect("the binary runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let rows: Vec<serde_json::Value> =
        serde_json::from_slice(&output.stdout).expect("a JSON array");
    // Every rung but the parallel one (on one thread, stage 8 node for node) and the oracle,
    // the yardstick of the "x oracle" column.
    let rungs = searchlab::STAGES.iter().filter(|s| !s.parallel).count();
    assert_eq!(rungs, searchlab::STAGES.len() - 1);
    assert_eq!(rows.len(), COMPARE.len() * (rungs + 1));
    assert!(rows.iter().all(|r| r["stage"] != "parallel"));
    for row in &rows {
        for field in [
            "stage",
            "fen",
            "depth",
            "move",
            "score",
            "nodes",
            "beta_cutoffs",
            "first_move_cutoffs",
            "oracle_nodes",
            "time_ms",
        ] {
            assert!(row.get(field).is_some(), "missing {field} in {row}");
        }
        assert!(row["score"].get("cp").is_some() ^ row["score"].get("mate").is_some());
        let oracle = rows
            .iter()
            .find(|r| r["stage"] == "oracle" && r["position"] == row["position"])
            .expect("an oracle row per position");
        assert_eq!(row["oracle_nodes"], oracle["nodes"], "{row}");
        assert!(row["first_move_cutoffs"].as_u64() <= row["beta_cutoffs"].as_u64());
    }
    let svg = std::fs::read_to_string(&chart).expect("the chart was written");
    assert!(svg.starts_with("<svg") && svg.contains("minimax") && svg.contains("oracle"));
    let _ = std::fs::remove_file(chart);
}

#[test]
fn node_totals_per_depth_fall_stage_by_stage() {
    let stages = [
        "minimax",
        "alphabeta",
        "iterative",
        "cached",
        "ordered",
        "pvs",
    ];
    let comparison = compare(COMPARE, &stages, 3, |_, _| {}).expect("compare runs");
    assert_eq!(comparison.rows.len(), COMPARE.len() * stages.len());
    // Depth 1 is the same for all stages: the root and its children, nothing to cut.
    let depth1: Vec<f64> = comparison
        .nodes_per_depth
        .iter()
        .map(|s| s.points[0].1)
        .collect();
    assert!(depth1.windows(2).all(|w| w[0] == w[1]), "{depth1:?}");
    let depth3: Vec<f64> = comparison
        .nodes_per_depth
        .iter()
        .map(|s| s.points[2].1)
        .collect();
    assert!(depth3.windows(2).all(|w| w[1] < w[0]), "{depth3:?}");
    let mate = comparison
        .rows
        .iter()
        .find(|r| r.position == "mate2-a" && r.stage == "cached")
        .expect("row");
    assert_eq!(mate.score.to_string(), "mate 2");
    assert_eq!(mate.best_move.as_deref(), Some("e5h2"));
}
