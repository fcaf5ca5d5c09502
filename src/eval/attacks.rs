//! What each piece attacks, worked out once per evaluation.
//!
//! Two terms read the same thing: [`mobility`](super::mobility) counts the squares each
//! knight, bishop, rook and queen attacks, and [`king_safety`](super::king_safety) counts
//! those of them next to the enemy king. Generating a slider's attacks is the dearest step of
//! either, so the evaluation does it once, here, and hands the list to both.

use chess::{
    get_bishop_moves, get_knight_moves, get_rook_moves, BitBoard, Board, Color, Piece, Square,
    ALL_COLORS,
};

/// The pieces whose attacks are listed, in the order of their weights (a piece's *slot*).
pub const MOBILE: [Piece; 4] = [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen];

/// The most knights, bishops, rooks and queens one side can have (7, and 8 promoted pawns).
const MOST_PIECES: usize = 15;

/// The squares a `piece` (knight, bishop, rook or queen) on `square` attacks, given the
/// `occupied` squares; empty for pawns and kings.
pub fn attacks(piece: Piece, square: Square, occupied: BitBoard) -> BitBoard {
    match piece {
        Piece::Knight => get_knight_moves(square),
        Piece::Bishop => get_bishop_moves(square, occupied),
        Piece::Rook => get_rook_moves(square, occupied),
        Piece::Queen => get_bishop_moves(square, occupied) | get_rook_moves(square, occupied),
        _ => BitBoard(0),
    }
}

/// The squares the pawns of `color` attack: every pawn one rank forward and one file aside.
pub fn pawn_attacks(board: &Board, color: Color) -> BitBoard {
    const NOT_A_FILE: u64 = !0x0101_0101_0101_0101;
    const NOT_H_FILE: u64 = !0x8080_8080_8080_8080;
    let pawns = (*board.pieces(Piece::Pawn) & *board.color_combined(color)).0;
    BitBoard(match color {
        Color::White => ((pawns & NOT_A_FILE) << 7) | ((pawns & NOT_H_FILE) << 9),
        Color::Black => ((pawns & NOT_A_FILE) >> 9) | ((pawns & NOT_H_FILE) >> 7),
    })
}

/// Every knight, bishop, rook and queen of each side with the squares it attacks.
#[derive(Clone, Debug)]
pub struct PieceAttacks {
    /// By colour: `(slot in MOBILE, squares attacked)`, the first `len[colour]` used.
    list: [[(usize, BitBoard); MOST_PIECES]; 2],
    len: [usize; 2],
}

impl Default for PieceAttacks {
    /// No pieces listed.
    fn default() -> Self {
        PieceAttacks {
            list: [[(0, BitBoard(0)); MOST_PIECES]; 2],
            len: [0; 2],
        }
    }
}

impl PieceAttacks {
    /// The attacks of every piece on `board`.
    pub fn new(board: &Board) -> PieceAttacks {
        let mut all = PieceAttacks::default();
        all.fill(board);
        all
    }

    /// Lists the attacks of every piece on `board` in place of what was listed before: the
    /// search's evaluation keeps one list and fills it again at every position, rather than
    /// clearing a new one and copying it out.
    #[inline(always)]
    pub fn fill(&mut self, board: &Board) {
        let occupied = *board.combined();
        self.len = [0; 2];
        for color in ALL_COLORS {
            let own = *board.color_combined(color);
            let side = color.to_index();
            for (slot, piece) in MOBILE.into_iter().enumerate() {
                for square in *board.pieces(piece) & own {
                    // An illegal position could hold more; its extra pieces go uncounted.
                    if let Some(entry) = self.list[side].get_mut(self.len[side]) {
                        *entry = (slot, attacks(piece, square, occupied));
                        self.len[side] += 1;
                    }
                }
            }
        }
    }

    /// The pieces of `color`: each one's slot in [`MOBILE`] and the squares it attacks.
    pub fn of(&self, color: Color) -> &[(usize, BitBoard)] {
        let side = color.to_index();
        &self.list[side][..self.len[side]]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
    fn every_piece_is_listed_with_its_attacks() {
        let b = Board::default();
        let all = PieceAttacks::new(&b);
        assert_eq!(all.of(Color::White).len(), 7);
        assert_eq!(all.of(Color::Black).len(), 7);
        // The knights attack three squares each at the start; the others are boxed in by
        // their own pieces but still "attack" them (protect them).
        let knight_squares: u32 = all
            .of(Color::White)
            .iter()
            .filter(|(slot, _)| *slot == 0)
            .map(|(_, squares)| squares.popcnt())
            .sum();
        assert_eq!(knight_squares, 6);
    }
}
