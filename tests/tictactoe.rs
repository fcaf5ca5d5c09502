//! Tic-tac-toe: the exact checks no chess test can give.
//!
//! The complete game tree from the empty board has 549,946 nodes (root included, every game
//! played until a line is made or the board is full), and perfect play draws.

use searchlab::games::tictactoe::Cell;
use searchlab::search::{
    AlphaBeta, Cached, Iterative, Minimax, Mtdf, Oracle, Ordered, Pvs, Quiescence,
};
use searchlab::{Engine, Score, SearchLimits, TicTacToe};

/// Deep enough to reach every game's end: no game lasts more than 9 plies.
const WHOLE_GAME: u32 = 9;

#[test]
fn minimax_counts_the_whole_tree_and_finds_the_draw() {
    let mut game = TicTacToe::new();
    let result = Minimax::new().search(&mut game, &SearchLimits::depth(WHOLE_GAME));
    assert_eq!(result.nodes(), 549_946);
    assert_eq!(result.score, Score::DRAW);
    assert_eq!(
        game,
        TicTacToe::new(),
        "the search leaves the game as it found it"
    );
}

/// Node counts are deterministic, so they are asserted exactly. Every later stage draws with
/// fewer nodes than minimax. Tic-tac-toe has no captures, so move ordering here is the hash
/// move, killers and history alone. Iterative deepening is the exception to "each stage fewer than
/// the one before": tic-tac-toe's evaluation is 0 everywhere, so the shallow iterations learn
/// nothing that orders the deep one better, and their nodes are pure overhead (the book's
/// iterative-deepening chapter shows this). The transposition table then wins it all back:
/// tic-tac-toe is full of transpositions (the same cells filled in another order).
#[test]
fn every_later_stage_draws_with_fewer_nodes_than_minimax() {
    let limits = SearchLimits::depth(WHOLE_GAME);
    let engines: Vec<(Box<dyn Engine<TicTacToe>>, u64)> = vec![
        (Box::new(AlphaBeta::new()), 20_866),
        (Box::new(Iterative::new()), 47_522),
        (Box::new(Cached::new(1)), 8_341),
        (Box::new(Ordered::new(1)), 6_672),
        (Box::new(Pvs::new(1)), 5_920),
        // The whole game ends before any horizon: the quiescence search is never called.
        (Box::new(Quiescence::new(1)), 5_920),
        (Box::new(Mtdf::new(1)), 5_994),
        (Box::new(Oracle::new()), 1_452),
    ];
    let mut counts = vec![("minimax", 549_946)];
    for (mut engine, expected) in engines {
        let result = engine.search(&mut TicTacToe::new(), &limits);
        assert_eq!(result.score, Score::DRAW, "{}", engine.name());
        assert!(result.best_move.is_some());
        assert_eq!(result.nodes(), expected, "{} node count", engine.name());
        assert!(result.nodes() < 549_946);
        counts.push((engine.name(), result.nodes()));
    }
    println!("tic-tac-toe, whole game from the empty board: {counts:?}");
    let nodes = |name: &str| {
        counts
            .iter()
            .find(|c| c.0 == name)
            .map(|c| c.1)
            .unwrap_or(0)
    };
    assert!(
        nodes("iterative") > nodes("alphabeta"),
        "the documented exception"
    );
    assert!(nodes("cached") < nodes("alphabeta"));
    // Move ordering and PVS prove the draw in fewer nodes than the table alone.
    assert!(nodes("ordered") < nodes("cached") && nodes("pvs") < nodes("ordered"));
    // Alpha-beta with a perfect order, no table: the floor for plain alpha-beta.
    assert!(nodes("oracle") < nodes("alphabeta"));
}

#[test]
fn a_win_in_one_is_found_and_scored_as_the_nearest_mate() {
    // X X .
    // O O .
    // . . .     X to move wins at c1 (cell 2); every stage must see it.
    for stage in [
        "minimax",
        "alphabeta",
        "iterative",
        "cached",
        "ordered",
        "pvs",
        "quiescence",
        "selective",
        "mtdf",
        "oracle",
    ] {
        let mut game = TicTacToe::from_cells("XX.OO....").unwrap();
        let mut engine = searchlab::engine_for::<TicTacToe>(stage).unwrap();
        let result = engine.search(&mut game, &SearchLimits::depth(WHOLE_GAME));
        assert_eq!(result.best_move, Some(Cell(2)), "{stage}");
        assert_eq!(result.best_move.unwrap().to_string(), "c1");
        assert_eq!(result.score, Score::mate_in(1), "{stage}");
    }
}

#[test]
fn an_edge_reply_to_a_corner_loses() {
    // X in a corner, O on an adjacent edge: X forces a win (in 3 more X moves: plies 1, 3, 5).
    let mut game = TicTacToe::from_cells("XO.......").unwrap();
    let result = Minimax::new().search(&mut game, &SearchLimits::depth(WHOLE_GAME));
    assert_eq!(result.score, Score::mate_in(5));
    let mut game = TicTacToe::from_cells("X...O....").unwrap();
    let result = AlphaBeta::new().search(&mut game, &SearchLimits::depth(WHOLE_GAME));
    assert_eq!(result.score, Score::DRAW, "the centre reply holds");
}

#[test]
fn bad_boards_are_errors() {
    assert!(TicTacToe::from_cells("XX").is_err());
    assert!(
        TicTacToe::from_cells("XXX......").is_err(),
        "X cannot have moved three times alone"
    );
    assert!(TicTacToe::from_cells("XOZ......").is_err());
}
