//! # Stage 3: iterative deepening
//!
//! A fixed depth is the wrong question for a player with a clock: depth 6 may take a
//! millisecond in one position and a minute in another. Iterative deepening asks instead
//! "how deep can I get in the time I have?": search depth 1, then 2, then 3, …, and when time
//! runs out, play the best move of the last iteration that *completed*. An iteration in
//! progress is abandoned by a stop check inside the search (no thread is ever killed).
//!
//! Repeating the shallow iterations looks wasteful, but each costs a fraction of the next
//! (chess branches ~35 ways), and they pay for themselves: the previous iteration's
//! **principal variation** (the line both sides are expected to play) is searched first.
//! Good moves first means early alpha-beta cut-offs, so the deeper iteration is cheaper.
//!
//! Also new here: the search collects its principal variation (each node that raises alpha
//! records its move followed by its child's line), keeps per-iteration statistics, and stops
//! early once a mate is proven: a mate found at depth `d` is at most `d` plies away and every
//! shorter line was searched, so no deeper search can find a shorter one. Mate scores carry
//! their distance, so the shorter of two mates already scores higher.
//!
//! **Invariant:** each iteration is a full-window alpha-beta search, so its score is exactly
//! alpha-beta's at that depth. Only the move *order* changed, so where two moves tie it may
//! pick the other one. The first iteration always completes, so there is always a move.
//! **Cost:** all iterations together, usually fewer nodes than one alpha-beta search to the
//! last depth (on the ladder's 24 positions at depth 4, 16% fewer in total, but more on 11
//! of them: the shallow iterations are not always won back).
//!
//! The deepening loop ([`deepen`]) and the state it keeps ([`Deepening`]) are written once, in
//! [`deepening`](super::deepening): this stage, like every later one, supplies only its own
//! recursive search ([`IterativeStage`]).

use crate::game::Game;
use crate::limits::SearchLimits;
use crate::score::{Depth, Ply, Score};
use crate::search::deepening::{deepen, Deepening, IterativeStage, DEFAULT_DEPTH};
use crate::search::engine::{Engine, IterationObserver};
use crate::stats::SearchResult;

/// The name of this engine: on the command line, in UCI's `Stage` option, in the tables.
pub const NAME: &str = "iterative";

/// Iterative deepening around alpha-beta, previous principal variation first.
pub struct Iterative<G: Game> {
    state: Deepening<G::Move>,
}

impl<G: Game> Default for Iterative<G> {
    fn default() -> Self {
        Iterative::new()
    }
}

impl<G: Game> Iterative<G> {
    /// A new iterative-deepening engine.
    pub fn new() -> Iterative<G> {
        Iterative {
            state: Deepening::new(),
        }
    }
}

impl<G: Game> IterativeStage<G> for Iterative<G> {
    fn deepening(&mut self) -> &mut Deepening<G::Move> {
        &mut self.state
    }

    // ANCHOR: search
    /// Alpha-beta as in stage 2, plus: a stop check, the previous PV's move first, and the
    /// principal variation of this node returned in `pv`.
    fn alphabeta(
        &mut self,
        game: &mut G,
        depth: Depth,
        ply: Ply,
        mut alpha: Score,
        beta: Score,
        pv: &mut Vec<G::Move>,
    ) -> Score {
        pv.clear();
        if !self.state.count_node() {
            return Score::DRAW; // stopped: the iteration is abandoned, this is thrown away
        }
        if let Some(outcome) = game.outcome() {
            return outcome.score(ply);
        }
        if depth == 0 {
            return game.evaluate();
        }
        let mut moves = game.legal_moves();
        self.state.pv_move_first(&mut moves, ply);
        let mut best = -Score::INFINITE;
        let mut child_pv = Vec::new();
        for (tried, mv) in moves.into_iter().enumerate() {
            game.play(mv);
            let score = -self.alphabeta(game, depth - 1, ply + 1, -beta, -alpha, &mut child_pv);
            game.undo();
            // Only the first move of a PV node continues the previous PV.
            self.state.following_pv = false;
            best = best.max(score);
            // ANCHOR: exercise_line
            if score > alpha {
                alpha = score;
                pv.clear();
                pv.push(mv);
                pv.extend_from_slice(&child_pv);
            }
            // ANCHOR_END: exercise_line
            if alpha >= beta {
                self.state.counter.stats.count_cutoff(tried);
                break;
            }
        }
        best
    }
    // ANCHOR_END: search
}

impl<G: Game> Engine<G> for Iterative<G> {
    fn name(&self) -> &'static str {
        NAME
    }

    fn search(&mut self, game: &mut G, limits: &SearchLimits) -> SearchResult<G::Move> {
        deepen(self, game, limits, DEFAULT_DEPTH)
    }

    fn set_iteration_observer(&mut self, observer: Option<IterationObserver>) {
        self.state.observer = observer;
    }
}
