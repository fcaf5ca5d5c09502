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
//! **One rating from several opponents.** Games against opponents of known ratings (an
//! outside engine weakened to set levels) give one rating `R` for the player, by maximum
//! likelihood: the `R` at which the points expected against all the opponents together equal
//! the points scored, `Σ nᵢ · E(R − rᵢ) = Σ pointsᵢ`. Its 95% interval is `R ± 1.96 / √I`,
//! where `I = Σ nᵢ · E(1 − E) · (ln 10 / 400)²` is the Fisher information of the games
//! ([`rating_fit`]).
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

/// One player's results against an opponent of known rating: the opponent's rating and the
/// player's wins, draws and losses.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatedResult {
    /// The opponent's rating.
    pub opponent: f64,
    /// The player's wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// The player's losses.
    pub losses: u32,
}

/// A rating fitted to games against rated opponents, with its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingFit {
    /// The most likely rating.
    pub rating: f64,
    /// Lower end of the 95% interval.
    pub lower: f64,
    /// Upper end of the 95% interval.
    pub upper: f64,
}

/// The rating that best explains `results` (see the module docs: maximum likelihood, with a
/// Fisher-information interval). `None` when there are no games, or when the player won every
/// game or lost every game (no finite rating is most likely then).
pub fn rating_fit(results: &[RatedResult]) -> Option<RatingFit> {
    let games = |r: &RatedResult| f64::from(r.wins + r.draws + r.losses);
    let points: f64 = results
        .iter()
        .map(|r| f64::from(r.wins) + f64::from(r.draws) / 2.0)
        .sum();
    let total: f64 = results.iter().map(games).sum();
    if total == 0.0 || points == 0.0 || points == total {
        return None;
    }
    let expected = |rating: f64| -> f64 {
        results
            .iter()
            .map(|r| games(r) * expected_score(rating - r.opponent))
            .sum()
    };
    // The expected points grow with the rating, so the root is found by bisection, between
    // bounds far beyond any opponent.
    let lowest = results.iter().map(|r| r.opponent).fold(f64::MAX, f64::min);
    let highest = results.iter().map(|r| r.opponent).fold(f64::MIN, f64::max);
    let (mut low, mut high) = (lowest - 4000.0, highest + 4000.0);
    for _ in 0..200 {
        let middle = (low + high) / 2.0;
        if expected(middle) < points {
            low = middle;
        } else {
            high = middle;
        }
    }
    let rating = (low + high) / 2.0;
    let slope = std::f64::consts::LN_10 / 400.0;
    let information: f64 = results
        .iter()
        .map(|r| {
            let e = expected_score(rating - r.opponent);
            games(r) * e * (1.0 - e) * slope * slope
        })
        .sum();
    let margin = 1.96 / information.sqrt();
    Some(RatingFit {
        rating,
        lower: rating - margin,
        upper: rating + margin,
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

    #[test]
    fn a_rating_is_fitted_to_rated_opponents() {
        let at = |opponent: f64, wins, draws, losses| RatedResult {
            opponent,
            wins,
            draws,
            losses,
        };
        // An even score against one opponent is its rating; 75% is 190.8 above it, and the
        // interval is ±1.96 / √(100 · 0.75 · 0.25 · (ln 10 / 400)²) = ±78.6.
        let fit = rating_fit(&[at(2000.0, 40, 20, 40)]).unwrap();
        assert!(close(fit.rating, 2000.0), "{fit:?}");
        let fit = rating_fit(&[at(2000.0, 70, 10, 20)]).unwrap();
        assert!(close(fit.rating, 2190.8), "{fit:?}");
        assert!(close(fit.upper - fit.rating, 78.6) && close(fit.rating - fit.lower, 78.6));
        // 75% against 1800 and 25% against 2200: the two pull equally, to 2000.
        let fit = rating_fit(&[at(1800.0, 75, 0, 25), at(2200.0, 25, 0, 75)]).unwrap();
        assert!(close(fit.rating, 2000.0), "{fit:?}");
        // Every game won, or none: no finite rating is most likely.
        assert_eq!(rating_fit(&[at(2000.0, 10, 0, 0)]), None);
        assert_eq!(rating_fit(&[at(2000.0, 0, 0, 10)]), None);
        assert_eq!(rating_fit(&[]), None);
    }
}
