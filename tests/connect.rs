//! Connect Three on a 4 × 3 board, solved whole: the size of minimax's tree, the value every
//! stage finds, and the keys the table stages read positions by.

use searchlab::games::connect::ConnectThree;
use searchlab::{engine_for, Game, Outcome, SearchLimits};

fn after(line: &str) -> ConnectThree {
    let mut game = ConnectThree::new();
    for word in line.split_whitespace() {
        let mv = game
            .legal_moves()
            .into_iter()
            .find(|m| m.to_string() == word)
            .expect("a legal move");
        game.play(mv);
    }
    game
}

#[test]
fn the_first_player_wins_and_every_stage_agrees() {
    let limits = SearchLimits::depth(12);
    let minimax = engine_for::<ConnectThree>("minimax")
        .unwrap()
        .search(&mut ConnectThree::new(), &limits);
    // The whole tree, every game played to a win or a full board: 277,167 nodes, the root
    // included; the first player mates in five of its own moves.
    assert_eq!(minimax.nodes(), 277_167);
    assert_eq!(minimax.score.mate_moves(), Some(5));
    for stage in ["alphabeta", "iterative", "cached", "ordered", "pvs", "mtdf"] {
        let r = engine_for::<ConnectThree>(stage)
            .unwrap()
            .search(&mut ConnectThree::new(), &limits);
        assert_eq!(r.score, minimax.score, "{stage}");
        assert!(r.nodes() < minimax.nodes() / 20, "{stage}: {}", r.nodes());
    }
}

#[test]
fn lines_win_across_up_and_diagonally_and_a_full_board_is_drawn() {
    // Up column a.
    assert_eq!(after("a b a b a").outcome(), Some(Outcome::Loss));
    assert!(after("a b a b a").legal_moves().is_empty());
    // Across the bottom.
    assert_eq!(after("a a b b c").outcome(), Some(Outcome::Loss));
    // Diagonal: the first player's stones on a1, b2, c3 (and c2, which makes no line).
    assert_eq!(after("a b b c c a c").outcome(), Some(Outcome::Loss));
    assert_eq!(after("a b b c c a").outcome(), None);
    // A game with no line of three before the board is full.
    let full = after("a a a b b b d c c d d c");
    assert_eq!(full.outcome(), Some(Outcome::Draw), "{full}");
}

#[test]
fn equal_positions_share_a_key_and_play_then_undo_restores_it() {
    assert_eq!(after("a b c d").hash(), after("c d a b").hash());
    assert_ne!(after("a b").hash(), after("b a").hash());
    let mut game = after("b c");
    let key = game.hash();
    for mv in game.legal_moves() {
        game.play(mv);
        game.undo();
        assert_eq!(game.hash(), key);
    }
}
