//! Property tests of every parser that reads user input: `Chess::from_fen`, `parse_epd` and
//! `parse_perft_suite` never panic, whatever they are given.
//!
//! Inputs come from four sources: arbitrary strings; strings over the characters a FEN or EPD
//! line uses (far likelier to get past the first checks); **mutations of valid lines** (the
//! ladder positions, `tests/data/*.epd`): fields swapped, dropped, duplicated, replaced by
//! garbage, single characters changed, lines cut short; and **random boards** (kings anywhere,
//! a handful of pieces, random rights), which reach the `chess` crate's own validation and
//! move generator with positions no game would reach. Beyond "no panic":
//!
//! - any accepted FEN round-trips: `from_fen(fen()).fen() == fen()`, same position key;
//! - in any accepted position, every legal move can be written in SAN and read back, played,
//!   and the resulting position written and read again; the referee's outcome, perft 2 and a
//!   shallow search run too (the `chess` crate can panic on odd boards: this is where it would).
//!
//! `cargo test` runs a modest number of cases (256 per property, proptest's default);
//! `PROPTEST_CASES=N` sets another number; `FUZZ_SECONDS=S` keeps each property running in
//! batches for about S seconds and prints how many inputs it tried:
//!
//! ```text
//! FUZZ_SECONDS=60 cargo test --test fuzz_parsers -- --nocapture --test-threads 1
//! ```

mod properties;

use properties::{check_epd_text, check_fen_text, check_perft_text};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use searchlab::positions::{KIWIPETE, LADDER};
use searchlab::{Chess, Game};
use std::time::{Duration, Instant};

const PERFT: &str = include_str!("data/perft.epd");
const BK: &str = include_str!("data/bk.epd");
const MATES: &str = include_str!("data/mates.epd");

/// The characters FEN, EPD and perft lines are made of, and a few that are not.
const ALPHABET: &[char] = &[
    'p', 'n', 'b', 'r', 'q', 'k', 'P', 'N', 'B', 'R', 'Q', 'K', '0', '1', '2', '3', '4', '5', '6',
    '7', '8', '9', '/', ' ', '-', 'w', 'a', 'c', 'd', 'e', 'f', 'g', 'h', ';', '"', 'D', 'x', '+',
    '#', '=', 'O', 'm', 'i',
];

/// Runs `property` (which says whether the parser accepted the input) on inputs from `strategy`: the configured number of cases, or, with
/// `FUZZ_SECONDS`, batches of them until that time is up. Prints how many inputs were tried.
fn check<S: Strategy>(name: &str, strategy: S, property: impl Fn(S::Value) -> bool)
where
    S::Value: std::fmt::Debug,
{
    let seconds = std::env::var("FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse::<u64>().ok());
    let deadline = seconds.map(|s| Instant::now() + Duration::from_secs(s));
    let tried = std::cell::Cell::new(0u64);
    let accepted = std::cell::Cell::new(0u64);
    // proptest catches each failing case's panic while it shrinks; keep them off the console
    // and report the minimal failing input once, below.
    let hook = std::panic::take_hook();
    // Except undefined behaviour caught by the standard library's checks (on in the test
    // profile): that aborts the process at once, and this is the only chance to say why.
    std::panic::set_hook(Box::new(|info| {
        if info.to_string().contains("unsafe precondition") {
            eprintln!("{info}");
        }
    }));
    loop {
        let config = Config {
            failure_persistence: None,
            ..Config::default()
        };
        let mut runner = TestRunner::new(config);
        let result = runner.run(&strategy, |value| {
            tried.set(tried.get() + 1);
            if property(value) {
                accepted.set(accepted.get() + 1);
            }
            Ok::<(), TestCaseError>(())
        });
        if let Err(failure) = result {
            std::panic::set_hook(hook);
            panic!("{name}: {failure} (after {} inputs)", tried.get());
        }
        if deadline.is_none_or(|d| Instant::now() >= d) {
            break;
        }
    }
    std::panic::set_hook(hook);
    eprintln!(
        "{name}: {} inputs tried, {} accepted by the parser, no failure",
        tried.get(),
        accepted.get()
    );
}

/// Text over [`ALPHABET`], up to `max` characters.
fn chess_text(max: usize) -> impl Strategy<Value = String> {
    proptest::collection::vec(proptest::sample::select(ALPHABET), 0..max)
        .prop_map(|chars| chars.into_iter().collect())
}

/// One change to a line split into fields.
#[derive(Clone, Debug)]
enum Mutation {
    Swap(usize, usize),
    Drop(usize),
    Duplicate(usize),
    Replace(usize, String),
    EditChar(usize, usize, char),
    InsertChar(usize, usize, char),
    Truncate(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let index = any::<usize>();
    prop_oneof![
        (index, any::<usize>()).prop_map(|(a, b)| Mutation::Swap(a, b)),
        index.prop_map(Mutation::Drop),
        index.prop_map(Mutation::Duplicate),
        (index, chess_text(12)).prop_map(|(i, s)| Mutation::Replace(i, s)),
        (index, any::<usize>(), proptest::sample::select(ALPHABET))
            .prop_map(|(i, j, c)| Mutation::EditChar(i, j, c)),
        (index, any::<usize>(), proptest::sample::select(ALPHABET))
            .prop_map(|(i, j, c)| Mutation::InsertChar(i, j, c)),
        index.prop_map(Mutation::Truncate),
    ]
}

/// Applies `mutations` to `line` split at `separator`, and joins it again.
fn mutate(line: &str, separator: char, mutations: &[Mutation]) -> String {
    let mut fields: Vec<String> = line.split(separator).map(String::from).collect();
    for m in mutations {
        if fields.is_empty() {
            fields.push(String::new());
        }
        let n = fields.len();
        match m {
            Mutation::Swap(a, b) => fields.swap(a % n, b % n),
            Mutation::Drop(i) => {
                fields.remove(i % n);
            }
            Mutation::Duplicate(i) => {
                let f = fields[i % n].clone();
                fields.insert(i % n, f);
            }
            Mutation::Replace(i, s) => fields[i % n] = s.clone(),
            Mutation::EditChar(i, j, c) | Mutation::InsertChar(i, j, c) => {
                let field: Vec<char> = fields[i % n].chars().collect();
                let mut field = field;
                let at = j % (field.len() + 1);
                if matches!(m, Mutation::EditChar(..)) && at < field.len() {
                    field[at] = *c;
                } else {
                    field.insert(at, *c);
                }
                fields[i % n] = field.into_iter().collect();
            }
            Mutation::Truncate(i) => fields.truncate(i % (n + 1)),
        }
    }
    fields.join(&separator.to_string())
}

fn lines(text: &'static str) -> Vec<&'static str> {
    text.lines().filter(|l| !l.trim().is_empty()).collect()
}

/// Valid FENs: the ladder and the perft suite's positions.
fn valid_fens() -> Vec<String> {
    LADDER
        .iter()
        .map(|p| p.fen.to_string())
        .chain(
            lines(PERFT)
                .into_iter()
                .map(|l| l.split(';').next().unwrap_or("").trim().to_string()),
        )
        .collect()
}

fn mutated(originals: Vec<String>, separator: char) -> impl Strategy<Value = String> {
    (
        proptest::sample::select(originals),
        proptest::collection::vec(mutation(), 1..4),
    )
        .prop_map(move |(line, ms)| mutate(&line, separator, &ms))
}

/// A FEN of a random board: both kings on random squares, a handful of other pieces anywhere
/// but pawns on the back ranks, random castling rights and en-passant square. Most pass the
/// field checks, so this is the input that reaches the `chess` crate's own validation and move
/// generator with boards no game would reach.
fn random_board() -> impl Strategy<Value = String> {
    let pieces = proptest::collection::vec(
        (0usize..64, proptest::sample::select(&b"PNBRQpnbrqK"[..])),
        0..20,
    );
    // Mostly no rights and no en-passant square: random ones are usually (rightly) rejected.
    let castling = prop_oneof![
        3 => Just(Vec::new()),
        1 => proptest::sample::subsequence(vec!['K', 'Q', 'k', 'q'], 0..=4),
    ];
    let ep = prop_oneof![3 => Just(None), 1 => (0u8..8).prop_map(Some)];
    (0usize..64, 0usize..64, pieces, any::<bool>(), castling, ep).prop_map(
        |(white_king, black_king, pieces, white, castling, ep)| {
            let mut board = [None; 64];
            for (square, piece) in pieces {
                let rank = square / 8;
                let pawn = piece == b'P' || piece == b'p';
                if !(pawn && (rank == 0 || rank == 7)) {
                    board[square] = Some(piece as char);
                }
            }
            board[white_king] = Some('K');
            board[black_king] = Some('k');
            let ranks: Vec<String> = (0..8)
                .rev()
                .map(|rank| {
                    let mut text = String::new();
                    let mut empty = 0;
                    for file in 0..8 {
                        match board[rank * 8 + file] {
                            Some(c) => {
                                if empty > 0 {
                                    text.push_str(&empty.to_string());
                                    empty = 0;
                                }
                                text.push(c);
                            }
                            None => empty += 1,
                        }
                    }
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                    }
                    text
                })
                .collect();
            let castling: String = if castling.is_empty() {
                "-".into()
            } else {
                castling.into_iter().collect()
            };
            let ep = ep.map_or("-".to_string(), |file| {
                format!("{}{}", (b'a' + file) as char, if white { 6 } else { 3 })
            });
            format!(
                "{} {} {castling} {ep} 0 1",
                ranks.join("/"),
                if white { "w" } else { "b" }
            )
        },
    )
}

#[test]
fn valid_fens_round_trip_exactly() {
    for fen in valid_fens() {
        let game = Chess::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(game.fen(), fen);
    }
}

/// Regression test for a bug the fuzzing found: `Chess::fen()` wrote the en-passant field as
/// the square of the pawn that can be captured (the `chess` crate's board display does), not
/// the target square behind it, so its output did not parse. `fen()` now writes field 4 itself.
#[test]
fn fen_writes_the_en_passant_target_square() {
    // Read: the target square f6 must come back out as f6, not f5.
    let fen = "rnbqkb1r/ppppp1pp/7n/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    assert_eq!(Chess::from_fen(fen).unwrap().fen(), fen);
    // Played: after 1.a4 in Kiwipete, Black's b4 pawn may take en passant on a3.
    let mut game = Chess::from_fen(KIWIPETE).unwrap();
    game.play_uci("a2a4").unwrap();
    let written = game.fen();
    assert_eq!(
        written,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/Pp2P3/2N2Q1p/1PPBBPPP/R3K2R b KQkq a3 0 1"
    );
    assert!(Chess::from_fen(&written).is_ok());
}

#[test]
fn fen_arbitrary_strings() {
    check("fen/arbitrary", any::<String>(), |s| check_fen_text(&s));
    check("fen/alphabet", chess_text(90), |s| check_fen_text(&s));
}

#[test]
fn fen_mutations() {
    check("fen/mutated fields", mutated(valid_fens(), ' '), |s| {
        check_fen_text(&s)
    });
    // Mutations of the placement's ranks: where the board itself is odd.
    let placements: Vec<String> = valid_fens()
        .iter()
        .map(|f| f.split(' ').next().unwrap_or("").to_string())
        .collect();
    let ranks = (
        mutated(placements, '/'),
        proptest::sample::select(vec!["w - - 0 1", "b - - 0 1", "w KQkq - 0 1", "b kq - 0 1"]),
    );
    check("fen/mutated ranks", ranks, |(placement, rest)| {
        check_fen_text(&format!("{placement} {rest}"))
    });
    check("fen/random boards", random_board(), |fen| {
        check_fen_text(&fen)
    });
}

#[test]
fn epd_never_panics() {
    let epd: Vec<String> = lines(BK)
        .into_iter()
        .chain(lines(MATES))
        .map(String::from)
        .collect();
    check("epd/arbitrary", any::<String>(), |s| check_epd_text(&s));
    check("epd/alphabet", chess_text(120), |s| check_epd_text(&s));
    check("epd/mutated tokens", mutated(epd.clone(), ' '), |s| {
        check_epd_text(&s)
    });
    check("epd/mutated operations", mutated(epd, ';'), |s| {
        check_epd_text(&s)
    });
}

#[test]
fn perft_suite_never_panics() {
    let perft: Vec<String> = lines(PERFT).into_iter().map(String::from).collect();
    check("perft/arbitrary", any::<String>(), |s| check_perft_text(&s));
    check("perft/mutated parts", mutated(perft.clone(), ';'), |s| {
        check_perft_text(&s)
    });
    check("perft/mutated tokens", mutated(perft, ' '), |s| {
        check_perft_text(&s)
    });
}

/// Regression test for a bug the fuzzing found: a FEN with more than 16 pieces for one side
/// was accepted, and generating its moves is undefined behaviour in the `chess` crate (its
/// `MoveGen` keeps one entry per piece in an 18-entry `ArrayVec` filled with
/// `push_unchecked`); here Black has 22 pieces and `MoveGen::len()` said 50 legal moves while
/// iterating the same generator gave 47. `check_placement` now refuses more than 16 pieces or
/// 8 pawns a side.
#[test]
fn more_than_sixteen_pieces_a_side_are_rejected() {
    let fen = "r3k2r/p1ppqpb1/2N2Q1p/bn2pnp1/1p2P3/p1ppqpb1/PPPBBPPP/R3K2R b - - 0 1";
    let error = Chess::from_fen(fen).expect_err("22 black pieces cannot be a position");
    assert!(error.to_string().contains("field 1"), "{error}");
    // Nine white pawns.
    assert!(Chess::from_fen("4k3/8/8/8/P7/8/PPPPPPPP/4K3 w - - 0 1").is_err());
    // Sixteen a side is fine.
    assert!(Chess::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").is_ok());
}

/// Regression test for a bug the fuzzing found: White to move is in check from the knight on
/// e6, yet the FEN claims Black's last move was c7-c5 (`c6`), which cannot have given that
/// check; the `chess` crate offered `bxc6` en passant although it leaves the king in check.
/// `parse_fen` now refuses an en-passant square after which a legal move leads to an illegal
/// position.
#[test]
fn impossible_en_passant_checks_are_rejected() {
    let fen = "8/4k3/4n3/1Pp3K1/8/8/8/8 w - c6 0 1";
    if let Ok(game) = Chess::from_fen(fen) {
        for mv in game.legal_moves() {
            let mut next = game.clone();
            next.play(mv);
            assert!(
                Chess::from_fen(&next.fen()).is_ok(),
                "{mv} leaves the king in check: {}",
                next.fen()
            );
        }
    }
    // The legal cousin: the pawn that moved gives the check itself, and taking it is fine.
    let legal = "8/8/8/1Pp5/1K6/8/8/4k3 w - c6 0 1";
    let game = Chess::from_fen(legal).expect("a legal en-passant check");
    assert!(game.parse_uci("b5c6").is_ok());
}
