// Exercise `cached`: the transposition table: the probe's cut-off, the store with its bound, mate scores by ply.
//
// Write the parts marked `todo!()`, then: searchlab exercise check cached
// Stuck? searchlab exercise hint cached (one hint at a time).
// The solution is the rung itself: crates/engine/src/search/cached.rs and
// crates/engine/src/tt.rs. (Generated from crates/engine/src/search/cached.rs and
// crates/engine/src/tt.rs by `searchlab exercise skeletons`; work in your own copy,
// exercises/mine/cached.rs, which the commands make on first use.)

// Hidden here, so that this file shows no other exercise's answer: iterative's line. Each is
// one line, exercise_answer!(EXERCISE, PART), which the grader replaces by the rung's own code;
// write your own in its place if you like.

//! # Stage 4: the cached engine (a transposition table)
//!
//! Iterative deepening searches the same positions again and again: every iteration repeats
//! the one before, one ply deeper, and within one iteration different move orders reach the
//! same position (`1.Nf3 Nf6 2.Nc3` and `1.Nc3 Nf6 2.Nf3`). This stage remembers what it
//! learned about each position in a [`TranspositionTable`] and uses it in two ways:
//!
//! 1. **Cut-offs.** If the table has the position searched at least as deep as needed, its
//!    score can answer the node outright: an exact score always, a lower bound if it is
//!    already `>= beta`, an upper bound if it is already `<= alpha`.
//! 2. **Move ordering.** Otherwise, the stored best move is tried first. Between iterations
//!    this is what makes deepening pay: the shallower search's best move at *every* node it
//!    visited, not only along the principal variation, is tried first in the deeper one.
//!
//! **Invariant, and where it bends:** the score at each depth equals iterative deepening's,
//! *unless* the table supplies an answer the plain search would not have computed. Two cases:
//! - *deeper entries*: a position searched deeper (via another path, or in an earlier search)
//!   answers a shallower node with a better-informed score;
//! - *graph history interaction*: the key says nothing about how a position was reached, but a
//!   repetition draw or the 50-move rule depend on exactly that, so a score stored via one path
//!   can be reused on another where it does not hold.
//!
//! Neither can happen inside one search of depth 4 or less from a fresh table, which is the
//! rule the ladder test holds this stage to: exactly iterative's score at depths 1 to 4. A
//! position can recur at two remaining depths only an even number of plies apart, at least two:
//! each side reaching in two moves a square the other path reaches in one (Qd1–d2–d3 for
//! Qd1–d3, and the same for the other side). Within depth 4 the later occurrence is then at
//! ply 4, a leaf, which is evaluated and never looked up. A repetition needs four plies, both
//! sides returning, and within depth 4 every path that meets it shares the position repeated
//! (the root). At depth 5 both bend: a position stored at ply 2 with three plies to go can
//! answer the same position at ply 4 with one to go, and a line repeating the position at
//! ply 1 is a draw on one path and not on another. (The book's chapter on move ordering shows
//! a position where a deeper entry changes a depth-5 score.)
//! **Cost:** a fixed amount of memory (the `Hash` option, in MB), and a probe per node.

use searchlab::game::Game;
use searchlab::limits::SearchLimits;
use searchlab::score::{Depth, Ply, Score};
use searchlab::search::deepening::{deepen, Deepening, IterativeStage, DEFAULT_DEPTH};
use searchlab::search::engine::{move_to_front, Engine, IterationObserver};
use searchlab::stats::SearchResult;
use self::tt::{Bound, Probe, TranspositionTable};

/// The name of this engine: on the command line, in UCI's `Stage` option, in the tables.
pub const NAME: &str = "cached";

/// Iterative deepening with a transposition table.
pub struct Cached<G: Game> {
    state: Deepening<G::Move>,
    /// What earlier searches learned, by position.
    tt: TranspositionTable<G::Move>,
}

impl<G: Game> Cached<G> {
    /// A new cached engine with a transposition table of about `megabytes` MB.
    pub fn new(megabytes: usize) -> Cached<G> {
        Cached {
            state: Deepening::new(),
            tt: TranspositionTable::new(megabytes),
        }
    }

    /// The table's move first; on the previous principal variation, its move goes first.
    fn order_moves(&mut self, moves: &mut [G::Move], ply: Ply, tt_move: Option<G::Move>) {
        if let Some(mv) = tt_move {
            move_to_front(moves, mv);
        }
        self.state.pv_move_first(moves, ply);
    }
}

impl<G: Game> IterativeStage<G> for Cached<G> {
    fn deepening(&mut self) -> &mut Deepening<G::Move> {
        &mut self.state
    }

    /// The table's entries become older (see the replacement policy in [`TranspositionTable`]).
    fn start_search(&mut self) {
        self.tt.new_search();
    }

    /// Iterative deepening's alpha-beta, plus: look the position up first, and store what the
    /// search found at the end.
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
        let mut moves = game.legal_moves();
        self.order_moves(&mut moves, ply, tt_move);
        let mut best = -Score::INFINITE;
        let mut best_move = None;
        let mut child_pv = Vec::new();
        for (tried, mv) in moves.into_iter().enumerate() {
            game.play(mv);
            let score = -self.alphabeta(game, depth - 1, ply + 1, -beta, -alpha, &mut child_pv);
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
                break;
            }
        }
        if !self.state.counter.stopped() {
            todo!("exercise cached: write the part 'store'")
        }
        best
    }
}

impl<G: Game> Engine<G> for Cached<G> {
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
    }

    fn set_hash_size(&mut self, megabytes: usize) {
        self.tt = TranspositionTable::new(megabytes);
    }

    fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }
}

// --------------------------------------------------------------------------------------------
// The shared machinery this exercise takes in: crates/engine/src/tt.rs, as the module `tt` (the
// code above uses it as `self::tt`).
// --------------------------------------------------------------------------------------------

pub mod tt {
    //! The transposition table: a fixed-size memory of positions already searched.
    //!
    //! Different move orders often reach the same position (a *transposition*), and iterative
    //! deepening searches the same positions again one ply deeper. The table stores, per
    //! position, what the last search of it learned, so that it need not be learned again:
    //!
    //! - the **depth** it was searched to,
    //! - the **score** and what kind of score it is, the [`Bound`]: alpha-beta returns an exact
    //!   value only inside its window; a fail-high gives a lower bound, a fail-low an upper one,
    //! - the **best move** found, tried first the next time the position comes up.
    //!
    //! The table has a fixed size set in megabytes. A position's 64-bit key picks its slot;
    //! the full key is stored too, so a different position that lands in the same slot is
    //! recognised as such.
    //!
    //! **Replacement policy: depth-preferred, with aging.** When a slot is taken, the new entry
    //! replaces the old one if it is for the same position, or searched at least as deep, or the
    //! old entry is from an earlier search. Deep entries are the expensive ones (an entry at
    //! depth 6 stands for thousands of nodes, one at depth 1 for a few dozen), so they are kept
    //! against shallower newcomers; but an entry from a search for an earlier move of the game is
    //! probably never needed again, and without aging such entries would fill the table for good.
    //!
    //! Mate scores are stored relative to the node, not the root ([`Score::to_tt`]).
    //!
    //! **Two words a slot.** An [`Entry`] is packed into two 64-bit words: its data (move, score,
    //! depth, bound, generation) in bit fields, and the key. So a slot is 16 bytes, and an empty
    //! table is all zeros, which the operating system hands out lazily: asking for 4 GB costs
    //! nothing until the search writes there. (A table of `Option<Entry>` would have to be filled
    //! slot by slot, for seconds.) A zero bound field marks an empty slot, so even a position whose
    //! key is 0 is never mistaken for one. Moves are packed by their game ([`TableMove`]).
    //!
    //! **Shared between threads, without a lock.** The parallel stage (stage 9) has several
    //! threads search with one table, so [`store`](TranspositionTable::store) and
    //! [`probe`](TranspositionTable::probe) take `&self`, and the words are atomics. Each word is
    //! read and written whole, but a slot is two words: two threads storing into the same slot at
    //! once can leave one's key beside the other's data, a *torn* entry whose move may not even be
    //! legal in the position. So the key is stored XORed with the data (`key ^ data`), and a probe
    //! XORs the two words back: a whole entry gives back its key, a torn one gives a key nobody
    //! asked for, and the probe misses. No lock, and no wrong entry trusted (the XOR trick of
    //! Hyatt and Mann). The loads and stores are `Relaxed`: on x86 they are the plain moves a
    //! table of `u64`s compiles to, so one thread searches exactly as fast, and exactly as before.
    use searchlab::score::{Depth, Ply, Score};
    use searchlab::stats::SearchStats;
    use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

    /// What a stored score means.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Bound {
        /// The exact value: the search of this position ended inside its window.
        Exact,
        /// At least this much: a move failed high (scored `>= beta`), the rest were skipped.
        Lower,
        /// At most this much: every move failed low (scored `<= alpha`).
        Upper,
    }

    impl Bound {
        /// What a fail-soft search's result `best` is, given the window `(alpha, beta)` it searched:
        /// at most `alpha`, every move failed low and `best` is only an upper bound; at least
        /// `beta`, a move failed high, the rest were skipped, and `best` is only a lower bound;
        /// in between, the exact value.
        #[inline]
        pub fn of(best: Score, alpha: Score, beta: Score) -> Bound {
            if best <= alpha {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            }
        }
    }

    /// One remembered position.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Entry<M> {
        /// The position's full 64-bit key.
        pub key: u64,
        /// The best (or refuting) move found, if any.
        pub best_move: Option<M>,
        /// The score, node-relative for mates.
        pub score: Score,
        /// The depth the position was searched to.
        pub depth: Depth,
        /// Whether `score` is exact or a bound.
        pub bound: Bound,
        /// The search (counted by [`TranspositionTable::new_search`]) that wrote this entry.
        generation: u8,
    }

    impl<M> Entry<M> {
        /// The entry's score, as seen `ply` plies from the root, if it answers outright a node
        /// `depth` plies from the horizon searched with the window `(alpha, beta)`: it must have
        /// been searched at least as deep, and be exact, or a bound already outside the window (a
        /// lower bound `>= beta`, an upper bound `<= alpha`). Otherwise `None`: search the node.
        #[inline]
        pub fn cutoff(&self, depth: Depth, ply: Ply, alpha: Score, beta: Score) -> Option<Score> {
            todo!("exercise cached: write the part 'cutoff'")
        }
    }

    impl<M> Entry<M> {
        /// Whether this new entry takes the slot that holds `old` (or nothing): the replacement
        /// policy, depth-preferred with aging. It does if the old entry is for the same position,
        /// or was searched no deeper than this one, or was written by an earlier search.
        pub fn replaces(&self, old: Option<&Entry<M>>) -> bool {
            match old {
                None => true,
                Some(old) => {
                    old.key == self.key || self.depth >= old.depth || old.generation != self.generation
                }
            }
        }
    }

    /// What the table tells a node before it is searched.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Probe<M> {
        /// An entry answers the node outright ([`Entry::cutoff`]): return this score.
        Cutoff(Score),
        /// Search the node, trying this move first: the entry's best move, if there is an entry.
        Search(Option<M>),
    }

    pub use searchlab::tt::TableMove;

    /// One slot as its two words: the key XORed with the data, and the packed data (see [`pack`]).
    /// All zeros is an empty slot.
    type Slot = [AtomicU64; 2];

    /// A fixed-size hash table of [`Entry`]s, one per slot, which threads may share (behind an
    /// `Arc`): every method but [`clear`](TranspositionTable::clear) takes `&self`.
    #[derive(Debug)]
    pub struct TranspositionTable<M> {
        slots: Box<[Slot]>,
        generation: AtomicU8,
        moves: std::marker::PhantomData<M>,
    }

    /// Bit positions of the fields in a slot's data word.
    const SCORE_SHIFT: u32 = 16;
    const DEPTH_SHIFT: u32 = 32;
    const BOUND_SHIFT: u32 = 40;
    const GENERATION_SHIFT: u32 = 48;

    /// A zeroed table of `count` (at least 1) slots: the allocator asks the operating system for
    /// zeroed pages, which cost nothing until written.
    fn zeroed_slots(count: usize) -> Box<[Slot]> {
        let layout = std::alloc::Layout::array::<Slot>(count.max(1)).expect("a table that fits memory");
        // SAFETY: the layout has a non-zero size (at least one slot). All-zero bits are a valid
        // `AtomicU64` (the value 0), so the zeroed memory is `count` valid slots, and the box frees
        // it with the same layout (that of a slice of `count` slots) it was allocated with.
        unsafe {
            let memory = std::alloc::alloc_zeroed(layout).cast::<Slot>();
            if memory.is_null() {
                std::alloc::handle_alloc_error(layout);
            }
            Box::from_raw(std::ptr::slice_from_raw_parts_mut(memory, count.max(1)))
        }
    }

    impl<M: TableMove> TranspositionTable<M> {
        /// A table using about `megabytes` of memory (at least one slot).
        pub fn new(megabytes: usize) -> TranspositionTable<M> {
            let count = (megabytes * 1024 * 1024 / std::mem::size_of::<Slot>()).max(1);
            TranspositionTable::with_capacity(count)
        }

        /// An empty table of `count` slots (at least 1).
        pub fn with_capacity(count: usize) -> TranspositionTable<M> {
            TranspositionTable {
                slots: zeroed_slots(count.max(1)),
                generation: AtomicU8::new(0),
                moves: std::marker::PhantomData,
            }
        }

        /// How many entries the table can hold: its number of slots (at least 1).
        pub fn capacity(&self) -> usize {
            self.slots.len()
        }

        /// Empties the table (with fresh zeroed memory, as fast as a new table).
        pub fn clear(&mut self) {
            self.slots = zeroed_slots(self.slots.len());
            self.generation = AtomicU8::new(0);
        }

        /// Marks the start of a new search: older entries become fair game for replacement.
        pub fn new_search(&self) {
            self.generation.fetch_add(1, Ordering::Relaxed);
        }

        /// Asks the processor to start loading the slot for `key` into its cache, without waiting:
        /// a table much larger than the cache misses on nearly every probe, and a search that
        /// knows the next key early (right after playing a move) can hide the wait behind the work
        /// it does before probing. A hint only: nothing changes but the time.
        #[inline]
        pub fn prefetch(&self, key: u64) {
            #[cfg(target_arch = "x86_64")]
            {
                use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                let slot = self.slots[self.index(key)].as_ptr();
                // SAFETY: prefetching is a hint that never faults, and the pointer is to a slot
                // of the table, in bounds.
                unsafe { _mm_prefetch(slot.cast::<i8>(), _MM_HINT_T0) };
            }
            #[cfg(not(target_arch = "x86_64"))]
            let _ = key;
        }

        /// The entry for the position with `key`, if the table holds one.
        pub fn probe(&self, key: u64) -> Option<Entry<M>> {
            self.read(self.index(key)).filter(|entry| entry.key == key)
        }

        /// The entry in slot `index`, if any. The key comes back only if the two words were
        /// written together: see the module docs.
        fn read(&self, index: usize) -> Option<Entry<M>> {
            let [keyed, data] = &self.slots[index];
            read_words([keyed.load(Ordering::Relaxed), data.load(Ordering::Relaxed)])
        }

        /// Writes `entry` into slot `index`: the data, and the key XORed with it.
        fn write(&self, index: usize, entry: Entry<M>) {
            let (key, data) = pack(entry);
            let [keyed, data_word] = &self.slots[index];
            data_word.store(data, Ordering::Relaxed);
            keyed.store(key ^ data, Ordering::Relaxed);
        }

        /// Remembers a search result, if the replacement policy ([`Entry::replaces`]) lets it
        /// take its slot.
        pub fn store(&self, key: u64, depth: Depth, score: Score, bound: Bound, best_move: Option<M>) {
            let entry = Entry {
                key,
                best_move,
                score,
                depth,
                bound,
                generation: self.generation.load(Ordering::Relaxed),
            };
            let index = self.index(key);
            if entry.replaces(self.read(index).as_ref()) {
                self.write(index, entry);
            }
        }

        /// How full the table is, in permille, counting entries of the current search among the
        /// first thousand slots (what UCI's `info hashfull` reports).
        pub fn hashfull(&self) -> u32 {
            let sample = self.slots.len().min(1000);
            let generation = self.generation.load(Ordering::Relaxed);
            let used = (0..sample)
                .filter(|&index| self.read(index).is_some_and(|e| e.generation == generation))
                .count();
            (used * 1000 / sample.max(1)) as u32
        }

        /// The slot for `key`. The key is first scrambled (multiplied by 2^64 divided by the golden
        /// ratio, "Fibonacci hashing") so that small keys, like tic-tac-toe's base-3 board numbers,
        /// spread over the whole table too; then its high bits are scaled to the table size (a
        /// multiply and a shift, no division, so any size works).
        fn index(&self, key: u64) -> usize {
            let scrambled = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            ((scrambled as u128 * self.slots.len() as u128) >> 64) as usize
        }
    }

    /// The probe every stage with a table makes at a node, before searching it.
    impl<M: TableMove> TranspositionTable<M> {
        /// Looks up a node before searching it: the position with `key`, `depth` plies from the
        /// horizon and `ply` from the root, to be searched with the window `(alpha, beta)`.
        /// Counts in `stats` what it found: a hit (`tt_hits`), and a hit that answered the node
        /// (`tt_cutoffs`).
        #[inline]
        pub fn probe_node(
            &self,
            key: u64,
            depth: Depth,
            ply: Ply,
            (alpha, beta): (Score, Score),
            stats: &mut SearchStats,
        ) -> Probe<M> {
            let Some(entry) = self.probe(key) else {
                return Probe::Search(None);
            };
            stats.tt_hits += 1;
            match entry.cutoff(depth, ply, alpha, beta) {
                Some(score) => {
                    stats.tt_cutoffs += 1;
                    Probe::Cutoff(score)
                }
                None => Probe::Search(entry.best_move),
            }
        }
    }

    /// The two words a slot holds for this entry (generation 0): the key XORed with the data,
    /// and the data. What [`TranspositionTable::store`] writes, as plain numbers, to look at.
    pub fn slot_words<M: TableMove>(
        key: u64,
        depth: Depth,
        score: Score,
        bound: Bound,
        best_move: Option<M>,
    ) -> [u64; 2] {
        let (key, data) = pack(Entry {
            key,
            best_move,
            score,
            depth,
            bound,
            generation: 0,
        });
        [key ^ data, data]
    }

    /// The entry two slot words hold, as [`TranspositionTable::probe`] reads them: the key is the
    /// first word XORed with the second. `None` for an empty slot. Words from two different
    /// entries (a torn write) give back a key that is neither entry's.
    pub fn read_words<M: TableMove>([keyed, data]: [u64; 2]) -> Option<Entry<M>> {
        unpack(keyed ^ data, data)
    }

    /// An entry as its key and its data word.
    fn pack<M: TableMove>(entry: Entry<M>) -> (u64, u64) {
        let bound = match entry.bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        // Scores fit in 16 bits (|score| <= Score::INFINITE = 32,000); depths in 8 (<= MAX_DEPTH).
        let data = u64::from(entry.best_move.map_or(0, TableMove::pack))
            | u64::from(entry.score.0 as i16 as u16) << SCORE_SHIFT
            | u64::from(entry.depth.min(255) as u8) << DEPTH_SHIFT
            | bound << BOUND_SHIFT
            | u64::from(entry.generation) << GENERATION_SHIFT;
        (entry.key, data)
    }

    /// The entry with `key` and `data`, or `None` for an empty slot.
    fn unpack<M: TableMove>(key: u64, data: u64) -> Option<Entry<M>> {
        let bound = match (data >> BOUND_SHIFT) & 3 {
            0 => return None,
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        let bits = data as u16;
        Some(Entry {
            key,
            best_move: (bits != 0).then(|| M::unpack(bits)),
            score: Score(i32::from((data >> SCORE_SHIFT) as u16 as i16)),
            depth: Depth::from((data >> DEPTH_SHIFT) as u8),
            bound,
            generation: (data >> GENERATION_SHIFT) as u8,
        })
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        impl TableMove for u8 {
            fn pack(self) -> u16 {
                u16::from(self) + 1
            }
            fn unpack(bits: u16) -> u8 {
                (bits - 1) as u8
            }
        }

        #[test]
        fn store_probe_and_replace() {
            let tt: TranspositionTable<u8> = TranspositionTable::new(1);
            assert!(tt.capacity() > 10_000);
            let key = 0x1234_5678_9abc_def0;
            assert_eq!(tt.probe(key), None);
            tt.store(key, 5, Score(40), Bound::Exact, Some(7));
            let e = tt.probe(key).unwrap();
            assert_eq!(
                (e.depth, e.score, e.bound, e.best_move),
                (5, Score(40), Bound::Exact, Some(7))
            );
            // A different key in the same slot does not match...
            let tt1: TranspositionTable<u8> = TranspositionTable::new(0);
            assert_eq!(tt1.capacity(), 1);
            tt1.store(1, 6, Score(1), Bound::Lower, None);
            assert_eq!(tt1.probe(2), None);
            // ...and a shallower entry for it does not replace the deeper one,
            tt1.store(2, 3, Score(2), Bound::Upper, None);
            assert_eq!(tt1.probe(1).unwrap().depth, 6);
            // unless the deep one is from an earlier search.
            tt1.new_search();
            tt1.store(2, 3, Score(2), Bound::Upper, None);
            assert_eq!(tt1.probe(2).unwrap().depth, 3);
            assert_eq!(tt1.hashfull(), 1000);
        }

        #[test]
        fn the_replacement_policy_prefers_depth_and_ages() {
            let entry = |key, depth, generation| Entry::<u8> {
                key,
                best_move: None,
                score: Score(0),
                depth,
                bound: Bound::Exact,
                generation,
            };
            let old = entry(1, 6, 0);
            assert!(
                entry(2, 3, 0).replaces(None),
                "an empty slot takes anything"
            );
            assert!(entry(1, 3, 0).replaces(Some(&old)), "the same position");
            assert!(entry(2, 6, 0).replaces(Some(&old)), "as deep");
            assert!(
                !entry(2, 5, 0).replaces(Some(&old)),
                "shallower, same search"
            );
            assert!(
                entry(2, 5, 1).replaces(Some(&old)),
                "the old one is from an earlier search"
            );
        }

        #[test]
        fn a_result_is_classified_by_the_window_it_was_searched_with() {
            let (alpha, beta) = (Score(-10), Score(10));
            assert_eq!(Bound::of(Score(-10), alpha, beta), Bound::Upper);
            assert_eq!(Bound::of(Score(-50), alpha, beta), Bound::Upper);
            assert_eq!(Bound::of(Score(-9), alpha, beta), Bound::Exact);
            assert_eq!(Bound::of(Score(9), alpha, beta), Bound::Exact);
            assert_eq!(Bound::of(Score(10), alpha, beta), Bound::Lower);
            assert_eq!(Bound::of(Score(50), alpha, beta), Bound::Lower);
        }

        #[test]
        fn an_entry_answers_a_node_only_deep_enough_and_outside_the_window() {
            let entry = |score, depth, bound| Entry::<u8> {
                key: 1,
                best_move: Some(3),
                score: Score(score),
                depth,
                bound,
                generation: 0,
            };
            let (alpha, beta) = (Score(0), Score(100));
            // Exact: always, if deep enough.
            assert_eq!(
                entry(40, 5, Bound::Exact).cutoff(5, 0, alpha, beta),
                Some(Score(40))
            );
            assert_eq!(entry(40, 5, Bound::Exact).cutoff(6, 0, alpha, beta), None);
            // A lower bound at beta or above; an upper bound at alpha or below.
            assert_eq!(
                entry(100, 5, Bound::Lower).cutoff(3, 0, alpha, beta),
                Some(Score(100))
            );
            assert_eq!(entry(99, 5, Bound::Lower).cutoff(3, 0, alpha, beta), None);
            assert_eq!(
                entry(0, 5, Bound::Upper).cutoff(3, 0, alpha, beta),
                Some(Score(0))
            );
            assert_eq!(entry(1, 5, Bound::Upper).cutoff(3, 0, alpha, beta), None);
            // A mate is stored from the node, and read back from the ply it is found at.
            let mate = Score::mated_in(3).to_tt(2);
            let found = entry(mate.0, 9, Bound::Exact).cutoff(1, 2, alpha, beta);
            assert_eq!(found, Some(Score::mated_in(3)));
        }

        #[test]
        fn a_probe_counts_hits_and_cutoffs() {
            let tt: TranspositionTable<u8> = TranspositionTable::new(1);
            let mut stats = SearchStats::default();
            let window = (Score(0), Score(100));
            assert_eq!(
                tt.probe_node(7, 2, 0, window, &mut stats),
                Probe::Search(None)
            );
            tt.store(7, 2, Score(50), Bound::Exact, Some(4));
            assert_eq!(
                tt.probe_node(7, 3, 0, window, &mut stats),
                Probe::Search(Some(4))
            );
            assert_eq!(
                tt.probe_node(7, 2, 0, window, &mut stats),
                Probe::Cutoff(Score(50))
            );
            assert_eq!((stats.tt_hits, stats.tt_cutoffs), (2, 1));
        }

        #[test]
        fn a_slot_packs_every_field_and_zero_is_empty() {
            let mut tt: TranspositionTable<u8> = TranspositionTable::new(1);
            // Key 0 (tic-tac-toe's empty board) is not mistaken for the zeroed, empty slots.
            assert_eq!(tt.probe(0), None);
            assert_eq!(tt.hashfull(), 0);
            for (score, bound, mv) in [
                (Score::INFINITE, Bound::Lower, Some(0)),
                (-Score::INFINITE, Bound::Upper, Some(255)),
                (Score(-1), Bound::Exact, None),
            ] {
                tt.new_search();
                tt.store(0, 64, score, bound, mv);
                let e = tt.probe(0).unwrap();
                assert_eq!(
                    (e.key, e.depth, e.score, e.bound, e.best_move),
                    (0, 64, score, bound, mv)
                );
            }
            tt.clear();
            assert_eq!(tt.probe(0), None);
        }

        #[test]
        fn a_torn_entry_is_never_trusted() {
            // Two threads store into one slot (a table of one slot) at the same time: thread A
            // wrote its data and key, then thread B wrote its data word but not yet its key.
            let tt: TranspositionTable<u8> = TranspositionTable::new(0);
            let (a, b) = (0xAAAA_0000_1111_2222, 0xBBBB_0000_3333_4444);
            tt.store(a, 7, Score(100), Bound::Exact, Some(1));
            let (_, b_data) = pack::<u8>(Entry {
                key: b,
                best_move: Some(9),
                score: Score(-300),
                depth: 2,
                bound: Bound::Lower,
                generation: 0,
            });
            tt.slots[0][1].store(b_data, Ordering::Relaxed);
            // A's key beside B's data: neither A nor B finds an entry.
            assert_eq!(tt.probe(a), None);
            assert_eq!(tt.probe(b), None);
            // Once B's key word is written too, B's entry is whole again.
            tt.slots[0][0].store(b ^ b_data, Ordering::Relaxed);
            let e = tt.probe(b).unwrap();
            assert_eq!((e.score, e.depth, e.best_move), (Score(-300), 2, Some(9)));
            assert_eq!(tt.probe(a), None);
        }

        #[test]
        fn slot_words_show_the_xor() {
            let a = slot_words::<u8>(1234, 5, Score(40), Bound::Exact, Some(7));
            let b = slot_words::<u8>(9876, 2, Score(-8), Bound::Upper, None);
            assert_eq!(a[0] ^ a[1], 1234);
            let entry = read_words::<u8>(a).unwrap();
            assert_eq!(
                (entry.key, entry.depth, entry.best_move),
                (1234, 5, Some(7))
            );
            let torn = read_words::<u8>([a[0], b[1]]).unwrap();
            assert!(torn.key != 1234 && torn.key != 9876);
            assert_eq!(read_words::<u8>([0, 0]), None);
        }

        #[test]
        fn threads_share_a_table() {
            // Four threads store and probe the same keys in a small table as fast as they can:
            // every entry found is one some thread stored for that key, never a mix.
            let tt: std::sync::Arc<TranspositionTable<u8>> =
                std::sync::Arc::new(TranspositionTable::with_capacity(64));
            std::thread::scope(|scope| {
                for thread in 0..4u64 {
                    let tt = &tt;
                    scope.spawn(move || {
                        for i in 0..200_000u64 {
                            let key = (i * 7 + thread) % 500;
                            // Every field is a function of the key, whoever wrote it.
                            let depth = (key % 50) as Depth;
                            tt.store(key, depth, Score(key as i32), Bound::Exact, Some(key as u8));
                            if let Some(e) = tt.probe(key ^ 1) {
                                let k = key ^ 1;
                                assert_eq!((e.depth, e.score), ((k % 50) as Depth, Score(k as i32)));
                                assert_eq!(e.best_move, Some(k as u8));
                            }
                        }
                    });
                }
            });
        }

        #[test]
        fn every_chess_move_packs_and_unpacks() {
            use searchlab::games::Chess;
            use searchlab::Game;
            // Castling, en passant, and all four promotions, with and without capture.
            for fen in [
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
                "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
            ] {
                let game = Chess::from_fen(fen).unwrap();
                for mv in game.legal_moves() {
                    assert_ne!(mv.pack(), 0, "{mv}");
                    assert_eq!(chess::ChessMove::unpack(mv.pack()), mv);
                }
            }
        }
    }
}
