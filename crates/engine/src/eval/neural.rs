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
//! ([`Chess::board_before`]) until it finds a ply whose kept key is that board's, then walks
//! forward, updating from each board to the next. A ply left behind by an `undo` holds
//! another position's key, so it is never mistaken for the line's. Other evaluations, and the
//! stages that use them, pay nothing for this.

use super::endgame;
use super::features;
use super::network::{Accumulator, Network};
use crate::game::Evaluator;
use crate::games::Chess;
use crate::score::Score;
use chess::Board;
use std::sync::{Arc, OnceLock, RwLock};

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

/// The network chosen instead of the compiled-in one (UCI's `EvalFile`), if any.
static CHOSEN: RwLock<Option<Arc<Network>>> = RwLock::new(None);

/// Makes `network` the one every neural evaluation made from now on plays with (`None`: the
/// compiled-in [`default_network`] again). Evaluations already made keep theirs, so an engine
/// takes a new network when it is built again (the UCI loop rebuilds it on `EvalFile`).
pub fn choose_network(network: Option<Arc<Network>>) {
    let mut chosen = CHOSEN
        .write()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    *chosen = network;
}

/// The network new neural evaluations play with: the one chosen ([`choose_network`]), or the
/// compiled-in one.
pub fn chosen_network() -> Arc<Network> {
    let chosen = CHOSEN
        .read()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    chosen.clone().unwrap_or_else(default_network)
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

    // ANCHOR: evaluate
    /// The score of `game`'s position for the side to move: the network's, and against a bare
    /// king the hand-written drive towards the edge ([`endgame::drive_lone_king`]), which the
    /// network cannot have learned: its data keeps no decided position.
    pub fn evaluate(&mut self, game: &Chess) -> Score {
        let board = game.board();
        let us = board.side_to_move();
        let ply = self.follow_line(game);
        let network = self.network.output(&self.line[ply].accumulator, us);
        let drive = endgame::drive_lone_king(board, us) - endgame::drive_lone_king(board, !us);
        Score(network + drive)
    }

    /// The accumulator of `game`'s position: kept, updated from the nearest kept one above it
    /// on the line, or counted from scratch.
    pub fn accumulator(&mut self, game: &Chess) -> &Accumulator {
        let ply = self.follow_line(game);
        &self.line[ply].accumulator
    }

    /// Brings the accumulator of `game`'s position up to date; its ply on the line.
    fn follow_line(&mut self, game: &Chess) -> usize {
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
    /// The evaluation with the chosen network ([`chosen_network`]): the one compiled in
    /// ([`DEFAULT_NETWORK`]) unless another was chosen.
    fn default() -> Self {
        NeuralEvaluation::new(chosen_network())
    }
}

// ANCHOR: evaluator
/// What the neural stage evaluates with.
impl Evaluator<Chess> for NeuralEvaluation {
    fn evaluate(&mut self, game: &Chess) -> Score {
        NeuralEvaluation::evaluate(self, game)
    }
}
// ANCHOR_END: evaluator

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::network::tests::random_network;
    use crate::game::Game;
    use crate::rng::SplitMix64;

    /// Random legal games, taking moves back now and then and evaluating only some positions:
    /// every evaluated accumulator must equal the one counted from the board, exactly.
    #[test]
    fn the_kept_accumulators_equal_those_counted_from_scratch() {
        let network = Arc::new(random_network(32, 11));
        let mut evaluation = NeuralEvaluation::new(network.clone());
        let mut rng = SplitMix64::new(5);
        let mut seen = [0usize; 4]; // captures, castles, promotions, en passant
        let mut checked = 0;
        for _ in 0..40 {
            let mut game = Chess::start();
            for _ in 0..200 {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Captures and promotions first when there are any, half the time: games
                // that reach promotions and en passant soon.
                let noisy: Vec<_> = moves
                    .iter()
                    .filter(|&&m| game.capture(m).is_some())
                    .collect();
                let mv = if !noisy.is_empty() && rng.below(2) == 0 {
                    *noisy[rng.below(noisy.len())]
                } else {
                    moves[rng.below(moves.len())]
                };
                let text = mv.to_string();
                let board = *game.board();
                let piece = board.piece_on(mv.get_source());
                let pawn = piece == Some(chess::Piece::Pawn);
                let king = piece == Some(chess::Piece::King);
                seen[0] += usize::from(board.piece_on(mv.get_dest()).is_some());
                let file_step = text.as_bytes()[0].abs_diff(text.as_bytes()[2]);
                seen[1] += usize::from(king && file_step == 2);
                seen[2] += usize::from(text.len() == 5);
                seen[3] +=
                    usize::from(pawn && file_step == 1 && board.piece_on(mv.get_dest()).is_none());
                game.play(mv);
                if rng.below(6) == 0 {
                    game.undo(); // and another move is tried from the same position
                    continue;
                }
                if rng.below(3) == 0 {
                    let kept = evaluation.accumulator(&game).clone();
                    let mut fresh = network.empty_accumulator();
                    network.refresh(game.board(), &mut fresh);
                    assert_eq!(kept, fresh, "{}", game.fen());
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000, "{checked}");
        assert!(
            seen.iter().all(|&count| count > 0),
            "captures, castles, promotions, en passant: {seen:?}"
        );
        assert!(
            evaluation.updates > 4 * evaluation.refreshes,
            "{} updates, {} refreshes",
            evaluation.updates,
            evaluation.refreshes
        );
    }

    #[test]
    fn the_network_compiled_in_reads_and_prefers_the_side_a_queen_up() {
        let network = default_network();
        let queen_up = Chess::from_fen("4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1").unwrap();
        let mut evaluation = NeuralEvaluation::default();
        assert!(network.hidden() > 0);
        assert!(evaluation.evaluate(&queen_up).0 > 300);
    }

    #[test]
    fn the_score_is_the_networks_from_scratch() {
        let network = Arc::new(random_network(16, 2));
        let mut evaluation = NeuralEvaluation::new(network.clone());
        let mut game = Chess::start();
        for uci in ["e2e4", "c7c5", "g1f3", "d7d6", "d2d4", "c5d4", "f3d4"] {
            game.play_uci(uci).unwrap();
            assert_eq!(evaluation.evaluate(&game).0, network.evaluate(game.board()));
        }
    }
}
