// Exercise `ordered`: move ordering: captures by MVV-LVA, and the killer moves.
//
// Write the parts marked `todo!()`, then: searchlab exercise check ordered
// Stuck? searchlab exercise hint ordered (one hint at a time).
// The solution is the rung itself: crates/engine/src/search/ordered.rs and
// crates/engine/src/search/move_picker.rs. (Generated from crates/engine/src/search/ordered.rs
// and crates/engine/src/search/move_picker.rs by `searchlab exercise skeletons`; work in your
// own copy, exercises/mine/ordered.rs, which the commands make on first use.)

// Given, outside your parts: only a quiet move's cut-off reaches quiet_cutoff (the search tests
// the move before it calls), so a capture never becomes a killer here; in your own engine, make
// that test.
//
// Hidden here, so that this file shows no other exercise's answer: iterative's line, cached's
// store. Each is one line, exercise_answer!(EXERCISE, PART), which the grader replaces by the
// rung's own code; write your own in its place if you like.

//! # Stage 5: move ordering
//!
//! Alpha-beta is only as fast as its move order. With the best move first at every node it
//! visits about `2·b^(d/2)` nodes (Knuth and Moore's minimal tree); with the worst order, all
//! `b^d`. The cached engine already tries two good moves first, the previous principal
//! variation's and the table's; after them its moves come in the generator's order, which
//! knows nothing about chess. This stage puts the rest in order too, with a [`MovePicker`]:
//!
//! 1. the hash move (the previous PV's, else the table's), as before;
//! 2. captures and promotions, most valuable victim first, least valuable attacker first
//!    among those (MVV-LVA);
//! 3. two killer moves per ply: quiet moves that refuted a sibling position;
//! 4. the other quiet moves by their history score: how often, and how deep, each move
//!    caused a cut-off anywhere in the tree.
//!
//! Killers and history are learned *during* the search: at every cut-off made by a quiet
//! move, [`OrderingTables::quiet_cutoff`] records it. The picker and the tables live in
//! [`move_picker`](super::move_picker); this file shows only where the search asks them and
//! where it teaches them.
//!
//! **Invariant:** a pure speed-up. The window logic is the cached engine's, line for line, and
//! alpha-beta returns the same value whatever the order of the moves, so the score at depths
//! 1 to 4 is exactly the cached engine's (the table cannot change a score there, as
//! `cached.rs` explains). Only where two moves tie may it choose the other one.
//! **Cost:** scoring each move once per node (a few comparisons), the tables (killers per ply,
//! 8,192 history counters), and a selection sort that usually stops after the first move.

use searchlab::game::Game;
use searchlab::limits::SearchLimits;
use searchlab::score::{Depth, Ply, Score};
use searchlab::search::deepening::{deepen, Deepening, IterativeStage, DEFAULT_DEPTH};
use searchlab::search::engine::{Engine, IterationObserver};
use self::move_picker::{MovePicker, OrderingTables};
use searchlab::stats::SearchResult;
use searchlab::tt::{Bound, Probe, TranspositionTable};

/// The name of this engine: on the command line, in UCI's `Stage` option, in the tables.
pub const NAME: &str = "ordered";

/// The cached engine with every move in order: hash move, MVV-LVA, killers, history.
pub struct Ordered<G: Game> {
    state: Deepening<G::Move>,
    /// What earlier searches learned, by position.
    tt: TranspositionTable<G::Move>,
    /// Killer moves and the history table, learned as the search goes.
    tables: OrderingTables<G::Move>,
}

impl<G: Game> Ordered<G> {
    /// A new engine with a transposition table of about `megabytes` MB.
    pub fn new(megabytes: usize) -> Ordered<G> {
        Ordered {
            state: Deepening::new(),
            tt: TranspositionTable::new(megabytes),
            tables: OrderingTables::new(),
        }
    }
}

impl<G: Game> IterativeStage<G> for Ordered<G> {
    fn deepening(&mut self) -> &mut Deepening<G::Move> {
        &mut self.state
    }

    /// The table's entries become older; the killers are forgotten, the history fades.
    fn start_search(&mut self) {
        self.tt.new_search();
        self.tables.new_search();
    }

    /// The cached engine's alpha-beta, with the moves handed out by a [`MovePicker`], and the
    /// killers and history taught at every cut-off by a quiet move.
    fn alphabeta(
        &mut self,
        game: &mut G,
        depth: Depth,
        ply: Ply,
        mut alpha: Score,
        beta: Score,
        pv: &mut Vec<G::Move>,
    ) -> Score {
        pv.clear();
        if !self.state.count_node() {
            return Score::DRAW; // stopped: the iteration is abandoned, this is thrown away
        }
        if let Some(outcome) = game.outcome() {
            return outcome.score(ply);
        }
        if depth == 0 {
            return game.evaluate();
        }
        let key = game.hash();
        let stats = &mut self.state.counter.stats;
        let tt_move = match self.tt.probe_node(key, depth, ply, (alpha, beta), stats) {
            Probe::Cutoff(score) => return score,
            Probe::Search(tt_move) => tt_move,
        };
        let original_alpha = alpha;
        let moves = game.legal_moves();
        let hash_move = self.state.pv_move(&moves, ply).or(tt_move);
        let picker = MovePicker::new(game, moves, hash_move, &self.tables, ply);
        let mut quiets_tried = Vec::new();
        let mut best = -Score::INFINITE;
        let mut best_move = None;
        let mut child_pv = Vec::new();
        for (tried, mv) in picker.enumerate() {
            game.play(mv);
            let score = -self.alphabeta(game, depth - 1, ply + 1, -beta, -alpha, &mut child_pv);
            game.undo();
            // Only the first move of a PV node continues the previous PV.
            self.state.following_pv = false;
            if score > best {
                best = score;
                best_move = Some(mv);
            }
            // Hidden: iterative's part 'line' (the grader puts the rung's code here).
            exercise_answer!(iterative, line);
            let quiet = game.capture(mv).is_none();
            if alpha >= beta {
                self.state.counter.stats.count_cutoff(tried);
                if quiet && !self.state.counter.stopped() {
                    self.tables.quiet_cutoff(mv, ply, depth, &quiets_tried);
                }
                break;
            }
            if quiet {
                quiets_tried.push(mv);
            }
        }
        if !self.state.counter.stopped() {
            // Hidden: cached's part 'store' (the grader puts the rung's code here).
            exercise_answer!(cached, store);
        }
        best
    }

    /// The root's moves in the picker's order too (with the table's move first).
    fn order_root(&mut self, game: &G, moves: &mut Vec<G::Move>) {
        let tt_move = self.tt.probe(game.hash()).and_then(|entry| entry.best_move);
        *moves = MovePicker::new(game, std::mem::take(moves), tt_move, &self.tables, 0).collect();
    }
}

impl<G: Game> Engine<G> for Ordered<G> {
    fn name(&self) -> &'static str {
        NAME
    }

    fn search(&mut self, game: &mut G, limits: &SearchLimits) -> SearchResult<G::Move> {
        deepen(self, game, limits, DEFAULT_DEPTH)
    }

    fn set_iteration_observer(&mut self, observer: Option<IterationObserver>) {
        self.state.observer = observer;
    }

    fn new_game(&mut self) {
        self.tt.clear();
        self.tables.clear();
    }

    fn set_hash_size(&mut self, megabytes: usize) {
        self.tt = TranspositionTable::new(megabytes);
    }

    fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }
}

// --------------------------------------------------------------------------------------------
// The shared machinery this exercise takes in: crates/engine/src/search/move_picker.rs, as the
// module `move_picker` (the code above uses it as `self::move_picker`).
// --------------------------------------------------------------------------------------------

pub mod move_picker {
    //! # Move ordering, written once: the move picker and what it learns
    //!
    //! Alpha-beta's cost depends on which move it tries first. If the first move at a cut node is
    //! the refutation, the node costs one child; if the refutation comes tenth, nine more subtrees
    //! are searched for nothing. So the order of the moves is the one knob that turns a search of
    //! `b^d` nodes into one of about `2·b^(d/2)`. The [`MovePicker`] tries, in this order:
    //!
    //! 1. **The hash move**: the move the previous principal variation or the transposition table
    //!    names for this position. It was best (or refuted the node) the last time the position was
    //!    searched, one ply shallower: it very likely is again.
    //! 2. **Captures and promotions, by MVV-LVA**: *most valuable victim, least valuable
    //!    attacker*. Taking the queen first, and with the pawn rather than the queen if both can.
    //!    Winning material is the likeliest way to refute the opponent's last move, and it needs
    //!    no memory at all, only the position ([`Game::capture`]).
    //! 3. **Killer moves**: quiet moves that caused a cut-off at the same ply elsewhere in the tree.
    //!    Sibling positions differ by one move, and a threat that refuted one (a mate threat, a
    //!    fork) often refutes the others. [`KILLERS`] per ply: two, so that a new killer does not
    //!    evict a good old one at once (the newer goes first, the older second), and no more,
    //!    because a killer that never cuts again only costs a slot.
    //! 4. **Quiet moves by history**: every quiet move that caused a cut-off earns a bonus in the
    //!    history table (by side and from/to squares), growing with the depth of the
    //!    cut-off; quiet moves tried before it and failed earn a malus. Over a search the table
    //!    learns which quiet moves tend to work anywhere in the tree.
    //!
    //! At the horizon, the quiescence searches hand out their captures by MVV-LVA alone
    //! ([`noisy_moves_in_order`]).
    //!
    //! The picker scores each move once, when it is built, and then hands out the best of the
    //! moves not yet tried each time it is asked: a selection sort done lazily. At a cut node the
    //! first move usually ends the node, and the other moves are then never sorted at all.

    use searchlab::game::{Capture, Game};
    use searchlab::score::{Depth, Ply};
    use searchlab::tt::TableMove;

    /// Killer moves kept per ply.
    pub const KILLERS: usize = 2;

    /// Order scores: the hash move above all, then captures (MVV-LVA above this base), then the
    /// killers, then quiet moves by their history (which stays within ±[`HISTORY_MAX`]).
    const HASH_MOVE: i32 = i32::MAX;
    const CAPTURE: i32 = 1 << 29;
    const KILLER: i32 = 1 << 28;

    /// The bound of a history score: the bonuses and maluses approach it and never pass it.
    pub const HISTORY_MAX: i32 = 1 << 14;

    /// Side to move (relative to the root) × from/to squares: the size of the history table. A
    /// move's from/to squares are the low 12 bits of its [`TableMove::pack`] (a tic-tac-toe cell
    /// is less).
    const HISTORY_SLOTS: usize = 2 * 4096;

    /// What a search learns about quiet moves as it goes: killers by ply, and the history table.
    #[derive(Clone, Debug)]
    pub struct OrderingTables<M> {
        killers: Vec<[Option<M>; KILLERS]>,
        history: History,
    }

    impl<M: TableMove + PartialEq> OrderingTables<M> {
        /// Empty tables, with room for killers at every ply a search can reach.
        pub fn new() -> OrderingTables<M> {
            OrderingTables {
                killers: vec![[None; KILLERS]; searchlab::limits::MAX_DEPTH as usize + 1],
                history: History::new(),
            }
        }

        /// A new search: killers are forgotten (they belong to the plies of one tree), and the
        /// history halves, so that what it learned still counts but fades.
        pub fn new_search(&mut self) {
            self.killers.fill([None; KILLERS]);
            self.history.age();
        }

        /// Forgets everything (a new game).
        pub fn clear(&mut self) {
            self.killers.fill([None; KILLERS]);
            self.history = History::new();
        }

        /// The killers of `ply`, the newer first.
        pub fn killers(&self, ply: Ply) -> [Option<M>; KILLERS] {
            self.killers
                .get(ply as usize)
                .copied()
                .unwrap_or([None; KILLERS])
        }

        /// A quiet move `mv` caused a cut-off at `ply`, `depth` plies from the horizon, after the
        /// quiet moves in `tried_before` failed: it becomes the first killer of the ply, and the
        /// history rewards it and punishes the others, by `depth²` (deep cut-offs saved more work).
        pub fn quiet_cutoff(&mut self, mv: M, ply: Ply, depth: Depth, tried_before: &[M]) {
            todo!("exercise ordered: write the part 'killers'");
            let bonus = history_bonus(depth);
            self.history.update(ply, mv, bonus);
            for &failed in tried_before {
                self.history.update(ply, failed, -bonus);
            }
        }

        /// The history score of `mv` at `ply`.
        pub fn history(&self, ply: Ply, mv: M) -> i32 {
            self.history.score(ply, mv)
        }
    }

    /// What a quiet cut-off `depth` plies above the horizon is worth to a history score (and a
    /// failed quiet move before it loses): `depth²`, at most 400. Deep cut-offs saved more work.
    pub fn history_bonus(depth: Depth) -> i32 {
        (depth * depth).min(400) as i32
    }

    impl<M: TableMove + PartialEq> Default for OrderingTables<M> {
        fn default() -> Self {
            OrderingTables::new()
        }
    }

    /// The history table: one score per side to move and from/to squares. An array of its size
    /// (on the heap: 32 KB), so that a slot, which is below the size by construction, is read with
    /// no bounds check (the picker reads one for nearly every quiet move).
    #[derive(Clone, Debug)]
    struct History(Box<[i32; HISTORY_SLOTS]>);

    /// `score` plus `bonus` (negative: a malus), scaled down as the score nears the bound
    /// [`HISTORY_MAX`]: the one update rule of every history table (stage 8's continuation history
    /// learns by it too).
    pub fn gravity(score: i32, bonus: i32) -> i32 {
        score + bonus - score * bonus.abs() / HISTORY_MAX
    }

    impl History {
        fn new() -> History {
            History(Box::new([0; HISTORY_SLOTS]))
        }

        /// The side to move alternates with the ply, so `ply % 2` tells the two sides apart.
        fn slot<M: TableMove>(ply: Ply, mv: M) -> usize {
            (ply as usize % 2) * 4096 + (mv.pack() & 0xFFF) as usize
        }

        fn score<M: TableMove>(&self, ply: Ply, mv: M) -> i32 {
            self.0[Self::slot(ply, mv)]
        }

        /// Adds `bonus` (negative: a malus), scaled down as the score nears the bound: a score at
        /// `+HISTORY_MAX` gains nothing more, one at 0 gains all of it. So no score ever passes
        /// the bound, however long the search, and a move that stops working loses its credit as
        /// fast as it earned it. (Plain `+= depth²` would grow without end and let an old
        /// success outweigh every new one.)
        fn update<M: TableMove>(&mut self, ply: Ply, mv: M, bonus: i32) {
            let entry = &mut self.0[Self::slot(ply, mv)];
            *entry = gravity(*entry, bonus);
        }

        /// Between searches: halve every score.
        fn age(&mut self) {
            self.0.iter_mut().for_each(|h| *h /= 2);
        }
    }

    /// The moves of one node, handed out best first.
    pub struct MovePicker<M> {
        /// Every move; the first `next` of them have been handed out.
        moves: Vec<M>,
        /// The order score of each move, at the move's index.
        scores: Vec<i32>,
        next: usize,
    }

    impl<M: TableMove + PartialEq> MovePicker<M> {
        /// Scores `moves` once: `hash_move` first, then captures by MVV-LVA, then the killers of
        /// `ply`, then the rest by history.
        pub fn new<G: Game<Move = M>>(
            game: &G,
            moves: Vec<M>,
            hash_move: Option<M>,
            tables: &OrderingTables<M>,
            ply: Ply,
        ) -> MovePicker<M> {
            let history = |mv| tables.history(ply, mv);
            MovePicker::with_quiet_scores(game, moves, hash_move, tables, ply, history)
        }

        /// As [`MovePicker::new`], with `quiet_score(mv)` as the order score of each quiet move
        /// that is not a killer.
        pub fn with_quiet_scores<G: Game<Move = M>>(
            game: &G,
            moves: Vec<M>,
            hash_move: Option<M>,
            tables: &OrderingTables<M>,
            ply: Ply,
            quiet_score: impl Fn(M) -> i32,
        ) -> MovePicker<M> {
            let room = Vec::with_capacity(moves.len());
            MovePicker::scored_in(room, game, moves, hash_move, tables, ply, quiet_score)
        }

        /// As [`MovePicker::with_quiet_scores`], scoring into `room`, a list kept from an earlier
        /// node ([`MovePicker::into_room`] gives it back): a search that keeps one per ply asks
        /// for no new memory.
        pub fn scored_in<G: Game<Move = M>>(
            mut room: Vec<i32>,
            game: &G,
            moves: Vec<M>,
            hash_move: Option<M>,
            tables: &OrderingTables<M>,
            ply: Ply,
            quiet_score: impl Fn(M) -> i32,
        ) -> MovePicker<M> {
            let killers = tables.killers(ply);
            let score = |mv: M| -> i32 {
                todo!("exercise ordered: write the part 'order'")
            };
            room.clear();
            room.extend(moves.iter().map(|&mv| score(mv)));
            MovePicker {
                moves,
                scores: room,
                next: 0,
            }
        }

        /// How many moves are not handed out yet.
        pub fn remaining(&self) -> usize {
            self.moves.len() - self.next
        }

        /// How many moves have been handed out.
        pub fn handed_out(&self) -> usize {
            self.next
        }

        /// The moves not handed out yet, in no particular order.
        pub fn rest(&self) -> impl Iterator<Item = M> + '_ {
            self.moves[self.next..].iter().copied()
        }

        /// The moves, and the list their scores were written in, for the next node to use again.
        pub fn into_room(self) -> (Vec<M>, Vec<i32>) {
            (self.moves, self.scores)
        }
    }

    impl<M> MovePicker<M> {
        /// A picker for moves already scored: each move with its order score, handed out best
        /// first (a notebook's exercise cell scores the moves its own way).
        pub fn from_scores(scored: Vec<(M, i32)>) -> MovePicker<M> {
            let (moves, scores) = scored.into_iter().unzip();
            MovePicker {
                moves,
                scores,
                next: 0,
            }
        }
    }

    impl<M: Copy> Iterator for MovePicker<M> {
        type Item = M;

        /// The best of the moves not handed out yet, swapped into the first place not handed
        /// out. A tie goes to the first in the order the earlier swaps have left, which is not
        /// always the generator's: a swap sends the move it displaces to where the chosen one
        /// stood (scores 5, 5, 9, 5 for A, B, C, D come out C, B, A, D). The order is still fixed
        /// by the moves and their scores, so the search stays deterministic.
        #[inline]
        fn next(&mut self) -> Option<M> {
            let rest = self.scores.get(self.next..)?;
            let (mut best, mut best_score) = (0, *rest.first()?);
            for (i, &score) in rest.iter().enumerate().skip(1) {
                // The first of the best: a later move must score higher to take its place.
                if score > best_score {
                    (best, best_score) = (i, score);
                    if score == HASH_MOVE {
                        break; // nothing scores higher
                    }
                }
            }
            let chosen = self.moves[self.next + best];
            self.moves.swap(self.next, self.next + best);
            self.scores.swap(self.next, self.next + best);
            self.next += 1;
            Some(chosen)
        }
    }

    /// The noisy moves of `game` in the order a quiescence search tries them (stage 7's; stage 8
    /// writes the same order into lists it keeps): most valuable victim first, then the cheapest
    /// attacker (MVV-LVA); quiet evasions of check last. No killers and no history: at the horizon
    /// only the material on the board counts.
    pub fn noisy_moves_in_order<G: Game>(game: &G) -> impl Iterator<Item = G::Move> {
        let mut moves = game.noisy_moves();
        // Sorted in place, with no second list; a stable sort, so equal keys keep the
        // generator's order.
        moves.sort_by_key(|&mv| noisy_order(game, mv));
        moves.into_iter()
    }

    /// A noisy move's order key, the least first: MVV-LVA, negated (a quiet evasion of check: 0).
    fn noisy_order<G: Game>(game: &G, mv: G::Move) -> i32 {
        capture_order(game.capture(mv))
    }

    /// The order key of a move that captures `capture` (`None`: a quiet evasion of check).
    pub fn capture_order(capture: Option<Capture>) -> i32 {
        -capture.map_or(0, Capture::mvv_lva)
    }

    /// Delta pruning in a quiescence search: a capture is skipped when the static evaluation plus
    /// its victim plus this margin (in centipawns) still falls short of alpha.
    pub const DELTA_MARGIN: i32 = 200;

    #[cfg(test)]
    mod tests {
        use super::*;
        use searchlab::games::{Chess, TicTacToe};

        fn uci(moves: &[chess::ChessMove]) -> Vec<String> {
            moves.iter().map(|m| m.to_string()).collect()
        }

        #[test]
        fn hash_move_then_mvv_lva_then_killers_then_history() {
            // White can take the queen on d5 with the pawn, the knight or the queen, and promote
            // on b8.
            let game = Chess::from_fen("4k3/1P6/8/3q4/4P3/2N4r/8/3QK3 w - - 0 1").unwrap();
            let mut tables = OrderingTables::new();
            let quiet = game.parse_uci("d1d2").unwrap();
            let killer = game.parse_uci("e1f2").unwrap();
            tables.quiet_cutoff(killer, 0, 4, &[quiet]);
            let hash = game.parse_uci("c3b5").unwrap();
            let order: Vec<_> =
                MovePicker::new(&game, game.legal_moves(), Some(hash), &tables, 0).collect();
            assert_eq!(order.len(), game.legal_moves().len());
            // The hash move; the queen (900) by the least valuable attacker first; the promotion
            // to a queen (+800), then the under-promotions.
            assert_eq!(
                uci(&order[..9]),
                ["c3b5", "e4d5", "c3d5", "d1d5", "b7b8q", "b7b8r", "b7b8b", "b7b8n", "e1f2"]
            );
            // After the killer, the quiet moves by history: the one punished comes last.
            assert_eq!(order.last(), Some(&quiet));
        }

        #[test]
        fn ties_come_out_in_the_order_the_swaps_leave() {
            // C (9) is swapped with A, which then stands behind B: C, B, A, D, not C, A, B, D.
            let scored = vec![('A', 5), ('B', 5), ('C', 9), ('D', 5)];
            let picker = MovePicker::from_scores(scored);
            assert_eq!(picker.collect::<String>(), "CBAD");
        }

        #[test]
        fn history_stays_bounded() {
            let mut tables: OrderingTables<searchlab::games::tictactoe::Cell> = OrderingTables::new();
            let game = TicTacToe::new();
            let cell = game.legal_moves()[4];
            for _ in 0..10_000 {
                tables.quiet_cutoff(cell, 1, 20, &[]);
            }
            let h = tables.history(1, cell);
            assert!(h > HISTORY_MAX * 9 / 10 && h <= HISTORY_MAX, "{h}");
            assert_eq!(
                tables.history(0, cell),
                0,
                "the other side's table is untouched"
            );
            tables.new_search();
            assert_eq!(tables.history(1, cell), h / 2);
            assert_eq!(tables.killers(1), [None, None]);
        }
    }
}
