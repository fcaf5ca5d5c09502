//! Curves against a real x (an epoch, a value of `K`, a ply), with marked values: how the
//! tuning and training chapters show an error falling, or a fit.

use crate::draw::colour::{CURVE_COLOURS, MARK};
use plotters::prelude::*;
use searchlab_engine::error::{Error, Result};

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

/// Decimals that tell apart the ticks of an axis spanning `span`: errors that differ in the
/// third decimal, values of `K` in the fourth, epochs in none.
fn decimals(span: f64) -> usize {
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
    let grey = MARK.stroke_width(1);
    let mark_lines = marks
        .iter()
        .map(|mark| (&mark.label, vec![(mark.x, y_low), (mark.x, y_high)], grey));
    let curve_lines = curves.iter().enumerate().map(|(i, curve)| {
        let colour = CURVE_COLOURS[i % CURVE_COLOURS.len()];
        (&curve.name, curve.points.clone(), colour.stroke_width(2))
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
    use crate::draw::picture::svg_to_png;

    #[test]
    fn curves_draw_with_their_names_and_marks() {
        let curves = [
            Curve::per_epoch("from the hand-set weights", &[0.11, 0.1, 0.095]),
            Curve::new("test", vec![(0.0, 0.12), (2.0, 0.13)]),
        ];
        assert_eq!(curves[0].points[2], (2.0, 0.095));
        let mark = Mark {
            x: 1.0,
            label: "lowest test error".to_string(),
        };
        let svg = curves_svg("Error", "epoch", "mean squared error", &curves, &[mark]).unwrap();
        for text in [
            "from the hand-set weights",
            "test",
            "lowest test error",
            "epoch",
        ] {
            assert!(svg.contains(text), "{text}");
        }
        // Errors differ in the second decimal: the axis says so.
        assert!(svg.contains("0.10"), "{svg}");
        svg_to_png(&svg).expect("draws with the embedded font");
        assert!(curves_svg("Nothing", "x", "y", &[], &[]).is_err());
        assert_eq!((decimals(0.02), decimals(0.15), decimals(300.0)), (3, 2, 0));
    }
}
