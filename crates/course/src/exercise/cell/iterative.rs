//! Notebook 03's cell: iterative deepening's loop, driving the iterative rung's own node one
//! iteration at a time, graded as the `iterative` exercise grades a file.

use super::not_done_in_cell;
use crate::exercise::find;
use crate::exercise::grade::{grade, Verdict};
use chess::ChessMove;
use searchlab_engine::games::Chess;
use searchlab_engine::limits::NodeCounter;
use searchlab_engine::search::deepening::{max_iteration_depth, IterativeStage, DEFAULT_DEPTH};
use searchlab_engine::search::engine::{score_without_moves, Engine, IterationObserver};
use searchlab_engine::search::iterative::Iterative;
use searchlab_engine::stats::{Iteration, SearchResult};
use searchlab_engine::{Depth, Game, Score, SearchLimits};

/// Iterative deepening's loop as the notebook's exercise cell writes it: searches with
/// `search` to depth 1, 2, … up to `max_depth`, stopping early as the limits or a proven mate
/// say, and tells `search` each iteration that completed ([`Deepener::completed`]).
pub type DeepeningLoop = fn(&mut Deepener, Depth);

/// What the learner's loop drives: the iterative rung (stage 3), one iteration at a time, and
/// the result so far.
pub struct Deepener {
    stage: Iterative<Chess>,
    game: Chess,
    /// The deepest iteration that ran to its end, whatever the learner's loop made of it: the
    /// rung's node stops for the limits only once there is a move to fall back on.
    finished: Depth,
    /// The result as the learner's loop recorded it: depth, score and line.
    depth: Depth,
    score: Score,
    line: Vec<ChessMove>,
    iterations: Vec<Iteration>,
    observer: Option<IterationObserver>,
}

impl Deepener {
    /// One iteration to `depth`: the root and the nodes below it searched by the iterative
    /// rung, the moves of `previous_line` tried first along that line (the root's first move
    /// first, at the next ply its second, …). Returns the root's score and principal variation;
    /// if the limits stopped the search midway ([`Deepener::stopped`]), both are worth nothing.
    pub fn iteration(
        &mut self,
        depth: Depth,
        previous_line: &[ChessMove],
    ) -> (Score, Vec<ChessMove>) {
        let state = self.stage.deepening();
        state.completed_depth = self.finished;
        state.previous_pv = previous_line.to_vec();
        let found = self.stage.iteration(&mut self.game, depth, Score::DRAW);
        if !self.stopped() && self.finished == 0 {
            self.finished = depth;
        }
        found
    }

    /// Whether the limits (nodes, time, `stop`) have stopped the search: the iteration that
    /// was running is unfinished, and every later one stops at once.
    pub fn stopped(&mut self) -> bool {
        self.stage.deepening().counter.stopped()
    }

    /// Records that the iteration to `depth` completed with `score` and the principal variation
    /// `line`: from now on the search's result (its depth, score, move and line), and reported
    /// as a GUI would be told.
    pub fn completed(&mut self, depth: Depth, score: Score, line: &[ChessMove]) {
        self.depth = depth;
        self.score = score;
        self.line = line.to_vec();
        let state = self.stage.deepening();
        state.previous_pv = self.line.clone();
        let iteration = state.record(depth, score);
        if let Some(observer) = self.observer.as_mut() {
            observer(&iteration);
        }
        self.iterations.push(iteration);
    }

    /// The search's result: the last iteration the loop recorded as completed.
    fn result(mut self) -> SearchResult<ChessMove> {
        let state = self.stage.deepening();
        state.completed_depth = self.depth;
        state.previous_pv = self.line;
        state.result(self.score, self.iterations)
    }
}

/// An engine whose iterative-deepening loop is the learner's: the iterative rung's node and
/// root below it.
pub struct LoopEngine {
    the_loop: DeepeningLoop,
    observer: Option<IterationObserver>,
}

impl LoopEngine {
    /// The engine that deepens with `the_loop`.
    pub fn new(the_loop: DeepeningLoop) -> LoopEngine {
        LoopEngine {
            the_loop,
            observer: None,
        }
    }
}

impl Engine<Chess> for LoopEngine {
    fn name(&self) -> &'static str {
        "your iterative"
    }

    fn search(&mut self, game: &mut Chess, limits: &SearchLimits) -> SearchResult<ChessMove> {
        let mut stage = Iterative::new();
        stage.deepening().counter = NodeCounter::new(limits);
        if game.legal_moves().is_empty() {
            return stage
                .deepening()
                .result(score_without_moves(game), Vec::new());
        }
        let mut deepener = Deepener {
            stage,
            game: game.clone(),
            finished: 0,
            depth: 0,
            score: Score::DRAW,
            line: Vec::new(),
            iterations: Vec::new(),
            observer: self.observer.take(),
        };
        (self.the_loop)(&mut deepener, max_iteration_depth(limits, DEFAULT_DEPTH));
        self.observer = deepener.observer.take();
        deepener.result()
    }

    fn set_iteration_observer(&mut self, observer: Option<IterationObserver>) {
        self.observer = observer;
    }
}

/// Grades a learner's loop as the `iterative` exercise (see [`super::super::grade`]): on the 24
/// positions at depths 1 to 4, the same score and move as alpha-beta, node for node the
/// rung's search, every iteration recorded and reported, and stopped by node limits, the
/// rung's depth, score and move.
pub fn grade_deepening_loop(the_loop: DeepeningLoop) -> Verdict {
    let exercise = find("iterative").expect("the iterative exercise");
    match grade(exercise, &move || Box::new(LoopEngine::new(the_loop))) {
        Verdict::NotDone(_) => not_done_in_cell("iterative", "the loop"),
        verdict => verdict,
    }
}
