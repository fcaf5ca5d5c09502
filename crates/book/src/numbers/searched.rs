//! The numbers counted by searching now: the ladder's node counts (from the searches behind
//! the charts), the side searches (MTD(f), the seven positions of `compare`), the whole
//! tic-tac-toe tree, the selective stage's pieces and the bench signatures. Exact, so never
//! typed: each run of `searchlab-book figures` counts them again.

use super::{table, Numbers};
use searchlab_course::draw::table::thousands;
use searchlab_course::tree::{ordered_alphabeta_tree, BOOK_POSITION};
use searchlab_engine::error::Result;
use searchlab_engine::games::TicTacToe;
use searchlab_engine::positions::{COMPARE, LADDER};
use searchlab_engine::search::{find_engine, EngineSpec};
use searchlab_engine::stats::Series;
use searchlab_engine::{Depth, Game, SearchLimits};
use searchlab_lab::compare::{compare, PositionNodes};
use std::collections::BTreeMap;

/// The ladder's node counts, from the searches behind the charts: totals per stage and depth,
/// and each position's count.
pub fn add_ladder(numbers: &mut Numbers, totals: &[Series], positions: &[PositionNodes]) {
    add_counts(numbers, "ladder", totals, positions);
    let mut groups: BTreeMap<String, u64> = BTreeMap::new();
    for p in positions {
        let group = if SHORT_MATES.contains(&p.position.as_str()) {
            "mates"
        } else {
            "others"
        };
        *groups
            .entry(format!("ladder.{}.{group}.d{}", p.stage, p.depth))
            .or_default() += p.nodes;
    }
    for (key, nodes) in groups {
        numbers.count(key, nodes);
    }
}

/// A comparison's counts under `prefix`: `PREFIX.STAGE.dD` (totals) and
/// `PREFIX.STAGE.POSITION.dD` (each position).
fn add_counts(numbers: &mut Numbers, prefix: &str, totals: &[Series], positions: &[PositionNodes]) {
    for series in totals {
        for &(depth, nodes) in &series.points {
            numbers.count(format!("{prefix}.{}.d{depth}", series.name), nodes as u64);
        }
    }
    for p in positions {
        numbers.count(
            format!("{prefix}.{}.{}.d{}", p.stage, p.position, p.depth),
            p.nodes,
        );
    }
}

/// The ladder's three short mates, which iterative deepening stops early on: their nodes are
/// summed apart (`ladder.STAGE.mates.dD`), and the other 21 positions' too (`…others.dD`).
pub const SHORT_MATES: [&str; 3] = ["mate2-a", "mate2-b", "back-rank"];

/// MTD(f) on the ladder positions, and ordered, pvs and MTD(f) on the seven positions of
/// `searchlab compare`, at depths 4 and 5 (the pvs chapter's tables).
pub fn add_side_searches(numbers: &mut Numbers) -> Result<()> {
    let depth: Depth = 5;
    let mtdf = EngineSpec::new(find_engine(searchlab_engine::search::mtdf::NAME)?);
    let on_ladder = compare(LADDER, std::slice::from_ref(&mtdf), depth, |_, _| {})?;
    add_ladder(
        numbers,
        &on_ladder.nodes_per_depth,
        &on_ladder.position_nodes,
    );
    let stages: Vec<EngineSpec<searchlab_engine::games::Chess>> = ["ordered", "pvs", "mtdf"]
        .iter()
        .map(|name| find_engine(name).map(EngineSpec::new))
        .collect::<Result<_>>()?;
    let seven = compare(COMPARE, &stages, depth, |_, _| {})?;
    add_counts(
        numbers,
        "compare",
        &seven.nodes_per_depth,
        &seven.position_nodes,
    );
    Ok(())
}

/// The whole tic-tac-toe tree: minimax's nodes and leaves, and what alpha-beta, iterative
/// deepening and the cached engine need to prove the same draw.
pub fn add_tictactoe(numbers: &mut Numbers) -> Result<()> {
    let whole = SearchLimits::depth(9);
    let searched = |name: &str| -> Result<
        searchlab_engine::SearchResult<searchlab_engine::games::tictactoe::Cell>,
    > {
        let spec: EngineSpec<TicTacToe> = EngineSpec::new(find_engine(name)?);
        let mut engine = spec.build();
        let mut game = TicTacToe::new();
        Ok(engine.search(&mut game, &whole))
    };
    numbers.count("ttt.minimax.nodes", searched("minimax")?.nodes());
    numbers.count("ttt.leaves", tictactoe_leaves(&TicTacToe::new()));
    numbers.count("ttt.alphabeta.nodes", searched("alphabeta")?.nodes());
    // Alpha-beta with the best move always first (the course's traced tree, ordered by an
    // oracle): the whole game, and the chapters' position.
    let best_first = |game: &TicTacToe| ordered_alphabeta_tree(game).count() as u64;
    numbers.count("ttt.ordered.nodes", best_first(&TicTacToe::new()));
    numbers.count(
        "tree.ordered.nodes",
        best_first(&TicTacToe::from_cells(BOOK_POSITION)?),
    );
    let iterative = searched("iterative")?;
    numbers.count("ttt.iterative.nodes", iterative.nodes());
    let before_last = iterative
        .iterations
        .iter()
        .rev()
        .nth(1)
        .map_or(0, |i| i.nodes);
    numbers.count("ttt.iterative.shallow", before_last);
    numbers.count("ttt.iterative.last", iterative.nodes() - before_last);
    let cached = searched("cached")?;
    numbers.count("ttt.cached.nodes", cached.nodes());
    numbers.count("ttt.cached.hits", cached.stats.tt_hits);
    numbers.count("ttt.cached.cutoffs", cached.stats.tt_cutoffs);
    Ok(())
}

/// The finished games below `game`: the leaves of its whole tree.
fn tictactoe_leaves(game: &TicTacToe) -> u64 {
    if game.outcome().is_some() {
        return 1;
    }
    game.legal_moves()
        .into_iter()
        .map(|m| {
            let mut next = game.clone();
            next.play(m);
            tictactoe_leaves(&next)
        })
        .sum()
}

/// The depth of the selective chapter's bench of its pieces, on the 24 ladder positions.
pub const PIECES_DEPTH: Depth = 8;

/// The selective chapter's measurements of its pieces: `bench` at [`PIECES_DEPTH`] on the 24
/// ladder positions with every piece on, with each piece switched off alone, with null move and
/// reverse futility both off, with all off, and the quiescence stage (`pieces.SPEC.nodes`);
/// and the start position searched to depth 10 by the quiescence and selective stages, with
/// the selective search's counters (`start10.*`). Returns the table of the pieces one at a
/// time (markdown). About 60 million nodes: some 30 seconds on two cores.
pub fn add_selective_pieces(numbers: &mut Numbers) -> Result<String> {
    let pieces = searchlab_engine::search::selective::PIECE_NAMES;
    let mut specs: Vec<(String, String)> = vec![("none".to_string(), "selective".to_string())];
    specs.extend(
        pieces
            .iter()
            .map(|p| (p.to_string(), format!("selective -{p}"))),
    );
    let both = "selective -null_move -reverse_futility".to_string();
    let all_off = std::iter::once("selective".to_string())
        .chain(pieces.iter().map(|p| format!("-{p}")))
        .collect::<Vec<_>>()
        .join(" ");
    let mut rows = Vec::new();
    let bench = |spec: &str| -> Result<u64> {
        let spec: EngineSpec<searchlab_engine::games::Chess> = spec.parse()?;
        Ok(
            searchlab_engine::bench::run_bench_with(&spec, LADDER, PIECES_DEPTH, |_, _, _| {})?
                .total_nodes(),
        )
    };
    for (piece, spec) in &specs {
        let nodes = bench(spec)?;
        numbers.count(format!("pieces.{piece}.nodes"), nodes);
        rows.push((piece.clone(), nodes));
    }
    numbers.count("pieces.null_move+reverse_futility.nodes", bench(&both)?);
    numbers.count("pieces.all_off.nodes", bench(&all_off)?);
    numbers.count("pieces.quiescence.nodes", bench("quiescence")?);

    let start =
        searchlab_engine::games::Chess::from_fen(searchlab_engine::positions::LADDER[0].fen)?;
    for name in ["quiescence", "selective"] {
        let spec: EngineSpec<searchlab_engine::games::Chess> = name.parse()?;
        let result = spec
            .build()
            .search(&mut start.clone(), &SearchLimits::depth(10));
        numbers.count(format!("start10.{name}.nodes"), result.nodes());
        if name == "selective" {
            numbers.count(
                "start10.selective.null_move_cutoffs",
                result.stats.null_move_cutoffs,
            );
            numbers.count("start10.selective.reductions", result.stats.reductions);
            numbers.count("start10.selective.pruned", result.stats.pruned);
        }
    }

    let all_on = rows[0].1 as f64;
    let cells = rows
        .into_iter()
        .map(|(piece, nodes)| {
            vec![
                piece,
                thousands(nodes),
                format!("{:.2}", nodes as f64 / all_on),
            ]
        })
        .collect();
    Ok(table(&["piece switched off", "nodes", "vs all on"], cells))
}

/// The node count of `searchlab bench` as it runs with no arguments (the signature, of the
/// default engine: `bench.nodes`), and with `--stage selective` (stage 8's, which stage 9 on one
/// thread shares: `bench.selective.nodes`).
pub fn add_bench_signature(numbers: &mut Numbers) -> Result<()> {
    let depth = searchlab_engine::bench::DEFAULT_DEPTH;
    let report = searchlab_engine::bench::run_bench(LADDER, depth, |_, _, _| {})?;
    numbers.count("bench.nodes", report.total_nodes());
    let selective =
        searchlab_engine::bench::run_bench_with("selective", LADDER, depth, |_, _, _| {})?;
    numbers.count("bench.selective.nodes", selective.total_nodes());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_whole_tictactoe_tree_has_its_known_counts() {
        let mut numbers = Numbers::default();
        add_tictactoe(&mut numbers).unwrap();
        assert_eq!(numbers.get("ttt.minimax.nodes"), Some("549,946"));
        assert_eq!(numbers.get("ttt.leaves"), Some("255,168"));
        assert_eq!(numbers.get("ttt.alphabeta.nodes"), Some("20,866"));
        assert_eq!(numbers.get("ttt.ordered.nodes"), Some("1,892"));
        assert_eq!(numbers.get("tree.ordered.nodes"), Some("11"));
        assert_eq!(numbers.get("ttt.iterative.nodes"), Some("47,522"));
        assert_eq!(numbers.get("ttt.cached.nodes"), Some("8,341"));
    }
}
