//! The registry of rungs: every stage by name, in ladder order, and the engines beside the
//! ladder. It names every rung and builds any of them, so it sits above them all, in a file of
//! its own; a new rung is one line in [`STAGES`] and one in [`engine_for`].

use crate::error::{Error, Result};
use crate::game::Game;
use crate::search::threads::MAX_THREADS;
use crate::search::{
    AlphaBeta, Cached, Engine, Iterative, LazySmp, Minimax, Mtdf, Oracle, Ordered, Pvs, Quiescence,
    RootSplit, Selective,
};

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
    /// Whether the stage changes *what* the search returns (a better-informed score), rather
    /// than only how fast: such a stage is judged by strength, not held to the score of the
    /// rung below, and its node count is not comparable with the oracle's.
    pub judged_by_strength: bool,
    /// Whether the stage searches on several threads (`threads=N`). On one thread it is the
    /// stage below, node for node, so the node-count tables and charts leave it out.
    pub parallel: bool,
}

/// Every stage, in ladder order. The last one is the strongest and the default.
pub const STAGES: &[Stage] = &[
    Stage {
        name: "minimax",
        summary: "every move to a fixed depth",
        fixed_depth: true,
        judged_by_strength: false,
        parallel: false,
    },
    Stage {
        name: "alphabeta",
        summary: "minimax with an (alpha, beta) window and cut-offs",
        fixed_depth: true,
        judged_by_strength: false,
        parallel: false,
    },
    Stage {
        name: "iterative",
        summary: "iterative deepening with a time limit, previous PV first",
        fixed_depth: false,
        judged_by_strength: false,
        parallel: false,
    },
    Stage {
        name: "cached",
        summary: "iterative deepening plus a transposition table",
        fixed_depth: false,
        judged_by_strength: false,
        parallel: false,
    },
    Stage {
        name: "ordered",
        summary: "the cached engine with move ordering: hash move, MVV-LVA, killers, history",
        fixed_depth: false,
        judged_by_strength: false,
        parallel: false,
    },
    Stage {
        name: "pvs",
        summary:
            "principal variation search: null windows after the first move, aspiration windows",
        fixed_depth: false,
        judged_by_strength: false,
        parallel: false,
    },
    Stage {
        name: "quiescence",
        summary: "at the horizon, captures until the position is quiet (SEE, delta pruning)",
        fixed_depth: false,
        judged_by_strength: true,
        parallel: false,
    },
    Stage {
        name: "selective",
        summary: "extensions, null move, futility, late move reductions; the full evaluation",
        fixed_depth: false,
        judged_by_strength: true,
        parallel: false,
    },
    Stage {
        name: "parallel",
        summary: "Lazy SMP: stage 8 on every thread, sharing one lock-free table (threads=N)",
        fixed_depth: false,
        judged_by_strength: true,
        parallel: true,
    },
];

/// Engines beside the ladder: searches to compare the rungs with, not rungs themselves. They
/// can be run wherever a stage can (`--stage oracle`), but the UCI engine plays the ladder.
pub const SIDE_ENGINES: &[Stage] = &[
    Stage {
        name: "mtdf",
        summary: "MTD(f): the ordered search driven by null windows alone",
        fixed_depth: false,
        judged_by_strength: false,
        parallel: false,
    },
    Stage {
        name: "oracle",
        summary:
            "alpha-beta with a perfect move order: the fewest nodes plain alpha-beta can visit",
        fixed_depth: true,
        judged_by_strength: false,
        parallel: false,
    },
    Stage {
        name: "rootsplit",
        summary: "root splitting: the root's moves shared out among threads (threads=N)",
        fixed_depth: false,
        judged_by_strength: true,
        parallel: true,
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

/// Finds the stage or side engine called `name`, as [`find_stage`] does. A name may carry
/// switches after the stage (`selective -null_move`): they are checked by [`engine_for`].
pub fn find_engine(name: &str) -> Result<&'static Stage> {
    let name = stage_word(name);
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

/// The stage's name in a name that may carry switches: its first word.
fn stage_word(name: &str) -> &str {
    name.split_whitespace().next().unwrap_or("")
}

// ANCHOR: engine_for
/// Builds the engine of the stage or side engine called `name` (read as [`find_engine`] reads
/// it). After the stage's name, `-part` switches a part off and `+part` on, for the stages
/// that have parts to switch ([`Engine::switches`]): `selective -null_move -mobility` is the
/// selective stage without null-move pruning and without the mobility term. An unknown part
/// is an error that lists the known ones. `threads=N` has a parallel search use `N` threads
/// (`parallel threads=2`); a stage that searches on one thread refuses more.
pub fn engine_for<G: Game + 'static>(name: &str) -> Result<Box<dyn Engine<G>>> {
    let mut engine = build_engine::<G>(name)?;
    for word in name.split_whitespace().skip(1) {
        if let Some(count) = word.strip_prefix("threads=") {
            let threads = count
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=MAX_THREADS).contains(n))
                .ok_or_else(|| Error::BadThreads {
                    stage: engine.name().to_string(),
                    reason: format!("'{count}' is not a number from 1 to {MAX_THREADS}"),
                })?;
            if !engine.set_threads(threads) {
                return Err(Error::BadThreads {
                    stage: engine.name().to_string(),
                    reason: "it searches on one thread; parallel and rootsplit use more".into(),
                });
            }
            continue;
        }
        let (on, part) = match word.as_bytes().first() {
            Some(b'-') => (false, &word[1..]),
            Some(b'+') => (true, &word[1..]),
            _ => (true, word),
        };
        if !engine.switch(part, on) {
            let known = switch_names::<G>(find_engine(name)?);
            return Err(Error::UnknownSwitch {
                stage: engine.name().to_string(),
                name: word.to_string(),
                known: if known.is_empty() {
                    "none: this stage has no parts to switch".to_string()
                } else {
                    known
                        .iter()
                        .map(|k| format!("-{k}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                },
            });
        }
    }
    Ok(engine)
}
// ANCHOR_END: engine_for

fn build_engine<G: Game + 'static>(name: &str) -> Result<Box<dyn Engine<G>>> {
    let stage = find_engine(name)?;
    match stage.name {
        "minimax" => Ok(Box::new(Minimax::new())),
        "alphabeta" => Ok(Box::new(AlphaBeta::new())),
        "iterative" => Ok(Box::new(Iterative::new())),
        "cached" => Ok(Box::new(Cached::<G>::new(DEFAULT_HASH_MB))),
        "ordered" => Ok(Box::new(Ordered::<G>::new(DEFAULT_HASH_MB))),
        "pvs" => Ok(Box::new(Pvs::<G>::new(DEFAULT_HASH_MB))),
        "quiescence" => Ok(Box::new(Quiescence::<G>::new(DEFAULT_HASH_MB))),
        "selective" => Ok(Box::new(Selective::<G>::new(DEFAULT_HASH_MB))),
        "parallel" => Ok(Box::new(LazySmp::<G>::new(DEFAULT_HASH_MB))),
        "rootsplit" => Ok(Box::new(RootSplit::<G>::new(DEFAULT_HASH_MB))),
        "mtdf" => Ok(Box::new(Mtdf::<G>::new(DEFAULT_HASH_MB))),
        "oracle" => Ok(Box::new(Oracle::<G>::new())),
        // A stage listed but not built here: a bug, reported like an unknown name.
        _ => Err(unknown_stage(name, STAGES)),
    }
}

/// The names of the parts of `stage` that can be switched: stage 8's (and so those of the
/// parallel searches built on it), none for the others.
fn switch_names<G: Game>(stage: &Stage) -> Vec<&'static str> {
    match stage.name {
        "selective" | "parallel" | "rootsplit" => Selective::<G>::switch_names(),
        _ => Vec::new(),
    }
}

/// The stage before `name` on the ladder, if any (what "nodes vs previous stage" compares to).
pub fn previous_stage(name: &str) -> Option<&'static str> {
    let index = STAGES.iter().position(|s| s.name == name)?;
    index.checked_sub(1).map(|i| STAGES[i].name)
}
