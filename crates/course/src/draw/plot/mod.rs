//! Charts as SVG text, drawn with plotters: the same functions serve the CLI (written to
//! files), the book (committed figures) and the notebooks (shown inline).
//!
//! - [`depth`]: node counts, scores and rates against the search depth, one line per engine,
//!   each named at its end ([`nodes_per_depth_svg`], [`line_chart_svg`], …).
//! - [`bars`]: bar charts ([`bar_chart_svg`]) and the Elo ladder ([`elo_ladder_svg`]).
//! - [`curves`]: lines against a real x (an epoch, `K`, a ply) with marked values
//!   ([`curves_svg`]).
//!
//! Here, what the three share: how a line looks (its colour from
//! [`colour`](super::colour), its marker, its dashes), the font sizes, and the placing of
//! labels. May import the drawing floor's colours, the engine's statistics and the lab's
//! result types it draws; nothing of the chapters.

pub mod bars;
pub mod curves;
pub mod depth;

pub use bars::{bar_chart_svg, elo_ladder_svg, Bar};
pub use curves::{curves_svg, Curve, Mark};
pub use depth::{
    branching_factor_svg, first_move_cutoff_rate_svg, line_chart_svg, minimal_tree_ratio_svg,
    nodes_per_depth_svg, oracle_ratio_svg, scores_per_depth_svg,
};

use super::colour::{look_place, series_colour};
use plotters::prelude::*;

/// One line on a chart; it lives with the other measurements in [`searchlab_engine::stats`] (the
/// measuring tools fill it without drawing), and is here too, where the charts and the
/// notebooks have always found it.
pub use searchlab_engine::stats::Series;

/// How one line of a chart looks: its colour, its marker, and its dash pattern (dash and gap
/// lengths in pixels; `None` for a solid line).
type LineLook = (RGBColor, Marker, Option<(u32, u32)>);

/// The mark drawn at each point of a line, different for each line of a chart (as its colour
/// is), so that the lines can be told apart without colour: in print, for a reader who does
/// not tell the colours apart, and where lines run together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Marker {
    Circle,
    Square,
    Triangle,
    Diamond,
    TriangleDown,
    OpenCircle,
    OpenSquare,
    OpenTriangle,
    OpenDiamond,
    Cross,
}

/// The markers, in the order of the [palette](super::colour::PALETTE).
const MARKERS: [Marker; 10] = [
    Marker::Circle,
    Marker::Square,
    Marker::Triangle,
    Marker::Diamond,
    Marker::TriangleDown,
    Marker::OpenCircle,
    Marker::OpenSquare,
    Marker::OpenTriangle,
    Marker::OpenDiamond,
    Marker::Cross,
];

/// Dash patterns of the lines (dash and gap, in pixels; `None` is a solid line), taken in turn:
/// neighbours in the ladder, whose lines often run close, never share one.
const DASHES: [Option<(u32, u32)>; 4] = [None, Some((9, 4)), Some((2, 4)), Some((16, 4))];

/// The marker and dash pattern of the series `name`, the `index`-th on its chart.
fn marker_and_dashes(name: &str, index: usize) -> (Marker, Option<(u32, u32)>) {
    let place = look_place(name, index);
    (MARKERS[place % MARKERS.len()], DASHES[place % DASHES.len()])
}

/// Draws `marker` centred on the pixel `at` of `area`, in `colour`.
fn draw_marker<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    at: (i32, i32),
    marker: Marker,
    colour: RGBColor,
) -> std::result::Result<(), String> {
    let (x, y) = at;
    let fail = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    // An open marker is an outline only: a marker under it (two lines meeting) shows through.
    let outline = |points: Vec<(i32, i32)>| -> std::result::Result<(), String> {
        let mut closed = points.clone();
        closed.push(points[0]);
        area.draw(&PathElement::new(closed, colour.stroke_width(2)))
            .map_err(fail)
    };
    let square = vec![
        (x - 4, y - 4),
        (x + 4, y - 4),
        (x + 4, y + 4),
        (x - 4, y + 4),
    ];
    let triangle = vec![(x, y - 6), (x + 5, y + 4), (x - 5, y + 4)];
    let diamond = vec![(x, y - 6), (x + 5, y), (x, y + 6), (x - 5, y)];
    match marker {
        Marker::Circle => area
            .draw(&Circle::new(at, 4, colour.filled()))
            .map_err(fail),
        Marker::Square => area
            .draw(&Polygon::new(square, colour.filled()))
            .map_err(fail),
        Marker::Triangle => area
            .draw(&Polygon::new(triangle, colour.filled()))
            .map_err(fail),
        Marker::Diamond => area
            .draw(&Polygon::new(diamond, colour.filled()))
            .map_err(fail),
        Marker::TriangleDown => {
            let down = vec![(x, y + 6), (x + 5, y - 4), (x - 5, y - 4)];
            area.draw(&Polygon::new(down, colour.filled()))
                .map_err(fail)
        }
        Marker::OpenCircle => area
            .draw(&Circle::new(at, 4, colour.stroke_width(2)))
            .map_err(fail),
        Marker::OpenSquare => outline(square),
        Marker::OpenTriangle => outline(triangle),
        Marker::OpenDiamond => outline(diamond),
        Marker::Cross => {
            let style = colour.stroke_width(2);
            area.draw(&PathElement::new(
                vec![(x - 4, y - 4), (x + 4, y + 4)],
                style,
            ))
            .map_err(fail)?;
            area.draw(&PathElement::new(
                vec![(x - 4, y + 4), (x + 4, y - 4)],
                style,
            ))
            .map_err(fail)
        }
    }
}

/// Draws the line through the pixels `points` on `area`: solid, or in `dashes`.
fn draw_line<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    points: Vec<(i32, i32)>,
    dashes: Option<(u32, u32)>,
    style: ShapeStyle,
) -> std::result::Result<(), String> {
    let drawn = match dashes {
        None => area.draw(&PathElement::new(points, style)),
        Some((dash, gap)) => area.draw(&plotters::element::DashedPathElement::new(
            points, dash, gap, style,
        )),
    };
    drawn.map_err(|e| e.to_string())
}

/// Heights (pixels) for labels that want to be at `wanted`, at least `gap` apart and within
/// `low..=high`, each as near its wanted height as the others let it: labels that would
/// overlap are stacked around the mean of the heights they want. In the order given.
fn spread_labels(wanted: &[f64], gap: f64, low: f64, high: f64) -> Vec<f64> {
    let mut order: Vec<usize> = (0..wanted.len()).collect();
    order.sort_by(|&a, &b| wanted[a].total_cmp(&wanted[b]));
    // Runs of labels stacked together: (members in order, the first one's height).
    let mut runs: Vec<(Vec<usize>, f64)> = Vec::new();
    for i in order {
        runs.push((vec![i], wanted[i]));
        loop {
            let last = runs.len() - 1;
            let members = runs[last].0.len() as f64;
            // A run sits around the mean of what its members want, inside the bounds.
            let mean = runs[last].0.iter().map(|&m| wanted[m]).sum::<f64>() / members;
            let top = (mean - (members - 1.0) * gap / 2.0)
                .min(high - (members - 1.0) * gap)
                .max(low);
            runs[last].1 = top;
            if last == 0 {
                break;
            }
            let (before, at) = (&runs[last - 1], top);
            if before.1 + before.0.len() as f64 * gap <= at {
                break;
            }
            let (members, _) = runs.pop().expect("a run");
            runs[last - 1].0.extend(members);
        }
    }
    let mut heights = vec![0.0; wanted.len()];
    for (members, top) in runs {
        for (k, m) in members.into_iter().enumerate() {
            heights[m] = top + k as f64 * gap;
        }
    }
    heights
}

/// Font sizes of the charts, in plotters' units (an SVG font size of 1/1.24 of them): the
/// title, the axes' names, the ticks and the labels at the lines' ends. Each is drawn at 12
/// pixels or more where a chart is shown at its own size (720 pixels wide, as in the book).
const TITLE_FONT: u32 = 21;
const AXIS_FONT: u32 = 16;
const TICK_FONT: u32 = 15;
const LABEL_FONT: u32 = 15;
/// Pixels between two labels at the lines' ends, one above the other.
const LABEL_GAP: f64 = 17.0;
/// The width of a label's sample of its line (marker and dashes), before its name.
const LABEL_SAMPLE: i32 = 26;

/// A count in few characters: 950, 12k, 3.4M, 1.2G; fractions keep two digits.
fn compact(value: f64) -> String {
    let abs = value.abs();
    if abs >= 1e9 {
        format!("{:.1}G", value / 1e9)
    } else if abs >= 1e6 {
        format!("{:.1}M", value / 1e6)
    } else if abs >= 1e4 {
        format!("{:.0}k", value / 1e3)
    } else if abs >= 10.0 {
        format!("{value:.0}")
    } else {
        format!("{value:.2}")
    }
}
