//! Chess positions as SVG boards: one position ([`board_svg`], [`board_move_svg`]) or a line
//! of moves as a row of boards ([`line_svg`]), and the notation written with them
//! ([`san_line`], [`uci_line`], [`piece_glyph`]).
//!
//! The pieces are the Unicode chess glyphs, drawn with the embedded DejaVu Sans when rendered to
//! PNG ([`picture`](super::picture)). May import the engine's chess game, and the floor's
//! colours, tables' text and SVG helpers; nothing of the chapters.

use super::colour::{DARK_SQUARE, HIGHLIGHT, LABEL_CSS, LIGHT_SQUARE};
use super::svg::svg_size;
use super::table::{escape_html, signed_score};
use chess::{ChessMove, Color, Piece, Square};
use searchlab_engine::board::square_at;
use searchlab_engine::error::Result;
use searchlab_engine::games::Chess;
use std::fmt::Write;

/// Side of one square of the board picture, in SVG units (pixels).
pub const SQUARE: usize = 48;
/// Room around the board for the file letters and rank digits.
pub const MARGIN: usize = 22;
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

/// The moves of `line` (UCI notation, each legal after the ones before it, from `game`),
/// checked and parsed.
pub fn uci_line(game: &Chess, line: &[impl AsRef<str>]) -> Result<Vec<ChessMove>> {
    use searchlab_engine::game::Game as _;
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
    use searchlab_engine::game::Game as _;
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
    use searchlab_engine::game::{Game as _, Outcome};
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
            "<text x=\"{:.0}\" y=\"{:.0}\" font-size=\"12\" fill=\"{LABEL_CSS}\">{}</text>",
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
                DARK_SQUARE // a1 is a dark square
            } else {
                LIGHT_SQUARE
            };
            let _ = writeln!(
                svg,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{cell}\" height=\"{cell}\" fill=\"{fill}\"/>"
            );
            if let (Some(piece), Some(color)) = (board.piece_on(square), board.color_on(square)) {
                write_piece(&mut svg, piece_glyph(piece, color), (x, y), cell);
            }
        }
    }
    write_coordinates(&mut svg, cell, 0);
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

/// Writes a piece's `glyph` centred on the square whose top left corner is `(x, y)`, of side
/// `cell`: four fifths of the square high, black on any square.
pub(super) fn write_piece(svg: &mut String, glyph: char, (x, y): (usize, usize), cell: usize) {
    let _ = writeln!(
        svg,
        "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" \
         dominant-baseline=\"central\" fill=\"black\">{glyph}\u{FE0E}</text>",
        x + cell / 2,
        y + cell / 2 + 2,
        cell * 4 / 5,
    );
}

/// Writes the file letters above and below a board of squares of side `cell` whose margin
/// starts `top` units down the picture, and the rank digits left and right of it.
pub(super) fn write_coordinates(svg: &mut String, cell: usize, top: usize) {
    for i in 0..8 {
        let centre = MARGIN + i * cell + cell / 2;
        let file = (b'a' + i as u8) as char;
        let rank = 8 - i;
        for y in [top + MARGIN / 2, top + MARGIN + 8 * cell + MARGIN / 2] {
            let _ = writeln!(svg, "<text x=\"{centre}\" y=\"{y}\" font-size=\"13\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"{LABEL_CSS}\">{file}</text>");
        }
        for x in [MARGIN / 2, MARGIN + 8 * cell + MARGIN / 2] {
            let _ = writeln!(svg, "<text x=\"{x}\" y=\"{}\" font-size=\"13\" text-anchor=\"middle\" dominant-baseline=\"central\" fill=\"{LABEL_CSS}\">{rank}</text>", top + centre);
        }
    }
}
