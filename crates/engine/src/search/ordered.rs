//! # Stage 5: move ordering
//!
//! Alpha-beta is only as fast as its move order. With the best move first at every node it
//! visits about `2·b^(d/2)` nodes (Knuth and Moore's minimal tree); with the worst order, all
//! `b^d`. The cached engine already tries two good moves first, the previous principal
//! variation's and the table's; after them its moves come in the generator's order, which
//! knows nothing about chess. This stage puts the rest in order too, with a [`MovePicker`]:
//!
//! 1. the hash move (the previous PV's, else the table's), as before;
//! 2. captures and promotions, most valuable victim first, least valuable attacker first
//!    among those (MVV-LVA);
//! 3. two killer moves per ply: quiet moves that refuted a sibling position;
//! 4. the other quiet moves by their history score: how often, and how deep, each move
//!    caused a cut-off anywhere in the tree.
//!
//! Killers and history are learned *during* the search: at every cut-off made by a quiet
//! move, [`OrderingTables::quiet_cutoff`] records it. The picker and the tables live in
//! [`move_picker`](super::move_picker); this file shows only where the search asks them and
//! where it teaches them.
//!
//! **Invariant:** a pure speed-up. The window logic is the cached engine's, line for line, and
//! alpha-beta returns the same value whatever the order of the moves, so the score at depths
//! 1 to 4 is exactly the cached engine's (the table cannot change a score there, as
//! `cached.rs` explains). Only where two moves tie may it choose the other one.
//! **Cost:** scoring each move once per node (a few comparisons), the tables (killers per ply,
//! 8,192 history counters), and a selection sort that usually stops after the first move.

use crate::game::Game;
use crate::limits::SearchLimits;
use crate::score::{Depth, Ply, Score};
use crate::search::deepening::{deepen, Deepening, IterativeStage, DEFAULT_DEPTH};
use crate::search::engine::{Engine, IterationObserver};
use crate::search::move_picker::{MovePicker, OrderingTables};
use crate::stats::SearchResult;
use crate::tt::{Bound, Probe, TranspositionTable};

/// The name of this engine: on the command line, in UCI's `Stage` option, in the tables.
pub const NAME: &str = "ordered";

/// The cached engine with every move in order: hash move, MVV-LVA, killers, history.
pub struct Ordered<G: Game> {
    state: Deepening<G::Move>,
    /// What earlier searches learned, by position.
    tt: TranspositionTable<G::Move>,
    /// Killer moves and the history table, learned as the search goes.
    tables: OrderingTables<G::Move>,
}

impl<G: Game> Ordered<G> {
    /// A new engine with a transposition table of about `megabytes` MB.
    pub fn new(megabytes: usize) -> Ordered<G> {
        Ordered {
            state: Deepening::new(),
            tt: TranspositionTable::new(megabytes),
            tables: OrderingTables::new(),
        }
    }
}

impl<G: Game> IterativeStage<G> for Ordered<G> {
    fn deepening(&mut self) -> &mut Deepening<G::Move> {
        &mut self.state
    }

    /// The table's entries become older; the killers are forgotten, the history fades.
    fn start_search(&mut self) {
        self.tt.new_search();
        self.tables.new_search();
    }

    // ANCHOR: search
    /// The cached engine's alpha-beta, with the moves handed out by a [`MovePicker`], and the
    /// killers and history taught at every cut-off by a quiet move.
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
        let key = game.hash();
        let stats = &mut self.state.counter.stats;
        let tt_move = match self.tt.probe_node(key, depth, ply, (alpha, beta), stats) {
            Probe::Cutoff(score) => return score,
            Probe::Search(tt_move) => tt_move,
        };
        let original_alpha = alpha;
        let moves = game.legal_moves();
        let hash_move = self.state.pv_move(&moves, ply).or(tt_move);
        let picker = MovePicker::new(game, moves, hash_move, &self.tables, ply);
        let mut quiets_tried = Vec::new();
        let mut best = -Score::INFINITE;
        let mut best_move = None;
        let mut child_pv = Vec::new();
        for (tried, mv) in picker.enumerate() {
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
            let quiet = game.capture(mv).is_none();
            if alpha >= beta {
                self.state.counter.stats.count_cutoff(tried);
                if quiet && !self.state.counter.stopped() {
                    self.tables.quiet_cutoff(mv, ply, depth, &quiets_tried);
                }
                break;
            }
            if quiet {
                quiets_tried.push(mv);
            }
        }
        if !self.state.counter.stopped() {
            // ANCHOR: answer_store
            let bound = Bound::of(best, original_alpha, beta);
            self.tt.store(key, depth, best.to_tt(ply), bound, best_move);
            // ANCHOR_END: answer_store
        }
        best
    }
    // ANCHOR_END: search

    /// The root's moves in the picker's order too (with the table's move first).
    fn order_root(&mut self, game: &G, moves: &mut Vec<G::Move>) {
        let tt_move = self.tt.probe(game.hash()).and_then(|entry| entry.best_move);
        *moves = MovePicker::new(game, std::mem::take(moves), tt_move, &self.tables, 0).collect();
    }
}

impl<G: Game> Engine<G> for Ordered<G> {
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
        self.tables.clear();
    }

    fn set_hash_size(&mut self, megabytes: usize) {
        self.tt = TranspositionTable::new(megabytes);
    }

    fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }
}
