//! The book's generated figures: which files, drawn from what, in parallel. `searchlab-book figures`
//! writes them into a folder ([`draw`] hands it each file as it is drawn).
//!
//! Every figure is drawn from node counts only, never from timings, so drawing them again on
//! any machine gives the same bytes: the committed figures in `book/src/figures/` change only
//! when a search changes.
//!
//! - `tree-minimax.svg`, `tree-alphabeta.svg`: the traced trees of the tic-tac-toe position
//!   `XOX/.O./..X`, O to move (see [`searchlab_course::tree`]).
//! - `nodes-per-depth.svg`, `branching-factor.svg`: every stage of [`STAGES`], and the
//!   ordering oracle, on the 24 ladder positions at depths 1 to 4
//!   ([`searchlab_lab::compare::compare`]).
//! - `minimal-tree.svg`: the same, against Knuth and Moore's minimal tree, for the stages that
//!   search alpha-beta's tree (not those judged by strength) and the oracle.
//! - `oracle-multiple.svg`: the nodes of every speed-up stage (minimax, far too slow at depth
//!   5, and the stages judged by strength left out) as a multiple of the oracle's, at depths 3
//!   to 5.
//! - `first-move-cutoffs.svg`: the share of beta cut-offs made by the first move tried, at
//!   depths 2 to 5, for the same stages and the oracle.
//! - `positions.md`, `perft.md`: the Foundations chapter's table of the 24 ladder positions
//!   and perft counts ([`crate::foundations::book_figures`]).
//! - `<stage>.diff`: for every rung but the first, what it adds to the rung below
//!   ([`searchlab_course::diff::stage_diff`]), which the book includes in each chapter.
//! - `horizon*.svg`, `horizon*.md`: chapter 7's horizon position, the pvs and quiescence
//!   searches of it side by side, one quiescence node taken apart, its captures' SEE, and what
//!   quiescence costs ([`searchlab_course::horizon::book_figures`]).
//! - `elo-ladder.svg`: each rung's Elo over the rung below, from the match results committed
//!   in `book/measured/elo-ladder.tsv` ([`searchlab_lab::ladder`]), not from a search.
//! - `parallel-speedup.svg`: chapter 9's measured speed-ups, from the results committed in
//!   `book/measured/scaling.tsv` ([`searchlab_lab::scaling`]), not from a search.
//! - `neural-training.svg`, `neural-knight.svg`, `neural-king.svg`, `neural-units.svg`: the
//!   learned evaluation's chapter: the compiled-in network's losses from the record beside
//!   it, what it says a knight and a king are worth on each square, and the first-layer
//!   weights of the units its output weighs most ([`searchlab_course::neural::book_figures`]).
//! - `parallel-serial-share.md`: chapter 9's table of root splitting's bound, the first root
//!   move's share of the nodes on each bench position (one thread: exact, about 10 seconds).
//!
//! The searches behind the charts ([`measure`]) are one comparison per stage, run on every
//! core, the slowest first; on two cores they take about 20 seconds, most of it the oracle,
//! minimax at depth 4, and alphabeta and iterative at depth 5.

use crate::numbers::Numbers;
use searchlab_course::diff::stage_diff;
use searchlab_course::parallel::amdahl_bound;
use searchlab_course::plot::{self, Series};
use searchlab_engine::error::{Error, Result};
use searchlab_engine::games::Chess;
use searchlab_engine::positions::LADDER;
use searchlab_engine::search::{find_engine, previous_stage, EngineSpec, STAGES};
use searchlab_engine::Depth;
use searchlab_lab::compare::{
    comparable_with_the_oracle, compare, Comparison, PositionNodes, ORACLE,
};
use searchlab_lab::ladder;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// The deepest depth the charts of every stage show (minimax's cost sets it).
pub const DEPTH: u32 = 4;

/// The depths of the chart against the oracle.
pub const ORACLE_DEPTHS: std::ops::RangeInclusive<u32> = 3..=5;

/// The depths of the chart of first-move cut-offs (at depth 1 nothing cuts off).
pub const CUTOFF_DEPTHS: std::ops::RangeInclusive<u32> = 2..=5;

/// The stage too slow to search at the oracle chart's deepest depth.
const SLOWEST: &str = searchlab_engine::search::minimax::NAME;

/// How far the searches behind the charts ([`measure`]) have gone, for a progress bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// The searches start: this many in all.
    Started {
        /// How many searches (one stage, one position, one depth) there are.
        searches: usize,
    },
    /// One more search is done (reported from the thread that ran it).
    Searched,
    /// Every search is done.
    Finished,
}

/// What the charts are drawn from: per stage (ladder order, then the oracle), node totals and
/// first-move cut-off rates per depth over the 24 ladder positions.
#[derive(Clone, Debug, PartialEq)]
pub struct Measured {
    /// How many positions the totals are summed over.
    pub positions: usize,
    /// The average number of legal moves over the positions, measured (minimax at depth 1).
    pub branching: f64,
    /// Node totals per depth, one series per stage.
    pub nodes: Vec<Series>,
    /// The share of beta cut-offs made by the first move tried, per depth, one series per
    /// stage.
    pub cutoff_rates: Vec<Series>,
    /// Every search's node count, position by position (the tables and the quoted numbers).
    pub position_nodes: Vec<PositionNodes>,
}

/// Draws every figure, handing each to `emit` (its file name and its text) as soon as it is
/// drawn, and returns the numbers behind the charts. The searches report to `progress`.
///
/// `emit` may fail (writing a file, say): its error, or any error of drawing turned into it,
/// ends the drawing.
pub fn draw<E: From<Error>>(
    mut emit: impl FnMut(&str, String) -> std::result::Result<(), E>,
    progress: impl Fn(Progress) + Sync,
) -> std::result::Result<Measured, E> {
    emit(
        "tree-minimax.svg",
        searchlab_course::tree::minimax_tree_svg(searchlab_course::tree::BOOK_POSITION)?,
    )?;
    emit(
        "tree-alphabeta.svg",
        searchlab_course::tree::alphabeta_tree_svg(searchlab_course::tree::BOOK_POSITION)?,
    )?;
    for stage in STAGES.iter().filter(|s| previous_stage(s.name).is_some()) {
        emit(&format!("{}.diff", stage.name), stage_diff(stage.name)?)?;
    }

    let measured = measure(progress)?;
    let all = up_to(&measured.nodes, DEPTH);
    let alpha_beta_trees: Vec<Series> = all
        .iter()
        .filter(|s| comparable_with_the_oracle(&s.name) || s.name == ORACLE)
        .cloned()
        .collect();
    emit("nodes-per-depth.svg", plot::nodes_per_depth_svg(&all)?)?;
    emit("branching-factor.svg", plot::branching_factor_svg(&all)?)?;
    emit(
        "minimal-tree.svg",
        plot::minimal_tree_ratio_svg(
            &per_position(&alpha_beta_trees, LADDER.len()),
            measured.branching,
        )?,
    )?;

    let speedups = |series: &[Series], depths| -> Vec<Series> {
        series
            .iter()
            .filter(|s| s.name != SLOWEST)
            .filter(|s| comparable_with_the_oracle(&s.name) || s.name == ORACLE)
            .map(|s| within(s, depths))
            .collect()
    };
    let against_oracle = speedups(&measured.nodes, &ORACLE_DEPTHS);
    let oracle = against_oracle
        .iter()
        .find(|s| s.name == ORACLE)
        .ok_or_else(|| Error::Setting("the comparison has no oracle".to_string()))?;
    emit(
        "oracle-multiple.svg",
        plot::oracle_ratio_svg(&against_oracle, oracle)?,
    )?;
    let rates: Vec<Series> = speedups(&measured.cutoff_rates, &CUTOFF_DEPTHS)
        .into_iter()
        .filter(|s| !s.points.is_empty())
        .collect();
    emit(
        "first-move-cutoffs.svg",
        plot::first_move_cutoff_rate_svg(&rates)?,
    )?;

    // --- Foundations: the ladder positions and perft counts (crate::foundations) ---
    for (name, text) in crate::foundations::book_figures()? {
        emit(name, text)?;
    }

    // --- Chapter 7, quiescence: the horizon position and its tables ----------------------
    // (searchlab_course::horizon::book_figures names each file; about a second in all.)
    for (name, text) in searchlab_course::horizon::book_figures()? {
        emit(name, text)?;
    }

    // --- Chapter 8: the Elo ladder, from the committed match results ----------------------
    let rungs = ladder::parse_rungs(ladder::LADDER_RESULTS)?;
    let limit = rungs.first().map_or(String::new(), |r| r.limit.clone());
    emit(
        "elo-ladder.svg",
        plot::elo_ladder_svg(
            &format!("The Elo ladder: each stage against the one below ({limit} a move)"),
            &ladder::climb(&rungs),
        )?,
    )?;

    // --- Stage 10, a learned evaluation: the compiled-in network's training and first layer --
    // (searchlab_course::neural::book_figures names each file; well under a second.)
    for (name, text) in searchlab_course::neural::book_figures()? {
        emit(name, text)?;
    }

    // --- Chapter 9: root splitting's serial share (exact node counts, one thread) ---------
    let depth = searchlab_lab::scaling::SERIAL_SHARE_DEPTH;
    let fens: Vec<String> = LADDER.iter().map(|p| p.fen.to_string()).collect();
    let shares = searchlab_lab::scaling::serial_share(&fens, depth)?;
    emit(
        "parallel-serial-share.md",
        format!(
            "At depth {depth}, on one thread (exact node counts):\n\n{}",
            searchlab_course::parallel::serial_share_markdown(LADDER, &shares)
        ),
    )?;

    // --- Chapter 9: the measured speed-ups, from the committed results --------------------
    let scaling = searchlab_lab::scaling::parse_results(searchlab_lab::scaling::SCALING_RESULTS)?;
    let runs: Vec<_> = scaling.iter().filter(|r| r.threads > 1).collect();
    // One machine for every bar goes in the title, so that the bars' names stay short
    // enough to be written at full size.
    let machine = runs
        .first()
        .map(|r| r.machine.clone())
        .filter(|m| runs.iter().all(|r| &r.machine == m));
    let bars: Vec<plot::Bar> = runs
        .iter()
        .map(|r| plot::Bar {
            label: match machine {
                Some(_) => format!("{}, {} threads", r.stage, r.threads),
                None => format!("{}, {} threads on {}", r.stage, r.threads, r.machine),
            },
            value: r.speedup,
            text: format!("{:.2}×", r.speedup),
            key: r.stage.clone(),
        })
        .collect();
    let title = match &machine {
        Some(machine) => format!("Time to depth on {machine}: speed-up over one thread"),
        None => "Time to depth: speed-up over one thread".to_string(),
    };
    emit(
        "parallel-speedup.svg",
        plot::bar_chart_svg(&title, "speed-up (1-thread time / N-thread time)", &bars)?,
    )?;

    // --- The node tables the chapters include, and every number the prose quotes ----------
    for (name, text) in crate::numbers::tables(
        &measured.nodes,
        &measured.position_nodes,
        measured.branching,
    ) {
        emit(name, text)?;
    }
    let mut numbers = crate::numbers::Numbers::default();
    crate::numbers::add_ladder(&mut numbers, &measured.nodes, &measured.position_nodes);
    crate::numbers::add_side_searches(&mut numbers)?;
    crate::numbers::add_tictactoe(&mut numbers)?;
    crate::numbers::add_elo_ladder(&mut numbers)?;
    crate::numbers::add_speeds(&mut numbers)?;
    crate::numbers::add_web(&mut numbers)?;
    crate::numbers::add_instructions(&mut numbers)?;
    crate::numbers::add_side_by_side(&mut numbers)?;
    crate::numbers::add_bench_signature(&mut numbers)?;
    crate::facts::add_ladder_facts(&mut numbers);
    add_serial_share(&mut numbers, &shares);
    crate::facts::add_setup_times(&mut numbers)?;
    crate::numbers::add_neural(&mut numbers)?;
    emit(
        "selective-pieces.md",
        crate::numbers::add_selective_pieces(&mut numbers)?,
    )?;
    for (name, text) in crate::numbers::add_modern(&mut numbers)? {
        emit(name, text)?;
    }
    emit("elo-ladder.md", crate::numbers::elo_ladder_table()?)?;
    crate::numbers::add_suites(&mut numbers)?;
    emit(
        "parallel-scaling.md",
        crate::numbers::add_scaling(&mut numbers)?,
    )?;
    for (name, text) in crate::numbers::add_matches(&mut numbers)? {
        emit(name, text)?;
    }
    emit(
        "clock.md",
        crate::numbers::clock_table(&["minimax", "alphabeta", "iterative", "cached"])?,
    )?;
    emit("numbers.tsv", numbers.to_tsv())?;

    Ok(measured)
}

/// Minimax on the 24 ladder positions at depths 1 to [`DEPTH`], and every other stage of
/// [`STAGES`] (but the parallel ones) and the oracle at depths 1 to the deepest of
/// [`ORACLE_DEPTHS`]. Each stage is its own comparison (fresh engines, so the counts do not
/// depend on what ran before), and the comparisons run on as many threads as there are cores,
/// the slowest first, each search reported to `progress`.
pub fn measure(progress: impl Fn(Progress) + Sync) -> Result<Measured> {
    let deepest = *ORACLE_DEPTHS.end();
    // The oracle first: it takes longest, and the others then share out around it.
    let oracle = EngineSpec::new(find_engine(ORACLE)?);
    let jobs: Vec<(EngineSpec<Chess>, Depth)> = std::iter::once((oracle, deepest))
        .chain(STAGES.iter().filter(|s| !s.parallel).map(|s| {
            let depth = if s.name == SLOWEST { DEPTH } else { deepest };
            (EngineSpec::new(s), depth)
        }))
        .collect();
    let searches: usize = jobs.iter().map(|&(_, d)| LADDER.len() * d as usize).sum();
    progress(Progress::Started { searches });
    let mut done = in_parallel(&jobs, |(stage, depth)| {
        compare(LADDER, std::slice::from_ref(stage), *depth, |_, _| {
            progress(Progress::Searched)
        })
    })?;
    progress(Progress::Finished);
    // Ladder order, then the oracle.
    done.rotate_left(1);
    let series = |pick: fn(&Comparison) -> &Vec<Series>| -> Vec<Series> {
        done.iter().flat_map(|c| pick(c).clone()).collect()
    };
    let nodes = series(|c| &c.nodes_per_depth);
    let branching = average_branching(&up_to(&nodes, DEPTH), LADDER.len()).ok_or_else(|| {
        Error::Setting("the comparison has no minimax counts at depth 1".to_string())
    })?;
    Ok(Measured {
        positions: LADDER.len(),
        branching,
        nodes,
        cutoff_rates: series(|c| &c.first_move_cutoff_rate_per_depth),
        position_nodes: done.iter().flat_map(|c| c.position_nodes.clone()).collect(),
    })
}

/// `work` done on every job, on as many threads as there are cores (and no more than there are
/// jobs), each thread taking the next job not yet taken: the results in the order of `jobs`,
/// or the first error met (by thread) once every thread has stopped.
fn in_parallel<J: Sync, R: Send>(
    jobs: &[J],
    work: impl Fn(&J) -> Result<R> + Sync,
) -> Result<Vec<R>> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<(usize, R)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| -> Result<()> {
        let workers: Vec<_> = (0..threads.min(jobs.len()))
            .map(|_| {
                scope.spawn(|| -> Result<()> {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(job) = jobs.get(i) else {
                            return Ok(());
                        };
                        let result = work(job)?;
                        done.lock().expect("no worker panicked").push((i, result));
                    }
                })
            })
            .collect();
        for worker in workers {
            worker.join().expect("a figures worker panicked")?;
        }
        Ok(())
    })?;
    let mut done = done.into_inner().expect("no worker panicked");
    done.sort_by_key(|&(i, _)| i);
    Ok(done.into_iter().map(|(_, result)| result).collect())
}

/// `series` with only the points at depths in `depths`.
fn within(series: &Series, depths: &std::ops::RangeInclusive<Depth>) -> Series {
    Series {
        name: series.name.clone(),
        points: series
            .points
            .iter()
            .copied()
            .filter(|p| depths.contains(&p.0))
            .collect(),
    }
}

/// Every series cut at `depth`.
fn up_to(series: &[Series], depth: Depth) -> Vec<Series> {
    series.iter().map(|s| within(s, &(1..=depth))).collect()
}

/// The average number of legal moves over the positions, measured: a depth-1 minimax search
/// visits the root and one node per legal move, so its total is `positions + moves`.
fn average_branching(totals: &[Series], positions: usize) -> Option<f64> {
    let minimax = totals.iter().find(|s| s.name == "minimax")?;
    let depth_one = minimax.points.iter().find(|p| p.0 == 1)?.1;
    Some(depth_one / positions as f64 - 1.0)
}

/// Node totals turned into the average per position (what the minimal tree of one position
/// is compared with).
fn per_position(totals: &[Series], positions: usize) -> Vec<Series> {
    totals
        .iter()
        .map(|s| s.map_values(|_, n| n / positions as f64))
        .collect()
}

/// The mean serial share over `shares` and its two bounds, for the prose (the table's last
/// row): `serial.mean.share` (`29.7`, a percentage), `serial.mean.bound2` and
/// `serial.mean.bound_any` (`1.54`, `3.36`: times faster at most, with 2 and any threads).
pub fn add_serial_share(numbers: &mut Numbers, shares: &[f64]) {
    if shares.is_empty() {
        return;
    }
    let mean = shares.iter().sum::<f64>() / shares.len() as f64;
    numbers.add("serial.mean.share", format!("{:.1}", 100.0 * mean));
    numbers.add(
        "serial.mean.bound2",
        format!("{:.2}", amdahl_bound(mean, 2.0)),
    );
    numbers.add(
        "serial.mean.bound_any",
        format!("{:.2}", amdahl_bound(mean, f64::INFINITY)),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parallel_results_come_in_the_order_of_the_jobs() {
        // Later jobs are quicker, so they tend to finish first.
        let jobs: Vec<u64> = (0..12).collect();
        let squares = in_parallel(&jobs, |&n| {
            std::thread::sleep(std::time::Duration::from_millis(12 - n));
            Ok(n * n)
        })
        .unwrap();
        assert_eq!(squares, jobs.iter().map(|n| n * n).collect::<Vec<_>>());
        assert_eq!(
            in_parallel(&[] as &[u64], |&n| Ok(n)).unwrap(),
            Vec::<u64>::new()
        );
    }

    #[test]
    fn a_failed_job_fails_the_whole() {
        let jobs: Vec<u64> = (0..8).collect();
        let result = in_parallel(&jobs, |&n| {
            if n == 5 {
                Err(Error::Setting("job 5 failed".to_string()))
            } else {
                Ok(n)
            }
        });
        assert_eq!(result, Err(Error::Setting("job 5 failed".to_string())));
    }

    #[test]
    fn branching_is_read_from_minimax_at_depth_one() {
        // 2 positions, 40 and 20 legal moves: minimax visits 2 + 60 nodes at depth 1.
        let totals = vec![
            Series::from_counts("alphabeta", &[(1, 62), (2, 500)]),
            Series::from_counts("minimax", &[(1, 62), (2, 1200), (3, 30000)]),
        ];
        assert_eq!(average_branching(&totals, 2), Some(30.0));
        assert_eq!(average_branching(&totals[..1], 2), None);
        let cut = up_to(&totals, 2);
        assert_eq!(cut[1].points, vec![(1, 62.0), (2, 1200.0)]);
        assert_eq!(
            within(&totals[1], &(2..=3)).points,
            vec![(2, 1200.0), (3, 30000.0)]
        );
        assert_eq!(per_position(&cut, 2)[0].points, vec![(1, 31.0), (2, 250.0)]);
    }
}
