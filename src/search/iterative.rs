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
//! last depth.

use crate::game::Game;
use crate::limits::{SearchLimits, Stopper};
use crate::score::{Depth, Ply, Score};
use crate::search::{
    max_iteration_depth, move_to_front, score_without_moves, Engine, IterationObserver,
};
use crate::stats::{Iteration, SearchResult, SearchStats};

/// Deepest iteration when the limits give no depth, time or node limit.
pub const DEFAULT_DEPTH: Depth = 5;

/// Iterative deepening around alpha-beta, previous principal variation first.
pub struct Iterative<G: Game> {
    stats: SearchStats,
    stopper: Stopper,
    /// Depth of the last completed iteration (0 before the first completes).
    completed_depth: Depth,
    /// The principal variation of the last completed iteration.
    previous_pv: Vec<G::Move>,
    /// True while the search is still walking down the previous principal variation.
    following_pv: bool,
    observer: Option<IterationObserver>,
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
            stats: SearchStats::default(),
            stopper: Stopper::new(&SearchLimits::default()),
            completed_depth: 0,
            previous_pv: Vec::new(),
            following_pv: false,
            observer: None,
        }
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
        if self.should_stop() {
            return Score::DRAW; // thrown away by the caller: the iteration is abandoned
        }
        self.stats.nodes += 1;
        if let Some(outcome) = game.outcome() {
            return outcome.score(ply);
        }
        if depth == 0 {
            return game.evaluate();
        }
        let mut moves = game.legal_moves();
        self.order_moves(&mut moves, ply);
        let mut best = -Score::INFINITE;
        let mut child_pv = Vec::new();
        for mv in moves {
            game.play(mv);
            let score = -self.alphabeta(game, depth - 1, ply + 1, -beta, -alpha, &mut child_pv);
            game.undo();
            // Only the first move of a PV node continues the previous PV.
            self.following_pv = false;
            best = best.max(score);
            if score > alpha {
                alpha = score;
                pv.clear();
                pv.push(mv);
                pv.extend_from_slice(&child_pv);
            }
            if alpha >= beta {
                self.stats.beta_cutoffs += 1;
                break;
            }
        }
        best
    }
    // ANCHOR_END: search

    // ANCHOR: order
    /// On the previous principal variation, its move for this ply goes first.
    fn order_moves(&mut self, moves: &mut [G::Move], ply: Ply) {
        if !self.following_pv {
            return;
        }
        let pv_move = self.previous_pv.get(ply as usize).copied();
        self.following_pv = pv_move.is_some_and(|mv| move_to_front(moves, mv));
    }
    // ANCHOR_END: order

    /// The stop check, made before a node is counted, so an abandoned call is no node. The
    /// first iteration always completes, so there is always a move.
    fn should_stop(&mut self) -> bool {
        self.completed_depth > 0 && self.stopper.should_stop(self.stats.nodes)
    }

    // ANCHOR: root
    /// One iteration: every root move, the previous best first. Returns the root score and
    /// the principal variation (empty if there are no legal moves).
    fn search_root(&mut self, game: &mut G, depth: Depth) -> (Score, Vec<G::Move>) {
        self.stats.nodes += 1; // the root
        self.following_pv = true;
        let mut moves = game.legal_moves();
        self.order_moves(&mut moves, 0);
        let mut best_score = -Score::INFINITE;
        let mut pv = Vec::new();
        let mut child_pv = Vec::new();
        for mv in moves {
            game.play(mv);
            let score = -self.alphabeta(
                game,
                depth - 1,
                1,
                -Score::INFINITE,
                -best_score,
                &mut child_pv,
            );
            game.undo();
            self.following_pv = false;
            if score > best_score {
                best_score = score;
                pv.clear();
                pv.push(mv);
                pv.extend_from_slice(&child_pv);
            }
        }
        (best_score, pv)
    }
    // ANCHOR_END: root
}

impl<G: Game> Engine<G> for Iterative<G> {
    fn name(&self) -> &'static str {
        "iterative"
    }

    // ANCHOR: deepening
    fn search(&mut self, game: &mut G, limits: &SearchLimits) -> SearchResult<G::Move> {
        self.stopper = Stopper::new(limits);
        self.stats = SearchStats::default();
        self.completed_depth = 0;
        self.previous_pv.clear();
        let max_depth = max_iteration_depth(limits, DEFAULT_DEPTH);
        let mut score = score_without_moves(game);
        let mut iterations = Vec::new();
        if game.legal_moves().is_empty() {
            return self.result(score, iterations);
        }
        for depth in 1..=max_depth {
            if depth > 1 && !self.stopper.may_start_iteration() {
                break;
            }
            let (iteration_score, pv) = self.search_root(game, depth);
            if self.stopper.stopped() {
                break; // abandoned: keep the last completed iteration
            }
            score = iteration_score;
            self.completed_depth = depth;
            self.previous_pv = pv;
            let iteration = Iteration {
                depth,
                score,
                nodes: self.stats.nodes,
                time: self.stopper.elapsed(),
                pv: self.previous_pv.iter().map(|m| m.to_string()).collect(),
            };
            if let Some(observer) = self.observer.as_mut() {
                observer(&iteration);
            }
            iterations.push(iteration);
            if score.is_mate() {
                break; // proven: no deeper search finds a shorter mate
            }
        }
        self.result(score, iterations)
    }
    // ANCHOR_END: deepening

    fn set_iteration_observer(&mut self, observer: Option<IterationObserver>) {
        self.observer = observer;
    }
}

impl<G: Game> Iterative<G> {
    fn result(&self, score: Score, iterations: Vec<Iteration>) -> SearchResult<G::Move> {
        SearchResult {
            best_move: self.previous_pv.first().copied(),
            score,
            pv: self.previous_pv.clone(),
            depth: self.completed_depth,
            stats: self.stats,
            time: self.stopper.elapsed(),
            iterations,
        }
    }
}
