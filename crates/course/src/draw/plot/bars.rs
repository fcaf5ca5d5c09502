//! Bar charts, and the Elo ladder: a value per stage (or per anything), each bar in its
//! engine's colour.

use super::{series_colour, AXIS_FONT, LABEL_FONT, TICK_FONT, TITLE_FONT};
use crate::draw::colour::CURVE_COLOURS;
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;
use searchlab_engine::error::{Error, Result};

/// The Elo ladder (see [`searchlab_lab::ladder`]): each stage's rating above the bottom rung, a
/// point per stage joined by a line, with a bar for the 95% interval of its own step.
pub fn elo_ladder_svg(title: &str, steps: &[searchlab_lab::ladder::Step]) -> Result<String> {
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
    steps: &[searchlab_lab::ladder::Step],
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
    let line = CURVE_COLOURS[0];
    chart
        .draw_series(LineSeries::new(points.clone(), line.stroke_width(2)))
        .map_err(|e| e.to_string())?;
    for (i, step) in steps.iter().enumerate() {
        let x = i as f64;
        let colour = series_colour(&step.stage, i);
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
        series_colour(&bar.key, place)
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

#[cfg(test)]
mod tests {
    use super::*;

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
            let RGBColor(r, g, b) = series_colour(key, 0);
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
}
