//! # Stage 9: parallel search (Lazy SMP)
//!
//! A computer with several cores can search several positions at once. The hard part is
//! giving each thread work that helps: alpha-beta is sequential at heart, since the window a
//! move is searched with comes from the moves searched before it. [Root
//! splitting](super::RootSplit), the first try, shares out the root moves and gains little,
//! because most of the work is in the first move, which one thread searches alone.
//!
//! **Lazy SMP** is the answer strong engines settled on, and it is almost no code: every
//! thread searches the *same* position, from the root, with the stage-8 search, and all of
//! them share one transposition table. Nothing else is shared and nothing is split. It works
//! because the threads do not search the same tree in the same order for long:
//!
//! - every other helper (with two threads, the one helper) searches **one ply deeper** than
//!   the main thread at every iteration, so it stores deeper results that the main thread then
//!   finds in the table, ready-made;
//! - threads run at slightly different speeds, and each has its own killers and history, so
//!   they drift apart and take different moves first; what one has searched, the others find
//!   in the table (as a cut-off or a move to try first) instead of searching it again.
//!
//! The **main thread decides**: it keeps the clock and the limits (a node limit counts its own
//! nodes, so `go nodes N` on T threads searches about T × N in all). When it stops, for whatever
//! reason, the helpers are told to stop too and the search waits for them; their node counts
//! are added to the result's. Its result (move, score, line) is the search's, unless a helper
//! completed a deeper iteration (the one a ply ahead often has): then the deepest is played.
//!
//! The table is shared without a lock: a slot's two words are written by one thread while
//! another may read them, and the XOR check of [`crate::tt`] turns a torn entry into a miss.
//!
//! **Invariant.** With one thread this stage *is* stage 8: the same searcher, called the same
//! way, so the same nodes, move and score (the `bench` signature does not change). With more,
//! the search is not reproducible (which thread stores first decides what the others find),
//! and it is judged by what it is for: strength at the same time, and time to the same depth.

use crate::clock::Instant;
use crate::game::{Evaluator, Game};
use crate::limits::{ClockStart, SearchLimits};
use crate::score::Depth;
use crate::search::deepening::IterativeStage;
use crate::search::engine::{Engine, IterationObserver};
use crate::search::threads::{engine_methods_of_searchers, Searchers, StopOnDrop};
use crate::stats::{Iteration, SearchResult};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

/// The name of this engine: on the command line, in UCI's `Stage` option, in the tables.
pub const NAME: &str = "parallel";

/// The parallel stage: the selective search on every thread, sharing one table (with the
/// evaluation `E`: the game's own, or the learned one of stage 10).
pub struct LazySmp<G: Game, E: Evaluator<G> = <G as Game>::Evaluator> {
    /// Its name: [`NAME`], or the name of the stage that searches with another evaluation.
    name: &'static str,
    searchers: Searchers<G, E>,
    /// Nodes the helpers have searched in the iterations they completed so far in this
    /// search, so that the main thread's `info` lines count every thread's nodes.
    helper_nodes: Arc<AtomicU64>,
}

impl<G: Game> LazySmp<G> {
    /// A one-thread engine with a table of about `megabytes` MB.
    pub fn new(megabytes: usize) -> LazySmp<G> {
        LazySmp::named(NAME, megabytes)
    }
}

impl<G: Game, E: Evaluator<G>> LazySmp<G, E> {
    /// As [`LazySmp::new`], under the name `name`: a stage built on this one with another
    /// evaluation.
    pub fn named(name: &'static str, megabytes: usize) -> LazySmp<G, E> {
        LazySmp {
            name,
            searchers: Searchers::new(megabytes),
            helper_nodes: Arc::new(AtomicU64::new(0)),
        }
    }
}

/// The time to collect one helper thread once it is told to stop (it must be given a core,
/// notice, return and exit): the helpers stop this much earlier than the main thread's hard
/// time limit for each of them, so that the main thread does not wait for them past it. On
/// the 2-core development machine, 256 threads took about 23 ms past the hard limit to end
/// (90 µs each) when they all stopped at it.
const WIND_DOWN_PER_HELPER: Duration = Duration::from_micros(100);

// ANCHOR: depth_offset
/// The helper on thread `thread` (1 for the first helper) searches this many plies deeper
/// than the main thread: every other one, one ply.
fn depth_offset(thread: usize) -> Depth {
    (thread % 2) as Depth
}
// ANCHOR_END: depth_offset

impl<G: Game, E: Evaluator<G>> Engine<G> for LazySmp<G, E> {
    fn name(&self) -> &'static str {
        self.name
    }

    // ANCHOR: search
    fn search(&mut self, game: &mut G, limits: &SearchLimits) -> SearchResult<G::Move> {
        self.helper_nodes.store(0, Ordering::Relaxed);
        if self.searchers.helpers.is_empty() {
            return self.searchers.main.search(game, limits); // stage 8, exactly
        }
        self.searchers.start_search();
        // One clock for every thread, running from now if the caller has not started it: the
        // time to start the threads is the search's too.
        let clock = limits.clock_start.clone();
        let clock = clock.unwrap_or_else(|| ClockStart::at(Instant::now()));
        let limits = &SearchLimits {
            clock_start: Some(clock.clone()),
            ..limits.clone()
        };
        // The helpers search until the main thread stops them, or the search is stopped (by
        // the caller, or by the clock, which they watch too: with more threads than cores,
        // the main thread may wait a long while for a core, and must find the helpers gone
        // when its time is up). They end a little before its hard limit, by the time it takes
        // to collect them ([`WIND_DOWN_PER_HELPER`]). No other limit of their own; the same
        // root moves.
        let stop_helpers = limits.stop.child();
        let wind_down = WIND_DOWN_PER_HELPER * self.searchers.helpers.len() as u32;
        let helper_limits = SearchLimits {
            infinite: true,
            stop: stop_helpers.clone(),
            movetime: limits.time_budget().map(|budget| {
                (budget.hard + limits.move_overhead)
                    .saturating_sub(wind_down)
                    .max(Duration::from_millis(1))
            }),
            move_overhead: limits.move_overhead,
            clock_start: Some(clock),
            root_moves: limits.root_moves.clone(),
            ..SearchLimits::default()
        };
        let Searchers { main, helpers, .. } = &mut self.searchers;
        for (index, helper) in helpers.iter_mut().enumerate() {
            helper.deepening().depth_offset = depth_offset(index + 1);
            helper.set_iteration_observer(Some(count_nodes(self.helper_nodes.clone())));
        }
        // The helpers wait at a gate until every one has started: one that searched at once
        // would take a core from the thread still starting the others (with more threads
        // than cores, that once took longer than a fast move's whole budget).
        let gate = RwLock::new(());
        std::thread::scope(|scope| {
            let closed = gate.write();
            let running: Vec<_> = helpers
                .iter_mut()
                .map(|helper| {
                    let mut game = game.clone();
                    let (limits, gate) = (&helper_limits, &gate);
                    scope.spawn(move || {
                        drop(gate.read());
                        helper.search(&mut game, limits)
                    })
                })
                .collect();
            drop(closed);
            // Whatever happens to the main thread's search, even a panic, the helpers stop.
            let _stop_helpers_at_the_end = StopOnDrop(&stop_helpers);
            let mut result = main.search(game, limits);
            stop_helpers.stop();
            let mut deepest = None;
            for helper in running {
                match helper.join() {
                    Ok(helper) => {
                        result.stats.add(&helper.stats);
                        if deeper(&helper, deepest.as_ref().unwrap_or(&result), limits) {
                            deepest = Some(helper);
                        }
                    }
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            if let Some(helper) = deepest {
                result.best_move = helper.best_move;
                result.score = helper.score;
                result.pv = helper.pv;
                result.depth = helper.depth;
            }
            result
        })
    }
    // ANCHOR_END: search

    /// The main thread's iterations are reported, with every thread's nodes.
    fn set_iteration_observer(&mut self, observer: Option<IterationObserver>) {
        let wrapped = observer.map(|mut observer| {
            let helper_nodes = self.helper_nodes.clone();
            Box::new(move |iteration: &Iteration| {
                let mut iteration = iteration.clone();
                iteration.nodes += helper_nodes.load(Ordering::Relaxed);
                observer(&iteration);
            }) as IterationObserver
        });
        self.searchers.main.set_iteration_observer(wrapped);
    }

    // New game, table size, threads and switches: as every parallel search does them.
    engine_methods_of_searchers!();
}

// ANCHOR: deeper
/// Whether a helper's result rests on a deeper completed iteration than `best`'s, and so
/// should be played instead: a helper one ply deeper has often finished an iteration the main
/// thread had no time for. Never beyond a depth limit, which asks for that depth exactly.
fn deeper<M>(helper: &SearchResult<M>, best: &SearchResult<M>, limits: &SearchLimits) -> bool {
    helper.best_move.is_some()
        && helper.depth > best.depth
        && limits.depth.is_none_or(|limit| helper.depth <= limit)
}
// ANCHOR_END: deeper

/// An observer for a helper: adds the nodes of each iteration it completes to `total`.
pub(crate) fn count_nodes(total: Arc<AtomicU64>) -> IterationObserver {
    let mut counted = 0;
    Box::new(move |iteration: &Iteration| {
        total.fetch_add(iteration.nodes - counted, Ordering::Relaxed);
        counted = iteration.nodes;
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::Score;

    fn result(depth: Depth, best_move: Option<u8>) -> SearchResult<u8> {
        SearchResult {
            best_move,
            score: Score(0),
            pv: best_move.into_iter().collect(),
            depth,
            stats: Default::default(),
            time: Default::default(),
            iterations: Vec::new(),
        }
    }

    #[test]
    fn the_deepest_completed_iteration_is_played_within_the_depth_limit() {
        let (main, helper) = (result(6, Some(1)), result(7, Some(2)));
        let timed = SearchLimits::movetime(std::time::Duration::from_millis(100));
        assert!(deeper(&helper, &main, &timed));
        assert!(!deeper(&main, &helper, &timed), "shallower");
        assert!(
            !deeper(&result(6, Some(2)), &main, &timed),
            "a tie is the main thread's"
        );
        assert!(!deeper(&result(7, None), &main, &timed), "no move");
        assert!(
            !deeper(&helper, &main, &SearchLimits::depth(6)),
            "past the depth asked"
        );
        assert!(deeper(&helper, &main, &SearchLimits::depth(8)));
    }
}
