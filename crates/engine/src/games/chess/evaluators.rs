//! Chess's evaluations, wired to the game: the full evaluation of stage 8 and up, and the
//! learned one of stage 10, each told where the line the search is on came from.
//!
//! The evaluations ([`crate::eval`]) know boards, not games; the game knows the evaluations.
//! This file is the one place where the two meet, so the arrows run one way: the game, then the
//! evaluations, then the board.

use super::Chess;
use crate::eval::network::Network;
use crate::eval::{self, neural::Line, neural::NeuralEvaluation};
use crate::game::Evaluator;
use crate::score::Score;
use chess::Board;
use std::sync::Arc;

// ANCHOR: evaluator
/// Chess's full evaluation, as the knowledge stages (8 and up) reach it through the game: the
/// weights-times-features evaluation of [`crate::eval`], with its pawn cache, and its terms
/// and weights as the engine's switches.
impl Evaluator<Chess> for eval::Evaluation {
    type Learned = NeuralEvaluation;

    fn evaluate(&mut self, game: &Chess) -> Score {
        let parent = game.earlier.last().map(|frame| &frame.board);
        self.evaluate_in_line(game.board(), parent, game.earlier.len())
    }

    fn switch_names() -> Vec<&'static str> {
        eval::Evaluation::switch_names()
    }

    fn switch(&mut self, name: &str, on: bool) -> bool {
        eval::Evaluation::switch(self, name, on)
    }
}
// ANCHOR_END: evaluator

/// What the neural stage evaluates with: the network's evaluation, following the game's line.
impl Evaluator<Chess> for NeuralEvaluation {
    type Learned = NeuralEvaluation;

    fn evaluate(&mut self, game: &Chess) -> Score {
        NeuralEvaluation::evaluate(self, game)
    }

    fn set_network(&mut self, network: &Arc<Network>) -> bool {
        NeuralEvaluation::set_network(self, network.clone());
        true
    }
}

/// The game's positions, as the learned evaluation walks back along them.
impl Line for Chess {
    fn moves_played(&self) -> usize {
        Chess::moves_played(self)
    }

    fn board_before(&self, back: usize) -> Option<&Board> {
        Chess::board_before(self, back)
    }

    fn board(&self) -> &Board {
        Chess::board(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::network::tests::random_network;
    use crate::eval::neural::default_network;
    use crate::game::Game;
    use crate::rng::SplitMix64;
    use std::sync::Arc;

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
