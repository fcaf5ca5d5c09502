//! Notebook 04's cell: what the transposition table answers a node, and what a node stores,
//! graded against the table's own [`Entry::cutoff`](searchlab_engine::tt::Entry::cutoff), [`Bound::of`]
//! and [`Score::to_tt`] case by case.

use super::{caught, shown, window};
use crate::exercise::grade::Verdict;
use crate::notebook::thousands;
use chess::ChessMove;
use searchlab_engine::tt::{Bound, TranspositionTable};
use searchlab_engine::{Depth, Ply, Score};

/// The table's cut-off as the notebook's cell writes it: an entry that stored `stored` (its
/// score as the table keeps it: a mate counted from the entry's own node), searched `stored_depth`
/// deep, with `bound`; asked by a node `depth` plies from the horizon and `ply` from the root,
/// searched with the window `(alpha, beta)`. The score to return at once, seen from the root,
/// or `None`: search the node.
pub type TableCutoff = fn(Score, Depth, Bound, Depth, Ply, Score, Score) -> Option<Score>;

/// What a node stores, as the notebook's cell writes it: given the node's result `best`, the
/// window `(alpha, beta)` it was searched with (alpha as it was when the node began) and its
/// `ply`, the score to store and its bound.
pub type TableStore = fn(Score, Score, Score, Ply) -> (Score, Bound);

/// Scores the cases are made of: centipawns on both sides of the windows, and mates for both
/// sides (as the table stores them, counted from the entry's node).
const SCORES: [Score; 8] = [
    Score(-250),
    Score(-30),
    Score(0),
    Score(40),
    Score(120),
    Score(700),
    Score::mate_in(3),
    Score::mated_in(4),
];

/// Windows the cases ask with: the whole window, narrow ones around the scores, null windows.
const WINDOWS: [(Score, Score); 6] = [
    (Score(-32_000), Score(32_000)),
    (Score(0), Score(50)),
    (Score(-40), Score(-20)),
    (Score(100), Score(101)),
    (Score(39), Score(40)),
    (Score(-300), Score(800)),
];

/// Grades a learner's table step: every case of an entry asked by a node (each [`Bound`], the
/// entry as deep as the node or shallower or deeper, `SCORES`, `WINDOWS`, plies 0 and 5)
/// must get the table's own answer; then every result stored (at plies 0, 2 and 5, from each
/// window) must be stored as the crate stores it. The first case that differs is named.
pub fn grade_table(cutoff: TableCutoff, store: TableStore) -> Verdict {
    let table = TranspositionTable::<ChessMove>::new(1);
    let mut cases = 0;
    for bound in [Bound::Exact, Bound::Lower, Bound::Upper] {
        for stored in SCORES {
            for stored_depth in [2, 4] {
                table.store(1, stored_depth, stored, bound, None);
                let entry = table.probe(1).expect("the entry just stored");
                for depth in [1, 4, 5] {
                    for ply in [0, 5] {
                        for (alpha, beta) in WINDOWS {
                            let want = entry.cutoff(depth, ply, alpha, beta);
                            let got = caught("cached", "the cut-off", || {
                                cutoff(stored, stored_depth, bound, depth, ply, alpha, beta)
                            });
                            let got = match got {
                                Ok(got) => got,
                                Err(verdict) => return verdict,
                            };
                            cases += 1;
                            if got != want {
                                let answer = |a: Option<Score>| a.map_or("none".into(), shown);
                                return Verdict::Wrong(format!(
                                    "cached: the cut-off, for an entry ({bound:?} bound, stored \
                                     {}, searched {stored_depth} deep) asked by a node {depth} \
                                     from the horizon and {ply} from the root, with the window \
                                     {}:\n  the table: {}\n  yours:     {}\n(an entry answers \
                                     only if it was searched at least as deep as the node asks, \
                                     and is exact, or a lower bound >= beta, or an upper bound \
                                     <= alpha; a mate is stored from the entry's node, and \
                                     from_tt(ply) gives it from the root)",
                                    shown(stored),
                                    window(alpha, beta),
                                    answer(want),
                                    answer(got)
                                ));
                            }
                        }
                    }
                }
            }
        }
    }
    for best in SCORES {
        for (alpha, beta) in WINDOWS {
            for ply in [0, 2, 5] {
                let want = (best.to_tt(ply), Bound::of(best, alpha, beta));
                let got = match caught("cached", "the store", || store(best, alpha, beta, ply)) {
                    Ok(got) => got,
                    Err(verdict) => return verdict,
                };
                cases += 1;
                if got != want {
                    let show =
                        |(score, bound): (Score, Bound)| format!("{} ({bound:?})", shown(score));
                    return Verdict::Wrong(format!(
                        "cached: the store, for a node {ply} from the root that found {} with \
                         the window {}:\n  the table: {}\n  yours:     {}\n(at or below alpha \
                         every move failed low: an upper bound; at or above beta a move failed \
                         high: a lower bound; in between the exact value. A mate is stored \
                         counted from the node, to_tt(ply), so that it is right wherever the \
                         position comes up again)",
                        shown(best),
                        window(alpha, beta),
                        show(want),
                        show(got)
                    ));
                }
            }
        }
    }
    Verdict::Solved(format!(
        "cached: solved. Your cut-off and your store agree with the table's in all {} \
         cases: every bound, entries shallower and deeper than the node, mates for both sides \
         at different plies, wide and null windows.",
        thousands(cases)
    ))
}
