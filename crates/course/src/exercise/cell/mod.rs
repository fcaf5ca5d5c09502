//! The exercises as notebook cells: the learner writes a rung's idea as a plain function in the
//! notebook, and a helper here grades it. A `todo!()` still in the function is "not done yet",
//! printed, and the notebook goes on: the grader catches the panic, so even a headless run is
//! not stopped, and a mistake costs only its cell.
//!
//! Where the function can run inside the crate's own search, it does, and is graded as
//! `searchlab exercise check` grades a file (the same facts, [`super::grade`]): alpha-beta's node
//! (notebook 02), iterative deepening's loop (03); or node for node against the rung's own
//! search: minimax's node (01), the quiescence search (07). Where the idea is
//! a step inside a node that the rung's node cannot call out of (the table's answer and what is
//! stored, 04; the order of the moves, 05; a later move's search, 06 and 08), the function is
//! graded against the crate's own step, or the step's facts, case by case, and the cell says
//! which exercise grades the whole rung. The last stages have no file exercise; their cells
//! take the idea's heart: the lock-free table's slot (09), Texel's sigmoid and error (10), the
//! learned evaluation's incremental update (10b). Stage 11 has a file exercise (the singular
//! extension); its cell takes a smaller step of it, graded case by case against the node's
//! own: when a node's result teaches the correction history (11).

mod alphabeta;
mod cached;
mod correction;
mod iterative;
mod later_move;
mod minimax;
mod neural;
mod ordered;
mod parallel;
mod quiescence;
mod tuning;

pub use alphabeta::{grade_alphabeta_node, AlphaBetaNode, NodeEngine};
pub use cached::{grade_table, TableCutoff, TableStore};
pub use correction::{grade_worth_learning, WorthLearning};
pub use iterative::{grade_deepening_loop, Deepener, DeepeningLoop, LoopEngine};
pub use later_move::{grade_late_move, grade_later_move, ChildSearch, LateMove, LaterMove};
pub use minimax::{grade_minimax_node, MinimaxNode};
pub use neural::{grade_accumulator_update, AccumulatorUpdate};
pub use ordered::{grade_order_score, OrderScore};
pub use parallel::{grade_slot, SlotRead, SlotWrite};
pub use quiescence::{grade_quiescence, QuiescenceNode};
pub use tuning::{grade_texel, MeanError, Sigmoid};

use super::caught::run_caught;
use super::grade::Verdict;
use searchlab_engine::Score;

/// "Not done yet" for a cell: `what` (the loop, the order score, …) is still `todo!()`. (The
/// file's message points at a file; the cell's learner writes in the cell.)
fn not_done_in_cell(exercise: &str, what: &str) -> Verdict {
    Verdict::NotDone(format!(
        "{exercise}: not done yet: {what} is still todo!(). Write it in the function above, \
         then run the cell again."
    ))
}

/// Runs the learner's `f`: its value, or the verdict on its panic: "not done yet" for a
/// `todo!()` (`what` is still to write), otherwise the panic's message and place.
fn caught<T>(exercise: &str, what: &str, f: impl FnOnce() -> T) -> Result<T, Verdict> {
    run_caught(f).map_err(|panic| {
        if panic.message.starts_with("not yet implemented") {
            not_done_in_cell(exercise, what)
        } else {
            Verdict::Wrong(format!(
                "{exercise}: your function panicked: {} ({})",
                panic.message, panic.location
            ))
        }
    })
}

/// A score as the cells show it: ±inf for the whole window's ends.
fn shown(score: Score) -> String {
    if score >= Score::INFINITE {
        "+inf".to_string()
    } else if score <= -Score::INFINITE {
        "-inf".to_string()
    } else {
        score.to_string()
    }
}

/// A window as the cells show it.
fn window(alpha: Score, beta: Score) -> String {
    format!("({}, {})", shown(alpha), shown(beta))
}
