//! The pictures a notebook shows, as SVG: a chess position ([`board_svg`]), a line of moves as
//! a row of boards ([`line_svg`]), charts of a search's numbers, and several pictures stacked
//! into one ([`stacked_svg`]), since a cell shows one picture.
//!
//! Also the notation the pictures write: a score for people ([`signed_score`]) and a line of
//! moves as in a game score ([`san_line`]). Showing a picture (with its PNG) is
//! [`show_svg`](super::show_svg)'s work; rendering SVG to PNG is [`crate::teach::picture`]'s.

use super::output::with_svg_namespace;
use super::tables::escape_html;
use super::tables::iteration_nodes;
use crate::board::square_at;
use crate::error::{Error, Result};
use crate::games::Chess;
use crate::lab::compare::Comparison;
use crate::score::Score;
use crate::stats::Iteration;
use crate::teach::plot::{self, Series};
use chess::{ChessMove, Color, Piece, Square};
use std::fmt::Write;

// ---------------------------------------------------------------------------------------------
// Several pictures as one
// ---------------------------------------------------------------------------------------------

/// Height of a caption's band above each picture in [`stacked_svg`].
const CAPTION_BAND: f64 = 26.0;
/// Space between one stacked picture and the next caption.
const STACK_GAP: f64 = 18.0;

/// Several SVG pictures as one, one above the other, each under its caption (bold, left
/// aligned): how a cell shows two pictures, since a cell shows one.
///
/// One above the other rather than side by side, because the pictures that come in pairs (the
/// two game trees of notebook 02) are each wider than half a notebook page. Each picture's
/// root `<svg>` must give its size as plain numbers (`width="720" height="440"`), as every
/// picture of this crate does.
pub fn stacked_svg(figures: &[(&str, &str)]) -> Result<String> {
    let mut body = String::new();
    let (mut width, mut y) = (0.0f64, 0.0f64);
    for (i, (caption, svg)) in figures.iter().enumerate() {
        if i > 0 {
            y += STACK_GAP;
        }
        let (w, h) = svg_size(svg)?;
        let _ = writeln!(
            body,
            "<text x=\"4\" y=\"{:.0}\" font-size=\"15\" font-weight=\"bold\">{}</text>",
            y + CAPTION_BAND - 8.0,
            escape_html(caption)
        );
        // A nested <svg> keeps the picture's own coordinates; the group moves it into place.
        let start = svg.find("<svg").unwrap_or(0);
        let _ = writeln!(
            body,
            "<g transform=\"translate(0 {:.0})\">\n{}\n</g>",
            y + CAPTION_BAND,
            with_svg_namespace(&svg[start..]).trim_end()
        );
        width = width.max(w);
        y += CAPTION_BAND + h;
    }
    Ok(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{y:.0}\" \
         viewBox=\"0 0 {width:.0} {y:.0}\" font-family=\"sans-serif\">\n\
         <rect width=\"{width:.0}\" height=\"{y:.0}\" fill=\"white\"/>\n{body}</svg>"
    ))
}

/// The `width` and `height` of an SVG document's root element, as plain numbers.
pub fn svg_size(svg: &str) -> Result<(f64, f64)> {
    let root = svg
        .find("<svg")
        .and_then(|start| svg[start..].find('>').map(|end| &svg[start..start + end]))
        .ok_or_else(|| Error::Picture("no <svg> element".to_string()))?;
    let attribute = |name: &str| -> Result<f64> {
        // Preceded by whitespace, so that `stroke-width` is not taken for `width`.
        root.split_whitespace()
            .find_map(|part| part.strip_prefix(name)?.strip_prefix("=\""))
            .and_then(|value| value.split('"').next())
            .and_then(|number| number.parse::<f64>().ok())
            .ok_or_else(|| {
                Error::Picture(format!(
                    "the root <svg> has no {name}=\"<number>\" attribute: {root}>"
                ))
            })
    };
    Ok((attribute("width")?, attribute("height")?))
}

// ---------------------------------------------------------------------------------------------
// The chess board
// ---------------------------------------------------------------------------------------------

/// Side of one square of the board picture, in SVG units (pixels).
const SQUARE: usize = 48;
/// Room around the board for the file letters and rank digits.
const MARGIN: usize = 22;
const LIGHT: &str = "#f0d9b5";
const DARK: &str = "#b58863";
const HIGHLIGHT: &str = "#f6f669";
/// The board's fonts: the chess glyphs of DejaVu Sans (the font the PNGs are drawn with), or
/// of whatever symbol font the viewer has.
const BOARD_FONT: &str = "'DejaVu Sans', 'Segoe UI Symbol', sans-serif";

/// The Unicode chess glyph of a piece: outlined (`♔`…`♙`) for White, solid (`♚`…`♟`) for
/// Black.
pub fn piece_glyph(piece: Piece, color: Color) -> char {
    match (color, piece) {
        (Color::White, Piece::King) => '♔',
        (Color::White, Piece::Queen) => '♕',
        (Color::White, Piece::Rook) => '♖',
        (Color::White, Piece::Bishop) => '♗',
        (Color::White, Piece::Knight) => '♘',
        (Color::White, Piece::Pawn) => '♙',
        (Color::Black, Piece::King) => '♚',
        (Color::Black, Piece::Queen) => '♛',
        (Color::Black, Piece::Rook) => '♜',
        (Color::Black, Piece::Bishop) => '♝',
        (Color::Black, Piece::Knight) => '♞',
        (Color::Black, Piece::Pawn) => '♟',
    }
}

/// The position as an SVG picture: White at the bottom, pieces as Unicode glyphs, files and
/// ranks labelled, and the side to move written underneath.
pub fn board_svg(game: &Chess) -> String {
    draw_board(game, &[], SQUARE)
}

/// Like [`board_svg`], with the from and to squares of `mv` highlighted (to show a best move).
pub fn board_move_svg(game: &Chess, mv: ChessMove) -> String {
    draw_board(game, &[mv.get_source(), mv.get_dest()], SQUARE)
}

/// A score for people: `+65`, `−130` (with a minus sign), `0`, or `mate in 2` / `mated in 2`
/// (in moves).
pub fn signed_score(score: Score) -> String {
    match score.mate_moves() {
        Some(moves) if moves > 0 => format!("mate in {moves}"),
        Some(moves) => format!("mated in {}", -moves),
        None if score.0 < 0 => format!("\u{2212}{}", -score.0),
        None if score.0 > 0 => format!("+{}", score.0),
        None => "0".to_string(),
    }
}

/// The moves of `line` (UCI notation, each legal after the ones before it, from `game`),
/// checked and parsed.
pub fn uci_line(game: &Chess, line: &[impl AsRef<str>]) -> Result<Vec<ChessMove>> {
    use crate::game::Game as _;
    let mut game = game.clone();
    line.iter()
        .map(|text| {
            let mv = game.parse_uci(text.as_ref())?;
            game.play(mv);
            Ok(mv)
        })
        .collect()
}

/// A line of moves (UCI notation, from `game`) written as in a game score: standard algebraic
/// notation, numbered from the position's fullmove number, `1.Nxe4 Nxe4 2.Nxc6`, or
/// `1...Nxe4 2.Nxc6` when Black moves first.
pub fn san_line(game: &Chess, line: &[impl AsRef<str>]) -> Result<String> {
    use crate::game::Game as _;
    let mut game = game.clone();
    let mut number = fullmove_number(&game);
    let mut out = String::new();
    for (i, text) in line.iter().enumerate() {
        let mv = game.parse_uci(text.as_ref())?;
        if i > 0 {
            out.push(' ');
        }
        match game.side_to_move() {
            Color::White => {
                let _ = write!(out, "{number}.");
            }
            Color::Black if i == 0 => {
                let _ = write!(out, "{number}...");
            }
            Color::Black => {}
        }
        out.push_str(&game.san(mv));
        if game.side_to_move() == Color::Black {
            number += 1;
        }
        game.play(mv);
    }
    Ok(out)
}

/// The fullmove number of the position: the FEN's last field.
fn fullmove_number(game: &Chess) -> u32 {
    game.fen()
        .rsplit(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1)
}

/// Side of a square of the boards of [`line_svg`]: two thirds of [`board_svg`]'s, with the
/// file letters and rank digits at their full size, so that they stay readable (a board drawn
/// whole at a smaller scale shrinks them with it).
const LINE_SQUARE: usize = 32;
/// Height of the two caption lines above each board of [`line_svg`].
const LINE_CAPTION: f64 = 40.0;
/// Space between the boards of [`line_svg`], across and down.
const LINE_GAP: f64 = 16.0;

/// A line of moves (UCI notation, from `game`) as a row of boards: the position after each
/// move, on smaller squares, the move's squares highlighted, in rows of `columns`. Above each board,
/// the move as in a game score (`2.Nxc6`, `2...dxc6`) and the static evaluation of the position
/// it leaves, from White's point of view: what a search that stopped there would count. A
/// finished game says `mate` or `draw` instead.
pub fn line_svg(game: &Chess, line: &[impl AsRef<str>], columns: usize) -> Result<String> {
    use crate::game::{Game as _, Outcome};
    let columns = columns.max(1);
    let moves = uci_line(game, line)?;
    let (cell_w, board_h) = svg_size(&draw_board(game, &[], LINE_SQUARE))?;
    let cell_h = LINE_CAPTION + board_h;
    let rows = moves.len().div_ceil(columns).max(1);
    let shown = moves.len().clamp(1, columns) as f64;
    let width = shown * cell_w + (shown - 1.0) * LINE_GAP;
    let height = rows as f64 * cell_h + (rows - 1) as f64 * LINE_GAP;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
         viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"{BOARD_FONT}\">\n\
         <rect width=\"{width:.0}\" height=\"{height:.0}\" fill=\"white\"/>\n"
    );
    let mut position = game.clone();
    for (i, &mv) in moves.iter().enumerate() {
        let (x, y) = (
            (i % columns) as f64 * (cell_w + LINE_GAP),
            (i / columns) as f64 * (cell_h + LINE_GAP),
        );
        // Numbered from the position it is played in: `1.Nxe4`, `1...Nxe4`.
        let label = san_line(&position, &[mv.to_string()])?;
        position.play(mv);
        let verdict = match position.outcome() {
            Some(Outcome::Loss) => "mate".to_string(),
            Some(Outcome::Draw) => "draw".to_string(),
            None => {
                let own = position.evaluate();
                let white = if position.side_to_move() == Color::White {
                    own
                } else {
                    -own
                };
                format!("evaluation {} for White", signed_score(white))
            }
        };
        let _ = writeln!(
            svg,
            "<text x=\"{:.0}\" y=\"{:.0}\" font-size=\"15\" font-weight=\"bold\">{}</text>",
            x + 4.0,
            y + 16.0,
            escape_html(&label)
        );
        let _ = writeln!(
            svg,
            "<text x=\"{:.0}\" y=\"{:.0}\" font-size=\"12\" fill=\"#555\">{}</text>",
            x + 4.0,
            y + 33.0,
            escape_html(&verdict)
        );
        let board = draw_board(&position, &[mv.get_source(), mv.get_dest()], LINE_SQUARE);
        // The board's drawing, without its root element, moved into place.
        let body = board
            .find('>')
            .and_then(|open| board.rfind("</svg>").map(|close| &board[open + 1..close]))
            .unwrap_or_default();
        let _ = writeln!(
            svg,
            "<g transform=\"translate({x:.0} {:.0})\">{}</g>",
            y + LINE_CAPTION,
            body.trim_end()
        );
    }
    svg.push_str("</svg>");
    Ok(svg)
}

/// The board of `game`, `highlighted` squares marked, on squares of side `cell`.
fn draw_board(game: &Chess, highlighted: &[Square], cell: usize) -> String {
    let board = game.board();
    let side = 8 * cell + 2 * MARGIN;
    let height = side + 18;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{side}\" height=\"{height}\" \
         viewBox=\"0 0 {side} {height}\" font-family=\"{BOARD_FONT}\">\n"
    );
    let _ = writeln!(svg, "<title>{}</title>", escape_html(&game.fen()));
    let _ = writeln!(
        svg,
        "<rect width=\"{side}\" height=\"{height}\" fill=\"white\"/>"
    );
    for rank in 0..8 {
        for file in 0..8 {
            let square = square_at(file, rank);
            // Rank 8 is drawn at the top.
            let (x, y) = (MARGIN + file * cell, MARGIN + (7 - rank) * cell);
            let fill = if highlighted.contains(&square) {
                HIGHLIGHT
            } else if (file + rank) % 2 == 0 {
                DARK // a1 is a dark square
            } else {
                LIGHT
            };
            let _ = writeln!(
                svg,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{cell}\" height=\"{cell}\" fill=\"{fill}\"/>"
            );
            if let (Some(piece), Some(color)) = (board.piece_on(square), board.color_on(square)) {
                let _ = writeln!(
                    svg,
                    "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" \
                     dominant-baseline=\"central\" fill=\"black\">{}\u{FE0E}</text>",
                    x + cell / 2,
                    y + cell / 2 + 2,
                    cell * 4 / 5,
                    piece_glyph(piece, color)
                );
            }
        }
    }
    for i in 0..8 {
        let centre = MARGIN + i * cell + cell / 2;
        let file = (b'a' + i as u8) as char;
        let rank = 8 - i;
        for y in [MARGIN / 2, MARGIN + 8 * cell + MARGIN / 2] {
            let _ = writeln!(svg, "<text x=\"{centre}\" y=\"{y}\" font-size=\"13\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"#555\">{file}</text>");
        }
        for x in [MARGIN / 2, MARGIN + 8 * cell + MARGIN / 2] {
            let _ = writeln!(svg, "<text x=\"{x}\" y=\"{centre}\" font-size=\"13\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"#555\">{rank}</text>");
        }
    }
    let to_move = match game.side_to_move() {
        Color::White => "White to move",
        Color::Black => "Black to move",
    };
    let _ = writeln!(
        svg,
        "<text x=\"{}\" y=\"{}\" font-size=\"14\" text-anchor=\"middle\">{to_move}</text>",
        side / 2,
        side + 8
    );
    svg.push_str("</svg>");
    svg
}

// ---------------------------------------------------------------------------------------------
// Charts
// ---------------------------------------------------------------------------------------------

/// The comparison's node counts per depth, one line per stage, log scale.
pub fn comparison_chart_svg(comparison: &Comparison) -> Result<String> {
    plot::nodes_per_depth_svg(&comparison.nodes_per_depth)
}

/// A line for a chart from iterations: the nodes each iteration cost on its own.
pub fn iteration_series(name: &str, iterations: &[Iteration]) -> Series {
    Series::from_counts(name, &iteration_nodes(iterations))
}

/// A chart of the nodes each iteration cost, one line per search, log scale: deepening's
/// growth per ply at a glance.
pub fn iterations_chart_svg(series: &[Series]) -> Result<String> {
    plot::line_chart_svg(
        "Nodes per iteration (log scale)",
        "nodes in the iteration",
        true,
        series,
    )
}
