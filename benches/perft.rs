//! Move generation speed: perft of the start position and Kiwipete.
//!
//! Perft uses the `chess` crate's board directly (bulk counting at the last ply), so this
//! measures the move generator, the floor under every search stage's speed.
//!
//! ```text
//! cargo bench --bench perft -- --quick
//! ```

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use searchlab::games::chess::START_FEN;
use searchlab::positions::KIWIPETE;
use searchlab::Chess;
use std::hint::black_box;
use std::time::Duration;

/// (name, FEN, depth, known leaf count).
const CASES: &[(&str, &str, u32, u64)] = &[
    ("start", START_FEN, 3, 8_902),
    ("start", START_FEN, 4, 197_281),
    ("kiwipete", KIWIPETE, 3, 97_862),
    ("kiwipete", KIWIPETE, 4, 4_085_603),
];

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(2));
    for &(name, fen, depth, leaves) in CASES {
        let game = Chess::from_fen(fen).expect("a valid FEN");
        assert_eq!(game.perft(depth), leaves, "{name} perft {depth}");
        group.throughput(Throughput::Elements(leaves));
        group.bench_with_input(BenchmarkId::new(name, depth), &game, |b, game| {
            b.iter(|| black_box(game.perft(black_box(depth))))
        });
    }
    group.finish();
}

criterion_group!(benches, perft);
criterion_main!(benches);
