//! Time to a fixed depth, per stage, on three fixed positions, and the cost of a node.
//!
//! Each stage searches to its own depth (minimax stays shallow: it has no cut-offs, and one
//! more ply multiplies its time by ~35). A fresh engine per iteration, so the transposition
//! table starts empty every time, as in `searchlab bench`. Each search's node count is its
//! throughput, so criterion reports nodes a second beside the time: the cost of a node, stage
//! by stage (the instructions a node, exact, are `scripts/measure-instructions`').
//!
//! ```text
//! cargo bench --bench stages                 # full run
//! cargo bench --bench stages -- --quick      # a quick look
//! cargo bench --bench stages -- cached       # one stage
//! ```

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
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
    ("quiescence", 6),
    ("selective", 9),
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
            let search = || {
                let mut engine = engine_for::<Chess>(stage).expect("a stage");
                engine.search(&mut game.clone(), &SearchLimits::depth(depth))
            };
            // The same nodes every time (a fresh engine, one thread): counted once.
            group.throughput(Throughput::Elements(search().nodes()));
            let id = BenchmarkId::new(format!("{stage}/d{depth}"), name);
            group.bench_function(id, |b| b.iter(|| black_box(search())));
        }
    }
    group.finish();
}

criterion_group!(benches, stages);
criterion_main!(benches);
