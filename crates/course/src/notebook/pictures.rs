//! The charts a notebook shows of a search's numbers: a comparison's node counts
//! ([`comparison_chart_svg`]) and the nodes of each iteration ([`iterations_chart_svg`]).
//! Boards, stacked pictures and every other drawing are the [drawing floor's](crate::draw);
//! showing a picture (with its PNG) is [`show_svg`](super::show_svg)'s work.

use super::tables::iteration_nodes;
use crate::draw::plot::{self, Series};
use searchlab_engine::error::Result;
use searchlab_engine::stats::Iteration;
use searchlab_lab::compare::Comparison;

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
