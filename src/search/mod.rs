//! The ladder of search stages, and the one trait they all implement.
//!
//! | stage | file | idea |
//! |---|---|---|
//! | 1 `minimax` | `minimax.rs` | look at every move to a fixed depth |
//! | 2 `alphabeta` | `alphabeta.rs` | skip moves that cannot change the result |
//! | 3 `iterative` | `iterative.rs` | search depth 1, 2, 3, … until time runs out; best line first |
//! | 4 `cached` | `cached.rs` | remember searched positions in a transposition table |
//! | 5 `ordered` | `ordered.rs` | every move in order: hash move, MVV-LVA, killers, history |
//! | 6 `pvs` | `pvs.rs` | null windows after the first move; aspiration windows at the root |
//!
//! Each stage is one file that reads like a chapter: `diff` two neighbours to see the lesson.
//! What the iterative stages share (the deepening loop, the root, the state kept between
//! iterations) is written once, in [`deepening`].

pub mod alphabeta;
pub mod cached;
pub mod deepening;
pub mod iterative;
pub mod minimax;
pub mod move_picker;
pub mod mtdf;
pub mod oracle;
pub mod ordered;
pub mod pvs;

pub use alphabeta::AlphaBeta;
pub use cached::Cached;
pub use iterative::Iterative;
pub use minimax::Minimax;
pub use mtdf::Mtdf;
pub use oracle::Oracle;
pub use ordered::Ordered;
pub use pvs::Pvs;

use crate::error::{Error, Result};
use crate::game::Game;
use crate::limits::{NodeCounter, SearchLimits, MAX_DEPTH};
use crate::score::{Depth, Score};
use crate::stats::{Iteration, SearchResult};

/// A search engine: give it a game and limits, get a move back.
pub trait Engine<G: Game>: Send {
    /// The stage's name on the ladder (`minimax`, `alphabeta`, …).
    fn name(&self) -> &'static str;

    /// Searches `game` (which is left as it was found) within `limits`.
    fn search(&mut self, game: &mut G, limits: &SearchLimits) -> SearchResult<G::Move>;

    /// Forgets everything learned in earlier searches (a new game starts).
    fn new_game(&mut self) {}

    /// Resizes the engine's transposition table, if it has one, to `megabytes`.
    fn set_hash_size(&mut self, _megabytes: usize) {}

    /// How full the transposition table is, in permille (0 for stages without one).
    fn hashfull(&self) -> u32 {
        0
    }

    /// Sets a function called after every completed iteration (the UCI loop prints `info`
    /// lines with it).
    fn set_iteration_observer(&mut self, _observer: Option<IterationObserver>) {}
}

/// A function told about each completed iteration as it happens.
pub type IterationObserver = Box<dyn FnMut(&Iteration) + Send>;

/// A rung of the ladder: its name and what it adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stage {
    /// The name used on the command line, in UCI `setoption name Stage` and in tests.
    pub name: &'static str,
    /// What the stage adds to the one before.
    pub summary: &'static str,
    /// Whether the stage searches one fixed depth (no iterative deepening). Time, node limits
    /// and `stop` still end its search; it then plays the best root move it finished.
    pub fixed_depth: bool,
}

/// Every stage, in ladder order. The last one is the strongest and the default.
pub const STAGES: &[Stage] = &[
    Stage {
        name: "minimax",
        summary: "every move to a fixed depth",
        fixed_depth: true,
    },
    Stage {
        name: "alphabeta",
        summary: "minimax with an (alpha, beta) window and cut-offs",
        fixed_depth: true,
    },
    Stage {
        name: "iterative",
        summary: "iterative deepening with a time limit, previous PV first",
        fixed_depth: false,
    },
    Stage {
        name: "cached",
        summary: "iterative deepening plus a transposition table",
        fixed_depth: false,
    },
    Stage {
        name: "ordered",
        summary: "the cached engine with move ordering: hash move, MVV-LVA, killers, history",
        fixed_depth: false,
    },
    Stage {
        name: "pvs",
        summary:
            "principal variation search: null windows after the first move, aspiration windows",
        fixed_depth: false,
    },
];

/// Engines beside the ladder: searches to compare the rungs with, not rungs themselves. They
/// can be run wherever a stage can (`--stage oracle`), but the UCI engine plays the ladder.
pub const SIDE_ENGINES: &[Stage] = &[
    Stage {
        name: "mtdf",
        summary: "MTD(f): the ordered search driven by null windows alone",
        fixed_depth: false,
    },
    Stage {
        name: "oracle",
        summary:
            "alpha-beta with a perfect move order: the fewest nodes plain alpha-beta can visit",
        fixed_depth: true,
    },
];

/// The name of the strongest stage, used when none is chosen.
pub fn strongest_stage() -> &'static str {
    STAGES[STAGES.len() - 1].name
}

/// Size of a transposition table when none is asked for, in megabytes.
pub const DEFAULT_HASH_MB: usize = 16;

/// Finds the rung of the ladder called `name` (surrounding spaces and case do not matter); an
/// unknown name is an error that lists the stages.
pub fn find_stage(name: &str) -> Result<&'static Stage> {
    find_in(STAGES, name)
}

/// Finds the stage or side engine called `name`, as [`find_stage`] does.
pub fn find_engine(name: &str) -> Result<&'static Stage> {
    find_in(STAGES, name)
        .or_else(|_| find_in(SIDE_ENGINES, name))
        .map_err(|_| {
            let all: Vec<Stage> = STAGES.iter().chain(SIDE_ENGINES).copied().collect();
            unknown_stage(name, &all)
        })
}

fn find_in(list: &'static [Stage], name: &str) -> Result<&'static Stage> {
    let wanted = name.trim();
    list.iter()
        .find(|stage| stage.name.eq_ignore_ascii_case(wanted))
        .ok_or_else(|| unknown_stage(name, list))
}

/// The error for a name that is not in `list`: it lists them.
fn unknown_stage(name: &str, list: &[Stage]) -> Error {
    Error::UnknownStage {
        name: name.to_string(),
        known: list.iter().map(|s| s.name).collect::<Vec<_>>().join(", "),
    }
}

/// Builds the engine of the stage or side engine called `name` (read as [`find_engine`] reads
/// it).
pub fn engine_for<G: Game + 'static>(name: &str) -> Result<Box<dyn Engine<G>>> {
    let stage = find_engine(name)?;
    match stage.name {
        "minimax" => Ok(Box::new(Minimax::new())),
        "alphabeta" => Ok(Box::new(AlphaBeta::new())),
        "iterative" => Ok(Box::new(Iterative::new())),
        "cached" => Ok(Box::new(Cached::<G>::new(DEFAULT_HASH_MB))),
        "ordered" => Ok(Box::new(Ordered::<G>::new(DEFAULT_HASH_MB))),
        "pvs" => Ok(Box::new(Pvs::<G>::new(DEFAULT_HASH_MB))),
        "mtdf" => Ok(Box::new(Mtdf::<G>::new(DEFAULT_HASH_MB))),
        "oracle" => Ok(Box::new(Oracle::<G>::new())),
        // A stage listed but not built here: a bug, reported like an unknown name.
        _ => Err(unknown_stage(name, STAGES)),
    }
}

/// The stage before `name` on the ladder, if any (what "nodes vs previous stage" compares to).
pub fn previous_stage(name: &str) -> Option<&'static str> {
    let index = STAGES.iter().position(|s| s.name == name)?;
    index.checked_sub(1).map(|i| STAGES[i].name)
}

/// Moves `mv` to the front of `moves`, keeping the others in their order. Returns whether it
/// was there at all (a move from another position, or a stale one, is simply not found).
pub fn move_to_front<M: PartialEq + Copy>(moves: &mut [M], mv: M) -> bool {
    match moves.iter().position(|&m| m == mv) {
        Some(i) => {
            moves[..=i].rotate_right(1);
            true
        }
        None => false,
    }
}

/// The score of a position where the side to move has no legal move (the root of a finished
/// game): mated, or a draw.
pub fn score_without_moves<G: Game>(game: &G) -> Score {
    game.outcome()
        .map_or(Score::DRAW, |outcome| outcome.score(0))
}

/// The depth a fixed-depth stage searches under `limits`: the depth asked for; with none, as
/// deep as the ladder goes under `go infinite` (which searches until `stop`), else `default`.
/// Time and node limits do not choose the depth: they cut the search short.
pub fn fixed_depth(limits: &SearchLimits, default: Depth) -> Depth {
    match limits.depth {
        Some(depth) => depth.clamp(1, MAX_DEPTH),
        None if limits.infinite => MAX_DEPTH,
        None => default,
    }
}

// ANCHOR: fixed_depth_result
/// Builds the result of a fixed-depth search: one iteration, its line just the best move.
///
/// A search that was stopped (by time, nodes or `stop`) completed no depth: it reports depth 0
/// and no iteration, and plays the best root move it finished, or the first legal move if it
/// finished none (its score is then a placeholder draw). Either way the move is legal.
pub fn fixed_depth_result<G: Game>(
    game: &G,
    best_move: Option<G::Move>,
    best_score: Score,
    depth: Depth,
    counter: &NodeCounter,
) -> SearchResult<G::Move> {
    let time = counter.stopper.elapsed();
    let stats = counter.stats;
    let stopped = counter.stopped();
    let (best_move, score, depth) = match best_move {
        _ if !stopped => (best_move, best_score, depth),
        Some(mv) => (Some(mv), best_score, 0),
        None => (game.legal_moves().first().copied(), Score::DRAW, 0),
    };
    let score = if best_move.is_none() {
        score_without_moves(game)
    } else {
        score
    };
    let pv: Vec<G::Move> = best_move.into_iter().collect();
    let iterations = if stopped {
        Vec::new()
    } else {
        vec![Iteration {
            depth,
            score,
            nodes: stats.nodes,
            time,
            pv: pv.iter().map(|m| m.to_string()).collect(),
            hashfull: 0,
        }]
    };
    SearchResult {
        best_move,
        score,
        depth,
        stats,
        time,
        iterations,
        pv,
    }
}
// ANCHOR_END: fixed_depth_result
