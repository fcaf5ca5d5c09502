//! The traced tic-tac-toe trees of the minimax and alpha-beta chapters, for a page that draws
//! one step by step: the course's own traces and drawing ([`searchlab_course::tree`]), whose
//! SVG numbers every node by the step the search reached it at.

use searchlab_course::tree::{
    alphabeta_tree, minimax_tree, ordered_alphabeta_tree, score_label, tree_svg, TreeNode,
};
use searchlab_engine::games::tictactoe::TicTacToe;

/// The most empty cells a page draws the tree of: five empty cells make at most 326 nodes
/// (5 + 5·4 + … + 5!), a picture that still fits a page scrolled sideways; six make up to 1,957.
pub const MAX_EMPTY_CELLS: usize = 5;

/// The searches a page can watch, by the name a request gives.
pub const SEARCHES: &str = "minimax, alphabeta and ordered (alpha-beta, best move first)";

/// The tree of the tic-tac-toe position `cells` (9 cells row by row, `X`, `O`, `.`, rows may be
/// split by `/`) as `search` walks it: its SVG, and how many nodes it searched and cut off.
pub fn tree(cells: &str, search: &str) -> Result<String, String> {
    let game = TicTacToe::from_cells(cells).map_err(|error| error.to_string())?;
    let empty = cells.chars().filter(|&c| c == '.').count();
    if empty > MAX_EMPTY_CELLS {
        return Err(format!(
            "cells={cells}: {empty} empty cells; a page draws trees of at most {MAX_EMPTY_CELLS}"
        ));
    }
    let traced: TreeNode = match search {
        "minimax" => minimax_tree(&game),
        "alphabeta" => alphabeta_tree(&game),
        "ordered" => ordered_alphabeta_tree(&game),
        other => return Err(format!("search={other}: the searches are {SEARCHES}")),
    };
    let score = traced.score.map(score_label).unwrap_or_default();
    Ok(format!(
        "{{\"search\":{},\"searched\":{},\"pruned\":{},\"score\":{},\"svg\":{}}}",
        super::request::quoted(search),
        traced.count(),
        traced.pruned(),
        super::request::quoted(&score),
        super::request::quoted(&tree_svg(&traced))
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_course::tree::BOOK_POSITION;

    /// The chapters' counts: minimax searches 34 nodes of the book's position, alpha-beta 22
    /// and cuts off 12; with the best move first it searches fewer still.
    #[test]
    fn the_trees_of_the_book_s_position_have_the_chapters_counts() {
        let minimax = tree(BOOK_POSITION, "minimax").unwrap();
        assert!(minimax.starts_with("{\"search\":\"minimax\",\"searched\":34,\"pruned\":0,\"score\":\"W1\",\"svg\":\"<svg "), "{}", &minimax[..100]);
        let alphabeta = tree(BOOK_POSITION, "alphabeta").unwrap();
        assert!(alphabeta.contains("\"searched\":22,\"pruned\":12,\"score\":\"W1\""));
        let ordered = tree(BOOK_POSITION, "ordered").unwrap();
        let searched: usize = ordered
            .split("\"searched\":")
            .nth(1)
            .and_then(|rest| rest.split(',').next())
            .and_then(|n| n.parse().ok())
            .unwrap();
        assert!(searched < 22, "{searched}");
        assert!(ordered.contains(&format!("\"pruned\":{}", 34 - searched)));
    }

    #[test]
    fn bad_trees_are_refused_with_what_is_wrong() {
        assert!(tree(".........", "minimax")
            .unwrap_err()
            .contains("9 empty cells"));
        assert!(tree("XOX", "minimax")
            .unwrap_err()
            .contains("needs 9 cells"));
        assert!(tree(BOOK_POSITION, "fast")
            .unwrap_err()
            .contains("the searches are minimax"));
    }
}
