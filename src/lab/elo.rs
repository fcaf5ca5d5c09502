//! Elo: what a match score says about the difference in strength between two players.
//!
//! Each game scores 1, ½ or 0 for A. Over `N` games the score fraction is
//! `s = (W + D/2) / N`. The logistic (Elo) model says a rating difference `Δ` gives an
//! expected score `1 / (1 + 10^(−Δ/400))`; inverting it,
//!
//! ```text
//!     Δ = −400 · log10(1/s − 1)          s = 0.75  →  Δ = +190.8
//! ```
//!
//! **The 95% interval.** The game scores are a sample with mean `s` and (population) standard
//! deviation `σ = sqrt((W(1−s)² + D(½−s)² + L(0−s)²) / N)`; the standard error of `s` is
//! `σ / √N`. The interval on the score is `s ± 1.96 · σ/√N`, and the Elo interval is the
//! same formula applied to its two ends (the logistic curve is monotonic, so the ends map to
//! ends; the interval is not symmetric in Elo).
//!
//! **Clamping.** At `s = 0` or `s = 1` the formula gives ±∞, and a score interval can run past
//! 0 or 1. Every fraction is therefore clamped into `[1/(2N), 1 − 1/(2N)]` before it is turned
//! into Elo: a perfect score over `N` games is read as "half a game short of perfect", the
//! most a finite match can tell apart (20 straight wins: +636, not +∞). Such an estimate is a
//! *lower bound* on the difference, and [`EloEstimate::clamped`] says so.
//!
//! The match driver ([`crate::lab::matchplay`]) and the Elo ladder ([`crate::lab::ladder`])
//! report these estimates; the SPRT ([`crate::lab::sprt`]) uses the same logistic curve,
//! [`expected_score`], for its hypotheses.

use serde::Serialize;

/// A rating difference with its 95% confidence interval (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct EloEstimate {
    /// A's score fraction, `(W + D/2) / N`.
    pub score: f64,
    /// The Elo difference A − B.
    pub elo: f64,
    /// Lower end of the 95% interval.
    pub lower: f64,
    /// Upper end of the 95% interval.
    pub upper: f64,
    /// True when the score (or an end of its interval) hit 0 or 1 and was clamped: the figure
    /// is then a bound, not an estimate.
    pub clamped: bool,
}

impl EloEstimate {
    /// Half the width of the interval, for "Δ ± e" displays.
    pub fn margin(&self) -> f64 {
        (self.upper - self.lower) / 2.0
    }
}

impl std::fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:+.1} Elo (95% interval {:+.1} to {:+.1}){}",
            self.elo,
            self.lower,
            self.upper,
            if self.clamped {
                ", clamped: a bound"
            } else {
                ""
            }
        )
    }
}

/// The Elo difference that makes `score` (a fraction strictly between 0 and 1) the expected
/// score: `−400 · log10(1/score − 1)`. At 0 and 1 it is −∞ and +∞.
pub fn elo_from_score(score: f64) -> f64 {
    // `400 * log10(...)`, negated by subtraction rather than by `-x`, so that an even score
    // gives 0.0 and not -0.0 (which would print as "-0.0").
    0.0 - 400.0 * (1.0 / score - 1.0).log10()
}

/// The expected score of a player `elo` points stronger: `1 / (1 + 10^(−elo/400))`.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference and its 95% interval from wins, draws and losses (see the module docs
/// for the formula and the clamping). `None` for zero games.
pub fn elo_estimate(wins: u32, draws: u32, losses: u32) -> Option<EloEstimate> {
    let n = f64::from(wins + draws + losses);
    if n == 0.0 {
        return None;
    }
    let (w, d, l) = (f64::from(wins), f64::from(draws), f64::from(losses));
    let s = (w + d / 2.0) / n;
    let variance = (w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2)) / n;
    let standard_error = (variance / n).sqrt();
    const Z95: f64 = 1.96;
    let (low, high) = (s - Z95 * standard_error, s + Z95 * standard_error);
    let epsilon = 1.0 / (2.0 * n);
    let clamp = |x: f64| x.clamp(epsilon, 1.0 - epsilon);
    let clamped = [s, low, high]
        .iter()
        .any(|&x| x < epsilon || x > 1.0 - epsilon);
    Some(EloEstimate {
        score: s,
        elo: elo_from_score(clamp(s)),
        lower: elo_from_score(clamp(low)),
        upper: elo_from_score(clamp(high)),
        clamped,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 0.05
    }

    #[test]
    fn elo_of_known_scores() {
        assert_eq!(elo_from_score(0.5), 0.0);
        // 0.75 → −400·log10(1/3) = 400·0.47712 = 190.85
        assert!(
            close(elo_from_score(0.75), 190.8),
            "{}",
            elo_from_score(0.75)
        );
        assert!(close(elo_from_score(0.25), -190.8));
        // 0.9 → 400·log10(9) = 381.7; 0.64 → 400·log10(16/9) = 99.95
        assert!(close(elo_from_score(0.9), 381.7));
        assert!(close(elo_from_score(0.64), 99.95));
        for elo in [-300.0, -50.0, 0.0, 120.0, 400.0] {
            assert!((elo_from_score(expected_score(elo)) - elo).abs() < 1e-9);
        }
    }

    #[test]
    fn interval_from_wins_draws_losses() {
        // 10 wins, 10 losses: s = 0.5, σ = 0.5, se = 0.5/√20 = 0.11180, s ± 0.21913
        // → [0.28087, 0.71913] → ∓163.3 Elo.
        let e = elo_estimate(10, 0, 10).unwrap();
        assert_eq!((e.score, e.elo), (0.5, 0.0));
        assert!(close(e.upper, 163.3) && close(e.lower, -163.3), "{e:?}");
        assert!(!e.clamped);
        // 20 draws: no spread at all, a zero-width interval around 0.
        let e = elo_estimate(0, 20, 0).unwrap();
        assert_eq!((e.elo, e.lower, e.upper), (0.0, 0.0, 0.0));
        // 6 wins, 4 draws, 2 losses: s = 8/12 = 0.6667 → +120.4 Elo; σ² = (6·(1/3)² +
        // 4·(1/6)² + 2·(2/3)²)/12 = 0.13889, se = 0.10758, s ± 0.21086 → [0.45581, 0.87753]
        // → [−30.8, +342.1].
        let e = elo_estimate(6, 4, 2).unwrap();
        assert!(close(e.elo, 120.4), "{e:?}");
        assert!(close(e.lower, -30.8) && close(e.upper, 342.1), "{e:?}");
        assert!(e.lower < e.elo && e.elo < e.upper);
    }

    #[test]
    fn perfect_scores_are_clamped() {
        // 20 wins: s = 1 is read as 1 − 1/40 = 0.975 → 400·log10(39) = +636.4.
        let e = elo_estimate(20, 0, 0).unwrap();
        assert!(e.clamped && close(e.elo, 636.4), "{e:?}");
        assert!(e.elo.is_finite() && e.lower.is_finite());
        let e = elo_estimate(0, 0, 20).unwrap();
        assert!(e.clamped && close(e.elo, -636.4));
        // One win and one loss: the interval on s runs past both ends and is clamped to
        // [0.25, 0.75].
        let e = elo_estimate(1, 0, 1).unwrap();
        assert!(e.clamped && close(e.upper, 190.8) && close(e.lower, -190.8));
        assert_eq!(elo_estimate(0, 0, 0), None);
    }
}
