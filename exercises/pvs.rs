// Exercise `pvs`: principal variation search: the null window and the re-search.
//
// Write the parts marked `todo!()`, then: searchlab exercise check pvs
// Stuck? searchlab exercise hint pvs (one hint at a time).
// The solution is the rung itself: crates/engine/src/search/pvs.rs. (Generated from
// crates/engine/src/search/pvs.rs by `searchlab exercise skeletons`; work in your own copy,
// exercises/mine/pvs.rs, which the commands make on first use.)

// Hidden here, so that this file shows no other exercise's answer: iterative's line, cached's
// store. Each is one line, exercise_answer!(EXERCISE, PART), which the grader replaces by the
// rung's own code; write your own in its place if you like.

//! # Stage 6: principal variation search
//!
//! With good move ordering the first move searched at a node is usually the best one. So
//! *prove* the others worse instead of valuing them: search the first move with the full
//! window `(alpha, beta)`, and every later move with the **null window** `(alpha, alpha + 1)`,
//! which can only answer "better than alpha" or "not better". A null-window search cuts off
//! far sooner than a full one. Only when it says "better" (the ordering was wrong) is the move
//! searched again with the full window, to learn its value. That is principal variation
//! search (PVS; Marsland and Campbell's refinement of Pearl's Scout), in
//! [`search_move`](IterativeStage::search_move), used at every node and at the root.
//!
//! The root adds **aspiration windows**: the score of the next iteration is usually close to
//! the last one, so the root is searched with a window of
//! ±[`ASPIRATION`](super::aspiration::ASPIRATION) around it, where
//! more cut-offs happen than with the whole window. If the score falls outside, the window is
//! widened on that side (four times as far each time) and the iteration searched again. The
//! loop lives below the rungs, in [`aspiration`](super::aspiration), since the stages above
//! use it too.
//!
//! **Invariant:** a pure speed-up. A null-window search returns a correct bound, a move that
//! beats alpha is searched again with the full window, and an iteration ends only when its
//! score lies inside its window: so the score is exactly the ordered stage's at every depth
//! where the table cannot change a score (1 to 4, see `cached.rs`). Move choice may differ only
//! between moves of equal value.
//! **Cost:** the re-searches, when the first move was not the best; and a whole iteration
//! searched again when the score leaves the aspiration window.

use searchlab::game::Game;
use searchlab::limits::SearchLimits;
use searchlab::score::{Depth, Ply, Score};
use searchlab::search::aspiration::aspiration_window;
use searchlab::search::deepening::{deepen, search_root, Deepening, IterativeStage, DEFAULT_DEPTH};
use searchlab::search::engine::{Engine, IterationObserver};
use searchlab::search::move_picker::{MovePicker, OrderingTables};
use searchlab::stats::SearchResult;
use searchlab::tt::{Bound, Probe, TranspositionTable};

/// The name of this engine: on the command line, in UCI's `Stage` option, in the tables.
pub const NAME: &str = "pvs";

/// The ordered engine, searching every move after the first with a null window, and the root
/// with an aspiration window.
pub struct Pvs<G: Game> {
    state: Deepening<G::Move>,
    /// What earlier searches learned, by position.
    tt: TranspositionTable<G::Move>,
    /// Killer moves and the history table, learned as the search goes.
    tables: OrderingTables<G::Move>,
}

impl<G: Game> Pvs<G> {
    /// A new engine with a transposition table of about `megabytes` MB.
    pub fn new(megabytes: usize) -> Pvs<G> {
        Pvs {
            state: Deepening::new(),
            tt: TranspositionTable::new(megabytes),
            tables: OrderingTables::new(),
        }
    }
}

impl<G: Game> IterativeStage<G> for Pvs<G> {
    fn deepening(&mut self) -> &mut Deepening<G::Move> {
        &mut self.state
    }

    /// The table's entries become older; the killers are forgotten, the history fades.
    fn start_search(&mut self) {
        self.tt.new_search();
        self.tables.new_search();
    }

    /// The ordered engine's alpha-beta, each move searched by [`Pvs::search_move`].
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
            let score = self.search_move(game, depth, ply, alpha, beta, tried == 0, &mut child_pv);
            game.undo();
            // Only the first move of a PV node continues the previous PV.
            self.state.following_pv = false;
            if score > best {
                best = score;
                best_move = Some(mv);
            }
            // Hidden: iterative's part 'line' (the grader puts the rung's code here).
            exercise_answer!(iterative, line);
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
            // Hidden: cached's part 'store' (the grader puts the rung's code here).
            exercise_answer!(cached, store);
        }
        best
    }

    /// The root's moves in the picker's order too (with the table's move first).
    fn order_root(&mut self, game: &G, moves: &mut Vec<G::Move>) {
        let tt_move = self.tt.probe(game.hash()).and_then(|entry| entry.best_move);
        *moves = MovePicker::new(game, std::mem::take(moves), tt_move, &self.tables, 0).collect();
    }

    /// The PVS step: the first move with the full window; any other with the null window
    /// `(alpha, alpha + 1)` first, which only proves it no better than alpha; and if it turns
    /// out better after all, once more with the full window to find out by how much.
    fn search_move(
        &mut self,
        game: &mut G,
        depth: Depth,
        ply: Ply,
        alpha: Score,
        beta: Score,
        first: bool,
        pv: &mut Vec<G::Move>,
    ) -> Score {
        if first {
            return -self.alphabeta(game, depth - 1, ply + 1, -beta, -alpha, pv);
        }
        todo!("exercise pvs: write the part 'null_window'")
    }

    /// One iteration with an aspiration window around the previous score (see
    /// [`aspiration_window`]).
    fn iteration(&mut self, game: &mut G, depth: Depth, previous: Score) -> (Score, Vec<G::Move>) {
        aspiration_window(self, game, depth, previous, search_root)
    }
}

impl<G: Game> Engine<G> for Pvs<G> {
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
