//! Stage 9, the parallel searches: what must hold whatever the threads do.
//!
//! - With one thread, Lazy SMP is stage 8 and root splitting searches stage 8's tree: the same
//!   nodes, move and score (so the `bench` signature does not change).
//! - With several, nothing is reproducible, but every search plays a legal move with a line
//!   of legal moves and a sane score, under every kind of limit, from a table the threads have
//!   been sharing for many searches (the stress test; run it under ThreadSanitizer as the
//!   README says).
//! - `stop` stops every thread, and a mate is still found.
//! - A thread count is checked: `threads=0`, or more than one thread for a one-thread stage,
//!   is an error that says why.

use searchlab::positions::LADDER;
use searchlab::score::Score;
use searchlab::{engine_for, Chess, Error, Game, SearchLimits};
use std::time::Duration;

fn game(fen: &str) -> Chess {
    Chess::from_fen(fen).expect("a valid test FEN")
}

#[test]
fn one_thread_is_stage_8_node_for_node() {
    for position in LADDER.iter().step_by(4) {
        let limits = SearchLimits::depth(8);
        let mut expected = engine_for::<Chess>("selective").unwrap();
        let expected = expected.search(&mut game(position.fen), &limits);
        for stage in ["parallel", "parallel threads=1", "rootsplit"] {
            let mut engine = engine_for::<Chess>(stage).unwrap();
            assert_eq!(engine.threads(), 1);
            let result = engine.search(&mut game(position.fen), &limits);
            assert_eq!(
                (result.nodes(), result.best_move, result.score, &result.pv),
                (
                    expected.nodes(),
                    expected.best_move,
                    expected.score,
                    &expected.pv
                ),
                "{stage} on {}",
                position.name
            );
        }
    }
}

/// Checks a result: a legal move, a line of legal moves from it, a score within bounds.
fn check(result: &searchlab::SearchResult<chess::ChessMove>, position: &Chess, what: &str) {
    let mv = result
        .best_move
        .unwrap_or_else(|| panic!("{what}: no move"));
    assert!(
        position.legal_moves().contains(&mv),
        "{what}: {mv} is not legal"
    );
    assert_eq!(
        result.pv.first(),
        Some(&mv),
        "{what}: the line starts with the move"
    );
    let mut line = position.clone();
    for step in &result.pv {
        assert!(
            line.legal_moves().contains(step),
            "{what}: line {:?}",
            result.pv
        );
        line.play(*step);
    }
    assert!(
        result.score.0.abs() <= Score::MATE.0,
        "{what}: score {}",
        result.score
    );
}

#[test]
fn many_short_parallel_searches_play_legal_moves_with_sane_scores() {
    // Small tables (1 MB) kept across searches, so that the threads overwrite each other's
    // entries all the time; every kind of limit, several thread counts.
    let limits = [
        SearchLimits::depth(1),
        SearchLimits::depth(5),
        SearchLimits::nodes(3_000),
        SearchLimits::movetime(Duration::from_millis(15)),
    ];
    for stage in ["parallel", "rootsplit"] {
        for threads in [2, 3, 4] {
            let mut engine = engine_for::<Chess>(&format!("{stage} threads={threads}")).unwrap();
            engine.set_hash_size(1);
            assert_eq!(engine.threads(), threads);
            for (i, position) in LADDER.iter().enumerate() {
                let limits = &limits[i % limits.len()];
                let mut searched = game(position.fen);
                let result = engine.search(&mut searched, limits);
                assert_eq!(searched.hash(), game(position.fen).hash(), "left as found");
                check(
                    &result,
                    &searched,
                    &format!("{stage} x{threads} on {}", position.name),
                );
                if limits.depth.is_some() {
                    assert_eq!(Some(result.depth), limits.depth, "{}", position.name);
                }
            }
        }
    }
}

#[test]
fn stop_stops_every_thread() {
    for stage in ["parallel threads=3", "rootsplit threads=3"] {
        let mut engine = engine_for::<Chess>(stage).unwrap();
        let limits = SearchLimits {
            infinite: true,
            ..SearchLimits::default()
        };
        let stop = limits.stop.clone();
        // The search runs on a thread of its own, so that one which ignored `stop` fails this
        // test (no answer within a minute) instead of hanging it. Not a speed target.
        let (answer, answered) = std::sync::mpsc::channel();
        let searching = std::thread::spawn(move || {
            let result = engine.search(&mut game(LADDER[0].fen), &limits);
            let again = engine.search(&mut game(LADDER[1].fen), &SearchLimits::depth(4));
            let _ = answer.send((result, again));
        });
        std::thread::sleep(Duration::from_millis(200));
        stop.stop();
        let (result, again) = answered
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|_| panic!("{stage} did not stop"));
        searching.join().expect("the search thread ends");
        // The stopped search kept a completed depth (well past 1 after 200 ms), and the engine
        // searches again afterwards (no helper left running).
        assert!(result.depth >= 4, "{stage}: depth {}", result.depth);
        check(&result, &game(LADDER[0].fen), stage);
        assert_eq!(again.depth, 4);
    }
}

#[test]
fn the_helpers_nodes_are_counted() {
    // With two threads the result counts both threads' nodes: more than the main thread's
    // last iteration reported alone (the helper searches from the start to the end).
    let mut engine = engine_for::<Chess>("parallel threads=2").unwrap();
    let result = engine.search(&mut game(LADDER[2].fen), &SearchLimits::depth(9));
    let main_only = result.iterations.last().expect("iterations").nodes;
    assert!(
        result.nodes() > main_only,
        "{} vs {main_only}",
        result.nodes()
    );
}

#[test]
fn new_game_and_a_new_hash_size_reach_every_thread() {
    let mut engine = engine_for::<Chess>("parallel threads=2").unwrap();
    engine.set_hash_size(1); // 65,536 slots: a search of 8 plies fills a good part
    engine.search(&mut game(LADDER[3].fen), &SearchLimits::depth(8));
    assert!(engine.hashfull() > 10, "{}", engine.hashfull());
    engine.new_game();
    assert_eq!(engine.hashfull(), 0);
    engine.set_hash_size(2);
    engine.search(&mut game(LADDER[3].fen), &SearchLimits::depth(8));
    assert!(engine.hashfull() > 0, "{}", engine.hashfull());
    // Switches reach helpers made before and after.
    assert!(engine.switch("null_move", false));
    assert!(engine.set_threads(3));
    let result = engine.search(&mut game(LADDER[3].fen), &SearchLimits::depth(6));
    assert_eq!(
        result.stats.null_move_cutoffs, 0,
        "no thread tried a null move"
    );
}

#[test]
fn a_thread_count_is_checked() {
    for (spec, says) in [
        ("parallel threads=0", "'0' is not a number from 1 to 256"),
        ("parallel threads=many", "'many' is not a number"),
        ("rootsplit threads=257", "from 1 to 256"),
        (
            "pvs threads=2",
            "the pvs stage cannot search with that many threads",
        ),
    ] {
        match engine_for::<Chess>(spec) {
            Err(error @ Error::BadThreads { .. }) => {
                assert!(error.to_string().contains(says), "{spec}: {error}")
            }
            Err(other) => panic!("{spec}: {other}"),
            Ok(_) => panic!("{spec} was accepted"),
        }
    }
    // One thread is every stage's.
    assert!(engine_for::<Chess>("pvs threads=1").is_ok());
}
