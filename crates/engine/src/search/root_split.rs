//! # Root splitting: the first try at a parallel search
//!
//! The obvious way to search with several threads: share out the root's moves. Each thread
//! takes the next move not yet taken, searches it with the stage-8 search, and reports its
//! score; the best score so far is the root's alpha, shared by all threads (behind a lock), so
//! that a thread that takes a move late searches it with the tightest window found so far.
//!
//! **The first move is searched alone.** Searched at once beside the others, every move
//! would get the whole window, since no score exists yet to tighten it, and the others would
//! cost as much as the first, the most expensive of all. So, as in any alpha-beta, the first
//! move (the previous iteration's best) establishes alpha, by one thread; only then are the
//! other moves shared out, each to be proven worse with a null window.
//!
//! **Why it gains little.** With good move ordering the first move is nearly always the best,
//! and it is the expensive one: it is searched with a real window, every other move with a
//! null window that the first move's score lets it fail cheaply. The work in the first move
//! is done by one thread while the others wait, and by Amdahl's law that share bounds the
//! speed-up: if the first move takes 60% of an iteration, no number of threads makes the
//! iteration more than 1 / 0.6 = 1.7 times faster. The chapter measures that share. (The
//! threads also share the table, which helps a little: a helper's results for one root move
//! are found by another where the subtrees meet.)
//!
//! With one thread it searches the same tree as stage 8, in the same order: the same nodes.
//! With more, a node limit counts the main thread's nodes, and the helpers' as each
//! iteration's root moves are done: it is a limit per main thread more than a total.

use crate::game::Game;
use crate::limits::{named_moves, NodeCounter, SearchLimits, StopFlag};
use crate::score::{Depth, Ply, Score};
use crate::search::aspiration::aspiration_window;
use crate::search::deepening::{deepen, Deepening, IterativeStage, DEFAULT_DEPTH};
use crate::search::engine::{Engine, IterationObserver};
use crate::search::selective::Selective;
use crate::search::threads::{engine_methods_of_searchers, Searchers, StopOnDrop};
use crate::stats::SearchResult;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// The name of this engine: on the command line, in UCI's `Stage` option, in the tables.
pub const NAME: &str = "rootsplit";

/// Root splitting: the root's moves shared out among threads, the first searched alone.
pub struct RootSplit<G: Game> {
    searchers: Searchers<G>,
    /// Nodes searched in the root's first moves, the part no other thread can help with,
    /// summed over the iterations of the last search (what the chapter's Amdahl bound uses).
    pub first_move_nodes: u64,
}

impl<G: Game> RootSplit<G> {
    /// A one-thread engine with a table of about `megabytes` MB.
    pub fn new(megabytes: usize) -> RootSplit<G> {
        RootSplit {
            searchers: Searchers::new(megabytes),
            first_move_nodes: 0,
        }
    }
}

/// What the threads share while they search the root's other moves: the best score and line
/// so far, and the root's alpha.
struct Shared<M> {
    best: Score,
    pv: Vec<M>,
    alpha: Score,
}

/// How often a main thread with nothing left to search looks at the clock and the stop flag
/// while it waits for the helpers.
const POLL: Duration = Duration::from_micros(200);

impl<G: Game> RootSplit<G> {
    // ANCHOR: split_root
    /// The root within `(alpha, beta)`: the first move by the main thread alone, then the
    /// other moves shared out among all threads. As [`search_root`](super::deepening::search_root)
    /// returns: the score and line, thrown away by the caller if the search was stopped.
    fn split_root(
        &mut self,
        game: &mut G,
        depth: Depth,
        alpha: Score,
        beta: Score,
    ) -> (Score, Vec<G::Move>) {
        let Searchers { main, helpers, .. } = &mut self.searchers;
        let mut moves = named_moves(game, main.deepening().root_moves.as_deref());
        main.order_root(game, &mut moves);
        let state = main.deepening();
        state.counter.stats.nodes += 1; // the root
        state.following_pv = true;
        state.pv_move_first(&mut moves, 0);
        // The first move, alone: it sets the root's alpha for all the others.
        let nodes_before = state.counter.stats.nodes;
        let mut child_pv = Vec::new();
        game.play(moves[0]);
        let score = main.search_move(game, depth, 0, alpha, beta, true, &mut child_pv);
        game.undo();
        let state = main.deepening();
        state.following_pv = false;
        self.first_move_nodes += state.counter.stats.nodes - nodes_before;
        let mut pv = vec![moves[0]];
        pv.extend_from_slice(&child_pv);
        if state.counter.stopped() || score >= beta || moves.len() == 1 {
            return (score, pv);
        }
        // The others, shared out: each thread takes the next move until none is left.
        let shared = Mutex::new(Shared {
            best: score,
            pv,
            alpha: alpha.max(score),
        });
        let next = AtomicUsize::new(1);
        // The helpers stop when the main thread tells them, or when the search is stopped.
        let stop_helpers = state.counter.stopper.flag().child();
        let helper_limits = SearchLimits {
            infinite: true,
            stop: stop_helpers.clone(),
            ..SearchLimits::default()
        };
        let completed_depth = state.completed_depth;
        for helper in helpers.iter_mut() {
            let state = helper.deepening();
            state.counter = NodeCounter::new(&helper_limits);
            state.completed_depth = completed_depth;
            state.following_pv = false;
        }
        let work = Work {
            moves: &moves,
            next: &next,
            shared: &shared,
            depth,
            beta,
            stop_helpers: &stop_helpers,
        };
        std::thread::scope(|scope| {
            let running: Vec<_> = helpers
                .iter_mut()
                .map(|helper| {
                    let mut game = game.clone();
                    let work = &work;
                    scope.spawn(move || work.take_moves(helper, &mut game))
                })
                .collect();
            // Should the main thread's search panic, the helpers stop as it unwinds.
            let _stop_helpers_at_the_end = StopOnDrop(&stop_helpers);
            work.take_moves(main, game);
            // Nothing left to take: wait for the helpers, watching the clock and `stop`,
            // since this thread (which keeps them) counts no nodes while it waits.
            while !running.iter().all(|helper| helper.is_finished()) {
                // (Never before the first iteration is complete: there must be a move.)
                let state = main.deepening();
                if state.completed_depth > 0 && state.counter.stopper.poll() {
                    stop_helpers.stop();
                }
                std::thread::sleep(POLL);
            }
            if main.deepening().counter.stopped() {
                stop_helpers.stop();
            }
            for helper in running {
                if let Err(panic) = helper.join() {
                    std::panic::resume_unwind(panic);
                }
            }
        });
        let stats = &mut main.deepening().counter.stats;
        for helper in helpers.iter_mut() {
            stats.add(&helper.deepening().counter.stats);
        }
        let shared = shared
            .into_inner()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        (shared.best, shared.pv)
    }
    // ANCHOR_END: split_root
}

/// The root's other moves, shared out.
struct Work<'a, M> {
    moves: &'a [M],
    /// The index of the next move to take.
    next: &'a AtomicUsize,
    shared: &'a Mutex<Shared<M>>,
    depth: Depth,
    beta: Score,
    /// Set when the main thread stops, or a move reaches beta: the helpers stop at once.
    stop_helpers: &'a StopFlag,
}

impl<M: Copy> Work<'_, M> {
    // ANCHOR: take_moves
    /// Takes moves and searches them with `searcher` until none is left, the root's alpha
    /// reaches beta, or the search stops.
    fn take_moves<G: Game<Move = M>>(&self, searcher: &mut Selective<G>, game: &mut G) {
        let mut child_pv = Vec::new();
        loop {
            let index = self.next.fetch_add(1, Ordering::Relaxed);
            let Some(&mv) = self.moves.get(index) else {
                return;
            };
            // The tightest alpha any thread has found so far.
            let alpha = self.lock().alpha;
            if alpha >= self.beta {
                return;
            }
            game.play(mv);
            let score =
                searcher.search_move(game, self.depth, 0, alpha, self.beta, false, &mut child_pv);
            game.undo();
            if searcher.deepening().counter.stopped() {
                return; // this move's score is not a score
            }
            let mut shared = self.lock();
            if score > shared.best {
                shared.best = score;
                shared.pv.clear();
                shared.pv.push(mv);
                shared.pv.extend_from_slice(&child_pv);
            }
            shared.alpha = shared.alpha.max(score);
            if shared.alpha >= self.beta {
                self.stop_helpers.stop(); // a cut-off at the root: the rest is not needed
                return;
            }
        }
    }
    // ANCHOR_END: take_moves

    fn lock(&self) -> std::sync::MutexGuard<'_, Shared<M>> {
        // A thread that panicked holding the lock is re-raised by the caller; the data is
        // still the best known.
        self.shared
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl<G: Game> IterativeStage<G> for RootSplit<G> {
    fn deepening(&mut self) -> &mut Deepening<G::Move> {
        self.searchers.main.deepening()
    }

    /// Below the root, the main thread searches as stage 8 does.
    fn alphabeta(
        &mut self,
        game: &mut G,
        depth: Depth,
        ply: Ply,
        alpha: Score,
        beta: Score,
        pv: &mut Vec<G::Move>,
    ) -> Score {
        self.searchers
            .main
            .alphabeta(game, depth, ply, alpha, beta, pv)
    }

    fn start_search(&mut self) {
        self.first_move_nodes = 0;
        self.searchers.start_search();
        self.searchers.main.start_search();
        for helper in &mut self.searchers.helpers {
            helper.start_search();
        }
    }

    fn proves_shortest_mates(&self) -> bool {
        false
    }

    /// Stage 8's aspiration windows, each window's root split among the threads.
    fn iteration(&mut self, game: &mut G, depth: Depth, previous: Score) -> (Score, Vec<G::Move>) {
        aspiration_window(self, game, depth, previous, RootSplit::split_root)
    }
}

impl<G: Game> Engine<G> for RootSplit<G> {
    fn name(&self) -> &'static str {
        NAME
    }

    fn search(&mut self, game: &mut G, limits: &SearchLimits) -> SearchResult<G::Move> {
        deepen(self, game, limits, DEFAULT_DEPTH)
    }

    fn set_iteration_observer(&mut self, observer: Option<IterationObserver>) {
        self.searchers.main.set_iteration_observer(observer);
    }

    // New game, table size, threads and switches: as every parallel search does them.
    engine_methods_of_searchers!();
}
