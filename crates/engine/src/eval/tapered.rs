//! Tapered scores: every weight has a middlegame and an endgame value, blended by the phase.
//!
//! A knight on the rim is bad in the middlegame and worse in the endgame; a king in the centre
//! is a target while queens are on and a strong piece once they are off. One number per term
//! cannot say both, so each weight is a [`Tapered`] pair, and the evaluation adds up the two
//! sums apart. At the end they are mixed by the [`phase`]: 24 with all pieces on the board
//! (knights and bishops count 1, rooks 2, queens 4), 0 with only kings and pawns. The blend is
//! linear, so a score changes smoothly as pieces come off: no cliff for the search to exploit.

use chess::{Board, Piece};
use std::ops::{Add, AddAssign, Mul, Neg, Sub};

/// A middlegame and an endgame value, in centipawns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tapered {
    /// The value with all pieces on the board.
    pub mg: i32,
    /// The value with only kings and pawns left.
    pub eg: i32,
}

impl Tapered {
    /// Zero in both phases.
    pub const ZERO: Tapered = Tapered { mg: 0, eg: 0 };

    /// The pair `(mg, eg)`.
    pub const fn new(mg: i32, eg: i32) -> Tapered {
        Tapered { mg, eg }
    }

    /// The blend at `phase` (0 to [`MAX_PHASE`]): all middlegame at `MAX_PHASE`, all endgame
    /// at 0.
    pub fn blend(self, phase: i32) -> i32 {
        (self.mg * phase + self.eg * (MAX_PHASE - phase)) / MAX_PHASE
    }
}

impl Add for Tapered {
    type Output = Tapered;
    fn add(self, other: Tapered) -> Tapered {
        Tapered::new(self.mg + other.mg, self.eg + other.eg)
    }
}

impl AddAssign for Tapered {
    fn add_assign(&mut self, other: Tapered) {
        *self = *self + other;
    }
}

impl Sub for Tapered {
    type Output = Tapered;
    fn sub(self, other: Tapered) -> Tapered {
        Tapered::new(self.mg - other.mg, self.eg - other.eg)
    }
}

impl Neg for Tapered {
    type Output = Tapered;
    fn neg(self) -> Tapered {
        Tapered::new(-self.mg, -self.eg)
    }
}

impl Mul<i32> for Tapered {
    type Output = Tapered;
    fn mul(self, count: i32) -> Tapered {
        Tapered::new(self.mg * count, self.eg * count)
    }
}

/// The phase with every piece on the board (and the most it counts, with promoted pieces).
pub const MAX_PHASE: i32 = 24;

/// What each piece adds to the phase: pawn, knight, bishop, rook, queen, king.
const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];

// ANCHOR: phase
/// How much of the middlegame is left: [`MAX_PHASE`] with all the pieces on the board, 0 with
/// kings and pawns alone (capped, since promotions can add pieces).
pub fn phase(board: &Board) -> i32 {
    let phase: i32 = [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen]
        .iter()
        .map(|&piece| PHASE_WEIGHT[piece.to_index()] * board.pieces(piece).popcnt() as i32)
        .sum();
    phase.min(MAX_PHASE)
}
// ANCHOR_END: phase

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[test]
    fn phase_runs_from_the_opening_to_bare_kings_and_pawns() {
        assert_eq!(phase(&Board::default()), MAX_PHASE);
        let pawns = Board::from_str("4k3/pppp4/8/8/8/8/4PPPP/4K3 w - - 0 1").unwrap();
        assert_eq!(phase(&pawns), 0);
        let rook_each = Board::from_str("r3k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
        assert_eq!(phase(&rook_each), 4);
    }

    #[test]
    fn blend_is_linear_between_the_phases() {
        let weight = Tapered::new(100, 20);
        assert_eq!(weight.blend(MAX_PHASE), 100);
        assert_eq!(weight.blend(0), 20);
        assert_eq!(weight.blend(MAX_PHASE / 2), 60);
    }
}
