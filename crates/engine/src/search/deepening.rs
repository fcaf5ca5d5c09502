//! # The machinery of iterative deepening, written once
//!
//! Stage 3 ([`iterative`](super::iterative)) and every stage above it on the ladder search the
//! same way at the top. [`deepen`] searches depth 1, then 2, then 3, …, until the depth limit,
//! the time, the node limit or the stop flag says stop, or a mate is proven; then it returns
//! the last iteration that *completed*. Each iteration searches every root move, the previous
//! iteration's best first, and builds the principal variation.
//!
//! The code comes in layers, so that each chapter of the book can show the layer it teaches,
//! and that layer is the code that runs. [`iterate`] is the loop itself, as stage 3 needs it;
//! [`deepen`] runs it and adds what later stages hook in (tables that age at each search,
//! a stage that may miss a shorter mate or keep a cut iteration's move, helper threads that
//! search deeper, and the reports of each iteration to a GUI). In the same way
//! [`search_moves`] is stage 3's root, and [`search_root`] puts the root's moves in the
//! stage's order first.
//!
//! What the loop keeps from one iteration to the next is a [`Deepening`]: the
//! [`NodeCounter`] (counters and the stop decision), the last completed depth and its principal
//! variation, which the next iteration searches first ([`Deepening::pv_move_first`]).
//!
//! A stopped search keeps the last iteration that completed. Depth 1 always completes (it
//! takes microseconds: one node per legal move), so there is always a move to play: the stop
//! check only begins once there is something to fall back on ([`Deepening::count_node`]).
//!
//! The stages differ only in their recursive search below the root: a stage supplies it, and
//! its `Deepening`, by implementing [`IterativeStage`].

use crate::game::Game;
use crate::limits::{named_moves, NodeCounter, SearchLimits, MAX_DEPTH};
use crate::score::{Depth, Ply, Score};
use crate::search::engine::{move_to_front, score_without_moves, Engine, IterationObserver};
use crate::stats::{Iteration, SearchResult};

/// Deepest iteration when the limits give no depth, time or node limit.
pub const DEFAULT_DEPTH: Depth = 5;

/// What an iterative-deepening search keeps from one iteration to the next. Every stage from
/// here up the ladder has one.
pub struct Deepening<M> {
    /// Counters over all iterations, and the decision to give up (time, nodes, `stop`).
    pub counter: NodeCounter,
    /// Depth of the last completed iteration (0 before the first completes).
    pub completed_depth: Depth,
    /// The principal variation of the last completed iteration.
    pub previous_pv: Vec<M>,
    /// True while the search is still walking down the previous principal variation.
    pub following_pv: bool,
    /// Told about each completed iteration.
    pub observer: Option<IterationObserver>,
    /// Plies added to every iteration's depth: 0, except in some helper threads of a parallel
    /// search, which search one ply deeper than the main thread so that the threads differ.
    pub depth_offset: Depth,
    /// The root moves this search may play ([`SearchLimits::root_moves`]).
    pub root_moves: Option<Vec<String>>,
    /// How many iterations in a row, up to the last completed one, chose the same move.
    pub stable_iterations: u32,
    /// The share of the last root search's nodes spent under the move it chose, in percent.
    pub best_move_share: u32,
}

impl<M: Copy + PartialEq> Deepening<M> {
    /// The state before a first search.
    pub fn new() -> Deepening<M> {
        Deepening {
            counter: NodeCounter::new(&SearchLimits::default()),
            completed_depth: 0,
            previous_pv: Vec::new(),
            following_pv: false,
            observer: None,
            depth_offset: 0,
            root_moves: None,
            stable_iterations: 0,
            best_move_share: 100,
        }
    }

    // ANCHOR: count_node
    /// Counts a node, or says the search must stop (see [`NodeCounter::count_node`]); but
    /// not before the first iteration has completed, so that there is always a move.
    pub fn count_node(&mut self) -> bool {
        if self.completed_depth == 0 {
            self.counter.stats.nodes += 1;
            return true;
        }
        self.counter.count_node()
    }
    // ANCHOR_END: count_node

    // ANCHOR: order
    /// On the previous principal variation, its move for this ply goes first.
    pub fn pv_move_first(&mut self, moves: &mut [M], ply: Ply) {
        if let Some(mv) = self.pv_move(moves, ply) {
            move_to_front(moves, mv);
        }
    }

    /// While the search walks down the previous principal variation: its move for this ply,
    /// if it is among `moves`. Once off the line, `None` for the rest of the iteration.
    pub fn pv_move(&mut self, moves: &[M], ply: Ply) -> Option<M> {
        // ANCHOR: exercise_previous_line
        if !self.following_pv {
            return None;
        }
        let pv_move = self.previous_pv.get(ply as usize).copied();
        let pv_move = pv_move.filter(|mv| moves.contains(mv));
        self.following_pv = pv_move.is_some();
        pv_move
        // ANCHOR_END: exercise_previous_line
    }
    // ANCHOR_END: order

    /// The record of the iteration that just completed to `depth` with `score` (its line is
    /// [`Deepening::previous_pv`] by now); `hashfull` is left 0 for the caller to fill in.
    pub fn record(&self, depth: Depth, score: Score) -> Iteration
    where
        M: std::fmt::Display,
    {
        Iteration {
            depth,
            score,
            nodes: self.counter.stats.nodes,
            time: self.counter.stopper.elapsed(),
            seldepth: self.counter.stats.seldepth.max(depth),
            pv: self.previous_pv.iter().map(|m| m.to_string()).collect(),
            hashfull: 0,
        }
    }

    /// The search's result: `score`, and the move, line and depth of the last completed
    /// iteration.
    pub fn result(&self, score: Score, iterations: Vec<Iteration>) -> SearchResult<M> {
        SearchResult {
            best_move: self.previous_pv.first().copied(),
            score,
            pv: self.previous_pv.clone(),
            depth: self.completed_depth,
            stats: self.counter.stats,
            time: self.counter.stopper.elapsed(),
            iterations,
        }
    }
}

impl<M: Copy + PartialEq> Default for Deepening<M> {
    fn default() -> Self {
        Deepening::new()
    }
}

/// A stage that iterative deepening can drive: an [`Engine`] with the state above and its own
/// alpha-beta. Two more steps have defaults that a later stage may replace: how a node searches
/// one of its moves ([`search_move`](IterativeStage::search_move)), and how the root is searched
/// in one iteration ([`iteration`](IterativeStage::iteration)).
pub trait IterativeStage<G: Game>: Engine<G> {
    /// The stage's deepening state.
    fn deepening(&mut self) -> &mut Deepening<G::Move>;

    /// The stage's recursive search: the value of `game` within `(alpha, beta)`, its principal
    /// variation written to `pv`.
    fn alphabeta(
        &mut self,
        game: &mut G,
        depth: Depth,
        ply: Ply,
        alpha: Score,
        beta: Score,
        pv: &mut Vec<G::Move>,
    ) -> Score;

    /// The value, for the side that just moved, of the position after one of its moves (already
    /// played on `game`), searched from a node at `depth` and `ply` with the window
    /// `(alpha, beta)`; `first` says whether it is the node's first move. By default, the
    /// plain negamax step with the window negated and swapped.
    #[allow(clippy::too_many_arguments)]
    fn search_move(
        &mut self,
        game: &mut G,
        depth: Depth,
        ply: Ply,
        alpha: Score,
        beta: Score,
        _first: bool,
        pv: &mut Vec<G::Move>,
    ) -> Score {
        -self.alphabeta(game, depth - 1, ply + 1, -beta, -alpha, pv)
    }

    /// Called once as a search begins, before the first iteration: a stage with tables of what
    /// earlier searches learned marks them as older here. By default nothing happens.
    fn start_search(&mut self) {}

    /// Whether a mate found within the searched depth is the shortest there is, so deepening
    /// may stop there. True for a full-width search; a selective one, which prunes and
    /// reduces, may have missed a shorter mate, and searches on.
    fn proves_shortest_mates(&self) -> bool {
        true
    }

    /// Whether an iteration the limits cut short may still change the move: when a root move
    /// searched to the end proved better than the previous iteration's best (also searched to
    /// the end), that deeper verdict is kept although the iteration did not complete. By
    /// default not: the result is the last completed iteration's, which keeps a search under
    /// a node limit exactly the search to the last depth it completed.
    fn keeps_cut_iteration(&self) -> bool {
        false
    }

    /// Called after each completed iteration, before the next is decided on (stage 11 reads
    /// its clock there). By default nothing happens.
    fn iteration_completed(&mut self) {}

    /// Puts the root's moves in the order to search them, before the previous iteration's best
    /// move is moved to the front. By default the generator's order is kept.
    fn order_root(&mut self, _game: &G, _moves: &mut Vec<G::Move>) {}

    /// One iteration to `depth`, given the score of the one before (a placeholder draw before
    /// the first): the root's score and principal variation. By default, the root searched
    /// with the whole window.
    fn iteration(&mut self, game: &mut G, depth: Depth, _previous: Score) -> (Score, Vec<G::Move>)
    where
        Self: Sized,
    {
        search_root(self, game, depth, -Score::INFINITE, Score::INFINITE)
    }
}

// ANCHOR: deepening
/// The loop of iterative deepening: searches `game` with `stage` to each depth of `depths` in
/// turn (1, 2, 3, … up to the depth limit) while the limits allow. After each iteration that
/// completes, `go_on` is handed its record and says whether to search deeper.
pub fn iterate<G, S, D, F>(
    stage: &mut S,
    game: &mut G,
    limits: &SearchLimits,
    depths: D,
    mut go_on: F,
) -> Deepened<G::Move>
where
    G: Game,
    S: IterativeStage<G>,
    D: IntoIterator<Item = Depth>,
    F: FnMut(&mut S, &mut Iteration) -> bool,
{
    let state = stage.deepening();
    state.counter = NodeCounter::new(limits);
    state.completed_depth = 0;
    state.previous_pv.clear();
    state.root_moves.clone_from(&limits.root_moves);
    if game.legal_moves().is_empty() {
        // The game is over at the root: nothing to search, no move to play.
        return Deepened::new(score_without_moves(game));
    }
    // A placeholder score before the first iteration, which always completes.
    let mut found = Deepened::new(Score::DRAW);
    // ANCHOR: exercise_loop
    for depth in depths {
        let state = stage.deepening();
        if state.completed_depth > 0 && !state.counter.stopper.may_start_iteration() {
            break;
        }
        let (score, pv) = stage.iteration(game, depth, found.score);
        let state = stage.deepening();
        if state.counter.stopped() {
            // Abandoned: the last completed iteration stands.
            found.cut = Some((score, pv));
            break;
        }
        found.score = score;
        state.completed_depth = depth;
        state.previous_pv = pv;
        let mut iteration = state.record(depth, score);
        let deeper = go_on(stage, &mut iteration);
        found.iterations.push(iteration);
        if !deeper {
            break;
        }
    }
    // ANCHOR_END: exercise_loop
    found
}
// ANCHOR_END: deepening

// ANCHOR: mate_proven
/// Whether `score`, from an iteration that completed to `depth`, is a proven mate: a mate
/// within the depth searched. Every shorter line was searched too, so no deeper iteration can
/// find a quicker mate.
pub fn mate_proven(score: Score, depth: Depth) -> bool {
    score.mate_plies().is_some_and(|plies| plies <= depth)
}
// ANCHOR_END: mate_proven

/// What the loop [`iterate`] found.
#[derive(Debug)]
pub struct Deepened<M> {
    /// The score of the last completed iteration (of the position, if the game is over).
    pub score: Score,
    /// The record of each completed iteration, shallowest first.
    pub iterations: Vec<Iteration>,
    /// The score and line of an iteration the limits cut short, if one was.
    pub cut: Option<(Score, Vec<M>)>,
}

impl<M> Deepened<M> {
    /// Nothing found yet but `score`.
    fn new(score: Score) -> Deepened<M> {
        Deepened {
            score,
            iterations: Vec::new(),
            cut: None,
        }
    }
}

// ANCHOR: deepen
/// Searches depth 1, 2, 3, … with `stage` until the limits say stop, and returns the result of
/// the last iteration that completed: the loop [`iterate`], with what later stages add to it.
pub fn deepen<G: Game, S: IterativeStage<G>>(
    stage: &mut S,
    game: &mut G,
    limits: &SearchLimits,
    default_depth: Depth,
) -> SearchResult<G::Move> {
    stage.start_search();
    let max_depth = max_iteration_depth(limits, default_depth);
    let offset = stage.deepening().depth_offset;
    let depths = (1..=max_depth).map(|iteration| (iteration + offset).min(max_depth));
    // The move each iteration chose, to count how many in a row chose the same.
    let mut chosen_before = None;
    let found = iterate(stage, game, limits, depths, |stage, iteration| {
        iteration.hashfull = stage.hashfull();
        let state = stage.deepening();
        let chosen = state.previous_pv.first().copied();
        let same = chosen.is_some() && chosen == chosen_before;
        state.stable_iterations = if same { state.stable_iterations + 1 } else { 0 };
        chosen_before = chosen;
        stage.iteration_completed();
        if let Some(observer) = stage.deepening().observer.as_mut() {
            observer(iteration);
        }
        // A proven mate ends the search, unless the stage may have pruned a shorter one. (A
        // mate the table reports from deeper than the iteration searched is not proven.)
        !(mate_proven(iteration.score, iteration.depth) && stage.proves_shortest_mates())
    });
    let mut score = found.score;
    // ANCHOR: cut_iteration
    if let Some((cut_score, pv)) = found.cut {
        // Cut short: keep the last completed iteration, unless the stage keeps a better move
        // that the cut one proved.
        let state = stage.deepening();
        let new_move = pv
            .first()
            .is_some_and(|m| state.previous_pv.first() != Some(m));
        if new_move && stage.keeps_cut_iteration() {
            score = cut_score;
            stage.deepening().previous_pv = pv;
        }
    }
    // ANCHOR_END: cut_iteration
    stage.deepening().result(score, found.iterations)
}
// ANCHOR_END: deepen

/// The deepest iteration an iterative stage may start under `limits`: the depth limit if
/// given; otherwise, when time, nodes or `infinite` will stop the search, as deep as the ladder
/// goes; otherwise `default`.
pub fn max_iteration_depth(limits: &SearchLimits, default: Depth) -> Depth {
    match limits.depth {
        Some(depth) => depth.min(MAX_DEPTH),
        None if limits.ends_without_a_depth() => MAX_DEPTH,
        None => default,
    }
}

// ANCHOR: search_root
/// One iteration's root: every legal move within the window `(alpha, beta)`, in the order the
/// stage puts them in ([`IterativeStage::order_root`]), then searched by [`search_moves`].
pub fn search_root<G: Game, S: IterativeStage<G>>(
    stage: &mut S,
    game: &mut G,
    depth: Depth,
    alpha: Score,
    beta: Score,
) -> (Score, Vec<G::Move>) {
    let mut moves = named_moves(game, stage.deepening().root_moves.as_deref());
    stage.order_root(game, &mut moves);
    search_moves(stage, game, moves, depth, alpha, beta)
}
// ANCHOR_END: search_root

// ANCHOR: root
/// One iteration: every root move in `moves`, the previous best first, within the window
/// `(alpha, beta)` (iterative deepening passes the whole window). Returns the root score
/// and the principal variation (thrown away by the caller if the search was stopped).
/// Fail-soft: a score `<= alpha` or `>= beta` is a bound, and the search stops at the first
/// move that reaches `beta`.
pub fn search_moves<G: Game, S: IterativeStage<G>>(
    stage: &mut S,
    game: &mut G,
    mut moves: Vec<G::Move>,
    depth: Depth,
    mut alpha: Score,
    beta: Score,
) -> (Score, Vec<G::Move>) {
    let state = stage.deepening();
    state.counter.stats.nodes += 1; // the root
    state.following_pv = true;
    state.pv_move_first(&mut moves, 0);
    let mut best_score = -Score::INFINITE;
    let mut pv = Vec::new();
    let mut child_pv = Vec::new();
    // The nodes of the whole root search, and those under the best move (for a clock that
    // reads the search: a move that took most of the effort was hard to refute).
    let nodes_before = state.counter.stats.nodes;
    let mut best_move_nodes = 0;
    for (tried, mv) in moves.into_iter().enumerate() {
        let move_start = stage.deepening().counter.stats.nodes;
        game.play(mv);
        let score = stage.search_move(game, depth, 0, alpha, beta, tried == 0, &mut child_pv);
        game.undo();
        let state = stage.deepening();
        state.following_pv = false;
        if state.counter.stopped() {
            break; // the iteration is abandoned
        }
        if score > best_score {
            best_move_nodes = state.counter.stats.nodes - move_start;
            best_score = score;
            pv.clear();
            pv.push(mv);
            pv.extend_from_slice(&child_pv);
        }
        // The root's alpha is the best score so far: later moves need only prove they are
        // worse, not by how much.
        alpha = alpha.max(score);
        if alpha >= beta {
            break;
        }
    }
    let state = stage.deepening();
    let all_nodes = (state.counter.stats.nodes - nodes_before).max(1);
    state.best_move_share = (best_move_nodes * 100 / all_nodes) as u32;
    (best_score, pv)
}
// ANCHOR_END: root
