//! `Chess::from_fen` on any text. An accepted position must round-trip through `fen()`, and
//! every legal move in it must survive SAN and UCI notation, being played, and the position
//! after it being written and read again: the `chess` crate panics (or worse) on boards no game
//! reaches, and this is where such a board would get through.
#![no_main]

use libfuzzer_sys::fuzz_target;
use searchlab::{Chess, Game};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(game) = Chess::from_fen(text) else {
        return;
    };
    let fen = game.fen();
    let again = Chess::from_fen(&fen).expect("fen() of an accepted position is accepted");
    assert_eq!(again.fen(), fen, "FEN round trip");
    assert_eq!(again.hash(), game.hash(), "same position, same key");
    let _ = game.game_outcome();
    let _ = game.in_check();
    let _ = game.evaluate();
    let mut game = game;
    for mv in game.legal_moves() {
        let san = game.san(mv);
        assert_eq!(
            game.parse_san(&san).ok(),
            Some(mv),
            "SAN '{san}' read back in {fen}"
        );
        assert_eq!(
            game.parse_uci(&mv.to_string()).ok(),
            Some(mv),
            "UCI {mv} in {fen}"
        );
        game.play(mv);
        let after = game.fen();
        let reread = Chess::from_fen(&after).expect("a position reached by a legal move");
        assert_eq!(reread.fen(), after, "round trip after {mv} in {fen}");
        let _ = game.legal_moves();
        let _ = game.game_outcome();
        game.undo();
    }
    assert_eq!(game.fen(), fen, "undo restores the position");
});
