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
//! The stage also evaluates with the full evaluation ([`crate::eval::Evaluation`]), the
//! game's [`Game::Evaluator`], instead of the simple one of the stages below.
//!
//! **Invariant: none that equal scores can hold.** Pruning and reductions change what is
//! found at a depth (usually the same move, sometimes a worse one), in exchange for reaching
//! much greater depths in the same time. So this stage, like quiescence, is judged by
//! strength. What stays exact: every forced mate of the test suite is still found; null move
//! is never tried in check or in a pawn ending.

pub mod continuation;
pub mod correction;
pub mod modern;
pub mod pieces;
pub mod quiescence;
pub mod speed;

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
use crate::eval::network::Network;
use crate::game::{Evaluator, Game};
use crate::limits::SearchLimits;
use crate::score::{Depth, Ply, Score};
use crate::search::aspiration::aspiration_window;
use crate::search::deepening::{deepen, search_root, Deepening, IterativeStage, DEFAULT_DEPTH};
use crate::search::engine::{Engine, IterationObserver};
use crate::search::move_picker::{MovePicker, OrderingTables};
use crate::stats::SearchResult;
use crate::tt::{Bound, Probe, TranspositionTable};
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

    // ANCHOR: search
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
            // ANCHOR: prune_quiet_or_losing
            // Futile quiet moves and losing ones are skipped, unless they give check: a check
            // may be a mating attack's first move, and a sacrifice that checks may mate. (Asked
            // before the move is played: a move skipped is never played. And asked in the
            // cheapest order: a futile quiet move needs no exchange played out.)
            let losing = || see_prunable && loses_exchange(game, mv, quiet, depth);
            if tried > 0 && ((futile && quiet) || losing()) && !game.gives_check(mv) {
                self.state.counter.stats.pruned += 1;
                continue;
            }
            // ANCHOR_END: prune_quiet_or_losing
            // ANCHOR: modern_history
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
            // ANCHOR_END: modern_history
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
    // ANCHOR_END: search

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
        // ANCHOR: answer_null_window
        let null = Score(alpha.0 + 1);
        let score = -self.alphabeta(game, depth - 1, ply + 1, -null, -alpha, pv);
        // A leaf's value is exact whatever the window (depth 1: the children are leaves), and
        // in a null-window node the full window is the null window: then no second search.
        if score > alpha && score < beta && null < beta && depth > 1 {
            self.state.counter.stats.researches += 1;
            return -self.alphabeta(game, depth - 1, ply + 1, -beta, -alpha, pv);
        }
        score
        // ANCHOR_END: answer_null_window
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
    // ANCHOR: before_moves
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
        // ANCHOR: may_prune
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
        // ANCHOR_END: may_prune
        // ANCHOR: modern_evaluation
        // Stage 11: the evaluation corrected by what searches found, and its trend.
        let eval = self.corrected_evaluation(game, raw_eval);
        let improving = self.improving(ply, eval);
        let cut_depth = self.depth_to_cut(depth, improving);
        // ANCHOR_END: modern_evaluation
        if let Some(score) = self.reverse_futility(may_prune, cut_depth, eval, beta) {
            return BeforeMoves::Answered(score);
        }
        let may_pass = may_prune && excluded.is_none();
        if let Some(score) = self.null_move(game, may_pass, depth, ply, eval, beta) {
            return BeforeMoves::Answered(score);
        }
        // ANCHOR: modern_singular
        let singular_move = match self.singular_extension(game, depth, ply, beta, tt_move, key) {
            Singular::Cut(score) => return BeforeMoves::Answered(score),
            Singular::Extend(plies) => tt_move.map(|mv| (mv, plies)),
            Singular::No => None,
        };
        // ANCHOR_END: modern_singular
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
    // ANCHOR_END: before_moves

    // ANCHOR: node_answer
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
            // ANCHOR: answer_store
            let bound = Bound::of(best, original_alpha, beta);
            self.tt.store(key, depth, best.to_tt(ply), bound, best_move);
            // ANCHOR_END: answer_store
            // ANCHOR: modern_learn
            let quiet_best = best_move.is_some_and(|mv| !game.is_noisy(mv));
            let found = Found(best, bound, quiet_best);
            self.learn_correction(game, depth, node.raw_eval, found);
            // ANCHOR_END: modern_learn
        }
        best
    }
    // ANCHOR_END: node_answer
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
