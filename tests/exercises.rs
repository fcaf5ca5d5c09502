//! The exercises: the committed skeletons are what the rungs' sources give, the rungs
//! themselves pass their own exercise, an untouched skeleton is "not done yet", and the
//! mistakes learners really make are rejected with a message that says where.

use searchlab::limits::NodeCounter;
use searchlab::positions::LADDER;
use searchlab::search::{AlphaBeta, Engine};
use searchlab::teach::exercise::cell::NodeEngine;
use searchlab::teach::exercise::grade::{self, grade, grade_on, Verdict};
use searchlab::teach::exercise::{self, find, mistakes, skeleton, EXERCISES};
use searchlab::{Chess, Depth, Game, Ply, Score};

#[test]
fn the_committed_skeletons_are_what_the_sources_give() {
    for e in EXERCISES {
        let path = format!("{}/exercises/{}.rs", env!("CARGO_MANIFEST_DIR"), e.name);
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == skeleton(e).unwrap(),
            "{path} is not what {} gives: run `scripts/regenerate`",
            e.source_path
        );
    }
}

#[test]
fn each_rung_passes_its_own_exercise() {
    for e in EXERCISES.iter().filter(|e| !e.game) {
        // A knowledge rung's exercise names the rung itself as its yardstick.
        let rung = if e.knowledge { e.below } else { e.name };
        let verdict = grade(e, &|| {
            searchlab::engine_for::<Chess>(rung).expect("each exercise is a rung")
        });
        assert!(verdict.passed(), "{}", verdict.message());
        let depths = format!("24 positions at depths 1 to {}", e.max_depth);
        assert!(verdict.message().contains(&depths), "{}", verdict.message());
    }
    // The alpha-beta rung as the learner's code is built: the type itself.
    let verdict = grade(find("alphabeta").unwrap(), &|| Box::new(AlphaBeta::new()));
    assert!(verdict.passed(), "{}", verdict.message());
}

/// Every committed skeleton, every solution and every typical mistake, compiled together as
/// one program and graded as a learner's copy is: each skeleton "not done yet", each solution
/// solved, each mistake (`teach::exercise::mistakes::MISTAKES`) rejected with the
/// message it must give.
///
/// Ignored by a plain `cargo test`: the program depends on searchlab as a crate apart, which
/// cargo builds once more for it (about a minute and a half from cold, on two cores), and that
/// would take `cargo test` past five minutes. `.ci/run` runs it:
/// `cargo test --test exercises -- --ignored`.
#[test]
#[ignore = "builds searchlab once more for a program of its own; .ci/run runs it"]
fn every_skeleton_solution_and_typical_mistake_is_graded_as_it_should_be() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let graded = mistakes::check_all(root).expect("the grading program builds and runs");
    let wrong: Vec<String> = graded
        .iter()
        .filter(|g| !g.as_it_should_be())
        .map(|g| {
            format!(
                "{}: {} ({:?}): {}",
                g.exercise, g.what, g.expected, g.message
            )
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert_eq!(graded.len(), 2 * EXERCISES.len() + mistakes::MISTAKES.len());
    let rejected = graded
        .iter()
        .filter(|g| matches!(g.expected, mistakes::Expected::Rejected(_)))
        .count();
    assert_eq!(rejected, 44);
}

/// Each exercise ends its chapter of the book: a section that names its command, and
/// questions with their answers folded away.
#[test]
fn each_exercise_ends_its_chapter_with_questions() {
    for e in EXERCISES {
        let chapter = match e.name {
            "null_move" | "late_move_reductions" => "selective",
            "singular_extension" => "modern",
            "connect" => "introduction",
            name => name,
        };
        let path = format!("{}/book/src/{chapter}.md", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        let command = format!("exercise check {}", e.name);
        assert!(text.contains(&command), "{path} does not show `{command}`");
        let questions = text.matches("<details><summary>").count();
        assert!(questions >= 2, "{path}: {questions} questions");
        assert_eq!(
            text.matches("<details>").count(),
            text.matches("</details>").count(),
            "{path}: a question is not closed"
        );
    }
}

/// The crate's own move picker passes the picker's facts (the ordered exercise grades a
/// learner's picker by them before the search).
#[test]
fn the_crate_picker_passes_the_pickers_facts() {
    let ordered = find("ordered").unwrap();
    assert!(ordered.picker);
    let verdict = grade::picker_problem(ordered, &grade::crate_picker);
    assert!(verdict.is_none(), "{verdict:?}");
}

/// The mistakes learners make in alpha-beta's node, each one switch of [`mistaken_node`] (the
/// rung's node, with the mistake put in).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Mistake {
    /// The rung as it is.
    None,
    /// The child's window not swapped: (-alpha, -beta).
    WindowNotSwapped,
    /// The child's score not negated.
    ScoreNotNegated,
    /// alpha never raised: no cut-off ever happens.
    AlphaNeverRaised,
    /// The child's window one point too narrow at the top: (-beta + 1, -alpha).
    WindowOffByOne,
    /// The cut-off made only once alpha passes beta (`alpha > beta`): the scores stay right.
    CutoffLate,
    /// The part still todo!().
    Unfinished,
    /// A panic of the learner's own.
    Panics,
}

/// The rung's node with `mistake` made in it, counting on `counter`.
fn mistaken_node(
    mistake: Mistake,
    game: &mut Chess,
    depth: Depth,
    ply: Ply,
    mut alpha: Score,
    beta: Score,
    counter: &mut NodeCounter,
) -> Score {
    if !counter.count_node() {
        return Score::DRAW;
    }
    if let Some(outcome) = game.outcome() {
        return outcome.score(ply);
    }
    if depth == 0 {
        return game.evaluate();
    }
    match mistake {
        Mistake::Unfinished => todo!("exercise alphabeta: write the part 'node'"),
        Mistake::Panics if depth == 2 => {
            let first = game.legal_moves().into_iter().find(|_| false);
            first.expect("a move I was sure of");
        }
        _ => {}
    }
    let mut best = -Score::INFINITE;
    for (tried, mv) in game.legal_moves().into_iter().enumerate() {
        game.play(mv);
        let score = match mistake {
            Mistake::WindowNotSwapped => {
                -mistaken_node(mistake, game, depth - 1, ply + 1, -alpha, -beta, counter)
            }
            Mistake::ScoreNotNegated => {
                mistaken_node(mistake, game, depth - 1, ply + 1, -beta, -alpha, counter)
            }
            Mistake::WindowOffByOne => {
                let top = Score(-beta.0 + 1);
                -mistaken_node(mistake, game, depth - 1, ply + 1, top, -alpha, counter)
            }
            _ => -mistaken_node(mistake, game, depth - 1, ply + 1, -beta, -alpha, counter),
        };
        game.undo();
        best = best.max(score);
        if mistake != Mistake::AlphaNeverRaised {
            alpha = alpha.max(score);
        }
        let cut = match mistake {
            Mistake::CutoffLate => alpha > beta,
            _ => alpha >= beta,
        };
        if cut {
            counter.stats.count_cutoff(tried);
            break;
        }
    }
    best
}

/// The alpha-beta rung's root (the notebook cell's engine) with the mistaken node below it.
fn mistaken(mistake: Mistake) -> Box<dyn Engine<Chess>> {
    Box::new(NodeEngine::with(
        move |game, depth, ply, alpha, beta, counter| {
            mistaken_node(mistake, game, depth, ply, alpha, beta, counter)
        },
    ))
}

fn graded(mistake: Mistake) -> Verdict {
    let e = exercise::find("alphabeta").unwrap();
    grade(e, &move || mistaken(mistake))
}

#[test]
fn the_rung_written_out_here_passes_too() {
    // The test engine without a mistake is the rung: the mistakes below are its only changes.
    assert!(graded(Mistake::None).passed());
}

#[test]
fn an_unfinished_part_is_not_done_yet() {
    let verdict = graded(Mistake::Unfinished);
    assert!(matches!(verdict, Verdict::NotDone(_)), "{verdict:?}");
    assert!(
        verdict
            .message()
            .contains("not done yet: the part 'node' is still todo!()"),
        "{}",
        verdict.message()
    );
}

#[test]
fn wrong_windows_and_signs_are_caught_where_they_first_show() {
    for mistake in [
        Mistake::WindowNotSwapped,
        Mistake::ScoreNotNegated,
        Mistake::WindowOffByOne,
    ] {
        let verdict = graded(mistake);
        let message = verdict.message();
        assert!(
            matches!(verdict, Verdict::Wrong(_)),
            "{mistake:?}: {message}"
        );
        // It names the position, its FEN, the depth, and both results with their nodes.
        assert!(message.contains(" at depth "), "{mistake:?}: {message}");
        assert!(message.contains("FEN "), "{mistake:?}: {message}");
        assert!(
            message.contains("minimax:") && message.contains("yours:"),
            "{message}"
        );
        assert!(message.contains("nodes"), "{message}");
    }
    // Not swapping the window shows at once: the start position at depth 3.
    let message = graded(Mistake::WindowNotSwapped).message().to_string();
    assert!(message.contains("on start at depth 3"), "{message}");
}

#[test]
fn a_cut_off_made_late_or_never_is_not_yet_the_idea() {
    // Both keep every score and move right; each searches more nodes than the rung somewhere,
    // and the first such position is named.
    for mistake in [Mistake::AlphaNeverRaised, Mistake::CutoffLate] {
        let verdict = graded(mistake);
        let message = verdict.message();
        assert!(
            matches!(verdict, Verdict::Wrong(_)),
            "{mistake:?}: {message}"
        );
        assert!(
            message.contains("the same score and move, but ")
                && message.contains("nodes where the rung searched")
                && message.contains("is every cut-off made as soon as it can be?"),
            "{mistake:?}: {message}"
        );
        assert!(message.contains(" at depth "), "{mistake:?}: {message}");
    }
}

#[test]
fn a_panic_of_the_learners_own_is_reported_with_its_place() {
    let e = exercise::find("alphabeta").unwrap();
    let verdict = grade_on(e, &LADDER[..1], &|| mistaken(Mistake::Panics));
    let message = verdict.message();
    assert!(
        message.contains("your engine panicked on start at depth 3"),
        "{message}"
    );
    assert!(message.contains("a move I was sure of"), "{message}");
    assert!(message.contains("tests/exercises.rs:"), "{message}");
}

#[test]
fn a_node_written_in_a_notebook_cell_is_graded_the_same_way() {
    use searchlab::teach::exercise::cell::grade_alphabeta_node;
    // The cell's node is a plain function: the rung's node above, as written, and unfinished.
    let solved =
        grade_alphabeta_node(|g, d, p, a, b, c| mistaken_node(Mistake::None, g, d, p, a, b, c));
    assert!(solved.passed(), "{}", solved.message());
    let unfinished = grade_alphabeta_node(|g, d, p, a, b, c| {
        mistaken_node(Mistake::Unfinished, g, d, p, a, b, c)
    });
    assert!(
        unfinished
            .message()
            .contains("not done yet: the loop is still todo!()"),
        "{}",
        unfinished.message()
    );
}

#[test]
fn the_second_game_is_graded_by_its_rules_and_the_stages_agreeing() {
    use searchlab::games::ConnectThree;
    use searchlab::teach::exercise::grade::grade_game;
    let e = find("connect").unwrap();
    let verdict = grade_game(e, &ConnectThree::new);
    assert!(verdict.passed(), "{}", verdict.message());
    assert!(verdict.message().contains("the first player wins"));
}

/// The notebook's move-ordering cell: an order score written right passes the picker's facts,
/// the most valuable attacker first is named where it first shows, and an unwritten one is
/// "not done yet".
#[test]
fn an_order_written_in_a_notebook_cell_is_graded_by_the_pickers_facts() {
    use chess::ChessMove;
    use searchlab::teach::exercise::cell::grade_order_score;
    fn written(
        game: &Chess,
        mv: ChessMove,
        hash: Option<ChessMove>,
        killers: [Option<ChessMove>; 2],
        history: i32,
    ) -> i32 {
        if Some(mv) == hash {
            return i32::MAX;
        }
        if let Some(c) = game.capture(mv) {
            return (1 << 29) + c.victim * 100 - c.attacker;
        }
        match killers.iter().position(|&k| k == Some(mv)) {
            Some(k) => (1 << 28) - k as i32,
            None => history,
        }
    }
    fn attacker_first(
        game: &Chess,
        mv: ChessMove,
        hash: Option<ChessMove>,
        killers: [Option<ChessMove>; 2],
        history: i32,
    ) -> i32 {
        match game.capture(mv) {
            Some(c) if Some(mv) != hash => (1 << 29) + c.attacker * 100 - c.victim,
            _ => written(game, mv, hash, killers, history),
        }
    }
    fn unwritten(
        _: &Chess,
        _: ChessMove,
        _: Option<ChessMove>,
        _: [Option<ChessMove>; 2],
        _: i32,
    ) -> i32 {
        todo!("exercise ordered: write the part 'order'")
    }
    let verdict = grade_order_score(written);
    assert!(verdict.passed(), "{}", verdict.message());
    let verdict = grade_order_score(attacker_first);
    assert!(
        matches!(verdict, Verdict::Wrong(_))
            && verdict.message().contains("the first difference is move 2")
            && verdict.message().contains("c3b5 d1d5"),
        "{}",
        verdict.message()
    );
    let verdict = grade_order_score(unwritten);
    assert!(
        matches!(verdict, Verdict::NotDone(_)) && verdict.message().contains("not done yet"),
        "{}",
        verdict.message()
    );
}

/// The notebook's iterative-deepening cell: a loop that keeps the last completed iteration,
/// tries the previous line first and stops at a proven mate is the rung node for node; one
/// that forgets the previous line, or keeps a stopped iteration, is named.
#[test]
fn a_deepening_loop_written_in_a_notebook_cell_is_graded_as_the_rung() {
    use searchlab::search::deepening::mate_proven;
    use searchlab::teach::exercise::cell::{grade_deepening_loop, Deepener};
    fn written(search: &mut Deepener, max_depth: Depth) {
        let mut line = Vec::new();
        for depth in 1..=max_depth {
            let (score, pv) = search.iteration(depth, &line);
            if search.stopped() {
                break;
            }
            search.completed(depth, score, &pv);
            line = pv;
            if mate_proven(score, depth) {
                break;
            }
        }
    }
    fn without_the_line(search: &mut Deepener, max_depth: Depth) {
        for depth in 1..=max_depth {
            let (score, pv) = search.iteration(depth, &[]);
            if search.stopped() {
                break;
            }
            search.completed(depth, score, &pv);
            if mate_proven(score, depth) {
                break;
            }
        }
    }
    fn keeping_the_stopped(search: &mut Deepener, max_depth: Depth) {
        let mut line = Vec::new();
        for depth in 1..=max_depth {
            let (score, pv) = search.iteration(depth, &line);
            search.completed(depth, score, &pv);
            line = pv;
            if search.stopped() || mate_proven(score, depth) {
                break;
            }
        }
    }
    fn unwritten(_: &mut Deepener, _: Depth) {
        todo!("exercise iterative: write the part 'loop'")
    }
    let verdict = grade_deepening_loop(written);
    assert!(verdict.passed(), "{}", verdict.message());
    let verdict = grade_deepening_loop(without_the_line);
    assert!(
        verdict.message().contains("nodes where the rung searched"),
        "{}",
        verdict.message()
    );
    let verdict = grade_deepening_loop(keeping_the_stopped);
    assert!(
        verdict
            .message()
            .contains("a stopped iteration is thrown away"),
        "{}",
        verdict.message()
    );
    let verdict = grade_deepening_loop(unwritten);
    assert_eq!(
        verdict.message(),
        "iterative: not done yet: the loop is still todo!(). Write it in the function above, \
         then run the cell again."
    );
}

/// The notebook's table cell: the table's own cut-off and store pass; a mate not adjusted by
/// ply, or bounds the wrong way round, are named.
#[test]
fn a_table_step_written_in_a_notebook_cell_is_graded_against_the_tables() {
    use searchlab::teach::exercise::cell::grade_table;
    use searchlab::tt::Bound;
    fn cutoff(
        stored: Score,
        stored_depth: Depth,
        bound: Bound,
        depth: Depth,
        ply: Ply,
        alpha: Score,
        beta: Score,
    ) -> Option<Score> {
        if stored_depth < depth {
            return None;
        }
        let score = stored.from_tt(ply);
        let answers = match bound {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        };
        answers.then_some(score)
    }
    fn store(best: Score, alpha: Score, beta: Score, ply: Ply) -> (Score, Bound) {
        (best.to_tt(ply), Bound::of(best, alpha, beta))
    }
    fn cutoff_from_the_node(
        stored: Score,
        stored_depth: Depth,
        bound: Bound,
        depth: Depth,
        _: Ply,
        alpha: Score,
        beta: Score,
    ) -> Option<Score> {
        cutoff(stored, stored_depth, bound, depth, 0, alpha, beta)
    }
    fn bounds_swapped(best: Score, alpha: Score, beta: Score, ply: Ply) -> (Score, Bound) {
        let bound = match Bound::of(best, alpha, beta) {
            Bound::Lower => Bound::Upper,
            Bound::Upper => Bound::Lower,
            Bound::Exact => Bound::Exact,
        };
        (best.to_tt(ply), bound)
    }
    fn unwritten(_: Score, _: Score, _: Score, _: Ply) -> (Score, Bound) {
        todo!("exercise cached: write the part 'store'")
    }
    assert!(grade_table(cutoff, store).passed());
    let verdict = grade_table(cutoff_from_the_node, store);
    assert!(
        verdict
            .message()
            .contains("from_tt(ply) gives it from the root"),
        "{}",
        verdict.message()
    );
    let verdict = grade_table(cutoff, bounds_swapped);
    assert!(
        verdict.message().contains("the table: cp -250 (Upper)")
            && verdict.message().contains("yours:     cp -250 (Lower)"),
        "{}",
        verdict.message()
    );
    let verdict = grade_table(cutoff, unwritten);
    assert!(
        verdict
            .message()
            .contains("not done yet: the store is still todo!()"),
        "{}",
        verdict.message()
    );
}

/// The notebooks' later-move cells (PVS, late move reductions): the stages' steps pass; a
/// re-search never done, a full window first, or a surprise not searched again at full depth,
/// are named.
#[test]
fn a_later_move_written_in_a_notebook_cell_is_graded_by_its_searches() {
    use searchlab::teach::exercise::cell::{grade_late_move, grade_later_move, ChildSearch};
    fn pvs(search: ChildSearch, depth: Depth, alpha: Score, beta: Score) -> Score {
        let null = Score(alpha.0 + 1);
        let score = search(depth - 1, alpha, null);
        if score > alpha && score < beta {
            return search(depth - 1, alpha, beta);
        }
        score
    }
    fn never_again(search: ChildSearch, depth: Depth, alpha: Score, _: Score) -> Score {
        search(depth - 1, alpha, Score(alpha.0 + 1))
    }
    fn whole_window(search: ChildSearch, depth: Depth, alpha: Score, beta: Score) -> Score {
        search(depth - 1, alpha, beta)
    }
    fn reduced(search: ChildSearch, depth: Depth, alpha: Score, beta: Score, r: Depth) -> Score {
        let null = Score(alpha.0 + 1);
        let mut score = search(depth - 1 - r, alpha, null);
        if r > 0 && score > alpha {
            score = search(depth - 1, alpha, null);
        }
        if score > alpha && score < beta {
            score = search(depth - 1, alpha, beta);
        }
        score
    }
    fn never_at_full_depth(
        search: ChildSearch,
        depth: Depth,
        alpha: Score,
        beta: Score,
        r: Depth,
    ) -> Score {
        let score = search(depth - 1 - r, alpha, Score(alpha.0 + 1));
        if score > alpha && score < beta {
            return search(depth - 1 - r, alpha, beta);
        }
        score
    }
    assert!(grade_later_move(pvs).passed());
    let verdict = grade_later_move(never_again);
    assert!(
        verdict.message().contains("only a bound: search again"),
        "{}",
        verdict.message()
    );
    let verdict = grade_later_move(whole_window);
    assert!(
        verdict.message().contains("first with the null window"),
        "{}",
        verdict.message()
    );
    assert!(grade_late_move(reduced).passed());
    let verdict = grade_late_move(never_at_full_depth);
    assert!(
        verdict.message().contains("reduced by 1") && verdict.message().contains("at full depth"),
        "{}",
        verdict.message()
    );
}

/// The notebook's quiescence cell: the rung's search written out passes node for node; stand
/// pat in check is named where it first shows (below the position's root: another value).
#[test]
fn a_quiescence_search_written_in_a_notebook_cell_is_graded_as_the_rung() {
    use searchlab::limits::MAX_QUIESCENCE_PLY;
    use searchlab::search::move_picker::{noisy_moves_in_order, DELTA_MARGIN};
    use searchlab::teach::exercise::cell::grade_quiescence;
    fn search(
        game: &mut Chess,
        ply: Ply,
        mut alpha: Score,
        beta: Score,
        counter: &mut NodeCounter,
        stand_in_check: bool,
    ) -> Score {
        if !counter.count_node() {
            return Score::DRAW;
        }
        if let Some(outcome) = game.outcome() {
            return outcome.score(ply);
        }
        let in_check = game.in_check();
        if ply >= MAX_QUIESCENCE_PLY {
            return game.evaluate();
        }
        let mut best = -Score::INFINITE;
        let stand_pat = game.evaluate();
        if !in_check || stand_in_check {
            if stand_pat >= beta {
                return stand_pat;
            }
            best = stand_pat;
            alpha = alpha.max(stand_pat);
        }
        for mv in noisy_moves_in_order(game) {
            if !in_check {
                let victim = game.capture(mv).map_or(0, |c| c.victim);
                if stand_pat.0 + victim + DELTA_MARGIN <= alpha.0 || game.see(mv) < 0 {
                    continue;
                }
            }
            game.play(mv);
            let score = -search(game, ply + 1, -beta, -alpha, counter, stand_in_check);
            game.undo();
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }
    fn written(g: &mut Chess, p: Ply, a: Score, b: Score, c: &mut NodeCounter) -> Score {
        search(g, p, a, b, c, false)
    }
    fn standing_in_check(g: &mut Chess, p: Ply, a: Score, b: Score, c: &mut NodeCounter) -> Score {
        search(g, p, a, b, c, true)
    }
    let verdict = grade_quiescence(written);
    assert!(verdict.passed(), "{}", verdict.message());
    let verdict = grade_quiescence(standing_in_check);
    assert!(
        verdict
            .message()
            .contains("on lopsided after f8e8, with the window (-inf, +inf)")
            && verdict.message().contains("the rung: cp 1932, 10 nodes")
            && verdict.message().contains("never in check"),
        "{}",
        verdict.message()
    );
}

/// The notebook's minimax cell: the rung's node written out passes node for node; a child's
/// value not negated is named with the first position and depth where it shows.
#[test]
fn a_minimax_node_written_in_a_notebook_cell_is_graded_as_the_rung() {
    use searchlab::teach::exercise::cell::grade_minimax_node;
    fn node(game: &mut Chess, depth: Depth, ply: Ply, c: &mut NodeCounter, sign: i32) -> Score {
        if !c.count_node() {
            return Score::DRAW;
        }
        if let Some(outcome) = game.outcome() {
            return outcome.score(ply);
        }
        if depth == 0 {
            return game.evaluate();
        }
        let mut best = -Score::INFINITE;
        for mv in game.legal_moves() {
            game.play(mv);
            let score = Score(sign * node(game, depth - 1, ply + 1, c, sign).0);
            game.undo();
            best = best.max(score);
        }
        best
    }
    fn written(game: &mut Chess, depth: Depth, ply: Ply, c: &mut NodeCounter) -> Score {
        node(game, depth, ply, c, -1)
    }
    fn not_negated(game: &mut Chess, depth: Depth, ply: Ply, c: &mut NodeCounter) -> Score {
        node(game, depth, ply, c, 1)
    }
    fn unwritten(_: &mut Chess, _: Depth, _: Ply, _: &mut NodeCounter) -> Score {
        todo!("exercise minimax: write the part 'node'")
    }
    let verdict = grade_minimax_node(written);
    assert!(verdict.passed(), "{}", verdict.message());
    let verdict = grade_minimax_node(not_negated);
    assert!(
        verdict
            .message()
            .starts_with("minimax: on start at depth 2")
            && verdict.message().contains("negate it"),
        "{}",
        verdict.message()
    );
    let verdict = grade_minimax_node(unwritten);
    assert!(
        verdict
            .message()
            .contains("not done yet: the loop is still todo!()"),
        "{}",
        verdict.message()
    );
}

/// The notebook's parallel cell: the key XORed with its data passes; a key stored as it is
/// (trusting a torn slot) is named.
#[test]
fn a_slot_written_in_a_notebook_cell_is_graded_by_torn_writes() {
    use searchlab::teach::exercise::cell::grade_slot;
    fn xor_write(key: u64, data: u64) -> [u64; 2] {
        [key ^ data, data]
    }
    fn xor_read([keyed, data]: [u64; 2]) -> u64 {
        keyed ^ data
    }
    fn plain_write(key: u64, data: u64) -> [u64; 2] {
        [key, data]
    }
    fn plain_read([key, _]: [u64; 2]) -> u64 {
        key
    }
    fn unwritten(_: [u64; 2]) -> u64 {
        todo!("exercise parallel: write the part 'read'")
    }
    assert!(grade_slot(xor_write, xor_read).passed());
    let verdict = grade_slot(plain_write, plain_read);
    assert!(
        verdict.message().contains("a torn slot") && verdict.message().contains("mixed"),
        "{}",
        verdict.message()
    );
    let verdict = grade_slot(xor_write, unwritten);
    assert!(
        verdict.message().contains("not done yet"),
        "{}",
        verdict.message()
    );
}

/// The notebook's tuning cell: the tuner's sigmoid and mean squared error pass; a sigmoid the
/// wrong way round is named.
#[test]
fn a_sigmoid_written_in_a_notebook_cell_is_graded_against_the_tuners() {
    use searchlab::teach::exercise::cell::grade_texel;
    fn sigmoid(k: f64, eval: f64) -> f64 {
        1.0 / (1.0 + (-k * eval).exp())
    }
    fn backwards(k: f64, eval: f64) -> f64 {
        1.0 / (1.0 + (k * eval).exp())
    }
    fn error(k: f64, positions: &[(f64, f64)]) -> f64 {
        let sum: f64 = positions
            .iter()
            .map(|&(eval, result)| (result - sigmoid(k, eval)).powi(2))
            .sum();
        sum / positions.len() as f64
    }
    fn summed(k: f64, positions: &[(f64, f64)]) -> f64 {
        error(k, positions) * positions.len() as f64
    }
    assert!(grade_texel(sigmoid, error).passed());
    let verdict = grade_texel(backwards, error);
    assert!(
        verdict
            .message()
            .contains("an evaluation of -2000 centipawns"),
        "{}",
        verdict.message()
    );
    let verdict = grade_texel(sigmoid, summed);
    assert!(
        verdict
            .message()
            .contains("the error at K = 0.002 over 41 positions"),
        "{}",
        verdict.message()
    );
}

/// A chapter offers its exercise before the code that answers it: the first `exercise check
/// NAME` comes before the first include of the rung's files (the exercise's source and shared
/// modules), so a learner who wants to
/// write the rung first is told so before reading the rung's own answer.
#[test]
fn each_chapter_offers_its_exercise_before_the_answer() {
    for e in EXERCISES.iter().filter(|e| !e.game) {
        let chapter = match e.name {
            "null_move" | "late_move_reductions" => "selective",
            "singular_extension" => "modern",
            name => name,
        };
        let path = format!("{}/book/src/{chapter}.md", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        let offered = text
            .find(&format!("exercise check {}", e.name))
            .unwrap_or_else(|| panic!("{path} never offers `exercise check {}`", e.name));
        // The rung's own files: the exercise's source and the shared modules it takes in.
        let code = std::iter::once(e.source_path)
            .chain(e.shared.iter().map(|s| s.source_path))
            .filter_map(|source| text.find(&format!("{{{{#include ../../{source}")))
            .min()
            .unwrap_or_else(|| panic!("{path} includes none of the rung's code"));
        assert!(
            offered < code,
            "{path}: the rung's code comes before the offer of its exercise ({})",
            e.name
        );
    }
}
