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
use super::sink::{sign, Sink};
use super::weights::{KING_ATTACK, KING_OPEN_FILE, KING_SHIELD};
use chess::{BitBoard, Board, Color, Piece, Square, ALL_COLORS};

/// The shield's squares for the king of `color` on `king`: its file and the neighbouring ones,
/// one and two ranks ahead.
pub fn shield_squares(king: Square, color: Color) -> BitBoard {
    BitBoard(SHIELDS[color.to_index()][king.to_index()])
}

/// [`shield_squares`] for every colour (White, Black) and square, worked out once, by the
/// compiler: the evaluation asks for two at every position.
const SHIELDS: [[u64; 64]; 2] = {
    let mut table = [[0; 64]; 2];
    let mut square = 0;
    while square < 64 {
        let (files, rank) = (files_around(square % 8), square / 8);
        // White's shield is one and two ranks up, Black's one and two down, on the board.
        let mut ahead = 1;
        while ahead <= 2 {
            if rank + ahead < 8 {
                table[0][square] |= files << (8 * (rank + ahead));
            }
            if rank >= ahead {
                table[1][square] |= files << (8 * (rank - ahead));
            }
            ahead += 1;
        }
        square += 1;
    }
    table
};

/// The files `file` (0 for the a-file) and its neighbours, a bit each: as a rank of the board,
/// a-file lowest.
const fn files_around(file: usize) -> u64 {
    (0b111 << file >> 1) & 0xff
}

/// The files that hold a square of `squares`, a bit each as in [`files_around`]: the board's
/// ranks folded onto one.
fn files_of(squares: BitBoard) -> u64 {
    let mut bits = squares.0;
    bits |= bits >> 32;
    bits |= bits >> 16;
    bits |= bits >> 8;
    bits & 0xff
}

// ANCHOR: count
/// Counts each side's shield pawns and open files at its king, and its attacks on the enemy
/// king's zone ([`king_zone`](super::attacks::king_zone); counted once per evaluation, with mobility's, in [`PieceAttacks`]).
pub fn count<S: Sink>(board: &Board, attacks: &PieceAttacks, sink: &mut S) {
    let pawns = *board.pieces(Piece::Pawn);
    for color in ALL_COLORS {
        let own_pawns = pawns & *board.color_combined(color);
        let king = board.king_square(color);
        let shield = (shield_squares(king, color) & own_pawns).popcnt() as i32;
        sink.add(KING_SHIELD, sign(color) * shield);
        // The king's file and its neighbours with no pawn of its own.
        let around = files_around(king.get_file().to_index());
        let open = (around & !files_of(own_pawns)).count_ones() as i32;
        sink.add(KING_OPEN_FILE, sign(color) * open);
        // This side's pieces against the other king.
        for (slot, count) in attacks.in_king_zone(color).into_iter().enumerate() {
            sink.add(KING_ATTACK + slot, sign(color) * count);
        }
    }
}
// ANCHOR_END: count

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
    fn the_shield_is_the_kings_files_one_and_two_ranks_ahead() {
        use chess::{get_adjacent_files, get_file, get_rank, Rank, ALL_SQUARES};
        for color in ALL_COLORS {
            for king in ALL_SQUARES {
                let files = get_file(king.get_file()) | get_adjacent_files(king.get_file());
                let rank = king.get_rank().to_index() as i32;
                let ahead = |steps: i32| {
                    let r = if color == Color::White {
                        rank + steps
                    } else {
                        rank - steps
                    };
                    match (0..8).contains(&r) {
                        true => get_rank(Rank::from_index(r as usize)),
                        false => BitBoard(0),
                    }
                };
                let expected = files & (ahead(1) | ahead(2));
                assert_eq!(
                    shield_squares(king, color),
                    expected,
                    "{color:?} king on {king}"
                );
            }
        }
    }

    #[test]
    fn open_files_are_counted_on_the_board_edge_too() {
        // White's king on a1 with pawns on a2 only: the b-file is open (two files to look at);
        // Black's on e8 with pawns on d7 and f7: the e-file is open.
        let f = features("4k3/3p1p2/8/8/8/8/P7/K7 w - - 0 1");
        assert_eq!(f.count(KING_OPEN_FILE), 1 - 1);
        let f = features("4k3/3ppp2/8/8/8/8/8/K7 w - - 0 1");
        assert_eq!(f.count(KING_OPEN_FILE), 2);
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
