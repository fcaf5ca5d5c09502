//! The properties every parser that reads user input must have, written once for the two
//! fuzzers that check them: the proptest suites in `tests/fuzz_parsers.rs` and
//! `tests/fuzz_uci.rs` (run by `cargo test`), and the libFuzzer targets in `fuzz/`, which
//! include this file by path. Each `check_*` function panics when a property fails; the
//! text checks say whether the parser accepted the input.
#![allow(dead_code)] // each includer uses only the checks for its own parser

use searchlab::epd::{parse_epd, parse_perft_suite};
use searchlab::uci::{parse_command, Command};
use searchlab::{engine_for, Chess, Game, SearchLimits};

/// Everything an accepted position must survive (see the module docs).
pub fn check_position(game: &Chess) {
    let fen = game.fen();
    let again = Chess::from_fen(&fen)
        .unwrap_or_else(|e| panic!("fen() wrote '{fen}', which does not parse: {e}"));
    assert_eq!(again.fen(), fen, "fen() does not round-trip");
    assert_eq!(
        again.hash(),
        game.hash(),
        "round trip changed the position key"
    );
    let _ = game.game_outcome();
    let moves = game.legal_moves();
    for &mv in &moves {
        let san = game.san(mv);
        assert_eq!(
            game.parse_san(&san).ok(),
            Some(mv),
            "SAN '{san}' of {mv} does not read back in {fen}"
        );
        assert_eq!(game.parse_uci(&mv.to_string()).ok(), Some(mv));
        let mut next = game.clone();
        next.play(mv);
        let next_fen = next.fen();
        let reread = Chess::from_fen(&next_fen).unwrap_or_else(|e| {
            panic!("after {mv} in {fen}: fen() wrote '{next_fen}', which does not parse: {e}")
        });
        assert_eq!(reread.legal_moves().len(), next.legal_moves().len());
        let _ = next.game_outcome();
        next.undo();
        assert_eq!(next.fen(), fen);
    }
    assert_eq!(game.perft(1), moves.len() as u64);
    let _ = game.perft(2);
    if game.outcome().is_none() {
        let _ = game.evaluate();
    }
    let mut engine = engine_for::<Chess>("alphabeta").expect("a stage");
    let mut copy = game.clone();
    let result = engine.search(&mut copy, &SearchLimits::depth(2));
    assert_eq!(result.best_move.is_some(), !moves.is_empty());
}

pub fn check_fen_text(text: &str) -> bool {
    let Ok(game) = Chess::from_fen(text) else {
        return false;
    };
    check_position(&game);
    true
}

pub fn check_epd_text(text: &str) -> bool {
    let Ok(records) = parse_epd(text) else {
        return false;
    };
    for record in &records {
        let game = record.game().expect("an accepted EPD record's FEN parses");
        check_position(&game);
    }
    !records.is_empty()
}

pub fn check_perft_text(text: &str) -> bool {
    let Ok(records) = parse_perft_suite(text) else {
        return false;
    };
    for record in &records {
        let game = Chess::from_fen(&record.fen).expect("an accepted perft FEN parses");
        check_position(&game);
    }
    !records.is_empty()
}

/// Parsing one UCI line, then building what the command asks for, never panics; the time
/// arithmetic holds for any number a GUI can send; every error has a message to send back.
pub fn check_uci_line(line: &str) {
    match parse_command(line) {
        Ok(Command::Position(spec)) => {
            let _ = spec.to_game();
        }
        Ok(Command::Go(go)) => {
            for side in [chess::Color::White, chess::Color::Black] {
                let limits = go.limits(side);
                assert!(limits.validate().is_ok(), "{line}: {limits:?}");
                if let Some(budget) = limits.time_budget() {
                    assert!(budget.soft <= budget.hard, "{line}: {budget:?}");
                }
            }
        }
        Ok(_) => {}
        Err(error) => assert!(!error.to_string().is_empty(), "{line}: empty error message"),
    }
}
