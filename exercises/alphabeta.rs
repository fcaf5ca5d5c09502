// Exercise `alphabeta`: alpha-beta: the window and the cut-off.
//
// Write the parts marked `todo!()`, then: searchlab exercise check alphabeta
// Stuck? searchlab exercise hint alphabeta (one hint at a time).
// The solution is the rung itself: crates/engine/src/search/alphabeta.rs. (Generated from
// crates/engine/src/search/alphabeta.rs by `searchlab exercise skeletons`; work in your own
// copy, exercises/mine/alphabeta.rs, which the commands make on first use.)

//! # Stage 2: alpha-beta
//!
//! Minimax looks at moves that cannot matter. Once I have a move worth `alpha`, a reply that
//! shows another move of mine is worth less than `alpha` ends that move's search: I will not
//! play it, so *how much* worse it is does not matter. The window `(alpha, beta)` carries both
//! players' guarantees down the tree; a move scoring `>= beta` is a *cut-off* (the opponent
//! will avoid this position), and the rest of the node's moves are skipped.
//!
//! **Invariant:** with the full window at the root it returns exactly minimax's score, and,
//! searching moves in the same order, exactly minimax's move (a later move that only ties
//! can never beat `alpha`). Inside the tree a node may return a *bound*: at most `alpha`
//! (fail low) or at least `beta` (fail high). This is the *fail-soft* form: it returns the
//! best score it saw even outside the window, a tighter bound that later stages can store.
//!
//! **Cost:** depends on move order. With the best move always first, Knuth and Moore showed
//! it visits `b^⌈d/2⌉ + b^⌊d/2⌋ − 1` leaves, about the square root of minimax's `b^d`;
//! with the worst order it is no better than minimax. Here moves come in the move
//! generator's order, so it lands in between; the next stages improve the order.

use searchlab::game::Game;
use searchlab::limits::{NodeCounter, SearchLimits};
use searchlab::score::{Depth, Ply, Score};
use searchlab::search::engine::{fixed_depth, fixed_depth_result, Engine};
use searchlab::stats::SearchResult;

/// Depth searched when the limits give none.
pub const DEFAULT_DEPTH: Depth = 4;

/// The name of this engine: on the command line, in UCI's `Stage` option, in the tables.
pub const NAME: &str = "alphabeta";

/// Fixed-depth alpha-beta (negamax form, fail-soft).
#[derive(Debug)]
pub struct AlphaBeta {
    counter: NodeCounter,
}

impl Default for AlphaBeta {
    fn default() -> Self {
        AlphaBeta::new()
    }
}

impl AlphaBeta {
    /// A new engine.
    pub fn new() -> AlphaBeta {
        AlphaBeta {
            counter: NodeCounter::new(&SearchLimits::default()),
        }
    }

    /// The value of `game` for the side to move if it lies inside `(alpha, beta)`; otherwise
    /// a bound: at most `alpha`, or at least `beta`.
    fn alphabeta<G: Game>(
        &mut self,
        game: &mut G,
        depth: Depth,
        ply: Ply,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        if !self.counter.count_node() {
            return Score::DRAW; // stopped: the root throws this away
        }
        if let Some(outcome) = game.outcome() {
            return outcome.score(ply);
        }
        if depth == 0 {
            return game.evaluate();
        }
        todo!("exercise alphabeta: write the part 'node'");
    }
}

impl<G: Game> Engine<G> for AlphaBeta {
    fn name(&self) -> &'static str {
        NAME
    }

    fn search(&mut self, game: &mut G, limits: &SearchLimits) -> SearchResult<G::Move> {
        let depth = fixed_depth(limits, DEFAULT_DEPTH);
        self.counter = NodeCounter::new(limits);
        self.counter.stats.nodes = 1; // the root
        let mut best_move = None;
        let mut best_score = -Score::INFINITE;
        for mv in limits.root_moves(game) {
            game.play(mv);
            // The root's alpha is the best score so far: later moves need only prove they
            // are worse, not by how much.
            let score = -self.alphabeta(game, depth - 1, 1, -Score::INFINITE, -best_score);
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
}
