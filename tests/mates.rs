//! Known mates from `tests/data/mates.epd`: every `dm 2` position (mate in 2 moves, 3 plies)
//! is solved by the iterative and cached stages, with a first move from the `bm` list (which
//! holds *every* move that mates in 2), and the score says "mate 2". The `dm 3` positions are
//! solved by the cached stage, and both by ordered, pvs and quiescence. The selective stage
//! prunes, so it may need more depth: it finds every mate in 2 at depth 5, with either set of
//! weights, and the mate in 3 that hangs on a zugzwang (MATE3.012) at depth 10, thanks to its
//! verified null move. The parallel searches (stage 9 and root splitting) find every mate in 2
//! at depth 7, on several threads. Stage 10, with the learned evaluation, finds all twenty
//! within 2,000,000 nodes each, about a second of its search.
//!
//! The depth a pruning search needs depends on all its bets at once. MATE2.109 starts with a
//! quiet knight move (Ng4), which the selective stage reduces while a check (Rg1+) leads to a
//! repetition it scores 0. Without SEE pruning, the tuned weights find Ng4 only at depth 7; the
//! test `the_quiet_mate_hangs_on_the_other_bets` keeps that fact.

use searchlab::epd::parse_epd;
use searchlab::{engine_for, Chess, SearchLimits};

fn check_mates(stage: &str, mate_in: u32, depth: u32) -> usize {
    check_mates_within(stage, mate_in, &SearchLimits::depth(depth))
}

fn check_mates_within(stage: &str, mate_in: u32, limits: &SearchLimits) -> usize {
    let records = parse_epd(include_str!("data/mates.epd")).expect("mates.epd parses");
    let mut solved = 0;
    for record in records.iter().filter(|r| r.direct_mate == Some(mate_in)) {
        let mut game = Chess::from_fen(&record.fen).expect("valid FEN");
        let solutions: Vec<_> = record
            .best_moves
            .iter()
            .map(|san| game.parse_san(san).expect("bm moves are legal"))
            .collect();
        let mut engine = engine_for::<Chess>(stage).expect("known stage");
        let result = engine.search(&mut game, limits);
        let played = result.best_move.expect("a move");
        assert!(
            solutions.contains(&played),
            "{stage} played {} in {}, expected one of {:?}",
            game.san(played),
            record.name(),
            record.best_moves
        );
        assert_eq!(
            result.score.mate_moves(),
            Some(mate_in as i32),
            "{stage} on {}",
            record.name()
        );
        // Stopping early: the mate is proven at depth 2 * mate_in - 1, so no deeper iteration
        // runs. (Not so for the selective stage: a check extension may prove it sooner, a
        // reduction later; it is held to finding the mate, within the depth limit.)
        if !["selective", "parallel", "rootsplit", "neural"]
            .contains(&stage.split(' ').next().unwrap())
        {
            assert_eq!(
                result.depth,
                2 * mate_in - 1,
                "{stage} on {}",
                record.name()
            );
        }
        solved += 1;
    }
    solved
}

#[test]
fn iterative_solves_every_mate_in_two() {
    assert_eq!(check_mates("iterative", 2, 6), 10);
}

#[test]
fn cached_solves_every_mate_in_two() {
    assert_eq!(check_mates("cached", 2, 6), 10);
}

#[test]
fn cached_solves_every_mate_in_three() {
    assert_eq!(check_mates("cached", 3, 7), 10);
}

#[test]
fn the_later_stages_solve_every_mate_in_two_and_three() {
    for stage in ["ordered", "pvs", "quiescence"] {
        assert_eq!(check_mates(stage, 2, 6), 10, "{stage}");
        assert_eq!(check_mates(stage, 3, 7), 10, "{stage}");
    }
}

#[test]
fn selective_solves_every_mate_in_two_at_depth_five() {
    assert_eq!(check_mates("selective", 2, 5), 10);
    assert_eq!(
        check_mates("selective -tuned", 2, 5),
        10,
        "hand-set weights"
    );
}

#[test]
fn the_quiet_mate_hangs_on_the_other_bets() {
    // Which depth a pruning search needs depends on its bets together, and on the evaluation
    // they are made on. Without SEE pruning, the hand-set weights still solve every mate in 2
    // at depth 5; the tuned ones miss MATE2.109 there (and at depth 6).
    assert_eq!(check_mates("selective -tuned -see_pruning", 2, 5), 10);
    let fen = "8/8/8/5P2/R2p1N2/4n1r1/PP6/5k1K b - - 0 1"; // MATE2.109, bm Ng4
    for depth in [5, 6] {
        let mut game = Chess::from_fen(fen).expect("valid FEN");
        let mut engine = engine_for::<Chess>("selective -see_pruning").expect("known stage");
        let result = engine.search(&mut game, &SearchLimits::depth(depth));
        assert!(!result.score.is_mate(), "depth {depth}: {}", result.score);
    }
}

#[test]
fn stage_10_solves_every_mate_of_the_suite_in_a_seconds_nodes() {
    // The suite at a second a position, made reproducible: a node budget of about what stage
    // 10 searches in a second (`book/measured/speed.tsv`). MATE3.012, the zugzwang, is the last
    // to fall: depth 10, as for stage 8.
    let limits = SearchLimits::nodes(NODES_PER_MATE);
    assert_eq!(check_mates_within("neural", 2, &limits), 10);
    assert_eq!(check_mates_within("neural", 3, &limits), 10);
}

const NODES_PER_MATE: u64 = 2_000_000;

#[test]
fn the_parallel_searches_solve_every_mate_in_two_on_several_threads() {
    for stage in ["parallel threads=2", "rootsplit threads=3"] {
        assert_eq!(check_mates(stage, 2, 7), 10, "{stage}");
    }
}

#[test]
fn selective_sees_the_zugzwang_behind_a_quiet_mate_in_three() {
    // 1. Qa7! f4 2. Bf3 and Black, every piece pinned or blocked but the queen, must let Qxg1
    // mate. A null move says Black could pass; only its verification sees that Black cannot.
    let mut game = Chess::from_fen("8/1B6/8/5p2/8/8/5Qrq/1K1R2bk w - - 0 1").unwrap();
    let mut engine = engine_for::<Chess>("selective").unwrap();
    let result = engine.search(&mut game, &SearchLimits::depth(10));
    assert_eq!(
        result.best_move.map(|m| m.to_string()).as_deref(),
        Some("f2a7")
    );
    assert_eq!(result.score.to_string(), "mate 3");
}

#[test]
fn being_mated_is_scored_by_its_distance() {
    // Black's only move is Kb8, then Rh8 mates: mate -1 (mated in 2 plies).
    let mut game = Chess::from_fen("k7/8/1K6/8/8/8/8/7R b - - 0 1").unwrap();
    for stage in ["minimax", "alphabeta", "iterative", "cached"] {
        let mut engine = engine_for::<Chess>(stage).unwrap();
        let result = engine.search(&mut game, &SearchLimits::depth(3));
        assert_eq!(
            result.best_move.map(|m| m.to_string()).as_deref(),
            Some("a8b8"),
            "{stage}"
        );
        assert_eq!(result.score, searchlab::Score::mated_in(2), "{stage}");
        assert_eq!(result.score.to_string(), "mate -1");
    }
    // Already mated: no move, and the score of being mated now.
    let mut mated = Chess::from_fen("R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1").unwrap();
    let result = engine_for::<Chess>("cached")
        .unwrap()
        .search(&mut mated, &SearchLimits::depth(3));
    assert_eq!(result.best_move, None);
    assert_eq!(result.score, searchlab::Score::mated_in(0));
}
