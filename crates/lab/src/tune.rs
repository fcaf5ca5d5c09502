//! Texel's method: the evaluation's weights fitted to game results, `searchlab tune`.
//!
//! The idea (Peter Österlund's, for his engine Texel, 2014): a good evaluation predicts who
//! wins. Map a score to an expected result with a sigmoid,
//!
//! ```text
//!     expected(position) = 1 / (1 + e^(−K · eval(position)))        (0 = Black wins, 1 = White)
//! ```
//!
//! and measure the evaluation by its mean squared error over many positions whose game
//! results are known (the data of [`crate::datagen`]):
//!
//! ```text
//!     E(weights) = 1/N · Σ (result − expected)²
//! ```
//!
//! The weights that make `E` smallest predict results best. Two steps find them:
//!
//! 1. **Fit K** with the weights as they are: `K` only converts centipawns to winning chances,
//!    and it is chosen once, so that the starting weights are judged fairly ([`fit_k`]).
//! 2. **Minimise E over the weights** with `K` fixed. The evaluation is *weights times features*
//!    ([`searchlab_engine::eval::Features`]), so `eval` is linear in the weights and the gradient is exact
//!    and cheap: for a weight `w` counted `c` times in a position at phase `φ` (of 24),
//!    `∂eval/∂w_mg = c · φ/24` and `∂eval/∂w_eg = c · (24 − φ)/24`, and by the chain rule
//!    `∂E/∂w = −2/N · Σ (result − p) · p(1 − p) · K · ∂eval/∂w`. The steps are taken by
//!    **Adam** ([`Adam`]), which scales each weight's step by how large and how steady its
//!    gradient has been: rarely seen piece-square entries move as readily as material.
//!
//! The endgame knowledge ([`searchlab_engine::eval::endgame`]) is not a weighted count: its scaling of
//! drawish material multiplies the score (so the model multiplies too, and the gradient with
//! it), and positions where it drives a lone king are left out of the data.
//!
//! Material and piece-square values overlap (a knight counts once for its material and once on
//! its square), so many weight sets give the same evaluation; [`normalise`] moves each table's
//! average into the material value, which changes no score and makes the tables readable.
//!
//! What a run found is written out as Rust, for the engine to compile in, by [`source`].

use crate::adam::Adam;
use crate::datagen::position_lines;
use chess::Color;
use searchlab_engine::error::{Error, Result};
use searchlab_engine::eval::weights::{MATERIAL, PSQT, WEIGHT_COUNT};
use searchlab_engine::eval::{endgame, phase, Evaluation, Tapered, Weights, MAX_PHASE};
use searchlab_engine::games::Chess;
use std::thread;

/// One training position: where its features sit, its phase, the scale factors of the endgame
/// knowledge for either side ahead, what the tuner aims at (`result`: the game's result, or a
/// blend with the search's score, see [`TrainingSet::blend_with_scores`]), and what it was
/// made from.
#[derive(Clone, Copy, Debug)]
struct Entry {
    start: u32,
    len: u16,
    phase: u8,
    scale_white: u8,
    scale_black: u8,
    result: f32,
    game_result: f32,
    /// The search's score (White's view), NaN where the data gave none.
    score: f32,
}

/// Positions as the tuner uses them: each one's feature counts, and the result.
#[derive(Clone, Debug, Default)]
pub struct TrainingSet {
    /// Every position's `(weight index, count)` pairs, one after another.
    features: Vec<(u16, i16)>,
    entries: Vec<Entry>,
    /// Lines skipped because a lone king is being driven (see the module docs).
    pub skipped: usize,
}

impl TrainingSet {
    /// How many positions there are.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Adds a position (a FEN) with White's `result` (1, 0.5 or 0), its features counted by
    /// `evaluation`'s terms. Returns `false` (and adds nothing) where a lone king is driven.
    pub fn add(&mut self, evaluation: &Evaluation, fen: &str, result: f32) -> Result<bool> {
        self.add_scored(evaluation, fen, result, None)
    }

    /// [`TrainingSet::add`], keeping the search's `score` (centipawns, White's view) too, for
    /// [`TrainingSet::blend_with_scores`].
    pub fn add_scored(
        &mut self,
        evaluation: &Evaluation,
        fen: &str,
        result: f32,
        score: Option<i32>,
    ) -> Result<bool> {
        let game = Chess::from_fen(fen)?;
        let board = game.board();
        let terms = evaluation.terms;
        if terms.endgame
            && (endgame::drive_lone_king(board, Color::White) != 0
                || endgame::drive_lone_king(board, Color::Black) != 0)
        {
            self.skipped += 1;
            return Ok(false);
        }
        let features = evaluation.features(board);
        let start = self.features.len() as u32;
        self.features.extend(
            features
                .0
                .iter()
                .map(|&(index, count)| (index as u16, count as i16)),
        );
        let scale = |color| {
            if terms.endgame {
                endgame::scale(board, color) as u8
            } else {
                16
            }
        };
        self.entries.push(Entry {
            start,
            len: features.0.len() as u16,
            phase: if terms.tapered {
                phase(board)
            } else {
                MAX_PHASE
            } as u8,
            scale_white: scale(Color::White),
            scale_black: scale(Color::Black),
            result,
            game_result: result,
            score: score.map_or(f32::NAN, |s| s as f32),
        });
        Ok(true)
    }

    /// Reads a data file's text (`FEN | score | result` lines, `#` comments; see
    /// [`crate::datagen`]), counting features with `evaluation`'s terms.
    pub fn parse(text: &str, evaluation: &Evaluation) -> Result<TrainingSet> {
        let mut set = TrainingSet::default();
        for line in position_lines(text) {
            let line = line?;
            set.add_scored(evaluation, line.fen, line.result, Some(line.score))
                .map_err(|error| Error::DataLine {
                    line: line.line,
                    reason: error.to_string(),
                })?;
        }
        Ok(set)
    }

    // ANCHOR: blend
    /// Aims the tuner at `lambda · result + (1 − lambda) · sigmoid(k · score)` instead of the
    /// result alone: a game's result says who won in the end, a noisy verdict on a position
    /// forty moves earlier; the search's score says what a deeper look thought of this very
    /// position. `lambda = 1` is Texel's method as published. Positions without a score keep
    /// their result.
    pub fn blend_with_scores(&mut self, k: f64, lambda: f64) {
        for entry in &mut self.entries {
            entry.result = if entry.score.is_nan() {
                entry.game_result
            } else {
                let predicted = sigmoid(k, f64::from(entry.score));
                (lambda * f64::from(entry.game_result) + (1.0 - lambda) * predicted) as f32
            };
        }
    }
    // ANCHOR_END: blend

    fn features_of(&self, entry: &Entry) -> &[(u16, i16)] {
        &self.features[entry.start as usize..entry.start as usize + entry.len as usize]
    }
}

/// The weights as the tuner moves them: middlegame and endgame value of each, as reals.
#[derive(Clone, Debug, PartialEq)]
pub struct RealWeights(pub Vec<[f64; 2]>);

impl RealWeights {
    /// The weights of `weights`, as reals.
    pub fn from_weights(weights: &Weights) -> RealWeights {
        RealWeights(
            weights
                .0
                .iter()
                .map(|w| [f64::from(w.mg), f64::from(w.eg)])
                .collect(),
        )
    }

    /// Every weight 0: tuning from scratch.
    pub fn zero() -> RealWeights {
        RealWeights(vec![[0.0; 2]; WEIGHT_COUNT])
    }

    /// Rounded to whole centipawns.
    pub fn to_weights(&self) -> Weights {
        Weights(
            self.0
                .iter()
                .map(|&[mg, eg]| Tapered::new(mg.round() as i32, eg.round() as i32))
                .collect(),
        )
    }
}

/// The model's evaluation of `entry` (White's view) and how much each weight's linear sum is
/// scaled by (the endgame knowledge's factor, over 16).
fn model_eval(set: &TrainingSet, entry: &Entry, weights: &RealWeights) -> (f64, f64) {
    let phase = f64::from(entry.phase) / f64::from(MAX_PHASE);
    let mut mg = 0.0;
    let mut eg = 0.0;
    for &(index, count) in set.features_of(entry) {
        let [w_mg, w_eg] = weights.0[index as usize];
        mg += w_mg * f64::from(count);
        eg += w_eg * f64::from(count);
    }
    let linear = mg * phase + eg * (1.0 - phase);
    let scale = if linear >= 0.0 {
        entry.scale_white
    } else {
        entry.scale_black
    };
    let factor = f64::from(scale) / 16.0;
    (linear * factor, factor)
}

/// The sigmoid that turns a score into an expected result: `1 / (1 + e^(−k · eval))`, 0.5 at
/// an even score. The lab's one sigmoid: the network trainer's ([`crate::train`]) is this
/// one with `k = 1`, its scores being in units of the network's scale already.
pub fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + (-k * eval).exp())
}

/// The chunks of `set` that `threads` threads each take.
fn chunks(set: &TrainingSet, threads: usize) -> impl Iterator<Item = &[Entry]> {
    let size = set.entries.len().div_ceil(threads.max(1)).max(1);
    set.entries.chunks(size)
}

// ANCHOR: error
/// The mean squared error `E` of `weights` on `set` with the scaling constant `k`.
pub fn mean_squared_error(set: &TrainingSet, weights: &RealWeights, k: f64, threads: usize) -> f64 {
    if set.is_empty() {
        return 0.0;
    }
    let total: f64 = thread::scope(|scope| {
        let handles: Vec<_> = chunks(set, threads)
            .map(|chunk| {
                scope.spawn(move || {
                    chunk
                        .iter()
                        .map(|entry| {
                            let (eval, _) = model_eval(set, entry, weights);
                            (f64::from(entry.result) - sigmoid(k, eval)).powi(2)
                        })
                        .sum::<f64>()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or(0.0)).sum()
    });
    total / set.len() as f64
}
// ANCHOR_END: error

// ANCHOR: gradient
/// The gradient of `E` with respect to every weight (middlegame and endgame part), exact:
/// the evaluation is linear in the weights (times the endgame scale).
pub fn gradient(set: &TrainingSet, weights: &RealWeights, k: f64, threads: usize) -> RealWeights {
    let n = set.len().max(1) as f64;
    let partials: Vec<Vec<[f64; 2]>> = thread::scope(|scope| {
        let handles: Vec<_> = chunks(set, threads)
            .map(|chunk| {
                scope.spawn(move || {
                    let mut grad = vec![[0.0; 2]; weights.0.len()];
                    for entry in chunk {
                        let (eval, factor) = model_eval(set, entry, weights);
                        let p = sigmoid(k, eval);
                        // dE/d(eval) for this position, before the feature's share.
                        let d = -2.0 * (f64::from(entry.result) - p) * p * (1.0 - p) * k * factor;
                        let phase = f64::from(entry.phase) / f64::from(MAX_PHASE);
                        let (d_mg, d_eg) = (d * phase, d * (1.0 - phase));
                        for &(index, count) in set.features_of(entry) {
                            let g = &mut grad[index as usize];
                            g[0] += d_mg * f64::from(count);
                            g[1] += d_eg * f64::from(count);
                        }
                    }
                    grad
                })
            })
            .collect();
        handles.into_iter().filter_map(|h| h.join().ok()).collect()
    });
    let mut total = vec![[0.0; 2]; weights.0.len()];
    for partial in partials {
        for (t, p) in total.iter_mut().zip(partial) {
            t[0] += p[0] / n;
            t[1] += p[1] / n;
        }
    }
    RealWeights(total)
}
// ANCHOR_END: gradient

// ANCHOR: fit_k
/// The `K` that makes `weights` fit `set` best: a golden-section search on `E(K)`, which has
/// one minimum (too small a `K` calls every game a draw, too large one calls every lead a win).
pub fn fit_k(set: &TrainingSet, weights: &RealWeights, threads: usize) -> f64 {
    let error = |k: f64| mean_squared_error(set, weights, k, threads);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (0.0001, 0.05);
    let mut a = high - ratio * (high - low);
    let mut b = low + ratio * (high - low);
    let (mut error_a, mut error_b) = (error(a), error(b));
    for _ in 0..40 {
        if error_a < error_b {
            high = b;
            b = a;
            error_b = error_a;
            a = high - ratio * (high - low);
            error_a = error(a);
        } else {
            low = a;
            a = b;
            error_a = error_b;
            b = low + ratio * (high - low);
            error_b = error(b);
        }
    }
    (low + high) / 2.0
}
// ANCHOR_END: fit_k

// ANCHOR: normalise
/// Moves each piece's average piece-square value into its material value: every score stays
/// the same (each piece counts once for material and once on one square), and the tables then
/// read as "better or worse than this piece's average square". Pawns average over the 48
/// squares they can stand on; the king has no material value to take the average.
pub fn normalise(weights: &mut RealWeights) {
    for piece in 0..5 {
        let squares: Vec<usize> = if piece == 0 {
            (8..56).collect()
        } else {
            (0..64).collect()
        };
        for part in 0..2 {
            let mean = squares
                .iter()
                .map(|&sq| weights.0[PSQT + 64 * piece + sq][part])
                .sum::<f64>()
                / squares.len() as f64;
            for &sq in &squares {
                weights.0[PSQT + 64 * piece + sq][part] -= mean;
            }
            weights.0[MATERIAL + piece][part] += mean;
        }
    }
}
// ANCHOR_END: normalise

/// What one run of the tuner found.
#[derive(Clone, Debug)]
pub struct TuneReport {
    /// The fitted scaling constant.
    pub k: f64,
    /// The error before the first epoch, then after each.
    pub errors: Vec<f64>,
    /// The tuned weights, normalised, as reals.
    pub weights: RealWeights,
}

// ANCHOR: presence
/// How much of the data each weight's feature appears in, middlegame and endgame part apart:
/// a position where the feature is counted adds its phase share (`φ/24` to the middlegame part,
/// the rest to the endgame part). A king on the eighth rank in the middlegame is rare; its
/// weight rests on a handful of positions, and a tuner fits their noise.
pub fn presence(set: &TrainingSet) -> Vec<[f64; 2]> {
    let mut seen = vec![[0.0; 2]; WEIGHT_COUNT];
    for entry in &set.entries {
        let phase = f64::from(entry.phase) / f64::from(MAX_PHASE);
        for &(index, _) in set.features_of(entry) {
            if let Some(s) = seen.get_mut(index as usize) {
                s[0] += phase;
                s[1] += 1.0 - phase;
            }
        }
    }
    seen
}
// ANCHOR_END: presence

/// Whether a weight value seen in `presence` positions keeps its start value under
/// `min_presence`: the one rule [`tune`] holds by and [`Holding`] counts by.
pub fn is_held(presence: f64, min_presence: f64) -> bool {
    presence < min_presence
}

/// What a `min_presence` does to the weights of some data, so that a run which holds every
/// weight can say so before it starts (on a small file the default, made for a million
/// positions, holds them all, and the epochs would change nothing).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Holding {
    /// Weight values (a middlegame and an endgame one each) kept at their start values.
    pub held: usize,
    /// Weight values free to move.
    pub free: usize,
    /// The largest presence of any value.
    pub most: f64,
    /// The presence of the value at the top tenth of those the data shows at all: a
    /// `min_presence` no higher frees at least the tenth seen most. (A bar that frees half,
    /// the median's, let the shipped sample's 67 games over-fit: its held-out error rose.)
    pub top_tenth: f64,
}

impl Holding {
    /// What `min_presence` holds, given each weight's [`presence`] ([`is_held`]).
    pub fn of(seen: &[[f64; 2]], min_presence: f64) -> Holding {
        let values = || seen.iter().flatten().copied();
        let held = values().filter(|&s| is_held(s, min_presence)).count();
        let mut shown: Vec<f64> = values().filter(|&s| s > 0.0).collect();
        shown.sort_by(f64::total_cmp);
        let tenth = shown.len().div_ceil(10);
        Holding {
            held,
            free: 2 * seen.len() - held,
            most: shown.last().copied().unwrap_or(0.0),
            top_tenth: shown.get(shown.len() - tenth).copied().unwrap_or(0.0),
        }
    }
}

// ANCHOR: tune
/// How a tuning run steps: `epochs` full passes, Adam's step size starting at `rate` (about
/// the most a weight moves in one epoch, in centipawns), on `threads` threads, moving only the
/// weights the data shows in at least `min_presence` positions (see [`presence`]; 0 moves
/// every weight).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    /// Full passes over the data, one Adam step each.
    pub epochs: usize,
    /// The first step size; it falls linearly to a tenth of this over the run.
    pub rate: f64,
    /// Threads for the error and the gradient (the results do not depend on it).
    pub threads: usize,
    /// Weights seen in fewer positions keep their starting values.
    pub min_presence: f64,
}

impl Schedule {
    /// `epochs` at `rate` on one thread, every weight moving.
    pub fn new(epochs: usize, rate: f64) -> Schedule {
        Schedule {
            epochs,
            rate,
            threads: 1,
            min_presence: 0.0,
        }
    }
}

/// Tunes `start` on `set` with Adam, `K` fixed, as `schedule` says. The step size falls
/// linearly from the schedule's rate to a tenth of it: big steps while the weights are far
/// off, small ones to settle. Weights whose [`presence`] is below the schedule's
/// `min_presence` (middlegame and endgame part apart) keep their starting values: Adam scales
/// every step to about the rate however small the gradient, so a weight seen in a few dozen
/// positions would otherwise move as far as material and fit their noise. `progress` hears of
/// each epoch with its error and the weights reached (not yet normalised).
pub fn tune(
    set: &TrainingSet,
    start: RealWeights,
    k: f64,
    schedule: &Schedule,
    mut progress: impl FnMut(usize, f64, &RealWeights),
) -> TuneReport {
    let Schedule {
        epochs,
        rate,
        threads,
        min_presence,
    } = *schedule;
    let seen = presence(set);
    let mut weights = start;
    let mut adam = Adam::new(2 * weights.0.len(), rate);
    let mut errors = vec![mean_squared_error(set, &weights, k, threads)];
    for epoch in 1..=epochs {
        let done = (epoch - 1) as f64 / epochs.max(1) as f64;
        adam.rate = rate * (1.0 - 0.9 * done);
        let mut grad = gradient(set, &weights, k, threads);
        for (g, s) in grad.0.iter_mut().zip(&seen) {
            for part in 0..2 {
                if is_held(s[part], min_presence) {
                    g[part] = 0.0; // held: Adam's step is 0 where the gradient always is
                }
            }
        }
        adam.step(weights.0.as_flattened_mut(), grad.0.as_flattened());
        let error = mean_squared_error(set, &weights, k, threads);
        errors.push(error);
        progress(epoch, error, &weights);
    }
    normalise(&mut weights);
    TuneReport { k, errors, weights }
}
// ANCHOR_END: tune

pub mod source;
pub use source::weights_source;

#[cfg(test)]
mod tests;
