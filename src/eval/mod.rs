//! # The evaluations
//!
//! Two evaluations live here, one per purpose:
//!
//! - [`simple`]: material, piece-square tables and mobility, small and fixed. Stages 1–7 use
//!   it (it is [`Game::evaluate`](crate::Game::evaluate) for chess), so their chapters' node
//!   counts and scores stay exact as the evaluation below grows.
//! - [`Evaluation`]: the full evaluation of stage 8 and up, written as **weights times
//!   features**. Each idea is a file that counts something on the board, White's count minus
//!   Black's, and hands the count to a [`Sink`] with the index of its weight:
//!   [`material`] (material and tapered piece-square tables), [`mobility`], [`pawns`]
//!   (doubled, isolated, passed), [`king_safety`] (shield, open files, attackers near the
//!   king), [`pieces`] (bishop pair, rooks on open files); then [`endgame`] adds what the
//!   search cannot find alone (drive a lone king to the edge; scale down drawish material).
//!
//! The sink decides what the counts become. To evaluate, it multiplies each by its
//! [`Tapered`] weight and sums; to tune, it keeps the counts themselves ([`Features`]), which
//! is all a tuner needs to fit the weights to game results. One code path, so what is tuned is
//! exactly what is searched.
//!
//! Every term can be switched off by name ([`Terms`]), which is how each one's gain was
//! measured: a match of the stage with the term against the stage without it.

pub mod endgame;
pub mod king_safety;
pub mod material;
pub mod mobility;
pub mod pawns;
pub mod pieces;
pub mod simple;
pub mod tapered;
pub mod weights;

pub use simple::{evaluate, PIECE_VALUES};
pub use tapered::{phase, Tapered, MAX_PHASE};
pub use weights::Weights;

use crate::game::Evaluator;
use crate::games::Chess;
use crate::score::Score;
use chess::{Board, Color};

/// Where the terms of the evaluation put what they count.
pub trait Sink {
    /// Adds `count` (White's count minus Black's) of the feature whose weight is at `index` in
    /// [`Weights`].
    fn add(&mut self, index: usize, count: i32);
}

/// The sink that evaluates: each count times its weight, summed.
struct WeightedSum<'a> {
    weights: &'a [Tapered],
    total: Tapered,
}

impl Sink for WeightedSum<'_> {
    #[inline]
    fn add(&mut self, index: usize, count: i32) {
        self.total += self.weights[index] * count;
    }
}

/// The features of a position as a tuner sees them: `(index, count)` for every count a term
/// added (an index may appear more than once: the counts add up).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Features(pub Vec<(usize, i32)>);

impl Sink for Features {
    fn add(&mut self, index: usize, count: i32) {
        if count != 0 {
            self.0.push((index, count));
        }
    }
}

impl Features {
    /// The total count of the feature at `index`.
    pub fn count(&self, index: usize) -> i32 {
        self.0
            .iter()
            .filter(|&&(i, _)| i == index)
            .map(|&(_, c)| c)
            .sum()
    }
}

/// The names of the terms that can be switched off, in the order [`Terms`] lists them.
pub const TERM_NAMES: &[&str] = &[
    "tapered",
    "mobility",
    "pawns",
    "king_safety",
    "bishop_pair",
    "rook_files",
    "endgame",
];

/// Which terms the evaluation counts. Material and the piece-square tables are always on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terms {
    /// Blend middlegame and endgame weights by the phase (off: middlegame weights only).
    pub tapered: bool,
    /// [`mobility`].
    pub mobility: bool,
    /// [`pawns`]: doubled, isolated and passed pawns.
    pub pawns: bool,
    /// [`king_safety`].
    pub king_safety: bool,
    /// [`pieces::bishop_pair`].
    pub bishop_pair: bool,
    /// [`pieces::rook_files`].
    pub rook_files: bool,
    /// [`endgame`]: the lone king driven to the edge, drawish material scaled down.
    pub endgame: bool,
}

impl Default for Terms {
    fn default() -> Self {
        Terms {
            tapered: true,
            mobility: true,
            pawns: true,
            king_safety: true,
            bishop_pair: true,
            rook_files: true,
            endgame: true,
        }
    }
}

impl Terms {
    /// The flag of the term called `name` (one of [`TERM_NAMES`]); `None` if there is none.
    fn flag(&mut self, name: &str) -> Option<&mut bool> {
        Some(match name {
            "tapered" => &mut self.tapered,
            "mobility" => &mut self.mobility,
            "pawns" => &mut self.pawns,
            "king_safety" => &mut self.king_safety,
            "bishop_pair" => &mut self.bishop_pair,
            "rook_files" => &mut self.rook_files,
            "endgame" => &mut self.endgame,
            _ => return None,
        })
    }

    /// Switches the term called `name` (one of [`TERM_NAMES`]) on or off; `false` if there is
    /// no such term.
    pub fn set(&mut self, name: &str, on: bool) -> bool {
        self.flag(name).map(|flag| *flag = on).is_some()
    }

    /// Whether the term called `name` is on; `None` if there is no such term.
    pub fn is_on(&self, name: &str) -> Option<bool> {
        let mut terms = *self;
        terms.flag(name).map(|flag| *flag)
    }
}

/// The full evaluation: the weights, and which terms are on.
#[derive(Clone, Debug, Default)]
pub struct Evaluation {
    /// Every weight, at the offsets of [`weights`].
    pub weights: Weights,
    /// The terms counted.
    pub terms: Terms,
}

impl Evaluation {
    // ANCHOR: evaluate
    /// The value of `board` for the side to move, in centipawns.
    pub fn evaluate(&self, board: &Board) -> Score {
        let mut sum = WeightedSum {
            weights: &self.weights.0,
            total: Tapered::ZERO,
        };
        self.count_features(board, &mut sum);
        let phase = if self.terms.tapered {
            phase(board)
        } else {
            MAX_PHASE
        };
        let mut white = sum.total.blend(phase);
        if self.terms.endgame {
            white = endgame::adjust(board, white);
        }
        Score(match board.side_to_move() {
            Color::White => white,
            Color::Black => -white,
        })
    }
    // ANCHOR_END: evaluate

    // ANCHOR: features
    /// Hands every term's counts to `sink`: the evaluation without its weights.
    pub fn count_features<S: Sink>(&self, board: &Board, sink: &mut S) {
        material::count(board, sink);
        if self.terms.mobility {
            mobility::count(board, sink);
        }
        if self.terms.pawns {
            pawns::count(board, sink);
        }
        if self.terms.king_safety {
            king_safety::count(board, sink);
        }
        if self.terms.bishop_pair {
            pieces::bishop_pair(board, sink);
        }
        if self.terms.rook_files {
            pieces::rook_files(board, sink);
        }
    }
    // ANCHOR_END: features

    /// The features of `board` as a tuner sees them (see [`Features`]).
    pub fn features(&self, board: &Board) -> Features {
        let mut features = Features::default();
        self.count_features(board, &mut features);
        features
    }
}

impl Evaluator<Chess> for Evaluation {
    fn evaluate(&mut self, game: &Chess) -> Score {
        Evaluation::evaluate(self, game.board())
    }

    fn terms(&self) -> &'static [&'static str] {
        TERM_NAMES
    }

    fn set_term(&mut self, name: &str, on: bool) -> bool {
        self.terms.set(name, on)
    }
}

/// `+1` for White, `-1` for Black: the sign of a count in a White-minus-Black sum.
pub(crate) fn sign(color: Color) -> i32 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// `square` (0 = a1) as `color` sees it: its own first rank is rank 0.
pub(crate) fn relative(square: usize, color: Color) -> usize {
    match color {
        Color::White => square,
        Color::Black => square ^ 56,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn board(fen: &str) -> Board {
        Board::from_str(fen).expect("a valid test FEN")
    }

    #[test]
    fn terms_are_switched_and_read_by_the_same_names() {
        let mut terms = Terms::default();
        for name in TERM_NAMES {
            assert_eq!(terms.is_on(name), Some(true), "{name}");
            assert!(terms.set(name, false));
            assert_eq!(terms.is_on(name), Some(false), "{name}");
        }
        assert!(!terms.set("material", false));
        assert_eq!(terms.is_on("material"), None);
    }

    #[test]
    fn the_start_is_level_and_mirrors_are_equal() {
        let evaluation = Evaluation::default();
        assert_eq!(evaluation.evaluate(&Board::default()), Score(0));
        let a = board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let b = board("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3");
        assert_eq!(evaluation.evaluate(&a), evaluation.evaluate(&b));
    }

    #[test]
    fn the_weighted_features_are_the_evaluation() {
        // With the endgame knowledge off, the score is exactly the features times the weights.
        let mut evaluation = Evaluation::default();
        evaluation.terms.endgame = false;
        let b = board("r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/P3BPPP/R2QK2R w KQ - 0 10");
        let features = evaluation.features(&b);
        let total = features.0.iter().fold(Tapered::ZERO, |t, &(i, c)| {
            t + evaluation.weights.get(i) * c
        });
        assert_eq!(evaluation.evaluate(&b), Score(total.blend(phase(&b))));
    }

    #[test]
    fn terms_are_switched_by_name() {
        let mut terms = Terms::default();
        for name in TERM_NAMES {
            assert!(terms.set(name, false), "{name}");
        }
        assert!(!terms.set("no_such_term", false));
        assert!(!terms.mobility && !terms.endgame);
    }
}
