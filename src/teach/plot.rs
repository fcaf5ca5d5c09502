//! Charts as SVG text, drawn with plotters: the same functions serve the CLI (written to
//! files), the book (committed figures) and the notebooks (shown inline).

use crate::error::{Error, Result};
use crate::score::Depth;
use plotters::prelude::*;

/// One line on a chart; it lives with the other measurements in [`crate::stats`] (the
/// measuring tools fill it without drawing), and is here too, where the charts and the
/// notebooks have always found it.
pub use crate::stats::Series;

/// Colours for the stages, in ladder order, then the side engines (MTD(f), then the oracle
/// in dark grey); a series not named after an engine takes the colour of its place instead.
const PALETTE: [RGBColor; 10] = [
    RGBColor(0xd6, 0x27, 0x28),
    RGBColor(0x1f, 0x77, 0xb4),
    RGBColor(0x2c, 0xa0, 0x2c),
    RGBColor(0x94, 0x67, 0xbd),
    RGBColor(0xff, 0x7f, 0x0e),
    RGBColor(0x8c, 0x56, 0x4b),
    RGBColor(0xe3, 0x77, 0xc2),
    RGBColor(0xbc, 0xbd, 0x22),
    RGBColor(0x33, 0x33, 0x33),
    RGBColor(0x17, 0xbe, 0xcf),
];

/// The place of the series `name`, the `index`-th on its chart, in the order its look (colour,
/// marker, dashes) is taken by: an engine's place in the ladder and the side engines, so that
/// it looks the same from chart to chart whichever other series are drawn with it; for any
/// other series, its place on the chart.
/// How one line of a chart looks: its colour, its marker, and its dash pattern (dash and gap
/// lengths in pixels; `None` for a solid line).
type LineLook = (RGBColor, Marker, Option<(u32, u32)>);

fn look_index(name: &str, index: usize) -> usize {
    crate::search::STAGES
        .iter()
        .chain(crate::search::SIDE_ENGINES)
        .filter(|s| !s.parallel || s.name == name)
        .position(|s| s.name == name)
        .unwrap_or(index)
}

/// The colour of the series `name`, the `index`-th on its chart (see [`look_index`]).
fn colour(name: &str, index: usize) -> RGBColor {
    PALETTE[look_index(name, index) % PALETTE.len()]
}

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

/// The markers, in the order of [`PALETTE`].
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
    let place = look_index(name, index);
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

/// A line chart of `series` against depth, as an SVG document. With `log_y` the value axis is
/// logarithmic (node counts grow exponentially with depth, so a log scale shows each stage's
/// growth rate as a slope).
pub fn line_chart_svg(
    title: &str,
    y_label: &str,
    log_y: bool,
    series: &[Series],
) -> Result<String> {
    let axis = if log_y { Axis::Log } else { Axis::Linear };
    chart_svg(title, y_label, axis, series)
}

/// Scores per depth, one line per search, in centipawns: the value axis runs from below the
/// lowest score (negative ones included) to above the highest, labelled in whole centipawns.
/// For scores that swing from one iteration to the next (notebook 07).
pub fn scores_per_depth_svg(title: &str, series: &[Series]) -> Result<String> {
    chart_svg(title, "score (centipawns)", Axis::Centipawns, series)
}

/// How a chart's value axis is scaled and labelled.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Axis {
    /// From 0 up, labels with one decimal.
    Linear,
    /// Logarithmic, labels in few characters (12k, 3.4M).
    Log,
    /// Around 0, negative values included, labels in whole centipawns.
    Centipawns,
}

/// [`line_chart_svg`] with the value axis `axis`.
fn chart_svg(title: &str, y_label: &str, axis: Axis, series: &[Series]) -> Result<String> {
    let mut svg = String::new();
    draw_line_chart(&mut svg, title, y_label, axis, series).map_err(|e| Error::Io {
        path: "<svg chart>".into(),
        reason: e,
    })?;
    Ok(svg)
}

/// Nodes per depth for each stage, log scale: the ladder's main picture.
pub fn nodes_per_depth_svg(series: &[Series]) -> Result<String> {
    line_chart_svg(
        "Nodes searched per depth (log scale)",
        "nodes",
        true,
        series,
    )
}

/// Effective branching factor per depth: nodes(d) / nodes(d-1), for each series of node counts.
pub fn branching_factor_svg(node_series: &[Series]) -> Result<String> {
    let ebf: Vec<Series> = node_series
        .iter()
        .map(|s| Series {
            name: s.name.clone(),
            points: s
                .points
                .windows(2)
                .filter(|w| w[0].1 > 0.0)
                .map(|w| (w[1].0, w[1].1 / w[0].1))
                .collect(),
        })
        .collect();
    chart_svg(
        "Effective branching factor per depth",
        "nodes(d) / nodes(d-1)",
        Axis::Linear,
        &ebf,
    )
}

/// Each series of node counts divided by the minimal alpha-beta tree of Knuth and Moore for
/// a uniform tree of branching factor `branching` (1.0 = as good as perfect ordering).
pub fn minimal_tree_ratio_svg(node_series: &[Series], branching: f64) -> Result<String> {
    let ratio: Vec<Series> = node_series
        .iter()
        .map(|s| s.map_values(|d, n| n / crate::stats::minimal_tree_leaves(branching, d)))
        .collect();
    line_chart_svg(
        &format!("Nodes relative to the minimal tree (b = {branching:.1}, log scale)"),
        "nodes / minimal tree",
        true,
        &ratio,
    )
}

/// Each series of node counts as a multiple of the ordering oracle's at the same depth
/// (1 = as few nodes as plain alpha-beta with a perfect move order), log scale. Depths the
/// oracle was not run at are left out.
pub fn oracle_ratio_svg(node_series: &[Series], oracle: &Series) -> Result<String> {
    let oracle_at = |depth: Depth| {
        oracle
            .points
            .iter()
            .find(|p| p.0 == depth)
            .map(|p| p.1)
            .filter(|&n| n > 0.0)
    };
    let ratio: Vec<Series> = node_series
        .iter()
        .filter(|s| s.name != oracle.name)
        .map(|s| Series {
            name: s.name.clone(),
            points: s
                .points
                .iter()
                .filter_map(|&(d, n)| oracle_at(d).map(|o| (d, n / o)))
                .collect(),
        })
        .collect();
    line_chart_svg(
        "Nodes as a multiple of the ordering oracle's (log scale)",
        "nodes / oracle's nodes",
        true,
        &ratio,
    )
}

/// The share of beta cut-offs made by the first move tried, per depth, for each series of
/// shares from 0 to 1 (drawn as percentages, 100% = every cut-off by the first move, as the
/// ordering oracle has it).
pub fn first_move_cutoff_rate_svg(rate_series: &[Series]) -> Result<String> {
    let percent: Vec<Series> = rate_series
        .iter()
        .map(|s| s.map_values(|_, share| 100.0 * share))
        .collect();
    chart_svg(
        "Beta cut-offs made by the first move tried",
        "% of cut-offs",
        Axis::Linear,
        &percent,
    )
}

/// The Elo ladder (see [`crate::lab::ladder`]): each stage's rating above the bottom rung, a
/// point per stage joined by a line, with a bar for the 95% interval of its own step.
pub fn elo_ladder_svg(title: &str, steps: &[crate::lab::ladder::Step]) -> Result<String> {
    let mut svg = String::new();
    draw_elo_ladder(&mut svg, title, steps).map_err(|e| Error::Io {
        path: "<svg chart>".into(),
        reason: e,
    })?;
    Ok(svg)
}

fn draw_elo_ladder(
    out: &mut String,
    title: &str,
    steps: &[crate::lab::ladder::Step],
) -> std::result::Result<(), String> {
    let highest = steps.iter().map(|s| s.upper).fold(0.0f64, f64::max);
    let lowest = steps.iter().map(|s| s.lower).fold(0.0f64, f64::min);
    let root = SVGBackend::with_string(out, (720, 440)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let last = steps.len().saturating_sub(1) as f64;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", TITLE_FONT))
        .margin(12)
        .x_label_area_size(44)
        .y_label_area_size(74)
        .build_cartesian_2d(-0.4..last + 0.4, (lowest - 50.0)..(highest * 1.08 + 50.0))
        .map_err(|e| e.to_string())?;
    let name = |x: &f64| {
        let index = x.round();
        if (x - index).abs() < 1e-6 && index >= 0.0 {
            steps
                .get(index as usize)
                .map_or(String::new(), |s| s.stage.clone())
        } else {
            String::new()
        }
    };
    chart
        .configure_mesh()
        .x_desc("stage")
        .y_desc("Elo above the bottom rung")
        .axis_desc_style(("sans-serif", AXIS_FONT))
        .label_style(("sans-serif", TICK_FONT))
        .x_labels(steps.len())
        .x_label_formatter(&name)
        .y_label_formatter(&|y| format!("{y:.0}"))
        .disable_x_mesh()
        .draw()
        .map_err(|e| e.to_string())?;
    let points: Vec<(f64, f64)> = steps
        .iter()
        .enumerate()
        .map(|(i, s)| (i as f64, s.elo))
        .collect();
    let line = RGBColor(0x1f, 0x77, 0xb4);
    chart
        .draw_series(LineSeries::new(points.clone(), line.stroke_width(2)))
        .map_err(|e| e.to_string())?;
    for (i, step) in steps.iter().enumerate() {
        let x = i as f64;
        let colour = colour(&step.stage, i);
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(x, step.lower), (x, step.upper)],
                colour.stroke_width(3),
            )))
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(std::iter::once(Circle::new(
                (x, step.elo),
                5,
                colour.filled(),
            )))
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(std::iter::once(Text::new(
                format!("{:+.0}", step.elo),
                (x + 0.07, step.elo),
                ("sans-serif", LABEL_FONT + 1),
            )))
            .map_err(|e| e.to_string())?;
    }
    root.present().map_err(|e| e.to_string())?;
    Ok(())
}

/// One bar of a [`bar_chart_svg`].
#[derive(Clone, Debug, PartialEq)]
pub struct Bar {
    /// The label under the bar (a position, a stage and its threads).
    pub label: String,
    /// The bar's height.
    pub value: f64,
    /// The text written above the bar: its value as a person reads it (`18 %`, `1.07×`).
    pub text: String,
    /// What picks the bar's colour: an engine's name gives the engine's colour, as on the
    /// line charts; bars with the same key have the same colour.
    pub key: String,
}

// ANCHOR: bar_chart
/// A bar chart, one bar per [`Bar`] from left to right, as an SVG document: the value axis
/// runs from 0 to a little above the highest bar, and each bar carries its text above it.
pub fn bar_chart_svg(title: &str, y_label: &str, bars: &[Bar]) -> Result<String> {
    let mut svg = String::new();
    draw_bar_chart(&mut svg, title, y_label, bars).map_err(|e| Error::Io {
        path: "<svg chart>".into(),
        reason: e,
    })?;
    Ok(svg)
}
// ANCHOR_END: bar_chart

fn draw_bar_chart(
    out: &mut String,
    title: &str,
    y_label: &str,
    bars: &[Bar],
) -> std::result::Result<(), String> {
    use plotters::style::text_anchor::{HPos, Pos, VPos};
    let highest = bars.iter().map(|b| b.value).fold(0.0f64, f64::max);
    let top = if highest > 0.0 { highest * 1.15 } else { 1.0 };
    // Keys in order of first appearance: a key that names no engine takes its place's colour.
    let mut keys: Vec<&str> = Vec::new();
    for bar in bars {
        if !keys.contains(&bar.key.as_str()) {
            keys.push(&bar.key);
        }
    }
    let colour_of = |bar: &Bar| {
        let place = keys.iter().position(|k| *k == bar.key).unwrap_or(0);
        colour(&bar.key, place)
    };
    // plotters' integer range `0..last` holds `last + 1` values: one segment per bar.
    let last = bars.len().max(1) - 1;
    let root = SVGBackend::with_string(out, (720, 440)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", TITLE_FONT))
        .margin(12)
        .x_label_area_size(44)
        .y_label_area_size(74)
        .build_cartesian_2d((0..last).into_segmented(), 0.0..top)
        .map_err(|e| e.to_string())?;
    let label = |x: &SegmentValue<usize>| match x {
        SegmentValue::CenterOf(i) => bars.get(*i).map_or(String::new(), |b| b.label.clone()),
        _ => String::new(),
    };
    // The bars' names as large as the ticks where they fit under their bars (about 0.55 of the
    // font size a character), smaller where they would run into each other.
    let longest = bars
        .iter()
        .map(|b| b.label.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    let slot = 600.0 / bars.len().max(1) as f64;
    let name_font = (0.95 * slot / (0.55 * longest as f64) * 1.24).clamp(12.0, TICK_FONT as f64);
    chart
        .configure_mesh()
        .disable_x_mesh()
        .y_desc(y_label)
        .axis_desc_style(("sans-serif", AXIS_FONT))
        .y_label_style(("sans-serif", TICK_FONT))
        .x_label_style(("sans-serif", name_font))
        .x_labels(bars.len() + 1)
        .x_label_formatter(&label)
        .y_label_formatter(&|y| {
            if top >= 10.0 {
                format!("{y:.0}")
            } else {
                format!("{y:.1}")
            }
        })
        .draw()
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(bars.iter().enumerate().map(|(i, bar)| {
            let mut rectangle = Rectangle::new(
                [
                    (SegmentValue::Exact(i), 0.0),
                    (SegmentValue::Exact(i + 1), bar.value.max(0.0)),
                ],
                colour_of(bar).filled(),
            );
            rectangle.set_margin(0, 0, 14, 14);
            rectangle
        }))
        .map_err(|e| e.to_string())?;
    let above = TextStyle::from(("sans-serif", LABEL_FONT + 1).into_font())
        .pos(Pos::new(HPos::Center, VPos::Bottom));
    chart
        .draw_series(bars.iter().enumerate().map(|(i, bar)| {
            Text::new(
                bar.text.clone(),
                (SegmentValue::CenterOf(i), bar.value.max(0.0) + 0.01 * top),
                above.clone(),
            )
        }))
        .map_err(|e| e.to_string())?;
    root.present().map_err(|e| e.to_string())?;
    Ok(())
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

fn draw_line_chart(
    out: &mut String,
    title: &str,
    y_label: &str,
    axis: Axis,
    series: &[Series],
) -> std::result::Result<(), String> {
    use plotters::style::text_anchor::{HPos, Pos, VPos};
    let log_y = axis == Axis::Log;
    let points = || series.iter().flat_map(|s| s.points.iter());
    let max_depth = points().map(|p| p.0).max().unwrap_or(1).max(1);
    let min_depth = points().map(|p| p.0).min().unwrap_or(1).min(max_depth);
    let positive = || points().map(|p| p.1).filter(|v| *v > 0.0);
    let max_y = positive().fold(1.0f64, f64::max);
    let min_y = positive().fold(max_y, f64::min);
    let root = SVGBackend::with_string(out, (720, 440)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let x_range = (min_depth as f64 - 0.2)..(max_depth as f64 + 0.2);
    // Each line is named at its end, on the right, instead of in a legend over the lines:
    // room for the longest name.
    let longest = series
        .iter()
        .map(|s| s.name.chars().count())
        .max()
        .unwrap_or(0);
    let label_room = 14 + LABEL_SAMPLE + 6 + (7.6 * longest as f64) as i32;
    let mut builder = ChartBuilder::on(&root);
    builder
        .caption(title, ("sans-serif", TITLE_FONT))
        .margin(12)
        .margin_right(label_room.clamp(40, 260))
        .x_label_area_size(44)
        .y_label_area_size(74);
    // The pixels of each series' points, filled in once the axes are drawn.
    let mut pixels: Vec<Vec<(i32, i32)>> = Vec::new();
    let right_edge: i32;
    macro_rules! draw_series_on {
        ($chart:expr) => {{
            let mut chart = $chart;
            chart
                .configure_mesh()
                .x_desc("depth (plies)")
                .y_desc(y_label)
                .axis_desc_style(("sans-serif", AXIS_FONT))
                .label_style(("sans-serif", TICK_FONT))
                .x_labels((max_depth - min_depth + 1) as usize)
                .x_label_formatter(&|x| format!("{}", x.round() as i64))
                .y_label_formatter(&|y| {
                    if log_y {
                        compact(*y)
                    } else if axis == Axis::Centipawns {
                        format!("{y:.0}")
                    } else {
                        format!("{y:.1}")
                    }
                })
                .draw()
                .map_err(|e| e.to_string())?;
            for s in series {
                pixels.push(
                    s.points
                        .iter()
                        .filter(|p| !log_y || p.1 > 0.0)
                        .map(|&(d, v)| chart.backend_coord(&(d as f64, v)))
                        .collect(),
                );
            }
            right_edge = chart.plotting_area().get_pixel_range().0.end;
        }};
    }
    if log_y {
        let y_range = (min_y / 2.0)..(max_y * 2.0);
        draw_series_on!(builder
            .build_cartesian_2d(x_range, y_range.log_scale())
            .map_err(|e| e.to_string())?);
    } else if axis == Axis::Centipawns {
        let lowest = points().map(|p| p.1).fold(0.0f64, f64::min);
        let highest = points().map(|p| p.1).fold(0.0f64, f64::max);
        let margin = 0.1 * (highest - lowest).max(10.0);
        draw_series_on!(builder
            .build_cartesian_2d(x_range, (lowest - margin)..(highest + margin))
            .map_err(|e| e.to_string())?);
    } else {
        let y_range = 0.0..(max_y * 1.1);
        draw_series_on!(builder
            .build_cartesian_2d(x_range, y_range)
            .map_err(|e| e.to_string())?);
    }
    // The lines, each in its colour and dash pattern, then every marker on top of them.
    let looks: Vec<LineLook> = series
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let (marker, dashes) = marker_and_dashes(&s.name, i);
            (colour(&s.name, i), marker, dashes)
        })
        .collect();
    for (line, &(colour, _, dashes)) in pixels.iter().zip(&looks) {
        draw_line(&root, line.clone(), dashes, colour.stroke_width(2))?;
    }
    for (line, &(colour, marker, _)) in pixels.iter().zip(&looks) {
        for &at in line {
            draw_marker(&root, at, marker, colour)?;
        }
    }
    // Each line's name at its end, in the margin on the right, with a sample of the line;
    // names that would overlap are moved apart, and a thin line leads from each line's last
    // point to its name.
    let ends: Vec<(usize, (i32, i32))> = pixels
        .iter()
        .enumerate()
        .filter_map(|(i, line)| line.last().map(|&end| (i, end)))
        .collect();
    let (_, height) = root.dim_in_pixel();
    let wanted: Vec<f64> = ends.iter().map(|&(_, (_, y))| y as f64).collect();
    let placed = spread_labels(&wanted, LABEL_GAP, 40.0, height as f64 - 50.0);
    let label_x = right_edge + 14;
    let text = TextStyle::from(("sans-serif", LABEL_FONT).into_font())
        .color(&RGBColor(0x22, 0x22, 0x22))
        .pos(Pos::new(HPos::Left, VPos::Center));
    for (&(i, (x, y)), &label_y) in ends.iter().zip(&placed) {
        let (colour, marker, dashes) = looks[i];
        let label_y = label_y.round() as i32;
        draw_line(
            &root,
            vec![(x + 6, y), (label_x - 3, label_y)],
            None,
            colour.mix(0.6).stroke_width(1),
        )?;
        draw_line(
            &root,
            vec![(label_x, label_y), (label_x + LABEL_SAMPLE, label_y)],
            dashes,
            colour.stroke_width(2),
        )?;
        draw_marker(&root, (label_x + LABEL_SAMPLE / 2, label_y), marker, colour)?;
        root.draw(&Text::new(
            series[i].name.clone(),
            (label_x + LABEL_SAMPLE + 6, label_y),
            text.clone(),
        ))
        .map_err(|e| e.to_string())?;
    }
    root.present().map_err(|e| e.to_string())?;
    Ok(())
}

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

// ---------------------------------------------------------------------------------------------
// Curves against a real x (an epoch, a value of K, a ply), with marked values
// ---------------------------------------------------------------------------------------------

/// One line of a [`curves_svg`] chart: a name for the legend and its (x, y) points.
#[derive(Clone, Debug, PartialEq)]
pub struct Curve {
    /// Legend text.
    pub name: String,
    /// The points, in x order.
    pub points: Vec<(f64, f64)>,
}

impl Curve {
    /// A curve called `name` through `points`.
    pub fn new(name: &str, points: Vec<(f64, f64)>) -> Curve {
        Curve {
            name: name.to_string(),
            points,
        }
    }

    /// Errors per epoch as the tuner reports them (before the first epoch, then after each),
    /// against the epoch: 0, 1, 2, …
    pub fn per_epoch(name: &str, errors: &[f64]) -> Curve {
        let points = errors
            .iter()
            .enumerate()
            .map(|(epoch, &error)| (epoch as f64, error))
            .collect();
        Curve::new(name, points)
    }
}

/// A value marked on a [`curves_svg`] chart: a vertical line at `x`, named in the legend.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    /// Where the line stands.
    pub x: f64,
    /// What it marks.
    pub label: String,
}

/// Line colours, in the order of the curves (the Tableau colours the other charts use).
const CURVE_COLOURS: [(u8, u8, u8); 4] = [
    (0x1f, 0x77, 0xb4),
    (0xd6, 0x27, 0x28),
    (0x2c, 0xa0, 0x2c),
    (0xff, 0x7f, 0x0e),
];

/// Decimals that tell apart the ticks of an axis spanning `span`: errors that differ in the
/// third decimal, values of `K` in the fourth, epochs in none.
pub(crate) fn decimals(span: f64) -> usize {
    if span > 0.0 {
        (1.0 - span.log10().floor()).clamp(0.0, 6.0) as usize
    } else {
        2
    }
}

/// A line chart of `curves` against a real `x` (an epoch, a value of `K`), as SVG: the y axis
/// runs from a little below the lowest point to a little above the highest, not from 0, since
/// errors differ in their second or third decimal; each of `marks` is a grey vertical line,
/// named in the legend. The legend has a band of its own at the top, clear of the lines.
pub fn curves_svg(
    title: &str,
    x_label: &str,
    y_label: &str,
    curves: &[Curve],
    marks: &[Mark],
) -> Result<String> {
    let mut svg = String::new();
    draw_curves(&mut svg, title, x_label, y_label, curves, marks).map_err(Error::Picture)?;
    Ok(svg)
}

fn draw_curves(
    out: &mut String,
    title: &str,
    x_label: &str,
    y_label: &str,
    curves: &[Curve],
    marks: &[Mark],
) -> std::result::Result<(), String> {
    let points = || curves.iter().flat_map(|c| c.points.iter());
    let xs = || points().map(|p| p.0).chain(marks.iter().map(|m| m.x));
    let (x_low, x_high) = (
        xs().fold(f64::INFINITY, f64::min),
        xs().fold(f64::NEG_INFINITY, f64::max),
    );
    let (y_low, y_high) = (
        points().map(|p| p.1).fold(f64::INFINITY, f64::min),
        points().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max),
    );
    if !(x_low.is_finite() && y_low.is_finite()) {
        return Err("a chart needs at least one point".to_string());
    }
    let x_high = if x_high > x_low { x_high } else { x_low + 1.0 };
    // The legend (top right) gets a band of its own above the highest point, so that no line
    // runs under it: a legend line is about 18 of the plot's 320 or so pixels.
    let band = (14.0 + 18.0 * (curves.len() + marks.len()) as f64) / 320.0;
    let span = (y_high - y_low).max(1e-6);
    let (y_low, y_high) = (
        y_low - 0.05 * span,
        y_high + span * (0.05 + band / (1.0 - band)),
    );
    let (mut x_decimals, y_decimals) = (decimals(x_high - x_low), decimals(y_high - y_low));
    // Whole numbers (epochs) are labelled as such, however few.
    let whole = curves
        .iter()
        .flat_map(|c| c.points.iter())
        .all(|p| p.0.fract() == 0.0);
    if whole {
        x_decimals = 0;
    }
    let root = SVGBackend::with_string(out, (720, 420)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 20))
        .margin(14)
        .x_label_area_size(42)
        .y_label_area_size(70)
        .build_cartesian_2d(x_low..x_high, y_low..y_high)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc(x_label)
        .y_desc(y_label)
        .x_label_formatter(&|x| format!("{x:.x_decimals$}"))
        .y_label_formatter(&|y| format!("{y:.y_decimals$}"))
        .draw()
        .map_err(|e| e.to_string())?;
    // A mark is a grey vertical line, named in the legend with the curves.
    let grey = RGBColor(0x88, 0x88, 0x88).stroke_width(1);
    let mark_lines = marks
        .iter()
        .map(|mark| (&mark.label, vec![(mark.x, y_low), (mark.x, y_high)], grey));
    let curve_lines = curves.iter().enumerate().map(|(i, curve)| {
        let (r, g, b) = CURVE_COLOURS[i % CURVE_COLOURS.len()];
        (
            &curve.name,
            curve.points.clone(),
            RGBColor(r, g, b).stroke_width(2),
        )
    });
    for (name, points, style) in mark_lines.chain(curve_lines) {
        chart
            .draw_series(LineSeries::new(points, style))
            .map_err(|e| e.to_string())?
            .label(name.clone())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 18, y)], style));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(|e| e.to_string())?;
    root.present().map_err(|e| e.to_string())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_an_svg_with_every_series() {
        let series = vec![
            Series::from_counts("minimax", &[(1, 21), (2, 421), (3, 9323)]),
            Series::from_counts("alphabeta", &[(1, 21), (2, 80), (3, 900)]),
        ];
        let svg = nodes_per_depth_svg(&series).unwrap();
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains("minimax") && svg.contains("alphabeta"));
        let ebf = branching_factor_svg(&series).unwrap();
        assert!(ebf.contains("Effective branching factor"));
        assert!(minimal_tree_ratio_svg(&series, 20.0)
            .unwrap()
            .contains("minimal tree"));
        let oracle = Series::from_counts("oracle", &[(2, 40), (3, 300)]);
        let ratio = oracle_ratio_svg(&series, &oracle).unwrap();
        assert!(ratio.contains("oracle") && ratio.contains("alphabeta"));
        let rate = Series {
            name: "alphabeta".into(),
            points: vec![(2, 0.5), (3, 0.75)],
        };
        assert!(first_move_cutoff_rate_svg(&[rate])
            .unwrap()
            .contains("first move"));
    }

    #[test]
    fn a_bar_chart_labels_every_bar_and_colours_engines_alike() {
        let bar = |label: &str, value: f64, key: &str| Bar {
            label: label.into(),
            value,
            text: format!("{value:.2}x"),
            key: key.into(),
        };
        let bars = [
            bar("parallel, 1 thread", 1.0, "parallel"),
            bar("parallel, 2 threads", 1.62, "parallel"),
            bar("rootsplit, 2 threads", 1.18, "rootsplit"),
        ];
        let svg = bar_chart_svg("Speed-up", "times faster", &bars).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("Speed-up"));
        for text in [
            "parallel, 1 thread",
            "parallel, 2 threads",
            "rootsplit, 2 threads",
        ] {
            assert!(svg.contains(text), "{text}");
        }
        for text in ["1.00x", "1.62x", "1.18x"] {
            assert!(svg.contains(text), "{text}");
        }
        // Three bars, two colours: an engine keeps its colour from bar to bar.
        let fill = |key: &str| {
            let RGBColor(r, g, b) = colour(key, 0);
            format!("fill=\"#{r:02X}{g:02X}{b:02X}\"")
        };
        assert_ne!(fill("parallel"), fill("rootsplit"));
        assert_eq!(svg.matches(&fill("parallel")).count(), 2, "{svg}");
        assert_eq!(svg.matches(&fill("rootsplit")).count(), 1);
        // No bars is an empty chart, not an error.
        assert!(bar_chart_svg("Nothing", "", &[])
            .unwrap()
            .contains("Nothing"));
        let one = bar_chart_svg("One", "", &bars[..1]).unwrap();
        assert!(one.contains("parallel, 1 thread") && one.contains("1.00x"));
    }

    #[test]
    fn a_score_chart_reaches_below_zero() {
        let swinging = Series {
            name: "pvs".into(),
            points: vec![(1, 14.0), (2, -131.0), (3, 127.0)],
        };
        let steady = Series {
            name: "quiescence".into(),
            points: vec![(1, 7.0), (2, -52.0), (3, 0.0)],
        };
        let svg = scores_per_depth_svg("Scores", &[swinging, steady]).unwrap();
        assert!(svg.contains("pvs") && svg.contains("quiescence"));
        // Whole centipawns on the value axis, negative ones included.
        // (plotters writes each label on a line of its own inside its <text> element.)
        assert!(
            svg.contains(">\n-100\n<") && svg.contains(">\n100\n<"),
            "{svg}"
        );
        assert!(!svg.contains("100.0"));
    }
}
