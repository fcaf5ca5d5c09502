//! Stage 11, `modern`: stage 10 with what strong engines add, each piece switched by name.
//!
//! What is exact: with every piece off it is stage 10, node for node, and each piece off is
//! really off; the singular extension finds a move the same search without it misses; the
//! pieces are off in stage 8 (whose node counts the book quotes).

use searchlab::search::selective::Modern;
use searchlab::{engine_for, Chess, SearchLimits};

fn game(fen: &str) -> Chess {
    Chess::from_fen(fen).expect("a valid test FEN")
}

/// The Italian game after 4.Bc4 Nf6: a middlegame where every piece has work at depth 10.
const ITALIAN: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

/// Nodes, move and score of `stage` searching `fen` to `depth` on one thread, fresh.
fn search(stage: &str, fen: &str, depth: u32) -> (u64, String, String) {
    let mut engine = engine_for::<Chess>(stage).expect("a known stage");
    let result = engine.search(&mut game(fen), &SearchLimits::depth(depth));
    let best = result.best_move.map(|m| m.to_string()).unwrap_or_default();
    (result.stats.nodes, best, result.score.to_string())
}

#[test]
fn every_piece_off_is_stage_10_node_for_node() {
    let all_off: String = Modern::NAMES.iter().map(|p| format!(" -{p}")).collect();
    for fen in [ITALIAN, "8/5pk1/8/8/8/8/1PP3K1/8 w - - 0 1"] {
        assert_eq!(
            search(&format!("modern{all_off}"), fen, 9),
            search("neural", fen, 9),
            "{fen}"
        );
    }
    // And stage 8 has them all off: switching them off there changes nothing.
    assert_eq!(
        search(&format!("selective{all_off}"), ITALIAN, 8),
        search("selective", ITALIAN, 8)
    );
}

#[test]
fn each_piece_switched_off_changes_the_search() {
    let all = search("modern", ITALIAN, 11);
    assert_eq!(all, search("modern", ITALIAN, 11), "reproducible");
    // The clock has nothing to read under a depth limit: it is measured by matches instead.
    for piece in Modern::NAMES.iter().filter(|&&p| p != "clock_reads_search") {
        let without = search(&format!("modern -{piece}"), ITALIAN, 11);
        assert_ne!(without.0, all.0, "-{piece} changed nothing");
    }
}

/// Bratko-Kopec 9: 1.f5, the pawn break that strikes at Black's pawn on e6. At depth 9
/// stage 10 plays it only with the singular extension switched on (and keeps it at depths 10
/// and 11, where stage 10 without the extension plays 1.Bd3).
#[test]
fn the_singular_extension_finds_bratko_kopec_9() {
    let fen = "2kr1bnr/pbpq4/2n1pp2/3p3p/3P1P1B/2N2N1Q/PPP3PP/2KR1B1R w - - 0 1";
    let (_, with, _) = search("neural +singular_extension", fen, 9);
    let (_, without, _) = search("neural", fen, 9);
    assert_eq!(with, "f4f5");
    assert_eq!(without, "f1d3");
}
