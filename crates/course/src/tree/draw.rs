//! The drawing of a traced tree ([`tree_svg`]): its layout, its boxes and edges, and the
//! search's steps it carries for a page that shows the search node by node.

use super::{score_label, NodeState, TreeNode};
use searchlab_engine::games::tictactoe::Mark;
use searchlab_engine::score::Score;
use std::fmt::Write as _;

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
/// and a parent sits centred above its first and last child. `step` and `done` say when the
/// search reached the node and when its search returned ([`number_steps`] fills them in once
/// the tree is placed).
struct Placed<'a> {
    node: &'a TreeNode,
    x: f64,
    y: f64,
    step: usize,
    done: usize,
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
            step: 0,
            done: 0,
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
        step: 0,
        done: 0,
        children,
    }
}
// ANCHOR_END: layout

/// Numbers the nodes by the search's steps, for a page that shows the search one node at a
/// time. A searched node's `step` is when the search reached it: the root is step 1, then the
/// searched nodes in pre-order, children in order, which is the order the search visits them.
/// A pruned node takes the step of the last searched node before it: its branch is cut off
/// the moment the refutation before it has been searched. `done` is when the node's search
/// returned, the last step in its subtree (a pruned node's own step). `last_step` is the step
/// reached before `placed`.
fn number_steps(placed: &mut Placed, last_step: &mut usize) {
    if placed.node.state == NodeState::Searched {
        *last_step += 1;
    }
    placed.step = *last_step;
    for child in &mut placed.children {
        number_steps(child, last_step);
    }
    placed.done = *last_step;
}

/// Draws a traced tree as a standalone SVG document: one box per node with its score, edges
/// labelled with the move, pruned subtrees grey and dashed with a cut mark (✂) on the edge
/// into them, the root position drawn on the left with a label for who moves at each level.
/// Hovering over a node shows its position and the window it was searched with.
///
/// The parts carry the search's steps, so that a page can show the search node by node by
/// hiding what has not happened yet (they change nothing in the picture itself):
/// - each node is a `<g data-step="K">`: K is 1 for the root, then counts the searched nodes in
///   the order the search visited them (1 to [`TreeNode::count`]); a pruned node has
///   `data-pruned="1"` and the step of the last searched node before it, the step at which its
///   branch was cut off;
/// - a node's score label has `data-done="K"`: the step at which its search returned, the last
///   step in its subtree (a pruned node's own step);
/// - an edge's line and move label, and a cut mark (✂), have the `data-step` of the node the
///   edge leads to;
/// - the `<svg>` element has `data-steps` and `data-searched` (both [`TreeNode::count`]) and
///   `data-pruned` ([`TreeNode::pruned`]).
pub fn tree_svg(root: &TreeNode) -> String {
    let mut next_leaf = 0;
    let mut placed = place(root, 0, &mut next_leaf);
    number_steps(&mut placed, &mut 0);
    let levels = root.height() + 1;
    let width = (LEFT + 2.0 * MARGIN + next_leaf as f64 * LEAF_GAP).max(MIN_WIDTH);
    let tree_bottom = TOP + MARGIN + (levels - 1) as f64 * LEVEL_GAP + NODE_H;
    let height = tree_bottom + BAND;
    let (searched, pruned) = (root.count(), root.pruned());
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif" font-size="{TEXT_FONT}" data-steps="{searched}" data-searched="{searched}" data-pruned="{pruned}">"##
    );
    let _ = writeln!(
        svg,
        r##"<rect x="0" y="0" width="{width:.0}" height="{height:.0}" fill="white"/>"##
    );
    let _ = writeln!(
        svg,
        r##"<text x="{:.0}" y="{:.0}" font-size="{TITLE_FONT}" font-weight="bold">{searched} nodes searched, {pruned} pruned</text>"##,
        MARGIN,
        TOP - 6.0,
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

/// Edges from each node to its children, labelled with the move; each part has the child's
/// step.
fn draw_edges(svg: &mut String, parent: &Placed) {
    for child in &parent.children {
        let pruned = child.node.state == NodeState::Pruned;
        let step = child.step;
        let (x1, y1) = (parent.x, parent.y + NODE_H);
        let (x2, y2) = (child.x, child.y);
        let style = if pruned {
            r##"stroke="#bbb" stroke-dasharray="4 3""##
        } else {
            r##"stroke="#444""##
        };
        let _ = writeln!(
            svg,
            r##"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" {style} data-step="{step}"/>"##
        );
        let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
        let mv = child.node.mv.map(|m| m.to_string()).unwrap_or_default();
        let colour = if pruned { "#aaa" } else { "#1f4e9c" };
        let _ = writeln!(
            svg,
            r##"<text x="{mx:.1}" y="{:.1}" text-anchor="middle" font-size="{EDGE_FONT}" fill="{colour}" stroke="white" stroke-width="3" paint-order="stroke" data-step="{step}">{mv}</text>"##,
            my + 5.0
        );
        // The cut mark sits on the edge into the first node of each pruned subtree.
        if pruned && parent.node.state == NodeState::Searched {
            let _ = writeln!(
                svg,
                r##"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="16" fill="#c0392b" data-step="{step}">✂</text>"##,
                x1 + (x2 - x1) * 0.25,
                y1 + (y2 - y1) * 0.25 + 5.0
            );
        }
        draw_edges(svg, child);
    }
}

/// A box per node with its score, numbered by its steps; hovering shows the position and
/// window.
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
    let (step, done) = (placed.step, placed.done);
    let pruned = if node.state == NodeState::Pruned {
        r##" data-pruned="1""##
    } else {
        ""
    };
    let _ = writeln!(
        svg,
        r##"<g data-step="{step}"{pruned}><title>{board}, {} to move: {}; {window}</title><rect x="{x:.1}" y="{y:.1}" width="{NODE_W}" height="{NODE_H}" rx="5" fill="{fill}" stroke="{stroke}"{dash}/><text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="{NODE_FONT}" fill="{text}" data-done="{done}">{}</text></g>"##,
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
