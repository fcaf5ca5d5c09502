//! Where the terms put what they count, and the two helpers every term counts with: a
//! colour's sign in a White-minus-Black sum, and a square as a colour sees it.
//!
//! The terms ([`super::material`], [`super::mobility`], …) import this file and nothing of
//! the evaluation above them; [`super::Evaluation`] imports the terms. So the arrows run one
//! way: the evaluation, then its terms, then the sink.

use super::layout::WEIGHT_COUNT;
use super::tapered::Tapered;
use super::weights::Weights;
use chess::Color;

/// Where the terms of the evaluation put what they count.
pub trait Sink {
    /// Adds `count` (White's count minus Black's) of the feature whose weight is at `index` in
    /// [`Weights`].
    fn add(&mut self, index: usize, count: i32);
}

/// The sink that evaluates: each count times its weight, summed.
pub(crate) struct WeightedSum<'a> {
    weights: &'a [Tapered; WEIGHT_COUNT],
    pub(crate) total: Tapered,
}

impl<'a> WeightedSum<'a> {
    /// An empty sum over `weights`, one per feature. Held as an array of that size, so that
    /// each `add` (two dozen at every evaluation) needs no bounds check.
    pub(crate) fn new(weights: &'a Weights) -> WeightedSum<'a> {
        WeightedSum {
            weights: weights
                .0
                .as_slice()
                .try_into()
                .expect("one weight per feature"),
            total: Tapered::ZERO,
        }
    }
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
