//! Notebook 05's cell: a move's order score, graded by the move picker's facts.

use super::not_done_in_cell;
use crate::exercise::find;
use crate::exercise::grade::{picker_problem, taught_tables, Verdict};
use searchlab_engine::games::Chess;
use searchlab_engine::search::move_picker::MovePicker;
use searchlab_engine::Game;

/// A move's order score as the notebook's move-ordering cell writes it: `mv` in `game`, given
/// the node's hash move, the killers of its ply (the newer first) and the move's history score;
/// a larger score is tried first.
pub type OrderScore = fn(
    &Chess,
    chess::ChessMove,
    Option<chess::ChessMove>,
    [Option<chess::ChessMove>; 2],
    i32,
) -> i32;

/// Grades a learner's order score as the `ordered` exercise grades a move picker
/// ([`picker_problem`]): in its four positions, the moves handed out best first by `score`
/// must come in the rung's picker's order. (The killers are the crate's: this cell writes the
/// order, the file's exercise the killers too, and the search.)
pub fn grade_order_score(score: OrderScore) -> Verdict {
    let exercise = find("ordered").expect("the ordered exercise");
    let probe = |game: &Chess, hash, cutoffs: &[chess::ChessMove]| {
        let tables = taught_tables(cutoffs);
        let killers = tables.killers(0);
        let scored = game
            .legal_moves()
            .into_iter()
            .map(|mv| (mv, score(game, mv, hash, killers, tables.history(0, mv))))
            .collect();
        (MovePicker::from_scores(scored).collect(), killers)
    };
    match picker_problem(exercise, &probe) {
        Some(Verdict::NotDone(_)) => not_done_in_cell("ordered", "the order score"),
        Some(verdict) => verdict,
        None => Verdict::Solved(
            "ordered: solved. In the four positions of the ordered exercise, your scores hand \
             out every move in the rung's picker's order: the hash move, captures by MVV-LVA, \
             the killers, the rest by history."
                .to_string(),
        ),
    }
}
