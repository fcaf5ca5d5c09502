//! The value of a root move, by the plainest search that is right: what two different moves of
//! equal value prove. A search that plays another move than the rung's is still right when the
//! two moves have the same value; the ladder's tests and the exercises' grader ask this.

use crate::game::Game;
use crate::games::Chess;
use crate::limits::SearchLimits;
use crate::score::{Depth, Score};
use crate::search::engine::Engine;
use crate::search::AlphaBeta;

/// The value of playing `mv` at the root of `game` at `depth`: the position after it, searched
/// by alpha-beta one ply less deep, from the root's side. Two different root moves with equal
/// values are both right (the ladder test and the exercises' grader prove ties this way).
pub fn value_of_move(game: &Chess, mv: chess::ChessMove, depth: Depth) -> Score {
    let mut after = game.clone();
    after.play(mv);
    let child = if let Some(outcome) = after.outcome() {
        outcome.score(0)
    } else if depth <= 1 {
        after.evaluate()
    } else {
        Engine::<Chess>::search(
            &mut AlphaBeta::new(),
            &mut after,
            &SearchLimits::depth(depth - 1),
        )
        .score
    };
    // The child's mate distances count from the child: one ply further from the root.
    (-child).from_tt(1)
}
