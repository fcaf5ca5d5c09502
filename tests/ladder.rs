//! The ladder, proven: each pure-speedup stage returns the previous stage's score at the same
//! depth, and searches fewer nodes doing it.
//!
//! `cargo test --test ladder -- --nocapture` prints the per-stage node table.
//!
//! The rules held, on 24 positions (openings, Bratko-Kopec middlegames, tactical perft
//! positions, endgames, mates) at depths 1 to 4:
//! - **alphabeta = minimax**: the same score and the very same move (moves are searched in the
//!   same order, and a later move that only ties cannot beat alpha).
//! - **iterative = alphabeta**: the same score at each depth (every iteration is a full-window
//!   alpha-beta search). The move may differ where two moves tie, because the previous
//!   principal variation is searched first; then the test proves, by searching both moves
//!   with alpha-beta, that they have the same value.
//! - **cached = iterative**: the same score at depths 1 to 4, same-value moves likewise. A
//!   transposition table can change a score only by answering a node with an entry searched
//!   deeper, or by reusing a score across paths whose history (repetitions, the 50-move clock)
//!   differs. From a fresh table at depth ≤ 4 neither happens: a position recurs at two
//!   remaining depths at least two plies apart (each side taking two moves where the other path
//!   takes one), so the later occurrence is at ply 4, a leaf, never looked up; a repetition
//!   needs four plies, and within depth 4 every path to a transposed position shares the
//!   position repeated (the root). Deeper, or with a table kept between searches, scores may
//!   differ (see `cached.rs`).
//! - **ordered = cached, pvs = ordered, mtdf = pvs**: the same score, same-value moves
//!   likewise, for the same reason: the move order, null windows, aspiration windows and MTD(f)'s
//!   passes change which nodes are searched, never what alpha-beta's value is, and the table
//!   cannot bend a score at these depths.
//! - **the oracle** (alpha-beta with a perfect move order) returns alpha-beta's exact score and
//!   searches at most alpha-beta's nodes, at every position and depth, with every cut-off made
//!   by the first move.
//! - **nodes drop**: per position, alphabeta searches fewer nodes than minimax at every depth
//!   from 2 (at depth 1 there is nothing to cut); at depth 4, in total, each stage searches
//!   fewer nodes than the one before, and alphabeta under a quarter of minimax. Per position,
//!   iterative deepening loses to plain alpha-beta on the positions listed in
//!   [`ITERATIVE_LOSES_TO_ALPHABETA`]: its shallow iterations cost nodes, and putting only the
//!   previous PV first does not always repay them. The cached stage never loses to iterative.
//!
//! At depth 5 ([`depth_five`]) nothing guarantees equal scores any more; the rule held there is
//! stated with the test.

use searchlab::positions::LADDER;
use searchlab::{engine_for, Chess, Game, Score, SearchLimits, SearchResult};
use std::collections::BTreeMap;

/// The rungs, in ladder order, then the two engines beside the ladder.
const STAGES: [&str; 8] = [
    "minimax",
    "alphabeta",
    "iterative",
    "cached",
    "ordered",
    "pvs",
    "mtdf",
    "oracle",
];
/// How many of [`STAGES`] are rungs (the node totals must fall from each to the next).
const RUNGS: usize = 6;
const MAX_DEPTH: u32 = 4;

/// Positions where, at depth 4, the iterative stage needs more nodes than alphabeta.
/// Eleven of 24. The shallow iterations cost nodes (about a fifth of the last one), and
/// searching only the previous PV first improves the order at a handful of nodes per ply,
/// so where alpha-beta's natural move order is already good the extra iterations are not won
/// back. In total over the set iterative still wins (about 16% fewer nodes).
const ITERATIVE_LOSES_TO_ALPHABETA: &[&str] = &[
    "lopsided", "BK.01", "BK.02", "BK.04", "BK.10", "BK.13", "BK.15", "BK.22", "cpw-pos3",
    "rook-end", "pawn-end",
];

type ChessMove = <Chess as Game>::Move;

/// One stage's result on one position at one depth.
#[derive(Clone, Debug)]
struct Run {
    score: Score,
    best_move: Option<ChessMove>,
    nodes: u64,
    beta_cutoffs: u64,
    first_move_cutoffs: u64,
}

/// results[position][depth - 1][stage]
fn run_ladder() -> Vec<Vec<Vec<Run>>> {
    let search_position = |fen: &str| -> Vec<Vec<Run>> {
        (1..=MAX_DEPTH)
            .map(|depth| {
                STAGES
                    .iter()
                    .map(|stage| {
                        let mut game = Chess::from_fen(fen).expect("ladder FENs are valid");
                        let mut engine = engine_for::<Chess>(stage).expect("known stage");
                        let r: SearchResult<ChessMove> =
                            engine.search(&mut game, &SearchLimits::depth(depth));
                        assert_eq!(game.fen(), fen, "{stage} left the game changed");
                        Run {
                            score: r.score,
                            best_move: r.best_move,
                            nodes: r.nodes(),
                            beta_cutoffs: r.stats.beta_cutoffs,
                            first_move_cutoffs: r.stats.first_move_cutoffs,
                        }
                    })
                    .collect()
            })
            .collect()
    };
    // Two threads (CI has two cores): even and odd positions.
    let mut halves: Vec<(usize, Vec<Vec<Run>>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..2)
            .map(|half| {
                scope.spawn(move || {
                    LADDER
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| i % 2 == half)
                        .map(|(i, p)| (i, search_position(p.fen)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("ladder thread panicked"))
            .collect()
    });
    halves.sort_by_key(|(i, _)| *i);
    halves.into_iter().map(|(_, runs)| runs).collect()
}

/// The value of playing `mv` at the root, by an alpha-beta search of `depth - 1` plies after
/// it: the proof that two different root moves are worth the same.
fn value_of_move(fen: &str, mv: ChessMove, depth: u32) -> Score {
    searchlab::search::value_of_move(&Chess::from_fen(fen).expect("valid"), mv, depth)
}

#[test]
fn each_stage_returns_the_previous_stages_score_with_fewer_nodes() {
    let results = run_ladder();
    assert!(LADDER.len() >= 20);
    let mut tie_proofs = 0;
    for (p, position) in LADDER.iter().enumerate() {
        for depth in 1..=MAX_DEPTH {
            let runs = &results[p][depth as usize - 1];
            let [minimax, alphabeta, iterative, cached, ordered, pvs, mtdf, oracle] = [
                &runs[0], &runs[1], &runs[2], &runs[3], &runs[4], &runs[5], &runs[6], &runs[7],
            ];
            let at = format!("{} at depth {depth}", position.name);
            assert_eq!(
                alphabeta.best_move, minimax.best_move,
                "alphabeta vs minimax move, {at}"
            );
            for (later, earlier, names) in [
                (alphabeta, minimax, "alphabeta vs minimax"),
                (iterative, alphabeta, "iterative vs alphabeta"),
                (cached, iterative, "cached vs iterative"),
                (ordered, cached, "ordered vs cached"),
                (pvs, ordered, "pvs vs ordered"),
                (mtdf, pvs, "mtdf vs pvs"),
                (oracle, alphabeta, "oracle vs alphabeta"),
            ] {
                assert_eq!(later.score, earlier.score, "{names} score, {at}");
                let (a, b) = (
                    later.best_move.expect("a move"),
                    earlier.best_move.expect("a move"),
                );
                if a != b {
                    let (va, vb) = (
                        value_of_move(position.fen, a, depth),
                        value_of_move(position.fen, b, depth),
                    );
                    assert_eq!(va, vb, "{names}: {a} and {b} differ in value, {at}");
                    assert_eq!(
                        va, later.score,
                        "{names}: the moves' value is the root score, {at}"
                    );
                    tie_proofs += 1;
                }
            }
            assert!(
                oracle.nodes <= alphabeta.nodes,
                "the oracle ({}) above alphabeta ({}), {at}",
                oracle.nodes,
                alphabeta.nodes
            );
            assert_eq!(
                oracle.first_move_cutoffs, oracle.beta_cutoffs,
                "every oracle cut-off is made by the first move, {at}"
            );
            if depth >= 2 {
                assert!(
                    alphabeta.nodes < minimax.nodes,
                    "alphabeta ({}) not below minimax ({}), {at}",
                    alphabeta.nodes,
                    minimax.nodes
                );
            } else {
                assert_eq!(
                    alphabeta.nodes, minimax.nodes,
                    "nothing to cut at depth 1, {at}"
                );
            }
        }
    }

    // Totals at depth 4, and the per-position table.
    let mut totals = [0u64; STAGES.len()];
    let mut iterative_losses = Vec::new();
    let header: Vec<String> = STAGES.iter().map(|s| format!("{s:>10}")).collect();
    println!(
        "\nnodes at depth {MAX_DEPTH}\n{:<10} {}",
        "position",
        header.join(" ")
    );
    for (p, position) in LADDER.iter().enumerate() {
        let runs = &results[p][MAX_DEPTH as usize - 1];
        let nodes: Vec<u64> = runs.iter().map(|r| r.nodes).collect();
        let cells: Vec<String> = nodes.iter().map(|n| format!("{n:>10}")).collect();
        println!("{:<10} {}", position.name, cells.join(" "));
        for (total, n) in totals.iter_mut().zip(&nodes) {
            *total += n;
        }
        if nodes[2] > nodes[1] {
            iterative_losses.push(position.name);
        }
        assert!(
            nodes[3] <= nodes[2],
            "cached loses to iterative on {}",
            position.name
        );
    }
    let cells: Vec<String> = totals.iter().map(|n| format!("{n:>10}")).collect();
    println!("{:<10} {}", "total", cells.join(" "));
    let mut per_depth: BTreeMap<u32, Vec<u64>> = BTreeMap::new();
    for runs_by_depth in &results {
        for (d, runs) in runs_by_depth.iter().enumerate() {
            let entry = per_depth
                .entry(d as u32 + 1)
                .or_insert_with(|| vec![0; STAGES.len()]);
            for (s, run) in runs.iter().enumerate() {
                entry[s] += run.nodes;
            }
        }
    }
    println!(
        "\ntotal nodes per depth ({}): {per_depth:?}",
        STAGES.join(", ")
    );
    println!("moves that differed but were proven equal in value: {tie_proofs}");
    println!("iterative searched more nodes than alphabeta on: {iterative_losses:?}");

    for rung in 1..RUNGS {
        assert!(
            totals[rung] < totals[rung - 1],
            "{} not below {}: {totals:?}",
            STAGES[rung],
            STAGES[rung - 1]
        );
    }
    assert!(
        totals[1] * 4 < totals[0],
        "alphabeta must be under a quarter of minimax: {totals:?}"
    );
    assert_eq!(iterative_losses, ITERATIVE_LOSES_TO_ALPHABETA);
}

/// Depth 5, where a table *can* change a score: a position stored at ply 2 with three plies to
/// go can answer the same position met at ply 4 with one to go (each side took two moves where
/// the other path took one). It happens: on `rn1qk2r/pbp1ppbp/1p4p1/8/3P4/2P2NP1/P3PPBP/R1BQK2R
/// w KQkq -` (an opening of `openings-8moves.epd`) alphabeta and cached say +94 at depth 5,
/// ordered and pvs +93 ([`a_deeper_entry_changes_a_depth_five_score`]); a one-off experiment
/// that let the table answer only from entries of exactly the node's depth gave +94 again. The rule held here is
/// what was measured on the 24 positions: cached, ordered, pvs and mtdf agree on every score
/// exactly (the test fails if that ever changes, so that the book's claim stays true). The node totals fall from rung to
/// rung by at least the measured ratios, with a margin: ordered at most 0.6 of cached
/// (measured 0.16), pvs below ordered (measured 0.75), and the first move makes at least 90%
/// of the cut-offs in ordered and pvs (measured 94% and 95%).
#[test]
fn depth_five() {
    const DEEP: [&str; 4] = ["cached", "ordered", "pvs", "mtdf"];
    let mut totals = [0u64; DEEP.len()];
    let mut cutoffs = [(0u64, 0u64); DEEP.len()];
    for position in LADDER {
        let runs: Vec<SearchResult<ChessMove>> = DEEP
            .iter()
            .map(|stage| {
                let mut game = Chess::from_fen(position.fen).expect("valid");
                engine_for::<Chess>(stage)
                    .expect("known stage")
                    .search(&mut game, &SearchLimits::depth(5))
            })
            .collect();
        for (i, run) in runs.iter().enumerate() {
            assert_eq!(
                run.score, runs[0].score,
                "{} vs cached at depth 5 on {}",
                DEEP[i], position.name
            );
            totals[i] += run.nodes();
            cutoffs[i].0 += run.stats.first_move_cutoffs;
            cutoffs[i].1 += run.stats.beta_cutoffs;
        }
    }
    println!("depth 5 totals ({}): {totals:?}", DEEP.join(", "));
    let [cached, ordered, pvs, _] = totals;
    assert!(
        ordered * 10 <= cached * 6,
        "ordered {ordered} vs cached {cached}"
    );
    assert!(pvs < ordered, "pvs {pvs} vs ordered {ordered}");
    for (i, &(first, all)) in cutoffs.iter().enumerate().skip(1).take(2) {
        assert!(
            first * 10 >= all * 9,
            "{}: first-move cut-offs {first} of {all}",
            DEEP[i]
        );
    }
}

/// The position where a deeper entry answers a shallower node at depth 5 (see [`depth_five`]):
/// the table's stages that meet the transposition in the order that stores the deeper entry
/// first see a better-informed score than plain alpha-beta. A fact of these searches, pinned so
/// that the book's example stays true.
#[test]
fn a_deeper_entry_changes_a_depth_five_score() {
    let fen = "rn1qk2r/pbp1ppbp/1p4p1/8/3P4/2P2NP1/P3PPBP/R1BQK2R w KQkq - 0 1";
    let score = |stage: &str| {
        let mut game = Chess::from_fen(fen).expect("valid");
        engine_for::<Chess>(stage)
            .expect("known stage")
            .search(&mut game, &SearchLimits::depth(5))
            .score
    };
    assert_eq!(score("alphabeta"), Score::cp(94));
    assert_eq!(score("cached"), Score::cp(94));
    assert_eq!(score("ordered"), Score::cp(93));
    assert_eq!(score("pvs"), Score::cp(93));
    // At depth 4 every stage agrees, as everywhere.
    let at_four = |stage: &str| {
        let mut game = Chess::from_fen(fen).expect("valid");
        engine_for::<Chess>(stage)
            .expect("known stage")
            .search(&mut game, &SearchLimits::depth(4))
            .score
    };
    let four = at_four("alphabeta");
    for stage in ["cached", "ordered", "pvs", "mtdf"] {
        assert_eq!(at_four(stage), four, "{stage}");
    }
}

/// The oracle at depth 5 too: alpha-beta's exact score, never more nodes than alpha-beta, every
/// cut-off by the first move, on each of the 24 positions (depths 1 to 4 are checked with the
/// rest of the ladder).
#[test]
fn the_oracle_is_the_floor_at_depth_five() {
    let mut totals = (0u64, 0u64);
    for position in LADDER {
        let search = |stage: &str| {
            let mut game = Chess::from_fen(position.fen).expect("valid");
            engine_for::<Chess>(stage)
                .expect("known stage")
                .search(&mut game, &SearchLimits::depth(5))
        };
        let (alphabeta, oracle) = (search("alphabeta"), search("oracle"));
        assert_eq!(oracle.score, alphabeta.score, "{}", position.name);
        assert!(
            oracle.nodes() <= alphabeta.nodes(),
            "{}: oracle {} vs alphabeta {}",
            position.name,
            oracle.nodes(),
            alphabeta.nodes()
        );
        assert_eq!(
            oracle.stats.first_move_cutoffs, oracle.stats.beta_cutoffs,
            "{}",
            position.name
        );
        totals.0 += alphabeta.nodes();
        totals.1 += oracle.nodes();
    }
    println!(
        "depth 5 totals: alphabeta {}, oracle {}",
        totals.0, totals.1
    );
}
