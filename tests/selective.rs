//! Stage 8, the selective search: what stays exact when the search prunes.
//!
//! Its scores are not held to the stages below (it is judged by matches), but some facts are
//! exact: null move is never tried in check or with only pawns and the king; a switched-off
//! piece is really off; and the endgame knowledge wins K+R v K and K+Q v K, from a lone king
//! in the centre, well within the 50-move rule.

use searchlab::search::selective::{Selective, PIECE_NAMES};
use searchlab::{engine_for, Chess, Engine, Error, Game, Outcome, SearchLimits};

fn game(fen: &str) -> Chess {
    Chess::from_fen(fen).expect("a valid test FEN")
}

#[test]
fn null_move_is_not_allowed_in_check_or_in_a_pawn_ending() {
    // In check (Black's rook gives check on the e-file): no pass.
    assert!(!game("4r1k1/8/8/8/8/8/8/R3K3 w - - 0 1").may_pass());
    // King and pawns only for the side to move, even with the opponent's pieces on: no pass.
    assert!(!game("3r2k1/8/8/8/8/8/PPP5/4K3 w - - 0 1").may_pass());
    // A piece besides pawns and not in check: passing is allowed.
    assert!(game("3r2k1/8/8/8/8/8/PPP5/2N1K3 w - - 0 1").may_pass());
}

#[test]
fn no_null_move_cutoff_happens_in_a_pawn_ending() {
    // A pawn race: kings and pawns only, so not a single null move may be tried, at any node.
    let mut position = game("8/5pk1/8/8/8/8/1PP3K1/8 w - - 0 1");
    let mut engine = Selective::<Chess>::new(16);
    let result = engine.search(&mut position, &SearchLimits::depth(12));
    assert!(
        result.stats.nodes > 10_000,
        "a real search: {} nodes",
        result.stats.nodes
    );
    assert_eq!(result.stats.null_move_cutoffs, 0);
    // The same search with pieces on the board does cut with null moves.
    let mut middlegame =
        game("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
    let result = engine.search(&mut middlegame, &SearchLimits::depth(8));
    assert!(result.stats.null_move_cutoffs > 0);
}

#[test]
fn fines_pawn_ending_of_zugzwangs_is_still_solved() {
    // Fine's position 70 (a study by Lasker and Reichhelm, 1901): only Kb1 wins, after a long dance of
    // opposition and zugzwang. A null move here would be a disaster (passing is exactly what
    // neither side can do), so the stage must not try one; with the table it is found at
    // depth 19.
    let mut position = game("8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1");
    let mut engine = engine_for::<Chess>("selective").unwrap();
    let result = engine.search(&mut position, &SearchLimits::depth(22));
    assert_eq!(result.best_move.expect("a move").to_string(), "a1b1");
    assert!(result.score.0 > 100, "score {}", result.score);
    assert_eq!(result.stats.null_move_cutoffs, 0);
}

#[test]
fn each_piece_can_be_switched_off_by_name() {
    for piece in PIECE_NAMES {
        let engine = engine_for::<Chess>(&format!("selective -{piece}")).expect("a known piece");
        assert_eq!(engine.name(), "selective");
    }
    // Evaluation terms too, and several at once, and switched on again with '+'.
    assert!(engine_for::<Chess>("selective -mobility -null_move +mobility").is_ok());
    // A name that is not a piece says which ones exist.
    match engine_for::<Chess>("selective -nullmove") {
        Err(Error::UnknownSwitch { name, known, .. }) => {
            assert_eq!(name, "-nullmove");
            assert!(
                known.contains("-null_move") && known.contains("-mobility"),
                "{known}"
            );
        }
        Err(other) => panic!("wrong error: {other}"),
        Ok(_) => panic!("an unknown switch was accepted"),
    }
    // The stages below have nothing to switch.
    assert!(matches!(
        engine_for::<Chess>("pvs -null_move"),
        Err(Error::UnknownSwitch { .. })
    ));
}

#[test]
fn switching_a_piece_off_changes_the_search() {
    // Fixed depth, one thread: node counts are exact, so a switched-off piece must show.
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let nodes = |name: &str| {
        let mut engine = engine_for::<Chess>(name).unwrap();
        engine
            .search(&mut game(fen), &SearchLimits::depth(7))
            .stats
            .nodes
    };
    let all = nodes("selective");
    assert_eq!(
        all,
        nodes("selective"),
        "a fixed-depth search is reproducible"
    );
    for piece in PIECE_NAMES {
        assert_ne!(
            nodes(&format!("selective -{piece}")),
            all,
            "-{piece} changed nothing"
        );
    }
}

/// Plays `fen` out with `stage` on both sides, `nodes` per move, and returns the outcome and
/// the number of moves (plies) it took.
fn self_play(stage: &str, fen: &str, nodes: u64, max_plies: usize) -> (Option<Outcome>, usize) {
    let mut position = game(fen);
    let mut engine = engine_for::<Chess>(stage).unwrap();
    for ply in 0..max_plies {
        if let Some(outcome) = position.game_outcome() {
            return (Some(outcome), ply);
        }
        let result = engine.search(&mut position, &SearchLimits::nodes(nodes));
        position.play(result.best_move.expect("a move while the game is on"));
    }
    (position.game_outcome(), max_plies)
}

/// The lone king in the centre, the strong side's king far away; the strong side to move and
/// also the weak side to move.
const LONE_KINGS: [&str; 4] = [
    "8/8/8/3k4/8/8/8/R3K3 w - - 0 1",
    "8/8/8/4k3/8/8/8/K6R b - - 0 1",
    "8/8/8/3k4/8/8/8/2Q1K3 w - - 0 1",
    "8/8/8/4k3/8/8/8/1Q5K b - - 0 1",
];

#[test]
fn king_and_rook_and_king_and_queen_mate_the_lone_king_from_the_centre() {
    lone_kings_are_mated("selective");
}

#[test]
fn the_learned_evaluation_mates_the_lone_king_too() {
    lone_kings_are_mated("neural");
}

/// `stage` mates each of [`LONE_KINGS`] in self-play at 100,000 nodes a move (about 100 ms on
/// this machine) before the 50-move rule.
fn lone_kings_are_mated(stage: &str) {
    for fen in LONE_KINGS {
        let (outcome, plies) = self_play(stage, fen, 100_000, 100);
        // The game ends in mate (the side to move has lost) well before the 50-move rule: its
        // clock never restarts, since nothing is captured and no pawn moves.
        assert_eq!(
            outcome,
            Some(Outcome::Loss),
            "{stage}, {fen}: no mate in {plies} plies"
        );
        assert!(plies < 100, "{stage}, {fen}: {plies} plies");
    }
}

#[test]
fn a_cut_iteration_plays_the_better_move_it_proved() {
    // A rook ending where the best move changes with depth. Under a node limit the last
    // iteration is cut short; the stages below play the last completed iteration's move, the
    // selective stage plays a move the cut iteration proved better, if it found one.
    let fen = "2r3k1/pppR1pp1/4p3/4P1P1/5P2/1P4K1/P1P5/8 w - - 0 1";
    let budgets = [3_000, 6_000, 12_000, 25_000, 50_000];
    let mut changed = 0;
    for nodes in budgets {
        for stage in ["quiescence", "selective"] {
            let mut engine = engine_for::<Chess>(stage).unwrap();
            let result = engine.search(&mut game(fen), &SearchLimits::nodes(nodes));
            let played = result.best_move.expect("a move").to_string();
            let completed = &result.iterations.last().expect("an iteration").pv[0];
            if stage == "quiescence" {
                assert_eq!(&played, completed, "{nodes} nodes");
            } else if &played != completed {
                changed += 1;
                // The completed depth is still the one reported.
                assert_eq!(result.depth, result.iterations.last().unwrap().depth);
            }
        }
    }
    // At 12,000 nodes, for one: depth 6 chose 1.g6, the cut depth 7 proved 1.b4 better.
    assert!(changed > 0, "no cut iteration changed the move");
    let mut engine = Selective::<Chess>::new(16);
    let result = engine.search(&mut game(fen), &SearchLimits::nodes(12_000));
    assert_eq!(result.best_move.unwrap().to_string(), "b3b4");
    assert_eq!(result.iterations.last().unwrap().pv[0], "g5g6");
}
