//! Heat maps: a value per square of a board, its colour on the course's one heat scale
//! ([`HeatScale`]).
//!
//! - [`square_values_svg`]: one board, values where a piece may stand and the other pieces on
//!   theirs, coloured from the lowest value to the highest: what a piece (a lone king, the
//!   network's knight) is worth on each square.
//! - [`tables_svg`]: boards of [`Panel`]s side by side, signed values coloured around zero, one
//!   scale for all: piece-square tables, a hidden unit's weights.
//!
//! May import the engine's chess types and the floor (colours, boards, tables' text); nothing of
//! the chapters.

use super::board::{piece_glyph, write_coordinates, write_piece, MARGIN, SQUARE};
use super::colour::{css, HeatScale, LABEL, NO_VALUE};
use super::table::{escape_html, signed};
use chess::Board;
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use searchlab_engine::board::square_at;
use searchlab_engine::error::{Error, Result};
use std::fmt::Write;

/// Room for [`square_values_svg`]'s title above the board and the scale below it.
const TITLE: usize = 30;
const FOOT: usize = 26;

/// A heat map of `values` (one per square, a1 first, `None` where there is none) on a board:
/// each square with a value coloured on the scale spread from the lowest value to the highest
/// ([`HeatScale::Spread`]), the value written on it; the pieces of `board` on theirs, other
/// squares grey. `title` above, the scale below.
pub fn square_values_svg(title: &str, board: &Board, values: &[Option<i32>; 64]) -> String {
    let known = || values.iter().flatten().copied();
    let (low, high) = (known().min().unwrap_or(0), known().max().unwrap_or(0));
    let scale = HeatScale::Spread { low, high };
    let side = 8 * SQUARE + 2 * MARGIN;
    let height = TITLE + side + FOOT;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{side}\" height=\"{height}\" \
         viewBox=\"0 0 {side} {height}\" font-family=\"'DejaVu Sans', sans-serif\">\n\
         <rect width=\"{side}\" height=\"{height}\" fill=\"white\"/>\n"
    );
    let _ = writeln!(
        svg,
        "<text x=\"{}\" y=\"20\" font-size=\"15\" font-weight=\"bold\" text-anchor=\"middle\">{}</text>",
        side / 2,
        escape_html(title)
    );
    for rank in 0..8 {
        for file in 0..8 {
            let square = square_at(file, rank);
            let (x, y) = (MARGIN + file * SQUARE, TITLE + MARGIN + (7 - rank) * SQUARE);
            let (cx, cy) = (x + SQUARE / 2, y + SQUARE / 2);
            let value = values[square.to_index()];
            let (fill, ink) = match value {
                Some(v) => {
                    let ink = if scale.needs_light_ink(v) {
                        "white"
                    } else {
                        "black"
                    };
                    (css(scale.colour(v)), ink)
                }
                None => (NO_VALUE.to_string(), "black"),
            };
            let _ = writeln!(
                svg,
                "<rect x=\"{x}\" y=\"{y}\" width=\"{SQUARE}\" height=\"{SQUARE}\" fill=\"{fill}\" \
                 stroke=\"white\" stroke-width=\"1\"/>"
            );
            match (value, board.piece_on(square), board.color_on(square)) {
                (None, Some(piece), Some(color)) => {
                    write_piece(&mut svg, piece_glyph(piece, color), (x, y), SQUARE);
                }
                (Some(v), _, _) => {
                    let _ = writeln!(
                        svg,
                        "<text x=\"{cx}\" y=\"{cy}\" font-size=\"13\" text-anchor=\"middle\" \
                         dominant-baseline=\"central\" fill=\"{ink}\">{}</text>",
                        signed(v)
                    );
                }
                _ => {}
            }
        }
    }
    write_coordinates(&mut svg, SQUARE, TITLE);
    // The scale: the lowest value's colour, a ramp, the highest value's.
    let foot = TITLE + side + 6;
    let ramp_x = side / 2 - 80;
    for step in 0..16 {
        let fill = css(scale.colour_at(step as f64 / 15.0));
        let _ = writeln!(
            svg,
            "<rect x=\"{}\" y=\"{foot}\" width=\"10\" height=\"12\" fill=\"{fill}\"/>",
            ramp_x + step * 10
        );
    }
    let _ = writeln!(
        svg,
        "<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"end\" dominant-baseline=\"central\">{}</text>",
        ramp_x - 6,
        foot + 6,
        signed(low)
    );
    let _ = writeln!(
        svg,
        "<text x=\"{}\" y=\"{}\" font-size=\"12\" dominant-baseline=\"central\">{}</text>",
        ramp_x + 166,
        foot + 6,
        signed(high)
    );
    svg.push_str("</svg>");
    svg
}

/// One board of a [`tables_svg`] picture: a caption and a value per square (a1 first).
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    /// Written above the board.
    pub caption: String,
    /// The values, by square from White's side (a1 = 0, h8 = 63).
    pub values: [i32; 64],
}

/// Side of a square of [`tables_svg`]'s boards, and the room around each board.
pub const TABLE_SQUARE: u32 = 40;
const LABELS: u32 = 18;
const PADDING: u32 = 8;
const CAPTION: u32 = 24;
/// Room for [`tables_svg`]'s title and, below the boards, for the scale.
const TABLES_TITLE: u32 = 34;
const TABLES_FOOT: u32 = 26;

/// Tables as heat maps, `columns` boards to a row: each square coloured by its value on the
/// scale around zero ([`HeatScale::AroundZero`]), one for all the boards (white at 0, red above,
/// blue below, full colour at the largest value in absolute terms), the value written on it,
/// rank 8 at the top as a board is shown; `title` above, the scale below.
pub fn tables_svg(title: &str, panels: &[Panel], columns: usize) -> Result<String> {
    let mut svg = String::new();
    draw_tables(&mut svg, title, panels, columns.max(1)).map_err(Error::Picture)?;
    Ok(svg)
}

fn draw_tables(
    out: &mut String,
    title: &str,
    panels: &[Panel],
    columns: usize,
) -> std::result::Result<(), String> {
    let rows = panels.len().div_ceil(columns).max(1);
    let panel_width = 8 * TABLE_SQUARE + LABELS + 2 * PADDING;
    let panel_height = CAPTION + 8 * TABLE_SQUARE + LABELS + 2 * PADDING;
    let width = panel_width * columns as u32;
    let height = TABLES_TITLE + panel_height * rows as u32 + TABLES_FOOT;
    let limit = panels
        .iter()
        .flat_map(|p| p.values.iter())
        .map(|v| v.abs())
        .max()
        .unwrap_or(0)
        .max(1);
    let scale = HeatScale::AroundZero { limit };
    let root = SVGBackend::with_string(out, (width, height)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let (head, rest) = root.split_vertically(TABLES_TITLE);
    let (grid, foot) = rest.split_vertically(panel_height * rows as u32);
    let grey = LABEL;
    let centred = |font: FontDesc<'static>, colour: &RGBColor| {
        font.color(colour).pos(Pos::new(HPos::Center, VPos::Center))
    };
    let bold = ("sans-serif", 17).into_font().style(FontStyle::Bold);
    head.draw(&Text::new(
        title.to_string(),
        (width as i32 / 2, TABLES_TITLE as i32 / 2 + 2),
        centred(bold, &BLACK),
    ))
    .map_err(|e| e.to_string())?;
    foot.draw(&Text::new(
        format!("white 0, red above, blue below; full colour at ±{limit}"),
        (width as i32 / 2, TABLES_FOOT as i32 / 2),
        centred(("sans-serif", 13).into_font(), &grey),
    ))
    .map_err(|e| e.to_string())?;
    for (area, panel) in grid.split_evenly((rows, columns)).iter().zip(panels) {
        let (caption, board) = area.split_vertically(CAPTION);
        caption
            .draw(&Text::new(
                panel.caption.clone(),
                (panel_width as i32 / 2, CAPTION as i32 / 2 + 2),
                centred(("sans-serif", 15).into_font(), &BLACK),
            ))
            .map_err(|e| e.to_string())?;
        let mut chart = ChartBuilder::on(&board)
            .margin(PADDING)
            .x_label_area_size(LABELS)
            .y_label_area_size(LABELS)
            .build_cartesian_2d((0..7).into_segmented(), (0..7).into_segmented())
            .map_err(|e| e.to_string())?;
        let file_or_rank = |letters: bool| {
            move |value: &SegmentValue<i32>| match value {
                SegmentValue::CenterOf(i) if letters => ((b'a' + *i as u8) as char).to_string(),
                SegmentValue::CenterOf(i) => (i + 1).to_string(),
                _ => String::new(),
            }
        };
        chart
            .configure_mesh()
            .disable_mesh()
            .x_labels(8)
            .y_labels(8)
            .x_label_formatter(&file_or_rank(true))
            .y_label_formatter(&file_or_rank(false))
            .label_style(("sans-serif", 13).into_font().color(&grey))
            .draw()
            .map_err(|e| e.to_string())?;
        for square in 0..64 {
            let (file, rank) = ((square % 8) as i32, (square / 8) as i32);
            let value = panel.values[square];
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [
                        (SegmentValue::Exact(file), SegmentValue::Exact(rank)),
                        (SegmentValue::Exact(file + 1), SegmentValue::Exact(rank + 1)),
                    ],
                    scale.colour(value).filled(),
                )))
                .map_err(|e| e.to_string())?;
            let ink = if scale.needs_light_ink(value) {
                WHITE
            } else {
                BLACK
            };
            chart
                .draw_series(std::iter::once(Text::new(
                    value.to_string(),
                    (SegmentValue::CenterOf(file), SegmentValue::CenterOf(rank)),
                    centred(("sans-serif", 12).into_font(), &ink),
                )))
                .map_err(|e| e.to_string())?;
        }
    }
    root.present().map_err(|e| e.to_string())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::picture::svg_to_png;
    use crate::draw::svg::svg_size;
    use std::str::FromStr;

    #[test]
    fn a_board_of_values_shows_its_scale_and_its_pieces() {
        let board = Board::from_str("8/8/8/4k3/8/8/8/R3K3 b - - 0 1").unwrap();
        let mut values = [None; 64];
        values[36] = Some(-20); // e5
        values[63] = Some(480); // h8
        let svg = square_values_svg("K+R v K", &board, &values);
        // The lowest value pale, the highest deep red; the pieces on the squares without one.
        assert!(svg.contains("fill=\"#fff7bc\"") && svg.contains("fill=\"#bd0026\""));
        assert!(svg.contains('♖') && svg.contains('♔'), "{svg}");
        assert!(
            svg.contains(">\u{2212}20<") && svg.contains(">+480<"),
            "{svg}"
        );
        svg_to_png(&svg).expect("draws with the embedded font");
    }

    #[test]
    fn panels_share_one_scale_around_zero() {
        let mut values = [0; 64];
        values[0] = -50;
        values[9] = 25;
        let panels = [
            Panel {
                caption: "first".into(),
                values,
            },
            Panel {
                caption: "second".into(),
                values: [10; 64],
            },
        ];
        let svg = tables_svg("Two boards", &panels, 2).unwrap();
        assert!(svg.contains("first") && svg.contains("second"));
        // −50 is the largest in absolute terms: full blue, on both boards' one scale.
        assert!(svg.contains("#2166AC"), "{svg}");
        assert!(svg.contains("full colour at ±50"), "{svg}");
        let (width, height) = svg_size(&svg).unwrap();
        assert!(width > 1.8 * f64::from(8 * TABLE_SQUARE) && height > f64::from(8 * TABLE_SQUARE));
        svg_to_png(&svg).expect("draws with the embedded font");
    }
}
