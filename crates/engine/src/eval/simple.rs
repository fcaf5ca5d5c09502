//! The simple evaluation of stages 1–7: material, piece-square tables and mobility.
//!
//! A search is only as good as the numbers at its leaves, but this ladder is about *search*, so
//! the evaluation is kept small, deterministic and readable:
//!
//! - **material** in centipawns: pawn 100, knight 320, bishop 330, rook 500, queen 900;
//! - **piece-square tables**: a bonus or penalty for where each piece stands (knights in the
//!   centre, pawns advanced, the king sheltered while queens are on, central once they are off);
//! - **mobility**: a few centipawns per square each knight, bishop, rook and queen attacks that
//!   is not occupied by its own side.
//!
//! The king's table is the only tapered term: the middlegame and endgame tables are blended by
//! the amount of non-pawn material left, so a king walks to the centre as pieces come off.
//! The result is from the side to move (White's score negated when Black is to move).

use crate::board::PIECE_VALUES;
use crate::score::Score;
use chess::{
    get_bishop_moves, get_knight_moves, get_rook_moves, BitBoard, Board, Color, Piece, ALL_PIECES,
};

/// Centipawns per attacked square, by piece (pawns and kings have no mobility term).
const MOBILITY_WEIGHT: [i32; 6] = [0, 4, 4, 2, 1, 0];

// Piece-square tables, written as a board seen from White's side: the first row is rank 8.
// Values are centipawns added to the piece's material value. Black uses the mirror image.
#[rustfmt::skip]
pub(crate) const PAWN_TABLE: [i32; 64] = [
     0,  0,  0,  0,  0,  0,  0,  0,
    60, 60, 60, 60, 60, 60, 60, 60,
    15, 15, 25, 35, 35, 25, 15, 15,
     5,  5, 10, 25, 25, 10,  5,  5,
     0,  0,  5, 20, 20,  5,  0,  0,
     5,  0, -5,  5,  5, -5,  0,  5,
     5, 10, 10,-20,-20, 10, 10,  5,
     0,  0,  0,  0,  0,  0,  0,  0,
];
#[rustfmt::skip]
pub(crate) const KNIGHT_TABLE: [i32; 64] = [
    -50,-35,-30,-30,-30,-30,-35,-50,
    -35,-15,  0,  5,  5,  0,-15,-35,
    -30,  5, 10, 15, 15, 10,  5,-30,
    -30,  5, 15, 20, 20, 15,  5,-30,
    -30,  0, 15, 20, 20, 15,  0,-30,
    -30,  5, 10, 15, 15, 10,  5,-30,
    -35,-15,  0,  5,  5,  0,-15,-35,
    -50,-35,-30,-30,-30,-30,-35,-50,
];
#[rustfmt::skip]
pub(crate) const BISHOP_TABLE: [i32; 64] = [
    -20,-10,-10,-10,-10,-10,-10,-20,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -10,  0,  5, 10, 10,  5,  0,-10,
    -10,  5,  5, 10, 10,  5,  5,-10,
    -10,  0, 10, 10, 10, 10,  0,-10,
    -10, 10, 10, 10, 10, 10, 10,-10,
    -10,  5,  0,  0,  0,  0,  5,-10,
    -20,-10,-12,-10,-10,-12,-10,-20,
];
#[rustfmt::skip]
pub(crate) const ROOK_TABLE: [i32; 64] = [
      0,  0,  0,  0,  0,  0,  0,  0,
     10, 15, 15, 15, 15, 15, 15, 10,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
     -5,  0,  0,  0,  0,  0,  0, -5,
      0,  0,  0,  5,  5,  3,  0,  0,
];
#[rustfmt::skip]
pub(crate) const QUEEN_TABLE: [i32; 64] = [
    -20,-10,-10, -5, -5,-10,-10,-20,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -10,  0,  5,  5,  5,  5,  0,-10,
     -5,  0,  5,  5,  5,  5,  0, -5,
     -5,  0,  5,  5,  5,  5,  0, -5,
    -10,  0,  5,  5,  5,  5,  0,-10,
    -10,  0,  0,  0,  0,  0,  0,-10,
    -20,-10,-10, -5, -5,-10,-10,-20,
];
#[rustfmt::skip]
pub(crate) const KING_MIDDLEGAME_TABLE: [i32; 64] = [
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -30,-40,-40,-50,-50,-40,-40,-30,
    -20,-30,-30,-40,-40,-30,-30,-20,
    -10,-20,-20,-25,-25,-20,-20,-10,
     15, 15, -5,-10,-10, -5, 15, 15,
     20, 30, 10, -5,  0, 10, 30, 20,
];
#[rustfmt::skip]
pub(crate) const KING_ENDGAME_TABLE: [i32; 64] = [
    -50,-35,-25,-20,-20,-25,-35,-50,
    -35,-15, -5,  0,  0, -5,-15,-35,
    -25, -5, 15, 20, 20, 15, -5,-25,
    -20,  0, 20, 30, 30, 20,  0,-20,
    -20,  0, 20, 30, 30, 20,  0,-20,
    -25, -5, 15, 20, 20, 15, -5,-25,
    -35,-15, -5,  0,  0, -5,-15,-35,
    -50,-35,-25,-20,-20,-25,-35,-50,
];

/// Non-pawn material of both sides at the start (4 minors, 2 rooks, 1 queen each): "phase 1".
const OPENING_MATERIAL: i32 = 2
    * (2 * PIECE_VALUES[Piece::Knight as usize]
        + 2 * PIECE_VALUES[Piece::Bishop as usize]
        + 2 * PIECE_VALUES[Piece::Rook as usize]
        + PIECE_VALUES[Piece::Queen as usize]);
// The game phase (and so the evaluation) assumes 6400: checked when compiling.
const _: () = assert!(OPENING_MATERIAL == 6400);

// ANCHOR: evaluate
/// Static evaluation of `board` for the side to move, in centipawns.
pub fn evaluate(board: &Board) -> Score {
    let phase = game_phase(board);
    let white = side_score(board, Color::White, phase);
    let black = side_score(board, Color::Black, phase);
    let from_white = white - black;
    Score(match board.side_to_move() {
        Color::White => from_white,
        Color::Black => -from_white,
    })
}

/// One side's material, placement and mobility. The king's placement is tapered by `phase`
/// (see [`game_phase`]).
fn side_score(board: &Board, color: Color, phase: i32) -> i32 {
    let own = *board.color_combined(color);
    let occupied = *board.combined();
    let mut score = 0;
    for piece in ALL_PIECES {
        for sq in *board.pieces(piece) & own {
            let index = table_index(sq.to_index(), color);
            score += PIECE_VALUES[piece.to_index()];
            score += match piece {
                Piece::Pawn => PAWN_TABLE[index],
                Piece::Knight => KNIGHT_TABLE[index],
                Piece::Bishop => BISHOP_TABLE[index],
                Piece::Rook => ROOK_TABLE[index],
                Piece::Queen => QUEEN_TABLE[index],
                Piece::King => {
                    (KING_MIDDLEGAME_TABLE[index] * phase
                        + KING_ENDGAME_TABLE[index] * (256 - phase))
                        / 256
                }
            };
            let attacks = match piece {
                Piece::Knight => get_knight_moves(sq),
                Piece::Bishop => get_bishop_moves(sq, occupied),
                Piece::Rook => get_rook_moves(sq, occupied),
                Piece::Queen => get_bishop_moves(sq, occupied) | get_rook_moves(sq, occupied),
                _ => BitBoard(0),
            };
            score += MOBILITY_WEIGHT[piece.to_index()] * (attacks & !own).popcnt() as i32;
        }
    }
    score
}

/// 256 with all pieces on the board, falling to 0 when only kings and pawns are left.
fn game_phase(board: &Board) -> i32 {
    let material: i32 = [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen]
        .iter()
        .map(|&p| PIECE_VALUES[p.to_index()] * board.pieces(p).popcnt() as i32)
        .sum();
    (material.min(OPENING_MATERIAL) * 256) / OPENING_MATERIAL
}
// ANCHOR_END: evaluate

/// Index into a table written rank 8 first: White's a1 (square 0) is entry 56; Black reads the
/// table upside down, so its a8 is entry 56 too.
fn table_index(square: usize, color: Color) -> usize {
    match color {
        Color::White => square ^ 56,
        Color::Black => square,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[test]
    fn start_position_is_balanced_and_symmetric() {
        let start = Board::default();
        assert_eq!(evaluate(&start), Score(0));
        // Mirrored positions evaluate the same for the side to move.
        let a = Board::from_str("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq -")
            .unwrap();
        let b = Board::from_str("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq -")
            .unwrap();
        assert_eq!(evaluate(&a), evaluate(&b));
    }

    #[test]
    fn material_dominates() {
        let up_a_queen = Board::from_str("4k3/8/8/8/8/8/8/3QK3 w - -").unwrap();
        assert!(evaluate(&up_a_queen).0 > 800);
        let black_to_move = Board::from_str("4k3/8/8/8/8/8/8/3QK3 b - -").unwrap();
        assert_eq!(evaluate(&black_to_move), -evaluate(&up_a_queen));
    }
}
