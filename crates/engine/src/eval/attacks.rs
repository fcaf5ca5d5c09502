//! What each piece attacks, worked out once per evaluation and counted where the terms look.
//!
//! Two terms read the same thing: [`mobility`](super::mobility) counts the squares each
//! knight, bishop, rook and queen attacks in its side's mobility area, and
//! [`king_safety`](super::king_safety) counts those next to the enemy king. Generating a
//! slider's attacks is the dearest step of either, so the evaluation does it once, here: each
//! piece's attacks are generated and at once counted against both sets of squares (each term
//! names its own: [`mobility_area`], [`king_zone`]), by kind of piece. Nothing is
//! stored per piece; both terms only ever needed the counts.

use crate::board::{attacks, pawn_attacks, squares_of};
use chess::{
    get_bishop_moves, get_king_moves, get_knight_moves, get_rook_moves, BitBoard, Board, Color,
    Piece, ALL_COLORS,
};

/// The pieces whose attacks are counted, in the order of their weights (a piece's *slot*).
pub const MOBILE: [Piece; 4] = [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen];

/// The mobility area of `color`, where [`mobility`](super::mobility) counts: the squares that
/// hold no piece of its own and that no enemy pawn guards.
pub fn mobility_area(board: &Board, color: Color) -> BitBoard {
    !*board.color_combined(color) & !pawn_attacks(board, !color)
}

/// The squares next to the king of `color`: its zone, where [`king_safety`](super::king_safety)
/// counts enemy attacks.
pub fn king_zone(board: &Board, color: Color) -> BitBoard {
    get_king_moves(board.king_square(color))
}

/// Counts by slot in [`MOBILE`]: knights, bishops, rooks, queens.
pub type SlotCounts = [i32; 4];

/// For each side and kind of piece, how many squares its pieces attack in the side's mobility
/// area, and how many next to the enemy king (a square attacked by two pieces counts twice).
#[derive(Clone, Debug, Default)]
pub struct PieceAttacks {
    /// By colour: the squares attacked in the mobility area.
    area: [SlotCounts; 2],
    /// By colour: the squares attacked in the enemy king's zone.
    king_zone: [SlotCounts; 2],
}

impl PieceAttacks {
    /// The attack counts of the pieces on `board`.
    pub fn new(board: &Board) -> PieceAttacks {
        let mut all = PieceAttacks::default();
        all.fill(board);
        all
    }

    // ANCHOR: fill
    /// Counts the attacks of the pieces on `board` in place of what was counted before: the
    /// search's evaluation keeps one and fills it again at every position.
    #[inline(always)]
    pub fn fill(&mut self, board: &Board) {
        let occupied = *board.combined();
        for color in ALL_COLORS {
            let own = *board.color_combined(color);
            let area = mobility_area(board, color);
            let zone = king_zone(board, !color);
            let (mut in_area, mut in_zone) = ([0; 4], [0; 4]);
            let mut count = |slot: usize, attacked: BitBoard| {
                in_area[slot] += (attacked & area).popcnt() as i32;
                in_zone[slot] += (attacked & zone).popcnt() as i32;
            };
            // One loop per kind of piece, so each knows its attacks without asking its kind.
            let mine = |piece| *board.pieces(piece) & own;
            for square in squares_of(mine(Piece::Knight)) {
                count(0, get_knight_moves(square));
            }
            for square in squares_of(mine(Piece::Bishop)) {
                count(1, get_bishop_moves(square, occupied));
            }
            for square in squares_of(mine(Piece::Rook)) {
                count(2, get_rook_moves(square, occupied));
            }
            for square in squares_of(mine(Piece::Queen)) {
                count(3, attacks(Piece::Queen, square, occupied));
            }
            self.area[color.to_index()] = in_area;
            self.king_zone[color.to_index()] = in_zone;
        }
    }
    // ANCHOR_END: fill

    /// The squares the pieces of `color` attack in its mobility area ([`mobility_area`]), by
    /// slot in [`MOBILE`].
    pub fn in_mobility_area(&self, color: Color) -> SlotCounts {
        self.area[color.to_index()]
    }

    /// The squares the pieces of `color` attack next to the enemy king
    /// ([`king_zone`]), by slot in [`MOBILE`].
    pub fn in_king_zone(&self, color: Color) -> SlotCounts {
        self.king_zone[color.to_index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess::Square;
    use std::str::FromStr;

    #[test]
    fn pawn_attacks_go_forward_and_aside_without_wrapping() {
        // White pawns a2 and h4 attack b3 and g5; Black's e7 attacks d6 and f6.
        let b = Board::from_str("4k3/4p3/8/8/7P/8/P7/4K3 w - - 0 1").unwrap();
        let square = |s: &str| BitBoard::from_square(Square::from_str(s).unwrap());
        assert_eq!(pawn_attacks(&b, Color::White), square("b3") | square("g5"));
        assert_eq!(pawn_attacks(&b, Color::Black), square("d6") | square("f6"));
    }

    #[test]
    fn every_piece_is_counted_in_both_sets_of_squares() {
        let b = Board::default();
        let all = PieceAttacks::new(&b);
        // At the start only the knights reach the mobility area, two squares each (the third
        // holds a pawn of their own; the other pieces are boxed in); nothing reaches a king.
        assert_eq!(all.in_mobility_area(Color::White), [4, 0, 0, 0]);
        assert_eq!(all.in_mobility_area(Color::Black), [4, 0, 0, 0]);
        assert_eq!(all.in_king_zone(Color::White), [0; 4]);
        // A queen on h5 (with a knight on g5 beside it) against Black's king on g8: the queen
        // attacks f7, h7 and h8 next to it; the knight f7 and h7. Two pieces, five counts.
        let b = Board::from_str("6k1/8/8/6NQ/8/8/8/K7 w - - 0 1").unwrap();
        let all = PieceAttacks::new(&b);
        assert_eq!(all.in_king_zone(Color::White), [2, 0, 0, 3]);
    }
}
