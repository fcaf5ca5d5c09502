//! The exercises as notebook cells: the learner writes a rung's node as a plain function in the
//! notebook, and a helper grades it as `searchlab exercise check` grades a file (the same facts,
//! [`super::grade`]). A `todo!()` still in the function is "not done yet", printed, and the
//! notebook goes on: the grader catches the panic, so even a headless run is not stopped.

use super::find;
use super::grade::{grade, picker_problem, taught_tables, Verdict};
use crate::games::Chess;
use crate::limits::NodeCounter;
use crate::search::engine::{fixed_depth, fixed_depth_result, Engine};
use crate::stats::SearchResult;
use crate::{Depth, Game, Ply, Score, SearchLimits};

/// An alpha-beta node as the notebook's exercise cell writes it: the value of `game` within
/// `(alpha, beta)`, each node counted on `counter` (as the rung's node does).
pub type AlphaBetaNode = fn(&mut Chess, Depth, Ply, Score, Score, &mut NodeCounter) -> Score;

/// An engine around a learner's node: the alpha-beta rung's root, calling `node` below it.
pub struct NodeEngine {
    node: AlphaBetaNode,
    counter: NodeCounter,
}

impl NodeEngine {
    /// The engine that searches with `node`.
    pub fn new(node: AlphaBetaNode) -> NodeEngine {
        NodeEngine {
            node,
            counter: NodeCounter::new(&SearchLimits::default()),
        }
    }
}

impl Engine<Chess> for NodeEngine {
    fn name(&self) -> &'static str {
        "your alphabeta"
    }

    fn search(
        &mut self,
        game: &mut Chess,
        limits: &SearchLimits,
    ) -> SearchResult<chess::ChessMove> {
        let depth = fixed_depth(limits, 4);
        self.counter = NodeCounter::new(limits);
        self.counter.stats.nodes = 1; // the root
        let mut best_move = None;
        let mut best_score = -Score::INFINITE;
        for mv in game.legal_moves() {
            game.play(mv);
            let score = -(self.node)(
                game,
                depth - 1,
                1,
                -Score::INFINITE,
                -best_score,
                &mut self.counter,
            );
            game.undo();
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
            }
        }
        fixed_depth_result(game, best_move, best_score, depth, &self.counter)
    }
}

/// Grades a learner's alpha-beta node as the `alphabeta` exercise (see [`super::grade`]).
pub fn grade_alphabeta_node(node: AlphaBetaNode) -> Verdict {
    let exercise = find("alphabeta").expect("the alphabeta exercise");
    match grade(exercise, &move || Box::new(NodeEngine::new(node))) {
        // The file's message points at a file; the cell's learner writes in the cell.
        Verdict::NotDone(_) => Verdict::NotDone(
            "alphabeta: not done yet: the loop is still todo!(). Write it in the function above, \
             then run the cell again."
                .to_string(),
        ),
        verdict => verdict,
    }
}

/// A move's order score as the notebook's move-ordering cell writes it: `mv` in `game`, given
/// the node's hash move, the killers of its ply (the newer first) and the move's history score;
/// a larger score is tried first.
pub type OrderScore = fn(
    &Chess,
    chess::ChessMove,
    Option<chess::ChessMove>,
    [Option<chess::ChessMove>; 2],
    i32,
) -> i32;

/// Grades a learner's order score as the `ordered` exercise grades a move picker
/// ([`picker_problem`]): in its four positions, the moves handed out best first by `score`
/// must come in the rung's picker's order. (The killers are the crate's: this cell writes the
/// order, the file's exercise the killers too, and the search.)
pub fn grade_order_score(score: OrderScore) -> Verdict {
    use crate::search::move_picker::MovePicker;
    let exercise = find("ordered").expect("the ordered exercise");
    let probe = |game: &Chess, hash, cutoffs: &[chess::ChessMove]| {
        let tables = taught_tables(cutoffs);
        let killers = tables.killers(0);
        let scored = game
            .legal_moves()
            .into_iter()
            .map(|mv| (mv, score(game, mv, hash, killers, tables.history(0, mv))))
            .collect();
        (MovePicker::from_scores(scored).collect(), killers)
    };
    match picker_problem(exercise, &probe) {
        Some(Verdict::NotDone(_)) => Verdict::NotDone(
            "ordered: not done yet: the order score is still todo!(). Write it in the function \
             above, then run the cell again."
                .to_string(),
        ),
        Some(verdict) => verdict,
        None => Verdict::Solved(
            "ordered: solved. In the four positions of the ordered exercise, your scores hand \
             out every move in the rung's picker's order: the hash move, captures by MVV-LVA, \
             the killers, the rest by history."
                .to_string(),
        ),
    }
}
