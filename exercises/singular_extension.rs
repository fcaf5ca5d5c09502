// Exercise `singular_extension`: singular extensions: search the table's move deeper when every other move fails well below it.
//
// Write the parts marked `todo!()`, then: searchlab exercise check singular_extension
// Stuck? searchlab exercise hint singular_extension (one hint at a time).
// The solution is the rung itself: crates/engine/src/search/selective/mod.rs with pieces.rs,
// continuation.rs, correction.rs, modern.rs, quiescence.rs and speed.rs beside it. (Generated
// from crates/engine/src/search/selective/mod.rs with pieces.rs, continuation.rs,
// correction.rs, modern.rs, quiescence.rs and speed.rs beside it by `searchlab exercise
// skeletons`; work in your own copy, exercises/mine/singular_extension.rs, which the commands
// make on first use.)

// Given, outside your part: when the test is tried at all (the piece on, depth >=
// SINGULAR_DEPTH, not inside another singular search, off the previous iteration's line, and no
// deeper than twice the iteration's depth), and how the node uses its answer: a node whose move
// is excluded leaves it out of its moves, takes no cut from the table, stores nothing and
// passes no null move; the singular move is searched Extend's plies deeper, and Cut's score is
// returned at once.
//
// Hidden here, so that this file shows no other exercise's answer: iterative's line, pvs's
// null_window, cached's store, null_move's null_move, late_move_reductions's reduction,
// late_move_reductions's reduced_search, quiescence's stand_pat, quiescence's captures. Each is
// one line, exercise_answer!(EXERCISE, PART), which the grader replaces by the rung's own code;
// write your own in its place if you like.

//! # Stage 8: selective search
//!
//! Every stage so far searches every move to the same depth: a full-width search, which spends
//! as much effort on `Qxh7??` as on the best move. Strong players do not think like that, and
//! neither do strong engines. This stage makes the search **selective**: it looks deeper where
//! the game is sharp and less deep, or not at all, where a move is very unlikely to matter.
//! Each piece is a bet that a shallower search gives the same answer; each was measured alone
//! (a match of the stage with it against the stage without it) and kept because it won.
//!
//! 1. **Check extension.** A side in check has few moves and the position is forcing: search
//!    it one ply deeper, so a chain of checks is never cut at the horizon.
//! 2. **Null-move pruning.** If the side to move could *pass* and a reduced search still
//!    fails high, its real moves (one of which is nearly always better than passing) surely
//!    do: cut at once. Not in check (passing would be illegal), and not with only pawns and
//!    the king, where zugzwang (every move makes things worse) is common and the bet fails.
//!    Far from the horizon a cut is *verified* by a real search one ply shallower, which
//!    catches the rarer zugzwang with pieces on the board (a mate-in-3 of the test suite
//!    hangs on one).
//! 3. **Reverse futility pruning.** Near the horizon, a node whose static evaluation beats
//!    beta by a safe margin per ply is cut without a search: the opponent would need to win a
//!    lot back in very few moves.
//! 4. **Futility pruning.** The other side of the same bet: near the horizon, when even the
//!    static evaluation plus a margin cannot reach alpha, quiet moves that give no check are
//!    not searched; only captures, promotions and checks could change the verdict.
//! 5. **Late move reductions.** With good move ordering, a move tried late is rarely best:
//!    quiet late moves are searched with a null window to a reduced depth, and searched again
//!    at full depth only if they surprise.
//! 6. **Late move pruning.** Very near the horizon, after enough quiet moves have failed, the
//!    remaining quiet ones are not searched at all.
//! 7. **Internal iterative reduction.** A node with no move from the table is searched one ply
//!    shallower: without a good first move its search is expensive, and the next iteration
//!    will find the node again with a table move.
//! 8. **SEE pruning.** Near the horizon, a move that loses material in the exchange on its
//!    square (by the static exchange evaluation) is not searched: a quiet move that hangs a
//!    piece, a capture that the opponent wins back with interest. A move that gives check is
//!    spared.
//! 9. **Continuation history.** Not a bet but a better order, which every bet above leans on
//!    (late moves are reduced and pruned because they are late): quiet moves are ordered by
//!    the history *plus* what worked after the same two moves before them
//!    ([`ContinuationHistory`]), so a quiet answer to a threat comes early.
//!
//! In the code each piece is a method of its own, named after it and switched by the flag of
//! the same name in [`Pieces`]; the node ([`IterativeStage::alphabeta`]) asks them in turn, so
//! it reads as this list does: first what it settles before its moves (the table, the static
//! evaluation, the cuts that search none of them), then its moves, then its answer.
//!
//! The stage is the one rung too large for one file, so it is a folder, each file one part of
//! the chapter:
//!
//! - this file: the engine and its node, which asks the pieces in the order of the list above;
//! - [`pieces`]: pieces 1 to 8, the bets, each a method named after it, with the margins they
//!   bet with;
//! - [`continuation`]: piece 9, the continuation history: its table, and how the node reads it
//!   and teaches it;
//! - [`quiescence`]: the quiescence search at the horizon, stage 7's with two changes;
//! - [`speed`]: what is there for speed alone (move lists kept from node to node, a table
//!   entry loaded early, quiet moves skipped all at once), which changes nothing the search
//!   finds and nothing the chapter teaches.
//!
//! Stage 11's pieces ([`modern`], with the correction history's table in [`correction`]) are
//! asked by this node too, and are switched off here ([`Modern::NONE`]): with them off the node
//! is stage 8's, node for node. Stage 11 (`modern`) is stage 10 with them on; its chapter,
//! "What strong engines add", reads `modern.rs`.
//!
//! The stage also evaluates with the full evaluation ([`searchlab::eval::Evaluation`]), the
//! game's [`Game::Evaluator`], instead of the simple one of the stages below.
//!
//! **Invariant: none that equal scores can hold.** Pruning and reductions change what is
//! found at a depth (usually the same move, sometimes a worse one), in exchange for reaching
//! much greater depths in the same time. So this stage, like quiescence, is judged by
//! strength. What stays exact: every forced mate of the test suite is still found; null move
//! is never tried in check or in a pawn ending.

pub use pieces::{
    Pieces, FUTILITY_MARGIN, LATE_MOVE_COUNT, NULL_MOVE_REDUCTION, NULL_MOVE_VERIFY_DEPTH,
    PIECE_NAMES, REVERSE_FUTILITY_DEPTH, REVERSE_FUTILITY_MARGIN, SEE_CAPTURE_MARGIN,
    SEE_PRUNING_DEPTH, SEE_QUIET_MARGIN,
};

pub use modern::{Modern, Singular};

use self::continuation::{ContinuationHistory, LINE_PLIES};
use self::correction::CorrectionHistory;
use self::modern::Found;
use self::pieces::{loses_exchange, reduction_table};
use self::speed::{NodeLists, PlyLists, QuietSkip};
use searchlab::eval::network::Network;
use searchlab::game::{Evaluator, Game};
use searchlab::limits::SearchLimits;
use searchlab::score::{Depth, Ply, Score};
use searchlab::search::aspiration::aspiration_window;
use searchlab::search::deepening::{deepen, search_root, Deepening, IterativeStage, DEFAULT_DEPTH};
use searchlab::search::engine::{Engine, IterationObserver};
use searchlab::search::move_picker::{MovePicker, OrderingTables};
use searchlab::stats::SearchResult;
use searchlab::tt::{Bound, Probe, TranspositionTable};
use std::sync::Arc;

/// The name of this engine: on the command line, in UCI's `Stage` option, in the tables.
pub const NAME: &str = "selective";

/// The selective engine: the quiescence stage, searching what matters deeper and the rest
/// shallower, with the full evaluation (`E`: the game's own, or another, such as the learned
/// one of stage 10).
pub struct Selective<G: Game, E: Evaluator<G> = <G as Game>::Evaluator> {
    state: Deepening<G::Move>,
    /// What earlier searches learned, by position; shared with the other threads of a
    /// parallel search (stage 9), if any.
    tt: Arc<TranspositionTable<G::Move>>,
    /// Whether a new search marks the table's entries as older. A parallel search that
    /// shares the table does it once, for all its threads.
    ages_table: bool,
    /// Killer moves and the history table, learned as the search goes.
    tables: OrderingTables<G::Move>,
    /// What quiet moves tend to work after which moves, one and two plies before.
    continuation: ContinuationHistory,
    /// The [`piece_square`](continuation::piece_square) of the move played at each ply of the
    /// current line (`None`: a pass, or a move of the root).
    line: Vec<Option<usize>>,
    /// The full evaluation.
    evaluator: E,
    /// Which pieces of selectivity are on.
    pub pieces: Pieces,
    /// Which of stage 11's pieces are on (none in stage 8).
    pub modern: Modern,
    /// Stage 11: how far the evaluation has been off, by pawn structure.
    correction: CorrectionHistory,
    /// Stage 11: the static evaluation at each ply of the current line (`-INFINITE`: none).
    evaluations: Vec<Score>,
    /// Stage 11: the move a singular-extension search leaves out, at each ply.
    excluded: Vec<Option<G::Move>>,
    /// Late move reductions by depth and by the number of moves tried before.
    reductions: Vec<[Depth; 64]>,
    /// The move lists of each ply, kept from node to node.
    lists: PlyLists<G::Move>,
    /// Inside a null-move verification search. Neither null move nor reverse futility (the
    /// two bets that zugzwang breaks) is tried there, nor late move pruning, which would skip
    /// the quiet move that puts the opponent in zugzwang.
    verifying: bool,
}

impl<G: Game, E: Evaluator<G>> Selective<G, E> {
    /// A new engine with a transposition table of about `megabytes` MB, every piece on.
    pub fn new(megabytes: usize) -> Selective<G, E> {
        Selective {
            state: Deepening::new(),
            tt: Arc::new(TranspositionTable::new(megabytes)),
            ages_table: true,
            tables: OrderingTables::new(),
            continuation: ContinuationHistory::new(),
            line: vec![None; LINE_PLIES],
            evaluator: E::default(),
            pieces: Pieces::default(),
            modern: Modern::NONE,
            correction: CorrectionHistory::new(),
            evaluations: vec![-Score::INFINITE; LINE_PLIES],
            excluded: vec![None; LINE_PLIES],
            reductions: reduction_table(),
            lists: PlyLists::new(),
            verifying: false,
        }
    }

    /// The transposition table, to share it with other threads.
    pub fn table(&self) -> &Arc<TranspositionTable<G::Move>> {
        &self.tt
    }

    /// Searches with `table`, which other threads may share, from now on. With
    /// `ages_table` false a new search leaves the table's generation to whoever shares it.
    pub fn share_table(&mut self, table: Arc<TranspositionTable<G::Move>>, ages_table: bool) {
        self.tt = table;
        self.ages_table = ages_table;
    }

    /// The evaluator, to switch its terms.
    pub fn evaluator_mut(&mut self) -> &mut E {
        &mut self.evaluator
    }

    /// The names of the parts that can be switched: the pieces, stage 11's, then the
    /// evaluator's.
    pub fn switch_names() -> Vec<&'static str> {
        let mut names = Pieces::NAMES.to_vec();
        names.extend(Modern::NAMES);
        names.extend(E::switch_names());
        names
    }
}

impl<G: Game, E: Evaluator<G>> IterativeStage<G> for Selective<G, E> {
    fn deepening(&mut self) -> &mut Deepening<G::Move> {
        &mut self.state
    }

    /// The table's entries become older; the killers are forgotten, the history fades.
    fn start_search(&mut self) {
        if self.ages_table {
            self.tt.new_search();
        }
        self.tables.new_search();
        self.continuation.age();
    }

    /// Stage 11's clock reads the search after each iteration.
    fn iteration_completed(&mut self) {
        self.read_the_search();
    }

    /// The quiescence stage's alpha-beta, made selective: every piece of selectivity is a
    /// method of its own (in [`pieces`] and [`continuation`]), asked where it applies. What the
    /// node settles before its moves, and its answer after them, are methods of their own too
    /// (`before_moves`, `answer`), so that the node reads as its moves.
    fn alphabeta(
        &mut self,
        game: &mut G,
        mut depth: Depth,
        ply: Ply,
        mut alpha: Score,
        beta: Score,
        pv: &mut Vec<G::Move>,
    ) -> Score {
        pv.clear();
        let in_check = game.in_check();
        depth += self.check_extension(in_check, ply);
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
        // What the node settles before its moves answers it, or travels on to them.
        let node = match self.before_moves(game, depth, ply, in_check, (alpha, beta)) {
            BeforeMoves::Answered(score) => return score,
            BeforeMoves::Search(node) => node,
        };
        // The ply's lists, kept from node to node: no new memory for the moves, the quiet
        // moves tried or the child's line.
        let NodeLists {
            mut moves,
            scored,
            noisy,
            mut quiets_tried,
            mut child_pv,
        } = self.lists.take(ply);
        game.legal_moves_into(&mut moves);
        if let Some(excluded) = node.excluded {
            moves.retain(|&mv| mv != excluded);
        }
        let hash_move = self.state.pv_move(&moves, ply).or(node.tt_move);
        depth -= self.internal_iterative_reduction(hash_move.is_some(), depth);
        // What this node may skip, settled once, before its moves.
        let (may_prune, eval, improving) = (node.may_prune, node.eval, node.improving);
        let futile = self.futile(may_prune, self.depth_to_skip(depth, improving), eval, alpha);
        let see_prunable = self.see_prunable(may_prune, depth);
        let late_moves = self.late_move_count(may_prune, depth);
        let late_moves = late_moves.map(|count| self.late_move_count_by_trend(count, improving));
        let mut skip = QuietSkip::new(late_moves, futile);
        let before = self.moves_before(ply);
        let mut picker = self.order_moves(game, scored, moves, hash_move, ply, before);
        let mut best = -Score::INFINITE;
        let mut best_move = None;
        while let Some(mv) = picker.next() {
            let tried = picker.handed_out() - 1; // the moves handed out before this one
            let quiet = !game.is_noisy(mv);
            if quiet && skip.the_rest(game, mv, tried, quiets_tried.len(), &picker) {
                self.state.counter.stats.pruned += 1 + picker.remaining() as u64;
                break;
            }
            // Futile quiet moves and losing ones are skipped, unless they give check: a check
            // may be a mating attack's first move, and a sacrifice that checks may mate. (Asked
            // before the move is played: a move skipped is never played. And asked in the
            // cheapest order: a futile quiet move needs no exchange played out.)
            let losing = || see_prunable && loses_exchange(game, mv, quiet, depth);
            if tried > 0 && ((futile && quiet) || losing()) && !game.gives_check(mv) {
                self.state.counter.stats.pruned += 1;
                continue;
            }
            // Stage 11: a quiet move's history prunes and reduces it too.
            let history = self.earned_history(game, ply, mv, quiet, tried, before);
            if self.history_prunes(game, mv, quiet, may_prune, depth, tried, history) {
                self.state.counter.stats.pruned += 1;
                continue;
            }
            let extension = node
                .singular_move
                .filter(|&(m, _)| m == mv)
                .map_or(0, |(_, p)| p);
            self.set_line_move(game, ply, mv);
            game.play(mv);
            let gives_check = game.in_check();
            self.prefetch_child(game, depth, gives_check);
            let reducible = quiet && !in_check && !gives_check;
            let reduction = self.late_move_reduction(depth, tried, reducible, node.pv_node);
            let reduction = self.adjusted_reduction(reduction, depth, improving, history);
            let window = (alpha, beta);
            let extended = depth + extension;
            let score =
                self.search_child(game, extended, ply, window, tried, reduction, &mut child_pv);
            game.undo();
            // Only the first move of a PV node continues the previous PV.
            self.state.following_pv = false;
            if score > best {
                best = score;
                best_move = Some(mv);
            }
            // Hidden: iterative's part 'line' (the grader puts the rung's code here).
            exercise_answer!(iterative, line);
            if alpha >= beta {
                self.state.counter.stats.count_cutoff(tried);
                if quiet && !self.state.counter.stopped() {
                    self.learn_quiet_cutoff(game, mv, ply, depth, &quiets_tried, before);
                }
                break;
            }
            if quiet {
                quiets_tried.push(mv);
            }
        }
        let (moves, scored) = picker.into_room();
        let lists = NodeLists {
            moves,
            scored,
            noisy,
            quiets_tried,
            child_pv,
        };
        self.lists.give_back(ply, lists);
        self.answer(game, &node, best, best_move, depth)
    }

    /// Pruning may hide a shorter mate than the one found: deepen on (to the limits).
    fn proves_shortest_mates(&self) -> bool {
        false
    }

    /// A move that beat the previous best in a cut iteration is played: the search it won was
    /// deeper than the one that chose the old move.
    fn keeps_cut_iteration(&self) -> bool {
        true
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

/// A node as it stands before its moves: what it settled there, which its moves and its answer
/// read.
struct Node<M> {
    /// The position's key in the table.
    key: u64,
    /// The node's distance from the root.
    ply: Ply,
    /// The window `(alpha, beta)` it was called with.
    window: (Score, Score),
    /// A principal-variation node: a real window, whose exact score is the answer.
    pv_node: bool,
    /// The bets may be made here: `may_prune`.
    may_prune: bool,
    /// The table's move, if any.
    tt_move: Option<M>,
    /// Stage 11: the move a singular-extension search leaves out here, if one runs here.
    excluded: Option<M>,
    /// The static evaluation (`-INFINITE`: not computed)...
    raw_eval: Score,
    /// ...and as stage 11's correction history corrects it: what the bets read.
    eval: Score,
    /// Stage 11: the evaluation is better than two plies ago.
    improving: bool,
    /// Stage 11: the table's move and the plies it is extended by, if it is singular.
    singular_move: Option<(M, Depth)>,
}

/// What a node settles before its moves: its score already, or what its moves read.
enum BeforeMoves<M> {
    /// The table, reverse futility, the null move or the multi-cut answered the node.
    Answered(Score),
    /// No answer yet: the moves are searched.
    Search(Node<M>),
}

/// The node's two parts around its moves.
impl<G: Game, E: Evaluator<G>> Selective<G, E> {
    /// Before its moves: the table's verdict and move, the static evaluation and whether the
    /// node may be pruned, the cuts that search none of its moves (reverse futility, the null
    /// move, stage 11's multi-cut), and whether the table's move is singular.
    fn before_moves(
        &mut self,
        game: &mut G,
        depth: Depth,
        ply: Ply,
        in_check: bool,
        (alpha, beta): (Score, Score),
    ) -> BeforeMoves<G::Move> {
        let key = game.hash();
        // Inside a singular-extension search (stage 11) the node is searched without one of
        // its moves: the table's verdict on the whole node is no answer, nor one to store.
        let excluded = self.excluded_move(ply);
        let stats = &mut self.state.counter.stats;
        let tt_move = match excluded {
            Some(_) => None,
            None => match self.tt.probe_node(key, depth, ply, (alpha, beta), stats) {
                Probe::Cutoff(score) => return BeforeMoves::Answered(score),
                Probe::Search(tt_move) => tt_move,
            },
        };
        // A node on the principal variation (a real window) is never pruned: its exact score
        // is the answer. The others only have to prove a bound. Only the prunings read the
        // static evaluation: where none may happen (in check, on the principal variation, near
        // a mate), it is not computed, unless stage 11's pieces read it there too.
        let pv_node = beta.0 - alpha.0 > 1;
        let may_prune = !pv_node && !in_check && !beta.is_mate() && !alpha.is_mate();
        let evaluated = may_prune || (!in_check && self.reads_evaluation());
        let raw_eval = if evaluated {
            self.evaluator.evaluate(game)
        } else {
            -Score::INFINITE
        };
        // Stage 11: the evaluation corrected by what searches found, and its trend.
        let eval = self.corrected_evaluation(game, raw_eval);
        let improving = self.improving(ply, eval);
        let cut_depth = self.depth_to_cut(depth, improving);
        if let Some(score) = self.reverse_futility(may_prune, cut_depth, eval, beta) {
            return BeforeMoves::Answered(score);
        }
        let may_pass = may_prune && excluded.is_none();
        if let Some(score) = self.null_move(game, may_pass, depth, ply, eval, beta) {
            return BeforeMoves::Answered(score);
        }
        let singular_move = match self.singular_extension(game, depth, ply, beta, tt_move, key) {
            Singular::Cut(score) => return BeforeMoves::Answered(score),
            Singular::Extend(plies) => tt_move.map(|mv| (mv, plies)),
            Singular::No => None,
        };
        BeforeMoves::Search(Node {
            key,
            ply,
            window: (alpha, beta),
            pv_node,
            may_prune,
            tt_move,
            excluded,
            raw_eval,
            eval,
            improving,
            singular_move,
        })
    }

    /// After its moves: the best score, stored in the table with the bound it is, and taught
    /// to stage 11's correction history.
    fn answer(
        &mut self,
        game: &G,
        node: &Node<G::Move>,
        best: Score,
        best_move: Option<G::Move>,
        depth: Depth,
    ) -> Score {
        let (key, ply, excluded, eval) = (node.key, node.ply, node.excluded, node.eval);
        let (original_alpha, beta) = node.window;
        if best_move.is_none() {
            // Every move was pruned but the first, which cannot happen, or there were none,
            // which the node's outcome caught: the evaluation stands in. Without the move a
            // singular-extension search leaves out, none may be left: none reaches its bar.
            return if excluded.is_some() {
                original_alpha
            } else {
                eval.max(original_alpha)
            };
        }
        if !self.state.counter.stopped() && excluded.is_none() {
            // Hidden: cached's part 'store' (the grader puts the rung's code here).
            exercise_answer!(cached, store);
            let quiet_best = best_move.is_some_and(|mv| !game.is_noisy(mv));
            let found = Found(best, bound, quiet_best);
            self.learn_correction(game, depth, node.raw_eval, found);
        }
        best
    }
}

impl<G: Game, E: Evaluator<G>> Engine<G> for Selective<G, E> {
    fn name(&self) -> &'static str {
        NAME
    }

    fn search(&mut self, game: &mut G, limits: &SearchLimits) -> SearchResult<G::Move> {
        deepen(self, game, limits, DEFAULT_DEPTH)
    }

    fn set_iteration_observer(&mut self, observer: Option<IterationObserver>) {
        self.state.observer = observer;
    }

    /// The table is emptied: in place if no other thread shares it, else replaced by an empty
    /// one of the same size (which the parallel search then shares again).
    fn new_game(&mut self) {
        match Arc::get_mut(&mut self.tt) {
            Some(table) => table.clear(),
            None => self.tt = Arc::new(TranspositionTable::with_capacity(self.tt.capacity())),
        }
        self.tables.clear();
        self.continuation.clear();
        self.correction.clear();
    }

    fn set_hash_size(&mut self, megabytes: usize) {
        self.tt = Arc::new(TranspositionTable::new(megabytes));
    }

    fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// A piece of selectivity (stage 8's or stage 11's), or else a part of the evaluator.
    fn switch(&mut self, name: &str, on: bool) -> bool {
        self.pieces.set(name, on) || self.modern.set(name, on) || self.evaluator.switch(name, on)
    }

    fn set_network(&mut self, network: &Arc<Network>) -> bool {
        self.evaluator.set_network(network)
    }
}

// --------------------------------------------------------------------------------------------
// The rung's file crates/engine/src/search/selective/pieces.rs, as the module `pieces` that its
// mod.rs, above, declares.
// --------------------------------------------------------------------------------------------

pub mod pieces {
    //! # Stage 8's bets: pieces 1 to 8, a method each
    //!
    //! The pieces of selectivity that bet a shallower search, or none, gives the same answer, in the
    //! order the chapter teaches them. Each is a method of [`Selective`] named after the piece,
    //! asked by the node ([`super`]) where it applies, and answering "not here" when switched off
    //! ([`Pieces`]): they are `pub(super)` because the node that asks them is in `mod.rs`. With them
    //! come the names of all nine pieces, the margins the bets are made with, set by hand and kept
    //! together, and the table of late move reductions. The ninth piece, an order rather than a
    //! bet, has a file of its own ([`super::continuation`]).
    //!
    //! A file apart from the node so that the node reads as the list of the pieces it asks, and
    //! each piece reads on its own, as the chapter shows it; a margin to change (and a change to
    //! measure) is here and nowhere else.

    use super::Selective;
    use searchlab::game::{Evaluator, Game};
    use searchlab::score::{Depth, Ply, Score};
    use searchlab::search::deepening::IterativeStage;
    use searchlab::switches::switches;

    switches! {
        /// The pieces of selectivity, each of which can be switched off by name (to measure what it
        /// is worth, or to watch the search without it).
        pub struct Pieces {
            /// Search a node in check one ply deeper.
            check_extension,
            /// Pass, and cut if a reduced search still fails high.
            null_move,
            /// Cut a node whose evaluation beats beta by a margin per ply.
            reverse_futility,
            /// Skip quiet moves that cannot lift a hopeless evaluation to alpha.
            futility,
            /// Search late quiet moves to a reduced depth first.
            late_move_reductions,
            /// Skip the last quiet moves near the horizon.
            late_move_pruning,
            /// One ply less for a node without a move from the table.
            internal_iterative_reduction,
            /// Skip moves that lose material in the exchange, near the horizon.
            see_pruning,
            /// Order quiet moves by what worked after the last two moves, too.
            continuation_history,
        }
    }

    /// The names of the pieces, as [`Pieces::set`] and the stage name's `-piece` take them.
    pub const PIECE_NAMES: &[&str] = Pieces::NAMES;

    /// Reverse futility: the evaluation must beat beta by this much per ply of depth left.
    pub const REVERSE_FUTILITY_MARGIN: i32 = 90;
    /// Reverse futility is tried this close to the horizon, and no further.
    pub const REVERSE_FUTILITY_DEPTH: Depth = 6;
    /// Futility: what a quiet move may gain at depth 1, 2, 3 (index 0 unused).
    pub const FUTILITY_MARGIN: [i32; 4] = [0, 150, 300, 450];
    /// Null move: searched this many plies shallower than the node's children (plus a ply for
    /// every 4 of depth).
    pub const NULL_MOVE_REDUCTION: Depth = 3;
    /// Null move: from this depth on, a null move that fails high is verified by a real search
    /// one ply shallower (with no pass inside it), which catches zugzwang with pieces on the
    /// board.
    pub const NULL_MOVE_VERIFY_DEPTH: Depth = 6;
    /// Late move pruning: at depth 1, 2, 3, the quiet moves tried before the rest are skipped.
    pub const LATE_MOVE_COUNT: [usize; 4] = [0, 5, 9, 15];
    /// SEE pruning is tried this close to the horizon, and no further.
    pub const SEE_PRUNING_DEPTH: Depth = 6;
    /// SEE pruning: what a quiet move may lose in the exchange, per ply of depth left, and still
    /// be searched.
    pub const SEE_QUIET_MARGIN: i32 = 50;
    /// SEE pruning: the same for a capture, which already won something before it is taken back.
    pub const SEE_CAPTURE_MARGIN: i32 = 100;

    /// The pieces of selectivity, in the order the chapter teaches them. Each is asked by the node
    /// ([`IterativeStage::alphabeta`]) where it applies, and each answers "not here" when switched
    /// off ([`Pieces`]).
    impl<G: Game, E: Evaluator<G>> Selective<G, E> {
        /// **Check extension**: the plies to add to a node's depth. A node in check is searched one
        /// ply deeper, but never past twice the iteration's depth, so that a long chain of checks
        /// cannot run away.
        #[inline]
        pub(super) fn check_extension(&self, in_check: bool, ply: Ply) -> Depth {
            Depth::from(in_check && self.pieces.check_extension && self.may_extend(ply))
        }

        /// Whether a node at `ply` may still be extended: not past twice the depth of the
        /// iteration being searched, so that a chain of extensions cannot run away.
        #[inline]
        pub(super) fn may_extend(&self, ply: Ply) -> bool {
            ply < 2 * (self.state.completed_depth + 1)
        }

        /// **Null-move pruning**: pass, and if the opponent, moving twice, still cannot get below
        /// beta, neither can it after any of our real moves: the node's score (`Some`), without a
        /// search of its moves. Not in a pawn ending, where passing may be the only good "move",
        /// which chess does not allow. `Some(Score::DRAW)` if the search was stopped (a score
        /// nobody will use).
        #[inline]
        pub(super) fn null_move(
            &mut self,
            game: &mut G,
            may_prune: bool,
            depth: Depth,
            ply: Ply,
            eval: Score,
            beta: Score,
        ) -> Option<Score> {
            // Hidden: null_move's part 'null_move' (the grader puts the rung's code here).
            exercise_answer!(null_move, null_move)
        }

        /// **Reverse futility pruning**: far above beta, near the horizon, the opponent cannot
        /// come back in time. The node is cut with its evaluation (`Some`), without a search.
        #[inline]
        pub(super) fn reverse_futility(
            &mut self,
            may_prune: bool,
            depth: Depth,
            eval: Score,
            beta: Score,
        ) -> Option<Score> {
            let cut = self.pieces.reverse_futility
                && !self.verifying
                && may_prune
                && depth <= REVERSE_FUTILITY_DEPTH
                && eval.0 - REVERSE_FUTILITY_MARGIN * depth as i32 >= beta.0;
            if cut {
                self.state.counter.stats.pruned += 1;
            }
            cut.then_some(eval)
        }

        /// **Futility pruning**: is this node hopeless near the horizon, its evaluation plus what a
        /// quiet move may gain still short of alpha? Then only a capture, a promotion or a check
        /// could help, and its quiet moves that give no check are skipped.
        #[inline]
        pub(super) fn futile(&self, may_prune: bool, depth: Depth, eval: Score, alpha: Score) -> bool {
            self.pieces.futility
                && may_prune
                && depth < FUTILITY_MARGIN.len() as Depth
                && eval.0 + FUTILITY_MARGIN[depth as usize] <= alpha.0
        }

        /// **Late move reductions**: how many plies shallower the move tried `tried`-th is first
        /// searched. Only a quiet move that neither escapes nor gives check (`reducible`), late
        /// (after the first three) and not too near the horizon; less on the principal variation,
        /// and never into the quiescence search at once.
        #[inline]
        pub(super) fn late_move_reduction(
            &self,
            depth: Depth,
            tried: usize,
            reducible: bool,
            pv_node: bool,
        ) -> Depth {
            // Hidden: late_move_reductions's part 'reduction' (the grader puts the rung's code here).
            exercise_answer!(late_move_reductions, reduction)
        }

        /// The value of a child (its move already played) for a node at `depth`: the first move
        /// with the whole window; a later one with the null window, `reduction` plies shallower,
        /// searched again at full depth if it surprises (beats alpha), and on the principal
        /// variation once more with the whole window to learn by how much.
        #[allow(clippy::too_many_arguments)]
        #[inline]
        pub(super) fn search_child(
            &mut self,
            game: &mut G,
            depth: Depth,
            ply: Ply,
            (alpha, beta): (Score, Score),
            tried: usize,
            reduction: Depth,
            child_pv: &mut Vec<G::Move>,
        ) -> Score {
            if tried == 0 {
                return -self.alphabeta(game, depth - 1, ply + 1, -beta, -alpha, child_pv);
            }
            // Hidden: late_move_reductions's part 'reduced_search' (the grader puts the rung's code here).
            exercise_answer!(late_move_reductions, reduced_search)
        }

        /// **Late move pruning**: very near the horizon, how many quiet moves this node tries
        /// before it skips the rest (`None`: all of them).
        #[inline]
        pub(super) fn late_move_count(&self, may_prune: bool, depth: Depth) -> Option<usize> {
            if self.pieces.late_move_pruning && !self.verifying && may_prune {
                LATE_MOVE_COUNT.get(depth as usize).copied()
            } else {
                None
            }
        }

        /// **Internal iterative reduction**: the plies to take off a node with no move to try
        /// first. Its search would be expensive; a cheaper, shallower one now, and the next
        /// iteration finds the node again, with a move in the table.
        #[inline]
        pub(super) fn internal_iterative_reduction(&self, has_hash_move: bool, depth: Depth) -> Depth {
            Depth::from(self.pieces.internal_iterative_reduction && !has_hash_move && depth >= 4)
        }

        /// **SEE pruning**: may this node skip a move that loses material in the exchange on its
        /// square ([`loses_exchange`])? Near the horizon, at a node that may be pruned.
        #[inline]
        pub(super) fn see_prunable(&self, may_prune: bool, depth: Depth) -> bool {
            self.pieces.see_pruning && may_prune && depth <= SEE_PRUNING_DEPTH
        }
    }

    /// Whether playing `mv` loses material in the exchange on its square (by the static exchange
    /// evaluation), beyond what a move may lose `depth` plies from the horizon and still be
    /// searched: a quiet move that hangs a piece, a capture that the opponent wins back with
    /// interest (a capture may lose more: it already won something before it is taken back).
    #[inline]
    pub(super) fn loses_exchange<G: Game>(game: &G, mv: G::Move, quiet: bool, depth: Depth) -> bool {
        let margin = if quiet {
            SEE_QUIET_MARGIN
        } else {
            SEE_CAPTURE_MARGIN
        };
        !game.see_at_least(mv, -margin * depth as i32)
    }

    /// How much a late quiet move is reduced: about `ln(depth) · ln(moves tried) / 2`, so the
    /// reduction grows slowly both with the depth left and with how late the move comes.
    pub(super) fn reduction_table() -> Vec<[Depth; 64]> {
        (0..64)
            .map(|depth| {
                let mut row = [0; 64];
                for (tried, r) in row.iter_mut().enumerate().skip(1) {
                    if depth > 0 {
                        let x = (depth as f64).ln() * (tried as f64).ln() / 2.0 + 0.5;
                        *r = x as Depth;
                    }
                }
                row
            })
            .collect()
    }
}

// --------------------------------------------------------------------------------------------
// The rung's file crates/engine/src/search/selective/continuation.rs, as the module
// `continuation` that its mod.rs, above, declares.
// --------------------------------------------------------------------------------------------

pub mod continuation {
    //! # Stage 8's ninth piece: the continuation history
    //!
    //! Not a bet but a better order, which every bet of [`super::pieces`] leans on (late moves are
    //! reduced and pruned because they are late): the quiet moves of a node are ordered by their
    //! history *plus* what worked after the same two moves before them. Here are the table
    //! ([`ContinuationHistory`], a move known by its [`piece_square`]) and the stage's three uses
    //! of it: the line of moves that led to the node, the node's move order, and what a quiet
    //! cut-off teaches it.
    //!
    //! It lives with stage 8, not with the move picker below the rungs, because stage 8 alone uses
    //! it: the stages below order their quiet moves by the history alone (which keeps their node
    //! counts), and the picker takes a quiet move's score from whoever builds it
    //! ([`MovePicker::scored_in`]).

    use super::Selective;
    use searchlab::game::{Evaluator, Game, PIECE_KINDS};
    use searchlab::score::{Depth, Ply};
    use searchlab::search::move_picker::{gravity, history_bonus, MovePicker};
    use searchlab::tt::TableMove;

    pub use searchlab::search::selective::continuation::{piece_square, ContinuationHistory, ContinuationRow};

    /// The plies of the line the continuation history remembers (far beyond any search's).
    pub(super) const LINE_PLIES: usize = 256;

    /// The continuation history in the node: the moves before it, its order, and what it learns.
    impl<G: Game, E: Evaluator<G>> Selective<G, E> {
        /// **Continuation history**: the moves played one and two plies before a node at `ply`
        /// (none before the root's children, whose move the root loop plays; none with the piece
        /// off).
        #[inline]
        pub(super) fn moves_before(&self, ply: Ply) -> [Option<usize>; 2] {
            if !self.pieces.continuation_history {
                return [None, None];
            }
            let at = |back: Ply| {
                ply.checked_sub(back)
                    .filter(|&p| p >= 1)
                    .and_then(|p| self.line.get(p as usize).copied().flatten())
            };
            [at(1), at(2)]
        }

        /// The node's moves, handed out best first: the quiet ones in the order of their history
        /// plus what the continuation history says of them after the moves `before`.
        #[inline]
        pub(super) fn order_moves(
            &self,
            game: &G,
            room: Vec<i32>,
            moves: Vec<G::Move>,
            hash_move: Option<G::Move>,
            ply: Ply,
            before: [Option<usize>; 2],
        ) -> MovePicker<G::Move> {
            // The continuation history's rows after the moves before, found once for every move.
            let rows = self.continuation_rows(before);
            MovePicker::scored_in(room, game, moves, hash_move, &self.tables, ply, |mv| {
                self.quiet_history(game, ply, mv, rows)
            })
        }

        /// The continuation history's rows after the moves `before` (a node looks them up once).
        #[inline]
        pub(super) fn continuation_rows(
            &self,
            before: [Option<usize>; 2],
        ) -> [Option<ContinuationRow<'_>>; 2] {
            before.map(|b| b.map(|b| self.continuation.after(b)))
        }

        /// The history of the quiet move `mv` at `ply`: the plain history plus what the
        /// continuation history's `rows` say of it.
        #[inline]
        pub(super) fn quiet_history(
            &self,
            game: &G,
            ply: Ply,
            mv: G::Move,
            rows: [Option<ContinuationRow<'_>>; 2],
        ) -> i32 {
            let history = self.tables.history(ply, mv);
            match rows {
                // Nothing to look up: no board lookup for the move's key either.
                [None, None] => history,
                [one, two] => {
                    let key = piece_square(game, mv);
                    let after = |row: Option<ContinuationRow>| row.map_or(0, |r| r.score(key));
                    history + after(one) + after(two)
                }
            }
        }

        /// Records the move about to be played at `ply`, for the continuation history of the
        /// nodes below (with the piece on).
        #[inline]
        pub(super) fn set_line_move(&mut self, game: &G, ply: Ply, mv: G::Move) {
            if self.pieces.continuation_history {
                self.set_line(ply, Some(piece_square(game, mv)));
            }
        }

        /// Records the move played at `ply` (`None`: a pass).
        #[inline]
        pub(super) fn set_line(&mut self, ply: Ply, key: Option<usize>) {
            if let Some(slot) = self.line.get_mut(ply as usize) {
                *slot = key;
            }
        }

        /// A quiet move `mv` cut off at `ply`, after the quiet moves `tried_before` failed: the
        /// killers and the history learn it (`OrderingTables::quiet_cutoff`, as in the stages
        /// below), and so does the continuation history, after each of the moves `before`.
        #[inline]
        pub(super) fn learn_quiet_cutoff(
            &mut self,
            game: &G,
            mv: G::Move,
            ply: Ply,
            depth: Depth,
            tried_before: &[G::Move],
            before: [Option<usize>; 2],
        ) {
            self.tables.quiet_cutoff(mv, ply, depth, tried_before);
            if before == [None, None] {
                return; // nothing to learn after (root children, piece off): no key lookups either
            }
            let bonus = history_bonus(depth);
            // Each move's key is looked up once, then learned after each of the moves before.
            let rewarded = std::iter::once((mv, bonus));
            let punished = tried_before.iter().map(|&failed| (failed, -bonus));
            for (learned, bonus) in rewarded.chain(punished) {
                let key = piece_square(game, learned);
                for b in before.into_iter().flatten() {
                    self.continuation.update(b, key, bonus);
                }
            }
        }
    }
}

// --------------------------------------------------------------------------------------------
// The rung's file crates/engine/src/search/selective/correction.rs, as the module `correction`
// that its mod.rs, above, declares.
// --------------------------------------------------------------------------------------------

pub mod correction {
    //! # Stage 11's correction history: an evaluation that learns where it is wrong
    //!
    //! An evaluation is wrong in ways that repeat. A structure of pawns it misjudges (a passed pawn
    //! that is stronger than it thinks, a blocked centre that is drawish) stays on the board for
    //! many moves, and every search of a position with it finds the same error again. The
    //! correction history remembers those errors, one running average per key of the pawn
    //! structure ([`Game::structure_key`](searchlab::game::Game::structure_key)), and adds it to
    //! the static evaluation before any pruning reads it:
    //!
    //! - after a node's search, if its score is a better estimate than the static evaluation
    //!   (an exact score, or a bound on the right side of it), not a mate, and the node's best
    //!   move is quiet (a capture's score says more about the capture than about the
    //!   structure), the entry of its key moves toward `score − static evaluation`, by a weight
    //!   that grows with the depth searched;
    //! - the corrected evaluation is the static evaluation plus the entry.
    //!
    //! Every entry is bounded ([`CORRECTION_LIMIT`] centipawns either way), so a run of strange
    //! searches can shift the evaluation but never turn it around. The table is one of the
    //! newest ideas of the strong engines (Stockfish among them calls it *correction history*),
    //! and a cousin of the history heuristic: a table that learns from the search's own results.

    use searchlab::score::{Depth, Score};
    use searchlab::tt::Bound;

    /// The entries of the table (a power of two, so a key's slot is its low bits).
    pub const CORRECTION_SLOTS: usize = 1 << 14;
    /// The most an entry corrects, in centipawns either way.
    pub const CORRECTION_LIMIT: i32 = 96;
    /// Entries are kept in 1/`CORRECTION_GRAIN` centipawns, so that small corrections add up.
    const CORRECTION_GRAIN: i32 = 256;
    /// An update's weight, out of [`CORRECTION_WEIGHT_TOTAL`]: `depth + 1`, at most this.
    const CORRECTION_WEIGHT_MAX: i32 = 16;
    /// The whole of a weight: an update moves an entry `weight / 256` of the way to what it saw.
    const CORRECTION_WEIGHT_TOTAL: i32 = 256;

    /// How far, by pawn structure, the static evaluation has been from what searches found.
    #[derive(Clone, Debug)]
    pub struct CorrectionHistory(Vec<i32>);

    impl CorrectionHistory {
        /// An empty table: nothing corrected.
        pub fn new() -> CorrectionHistory {
            CorrectionHistory(vec![0; CORRECTION_SLOTS])
        }

        /// The slot of a structure key.
        fn slot(key: u64) -> usize {
            (key as usize) & (CORRECTION_SLOTS - 1)
        }

        /// The correction, in whole centipawns (rounded), for positions with the structure `key`.
        pub fn correction(&self, key: u64) -> i32 {
            (self.0[Self::slot(key)] + CORRECTION_GRAIN / 2).div_euclid(CORRECTION_GRAIN)
        }

        /// `eval` corrected for the structure `key`, kept clear of the mate scores.
        pub fn correct(&self, key: u64, eval: Score) -> Score {
            let bound = Score::MATE.0 - 1_001; // the largest score that is no mate
            Score((eval.0 + self.correction(key)).clamp(-bound, bound))
        }

        /// A search `depth` plies deep found the structure `key` worth `error` centipawns more
        /// than the static evaluation said: the entry moves toward it, more for a deeper search.
        pub fn learn(&mut self, key: u64, error: i32, depth: Depth) {
            let weight = (depth as i32 + 1).min(CORRECTION_WEIGHT_MAX);
            let target = error.clamp(-CORRECTION_LIMIT, CORRECTION_LIMIT) * CORRECTION_GRAIN;
            let entry = &mut self.0[Self::slot(key)];
            let moved = *entry + (target - *entry) * weight / CORRECTION_WEIGHT_TOTAL;
            *entry = moved.clamp(
                -CORRECTION_LIMIT * CORRECTION_GRAIN,
                CORRECTION_LIMIT * CORRECTION_GRAIN,
            );
        }

        /// Forgets everything (a new game).
        pub fn clear(&mut self) {
            self.0.fill(0);
        }
    }

    impl Default for CorrectionHistory {
        fn default() -> Self {
            CorrectionHistory::new()
        }
    }

    /// Whether a node's search result teaches the correction history anything: its score `best`,
    /// with `bound`, beside the static evaluation `raw` (`None`: in check, not evaluated). A lower
    /// bound says only "at least", so it teaches only when it is above the evaluation; an upper
    /// bound only when below. Mates and a capture as the best move teach nothing about the
    /// structure.
    pub fn worth_learning(raw: Option<Score>, best: Score, bound: Bound, quiet_best: bool) -> bool {
        let Some(raw) = raw else { return false };
        // An exact score is on both sides; a bound must be on its own.
        let on_its_side =
            (bound != Bound::Lower || best > raw) && (bound != Bound::Upper || best < raw);
        quiet_best && on_its_side && !best.is_mate()
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn searches_that_find_the_evaluation_wrong_move_it_toward_what_they_saw() {
            let mut table = CorrectionHistory::new();
            let key = 0xABCD;
            assert_eq!(
                table.correct(key, Score(30)),
                Score(30),
                "nothing learned yet"
            );
            // Searches keep finding the structure 60 cp better than the evaluation says.
            let mut last = 0;
            for _ in 0..100 {
                table.learn(key, 60, 10);
                let now = table.correction(key);
                assert!(now >= last && now <= 60, "moves toward 60: {last} -> {now}");
                last = now;
            }
            assert!(last >= 55, "after many searches nearly all of it: {last}");
            assert_eq!(table.correct(key, Score(30)), Score(30 + last));
            // Another structure is untouched.
            assert_eq!(table.correction(key + 1), 0);
            // A deeper search moves it further than a shallow one.
            let (mut shallow, mut deep) = (CorrectionHistory::new(), CorrectionHistory::new());
            shallow.learn(key, -80, 1);
            deep.learn(key, -80, 12);
            assert!(deep.correction(key) < shallow.correction(key));
            assert!(shallow.correction(key) < 0);
        }

        #[test]
        fn a_correction_is_bounded() {
            let mut table = CorrectionHistory::new();
            for _ in 0..1_000 {
                table.learn(7, 5_000, 30);
            }
            assert_eq!(table.correction(7), CORRECTION_LIMIT);
            for _ in 0..1_000 {
                table.learn(7, -5_000, 30);
            }
            assert_eq!(table.correction(7), -CORRECTION_LIMIT);
            let near_mate = Score(Score::MATE.0 - 1_010);
            assert!(!table.correct(7, -near_mate).is_mate());
            table.clear();
            assert_eq!(table.correction(7), 0);
        }

        #[test]
        fn only_a_score_on_the_right_side_of_the_evaluation_teaches() {
            let raw = Some(Score(20));
            assert!(worth_learning(raw, Score(-50), Bound::Exact, true));
            assert!(worth_learning(raw, Score(90), Bound::Lower, true));
            assert!(!worth_learning(raw, Score(-50), Bound::Lower, true));
            assert!(worth_learning(raw, Score(-50), Bound::Upper, true));
            assert!(!worth_learning(raw, Score(90), Bound::Upper, true));
            assert!(
                !worth_learning(raw, Score(90), Bound::Exact, false),
                "a capture"
            );
            assert!(
                !worth_learning(None, Score(90), Bound::Exact, true),
                "in check"
            );
            assert!(!worth_learning(raw, Score::mate_in(3), Bound::Exact, true));
        }
    }
}

// --------------------------------------------------------------------------------------------
// The rung's file crates/engine/src/search/selective/modern.rs, as the module `modern` that its
// mod.rs, above, declares.
// --------------------------------------------------------------------------------------------

pub mod modern {
    //! # Stage 11: what strong engines add
    //!
    //! Stage 8's node with five more pieces, each of which every strong engine of the last decade
    //! has. Stage 8 has them all switched off (and its node is then exactly what it was); stage 11
    //! (`modern`) is stage 10 with them on. Each is a method here, named after it and switched by
    //! the flag of the same name in [`Modern`]:
    //!
    //! 1. **Singular extensions.** When the table's move scored well and every *other* move, in a
    //!    shallower search, fails well below that score, the table's move is the only good one
    //!    (singular): search it one ply deeper, since the game hangs on it. When instead another
    //!    move also reaches beta, two moves beat beta and the node is cut at once (multi-cut).
    //! 2. **Improving.** Whether the side to move's static evaluation is better than at its
    //!    previous turn (two plies up). An improving side's evaluation is trusted more to stay
    //!    high: reverse futility cuts sooner, futility and late move pruning skip fewer moves,
    //!    late moves are reduced less.
    //! 3. **Correction history.** The static evaluation corrected by what searches at the same
    //!    pawn structure found it got wrong ([`super::correction`]); the corrected value is what
    //!    every pruning reads.
    //! 4. **History in reductions and pruning.** A late quiet move is reduced less if its history
    //!    (plain and continuation) is good, more if bad; near the horizon a quiet move with a bad
    //!    enough history is not searched at all.
    //! 5. **A clock that reads the search.** The soft time limit scaled by how stable the best
    //!    move has been across iterations and by the share of the nodes spent under it.

    use super::Selective;
    use searchlab::game::{Evaluator, Game};
    use searchlab::score::{Depth, Ply, Score};
    use searchlab::search::deepening::{Deepening, IterativeStage};
    use searchlab::switches::switches;
    use searchlab::tt::Bound;

    switches! {
        /// Stage 11's pieces, each of which can be switched by name: all off in stage 8 (and in
        /// the stages on it: 9 and 10), all on in stage 11.
        pub struct Modern {
            /// Search the table's move one ply deeper when every other move fails well below it.
            singular_extension,
            /// Prune and reduce less when the side to move's evaluation is rising.
            improving,
            /// Correct the evaluation by what searches found it got wrong at the pawn structure.
            correction_history,
            /// Reduce and prune quiet moves by the history they have earned.
            history_reductions,
            /// Scale the soft time limit by how stable the best move is.
            clock_reads_search,
        }
    }

    /// Singular extensions are tried this far from the horizon, and further.
    pub const SINGULAR_DEPTH: Depth = 6;
    /// The table's entry must come from a search at most this many plies shallower than the node.
    pub const SINGULAR_TABLE_SLACK: Depth = 3;
    /// The other moves must fail this far below the table's score, per ply of depth, for the
    /// table's move to be singular.
    pub const SINGULAR_MARGIN: i32 = 2;
    /// Late move pruning when the evaluation is not improving: this share, in percent, of the
    /// quiet moves stage 8 tries.
    pub const WORSENING_MOVE_SHARE: usize = 67;
    /// History pruning is tried this close to the horizon, and no further.
    pub const HISTORY_PRUNING_DEPTH: Depth = 3;
    /// History pruning: a quiet move whose history is below minus this, per ply of depth left,
    /// is not searched.
    pub const HISTORY_PRUNING_MARGIN: i32 = 64;
    /// History in reductions: one ply less reduction per this much history (more for a bad one).
    pub const HISTORY_PER_PLY: i32 = 128;

    /// What the singular-extension test says of a node's table move.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Singular {
        /// Not tried, or the move is not singular: search as usual.
        No,
        /// The move is singular: search it this many plies deeper.
        Extend(Depth),
        /// Another move reaches beta too: the node is cut with this score (multi-cut).
        Cut(Score),
    }

    /// Stage 11's pieces, as methods of the node they serve.
    impl<G: Game, E: Evaluator<G>> Selective<G, E> {
        /// Whether a node that no pruning may touch still needs its static evaluation: for
        /// improving (its children's improving compares with it) or to teach the correction
        /// history.
        #[inline]
        pub(super) fn reads_evaluation(&self) -> bool {
            self.modern.improving || self.modern.correction_history
        }

        /// **Correction history**: `raw`, the static evaluation, corrected by the table for the
        /// position's pawn structure; `raw` itself with the piece off or no evaluation made.
        #[inline]
        pub(super) fn corrected_evaluation(&self, game: &G, raw: Score) -> Score {
            if !self.modern.correction_history || raw == -Score::INFINITE {
                return raw;
            }
            self.correction.correct(game.structure_key(), raw)
        }

        /// **Correction history**, learning: the node's search found `best` (with `bound`) where
        /// the static evaluation said `raw`; `quiet_best` says whether its best move was quiet.
        #[inline]
        pub(super) fn learn_correction(&mut self, game: &G, depth: Depth, raw: Score, found: Found) {
            if !self.modern.correction_history || raw == -Score::INFINITE {
                return;
            }
            let Found(best, bound, quiet_best) = found;
            if super::correction::worth_learning(Some(raw), best, bound, quiet_best) {
                let error = best.0 - raw.0;
                self.correction.learn(game.structure_key(), error, depth);
            }
        }

        /// **Improving**: is the side to move's evaluation `eval` (at `ply`) better than at its
        /// previous turn, two plies up? Never in check (no evaluation), and never with the piece
        /// off. Records `eval` for the node two plies down.
        #[inline]
        pub(super) fn improving(&mut self, ply: Ply, eval: Score) -> bool {
            if !self.modern.improving {
                return false;
            }
            let ply = ply as usize;
            if let Some(slot) = self.evaluations.get_mut(ply) {
                *slot = eval;
            }
            let before = ply
                .checked_sub(2)
                .and_then(|p| self.evaluations.get(p).copied());
            eval != -Score::INFINITE
                && before.is_some_and(|before| before != -Score::INFINITE && eval > before)
        }

        /// The depth the bets on failing *high* (reverse futility) are made with: one ply nearer
        /// the horizon when improving, so the cut comes sooner.
        #[inline]
        pub(super) fn depth_to_cut(&self, depth: Depth, improving: bool) -> Depth {
            depth - Depth::from(improving && depth > 1)
        }

        /// The depth the bets on failing *low* (futility) are made with: one ply further from the
        /// horizon when improving, so fewer moves are skipped.
        #[inline]
        pub(super) fn depth_to_skip(&self, depth: Depth, improving: bool) -> Depth {
            depth + Depth::from(improving)
        }

        /// Late move pruning's count of quiet moves to try, `count` by stage 8's rule: fewer when
        /// the piece is on and the side is not improving.
        #[inline]
        pub(super) fn late_move_count_by_trend(&self, count: usize, improving: bool) -> usize {
            if self.modern.improving && !improving {
                count * WORSENING_MOVE_SHARE / 100
            } else {
                count
            }
        }

        /// **History in reductions and pruning**: the history the move `mv` at `ply` has earned,
        /// plain and after the moves `before` (what orders it, if `quiet`); 0 for a capture, for
        /// the first move tried (`tried` 0: never pruned nor reduced, so not looked up, which
        /// spares a lookup at every node that cuts off at once) or with the piece off.
        #[inline]
        pub(super) fn earned_history(
            &self,
            game: &G,
            ply: Ply,
            mv: G::Move,
            quiet: bool,
            tried: usize,
            before: [Option<usize>; 2],
        ) -> i32 {
            if !(self.modern.history_reductions && quiet && tried > 0) {
                return 0;
            }
            self.quiet_history(game, ply, mv, self.continuation_rows(before))
        }

        /// Whether a quiet move `mv` with `history` is skipped: near the horizon, at a node that
        /// may be pruned, after the first move, unless it gives check (asked last: the dearest).
        #[allow(clippy::too_many_arguments)]
        #[inline]
        pub(super) fn history_prunes(
            &self,
            game: &G,
            mv: G::Move,
            quiet: bool,
            may_prune: bool,
            depth: Depth,
            tried: usize,
            history: i32,
        ) -> bool {
            self.modern.history_reductions
                && quiet
                && may_prune
                && tried > 0
                && depth <= HISTORY_PRUNING_DEPTH
                && history < -HISTORY_PRUNING_MARGIN * depth as i32
                && !game.gives_check(mv)
        }

        /// Stage 8's late move reduction `reduction` of a move, adjusted by stage 11's pieces: a
        /// ply more when not improving, a ply less per [`HISTORY_PER_PLY`] of good history (more
        /// for bad); still never into the quiescence search at once. Only a move stage 8 reduces.
        #[inline]
        pub(super) fn adjusted_reduction(
            &self,
            reduction: Depth,
            depth: Depth,
            improving: bool,
            history: i32,
        ) -> Depth {
            if reduction == 0 {
                return 0;
            }
            let mut r = reduction as i32;
            if self.modern.improving && !improving {
                r += 1;
            }
            if self.modern.history_reductions {
                r -= (history / HISTORY_PER_PLY).clamp(-2, 2);
            }
            r.clamp(0, depth as i32 - 2) as Depth
        }

        /// **Singular extensions**: is the table's move `tt_move` at this node (`depth`, `ply`,
        /// window's top `beta`) the only good one? The table must hold a lower bound (or an exact
        /// score) for it from a search nearly as deep; then the node is searched without it, half
        /// as deep, with a null window just below the table's score less a margin. If every other
        /// move fails below, the move is singular ([`Singular::Extend`]); if even that lowered
        /// bar is at least beta and another move reaches it, the node is cut ([`Singular::Cut`]).
        #[allow(clippy::too_many_arguments)]
        pub(super) fn singular_extension(
            &mut self,
            game: &mut G,
            depth: Depth,
            ply: Ply,
            beta: Score,
            tt_move: Option<G::Move>,
            key: u64,
        ) -> Singular {
            let Some(tt_move) = tt_move else {
                return Singular::No;
            };
            let tried = self.modern.singular_extension
                && depth >= SINGULAR_DEPTH
                && self.excluded_move(ply).is_none()
                && !self.state.following_pv
                && self.may_extend(ply);
            if !tried {
                return Singular::No;
            }
            todo!("exercise singular_extension: write the part 'singular_extension'")
        }

        /// The move a singular-extension search at `ply` leaves out, if one is running there.
        #[inline]
        pub(super) fn excluded_move(&self, ply: Ply) -> Option<G::Move> {
            self.excluded.get(ply as usize).copied().flatten()
        }

        /// Leaves `mv` out of the search of the node at `ply` (`None`: leaves nothing out).
        fn set_excluded_move(&mut self, ply: Ply, mv: Option<G::Move>) {
            if let Some(slot) = self.excluded.get_mut(ply as usize) {
                *slot = mv;
            }
        }

        /// **A clock that reads the search**, after each completed iteration: the soft limit in
        /// percent of the budget's, by [`clock_percent`] of how many iterations in a row chose the
        /// same move and the share of the nodes spent under it. With the piece off, unchanged.
        pub(super) fn read_the_search(&mut self) {
            if self.modern.clock_reads_search {
                read_the_search(&mut self.state);
            }
        }
    }

    /// The soft limit of the search `state` is running, set from what its iterations found so far
    /// ([`clock_percent`]).
    pub fn read_the_search<M>(state: &mut Deepening<M>) {
        let percent = clock_percent(state.stable_iterations, state.best_move_share);
        state.counter.stopper.scale_soft_limit(percent);
    }

    /// The soft limit, in percent of the clock's, after an iteration whose move was chosen by
    /// `stable` iterations in a row before it (0: it just changed) and took `share` percent of the
    /// root's nodes. A move that just changed nearly doubles the time; one that held for four
    /// iterations or more needs a bit more than half. A move that took most of the nodes was hard
    /// to refute: less time; one that took few was found quickly among rivals that cost as much:
    /// more time.
    pub fn clock_percent(stable: u32, share: u32) -> u32 {
        const BY_STABILITY: [u32; 5] = [180, 130, 105, 85, 70];
        let stability = BY_STABILITY[(stable as usize).min(BY_STABILITY.len() - 1)];
        let effort = 160 - share.min(100);
        (stability * effort / 100).clamp(40, 300)
    }

    /// A node's search result, for the correction history: its best score, that score's bound,
    /// and whether its best move was quiet.
    #[derive(Clone, Copy, Debug)]
    pub struct Found(pub Score, pub Bound, pub bool);

    #[cfg(test)]
    mod tests {
        use super::*;
        use searchlab::games::tictactoe::{Cell, TicTacToe};
        use searchlab::limits::{Clock, SearchLimits};
        use searchlab::search::deepening::deepen;
        use searchlab::search::engine::Engine;
        use searchlab::stats::SearchResult;
        use std::time::Duration;

        /// A scripted search: each iteration takes `ITERATION` and chooses the first legal move,
        /// or (`changing`) the first and second in turn; its best move always took 60% of the
        /// root's nodes. Its clock reads the search as stage 11's does.
        struct Scripted {
            state: Deepening<Cell>,
            changing: bool,
            iterations: u32,
        }

        const ITERATION: Duration = Duration::from_millis(10);

        impl Engine<TicTacToe> for Scripted {
            fn name(&self) -> &'static str {
                "scripted"
            }

            fn search(&mut self, game: &mut TicTacToe, limits: &SearchLimits) -> SearchResult<Cell> {
                deepen(self, game, limits, 64)
            }
        }

        impl IterativeStage<TicTacToe> for Scripted {
            fn deepening(&mut self) -> &mut Deepening<Cell> {
                &mut self.state
            }

            fn alphabeta(
                &mut self,
                _: &mut TicTacToe,
                _: Depth,
                _: Ply,
                _: Score,
                _: Score,
                _: &mut Vec<Cell>,
            ) -> Score {
                unreachable!("the script searches no node")
            }

            fn iteration(&mut self, game: &mut TicTacToe, _: Depth, _: Score) -> (Score, Vec<Cell>) {
                std::thread::sleep(ITERATION);
                self.iterations += 1;
                let moves = game.legal_moves();
                let pick = if self.changing {
                    self.iterations % 2
                } else {
                    0
                };
                self.state.best_move_share = 60;
                (Score::DRAW, vec![moves[pick as usize]])
            }

            fn iteration_completed(&mut self) {
                read_the_search(&mut self.state);
            }
        }

        #[test]
        fn a_search_whose_move_keeps_changing_thinks_longer_within_the_hard_limit() {
            // 3 s on the clock: a soft limit of 90 ms, a hard one of 270 ms.
            let limits = SearchLimits {
                clock: Some(Clock {
                    remaining: Duration::from_secs(3),
                    increment: Duration::ZERO,
                    moves_to_go: None,
                }),
                move_overhead: Duration::ZERO,
                ..SearchLimits::default()
            };
            let budget = limits.time_budget().unwrap();
            let run = |changing: bool| {
                let mut script = Scripted {
                    state: Deepening::new(),
                    changing,
                    iterations: 0,
                };
                let result = script.search(&mut TicTacToe::new(), &limits);
                let soft = script.state.counter.stopper.soft_limit().unwrap();
                (script.iterations, result.time, soft)
            };
            let (stable, stable_time, stable_soft) = run(false);
            let (changing, changing_time, changing_soft) = run(true);
            assert!(
                stable_soft < budget.soft,
                "a stable move: less than the clock's soft limit"
            );
            assert!(changing_soft > budget.soft && changing_soft <= budget.hard);
            assert!(changing > stable, "{changing} iterations against {stable}");
            assert!(changing_time > stable_time);
            assert!(
                changing_time < budget.hard + 2 * ITERATION,
                "{changing_time:?}"
            );
        }

        #[test]
        fn the_clock_gives_a_changing_move_more_time_than_a_stable_one() {
            assert!(clock_percent(0, 60) > clock_percent(1, 60));
            assert!(clock_percent(1, 60) > clock_percent(4, 60));
            assert_eq!(clock_percent(4, 60), clock_percent(9, 60));
            assert!(clock_percent(2, 30) > clock_percent(2, 90));
            assert_eq!(clock_percent(0, 60), 180);
            assert!((40..=300).contains(&clock_percent(0, 0)));
            assert!((40..=300).contains(&clock_percent(9, 100)));
        }
    }
}

// --------------------------------------------------------------------------------------------
// The rung's file crates/engine/src/search/selective/quiescence.rs, as the module `quiescence`
// that its mod.rs, above, declares.
// --------------------------------------------------------------------------------------------

pub mod quiescence {
    //! # Stage 8's quiescence search
    //!
    //! At the horizon stage 8 searches on as stage 7 does ([`searchlab::search::quiescence`]: stand
    //! pat, then the captures, the most valuable victim first, hopeless and losing ones skipped),
    //! with two changes: it evaluates with the stage's full evaluation instead of
    //! [`Game::evaluate`], and it keeps a losing capture that gives check, which the null move
    //! relies on to see a mate threat. Its captures come in stage 7's order, written into the lists
    //! the stage keeps from node to node ([`super::speed`]).
    //!
    //! A file of its own because it is the one part of the stage that is another rung's code, with
    //! a change or two: the book's diff of stage 8 shows it against stage 7's quiescence search,
    //! where the two changes are all there is to read.

    use super::speed::noisy_moves_in_order_into;
    use super::Selective;
    use searchlab::game::{Evaluator, Game};
    use searchlab::limits::MAX_QUIESCENCE_PLY;
    use searchlab::score::{Ply, Score};
    use searchlab::search::move_picker::DELTA_MARGIN;

    impl<G: Game, E: Evaluator<G>> Selective<G, E> {
        /// The quiescence stage's quiescence search, evaluating with the full evaluation and
        /// keeping the losing captures that give check.
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
                return self.evaluator.evaluate(game); // a safety net: captures run out long before this
            }
            let mut best = -Score::INFINITE;
            // Stand pat: the side to move may decline every capture (not when in check, where the
            // evaluation would go unused: it is not asked for).
            let stand_pat = if in_check {
                -Score::INFINITE
            } else {
                self.evaluator.evaluate(game)
            };
            // Hidden: quiescence's part 'stand_pat' (the grader puts the rung's code here).
            exercise_answer!(quiescence, stand_pat);
            let mut lists = self.lists.take(ply);
            noisy_moves_in_order_into(game, &mut lists.moves, &mut lists.noisy);
            for (tried, &(mv, _, victim)) in lists.noisy.iter().enumerate() {
                let mut losing = false;
                if !in_check {
                    // Delta pruning: not even the victim and a margin would reach alpha.
                    if stand_pat.0 + victim + DELTA_MARGIN <= alpha.0 {
                        continue;
                    }
                    losing = !game.see_at_least(mv, 0);
                }
                // A capture that loses material is skipped, unless it gives check: the exchange
                // may never happen (the recapturing piece may be pinned, the king may have no
                // square), and the null move relies on the quiescence search to see a mate threat
                // like that.
                if losing && !game.gives_check(mv) {
                    continue;
                }
                // Hidden: quiescence's part 'captures' (the grader puts the rung's code here).
                exercise_answer!(quiescence, captures);
            }
            self.lists.give_back(ply, lists);
            best
        }
    }
}

// --------------------------------------------------------------------------------------------
// The rung's file crates/engine/src/search/selective/speed.rs, as the module `speed` that its
// mod.rs, above, declares.
// --------------------------------------------------------------------------------------------

pub mod speed {
    //! # Stage 8's speed plumbing
    //!
    //! Stage 8 is the engine's hot path as well as a chapter: every search a player meets runs its
    //! node, millions of times a second. What is here makes that node cheaper and changes nothing
    //! it does (the same nodes, moves and scores with it or without it, fewer instructions a node):
    //!
    //! - [`PlyLists`]: the move lists of each ply ([`NodeLists`]), kept from node to node, so that
    //!   the search asks for memory the first time it reaches a ply and never again; and
    //!   [`noisy_moves_in_order_into`], the quiescence search's captures in stage 7's order, written
    //!   into those lists;
    //! - the table entry of a child starts loading as soon as its move is played (`prefetch_child`);
    //! - a node's quiet moves settled all at once where late move pruning or futility would skip
    //!   each of them in turn (`QuietSkip`).
    //!
    //! A file of its own so that the chapter's files hold what the chapter teaches, and the node
    //! names each of these in a word.

    use super::Selective;
    use searchlab::game::{Evaluator, Game};
    use searchlab::score::{Depth, Ply};
    use searchlab::search::move_picker::{capture_order, MovePicker};

    pub use searchlab::search::selective::speed::{NodeLists, PlyLists, noisy_moves_in_order_into};

    impl<G: Game, E: Evaluator<G>> Selective<G, E> {
        /// The child just played probes the table soon: its entry starts loading now. Not at
        /// depth 1 for a child that gives no check: that child is a leaf, and the quiescence
        /// search has no table.
        #[inline]
        pub(super) fn prefetch_child(&self, game: &G, depth: Depth, gives_check: bool) {
            if depth > 1 || gives_check {
                self.tt.prefetch(game.hash());
            }
        }
    }

    /// A node's quiet moves skipped all at once: the picker hands out every capture before the
    /// first quiet move, so from a quiet move on, every move left is quiet, and two prunings can
    /// settle all of them at that move instead of having the picker hand each out to be skipped.
    pub(super) struct QuietSkip {
        /// Late move pruning's count of quiet moves to try ([`Selective::late_move_count`]).
        late_moves: Option<usize>,
        /// Whether futility pruning skips this node's quiet moves that give no check.
        futile: bool,
        /// Whether a futile node has looked for a quiet check among its moves left (once is enough).
        checks_looked_for: bool,
    }

    impl QuietSkip {
        pub(super) fn new(late_moves: Option<usize>, futile: bool) -> QuietSkip {
            QuietSkip {
                late_moves,
                futile,
                checks_looked_for: false,
            }
        }

        /// Whether `mv`, a quiet move, and every move the picker has left are skipped: `tried`
        /// moves came before it, `quiets_tried` of them quiet and searched. (Always inlined: it
        /// is asked at every quiet move, and was part of the node's loop before it had a name.)
        #[inline(always)]
        pub(super) fn the_rest<G: Game>(
            &mut self,
            game: &G,
            mv: G::Move,
            tried: usize,
            quiets_tried: usize,
            picker: &MovePicker<G::Move>,
        ) -> bool {
            if self.late_moves.is_some_and(|count| quiets_tried >= count) {
                return true; // late move pruning: the quiet moves after the count, all of them
            }
            if self.futile && tried > 0 && !self.checks_looked_for {
                // Futility pruning (in the node) skips every quiet move that gives no check: if
                // none of them gives check, all are skipped now.
                self.checks_looked_for = true;
                return !game.gives_check(mv) && picker.rest().all(|m| !game.gives_check(m));
            }
            false
        }
    }
}
