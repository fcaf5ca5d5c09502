//! Pawn structure: the skeleton of the position, which changes slowly and matters long.
//!
//! Three classic features, each counted per pawn:
//!
//! - **doubled**: a pawn behind another of its own on the same file. The two block each other
//!   and cover the same squares as one.
//! - **isolated**: no pawn of its own on a neighbouring file, so none can ever defend it; it
//!   must be guarded by pieces.
//! - **passed**: no enemy pawn ahead of it on its file or the neighbouring ones, so only pieces
//!   can stop it. Its weight grows with its rank, steeply in the endgame, where a passed pawn
//!   on the sixth is often worth a piece.

use super::sink::{sign, Sink};
use super::weights::{DOUBLED_PAWN, ISOLATED_PAWN, PASSED_PAWN};
use crate::board::squares_of;
use chess::{get_adjacent_files, get_file, BitBoard, Board, Color, Piece, Square, ALL_COLORS};

/// The squares strictly ahead of `square` for `color` (ranks beyond it, every file).
pub fn ranks_ahead(square: Square, color: Color) -> BitBoard {
    let rank = square.get_rank().to_index() as u32;
    BitBoard(match color {
        Color::White if rank < 7 => !0u64 << (8 * (rank + 1)),
        Color::Black => (1u64 << (8 * rank)) - 1,
        Color::White => 0,
    })
}

/// Is the pawn of `color` on `square` passed, given the enemy's pawns?
pub fn is_passed(square: Square, color: Color, enemy_pawns: BitBoard) -> bool {
    let file = square.get_file();
    let lanes = get_file(file) | get_adjacent_files(file);
    (lanes & ranks_ahead(square, color) & enemy_pawns) == BitBoard(0)
}

// ANCHOR: count
/// Counts doubled, isolated and passed pawns (passed ones by rank).
pub fn count<S: Sink>(board: &Board, sink: &mut S) {
    let pawns = *board.pieces(Piece::Pawn);
    for color in ALL_COLORS {
        let own = pawns & *board.color_combined(color);
        let enemy = pawns & *board.color_combined(!color);
        let (mut doubled, mut isolated) = (0, 0);
        for square in squares_of(own) {
            let file = square.get_file();
            if (get_file(file) & ranks_ahead(square, color) & own) != BitBoard(0) {
                doubled += 1; // counted once for each pawn with another of its own ahead
            }
            if (get_adjacent_files(file) & own) == BitBoard(0) {
                isolated += 1;
            }
            if is_passed(square, color, enemy) {
                let rank = square.get_rank().to_index();
                let rank = if color == Color::White {
                    rank
                } else {
                    7 - rank
                };
                sink.add(PASSED_PAWN + rank, sign(color));
            }
        }
        sink.add(DOUBLED_PAWN, sign(color) * doubled);
        sink.add(ISOLATED_PAWN, sign(color) * isolated);
    }
}
// ANCHOR_END: count

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{Evaluation, Features};
    use std::str::FromStr;

    fn features(fen: &str) -> Features {
        let mut features = Features::default();
        count(&Board::from_str(fen).unwrap(), &mut features);
        features
    }

    #[test]
    fn doubled_and_isolated_pawns_are_counted() {
        // White: c2, c3 doubled and (with no b or d pawn) both isolated; g2 h2 fine.
        let f = features("4k3/pp3ppp/8/8/8/2P5/2P3PP/4K3 w - - 0 1");
        assert_eq!(f.count(DOUBLED_PAWN), 1);
        assert_eq!(f.count(ISOLATED_PAWN), 2);
    }

    #[test]
    fn a_passed_pawn_is_counted_at_its_rank_for_its_side() {
        // White's d5 is passed (nothing on c, d, e ahead); Black's h3 is passed on Black's
        // sixth rank (rank index 5 from Black's side).
        let f = features("4k3/p7/8/3P4/8/7p/8/4K3 w - - 0 1");
        assert_eq!(f.count(PASSED_PAWN + 4), 1);
        assert_eq!(f.count(PASSED_PAWN + 5), -1);
        // a7 is passed too (no white pawn on a or b): Black's second rank, index 1.
        assert_eq!(f.count(PASSED_PAWN + 1), -1);
    }

    #[test]
    fn a_blocked_pawn_is_not_passed() {
        let f = features("4k3/3p4/8/3P4/8/8/8/4K3 w - - 0 1");
        assert_eq!(
            f.0.iter()
                .filter(|&&(i, _)| (PASSED_PAWN..PASSED_PAWN + 8).contains(&i))
                .count(),
            0
        );
    }

    #[test]
    fn a_far_advanced_passed_pawn_is_worth_more_in_the_endgame() {
        // Same material; White's pawn on the 6th against one on the 3rd. The hand-set weights
        // say by how much (passed-pawn bonus 75 v 15, square 45 v 0 in the endgame); the tuned
        // ones must at least agree which is better.
        let far = Board::from_str("4k3/8/3P4/8/8/8/8/4K3 w - - 0 1").unwrap();
        let near = Board::from_str("4k3/8/8/8/8/3P4/8/4K3 w - - 0 1").unwrap();
        let gap =
            |evaluation: &Evaluation| evaluation.evaluate(&far).0 - evaluation.evaluate(&near).0;
        let hand_set = gap(&Evaluation::with_weights(crate::eval::Weights::initial()));
        assert!(hand_set >= 100, "gap {hand_set}");
        let tuned = gap(&Evaluation::with_weights(crate::eval::Weights::tuned()));
        assert!(tuned > 0, "gap {tuned}");
    }
}
