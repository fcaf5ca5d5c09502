//! Why a learner's score is wrong: the fact behind the disagreement, found by what the score
//! says by itself (a mate that is not there, a bound never raised) or by the exercise's own
//! [`Diagnosis`]: a second search, the search's counters, or small probe positions searched by
//! the learner's engine and the rung, each built so that one typical slip shows there.

use super::caught::run_caught;
use super::{Diagnosis, Exercise};
use crate::notebook::thousands;
use chess::ChessMove;
use searchlab_engine::games::Chess;
use searchlab_engine::search::{engine_for, Engine};
use searchlab_engine::stats::SearchResult;
use searchlab_engine::{Depth, Score, SearchLimits};

/// A wrong score, as the grader found it.
pub struct Disagreement<'a> {
    /// The position.
    pub game: &'a Chess,
    /// The depth searched.
    pub depth: Depth,
    /// The learner's result.
    pub got: &'a SearchResult<ChessMove>,
    /// The reference's result.
    pub expected: &'a SearchResult<ChessMove>,
    /// The stage graded against.
    pub reference: &'a str,
}

/// The sentence that says why, if one can be found. A quiescence search's own probes come
/// first: its slips also leave scores beyond any mate, which the plain reading would put down
/// to the node's loop.
pub fn diagnose(
    exercise: &Exercise,
    seen: &Disagreement,
    make: &dyn Fn() -> Box<dyn Engine<Chess>>,
) -> Option<String> {
    if exercise.diagnosis == Some(Diagnosis::StandPat) {
        return stand_pat_diagnosis(seen, make)
            .or_else(|| score_diagnosis(seen.got, seen.expected));
    }
    score_diagnosis(seen.got, seen.expected).or_else(|| exercise_diagnosis(exercise, seen))
}

/// Whether `score` lies beyond any mate: a search's starting bound, never raised.
fn unbounded(score: Score) -> bool {
    score >= Score::INFINITE || score <= -Score::INFINITE
}

/// What a wrong score says by itself, where it says something: a mate that is not there, or
/// one at another distance, points at the table's mate scores; a score beyond any mate is a
/// search that never raised its starting bound.
fn score_diagnosis(
    got: &SearchResult<ChessMove>,
    expected: &SearchResult<ChessMove>,
) -> Option<String> {
    let mate = |r: &SearchResult<ChessMove>| r.score.mate_moves();
    if unbounded(got.score) {
        return Some(
            "Your search returned its starting bound: no move's score ever raised it. Is the \
             best score updated from every child's?"
                .to_string(),
        );
    }
    match (mate(got), mate(expected)) {
        (Some(yours), theirs) => Some(format!(
            "Your search claims a mate in {} where the position has {}: are mate scores \
             stored relative to the node and read back relative to the root?",
            yours.abs(),
            theirs.map_or("none".to_string(), |m| format!("a mate in {}", m.abs()))
        )),
        (None, Some(theirs)) => Some(format!(
            "The position has a mate in {} that your search does not see.",
            theirs.abs()
        )),
        (None, None) => None,
    }
}

/// What the exercise's own [`Diagnosis`] finds in a wrong score, by searching again or by
/// reading the search's counters.
fn exercise_diagnosis(exercise: &Exercise, seen: &Disagreement) -> Option<String> {
    let Disagreement {
        game,
        depth,
        got,
        expected,
        reference,
    } = *seen;
    match exercise.diagnosis? {
        Diagnosis::StandPat => None, // asked first, by `diagnose`
        // The ladder grades a position at depths 1, 2, ... in turn: the shallower ones passed.
        Diagnosis::ChildWindow => (depth >= 2).then(|| {
            format!(
                "Right at depth{} 1{}, wrong at depth {depth}: at depth 1 the children are \
                 leaves, and the windows children search with matter from depth 2 on. Is the \
                 child's window the parent's negated and swapped, (-beta, -alpha), and its \
                 score negated on the way back?",
                if depth > 2 { "s" } else { "" },
                if depth > 2 {
                    format!(" to {}", depth - 1)
                } else {
                    String::new()
                },
            )
        }),
        Diagnosis::ShallowerEntry => {
            let mut below = engine_for::<Chess>(reference).ok()?;
            (1..depth).rev().find_map(|shallower| {
                let r = below.search(&mut game.clone(), &SearchLimits::depth(shallower));
                (r.score == got.score).then(|| {
                    format!(
                        "Your score at depth {depth} is the position's value at depth \
                         {shallower}: an entry searched {shallower} plies deep answered a node \
                         that needs {depth}. Does the probe refuse an entry searched less deep \
                         than the node?"
                    )
                })
            })
        }
        Diagnosis::ExtraReductions => {
            let (yours, rung) = (got.stats.reductions, expected.stats.reductions);
            (yours > rung).then(|| {
                format!(
                    "Your search reduced {} moves where the rung reduced {}: does your \
                     reduction leave alone the moves that are not `reducible` (captures, \
                     checks, escapes from check)?",
                    thousands(yours),
                    thousands(rung)
                )
            })
        }
        Diagnosis::SingularExtensions => {
            let (yours, rung) = (
                got.stats.singular_extensions,
                expected.stats.singular_extensions,
            );
            Some(singular_question(yours, rung))
        }
    }
}

/// What the count of singular extensions, `yours` against the `rung`'s in the same search,
/// most likely says of a wrong score: none at all, a note left set (or no extension ever
/// returned); more, moves extended that are not singular; fewer, a search without the move
/// that reaches the bar too easily; as many, the multi-cut or the search's depth. Asked, since
/// any slip changes the tree and so the count.
fn singular_question(yours: u64, rung: u64) -> String {
    let counted = format!(
        "Your search extended {} table moves, the rung {}",
        thousands(yours),
        thousands(rung)
    );
    let question = if yours == 0 && rung > 0 {
        "none at all: is the excluded move cleared (self.set_excluded_move(ply, None)) as soon \
         as the search without it returns, whatever it found? While it is set, every later node \
         at that ply is searched without it, and none is tested again. And is a singular move \
         answered with Singular::Extend(1)?"
    } else if yours > rung {
        "more than the rung: is a move extended only when the search without it fails below \
         the bar (the table's score less SINGULAR_MARGIN a ply of depth), and only from an \
         entry for that very move that is no upper bound and at most SINGULAR_TABLE_SLACK \
         plies shallower?"
    } else if yours < rung {
        "fewer than the rung: is the node searched without the move with the null window just \
         below the bar, (bar - 1, bar), at (depth - 1) / 2?"
    } else {
        "as many as the rung, so the tests agree: is the node cut with Singular::Cut(bar) when \
         the search without the move reaches the bar and the bar is at least beta, and is that \
         search made at (depth - 1) / 2?"
    };
    format!("{counted}: {question}")
}

/// The quiescence probes: a knight's capture that forks king and queen, where the side in
/// check cannot stand pat (every answer to the check loses the queen), and Kiwipete, rich in
/// captures with the checks far off, where the stand-pat cut-off and the captures' windows
/// show in the nodes.
const FORK: &str = "q3k3/2p4p/8/3N4/8/8/7P/6K1 w - - 0 1";
const CAPTURES: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// A quiescence search's slips, told apart by what each breaks at depth 1 (where every child
/// is a quiescence node): no floor leaves a score beyond any mate; stand pat in check
/// misjudges the fork only; a child's window not swapped misjudges both probes in fewer
/// nodes; no stand-pat cut-off misjudges the captures' probe in more nodes.
fn stand_pat_diagnosis(
    seen: &Disagreement,
    make: &dyn Fn() -> Box<dyn Engine<Chess>>,
) -> Option<String> {
    if unbounded(seen.got.score) {
        return Some(format!(
            "Your search returned {} at depth {}: a quiescence node with nothing worth capturing \
             had no value at all. Its value is the evaluation, unless a capture does better: is \
             stand pat the floor of `best` (and of alpha)?",
            seen.got.score, seen.depth
        ));
    }
    let probe = |fen: &str| -> Option<(SearchResult<ChessMove>, SearchResult<ChessMove>)> {
        let game = Chess::from_fen(fen).ok()?;
        let limits = SearchLimits::depth(1);
        let rung = engine_for::<Chess>(seen.reference)
            .ok()?
            .search(&mut game.clone(), &limits);
        let yours = run_caught(|| make().search(&mut game.clone(), &limits)).ok()?;
        Some((yours, rung))
    };
    let (fork_yours, fork_rung) = probe(FORK)?;
    let (many_yours, many_rung) = probe(CAPTURES)?;
    let fork_right = fork_yours.score == fork_rung.score;
    let many_right = many_yours.score == many_rung.score;
    if !fork_right && many_right {
        return Some(format!(
            "A probe: after Nxc7+ in {FORK}, Black is in check and every answer loses the \
             queen. The rung values the capture {} at depth 1, yours {}: does your quiescence \
             stand pat in check? In check, doing nothing is no option: every evasion is \
             searched, and no stand pat.",
            fork_rung.score, fork_yours.score
        ));
    }
    if many_right {
        return None;
    }
    // More nodes: fail-high nodes that go on capturing; fewer, with the fork wrong too: windows
    // that cut every child at once.
    let question = if many_yours.stats.quiescence_nodes > many_rung.stats.quiescence_nodes {
        "does a node whose stand pat already reaches beta return it at once, before any capture?"
    } else if !fork_right {
        "is each capture searched with the window negated and swapped, (-beta, -alpha), and its \
         score negated?"
    } else {
        return None;
    };
    Some(format!(
        "A probe: on Kiwipete ({CAPTURES}) at depth 1 your quiescence visits {} nodes, the \
         rung's {}, and finds {} where the rung finds {}: {question}",
        thousands(many_yours.stats.quiescence_nodes),
        thousands(many_rung.stats.quiescence_nodes),
        many_yours.score,
        many_rung.score
    ))
}
