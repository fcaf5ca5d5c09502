//! Notebook 09's cell: one table for many threads, without a lock. The learner writes how an
//! entry's key and data go into a slot's two words and how a probe reads the key back, graded
//! by the facts the table needs: a whole entry gives back its key, a torn one (one thread's key
//! word beside another's data) gives back neither key, and the data word is kept as it is.

use super::caught;
use crate::exercise::grade::Verdict;
use chess::ChessMove;
use searchlab_engine::tt::{slot_words, Bound};
use searchlab_engine::Score;

/// How a slot is written, as the notebook's cell writes it: the two words stored for an entry
/// with the position's `key` and its packed `data`.
pub type SlotWrite = fn(u64, u64) -> [u64; 2];

/// How a probe reads a slot's two words, as the notebook's cell writes it: the position key
/// they hold.
pub type SlotRead = fn([u64; 2]) -> u64;

/// Grades a learner's slot: on 64 entries (keys and data as the table makes them), each whole
/// entry reads back its key, each pair of entries torn across two threads reads back neither
/// key, and the data word is stored as it is.
pub fn grade_slot(write: SlotWrite, read: SlotRead) -> Verdict {
    // Keys spread over the 64 bits (a multiplicative hash of 1, 2, …), data words as the table
    // packs them (scores, depths and bounds that differ).
    let entries: Vec<(u64, u64)> = (1..=64u64)
        .map(|i| {
            let key = i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let bound = [Bound::Exact, Bound::Lower, Bound::Upper][i as usize % 3];
            let data = slot_words::<ChessMove>(
                key,
                (i % 20) as u32,
                Score(i as i32 * 7 - 200),
                bound,
                None,
            )[1];
            (key, data)
        })
        .collect();
    let run = |f: &dyn Fn() -> Result<(), String>| {
        caught("parallel", "a part of it (the write, the read)", f)
    };
    let checked = run(&|| {
        for &(key, data) in &entries {
            let words = write(key, data);
            if words[1] != data {
                return Err(format!(
                    "the data word {data:#018x} is stored as {:#018x}: the probe unpacks the data \
                     from the second word as it is (the key is what the first word hides)",
                    words[1]
                ));
            }
            let back = read(words);
            if back != key {
                return Err(format!(
                    "a whole entry, key {key:#018x}, reads back the key {back:#018x}"
                ));
            }
        }
        for (a, b) in entries.iter().zip(entries.iter().skip(1)) {
            let torn = [write(a.0, a.1)[0], write(b.0, b.1)[1]];
            let back = read(torn);
            if back == a.0 || back == b.0 {
                return Err(format!(
                    "a torn slot, one thread's first word (key {:#018x}) beside another's data \
                     (key {:#018x}), reads back the key {back:#018x}: the probe trusts an entry \
                     that is half another position's. Store the key mixed with its data, so \
                     that only the data written with it gives the key back",
                    a.0, b.0
                ));
            }
        }
        Ok(())
    });
    match checked {
        Err(verdict) => verdict,
        Ok(Err(problem)) => Verdict::Wrong(format!("parallel: {problem}")),
        Ok(Ok(())) => Verdict::Solved(format!(
            "parallel: solved. {} whole entries read back their keys, {} torn slots read back \
             neither key, and every data word is kept as it is.",
            entries.len(),
            entries.len() - 1
        )),
    }
}
