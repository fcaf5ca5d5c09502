//! Iterations cut short, held to what they returned before the aspiration loop moved to the
//! floor (`crates/engine/src/search/aspiration.rs`).
//!
//! A node limit stops a search in the middle of an iteration, often inside an aspiration
//! window. What the stage then plays depends on the loop's rule for a cut window: the line is
//! kept only if a root move rose above alpha (below it, every score is only an upper bound),
//! and stage 8 plays a move that a cut iteration proved better than the last completed one.
//! Every stage-8 search here (and stage 9's on one thread, which is stage 8 node for node) must
//! return exactly the move, score, depth and nodes it returned before, at eight node
//! limits on every ladder position. Six of the searches play a cut iteration's move, and one
//! tells the two rules a loop could have for a window cut below alpha apart: keeping that
//! window's line (as stage 6's copy of the loop did) would play `e8e6` on BK.19 at 60,000
//! nodes instead of `d6d5`.

use searchlab::positions::LADDER;
use searchlab::{engine_for, Chess, SearchLimits};

/// Node limits, from a quarter of a depth-6 search of an average position to four times one.
const LIMITS: [u64; 8] = [3_000, 5_000, 8_000, 12_000, 18_000, 27_000, 40_000, 60_000];

/// One search: the position's name, the node limit, then what came back.
type Row = (&'static str, u64, String, String, u32, u64, bool);

fn searches(stage: &str) -> Vec<Row> {
    let mut rows = Vec::new();
    for position in LADDER {
        for limit in LIMITS {
            let mut game = Chess::from_fen(position.fen).expect("a ladder FEN");
            let mut engine = engine_for::<Chess>(stage).expect("a stage");
            let result = engine.search(&mut game, &SearchLimits::nodes(limit));
            let completed = result.iterations.last().and_then(|i| i.pv.first()).cloned();
            let best = result.best_move.map(|m| m.to_string()).unwrap_or_default();
            let from_cut_iteration = completed.as_deref() != Some(best.as_str());
            rows.push((
                position.name,
                limit,
                best,
                result.score.to_string(),
                result.depth,
                result.nodes(),
                from_cut_iteration,
            ));
        }
    }
    rows
}

/// What stage 8 returned before the aspiration loop moved (commit c599726): the position, the
/// node limit, the move, the score, the depth completed, the nodes, and whether the move came
/// from an iteration the limit cut short.
#[rustfmt::skip]
const EXPECTED: &[(&str, u64, &str, &str, u32, u64, bool)] = &[
    ("start", 3000, "g1f3", "cp 32", 5, 3000, false),
    ("start", 5000, "g1f3", "cp 32", 5, 5000, false),
    ("start", 8000, "g1f3", "cp 0", 6, 8000, false),
    ("start", 12000, "g1f3", "cp 21", 7, 12000, false),
    ("start", 18000, "g1f3", "cp 21", 7, 18000, false),
    ("start", 27000, "g1f3", "cp 21", 7, 27000, false),
    ("start", 40000, "g1f3", "cp 1", 8, 40000, false),
    ("start", 60000, "g1f3", "cp 1", 8, 60000, false),
    ("lopsided", 3000, "d4c3", "cp -418", 6, 3000, false),
    ("lopsided", 5000, "d4c3", "cp -445", 7, 5000, false),
    ("lopsided", 8000, "d4c3", "cp -445", 7, 8000, false),
    ("lopsided", 12000, "d4c3", "cp -444", 8, 12000, false),
    ("lopsided", 18000, "d4c3", "cp -456", 9, 18000, false),
    ("lopsided", 27000, "d4c3", "cp -456", 9, 27000, false),
    ("lopsided", 40000, "d4c3", "cp -468", 10, 40000, false),
    ("lopsided", 60000, "d4c3", "cp -468", 10, 60000, false),
    ("kiwipete", 3000, "e2a6", "cp 20", 3, 3000, false),
    ("kiwipete", 5000, "e2a6", "cp 20", 4, 5000, false),
    ("kiwipete", 8000, "e2a6", "cp 20", 4, 8000, false),
    ("kiwipete", 12000, "e2a6", "cp -18", 5, 12000, false),
    ("kiwipete", 18000, "e2a6", "cp -18", 5, 18000, false),
    ("kiwipete", 27000, "e2a6", "cp -18", 6, 27000, false),
    ("kiwipete", 40000, "e2a6", "cp -18", 6, 40000, false),
    ("kiwipete", 60000, "e2a6", "cp -18", 6, 60000, false),
    ("cpw-pos4", 3000, "c4c5", "cp -386", 4, 3000, false),
    ("cpw-pos4", 5000, "c4c5", "cp -386", 5, 5000, false),
    ("cpw-pos4", 8000, "c4c5", "cp -386", 6, 8000, false),
    ("cpw-pos4", 12000, "c4c5", "cp -357", 7, 12000, false),
    ("cpw-pos4", 18000, "c4c5", "cp -397", 8, 18000, false),
    ("cpw-pos4", 27000, "c4c5", "cp -397", 8, 27000, false),
    ("cpw-pos4", 40000, "c4c5", "cp -397", 9, 40000, false),
    ("cpw-pos4", 60000, "c4c5", "cp -397", 9, 60000, false),
    ("cpw-pos5", 3000, "d7c8q", "cp 528", 5, 3000, false),
    ("cpw-pos5", 5000, "d7c8q", "cp 528", 5, 5000, false),
    ("cpw-pos5", 8000, "d7c8q", "cp 523", 6, 8000, false),
    ("cpw-pos5", 12000, "d7c8q", "cp 523", 6, 12000, false),
    ("cpw-pos5", 18000, "d7c8q", "cp 513", 7, 18000, false),
    ("cpw-pos5", 27000, "d7c8q", "cp 517", 8, 27000, false),
    ("cpw-pos5", 40000, "d7c8q", "cp 517", 8, 40000, false),
    ("cpw-pos5", 60000, "d7c8q", "cp 517", 8, 60000, false),
    ("cpw-pos6", 3000, "c3d5", "cp 68", 4, 3000, false),
    ("cpw-pos6", 5000, "c3d5", "cp 62", 5, 5000, false),
    ("cpw-pos6", 8000, "c3d5", "cp 62", 5, 8000, false),
    ("cpw-pos6", 12000, "c3d5", "cp 74", 6, 12000, false),
    ("cpw-pos6", 18000, "c3d5", "cp 74", 6, 18000, false),
    ("cpw-pos6", 27000, "c3d5", "cp 74", 6, 27000, false),
    ("cpw-pos6", 40000, "c3d5", "cp 69", 7, 40000, false),
    ("cpw-pos6", 60000, "c3d5", "cp 69", 7, 60000, false),
    ("BK.01", 3000, "d6d1", "mate 3", 3, 3000, false),
    ("BK.01", 5000, "d6d1", "mate 3", 3, 5000, false),
    ("BK.01", 8000, "d6d1", "mate 3", 4, 8000, false),
    ("BK.01", 12000, "d6d1", "mate 3", 4, 12000, false),
    ("BK.01", 18000, "d6d1", "mate 3", 5, 18000, false),
    ("BK.01", 27000, "d6d1", "mate 3", 5, 27000, false),
    ("BK.01", 40000, "d6d1", "mate 3", 6, 40000, false),
    ("BK.01", 60000, "d6d1", "mate 3", 6, 60000, false),
    ("BK.02", 3000, "f4f5", "cp 44", 4, 3000, false),
    ("BK.02", 5000, "e4e5", "cp 44", 5, 5000, false),
    ("BK.02", 8000, "f4f5", "cp 34", 5, 8000, true),
    ("BK.02", 12000, "f4f5", "cp 34", 6, 12000, false),
    ("BK.02", 18000, "f4f5", "cp 54", 7, 18000, false),
    ("BK.02", 27000, "f4f5", "cp 54", 7, 27000, false),
    ("BK.02", 40000, "f4f5", "cp 61", 8, 40000, false),
    ("BK.02", 60000, "f4f5", "cp 61", 8, 60000, false),
    ("BK.04", 3000, "e5e6", "cp 48", 3, 3000, false),
    ("BK.04", 5000, "d4f3", "cp -10", 4, 5000, false),
    ("BK.04", 8000, "d4f3", "cp -10", 4, 8000, false),
    ("BK.04", 12000, "e5e6", "cp 39", 5, 12000, false),
    ("BK.04", 18000, "e5e6", "cp 51", 6, 18000, false),
    ("BK.04", 27000, "e5e6", "cp 46", 7, 27000, false),
    ("BK.04", 40000, "e5e6", "cp 46", 7, 40000, false),
    ("BK.04", 60000, "e5e6", "cp 46", 8, 60000, false),
    ("BK.06", 3000, "g5g6", "cp 93", 5, 3000, false),
    ("BK.06", 5000, "g5g6", "cp 88", 6, 5000, false),
    ("BK.06", 8000, "b3b4", "cp 77", 6, 8000, true),
    ("BK.06", 12000, "b3b4", "cp 77", 6, 12000, true),
    ("BK.06", 18000, "g3f3", "cp 78", 7, 18000, false),
    ("BK.06", 27000, "g3f3", "cp 78", 7, 27000, false),
    ("BK.06", 40000, "b3b4", "cp 74", 8, 40000, false),
    ("BK.06", 60000, "g3g4", "cp 76", 9, 60000, false),
    ("BK.08", 3000, "f4f5", "cp -67", 5, 3000, false),
    ("BK.08", 5000, "f4f5", "cp -59", 6, 5000, false),
    ("BK.08", 8000, "f4f5", "cp -54", 7, 8000, false),
    ("BK.08", 12000, "f4f5", "cp -38", 8, 12000, false),
    ("BK.08", 18000, "f4f5", "cp -38", 8, 18000, false),
    ("BK.08", 27000, "f4f5", "cp -38", 8, 27000, false),
    ("BK.08", 40000, "f4f5", "cp -25", 9, 40000, false),
    ("BK.08", 60000, "f4f5", "cp -38", 10, 60000, false),
    ("BK.10", 3000, "b6c5", "cp 83", 3, 3000, false),
    ("BK.10", 5000, "b6c5", "cp 78", 4, 5000, false),
    ("BK.10", 8000, "b6c5", "cp 73", 5, 8000, false),
    ("BK.10", 12000, "b6c5", "cp 73", 5, 12000, false),
    ("BK.10", 18000, "b6c5", "cp 73", 5, 18000, false),
    ("BK.10", 27000, "b6c5", "cp 51", 6, 27000, false),
    ("BK.10", 40000, "b6c5", "cp 55", 7, 40000, false),
    ("BK.10", 60000, "b6c5", "cp 45", 8, 60000, false),
    ("BK.12", 3000, "d7f5", "cp -22", 4, 3000, false),
    ("BK.12", 5000, "d7f5", "cp -22", 4, 5000, false),
    ("BK.12", 8000, "d7f5", "cp -19", 5, 8000, false),
    ("BK.12", 12000, "d7f5", "cp -20", 6, 12000, false),
    ("BK.12", 18000, "d7f5", "cp -20", 6, 18000, false),
    ("BK.12", 27000, "d7f5", "cp -5", 7, 27000, false),
    ("BK.12", 40000, "d7f5", "cp -5", 7, 40000, false),
    ("BK.12", 60000, "d7f5", "cp -2", 8, 60000, false),
    ("BK.13", 3000, "e4e5", "cp 30", 3, 3000, false),
    ("BK.13", 5000, "e4e5", "cp 19", 4, 5000, false),
    ("BK.13", 8000, "h2h3", "cp 4", 4, 8000, true),
    ("BK.13", 12000, "b2b4", "cp 24", 5, 12000, false),
    ("BK.13", 18000, "b2b4", "cp 24", 5, 18000, false),
    ("BK.13", 27000, "b2b4", "cp 16", 6, 27000, false),
    ("BK.13", 40000, "b2b4", "cp 14", 7, 40000, false),
    ("BK.13", 60000, "b2b4", "cp 14", 7, 60000, false),
    ("BK.15", 3000, "g3f3", "cp -28", 3, 3000, false),
    ("BK.15", 5000, "g3f3", "cp -16", 4, 5000, false),
    ("BK.15", 8000, "g3f3", "cp -5", 5, 8000, false),
    ("BK.15", 12000, "g3f3", "cp -15", 6, 12000, false),
    ("BK.15", 18000, "g4g7", "cp 58", 6, 18000, true),
    ("BK.15", 27000, "g4g7", "cp 58", 7, 27000, false),
    ("BK.15", 40000, "g4g7", "cp 58", 7, 40000, false),
    ("BK.15", 60000, "g4g7", "cp 61", 8, 60000, false),
    ("BK.19", 3000, "d6d5", "cp -44", 4, 3000, false),
    ("BK.19", 5000, "d6d5", "cp -44", 5, 5000, false),
    ("BK.19", 8000, "d6d5", "cp -44", 5, 8000, false),
    ("BK.19", 12000, "d6d5", "cp -57", 6, 12000, false),
    ("BK.19", 18000, "d6d5", "cp -57", 6, 18000, false),
    ("BK.19", 27000, "a6a5", "cp -37", 7, 27000, false),
    ("BK.19", 40000, "a6a5", "cp -37", 7, 40000, false),
    ("BK.19", 60000, "d6d5", "cp 49", 8, 60000, false),
    ("BK.22", 3000, "f8d8", "cp -20", 4, 3000, false),
    ("BK.22", 5000, "f8d8", "cp -20", 4, 5000, false),
    ("BK.22", 8000, "e6e5", "cp -24", 5, 8000, false),
    ("BK.22", 12000, "e6e5", "cp -24", 5, 12000, false),
    ("BK.22", 18000, "f8e8", "cp -13", 6, 18000, false),
    ("BK.22", 27000, "f8e8", "cp -13", 6, 27000, false),
    ("BK.22", 40000, "f8e8", "cp -19", 7, 40000, false),
    ("BK.22", 60000, "f8e8", "cp -19", 7, 60000, false),
    ("cpw-pos3", 3000, "b4f4", "cp 68", 4, 3000, false),
    ("cpw-pos3", 5000, "b4c4", "cp 21", 5, 5000, false),
    ("cpw-pos3", 8000, "b4c4", "cp 20", 6, 8000, false),
    ("cpw-pos3", 12000, "b4c4", "cp 26", 7, 12000, false),
    ("cpw-pos3", 18000, "b4c4", "cp 26", 7, 18000, false),
    ("cpw-pos3", 27000, "b4f4", "cp 60", 7, 27000, true),
    ("cpw-pos3", 40000, "b4f4", "cp 60", 8, 40000, false),
    ("cpw-pos3", 60000, "b4f4", "cp 55", 9, 60000, false),
    ("rook-end", 3000, "d3e4", "cp 751", 5, 3000, false),
    ("rook-end", 5000, "d3e4", "cp 765", 6, 5000, false),
    ("rook-end", 8000, "d3e4", "cp 765", 6, 8000, false),
    ("rook-end", 12000, "d3e4", "cp 765", 7, 12000, false),
    ("rook-end", 18000, "d3e4", "cp 772", 8, 18000, false),
    ("rook-end", 27000, "d3e4", "cp 772", 8, 27000, false),
    ("rook-end", 40000, "d3e4", "cp 779", 9, 40000, false),
    ("rook-end", 60000, "d3d4", "cp 794", 10, 60000, false),
    ("pawn-end", 3000, "e3e4", "cp 202", 7, 3000, false),
    ("pawn-end", 5000, "e3e4", "cp 217", 9, 5000, false),
    ("pawn-end", 8000, "e3e4", "cp 217", 10, 8000, false),
    ("pawn-end", 12000, "e3e4", "cp 255", 11, 12000, false),
    ("pawn-end", 18000, "e3e4", "cp 263", 12, 18000, false),
    ("pawn-end", 27000, "e3e4", "cp 255", 13, 27000, false),
    ("pawn-end", 40000, "e3e4", "cp 255", 15, 40000, false),
    ("pawn-end", 60000, "e3e4", "cp 255", 16, 60000, false),
    ("lucena", 3000, "c1c3", "cp 239", 5, 3000, false),
    ("lucena", 5000, "c1c3", "cp 244", 6, 5000, false),
    ("lucena", 8000, "c1c3", "cp 244", 6, 8000, false),
    ("lucena", 12000, "c1c3", "cp 237", 7, 12000, false),
    ("lucena", 18000, "c1c3", "cp 237", 8, 18000, false),
    ("lucena", 27000, "c1c3", "cp 237", 8, 27000, false),
    ("lucena", 40000, "c1b1", "cp 244", 9, 40000, false),
    ("lucena", 60000, "c1b1", "cp 251", 10, 60000, false),
    ("mate2-a", 3000, "e5h2", "mate 2", 3, 3000, false),
    ("mate2-a", 5000, "e5h2", "mate 2", 3, 5000, false),
    ("mate2-a", 8000, "e5h2", "mate 2", 3, 8000, false),
    ("mate2-a", 12000, "e5h2", "mate 2", 4, 12000, false),
    ("mate2-a", 18000, "e5h2", "mate 2", 4, 18000, false),
    ("mate2-a", 27000, "e5h2", "mate 2", 5, 27000, false),
    ("mate2-a", 40000, "e5h2", "mate 2", 5, 40000, false),
    ("mate2-a", 60000, "e5h2", "mate 2", 6, 60000, false),
    ("mate2-b", 3000, "f1f8", "mate 2", 3, 3000, false),
    ("mate2-b", 5000, "f1f8", "mate 2", 3, 5000, false),
    ("mate2-b", 8000, "f1f8", "mate 2", 3, 8000, false),
    ("mate2-b", 12000, "f1f8", "mate 2", 4, 12000, false),
    ("mate2-b", 18000, "f1f8", "mate 2", 4, 18000, false),
    ("mate2-b", 27000, "f1f8", "mate 2", 5, 27000, false),
    ("mate2-b", 40000, "f1f8", "mate 2", 5, 40000, false),
    ("mate2-b", 60000, "f1f8", "mate 2", 5, 60000, false),
    ("back-rank", 3000, "a1a8", "mate 1", 4, 3000, false),
    ("back-rank", 5000, "a1a8", "mate 1", 5, 5000, false),
    ("back-rank", 8000, "a1a8", "mate 1", 5, 8000, false),
    ("back-rank", 12000, "a1a8", "mate 1", 6, 12000, false),
    ("back-rank", 18000, "a1a8", "mate 1", 6, 18000, false),
    ("back-rank", 27000, "a1a8", "mate 1", 7, 27000, false),
    ("back-rank", 40000, "a1a8", "mate 1", 7, 40000, false),
    ("back-rank", 60000, "a1a8", "mate 1", 8, 60000, false),
];

#[test]
fn cut_iterations_return_what_they_did() {
    let rows = searches("selective");
    let expected: Vec<Row> = EXPECTED
        .iter()
        .map(|&(name, limit, mv, score, depth, nodes, cut)| {
            (
                name,
                limit,
                mv.to_string(),
                score.to_string(),
                depth,
                nodes,
                cut,
            )
        })
        .collect();
    assert_eq!(rows, expected);
    let played_from_cut = rows.iter().filter(|row| row.6).count();
    assert_eq!(
        played_from_cut, 6,
        "searches that play a cut iteration's move"
    );
}

#[test]
fn stage_9_on_one_thread_cuts_as_stage_8_does() {
    assert_eq!(searches("parallel"), searches("selective"));
}

/// Root splitting on one thread searches stage 8's tree, node for node, but plays the last
/// completed iteration's move: where stage 8 plays a cut iteration's, the two part.
#[test]
fn root_splitting_on_one_thread_differs_only_where_a_cut_iteration_is_played() {
    let selective = searches("selective");
    let rootsplit = searches("rootsplit");
    for (split, stage8) in rootsplit.iter().zip(&selective) {
        assert_eq!(split.5, stage8.5, "nodes of {} at {}", split.0, split.1);
        if !stage8.6 {
            assert_eq!(split, stage8);
        } else {
            assert_ne!(split.2, stage8.2, "{} at {}", split.0, split.1);
            assert!(!split.6);
        }
    }
}
