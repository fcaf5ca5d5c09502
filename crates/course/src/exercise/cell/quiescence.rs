//! Notebook 07's cell: the quiescence search, written whole as a function, graded against the
//! quiescence rung's own (`Quiescence::quiescence`) on the ladder's positions and the
//! exercise's, value for value and node for node.

use super::{caught, shown, window};
use crate::exercise::find;
use crate::exercise::grade::Verdict;
use crate::notebook::thousands;
use searchlab_engine::games::Chess;
use searchlab_engine::limits::NodeCounter;
use searchlab_engine::positions::{NamedPosition, LADDER};
use searchlab_engine::search::deepening::IterativeStage;
use searchlab_engine::search::quiescence::Quiescence;
use searchlab_engine::{Game, Ply, Score, SearchLimits};

/// A quiescence search as the notebook's cell writes it: the value of `game` within
/// `(alpha, beta)` once the captures are played out, `ply` plies from the root, each node
/// counted on `counter` (as the rung's search does).
pub type QuiescenceNode = fn(&mut Chess, Ply, Score, Score, &mut NodeCounter) -> Score;

/// Grades a learner's quiescence search: on the 24 ladder positions and the `quiescence`
/// exercise's own (the horizon position), and every position one move on from them, with the whole window and with windows just above,
/// around and below the position's evaluation, the same value as the rung's search (fail-soft:
/// a bound where the value falls outside the window) in the same number of nodes.
pub fn grade_quiescence(node: QuiescenceNode) -> Verdict {
    let exercise = find("quiescence").expect("the quiescence exercise");
    let positions = LADDER.iter().copied().chain(
        exercise
            .deeper
            .iter()
            .map(|d| NamedPosition::yours(d.name, d.fen)),
    );
    let (mut calls, mut nodes) = (0, 0u64);
    for position in positions {
        let start = match Chess::from_fen(position.fen) {
            Ok(game) => game,
            Err(e) => return Verdict::Wrong(format!("position {}: {e}", position.name)),
        };
        // The position itself, and every position one move on: after a capture, a recapture.
        let after_each_move = start.legal_moves().into_iter().map(|mv| {
            let mut game = start.clone();
            game.play(mv);
            (Some(mv), game)
        });
        for (moved, game) in std::iter::once((None, start.clone())).chain(after_each_move) {
            let eval = game.evaluate().0;
            let windows = [
                (-Score::INFINITE, Score::INFINITE),
                (Score(eval - 60), Score(eval + 60)),
                (Score(eval + 40), Score(eval + 41)),
                (Score(eval - 41), Score(eval - 40)),
            ];
            for (alpha, beta) in windows {
                let mut rung = Quiescence::<Chess>::new(1);
                let want = rung.quiescence(&mut game.clone(), 1, alpha, beta);
                let want_nodes = rung.deepening().counter.stats.nodes;
                let mut counter = NodeCounter::new(&SearchLimits::default());
                let got = caught(
                    "quiescence",
                    "a part of it (stand pat, the captures)",
                    || node(&mut game.clone(), 1, alpha, beta, &mut counter),
                );
                let got = match got {
                    Ok(got) => got,
                    Err(verdict) => return verdict,
                };
                let got_nodes = counter.stats.nodes;
                calls += 1;
                nodes += got_nodes;
                if got == want && got_nodes == want_nodes {
                    continue;
                }
                let why = if got == want {
                    "the same value in another number of nodes: is every cut-off made, nothing \
                     searched twice, and no stand pat in check below?"
                } else if game.in_check() {
                    "the side to move is in check: it may not stand pat, every evasion is \
                     searched"
                } else {
                    "stand pat: the evaluation is a floor for the side to move (it may decline \
                     every capture), a cut-off at once if it reaches beta, but never in check, \
                     where every evasion is searched; then each capture, searched with the \
                     window (-beta, -alpha) and negated"
                };
                let after = moved.map_or(String::new(), |mv| format!(" after {mv}"));
                return Verdict::Wrong(format!(
                    "quiescence: on {}{after}, with the window {} (the evaluation there: {})\n  \
                     FEN {}\n  the rung: {}, {} nodes\n  yours:    {}, {} nodes\n({why})",
                    position.name,
                    window(alpha, beta),
                    shown(Score(eval)),
                    game.fen(),
                    shown(want),
                    thousands(want_nodes),
                    shown(got),
                    thousands(got_nodes)
                ));
            }
        }
    }
    Verdict::Solved(format!(
        "quiescence: solved. The rung's value in the rung's number of nodes in all {} \
         searches (the {} positions and every position one move on, 4 windows each; {} nodes \
         in all).",
        thousands(calls),
        LADDER.len() + exercise.deeper.len(),
        thousands(nodes)
    ))
}
