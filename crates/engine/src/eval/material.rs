//! Material and tapered piece-square tables: what each piece is worth, and where.
//!
//! The oldest two terms, and still the biggest: a piece's value, plus a bonus or penalty for
//! its square. Both are [`Tapered`]: a pawn is worth more in the endgame (it
//! may promote), a knight a little less (the board empties, long-range pieces gain), and the
//! king's table turns round, from sheltered in a corner to active in the centre.

use super::sink::{relative, sign, Sink};
use super::tapered::Tapered;
use super::weights::{MATERIAL, PSQT};
use crate::board::squares_of;
use chess::{BitBoard, Board, Color, Piece, Square, ALL_COLORS, ALL_PIECES};

// ANCHOR: count
/// Counts the pieces of each kind for material, and each piece once for its square.
pub fn count<S: Sink>(board: &Board, sink: &mut S) {
    for color in ALL_COLORS {
        let own = *board.color_combined(color);
        for piece in ALL_PIECES {
            let index = piece.to_index();
            let pieces = *board.pieces(piece) & own;
            sink.add(MATERIAL + index, sign(color) * pieces.popcnt() as i32);
            for square in pieces {
                let square = relative(square.to_index(), color);
                sink.add(PSQT + 64 * index + square, sign(color));
            }
        }
    }
}
// ANCHOR_END: count

/// The same two terms weighted, for the search's path: each piece's weight and its square's,
/// added once when the weights are set (White's pieces counted up, Black's down), so a
/// position costs one lookup a piece instead of two weighted additions and a popcount a kind.
/// The sum is [`count`]'s under the same weights, exactly.
#[derive(Clone, Debug)]
pub struct WeightedMaterial {
    /// By colour and kind (`6 * colour + kind`), then by square: 12 tables of 64.
    values: Vec<Tapered>,
}

impl WeightedMaterial {
    /// The table for `weights` (every weight, at the offsets of [`super::weights`]).
    pub fn new(weights: &[Tapered]) -> WeightedMaterial {
        let mut values = Vec::with_capacity(12 * 64);
        for color in ALL_COLORS {
            for piece in ALL_PIECES {
                let index = piece.to_index();
                for square in 0..64 {
                    let value = weights[MATERIAL + index]
                        + weights[PSQT + 64 * index + relative(square, color)];
                    values.push(value * sign(color));
                }
            }
        }
        WeightedMaterial { values }
    }

    /// What the material and squares of `after` are worth more than those of `before`, a
    /// position one move earlier: only the squares whose occupant changed are looked at (two
    /// for most moves, three or four for a capture, castling or en passant), so it is much
    /// cheaper than two [`WeightedMaterial::score`]s, and exactly their difference.
    #[inline]
    pub fn change(&self, before: &Board, after: &Board) -> Tapered {
        let changed =
            ALL_COLORS.map(|color| *before.color_combined(color) ^ *after.color_combined(color));
        let mut change = Tapered::ZERO;
        for square in squares_of(changed[0] | changed[1]) {
            if let Some(piece) = before.piece_on(square) {
                change = change - self.value(before, piece, square);
            }
            if let Some(piece) = after.piece_on(square) {
                change += self.value(after, piece, square);
            }
        }
        change
    }

    /// What `piece` on `square` of `board` is worth, by its colour there.
    #[inline]
    fn value(&self, board: &Board, piece: Piece, square: Square) -> Tapered {
        // The square holds a piece, so one test tells its colour (the crate's `color_on`
        // tests both colours: 10 instructions a node more on the speed positions).
        let white = *board.color_combined(Color::White) & BitBoard::from_square(square);
        let color = if white == BitBoard(0) { 1 } else { 0 };
        self.values[64 * (6 * color + piece.to_index()) + square.to_index()]
    }

    /// Material and piece-square terms of `board`, weighted: White's minus Black's.
    #[inline]
    pub fn score(&self, board: &Board) -> Tapered {
        let mut total = Tapered::ZERO;
        for color in ALL_COLORS {
            let own = *board.color_combined(color);
            for piece in ALL_PIECES {
                let at = 64 * (6 * color.to_index() + piece.to_index());
                let table = &self.values[at..at + 64];
                for square in squares_of(*board.pieces(piece) & own) {
                    total += table[square.to_index()];
                }
            }
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{Evaluation, Features};
    use std::str::FromStr;

    #[test]
    fn an_extra_knight_is_counted_once_for_white() {
        let b = Board::from_str("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1").unwrap();
        let mut features = Features::default();
        count(&b, &mut features);
        assert_eq!(features.count(MATERIAL + 1), 1);
        assert_eq!(features.count(PSQT + 64 + 27), 1); // the knight on d4
                                                       // The kings' squares cancel only where they mirror each other: e1 and e8 do.
        assert_eq!(features.count(PSQT + 5 * 64 + 4), 0);
    }

    #[test]
    fn a_knight_in_the_centre_beats_one_on_the_rim() {
        // Pawns on both sides, so the endgame knowledge does not call it a draw. The hand-set
        // tables say by how much; the tuned ones must at least agree which square is better.
        let centre = Board::from_str("4k3/pp6/8/8/3N4/8/PP6/4K3 w - - 0 1").unwrap();
        let rim = Board::from_str("4k3/pp6/8/8/N7/8/PP6/4K3 w - - 0 1").unwrap();
        let gap =
            |evaluation: &Evaluation| evaluation.evaluate(&centre).0 - evaluation.evaluate(&rim).0;
        let hand_set = gap(&Evaluation::with_weights(crate::eval::Weights::initial()));
        assert!(hand_set > 20, "gap {hand_set}");
        let tuned = gap(&Evaluation::with_weights(crate::eval::Weights::tuned()));
        assert!(tuned > 0, "gap {tuned}");
    }
}
