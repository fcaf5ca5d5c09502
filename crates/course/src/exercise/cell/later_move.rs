//! Notebooks 06 and 08's cells: how a node searches a move after its first, with the null
//! window and the search again (PVS, stage 6), and reduced first (late move reductions, stage
//! 8). The learner's step is handed a child whose value is known, and graded by the searches it
//! asks for and the value it returns.
//!
//! The child answers as a fail-hard search does: its value inside the window, or the window's
//! edge it fails at. So a null-window search only says "above alpha" or "not above", never by
//! how much: a step that skips the second search returns a bound where the value was wanted.

use super::{caught, shown, window};
use crate::exercise::grade::Verdict;
use crate::notebook::thousands;
use searchlab_engine::{Depth, Score};

/// The search of the position after a move, as a cell's step calls it: `search(depth, alpha,
/// beta)` searches it `depth` plies deep with the window `(alpha, beta)` and returns its value
/// for the side that moved (the negations are done for you).
pub type ChildSearch<'a> = &'a mut dyn FnMut(Depth, Score, Score) -> Score;

/// PVS's step for a move after the first, as notebook 06's cell writes it: the node is
/// `depth` plies from the horizon, searched with the window `(alpha, beta)`; the move's value.
pub type LaterMove = fn(ChildSearch, Depth, Score, Score) -> Score;

/// The selective stage's step for a move after the first, as notebook 08's cell writes it:
/// as [`LaterMove`], with the move to be searched `reduction` plies shallower first.
pub type LateMove = fn(ChildSearch, Depth, Score, Score, Depth) -> Score;

/// A case: the node's depth and window, the move's reduction, and the child's value searched
/// reduced and at full depth.
#[derive(Clone, Copy)]
struct Case {
    depth: Depth,
    alpha: Score,
    beta: Score,
    reduction: Depth,
    reduced_value: Score,
    value: Score,
}

/// One search the step asked for: the depth and the window.
type Asked = (Depth, Score, Score);

/// The searches the stage makes for a case, in order: the null window `(alpha, alpha + 1)`
/// first, `reduction` plies shallower; if that was reduced and beat alpha, the null window
/// again at full depth; and if the score lies strictly inside the node's window (only a
/// window wider than a null one has room), the whole window at full depth.
fn expected(case: &Case) -> Vec<Asked> {
    let Case {
        depth,
        alpha,
        beta,
        reduction,
        ..
    } = *case;
    let null = Score(alpha.0 + 1);
    let mut asked = vec![(depth - 1 - reduction, alpha, null)];
    let mut score = answer(case, asked[0]);
    if reduction > 0 && score > alpha {
        asked.push((depth - 1, alpha, null));
        score = answer(case, (depth - 1, alpha, null));
    }
    if score > alpha && score < beta {
        asked.push((depth - 1, alpha, beta));
    }
    asked
}

/// The child's answer to a search: fail-hard, its value clamped to the window.
fn answer(case: &Case, (depth, alpha, beta): Asked) -> Score {
    let value = if depth + 1 + case.reduction == case.depth && case.reduction > 0 {
        case.reduced_value
    } else {
        case.value
    };
    value.clamp(alpha, beta)
}

/// The cases: PVS's (no reduction) and the reductions' (one and two plies). The node's window
/// is a principal variation's (wide) or a null one; the child's value below alpha, inside the
/// window, at or above beta; a reduced search that beats alpha where the full one does not.
fn cases(reductions: &[Depth]) -> Vec<Case> {
    let windows = [
        (Score(0), Score(100)),
        (Score(-50), Score(-49)),
        (Score(20), Score(21)),
    ];
    let values = [-200, -50, 0, 1, 20, 21, 50, 99, 100, 300];
    let mut cases = Vec::new();
    for &reduction in reductions {
        for depth in [2 + reduction, 5] {
            for (alpha, beta) in windows {
                for value in values {
                    for reduced in values {
                        if reduction == 0 && reduced != value {
                            continue;
                        }
                        cases.push(Case {
                            depth,
                            alpha,
                            beta,
                            reduction,
                            reduced_value: Score(reduced),
                            value: Score(value),
                        });
                    }
                }
            }
        }
    }
    cases
}

/// Grades a step on `cases`: the searches it asks for, in order, and the value it returns (the
/// last search's).
fn grade_step(
    exercise: &str,
    what: &str,
    cases: &[Case],
    step: &dyn Fn(ChildSearch, &Case) -> Score,
) -> Verdict {
    for case in cases {
        let mut asked: Vec<Asked> = Vec::new();
        let mut search = |depth: Depth, alpha: Score, beta: Score| {
            asked.push((depth, alpha, beta));
            answer(case, (depth, alpha, beta))
        };
        let got = match caught(exercise, what, || step(&mut search, case)) {
            Ok(got) => got,
            Err(verdict) => return verdict,
        };
        let want = expected(case);
        let value = answer(case, *want.last().expect("at least one search"));
        let show = |asked: &[Asked]| {
            asked
                .iter()
                .map(|&(d, a, b)| format!("depth {d} {}", window(a, b)))
                .collect::<Vec<_>>()
                .join(", then ")
        };
        let reduced = if case.reduction > 0 {
            format!(
                ", reduced by {} (its value searched {} deep: {})",
                case.reduction,
                case.depth - 1 - case.reduction,
                shown(case.reduced_value)
            )
        } else {
            String::new()
        };
        let at = format!(
            "a move after the first, at a node {} from the horizon with the window {}{reduced}; \
             the move's value searched {} deep: {}",
            case.depth,
            window(case.alpha, case.beta),
            case.depth - 1,
            shown(case.value)
        );
        if asked != want {
            let null = (case.alpha, Score(case.alpha.0 + 1));
            let why = if asked.first().map(|&(_, a, b)| (a, b)) != Some(null) {
                "a later move is searched first with the null window (alpha, alpha + 1): it only \
                 has to prove itself no better than alpha"
            } else if asked.len() < want.len() {
                "a null-window score that beats alpha is only a bound: search again (at full \
                 depth if it was reduced; with the whole window if that is wider) to learn the \
                 value"
            } else if asked.len() > want.len() {
                "search again only when the score beats alpha and, for the whole window, lies \
                 below beta: at or above beta the move fails high whatever the window"
            } else {
                "as many searches, but another depth or window: a reduced move that beats alpha \
                 is searched again at full depth (depth - 1) with the null window; the last \
                 search, if any, is at full depth with the whole window"
            };
            return Verdict::Wrong(format!(
                "{exercise}: {at}\n  the stage searches: {}\n  yours:              {}\n({why})",
                show(&want),
                if asked.is_empty() {
                    "nothing".to_string()
                } else {
                    show(&asked)
                }
            ));
        }
        if got != value {
            return Verdict::Wrong(format!(
                "{exercise}: {at}\n  the right searches, but the step returned {} where the \
                 last search found {}",
                shown(got),
                shown(value)
            ));
        }
    }
    Verdict::Solved(format!(
        "{exercise}: solved. In all {} cases your step asks for exactly the stage's searches, \
         in order, and returns what the last found.",
        thousands(cases.len() as u64)
    ))
}

/// Grades PVS's step for a later move (notebook 06): the null window first, and the whole
/// window again only when the score lands strictly inside it.
pub fn grade_later_move(step: LaterMove) -> Verdict {
    grade_step("pvs", "the null window", &cases(&[0]), &|search, c| {
        step(search, c.depth, c.alpha, c.beta)
    })
}

/// Grades the selective stage's step for a late move (notebook 08): the reduced null-window
/// search, the full-depth one on a surprise, and the whole window when the score lands inside
/// it; with no reduction, PVS's step.
pub fn grade_late_move(step: LateMove) -> Verdict {
    grade_step(
        "late_move_reductions",
        "the reduced search",
        &cases(&[0, 1, 2]),
        &|search, c| step(search, c.depth, c.alpha, c.beta, c.reduction),
    )
}
