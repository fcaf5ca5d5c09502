//! Notebook 10b's cell: the incremental update that makes a learned evaluation cheap. The
//! learner writes how the accumulator of a position follows from its parent's and the pieces
//! the move changed, graded against the accumulator counted from scratch, exactly, after every
//! move of special positions (each kind of move: quiet, capture, both castlings of both sides,
//! en passant, promotions with and without a capture) and of random legal games.

use super::caught;
use crate::exercise::grade::Verdict;
use chess::{Color, Piece};
use searchlab_engine::eval::features::{changes, Changes};
use searchlab_engine::eval::network::{Accumulator, Network};
use searchlab_engine::eval::neural::default_network;
use searchlab_engine::game::Game;
use searchlab_engine::games::Chess;
use searchlab_lab::rng::SplitMix64;

/// The update as the notebook's cell writes it: `after` made from `before` (the parent's
/// accumulator) and the pieces that left and arrived (`changes`), with `network`'s rows.
/// `after` holds anything when the function is called (another position's sums).
pub type AccumulatorUpdate = fn(&Network, &Accumulator, &Changes, &mut Accumulator);

/// The special moves graded first, one of each kind: (what it is, position, move).
const SPECIAL_MOVES: &[(&str, &str, &str)] = &[
    (
        "a quiet move",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "g1f3",
    ),
    (
        "a capture",
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
        "e4d5",
    ),
    (
        "White castling short",
        "r3k2r/pppqbppp/2npbn2/4p3/4P3/2NPBN2/PPPQBPPP/R3K2R w KQkq - 0 8",
        "e1g1",
    ),
    (
        "White castling long",
        "r3k2r/pppqbppp/2npbn2/4p3/4P3/2NPBN2/PPPQBPPP/R3K2R w KQkq - 0 8",
        "e1c1",
    ),
    (
        "Black castling short",
        "r3k2r/pppqbppp/2npbn2/4p3/4P3/2NPBN2/PPPQBPPP/R4RK1 b kq - 1 8",
        "e8g8",
    ),
    (
        "Black castling long",
        "r3k2r/pppqbppp/2npbn2/4p3/4P3/2NPBN2/PPPQBPPP/R4RK1 b kq - 1 8",
        "e8c8",
    ),
    (
        "en passant",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "e5f6",
    ),
    (
        "a promotion to a queen",
        "8/4P1k1/8/8/8/8/6K1/8 w - - 0 1",
        "e7e8q",
    ),
    (
        "a promotion to a knight, capturing",
        "3r4/4P1k1/8/8/8/8/6K1/8 w - - 0 1",
        "e7d8n",
    ),
    (
        "Black promoting",
        "8/6k1/8/8/8/8/1p4K1/8 b - - 0 1",
        "b2b1q",
    ),
];

/// Grades a learner's update: on each special move, then on every move of 20 random legal
/// games (captures preferred half the time, so that games reach promotions), the accumulator
/// updated move by move from the first position's must equal the one counted from scratch, both
/// views, every sum.
pub fn grade_accumulator_update(update: AccumulatorUpdate) -> Verdict {
    let network = default_network();
    for &(kind, fen, uci) in SPECIAL_MOVES {
        let game = Chess::from_fen(fen).expect("the grader's positions are legal");
        if let Err(verdict) = check_move(&network, update, &game, uci, kind) {
            return verdict;
        }
    }
    let mut rng = SplitMix64::new(10);
    let mut moves = 0;
    for _ in 0..20 {
        let mut game = Chess::start();
        let mut kept = from_scratch(&network, &game);
        for _ in 0..160 {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            let captures: Vec<_> = legal
                .iter()
                .filter(|&&m| game.capture(m).is_some())
                .copied()
                .collect();
            let mv = if !captures.is_empty() && rng.below(2) == 0 {
                captures[rng.below(captures.len())]
            } else {
                legal[rng.below(legal.len())]
            };
            let before = *game.board();
            let fen = game.fen();
            game.play(mv);
            let mut after = scrambled(&network);
            let changed =
                changes(&before, game.board()).expect("one legal move changes few pieces");
            if let Err(verdict) = caught("neural", "the update", || {
                update(&network, &kept, &changed, &mut after)
            }) {
                return verdict;
            }
            let want = from_scratch(&network, &game);
            if let Some(message) = difference(&after, &want) {
                return Verdict::Wrong(format!(
                    "neural: after {mv} from {fen} in a random game (its accumulator updated \
                     move by move from the start): {message}; the pieces that changed: {}",
                    describe(&changed)
                ));
            }
            kept = after;
            moves += 1;
        }
    }
    Verdict::Solved(format!(
        "neural: solved. Your update gives the accumulator counted from scratch, exactly, after \
         each of the {} special moves (both castlings of both sides, en passant, promotions) \
         and after {moves} moves of 20 random games, each accumulator made from the one before.",
        SPECIAL_MOVES.len()
    ))
}

/// One move from `game`'s position, graded on its own: the learner's update of the position's
/// accumulator, against the child's counted from scratch.
fn check_move(
    network: &Network,
    update: AccumulatorUpdate,
    game: &Chess,
    uci: &str,
    kind: &str,
) -> Result<(), Verdict> {
    let mut child = game.clone();
    child
        .play_uci(uci)
        .expect("the grader's moves are legal in their positions");
    let changed = changes(game.board(), child.board()).expect("one legal move changes few pieces");
    let before = from_scratch(network, game);
    let mut after = scrambled(network);
    caught("neural", "the update", || {
        update(network, &before, &changed, &mut after)
    })?;
    let want = from_scratch(network, &child);
    match difference(&after, &want) {
        None => Ok(()),
        Some(message) => Err(Verdict::Wrong(format!(
            "neural: {kind}, {uci} from {}: {message}; the pieces that changed: {}",
            game.fen(),
            describe(&changed)
        ))),
    }
}

/// The accumulator of `game`'s position, counted from the board.
fn from_scratch(network: &Network, game: &Chess) -> Accumulator {
    let mut accumulator = network.empty_accumulator();
    network.refresh(game.board(), &mut accumulator);
    accumulator
}

/// An accumulator holding sums of no position (each sum 1,000 more than the biases), so that an
/// update that adds to `after` instead of starting from `before` shows.
fn scrambled(network: &Network) -> Accumulator {
    let mut accumulator = network.empty_accumulator();
    for view in [Color::White, Color::Black] {
        for sum in accumulator.view_mut(view) {
            *sum = sum.wrapping_add(1000);
        }
    }
    accumulator
}

/// Where `got` first differs from `want`: the view, the unit and both sums; `None` if equal.
fn difference(got: &Accumulator, want: &Accumulator) -> Option<String> {
    for view in [Color::White, Color::Black] {
        let (got, want) = (got.view(view), want.view(view));
        if got.len() != want.len() {
            return Some(format!(
                "{view:?}'s view has {} sums, it should have {} (one per hidden unit)",
                got.len(),
                want.len()
            ));
        }
        let wrong = got.iter().zip(want).filter(|(g, w)| g != w).count();
        if let Some(unit) = (0..got.len()).find(|&unit| got[unit] != want[unit]) {
            return Some(format!(
                "{wrong} of the {} sums of {view:?}'s view differ from the accumulator counted \
                 from scratch; the first, unit {unit}: yours {}, from scratch {}",
                got.len(),
                got[unit],
                want[unit]
            ));
        }
    }
    None
}

/// The pieces that left and arrived, as "White knight g1" lists.
fn describe(changed: &Changes) -> String {
    let name = |piece: Piece| format!("{piece:?}").to_lowercase();
    let list = |pieces: Vec<String>| {
        if pieces.is_empty() {
            "none".to_string()
        } else {
            pieces.join(", ")
        }
    };
    let left = changed
        .removed
        .iter()
        .map(|p| format!("{:?} {} {}", p.color, name(p.piece), p.square))
        .collect();
    let arrived = changed
        .added
        .iter()
        .map(|p| format!("{:?} {} {}", p.color, name(p.piece), p.square))
        .collect();
    format!("left {}; arrived {}", list(left), list(arrived))
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_engine::eval::features::PieceOn;

    /// Adds (`sign` 1) or takes away (−1) the rows of `pieces` from `view`'s sums.
    fn shift(
        network: &Network,
        sums: &mut [i16],
        pieces: impl Iterator<Item = PieceOn>,
        view: Color,
        sign: i16,
    ) {
        for piece in pieces {
            for (sum, w) in sums.iter_mut().zip(network.row(piece.feature(view))) {
                *sum += sign * w;
            }
        }
    }

    fn right(network: &Network, before: &Accumulator, changed: &Changes, after: &mut Accumulator) {
        network.update(before, changed, after);
    }

    fn forgets_to_copy(
        network: &Network,
        _before: &Accumulator,
        changed: &Changes,
        after: &mut Accumulator,
    ) {
        for view in [Color::White, Color::Black] {
            let sums = after.view_mut(view);
            shift(network, sums, changed.removed.iter(), view, -1);
            shift(network, sums, changed.added.iter(), view, 1);
        }
    }

    fn one_view_only(
        network: &Network,
        before: &Accumulator,
        changed: &Changes,
        after: &mut Accumulator,
    ) {
        *after = before.clone();
        let sums = after.view_mut(Color::White);
        shift(network, sums, changed.removed.iter(), Color::White, -1);
        shift(network, sums, changed.added.iter(), Color::White, 1);
    }

    fn only_the_first_of_each(
        network: &Network,
        before: &Accumulator,
        changed: &Changes,
        after: &mut Accumulator,
    ) {
        *after = before.clone();
        for view in [Color::White, Color::Black] {
            let sums = after.view_mut(view);
            shift(network, sums, changed.removed.iter().take(1), view, -1);
            shift(network, sums, changed.added.iter().take(1), view, 1);
        }
    }

    fn unwritten(_: &Network, _: &Accumulator, _: &Changes, _: &mut Accumulator) {
        todo!("exercise neural: write the part 'update'")
    }

    #[test]
    fn the_crates_update_is_solved() {
        let verdict = grade_accumulator_update(right);
        assert!(verdict.passed(), "{}", verdict.message());
        assert!(
            verdict.message().contains("20 random games"),
            "{}",
            verdict.message()
        );
    }

    #[test]
    fn typical_mistakes_are_named() {
        let mistakes: [(AccumulatorUpdate, &str); 4] = [
            (forgets_to_copy, "a quiet move"),
            (one_view_only, "Black's view"),
            // A capture removes two pieces: the captured one is forgotten.
            (only_the_first_of_each, "a capture, e4d5"),
            (unwritten, "not done yet"),
        ];
        for (update, named) in mistakes {
            let verdict = grade_accumulator_update(update);
            assert!(!verdict.passed());
            assert!(
                verdict.message().contains(named),
                "{named}: {}",
                verdict.message()
            );
        }
    }
}
