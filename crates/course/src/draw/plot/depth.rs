//! Charts against the search depth: node counts, scores and rates, one line per engine in the
//! engine's own look, each line named at its end.

use super::{
    compact, draw_line, draw_marker, marker_and_dashes, series_colour, spread_labels, LineLook,
    Series, AXIS_FONT, LABEL_FONT, LABEL_GAP, LABEL_SAMPLE, TICK_FONT, TITLE_FONT,
};
use crate::draw::colour::TEXT;
use plotters::prelude::*;
use searchlab_engine::error::{Error, Result};
use searchlab_engine::score::Depth;

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
        .map(|s| {
            s.map_values(|d, n| n / searchlab_engine::stats::minimal_tree_leaves(branching, d))
        })
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
            (series_colour(&s.name, i), marker, dashes)
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
        .color(&TEXT)
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
