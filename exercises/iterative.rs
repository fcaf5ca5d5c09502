// Exercise `iterative`: iterative deepening: the loop, the previous best line first, and the line a node returns.
//
// Write the parts marked `todo!()`, then: searchlab exercise check iterative
// Stuck? searchlab exercise hint iterative (one hint at a time).
// The solution is the rung itself: crates/engine/src/search/iterative.rs and
// crates/engine/src/search/deepening.rs. (Generated from crates/engine/src/search/iterative.rs
// and crates/engine/src/search/deepening.rs by `searchlab exercise skeletons`; work in your own
// copy, exercises/mine/iterative.rs, which the commands make on first use.)

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

use searchlab::game::Game;
use searchlab::limits::SearchLimits;
use searchlab::score::{Depth, Ply, Score};
use self::deepening::{deepen, Deepening, IterativeStage, DEFAULT_DEPTH};
use searchlab::search::engine::{Engine, IterationObserver};
use searchlab::stats::SearchResult;

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
            todo!("exercise iterative: write the part 'line'");
            if alpha >= beta {
                self.state.counter.stats.count_cutoff(tried);
                break;
            }
        }
        best
    }
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

// --------------------------------------------------------------------------------------------
// The shared machinery this exercise takes in: crates/engine/src/search/deepening.rs, as the
// module `deepening` (the code above uses it as `self::deepening`).
// --------------------------------------------------------------------------------------------

pub mod deepening {
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

    use searchlab::game::Game;
    use searchlab::limits::{named_moves, NodeCounter, SearchLimits, MAX_DEPTH};
    use searchlab::score::{Depth, Ply, Score};
    use searchlab::search::engine::{move_to_front, score_without_moves, Engine, IterationObserver};
    use searchlab::stats::{Iteration, SearchResult};

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

        /// Counts a node, or says the search must stop (see [`NodeCounter::count_node`]); but
        /// not before the first iteration has completed, so that there is always a move.
        pub fn count_node(&mut self) -> bool {
            if self.completed_depth == 0 {
                self.counter.stats.nodes += 1;
                return true;
            }
            self.counter.count_node()
        }

        /// On the previous principal variation, its move for this ply goes first.
        pub fn pv_move_first(&mut self, moves: &mut [M], ply: Ply) {
            if let Some(mv) = self.pv_move(moves, ply) {
                move_to_front(moves, mv);
            }
        }

        /// While the search walks down the previous principal variation: its move for this ply,
        /// if it is among `moves`. Once off the line, `None` for the rest of the iteration.
        pub fn pv_move(&mut self, moves: &[M], ply: Ply) -> Option<M> {
            todo!("exercise iterative: write the part 'previous_line'")
        }

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
        todo!("exercise iterative: write the part 'loop'");
        found
    }

    /// Whether `score`, from an iteration that completed to `depth`, is a proven mate: a mate
    /// within the depth searched. Every shorter line was searched too, so no deeper iteration can
    /// find a quicker mate.
    pub fn mate_proven(score: Score, depth: Depth) -> bool {
        score.mate_plies().is_some_and(|plies| plies <= depth)
    }

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
        stage.deepening().result(score, found.iterations)
    }

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
}
