//! # Stage 1: minimax
//!
//! The idea every game-playing program starts from: to value a position, try every legal move,
//! value each resulting position the same way, and take the best one for the player to move.
//! Below a fixed depth, stop and trust the static evaluation.
//!
//! It is written in the *negamax* form. A score is always from the side to move, so the best
//! move for me is the one whose resulting position is worst for you: `score = -value(child)`.
//! One function then serves both players, where the textbook's max and min alternate.
//!
//! **Invariant:** at depth `d` it returns the exact minimax value of the depth-`d` tree.
//! **Cost:** every node of that tree: about `b^d` for branching factor `b` (≈ 35 in chess
//! middlegames), so each extra ply costs ~35 times as much. The whole tic-tac-toe tree is
//! 549,946 nodes; chess at depth 4 from a middlegame is already millions.
//!
//! **Stopping.** Even a fixed-depth search must end when a GUI says `stop` or the clock runs
//! out (depth 8 from the start would take hours), so every node is counted through a
//! [`NodeCounter`], which says when to give up; the root then plays the best move it finished.

use crate::game::Game;
use crate::limits::{NodeCounter, SearchLimits};
use crate::score::{Depth, Ply, Score};
use crate::search::engine::{fixed_depth, fixed_depth_result, Engine};
use crate::stats::SearchResult;

/// Depth searched when the limits give none.
pub const DEFAULT_DEPTH: Depth = 3;

/// The name of this engine: on the command line, in UCI's `Stage` option, in the tables.
pub const NAME: &str = "minimax";

/// Plain fixed-depth minimax, in negamax form.
#[derive(Debug)]
pub struct Minimax {
    counter: NodeCounter,
}

impl Default for Minimax {
    fn default() -> Self {
        Minimax::new()
    }
}

impl Minimax {
    /// A new engine.
    pub fn new() -> Minimax {
        Minimax {
            counter: NodeCounter::new(&SearchLimits::default()),
        }
    }

    // ANCHOR: search
    /// The value of `game` for the side to move, searching `depth` more plies; `ply` is the
    /// distance from the root (it makes a nearer mate score higher).
    fn minimax<G: Game>(&mut self, game: &mut G, depth: Depth, ply: Ply) -> Score {
        if !self.counter.count_node() {
            return Score::DRAW; // stopped: the root throws this away
        }
        if let Some(outcome) = game.outcome() {
            return outcome.score(ply);
        }
        if depth == 0 {
            return game.evaluate();
        }
        let mut best = -Score::INFINITE;
        for mv in game.legal_moves() {
            game.play(mv);
            let score = -self.minimax(game, depth - 1, ply + 1);
            game.undo();
            best = best.max(score);
        }
        best
    }
    // ANCHOR_END: search
}

impl<G: Game> Engine<G> for Minimax {
    fn name(&self) -> &'static str {
        NAME
    }

    // ANCHOR: root
    fn search(&mut self, game: &mut G, limits: &SearchLimits) -> SearchResult<G::Move> {
        let depth = fixed_depth(limits, DEFAULT_DEPTH);
        self.counter = NodeCounter::new(limits);
        self.counter.stats.nodes = 1; // the root
        let mut best_move = None;
        let mut best_score = -Score::INFINITE;
        for mv in limits.root_moves(game) {
            game.play(mv);
            let score = -self.minimax(game, depth - 1, 1);
            game.undo();
            if self.counter.stopped() {
                break; // stopped inside this move: its score is not a score
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
            }
        }
        fixed_depth_result(game, best_move, best_score, depth, &self.counter)
    }
    // ANCHOR_END: root
}
