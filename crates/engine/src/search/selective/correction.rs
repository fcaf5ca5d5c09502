//! # Stage 11's correction history: an evaluation that learns where it is wrong
//!
//! An evaluation is wrong in ways that repeat. A structure of pawns it misjudges (a passed pawn
//! that is stronger than it thinks, a blocked centre that is drawish) stays on the board for
//! many moves, and every search of a position with it finds the same error again. The
//! correction history remembers those errors, one running average per key of the pawn
//! structure ([`Game::structure_key`](crate::game::Game::structure_key)), and adds it to
//! the static evaluation before any pruning reads it:
//!
//! - after a node's search, if its score is a better estimate than the static evaluation
//!   (an exact score, or a bound on the right side of it), not a mate, and the node's best
//!   move is quiet (a capture's score says more about the capture than about the
//!   structure), the entry of its key moves toward `score − static evaluation`, by a weight
//!   that grows with the depth searched;
//! - the corrected evaluation is the static evaluation plus the entry.
//!
//! Every entry is bounded ([`CORRECTION_LIMIT`] centipawns either way), so a run of strange
//! searches can shift the evaluation but never turn it around. The table is one of the
//! newest ideas of the strong engines (Stockfish among them calls it *correction history*),
//! and a cousin of the history heuristic: a table that learns from the search's own results.

use crate::score::{Depth, Score};
use crate::tt::Bound;

// ANCHOR: correction
/// The entries of the table (a power of two, so a key's slot is its low bits).
pub const CORRECTION_SLOTS: usize = 1 << 14;
/// The most an entry corrects, in centipawns either way.
pub const CORRECTION_LIMIT: i32 = 96;
/// Entries are kept in 1/`CORRECTION_GRAIN` centipawns, so that small corrections add up.
const CORRECTION_GRAIN: i32 = 256;
/// An update's weight, out of [`CORRECTION_WEIGHT_TOTAL`]: `depth + 1`, at most this.
const CORRECTION_WEIGHT_MAX: i32 = 16;
/// The whole of a weight: an update moves an entry `weight / 256` of the way to what it saw.
const CORRECTION_WEIGHT_TOTAL: i32 = 256;

/// How far, by pawn structure, the static evaluation has been from what searches found.
#[derive(Clone, Debug)]
pub struct CorrectionHistory(Vec<i32>);

impl CorrectionHistory {
    /// An empty table: nothing corrected.
    pub fn new() -> CorrectionHistory {
        CorrectionHistory(vec![0; CORRECTION_SLOTS])
    }

    /// The slot of a structure key.
    fn slot(key: u64) -> usize {
        (key as usize) & (CORRECTION_SLOTS - 1)
    }

    /// The correction, in whole centipawns (rounded), for positions with the structure `key`.
    pub fn correction(&self, key: u64) -> i32 {
        (self.0[Self::slot(key)] + CORRECTION_GRAIN / 2).div_euclid(CORRECTION_GRAIN)
    }

    /// `eval` corrected for the structure `key`, kept clear of the mate scores.
    pub fn correct(&self, key: u64, eval: Score) -> Score {
        let bound = Score::MATE.0 - 1_001; // the largest score that is no mate
        Score((eval.0 + self.correction(key)).clamp(-bound, bound))
    }

    /// A search `depth` plies deep found the structure `key` worth `error` centipawns more
    /// than the static evaluation said: the entry moves toward it, more for a deeper search.
    pub fn learn(&mut self, key: u64, error: i32, depth: Depth) {
        let weight = (depth as i32 + 1).min(CORRECTION_WEIGHT_MAX);
        let target = error.clamp(-CORRECTION_LIMIT, CORRECTION_LIMIT) * CORRECTION_GRAIN;
        let entry = &mut self.0[Self::slot(key)];
        let moved = *entry + (target - *entry) * weight / CORRECTION_WEIGHT_TOTAL;
        *entry = moved.clamp(
            -CORRECTION_LIMIT * CORRECTION_GRAIN,
            CORRECTION_LIMIT * CORRECTION_GRAIN,
        );
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.0.fill(0);
    }
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory::new()
    }
}
// ANCHOR_END: correction

// ANCHOR: worth_learning
/// Whether a node's search result teaches the correction history anything: its score `best`,
/// with `bound`, beside the static evaluation `raw` (`None`: in check, not evaluated). A lower
/// bound says only "at least", so it teaches only when it is above the evaluation; an upper
/// bound only when below. Mates and a capture as the best move teach nothing about the
/// structure.
pub fn worth_learning(raw: Option<Score>, best: Score, bound: Bound, quiet_best: bool) -> bool {
    let Some(raw) = raw else { return false };
    // An exact score is on both sides; a bound must be on its own.
    let on_its_side =
        (bound != Bound::Lower || best > raw) && (bound != Bound::Upper || best < raw);
    quiet_best && on_its_side && !best.is_mate()
}
// ANCHOR_END: worth_learning

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn searches_that_find_the_evaluation_wrong_move_it_toward_what_they_saw() {
        let mut table = CorrectionHistory::new();
        let key = 0xABCD;
        assert_eq!(
            table.correct(key, Score(30)),
            Score(30),
            "nothing learned yet"
        );
        // Searches keep finding the structure 60 cp better than the evaluation says.
        let mut last = 0;
        for _ in 0..100 {
            table.learn(key, 60, 10);
            let now = table.correction(key);
            assert!(now >= last && now <= 60, "moves toward 60: {last} -> {now}");
            last = now;
        }
        assert!(last >= 55, "after many searches nearly all of it: {last}");
        assert_eq!(table.correct(key, Score(30)), Score(30 + last));
        // Another structure is untouched.
        assert_eq!(table.correction(key + 1), 0);
        // A deeper search moves it further than a shallow one.
        let (mut shallow, mut deep) = (CorrectionHistory::new(), CorrectionHistory::new());
        shallow.learn(key, -80, 1);
        deep.learn(key, -80, 12);
        assert!(deep.correction(key) < shallow.correction(key));
        assert!(shallow.correction(key) < 0);
    }

    #[test]
    fn a_correction_is_bounded() {
        let mut table = CorrectionHistory::new();
        for _ in 0..1_000 {
            table.learn(7, 5_000, 30);
        }
        assert_eq!(table.correction(7), CORRECTION_LIMIT);
        for _ in 0..1_000 {
            table.learn(7, -5_000, 30);
        }
        assert_eq!(table.correction(7), -CORRECTION_LIMIT);
        let near_mate = Score(Score::MATE.0 - 1_010);
        assert!(!table.correct(7, -near_mate).is_mate());
        table.clear();
        assert_eq!(table.correction(7), 0);
    }

    #[test]
    fn only_a_score_on_the_right_side_of_the_evaluation_teaches() {
        let raw = Some(Score(20));
        assert!(worth_learning(raw, Score(-50), Bound::Exact, true));
        assert!(worth_learning(raw, Score(90), Bound::Lower, true));
        assert!(!worth_learning(raw, Score(-50), Bound::Lower, true));
        assert!(worth_learning(raw, Score(-50), Bound::Upper, true));
        assert!(!worth_learning(raw, Score(90), Bound::Upper, true));
        assert!(
            !worth_learning(raw, Score(90), Bound::Exact, false),
            "a capture"
        );
        assert!(
            !worth_learning(None, Score(90), Bound::Exact, true),
            "in check"
        );
        assert!(!worth_learning(raw, Score::mate_in(3), Bound::Exact, true));
    }
}
