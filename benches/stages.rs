//! Time to a fixed depth, per stage, on three fixed positions.
//!
//! Each stage searches to its own depth (minimax stays shallow: it has no cut-offs, and one
//! more ply multiplies its time by ~35). A fresh engine per iteration, so the transposition
//! table starts empty every time, as in `searchlab bench`.
//!
//! ```text
//! cargo bench --bench stages                 # full run
//! cargo bench --bench stages -- --quick      # a quick look
//! cargo bench --bench stages -- cached       # one stage
//! ```

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use searchlab::positions::LADDER;
use searchlab::{engine_for, Chess, SearchLimits};
use std::hint::black_box;
use std::time::Duration;

/// (stage, depth): the deepest each stage reaches in a few tens of milliseconds.
const STAGE_DEPTHS: &[(&str, u32)] = &[
    ("minimax", 3),
    ("alphabeta", 4),
    ("iterative", 4),
    ("cached", 5),
    ("ordered", 6),
    ("pvs", 6),
    ("mtdf", 6),
];

/// start, kiwipete, BK.12: an opening, a tactical middlegame, a quieter middlegame.
const POSITIONS: &[&str] = &["start", "kiwipete", "BK.12"];

fn stages(c: &mut Criterion) {
    let mut group = c.benchmark_group("time-to-depth");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
    for &(stage, depth) in STAGE_DEPTHS {
        for name in POSITIONS {
            let position = LADDER
                .iter()
                .find(|p| p.name == *name)
                .expect("a ladder position");
            let game = Chess::from_fen(position.fen).expect("a valid FEN");
            let id = BenchmarkId::new(format!("{stage}/d{depth}"), name);
            group.bench_with_input(id, &game, |b, game| {
                b.iter(|| {
                    let mut engine = engine_for::<Chess>(stage).expect("a stage");
                    let mut game = game.clone();
                    black_box(engine.search(&mut game, &SearchLimits::depth(depth)))
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, stages);
criterion_main!(benches);
