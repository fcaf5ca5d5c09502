//! # The searchers of a parallel search
//!
//! Both parallel searches, root splitting ([`RootSplit`](super::RootSplit)) and Lazy SMP
//! ([`LazySmp`](super::LazySmp), stage 9), run one [`Selective`] searcher per thread: the
//! *main* one, on the thread that was asked to search, and a *helper* for each other thread.
//! Each searcher keeps its own killers, history, evaluation cache and counters, which are
//! touched at every node and would be slow to share; all of them share one
//! [`TranspositionTable`], which is how the threads learn from each other (and why the table
//! is lock-free: see [`crate::tt`]).
//!
//! [`Searchers`] keeps them in step: a helper is made with the main searcher's table and its
//! switches and network, a new game or a new table size reaches all of them, and a new search ages the
//! table once, not once per thread.

use crate::eval::network::Network;
use crate::game::{Evaluator, Game};
use crate::search::engine::Engine;
use crate::search::selective::Selective;
use crate::tt::TranspositionTable;
use std::sync::Arc;

/// Stops the helpers when dropped: at the end of the main thread's search, or as a panic in it
/// unwinds (without this, a scope would wait forever for helpers that have no limit).
pub(crate) struct StopOnDrop<'a>(pub(crate) &'a crate::limits::StopFlag);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.stop();
    }
}

/// The most threads a search may use (the UCI option's maximum). A browser page
/// (`wasm32-unknown-unknown`) has no threads to start: there every search is on one.
pub const MAX_THREADS: usize = if cfg!(all(target_arch = "wasm32", target_os = "unknown")) {
    1
} else {
    256
};

/// One searcher per thread, sharing one transposition table.
pub struct Searchers<G: Game, E: Evaluator<G> = <G as Game>::Evaluator> {
    /// The main thread's searcher: it keeps the clock and decides the move.
    pub main: Selective<G, E>,
    /// One searcher for each other thread.
    pub helpers: Vec<Selective<G, E>>,
    /// The switches set so far, in order, to set on helpers made later.
    switched: Vec<(String, bool)>,
    /// The network set, if any, to set on helpers made later.
    network: Option<Arc<Network>>,
}

impl<G: Game, E: Evaluator<G>> Searchers<G, E> {
    /// One searcher, with a table of about `megabytes` MB.
    pub fn new(megabytes: usize) -> Searchers<G, E> {
        Searchers {
            main: Selective::new(megabytes),
            helpers: Vec::new(),
            switched: Vec::new(),
            network: None,
        }
    }

    /// How many threads search: the main one and the helpers.
    pub fn threads(&self) -> usize {
        1 + self.helpers.len()
    }

    /// Searches on `threads` threads (1 to [`MAX_THREADS`]) from now on.
    pub fn set_threads(&mut self, threads: usize) {
        let helpers = threads.clamp(1, MAX_THREADS) - 1;
        self.helpers.truncate(helpers);
        while self.helpers.len() < helpers {
            let mut helper = Selective::new(0);
            for (name, on) in &self.switched {
                helper.switch(name, *on);
            }
            if let Some(network) = &self.network {
                helper.set_network(network);
            }
            self.helpers.push(helper);
        }
        self.share_table();
    }

    /// The shared table.
    pub fn table(&self) -> &Arc<TranspositionTable<G::Move>> {
        self.main.table()
    }

    /// Gives every helper the main searcher's table. Alone, the main searcher ages its table
    /// at every search, exactly as stage 8 does; with helpers, the parallel search does it
    /// (once, before the threads start: see [`Searchers::start_search`]).
    fn share_table(&mut self) {
        let table = self.main.table().clone();
        let alone = self.helpers.is_empty();
        self.main.share_table(table.clone(), alone);
        for helper in &mut self.helpers {
            helper.share_table(table.clone(), false);
        }
    }

    /// Called as a search starts, with helpers: the table's entries become older, once.
    pub fn start_search(&mut self) {
        if !self.helpers.is_empty() {
            self.table().new_search();
        }
    }

    /// A new game: every searcher forgets, and all share one empty table.
    pub fn new_game(&mut self) {
        for helper in &mut self.helpers {
            helper.share_table(Arc::new(TranspositionTable::new(0)), false);
            helper.new_game();
        }
        self.main.new_game();
        self.share_table();
    }

    /// A new table of about `megabytes` MB, for all.
    pub fn set_hash_size(&mut self, megabytes: usize) {
        self.main.set_hash_size(megabytes);
        self.share_table();
    }

    /// Switches a part on or off in every searcher, now and in helpers made later.
    pub fn switch(&mut self, name: &str, on: bool) -> bool {
        if !self.main.switch(name, on) {
            return false;
        }
        for helper in &mut self.helpers {
            helper.switch(name, on);
        }
        self.switched.push((name.to_string(), on));
        true
    }

    /// Gives every searcher's evaluation `network`, now and in helpers made later; `false` if
    /// the evaluation has no network.
    pub fn set_network(&mut self, network: &Arc<Network>) -> bool {
        if !self.main.set_network(network) {
            return false;
        }
        for helper in &mut self.helpers {
            helper.set_network(network);
        }
        self.network = Some(network.clone());
        true
    }
}

/// The [`Engine`] methods a parallel search with a field `searchers: Searchers<G>` passes on to
/// it: a new game, the table's size and fill, the threads, the switches, the network. Written once here, for
/// [`LazySmp`](super::LazySmp) and [`RootSplit`](super::RootSplit) alike. Private to the crate:
/// it is how two engines are written, not something a user of the crate calls.
macro_rules! engine_methods_of_searchers {
    () => {
        fn new_game(&mut self) {
            self.searchers.new_game();
        }

        fn set_hash_size(&mut self, megabytes: usize) {
            self.searchers.set_hash_size(megabytes);
        }

        fn hashfull(&self) -> u32 {
            self.searchers.table().hashfull()
        }

        fn set_threads(&mut self, threads: usize) -> bool {
            self.searchers.set_threads(threads);
            true
        }

        fn threads(&self) -> usize {
            self.searchers.threads()
        }

        fn switch(&mut self, name: &str, on: bool) -> bool {
            self.searchers.switch(name, on)
        }

        fn set_network(
            &mut self,
            network: &std::sync::Arc<$crate::eval::network::Network>,
        ) -> bool {
            self.searchers.set_network(network)
        }
    };
}
pub(crate) use engine_methods_of_searchers;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Chess;

    /// Every helper searches with the main searcher's very table.
    fn all_share(searchers: &Searchers<Chess>) -> bool {
        let main = searchers.table();
        searchers
            .helpers
            .iter()
            .all(|helper| Arc::ptr_eq(helper.table(), main))
    }

    #[test]
    fn every_thread_shares_one_table_through_every_change() {
        let mut searchers: Searchers<Chess> = Searchers::new(1);
        searchers.set_threads(3);
        assert_eq!((searchers.threads(), searchers.helpers.len()), (3, 2));
        assert!(all_share(&searchers));
        let before = searchers.table().clone();
        searchers.new_game();
        assert!(all_share(&searchers));
        searchers.set_hash_size(2);
        assert!(all_share(&searchers));
        assert!(!Arc::ptr_eq(searchers.table(), &before), "a new table");
        searchers.set_threads(5);
        assert!(all_share(&searchers));
        searchers.set_threads(1);
        assert!(searchers.helpers.is_empty());
    }
}
