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
//! **No finite end.** At `s = 0` or `s = 1` the formula gives −∞ or +∞, and a score interval
//! can run past 0 or 1: such an end of the Elo interval is infinite, and is reported so (`+inf`,
//! `-inf`), never cut to a finite number that would look like a measurement.
//!
//! **Every game alike.** When every game had the same result (all won, all lost, all drawn, or a
//! single game), the spread `σ` is 0 and the formula above would give a zero-width interval: a
//! claim of certainty from, say, two games. The spread of such a sample says nothing, so the
//! interval comes instead from the chance of the streak itself. A player whose expected score is
//! `p` wins a game with probability at most `p` (a draw scores too), so it wins `N` in a row
//! with probability at most `p^N`; the scores that make `N` straight wins less likely than 2.5%
//! are ruled out, and the interval's lower end is the score `p = 0.025^(1/N)` (2 wins: at
//! least −290.5 Elo, and no upper end; 20 wins: at least +277.4). Losses mirror it. A draw
//! needs both sides' chances, `P(draw) ≤ 2·min(p, 1 − p)`, so `N` straight draws leave
//! `p` between `q/2` and `1 − q/2`, `q = 0.025^(1/N)` (20 draws: ±59.1 Elo; one draw: ±759.1).
//! [`EloEstimate::interval_from`] says which way an interval was found.
//!
//! **One rating from several opponents.** Games against opponents of known ratings (an
//! outside engine weakened to set levels) give one rating `R` for the player, by maximum
//! likelihood: the `R` at which the points expected against all the opponents together equal
//! the points scored, `Σ nᵢ · E(R − rᵢ) = Σ pointsᵢ`. Its 95% interval is `R ± 1.96 / √I`,
//! where `I = Σ nᵢ · E(1 − E) · (ln 10 / 400)²` is the Fisher information of the games
//! ([`rating_fit`]).
//!
//! The match driver ([`crate::matchplay`]) and the Elo ladder ([`crate::ladder`])
//! report these estimates; the SPRT ([`crate::sprt`]) uses the same logistic curve,
//! [`expected_score`], for its hypotheses.

use serde::Serialize;

/// A rating difference with its 95% confidence interval (see the module docs). An estimate or
/// an end that no finite number describes is infinite (in JSON, the strings `"+inf"` and
/// `"-inf"`, as JSON has no infinities).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct EloEstimate {
    /// The games the estimate comes from.
    pub games: u32,
    /// A's score fraction, `(W + D/2) / N`.
    pub score: f64,
    /// The Elo difference A − B: +∞ when A won every game, −∞ when it lost every one.
    #[serde(serialize_with = "elo_value")]
    pub elo: f64,
    /// Lower end of the 95% interval (−∞ when the games set none).
    #[serde(serialize_with = "elo_value")]
    pub lower: f64,
    /// Upper end of the 95% interval (+∞ when the games set none).
    #[serde(serialize_with = "elo_value")]
    pub upper: f64,
    /// How the interval was found.
    pub interval_from: IntervalFrom,
}

/// Where an [`EloEstimate`]'s interval comes from (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum IntervalFrom {
    /// The spread of the results: `s ± 1.96 · σ/√N`, an end past a 0% or 100% score infinite.
    Spread,
    /// Every game had the same result, and the chance of such a streak bounds the score.
    Streak,
}

/// Writes an Elo value for JSON: the number, or `"+inf"` / `"-inf"`.
fn elo_value<S: serde::Serializer>(value: &f64, serializer: S) -> Result<S::Ok, S::Error> {
    if value.is_finite() {
        serializer.serialize_f64(*value)
    } else {
        serializer.serialize_str(&signed(*value, 1))
    }
}

/// `+12.3`, `-4.0`, `+inf`, `-inf`: an Elo value with its sign and `decimals` decimals.
pub fn signed(value: f64, decimals: usize) -> String {
    if value.is_infinite() {
        return if value > 0.0 { "+inf" } else { "-inf" }.to_string();
    }
    format!("{value:+.decimals$}")
}

impl EloEstimate {
    /// Half the width of the interval, for "Δ ± e" displays (infinite when an end is).
    pub fn margin(&self) -> f64 {
        (self.upper - self.lower) / 2.0
    }
}

impl std::fmt::Display for EloEstimate {
    /// `+12.3 ± 45.6 (95% interval -33.3 to +57.9)` when both ends are finite; otherwise the
    /// ends alone (`+190.8 (95% interval -126.5 to +inf)`), and after a streak what it was
    /// (`+inf (2 games, all won; 95% interval -290.5 to +inf)`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let interval = format!(
            "95% interval {} to {}",
            signed(self.lower, 1),
            signed(self.upper, 1)
        );
        let elo = signed(self.elo, 1);
        match self.interval_from {
            IntervalFrom::Streak => {
                let result = match self.score {
                    s if s >= 1.0 => "won",
                    s if s <= 0.0 => "lost",
                    _ => "drawn",
                };
                let games = match self.games {
                    1 => format!("1 game, {result}"),
                    n => format!("{n} games, all {result}"),
                };
                write!(f, "{elo} ({games}; {interval})")
            }
            IntervalFrom::Spread if self.margin().is_finite() => {
                write!(f, "{elo} ± {:.1} ({interval})", self.margin())
            }
            IntervalFrom::Spread => write!(f, "{elo} ({interval})"),
        }
    }
}

/// The Elo difference that makes `score` the expected score: `−400 · log10(1/score − 1)`; −∞
/// at 0 and below, +∞ at 1 and above.
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if score >= 1.0 {
        return f64::INFINITY;
    }
    // `400 * log10(...)`, negated by subtraction rather than by `-x`, so that an even score
    // gives 0.0 and not -0.0 (which would print as "-0.0").
    0.0 - 400.0 * (1.0 / score - 1.0).log10()
}

/// The expected score of a player `elo` points stronger: `1 / (1 + 10^(−elo/400))`.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference and its 95% interval from wins, draws and losses (see the module docs:
/// from the spread of the results, or from the streak when every game had the same result).
/// `None` for zero games.
pub fn elo_estimate(wins: u32, draws: u32, losses: u32) -> Option<EloEstimate> {
    let games = wins + draws + losses;
    if games == 0 {
        return None;
    }
    let n = f64::from(games);
    let (w, d, l) = (f64::from(wins), f64::from(draws), f64::from(losses));
    let s = (w + d / 2.0) / n;
    // Each end leaves 2.5% out: the two-sided 95% interval.
    const TAIL: f64 = 0.025;
    let (low, high, interval_from) = if [wins, draws, losses].contains(&games) {
        // The score below which (or above which) this streak has under a 2.5% chance.
        let q = TAIL.powf(1.0 / n);
        let (low, high) = if wins == games {
            (q, 1.0)
        } else if losses == games {
            (0.0, 1.0 - q)
        } else {
            (q / 2.0, 1.0 - q / 2.0)
        };
        (low, high, IntervalFrom::Streak)
    } else {
        let variance = (w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2)) / n;
        let standard_error = (variance / n).sqrt();
        const Z95: f64 = 1.96;
        let margin = Z95 * standard_error;
        (s - margin, s + margin, IntervalFrom::Spread)
    };
    Some(EloEstimate {
        games,
        score: s,
        elo: elo_from_score(s),
        lower: elo_from_score(low),
        upper: elo_from_score(high),
        interval_from,
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
        assert_eq!(e.interval_from, IntervalFrom::Spread);
        assert_eq!(
            e.to_string(),
            "+0.0 ± 163.3 (95% interval -163.3 to +163.3)"
        );
        // 6 wins, 4 draws, 2 losses: s = 8/12 = 0.6667 → +120.4 Elo; σ² = (6·(1/3)² +
        // 4·(1/6)² + 2·(2/3)²)/12 = 0.13889, se = 0.10758, s ± 0.21086 → [0.45581, 0.87753]
        // → [−30.8, +342.1].
        let e = elo_estimate(6, 4, 2).unwrap();
        assert!(close(e.elo, 120.4), "{e:?}");
        assert!(close(e.lower, -30.8) && close(e.upper, 342.1), "{e:?}");
        assert!(e.lower < e.elo && e.elo < e.upper);
    }

    #[test]
    fn an_interval_end_past_a_whole_score_is_infinite() {
        // One win and one loss: s ± 0.69 runs past both 0 and 1, so neither end is finite.
        let e = elo_estimate(1, 0, 1).unwrap();
        assert_eq!(
            (e.elo, e.lower, e.upper),
            (0.0, f64::NEG_INFINITY, f64::INFINITY)
        );
        assert_eq!(e.to_string(), "+0.0 (95% interval -inf to +inf)");
        // 3 wins, 1 loss: s = 0.75, σ² = (3·0.25² + 0.75²)/4 = 0.1875, se = 0.21651,
        // s ± 0.42435 → [0.32565, 1.17435]: a finite lower end (−126.5) and no upper one.
        let e = elo_estimate(3, 0, 1).unwrap();
        assert!(close(e.lower, -126.5) && e.upper == f64::INFINITY, "{e:?}");
        assert_eq!(e.to_string(), "+190.8 (95% interval -126.5 to +inf)");
    }

    #[test]
    fn a_streak_has_no_finite_estimate_and_a_bound_from_its_chance() {
        // Every game won: +∞, at least the score whose N straight wins have a 2.5% chance,
        // 0.025^(1/N): 2 wins → 0.15811 → −290.5 Elo; 20 wins → 0.83176 → +277.4.
        let e = elo_estimate(2, 0, 0).unwrap();
        assert_eq!(
            (e.elo, e.upper, e.interval_from),
            (f64::INFINITY, f64::INFINITY, IntervalFrom::Streak)
        );
        assert!(close(e.lower, -290.5), "{e:?}");
        assert_eq!(
            e.to_string(),
            "+inf (2 games, all won; 95% interval -290.5 to +inf)"
        );
        assert!(close(elo_estimate(20, 0, 0).unwrap().lower, 277.4));
        // Every game lost: the mirror image.
        let e = elo_estimate(0, 0, 2).unwrap();
        assert_eq!((e.elo, e.lower), (f64::NEG_INFINITY, f64::NEG_INFINITY));
        assert!(close(e.upper, 290.5), "{e:?}");
        assert_eq!(
            e.to_string(),
            "-inf (2 games, all lost; 95% interval -inf to +290.5)"
        );
        // Every game drawn: 0, within the scores q/2 .. 1 − q/2, q = 0.025^(1/N): 20 draws →
        // [0.41588, 0.58412] → ±59.1 Elo; never the zero-width interval the spread would give.
        let e = elo_estimate(0, 20, 0).unwrap();
        assert_eq!((e.elo, e.interval_from), (0.0, IntervalFrom::Streak));
        assert!(close(e.lower, -59.1) && close(e.upper, 59.1), "{e:?}");
        assert_eq!(
            e.to_string(),
            "+0.0 (20 games, all drawn; 95% interval -59.1 to +59.1)"
        );
        // A single game is a streak of one: 0.025 → −636.4; a draw, 0.0125 → −759.1.
        let e = elo_estimate(1, 0, 0).unwrap();
        assert_eq!(
            e.to_string(),
            "+inf (1 game, won; 95% interval -636.4 to +inf)"
        );
        let e = elo_estimate(0, 1, 0).unwrap();
        assert_eq!(
            e.to_string(),
            "+0.0 (1 game, drawn; 95% interval -759.1 to +759.1)"
        );
        assert_eq!(elo_estimate(0, 0, 0), None);
        // JSON has no infinities: they are written as strings, the finite ends as numbers.
        let json = serde_json::to_value(elo_estimate(2, 0, 0).unwrap()).unwrap();
        assert_eq!(
            (json["elo"].as_str(), json["upper"].as_str()),
            (Some("+inf"), Some("+inf"))
        );
        assert!(close(json["lower"].as_f64().unwrap(), -290.5), "{json}");
        assert_eq!(json["interval_from"], "streak");
        assert_eq!(
            serde_json::to_value(elo_estimate(0, 0, 1).unwrap()).unwrap()["lower"],
            "-inf"
        );
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
