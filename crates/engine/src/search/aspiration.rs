//! # Aspiration windows, written once
//!
//! From stage 6 on, an iteration does not search its root with the whole window. The score of
//! the next iteration is usually close to the last one, so the root is searched with a narrow
//! window around it, `previous ± ASPIRATION`, where far more cut-offs happen than with the whole
//! window. If the score falls outside, the window was wrong on that side: it is widened there
//! (four times as far each time) and the iteration searched again, until the score lands
//! inside. Early iterations, whose scores still swing, and a previous score that is a mate,
//! which no narrow window can hold, search the whole window at once.
//!
//! [`aspiration_window`] is that loop, for every stage that uses it: pvs, quiescence and
//! selective (through [`search_root`](super::deepening::search_root)), and root splitting (with
//! its own root search, passed in).
//!
//! ## A window cut short
//!
//! When the limits stop the search inside a window, the score and line that come back are
//! those of the root moves searched to the end, and what they prove depends on where the score
//! lies. Above alpha, the first move that rose there was really searched inside the window: a
//! move at least that good. At or below alpha, every root move failed low, and each score is
//! only an upper bound: the line's first move is merely the one whose bound happened to be
//! highest, proven better than nothing. So the loop keeps a cut window's line only when its
//! score rose above alpha, and otherwise returns no line. This matters to a stage that plays a
//! cut iteration's move ([`IterativeStage::keeps_cut_iteration`], stage 8): it must never play
//! a move on the strength of an upper bound. Stages that throw cut iterations away are not
//! affected. (`tests/cut_iterations.rs` holds the rule: with the other one, stage 8 plays
//! another move on one position of the ladder.)

use crate::game::Game;
use crate::score::{Depth, Score};
use crate::search::deepening::IterativeStage;

// ANCHOR: constants
/// Half the width of the first aspiration window, in centipawns.
pub const ASPIRATION: i32 = 25;

/// Iterations shallower than this search the whole window (their scores still swing too much
/// for a narrow window to pay).
pub const ASPIRATION_FROM_DEPTH: Depth = 4;
// ANCHOR_END: constants

// ANCHOR: aspiration
/// One iteration of `stage` to `depth` with an aspiration window around `previous` (the last
/// iteration's score), widened (four times as far each time) on the side the score fell out
/// of, until the score lands inside. `root` searches the root within a window: usually
/// [`search_root`](super::deepening::search_root). Returns the score and the principal
/// variation, which is empty if the search was stopped before any root move rose above the
/// window's alpha (see the module docs).
pub fn aspiration_window<G, S, R>(
    stage: &mut S,
    game: &mut G,
    depth: Depth,
    previous: Score,
    mut root: R,
) -> (Score, Vec<G::Move>)
where
    G: Game,
    S: IterativeStage<G>,
    R: FnMut(&mut S, &mut G, Depth, Score, Score) -> (Score, Vec<G::Move>),
{
    if depth < ASPIRATION_FROM_DEPTH || previous.is_mate() {
        return root(stage, game, depth, -Score::INFINITE, Score::INFINITE);
    }
    let (mut below, mut above) = (ASPIRATION, ASPIRATION);
    loop {
        let alpha = window_edge(previous, -below);
        let beta = window_edge(previous, above);
        let (score, pv) = root(stage, game, depth, alpha, beta);
        let counter = &mut stage.deepening().counter;
        // ANCHOR: cut_window
        if counter.stopped() {
            // Cut short: the moves searched to the end proved something only if one of them
            // rose above alpha (below it, every score is only an upper bound).
            return (score, if score > alpha { pv } else { Vec::new() });
        }
        // ANCHOR_END: cut_window
        if alpha < score && score < beta {
            return (score, pv);
        }
        counter.stats.aspiration_failures += 1;
        if score <= alpha {
            below *= 4;
        } else {
            above *= 4;
        }
    }
}
// ANCHOR_END: aspiration

// ANCHOR: window_edge
/// `score + offset`, or the end of the whole window once that leaves the centipawn range
/// (a mate score needs the whole window).
pub fn window_edge(score: Score, offset: i32) -> Score {
    let edge = score.0 + offset;
    if edge.abs() >= Score::MATE.0 - 1000 {
        if offset < 0 {
            -Score::INFINITE
        } else {
            Score::INFINITE
        }
    } else {
        Score(edge)
    }
}
// ANCHOR_END: window_edge

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tictactoe::Cell;
    use crate::games::TicTacToe;
    use crate::limits::{NodeCounter, SearchLimits, StopFlag};
    use crate::search::Pvs;
    use crate::Game;

    /// A root search that answers from a script, one (score, stopped) a call, and records the
    /// windows it was asked to search.
    fn scripted(
        script: Vec<(i32, bool)>,
        windows: &mut Vec<(Score, Score)>,
    ) -> impl FnMut(&mut Pvs<TicTacToe>, &mut TicTacToe, Depth, Score, Score) -> (Score, Vec<Cell>) + '_
    {
        let mut script = script.into_iter();
        move |stage, game, _depth, alpha, beta| {
            windows.push((alpha, beta));
            let (score, stopped) = script.next().expect("the loop asked for one search more");
            if stopped {
                let stop = StopFlag::new();
                stop.stop();
                let counter = &mut stage.deepening().counter;
                *counter = NodeCounter::new(&SearchLimits {
                    stop,
                    ..SearchLimits::default()
                });
                counter.stopper.poll();
            }
            (Score(score), vec![game.legal_moves()[0]])
        }
    }

    fn run(
        previous: i32,
        depth: Depth,
        script: Vec<(i32, bool)>,
    ) -> (Score, bool, Vec<(Score, Score)>) {
        let mut stage = Pvs::<TicTacToe>::new(1);
        stage.deepening().counter = NodeCounter::new(&SearchLimits::default());
        let mut game = TicTacToe::new();
        let mut windows = Vec::new();
        let (score, pv) = aspiration_window(
            &mut stage,
            &mut game,
            depth,
            Score(previous),
            scripted(script, &mut windows),
        );
        (score, !pv.is_empty(), windows)
    }

    #[test]
    fn a_window_is_widened_on_the_side_the_score_fell_out_of() {
        let (score, line, windows) = run(0, 6, vec![(-30, false), (120, false), (50, false)]);
        assert_eq!((score, line), (Score(50), true));
        assert_eq!(
            windows,
            [
                (Score(-25), Score(25)),
                (Score(-100), Score(25)),
                (Score(-100), Score(100))
            ]
        );
    }

    #[test]
    fn early_iterations_and_mates_search_the_whole_window() {
        let whole = (-Score::INFINITE, Score::INFINITE);
        assert_eq!(run(0, 3, vec![(5, false)]).2, [whole]);
        let mate = Score::MATE.0 - 3;
        assert_eq!(run(mate, 6, vec![(mate, false)]).2, [whole]);
    }

    #[test]
    fn a_cut_window_keeps_its_line_only_above_alpha() {
        // Stopped with a score inside the window: a move really searched in it, kept.
        assert_eq!(run(0, 6, vec![(10, true)]).0, Score(10));
        assert!(run(0, 6, vec![(10, true)]).1);
        // Stopped at or below alpha: only upper bounds, no line.
        assert!(!run(0, 6, vec![(-25, true)]).1);
        assert!(!run(0, 6, vec![(-200, true)]).1);
        // Stopped while the widened window (-100, 25) is searched: the same rule, at its alpha.
        assert!(!run(0, 6, vec![(-30, false), (-100, true)]).1);
        assert!(run(0, 6, vec![(-30, false), (-90, true)]).1);
    }

    #[test]
    fn a_window_edge_past_the_centipawn_range_is_the_whole_window() {
        assert_eq!(window_edge(Score(100), -25), Score(75));
        assert_eq!(
            window_edge(Score(Score::MATE.0 - 1100), 400),
            Score::INFINITE
        );
        assert_eq!(
            window_edge(Score(-Score::MATE.0 + 1100), -400),
            -Score::INFINITE
        );
    }
}
