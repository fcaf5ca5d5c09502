//! Notebook 11's cell: when a node's search teaches the correction history. The learner writes
//! the rule that decides whether a result is a better estimate than the static evaluation,
//! graded against the node's own ([`worth_learning`]) on every kind of case: each bound, a
//! score above, below and on the evaluation, a quiet best move and a capture, mates, and a
//! node in check.

use super::caught;
use crate::exercise::grade::Verdict;
use searchlab_engine::search::selective::correction::worth_learning;
use searchlab_engine::tt::Bound;
use searchlab_engine::Score;

/// The rule as the notebook's cell writes it: whether a node whose static evaluation was `raw`
/// (`None`: in check, not evaluated) and whose search found `best`, with `bound`, teaches the
/// correction history; `quiet_best` says whether its best move was quiet.
pub type WorthLearning = fn(Option<Score>, Score, Bound, bool) -> bool;

/// One case the grader asks about, with the words that describe it.
struct Case {
    raw: Option<Score>,
    best: Score,
    bound: Bound,
    quiet_best: bool,
    /// Where `best` lies: "above the evaluation", "a mate", …
    place: &'static str,
}

/// Every case, the simple ones first: for two evaluations (and none, in check), a quiet best
/// move and a capture, each bound, and a score above, below and on the evaluation, a mate for
/// the side to move and a mate against it.
fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for raw in [Some(Score(20)), Some(Score(-35)), None] {
        for quiet_best in [true, false] {
            for bound in [Bound::Exact, Bound::Lower, Bound::Upper] {
                let at = raw.unwrap_or(Score(20)).0;
                for (best, place) in [
                    (Score(at + 70), "above the evaluation"),
                    (Score(at - 70), "below the evaluation"),
                    (Score(at), "equal to the evaluation"),
                    (Score::mate_in(5), "a mate for the side to move"),
                    (Score::mated_in(4), "a mate against the side to move"),
                ] {
                    cases.push(Case {
                        raw,
                        best,
                        bound,
                        quiet_best,
                        place,
                    });
                }
            }
        }
    }
    cases
}

/// The case in words, for the learner.
fn describe(case: &Case) -> String {
    let bound = match case.bound {
        Bound::Exact => "an exact score",
        Bound::Lower => "a lower bound",
        Bound::Upper => "an upper bound",
    };
    let evaluation = match case.raw {
        Some(raw) => format!("the static evaluation {raw}"),
        None => "no static evaluation (the side to move is in check)".to_string(),
    };
    let place = if case.raw.is_none() && !case.best.is_mate() {
        ""
    } else {
        case.place
    };
    let place = if place.is_empty() {
        String::new()
    } else {
        format!(", {place}")
    };
    let best_move = if case.quiet_best {
        "quiet"
    } else {
        "a capture"
    };
    format!(
        "{evaluation}; the search found {} ({bound}{place}); its best move {best_move}",
        case.best
    )
}

/// Why the node's rule says what it says about `case`.
fn why(case: &Case) -> &'static str {
    let Some(raw) = case.raw else {
        return "in check the node makes no static evaluation, so there is nothing to correct";
    };
    if !case.quiet_best {
        return "a capture's score says more about the capture than about the pawn structure: \
                only a quiet best move teaches";
    }
    if case.best.is_mate() {
        return "a mate says the game is decided, not how far the evaluation of the structure \
                was off: mates teach nothing";
    }
    match case.bound {
        Bound::Exact => {
            "an exact score is the search's value: it teaches on whichever side of the \
             evaluation it lies, and on it too: an error of 0 pulls the entry toward 0"
        }
        Bound::Lower if case.best > raw => {
            "a lower bound above the evaluation: the position is worth at least that, so the \
             evaluation was too low by at least the difference"
        }
        Bound::Lower => {
            "a lower bound says only \"at least this much\": at or below the evaluation it says \
             nothing the evaluation did not"
        }
        Bound::Upper if case.best < raw => {
            "an upper bound below the evaluation: the position is worth at most that, so the \
             evaluation was too high by at least the difference"
        }
        Bound::Upper => {
            "an upper bound says only \"at most this much\": at or above the evaluation it says \
             nothing the evaluation did not"
        }
    }
}

/// Grades a learner's rule: on every case (90 of them), the same answer as the node's own
/// [`worth_learning`]; the first case where they differ is named, with why.
pub fn grade_worth_learning(rule: WorthLearning) -> Verdict {
    let cases = cases();
    for case in &cases {
        let got = match caught("correction_history", "the rule", || {
            rule(case.raw, case.best, case.bound, case.quiet_best)
        }) {
            Ok(got) => got,
            Err(verdict) => return verdict,
        };
        let want = worth_learning(case.raw, case.best, case.bound, case.quiet_best);
        if got != want {
            let says = |teaches: bool| {
                if teaches {
                    "teaches"
                } else {
                    "teaches nothing"
                }
            };
            return Verdict::Wrong(format!(
                "correction_history: {}: the node's rule says it {}, yours that it {} ({})",
                describe(case),
                says(want),
                says(got),
                why(case)
            ));
        }
    }
    Verdict::Solved(format!(
        "correction_history: solved. Your rule agrees with the node's in all {} cases: each \
         bound with a score above, below and on the evaluation, a quiet best move and a \
         capture, mates either way, and a node in check.",
        cases.len()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn right(raw: Option<Score>, best: Score, bound: Bound, quiet_best: bool) -> bool {
        worth_learning(raw, best, bound, quiet_best)
    }

    /// Every result teaches, whatever its bound (but not in check or for a capture or a mate).
    fn ignores_the_bound(raw: Option<Score>, best: Score, _: Bound, quiet_best: bool) -> bool {
        raw.is_some() && quiet_best && !best.is_mate()
    }

    /// The bounds the wrong way round: a lower bound teaches below the evaluation.
    fn bounds_swapped(raw: Option<Score>, best: Score, bound: Bound, quiet_best: bool) -> bool {
        let Some(raw) = raw else { return false };
        let side = match bound {
            Bound::Exact => true,
            Bound::Lower => best < raw,
            Bound::Upper => best > raw,
        };
        quiet_best && side && !best.is_mate()
    }

    /// Forgets that a capture teaches nothing.
    fn captures_too(raw: Option<Score>, best: Score, bound: Bound, _: bool) -> bool {
        worth_learning(raw, best, bound, true)
    }

    /// Forgets the mates.
    fn mates_too(raw: Option<Score>, best: Score, bound: Bound, quiet_best: bool) -> bool {
        let Some(raw) = raw else { return false };
        let side = (bound != Bound::Lower || best > raw) && (bound != Bound::Upper || best < raw);
        quiet_best && side
    }

    /// An exact score on the evaluation taken for no news.
    fn strict_exact(raw: Option<Score>, best: Score, bound: Bound, quiet_best: bool) -> bool {
        worth_learning(raw, best, bound, quiet_best) && Some(best) != raw
    }

    fn unwritten(_: Option<Score>, _: Score, _: Bound, _: bool) -> bool {
        todo!("exercise correction_history: write the part 'worth_learning'")
    }

    #[test]
    fn the_nodes_rule_is_solved() {
        let verdict = grade_worth_learning(right);
        assert!(verdict.passed(), "{}", verdict.message());
        assert!(
            verdict.message().contains("all 90 cases"),
            "{}",
            verdict.message()
        );
    }

    #[test]
    fn the_cases_cover_every_answer_of_the_nodes_rule() {
        let cases = cases();
        let teach = cases
            .iter()
            .filter(|c| worth_learning(c.raw, c.best, c.bound, c.quiet_best))
            .count();
        // Quiet, not in check, not a mate: exact above, below and on; lower above; upper
        // below; for each of the two evaluations.
        assert_eq!(teach, 2 * (3 + 1 + 1));
        assert_eq!(cases.len(), 90);
    }

    #[test]
    fn typical_mistakes_are_named() {
        let mistakes: [(WorthLearning, &str); 6] = [
            (ignores_the_bound, "a lower bound, below the evaluation"),
            (bounds_swapped, "a lower bound, above the evaluation"),
            (captures_too, "its best move a capture"),
            (mates_too, "a mate for the side to move"),
            (strict_exact, "an exact score, equal to the evaluation"),
            (unwritten, "not done yet"),
        ];
        for (rule, named) in mistakes {
            let verdict = grade_worth_learning(rule);
            assert!(!verdict.passed());
            assert!(
                verdict.message().contains(named),
                "{named}: {}",
                verdict.message()
            );
        }
        // The message says why.
        let verdict = grade_worth_learning(captures_too);
        assert!(
            verdict.message().contains("only a quiet best move teaches"),
            "{}",
            verdict.message()
        );
    }
}
