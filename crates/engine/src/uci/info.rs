//! What the engine says: the answer to `uci`, and the `info` lines of a search.

use super::{COMPILED_IN_NETWORK, ENGINE_AUTHOR, ENGINE_NAME, MAX_MULTIPV};
use crate::game::Game;
use crate::games::Chess;
use crate::limits::{DEFAULT_MOVE_OVERHEAD, MAX_MOVE_OVERHEAD_MS};
use crate::score::{Depth, Score};
use crate::search::{
    strongest_stage, threads::MAX_THREADS, uci_stages, DEFAULT_HASH_MB, HASH_MAX_MB, HASH_MIN_MB,
};
use crate::stats::{nodes_per_second, Iteration, SearchResult};
use chess::ChessMove;
use std::time::Duration;

/// The lines that answer `uci`: identity, options, `uciok`. `eval_file` is the network the
/// engine was started with (`searchlab --eval-file FILE uci`), which `EvalFile` shows as its
/// default; `None`: the compiled-in one.
pub fn uci_lines(eval_file: Option<&str>) -> Vec<String> {
    let stages: Vec<String> = uci_stages()
        .iter()
        .map(|s| format!("var {}", s.name))
        .collect();
    vec![
        format!("id name {ENGINE_NAME}"),
        format!("id author {ENGINE_AUTHOR}"),
        format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min {HASH_MIN_MB} max {HASH_MAX_MB}"
        ),
        format!(
            "option name Move Overhead type spin default {} min 0 max {MAX_MOVE_OVERHEAD_MS}",
            DEFAULT_MOVE_OVERHEAD.as_millis()
        ),
        format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
        format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"),
        "option name Ponder type check default false".to_string(),
        format!(
            "option name Stage type combo default {} {}",
            strongest_stage(),
            stages.join(" ")
        ),
        format!(
            "option name EvalFile type string default {}",
            eval_file.unwrap_or(COMPILED_IN_NETWORK)
        ),
        "uciok".to_string(),
    ]
}

// ANCHOR: info
/// The `info` line for one completed iteration.
pub fn iteration_info(iteration: &Iteration) -> String {
    info_line(
        InfoScore {
            depth: iteration.depth,
            seldepth: iteration.seldepth,
            multipv: None,
            score: iteration.score,
        },
        iteration.nodes,
        iteration.time,
        iteration.hashfull,
        &iteration.pv,
    )
}

/// The summary `info` line of a finished search: totals, and how full the table is. A search
/// stopped before it completed any depth reports depth 0, its counters, and no score or line
/// (it has none it could stand by).
pub fn result_info(result: &SearchResult<ChessMove>, hashfull: u32) -> String {
    if result.depth == 0 {
        return format!("info depth 0 {}", totals(result, hashfull));
    }
    let pv: Vec<String> = result.pv.iter().map(|m| m.to_string()).collect();
    info_line(
        InfoScore {
            depth: result.depth,
            seldepth: result.stats.seldepth,
            multipv: None,
            score: result.score,
        },
        result.nodes(),
        result.time,
        hashfull,
        &pv,
    )
}

/// The `info` line that ends a search, if it says something the iteration lines did not:
/// `last_reported` is the node count of the last iteration line sent, `None` if none was
/// (then the summary is the search's only line, as for the fixed-depth stages). After
/// iteration lines, only totals the last of them did not have (the nodes of an iteration cut
/// short, or of the helper threads) are worth a line, and it repeats no score or line.
pub fn final_info(
    result: &SearchResult<ChessMove>,
    hashfull: u32,
    last_reported: Option<u64>,
) -> Option<String> {
    match last_reported {
        None => Some(result_info(result, hashfull)),
        Some(nodes) if result.nodes() > nodes => Some(format!("info {}", totals(result, hashfull))),
        Some(_) => None,
    }
}

/// A search's totals as `info` gives them: `nodes N nps S time T hashfull H`.
fn totals(result: &SearchResult<ChessMove>, hashfull: u32) -> String {
    format!(
        "nodes {} nps {} time {} hashfull {hashfull}",
        result.nodes(),
        result.nps(),
        result.time.as_millis()
    )
}

/// What an `info` line says about one line of play: its depth, its deepest ply, which of the
/// best lines it is (with MultiPV), and its score.
#[derive(Clone, Copy, Debug)]
pub struct InfoScore {
    /// The depth searched.
    pub depth: Depth,
    /// The deepest ply reached (at least the depth and the length of the line are shown).
    pub seldepth: Depth,
    /// Which of the best lines this is (1 for the best), when several are asked for.
    pub multipv: Option<usize>,
    /// The line's score.
    pub score: Score,
}

/// An `info` line: depth, seldepth, multipv (if given), score, nodes, nps, time, hashfull and,
/// if there is a line to show, ` pv <moves>`.
pub fn info_line(
    about: InfoScore,
    nodes: u64,
    time: Duration,
    hashfull: u32,
    pv: &[String],
) -> String {
    let InfoScore {
        depth,
        seldepth,
        multipv,
        score,
    } = about;
    let seldepth = seldepth.max(pv.len() as Depth).max(depth);
    let multipv = multipv.map_or(String::new(), |k| format!(" multipv {k}"));
    let mut line = format!(
        "info depth {depth} seldepth {seldepth}{multipv} score {score} nodes {nodes} nps {} time {} hashfull {hashfull}",
        nodes_per_second(nodes, time),
        time.as_millis(),
    );
    if !pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    line
}

/// The answer in a position with no legal move: `score mate 0` when checkmated, `score cp 0`
/// when stalemated (see the module docs).
pub fn no_move_info(game: &Chess) -> String {
    let score = if game.in_check() {
        Score::mated_in(0)
    } else {
        Score::DRAW
    };
    format!("info depth 0 score {score}")
}
// ANCHOR_END: info

/// `info string <message>`, on one line whatever the message holds.
pub fn info_string(message: impl std::fmt::Display) -> String {
    let text = message.to_string().replace(['\r', '\n'], " ");
    format!("info string {text}")
}

/// `bestmove`: the move, and the reply the engine expects (to ponder on) when there is one;
/// `bestmove (none)` without a move.
pub fn bestmove_line(best: Option<ChessMove>, ponder: Option<ChessMove>) -> String {
    match (best, ponder) {
        (Some(mv), Some(reply)) => format!("bestmove {mv} ponder {reply}"),
        (Some(mv), None) => format!("bestmove {mv}"),
        (None, _) => "bestmove (none)".to_string(),
    }
}
