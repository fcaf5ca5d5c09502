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

use crate::score::{Depth, Score};

// ANCHOR: bound
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
// ANCHOR_END: bound

// ANCHOR: entry
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
// ANCHOR_END: entry

/// A fixed-size hash table of [`Entry`]s, one per slot.
#[derive(Clone, Debug)]
pub struct TranspositionTable<M> {
    slots: Vec<Option<Entry<M>>>,
    generation: u8,
}

impl<M: Copy> TranspositionTable<M> {
    /// A table using about `megabytes` of memory (at least one slot).
    pub fn new(megabytes: usize) -> TranspositionTable<M> {
        let slot_size = std::mem::size_of::<Option<Entry<M>>>();
        let count = (megabytes * 1024 * 1024 / slot_size).max(1);
        TranspositionTable {
            slots: vec![None; count],
            generation: 0,
        }
    }

    /// How many entries the table can hold: its number of slots (at least 1).
    pub fn capacity(&self) -> usize {
        self.slots.len()
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.slots.fill(None);
        self.generation = 0;
    }

    /// Marks the start of a new search: older entries become fair game for replacement.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// The entry for the position with `key`, if the table holds one.
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.slots[self.index(key)].filter(|entry| entry.key == key)
    }

    // ANCHOR: replace
    /// Remembers a search result, subject to the replacement policy (see the module docs).
    pub fn store(
        &mut self,
        key: u64,
        depth: Depth,
        score: Score,
        bound: Bound,
        best_move: Option<M>,
    ) {
        let generation = self.generation;
        let index = self.index(key);
        let slot = &mut self.slots[index];
        let replace = match slot {
            None => true,
            Some(old) => old.key == key || depth >= old.depth || old.generation != generation,
        };
        if replace {
            *slot = Some(Entry {
                key,
                best_move,
                score,
                depth,
                bound,
                generation,
            });
        }
    }
    // ANCHOR_END: replace

    /// How full the table is, in permille, counting entries of the current search among the
    /// first thousand slots (what UCI's `info hashfull` reports).
    pub fn hashfull(&self) -> u32 {
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|slot| slot.is_some_and(|e| e.generation == self.generation))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_probe_and_replace() {
        let mut tt: TranspositionTable<u8> = TranspositionTable::new(1);
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
        let mut tt1: TranspositionTable<u8> = TranspositionTable::new(0);
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
}
