//! The numbers the book and the README quote: one number, one source.
//!
//! A node count is exact, so the book never types one: `searchlab figures` writes every count
//! the prose quotes into `book/src/figures/numbers.tsv` (one `key<TAB>value` line each, drawn
//! from the same searches as the charts), and the node tables into markdown files the chapters
//! include. A time, a speed or an Elo figure is not exact: it is read from one committed
//! measurement file in `book/measured/`, which says the command, machine and date that made
//! it, and its quotable values go into the same `numbers.tsv`.
//!
//! Prose quotes a value by its key, `<!--n:ladder.minimax.d4-->33,838,390<!--/n-->` (the
//! comments do not show when the page is rendered), or a value computed from keys,
//! `<!--n:fewer(ladder.cached.d4,ladder.iterative.d4,1)-->57.8<!--/n-->`.
//! `scripts/numbers --check` (run by CI) fails when a quoted value is not what the keys say,
//! names a key that does not exist, or when a node count in prose (`N nodes`, N with a
//! thousands separator) is typed without a key; `scripts/numbers --write` brings every quoted
//! value up to date. The keys:
//!
//! - `ladder.STAGE.dD`: a stage's nodes summed over the 24 ladder positions at depth `D`
//!   (every stage of the ladder but the parallel ones, and the oracle; minimax to depth 4,
//!   the others to 5);
//! - `ladder.STAGE.POSITION.dD`: the same for one position;
//! - `ladder.mtdf.dD`, `compare.STAGE.dD`: MTD(f) on the ladder, and the seven positions of
//!   `searchlab compare` at depths 4 and 5 (ordered, pvs and MTD(f));
//! - `ttt.*`: the whole tic-tac-toe tree, searched by the first four stages;
//! - `elo.ladder.STAGE.*`: the Elo ladder's match results (`book/measured/elo-ladder.tsv`);
//! - `speed.*`: speed measurements (`book/measured/speed.tsv`);
//! - `instructions.*`: the instructions a node costs, counted by callgrind
//!   (`book/measured/instructions.tsv`);
//! - `side.*`: stages 8 and 7 side by side with another engine in one run
//!   (`book/measured/side-by-side.tsv`, in `speed.tsv`'s form);
//! - `scaling.*` and `throughput.*`: the parallel searches' time to depth and the machine's
//!   two-core ceiling (`book/measured/scaling.tsv`, `throughput.tsv`);
//! - `suite.*`: the test suites at one second a position (`book/measured/suites.tsv`);
//! - `match.NAME.*` and `rating.stockfish.*`: the other match results the book quotes
//!   (`book/measured/matches.tsv`), with the ratings fitted to the Stockfish matches.

use crate::error::{Error, Result};
use crate::games::TicTacToe;
use crate::lab::compare::{compare, PositionNodes};
use crate::lab::elo::{rating_fit, RatedResult};
use crate::lab::ladder;
use crate::lab::results;
use crate::positions::{COMPARE, LADDER};
use crate::search::{find_engine, EngineSpec};
use crate::stats::Series;
use crate::teach::draw::table::thousands;
use crate::{Depth, Game, SearchLimits};
use std::collections::BTreeMap;

/// The measured speeds the book quotes, committed (see [`speeds`]).
pub const SPEED_RESULTS: &str = include_str!("../../book/measured/speed.tsv");

/// Stages 8 and 7 side by side with another engine, committed (see [`add_side_by_side`]).
pub const SIDE_BY_SIDE_RESULTS: &str = include_str!("../../book/measured/side-by-side.tsv");

/// The instructions a node costs, committed (see [`add_instructions`]).
pub const INSTRUCTION_COUNTS: &str = include_str!("../../book/measured/instructions.tsv");

/// Every quotable number, by key (sorted, so the file is the same on every run).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Numbers {
    values: BTreeMap<String, String>,
}

impl Numbers {
    /// Adds `value` under `key` (a later value under the same key replaces it).
    pub fn add(&mut self, key: impl Into<String>, value: impl ToString) {
        self.values.insert(key.into(), value.to_string());
    }

    /// Adds a count, written with thousands separators (`33,838,390`).
    pub fn count(&mut self, key: impl Into<String>, n: u64) {
        self.add(key, thousands(n));
    }

    /// The value under `key`, if any.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.values.get(key).map(String::as_str)
    }

    /// The file `scripts/numbers` reads: a header, then `key<TAB>value` lines, sorted by key.
    pub fn to_tsv(&self) -> String {
        let mut out = String::from(
            "# Every number the book and the README quote, by key: written by `searchlab figures`\n\
             # (node counts from its searches, the rest from book/measured/). Do not edit.\n",
        );
        for (key, value) in &self.values {
            out.push_str(&format!("{key}\t{value}\n"));
        }
        out
    }
}

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
    let mtdf = EngineSpec::new(find_engine(crate::search::mtdf::NAME)?);
    let on_ladder = compare(LADDER, std::slice::from_ref(&mtdf), depth, |_, _| {})?;
    add_ladder(
        numbers,
        &on_ladder.nodes_per_depth,
        &on_ladder.position_nodes,
    );
    let stages: Vec<EngineSpec<crate::games::Chess>> = ["ordered", "pvs", "mtdf"]
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
    let searched = |name: &str| -> Result<crate::SearchResult<crate::games::tictactoe::Cell>> {
        let spec: EngineSpec<TicTacToe> = EngineSpec::new(find_engine(name)?);
        let mut engine = spec.build();
        let mut game = TicTacToe::new();
        Ok(engine.search(&mut game, &whole))
    };
    numbers.count("ttt.minimax.nodes", searched("minimax")?.nodes());
    numbers.count("ttt.leaves", tictactoe_leaves(&TicTacToe::new()));
    numbers.count("ttt.alphabeta.nodes", searched("alphabeta")?.nodes());
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

/// The Elo ladder's results ([`ladder::LADDER_RESULTS`]): per rung its record, games and Elo
/// with the 95% interval, as the book's table shows them.
pub fn add_elo_ladder(numbers: &mut Numbers) -> Result<()> {
    for rung in ladder::parse_rungs(ladder::LADDER_RESULTS)? {
        let key = format!("elo.ladder.{}", rung.stage);
        numbers.add(format!("{key}.games"), rung.games());
        numbers.add(
            format!("{key}.record"),
            record_text(rung.wins, rung.draws, rung.losses),
        );
        if let Some(elo) = rung.estimate() {
            numbers.add(format!("{key}.elo"), elo_text(&elo));
        }
    }
    Ok(())
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
    let pieces = crate::search::selective::PIECE_NAMES;
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
        let spec: EngineSpec<crate::games::Chess> = spec.parse()?;
        Ok(
            crate::lab::bench::run_bench_with(&spec, LADDER, PIECES_DEPTH, |_, _, _| {})?
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

    let start = crate::games::Chess::from_fen(crate::positions::LADDER[0].fen)?;
    for name in ["quiescence", "selective"] {
        let spec: EngineSpec<crate::games::Chess> = name.parse()?;
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
    let depth = crate::lab::bench::DEFAULT_DEPTH;
    let report = crate::lab::bench::run_bench(LADDER, depth, |_, _, _| {})?;
    numbers.count("bench.nodes", report.total_nodes());
    let selective = crate::lab::bench::run_bench_with("selective", LADDER, depth, |_, _, _| {})?;
    numbers.count("bench.selective.nodes", selective.total_nodes());
    Ok(())
}

/// The committed match results other than the ladder's ([`crate::lab::results`]): for each
/// row `match.NAME.games`, `.record` (`+87 =51 −62`), `.wins`, `.draws`, `.losses`, `.score` (`53.9%`), `.elo` (`+44 (+2 to
/// +86)`) and `.llr` where recorded; and the ratings fitted to the Stockfish matches
/// (`rating.stockfish.SET`, `1953 (1910 to 1997)`): `handset` and `tuned` over their levels,
/// `b2cfc9a` over 2000 and 2200 (the levels the others share), `b2cfc9a.all` over all four,
/// `b2cfc9a.upper` over 2200 and 2400 (the levels stage 10 played), `neural` over stage 10's
/// with the first generation of its network, `neural2` with the second, `neural2b` with the
/// second again on other openings (the default, a later build), and `neural2.both` over the
/// two.
/// Returns the tables the chapters include, by file name.
pub fn add_matches(numbers: &mut Numbers) -> Result<Vec<(&'static str, String)>> {
    let results = results::parse_results(results::MATCH_RESULTS)?;
    for r in &results {
        let key = format!("match.{}", r.name);
        numbers.count(format!("{key}.games"), u64::from(r.games));
        if let Some((w, d, l)) = r.record {
            numbers.add(format!("{key}.record"), record_text(w, d, l));
            numbers.count(format!("{key}.wins"), u64::from(w));
            numbers.count(format!("{key}.draws"), u64::from(d));
            numbers.count(format!("{key}.losses"), u64::from(l));
        }
        if let Some(score) = match_score(r) {
            numbers.add(format!("{key}.score"), score);
        }
        if let Some(elo) = match_elo(r) {
            numbers.add(format!("{key}.elo"), elo);
        }
        if let Some(llr) = &r.llr {
            numbers.add(format!("{key}.llr"), llr.replace('-', "\u{2212}"));
        }
    }
    let find = |name: &str| -> Result<&results::MatchResult> {
        results
            .iter()
            .find(|r| r.name == name)
            .ok_or_else(|| Error::Setting(format!("book/measured/matches.tsv has no row {name}")))
    };
    // The Stockfish matches: the level is the last part of the name.
    let levels = |set: &str, only: &[u32]| -> Result<Vec<(u32, &results::MatchResult)>> {
        let prefix = format!("stockfish.{set}.");
        let mut rows = Vec::new();
        for r in &results {
            if let Some(level) = r.name.strip_prefix(&prefix) {
                let level: u32 = level
                    .parse()
                    .map_err(|_| Error::Setting(format!("{}: no level", r.name)))?;
                if only.is_empty() || only.contains(&level) {
                    rows.push((level, r));
                }
            }
        }
        Ok(rows)
    };
    for (key, sets, only) in [
        ("handset", &["handset"][..], &[][..]),
        ("tuned", &["tuned"], &[]),
        ("b2cfc9a", &["b2cfc9a"], &[2000, 2200]),
        ("b2cfc9a.all", &["b2cfc9a"], &[]),
        ("b2cfc9a.upper", &["b2cfc9a"], &[2200, 2400]),
        ("neural", &["neural"], &[]),
        ("neural2", &["neural2"], &[]),
        ("neural2b", &["neural2b"], &[]),
        ("neural2.both", &["neural2", "neural2b"], &[]),
    ] {
        let mut rows = Vec::new();
        for set in sets {
            rows.extend(levels(set, only)?);
        }
        let rated: Vec<RatedResult> = rows
            .into_iter()
            .filter_map(|(level, r)| {
                let (wins, draws, losses) = r.record?;
                Some(RatedResult {
                    opponent: f64::from(level),
                    wins,
                    draws,
                    losses,
                })
            })
            .collect();
        if let Some(fit) = rating_fit(&rated) {
            numbers.add(
                format!("rating.stockfish.{key}"),
                format!("{:.0} ({:.0} to {:.0})", fit.rating, fit.lower, fit.upper),
            );
        }
    }

    // The tables.
    let verdict = |r: &results::MatchResult| match r.estimate() {
        Some(e) if e.lower > 0.0 => "yes".to_string(),
        Some(e) if e.upper < 0.0 => "no: a loss".to_string(),
        Some(_) => "not yet (the interval includes 0)".to_string(),
        None => String::new(),
    };
    let switch_row = |r: &results::MatchResult, label: String| {
        vec![
            label,
            thousands(u64::from(r.games)),
            r.record
                .map_or(String::new(), |(w, d, l)| record_text(w, d, l)),
            match_elo(r).unwrap_or_default(),
            verdict(r),
        ]
    };
    let header = |what: &'static str| {
        [
            what,
            "games",
            "W/D/L",
            "Elo (95% interval)",
            "shown to gain",
        ]
    };
    let mut pieces = Vec::new();
    for r in results.iter().filter(|r| r.name.starts_with("piece.")) {
        pieces.push(switch_row(r, r.name["piece.".len()..].to_string()));
    }
    for (name, label) in [
        ("build.see_pruning", "see_pruning (see below)"),
        (
            "build.continuation_history",
            "continuation_history (see below)",
        ),
    ] {
        pieces.push(switch_row(find(name)?, label.to_string()));
    }
    let terms = results
        .iter()
        .filter(|r| r.name.starts_with("term."))
        .map(|r| switch_row(r, r.name["term.".len()..].to_string()))
        .collect();
    let level_cell = |r: &results::MatchResult| match r.record {
        Some((w, d, l)) => format!(
            "{}, {}, {}",
            record_text(w, d, l),
            match_score(r).unwrap_or_default(),
            match_elo(r).unwrap_or_default()
        ),
        None => String::new(),
    };
    let stockfish = |set: &str| -> Result<String> {
        let rows = levels(set, &[])?
            .into_iter()
            .map(|(level, r)| {
                vec![
                    level.to_string(),
                    r.record
                        .map_or(String::new(), |(w, d, l)| record_text(w, d, l)),
                    match_score(r).unwrap_or_default(),
                    match_elo(r).unwrap_or_default(),
                ]
            })
            .collect();
        Ok(table(
            &["UCI_Elo", "W/D/L", "score", "Elo difference (95% interval)"],
            rows,
        ))
    };
    let mut tuned_vs_handset = Vec::new();
    for (level, tuned) in levels("tuned", &[])? {
        let handset = find(&format!("stockfish.handset.{level}"))?;
        tuned_vs_handset.push(vec![
            level.to_string(),
            level_cell(tuned),
            level_cell(handset),
        ]);
    }
    let tuning_sets = [
        "tuning.presence_2000",
        "tuning.presence_20000",
        "tuning.lambda_half",
    ]
    .iter()
    .map(|name| -> Result<Vec<String>> {
        let r = find(name)?;
        Ok(vec![
            r.side.trim_start_matches("tuned, ").to_string(),
            thousands(u64::from(r.games)),
            match_elo(r).unwrap_or_default(),
            r.llr.clone().unwrap_or_else(|| "\u{2014}".to_string()),
        ])
    })
    .collect::<Result<Vec<_>>>()?;
    Ok(vec![
        ("pieces-matches.md", table(&header("piece"), pieces)),
        ("terms-matches.md", table(&header("term"), terms)),
        ("stockfish-handset.md", stockfish("handset")?),
        ("stockfish-b2cfc9a.md", stockfish("b2cfc9a")?),
        (
            "stockfish-tuned.md",
            table(
                &[
                    "UCI_Elo",
                    "tuned: W/D/L, score, Elo",
                    "hand-set: W/D/L, score, Elo",
                ],
                tuned_vs_handset,
            ),
        ),
        (
            "tuning-sets.md",
            table(
                &[
                    "set",
                    "games",
                    "Elo for the tuned set (95% interval)",
                    "LLR (bounds ±2.94)",
                ],
                tuning_sets,
            ),
        ),
    ])
}

/// A match's score as the book writes it (`53.9%`): from its W/D/L, or as it was printed.
fn match_score(r: &results::MatchResult) -> Option<String> {
    match r.estimate() {
        Some(e) => Some(percent(e.score)),
        None => r.printed_score.clone(),
    }
}

/// A match's Elo with its interval as the book writes it: from its W/D/L, or as printed.
fn match_elo(r: &results::MatchResult) -> Option<String> {
    match r.estimate() {
        Some(e) => Some(elo_text(&e)),
        None => r.printed_elo.clone(),
    }
}

/// The committed time-to-depth results (`book/measured/scaling.tsv`): `scaling.STAGE.tN.speedup`
/// (`1.30`) and `scaling.STAGE.tN.node_ratio` (`1.32`); and the machine's own two-core ceiling
/// (`book/measured/throughput.tsv`): `throughput.NAME`. Returns the chapter's table.
pub fn add_scaling(numbers: &mut Numbers) -> Result<String> {
    let results = crate::lab::scaling::parse_results(crate::lab::scaling::SCALING_RESULTS)?;
    let mut rows = Vec::new();
    for r in &results {
        let key = format!("scaling.{}.t{}", r.stage, r.threads);
        numbers.add(format!("{key}.speedup"), format!("{:.2}", r.speedup));
        numbers.add(format!("{key}.node_ratio"), format!("{:.2}", r.node_ratio));
        if r.threads > 1 {
            let stage = match r.stage.as_str() {
                "parallel" => "parallel (Lazy SMP)",
                other => other,
            };
            let threads = if r.threads > 2 {
                format!("{} (oversubscribed)", r.threads)
            } else {
                r.threads.to_string()
            };
            rows.push(vec![
                stage.to_string(),
                threads,
                format!("{:.2}\u{00d7}", r.speedup),
                format!("{:.2}\u{00d7}", r.node_ratio),
            ]);
        }
    }
    add_values(numbers, "throughput", THROUGHPUT_RESULTS)?;
    Ok(crate::teach::draw::table::markdown_table(
        &["stage", "threads", "speed-up", "nodes vs 1 thread"],
        &[false, true, true, true],
        &rows,
    ))
}

/// The values of a committed `name<TAB>value` file (a header line first, `#` comments), under
/// `prefix.name`.
fn add_values(numbers: &mut Numbers, prefix: &str, text: &str) -> Result<()> {
    for (_, line) in crate::lab::measured::rows(text) {
        let (name, value) = line.split_once('\t').ok_or_else(|| {
            Error::Setting(format!("book/measured ({prefix}): bad line {line:?}"))
        })?;
        numbers.add(format!("{prefix}.{name}"), value.trim());
    }
    Ok(())
}

/// The test suites at one second a position (`book/measured/suites.tsv`): `suite.NAME`
/// (`16/24`).
pub fn add_suites(numbers: &mut Numbers) -> Result<()> {
    add_values(numbers, "suite", SUITE_RESULTS)
}

/// The suites' results, committed (see [`add_suites`]).
pub const SUITE_RESULTS: &str = include_str!("../../book/measured/suites.tsv");

/// The machine's two-core ceiling, committed (see [`add_scaling`]).
pub const THROUGHPUT_RESULTS: &str = include_str!("../../book/measured/throughput.tsv");

/// The Elo ladder's table: each rung, the rung below, games, W/D/L and the Elo with its
/// interval, from [`ladder::LADDER_RESULTS`].
pub fn elo_ladder_table() -> Result<String> {
    let rows = ladder::parse_rungs(ladder::LADDER_RESULTS)?
        .into_iter()
        .map(|rung| {
            vec![
                rung.stage.clone(),
                rung.against.clone(),
                rung.games().to_string(),
                record_text(rung.wins, rung.draws, rung.losses),
                rung.estimate().map_or(String::new(), |e| elo_text(&e)),
            ]
        })
        .collect();
    Ok(table(
        &["rung", "against", "games", "W/D/L", "Elo (95% interval)"],
        rows,
    ))
}

/// `+187 =14 −21`: wins, draws and losses as the book writes them.
pub fn record_text(wins: u32, draws: u32, losses: u32) -> String {
    format!("+{wins} ={draws} \u{2212}{losses}")
}

/// `+34 (+8 to +59)`: an Elo difference and its 95% interval, rounded to whole points; `+∞`
/// or `−∞` where the games set no finite value (a perfect score, an open end).
pub fn elo_text(elo: &crate::lab::elo::EloEstimate) -> String {
    let signed = |x: f64| {
        if x.is_infinite() {
            return if x > 0.0 { "+∞" } else { "\u{2212}∞" }.to_string();
        }
        let r = x.round() as i64;
        if r > 0 {
            format!("+{r}")
        } else if r < 0 {
            format!("\u{2212}{}", -r)
        } else {
            "0".to_string()
        }
    };
    format!(
        "{} ({} to {})",
        signed(elo.elo),
        signed(elo.lower),
        signed(elo.upper)
    )
}

/// One committed speed measurement: a stage's `bench` (or `compare`) on a set of positions.
#[derive(Clone, Debug, PartialEq)]
pub struct Speed {
    /// What was measured, the key's middle part (`pvs.speed8`).
    pub name: String,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall time in milliseconds.
    pub millis: f64,
}

/// Parses [`SPEED_RESULTS`]: `#` comment lines (the command, machine and date), a header
/// line, then `name<TAB>nodes<TAB>ms` rows.
pub fn speeds(text: &str) -> Result<Vec<Speed>> {
    let bad = |line: &str| {
        Error::Setting(format!(
            "a speed measurement (book/measured/): bad line {line:?}"
        ))
    };
    crate::lab::measured::rows(text)
        .map(|(_, line)| {
            let fields: Vec<&str> = line.split('\t').collect();
            let [name, nodes, millis] = fields[..] else {
                return Err(bad(line));
            };
            Ok(Speed {
                name: name.to_string(),
                nodes: nodes.parse().map_err(|_| bad(line))?,
                millis: millis.parse().map_err(|_| bad(line))?,
            })
        })
        .collect()
}

/// The learned evaluation's numbers: from the record beside the compiled-in network
/// (`neural.record.*`: positions, held out, hidden units, bytes, epochs, the first and last
/// validation loss) and its scores against the hand-written evaluation's on the shipped sample
/// (`neural.sample.*`).
pub fn add_neural(numbers: &mut Numbers) -> Result<()> {
    use crate::teach::neural;
    numbers.add("neural.scale", crate::eval::network::SCALE);
    let summary = neural::read_summary(neural::DEFAULT_RECORD)?;
    numbers.count("neural.record.training", summary.training);
    numbers.count("neural.record.held_out", summary.held_out);
    numbers.count(
        "neural.record.positions",
        summary.training + summary.held_out,
    );
    numbers.count("neural.record.hidden", summary.hidden);
    numbers.count("neural.record.bytes", summary.bytes);
    if let Some((seconds, threads)) = summary.time {
        numbers.add("neural.record.seconds", format!("{seconds:.0}"));
        numbers.count("neural.record.threads", threads);
    }
    numbers.add(
        "neural.record.kilobytes",
        format!("{:.0}", summary.bytes as f64 / 1024.0),
    );
    let first = neural::read_summary(neural::FIRST_GENERATION_RECORD)?;
    numbers.count("neural.gen1.positions", first.training + first.held_out);
    if let Some(last) = crate::lab::train::read_losses(neural::FIRST_GENERATION_RECORD)?.last() {
        numbers.count("neural.gen1.epochs", last.epoch as u64);
    }
    let losses = neural::default_losses()?;
    let mut six_places: Vec<(String, f64)> = Vec::new();
    if let (Some(first), Some(last)) = (losses.first(), losses.last()) {
        numbers.count("neural.record.epochs", last.epoch as u64);
        six_places.extend([
            (
                "neural.record.first_validation".into(),
                first.validation_loss,
            ),
            ("neural.record.last_validation".into(), last.validation_loss),
            ("neural.record.first_training".into(), first.training_loss),
            ("neural.record.last_training".into(), last.training_loss),
        ]);
    }
    for size in neural::read_hidden_sizes(neural::HIDDEN_SIZES)? {
        let key = format!("neural.hidden.h{}", size.hidden);
        six_places.push((format!("{key}.validation"), size.validation_loss));
        numbers.add(
            format!("{key}.seconds"),
            format!("{:.0}", size.train_seconds),
        );
        numbers.count(format!("{key}.per_node"), size.per_node().round() as u64);
    }
    for (key, loss) in six_places {
        numbers.add(key, format!("{loss:.6}"));
    }
    let network = crate::eval::neural::default_network();
    let scale = neural::compare_with_handwritten(&network, neural::SAMPLE)?;
    numbers.count("neural.sample.positions", scale.positions as u64);
    for (key, centipawns) in [
        ("neural.sample.network_size", scale.network_mean_size),
        (
            "neural.sample.handwritten_size",
            scale.handwritten_mean_size,
        ),
        ("neural.sample.difference", scale.mean_difference),
    ] {
        numbers.add(key, format!("{centipawns:.0}"));
    }
    numbers.add(
        "neural.sample.same_side",
        format!("{:.0}%", 100.0 * scale.same_side),
    );
    Ok(())
}

/// The speed measurements: `speed.NAME.nodes`, `.ms` (whole milliseconds), `.mnps` (millions
/// of nodes a second, two decimals).
pub fn add_speeds(numbers: &mut Numbers) -> Result<()> {
    add_speed_rows(numbers, "speed", SPEED_RESULTS)
}

/// The side-by-side measurements, as [`add_speeds`] adds its own: `side.NAME.nodes`, `.ms`,
/// `.mnps`, `.millions`.
pub fn add_side_by_side(numbers: &mut Numbers) -> Result<()> {
    add_speed_rows(numbers, "side", SIDE_BY_SIDE_RESULTS)
}

fn add_speed_rows(numbers: &mut Numbers, prefix: &str, text: &str) -> Result<()> {
    for speed in speeds(text)? {
        let key = format!("{prefix}.{}", speed.name);
        numbers.count(format!("{key}.nodes"), speed.nodes);
        numbers.add(format!("{key}.ms"), thousands(speed.millis.round() as u64));
        let mnps = speed.nodes as f64 / speed.millis / 1000.0;
        numbers.add(format!("{key}.mnps"), format!("{mnps:.2}"));
        numbers.add(
            format!("{key}.millions"),
            format!("{:.2}", speed.nodes as f64 / 1e6),
        );
    }
    Ok(())
}

/// The instruction counts ([`INSTRUCTION_COUNTS`]: `#` comment lines, a header line, then
/// `name<TAB>nodes<TAB>instructions<TAB>per_node` rows): `instructions.NAME.nodes`,
/// `.billions` (the whole run's instructions, in billions, two decimals), `.per_node` (with a
/// thousands separator) and `.floor` (how many times the `chess` crate's own cost a node,
/// the row `crate.every_node`, one decimal).
pub fn add_instructions(numbers: &mut Numbers) -> Result<()> {
    add_instructions_from(numbers, INSTRUCTION_COUNTS)
}

fn add_instructions_from(numbers: &mut Numbers, text: &str) -> Result<()> {
    let bad =
        |line: &str| Error::Setting(format!("book/measured/instructions.tsv: bad line {line:?}"));
    let mut rows = Vec::new();
    for (_, line) in crate::lab::measured::rows(text) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [name, nodes, instructions, _] = fields[..] else {
            return Err(bad(line));
        };
        let nodes: u64 = nodes.parse().map_err(|_| bad(line))?;
        let instructions: u64 = instructions.parse().map_err(|_| bad(line))?;
        if nodes == 0 {
            return Err(bad(line));
        }
        rows.push((
            name,
            nodes,
            instructions as f64 / nodes as f64,
            instructions,
        ));
    }
    let floor = rows
        .iter()
        .find(|row| row.0 == "crate.every_node")
        .map(|row| row.2);
    let per_node_of = |wanted: &str| rows.iter().find(|row| row.0 == wanted).map(|row| row.2);
    if let (Some(neural), Some(selective)) = (
        per_node_of("neural.speed12"),
        per_node_of("selective.speed12"),
    ) {
        numbers.add(
            "neural.cost_over_selective",
            format!("{:.0}%", 100.0 * (neural / selective - 1.0)),
        );
    }
    for (name, nodes, per_node, instructions) in rows {
        let key = format!("instructions.{name}");
        numbers.count(format!("{key}.nodes"), nodes);
        numbers.add(
            format!("{key}.billions"),
            format!("{:.2}", instructions as f64 / 1e9),
        );
        numbers.add(
            format!("{key}.per_node"),
            thousands(per_node.round() as u64),
        );
        if let Some(floor) = floor {
            numbers.add(format!("{key}.floor"), format!("{:.1}", per_node / floor));
        }
    }
    Ok(())
}

/// The main job's totals for `stages` (rows `main.STAGE` of [`SPEED_RESULTS`]): nodes, time
/// and nodes a second, as measured.
pub fn clock_table(stages: &[&str]) -> Result<String> {
    let speeds = speeds(SPEED_RESULTS)?;
    let rows = stages
        .iter()
        .filter_map(|stage| {
            let s = speeds.iter().find(|s| s.name == format!("main.{stage}"))?;
            Some(vec![
                stage.to_string(),
                thousands(s.nodes),
                format!("{} ms", thousands(s.millis.round() as u64)),
                format!("{:.2} M", s.nodes as f64 / s.millis / 1000.0),
            ])
        })
        .collect();
    Ok(table(&["stage", "nodes", "time", "nodes/s"], rows))
}

/// A markdown table of node totals: one column per stage, one row per depth.
pub fn totals_table(totals: &[Series], stages: &[&str], depths: &[Depth]) -> String {
    let rows = depths
        .iter()
        .map(|&d| {
            let counts = stages.iter().map(|stage| {
                value_at(totals, stage, d).map_or(String::new(), |v| thousands(v as u64))
            });
            std::iter::once(d.to_string()).chain(counts).collect()
        })
        .collect();
    table(&with_first("depth", stages), rows)
}

/// A markdown table of two stages' totals per depth and the second as a share of the first.
pub fn pair_table(totals: &[Series], first: &str, second: &str, depths: &[Depth]) -> String {
    let rows = depths
        .iter()
        .filter_map(|&d| {
            let (a, b) = (value_at(totals, first, d)?, value_at(totals, second, d)?);
            Some(vec![
                d.to_string(),
                thousands(a as u64),
                thousands(b as u64),
                percent(b / a),
            ])
        })
        .collect();
    let share = format!("{second} / {first}");
    table(&["depth", first, second, &share], rows)
}

/// Minimax's totals per depth and how many times the ply before each one is.
pub fn growth_table(totals: &[Series], stage: &str, deepest: Depth) -> String {
    let rows = (1..=deepest)
        .filter_map(|d| {
            let n = value_at(totals, stage, d)?;
            let growth = match value_at(totals, stage, d - 1) {
                Some(before) if d > 1 => format!("× {:.1}", n / before),
                _ => String::new(),
            };
            Some(vec![d.to_string(), thousands(n as u64), growth])
        })
        .collect();
    let nodes = format!("{stage} nodes");
    table(&["depth", &nodes, "growth from the ply before"], rows)
}

/// The effective branching factor, `nodes(d) / nodes(d − 1)`, per step and stage.
pub fn branching_table(totals: &[Series], stages: &[&str], deepest: Depth) -> String {
    let rows = (2..=deepest)
        .map(|d| {
            let factors = stages.iter().map(|stage| {
                match (value_at(totals, stage, d - 1), value_at(totals, stage, d)) {
                    (Some(a), Some(b)) if a > 0.0 => format!("{:.1}", b / a),
                    _ => String::new(),
                }
            });
            std::iter::once(format!("{} → {d}", d - 1))
                .chain(factors)
                .collect()
        })
        .collect();
    table(&with_first("step", stages), rows)
}

/// Each stage's average nodes per position as a multiple of Knuth and Moore's minimal tree
/// for `branching` moves a position.
pub fn minimal_tree_table(
    totals: &[Series],
    stages: &[&str],
    positions: usize,
    branching: f64,
    deepest: Depth,
) -> String {
    let rows = (1..=deepest)
        .map(|d| {
            let minimal = crate::stats::minimal_tree_leaves(branching, d);
            let ratios = stages.iter().map(|stage| {
                value_at(totals, stage, d).map_or(String::new(), |n| {
                    let ratio = n / positions as f64 / minimal;
                    if ratio >= 100.0 {
                        format!("{ratio:.0}")
                    } else if ratio >= 2.0 {
                        format!("{ratio:.1}")
                    } else {
                        format!("{ratio:.2}")
                    }
                })
            });
            [d.to_string(), thousands(minimal.round() as u64)]
                .into_iter()
                .chain(ratios)
                .collect()
        })
        .collect();
    let mut header = vec!["depth", "minimal tree"];
    header.extend_from_slice(stages);
    table(&header, rows)
}

/// Each position's nodes at `depth`, one column per stage, with the totals in bold.
pub fn positions_table(positions: &[PositionNodes], stages: &[&str], depth: Depth) -> String {
    let count = |stage: &str, name: &str| {
        positions
            .iter()
            .find(|p| p.stage == stage && p.position == name && p.depth == depth)
            .map_or(0, |p| p.nodes)
    };
    let mut totals = vec![0u64; stages.len()];
    let mut rows: Vec<Vec<String>> = LADDER
        .iter()
        .map(|position| {
            let counts = stages.iter().zip(&mut totals).map(|(stage, total)| {
                let n = count(stage, position.name);
                *total += n;
                thousands(n)
            });
            std::iter::once(position.name.to_string())
                .chain(counts)
                .collect()
        })
        .collect();
    rows.push(
        std::iter::once("**total**".to_string())
            .chain(totals.iter().map(|&t| format!("**{}**", thousands(t))))
            .collect(),
    );
    table(&with_first("position", stages), rows)
}

/// A markdown table with every column left-aligned, as the book's tables are.
fn table(header: &[&str], rows: Vec<Vec<String>>) -> String {
    crate::teach::draw::table::markdown_table(header, &[], &rows)
}

/// `first`, then `rest`: a table's header.
fn with_first<'a>(first: &'a str, rest: &[&'a str]) -> Vec<&'a str> {
    std::iter::once(first).chain(rest.iter().copied()).collect()
}

/// `0.058` → `5.8%`, `1.307` → `130.7%`.
fn percent(share: f64) -> String {
    format!("{:.1}%", share * 100.0)
}

fn value_at(totals: &[Series], stage: &str, depth: Depth) -> Option<f64> {
    totals
        .iter()
        .find(|s| s.name == stage)?
        .points
        .iter()
        .find(|p| p.0 == depth)
        .map(|p| p.1)
}

/// The generated node tables the chapters include, by file name.
pub fn tables(
    totals: &[Series],
    positions: &[PositionNodes],
    branching: f64,
) -> Vec<(&'static str, String)> {
    let early = ["minimax", "alphabeta", "iterative", "cached"];
    let late = ["ordered", "pvs", "quiescence", "selective", "oracle"];
    let n = LADDER.len();
    vec![
        (
            "nodes-per-depth.md",
            format!(
                "{}\nand the later stages, with the oracle:\n\n{}",
                totals_table(totals, &early, &[1, 2, 3, 4]),
                totals_table(totals, &late, &[1, 2, 3, 4])
            ),
        ),
        (
            "branching-factor.md",
            format!(
                "{}\nand the later stages, with the oracle:\n\n{}",
                branching_table(totals, &early, 4),
                branching_table(totals, &late, 4)
            ),
        ),
        (
            "minimal-tree.md",
            format!(
                "{}\nand the stages with move ordering, with the oracle:\n\n{}",
                minimal_tree_table(totals, &early, n, branching, 4),
                minimal_tree_table(totals, &["ordered", "pvs", "oracle"], n, branching, 4)
            ),
        ),
        (
            "nodes-by-position.md",
            positions_table(
                positions,
                &[
                    "minimax",
                    "alphabeta",
                    "iterative",
                    "cached",
                    "ordered",
                    "pvs",
                ],
                4,
            ),
        ),
        ("minimax-growth.md", growth_table(totals, "minimax", 4)),
        (
            "alphabeta-vs-minimax.md",
            pair_table(totals, "minimax", "alphabeta", &[1, 2, 3, 4]),
        ),
        (
            "ordered-vs-cached.md",
            pair_table(totals, "cached", "ordered", &[4, 5]),
        ),
        (
            "pvs-vs-ordered.md",
            pair_table(totals, "ordered", "pvs", &[2, 3, 4, 5]),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_sorted_with_separators() {
        let mut numbers = Numbers::default();
        numbers.count("b.nodes", 33_838_390);
        numbers.add("a.elo", "+34 (+8 to +59)");
        assert_eq!(numbers.get("b.nodes"), Some("33,838,390"));
        let tsv = numbers.to_tsv();
        let lines: Vec<&str> = tsv.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(lines, ["a.elo\t+34 (+8 to +59)", "b.nodes\t33,838,390"]);
    }

    #[test]
    fn tables_put_each_stage_in_its_column() {
        let totals = vec![
            Series::from_counts("minimax", &[(1, 751), (2, 24_311)]),
            Series::from_counts("alphabeta", &[(1, 751), (2, 9_669)]),
        ];
        assert_eq!(
            pair_table(&totals, "minimax", "alphabeta", &[1, 2]),
            "| depth | minimax | alphabeta | alphabeta / minimax |\n|---|---|---|---|\n\
             | 1 | 751 | 751 | 100.0% |\n| 2 | 24,311 | 9,669 | 39.8% |\n"
        );
        assert_eq!(
            branching_table(&totals, &["minimax", "alphabeta"], 2),
            "| step | minimax | alphabeta |\n|---|---|---|\n| 1 → 2 | 32.4 | 12.9 |\n"
        );
    }

    #[test]
    fn elo_is_written_as_the_book_writes_it() {
        assert_eq!(record_text(187, 14, 21), "+187 =14 \u{2212}21");
        let text = elo_text(&crate::lab::elo::elo_estimate(187, 14, 21).unwrap());
        assert!(text.starts_with("+3"), "{text}");
        // A perfect score has no finite estimate and no upper end.
        let text = elo_text(&crate::lab::elo::elo_estimate(2, 0, 0).unwrap());
        assert_eq!(text, "+∞ (\u{2212}291 to +∞)");
    }

    #[test]
    fn the_whole_tictactoe_tree_has_its_known_counts() {
        let mut numbers = Numbers::default();
        add_tictactoe(&mut numbers).unwrap();
        assert_eq!(numbers.get("ttt.minimax.nodes"), Some("549,946"));
        assert_eq!(numbers.get("ttt.leaves"), Some("255,168"));
        assert_eq!(numbers.get("ttt.alphabeta.nodes"), Some("20,866"));
        assert_eq!(numbers.get("ttt.iterative.nodes"), Some("47,522"));
        assert_eq!(numbers.get("ttt.cached.nodes"), Some("8,341"));
    }

    #[test]
    fn instruction_counts_are_read_from_their_file() {
        let mut numbers = Numbers::default();
        let text = "# command\nname\tnodes\tinstructions\tper_node\n\
                    crate.every_node\t1000\t250000\t250\nselective.speed12\t2000\t6000000\t3000\n";
        add_instructions_from(&mut numbers, text).unwrap();
        assert_eq!(
            numbers.get("instructions.selective.speed12.per_node"),
            Some("3,000")
        );
        assert_eq!(
            numbers.get("instructions.selective.speed12.floor"),
            Some("12.0")
        );
        assert_eq!(
            numbers.get("instructions.crate.every_node.billions"),
            Some("0.00")
        );
        let broken = "name\tnodes\tinstructions\tper_node\nx\t0\t5\t0\n";
        assert!(add_instructions_from(&mut Numbers::default(), broken).is_err());
    }

    #[test]
    fn speeds_are_read_from_their_file() {
        let parsed = speeds("# command\nname\tnodes\tms\npvs.speed8\t6090000\t2092.8\n").unwrap();
        assert_eq!(parsed[0].name, "pvs.speed8");
        assert_eq!(parsed[0].nodes, 6_090_000);
        assert!(speeds("name\tnodes\tms\nbroken line\n").is_err());
    }
}
