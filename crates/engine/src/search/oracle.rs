//! # The ordering oracle: how few nodes could alpha-beta visit?
//!
//! Not a rung of the ladder, but its yardstick. Every speed-up from alpha-beta on is a better
//! move order; this engine has the *perfect* one, so its node count is the floor that move
//! ordering can approach and never pass.
//!
//! It is plain fixed-depth alpha-beta (stage 2's algorithm: no table, fail-soft, the same node
//! counting), except that at every node it knows the exact value of every move before trying
//! any, and orders them by it:
//!
//! - at a **cut node** (the value is `>= beta`), one move is enough to cut off, so it tries
//!   first the refutation whose own subtree is *smallest*: of all the moves that score
//!   `>= beta`, the cheapest to prove;
//! - at a **PV node** (`alpha < value < beta`) the best move goes first (the cheapest of them,
//!   should several tie), so that every other move is searched with the tightest window;
//! - at an **all node** (`value <= alpha`) every move must be searched, with the same window
//!   whatever the order.
//!
//! Where does the knowledge come from? From searching. Each move's exact value comes from a
//! separate search with a table per depth (a position's value at depth 3 never answers for
//! depth 2, so no deeper entry can bend it), and the size of a refutation's subtree from
//! planning that subtree the same way, remembered for each position, depth and window. None
//! of this work is counted: the node count is that of the one alpha-beta search the plan
//! describes. It is expensive (thousands of times the work of the search it plans), which is
//! why it is an oracle and not an engine; depth 5 on the built-in positions takes a few
//! minutes.
//!
//! **Invariant:** it returns exactly alpha-beta's score (it *is* alpha-beta), with at most the
//! nodes of any alpha-beta search of that depth that uses no table, and every cut-off made by
//! the first move tried. The stages with a table can visit fewer: a table answers a position
//! met again by transposition without searching it at all, which no plain alpha-beta can do.

use crate::game::{Capture, Game};
use crate::limits::{NodeCounter, SearchLimits};
use crate::score::{Depth, Ply, Score};
use crate::search::engine::{fixed_depth, fixed_depth_result, Engine};
use crate::stats::{SearchResult, SearchStats};
use crate::tt::{Bound, TranspositionTable};
use std::collections::HashMap;

/// Depth searched when the limits give none.
pub const DEFAULT_DEPTH: Depth = 4;

/// Size of each per-depth table of exact values, in megabytes.
const TABLE_MB: usize = 16;

/// The plan of one node under one window: what alpha-beta with perfect ordering returns
/// there, and what it costs.
#[derive(Clone, Copy, Debug)]
struct Plan {
    /// The fail-soft value alpha-beta returns.
    value: Score,
    /// Nodes of the planned search, this node included.
    nodes: u64,
    /// Cut-offs in the planned search (each made by the first move tried).
    cutoffs: u64,
}

/// Where a plan is remembered: position, remaining depth, ply (mate scores depend on it), and
/// the window.
type PlanKey = (u64, Depth, Ply, Score, Score);

/// The name of this engine: on the command line, in UCI's `Stage` option, in the tables.
pub const NAME: &str = "oracle";

/// Alpha-beta with a perfect move order (see the module docs).
pub struct Oracle<G: Game> {
    /// The oracle's own work (the exact-value searches): what limits and `stop` count.
    work: NodeCounter,
    /// Exact-value tables, one per remaining depth.
    exact: Vec<TranspositionTable<G::Move>>,
    /// Plans already made.
    plans: HashMap<PlanKey, Plan>,
    /// Plans known to cost more than the budget they were given.
    too_big: HashMap<PlanKey, u64>,
}

impl<G: Game> Default for Oracle<G> {
    fn default() -> Self {
        Oracle::new()
    }
}

impl<G: Game> Oracle<G> {
    /// A new oracle.
    pub fn new() -> Oracle<G> {
        Oracle {
            work: NodeCounter::new(&SearchLimits::default()),
            exact: Vec::new(),
            plans: HashMap::new(),
            too_big: HashMap::new(),
        }
    }

    /// The exact value of `game` at `depth`, `ply` plies from the root, for the side to move.
    fn exact_value(&mut self, game: &mut G, depth: Depth, ply: Ply) -> Score {
        self.solve(game, depth, ply, -Score::INFINITE, Score::INFINITE)
    }

    /// Is the value of `game` at `depth` at least `bound`? One null-window search.
    fn at_least(&mut self, game: &mut G, depth: Depth, ply: Ply, bound: Score) -> bool {
        self.solve(game, depth, ply, Score(bound.0 - 1), bound) >= bound
    }

    /// The exact-value search: fail-soft alpha-beta, the table's move and captures first,
    /// with a table that only answers for exactly the same depth.
    fn solve(
        &mut self,
        game: &mut G,
        depth: Depth,
        ply: Ply,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        if !self.work.count_node() {
            return Score::DRAW; // stopped: the search is abandoned
        }
        if let Some(outcome) = game.outcome() {
            return outcome.score(ply);
        }
        if depth == 0 {
            return game.evaluate();
        }
        while self.exact.len() <= depth as usize {
            self.exact.push(TranspositionTable::new(TABLE_MB));
        }
        let key = game.hash();
        let entry = self.exact[depth as usize].probe(key);
        let exact_depth = entry.filter(|e| e.depth == depth);
        if let Some(score) = exact_depth.and_then(|e| e.cutoff(depth, ply, alpha, beta)) {
            return score;
        }
        let mut moves = game.legal_moves();
        let tt_move = entry.and_then(|e| e.best_move);
        moves.sort_by_key(|&mv| {
            let capture = game.capture(mv).map_or(0, Capture::mvv_lva);
            if Some(mv) == tt_move {
                i32::MIN
            } else {
                -capture
            }
        });
        let original_alpha = alpha;
        let mut best = -Score::INFINITE;
        let mut best_move = None;
        for mv in moves {
            game.play(mv);
            let score = -self.solve(game, depth - 1, ply + 1, -beta, -alpha);
            game.undo();
            if score > best {
                best = score;
                best_move = Some(mv);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        if !self.work.stopped() {
            let bound = Bound::of(best, original_alpha, beta);
            self.exact[depth as usize].store(key, depth, best.to_tt(ply), bound, best_move);
        }
        best
    }

    // ANCHOR: plan
    /// The plan of `game` at `depth` under the window `(alpha, beta)`: alpha-beta with the
    /// perfect order, its value and its cost; `None` if it would cost more than `budget` nodes
    /// (the caller already has a cheaper way: branch and bound).
    fn plan(
        &mut self,
        game: &mut G,
        depth: Depth,
        ply: Ply,
        (alpha, beta): (Score, Score),
        budget: u64,
    ) -> Option<Plan> {
        let leaf = |value| Plan {
            value,
            nodes: 1,
            cutoffs: 0,
        };
        if budget == 0 {
            return None;
        }
        if let Some(outcome) = game.outcome() {
            return Some(leaf(outcome.score(ply)));
        }
        if depth == 0 {
            return Some(leaf(game.evaluate()));
        }
        let key = (game.hash(), depth, ply, alpha, beta);
        if let Some(&plan) = self.plans.get(&key) {
            return (plan.nodes <= budget).then_some(plan);
        }
        if self.too_big.get(&key).is_some_and(|&known| budget <= known) {
            return None;
        }
        // Which kind of node this is takes one or two null-window searches; only a PV node needs
        // its exact value.
        let moves = game.legal_moves();
        let plan = if self.at_least(game, depth, ply, beta) {
            self.cut_node(game, &moves, depth, ply, (alpha, beta), budget)
        } else if self.at_least(game, depth, ply, Score(alpha.0 + 1)) {
            let value = self.exact_value(game, depth, ply);
            self.pv_node(game, &moves, value, depth, ply, (alpha, beta), budget)
        } else {
            self.all_node(game, &moves, depth, ply, (alpha, beta), budget)
        };
        if !self.work.stopped() {
            match plan {
                Some(plan) => {
                    self.plans.insert(key, plan);
                }
                None => {
                    self.too_big.insert(key, budget);
                }
            }
        }
        plan
    }

    // ANCHOR: cut_node
    /// A cut node: of the moves that refute (score `>= beta`), the one whose subtree is
    /// smallest, and nothing else. A refutation's subtree is an all node, which searches every
    /// reply, so it has at least one node per reply: moves are tried fewest replies first, and
    /// once no later one could be cheaper than the cheapest found, the rest are skipped (branch
    /// and bound).
    fn cut_node(
        &mut self,
        game: &mut G,
        moves: &[G::Move],
        depth: Depth,
        ply: Ply,
        window: (Score, Score),
        budget: u64,
    ) -> Option<Plan> {
        let mut by_size: Vec<(u64, G::Move)> = moves
            .iter()
            .map(|&mv| {
                game.play(mv);
                let smallest = if depth == 1 || game.outcome().is_some() {
                    1
                } else {
                    1 + game.legal_moves().len() as u64
                };
                game.undo();
                (smallest, mv)
            })
            .collect();
        by_size.sort_by_key(|&(smallest, _)| smallest);
        let mut cheapest: Option<Plan> = None;
        for (smallest, mv) in by_size {
            let room = cheapest.map_or(budget - 1, |c| c.nodes - 1);
            if smallest > room {
                break;
            }
            game.play(mv);
            let refutes = !self.at_least(game, depth - 1, ply + 1, Score(1 - window.1 .0));
            game.undo();
            if !refutes {
                continue;
            }
            if let Some(child) = self.plan_move(game, mv, depth, ply, window, room) {
                if cheapest.is_none_or(|c| child.nodes < c.nodes) {
                    cheapest = Some(child);
                }
            }
        }
        cheapest.map(|child| Plan {
            value: child.value,
            nodes: 1 + child.nodes,
            cutoffs: child.cutoffs + 1,
        })
    }
    // ANCHOR_END: cut_node

    /// A PV node: the cheapest of the best moves first (value `value`); every other move is
    /// then searched with the window `(value, beta)`, which it cannot beat.
    #[allow(clippy::too_many_arguments)]
    fn pv_node(
        &mut self,
        game: &mut G,
        moves: &[G::Move],
        value: Score,
        depth: Depth,
        ply: Ply,
        window: (Score, Score),
        budget: u64,
    ) -> Option<Plan> {
        let mut first: Option<(G::Move, Plan)> = None;
        for &mv in moves {
            // A best move leaves the opponent at most `-value`.
            game.play(mv);
            let best = !self.at_least(game, depth - 1, ply + 1, Score(1 - value.0));
            game.undo();
            if !best {
                continue;
            }
            let room = first.map_or(budget - 1, |(_, f)| f.nodes - 1);
            if let Some(child) = self.plan_move(game, mv, depth, ply, window, room) {
                if first.is_none_or(|(_, f)| child.nodes < f.nodes) {
                    first = Some((mv, child));
                }
            }
        }
        let (best, child) = first?;
        let mut plan = Plan {
            value,
            nodes: 1 + child.nodes,
            cutoffs: child.cutoffs,
        };
        for &mv in moves.iter().filter(|&&mv| mv != best) {
            let room = budget.checked_sub(plan.nodes)?;
            let child = self.plan_move(game, mv, depth, ply, (value, window.1), room)?;
            plan.nodes += child.nodes;
            plan.cutoffs += child.cutoffs;
        }
        Some(plan)
    }

    /// An all node: every move, with the same window, in any order.
    fn all_node(
        &mut self,
        game: &mut G,
        moves: &[G::Move],
        depth: Depth,
        ply: Ply,
        window: (Score, Score),
        budget: u64,
    ) -> Option<Plan> {
        let mut plan = Plan {
            value: -Score::INFINITE,
            nodes: 1,
            cutoffs: 0,
        };
        for &mv in moves {
            let room = budget.checked_sub(plan.nodes)?;
            let child = self.plan_move(game, mv, depth, ply, window, room)?;
            plan.value = plan.value.max(child.value);
            plan.nodes += child.nodes;
            plan.cutoffs += child.cutoffs;
        }
        Some(plan)
    }
    // ANCHOR_END: plan

    /// The plan of the position after `mv`, searched from a node at `depth` and `ply` with the
    /// window `(alpha, beta)`, within `budget` nodes; its value negated back to this node's
    /// side.
    fn plan_move(
        &mut self,
        game: &mut G,
        mv: G::Move,
        depth: Depth,
        ply: Ply,
        (alpha, beta): (Score, Score),
        budget: u64,
    ) -> Option<Plan> {
        game.play(mv);
        let child = self.plan(game, depth - 1, ply + 1, (-beta, -alpha), budget);
        game.undo();
        child.map(|child| Plan {
            value: -child.value,
            ..child
        })
    }
}

impl<G: Game> Engine<G> for Oracle<G> {
    fn name(&self) -> &'static str {
        NAME
    }

    /// Plans the root as alpha-beta's root searches it: every move, the best first, each later
    /// one with the window `(best, +∞)`.
    fn search(&mut self, game: &mut G, limits: &SearchLimits) -> SearchResult<G::Move> {
        let depth = fixed_depth(limits, DEFAULT_DEPTH);
        self.work = NodeCounter::new(limits);
        self.plans.clear();
        self.too_big.clear();
        self.exact.clear();
        let whole = (-Score::INFINITE, Score::INFINITE);
        let unplanned = Plan {
            value: Score::DRAW,
            nodes: 1,
            cutoffs: 0,
        };
        let root = self
            .plan(game, depth, 0, whole, u64::MAX)
            .unwrap_or(unplanned);
        // The root's move: the first best move in generator order, as alpha-beta's is.
        let mut best_move = None;
        for mv in game.legal_moves() {
            if self.work.stopped() {
                break;
            }
            game.play(mv);
            let value = -self.exact_value(game, depth - 1, 1);
            game.undo();
            if value == root.value && best_move.is_none() {
                best_move = Some(mv);
            }
        }
        // The counters are those of the planned search; the clock and the stop, the real work's.
        let work = std::mem::replace(&mut self.work, NodeCounter::new(&SearchLimits::default()));
        if work.stopped() {
            best_move = None;
        }
        let counter = NodeCounter {
            stats: SearchStats {
                nodes: root.nodes,
                beta_cutoffs: root.cutoffs,
                first_move_cutoffs: root.cutoffs,
                ..SearchStats::default()
            },
            stopper: work.stopper,
        };
        let result = fixed_depth_result(game, best_move, root.value, depth, &counter);
        // Release the memory: the plans of a deep search are many.
        self.plans = HashMap::new();
        self.too_big = HashMap::new();
        self.exact.clear();
        result
    }
}
