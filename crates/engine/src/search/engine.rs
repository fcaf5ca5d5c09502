//! # The floor every rung stands on: the `Engine` trait and the helpers all stages share
//!
//! Every stage of the ladder, and every engine beside it, is an [`Engine`]: give it a game and
//! limits, get a [`SearchResult`] back. So the tests, the `compare` table, the charts, the
//! notebooks and the UCI loop treat them all alike. The two fixed-depth stages (minimax and
//! alpha-beta) and the oracle also share how they pick their depth ([`fixed_depth`]) and build
//! their result ([`fixed_depth_result`]); every stage that may face a finished game scores it
//! with [`score_without_moves`].

use crate::eval::network::Network;
use crate::game::Game;
use crate::limits::{NodeCounter, SearchLimits, MAX_DEPTH};
use crate::score::{Depth, Score};
use crate::stats::{Iteration, SearchResult};
use std::fmt::Display;
use std::sync::Arc;

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

    /// Searches on `threads` threads from now on. Only the parallel searches can; the other
    /// stages accept 1 and refuse more (`false`, and nothing changes).
    fn set_threads(&mut self, threads: usize) -> bool {
        threads == 1
    }

    /// How many threads the engine searches on.
    fn threads(&self) -> usize {
        1
    }

    /// Sets a function called after every completed iteration (the UCI loop prints `info`
    /// lines with it).
    fn set_iteration_observer(&mut self, _observer: Option<IterationObserver>) {}

    /// Switches the part called `name` on or off (the selective stage's pieces, its
    /// evaluation's terms: see [`crate::switches`]); `false` if the engine has no such part,
    /// as the stages below stage 8 have none.
    fn switch(&mut self, _name: &str, _on: bool) -> bool {
        false
    }

    /// Plays with `network` from now on: the learned evaluation of stage 10 does; `false` for
    /// an engine whose evaluation has no network.
    fn set_network(&mut self, _network: &Arc<Network>) -> bool {
        false
    }
}

/// A function told about each completed iteration as it happens.
pub type IterationObserver = Box<dyn FnMut(&Iteration) + Send>;

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
/// Builds the result of a fixed-depth search.
///
/// A search that was stopped (by time, nodes or `stop`) completed no depth: it reports depth 0
/// and plays the best root move it finished, or the first legal move if it finished none (its
/// score is then a placeholder draw). Either way the move is legal.
pub fn fixed_depth_result<G: Game>(
    game: &G,
    best_move: Option<G::Move>,
    best_score: Score,
    depth: Depth,
    counter: &NodeCounter,
) -> SearchResult<G::Move> {
    let (best_move, score, depth) = match best_move {
        _ if !counter.stopped() => (best_move, best_score, depth),
        Some(mv) => (Some(mv), best_score, 0),
        None => (game.legal_moves().first().copied(), Score::DRAW, 0),
    };
    let score = if best_move.is_none() {
        score_without_moves(game)
    } else {
        score
    };
    one_search_result(best_move, score, depth, counter)
}
// ANCHOR_END: fixed_depth_result

/// The result of a search done in one go (not deepened): `best_move` is its line, and unless
/// it was stopped it is the one iteration, to `depth`.
fn one_search_result<M: Copy + Display>(
    best_move: Option<M>,
    score: Score,
    depth: Depth,
    counter: &NodeCounter,
) -> SearchResult<M> {
    let time = counter.stopper.elapsed();
    let stats = counter.stats;
    let pv: Vec<M> = best_move.into_iter().collect();
    let iterations = if counter.stopped() {
        Vec::new()
    } else {
        vec![Iteration {
            depth,
            score,
            nodes: stats.nodes,
            time,
            seldepth: depth,
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
