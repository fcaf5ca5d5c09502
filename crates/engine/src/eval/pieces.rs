//! Two facts about pieces that their squares alone do not tell.
//!
//! - **The bishop pair.** Two bishops cover both colours of squares; one bishop leaves half the
//!   board to the enemy king and pawns. The pair is worth about half a pawn, more as the board
//!   opens up in the endgame.
//! - **Rooks on open files.** A rook needs a file to work on: one with no pawn at all (open),
//!   or with only enemy pawns (semi-open: the rook presses on them).

use super::sink::{sign, Sink};
use super::weights::{BISHOP_PAIR, ROOK_OPEN_FILE, ROOK_SEMI_OPEN_FILE};
use crate::board::squares_of;
use chess::{get_file, BitBoard, Board, Piece, ALL_COLORS};

// ANCHOR: bishop_pair
/// Counts 1 for a side with two bishops or more.
pub fn bishop_pair<S: Sink>(board: &Board, sink: &mut S) {
    for color in ALL_COLORS {
        let bishops = *board.pieces(Piece::Bishop) & *board.color_combined(color);
        if bishops.popcnt() >= 2 {
            sink.add(BISHOP_PAIR, sign(color));
        }
    }
}
// ANCHOR_END: bishop_pair

// ANCHOR: rook_files
/// Counts each rook on an open file, and each on a semi-open one.
pub fn rook_files<S: Sink>(board: &Board, sink: &mut S) {
    let pawns = *board.pieces(Piece::Pawn);
    for color in ALL_COLORS {
        let own = *board.color_combined(color);
        let (mut open, mut semi_open) = (0, 0);
        for rook in squares_of(*board.pieces(Piece::Rook) & own) {
            let file = get_file(rook.get_file());
            if (file & pawns) == BitBoard(0) {
                open += 1;
            } else if (file & pawns & own) == BitBoard(0) {
                semi_open += 1;
            }
        }
        sink.add(ROOK_OPEN_FILE, sign(color) * open);
        sink.add(ROOK_SEMI_OPEN_FILE, sign(color) * semi_open);
    }
}
// ANCHOR_END: rook_files

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{Evaluation, Features};
    use std::str::FromStr;

    #[test]
    fn the_pair_counts_once_and_only_for_two_bishops() {
        let b = Board::from_str("2b1kb2/8/8/8/8/8/8/2B1K1N1 w - - 0 1").unwrap();
        let mut f = Features::default();
        bishop_pair(&b, &mut f);
        assert_eq!(f.count(BISHOP_PAIR), -1); // Black has the pair, White a bishop and a knight
    }

    #[test]
    fn the_pair_is_worth_its_weight_exactly() {
        // Bishop and knight against the same: the pair's weight, blended, is the difference
        // between two bishops and bishop + knight beyond their material and squares.
        let mut evaluation = Evaluation::default();
        evaluation.terms.endgame = false;
        let pair = Board::from_str("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1").unwrap();
        let with = evaluation.evaluate(&pair).0;
        evaluation.terms.bishop_pair = false;
        let without = evaluation.evaluate(&pair).0;
        let weight = evaluation.weights.get(BISHOP_PAIR);
        assert_eq!(with - without, weight.blend(crate::eval::phase(&pair)));
        assert!(with > without);
    }

    #[test]
    fn rooks_on_open_and_semi_open_files() {
        // White: Rd1 on the open d-file, Ra1 behind its own a2 pawn. Black: Re8 on the e-file,
        // where only White has a pawn (semi-open for Black).
        let b = Board::from_str("4r1k1/p5pp/8/8/8/8/P3P1PP/R2R2K1 w - - 0 1").unwrap();
        let mut f = Features::default();
        rook_files(&b, &mut f);
        assert_eq!(f.count(ROOK_OPEN_FILE), 1);
        assert_eq!(f.count(ROOK_SEMI_OPEN_FILE), -1);
    }
}
