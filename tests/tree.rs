//! The traced trees of `searchlab::teach::tree` are the trees the engines search: the same node
//! counts, the same scores and moves, and alpha-beta's searched plus pruned nodes make up
//! exactly minimax's tree. Alpha-beta with the best move first has no engine stage to match (no
//! stage orders by an oracle), so it is held to the minimax tree and to a count written apart
//! here. The drawings number the nodes by the search's steps.

use searchlab::games::tictactoe::Cell;
use searchlab::search::{AlphaBeta, Minimax};
use searchlab::teach::tree::{
    alphabeta_tree, alphabeta_tree_svg, minimax_tree, minimax_tree_svg, ordered_alphabeta_tree,
    ordered_alphabeta_tree_svg, tree_svg, NodeState, TreeNode, BOOK_POSITION, FULL_DEPTH,
};
use searchlab::{Engine, Game, Ply, Score, SearchLimits, TicTacToe};
use std::collections::{BTreeSet, HashMap};

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

/// Traces the three trees of `cells` and checks minimax's and alpha-beta's against the engines
/// at full depth, alpha-beta with the best move first against minimax's tree
/// ([`check_ordered`]); returns (minimax count, alpha-beta count, pruned, best-first count).
fn check(cells: &str) -> (usize, usize, usize, usize) {
    let game = TicTacToe::from_cells(cells).unwrap();
    let full = minimax_tree(&game);
    let cut = alphabeta_tree(&game);
    let ordered = ordered_alphabeta_tree(&game);
    check_ordered(cells, &full, &ordered);
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
    (full.count(), cut.count(), cut.pruned(), ordered.count())
}

/// Checks the best-first tree `ordered` of `cells` against its minimax tree `full`: the same
/// score and move, the same nodes in all (searched plus pruned), each node's children best
/// first by their minimax values, ties in move-generation order, and as many nodes searched as
/// [`best_first_nodes`] counts.
fn check_ordered(cells: &str, full: &TreeNode, ordered: &TreeNode) {
    assert_eq!(ordered.score, full.score, "{cells}: best-first score");
    assert_eq!(
        best_move(ordered),
        best_move(full),
        "{cells}: best-first move"
    );
    assert_eq!(
        ordered.count() + ordered.pruned(),
        full.count(),
        "{cells}: best first, the same tree"
    );
    let mut sorted_cells = cells_of(ordered);
    let mut full_cells = cells_of(full);
    sorted_cells.sort();
    full_cells.sort();
    assert_eq!(sorted_cells, full_cells, "{cells}: the same positions");
    // A position's minimax value depends on its cells alone (they say the ply), so the minimax
    // tree's scores are the oracle's.
    let mut values = HashMap::new();
    exact_values(full, &mut values);
    check_best_first_order(cells, ordered, &values);
    let mut game = TicTacToe::from_cells(cells).unwrap();
    assert_eq!(
        ordered.count(),
        best_first_nodes(&mut game),
        "{cells}: best-first nodes"
    );
}

/// Every position's exact value in the minimax tree `node`, by its cells.
fn exact_values(node: &TreeNode, values: &mut HashMap<String, Score>) {
    values.insert(
        node.cells.clone(),
        node.score.expect("minimax scores every node"),
    );
    node.children.iter().for_each(|c| exact_values(c, values));
}

/// Each node's children are sorted best first for the side to move (the lowest value for the
/// opponent first), ties in move-generation order.
fn check_best_first_order(cells: &str, node: &TreeNode, values: &HashMap<String, Score>) {
    let game = TicTacToe::from_cells(&node.cells).unwrap();
    let generated = game.legal_moves();
    let place = |child: &TreeNode| {
        let mv = child.mv.unwrap();
        let index = generated.iter().position(|&m| m == mv).unwrap();
        (values[&child.cells], index)
    };
    for pair in node.children.windows(2) {
        assert!(
            place(&pair[0]) < place(&pair[1]),
            "{cells}: at {}, {} comes before {}",
            node.cells,
            pair[0].cells,
            pair[1].cells
        );
    }
    for child in &node.children {
        check_best_first_order(cells, child, values);
    }
}

/// The exact value of `game` for the side to move: plain negamax, written apart from the traces.
fn exact_value(game: &mut TicTacToe, ply: Ply) -> Score {
    if let Some(outcome) = game.outcome() {
        return outcome.score(ply);
    }
    let mut best = -Score::INFINITE;
    for mv in game.legal_moves() {
        game.play(mv);
        best = best.max(-exact_value(game, ply + 1));
        game.undo();
    }
    best
}

/// The moves of `game` at `ply`, best first by [`exact_value`], ties in generation order.
fn best_first(game: &mut TicTacToe, ply: Ply) -> Vec<Cell> {
    let mut moves: Vec<(Score, Cell)> = Vec::new();
    for mv in game.legal_moves() {
        game.play(mv);
        moves.push((-exact_value(game, ply + 1), mv));
        game.undo();
    }
    // A stable sort: equal values stay in generation order.
    moves.sort_by_key(|&(value, _)| std::cmp::Reverse(value));
    moves.into_iter().map(|(_, mv)| mv).collect()
}

/// The nodes alpha-beta searches in `game` with the best move first, counted apart from the
/// traces: the AlphaBeta stage's fail-soft search and root loop (the root counted, its alpha
/// the best score so far, its beta infinite), moves sorted by [`best_first`].
fn best_first_nodes(game: &mut TicTacToe) -> usize {
    fn search(
        game: &mut TicTacToe,
        ply: Ply,
        mut alpha: Score,
        beta: Score,
        nodes: &mut usize,
    ) -> Score {
        *nodes += 1;
        if let Some(outcome) = game.outcome() {
            return outcome.score(ply);
        }
        let mut best = -Score::INFINITE;
        for mv in best_first(game, ply) {
            game.play(mv);
            let score = -search(game, ply + 1, -beta, -alpha, nodes);
            game.undo();
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }
    let mut nodes = 1;
    let mut best = -Score::INFINITE;
    for mv in best_first(game, 0) {
        game.play(mv);
        best = best.max(-search(game, 1, -Score::INFINITE, -best, &mut nodes));
        game.undo();
    }
    nodes
}

#[test]
fn the_book_position_has_exact_counts() {
    assert_eq!(check(BOOK_POSITION), (34, 22, 12, ORDERED_NODES));
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

/// With the best move first, alpha-beta searches 11 of the book position's 34 nodes (minimax
/// 34, alpha-beta in move-generation order 22). O's moves by value: b3 wins at once (W1), c2
/// makes two threats and wins at ply 3 (W3), a2 and a3 let X win on c2 (L2). The root and b3
/// are 2 nodes, and the window of every other move is then (-∞, L1) for X: any score of X's
/// refutes it, so each is refuted by X's first reply alone. After a2 and a3 that reply, c2,
/// wins (2 nodes each); after c2, X loses whatever it plays, and its first move, a2, leaves O
/// searching both its moves with the window (W1, ∞), which it cannot reach: b3 (a win, a leaf)
/// and a3, after which X's last move b3 ends the game (5 nodes). 2 + 5 + 2 + 2 = 11: Knuth and
/// Moore's minimal tree, where each refuted move is refuted by one reply.
const ORDERED_NODES: usize = 11;

#[test]
fn best_first_searches_fewer_nodes_of_the_book_position() {
    let game = TicTacToe::from_cells(BOOK_POSITION).unwrap();
    let ordered = ordered_alphabeta_tree(&game);
    assert_eq!(ordered.score, alphabeta_tree(&game).score);
    assert_eq!(ordered.score, minimax_tree(&game).score);
    // The searched nodes, in the order the search visited them.
    let mut visited = Vec::new();
    searched_moves(&ordered, "", &mut visited);
    assert_eq!(
        visited.join(" "),
        "root b3 c2 c2-a2 c2-a2-b3 c2-a2-a3 c2-a2-a3-b3 a2 a2-c2 a3 a3-c2"
    );
    assert_eq!(ordered.count(), ORDERED_NODES);
    assert_eq!(ordered.count() + ordered.pruned(), 34);
    assert!(ordered.count() < 22, "fewer than alpha-beta's 22");
}

/// The searched nodes of `node`'s subtree in pre-order, each named by its moves from the root.
fn searched_moves(node: &TreeNode, path: &str, out: &mut Vec<String>) {
    if node.state == NodeState::Searched {
        out.push(if path.is_empty() {
            "root".to_string()
        } else {
            path.to_string()
        });
    }
    for child in &node.children {
        let mv = child.mv.unwrap().to_string();
        let path = if path.is_empty() {
            mv
        } else {
            format!("{path}-{mv}")
        };
        searched_moves(child, &path, out);
    }
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
    assert_eq!(check("XOX.O.X.."), (34, 15, 19, 11));
    assert_eq!(check("XO.X.O..."), (182, 82, 100, 37));
    assert_eq!(check("X.O.X.O.."), (150, 59, 91, 32));
}

/// Every position the game can reach with 3 to 5 empty cells (the trees a page draws), but
/// those where the game is over.
#[test]
fn traces_match_on_every_small_position() {
    let mut positions = BTreeSet::new();
    reachable(&mut TicTacToe::new(), &mut positions);
    assert_eq!(positions.len(), 3_268);
    for cells in &positions {
        check(cells);
    }
}

/// The positions with 3 to 5 empty cells reachable from `game`, game over excluded.
fn reachable(game: &mut TicTacToe, out: &mut BTreeSet<String>) {
    if game.outcome().is_some() {
        return;
    }
    let cells: String = game.to_string().chars().filter(|c| *c != '\n').collect();
    let empty = cells.matches('.').count();
    if (3..=5).contains(&empty) {
        out.insert(cells);
    }
    if empty > 3 {
        for mv in game.legal_moves() {
            game.play(mv);
            reachable(game, out);
            game.undo();
        }
    }
}

#[test]
fn the_whole_game_tree_matches_the_engines() {
    assert_eq!(check("........."), (549_946, 20_866, 529_080, 1_892));
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
    let ordered = ordered_alphabeta_tree_svg(BOOK_POSITION).unwrap();
    assert!(ordered.contains(&format!(
        "{ORDERED_NODES} nodes searched, {} pruned",
        34 - ORDERED_NODES
    )));
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

/// The drawings number every node by the step the search reached it at, for a page that shows
/// the search node by node: the searched nodes 1 to `count()` in drawing (pre-)order, each
/// pruned node the step of the node drawn before it, edges and cut marks the step of the node
/// they lead to, and each score label the last step of its subtree.
#[test]
fn the_drawings_number_the_search_s_steps() {
    for cells in [BOOK_POSITION, "XOX.O.X..", "XO.X.O...", "X.O.X.O.."] {
        let game = TicTacToe::from_cells(cells).unwrap();
        let trees = [
            (minimax_tree(&game), minimax_tree_svg(cells).unwrap()),
            (alphabeta_tree(&game), alphabeta_tree_svg(cells).unwrap()),
            (
                ordered_alphabeta_tree(&game),
                ordered_alphabeta_tree_svg(cells).unwrap(),
            ),
        ];
        for (tree, svg) in &trees {
            check_steps(cells, tree, svg);
        }
    }
}

/// Checks the step attributes of `svg`, the drawing of `tree`.
fn check_steps(cells: &str, tree: &TreeNode, svg: &str) {
    let number = |tag: &str, name: &str| -> usize {
        attribute(tag, name)
            .unwrap_or_else(|| panic!("{cells}: no {name} in {tag}"))
            .parse()
            .unwrap()
    };
    let (searched, pruned) = (tree.count(), tree.pruned());
    let root = tags(svg, "<svg ")[0];
    assert_eq!(number(root, "data-steps"), searched, "{cells}");
    assert_eq!(number(root, "data-searched"), searched, "{cells}");
    assert_eq!(number(root, "data-pruned"), pruned, "{cells}");

    // Nodes, drawn in pre-order: (step, pruned?).
    let nodes: Vec<(usize, bool)> = tags(svg, "<g ")
        .into_iter()
        .map(|tag| {
            let cut = attribute(tag, "data-pruned").is_some();
            (number(tag, "data-step"), cut)
        })
        .collect();
    assert_eq!(nodes.len(), searched + pruned, "{cells}: one group a node");
    assert_eq!(nodes[0], (1, false), "{cells}: the root is step 1");
    let searched_steps: Vec<usize> = nodes.iter().filter(|n| !n.1).map(|n| n.0).collect();
    assert_eq!(
        searched_steps,
        (1..=searched).collect::<Vec<_>>(),
        "{cells}: searched nodes 1 to count(), each once, in the search's order"
    );
    assert_eq!(nodes.iter().filter(|n| n.1).count(), pruned, "{cells}");
    for pair in nodes.windows(2) {
        if pair[1].1 {
            assert_eq!(
                pair[1].0, pair[0].0,
                "{cells}: a pruned node, the step before it"
            );
        }
    }

    // Score labels: the last step of the node's subtree, the root's the last of all.
    let done: Vec<usize> = tags(svg, "<text ")
        .into_iter()
        .filter(|tag| attribute(tag, "data-done").is_some())
        .map(|tag| number(tag, "data-done"))
        .collect();
    let mut expected = Vec::new();
    last_steps(tree, &mut 0, &mut expected);
    assert_eq!(done, expected, "{cells}: data-done");
    assert_eq!(done[0], searched, "{cells}: the root returns last");

    // Edges (drawn in pre-order too) have their child's step; cut marks their pruned child's.
    let edges: Vec<usize> = tags(svg, "<line ")
        .into_iter()
        .map(|tag| number(tag, "data-step"))
        .collect();
    let children: Vec<usize> = nodes[1..].iter().map(|n| n.0).collect();
    assert_eq!(edges, children, "{cells}: an edge has its child's step");
    let pruned_steps: Vec<usize> = nodes.iter().filter(|n| n.1).map(|n| n.0).collect();
    for mark in tags(svg, "<text ")
        .into_iter()
        .filter(|t| t.ends_with(">✂</text>"))
    {
        assert!(
            pruned_steps.contains(&number(mark, "data-step")),
            "{cells}: {mark}"
        );
    }
}

/// The step each node's search returns at, in pre-order: the last searched step in its
/// subtree (`last` is the step reached before `node`).
fn last_steps(node: &TreeNode, last: &mut usize, out: &mut Vec<usize>) {
    *last += usize::from(node.state == NodeState::Searched);
    let at = out.len();
    out.push(0);
    for child in &node.children {
        last_steps(child, last, out);
    }
    out[at] = *last;
}

/// Each tag of `svg` that starts with `open`, from there to the end of its line (the drawing
/// writes each element, or node, on a line of its own).
fn tags<'a>(svg: &'a str, open: &str) -> Vec<&'a str> {
    svg.match_indices(open)
        .map(|(at, _)| svg[at..].lines().next().unwrap_or_default())
        .collect()
}

/// The value of the attribute `name` in the tag at the start of `tag`.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let tag = &tag[..tag.find('>')?];
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let len = tag[start..].find('"')?;
    Some(&tag[start..start + len])
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
