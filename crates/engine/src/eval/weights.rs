//! The weights of the evaluation, one flat table, and where each term's weights sit in it.
//!
//! The evaluation is a sum of **weights times features**: for every term, count something on
//! the board (White's count minus Black's), multiply by the term's [`Tapered`] weight, add.
//! Keeping every weight in one flat array, each term at a named offset, means a tuner can read
//! the features of a position as a vector of counts and fit the whole array at once, with no
//! knowledge of chess (see [`crate::eval::Features`]).
//!
//! Two sets of values exist. [`Weights::initial`] is hand-set: the simple evaluation's tables
//! for the middlegame, endgame tables that reward centralisation and advanced pawns, and round
//! numbers for the other terms. [`Weights::tuned`], the default, is what `searchlab tune`
//! fitted to self-play games starting from the hand-set ones (generated into
//! [`crate::eval::tuned`]; the book's chapter on tuning tells how). It became the default once
//! it had beaten the hand-set set in a match decided by an SPRT; the switch `-tuned` still
//! plays the hand-set weights.

use crate::eval::simple;
use crate::eval::tapered::Tapered;

// The table's layout (the offset of each term) is its own file, so that the generated tuned
// weights can size themselves by it without importing this one, which reads them.
pub use super::layout::*;

/// Every weight of the evaluation, flat, at the offsets above.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights(pub Vec<Tapered>);

impl Default for Weights {
    /// The tuned weights: they beat the hand-set ones at 5+0.05 s, +66 Elo (+38 to +94) over
    /// 434 games, the SPRT accepting H1 (the book's chapter on tuning has the figures).
    fn default() -> Self {
        Weights::tuned()
    }
}

impl Weights {
    /// The weight at `index`.
    pub fn get(&self, index: usize) -> Tapered {
        self.0[index]
    }

    /// The weights tuned from self-play games ([`crate::eval::tuned`], written by `searchlab
    /// tune`): the default; `-tuned` switches them off for the hand-set ones.
    pub fn tuned() -> Weights {
        Weights(crate::eval::tuned::TUNED.to_vec())
    }

    /// The hand-set starting weights.
    pub fn initial() -> Weights {
        let mut w = vec![Tapered::ZERO; WEIGHT_COUNT];
        let material_mg = [90, 320, 330, 480, 950, 0];
        let material_eg = [115, 290, 310, 530, 960, 0];
        for piece in 0..6 {
            w[MATERIAL + piece] = Tapered::new(material_mg[piece], material_eg[piece]);
        }
        // The middlegame tables are the simple evaluation's (written rank 8 first, hence the
        // mirror `^ 56`); the endgame ones say what changes once queens and most pieces are off.
        let middlegame = [
            &simple::PAWN_TABLE,
            &simple::KNIGHT_TABLE,
            &simple::BISHOP_TABLE,
            &simple::ROOK_TABLE,
            &simple::QUEEN_TABLE,
            &simple::KING_MIDDLEGAME_TABLE,
        ];
        for (piece, table) in middlegame.iter().enumerate() {
            for square in 0..64 {
                let endgame = endgame_square_value(piece, square);
                w[PSQT + piece * 64 + square] = Tapered::new(table[square ^ 56], endgame);
            }
        }
        w[MOBILITY..MOBILITY + 4].copy_from_slice(&[
            Tapered::new(4, 4),
            Tapered::new(5, 5),
            Tapered::new(2, 4),
            Tapered::new(1, 2),
        ]);
        w[DOUBLED_PAWN] = Tapered::new(-10, -20);
        w[ISOLATED_PAWN] = Tapered::new(-10, -15);
        let passed_mg = [0, 0, 5, 10, 20, 35, 60, 0];
        let passed_eg = [0, 10, 15, 25, 45, 75, 120, 0];
        for rank in 0..8 {
            w[PASSED_PAWN + rank] = Tapered::new(passed_mg[rank], passed_eg[rank]);
        }
        w[BISHOP_PAIR] = Tapered::new(30, 50);
        w[ROOK_OPEN_FILE] = Tapered::new(25, 10);
        w[ROOK_SEMI_OPEN_FILE] = Tapered::new(12, 6);
        w[KING_SHIELD] = Tapered::new(12, 0);
        w[KING_OPEN_FILE] = Tapered::new(-20, 0);
        w[KING_ATTACK..KING_ATTACK + 4].copy_from_slice(&[
            Tapered::new(8, 0),
            Tapered::new(6, 0),
            Tapered::new(5, 0),
            Tapered::new(7, 0),
        ]);
        Weights(w)
    }
}

/// The hand-set endgame value of `piece` (0 = pawn … 5 = king) on `square` (from White's
/// side): pawns gain as they advance, pieces and the king gain in the centre.
fn endgame_square_value(piece: usize, square: usize) -> i32 {
    let (file, rank) = ((square % 8) as i32, (square / 8) as i32);
    // 0 in the four centre squares, 6 in the corners.
    let from_centre = (2 * file - 7).abs() / 2 + (2 * rank - 7).abs() / 2;
    match piece {
        0 => [0, -5, 0, 10, 25, 45, 70, 0][rank as usize],
        1 => 12 - 6 * from_centre,
        2 | 4 => 6 - 3 * from_centre,
        3 => [0, 0, 0, 0, 0, 0, 10, 0][rank as usize],
        _ => simple::KING_ENDGAME_TABLE[square ^ 56],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_tile_the_table() {
        assert_eq!(PSQT - MATERIAL, 6);
        assert_eq!(MOBILITY - PSQT, 384);
        assert_eq!(WEIGHT_COUNT, Weights::initial().0.len());
        assert_eq!(
            WEIGHT_COUNT,
            6 + 384 + 4 + 1 + 1 + 8 + 1 + 1 + 1 + 1 + 1 + 4
        );
    }

    #[test]
    fn tables_favour_the_centre_and_the_advanced_pawn() {
        let w = Weights::initial();
        let knight = |square: usize| w.get(PSQT + 64 + square);
        assert!(knight(27).eg > knight(0).eg); // d4 over a1
        let pawn = |square: usize| w.get(PSQT + square);
        assert!(pawn(52).eg > pawn(12).eg); // e7 over e2
        let king = |square: usize| w.get(PSQT + 5 * 64 + square);
        assert!(king(6).mg > king(28).mg); // g1 over e4 with the queens on
        assert!(king(28).eg > king(6).eg); // and the other way round once they are off
    }
}
