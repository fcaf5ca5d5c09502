//! The game's own checks: FEN and SAN round trips, the draw rules, the quick legal-move test,
//! the evaluation followed along a line, perft's two counts.

use super::*;
use crate::board::squares_of;
use crate::game::Evaluator;
use chess::MoveGen;

#[test]
fn fen_round_trips_with_clocks() {
    let fen = "5rk1/1b3p2/8/3p4/3p2P1/2Q4B/5P1K/R3R3 b - - 0 36";
    assert_eq!(Chess::from_fen(fen).unwrap().fen(), fen);
    // En passant: after 1.a4 in Kiwipete, Black's b4 pawn may take on a3.
    let mut g =
        Chess::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap();
    g.play_uci("a2a4").unwrap();
    assert_eq!(
        g.fen(),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/Pp2P3/2N2Q1p/1PPBBPPP/R3K2R b KQkq a3 0 1"
    );
    assert_eq!(Chess::from_fen(&g.fen()).unwrap().fen(), g.fen());
    let g = Chess::from_fen("8/8/8/4k3/8/8/8/4K2R w K - 37 80").unwrap();
    assert_eq!(g.halfmove_clock(), 37);
    assert_eq!(g.fen(), "8/8/8/4k3/8/8/8/4K2R w K - 37 80");
}

#[test]
fn san_writes_and_reads() {
    let g = Chess::start();
    let mv = g.parse_san("Nf3").unwrap();
    assert_eq!(mv.to_string(), "g1f3");
    assert_eq!(g.san(mv), "Nf3");
    let g = Chess::from_fen("1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1").unwrap();
    assert_eq!(g.parse_san("Qd1+").unwrap().to_string(), "d6d1");
    assert_eq!(g.san(g.parse_uci("d6d1").unwrap()), "Qd1+");
}

#[test]
fn fifty_move_rule_and_repetition() {
    let mut g = Chess::from_fen("8/8/8/4k3/8/8/8/4K2R w K - 99 80").unwrap();
    assert_eq!(g.outcome(), None);
    g.play_uci("h1h2").unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Draw));
    let mut g = Chess::start();
    for mv in ["g1f3", "g8f6", "f3g1"] {
        g.play_uci(mv).unwrap();
        assert_eq!(g.outcome(), None);
    }
    g.play_uci("f6g8").unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Draw), "start position repeated");
    assert_eq!(
        (g.repetitions(), g.game_outcome()),
        (1, None),
        "not yet threefold"
    );
    for mv in ["g1f3", "g8f6", "f3g1", "f6g8"] {
        g.play_uci(mv).unwrap();
    }
    assert_eq!(
        (g.repetitions(), g.game_outcome()),
        (2, Some(Outcome::Draw))
    );
    for _ in 0..4 {
        g.undo();
    }
    g.undo();
    assert_eq!(g.outcome(), None);
}

#[test]
fn the_quick_legal_move_test_agrees_with_the_generator() {
    fn walk(board: &Board, depth: u32, checked: &mut u32) {
        assert_eq!(
            has_legal_move(board),
            MoveGen::new_legal(board).len() > 0,
            "{board}"
        );
        *checked += 1;
        if depth > 0 {
            for mv in MoveGen::new_legal(board) {
                walk(&board.make_move_new(mv), depth - 1, checked);
            }
        }
    }
    let mut checked = 0;
    for fen in [
        START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        // Stalemates: nothing moves but the king, or a pinned knight.
        "7k/5Q2/8/8/8/8/8/K7 b - - 0 1",
        "k7/P7/1K6/8/8/8/8/8 b - - 0 1",
        "k7/1nK5/1P6/3B4/8/8/8/8 b - - 0 1",
    ] {
        let game = Chess::from_fen(fen).unwrap();
        if game.side_to_move() == Color::Black {
            assert_eq!(game.outcome(), Some(Outcome::Draw), "stalemate: {fen}");
        }
        walk(game.board(), 3, &mut checked);
    }
    assert!(checked > 10_000);
}

#[test]
fn the_evaluation_along_a_line_is_the_evaluation() {
    // The search's evaluator carries the material from a position to its children; along
    // every line three plies deep (with passes, and with some parents never evaluated, so
    // that a child counts its material whole) it gives the plain evaluation's score.
    type Evaluators = (eval::Evaluation, eval::Evaluation);
    fn walk(game: &mut Chess, evaluators: &mut Evaluators, depth: u32, n: &mut u32) {
        let (evaluator, plain) = evaluators;
        *n += 1;
        if !n.is_multiple_of(3) {
            let expected = eval::Evaluation::evaluate(plain, game.board());
            assert_eq!(
                Evaluator::evaluate(evaluator, game),
                expected,
                "{}",
                game.fen()
            );
        }
        if depth == 0 {
            return;
        }
        if game.may_pass() && n.is_multiple_of(5) {
            game.pass();
            walk(game, evaluators, depth - 1, n);
            game.undo();
        }
        for mv in game.legal_moves() {
            game.play(mv);
            walk(game, evaluators, depth - 1, n);
            game.undo();
        }
    }
    let mut evaluators = Default::default();
    let mut positions = 0;
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ] {
        walk(
            &mut Chess::from_fen(fen).unwrap(),
            &mut evaluators,
            3,
            &mut positions,
        );
    }
    assert!(positions > 100_000, "{positions}");
}

#[test]
fn perft_every_node_counts_the_whole_tree() {
    // The root, 20 first moves, 400 replies, 8,902 positions after three plies.
    let start = Chess::start();
    assert_eq!(start.perft_every_node(0), 1);
    assert_eq!(start.perft_every_node(3), 1 + 20 + 400 + 8_902);
}

#[test]
fn squares_of_walks_the_squares_as_the_crates_iterator_does() {
    for bits in [
        0,
        1,
        1 << 63,
        0x8100_0000_0000_0081,
        0x00FF_00F0_0F00_FF00,
        u64::MAX,
    ] {
        let ours: Vec<_> = squares_of(BitBoard(bits)).collect();
        let crates: Vec<_> = BitBoard(bits).collect();
        assert_eq!(ours, crates, "{bits:#x}");
    }
}

#[test]
fn insufficient_material_cases() {
    let draw = |fen: &str| Chess::from_fen(fen).unwrap().outcome() == Some(Outcome::Draw);
    assert!(draw("8/8/8/4k3/8/8/8/4K3 w - - 0 1"));
    assert!(draw("8/8/8/4k3/8/8/8/4KN2 w - - 0 1"));
    assert!(
        draw("8/8/8/3bk3/8/8/8/4KB2 w - - 0 1"),
        "bishops on one colour"
    );
    assert!(
        !draw("8/8/8/2b1k3/8/8/8/4KB2 w - - 0 1"),
        "bishops on both colours"
    );
    assert!(!draw("8/8/8/4k3/8/8/8/4KNN1 w - - 0 1"));
}
