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
//! Neither can happen inside one search of depth 4 or less from a fresh table, which is the
//! rule the ladder test holds this stage to: exactly iterative's score at depths 1 to 4. A
//! position can recur at two remaining depths only an even number of plies apart, at least two:
//! each side reaching in two moves a square the other path reaches in one (Qd1–d2–d3 for
//! Qd1–d3, and the same for the other side). Within depth 4 the later occurrence is then at
//! ply 4, a leaf, which is evaluated and never looked up. A repetition needs four plies, both
//! sides returning, and within depth 4 every path that meets it shares the position repeated
//! (the root). At depth 5 both bend: a position stored at ply 2 with three plies to go can
//! answer the same position at ply 4 with one to go, and a line repeating the position at
//! ply 1 is a draw on one path and not on another. (The book's chapter on move ordering shows
//! a position where a deeper entry changes a depth-5 score.)
//! **Cost:** a fixed amount of memory (the `Hash` option, in MB), and a probe per node.

use crate::game::Game;
use crate::limits::SearchLimits;
use crate::score::{Depth, Ply, Score};
use crate::search::deepening::{deepen, Deepening, IterativeStage, DEFAULT_DEPTH};
use crate::search::engine::{move_to_front, Engine, IterationObserver};
use crate::stats::SearchResult;
use crate::tt::{Bound, Probe, TranspositionTable};

/// The name of this engine: on the command line, in UCI's `Stage` option, in the tables.
pub const NAME: &str = "cached";

/// Iterative deepening with a transposition table.
pub struct Cached<G: Game> {
    state: Deepening<G::Move>,
    /// What earlier searches learned, by position.
    tt: TranspositionTable<G::Move>,
}

impl<G: Game> Cached<G> {
    /// A new cached engine with a transposition table of about `megabytes` MB.
    pub fn new(megabytes: usize) -> Cached<G> {
        Cached {
            state: Deepening::new(),
            tt: TranspositionTable::new(megabytes),
        }
    }

    // ANCHOR: order
    /// The table's move first; on the previous principal variation, its move goes first.
    fn order_moves(&mut self, moves: &mut [G::Move], ply: Ply, tt_move: Option<G::Move>) {
        if let Some(mv) = tt_move {
            move_to_front(moves, mv);
        }
        self.state.pv_move_first(moves, ply);
    }
    // ANCHOR_END: order
}

impl<G: Game> IterativeStage<G> for Cached<G> {
    fn deepening(&mut self) -> &mut Deepening<G::Move> {
        &mut self.state
    }

    /// The table's entries become older (see the replacement policy in [`TranspositionTable`]).
    fn start_search(&mut self) {
        self.tt.new_search();
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
        if !self.state.count_node() {
            return Score::DRAW; // stopped: the iteration is abandoned, this is thrown away
        }
        if let Some(outcome) = game.outcome() {
            return outcome.score(ply);
        }
        if depth == 0 {
            return game.evaluate();
        }
        // ANCHOR: probe
        let key = game.hash();
        let stats = &mut self.state.counter.stats;
        let tt_move = match self.tt.probe_node(key, depth, ply, (alpha, beta), stats) {
            Probe::Cutoff(score) => return score,
            Probe::Search(tt_move) => tt_move,
        };
        // ANCHOR_END: probe
        let original_alpha = alpha;
        let mut moves = game.legal_moves();
        self.order_moves(&mut moves, ply, tt_move);
        let mut best = -Score::INFINITE;
        let mut best_move = None;
        let mut child_pv = Vec::new();
        for (tried, mv) in moves.into_iter().enumerate() {
            game.play(mv);
            let score = -self.alphabeta(game, depth - 1, ply + 1, -beta, -alpha, &mut child_pv);
            game.undo();
            // Only the first move of a PV node continues the previous PV.
            self.state.following_pv = false;
            if score > best {
                best = score;
                best_move = Some(mv);
            }
            // ANCHOR: answer_line
            if score > alpha {
                alpha = score;
                pv.clear();
                pv.push(mv);
                pv.extend_from_slice(&child_pv);
            }
            // ANCHOR_END: answer_line
            if alpha >= beta {
                self.state.counter.stats.count_cutoff(tried);
                break;
            }
        }
        // ANCHOR: store
        if !self.state.counter.stopped() {
            // ANCHOR: exercise_store
            let bound = Bound::of(best, original_alpha, beta);
            self.tt.store(key, depth, best.to_tt(ply), bound, best_move);
            // ANCHOR_END: exercise_store
        }
        // ANCHOR_END: store
        best
    }
    // ANCHOR_END: search
}

impl<G: Game> Engine<G> for Cached<G> {
    fn name(&self) -> &'static str {
        NAME
    }

    fn search(&mut self, game: &mut G, limits: &SearchLimits) -> SearchResult<G::Move> {
        deepen(self, game, limits, DEFAULT_DEPTH)
    }

    fn set_iteration_observer(&mut self, observer: Option<IterationObserver>) {
        self.state.observer = observer;
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
