//! # The registry: every engine by name, and how to build each
//!
//! The roof over the ladder: the one place that knows every rung. [`STAGES`] lists the rungs
//! of the search in ladder order and [`SIDE_ENGINES`] the engines beside them, among them stage
//! 10, `neural` (the last rung's search with a learned evaluation: its lesson is in
//! `crates/engine/src/eval/`, not in a search file of its own), the strongest and the UCI default ([`strongest_stage`]);
//! each entry says what the engine adds and how it is judged. A name is written
//! once, in the engine's own file (`pvs::NAME`, which its [`Engine::name`] returns too), and
//! an engine is built by an exhaustive match on its [`StageId`], so a stage cannot be listed
//! without being buildable. A new rung is one entry in [`STAGES`], one variant of [`StageId`]
//! and one arm in [`build`].
//!
//! An engine *with its settings* (switches, threads, table size) is described by an
//! [`EngineSpec`](super::EngineSpec), read once from what a person typed.

use crate::error::{Error, Result};
use crate::game::{Game, LearnedEvaluator};
use crate::search::engine::Engine;
use crate::search::{
    alphabeta, cached, iterative, minimax, modern, mtdf, neural, oracle, ordered, parallel, pvs,
    quiescence, root_split, selective, AlphaBeta, Cached, Iterative, LazySmp, Minimax, Mtdf,
    Oracle, Ordered, Pvs, Quiescence, RootSplit, Selective,
};

/// Which engine a [`Stage`] is: each rung of the ladder, and each engine beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StageId {
    /// Stage 1, [`Minimax`].
    Minimax,
    /// Stage 2, [`AlphaBeta`].
    AlphaBeta,
    /// Stage 3, [`Iterative`].
    Iterative,
    /// Stage 4, [`Cached`].
    Cached,
    /// Stage 5, [`Ordered`].
    Ordered,
    /// Stage 6, [`Pvs`].
    Pvs,
    /// Stage 7, [`Quiescence`].
    Quiescence,
    /// Stage 8, [`Selective`].
    Selective,
    /// Stage 9, [`LazySmp`].
    Parallel,
    /// Beside the ladder: [`Mtdf`].
    Mtdf,
    /// Beside the ladder: [`Oracle`].
    Oracle,
    /// Beside the ladder: [`RootSplit`].
    RootSplit,
    /// Stage 10, [`neural`]: stage 9's search with the learned evaluation, the default.
    Neural,
    /// Stage 11, [`modern`]: stage 10 with what strong engines add.
    Modern,
}

/// A rung of the ladder: its name and what it adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stage {
    /// Which engine it is.
    pub id: StageId,
    /// The name used on the command line, in UCI `setoption name Stage` and in tests: the
    /// engine's own ([`Engine::name`]).
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

/// Every rung of the search ladder, in order; the last is the strongest search of one thread.
/// (Stage 10 is its search with a learned evaluation, and stage 11, the default, stage 10 with
/// what strong engines add: [`strongest_stage`].)
pub const STAGES: &[Stage] = &[
    Stage {
        id: StageId::Minimax,
        name: minimax::NAME,
        summary: "every move to a fixed depth",
        fixed_depth: true,
        judged_by_strength: false,
        parallel: false,
    },
    Stage {
        id: StageId::AlphaBeta,
        name: alphabeta::NAME,
        summary: "minimax with an (alpha, beta) window and cut-offs",
        fixed_depth: true,
        judged_by_strength: false,
        parallel: false,
    },
    Stage {
        id: StageId::Iterative,
        name: iterative::NAME,
        summary: "iterative deepening with a time limit, previous PV first",
        fixed_depth: false,
        judged_by_strength: false,
        parallel: false,
    },
    Stage {
        id: StageId::Cached,
        name: cached::NAME,
        summary: "iterative deepening plus a transposition table",
        fixed_depth: false,
        judged_by_strength: false,
        parallel: false,
    },
    Stage {
        id: StageId::Ordered,
        name: ordered::NAME,
        summary: "the cached engine with move ordering: hash move, MVV-LVA, killers, history",
        fixed_depth: false,
        judged_by_strength: false,
        parallel: false,
    },
    Stage {
        id: StageId::Pvs,
        name: pvs::NAME,
        summary:
            "principal variation search: null windows after the first move, aspiration windows",
        fixed_depth: false,
        judged_by_strength: false,
        parallel: false,
    },
    Stage {
        id: StageId::Quiescence,
        name: quiescence::NAME,
        summary: "at the horizon, captures until the position is quiet (SEE, delta pruning)",
        fixed_depth: false,
        judged_by_strength: true,
        parallel: false,
    },
    Stage {
        id: StageId::Selective,
        name: selective::NAME,
        summary: "extensions, null move, futility, late move reductions; the full evaluation",
        fixed_depth: false,
        judged_by_strength: true,
        parallel: false,
    },
    Stage {
        id: StageId::Parallel,
        name: parallel::NAME,
        summary: "Lazy SMP: stage 8 on every thread, sharing one lock-free table (threads=N)",
        fixed_depth: false,
        judged_by_strength: true,
        parallel: true,
    },
];

/// Engines beside the ladder's search files: searches to compare the rungs with, and stage 10,
/// which adds an evaluation, not a search. They can be run wherever a stage can (`--stage
/// oracle`); the UCI engine plays the ladder and stage 10 ([`uci_stages`]).
pub const SIDE_ENGINES: &[Stage] = &[
    Stage {
        id: StageId::Mtdf,
        name: mtdf::NAME,
        summary: "MTD(f): the ordered search driven by null windows alone",
        fixed_depth: false,
        judged_by_strength: false,
        parallel: false,
    },
    Stage {
        id: StageId::Oracle,
        name: oracle::NAME,
        summary:
            "alpha-beta with a perfect move order: the fewest nodes plain alpha-beta can visit",
        fixed_depth: true,
        judged_by_strength: false,
        parallel: false,
    },
    Stage {
        id: StageId::RootSplit,
        name: root_split::NAME,
        summary: "root splitting: the root's moves shared out among threads (threads=N)",
        fixed_depth: false,
        judged_by_strength: true,
        parallel: true,
    },
    Stage {
        id: StageId::Neural,
        name: neural::NAME,
        summary: "stage 9 with a learned evaluation: a small network trained on self-play",
        fixed_depth: false,
        judged_by_strength: true,
        parallel: true,
    },
    Stage {
        id: StageId::Modern,
        name: modern::NAME,
        summary: "stage 10 with singular extensions, improving, correction history, history \
                  in reductions and a clock that reads the search",
        fixed_depth: false,
        judged_by_strength: true,
        parallel: true,
    },
];

/// The engines UCI's `Stage` option offers: the ladder's stages, stage 10, the neural one, and
/// stage 11 (the default: see the book's chapter "What strong engines add").
pub fn uci_stages() -> Vec<&'static Stage> {
    let beyond = |s: &&Stage| matches!(s.id, StageId::Neural | StageId::Modern);
    STAGES
        .iter()
        .chain(SIDE_ENGINES.iter().filter(beyond))
        .collect()
}

/// Finds the engine of [`uci_stages`] called `name`, as [`find_stage`] does; an unknown name is
/// an error that lists them.
pub fn find_uci_stage(name: &str) -> Result<&'static Stage> {
    let offered = uci_stages();
    offered
        .iter()
        .find(|stage| stage.name.eq_ignore_ascii_case(name.trim()))
        .copied()
        .ok_or_else(|| {
            let all: Vec<Stage> = offered.iter().map(|&&stage| stage).collect();
            unknown_stage(name, &all)
        })
}

/// The name of the strongest stage, used when none is chosen (UCI's `Stage`, and `--stage` on the
/// command line): stage 11, `modern`, with the third network, since its match against stage 10
/// with the second at 5 s + 0.05 s a game cleared the bar the project set for a new default
/// (the book's chapter "What strong engines add").
pub fn strongest_stage() -> &'static str {
    modern::NAME
}

/// The project's strength aim: an even score against Stockfish playing at this `UCI_Elo`
/// (`UCI_LimitStrength`), the absolute anchor the book's Stockfish matches measure against.
pub const STRENGTH_AIM_ELO: u32 = 2400;

/// Size of a transposition table when none is asked for, in megabytes.
pub const DEFAULT_HASH_MB: usize = 16;

/// The smallest table size an engine accepts (`hash=N`, UCI's `Hash`), in megabytes.
pub const HASH_MIN_MB: usize = 1;

/// The largest table size an engine accepts, in megabytes.
pub const HASH_MAX_MB: usize = 4096;

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

/// The stage before `name` on the ladder, if any (what "nodes vs previous stage" compares to).
pub fn previous_stage(name: &str) -> Option<&'static str> {
    let index = STAGES.iter().position(|s| s.name == name)?;
    index.checked_sub(1).map(|i| STAGES[i].name)
}

impl Stage {
    /// Whether the engine evaluates with the learned network (stages 10 and 11): the one
    /// `EvalFile` and `--eval-file` choose, and a data file's header names.
    pub fn evaluates_with_network(&self) -> bool {
        matches!(self.id, StageId::Neural | StageId::Modern)
    }

    /// The names of the parts of this engine that can be switched off when it searches `G`:
    /// stage 8's pieces and its evaluator's parts, for stage 8 and the parallel searches built
    /// on it; none for the others.
    pub fn switch_names<G: Game>(&self) -> Vec<&'static str> {
        match self.id {
            StageId::Selective | StageId::Parallel | StageId::RootSplit => {
                Selective::<G>::switch_names()
            }
            StageId::Neural | StageId::Modern => {
                Selective::<G, LearnedEvaluator<G>>::switch_names()
            }
            StageId::Minimax
            | StageId::AlphaBeta
            | StageId::Iterative
            | StageId::Cached
            | StageId::Ordered
            | StageId::Pvs
            | StageId::Quiescence
            | StageId::Mtdf
            | StageId::Oracle => Vec::new(),
        }
    }
}

// ANCHOR: build
/// A new engine of `stage` with a transposition table of about `hash_mb` MB (the stages
/// without a table have none to size), every part on, on one thread.
pub fn build<G: Game + 'static>(stage: &Stage, hash_mb: usize) -> Box<dyn Engine<G>> {
    match stage.id {
        StageId::Minimax => Box::new(Minimax::new()),
        StageId::AlphaBeta => Box::new(AlphaBeta::new()),
        StageId::Iterative => Box::new(Iterative::new()),
        StageId::Cached => Box::new(Cached::<G>::new(hash_mb)),
        StageId::Ordered => Box::new(Ordered::<G>::new(hash_mb)),
        StageId::Pvs => Box::new(Pvs::<G>::new(hash_mb)),
        StageId::Quiescence => Box::new(Quiescence::<G>::new(hash_mb)),
        StageId::Selective => Box::new(Selective::<G>::new(hash_mb)),
        StageId::Parallel => Box::new(LazySmp::<G>::new(hash_mb)),
        StageId::Mtdf => Box::new(Mtdf::<G>::new(hash_mb)),
        StageId::Oracle => Box::new(Oracle::<G>::new()),
        StageId::RootSplit => Box::new(RootSplit::<G>::new(hash_mb)),
        StageId::Neural => Box::new(neural::new::<G>(hash_mb)),
        StageId::Modern => Box::new(modern::new::<G>(hash_mb)),
    }
}
// ANCHOR_END: build

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Chess, TicTacToe};

    #[test]
    fn every_engine_is_built_under_its_own_name() {
        for stage in STAGES.iter().chain(SIDE_ENGINES) {
            assert_eq!(build::<Chess>(stage, 1).name(), stage.name);
            assert_eq!(build::<TicTacToe>(stage, 1).name(), stage.name);
        }
        let ids: std::collections::HashSet<StageId> =
            STAGES.iter().chain(SIDE_ENGINES).map(|s| s.id).collect();
        assert_eq!(ids.len(), 14, "each engine listed once");
        assert_eq!(STAGES.len() + SIDE_ENGINES.len(), 14);
    }

    #[test]
    fn the_default_is_stage_11_and_uci_offers_it() {
        let default = find_engine(strongest_stage()).unwrap();
        assert_eq!(default.id, StageId::Modern);
        assert!(
            default.judged_by_strength && default.parallel,
            "it plays on threads"
        );
        assert_eq!(
            find_uci_stage(strongest_stage()).unwrap().id,
            StageId::Modern
        );
        assert!(
            find_stage(strongest_stage()).is_err(),
            "beside the search ladder"
        );
    }

    #[test]
    fn stage_8_and_the_searches_on_it_switch_pieces_and_terms() {
        let selective = find_stage("selective").unwrap();
        let names = selective.switch_names::<Chess>();
        assert!(names.contains(&"null_move") && names.contains(&"mobility"));
        assert_eq!(
            find_stage("parallel").unwrap().switch_names::<Chess>(),
            names
        );
        // Tic-tac-toe's evaluator has nothing to switch: only the pieces are left, stage 8's
        // and stage 11's.
        let pieces: Vec<&str> = selective::PIECE_NAMES
            .iter()
            .chain(selective::Modern::NAMES)
            .copied()
            .collect();
        assert_eq!(selective.switch_names::<TicTacToe>(), pieces);
        assert_eq!(
            find_engine("modern").unwrap().switch_names::<Chess>(),
            find_engine("neural").unwrap().switch_names::<Chess>()
        );
        assert!(find_stage("pvs")
            .unwrap()
            .switch_names::<Chess>()
            .is_empty());
    }
}
