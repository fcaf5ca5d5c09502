//! Perft: the legal move tree counted to a depth, through the `chess` crate's board alone, to
//! check the move generator and the FEN reader against published counts; and the same tree
//! visited node by node, the floor under the cost of any search's node.

use super::Chess;
use chess::{Board, ChessMove, MoveGen};

impl Chess {
    /// Counts the leaf nodes of the legal move tree to `depth` plies (perft). It uses the
    /// board directly, so it checks the move generator and our FEN reading, nothing else.
    pub fn perft(&self, depth: u32) -> u64 {
        perft_board(self.board(), depth)
    }

    /// Counts every node of the legal move tree to `depth` plies, the root included, visiting
    /// each one: every node generates its legal moves (the leaves too, as a search's leaves
    /// do) and every move is played, with no bulk counting. It uses the `chess` crate alone,
    /// so its cost a node is the floor under any search built on that crate: what generating
    /// a node's moves and playing one costs, and nothing else.
    pub fn perft_every_node(&self, depth: u32) -> u64 {
        every_node(self.board(), depth)
    }

    /// Perft split by first move, for finding where two move generators disagree.
    pub fn perft_divide(&self, depth: u32) -> Vec<(ChessMove, u64)> {
        let depth = depth.max(1);
        MoveGen::new_legal(self.board())
            .map(|mv| (mv, perft_board(&self.board().make_move_new(mv), depth - 1)))
            .collect()
    }
}

// ANCHOR: perft
fn perft_board(board: &Board, depth: u32) -> u64 {
    let moves = MoveGen::new_legal(board);
    match depth {
        0 => 1,
        // Bulk counting: at the last ply the number of legal moves is the number of leaves.
        1 => moves.len() as u64,
        _ => moves
            .map(|mv| perft_board(&board.make_move_new(mv), depth - 1))
            .sum(),
    }
}
// ANCHOR_END: perft

fn every_node(board: &Board, depth: u32) -> u64 {
    let moves = MoveGen::new_legal(board);
    if depth == 0 {
        // A leaf generates its moves too (a search's leaf asks whether the game is over); the
        // count is kept from the optimiser, which could otherwise drop the generation.
        std::hint::black_box(moves.count());
        return 1;
    }
    1 + moves
        .map(|mv| every_node(&board.make_move_new(mv), depth - 1))
        .sum::<u64>()
}
