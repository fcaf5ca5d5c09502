//! Mobility: a piece that can go to many squares is worth more than one that cannot.
//!
//! For each knight, bishop, rook and queen, count the squares it attacks that hold no piece of
//! its own side and that no enemy pawn guards (a square a pawn takes away is no square to go
//! to). The weight is per square and per kind of piece: a bishop's extra diagonal matters more
//! than a queen's extra square, since the queen has plenty.

use super::weights::MOBILITY;
use super::{sign, Sink};
use chess::{
    get_bishop_moves, get_knight_moves, get_pawn_attacks, get_rook_moves, BitBoard, Board, Color,
    Piece, ALL_COLORS,
};

/// Every square, as blockers for [`get_pawn_attacks`] (which only returns captures).
const EVERYWHERE: BitBoard = BitBoard(!0);

/// The squares the pawns of `color` attack.
pub fn pawn_attacks(board: &Board, color: Color) -> BitBoard {
    let pawns = *board.pieces(Piece::Pawn) & *board.color_combined(color);
    pawns.fold(BitBoard(0), |all, square| {
        all | get_pawn_attacks(square, color, EVERYWHERE)
    })
}

/// The squares a `piece` (knight, bishop, rook or queen) on `square` attacks, given the
/// `occupied` squares; empty for pawns and kings.
pub fn attacks(piece: Piece, square: chess::Square, occupied: BitBoard) -> BitBoard {
    match piece {
        Piece::Knight => get_knight_moves(square),
        Piece::Bishop => get_bishop_moves(square, occupied),
        Piece::Rook => get_rook_moves(square, occupied),
        Piece::Queen => get_bishop_moves(square, occupied) | get_rook_moves(square, occupied),
        _ => BitBoard(0),
    }
}

/// The pieces mobility is counted for, in the order of their weights.
pub const MOBILE: [Piece; 4] = [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen];

// ANCHOR: count
/// Counts, per kind of piece, the safe squares each piece attacks.
pub fn count<S: Sink>(board: &Board, sink: &mut S) {
    let occupied = *board.combined();
    for color in ALL_COLORS {
        let own = *board.color_combined(color);
        let guarded = pawn_attacks(board, !color);
        for (slot, piece) in MOBILE.into_iter().enumerate() {
            let squares: u32 = (*board.pieces(piece) & own)
                .map(|square| (attacks(piece, square, occupied) & !own & !guarded).popcnt())
                .sum();
            sink.add(MOBILITY + slot, sign(color) * squares as i32);
        }
    }
}
// ANCHOR_END: count

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Features;
    use std::str::FromStr;

    #[test]
    fn a_centre_knight_has_eight_squares_and_a_guarded_one_loses_them() {
        let free = Board::from_str("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1").unwrap();
        let mut features = Features::default();
        count(&free, &mut features);
        assert_eq!(features.count(MOBILITY), 8);
        // A black pawn on d7 guards c6 and e6, two of the knight's squares.
        let guarded = Board::from_str("4k3/3p4/8/8/3N4/8/8/4K3 w - - 0 1").unwrap();
        let mut features = Features::default();
        count(&guarded, &mut features);
        assert_eq!(features.count(MOBILITY), 6);
    }

    #[test]
    fn a_rook_counts_for_black_with_the_minus_sign() {
        // Black's rook on a8 sees the a-file down to a2 (6) and b8..d8 (3): 9 squares.
        let b = Board::from_str("r3k3/8/8/8/8/8/P7/4K3 w - - 0 1").unwrap();
        let mut features = Features::default();
        count(&b, &mut features);
        assert_eq!(features.count(MOBILITY + 2), -(6 + 3));
    }
}
