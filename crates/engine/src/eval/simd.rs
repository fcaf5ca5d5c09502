//! The network's integer sums in explicit vector instructions, where the processor has them:
//! the same arithmetic as the plain loops of [`crate::eval::network`], which stay as the
//! reference and as the fallback on every other processor (WebAssembly included).
//!
//! ## Why by hand
//!
//! The build targets x86-64-v2 (`.cargo/config.toml`), the level every x86-64 processor of the
//! last fifteen years has. At that level the compiler already turns the plain loops into vector
//! instructions of 128 bits: 8 sums at a time (SSE's `paddw`, and for the output `pmaxsw`,
//! `pminsw` and `pmaddwd` on 4 sums widened to 32 bits). It cannot use the 256-bit AVX2
//! instructions, since a binary built for them would not start on a processor without them.
//! So the functions here are compiled for AVX2 alone (`#[target_feature]`), and the processor
//! is asked once, when the program first evaluates, whether it has AVX2 ([`kernel`]): if so
//! these run, 16 sums to an instruction, and otherwise the plain loops do. An SSE version by
//! hand would add nothing: it is what the compiler makes of the plain loops already.
//!
//! The accumulator's code does one more thing the plain loops cannot: it keeps 128 sums in
//! registers while it adds all the rows of a refresh or an update, and stores them once
//! ([`accumulate`]), where the plain code adds one row at a time, reading and writing every
//! sum for each row. Measured on `searchlab bench --stage neural` (callgrind): a refresh costs
//! about 2,700 instructions against 4,800, an update 630 against 810, the output 220 against
//! 610; the search as a whole, a fifth fewer instructions a node.
//!
//! ## The same numbers
//!
//! Every step is integer arithmetic, so the vector code gives exactly the plain code's answer,
//! not merely a close one. Two things make sure of it: the accumulator's additions wrap, in
//! both (`_mm256_add_epi16`, not the saturating `_mm256_adds_epi16`), and wrapping additions
//! give the same sum in any order; and the output's products of a clipped sum (0 to
//! [`QA`](crate::eval::network::QA)) by a 16-bit weight fit in 32 bits, as do the pairs
//! `_mm256_madd_epi16` adds, and their 32-bit total is the plain loop's in any order. A length
//! that is not a multiple of 16 leaves a tail of fewer than 16, which the plain code does. The
//! tests compare the two on random numbers, and check that the AVX2 code is the one run
//! wherever the processor has AVX2.

use super::network;

/// Which code does the network's sums on this processor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// The plain loops of [`crate::eval::network`] (which the compiler vectorises itself, as
    /// far as the build's target allows).
    Scalar,
    /// This module's 256-bit AVX2 code (x86-64 processors since about 2013).
    Avx2,
}

impl Kernel {
    /// The kernel's name, for a report (`scalar`, `avx2`).
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Scalar => "scalar",
            Kernel::Avx2 => "avx2",
        }
    }
}

/// The kernel this processor runs: [`Kernel::Avx2`] where the processor has AVX2, else
/// [`Kernel::Scalar`]. Asked of the processor once and remembered; each sum asks again here,
/// so the answer is one load from memory.
#[inline]
pub fn kernel() -> Kernel {
    #[cfg(target_arch = "x86_64")]
    {
        use std::sync::atomic::{AtomicU8, Ordering};
        // 0: not asked yet; otherwise 1 + whether AVX2 is there. Two threads that ask at once
        // both find the same answer, so a plain load and store are enough.
        static ASKED: AtomicU8 = AtomicU8::new(0);
        let has_avx2 = match ASKED.load(Ordering::Relaxed) {
            0 => {
                let has = std::is_x86_feature_detected!("avx2");
                ASKED.store(1 + u8::from(has), Ordering::Relaxed);
                has
            }
            asked => asked == 2,
        };
        if has_avx2 {
            return Kernel::Avx2;
        }
    }
    Kernel::Scalar
}

/// `out = from − the rows of weights numbered in removed + those numbered in added`, element
/// by element, wrapping: the plain `network::accumulate`, in AVX2 where there is AVX2. `from` is as
/// long as `out`, and `weights` holds rows as long as `out`, one after another (a network's
/// first layer: row `f` is feature `f`'s weights); panics otherwise, or if a row numbered is
/// not there.
#[inline]
pub fn accumulate(out: &mut [i16], from: &[i16], weights: &[i16], removed: &[u16], added: &[u16]) {
    #[cfg(target_arch = "x86_64")]
    if kernel() == Kernel::Avx2 {
        // SAFETY: `kernel` said Avx2 only because the processor has AVX2, the one feature
        // `avx2::accumulate` is compiled for; it reads and writes its slices only in bounds.
        return unsafe { avx2::accumulate(out, from, weights, removed, added) };
    }
    network::accumulate(out, from, weights, removed, added)
}

/// One view's sums, each clipped to `[0, QA]`, times its weights, added up:
/// the plain `network::weighed`, in AVX2 where there is AVX2.
#[inline]
pub fn weighed(sums: &[i16], weights: &[i16]) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if kernel() == Kernel::Avx2 {
        // SAFETY: as in `accumulate`: the processor has AVX2, and the slices are read in
        // bounds.
        return unsafe { avx2::weighed(sums, weights) };
    }
    network::weighed(sums, weights)
}

/// The AVX2 versions. Each is compiled for AVX2 (`#[target_feature]`), so calling one from
/// code compiled without it is `unsafe`: the caller must know the processor has AVX2
/// ([`kernel`]). Inside, the arithmetic intrinsics are safe; only the unaligned loads and
/// stores, which take raw pointers, are `unsafe`, each on an array of exactly 16 `i16`s.
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::network;
    use crate::eval::network::QA;
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi16, _mm256_add_epi32, _mm256_castsi256_si128,
        _mm256_extracti128_si256, _mm256_lddqu_si256, _mm256_madd_epi16, _mm256_max_epi16,
        _mm256_min_epi16, _mm256_set1_epi16, _mm256_setzero_si256, _mm256_storeu_si256,
        _mm256_sub_epi16, _mm_add_epi32, _mm_cvtsi128_si32, _mm_shuffle_epi32,
    };

    /// `i16`s to a 256-bit vector.
    const LANES: usize = 16;

    /// How many vectors of sums [`accumulate`] holds in registers while it adds rows: 8, 128
    /// sums, in 8 of AVX2's 16 registers (which leaves the compiler room for the row being
    /// added; more would spill to memory).
    const HELD: usize = 8;

    /// Loads the 16 `i16`s of `chunk`. With `vlddqu`, not `vmovdqu`: the build's x86-64-v2
    /// tuning (for processors older than AVX) makes the compiler split every unaligned 256-bit
    /// `vmovdqu` into two 128-bit halves, two instructions for one (stores too: a store here
    /// is two, but [`accumulate`] stores each sum once), while `vlddqu` it leaves whole; on
    /// processors with AVX2 the two are the same load.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn load(chunk: &[i16; LANES]) -> __m256i {
        // SAFETY: `chunk` is 32 readable bytes, and `lddqu` needs no alignment.
        unsafe { _mm256_lddqu_si256(chunk.as_ptr().cast()) }
    }

    /// Stores `value` into the 16 `i16`s of `chunk`.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn store(chunk: &mut [i16; LANES], value: __m256i) {
        // SAFETY: `chunk` is 32 writable bytes, and `storeu` needs no alignment.
        unsafe { _mm256_storeu_si256(chunk.as_mut_ptr().cast(), value) }
    }

    /// [`network::accumulate`] in AVX2. The sums are worked [`HELD`] vectors at a time (all
    /// 128 of a network of 128 hidden units): loaded from `from` into registers, every row's
    /// part added to or taken from them there (one load and one `vpaddw` or `vpsubw` per 16
    /// sums), and stored into `out` once. Then the vectors left, one at a time, and a tail of
    /// fewer than 16 sums by the plain code. The additions wrap (`_mm256_add_epi16`, not the
    /// saturating `_mm256_adds_epi16`), as the plain ones do.
    #[target_feature(enable = "avx2")]
    pub fn accumulate(
        out: &mut [i16],
        from: &[i16],
        weights: &[i16],
        removed: &[u16],
        added: &[u16],
    ) {
        let len = out.len();
        assert_eq!(from.len(), len, "the sums to start from");
        let mut start = 0;
        while start + HELD * LANES <= len {
            held::<HELD>(out, from, weights, start, removed, added);
            start += HELD * LANES;
        }
        while start + LANES <= len {
            held::<1>(out, from, weights, start, removed, added);
            start += LANES;
        }
        if start < len {
            let row = |feature: u16| &weights[usize::from(feature) * len..][start..len];
            let tail = &mut out[start..];
            tail.copy_from_slice(&from[start..]);
            for &feature in removed {
                network::subtract(tail, row(feature));
            }
            for &feature in added {
                network::add(tail, row(feature));
            }
        }
    }

    /// [`accumulate`] on the `N` vectors of sums from `start` on, held in registers.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn held<const N: usize>(
        out: &mut [i16],
        from: &[i16],
        weights: &[i16],
        start: usize,
        removed: &[u16],
        added: &[u16],
    ) {
        let len = out.len();
        let vectors = |sums: &[i16]| -> [__m256i; N] {
            let chunks: &[[i16; LANES]; N] = sums.as_chunks().0.try_into().expect("N vectors");
            std::array::from_fn(|i| load(&chunks[i]))
        };
        let row = |feature: u16| {
            vectors(&weights[usize::from(feature) * len..][start..start + N * LANES])
        };
        let mut sums = vectors(&from[start..start + N * LANES]);
        for &feature in removed {
            for (sum, weight) in sums.iter_mut().zip(row(feature)) {
                *sum = _mm256_sub_epi16(*sum, weight);
            }
        }
        for &feature in added {
            for (sum, weight) in sums.iter_mut().zip(row(feature)) {
                *sum = _mm256_add_epi16(*sum, weight);
            }
        }
        let out: &mut [[i16; LANES]; N] = out[start..start + N * LANES]
            .as_chunks_mut()
            .0
            .try_into()
            .expect("N vectors");
        for (chunk, sum) in out.iter_mut().zip(sums) {
            store(chunk, sum);
        }
    }

    /// [`network::weighed`] in AVX2: 16 sums clipped at once (`max` with 0, `min` with QA),
    /// multiplied by their weights and added in pairs into 8 32-bit sums (`madd`), which are
    /// added up at the end. A pair is at most 2 · 255 · 32768, inside 32 bits. The order of
    /// the additions differs from the plain loop's, which changes nothing: 32-bit additions
    /// that wrap give the same sum in any order. (The plain sum cannot overflow below 258
    /// hidden units; above, only with weights no training makes, and a debug build's plain
    /// loop would then stop with an overflow where this one wraps.)
    #[target_feature(enable = "avx2")]
    pub fn weighed(sums: &[i16], weights: &[i16]) -> i32 {
        let len = sums.len().min(weights.len());
        let (sum_chunks, sum_tail) = sums[..len].as_chunks::<LANES>();
        let (weight_chunks, weight_tail) = weights[..len].as_chunks::<LANES>();
        let zero = _mm256_setzero_si256();
        let top = _mm256_set1_epi16(QA as i16);
        let mut total = _mm256_setzero_si256();
        for (sum, weight) in sum_chunks.iter().zip(weight_chunks) {
            let clipped = _mm256_min_epi16(_mm256_max_epi16(load(sum), zero), top);
            total = _mm256_add_epi32(total, _mm256_madd_epi16(clipped, load(weight)));
        }
        // The 8 32-bit sums to 4, to 2, to 1.
        let four = _mm_add_epi32(
            _mm256_castsi256_si128(total),
            _mm256_extracti128_si256::<1>(total),
        );
        let two = _mm_add_epi32(four, _mm_shuffle_epi32::<0b01_00_11_10>(four));
        let one = _mm_add_epi32(two, _mm_shuffle_epi32::<0b10_11_00_01>(two));
        _mm_cvtsi128_si32(one).wrapping_add(network::weighed(sum_tail, weight_tail))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    /// Lengths around the vector's 16 and the 128 sums held in registers, and the network's.
    const LENGTHS: [usize; 13] = [1, 2, 15, 16, 17, 31, 64, 127, 128, 129, 143, 257, 300];

    /// `count` random `i16`s over the whole range, a tenth of them at its ends (so that sums
    /// wrap, and clip at both ends).
    fn numbers(rng: &mut SplitMix64, count: usize) -> Vec<i16> {
        (0..count)
            .map(|_| match rng.below(20) {
                0 => i16::MAX - rng.below(3) as i16,
                1 => i16::MIN + rng.below(3) as i16,
                _ => rng.next_u64() as i16,
            })
            .collect()
    }

    /// Whether this processor has AVX2: the tests then run the AVX2 code itself too.
    #[cfg(target_arch = "x86_64")]
    fn has_avx2() -> bool {
        std::is_x86_feature_detected!("avx2")
    }

    #[test]
    fn the_kernel_is_avx2_exactly_where_the_processor_has_it() {
        // The tests below compare the AVX2 code itself with the plain code; this one makes
        // sure that the network runs it wherever it can (and nowhere else).
        #[cfg(target_arch = "x86_64")]
        let expected = if has_avx2() {
            Kernel::Avx2
        } else {
            Kernel::Scalar
        };
        #[cfg(not(target_arch = "x86_64"))]
        let expected = Kernel::Scalar;
        assert_eq!(kernel(), expected);
        assert_eq!(kernel(), expected, "the remembered answer");
        assert_eq!(Kernel::Avx2.name(), "avx2");
        assert_eq!(Kernel::Scalar.name(), "scalar");
    }

    #[test]
    fn accumulate_is_the_plain_code_exactly() {
        let mut rng = SplitMix64::new(41);
        let mut compared = 0;
        for len in LENGTHS {
            let rows = 40;
            let weights = numbers(&mut rng, rows * len);
            for round in 0..30 {
                let from = numbers(&mut rng, len);
                // Up to 4 rows taken away (an update) and up to 40 added (a refresh counts
                // 32), repeats allowed, and every other round none taken away.
                let removed: Vec<u16> = (0..rng.below(5) * (round % 2))
                    .map(|_| rng.below(rows) as u16)
                    .collect();
                let added: Vec<u16> = (0..rng.below(41)).map(|_| rng.below(rows) as u16).collect();
                let mut plain = vec![0; len];
                network::accumulate(&mut plain, &from, &weights, &removed, &added);
                let mut vector = vec![7; len];
                accumulate(&mut vector, &from, &weights, &removed, &added);
                assert_eq!(vector, plain, "{len} sums, -{removed:?} +{added:?}");
                #[cfg(target_arch = "x86_64")]
                if has_avx2() {
                    let mut avx2 = vec![-7; len];
                    // SAFETY: the processor has AVX2 (asked just above).
                    unsafe { avx2::accumulate(&mut avx2, &from, &weights, &removed, &added) };
                    assert_eq!(avx2, plain, "{len} sums, -{removed:?} +{added:?}");
                    compared += 1;
                }
            }
        }
        #[cfg(target_arch = "x86_64")]
        assert!(!has_avx2() || compared == LENGTHS.len() * 30, "{compared}");
    }

    #[test]
    fn accumulate_wraps_as_the_plain_code_does() {
        // Sums at the top of the range, plus 1: they wrap to the bottom (a saturating add
        // would stay at the top), in every lane, the tail's included.
        for len in [16, 17, 128, 129] {
            let from = vec![i16::MAX; len];
            let weights = [vec![1; len], vec![-1; len]].concat();
            let mut out = vec![0; len];
            accumulate(&mut out, &from, &weights, &[], &[0]);
            assert_eq!(out, vec![i16::MIN; len]);
            accumulate(&mut out, &from, &weights, &[1], &[0, 0]);
            assert_eq!(out, vec![i16::MIN + 2; len]);
            let from = vec![i16::MIN; len];
            accumulate(&mut out, &from, &weights, &[0], &[]);
            assert_eq!(out, vec![i16::MAX; len]);
        }
    }

    #[test]
    fn weighed_is_the_plain_code_exactly() {
        let mut rng = SplitMix64::new(43);
        for len in LENGTHS {
            for _ in 0..50 {
                // Sums over the whole range (clipped at both ends), or near [0, QA] where the
                // clip matters most; weights over the whole range.
                let sums = if rng.below(2) == 0 {
                    numbers(&mut rng, len)
                } else {
                    (0..len).map(|_| rng.below(300) as i16 - 20).collect()
                };
                let weights = numbers(&mut rng, len);
                let plain = network::weighed(&sums, &weights);
                assert_eq!(weighed(&sums, &weights), plain, "{len} sums");
                #[cfg(target_arch = "x86_64")]
                if has_avx2() {
                    // SAFETY: the processor has AVX2 (asked just above).
                    let avx2 = unsafe { avx2::weighed(&sums, &weights) };
                    assert_eq!(avx2, plain, "{len} sums");
                }
            }
        }
        // The extremes: every sum clipped to QA, every weight the largest or the smallest.
        for weight in [i16::MAX, i16::MIN] {
            let (sums, weights) = (vec![i16::MAX; 257], vec![weight; 257]);
            let expected = 257 * network::QA * i32::from(weight);
            assert_eq!(network::weighed(&sums, &weights), expected);
            assert_eq!(weighed(&sums, &weights), expected);
        }
    }
}
