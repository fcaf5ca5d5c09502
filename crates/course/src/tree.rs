//! Game trees of small tic-tac-toe positions: traced searches, drawn as SVG.
//!
//! A picture of the tree a search walks is the quickest way to see what alpha-beta saves.
//! [`minimax_tree`] and [`alphabeta_tree`] run *the same algorithms* as the
//! [`Minimax`](searchlab_engine::search::Minimax) and [`AlphaBeta`](searchlab_engine::search::AlphaBeta) stages
//! (negamax scores from the side to move, moves in [`Game::legal_moves`] order, fail-soft
//! alpha-beta, the root counted as a node), but instead of only counting nodes they record
//! every node in a [`TreeNode`]. Alpha-beta's tree keeps the branches it cut off, marked
//! [`NodeState::Pruned`] and filled in with the subtree minimax would have searched there, so
//! both pictures show the same tree and the pruned part is visible at a glance.
//!
//! The invariants the tests hold these traces to: the minimax tree's [`TreeNode::count`] equals
//! the `Minimax` stage's node count at depth 9; the alpha-beta tree's equals `AlphaBeta`'s;
//! both root scores equal the engines' scores; and for the alpha-beta tree,
//! `count() + pruned()` equals the minimax count.
//!
//! ```
//! use searchlab_course::tree::{alphabeta_tree, minimax_tree};
//! use searchlab_engine::TicTacToe;
//!
//! let game = TicTacToe::from_cells("XOX.O.X..").unwrap();
//! let full = minimax_tree(&game);
//! let cut = alphabeta_tree(&game);
//! assert_eq!(cut.count() + cut.pruned(), full.count());
//! assert_eq!(cut.score, full.score);
//! ```
//!
//! Scores are shown compactly: `0` for a draw, `W5` when the side to move at that node wins
//! with the game ending 5 plies below the root, `L4` when it loses at ply 4. A bound carries
//! its sign: `≥0` (a cut-off: at least a draw), `≤L4`.

use searchlab_engine::error::Result;
use searchlab_engine::game::Game;
use searchlab_engine::games::tictactoe::{Cell, Mark, TicTacToe};
use searchlab_engine::score::{Depth, Ply, Score};
use searchlab_engine::tt::Bound;
use std::fmt::Write as _;

/// Depth the traces search to: deeper than any tic-tac-toe game lasts, so the search is
/// complete (and the same as the engines' at depth 9).
pub const FULL_DEPTH: Depth = 9;

/// The position the book's figures draw (`searchlab-book figures`) and the tests check:
/// `XOX/.O./..X`, O to move, four empty cells (O wins on b3).
pub const BOOK_POSITION: &str = "XOX/.O./..X";

/// Was a node visited by the search, or cut off?
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeState {
    /// The search visited this node (it counts in the engine's node count).
    Searched,
    /// Alpha-beta skipped this node: it lies in a subtree cut off by a cut-off above it.
    Pruned,
}

/// One position in a traced search tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    /// The move that led here from the parent (`None` at the root).
    pub mv: Option<Cell>,
    /// The player to move in this position.
    pub to_move: Mark,
    /// The position, 9 characters row by row (`X`, `O`, `.`).
    pub cells: String,
    /// Whether the game is over here (a win or a full board): a leaf of the whole game tree.
    pub terminal: bool,
    /// The score the search returned here, from the side to move (`None` for pruned nodes:
    /// the search never looked).
    pub score: Option<Score>,
    /// What the score means: exact, or a bound from a cut-off (always exact for minimax).
    pub bound: Bound,
    /// The `(alpha, beta)` window the node was searched with (full for minimax and the root).
    pub window: (Score, Score),
    /// Searched, or cut off.
    pub state: NodeState,
    /// The positions after each legal move, in move-generation order.
    pub children: Vec<TreeNode>,
}

impl TreeNode {
    /// Nodes the search visited in this subtree, this node included (the engine's node count).
    pub fn count(&self) -> usize {
        let own = usize::from(self.state == NodeState::Searched);
        own + self.children.iter().map(TreeNode::count).sum::<usize>()
    }

    /// Nodes in this subtree that alpha-beta cut off (0 for a minimax tree).
    pub fn pruned(&self) -> usize {
        let own = usize::from(self.state == NodeState::Pruned);
        own + self.children.iter().map(TreeNode::pruned).sum::<usize>()
    }

    /// Leaves of this subtree (nodes without children), searched or not.
    pub fn leaves(&self) -> usize {
        if self.children.is_empty() {
            1
        } else {
            self.children.iter().map(TreeNode::leaves).sum()
        }
    }

    /// Plies from this node to its deepest descendant.
    pub fn height(&self) -> usize {
        self.children
            .iter()
            .map(|c| c.height() + 1)
            .max()
            .unwrap_or(0)
    }

    /// The score as drawn: `0`, `W5`, `L4`, with `≥` or `≤` in front of a bound, `?` when
    /// pruned. See the module docs.
    pub fn label(&self) -> String {
        let Some(score) = self.score else {
            return "?".to_string();
        };
        let sign = match self.bound {
            Bound::Exact => "",
            Bound::Lower => "≥",
            Bound::Upper => "≤",
        };
        format!("{sign}{}", score_label(score))
    }
}

/// A score in the trees' compact notation: `0`, `W5` (the side to move wins at ply 5 from the
/// root), `L4` (it loses at ply 4); a plain number for anything else.
pub fn score_label(score: Score) -> String {
    match score.mate_plies() {
        Some(plies) if score > Score::DRAW => format!("W{plies}"),
        Some(plies) => format!("L{plies}"),
        None => score.0.to_string(),
    }
}

/// The complete minimax tree of `game` (every node searched, every score exact).
pub fn minimax_tree(game: &TicTacToe) -> TreeNode {
    let mut game = game.clone();
    let full = (-Score::INFINITE, Score::INFINITE);
    // The root is searched like the Minimax stage's root loop: the best child score, or the
    // outcome when there is no move.
    let mut root = node(&game, None, NodeState::Searched, full);
    let mut best = -Score::INFINITE;
    for mv in game.legal_moves() {
        game.play(mv);
        let (child, value) = trace_minimax(&mut game, mv, FULL_DEPTH - 1, 1, NodeState::Searched);
        game.undo();
        best = best.max(-value);
        root.children.push(child);
    }
    root.score = Some(if root.children.is_empty() {
        searchlab_engine::search::score_without_moves(&game)
    } else {
        best
    });
    root
}

/// The alpha-beta tree of `game`: the same move order as [`minimax_tree`], fail-soft, with the
/// branches a cut-off skipped kept (filled in as minimax would search them) and marked
/// [`NodeState::Pruned`].
pub fn alphabeta_tree(game: &TicTacToe) -> TreeNode {
    let mut game = game.clone();
    let full = (-Score::INFINITE, Score::INFINITE);
    let mut root = node(&game, None, NodeState::Searched, full);
    // As in the AlphaBeta stage's root loop: the root's alpha is the best score so far, its
    // beta infinite, so the root itself never cuts off.
    let mut best = -Score::INFINITE;
    for mv in game.legal_moves() {
        game.play(mv);
        let child = trace_alphabeta(&mut game, mv, FULL_DEPTH - 1, 1, -Score::INFINITE, -best);
        game.undo();
        best = best.max(-child.score.expect("searched"));
        root.children.push(child);
    }
    root.score = Some(if root.children.is_empty() {
        searchlab_engine::search::score_without_moves(&game)
    } else {
        best
    });
    root
}

/// A node for the current position of `game`, reached by `mv`, without score or children yet.
fn node(game: &TicTacToe, mv: Option<Cell>, state: NodeState, window: (Score, Score)) -> TreeNode {
    let cells: String = game.to_string().chars().filter(|c| *c != '\n').collect();
    TreeNode {
        mv,
        to_move: game.to_move(),
        cells,
        terminal: game.outcome().is_some(),
        score: None,
        bound: Bound::Exact,
        window,
        state,
        children: Vec::new(),
    }
}

/// Minimax (as in the Minimax stage's `minimax`), recording every node; returns the node and
/// its value. `state` is [`NodeState::Pruned`] when this fills in a subtree alpha-beta cut
/// off: then the nodes keep no score, since no search computed one.
fn trace_minimax(
    game: &mut TicTacToe,
    mv: Cell,
    depth: Depth,
    ply: Ply,
    state: NodeState,
) -> (TreeNode, Score) {
    let mut here = node(game, Some(mv), state, (-Score::INFINITE, Score::INFINITE));
    let score = if let Some(outcome) = game.outcome() {
        outcome.score(ply)
    } else if depth == 0 {
        game.evaluate()
    } else {
        let mut best = -Score::INFINITE;
        for child_mv in game.legal_moves() {
            game.play(child_mv);
            let (child, value) = trace_minimax(game, child_mv, depth - 1, ply + 1, state);
            game.undo();
            best = best.max(-value);
            here.children.push(child);
        }
        best
    };
    if state == NodeState::Searched {
        here.score = Some(score);
    }
    (here, score)
}

/// Alpha-beta (as in the AlphaBeta stage's `alphabeta`), recording every node; after a
/// cut-off, the remaining moves are traced as pruned minimax subtrees.
fn trace_alphabeta(
    game: &mut TicTacToe,
    mv: Cell,
    depth: Depth,
    ply: Ply,
    mut alpha: Score,
    beta: Score,
) -> TreeNode {
    let mut here = node(game, Some(mv), NodeState::Searched, (alpha, beta));
    if let Some(outcome) = game.outcome() {
        here.score = Some(outcome.score(ply));
        return here;
    }
    if depth == 0 {
        here.score = Some(game.evaluate());
        return here;
    }
    let alpha_at_entry = alpha;
    let mut best = -Score::INFINITE;
    let mut cut = false;
    for child_mv in game.legal_moves() {
        game.play(child_mv);
        let child = if cut {
            trace_minimax(game, child_mv, depth - 1, ply + 1, NodeState::Pruned).0
        } else {
            let child = trace_alphabeta(game, child_mv, depth - 1, ply + 1, -beta, -alpha);
            let score = -child.score.expect("searched");
            best = best.max(score);
            alpha = alpha.max(score);
            cut = alpha >= beta;
            child
        };
        game.undo();
        here.children.push(child);
    }
    here.score = Some(best);
    here.bound = if best >= beta {
        Bound::Lower
    } else if best <= alpha_at_entry {
        Bound::Upper
    } else {
        Bound::Exact
    };
    here
}

/// Traces the minimax tree of the board `cells` (see [`TicTacToe::from_cells`]) and draws it.
pub fn minimax_tree_svg(cells: &str) -> Result<String> {
    Ok(tree_svg(&minimax_tree(&TicTacToe::from_cells(cells)?)))
}

/// Traces the alpha-beta tree of the board `cells` (see [`TicTacToe::from_cells`]) and draws
/// it, pruned branches greyed and dashed.
pub fn alphabeta_tree_svg(cells: &str) -> Result<String> {
    Ok(tree_svg(&alphabeta_tree(&TicTacToe::from_cells(cells)?)))
}

// ANCHOR: layout
// The sizes are chosen for the book: its text is 750 pixels wide, and the book's tree (17
// leaves, 930 units wide) is shown at about 0.8 of its size there, so a 14-unit label is
// drawn at 11 pixels or more.
/// Horizontal distance between neighbouring leaves, in pixels.
const LEAF_GAP: f64 = 48.0;
/// Vertical distance between levels.
const LEVEL_GAP: f64 = 70.0;
/// Size of a node's box.
const NODE_W: f64 = 42.0;
const NODE_H: f64 = 24.0;
/// Space on the left for the level labels ("O to move"), and around the tree.
const LEFT: f64 = 90.0;
const TOP: f64 = 30.0;
const MARGIN: f64 = 12.0;
/// Narrowest picture: room for the root board and the legend under the tree.
const MIN_WIDTH: f64 = 680.0;
/// Font sizes: a node's score, a move on an edge, the other text, the title.
const NODE_FONT: f64 = 15.0;
const EDGE_FONT: f64 = 14.0;
const TEXT_FONT: f64 = 14.0;
const TITLE_FONT: f64 = 17.0;
/// Side of a cell of the root board drawn under the tree.
const CELL: f64 = 26.0;
/// Height of the band under the tree: the root board on the left, the legend beside it.
const BAND: f64 = 160.0;

/// A node's place in the picture: leaves are spread evenly from left to right in search order,
/// and a parent sits centred above its first and last child.
struct Placed<'a> {
    node: &'a TreeNode,
    x: f64,
    y: f64,
    children: Vec<Placed<'a>>,
}

fn place<'a>(node: &'a TreeNode, level: usize, next_leaf: &mut usize) -> Placed<'a> {
    let y = TOP + MARGIN + level as f64 * LEVEL_GAP;
    if node.children.is_empty() {
        let x = LEFT + MARGIN + *next_leaf as f64 * LEAF_GAP + NODE_W / 2.0;
        *next_leaf += 1;
        return Placed {
            node,
            x,
            y,
            children: Vec::new(),
        };
    }
    let children: Vec<Placed> = node
        .children
        .iter()
        .map(|c| place(c, level + 1, next_leaf))
        .collect();
    let x = (children[0].x + children[children.len() - 1].x) / 2.0;
    Placed {
        node,
        x,
        y,
        children,
    }
}
// ANCHOR_END: layout

/// Draws a traced tree as a standalone SVG document: one box per node with its score, edges
/// labelled with the move, pruned subtrees grey and dashed with a cut mark (✂) on the edge
/// into them, the root position drawn on the left with a label for who moves at each level.
/// Hovering over a node shows its position and the window it was searched with.
pub fn tree_svg(root: &TreeNode) -> String {
    let mut next_leaf = 0;
    let placed = place(root, 0, &mut next_leaf);
    let levels = root.height() + 1;
    let width = (LEFT + 2.0 * MARGIN + next_leaf as f64 * LEAF_GAP).max(MIN_WIDTH);
    let tree_bottom = TOP + MARGIN + (levels - 1) as f64 * LEVEL_GAP + NODE_H;
    let height = tree_bottom + BAND;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif" font-size="{TEXT_FONT}">"##
    );
    let _ = writeln!(
        svg,
        r##"<rect x="0" y="0" width="{width:.0}" height="{height:.0}" fill="white"/>"##
    );
    let _ = writeln!(
        svg,
        r##"<text x="{:.0}" y="{:.0}" font-size="{TITLE_FONT}" font-weight="bold">{} nodes searched, {} pruned</text>"##,
        MARGIN,
        TOP - 6.0,
        root.count(),
        root.pruned()
    );
    draw_level_labels(&mut svg, root, levels);
    draw_edges(&mut svg, &placed);
    draw_nodes(&mut svg, &placed);
    // Under the tree: the root position on the left, the legend beside it.
    let band = tree_bottom + 34.0;
    draw_board(&mut svg, &root.cells, MARGIN, band + 20.0);
    draw_legend(&mut svg, MARGIN + 150.0, band + 16.0);
    svg.push_str("</svg>\n");
    svg
}

/// "X to move" / "O to move" at the left of each level.
fn draw_level_labels(svg: &mut String, root: &TreeNode, levels: usize) {
    let mut mover = root.to_move;
    for level in 0..levels {
        let y = TOP + MARGIN + level as f64 * LEVEL_GAP + NODE_H / 2.0 + 5.0;
        let name = mark_name(mover);
        let _ = writeln!(
            svg,
            r##"<text x="{:.0}" y="{y:.0}" text-anchor="end" fill="#555">{name} to move</text>"##,
            LEFT + MARGIN - 10.0
        );
        mover = match mover {
            Mark::X => Mark::O,
            Mark::O => Mark::X,
        };
    }
}

/// The root position as a small board with its top left corner at (`x`, `y`), the cell names
/// around it and a caption above.
fn draw_board(svg: &mut String, cells: &str, x: f64, y: f64) {
    let size = CELL;
    let _ = writeln!(
        svg,
        r##"<text x="{:.0}" y="{:.0}" fill="#555">root position</text>"##,
        x,
        y - 4.0
    );
    let y = y + 16.0;
    for (i, column) in ["a", "b", "c"].iter().enumerate() {
        let _ = writeln!(
            svg,
            r##"<text x="{:.1}" y="{:.1}" text-anchor="middle" fill="#555">{column}</text>"##,
            x + 16.0 + (i as f64 + 0.5) * size,
            y - 4.0
        );
    }
    for row in 0..3 {
        let _ = writeln!(
            svg,
            r##"<text x="{:.1}" y="{:.1}" text-anchor="middle" fill="#555">{}</text>"##,
            x + 6.0,
            y + (row as f64 + 0.5) * size + 5.0,
            row + 1
        );
        for col in 0..3 {
            let cx = x + 16.0 + col as f64 * size;
            let cy = y + row as f64 * size;
            let _ = writeln!(
                svg,
                r##"<rect x="{cx:.1}" y="{cy:.1}" width="{size}" height="{size}" fill="white" stroke="#333"/>"##
            );
            let mark = cells.chars().nth(row * 3 + col).unwrap_or('.');
            if mark != '.' {
                let _ = writeln!(
                    svg,
                    r##"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="18" font-weight="bold">{mark}</text>"##,
                    cx + size / 2.0,
                    cy + size / 2.0 + 6.5
                );
            }
        }
    }
}

/// Edges from each node to its children, labelled with the move.
fn draw_edges(svg: &mut String, parent: &Placed) {
    for child in &parent.children {
        let pruned = child.node.state == NodeState::Pruned;
        let (x1, y1) = (parent.x, parent.y + NODE_H);
        let (x2, y2) = (child.x, child.y);
        let style = if pruned {
            r##"stroke="#bbb" stroke-dasharray="4 3""##
        } else {
            r##"stroke="#444""##
        };
        let _ = writeln!(
            svg,
            r##"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" {style}/>"##
        );
        let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
        let mv = child.node.mv.map(|m| m.to_string()).unwrap_or_default();
        let colour = if pruned { "#aaa" } else { "#1f4e9c" };
        let _ = writeln!(
            svg,
            r##"<text x="{mx:.1}" y="{:.1}" text-anchor="middle" font-size="{EDGE_FONT}" fill="{colour}" stroke="white" stroke-width="3" paint-order="stroke">{mv}</text>"##,
            my + 5.0
        );
        // The cut mark sits on the edge into the first node of each pruned subtree.
        if pruned && parent.node.state == NodeState::Searched {
            let _ = writeln!(
                svg,
                r##"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="16" fill="#c0392b">✂</text>"##,
                x1 + (x2 - x1) * 0.25,
                y1 + (y2 - y1) * 0.25 + 5.0
            );
        }
        draw_edges(svg, child);
    }
}

/// A box per node with its score; hovering shows the position and window.
fn draw_nodes(svg: &mut String, placed: &Placed) {
    let node = placed.node;
    let (fill, stroke, text, dash) = match node.state {
        NodeState::Pruned => ("#f2f2f2", "#bbb", "#aaa", r##" stroke-dasharray="3 2""##),
        NodeState::Searched if node.terminal => ("#fff4d6", "#444", "#000", ""),
        NodeState::Searched => ("#ffffff", "#444", "#000", ""),
    };
    let (x, y) = (placed.x - NODE_W / 2.0, placed.y);
    let window = if node.state == NodeState::Pruned {
        "not searched (pruned)".to_string()
    } else {
        format!(
            "window ({}, {})",
            window_label(node.window.0),
            window_label(node.window.1)
        )
    };
    let board: String = node
        .cells
        .as_bytes()
        .chunks(3)
        .map(|row| String::from_utf8_lossy(row).into_owned())
        .collect::<Vec<_>>()
        .join("/");
    let _ = writeln!(
        svg,
        r##"<g><title>{board}, {} to move: {}; {window}</title><rect x="{x:.1}" y="{y:.1}" width="{NODE_W}" height="{NODE_H}" rx="5" fill="{fill}" stroke="{stroke}"{dash}/><text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="{NODE_FONT}" fill="{text}">{}</text></g>"##,
        mark_name(node.to_move),
        node.label(),
        placed.x,
        y + NODE_H / 2.0 + 5.5,
        node.label()
    );
    for child in &placed.children {
        draw_nodes(svg, child);
    }
}

/// The key under the tree, its first line's baseline at `y`, starting at `x`.
fn draw_legend(svg: &mut String, x: f64, y: f64) {
    let items = [
        ("#ffffff", "#444", "", "searched"),
        ("#fff4d6", "#444", "", "game over (leaf)"),
        (
            "#f2f2f2",
            "#bbb",
            r##" stroke-dasharray="3 2""##,
            "pruned (✂ = cut-off)",
        ),
    ];
    let mut cx = x;
    for (fill, stroke, dash, text) in items {
        let _ = writeln!(
            svg,
            r##"<rect x="{cx:.0}" y="{:.0}" width="20" height="14" rx="3" fill="{fill}" stroke="{stroke}"{dash}/><text x="{:.0}" y="{y:.0}">{text}</text>"##,
            y - 12.0,
            cx + 26.0
        );
        cx += 26.0 + 8.5 * text.chars().count() as f64 + 18.0;
    }
    let notes = [
        "Scores are for the side to move: 0 = draw; Wn / Ln = win / loss,",
        "the game ending n plies below the root; ≥ and ≤ mark bounds.",
    ];
    for (i, note) in notes.iter().enumerate() {
        let _ = writeln!(
            svg,
            r##"<text x="{x:.0}" y="{:.0}" fill="#555">{note}</text>"##,
            y + 28.0 + 19.0 * i as f64
        );
    }
}

fn mark_name(mark: Mark) -> &'static str {
    match mark {
        Mark::X => "X",
        Mark::O => "O",
    }
}

fn window_label(score: Score) -> String {
    if score >= Score::INFINITE {
        "+∞".to_string()
    } else if score <= -Score::INFINITE {
        "−∞".to_string()
    } else {
        score_label(score)
    }
}
