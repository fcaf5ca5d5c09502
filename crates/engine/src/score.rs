//! Scores, depths and plies: the numbers a search passes around.
//!
//! A [`Score`] is always seen from the side to move (negamax convention): `+100` means the
//! player about to move is a pawn up. Mates are encoded as scores near [`Score::MATE`], with the
//! distance to mate in plies subtracted, so that a shorter mate is a *bigger* score and a search
//! that simply maximises prefers it without any special case:
//!
//! ```text
//!   MATE - 1   we mate on the next ply (mate in 1 move)
//!   MATE - 3   mate in 2 moves
//!   -MATE + 2  we are mated in 1 (after our move, the opponent mates)
//! ```
//!
//! [`Display`](std::fmt::Display) writes scores as UCI does: `cp 35`, `mate 3`, `mate -2`.

use serde::Serialize;
use std::fmt;
use std::ops::Neg;

// ANCHOR: score
/// Remaining search depth, in plies (half-moves). `0` means "evaluate here".
pub type Depth = u32;

/// Distance from the root of the search, in plies. The root is ply 0.
pub type Ply = u32;

/// A search result in centipawns from the side to move, or a mate with its distance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize)]
pub struct Score(pub i32);

impl Score {
    /// A draw: the value of stalemate, repetition, the 50-move rule, a dead position.
    pub const DRAW: Score = Score(0);
    /// The score of delivering mate right now (at ply 0). Real mates are `MATE - ply`.
    pub const MATE: Score = Score(30_000);
    /// Bigger than any score a search can return: the initial window is `(-INFINITE, INFINITE)`.
    pub const INFINITE: Score = Score(32_000);
    /// Any score at least this far from zero is a mate score (mates up to 1000 plies away).
    const MATE_BOUND: i32 = 30_000 - 1_000;

    /// The score of giving mate `ply` plies from the root.
    pub const fn mate_in(ply: Ply) -> Score {
        Score(Self::MATE.0 - ply as i32)
    }

    /// The score of being mated `ply` plies from the root (the side to move has no legal move
    /// and is in check).
    pub const fn mated_in(ply: Ply) -> Score {
        Score(-Self::MATE.0 + ply as i32)
    }

    /// A plain centipawn score.
    pub const fn cp(centipawns: i32) -> Score {
        Score(centipawns)
    }

    /// Is this a forced mate, for either side?
    pub const fn is_mate(self) -> bool {
        self.0 >= Self::MATE_BOUND || self.0 <= -Self::MATE_BOUND
    }

    /// Plies to mate (from the root): `Some(n)` for a mate score, `None` otherwise.
    pub fn mate_plies(self) -> Option<u32> {
        self.is_mate().then(|| (Self::MATE.0 - self.0.abs()) as u32)
    }

    /// Mate in moves as UCI reports it: positive when the side to move mates, negative when it
    /// is mated. `mate 1` is a one-move mate; `mate -1` means the opponent mates next move.
    pub fn mate_moves(self) -> Option<i32> {
        self.mate_plies().map(|plies| {
            let moves = (plies as i32 + 1) / 2;
            if self.0 > 0 {
                moves
            } else {
                -moves
            }
        })
    }

    /// Whether this is a mate for the side to move in `moves` moves or fewer (UCI's
    /// `go mate N` stops on one).
    pub fn mates_within(self, moves: u32) -> bool {
        self.mate_moves()
            .is_some_and(|m| m > 0 && m.unsigned_abs() <= moves)
    }

    // ANCHOR_END: score

    /// Centipawns, for non-mate scores.
    pub fn centipawns(self) -> Option<i32> {
        (!self.is_mate()).then_some(self.0)
    }

    // ANCHOR: to_tt
    /// Mate scores are stored in a transposition table relative to the *node*, not the root:
    /// "mate in 3 plies from here" stays true whichever path reaches the node. This converts a
    /// root-relative score found at `ply` into the node-relative form.
    pub fn to_tt(self, ply: Ply) -> Score {
        if self.0 >= Self::MATE_BOUND {
            Score(self.0 + ply as i32)
        } else if self.0 <= -Self::MATE_BOUND {
            Score(self.0 - ply as i32)
        } else {
            self
        }
    }
    // ANCHOR_END: to_tt

    // ANCHOR: from_tt
    /// The inverse of [`Score::to_tt`]: a node-relative stored score, read at `ply`.
    pub fn from_tt(self, ply: Ply) -> Score {
        if self.0 >= Self::MATE_BOUND {
            Score(self.0 - ply as i32)
        } else if self.0 <= -Self::MATE_BOUND {
            Score(self.0 + ply as i32)
        } else {
            self
        }
    }
    // ANCHOR_END: from_tt
}

/// A score as the JSON reports write it: `{"cp": n}`, or `{"mate": n}` with `n` in moves as
/// UCI counts them (negative when the side to move is mated). `Score`'s own `Serialize` is the
/// raw number; this is the readable form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ScoreJson {
    /// Centipawns from the side to move.
    Cp(i32),
    /// Mate in this many moves (see [`Score::mate_moves`]).
    Mate(i32),
}

impl From<Score> for ScoreJson {
    fn from(score: Score) -> ScoreJson {
        match score.mate_moves() {
            Some(moves) => ScoreJson::Mate(moves),
            None => ScoreJson::Cp(score.0),
        }
    }
}

impl ScoreJson {
    /// For `#[serde(serialize_with = "...")]` on a [`Score`] field: writes it as [`ScoreJson`].
    pub fn serialize_score<S: serde::Serializer>(
        score: &Score,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        Serialize::serialize(&ScoreJson::from(*score), serializer)
    }
}

impl Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Beyond any mate: a window's bound, never a search's result (a learner's search that
        // returns its starting `-INFINITE` shows as that, not as a mate a thousand moves away).
        if self.0 > Self::MATE.0 {
            return f.write_str("+inf");
        }
        if self.0 < -Self::MATE.0 {
            return f.write_str("-inf");
        }
        match self.mate_moves() {
            Some(moves) => write!(f, "mate {moves}"),
            None => write!(f, "cp {}", self.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_encoding_prefers_shorter_mates() {
        assert!(Score::mate_in(1) > Score::mate_in(3));
        assert!(Score::mated_in(2) < Score::mated_in(4));
        assert_eq!(Score::mate_in(1).mate_moves(), Some(1));
        assert_eq!(Score::mate_in(3).mate_moves(), Some(2));
        assert_eq!(Score::mated_in(2).mate_moves(), Some(-1));
        // Mate in 2 (3 plies): within 2 moves, not within 1; being mated, or no mate, never.
        assert!(Score::mate_in(3).mates_within(2));
        assert!(!Score::mate_in(3).mates_within(1));
        assert!(!Score::mated_in(2).mates_within(5));
        assert!(!Score::cp(120).mates_within(5));
        assert_eq!(Score::mate_in(5).to_string(), "mate 3");
        assert_eq!(Score::cp(-35).to_string(), "cp -35");
        assert_eq!(Score::cp(120).mate_moves(), None);
        assert_eq!((-Score::INFINITE).to_string(), "-inf");
        assert_eq!(Score::INFINITE.to_string(), "+inf");
    }

    #[test]
    fn tt_adjustment_round_trips() {
        let s = Score::mate_in(7);
        let stored = s.to_tt(4);
        assert_eq!(stored, Score::mate_in(3));
        assert_eq!(stored.from_tt(4), s);
        assert_eq!(stored.from_tt(2), Score::mate_in(5));
        assert_eq!(Score::mated_in(6).to_tt(2), Score::mated_in(4));
        assert_eq!(Score::cp(50).to_tt(9), Score::cp(50));
    }
}
