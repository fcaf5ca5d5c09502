//! Helpers for the evcxr notebooks in `notebooks/`, so that each notebook cell stays a few
//! lines about search and none about HTML.
//!
//! The notebooks run in [evcxr](https://github.com/evcxr/evcxr), a Rust Jupyter kernel. Four
//! things make a notebook there pleasant, and this module provides each:
//!
//! 1. **A failing check must fail the run.** evcxr reports a panic and then carries on with
//!    the next cell, so a broken `assert!` would go unnoticed by a headless run.
//!    [`fail_on_panic`] installs a panic hook that prints the panic and ends the kernel's
//!    process; `jupyter execute` then reports an error and exits non-zero.
//! 2. **Pictures that every reader sees.** A cell shows rich output by printing it between two
//!    marker lines that evcxr recognises ([`rich_output`]). The pictures come from the crate:
//!    [`board_svg`] draws a chess position, [`line_svg`] a line of moves as a row of boards,
//!    [`crate::teach::plot`] draws charts, [`crate::teach::tree`] draws
//!    tic-tac-toe game trees, all as SVG. [`show_svg`] shows one, and sends with it the same
//!    picture as PNG, rendered by [`crate::teach::picture`] with the font the crate embeds. The PNG is
//!    for the reader who opens a committed notebook without running it: JupyterLab does not
//!    trust a notebook it did not execute, and shows no SVG (nor any `<svg>` inside HTML) in
//!    an untrusted notebook, while a PNG shows in every viewer. evcxr gathers a cell's rich
//!    output into *one* result (an `execute_result` bundle) keeping the last content of each
//!    MIME type, so the SVG and the PNG arrive together and a viewer shows the richest one it
//!    trusts. It follows that a cell shows one picture: several become one with
//!    [`stacked_svg`]. HTML is for tables ([`show_html`]) and never carries a picture.
//! 3. **Tables.** [`stage_table_html`], [`comparison_table_html`], [`stats_table_html`] and
//!    [`iterations_table_html`] turn search results into HTML tables, with node counts
//!    compared against the previous stage; [`counters_table_html`] shows the counters a
//!    notebook picks ([`Counter`]: cut-offs, re-searches, MTD(f) passes …),
//!    [`ordering_table_html`] a comparison's cut-offs and its distance from the ordering
//!    oracle, and [`pair_by_depth_table_html`] two stages side by side at several depths.
//! 4. **Looking inside a search.** [`picker_order`] and [`move_order_html`] show the order in
//!    which the [`MovePicker`] hands out one node's moves, and why; [`mtdf_trace`] runs MTD(f)
//!    and returns every null-window pass with the result, which the statistics only count.
//!
//! Everything here except the `show_*` functions and [`fail_on_panic`] is a pure function,
//! most of them returning a `String` (or a `Result` of one), so the tests check them without a
//! kernel.

use crate::error::{Error, Result};
use crate::game::{Capture, Game};
use crate::games::chess::square_at;
use crate::games::Chess;
use crate::lab::compare::{CompareRow, Comparison};
use crate::limits::SearchLimits;
use crate::score::{Depth, Ply, Score};
use crate::search::move_picker::{MovePicker, OrderingTables};
pub use crate::search::mtdf::MtdfPass;
use crate::search::{Engine, Mtdf};
use crate::stats::{Iteration, SearchResult, SearchStats};
use crate::teach::picture::svg_to_png;
use crate::teach::plot::{self, Series};
use base64::Engine as _;
use chess::{ChessMove, Color, Piece, Square};
use std::fmt::{Display, Write};
use std::sync::Once;

// ---------------------------------------------------------------------------------------------
// Failing on panic
// ---------------------------------------------------------------------------------------------

/// Exit status of a kernel stopped by a panic (the status Rust itself uses for a panicking
/// program).
pub const PANIC_EXIT_CODE: i32 = 101;

/// Makes any later panic end the process, after printing where it happened and its message.
///
/// Call it in the first code cell of a notebook. Without it, evcxr shows a failed `assert!`
/// and goes on to the next cell, so `jupyter execute` would report success. With it, the
/// kernel dies, the cell errors, and the run fails. Calling it more than once is harmless.
///
/// The hook prints the panic without a backtrace (evcxr asks for one, and its frames are
/// evcxr's own machinery, not the notebook's code).
pub fn fail_on_panic() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            // `info` prints as "panicked at <file>:<line>:<column>:\n<message>".
            eprintln!("{info}");
            eprintln!("searchlab::teach::notebook::fail_on_panic: a panic ends this notebook run");
            std::process::exit(PANIC_EXIT_CODE);
        }));
    });
}

// ---------------------------------------------------------------------------------------------
// Rich output
// ---------------------------------------------------------------------------------------------

/// The text evcxr turns into a rich output of MIME type `mime` (`text/html`,
/// `image/svg+xml`, …) when a cell prints it.
pub fn rich_output(mime: &str, content: &str) -> String {
    format!("EVCXR_BEGIN_CONTENT {mime}\n{content}\nEVCXR_END_CONTENT\n")
}

/// Shows `html` as the cell's output (in evcxr; elsewhere it prints the marked-up text).
/// One rich output per cell: a second `show_html` in the same cell replaces the first.
///
/// For tables and text, not pictures: an `<svg>` inside HTML is stripped from a notebook that
/// is not trusted (one opened without running it), so HTML holding one is shown with a
/// warning on stderr. Show pictures with [`show_svg`].
pub fn show_html(html: &str) {
    if html.to_ascii_lowercase().contains("<svg") {
        eprintln!(
            "searchlab::teach::notebook::show_html: this HTML holds an <svg>, which a notebook opened \
             without running it does not show; show pictures with show_svg (stacked_svg joins several)"
        );
    }
    print!("{}", rich_output("text/html", html));
}

/// Shows `markdown` as the cell's output (one rich output per cell, like [`show_html`]).
/// Every notebook viewer renders markdown, trusted or not, code blocks highlighted.
pub fn show_markdown(markdown: &str) {
    print!("{}", rich_output("text/markdown", markdown));
}

/// `diff` as a markdown ```` ```diff ```` block: added lines green, removed lines red, in any
/// viewer that highlights code.
pub fn diff_markdown(diff: &str) -> String {
    let fence = if diff.contains("```") { "````" } else { "```" };
    format!("{fence}diff\n{}\n{fence}", diff.trim_end())
}

/// Shows what the rung `stage` adds to the one below: the diff of their source files
/// ([`crate::teach::diff::stage_diff`]), the same the book shows.
pub fn show_stage_diff(stage: &str) -> Result<()> {
    let diff = crate::teach::diff::stage_diff(stage)?;
    show_markdown(&diff_markdown(&diff));
    Ok(())
}

/// Shows an SVG picture as the cell's output, together with the same picture as PNG (one
/// picture per cell, like [`show_html`]; join several with [`stacked_svg`]).
///
/// Jupyter, JupyterLab, VS Code and GitHub's notebook viewer show the SVG where they trust the
/// notebook, and the PNG where they do not (see the module docs). If the PNG cannot be made
/// (a character the embedded font lacks, say), the SVG is shown alone and the reason goes to
/// stderr.
pub fn show_svg(svg: &str) {
    match svg_output(svg) {
        Ok(text) => print!("{text}"),
        Err(e) => {
            eprintln!("searchlab::teach::notebook::show_svg: no PNG for this picture: {e}");
            print!("{}", rich_output("image/svg+xml", &with_svg_namespace(svg)));
        }
    }
}

/// What [`show_svg`] prints: `svg` as an `image/svg+xml` output and its PNG rendering
/// ([`crate::teach::picture::svg_to_png`]) as an `image/png` output, base64-encoded as Jupyter
/// expects. evcxr joins the two into one bundle.
pub fn svg_output(svg: &str) -> Result<String> {
    let svg = with_svg_namespace(svg);
    let png = svg_to_png(&svg)?;
    let base64 = base64::engine::general_purpose::STANDARD.encode(&png.bytes);
    Ok(format!(
        "{}{}",
        rich_output("image/svg+xml", &svg),
        rich_output("image/png", &base64)
    ))
}

/// `svg` with `xmlns="http://www.w3.org/2000/svg"` on its root element if it had none.
pub fn with_svg_namespace(svg: &str) -> String {
    const NAMESPACE: &str = "xmlns=\"http://www.w3.org/2000/svg\"";
    match svg.find("<svg") {
        Some(start) if !svg.contains(NAMESPACE) => {
            let at = start + "<svg".len();
            format!("{} {NAMESPACE}{}", &svg[..at], &svg[at..])
        }
        _ => svg.to_string(),
    }
}

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

/// `text` with the five characters HTML gives a meaning (`& < > " '`) escaped.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
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
    draw_board(game, &[])
}

/// Like [`board_svg`], with the from and to squares of `mv` highlighted (to show a best move).
pub fn board_move_svg(game: &Chess, mv: ChessMove) -> String {
    draw_board(game, &[mv.get_source(), mv.get_dest()])
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

/// How much of its full size each board of [`line_svg`] is drawn at.
const LINE_BOARD_SCALE: f64 = 0.5;
/// Height of the two caption lines above each board of [`line_svg`].
const LINE_CAPTION: f64 = 40.0;
/// Space between the boards of [`line_svg`], across and down.
const LINE_GAP: f64 = 16.0;

/// A line of moves (UCI notation, from `game`) as a row of boards: the position after each
/// move, at half size, the move's squares highlighted, in rows of `columns`. Above each board,
/// the move as in a game score (`2.Nxc6`, `2...dxc6`) and the static evaluation of the position
/// it leaves, from White's point of view: what a search that stopped there would count. A
/// finished game says `mate` or `draw` instead.
pub fn line_svg(game: &Chess, line: &[impl AsRef<str>], columns: usize) -> Result<String> {
    use crate::game::{Game as _, Outcome};
    let columns = columns.max(1);
    let moves = uci_line(game, line)?;
    let full = board_svg(game);
    let (board_w, board_h) = svg_size(&full)?;
    let (cell_w, board_h) = (board_w * LINE_BOARD_SCALE, board_h * LINE_BOARD_SCALE);
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
        let board = board_move_svg(&position, mv);
        // The board's drawing, without its root element, scaled into place.
        let body = board
            .find('>')
            .and_then(|open| board.rfind("</svg>").map(|close| &board[open + 1..close]))
            .unwrap_or_default();
        let _ = writeln!(
            svg,
            "<g transform=\"translate({x:.0} {:.0}) scale({LINE_BOARD_SCALE})\">{}</g>",
            y + LINE_CAPTION,
            body.trim_end()
        );
    }
    svg.push_str("</svg>");
    Ok(svg)
}

fn draw_board(game: &Chess, highlighted: &[Square]) -> String {
    let board = game.board();
    let side = 8 * SQUARE + 2 * MARGIN;
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
            let (x, y) = (MARGIN + file * SQUARE, MARGIN + (7 - rank) * SQUARE);
            let fill = if highlighted.contains(&square) {
                HIGHLIGHT
            } else if (file + rank) % 2 == 0 {
                DARK // a1 is a dark square
            } else {
                LIGHT
            };
            let _ = writeln!(
                svg,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"{fill}\"/>"
            );
            if let (Some(piece), Some(color)) = (board.piece_on(square), board.color_on(square)) {
                let _ = writeln!(
                    svg,
                    "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" \
                     dominant-baseline=\"central\" fill=\"black\">{}\u{FE0E}</text>",
                    x + SQUARE / 2,
                    y + SQUARE / 2 + 2,
                    SQUARE * 4 / 5,
                    piece_glyph(piece, color)
                );
            }
        }
    }
    for i in 0..8 {
        let centre = MARGIN + i * SQUARE + SQUARE / 2;
        let file = (b'a' + i as u8) as char;
        let rank = 8 - i;
        for y in [MARGIN / 2, MARGIN + 8 * SQUARE + MARGIN / 2] {
            let _ = writeln!(svg, "<text x=\"{centre}\" y=\"{y}\" font-size=\"13\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"#555\">{file}</text>");
        }
        for x in [MARGIN / 2, MARGIN + 8 * SQUARE + MARGIN / 2] {
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
// Tables
// ---------------------------------------------------------------------------------------------

/// One search, reduced to what the tables show: the stage (or any label), its move, score,
/// depth and counters.
#[derive(Clone, Debug, PartialEq)]
pub struct StageRow {
    /// The stage's name, or any label for the row.
    pub stage: String,
    /// The best move in the game's notation (`None` without a legal move).
    pub best_move: Option<String>,
    /// The score for the side to move.
    pub score: Score,
    /// The depth searched (the last completed iteration for iterative stages).
    pub depth: Depth,
    /// Nodes, cut-offs and transposition-table counters.
    pub stats: SearchStats,
}

impl StageRow {
    /// The row for `result`, labelled `stage`.
    pub fn new<M: Display>(stage: &str, result: &SearchResult<M>) -> StageRow {
        StageRow {
            stage: stage.to_string(),
            best_move: result.best_move.as_ref().map(|m| m.to_string()),
            score: result.score,
            depth: result.depth,
            stats: result.stats,
        }
    }
}

/// `n` with a comma between each group of three digits: `549946` → `549,946`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// How `nodes` compares with `previous` nodes, as a signed percentage: `-91.5 %` for a drop,
/// `+4.0 %` for a rise, `±0 %` when equal, `n/a` when there were no previous nodes.
pub fn change_percent(previous: u64, nodes: u64) -> String {
    if previous == 0 {
        return "n/a".to_string();
    }
    if nodes == previous {
        return "±0 %".to_string();
    }
    let change = (nodes as f64 - previous as f64) / previous as f64 * 100.0;
    format!("{change:+.1} %")
}

/// Builds an HTML table: a header row, then one row per entry of `rows`. Numeric columns are
/// right-aligned (a column is numeric when `numeric[i]` is true).
fn html_table(header: &[&str], numeric: &[bool], rows: &[Vec<String>]) -> String {
    let align = |i: usize| {
        if numeric.get(i).copied().unwrap_or(false) {
            " style=\"text-align:right\""
        } else {
            " style=\"text-align:left\""
        }
    };
    let mut html = String::from("<table>\n<thead><tr>");
    for (i, h) in header.iter().enumerate() {
        let _ = write!(html, "<th{}>{}</th>", align(i), escape_html(h));
    }
    html.push_str("</tr></thead>\n<tbody>\n");
    for row in rows {
        html.push_str("<tr>");
        for (i, cell) in row.iter().enumerate() {
            let _ = write!(html, "<td{}>{}</td>", align(i), escape_html(cell));
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</tbody>\n</table>");
    html
}

/// Builds a markdown table: a header row, then one row per entry of `rows`. A column is
/// right-aligned when `numeric[i]` is true. A `|` inside a cell is escaped, so any text fits.
/// (Markdown, unlike HTML, shows the same in every viewer, trusted or not.)
pub fn markdown_table(header: &[&str], numeric: &[bool], rows: &[Vec<String>]) -> String {
    let cell = |text: &str| text.replace('|', "\\|");
    let mut md = String::from("|");
    for h in header {
        let _ = write!(md, " {} |", cell(h));
    }
    md.push_str("\n|");
    for i in 0..header.len() {
        md.push_str(if numeric.get(i).copied().unwrap_or(false) {
            "---:|"
        } else {
            "---|"
        });
    }
    md.push('\n');
    for row in rows {
        md.push('|');
        for text in row {
            let _ = write!(md, " {} |", cell(text));
        }
        md.push('\n');
    }
    md
}

fn move_text(best_move: &Option<String>) -> String {
    best_move.clone().unwrap_or_else(|| "(none)".to_string())
}

/// A table of searches, one row each: stage, move, score, depth, nodes, and the change in
/// nodes against the row above (the previous stage when the rows follow the ladder).
pub fn stage_table_html(rows: &[StageRow]) -> String {
    let mut previous = None;
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            let change = previous.map_or("–".to_string(), |p| change_percent(p, r.stats.nodes));
            previous = Some(r.stats.nodes);
            vec![
                r.stage.clone(),
                move_text(&r.best_move),
                r.score.to_string(),
                r.depth.to_string(),
                thousands(r.stats.nodes),
                change,
            ]
        })
        .collect();
    html_table(
        &[
            "stage",
            "move",
            "score",
            "depth",
            "nodes",
            "nodes vs previous",
        ],
        &[false, false, false, true, true, true],
        &cells,
    )
}

/// A table of the counters behind the node counts: nodes, beta cut-offs, transposition-table
/// hits and the hits that ended a node without searching it.
pub fn stats_table_html(rows: &[StageRow]) -> String {
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            vec![
                r.stage.clone(),
                r.depth.to_string(),
                thousands(r.stats.nodes),
                thousands(r.stats.beta_cutoffs),
                thousands(r.stats.tt_hits),
                thousands(r.stats.tt_cutoffs),
            ]
        })
        .collect();
    html_table(
        &[
            "stage",
            "depth",
            "nodes",
            "beta cut-offs",
            "TT hits",
            "TT cut-offs",
        ],
        &[false, true, true, true, true, true],
        &cells,
    )
}

/// A column of [`counters_table_html`]: one of the counters of [`SearchStats`], or the share
/// of cut-offs made by the first move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counter {
    /// Nodes searched.
    Nodes,
    /// Beta cut-offs.
    BetaCutoffs,
    /// Cut-offs made by the first move tried.
    FirstMoveCutoffs,
    /// The share of cut-offs made by the first move tried, as a percentage.
    FirstMoveRate,
    /// Transposition-table probes that found the position.
    TtHits,
    /// Table hits that ended a node without a search.
    TtCutoffs,
    /// PVS: null-window searches that failed high and were searched again.
    Researches,
    /// Iterations searched again outside their aspiration window.
    AspirationFailures,
    /// MTD(f): null-window searches of the root.
    MtdfPasses,
}

impl Counter {
    /// The column's header.
    pub fn header(self) -> &'static str {
        match self {
            Counter::Nodes => "nodes",
            Counter::BetaCutoffs => "beta cut-offs",
            Counter::FirstMoveCutoffs => "by the first move",
            Counter::FirstMoveRate => "first-move share",
            Counter::TtHits => "TT hits",
            Counter::TtCutoffs => "TT cut-offs",
            Counter::Researches => "re-searches",
            Counter::AspirationFailures => "aspiration re-searches",
            Counter::MtdfPasses => "MTD(f) passes",
        }
    }

    /// The column's cell for `stats`: a count with thousands separators, or a percentage
    /// with one decimal (`–` without any cut-off).
    pub fn cell(self, stats: &SearchStats) -> String {
        let count = match self {
            Counter::Nodes => stats.nodes,
            Counter::BetaCutoffs => stats.beta_cutoffs,
            Counter::FirstMoveCutoffs => stats.first_move_cutoffs,
            Counter::FirstMoveRate => {
                return stats
                    .first_move_cutoff_rate()
                    .map_or("–".to_string(), |r| format!("{:.1} %", 100.0 * r))
            }
            Counter::TtHits => stats.tt_hits,
            Counter::TtCutoffs => stats.tt_cutoffs,
            Counter::Researches => stats.researches,
            Counter::AspirationFailures => stats.aspiration_failures,
            Counter::MtdfPasses => stats.mtdf_passes,
        };
        thousands(count)
    }
}

/// A table of searches, one row each: stage, depth, then the `columns` chosen, so that a
/// notebook shows the counters its stage changes (cut-offs for move ordering, re-searches for
/// PVS, passes for MTD(f)) and no others.
pub fn counters_table_html(rows: &[StageRow], columns: &[Counter]) -> String {
    let mut header = vec!["stage", "depth"];
    header.extend(columns.iter().map(|c| c.header()));
    let mut numeric = vec![false, true];
    numeric.extend(columns.iter().map(|_| true));
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            let mut row = vec![r.stage.clone(), r.depth.to_string()];
            row.extend(columns.iter().map(|c| c.cell(&r.stats)));
            row
        })
        .collect();
    html_table(&header, &numeric, &cells)
}

/// The table of a [`Comparison`]: one row per stage and position (positions in order, stages
/// in ladder order within each), nodes compared with the previous stage on the same position.
/// Times are left out, so that a notebook's output does not change from run to run.
pub fn comparison_table_html(comparison: &Comparison) -> String {
    let mut previous: Option<&CompareRow> = None;
    let cells: Vec<Vec<String>> = comparison
        .rows
        .iter()
        .map(|r| {
            let change = match previous {
                Some(p) if p.position == r.position => change_percent(p.nodes, r.nodes),
                _ => "–".to_string(),
            };
            previous = Some(r);
            vec![
                r.position.clone(),
                r.stage.clone(),
                move_text(&r.best_move),
                r.score.to_string(),
                r.depth.to_string(),
                thousands(r.nodes),
                change,
            ]
        })
        .collect();
    html_table(
        &[
            "position",
            "stage",
            "move",
            "score",
            "depth",
            "nodes",
            "nodes vs previous stage",
        ],
        &[false, false, false, false, true, true, true],
        &cells,
    )
}

/// The table of a [`Comparison`] as move ordering sees it: for each position and stage, the
/// nodes, the beta cut-offs, the share of them made by the first move tried, and the nodes as
/// a multiple of the ordering oracle's (when the oracle was one of the stages).
pub fn ordering_table_html(comparison: &Comparison) -> String {
    let cells: Vec<Vec<String>> = comparison
        .rows
        .iter()
        .map(|r| {
            vec![
                r.position.clone(),
                r.stage.clone(),
                thousands(r.nodes),
                thousands(r.beta_cutoffs),
                r.first_move_cutoff_rate()
                    .map_or("–".to_string(), |rate| format!("{:.1} %", 100.0 * rate)),
                r.oracle_multiple()
                    .map_or("–".to_string(), |m| format!("{m:.2} ×")),
            ]
        })
        .collect();
    html_table(
        &[
            "position",
            "stage",
            "nodes",
            "beta cut-offs",
            "by the first move",
            "× oracle",
        ],
        &[false, false, true, true, true, true],
        &cells,
    )
}

/// Two stages side by side at several depths: one row per position, and for each comparison
/// (one per depth) the nodes of `previous`, of `stage`, and the change; a last row of totals.
/// Shows at a glance where a stage starts to pay: more nodes than `previous` at one depth,
/// fewer at the next.
pub fn pair_by_depth_table_html(
    comparisons: &[&Comparison],
    previous: &str,
    stage: &str,
) -> String {
    let mut header = vec!["position".to_string()];
    for c in comparisons {
        let depth = c.rows.first().map_or(0, |r| r.depth);
        header.push(format!("{previous}, depth {depth}"));
        header.push(format!("{stage}, depth {depth}"));
        header.push("change".to_string());
    }
    let positions: Vec<&str> = comparisons.first().map_or(Vec::new(), |c| {
        let mut names: Vec<&str> = Vec::new();
        for r in &c.rows {
            if !names.contains(&r.position.as_str()) {
                names.push(&r.position);
            }
        }
        names
    });
    let nodes = |c: &Comparison, position: &str, name: &str| {
        c.rows
            .iter()
            .find(|r| r.position == position && r.stage == name)
            .map_or(0, |r| r.nodes)
    };
    let mut cells: Vec<Vec<String>> = positions
        .iter()
        .map(|&position| {
            let mut row = vec![position.to_string()];
            for c in comparisons {
                let (a, b) = (nodes(c, position, previous), nodes(c, position, stage));
                row.extend([thousands(a), thousands(b), change_percent(a, b)]);
            }
            row
        })
        .collect();
    let mut total = vec!["total".to_string()];
    for c in comparisons {
        let (a, b) = (c.total_nodes(previous), c.total_nodes(stage));
        total.extend([thousands(a), thousands(b), change_percent(a, b)]);
    }
    cells.push(total);
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let numeric: Vec<bool> = (0..header.len()).map(|i| i > 0).collect();
    html_table(&header, &numeric, &cells)
}

/// The rows of `stage` and of `previous` for the same position, paired, in position order:
/// what a notebook walks through to assert that two stages agree.
pub fn stage_pairs<'a>(
    comparison: &'a Comparison,
    previous: &str,
    stage: &str,
) -> Vec<(&'a CompareRow, &'a CompareRow)> {
    comparison
        .rows
        .iter()
        .filter(|r| r.stage == previous)
        .filter_map(|p| {
            comparison
                .rows
                .iter()
                .find(|r| r.stage == stage && r.position == p.position)
                .map(|r| (p, r))
        })
        .collect()
}

/// Nodes spent in each iteration alone (an [`Iteration`] records the running total).
pub fn iteration_nodes(iterations: &[Iteration]) -> Vec<(Depth, u64)> {
    let mut before = 0;
    iterations
        .iter()
        .map(|it| {
            let own = it.nodes.saturating_sub(before);
            before = it.nodes;
            (it.depth, own)
        })
        .collect()
}

/// The iterations of an iterative search, one row each: depth, score, nodes of that
/// iteration, nodes so far, time so far, and the principal variation.
pub fn iterations_table_html(iterations: &[Iteration]) -> String {
    let cells: Vec<Vec<String>> = iterations
        .iter()
        .zip(iteration_nodes(iterations))
        .map(|(it, (_, own))| {
            vec![
                it.depth.to_string(),
                it.score.to_string(),
                thousands(own),
                thousands(it.nodes),
                format!("{:.1}", it.time.as_secs_f64() * 1000.0),
                it.pv.join(" "),
            ]
        })
        .collect();
    html_table(
        &[
            "depth",
            "score",
            "nodes (this iteration)",
            "nodes (total)",
            "time (ms)",
            "principal variation",
        ],
        &[true, false, true, true, true, false],
        &cells,
    )
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

// ---------------------------------------------------------------------------------------------
// Looking inside a search: the move picker's order, MTD(f)'s passes
// ---------------------------------------------------------------------------------------------

/// Why the [`MovePicker`] hands out a move where it does: its four tiers, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderReason {
    /// The hash move (the previous principal variation's, else the table's): tried first.
    HashMove,
    /// A capture or promotion, placed by MVV-LVA: the victim's value first, then the cheaper
    /// attacker.
    Capture(Capture),
    /// A killer of the node's ply: 0 is the newer, 1 the older.
    Killer(usize),
    /// Any other move: a quiet move, placed by its history score.
    History(i32),
}

/// The moves of `game` in the order the [`MovePicker`] of a node at `ply` hands them out,
/// given `hash_move` and what `tables` learned, each with the reason for its place.
///
/// The order is the picker's own (this calls it); the reasons are read from the same facts
/// the picker scores (the hash move, [`Game::capture`], the killers, the history), in the
/// picker's order of precedence.
pub fn picker_order<G: Game>(
    game: &G,
    hash_move: Option<G::Move>,
    tables: &OrderingTables<G::Move>,
    ply: Ply,
) -> Vec<(G::Move, OrderReason)> {
    let killers = tables.killers(ply);
    MovePicker::new(game, game.legal_moves(), hash_move, tables, ply)
        .map(|mv| {
            let reason = if Some(mv) == hash_move {
                OrderReason::HashMove
            } else if let Some(capture) = game.capture(mv) {
                OrderReason::Capture(capture)
            } else if let Some(k) = killers.iter().position(|&k| k == Some(mv)) {
                OrderReason::Killer(k)
            } else {
                OrderReason::History(tables.history(ply, mv))
            };
            (mv, reason)
        })
        .collect()
}

/// A piece's name, for people.
fn piece_name(piece: Piece) -> &'static str {
    match piece {
        Piece::Pawn => "pawn",
        Piece::Knight => "knight",
        Piece::Bishop => "bishop",
        Piece::Rook => "rook",
        Piece::Queen => "queen",
        Piece::King => "king",
    }
}

/// A table of a node's moves in the picker's order ([`picker_order`]): rank, move (SAN),
/// tier, and why. Captures say what takes what, with the MVV-LVA values; quiet moves their
/// history score. At most `limit` rows; the rest are summed up in a last row.
pub fn move_order_html(game: &Chess, order: &[(ChessMove, OrderReason)], limit: usize) -> String {
    let board = game.board();
    let mut cells: Vec<Vec<String>> = order
        .iter()
        .take(limit)
        .enumerate()
        .map(|(i, &(mv, reason))| {
            let (tier, why) = match reason {
                OrderReason::HashMove => (
                    "hash move",
                    "best here in the last search (PV or table)".to_string(),
                ),
                OrderReason::Capture(c) => {
                    let attacker = board.piece_on(mv.get_source()).map_or("?", piece_name);
                    let mut what = match board.piece_on(mv.get_dest()) {
                        Some(victim) => format!("{attacker} takes {}", piece_name(victim)),
                        // En passant takes a pawn beside the empty destination.
                        None if c.victim > 0 && mv.get_promotion().is_none() => {
                            format!("{attacker} takes pawn")
                        }
                        None => attacker.to_string(),
                    };
                    if let Some(p) = mv.get_promotion() {
                        let _ = write!(what, ", promotes to {}", piece_name(p));
                    }
                    (
                        "capture",
                        format!("{what} (victim {}, attacker {})", c.victim, c.attacker),
                    )
                }
                OrderReason::Killer(k) => (
                    "killer",
                    format!(
                        "killer {} ({}): cut off at this ply before",
                        k + 1,
                        if k == 0 { "newer" } else { "older" }
                    ),
                ),
                OrderReason::History(0) => ("quiet", "history 0".to_string()),
                OrderReason::History(h) => ("quiet", format!("history {h:+}")),
            };
            vec![(i + 1).to_string(), game.san(mv), tier.to_string(), why]
        })
        .collect();
    if order.len() > limit {
        cells.push(vec![
            "…".to_string(),
            format!("{} more", order.len() - limit),
            String::new(),
            "quiet moves, by history".to_string(),
        ]);
    }
    html_table(
        &["#", "move", "tier", "why"],
        &[true, false, false, false],
        &cells,
    )
}

/// MTD(f) as `searchlab::search::Mtdf` runs it (the ordered stage's search, a table of
/// [`crate::search::DEFAULT_HASH_MB`], null windows at the root): its result, and every pass
/// it made, which the engine keeps ([`Mtdf::passes`]) and its statistics only count.
pub fn mtdf_trace<G: Game>(
    game: &mut G,
    limits: &SearchLimits,
) -> (SearchResult<G::Move>, Vec<MtdfPass>) {
    let mut engine = Mtdf::new(crate::search::DEFAULT_HASH_MB);
    let result = engine.search(game, limits);
    (result, engine.passes().to_vec())
}

/// A bound for people: `−∞` and `+∞` for the ends of the whole window, else the score.
pub fn bound_text(score: Score) -> String {
    if score <= -Score::INFINITE {
        "−∞".to_string()
    } else if score >= Score::INFINITE {
        "+∞".to_string()
    } else {
        score.to_string()
    }
}

/// A table of MTD(f)'s passes ([`mtdf_trace`]): for each, its depth, the question it asked
/// (is the value at least `beta`?), the bound it returned, and what is known after it.
pub fn mtdf_passes_html(passes: &[MtdfPass]) -> String {
    let mut pass = 0;
    let mut depth = 0;
    let cells: Vec<Vec<String>> = passes
        .iter()
        .map(|p| {
            if p.depth != depth {
                (depth, pass) = (p.depth, 0);
            }
            pass += 1;
            let answer = if p.score >= p.beta {
                format!("yes: value ≥ {}", p.score)
            } else {
                format!("no: value ≤ {}", p.score)
            };
            vec![
                p.depth.to_string(),
                pass.to_string(),
                format!("value ≥ {}?", p.beta),
                answer,
                format!("{} … {}", bound_text(p.lower), bound_text(p.upper)),
                thousands(p.nodes),
            ]
        })
        .collect();
    html_table(
        &[
            "depth",
            "pass",
            "question (null window)",
            "answer",
            "value now within",
            "nodes",
        ],
        &[true, true, false, false, false, true],
        &cells,
    )
}
