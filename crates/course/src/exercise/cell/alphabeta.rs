//! Notebook 02's cell: alpha-beta's node, written whole.

use super::not_done_in_cell;
use crate::exercise::find;
use crate::exercise::grade::{grade, Verdict};
use searchlab_engine::games::Chess;
use searchlab_engine::limits::NodeCounter;
use searchlab_engine::search::engine::{fixed_depth, fixed_depth_result, Engine};
use searchlab_engine::stats::SearchResult;
use searchlab_engine::{Depth, Game, Ply, Score, SearchLimits};

/// An alpha-beta node as the notebook's exercise cell writes it: the value of `game` within
/// `(alpha, beta)`, each node counted on `counter` (as the rung's node does).
pub type AlphaBetaNode = fn(&mut Chess, Depth, Ply, Score, Score, &mut NodeCounter) -> Score;

/// An engine around a learner's node: the alpha-beta rung's root, calling `node` below it.
pub struct NodeEngine {
    node: Box<NodeFn>,
    counter: NodeCounter,
}

/// A node as [`NodeEngine`] calls it: [`AlphaBetaNode`]'s arguments.
type NodeFn = dyn FnMut(&mut Chess, Depth, Ply, Score, Score, &mut NodeCounter) -> Score + Send;

impl NodeEngine {
    /// The engine that searches with `node`.
    pub fn new(node: AlphaBetaNode) -> NodeEngine {
        NodeEngine::with(node)
    }

    /// The engine that searches with `node`, a closure (another rung's node behind the
    /// alpha-beta node's arguments, say).
    pub fn with(
        node: impl FnMut(&mut Chess, Depth, Ply, Score, Score, &mut NodeCounter) -> Score
            + Send
            + 'static,
    ) -> NodeEngine {
        NodeEngine {
            node: Box::new(node),
            counter: NodeCounter::new(&SearchLimits::default()),
        }
    }
}

impl Engine<Chess> for NodeEngine {
    fn name(&self) -> &'static str {
        "your alphabeta"
    }

    fn search(
        &mut self,
        game: &mut Chess,
        limits: &SearchLimits,
    ) -> SearchResult<chess::ChessMove> {
        let depth = fixed_depth(limits, 4);
        self.counter = NodeCounter::new(limits);
        self.counter.stats.nodes = 1; // the root
        let mut best_move = None;
        let mut best_score = -Score::INFINITE;
        for mv in game.legal_moves() {
            game.play(mv);
            let score = -(self.node)(
                game,
                depth - 1,
                1,
                -Score::INFINITE,
                -best_score,
                &mut self.counter,
            );
            game.undo();
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
            }
        }
        fixed_depth_result(game, best_move, best_score, depth, &self.counter)
    }
}

/// Grades a learner's alpha-beta node as the `alphabeta` exercise (see [`crate::exercise::grade::grade`]).
pub fn grade_alphabeta_node(node: AlphaBetaNode) -> Verdict {
    let exercise = find("alphabeta").expect("the alphabeta exercise");
    match grade(exercise, &move || Box::new(NodeEngine::new(node))) {
        Verdict::NotDone(_) => not_done_in_cell("alphabeta", "the loop"),
        verdict => verdict,
    }
}
