//! # Stage 4: the cached engine (a transposition table)
//!
//! Iterative deepening searches the same positions again and again: every iteration repeats
//! the one before, one ply deeper, and within one iteration different move orders reach the
//! same position (`1.Nf3 Nf6 2.Nc3` and `1.Nc3 Nf6 2.Nf3`). This stage remembers what it
//! learned about each position in a [`TranspositionTable`] and uses it in two ways:
//!
//! 1. **Cut-offs.** If the table has the position searched at least as deep as needed, its
//!    score can answer the node outright: an exact score always, a lower bound if it is
//!    already `>= beta`, an upper bound if it is already `<= alpha`.
//! 2. **Move ordering.** Otherwise, the stored best move is tried first. Between iterations
//!    this is what makes deepening pay: the shallower search's best move at *every* node it
//!    visited, not only along the principal variation, is tried first in the deeper one.
//!
//! **Invariant, and where it bends:** the score at each depth equals iterative deepening's,
//! *unless* the table supplies an answer the plain search would not have computed. Two cases:
//! - *deeper entries*: a position searched deeper (via another path, or in an earlier search)
//!   answers a shallower node with a better-informed score;
//! - *graph history interaction*: the key says nothing about how a position was reached, but a
//!   repetition draw or the 50-move rule depend on exactly that, so a score stored via one path
//!   can be reused on another where it does not hold.
//!
//! Neither can happen inside one search of depth 4 or less from a fresh table (a position
//! recurs at two remaining depths only two plies apart, with both sides returning to where
//! they were, which is a repetition the game already scores), which is the rule the ladder
//! test holds this stage to: exactly iterative's score at depths 1 to 4.
//! **Cost:** a fixed amount of memory (the `Hash` option, in MB), and a probe per node.

use crate::game::Game;
use crate::limits::{SearchLimits, Stopper};
use crate::score::{Depth, Ply, Score};
use crate::search::{
    max_iteration_depth, move_to_front, score_without_moves, Engine, IterationObserver,
};
use crate::stats::{Iteration, SearchResult, SearchStats};
use crate::tt::{Bound, TranspositionTable};

/// Deepest iteration when the limits give no depth, time or node limit.
pub const DEFAULT_DEPTH: Depth = 5;

/// Iterative deepening with a transposition table.
pub struct Cached<G: Game> {
    stats: SearchStats,
    stopper: Stopper,
    /// Depth of the last completed iteration (0 before the first completes).
    completed_depth: Depth,
    /// The principal variation of the last completed iteration.
    previous_pv: Vec<G::Move>,
    /// True while the search is still walking down the previous principal variation.
    following_pv: bool,
    observer: Option<IterationObserver>,
    /// What earlier searches learned, by position.
    tt: TranspositionTable<G::Move>,
}

impl<G: Game> Cached<G> {
    /// A new cached engine with a transposition table of about `megabytes` MB.
    pub fn new(megabytes: usize) -> Cached<G> {
        Cached {
            stats: SearchStats::default(),
            stopper: Stopper::new(&SearchLimits::default()),
            completed_depth: 0,
            previous_pv: Vec::new(),
            following_pv: false,
            observer: None,
            tt: TranspositionTable::new(megabytes),
        }
    }

    // ANCHOR: search
    /// Iterative deepening's alpha-beta, plus: look the position up first, and store what the
    /// search found at the end.
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
        let key = game.hash();
        let mut tt_move = None;
        if let Some(entry) = self.tt.probe(key) {
            self.stats.tt_hits += 1;
            tt_move = entry.best_move;
            if entry.depth >= depth {
                let score = entry.score.from_tt(ply);
                let answers = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if answers {
                    self.stats.tt_cutoffs += 1;
                    return score;
                }
            }
        }
        let original_alpha = alpha;
        let mut moves = game.legal_moves();
        self.order_moves(&mut moves, ply, tt_move);
        let mut best = -Score::INFINITE;
        let mut best_move = None;
        let mut child_pv = Vec::new();
        for mv in moves {
            game.play(mv);
            let score = -self.alphabeta(game, depth - 1, ply + 1, -beta, -alpha, &mut child_pv);
            game.undo();
            // Only the first move of a PV node continues the previous PV.
            self.following_pv = false;
            if score > best {
                best = score;
                best_move = Some(mv);
            }
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
        if !self.stopper.stopped() {
            let bound = if best <= original_alpha {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.tt.store(key, depth, best.to_tt(ply), bound, best_move);
        }
        best
    }
    // ANCHOR_END: search

    // ANCHOR: order
    /// The table's move first; on the previous principal variation, its move goes first.
    fn order_moves(&mut self, moves: &mut [G::Move], ply: Ply, tt_move: Option<G::Move>) {
        if let Some(mv) = tt_move {
            move_to_front(moves, mv);
        }
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
        self.order_moves(&mut moves, 0, None);
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

impl<G: Game> Engine<G> for Cached<G> {
    fn name(&self) -> &'static str {
        "cached"
    }

    // ANCHOR: deepening
    fn search(&mut self, game: &mut G, limits: &SearchLimits) -> SearchResult<G::Move> {
        self.stopper = Stopper::new(limits);
        self.stats = SearchStats::default();
        self.completed_depth = 0;
        self.previous_pv.clear();
        self.tt.new_search();
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

    fn new_game(&mut self) {
        self.tt.clear();
    }

    fn set_hash_size(&mut self, megabytes: usize) {
        self.tt = TranspositionTable::new(megabytes);
    }

    fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }
}

impl<G: Game> Cached<G> {
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
