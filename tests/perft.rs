//! Perft: the `Game` wrapper reads FENs and generates moves with no rules bug.
//!
//! `tests/data/perft.epd` holds 168 positions with verified leaf counts (see SOURCES.md
//! there). `cargo test` checks every count of at most [`FAST_LIMIT`] leaves; the rest, up to
//! billions of leaves, run with `cargo test --release --test perft -- --ignored`.

use searchlab::epd::{parse_perft_suite, PerftRecord};
use searchlab::positions::KIWIPETE;
use searchlab::{Chess, Game};

/// Counts up to this many leaves run in the default test (a few seconds in all).
const FAST_LIMIT: u64 = 2_000_000;

fn suite() -> Vec<PerftRecord> {
    let text = include_str!("data/perft.epd");
    parse_perft_suite(text).expect("the perft suite parses")
}

fn check(filter: impl Fn(u64) -> bool) -> usize {
    let mut checked = 0;
    for record in suite() {
        let game = Chess::from_fen(&record.fen).expect("suite FENs are valid");
        for &(depth, expected) in record.counts.iter().filter(|(_, n)| filter(*n)) {
            assert_eq!(
                game.perft(depth),
                expected,
                "perft {depth} of {}",
                record.fen
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn suite_file_is_complete() {
    let records = suite();
    assert_eq!(records.len(), 168);
    assert_eq!(records.iter().map(|r| r.counts.len()).sum::<usize>(), 827);
}

#[test]
fn known_counts_up_to_two_million_leaves() {
    let checked = check(|n| n <= FAST_LIMIT);
    assert!(checked >= 500, "only {checked} counts checked");
    println!("{checked} perft counts checked");
}

#[test]
fn famous_positions() {
    let start = Chess::start();
    assert_eq!(start.perft(4), 197_281);
    let kiwipete = Chess::from_fen(KIWIPETE).unwrap();
    assert_eq!(kiwipete.perft(3), 97_862);
    let divide = kiwipete.perft_divide(2);
    assert_eq!(divide.len(), 48);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 2_039);
}

#[test]
#[ignore = "slow: every count in the suite, billions of leaves; run with --ignored"]
fn every_known_count() {
    let checked = check(|_| true);
    assert_eq!(checked, 827);
}

/// Calls `check` on `game` and on every position up to `depth` moves after it; returns how
/// many positions it checked.
fn each_position(game: &mut Chess, depth: u32, check: &mut impl FnMut(&Chess)) -> usize {
    check(game);
    let mut checked = 1;
    if depth > 0 {
        for mv in game.legal_moves() {
            game.play(mv);
            checked += each_position(game, depth - 1, check);
            game.undo();
        }
    }
    checked
}

/// [`each_position`] from every position of the suite (`first` of them: all with `None`).
fn each_suite_position(depth: u32, first: Option<usize>, mut check: impl FnMut(&Chess)) -> usize {
    let records = suite();
    let records = &records[..first.unwrap_or(records.len())];
    let mut checked = 0;
    for record in records {
        let mut root = Chess::from_fen(&record.fen).expect("suite FENs are valid");
        checked += each_position(&mut root, depth, &mut check);
    }
    checked
}

/// The legal moves are exactly the `chess` crate's, in the crate's order (the search's node
/// counts depend on that order), in every suite position and every position one and two
/// moves later: out of check the list is written from each piece's squares, not by the
/// crate's generator (see `games/chess/movegen.rs`).
#[test]
fn legal_moves_are_the_crates_in_its_order() {
    let same_as_the_crate = |game: &Chess| {
        let crates: Vec<_> = chess::MoveGen::new_legal(game.board()).collect();
        assert_eq!(game.legal_moves(), crates, "{}", game.fen());
    };
    let checked = each_suite_position(2, None, same_as_the_crate);
    assert_eq!(checked, 39_197, "positions compared");
    // And a ply deeper in the suite's first five, the classic ones (castling both ways,
    // en passant, promotions, pins): every position their perft 3 passes through.
    let deeper = each_suite_position(3, Some(5), same_as_the_crate);
    assert_eq!(deeper, 131_767, "positions compared");
}

/// The quiescence search's moves are exactly the legal captures and promotions (every legal
/// move when in check), in the order the legal moves come in (so a stable sort of them by
/// MVV-LVA is the same whichever generator made them), in every suite position and every
/// position one and two moves later.
#[test]
fn noisy_moves_are_the_legal_captures_and_promotions_in_order() {
    let checked = each_suite_position(2, None, |game| {
        let expected: Vec<_> = game
            .legal_moves()
            .into_iter()
            .filter(|&mv| game.in_check() || game.capture(mv).is_some())
            .collect();
        assert_eq!(game.noisy_moves(), expected, "{}", game.fen());
    });
    assert_eq!(checked, 39_197, "positions compared");
}

/// The questions the search asks in a hurry agree with the full answers, for every legal move
/// of every suite position and every position one and two moves later: whether a move is
/// noisy ([`Game::is_noisy`]) with whether it captures something ([`Game::capture`]), and
/// whether its exchange reaches a threshold ([`Game::see_at_least`], which often stops before
/// the exchange is played out) with the exchange's value ([`Game::see`]).
#[test]
fn quick_answers_agree_with_the_full_ones() {
    let thresholds = [
        -1000, -300, -200, -150, -100, -50, 0, 1, 50, 100, 220, 300, 900,
    ];
    let mut moves = 0;
    let checked = each_suite_position(2, None, |game| {
        for mv in game.legal_moves() {
            moves += 1;
            assert_eq!(
                game.is_noisy(mv),
                game.capture(mv).is_some(),
                "{mv} in {}",
                game.fen()
            );
            let see = game.see(mv);
            for threshold in thresholds {
                let at_least = game.see_at_least(mv, threshold);
                assert_eq!(
                    at_least,
                    see >= threshold,
                    "{mv} at {threshold} in {}",
                    game.fen()
                );
            }
        }
    });
    assert_eq!(checked, 39_197, "positions compared");
    assert_eq!(moves, 1_008_279, "moves compared");
}

/// The moves at the last ply of a `depth`-ply tree that give check, each asked before it is
/// played ([`Game::gives_check`]) and checked against the position after it.
fn checks_at(game: &mut Chess, depth: u32) -> u64 {
    let mut checks = 0;
    for mv in game.legal_moves() {
        let said = game.gives_check(mv);
        game.play(mv);
        assert_eq!(said, game.in_check(), "{mv} before {}", game.fen());
        checks += if depth == 1 {
            u64::from(said)
        } else {
            checks_at(game, depth - 1)
        };
        game.undo();
    }
    checks
}

#[test]
fn a_check_is_known_before_the_move_is_played() {
    // The published check counts (Chess Programming Wiki, "Perft Results"): direct checks,
    // discovered ones, castling into check, promotions and en passant among them.
    let mut start = Chess::start();
    assert_eq!(checks_at(&mut start, 4), 469);
    let mut kiwipete = Chess::from_fen(KIWIPETE).unwrap();
    assert_eq!(checks_at(&mut kiwipete, 3), 993);
    let suite = suite();
    let mut position_3 = Chess::from_fen(&suite[2].fen).unwrap();
    assert_eq!(checks_at(&mut position_3, 4), 1_680);
    let mut position_4 = Chess::from_fen(&suite[3].fen).unwrap();
    assert_eq!(checks_at(&mut position_4, 3), 38);
    // And every move two plies deep in every position of the suite.
    for record in &suite {
        checks_at(&mut Chess::from_fen(&record.fen).unwrap(), 2);
    }
}
