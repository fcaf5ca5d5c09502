//! The selective stage taken apart: what its pieces save, and how deep it gets, measured on a
//! set of positions (notebook 08).
//!
//! - [`run`] searches each position of a set with one engine, named as
//!   [`EngineSpec`](searchlab_engine::search::EngineSpec) reads
//!   it (`selective -null_move` is the selective stage without null-move pruning), a fresh
//!   engine for each position. The
//!   [`Run`] keeps every result and adds them up: nodes, the counters of the selective pieces,
//!   the nodes it took to complete each depth ([`Run::nodes_per_depth`], for a chart).
//! - [`pieces_markdown`] sets several runs side by side: nodes, the change against a baseline
//!   run, and the counters of the selective pieces (null-move cut-offs, reductions, prunings).
//! - [`versus_markdown`] sets two runs side by side, position by position: the depth each
//!   completed, its nodes, its move and score.
//!
//! With a depth or node limit and one thread every number here is reproducible, so a notebook
//! can state facts about them.

use crate::draw::table::{change_percent, markdown_table, signed_score, thousands};
use chess::ChessMove;
use searchlab_engine::error::Result;
use searchlab_engine::games::Chess;
use searchlab_engine::limits::SearchLimits;
use searchlab_engine::positions::NamedPosition;
use searchlab_engine::score::Depth;
use searchlab_engine::search::ToEngineSpec;
use searchlab_engine::stats::Series;
use searchlab_engine::stats::{SearchResult, SearchStats};

/// One position, searched.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionSearch {
    /// The position.
    pub position: NamedPosition,
    /// What the search found.
    pub result: SearchResult<ChessMove>,
}

/// One engine's searches of a set of positions, in the set's order.
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    /// The engine's name, switches included (`selective -null_move`).
    pub engine: String,
    /// One search per position.
    pub searches: Vec<PositionSearch>,
}

/// Searches every position of `positions` with the engine `engine` (a stage's name, with
/// switches if it has parts to switch, or its description already read), a fresh engine each
/// time so that nothing carries over, within `limits`.
pub fn run(
    positions: &[NamedPosition],
    engine: &(impl ToEngineSpec<Chess> + ?Sized),
    limits: &SearchLimits,
) -> Result<Run> {
    limits.validate()?;
    let spec = engine.to_spec()?;
    let mut searches = Vec::with_capacity(positions.len());
    for &position in positions {
        let mut game = Chess::from_fen(position.fen)?;
        let mut searcher = spec.build();
        let result = searcher.search(&mut game, limits);
        searches.push(PositionSearch { position, result });
    }
    Ok(Run {
        engine: spec.to_string(),
        searches,
    })
}

impl Run {
    /// Nodes over all positions.
    pub fn total_nodes(&self) -> u64 {
        self.searches.iter().map(|s| s.result.stats.nodes).sum()
    }

    /// Every counter summed over all positions (`seldepth`: the deepest of them).
    pub fn totals(&self) -> SearchStats {
        let mut total = SearchStats::default();
        for search in &self.searches {
            total.add(&search.result.stats);
        }
        total
    }

    /// The search of the position called `name`.
    pub fn search(&self, name: &str) -> Option<&SearchResult<ChessMove>> {
        self.searches
            .iter()
            .find(|s| s.position.name == name)
            .map(|s| &s.result)
    }

    /// The depth each search completed, averaged over the positions.
    pub fn mean_depth(&self) -> f64 {
        let depths: u32 = self.searches.iter().map(|s| s.result.depth).sum();
        depths as f64 / self.searches.len().max(1) as f64
    }

    /// The nodes it took to complete depth `depth`, over all positions: each search's running
    /// total at the end of its iteration of that depth (iterative deepening pays for every
    /// shallower iteration on the way). A search that ended sooner because it had proved a
    /// mate counts all its nodes: it needed no more. `None` if a search stopped short of
    /// `depth` for another reason (its depth, node or time limit).
    pub fn nodes_to_depth(&self, depth: Depth) -> Option<u64> {
        self.searches
            .iter()
            .map(|s| {
                let result = &s.result;
                match result.iterations.iter().find(|it| it.depth == depth) {
                    Some(it) => Some(it.nodes),
                    None if result.depth < depth && result.score.is_mate() => {
                        Some(result.stats.nodes)
                    }
                    None => None,
                }
            })
            .sum()
    }

    /// [`Run::nodes_to_depth`] at each depth from 1 to the deepest every search completed (or
    /// proved a mate before), as a chart's line named after the engine.
    pub fn nodes_per_depth(&self) -> Series {
        let deepest = self
            .searches
            .iter()
            .map(|s| s.result.depth)
            .max()
            .unwrap_or(0);
        let counts: Vec<(Depth, u64)> = (1..=deepest)
            .map_while(|depth| self.nodes_to_depth(depth).map(|nodes| (depth, nodes)))
            .collect();
        Series::from_counts(&self.engine, &counts)
    }
}

/// A table of several runs on the same positions, one row each: the engine, its nodes over
/// all positions, the change against `baseline`'s nodes, and how often the selective pieces
/// fired: null-move cut-offs, late moves searched to a reduced depth, and nodes or moves
/// pruned without a search (reverse futility, futility and late move pruning together).
pub fn pieces_markdown(runs: &[&Run], baseline: &Run) -> String {
    let base = baseline.total_nodes();
    let rows: Vec<Vec<String>> = runs
        .iter()
        .map(|run| {
            let totals = run.totals();
            vec![
                format!("`{}`", run.engine),
                thousands(totals.nodes),
                change_percent(base, totals.nodes),
                thousands(totals.null_move_cutoffs),
                thousands(totals.reductions),
                thousands(totals.pruned),
            ]
        })
        .collect();
    let against = format!("vs {}", baseline.engine);
    markdown_table(
        &[
            "engine",
            "nodes",
            &against,
            "null-move cut-offs",
            "reductions",
            "pruned",
        ],
        &[false, true, true, true, true, true],
        &rows,
    )
}

/// The move and score of a search, for people: `e4 (+36)`, or `–` without a move.
fn move_and_score(position: &NamedPosition, result: &SearchResult<ChessMove>) -> String {
    match (result.best_move, Chess::from_fen(position.fen)) {
        (Some(mv), Ok(game)) => format!("{} ({})", game.san(mv), signed_score(result.score)),
        (Some(mv), Err(_)) => format!("{mv} ({})", signed_score(result.score)),
        (None, _) => "–".to_string(),
    }
}

/// A table of two runs, position by position (the positions of `a` that `b` searched too):
/// the depth each completed, its nodes, how `b`'s nodes compare with `a`'s, and each one's
/// move and score (for the side to move). The last row adds up: mean depth, total nodes.
pub fn versus_markdown(a: &Run, b: &Run) -> String {
    let mut rows = Vec::new();
    for s in &a.searches {
        let Some(other) = b
            .searches
            .iter()
            .find(|o| o.position.name == s.position.name)
        else {
            continue;
        };
        let (x, y) = (&s.result, &other.result);
        rows.push(vec![
            s.position.name.to_string(),
            x.depth.to_string(),
            y.depth.to_string(),
            thousands(x.stats.nodes),
            thousands(y.stats.nodes),
            change_percent(x.stats.nodes, y.stats.nodes),
            move_and_score(&s.position, x),
            move_and_score(&other.position, y),
        ]);
    }
    rows.push(vec![
        format!("**all {}**", rows.len()),
        format!("{:.1}", a.mean_depth()),
        format!("{:.1}", b.mean_depth()),
        thousands(a.total_nodes()),
        thousands(b.total_nodes()),
        change_percent(a.total_nodes(), b.total_nodes()),
        String::new(),
        String::new(),
    ]);
    let (na, nb) = (a.engine.as_str(), b.engine.as_str());
    let header = [
        "position".to_string(),
        format!("{na}: depth"),
        format!("{nb}: depth"),
        format!("{na}: nodes"),
        format!("{nb}: nodes"),
        format!("{nb} vs {na}"),
        format!("{na}: move"),
        format!("{nb}: move"),
    ];
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    markdown_table(
        &header,
        &[false, true, true, true, true, true, false, false],
        &rows,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_engine::positions::LADDER;

    fn positions() -> Vec<NamedPosition> {
        // The start, kiwipete, and a mate in 2 (which the quiescence stage proves and stops).
        vec![LADDER[0], LADDER[2], LADDER[21]]
    }

    #[test]
    fn a_run_adds_up_its_searches() {
        let run = run(&positions(), "selective", &SearchLimits::depth(4)).unwrap();
        assert_eq!(run.searches.len(), 3);
        let sum: u64 = run.searches.iter().map(|s| s.result.stats.nodes).sum();
        assert_eq!(run.total_nodes(), sum);
        assert_eq!(run.totals().nodes, sum);
        assert_eq!(run.mean_depth(), 4.0);
        // The last depth costs everything the search spent.
        assert_eq!(run.nodes_to_depth(4), Some(sum));
        assert_eq!(run.nodes_to_depth(5), None);
        let line = run.nodes_per_depth();
        assert_eq!(line.name, "selective");
        assert_eq!(line.points.len(), 4);
        assert!(line.points.windows(2).all(|w| w[0].1 < w[1].1));
        assert!(run.search("kiwipete").is_some() && run.search("nowhere").is_none());
    }

    #[test]
    fn a_proved_mate_counts_all_its_nodes_at_the_depths_beyond() {
        // Quiescence stops at depth 3 on the mate in 2; deeper depths count its whole search.
        let run = run(
            &[LADDER[0], LADDER[21]],
            "quiescence",
            &SearchLimits::depth(5),
        )
        .unwrap();
        let (start, mate) = (run.search("start").unwrap(), run.search("mate2-a").unwrap());
        assert_eq!((start.depth, mate.depth), (5, 3));
        let at = |depth: Depth, result: &SearchResult<ChessMove>| {
            result
                .iterations
                .iter()
                .find(|it| it.depth == depth)
                .map(|it| it.nodes)
        };
        assert_eq!(
            run.nodes_to_depth(3),
            Some(at(3, start).unwrap() + mate.stats.nodes)
        );
        assert_eq!(
            run.nodes_to_depth(5),
            Some(start.stats.nodes + mate.stats.nodes)
        );
        assert_eq!(run.nodes_per_depth().points.len(), 5);
    }

    #[test]
    fn the_tables_name_every_engine_and_position() {
        let limits = SearchLimits::depth(3);
        let all = run(&positions(), "selective", &limits).unwrap();
        let without = run(&positions(), "selective -null_move", &limits).unwrap();
        let table = pieces_markdown(&[&all, &without], &all);
        assert!(table.contains("`selective -null_move`") && table.contains("±0 %"));
        assert_eq!(table.lines().count(), 4);
        let quiescence = run(&positions(), "quiescence", &limits).unwrap();
        let table = versus_markdown(&quiescence, &all);
        assert!(table.contains("| kiwipete |") && table.contains("**all 3**"));
        assert!(table.contains("quiescence: depth") && table.contains("selective: move"));
        assert_eq!(table.lines().count(), 2 + 3 + 1);
    }

    #[test]
    fn markdown_tables_align_and_escape() {
        let table = markdown_table(
            &["a", "b"],
            &[false, true],
            &[vec!["x|y".into(), "1".into()]],
        );
        assert_eq!(table, "| a | b |\n|---|---:|\n| x\\|y | 1 |\n");
    }
}
