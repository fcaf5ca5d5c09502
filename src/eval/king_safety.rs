//! King safety: a king is safe behind pawns, and in danger when pieces gather next to it.
//!
//! Three counts, all middlegame-only weights (once the queens are off, the king is a fighter,
//! and the tapered tables take over):
//!
//! - the **shield**: own pawns on the king's file and its neighbours, one or two ranks ahead;
//! - **open files** at the king: of those three files, the ones with no own pawn at all;
//! - **attacks** on the zone around the king: for each enemy knight, bishop, rook and queen,
//!   the squares next to the king it attacks (a weight per kind of attacker).
//!
//! This is the linear form of king safety: each attacker adds the same whatever the others do.
//! Real attacks are worth more than the sum of their attackers; a tuner fitting these weights
//! to game results finds the average.

use super::attacks::PieceAttacks;
use super::weights::{KING_ATTACK, KING_OPEN_FILE, KING_SHIELD};
use super::{sign, Sink};
use chess::{
    get_adjacent_files, get_file, get_king_moves, BitBoard, Board, Color, Piece, ALL_COLORS,
};

/// The shield's squares for the king of `color` on `king`: its file and the neighbouring ones,
/// one and two ranks ahead.
pub fn shield_squares(king: chess::Square, color: Color) -> BitBoard {
    let file = king.get_file();
    let files = get_file(file) | get_adjacent_files(file);
    let rank = king.get_rank().to_index() as i32;
    let ahead = |steps: i32| {
        let r = if color == Color::White {
            rank + steps
        } else {
            rank - steps
        };
        if (0..8).contains(&r) {
            BitBoard(0xff << (8 * r))
        } else {
            BitBoard(0)
        }
    };
    files & (ahead(1) | ahead(2))
}

// ANCHOR: count
/// Counts each side's shield pawns and open files at its king, and its attacks on the enemy
/// king's zone.
pub fn count<S: Sink>(board: &Board, attacks: &PieceAttacks, sink: &mut S) {
    let pawns = *board.pieces(Piece::Pawn);
    for color in ALL_COLORS {
        let own = *board.color_combined(color);
        let king = board.king_square(color);
        let shield = (shield_squares(king, color) & pawns & own).popcnt() as i32;
        sink.add(KING_SHIELD, sign(color) * shield);
        let file = king.get_file();
        let open = [Some(file), file_left(file), file_right(file)]
            .into_iter()
            .flatten()
            .filter(|&f| (get_file(f) & pawns & own) == BitBoard(0))
            .count() as i32;
        sink.add(KING_OPEN_FILE, sign(color) * open);
        // This side's pieces against the other king.
        let zone = get_king_moves(board.king_square(!color));
        let mut hits = [0; 4]; // by slot: knights, bishops, rooks, queens
        for &(slot, attacked) in attacks.of(color) {
            hits[slot] += (attacked & zone).popcnt() as i32;
        }
        for (slot, count) in hits.into_iter().enumerate() {
            sink.add(KING_ATTACK + slot, sign(color) * count);
        }
    }
}
// ANCHOR_END: count

fn file_left(file: chess::File) -> Option<chess::File> {
    file.to_index().checked_sub(1).map(chess::File::from_index)
}

fn file_right(file: chess::File) -> Option<chess::File> {
    (file.to_index() < 7).then(|| chess::File::from_index(file.to_index() + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{Evaluation, Features};
    use std::str::FromStr;

    fn features(fen: &str) -> Features {
        let board = Board::from_str(fen).unwrap();
        let mut features = Features::default();
        count(&board, &PieceAttacks::new(&board), &mut features);
        features
    }

    #[test]
    fn a_castled_king_behind_three_pawns_has_a_full_shield() {
        // White: Kg1 with f2 g2 h2; Black: Kg8 with f7 g6 (h-pawn gone, h-file open).
        let f = features("6k1/5p2/6p1/8/8/8/5PPP/6K1 w - - 0 1");
        assert_eq!(f.count(KING_SHIELD), 3 - 2);
        assert_eq!(f.count(KING_OPEN_FILE), -1); // only Black's h-file is open
    }

    #[test]
    fn a_queen_next_to_the_king_attacks_its_zone() {
        // The zone of Black's Kg8 is f8 f7 g7 h7 h8; White's queen on h5 attacks f7 (along the
        // diagonal), h7 and h8 (up the file).
        let f = features("6k1/8/8/7Q/8/8/8/K7 w - - 0 1");
        assert_eq!(f.count(KING_ATTACK + 3), 3);
    }

    #[test]
    fn a_broken_shield_costs_in_the_middlegame() {
        let evaluation = Evaluation::default();
        // Identical but for White's g-pawn on g2 or advanced to g4.
        let whole =
            Board::from_str("r1bq1rk1/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQ1RK1 w - - 0 1")
                .unwrap();
        let broken =
            Board::from_str("r1bq1rk1/pppp1ppp/2n2n2/4p3/4P1P1/2N2N2/PPPP1P1P/R1BQ1RK1 w - - 0 1")
                .unwrap();
        let mut whole_features = Features::default();
        count(&whole, &PieceAttacks::new(&whole), &mut whole_features);
        let mut broken_features = Features::default();
        count(&broken, &PieceAttacks::new(&broken), &mut broken_features);
        assert_eq!(
            whole_features.count(KING_SHIELD) - broken_features.count(KING_SHIELD),
            1
        );
        assert!(evaluation.evaluate(&whole) > evaluation.evaluate(&broken));
    }
}
