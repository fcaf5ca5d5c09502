// Exercise `quiescence`: the quiescence search: stand pat, and the captures played out.
//
// Write the parts marked `todo!()`, then: searchlab exercise check quiescence
// Stuck? searchlab exercise hint quiescence (one hint at a time).
// The solution is the rung itself: crates/engine/src/search/quiescence.rs. (Generated from
// crates/engine/src/search/quiescence.rs by `searchlab exercise skeletons`; work in your own
// copy, exercises/mine/quiescence.rs, which the commands make on first use.)

// Hidden here, so that this file shows no other exercise's answer: iterative's line, cached's
// store, pvs's null_window. Each is one line, exercise_answer!(EXERCISE, PART), which the
// grader replaces by the rung's own code; write your own in its place if you like.

//! # Stage 7: quiescence search
//!
//! Every stage so far stops at its depth and trusts the static evaluation there, whatever is
//! happening on the board. In the middle of an exchange that is a lie: after `QxN` at the last
//! ply the evaluation counts a knight won, though the queen is lost on the next move. Worse,
//! the search *seeks out* such lies, since a line that ends just before its bill comes due
//! looks best: the **horizon effect**. Scores swing by hundreds of centipawns from one
//! iteration to the next (the start position at depths 1 to 5: +68, 0, +68, −9, +90), and
//! the move chosen can drop a piece one ply beyond the horizon.
//!
//! The cure: at depth 0 the search does not stop; it goes on with the **captures and
//! promotions** only (every move, when in check), until the position is *quiet*, and only
//! then evaluates. Three ideas keep this second search small:
//!
//! 1. **Stand pat.** The side to move need not capture: it may keep the static evaluation (a
//!    lower bound on what it can get, since some quiet move is usually at least as good). If
//!    that is already `>= beta`, the node is cut at once; otherwise it raises alpha. (Not when
//!    in check: then every move is searched, and no move means mate.)
//! 2. **Captures in order, losing ones skipped.** Captures are tried most valuable victim first
//!    (MVV-LVA, [`noisy_moves_in_order`]), and one that the static exchange evaluation ([`Game::see`],
//!    [`searchlab::games::chess::see`]) says loses material is not tried at all.
//! 3. **Delta pruning.** A capture that could not lift the score to alpha even if it won its
//!    victim and a margin for free ([`DELTA_MARGIN`]) is skipped.
//!
//! The order of the noisy moves and the delta margin live with the move picker, in
//! [`move_picker`](super::move_picker), since stage 8's quiescence search uses them too.
//!
//! Quiescence nodes are nodes like any other (one call of a recursive search), counted in
//! `nodes` and also apart, in `SearchStats::quiescence_nodes`; `seldepth` is the deepest ply a
//! quiescence search reached.
//!
//! **Invariant: none that a test of equal scores can hold.** From this rung on the search
//! returns a *different* (better informed) score than the rungs below, so stage 7 is judged by
//! strength: matches against stage 6, and test suites. What stays exact: stand pat in a quiet
//! position returns the evaluation; a hanging piece is taken; every forced mate is still found.
//! **Cost:** the quiescence nodes, often more than the main search's; in return the main search
//! needs far fewer iterations' worth of nodes to see the same tactics.

use searchlab::game::Game;
use searchlab::limits::{SearchLimits, MAX_QUIESCENCE_PLY};
use searchlab::score::{Depth, Ply, Score};
use searchlab::search::aspiration::aspiration_window;
use searchlab::search::deepening::{deepen, search_root, Deepening, IterativeStage, DEFAULT_DEPTH};
use searchlab::search::engine::{Engine, IterationObserver};
use searchlab::search::move_picker::{noisy_moves_in_order, MovePicker, OrderingTables, DELTA_MARGIN};
use searchlab::stats::SearchResult;
use searchlab::tt::{Bound, Probe, TranspositionTable};

/// The name of this engine: on the command line, in UCI's `Stage` option, in the tables.
pub const NAME: &str = "quiescence";

/// The pvs engine, searching on from its horizon until the position is quiet.
pub struct Quiescence<G: Game> {
    state: Deepening<G::Move>,
    /// What earlier searches learned, by position.
    tt: TranspositionTable<G::Move>,
    /// Killer moves and the history table, learned as the search goes.
    tables: OrderingTables<G::Move>,
}

impl<G: Game> Quiescence<G> {
    /// A new engine with a transposition table of about `megabytes` MB.
    pub fn new(megabytes: usize) -> Quiescence<G> {
        Quiescence {
            state: Deepening::new(),
            tt: TranspositionTable::new(megabytes),
            tables: OrderingTables::new(),
        }
    }

    /// The value of `game` within `(alpha, beta)` once the captures (and promotions, and check
    /// evasions) have been played out: stand pat, then the noisy moves, best victim first,
    /// losing and hopeless captures skipped.
    pub fn quiescence(&mut self, game: &mut G, ply: Ply, mut alpha: Score, beta: Score) -> Score {
        if !self.state.count_node() {
            return Score::DRAW; // stopped: the iteration is abandoned, this is thrown away
        }
        let stats = &mut self.state.counter.stats;
        stats.quiescence_nodes += 1;
        stats.seldepth = stats.seldepth.max(ply);
        if let Some(outcome) = game.outcome() {
            return outcome.score(ply);
        }
        let in_check = game.in_check();
        if ply >= MAX_QUIESCENCE_PLY {
            return game.evaluate(); // a safety net: captures run out long before this
        }
        let mut best = -Score::INFINITE;
        let stand_pat = game.evaluate();
        todo!("exercise quiescence: write the part 'stand_pat'");
        for (tried, mv) in noisy_moves_in_order(game).enumerate() {
            if !in_check {
                // Delta pruning: not even the victim and a margin would reach alpha.
                let victim = game.capture(mv).map_or(0, |c| c.victim);
                if stand_pat.0 + victim + DELTA_MARGIN <= alpha.0 {
                    continue;
                }
                // A capture that loses material by the static exchange is not worth a look.
                if game.see(mv) < 0 {
                    continue;
                }
            }
            todo!("exercise quiescence: write the part 'captures'")
        }
        best
    }
}

impl<G: Game> IterativeStage<G> for Quiescence<G> {
    fn deepening(&mut self) -> &mut Deepening<G::Move> {
        &mut self.state
    }

    /// The table's entries become older; the killers are forgotten, the history fades.
    fn start_search(&mut self) {
        self.tt.new_search();
        self.tables.new_search();
    }

    /// The pvs engine's alpha-beta, handing its horizon to [`Quiescence::quiescence`].
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
        // At the horizon the quiescence search takes over (and counts the node, once).
        if depth == 0 {
            return self.quiescence(game, ply, alpha, beta);
        }
        if !self.state.count_node() {
            return Score::DRAW; // stopped: the iteration is abandoned, this is thrown away
        }
        if let Some(outcome) = game.outcome() {
            return outcome.score(ply);
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
        // Hidden: pvs's part 'null_window' (the grader puts the rung's code here).
        exercise_answer!(pvs, null_window)
    }

    /// One iteration with an aspiration window around the previous score (see
    /// [`aspiration_window`]).
    fn iteration(&mut self, game: &mut G, depth: Depth, previous: Score) -> (Score, Vec<G::Move>) {
        aspiration_window(self, game, depth, previous, search_root)
    }
}

impl<G: Game> Engine<G> for Quiescence<G> {
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
