//! # Stage 8's speed plumbing
//!
//! Stage 8 is the engine's hot path as well as a chapter: every search a player meets runs its
//! node, millions of times a second. What is here makes that node cheaper and changes nothing
//! it does (the same nodes, moves and scores with it or without it, fewer instructions a node):
//!
//! - [`PlyLists`]: the move lists of each ply ([`NodeLists`]), kept from node to node, so that
//!   the search asks for memory the first time it reaches a ply and never again; and
//!   [`noisy_moves_in_order_into`], the quiescence search's captures in stage 7's order, written
//!   into those lists;
//! - the table entry of a child starts loading as soon as its move is played (`prefetch_child`);
//! - a node's quiet moves settled all at once where late move pruning or futility would skip
//!   each of them in turn (`QuietSkip`).
//!
//! A file of its own so that the chapter's files hold what the chapter teaches, and the node
//! names each of these in a word.

use super::Selective;
use crate::game::{Evaluator, Game};
use crate::score::{Depth, Ply};
use crate::search::move_picker::{capture_order, MovePicker};

// ANCHOR: exercise_from_crate
/// The lists a node of a search fills, kept from node to node (see [`PlyLists`]).
#[derive(Clone, Debug)]
pub struct NodeLists<M> {
    /// The node's moves.
    pub moves: Vec<M>,
    /// The move picker's order scores.
    pub scored: Vec<i32>,
    /// The quiescence search's noisy moves in order, with what each captures.
    pub noisy: Vec<(M, i32, i32)>,
    /// The quiet moves tried so far (if a later one cuts off, the history punishes them).
    pub quiets_tried: Vec<M>,
    /// The principal variation of the child being searched.
    pub child_pv: Vec<M>,
}

impl<M> Default for NodeLists<M> {
    fn default() -> Self {
        NodeLists {
            moves: Vec::new(),
            scored: Vec::new(),
            noisy: Vec::new(),
            quiets_tried: Vec::new(),
            child_pv: Vec::new(),
        }
    }
}

/// Move lists kept from node to node, one set per ply ([`NodeLists`]): a node borrows its
/// ply's set and gives it back when it is done, so a search asks for memory only the first
/// time it reaches a ply, not at every node. (Two nodes of one ply are never open at once: a
/// node's children are one ply further.)
#[derive(Clone, Debug)]
pub struct PlyLists<M>(Vec<NodeLists<M>>);

impl<M> PlyLists<M> {
    /// No lists yet.
    pub fn new() -> PlyLists<M> {
        PlyLists(Vec::new())
    }

    /// The lists of `ply`, lent to its node empty (their memory kept).
    pub fn take(&mut self, ply: Ply) -> NodeLists<M> {
        let mut lists = self
            .0
            .get_mut(ply as usize)
            .map(std::mem::take)
            .unwrap_or_default();
        lists.moves.clear();
        lists.scored.clear();
        lists.noisy.clear();
        lists.quiets_tried.clear();
        lists.child_pv.clear();
        lists
    }

    /// The lists of `ply`, given back by its node.
    pub fn give_back(&mut self, ply: Ply, lists: NodeLists<M>) {
        let ply = ply as usize;
        if self.0.len() <= ply {
            self.0.resize_with(ply + 1, Default::default);
        }
        self.0[ply] = lists;
    }
}

impl<M> Default for PlyLists<M> {
    fn default() -> Self {
        PlyLists::new()
    }
}

/// The quiescence search's noisy moves in stage 7's order
/// ([`noisy_moves_in_order`](crate::search::move_picker::noisy_moves_in_order)), into lists kept
/// from node to node (see [`PlyLists`]): `moves` gets the noisy moves, and `ordered` them in the
/// same order, each with its order key and the value of what it takes ([`Game::capture`]'s
/// victim, which delta pruning reads). Both are worked out once a move, where sorting in place
/// works the key out at every comparison.
pub fn noisy_moves_in_order_into<G: Game>(
    game: &G,
    moves: &mut Vec<G::Move>,
    ordered: &mut Vec<(G::Move, i32, i32)>,
) {
    game.noisy_moves_into(moves);
    ordered.clear();
    ordered.extend(moves.iter().map(|&mv| {
        let capture = game.capture(mv);
        (mv, capture_order(capture), capture.map_or(0, |c| c.victim))
    }));
    ordered.sort_by_key(|&(_, key, _)| key); // stable too
}
// ANCHOR_END: exercise_from_crate

impl<G: Game, E: Evaluator<G>> Selective<G, E> {
    /// The child just played probes the table soon: its entry starts loading now. Not at
    /// depth 1 for a child that gives no check: that child is a leaf, and the quiescence
    /// search has no table.
    #[inline]
    pub(super) fn prefetch_child(&self, game: &G, depth: Depth, gives_check: bool) {
        if depth > 1 || gives_check {
            self.tt.prefetch(game.hash());
        }
    }
}

// ANCHOR: skip_the_rest
/// A node's quiet moves skipped all at once: the picker hands out every capture before the
/// first quiet move, so from a quiet move on, every move left is quiet, and two prunings can
/// settle all of them at that move instead of having the picker hand each out to be skipped.
pub(super) struct QuietSkip {
    /// Late move pruning's count of quiet moves to try ([`Selective::late_move_count`]).
    late_moves: Option<usize>,
    /// Whether futility pruning skips this node's quiet moves that give no check.
    futile: bool,
    /// Whether a futile node has looked for a quiet check among its moves left (once is enough).
    checks_looked_for: bool,
}

impl QuietSkip {
    pub(super) fn new(late_moves: Option<usize>, futile: bool) -> QuietSkip {
        QuietSkip {
            late_moves,
            futile,
            checks_looked_for: false,
        }
    }

    /// Whether `mv`, a quiet move, and every move the picker has left are skipped: `tried`
    /// moves came before it, `quiets_tried` of them quiet and searched. (Always inlined: it
    /// is asked at every quiet move, and was part of the node's loop before it had a name.)
    #[inline(always)]
    pub(super) fn the_rest<G: Game>(
        &mut self,
        game: &G,
        mv: G::Move,
        tried: usize,
        quiets_tried: usize,
        picker: &MovePicker<G::Move>,
    ) -> bool {
        if self.late_moves.is_some_and(|count| quiets_tried >= count) {
            return true; // late move pruning: the quiet moves after the count, all of them
        }
        if self.futile && tried > 0 && !self.checks_looked_for {
            // Futility pruning (in the node) skips every quiet move that gives no check: if
            // none of them gives check, all are skipped now.
            self.checks_looked_for = true;
            return !game.gives_check(mv) && picker.rest().all(|m| !game.gives_check(m));
        }
        false
    }
}
// ANCHOR_END: skip_the_rest
