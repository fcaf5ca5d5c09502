//! # MultiPV: the best few moves, each with its score and line
//!
//! An analysis GUI (and a learner asking "what else was there?") wants more than the best
//! move: the best *k* root moves, each with its own score and principal variation. The
//! stages search for one best move, and a cut-off only proves a move worse than the best, not
//! by how much; so the k lines come from k searches of the root, each without the moves the
//! lines before it found. With [`SearchLimits::root_moves`] that needs nothing from the
//! stages: the search for line *j* is an ordinary search of the root moves lines 1 to j − 1
//! did not take.
//!
//! It runs depth by depth, as iterative deepening does: every line to depth 1, then every
//! line to depth 2, and so on, each depth's lines reported together (`info … multipv k …`),
//! in order of score, once all of them are complete. So analysis under `go infinite` shows
//! all its lines from the start and deepens them together. Each search to depth d deepens
//! from depth 1 again inside the stage, but the transposition table keeps what the earlier
//! searches learned, so the shallow depths are mostly table hits.
//!
//! The limits are the search's, all of them at once: one clock (the searches share its start,
//! so the hard limit cuts whichever search runs then), one node budget, one `stop`; no new
//! depth starts after the soft limit. A depth that did not complete is not reported, and
//! `bestmove` is the first line of the last complete depth.
//!
//! With `MultiPV` at 1 (the default) none of this runs: the search is the stage's own.

use super::info::{info_line, InfoScore};
use crate::clock::Instant;
use crate::games::Chess;
use crate::limits::{ClockStart, SearchLimits, Stopper};
use crate::score::{Depth, Score};
use crate::search::deepening::{max_iteration_depth, DEFAULT_DEPTH};
use crate::search::registry::Stage;
use crate::search::Engine;
use chess::ChessMove;

/// What the GUI asked for beyond the limits.
#[derive(Clone, Copy, Debug)]
pub(super) struct Asked {
    /// How many lines (the `MultiPV` option).
    pub lines: usize,
    /// `go mate N`: stop once the best line mates in N moves or fewer.
    pub mate: Option<u32>,
}

/// One of the best lines, as a search to its depth found it.
#[derive(Clone, Debug)]
struct Line {
    /// The depth searched (the stage's own, for a fixed-depth stage).
    depth: Depth,
    score: Score,
    seldepth: Depth,
    moves: Vec<ChessMove>,
}

/// Searches `game` for the `asked.lines` best root moves (at most as many as there are),
/// reporting each complete depth with `say`; returns the best line (its first move is the
/// one to play), or the move of the first search should no depth complete.
pub(super) fn search_lines(
    engine: &mut dyn Engine<Chess>,
    stage: &Stage,
    game: &mut Chess,
    limits: &SearchLimits,
    asked: Asked,
    say: &dyn Fn(String),
) -> Vec<ChessMove> {
    // One clock for every search: started now if the caller has not started it.
    let mut limits = limits.clone();
    let clock = limits
        .clock_start
        .get_or_insert_with(|| ClockStart::at(Instant::now()))
        .clone();
    let mut stopper = Stopper::new(&limits);
    let candidates: Vec<String> = limits
        .root_moves(game)
        .iter()
        .map(ToString::to_string)
        .collect();
    let wanted = asked.lines.min(candidates.len());
    // A fixed-depth stage searches its one depth (as the limits choose it); an iterative one
    // goes deeper as long as the limits allow.
    let depths: Vec<Option<Depth>> = if stage.fixed_depth {
        vec![limits.depth]
    } else {
        (1..=max_iteration_depth(&limits, DEFAULT_DEPTH))
            .map(Some)
            .collect()
    };
    let mut nodes = 0u64;
    let mut best: Vec<Line> = Vec::new();
    let mut first_move = None;
    'deepening: for depth in depths {
        if !best.is_empty() && !stopper.may_start_iteration() {
            break;
        }
        let mut lines: Vec<Line> = Vec::with_capacity(wanted);
        for _ in 0..wanted {
            let taken: Vec<String> = lines.iter().map(|l| l.moves[0].to_string()).collect();
            let search = SearchLimits {
                depth: depth.or(limits.depth),
                nodes: limits.nodes.map(|n| n.saturating_sub(nodes).max(1)),
                root_moves: Some(
                    candidates
                        .iter()
                        .filter(|c| !taken.contains(c))
                        .cloned()
                        .collect(),
                ),
                clock_start: Some(clock.clone()),
                ..limits.clone()
            };
            let result = engine.search(game, &search);
            nodes += result.nodes();
            first_move = first_move.or(result.best_move);
            let out_of_nodes = limits.nodes.is_some_and(|n| nodes >= n);
            let reached = result.depth > 0
                && (depth.is_none_or(|d| result.depth >= d) || result.score.is_mate());
            if stopper.poll() || out_of_nodes || !reached {
                break 'deepening;
            }
            let moves = result.line();
            if moves.is_empty() {
                break 'deepening;
            }
            lines.push(Line {
                depth: depth.unwrap_or(result.depth),
                score: result.score,
                seldepth: result.stats.seldepth,
                moves,
            });
        }
        // Best first; lines of equal score in the order they were found.
        lines.sort_by_key(|line| std::cmp::Reverse(line.score));
        let hashfull = engine.hashfull();
        for (k, line) in lines.iter().enumerate() {
            let pv: Vec<String> = line.moves.iter().map(ToString::to_string).collect();
            let about = InfoScore {
                depth: line.depth,
                seldepth: line.seldepth,
                multipv: Some(k + 1),
                score: line.score,
            };
            say(info_line(about, nodes, stopper.elapsed(), hashfull, &pv));
        }
        best = lines;
        // Deeper cannot change a line whose mate is proven within its depth; and `go mate N`
        // ends once the best line is such a mate.
        let proven = |line: &Line| line.score.mate_plies().is_some_and(|p| p <= line.depth);
        let mate_found = best.first().is_some_and(|line| {
            asked
                .mate
                .is_some_and(|moves| line.score.mates_within(moves))
        });
        if mate_found || best.iter().all(proven) {
            break;
        }
    }
    match best.into_iter().next() {
        Some(line) => line.moves,
        None => first_move.into_iter().collect(),
    }
}
