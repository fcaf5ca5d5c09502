//! The sequential probability ratio test: play until the games say which of two Elo
//! differences is true, and not one game longer.
//!
//! A fixed number of games wastes most of them: a change worth +100 Elo shows itself in a few
//! dozen, one worth +2 needs tens of thousands. Wald's SPRT (1945) decides between two
//! hypotheses, `H0: Δ = elo0` and `H1: Δ = elo1`, by adding up after every result how much
//! likelier the results so far are under `H1` than under `H0` (the log-likelihood ratio, LLR).
//! It stops as soon as the LLR leaves the band between two bounds set by the error rates
//! `alpha` (accepting H1 when H0 is true) and `beta` (accepting H0 when H1 is true):
//!
//! ```text
//! lower = ln(beta / (1 - alpha))       accept H0 below it
//! upper = ln((1 - beta) / alpha)       accept H1 above it       (alpha = beta = 0.05: ±2.94)
//! ```
//!
//! **The LLR.** Chess results are not coin flips (there are draws, and the draw rate is not
//! known in advance), so this is the *generalised* SPRT engine testers use (fishtest, OpenBench,
//! cutechess-cli): the results are samples from an unknown distribution over a few scores, and
//! each hypothesis says only what the distribution's *mean* is, `s0 = E(elo0)` or
//! `s1 = E(elo1)` (the logistic curve, `E(Δ) = 1 / (1 + 10^(−Δ/400))`). For each, the most
//! likely distribution with that mean is found (maximum likelihood under the constraint: the
//! observed frequencies `p_i`, reweighted to `q_i = p_i / (1 + λ(a_i − s))` with `λ` chosen so
//! that the mean is `s`), and the LLR is `N · Σ p_i · ln(q1_i / q0_i)`. This is Michel Van den
//! Bergh's construction (his notes on the GSPRT behind fishtest's statistics); a category
//! never seen yet counts as a thousandth of a sample, as in fishtest, so that a perfect score
//! still has a distribution to reweight. For large samples it agrees with the well-known
//! normal approximation [`Sprt::llr_approximate`], `N · (s1 − s0)(2s − s0 − s1) / (2σ²)`;
//! for small ones it does not overstate the evidence (seven wins in seven games against
//! `H0: 0, H1: +10` are worth an LLR of 7 · ln(E(10)/E(0)) ≈ 0.2, not a decision).
//!
//! **Pentanomial, by default.** A match plays every opening twice, colours swapped, so the two
//! games of a pair are not independent: a lopsided opening wins one game for each side. The
//! unit is therefore the *pair*, scored 0, ¼, ½, ¾ or 1 (the pair's points over two): the
//! pentanomial model, which fishtest adopted for that reason. Its variance is smaller than the
//! per-game one whenever openings matter, so the test ends sooner without being wrong. The
//! trinomial model (the unit is one game: 0, ½ or 1) is there too, for unpaired results.

use crate::elo::expected_score;
use searchlab_engine::error::{Error, Result};
use serde::Serialize;

/// The hypotheses and error rates of a test.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Sprt {
    /// The Elo difference of the null hypothesis H0.
    pub elo0: f64,
    /// The Elo difference of the alternative H1.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What the test says so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Decision {
    /// The LLR fell below the lower bound: H0 (`elo0`) is accepted.
    H0,
    /// The LLR rose above the upper bound: H1 (`elo1`) is accepted.
    H1,
    /// Still between the bounds: play on.
    Continue,
}

impl Sprt {
    /// The default error rates: 5% each way.
    pub const DEFAULT_ALPHA: f64 = 0.05;
    /// See [`Sprt::DEFAULT_ALPHA`].
    pub const DEFAULT_BETA: f64 = 0.05;

    /// What `--sprt` takes, for messages: its form, and an example.
    pub const FORM: &'static str =
        "elo0,elo1 or elo0,elo1,alpha,beta, with elo0 < elo1 and alpha, beta between 0 and 0.5, \
         e.g. --sprt 0,10";

    /// Reads `elo0,elo1[,alpha,beta]` (as `searchlab match --sprt` takes it): `0,10` or
    /// `0,10,0.05,0.05`. An error names `--sprt`, what was given, what is wrong with it and
    /// what is expected ([`Sprt::FORM`]).
    pub fn parse(text: &str) -> Result<Sprt> {
        let bad = |reason: String| {
            Error::Setting(format!(
                "--sprt '{text}': {reason} (expected {})",
                Sprt::FORM
            ))
        };
        let numbers: Vec<f64> = text
            .split(',')
            .map(|part| {
                part.trim()
                    .parse::<f64>()
                    .map_err(|_| bad(format!("'{}' is not a number", part.trim())))
            })
            .collect::<Result<_>>()?;
        let (elo0, elo1, alpha, beta) = match numbers.as_slice() {
            [e0, e1] => (*e0, *e1, Sprt::DEFAULT_ALPHA, Sprt::DEFAULT_BETA),
            [e0, e1, a, b] => (*e0, *e1, *a, *b),
            _ => {
                let count = numbers.len();
                let noun = if count == 1 { "number" } else { "numbers" };
                return Err(bad(format!("{count} {noun}, not 2 or 4")));
            }
        };
        let sprt = Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        };
        match sprt.problem() {
            Some(reason) => Err(bad(reason)),
            None => Ok(sprt),
        }
    }

    /// The test itself, once its numbers make sense: `elo0 < elo1`, both finite, and error
    /// rates strictly between 0 and ½. The error names the number at fault.
    pub fn validated(self) -> Result<Sprt> {
        match self.problem() {
            Some(reason) => Err(Error::Setting(format!("SPRT: {reason}"))),
            None => Ok(self),
        }
    }

    /// What is wrong with the test's numbers, if anything (see [`Sprt::validated`]).
    fn problem(&self) -> Option<String> {
        let named = [
            ("elo0", self.elo0),
            ("elo1", self.elo1),
            ("alpha", self.alpha),
            ("beta", self.beta),
        ];
        if let Some((name, value)) = named.iter().find(|(_, x)| !x.is_finite()) {
            return Some(format!("{name} must be a finite number, not {value}"));
        }
        if self.elo0 >= self.elo1 {
            return Some(format!(
                "elo0 ({}) must be below elo1 ({})",
                self.elo0, self.elo1
            ));
        }
        if let Some((name, value)) = named[2..].iter().find(|(_, x)| !(0.0 < *x && *x < 0.5)) {
            return Some(format!(
                "{name} ({value}) must lie strictly between 0 and 0.5"
            ));
        }
        None
    }

    /// The lower and upper bounds of the LLR (see the module docs).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// What an LLR means for this test.
    pub fn decide(&self, llr: f64) -> Decision {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Decision::H1
        } else if llr <= lower {
            Decision::H0
        } else {
            Decision::Continue
        }
    }

    // ANCHOR: llr
    /// The LLR of samples scored `scores[i]` (a fraction of a point: 0 to 1), `counts[i]` of
    /// each (see the module docs): the log-likelihood of the most likely distribution with mean
    /// `E(elo1)` against that of the most likely one with mean `E(elo0)`. 0 without samples.
    pub fn llr(&self, scores: &[f64], counts: &[u32]) -> f64 {
        let n: f64 = counts.iter().map(|&c| f64::from(c)).sum();
        if n == 0.0 {
            return 0.0;
        }
        // A category not seen yet counts as a thousandth of a sample.
        let seen: Vec<f64> = counts.iter().map(|&c| f64::from(c).max(1e-3)).collect();
        let total: f64 = seen.iter().sum();
        let p: Vec<f64> = seen.iter().map(|c| c / total).collect();
        let q0 = most_likely_with_mean(scores, &p, expected_score(self.elo0));
        let q1 = most_likely_with_mean(scores, &p, expected_score(self.elo1));
        n * p
            .iter()
            .zip(q0.iter().zip(&q1))
            .map(|(p, (q0, q1))| p * (q1 / q0).ln())
            .sum::<f64>()
    }
    // ANCHOR_END: llr

    /// The normal approximation of the LLR: `N · (s1 − s0) · (2s − s0 − s1) / (2σ²)`, with the
    /// sample's mean `s` and variance `σ²` (0 without samples or without variance). Close to
    /// [`Sprt::llr`] for hundreds of samples; too confident for a handful.
    pub fn llr_approximate(&self, scores: &[f64], counts: &[u32]) -> f64 {
        let n: f64 = counts.iter().map(|&c| f64::from(c)).sum();
        if n == 0.0 {
            return 0.0;
        }
        let mean = |f: &dyn Fn(f64) -> f64| {
            scores
                .iter()
                .zip(counts)
                .map(|(&x, &c)| f(x) * f64::from(c))
                .sum::<f64>()
                / n
        };
        let s = mean(&|x| x);
        let variance = mean(&|x| x * x) - s * s;
        if variance <= 1e-12 {
            return 0.0;
        }
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * variance)
    }

    /// The LLR of single games: `losses`, `draws`, `wins` scored 0, ½, 1 (the trinomial model).
    pub fn llr_trinomial(&self, wins: u32, draws: u32, losses: u32) -> f64 {
        self.llr(&[0.0, 0.5, 1.0], &[losses, draws, wins])
    }

    /// The LLR of game pairs: `pairs[k]` pairs that scored `k` half-points of 4 (0 to 2
    /// points), so a pair counts 0, ¼, ½, ¾ or 1 (the pentanomial model).
    pub fn llr_pentanomial(&self, pairs: [u32; 5]) -> f64 {
        self.llr(&[0.0, 0.25, 0.5, 0.75, 1.0], &pairs)
    }
}

/// The distribution closest to `p` (in likelihood) over the scores `a` whose mean is `mean`:
/// `q_i = p_i / (1 + λ(a_i − mean))`, with `λ` found by bisection so that `Σ q_i a_i = mean`.
/// `mean` must lie strictly between the smallest and the largest score.
fn most_likely_with_mean(a: &[f64], p: &[f64], mean: f64) -> Vec<f64> {
    let d: Vec<f64> = a.iter().map(|x| x - mean).collect();
    let (largest, smallest) = d
        .iter()
        .fold((f64::MIN, f64::MAX), |(hi, lo), &x| (hi.max(x), lo.min(x)));
    // Every weight 1 + λ·d_i stays positive for λ in (−1/largest, −1/smallest).
    let (mut lo, mut hi) = (-1.0 / largest, -1.0 / smallest);
    // Σ p_i d_i / (1 + λ d_i) falls as λ grows: find its zero.
    let slope = |lambda: f64| -> f64 {
        p.iter()
            .zip(&d)
            .map(|(p, d)| p * d / (1.0 + lambda * d))
            .sum()
    };
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if slope(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let lambda = (lo + hi) / 2.0;
    p.iter()
        .zip(&d)
        .map(|(p, d)| p / (1.0 + lambda * d))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test(elo0: f64, elo1: f64) -> Sprt {
        Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

    #[test]
    fn bounds_follow_from_the_error_rates() {
        let (lower, upper) = test(0.0, 10.0).bounds();
        // ln(0.05 / 0.95) and its negative.
        assert!((lower - (-2.944_438_979)).abs() < 1e-8, "{lower}");
        assert!((upper - 2.944_438_979).abs() < 1e-8, "{upper}");
        let asymmetric = Sprt {
            alpha: 0.1,
            ..test(0.0, 10.0)
        };
        // ln(0.05 / 0.9) and ln(0.95 / 0.1).
        let (lower, upper) = asymmetric.bounds();
        assert!((lower - (0.05f64 / 0.9).ln()).abs() < 1e-12);
        assert!((upper - (9.5f64).ln()).abs() < 1e-12);
    }

    /// The normal approximation, by hand. W/D/L = 60/20/20, H0 = 0, H1 = 100 Elo:
    /// s = (60 + 10) / 100 = 0.7; E[x²] = (60 + 20/4) / 100 = 0.65; σ² = 0.65 − 0.49 = 0.16;
    /// s0 = 0.5; s1 = 1 / (1 + 10^(−0.25)) = 0.640 065 0; s1 − s0 = 0.140 065 0;
    /// 2s − s0 − s1 = 1.4 − 1.140 065 0 = 0.259 935 0;
    /// LLR = 100 · 0.140 065 0 · 0.259 935 0 / 0.32 = 11.377 4.
    /// Pairs 0/0/10/20/10: s = (10·½ + 20·¾ + 10·1) / 40 = 0.75; E[x²] = (2.5 + 11.25 + 10) / 40
    /// = 0.59375; σ² = 0.59375 − 0.5625 = 0.03125; with H0 = 0, H1 = 100:
    /// LLR = 40 · 0.140 065 0 · (1.5 − 1.140 065 0) / 0.0625 = 32.265 1.
    #[test]
    fn the_normal_approximation_matches_a_hand_computation() {
        let t = test(0.0, 100.0);
        let llr = t.llr_approximate(&[0.0, 0.5, 1.0], &[20, 20, 60]);
        assert!((llr - 11.3774).abs() < 1e-3, "{llr}");
        let llr = t.llr_approximate(&[0.0, 0.25, 0.5, 0.75, 1.0], &[0, 0, 10, 20, 10]);
        assert!((llr - 32.2651).abs() < 1e-3, "{llr}");
        assert_eq!(t.llr_approximate(&[0.0, 0.5, 1.0], &[0, 0, 7]), 0.0);
    }

    /// The maximum-likelihood LLR. Where the answer has a closed form: seven wins in seven
    /// games (and, in effect, nothing else seen) leave the reweighted distributions all but
    /// entirely on "win", with mean s0 and s1, so the LLR is 7 · ln(s1 / s0) = 7 ·
    /// ln(0.514 387 / 0.5) = 0.198 52. Symmetric results halfway between the hypotheses: 0.
    /// The other values come from an independent implementation of the same construction
    /// (Python, bisection on λ, written for this test), to four decimals.
    #[test]
    fn the_llr_matches_closed_forms_and_a_reference_implementation() {
        let near = |x: f64, y: f64| (x - y).abs() < 1e-3;
        let llr = test(0.0, 10.0).llr_trinomial(7, 0, 0);
        assert!(near(llr, 0.19852), "{llr}");
        assert!(test(-10.0, 10.0).llr_pentanomial([5, 10, 20, 10, 5]).abs() < 1e-9);
        let llr = test(0.0, 100.0).llr_trinomial(60, 20, 20);
        assert!(near(llr, 9.4221), "{llr}");
        let llr = test(0.0, 100.0).llr_pentanomial([0, 0, 10, 20, 10]);
        assert!(near(llr, 9.8771), "{llr}");
        assert_eq!(test(0.0, 100.0).decide(llr), Decision::H1);
        let llr = test(0.0, 100.0).llr_trinomial(20, 20, 60);
        assert!(llr < -2.95, "{llr}");
        assert_eq!(test(0.0, 100.0).decide(llr), Decision::H0);
        // Thousands of pairs: the approximation and the likelihood agree within 1%.
        let pairs = [100, 400, 1000, 420, 110];
        let (exact, approximate) = (
            test(0.0, 5.0).llr_pentanomial(pairs),
            test(0.0, 5.0).llr_approximate(&[0.0, 0.25, 0.5, 0.75, 1.0], &pairs),
        );
        assert!(near(exact, 0.37976), "{exact}");
        assert!(
            (exact - approximate).abs() < 0.01 * exact.abs(),
            "{exact} {approximate}"
        );
    }

    #[test]
    fn no_games_no_evidence_and_bad_tests_are_refused() {
        assert_eq!(test(0.0, 10.0).llr_pentanomial([0; 5]), 0.0);
        assert_eq!(test(0.0, 10.0).decide(0.0), Decision::Continue);
        assert!(Sprt::parse("0,10").is_ok());
        assert_eq!(Sprt::parse("0, 10, 0.1, 0.2").unwrap().beta, 0.2);
        for bad in [
            "10,0",
            "0",
            "0,10,0.05",
            "a,b",
            "0,10,0,0.05",
            "0,10,0.6,0.05",
            "0,inf",
        ] {
            assert!(Sprt::parse(bad).is_err(), "{bad}");
        }
        // Each message names the option, what was given and what is wrong, once.
        for (bad, wrong) in [
            ("10,0", "elo0 (10) must be below elo1 (0)"),
            ("5,5", "elo0 (5) must be below elo1 (5)"),
            ("10", "1 number, not 2 or 4"),
            ("0,10,0.05", "3 numbers, not 2 or 4"),
            ("x,10", "'x' is not a number"),
            ("", "'' is not a number"),
            ("nan,10", "elo0 must be a finite number, not NaN"),
            ("0,inf", "elo1 must be a finite number, not inf"),
            (
                "0,10,0.5,0.05",
                "alpha (0.5) must lie strictly between 0 and 0.5",
            ),
            (
                "0,10,0.05,0",
                "beta (0) must lie strictly between 0 and 0.5",
            ),
        ] {
            let message = Sprt::parse(bad).unwrap_err().to_string();
            assert_eq!(
                message,
                format!("--sprt '{bad}': {wrong} (expected {})", Sprt::FORM),
                "{bad}"
            );
        }
    }
}
