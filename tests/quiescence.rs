//! Stage 7, quiescence search: the facts that hold exactly. From this rung on the ladder is
//! judged by strength (matches, test suites), not by equal scores; what can be proven is that
//! a quiet position keeps its evaluation, a hanging piece is taken, a capture into a defended
//! square is seen for the blunder it is, and forced mates are still found (`tests/mates.rs`).

use searchlab::search::Quiescence;
use searchlab::{engine_for, Chess, Game, Score, SearchLimits};

#[test]
fn a_quiet_position_stands_pat() {
    // No capture, no promotion, no check for either side: the evaluation, and one node.
    for fen in [
        searchlab::games::chess::START_FEN,
        "4k3/pppp4/8/8/8/8/4PPPP/4K3 w - - 0 1",
    ] {
        let mut game = Chess::from_fen(fen).unwrap();
        let mut engine = Quiescence::<Chess>::new(1);
        let score = engine.quiescence(&mut game, 0, -Score::INFINITE, Score::INFINITE);
        assert_eq!(score, game.evaluate(), "{fen}");
    }
}

#[test]
fn a_hanging_piece_is_taken() {
    // Black's queen on d5 hangs to the rook on d1 (nothing defends it).
    let mut game = Chess::from_fen("4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1").unwrap();
    let evaluation = game.evaluate();
    let mut engine = Quiescence::<Chess>::new(1);
    let score = engine.quiescence(&mut game, 0, -Score::INFINITE, Score::INFINITE);
    assert!(
        score.0 >= evaluation.0 + 850,
        "the queen is worth 900: {evaluation} before, {score} after"
    );
    let result = engine_for::<Chess>("quiescence")
        .unwrap()
        .search(&mut game, &SearchLimits::depth(1));
    assert_eq!(result.best_move.unwrap().to_string(), "d1d5");
}

#[test]
fn the_horizon_blunder_of_stage_6_is_not_made_by_stage_7() {
    // White's queen can take the pawn on d5, which the pawn on c6 defends. At depth 1 the pvs
    // stage stops right after Qxd5 and counts a pawn won; the quiescence search plays on,
    // sees cxd5, and keeps the queen.
    let fen = "4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1";
    let search = |stage: &str| {
        let mut game = Chess::from_fen(fen).unwrap();
        engine_for::<Chess>(stage)
            .unwrap()
            .search(&mut game, &SearchLimits::depth(1))
    };
    let pvs = search("pvs");
    assert_eq!(pvs.best_move.unwrap().to_string(), "d2d5", "the blunder");
    assert!(pvs.score.0 > 800, "the illusion: {}", pvs.score);
    let quiescence = search("quiescence");
    assert_ne!(quiescence.best_move.unwrap().to_string(), "d2d5");
    assert!(quiescence.score.0 < 800, "{}", quiescence.score);
    assert!(quiescence.stats.quiescence_nodes > 0);
    assert!(quiescence.stats.seldepth > 1, "it looked beyond depth 1");
}

#[test]
fn scores_stop_swinging_from_iteration_to_iteration() {
    // After 1.e4 e5 2.Nf3 the pvs stage's score swings by a pawn and more from each depth to
    // the next (+14, -131, +127, -138, +131, -167), its line ending in a capture each time;
    // with quiescence the swings are a fraction of that.
    let scores = |stage: &str| -> Vec<i32> {
        let mut game = Chess::start();
        for mv in ["e2e4", "e7e5", "g1f3"] {
            game.play_uci(mv).unwrap();
        }
        let result = engine_for::<Chess>(stage)
            .unwrap()
            .search(&mut game, &SearchLimits::depth(6));
        result.iterations.iter().map(|it| it.score.0).collect()
    };
    let largest_swing = |s: &[i32]| s.windows(2).map(|w| (w[1] - w[0]).abs()).max().unwrap();
    let (pvs, quiescence) = (scores("pvs"), scores("quiescence"));
    assert!(largest_swing(&pvs) > 250, "{pvs:?}");
    assert!(largest_swing(&quiescence) < 100, "{quiescence:?}");
}

#[test]
fn the_horizon_position_of_the_book() {
    // positions::HORIZON: at depth 3 pvs takes a pawn and, at its horizon, a knight whose
    // recapture it cannot see; each deeper iteration moves the horizon, and the score swings.
    // Quiescence plays every capture out and keeps to 1.c5 with scores a pawn apart at most.
    let search = |stage: &str, depth: u32| {
        let mut game = Chess::from_fen(searchlab::positions::HORIZON.fen).unwrap();
        let result = engine_for::<Chess>(stage)
            .unwrap()
            .search(&mut game, &SearchLimits::depth(depth));
        let pv: Vec<String> = result.pv.iter().map(|m| m.to_string()).collect();
        (pv.join(" "), result.score.0)
    };
    assert_eq!(search("pvs", 3), ("c3e4 f6e4 e5c6".to_string(), 65));
    let (pv4, score4) = search("pvs", 4);
    assert!(pv4.starts_with("c4c5 ") && score4 == -130, "{pv4} {score4}");
    let (pv5, score5) = search("pvs", 5);
    assert!(
        pv5.ends_with(" c3e4 f6e4 e5c6") && score5 == 99,
        "{pv5} {score5}"
    );
    for (depth, expected) in [(3, 22), (4, 24), (5, 46)] {
        let (pv, score) = search("quiescence", depth);
        assert!(pv.starts_with("c4c5 "), "depth {depth}: {pv}");
        assert_eq!(score, expected, "depth {depth}: {pv}");
    }
}
