//! Notebook 10's cell: Texel's method at its heart. The learner writes the sigmoid that turns
//! a score into an expected result, and the error the tuner makes smaller; graded against the
//! tuner's own ([`searchlab_lab::tune::sigmoid`]) on a grid of scores and `K`s.

use super::caught;
use crate::exercise::grade::Verdict;
use searchlab_lab::tune::sigmoid;

/// The sigmoid as the notebook's cell writes it: `sigmoid(k, eval)`, the expected result (0 a
/// loss, 1 a win) of a position evaluated `eval` centipawns for White.
pub type Sigmoid = fn(f64, f64) -> f64;

/// The error as the notebook's cell writes it: over positions given as (evaluation in
/// centipawns for White, the game's result for White: 0, 0.5 or 1), the mean of the squared
/// differences between each result and what `k`'s sigmoid expects.
pub type MeanError = fn(f64, &[(f64, f64)]) -> f64;

/// Grades a learner's sigmoid and error: on a grid of evaluations (−2,000 to 2,000 centipawns)
/// and `K`s, the tuner's sigmoid within 1e-9; on positions made of that grid with each result,
/// the mean squared error within 1e-9.
pub fn grade_texel(learner_sigmoid: Sigmoid, mean_error: MeanError) -> Verdict {
    let ks = [0.002, 0.0045, 0.01];
    let evals: Vec<f64> = (-20..=20).map(|i| f64::from(i) * 100.0).collect();
    let close = |a: f64, b: f64| (a - b).abs() <= 1e-9;
    for &k in &ks {
        for &eval in &evals {
            let got = match caught("tuning", "the sigmoid", || learner_sigmoid(k, eval)) {
                Ok(got) => got,
                Err(verdict) => return verdict,
            };
            let want = sigmoid(k, eval);
            if !close(got, want) {
                return Verdict::Wrong(format!(
                    "tuning: the sigmoid at K = {k} and an evaluation of {eval} centipawns: the \
                     tuner's {want:.6}, yours {got:.6} (1 / (1 + e^(-K × eval)): 0.5 at 0, \
                     towards 1 for White's advantage, towards 0 for Black's)"
                ));
            }
        }
        let positions: Vec<(f64, f64)> = evals
            .iter()
            .enumerate()
            .map(|(i, &eval)| (eval, [0.0, 0.5, 1.0][i % 3]))
            .collect();
        let want = positions
            .iter()
            .map(|&(eval, result)| (result - sigmoid(k, eval)).powi(2))
            .sum::<f64>()
            / positions.len() as f64;
        let got = match caught("tuning", "the error", || mean_error(k, &positions)) {
            Ok(got) => got,
            Err(verdict) => return verdict,
        };
        if !close(got, want) {
            return Verdict::Wrong(format!(
                "tuning: the error at K = {k} over {} positions: the tuner's {want:.6}, yours \
                 {got:.6} (the mean, over the positions, of (result - sigmoid(K, eval))²)",
                positions.len()
            ));
        }
    }
    Verdict::Solved(format!(
        "tuning: solved. Your sigmoid agrees with the tuner's at {} evaluations for each of {} \
         K's, and your error with the mean squared error over {} positions for each.",
        evals.len(),
        ks.len(),
        evals.len()
    ))
}
