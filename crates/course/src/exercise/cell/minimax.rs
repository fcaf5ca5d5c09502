//! Notebook 01's cell: minimax's node, written whole, graded node for node against the minimax
//! rung.

use super::alphabeta::NodeEngine;
use super::{caught, shown};
use crate::exercise::grade::Verdict;
use crate::exercise::words::or_none;
use crate::notebook::thousands;
use searchlab_engine::games::Chess;
use searchlab_engine::limits::NodeCounter;
use searchlab_engine::positions::LADDER;
use searchlab_engine::search::{Engine, Minimax};
use searchlab_engine::{Depth, Ply, Score, SearchLimits};

/// A minimax node as the notebook's exercise cell writes it: the value of `game` for the side
/// to move, searched `depth` plies deep, `ply` plies from the root, each node counted on
/// `counter` (as the rung's node does).
pub type MinimaxNode = fn(&mut Chess, Depth, Ply, &mut NodeCounter) -> Score;

/// The deepest search the minimax cell is graded at: minimax searches every node, so depth 3
/// already takes a few hundred thousand nodes on the busiest ladder position.
const DEEPEST: Depth = 3;

/// Grades a learner's minimax node: on the 24 ladder positions at depths 1 to 3, under the
/// minimax rung's root, the rung's score and move in the rung's number of nodes.
pub fn grade_minimax_node(node: MinimaxNode) -> Verdict {
    let mut nodes = 0;
    for position in LADDER {
        let game = match Chess::from_fen(position.fen) {
            Ok(game) => game,
            Err(e) => return Verdict::Wrong(format!("position {}: {e}", position.name)),
        };
        for depth in 1..=DEEPEST {
            let limits = SearchLimits::depth(depth);
            let want = Minimax::new().search(&mut game.clone(), &limits);
            // The rung's root, with the learner's node below it: a minimax node ignores the
            // window the root hands down.
            let mut engine = NodeEngine::with(move |game, depth, ply, _, _, counter| {
                node(game, depth, ply, counter)
            });
            let got = match caught("minimax", "the loop", || {
                engine.search(&mut game.clone(), &limits)
            }) {
                Ok(got) => got,
                Err(verdict) => return verdict,
            };
            if (got.score, got.best_move, got.nodes()) != (want.score, want.best_move, want.nodes())
            {
                let show = |score: Score, mv: Option<chess::ChessMove>, n: u64| {
                    format!(
                        "score {}, move {}, {} nodes",
                        shown(score),
                        or_none(mv),
                        thousands(n)
                    )
                };
                let why = if (got.score, got.best_move) != (want.score, want.best_move) {
                    "a root move's value differs from the rung's: each child's value is for the \
                     side to move there, so negate it; the node's value is the best of them; a \
                     finished game is scored by its ply"
                } else {
                    "the same score and move in another number of nodes: every legal move \
                     searched once, each child one ply deeper and one ply less from the horizon?"
                };
                return Verdict::Wrong(format!(
                    "minimax: on {} at depth {depth}\n  FEN {}\n  the rung: {}\n  yours:    \
                     {}\n({why})",
                    position.name,
                    position.fen,
                    show(want.score, want.best_move, want.nodes()),
                    show(got.score, got.best_move, got.nodes())
                ));
            }
            nodes += got.nodes();
        }
    }
    Verdict::Solved(format!(
        "minimax: solved. The rung's score and move in the rung's number of nodes on the {} \
         ladder positions at depths 1 to {DEEPEST} ({} nodes in all).",
        LADDER.len(),
        thousands(nodes)
    ))
}
