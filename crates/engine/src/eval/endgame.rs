//! Endgame knowledge: what the search cannot find alone.
//!
//! - **Driving the lone king.** King and rook (or queen) against a bare king is a win, but the
//!   mate lies 10 to 30 moves deep, far beyond the horizon, and every quiet move looks the
//!   same to the evaluation. The search needs a gradient to climb: a bonus for the lone king's
//!   distance from the centre (towards the edge, and then the corner) and for the two kings
//!   standing close (the stronger king must help). With it, every step of the textbook
//!   technique scores a little better than the last.
//! - **Scaling down drawish material.** Being a piece up is no win when the piece cannot mate:
//!   a lone minor piece without pawns cannot win at all, a rook against a minor piece is
//!   usually drawn, and bishops of opposite colours with only pawns left draw often. The score
//!   is shrunk towards 0 so the search does not trade into them thinking it is winning.
//!
//! These are not weights times features: they multiply or replace the score, so they sit after
//! the weighted sum, outside what a tuner fits.

use crate::board::PIECE_VALUES;
use chess::{BitBoard, Board, Color, Piece, Square, ALL_COLORS};

/// The value of a rook, the least piece that mates with the king alone.
const ROOK: i32 = PIECE_VALUES[3];

// ANCHOR: adjust
/// The score `white` (White's point of view) with the endgame knowledge applied.
pub fn adjust(board: &Board, white: i32) -> i32 {
    let strong = if white >= 0 {
        Color::White
    } else {
        Color::Black
    };
    let sign = if strong == Color::White { 1 } else { -1 };
    let scaled = white * scale(board, strong) / 16;
    scaled + sign * drive_lone_king(board, strong)
}
// ANCHOR_END: adjust

/// The non-pawn material of `color`, in the simple evaluation's centipawns.
fn pieces_value(board: &Board, color: Color) -> i32 {
    let own = *board.color_combined(color);
    [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen]
        .iter()
        .map(|&p| PIECE_VALUES[p.to_index()] * (*board.pieces(p) & own).popcnt() as i32)
        .sum()
}

fn pawns(board: &Board, color: Color) -> u32 {
    (*board.pieces(Piece::Pawn) & *board.color_combined(color)).popcnt()
}

// ANCHOR: scale
/// How much of the score the side ahead (`strong`) keeps, in sixteenths.
#[inline]
pub fn scale(board: &Board, strong: Color) -> i32 {
    let weak = !strong;
    if pawns(board, strong) == 0 {
        let (mine, theirs) = (pieces_value(board, strong), pieces_value(board, weak));
        // A lone minor piece (or less) cannot mate: nothing to win.
        if mine < ROOK {
            return 0;
        }
        // Ahead by no more than a minor piece, with no pawn to promote: usually a draw.
        if mine - theirs <= PIECE_VALUES[2] {
            return 4;
        }
    }
    if opposite_bishops_only(board) {
        return 8;
    }
    16
}
// ANCHOR_END: scale

/// Each side has one bishop and no other piece, and the bishops run on different colours.
fn opposite_bishops_only(board: &Board) -> bool {
    let bishops = *board.pieces(Piece::Bishop);
    let others =
        *board.pieces(Piece::Knight) | *board.pieces(Piece::Rook) | *board.pieces(Piece::Queen);
    if others != BitBoard(0) {
        return false;
    }
    let [white, black] = ALL_COLORS.map(|c| bishops & *board.color_combined(c));
    if white.popcnt() != 1 || black.popcnt() != 1 {
        return false;
    }
    let light = |b: BitBoard| {
        let sq = b.to_square();
        (sq.get_file().to_index() + sq.get_rank().to_index()) % 2 == 1
    };
    light(white) != light(black)
}

/// Steps from `square` to the nearest of the four centre squares: 0 in the centre, 6 in a
/// corner.
pub fn distance_from_centre(square: Square) -> i32 {
    let (file, rank) = (
        square.get_file().to_index() as i32,
        square.get_rank().to_index() as i32,
    );
    (2 * file - 7).abs() / 2 + (2 * rank - 7).abs() / 2
}

/// King steps between two squares (the larger of the file and rank distances).
pub fn king_distance(a: Square, b: Square) -> i32 {
    let files = (a.get_file().to_index() as i32 - b.get_file().to_index() as i32).abs();
    let ranks = (a.get_rank().to_index() as i32 - b.get_rank().to_index() as i32).abs();
    files.max(ranks)
}

// ANCHOR: drive
/// Against a bare king, with a rook's worth of pieces or more: a bonus for the lone king far
/// from the centre and for the kings close together. 0 otherwise.
#[inline]
pub fn drive_lone_king(board: &Board, strong: Color) -> i32 {
    let weak = !strong;
    let weak_alone = board.color_combined(weak).popcnt() == 1;
    if !weak_alone || pieces_value(board, strong) < ROOK {
        return 0;
    }
    let (lone, hunter) = (board.king_square(weak), board.king_square(strong));
    20 * distance_from_centre(lone) + 10 * (7 - king_distance(lone, hunter))
}
// ANCHOR_END: drive

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn board(fen: &str) -> Board {
        Board::from_str(fen).unwrap()
    }

    #[test]
    fn the_lone_king_scores_worse_on_the_edge_and_in_the_corner() {
        let centre = board("8/8/8/3k4/8/8/8/R3K3 w - - 0 1");
        let edge = board("3k4/8/8/8/8/8/8/R3K3 w - - 0 1");
        let corner = board("k7/8/8/8/8/8/8/1R2K3 w - - 0 1");
        let bonus = |b: &Board| drive_lone_king(b, Color::White);
        assert_eq!(bonus(&centre), 30); // in the centre, 4 steps from the other king
        assert_eq!(bonus(&edge), 60); // 3 steps from the centre, 7 from the other king
        assert_eq!(bonus(&corner), 120); // 6 steps from the centre
                                         // Only against a bare king, and only with mating material.
        assert_eq!(
            drive_lone_king(&board("k7/p7/8/8/8/8/8/1R2K3 w - - 0 1"), Color::White),
            0
        );
        assert_eq!(
            drive_lone_king(&board("k7/8/8/8/8/8/8/N3K3 w - - 0 1"), Color::White),
            0
        );
    }

    #[test]
    fn drawish_material_is_scaled_down() {
        assert_eq!(
            scale(&board("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1"), Color::White),
            0
        );
        assert_eq!(
            scale(&board("4k3/8/8/2b5/8/8/8/R3K3 w - - 0 1"), Color::White),
            4
        );
        // Queen against rook is a win: kept whole.
        assert_eq!(
            scale(&board("4k3/8/8/2r5/8/8/8/Q3K3 w - - 0 1"), Color::White),
            16
        );
        // Opposite bishops, pawns only besides: halved. Same-coloured bishops: kept.
        assert_eq!(
            scale(&board("4k3/p4b2/8/8/8/8/PP6/2B1K3 w - - 0 1"), Color::White),
            8
        );
        assert_eq!(
            scale(&board("4k3/p5b1/8/8/8/8/PP6/2B1K3 w - - 0 1"), Color::White),
            16
        );
        // With a pawn to promote, a minor piece ahead is a real advantage.
        assert_eq!(
            scale(&board("4k3/8/8/8/8/8/P7/2B1K3 w - - 0 1"), Color::White),
            16
        );
    }

    #[test]
    fn adjust_keeps_the_sign_and_works_for_black() {
        // Black's rook against White's bishop: Black ahead, scaled to a quarter.
        let b = board("4k3/8/8/2B5/8/8/8/r3K3 w - - 0 1");
        assert_eq!(adjust(&b, -200), -50);
    }
}
