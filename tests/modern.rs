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

/// Bratko-Kopec 7: 1.Nf6!, a knight sacrifice whose point is deep. At depth 9 stage 10 finds
/// it only with the singular extension switched on: the extended line is what shows the knight cannot be
/// taken safely.
#[test]
fn the_singular_extension_finds_bratko_kopec_7() {
    let fen = "1nk1r1r1/pp2n1pp/4p3/q2pPp1N/b1pP1P2/B1P2R2/2P1B1PP/R2Q2K1 w - - 0 1";
    let (_, with, _) = search("neural +singular_extension", fen, 9);
    let (_, without, _) = search("neural", fen, 9);
    assert_eq!(with, "h5f6");
    assert_ne!(without, "h5f6");
}
