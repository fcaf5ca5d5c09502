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
//! [`ordered_alphabeta_tree`] is the same alpha-beta with the best move always first: at every
//! node the moves are sorted by their exact minimax value, an oracle no real engine has. It
//! searches Knuth and Moore's *perfect order*, the smallest tree alpha-beta can search, and so
//! shows how much the later stages' move ordering can hope to save.
//!
//! The invariants the tests hold these traces to: the minimax tree's [`TreeNode::count`] equals
//! the `Minimax` stage's node count at depth 9; the alpha-beta tree's equals `AlphaBeta`'s;
//! both root scores equal the engines' scores; and for both alpha-beta trees,
//! `count() + pruned()` equals the minimax count. No engine stage orders tic-tac-toe's moves
//! by an oracle, so the ordered tree is held to the minimax tree: the same score, the same
//! nodes in all, fewer of them searched.
//!
//! The drawing ([`tree_svg`]) numbers every node by the step at which the search reached it,
//! so that a page can show the search node by node (see [`tree_svg`] for the attributes).
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

// The drawing lives apart (`draw.rs`): this file is the searches, that one the picture.
mod draw;
pub use draw::tree_svg;

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
    /// The positions after each legal move, in the order the search tried them:
    /// move-generation order, or best first for [`ordered_alphabeta_tree`].
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
        let (child, value) = trace_minimax(
            &mut game,
            mv,
            FULL_DEPTH - 1,
            1,
            NodeState::Searched,
            MoveOrder::Generated,
        );
        game.undo();
        best = best.max(-value);
        root.children.push(child);
    }
    root.score = Some(root_score(&root, &game, best));
    root
}

/// The alpha-beta tree of `game`: the same move order as [`minimax_tree`], fail-soft, with the
/// branches a cut-off skipped kept (filled in as minimax would search them) and marked
/// [`NodeState::Pruned`].
pub fn alphabeta_tree(game: &TicTacToe) -> TreeNode {
    alphabeta_root(game, MoveOrder::Generated)
}

/// The alpha-beta tree of `game` with the best move first at every node: [`alphabeta_tree`]'s
/// search (fail-soft, the same windows, the root counted as a node, cut-off branches kept and
/// marked [`NodeState::Pruned`]), but each node's moves are tried in the order of their exact
/// minimax value for the side to move, ties in move-generation order. Each node's children
/// are in that order, the order the search tried them (a pruned node's, the order it would
/// have). With this perfect order alpha-beta searches the fewest nodes it can.
///
/// ```
/// use searchlab_course::tree::{alphabeta_tree, minimax_tree, ordered_alphabeta_tree};
/// use searchlab_engine::TicTacToe;
///
/// let game = TicTacToe::from_cells("XOX/.O./..X").unwrap();
/// let best_first = ordered_alphabeta_tree(&game);
/// assert_eq!(best_first.score, minimax_tree(&game).score);
/// assert!(best_first.count() < alphabeta_tree(&game).count());
/// ```
pub fn ordered_alphabeta_tree(game: &TicTacToe) -> TreeNode {
    alphabeta_root(game, MoveOrder::BestFirst)
}

/// In which order a trace tries a node's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MoveOrder {
    /// As [`Game::legal_moves`] generates them, as the engine's early stages do.
    Generated,
    /// Best first, by each move's exact minimax value (an oracle); ties in generation order.
    BestFirst,
}

impl MoveOrder {
    /// The moves of `game`'s current position in this order.
    fn moves(self, game: &mut TicTacToe, depth: Depth, ply: Ply) -> Vec<Cell> {
        let moves = game.legal_moves();
        match self {
            MoveOrder::Generated => moves,
            MoveOrder::BestFirst => {
                let mut valued: Vec<(Score, Cell)> = moves
                    .into_iter()
                    .map(|mv| {
                        game.play(mv);
                        let value = -minimax_value(game, depth - 1, ply + 1);
                        game.undo();
                        (value, mv)
                    })
                    .collect();
                // A stable sort: moves of equal value stay in generation order.
                valued.sort_by_key(|&(value, _)| std::cmp::Reverse(value));
                valued.into_iter().map(|(_, mv)| mv).collect()
            }
        }
    }
}

/// The exact value of `game` for the side to move, as [`trace_minimax`] finds it, without
/// recording the tree: the oracle [`MoveOrder::BestFirst`] sorts by.
fn minimax_value(game: &mut TicTacToe, depth: Depth, ply: Ply) -> Score {
    if let Some(outcome) = game.outcome() {
        return outcome.score(ply);
    }
    if depth == 0 {
        return game.evaluate();
    }
    let mut best = -Score::INFINITE;
    for mv in game.legal_moves() {
        game.play(mv);
        best = best.max(-minimax_value(game, depth - 1, ply + 1));
        game.undo();
    }
    best
}

/// Alpha-beta's root: [`trace_alphabeta`] below each move, tried in `order`.
fn alphabeta_root(game: &TicTacToe, order: MoveOrder) -> TreeNode {
    let mut game = game.clone();
    let full = (-Score::INFINITE, Score::INFINITE);
    let mut root = node(&game, None, NodeState::Searched, full);
    // As in the AlphaBeta stage's root loop: the root's alpha is the best score so far, its
    // beta infinite, so the root itself never cuts off.
    let mut best = -Score::INFINITE;
    for mv in order.moves(&mut game, FULL_DEPTH, 0) {
        game.play(mv);
        let child = trace_alphabeta(
            &mut game,
            mv,
            FULL_DEPTH - 1,
            1,
            -Score::INFINITE,
            -best,
            order,
        );
        game.undo();
        best = best.max(-child.score.expect("searched"));
        root.children.push(child);
    }
    root.score = Some(root_score(&root, &game, best));
    root
}

/// The root's score, as the stages' root loops give it: the best child's score, or the
/// outcome when `game` has no move.
fn root_score(root: &TreeNode, game: &TicTacToe, best: Score) -> Score {
    if root.children.is_empty() {
        searchlab_engine::search::score_without_moves(game)
    } else {
        best
    }
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
/// off: then the nodes keep no score, since no search computed one. The children are in
/// `order`, the order alpha-beta tries moves in, so a pruned subtree is drawn as that search
/// would have walked it.
fn trace_minimax(
    game: &mut TicTacToe,
    mv: Cell,
    depth: Depth,
    ply: Ply,
    state: NodeState,
    order: MoveOrder,
) -> (TreeNode, Score) {
    let mut here = node(game, Some(mv), state, (-Score::INFINITE, Score::INFINITE));
    let score = if let Some(outcome) = game.outcome() {
        outcome.score(ply)
    } else if depth == 0 {
        game.evaluate()
    } else {
        let mut best = -Score::INFINITE;
        for child_mv in order.moves(game, depth, ply) {
            game.play(child_mv);
            let (child, value) = trace_minimax(game, child_mv, depth - 1, ply + 1, state, order);
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

/// Alpha-beta (as in the AlphaBeta stage's `alphabeta`), recording every node, its moves tried
/// in `order`; after a cut-off, the remaining moves are traced as pruned minimax subtrees.
fn trace_alphabeta(
    game: &mut TicTacToe,
    mv: Cell,
    depth: Depth,
    ply: Ply,
    mut alpha: Score,
    beta: Score,
    order: MoveOrder,
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
    for child_mv in order.moves(game, depth, ply) {
        game.play(child_mv);
        let child = if cut {
            trace_minimax(game, child_mv, depth - 1, ply + 1, NodeState::Pruned, order).0
        } else {
            let child = trace_alphabeta(game, child_mv, depth - 1, ply + 1, -beta, -alpha, order);
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

/// Traces the alpha-beta tree of the board `cells` with the best move first (see
/// [`ordered_alphabeta_tree`]) and draws it, pruned branches greyed and dashed.
pub fn ordered_alphabeta_tree_svg(cells: &str) -> Result<String> {
    Ok(tree_svg(&ordered_alphabeta_tree(&TicTacToe::from_cells(
        cells,
    )?)))
}
