//! The ladder of search stages: the floor they stand on, the rungs, the engines beside them,
//! and the registry above them all. This file only declares the modules and re-exports.
//!
//! | stage | file | idea |
//! |---|---|---|
//! | 1 `minimax` | `minimax.rs` | look at every move to a fixed depth |
//! | 2 `alphabeta` | `alphabeta.rs` | skip moves that cannot change the result |
//! | 3 `iterative` | `iterative.rs` | search depth 1, 2, 3, … until time runs out; best line first |
//! | 4 `cached` | `cached.rs` | remember searched positions in a transposition table |
//! | 5 `ordered` | `ordered.rs` | every move in order: hash move, MVV-LVA, killers, history |
//! | 6 `pvs` | `pvs.rs` | null windows after the first move; aspiration windows at the root |
//! | 7 `quiescence` | `quiescence.rs` | at the horizon, captures until the position is quiet |
//! | 8 `selective` | `selective/` | deeper where it is sharp, shallower or not at all where not; the full evaluation |
//! | 9 `parallel` | `parallel.rs` | Lazy SMP: every thread searches, all share one lock-free table |
//!
//! Each stage is one file that reads like a chapter: `diff` two neighbours to see the lesson.
//! Stage 8, too large for one file, is a folder: its `mod.rs` is the chapter and the node, with
//! its pieces, its quiescence search, its continuation history and its speed plumbing in named
//! files beside it.
//! What the stages share is written once, below them, and a rung imports from there, never
//! from another rung (building on a whole rung is allowed: stage 9 runs stage 8 on threads):
//!
//! - [`engine`]: the [`Engine`] trait every engine implements, and the helpers of the
//!   fixed-depth stages;
//! - [`deepening`]: the iterative-deepening loop, the root search, the state kept between
//!   iterations;
//! - [`aspiration`]: the aspiration windows of stages 6 and up;
//! - [`move_picker`]: move ordering, the killers and the history, and the quiescence
//!   searches' order of captures;
//! - the table's probe and bounds live with the table, in [`crate::tt`].
//!
//! Above the rungs, [`registry`] names every engine and builds it, and [`spec`] describes an
//! engine with its settings as a value ([`EngineSpec`]). The parallel searches share their
//! searchers' machinery in [`threads`], built on stage 8.
//!
//! Stage 10, [`neural`], is stage 9's search with a learned evaluation: no search code of its
//! own, so it sits beside the ladder's files, and it is the default engine. Stage 11,
//! [`modern`], is stage 10 with the pieces strong engines add switched on: they live in stage
//! 8's node (`selective/modern.rs`), off there, so each is measured alone by its switch.
//!
//! Beside the ladder, three engines to measure it by: [`mtdf`] (MTD(f), the score found by null
//! windows alone), [`oracle`] (alpha-beta with a perfect move order: the fewest nodes any
//! move ordering can reach) and [`root_split`] (the root's moves shared out among threads: the
//! parallel search stage 9 improves on).

// The floor: what every rung stands on, written once.
pub mod aspiration;
pub mod deepening;
pub mod engine;
pub mod move_picker;

// The ladder, one rung a file (stage 8 a folder).
pub mod alphabeta;
pub mod cached;
pub mod iterative;
pub mod minimax;
pub mod ordered;
pub mod parallel;
pub mod pvs;
pub mod quiescence;
pub mod selective;

// Built on stage 8 whole: the searchers the two parallel searches run on their threads.
pub mod threads;

// Stage 10: stage 9's search with the learned evaluation (the default engine).
pub mod neural;

// Stage 11: stage 10 with what strong engines add switched on.
pub mod modern;

// Beside the ladder: engines to measure it by.
pub mod mtdf;
pub mod oracle;
pub mod root_split;

// The value of a root move, by alpha-beta: what tells two right answers from a wrong one.
pub mod move_value;

// The roof: the names of every rung, how to build each, and an engine described by a value.
pub mod registry;
pub mod spec;

pub use alphabeta::AlphaBeta;
pub use cached::Cached;
pub use engine::{
    fixed_depth, fixed_depth_result, move_to_front, score_without_moves, Engine, IterationObserver,
};
pub use iterative::Iterative;
pub use minimax::Minimax;
pub use move_value::value_of_move;
pub use mtdf::Mtdf;
pub use neural::Neural;
pub use oracle::Oracle;
pub use ordered::Ordered;
pub use parallel::LazySmp;
pub use pvs::Pvs;
pub use quiescence::Quiescence;
pub use registry::{
    find_engine, find_stage, find_uci_stage, previous_stage, strongest_stage, uci_stages, Stage,
    StageId, DEFAULT_HASH_MB, HASH_MAX_MB, HASH_MIN_MB, SIDE_ENGINES, STAGES, STRENGTH_AIM_ELO,
};
pub use root_split::RootSplit;
pub use selective::Selective;
pub use spec::{engine_for, specs, EngineSpec, ToEngineSpec};
