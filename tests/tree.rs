//! The traced trees of `searchlab::teach::tree` are the trees the engines search: the same node
//! counts, the same scores and moves, and alpha-beta's searched plus pruned nodes make up
//! exactly minimax's tree.

use searchlab::games::tictactoe::Cell;
use searchlab::search::{AlphaBeta, Minimax};
use searchlab::teach::tree::{
    alphabeta_tree, alphabeta_tree_svg, minimax_tree, minimax_tree_svg, tree_svg, NodeState,
    TreeNode, BOOK_POSITION, FULL_DEPTH,
};
use searchlab::{Engine, Score, SearchLimits, TicTacToe};

/// The best child of a traced root, as the engines choose it: the first move with the best
/// score (the engines replace their best move only on a strictly better score).
fn best_move(root: &TreeNode) -> Option<Cell> {
    let mut best: Option<(Score, Cell)> = None;
    for child in &root.children {
        let score = -child.score.expect("root children are searched");
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, child.mv.expect("a child has a move")));
        }
    }
    best.map(|(_, mv)| mv)
}

/// Traces both trees of `cells` and checks them against the engines at full depth; returns
/// (minimax count, alpha-beta count, pruned).
fn check(cells: &str) -> (usize, usize, usize) {
    let game = TicTacToe::from_cells(cells).unwrap();
    let full = minimax_tree(&game);
    let cut = alphabeta_tree(&game);
    let limits = SearchLimits::depth(FULL_DEPTH);
    let minimax = Minimax::new().search(&mut game.clone(), &limits);
    let alphabeta = AlphaBeta::new().search(&mut game.clone(), &limits);
    assert_eq!(
        full.count() as u64,
        minimax.nodes(),
        "{cells}: minimax nodes"
    );
    assert_eq!(
        cut.count() as u64,
        alphabeta.nodes(),
        "{cells}: alpha-beta nodes"
    );
    assert_eq!(full.score, Some(minimax.score), "{cells}: minimax score");
    assert_eq!(
        cut.score,
        Some(alphabeta.score),
        "{cells}: alpha-beta score"
    );
    assert_eq!(best_move(&full), minimax.best_move, "{cells}: minimax move");
    assert_eq!(
        best_move(&cut),
        alphabeta.best_move,
        "{cells}: alpha-beta move"
    );
    assert_eq!(full.pruned(), 0, "{cells}: minimax prunes nothing");
    assert_eq!(
        cut.count() + cut.pruned(),
        full.count(),
        "{cells}: same tree"
    );
    (full.count(), cut.count(), cut.pruned())
}

#[test]
fn the_book_position_has_exact_counts() {
    assert_eq!(check(BOOK_POSITION), (34, 22, 12));
    let game = TicTacToe::from_cells(BOOK_POSITION).unwrap();
    let full = minimax_tree(&game);
    assert_eq!(full.leaves(), 17);
    assert_eq!(full.height(), 4);
    assert_eq!(full.score, Some(Score::mate_in(1)), "O wins at once");
    assert_eq!(best_move(&full).unwrap().to_string(), "b3");
    // Both trees hold the same positions in the same order; only the states differ.
    let cut = alphabeta_tree(&game);
    assert_eq!(cells_of(&full), cells_of(&cut));
}

fn cells_of(node: &TreeNode) -> Vec<String> {
    let mut out = vec![node.cells.clone()];
    for child in &node.children {
        out.extend(cells_of(child));
    }
    out
}

#[test]
fn traces_match_the_engines_on_other_positions() {
    assert_eq!(check("XOX.O.X.."), (34, 15, 19));
    assert_eq!(check("XO.X.O..."), (182, 82, 100));
    assert_eq!(check("X.O.X.O.."), (150, 59, 91));
}

#[test]
fn the_whole_game_tree_matches_the_engines() {
    assert_eq!(check("........."), (549_946, 20_866, 529_080));
}

#[test]
fn pruned_nodes_carry_no_score_and_searched_nodes_do() {
    let cut = alphabeta_tree(&TicTacToe::from_cells(BOOK_POSITION).unwrap());
    fn walk(node: &TreeNode) {
        match node.state {
            NodeState::Searched => assert!(node.score.is_some(), "{}", node.cells),
            NodeState::Pruned => {
                assert!(node.score.is_none(), "{}", node.cells);
                assert_eq!(node.label(), "?");
                assert!(node.children.iter().all(|c| c.state == NodeState::Pruned));
            }
        }
        node.children.iter().for_each(walk);
    }
    walk(&cut);
}

#[test]
fn the_drawings_show_the_counts() {
    let full = minimax_tree_svg(BOOK_POSITION).unwrap();
    let cut = alphabeta_tree_svg(BOOK_POSITION).unwrap();
    assert!(full.starts_with("<svg ") && full.trim_end().ends_with("</svg>"));
    assert!(full.contains("34 nodes searched, 0 pruned"));
    assert!(cut.contains("22 nodes searched, 12 pruned"));
    // A cut mark (✂ alone in a text element) on each edge into a pruned subtree.
    let cut_marks = |svg: &str| svg.matches(">✂</text>").count();
    assert_eq!(cut_marks(&full), 0);
    assert_eq!(
        cut_marks(&cut),
        6,
        "one mark per pruned subtree: 6 subtrees, 12 nodes"
    );
    let game = TicTacToe::from_cells(BOOK_POSITION).unwrap();
    assert_eq!(tree_svg(&alphabeta_tree(&game)), cut, "deterministic");
    assert!(minimax_tree_svg("XXX").is_err(), "a bad board is an error");
}

/// The book's committed tree figures are what `searchlab-book figures` draws today: rerun it (and
/// commit) when the trees or their drawing change.
#[test]
fn the_book_figures_are_up_to_date() {
    let figures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("book/src/figures");
    let committed = |name: &str| {
        std::fs::read_to_string(figures.join(name))
            .unwrap_or_else(|e| panic!("{name}: {e}; run `scripts/regenerate`"))
    };
    assert_eq!(
        committed("tree-minimax.svg"),
        minimax_tree_svg(BOOK_POSITION).unwrap(),
        "tree-minimax.svg is stale: run `scripts/regenerate`"
    );
    assert_eq!(
        committed("tree-alphabeta.svg"),
        alphabeta_tree_svg(BOOK_POSITION).unwrap(),
        "tree-alphabeta.svg is stale: run `scripts/regenerate`"
    );
}
