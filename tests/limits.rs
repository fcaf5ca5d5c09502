//! Every stage under limits: nodes, time, and a stop from another thread. An iterative stage
//! answers with the best move of the last *completed* iteration; a fixed-depth stage cut short
//! answers with the best root move it finished, reports depth 0, and never a null move.

use searchlab::positions::KIWIPETE;
use searchlab::{engine_for, Chess, Game, SearchLimits, StopFlag};
use std::time::Duration;

#[test]
fn a_node_limit_keeps_the_last_completed_iteration_and_is_reproducible() {
    for stage in ["iterative", "cached"] {
        let search = || {
            let mut game = Chess::from_fen(KIWIPETE).unwrap();
            engine_for::<Chess>(stage)
                .unwrap()
                .search(&mut game, &SearchLimits::nodes(50_000))
        };
        let (a, b) = (search(), search());
        assert_eq!(
            (a.nodes(), a.best_move, a.score),
            (b.nodes(), b.best_move, b.score),
            "{stage}"
        );
        let last = a
            .iterations
            .last()
            .expect("at least one iteration completes");
        assert_eq!(a.depth, last.depth);
        assert_eq!(a.score, last.score);
        assert_eq!(
            a.best_move.map(|m| m.to_string()).as_ref(),
            last.pv.first(),
            "{stage}"
        );
        // The search stopped inside the next iteration, at the node limit.
        assert_eq!(a.nodes(), 50_000, "{stage}");
        assert!(a.iterations.iter().all(|it| it.nodes < 50_000));
        // Iterations are consecutive depths from 1.
        let depths: Vec<u32> = a.iterations.iter().map(|it| it.depth).collect();
        assert_eq!(depths, (1..=a.depth).collect::<Vec<_>>());
    }
}

#[test]
fn a_time_limit_returns_a_legal_move() {
    let mut game = Chess::from_fen(KIWIPETE).unwrap();
    let mut engine = engine_for::<Chess>("cached").unwrap();
    let result = engine.search(
        &mut game,
        &SearchLimits::movetime(Duration::from_millis(30)),
    );
    let mv = result.best_move.expect("a move");
    assert!(game.legal_moves().contains(&mv));
    assert!(result.depth >= 1);
    // A sanity bound against a search that ignores its clock (not a speed target).
    assert!(
        result.time < Duration::from_secs(2),
        "took {:?}",
        result.time
    );
}

#[test]
fn a_stop_from_another_thread_ends_an_infinite_search() {
    let stop = StopFlag::new();
    let limits = SearchLimits {
        infinite: true,
        stop: stop.clone(),
        ..SearchLimits::default()
    };
    let handle = std::thread::spawn(move || {
        let mut game = Chess::from_fen(KIWIPETE).unwrap();
        let result = engine_for::<Chess>("iterative")
            .unwrap()
            .search(&mut game, &limits);
        (result, game)
    });
    std::thread::sleep(Duration::from_millis(100));
    stop.stop();
    let (result, game) = handle.join().expect("the search thread ends");
    let mv = result.best_move.expect("a move");
    assert!(game.legal_moves().contains(&mv));
    assert!(result.depth >= 1 && result.depth < 64);
}

#[test]
fn mate_stops_the_deepening_and_the_shorter_mate_is_preferred() {
    // White mates in 1 (Ra8#) but also has slower mates; with room for depth 10 the search stops
    // after the first iteration, which proved the mate.
    let mut game = Chess::from_fen("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1").unwrap();
    for stage in ["iterative", "cached"] {
        let result = engine_for::<Chess>(stage)
            .unwrap()
            .search(&mut game, &SearchLimits::depth(10));
        assert_eq!(result.depth, 1, "{stage}");
        assert_eq!(result.score.to_string(), "mate 1");
        assert_eq!(result.best_move.unwrap().to_string(), "a1a8");
    }
    // Queen and rook against a bare king: a mate in 2 exists beside longer ones; the search
    // reports the shortest.
    let mut game = Chess::from_fen("7k/8/8/8/8/8/8/1RQ3K1 w - - 0 1").unwrap();
    let result = engine_for::<Chess>("cached")
        .unwrap()
        .search(&mut game, &SearchLimits::depth(10));
    assert_eq!(result.score.to_string(), "mate 2");
    assert_eq!(result.depth, 3);
}

#[test]
fn a_mate_remembered_from_an_earlier_search_does_not_cut_the_deepening_short() {
    // The cached stage keeps its table between searches. The second search meets the mate in
    // its table at depth 2 already, but a 3-ply mate is only proven by a depth-3 iteration.
    let mut game = Chess::from_fen("4r1k1/pQ3pp1/7p/4q3/4r3/P7/1P2nPPP/2BR1R1K b - - 0 1").unwrap();
    let mut engine = engine_for::<Chess>("cached").unwrap();
    let first = engine.search(&mut game, &SearchLimits::depth(6));
    let second = engine.search(&mut game, &SearchLimits::depth(6));
    assert_eq!(first.score.to_string(), "mate 2");
    assert_eq!(
        (second.score, second.best_move),
        (first.score, first.best_move)
    );
    assert_eq!(second.depth, 3);
    assert!(
        second.nodes() < first.nodes(),
        "the table saves work the second time"
    );
}

#[test]
fn fixed_depth_stages_obey_a_node_limit_reproducibly() {
    for stage in ["minimax", "alphabeta"] {
        let search = |nodes| {
            let mut game = Chess::from_fen(KIWIPETE).unwrap();
            let result = engine_for::<Chess>(stage)
                .unwrap()
                .search(&mut game, &SearchLimits::nodes(nodes));
            (result, game)
        };
        // Kiwipete has 48 moves; depth 3 (minimax) or 4 (alphabeta) is far beyond 20,000
        // nodes, so the search is cut inside the root's move list.
        let (a, game) = search(20_000);
        let (b, _) = search(20_000);
        assert_eq!(a.nodes(), 20_000, "{stage}");
        assert_eq!((a.best_move, a.score), (b.best_move, b.score), "{stage}");
        assert_eq!(a.depth, 0, "{stage}: no depth was completed");
        assert!(a.iterations.is_empty(), "{stage}");
        let mv = a.best_move.expect("a move");
        assert!(game.legal_moves().contains(&mv), "{stage}");
        // Its score is that move's exact value at the stage's depth: the root finished it.
        let depth = if stage == "minimax" { 3 } else { 4 };
        let mut after = game.clone();
        after.play(mv);
        let reply = engine_for::<Chess>(stage)
            .unwrap()
            .search(&mut after, &SearchLimits::depth(depth - 1));
        assert_eq!(a.score, -reply.score, "{stage}");
        // Two nodes: the root and one child. Not even the first root move is finished: the
        // first legal move is played, with depth 0.
        let (c, game) = search(2);
        assert_eq!(c.best_move, game.legal_moves().first().copied(), "{stage}");
        assert_eq!(c.depth, 0);
    }
}

#[test]
fn a_stop_from_another_thread_ends_a_fixed_depth_search_of_years() {
    for stage in ["minimax", "alphabeta"] {
        let stop = StopFlag::new();
        let limits = SearchLimits {
            depth: Some(30),
            stop: stop.clone(),
            ..SearchLimits::default()
        };
        let handle = std::thread::spawn(move || {
            let mut game = Chess::from_fen(KIWIPETE).unwrap();
            let result = engine_for::<Chess>(stage)
                .unwrap()
                .search(&mut game, &limits);
            (result, game)
        });
        std::thread::sleep(Duration::from_millis(50));
        stop.stop();
        let (result, game) = handle.join().expect("the search thread ends");
        let mv = result.best_move.expect("a move");
        assert!(game.legal_moves().contains(&mv), "{stage}");
        assert_eq!(result.depth, 0, "{stage}");
        assert!(result.nodes() > 1000, "{stage}: it was searching");
    }
}

#[test]
fn fixed_depth_stages_under_a_time_limit_search_their_default_depth() {
    // A generous time: the default depth completes, exactly as without the time limit.
    for stage in ["minimax", "alphabeta"] {
        let mut game = Chess::start();
        let mut engine = engine_for::<Chess>(stage).unwrap();
        let timed = engine.search(&mut game, &SearchLimits::movetime(Duration::from_secs(60)));
        let plain = engine.search(&mut game, &SearchLimits::default());
        assert!(timed.depth >= 3, "{stage}");
        assert_eq!(
            (timed.depth, timed.nodes(), timed.best_move),
            (plain.depth, plain.nodes(), plain.best_move),
            "{stage}"
        );
    }
}
