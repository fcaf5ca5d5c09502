//! Grading a learner's rung: the facts the ladder tests hold, checked on the learner's engine.
//!
//! On each of the 24 ladder positions, at each depth from 1 to the exercise's deepest, the
//! learner's engine must return the score of the rung below, and its move, or a different move
//! proved to be worth the same (the position after it searched by alpha-beta one ply less deep:
//! two moves of equal value are both right). Over all of them it must search fewer nodes than
//! the rung below: an idea that saves nothing is not yet the idea. Where the idea leaves no
//! freedom (alpha-beta, its moves in the game's order), no position may take more nodes than
//! the rung itself takes: a cut-off made late shows there. The first disagreement is
//! reported with the position's name and FEN, the depth, what was expected and what came back,
//! and the nodes. Where the exercise grades the line too, the principal variation must start
//! with the move, be legal, and be as long as the rung's own. A `todo!()` still in place is
//! "not done yet".

use super::caught::{run_caught, Panic};
use super::diagnose::{diagnose, Disagreement};
use super::words::{list, or_none};
use super::Exercise;
use crate::notebook::thousands;
use chess::ChessMove;
use searchlab_engine::games::Chess;
use searchlab_engine::positions::{NamedPosition, LADDER};
use searchlab_engine::search::move_picker::{MovePicker, OrderingTables};
use searchlab_engine::search::value_of_move;
use searchlab_engine::search::{engine_for, Engine};
use searchlab_engine::stats::SearchResult;
use searchlab_engine::{Depth, Game, SearchLimits};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// What the grader found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every fact holds; the text sums up what was checked.
    Solved(String),
    /// A part is still `todo!()`; the text says which.
    NotDone(String),
    /// A fact does not hold; the text says where and how.
    Wrong(String),
}

impl Verdict {
    /// Whether the exercise is solved.
    pub fn passed(&self) -> bool {
        matches!(self, Verdict::Solved(_))
    }

    /// The message for the learner.
    pub fn message(&self) -> &str {
        match self {
            Verdict::Solved(m) | Verdict::NotDone(m) | Verdict::Wrong(m) => m,
        }
    }
}

/// Grades the engines `make` builds (a fresh one per search) as the exercise's rung, on the
/// ladder positions (see the module docs).
pub fn grade(exercise: &Exercise, make: &dyn Fn() -> Box<dyn Engine<Chess>>) -> Verdict {
    grade_on(exercise, LADDER, make)
}

/// [`grade`] on the given positions.
pub fn grade_on(
    exercise: &Exercise,
    positions: &[NamedPosition],
    make: &dyn Fn() -> Box<dyn Engine<Chess>>,
) -> Verdict {
    let (mut yours, mut theirs) = (0u64, 0u64);
    // The ladder at depths 1 to the deepest, then the exercise's deeper positions at theirs
    // (with what each shows).
    let ladder = positions
        .iter()
        .flat_map(|p| (1..=exercise.max_depth).map(move |d| (*p, d, None)));
    let deeper = exercise
        .deeper
        .iter()
        .map(|d| (NamedPosition::yours(d.name, d.fen), d.depth, Some(d)));
    for (position, depth, fact) in ladder.chain(deeper) {
        let position = &position;
        let game = match Chess::from_fen(position.fen) {
            Ok(game) => game,
            Err(e) => return Verdict::Wrong(format!("position {}: {e}", position.name)),
        };
        let limits = SearchLimits::depth(depth);
        let reference = fact.and_then(|d| d.reference).unwrap_or(exercise.below);
        let expected = match engine_for::<Chess>(reference) {
            Ok(mut below) => below.search(&mut game.clone(), &limits),
            Err(e) => return Verdict::Wrong(e.to_string()),
        };
        // The iterations the engine reports (to a GUI, as it goes), counted.
        let reported = Arc::new(AtomicUsize::new(0));
        let search = || {
            let mut engine = make();
            let count = Arc::clone(&reported);
            engine.set_iteration_observer(Some(Box::new(move |_| {
                count.fetch_add(1, Ordering::Relaxed);
            })));
            engine.search(&mut game.clone(), &limits)
        };
        let got = match run_caught(search) {
            Ok(got) => got,
            Err(panic) => return panic_verdict(exercise, &panic, position, depth),
        };
        let shows = fact.map_or(String::new(), |d| format!(" ({})", d.shows));
        let at = || {
            format!(
                "{} at depth {depth}{shows}\n  FEN {}",
                position.name, position.fen
            )
        };
        let show = |r: &SearchResult<ChessMove>| {
            format!(
                "score {}, move {}, {} nodes",
                r.score,
                or_none(r.best_move),
                thousands(r.nodes())
            )
        };
        let disagree = |what: &str| {
            let label = if exercise.knowledge || reference != exercise.below {
                "the rung:".to_string()
            } else {
                format!("{}:", exercise.below)
            };
            Verdict::Wrong(format!(
                "{}: {what}, on {}\n  {label:<10} {}\n  {:<10} {}",
                exercise.name,
                at(),
                show(&expected),
                "yours:",
                show(&got)
            ))
        };
        if fact.is_some_and(|d| d.no_null_move) && got.stats.null_move_cutoffs > 0 {
            return disagree(&format!(
                "{} null-move cut-offs where none may be",
                got.stats.null_move_cutoffs
            ));
        }
        if got.score != expected.score {
            let verdict = disagree("a different score");
            let seen = Disagreement {
                game: &game,
                depth,
                got: &got,
                expected: &expected,
                reference,
            };
            let why = diagnose(exercise, &seen, make);
            return match why {
                Some(why) => Verdict::Wrong(format!("{}\n  {why}", verdict.message())),
                None => verdict,
            };
        }
        if got.best_move != expected.best_move {
            // A different move is proved equal by alpha-beta only where the rung below is
            // a plain search; a knowledge rung's values are its own.
            let proved = match (got.best_move, expected.best_move) {
                (Some(a), Some(_)) if !exercise.knowledge => {
                    value_of_move(&game, a, depth) == expected.score
                }
                _ => false,
            };
            if !proved {
                return disagree("a different move, not worth the same");
            }
        }
        if exercise.at_most_rung_nodes {
            let own = match engine_for::<Chess>(exercise.name) {
                Ok(mut rung) => rung.search(&mut game.clone(), &limits),
                Err(e) => return Verdict::Wrong(e.to_string()),
            };
            if got.nodes() > own.nodes() {
                return Verdict::Wrong(format!(
                    "{}: the same score and move, but {} nodes where the rung searched {}, \
                     trying the moves in the same order, on {}\n(is every cut-off made as soon \
                     as it can be?)",
                    exercise.name,
                    thousands(got.nodes()),
                    thousands(own.nodes()),
                    at()
                ));
            }
        }
        if exercise.line {
            let own = match engine_for::<Chess>(exercise.name) {
                Ok(mut rung) => rung.search(&mut game.clone(), &limits),
                Err(e) => return Verdict::Wrong(e.to_string()),
            };
            if exercise.node_for_node && got.nodes() != own.nodes() {
                return Verdict::Wrong(format!(
                    "{}: the same score and move, but {} nodes where the rung searched {}, on \
                     {}\n(the previous iteration's line must be tried first at each node on it, \
                     its move for that ply, and nowhere else)",
                    exercise.name,
                    thousands(got.nodes()),
                    thousands(own.nodes()),
                    at()
                ));
            }
            let reported = reported.load(Ordering::Relaxed);
            if let Some(problem) = line_problem(&game, &got, own.pv.len())
                .or_else(|| deepening_problem(&got, &own, reported))
            {
                return Verdict::Wrong(format!(
                    "{}: {problem}, on {}\n  the rung's line: {}\n  yours:           {}",
                    exercise.name,
                    at(),
                    list(&own.pv),
                    list(&got.pv)
                ));
            }
        }
        yours += got.nodes();
        theirs += expected.nodes();
    }
    if exercise.node_for_node {
        if let Some(verdict) = stopped_problem(exercise, positions, make) {
            return verdict;
        }
    }
    let mut what = format!(
        "{} positions at depths 1 to {}",
        positions.len(),
        exercise.max_depth
    );
    for d in exercise.deeper {
        what.push_str(&format!(", {} at depth {}", d.name, d.depth));
    }
    if exercise.knowledge {
        if yours * 2 > theirs * 3 {
            return Verdict::Wrong(format!(
                "{}: the same scores and moves as the rung on {what}, but {} nodes against its \
                 {}: half as many again or more (is every cut-off made?)",
                exercise.name,
                thousands(yours),
                thousands(theirs)
            ));
        }
        return Verdict::Solved(format!(
            "{}: solved. The same scores and moves as the rung itself on {what}, in {} nodes \
             (the rung: {}).",
            exercise.name,
            thousands(yours),
            thousands(theirs)
        ));
    }
    if yours >= theirs {
        return Verdict::Wrong(format!(
            "{}: the same scores and moves as {} on {what}, but {} nodes against its {}: the \
             idea should search fewer (is a cut-off ever made?)",
            exercise.name,
            exercise.below,
            thousands(yours),
            thousands(theirs)
        ));
    }
    Verdict::Solved(format!(
        "{}: solved. The same scores and moves as {} on {what}, in {} nodes against its {} \
         ({:.1}%).",
        exercise.name,
        exercise.below,
        thousands(yours),
        thousands(theirs),
        100.0 * yours as f64 / theirs as f64
    ))
}

/// A learner's move picker, as the grader asks it: the order it hands out the legal moves of a
/// position in, given a hash move and the quiet moves that caused cut-offs at ply 0 before
/// (each taught with `quiet_cutoff` at depth 4); and the killers of ply 0 after those cut-offs.
pub type PickerProbe<'a> =
    &'a dyn Fn(&Chess, Option<ChessMove>, &[ChessMove]) -> (Vec<ChessMove>, [Option<ChessMove>; 2]);

/// The crate's own move picker asked as [`PickerProbe`] asks the learner's.
pub fn crate_picker(
    game: &Chess,
    hash: Option<ChessMove>,
    cutoffs: &[ChessMove],
) -> (Vec<ChessMove>, [Option<ChessMove>; 2]) {
    let tables = taught_tables(cutoffs);
    let order = MovePicker::new(game, game.legal_moves(), hash, &tables, 0).collect();
    (order, tables.killers(0))
}

/// The crate's killers and history after the quiet cut-offs `cutoffs` at ply 0, each taught
/// with `quiet_cutoff` at depth 4, as [`PickerProbe`] says.
pub fn taught_tables(cutoffs: &[ChessMove]) -> OrderingTables<ChessMove> {
    let mut tables = OrderingTables::new();
    for &mv in cutoffs {
        tables.quiet_cutoff(mv, 0, 4, &[]);
    }
    tables
}

/// The positions a move picker is graded on: a FEN, the hash move, and the quiet cut-offs
/// before (each a killer in turn). The first has every kind of move: a queen to take three
/// ways, a promotion, a quiet killer; the last teaches one killer twice.
const PICKER_CASES: &[(&str, &str, &str)] = &[
    ("4k3/1P6/8/3q4/4P3/2N4r/8/3QK3 w - - 0 1", "c3b5", "e1f2"),
    (
        "4k3/1P6/8/3q4/4P3/2N4r/8/3QK3 w - - 0 1",
        "d1d5",
        "e1f2 d1d2 e1f1",
    ),
    (
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        "f3g5",
        "b1c3 d2d3",
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "e2a6",
        "a2a3 a2a3",
    ),
];

/// Grades a learner's move picker ([`PickerProbe`]) against the crate's on `PICKER_CASES`:
/// the same order of every move (the hash move, then captures by MVV-LVA, then the killers
/// newer first, then the rest), and the same killers. `None` if they agree.
pub fn picker_problem(exercise: &Exercise, probe: PickerProbe) -> Option<Verdict> {
    for (fen, hash, cutoffs) in PICKER_CASES {
        let game = Chess::from_fen(fen).expect("the picker's positions are legal");
        let hash = game.parse_uci(hash).ok();
        let cutoffs: Vec<ChessMove> = cutoffs
            .split_whitespace()
            .filter_map(|m| game.parse_uci(m).ok())
            .collect();
        let (order, killers) = crate_picker(&game, hash, &cutoffs);
        let (got_order, got_killers) = match run_caught(|| probe(&game, hash, &cutoffs)) {
            Ok(got) => got,
            Err(panic) => {
                let at = NamedPosition::yours("the picker's position", fen);
                return Some(panic_verdict(exercise, &panic, &at, 0));
            }
        };
        let taught = list(&cutoffs);
        let given = format!(
            "in {fen}, with the hash move {} and the quiet cut-offs {taught} before",
            or_none(hash)
        );
        if got_killers != killers {
            let show = |k: &[Option<ChessMove>; 2]| format!("{}, {}", or_none(k[0]), or_none(k[1]));
            return Some(Verdict::Wrong(format!(
                "{}: after the quiet cut-offs {taught} at one ply, its killers are [{}]; yours \
                 are [{}] (the newest first, the one before it second, never one move twice)",
                exercise.name,
                show(&killers),
                show(&got_killers)
            )));
        }
        if got_order != order {
            let first = order
                .iter()
                .zip(&got_order)
                .position(|(a, b)| a != b)
                .unwrap_or(order.len().min(got_order.len()));
            let shown = |moves: &[ChessMove]| list(&moves[..moves.len().min(first + 3)]);
            return Some(Verdict::Wrong(format!(
                "{}: the moves come out in another order {given}; the first difference is \
                 move {}\n  the picker's: {}\n  yours:        {}\n(the hash move, then captures \
                 and promotions, the most valuable victim first and the cheapest attacker \
                 among equals, then the killers, then the rest by history)",
                exercise.name,
                first + 1,
                shown(&order),
                shown(&got_order)
            )));
        }
    }
    None
}

/// What is wrong with the iterations of `got`, an iterative-deepening search, compared with the
/// rung's own (`own`), if anything: the same depths completed and recorded (a proven mate ends
/// the search), each reported as it completed (`reported` of them were).
fn deepening_problem(
    got: &SearchResult<ChessMove>,
    own: &SearchResult<ChessMove>,
    reported: usize,
) -> Option<String> {
    let depths = |r: &SearchResult<ChessMove>| {
        r.iterations
            .iter()
            .map(|i| i.depth.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if got.depth != own.depth || depths(got) != depths(own) {
        return Some(format!(
            "the search completed depth {} (iterations recorded: {}) where the rung completed \
             depth {} (iterations {}): every depth in turn, and no deeper once a mate is proven",
            got.depth,
            depths(got),
            own.depth,
            depths(own)
        ));
    }
    if reported != got.iterations.len() {
        return Some(format!(
            "{reported} iterations reported as they completed, of {} recorded: each completed \
             iteration goes to go_on, which reports it (a GUI shows it)",
            got.iterations.len()
        ));
    }
    None
}

/// The node limits an exercise with [`Exercise::node_for_node`] is graded under, on the first ladder
/// positions: a search stopped in the middle of an iteration.
const STOPPED_AT: [u64; 2] = [1_500, 20_000];

/// Grades the learner's engine stopped by a node limit ([`STOPPED_AT`]) against the rung's own
/// on the first four of `positions`: the same depth, score and move, since a stopped
/// iteration is thrown away and the last completed one stands. `None` if they agree.
fn stopped_problem(
    exercise: &Exercise,
    positions: &[NamedPosition],
    make: &dyn Fn() -> Box<dyn Engine<Chess>>,
) -> Option<Verdict> {
    for position in positions.iter().take(4) {
        let game = match Chess::from_fen(position.fen) {
            Ok(game) => game,
            Err(e) => return Some(Verdict::Wrong(format!("position {}: {e}", position.name))),
        };
        for nodes in STOPPED_AT {
            let limits = SearchLimits::nodes(nodes);
            let own = match engine_for::<Chess>(exercise.name) {
                Ok(mut rung) => rung.search(&mut game.clone(), &limits),
                Err(e) => return Some(Verdict::Wrong(e.to_string())),
            };
            let got = match run_caught(|| make().search(&mut game.clone(), &limits)) {
                Ok(got) => got,
                Err(panic) => return Some(panic_verdict(exercise, &panic, position, 0)),
            };
            let show = |r: &SearchResult<ChessMove>| {
                format!(
                    "depth {}, score {}, move {}",
                    r.depth,
                    r.score,
                    or_none(r.best_move)
                )
            };
            if show(&got) != show(&own) {
                return Some(Verdict::Wrong(format!(
                    "{}: stopped after {} nodes, on {}\n  FEN {}\n  the rung: {}\n  yours:    \
                     {}\n(a stopped iteration is thrown away: the last one that completed \
                     stands)",
                    exercise.name,
                    thousands(nodes),
                    position.name,
                    position.fen,
                    show(&own),
                    show(&got)
                )));
            }
        }
    }
    None
}

/// What is wrong with the principal variation of `got`, if anything: it must start with the
/// move played, be legal move after move, and be as long as the rung's own (`length`).
fn line_problem(game: &Chess, got: &SearchResult<ChessMove>, length: usize) -> Option<String> {
    if got.best_move.is_some() && got.pv.first() != got.best_move.as_ref() {
        return Some("the principal variation does not start with the move played".to_string());
    }
    let mut position = game.clone();
    for (i, mv) in got.pv.iter().enumerate() {
        if !position.legal_moves().contains(mv) {
            return Some(format!(
                "the principal variation's move {} ({mv}) is not legal there",
                i + 1
            ));
        }
        position.play(*mv);
    }
    if got.pv.len() < length {
        let moves = |n: usize| format!("{n} move{}", if n == 1 { "" } else { "s" });
        return Some(format!(
            "the principal variation has {} where the search found {}",
            moves(got.pv.len()),
            moves(length)
        ));
    }
    None
}

fn panic_verdict(
    exercise: &Exercise,
    panic: &Panic,
    position: &NamedPosition,
    depth: Depth,
) -> Verdict {
    let marker = format!("exercise {}: write the part '", exercise.name);
    let message = panic
        .message
        .strip_prefix("not yet implemented: ")
        .unwrap_or(&panic.message);
    if let Some(rest) = message.strip_prefix(&marker) {
        let part = rest.trim_end_matches('\'');
        return Verdict::NotDone(format!(
            "{}: not done yet: the part '{part}' is still todo!() ({}). Write it in \
             exercises/mine/{}.rs; `searchlab exercise hint {}` gives a hint.",
            exercise.name, panic.location, exercise.name, exercise.name
        ));
    }
    if panic.message.starts_with("not yet implemented") {
        return Verdict::NotDone(format!(
            "{}: not done yet: a todo!() is still in place ({}).",
            exercise.name, panic.location
        ));
    }
    Verdict::Wrong(format!(
        "{}: your engine panicked on {} at depth {depth} (FEN {}): {} ({})",
        exercise.name, position.name, position.fen, panic.message, panic.location
    ))
}

/// The move of `game` written `text` (in the game's own notation), if it is legal there.
fn move_named<G: Game>(game: &G, text: &str) -> Option<G::Move> {
    game.legal_moves()
        .into_iter()
        .find(|m| m.to_string() == text)
}

/// The lines of moves (columns, `a` to `d`) the second-game exercise checks positions after.
const CONNECT_LINES: &[&str] = &[
    "",
    "b",
    "b c",
    "a a a",
    "b c b c",
    "a b c d a b",
    "d c b a d c b",
    "a b a b a", // the first player's three in column a: a won game has no moves
];

/// Grades a learner's [`Game`] implementation of Connect Three (the `connect` exercise) against
/// the crate's own ([`searchlab_engine::games::ConnectThree`]): after each line of `CONNECT_LINES`, the
/// same legal moves; minimax's whole tree from there, node for node, and its value; the same
/// value from every stage that searches it; a position reached by two move orders with one key,
/// and play then undo leaving the position as it was.
pub fn grade_game<G: Game + 'static>(exercise: &Exercise, make: &dyn Fn() -> G) -> Verdict {
    let name = exercise.name;
    let caught = run_caught(|| grade_game_facts(name, make));
    match caught {
        Ok(verdict) => verdict,
        Err(panic) => {
            let start = NamedPosition::yours("the empty board", "");
            match panic_verdict(exercise, &panic, &start, 0) {
                Verdict::Wrong(_) => Verdict::Wrong(format!(
                    "{name}: your game panicked: {} ({})",
                    panic.message, panic.location
                )),
                verdict => verdict,
            }
        }
    }
}

fn grade_game_facts<G: Game + 'static>(name: &str, make: &dyn Fn() -> G) -> Verdict {
    use searchlab_engine::games::ConnectThree;
    let wrong = |text: String| Verdict::Wrong(format!("{name}: {text}"));
    // Every reachable position first: its moves and its outcome, against the game's rules.
    let positions = match super::game_tree::first_difference(&mut make(), &mut ConnectThree::new())
    {
        Ok(positions) => positions,
        Err(difference) => return wrong(difference),
    };
    let mut total = 0u64;
    for line in CONNECT_LINES {
        let (mut yours, mut ours) = (make(), ConnectThree::new());
        let after = if line.is_empty() {
            "from the empty board".to_string()
        } else {
            format!("after {line}")
        };
        for word in line.split_whitespace() {
            let (Some(a), Some(b)) = (move_named(&yours, word), move_named(&ours, word)) else {
                return wrong(format!(
                    "{word} should be legal in the line {line}, {after}: your legal moves are [{}]",
                    list(&yours.legal_moves())
                ));
            };
            yours.play(a);
            ours.play(b);
        }
        let (got, want) = (list(&yours.legal_moves()), list(&ours.legal_moves()));
        if got != want {
            return wrong(format!(
                "legal moves {after}: yours [{got}], the game's [{want}]"
            ));
        }
        if yours.outcome() != ours.outcome() {
            return wrong(format!(
                "the outcome {after}: yours {:?}, the game's {:?}",
                yours.outcome(),
                ours.outcome()
            ));
        }
        // Play then undo each move: the position (its key and its moves) as it was.
        let key = yours.hash();
        for mv in yours.legal_moves() {
            yours.play(mv);
            yours.undo();
            if yours.hash() != key || list(&yours.legal_moves()) != want {
                return wrong(format!(
                    "{mv} played and undone ({after}) does not leave the position as it was"
                ));
            }
        }
        let limits = SearchLimits::depth(12);
        let theirs = Engine::<ConnectThree>::search(
            &mut searchlab_engine::search::Minimax::new(),
            &mut ours.clone(),
            &limits,
        );
        let mut minimax = match engine_for::<G>("minimax") {
            Ok(e) => e,
            Err(e) => return wrong(e.to_string()),
        };
        let solved = minimax.search(&mut yours.clone(), &limits);
        if solved.nodes() != theirs.nodes() || solved.score != theirs.score {
            return wrong(format!(
                "minimax searched the whole game {after} and found {} in {} nodes; the game's \
                 tree has {} nodes there and its value is {} (a game that goes on after a win, or \
                 ends too soon, changes both)",
                solved.score,
                thousands(solved.nodes()),
                thousands(theirs.nodes()),
                theirs.score
            ));
        }
        total += solved.nodes();
        for stage in ["alphabeta", "iterative", "cached", "ordered", "pvs"] {
            let mut engine = match engine_for::<G>(stage) {
                Ok(e) => e,
                Err(e) => return wrong(e.to_string()),
            };
            let r = engine.search(&mut yours.clone(), &limits);
            if r.score != solved.score {
                return wrong(format!(
                    "{stage} finds {} {after}, minimax {} (a stage with a table reads positions \
                     by their key: do equal positions get equal keys, and different ones \
                     different keys?)",
                    r.score, solved.score
                ));
            }
        }
    }
    // One position by two move orders: one key.
    let reach = |line: &str| {
        let mut g = make();
        for word in line.split_whitespace() {
            if let Some(mv) = move_named(&g, word) {
                g.play(mv);
            }
        }
        g
    };
    if reach("a b c d").hash() != reach("c d a b").hash() {
        return wrong("a b c d and c d a b reach one position, but with two keys".to_string());
    }
    if reach("a b").hash() == reach("b a").hash() {
        return wrong("a b and b a reach different positions, but with one key".to_string());
    }
    Verdict::Solved(format!(
        "{name}: solved. Your game has the same moves and outcome as Connect Three in all {} \
         positions a game can reach; from {} of them minimax searched the whole tree ({} nodes \
         in all) and every stage found the same value: from the empty board, {}.",
        thousands(positions),
        CONNECT_LINES.len(),
        thousands(total),
        "the first player wins"
    ))
}
