//! The learned evaluation as the search uses it: the network of [`crate::eval::network`], with
//! its accumulators kept along the line the search is on.
//!
//! ## Why keep accumulators
//!
//! Counting a position's first-layer sums from scratch adds a row of `hidden` weights for each
//! piece on the board, some thirty rows. But a search reaches each position by one move from
//! its parent, and a move changes two to four pieces' squares ([`features::changes`]). So the
//! evaluation keeps one accumulator per ply of the line (the game's moves so far), each with
//! the key of the position it belongs to, and works out a new one from the nearest position
//! above it whose accumulator is still the line's: two to four rows a move instead of thirty.
//!
//! ## Following the line lazily
//!
//! The search does not evaluate every node (a node in check, or on the principal variation,
//! may never ask), so the evaluation does not hear of every move. It needs no hook in `play`
//! and `undo`: when asked about a position, it walks back along the game's boards
//! ([`Line::board_before`]) until it finds a ply whose kept key is that board's, then walks
//! forward, updating from each board to the next. A ply left behind by an `undo` holds
//! another position's key, so it is never mistaken for the line's. Other evaluations, and the
//! stages that use them, pay nothing for this.

use super::endgame;
use super::features;
use super::network::{Accumulator, Network};
use crate::score::Score;
use chess::Board;
use std::sync::{Arc, OnceLock};

/// The network the engine plays with unless told otherwise: trained by `searchlab train` on
/// the engine's own games (`assets/nnue/default.nnue.txt` says how), compiled into the binary
/// so that it plays from any folder.
pub const DEFAULT_NETWORK: &[u8] = include_bytes!("../../../../assets/nnue/default.nnue");

/// [`DEFAULT_NETWORK`], read once and shared by every evaluation.
pub fn default_network() -> Arc<Network> {
    static NETWORK: OnceLock<Arc<Network>> = OnceLock::new();
    NETWORK
        .get_or_init(|| {
            let network = Network::from_bytes(DEFAULT_NETWORK);
            Arc::new(network.expect("the network compiled in is a network"))
        })
        .clone()
}

/// A line of play as the evaluation follows it: the boards from the first position to the
/// current one. The chess game is one ([`crate::games::Chess`]); the evaluation knows boards,
/// not games.
pub trait Line {
    /// How many moves the line holds: the current position's ply, counted from its first.
    fn moves_played(&self) -> usize;
    /// The board `back` moves before the current one (0: the current board), if the line is
    /// that long.
    fn board_before(&self, back: usize) -> Option<&Board>;
    /// The current board.
    fn board(&self) -> &Board;
}

/// The furthest back the evaluation looks for a kept accumulator before it counts one from
/// scratch instead (each step back costs one update forward).
pub const MOST_STEPS_BACK: usize = 8;

/// One ply of the line: the accumulator of a position, and that position's key.
#[derive(Clone, Debug)]
struct Kept {
    key: Option<u64>,
    accumulator: Accumulator,
}

/// The learned evaluation, with its accumulators along the line: one per search thread.
#[derive(Clone, Debug)]
pub struct NeuralEvaluation {
    network: Arc<Network>,
    /// By the number of moves the game holds.
    line: Vec<Kept>,
    /// Accumulators counted from scratch and updated, since this evaluation was made.
    pub refreshes: u64,
    /// Updates from a parent's accumulator.
    pub updates: u64,
}

impl NeuralEvaluation {
    /// An evaluation with `network`.
    pub fn new(network: Arc<Network>) -> NeuralEvaluation {
        NeuralEvaluation {
            network,
            line: Vec::new(),
            refreshes: 0,
            updates: 0,
        }
    }

    /// The network.
    pub fn network(&self) -> &Network {
        &self.network
    }

    /// Plays with `network` from now on. The accumulators kept are the old network's, so the
    /// line is counted again from scratch at the next evaluation.
    pub fn set_network(&mut self, network: Arc<Network>) {
        self.network = network;
        self.line.clear();
    }

    // ANCHOR: evaluate
    /// The score of `game`'s position for the side to move: the network's, and against a bare
    /// king the hand-written drive towards the edge ([`endgame::drive_lone_king`]), which the
    /// network cannot have learned: its data keeps no decided position.
    pub fn evaluate(&mut self, game: &impl Line) -> Score {
        let board = game.board();
        let us = board.side_to_move();
        let ply = self.follow_line(game);
        let network = self.network.output(&self.line[ply].accumulator, us);
        let drive = endgame::drive_lone_king(board, us) - endgame::drive_lone_king(board, !us);
        Score(network + drive)
    }

    /// The accumulator of `game`'s position: kept, updated from the nearest kept one above it
    /// on the line, or counted from scratch.
    pub fn accumulator(&mut self, game: &impl Line) -> &Accumulator {
        let ply = self.follow_line(game);
        &self.line[ply].accumulator
    }

    /// Brings the accumulator of `game`'s position up to date; its ply on the line.
    fn follow_line(&mut self, game: &impl Line) -> usize {
        let ply = game.moves_played();
        while self.line.len() <= ply {
            let empty = self.network.empty_accumulator();
            self.line.push(Kept {
                key: None,
                accumulator: empty,
            });
        }
        let kept_at = |line: &[Kept], back: usize| {
            let board = game.board_before(back)?;
            (line[ply - back].key == Some(board.get_hash())).then_some(back)
        };
        // The nearest ply whose accumulator is the line's, at most MOST_STEPS_BACK above.
        let found = (0..=MOST_STEPS_BACK.min(ply)).find_map(|back| kept_at(&self.line, back));
        let start = match found {
            Some(back) => back,
            None => {
                self.refresh(ply, game.board());
                0
            }
        };
        for back in (0..start).rev() {
            // Both boards exist: the walk back reached `start`.
            if let (Some(before), Some(after)) =
                (game.board_before(back + 1), game.board_before(back))
            {
                self.update(ply - back, before, after);
            }
        }
        ply
    }
    // ANCHOR_END: evaluate

    /// Counts the accumulator of `board`, at `ply` of the line, from scratch.
    fn refresh(&mut self, ply: usize, board: &Board) {
        let kept = &mut self.line[ply];
        self.network.refresh(board, &mut kept.accumulator);
        kept.key = Some(board.get_hash());
        self.refreshes += 1;
    }

    /// The accumulator at `ply` from the one at `ply − 1`: `before` is that ply's board,
    /// `after` this one's.
    fn update(&mut self, ply: usize, before: &Board, after: &Board) {
        let Some(changes) = features::changes(before, after) else {
            return self.refresh(ply, after);
        };
        let (above, below) = self.line.split_at_mut(ply);
        let kept = &mut below[0];
        self.network
            .update(&above[ply - 1].accumulator, &changes, &mut kept.accumulator);
        kept.key = Some(after.get_hash());
        self.updates += 1;
    }
}

impl Default for NeuralEvaluation {
    /// The evaluation with the network compiled in ([`DEFAULT_NETWORK`]). An engine that plays
    /// with another is told so by its description ([`crate::search::EngineSpec::with_network`]).
    fn default() -> Self {
        NeuralEvaluation::new(default_network())
    }
}
