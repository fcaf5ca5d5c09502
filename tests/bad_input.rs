//! Bad input gives a clear error, never a panic: in the library and through the CLI.

use searchlab::{engine_for, Chess, Error, FenError, SearchLimits, TicTacToe};
use std::process::Command;
use std::time::Duration;

fn fen_error(fen: &str) -> FenError {
    match Chess::from_fen(fen) {
        Err(Error::Fen { error, .. }) => error,
        other => panic!("expected a FEN error for '{fen}', got {other:?}"),
    }
}

#[test]
fn a_bad_fen_names_the_bad_field() {
    let cases: &[(&str, &str)] = &[
        ("", "4 to 6 fields"),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
            "4 to 6 fields",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            "field 1 (piece placement)",
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "field 1 (piece placement)",
        ),
        (
            "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "unexpected character 'X'",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "field 2 (side to move)",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1",
            "field 3 (castling rights)",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e5 0 1",
            "field 4 (en passant square)",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            "field 5 (halfmove clock)",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3",
            "field 6 (fullmove number)",
        ),
        (
            "rnbqqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "Black has 0 kings",
        ),
        ("8/8/8/8/8/8/8/3Kk3 w - - 0 1", "not legal"),
        ("4k3/8/8/8/8/8/8/4K2R w Q - 0 1", "not legal"),
        ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "pawn stands on rank 8"),
    ];
    for (fen, expected) in cases {
        let message = fen_error(fen).to_string();
        assert!(
            message.contains(expected),
            "'{fen}' gave '{message}', expected '{expected}'"
        );
    }
}

#[test]
fn an_illegal_move_names_the_move() {
    let mut game = Chess::start();
    for bad in ["e2e5", "e7e5", "", "zz", "e2e4e4", "O-O", "e1g1"] {
        let error = game.play_uci(bad).expect_err(bad).to_string();
        assert!(error.contains(&format!("illegal move '{bad}'")), "{error}");
    }
    assert!(game.parse_san("Nf6").is_err());
    assert!(game.parse_san("").is_err());
    assert_eq!(game.moves_played(), 0, "nothing was played");
}

#[test]
fn an_unknown_stage_lists_the_stages() {
    let error = engine_for::<Chess>("quantum")
        .err()
        .expect("unknown")
        .to_string();
    assert!(error.contains("unknown stage 'quantum'"), "{error}");
    assert!(
        error.contains(
            "minimax, alphabeta, iterative, cached, ordered, pvs, quiescence, selective, parallel, mtdf, oracle, rootsplit"
        ),
        "{error}"
    );
    assert!(
        engine_for::<TicTacToe>("CACHED").is_ok(),
        "names are case-insensitive"
    );
}

#[test]
fn zero_limits_are_rejected() {
    let zero_time = SearchLimits::movetime(Duration::ZERO)
        .validate()
        .unwrap_err()
        .to_string();
    assert!(zero_time.contains("more than 0 ms"), "{zero_time}");
    assert!(SearchLimits::depth(0).validate().is_err());
    assert!(SearchLimits::depth(65).validate().is_err());
    assert!(SearchLimits::nodes(0).validate().is_err());
}

/// Runs the CLI and returns (exit code, stderr).
fn cli(args: &[&str]) -> (i32, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn the_cli_reports_bad_input_and_exits_non_zero() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["search", "--fen", "8/8/8 w - -", "--depth", "2"],
            "field 1 (piece placement)",
        ),
        (
            &["search", "--stage", "quantum", "--depth", "2"],
            "unknown stage 'quantum'",
        ),
        (&["search", "--movetime", "0"], "more than 0 ms"),
        (&["search", "--depth", "0"], "depth must be at least 1"),
        (
            &["search", "--moves", "e2e4", "e2e4"],
            "illegal move 'e2e4'",
        ),
        (
            &["compare", "--stage", "nope", "--depth", "1"],
            "unknown stage 'nope'",
        ),
        (&["compare", "--depth", "0"], "depth must be at least 1"),
    ];
    for (args, expected) in cases {
        let (code, stderr) = cli(args);
        assert_eq!(code, 1, "{args:?}: {stderr}");
        assert!(
            stderr.contains(expected),
            "{args:?} gave '{stderr}', expected '{expected}'"
        );
        assert!(!stderr.contains("panicked"), "{args:?} panicked: {stderr}");
    }
}

#[test]
fn the_cli_searches_a_position() {
    let output = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args([
            "--json",
            "search",
            "--fen",
            "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
            "--depth",
            "3",
        ])
        .output()
        .expect("the binary runs");
    assert!(output.status.success());
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(value["move"], "a1a8");
    assert_eq!(value["score"]["mate"], 1);
    assert_eq!(value["stage"], "modern", "the strongest stage by default");
}

#[test]
fn impossible_positions_found_by_the_fuzzer_are_rejected() {
    // 22 black pieces: more than any game can have (and more than the move generator's lists hold).
    let message =
        fen_error("r3k2r/p1ppqpb1/2N2Q1p/bn2pnp1/1p2P3/p1ppqpb1/PPPBBPPP/R3K2R b - - 0 1")
            .to_string();
    assert!(
        message.contains("field 1") && message.contains("at most 16"),
        "{message}"
    );
    assert!(fen_error("4k3/8/8/8/P7/8/PPPPPPPP/4K3 w - - 0 1")
        .to_string()
        .contains("9 pawns"));
    // White is in check from the knight, which Black's claimed last move c7-c5 cannot explain;
    // en passant bxc6 would leave White's king in check.
    let message = fen_error("8/4k3/4n3/1Pp3K1/8/8/8/8 w - c6 0 1").to_string();
    assert!(
        message.contains("field 4") && message.contains("not possible"),
        "{message}"
    );
    // No king for a side: refused before the `chess` crate would index past its tables.
    let message = fen_error("8/8/8/8/8/8/8/4K3 w - - 0 1").to_string();
    assert!(message.contains("Black has 0 kings"), "{message}");
    let message = fen_error("4k3/8/8/8/8/8/8/8 b - - 0 1").to_string();
    assert!(message.contains("White has 0 kings"), "{message}");
    assert!(fen_error("4k3/8/8/8/8/8/8/3KK3 w - - 0 1")
        .to_string()
        .contains("2 kings"));
    // The same position without the claim is fine, and a true en-passant square is kept.
    assert!(Chess::from_fen("8/4k3/4n3/1Pp3K1/8/8/8/8 w - - 0 1").is_ok());
    let fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    assert_eq!(Chess::from_fen(fen).unwrap().fen(), fen);
}
