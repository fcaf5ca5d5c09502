//! The chess board's vocabulary, below both the game and the evaluation: squares, the sets of
//! squares pieces attack, and what pieces are worth.
//!
//! The move lists ([`crate::games::chess`]), the static exchange evaluation, and every term of
//! the evaluations ([`crate::eval`]) walk the same squares and ask the same attack sets; they
//! share them here rather than one borrowing them from the other. This module imports only
//! the `chess` crate.

use chess::{
    get_bishop_moves, get_knight_moves, get_rook_moves, BitBoard, Board, Color, Piece, Square,
};

/// Material values in centipawns, indexed by `Piece::to_index()` (pawn, knight, bishop, rook,
/// queen, king).
pub const PIECE_VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// The square on `file` (0 = a) and `rank` (0 = first rank).
pub fn square_at(file: usize, rank: usize) -> Square {
    Square::make_square(chess::Rank::from_index(rank), chess::File::from_index(file))
}

/// The squares of `squares`, lowest first: what the crate's own iterator over a [`BitBoard`]
/// gives, with the lowest bit cleared in one step (`bits & (bits - 1)`) where the crate's
/// shifts a bit into place to clear it: the evaluation and the move lists walk their pieces
/// so at every node.
#[inline]
pub fn squares_of(squares: BitBoard) -> impl Iterator<Item = Square> {
    let mut bits = squares.0;
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let square = BitBoard(bits).to_square();
        bits &= bits - 1;
        Some(square)
    })
}

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
    pawns_attack(
        *board.pieces(Piece::Pawn) & *board.color_combined(color),
        color,
    )
}

/// The squares pawns of `color` on `pawns` attack, all at once.
pub fn pawns_attack(pawns: BitBoard, color: Color) -> BitBoard {
    const NOT_A_FILE: u64 = !0x0101_0101_0101_0101;
    const NOT_H_FILE: u64 = !0x8080_8080_8080_8080;
    let pawns = pawns.0;
    BitBoard(match color {
        Color::White => ((pawns & NOT_A_FILE) << 7) | ((pawns & NOT_H_FILE) << 9),
        Color::Black => ((pawns & NOT_A_FILE) >> 9) | ((pawns & NOT_H_FILE) >> 7),
    })
}
