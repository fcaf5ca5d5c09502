//! Mobility: a piece that can go to many squares is worth more than one that cannot.
//!
//! For each knight, bishop, rook and queen, count the squares it attacks that hold no piece of
//! its own side and that no enemy pawn guards (a square a pawn takes away is no square to go
//! to). The weight is per square and per kind of piece: a bishop's extra diagonal matters more
//! than a queen's extra square, since the queen has plenty.

use super::attacks::PieceAttacks;
use super::sink::{sign, Sink};
use super::weights::MOBILITY;
use chess::ALL_COLORS;

// ANCHOR: count
/// Counts, per kind of piece, the squares its pieces attack in their mobility area
/// ([`mobility_area`](super::attacks::mobility_area), counted
/// once per evaluation, with king safety's, in [`PieceAttacks`]).
pub fn count<S: Sink>(attacks: &PieceAttacks, sink: &mut S) {
    for color in ALL_COLORS {
        for (slot, squares) in attacks.in_mobility_area(color).into_iter().enumerate() {
            sink.add(MOBILITY + slot, sign(color) * squares);
        }
    }
}
// ANCHOR_END: count

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Features;
    use chess::Board;
    use std::str::FromStr;

    #[test]
    fn a_centre_knight_has_eight_squares_and_a_guarded_one_loses_them() {
        let free = Board::from_str("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1").unwrap();
        let mut features = Features::default();
        count(&PieceAttacks::new(&free), &mut features);
        assert_eq!(features.count(MOBILITY), 8);
        // A black pawn on d7 guards c6 and e6, two of the knight's squares.
        let guarded = Board::from_str("4k3/3p4/8/8/3N4/8/8/4K3 w - - 0 1").unwrap();
        let mut features = Features::default();
        count(&PieceAttacks::new(&guarded), &mut features);
        assert_eq!(features.count(MOBILITY), 6);
    }

    #[test]
    fn a_rook_counts_for_black_with_the_minus_sign() {
        // Black's rook on a8 sees the a-file down to a2 (6) and b8..d8 (3): 9 squares.
        let b = Board::from_str("r3k3/8/8/8/8/8/P7/4K3 w - - 0 1").unwrap();
        let mut features = Features::default();
        count(&PieceAttacks::new(&b), &mut features);
        assert_eq!(features.count(MOBILITY + 2), -(6 + 3));
    }
}
