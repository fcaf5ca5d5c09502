//! Exercises: the learner writes a rung's idea, and the crate grades it against its own rungs.
//!
//! **Each exercise is a rung with its idea taken out.** The parts to write are marked in the
//! rung's own source by anchors whose names start with `exercise_`:
//!
//! ```text
//!         // ANCHOR: exercise_node
//!         let mut best = -Score::INFINITE;
//!         ...
//!         // ANCHOR_END: exercise_node
//! ```
//!
//! mdBook drops anchor lines from what it includes, and so do the rung diffs
//! ([`crate::diff`]), so the marks never show in the book. [`skeleton()`] turns the source
//! into the exercise: each marked part becomes a `todo!()` with the part's name, and the file's
//! `crate::` paths become `searchlab::`, since the learner's copy is compiled as a small crate of
//! its own that depends on searchlab (so a learner's compile error can never break the
//! crate). The committed skeletons in `exercises/` are what [`skeleton()`] generates; a test
//! keeps them so. The solution is the rung's own file, named in each skeleton's header.
//! An earlier exercise's idea that a later rung repeats is hidden in the later skeleton as
//! well, and filled in when graded ([`skeleton`](mod@skeleton) says how).
//!
//! **Grading** ([`grade`]) holds the learner's engine to the facts the ladder tests hold for
//! the rung itself: the same score and move as the rung below on the 24 ladder positions at
//! depths 1 to 4 (or a different move proved to be worth the same), and fewer nodes in total.
//! An unfinished part (a `todo!()` reached) is "not done yet", never a panic trace.
//!
//! `searchlab exercise list | check NAME | hint NAME | watch` is the learner's command; it
//! works in `exercises/mine/`, a copy git ignores ([`workspace`]). In a notebook, the learner
//! writes the node as a function in a cell, and [`cell`] grades it the same way.

pub mod build;
pub mod caught;
#[cfg(feature = "pictures")]
pub mod cell;
pub mod diagnose;
pub mod game_tree;
pub mod grade;
pub mod mistakes;
pub mod skeleton;
pub mod words;
pub mod workspace;

pub use skeleton::{
    fill_answers, parts, parts_to_write, skeleton, solution, todo_message, Part, ANSWER_MACRO,
};

use searchlab_engine::error::{Error, Result};

/// One exercise: a rung with its idea taken out.
#[derive(Clone, Copy, Debug)]
pub struct Exercise {
    /// Its name on the command line (`alphabeta`).
    pub name: &'static str,
    /// What the learner writes, in a line.
    pub title: &'static str,
    /// The rung's source file, from the repository root: the solution.
    pub source_path: &'static str,
    /// The rung's source.
    pub source: &'static str,
    /// The marked parts taken out (a file may hold the parts of several exercises); empty:
    /// every part the file marks.
    pub parts: &'static [&'static str],
    /// The pieces of shared machinery the rung introduced, taken in whole (with parts of their
    /// own to write), and, for a rung that is a folder, its other files: each becomes a module
    /// at the end of the learner's file, and the rung's uses of it point there.
    pub shared: &'static [Shared],
    /// The type the rung's file defines, and the expression that makes one
    /// (`AlphaBeta::new()`).
    pub engine: &'static str,
    /// The stage the learner's engine is graded against (the rung below).
    pub below: &'static str,
    /// The deepest depth graded (from 1).
    pub max_depth: searchlab_engine::Depth,
    /// Positions graded at a greater depth as well, beyond the ladder's (a fact the shallow
    /// ladder searches cannot show, such as mate distances read back from the table).
    pub deeper: &'static [Deeper],
    /// A knowledge rung (it changes the scores): graded against the rung itself, not the rung
    /// below. The same score and the same move as the rung on every search, and no more than
    /// half as many nodes again (a missing cut-off shows there); `below` names the rung itself.
    pub knowledge: bool,
    /// A game, not a rung: the learner implements [`searchlab_engine::Game`] (for Connect Three), and
    /// [`grade::grade_game`] grades it; `engine` is then the expression that makes the game.
    pub game: bool,
    /// Whether the learner writes a move picker (in the module `move_picker`): its order and
    /// killers are graded on fixed positions first ([`grade::picker_problem`]).
    pub picker: bool,
    /// Whether the principal variation is graded too: it must start with the move, be legal,
    /// and be as long as the depth unless the game ends sooner.
    pub line: bool,
    /// Whether the engine is graded node for node against the rung itself, and stopped by a
    /// node limit too: the loop of iterative deepening and the previous line first leave no
    /// freedom, so the same nodes as the rung at every depth, and under a node limit the same
    /// depth, score and move.
    pub node_for_node: bool,
    /// Whether the rung's own node count, position by position, is the most a right answer
    /// may search: trying the game's moves in the game's order, the idea leaves no freedom to
    /// search more, so a cut-off made late (or not at all) shows there even where the scores
    /// agree.
    pub at_most_rung_nodes: bool,
    /// The hints, one at a time.
    pub hints: &'static [&'static str],
    /// A decision the rung makes outside the learner's parts, where a typical slip of this
    /// idea would otherwise be made, and why it is given: said in the skeleton's header, so
    /// that the learner knows which slips the exercise cannot show. Empty: none.
    pub given: &'static str,
    /// What a wrong score is diagnosed by, beyond what any score says (a mate at another
    /// distance, an unraised bound), if anything.
    pub diagnosis: Option<Diagnosis>,
}

/// How a wrong score of one exercise is diagnosed, by searching again or reading counters: the
/// fact behind the typical slip of that idea.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Diagnosis {
    /// Right at every shallower depth, wrong from depth 2 on: the children's windows.
    ChildWindow,
    /// The score the position has at a shallower depth: a table entry not deep enough.
    ShallowerEntry,
    /// More moves reduced than the rung reduced: moves that are not `reducible`.
    ExtraReductions,
    /// A quiescence search's stand pat and captures: probe positions that tell the slips
    /// apart (see [`diagnose`]).
    StandPat,
    /// The singular extensions counted against the rung's: more, or fewer, than it made.
    SingularExtensions,
}

/// A piece of shared machinery that an exercise takes in, or another file of a rung that is a
/// folder (its `mod.rs` is the exercise's source): a module of the crate the learner's file
/// holds a copy of (its marked parts taken out), in place of the crate's own. The rung's own
/// declaration of the module (`pub mod pieces;`) is left out of the learner's file, which holds
/// the module itself.
#[derive(Clone, Copy, Debug)]
pub struct Shared {
    /// Its name as a module of the learner's file (`deepening`).
    pub module: &'static str,
    /// Its path in the crate (`searchlab_engine::search::deepening`): the rung's uses of it are made
    /// uses of the learner's module.
    pub crate_path: &'static str,
    /// Its source file, from the repository root.
    pub source_path: &'static str,
    /// Its source.
    pub source: &'static str,
    /// Items the copy takes from the crate instead of defining them anew: a trait the crate's
    /// types implement (the table's `TableMove`) must stay the crate's, and what the exercise
    /// need not show (stage 8's kept move lists, its continuation table) may. Their definition
    /// is marked `exercise_from_crate` in the source (one run of lines a file).
    pub from_crate: &'static [&'static str],
}

/// The selective rung's files besides its `mod.rs`, each a module of the learner's copy of the
/// rung: the pieces (where the exercises' parts are), stage 11's pieces (off in stage 8, and in
/// its node), and the rest of the rung, which its node needs to compile. The continuation table and the kept move lists are the crate's (its own
/// types, not the learner's copies): the learner's file shows how the node uses them, not them.
const SELECTIVE_FILES: &[Shared] = &[
    Shared {
        module: "pieces",
        crate_path: "crate::search::selective::pieces",
        source_path: "crates/engine/src/search/selective/pieces.rs",
        source: include_str!("../../../engine/src/search/selective/pieces.rs"),
        from_crate: &[],
    },
    Shared {
        module: "continuation",
        crate_path: "crate::search::selective::continuation",
        source_path: "crates/engine/src/search/selective/continuation.rs",
        source: include_str!("../../../engine/src/search/selective/continuation.rs"),
        from_crate: &["piece_square", "ContinuationHistory", "ContinuationRow"],
    },
    Shared {
        module: "correction",
        crate_path: "crate::search::selective::correction",
        source_path: "crates/engine/src/search/selective/correction.rs",
        source: include_str!("../../../engine/src/search/selective/correction.rs"),
        from_crate: &[],
    },
    Shared {
        module: "modern",
        crate_path: "crate::search::selective::modern",
        source_path: "crates/engine/src/search/selective/modern.rs",
        source: include_str!("../../../engine/src/search/selective/modern.rs"),
        from_crate: &[],
    },
    Shared {
        module: "quiescence",
        crate_path: "crate::search::selective::quiescence",
        source_path: "crates/engine/src/search/selective/quiescence.rs",
        source: include_str!("../../../engine/src/search/selective/quiescence.rs"),
        from_crate: &[],
    },
    Shared {
        module: "speed",
        crate_path: "crate::search::selective::speed",
        source_path: "crates/engine/src/search/selective/speed.rs",
        source: include_str!("../../../engine/src/search/selective/speed.rs"),
        from_crate: &["NodeLists", "PlyLists", "noisy_moves_in_order_into"],
    },
];

/// A position graded at a stated depth.
#[derive(Clone, Copy, Debug)]
pub struct Deeper {
    /// Its name in messages.
    pub name: &'static str,
    /// The position.
    pub fen: &'static str,
    /// The depth it is searched to.
    pub depth: searchlab_engine::Depth,
    /// What it shows, for the message when it disagrees.
    pub shows: &'static str,
    /// Whether no null move may cut a node there (a pawn ending: passing is what neither side
    /// can do), checked on the search's counters.
    pub no_null_move: bool,
    /// The stage graded against here, when not the rung below: the rung itself, where its
    /// table legitimately changes a score from the rung below's (a deep endgame search, where
    /// an entry from another path grafts a line), so only the rung can say what is right.
    pub reference: Option<&'static str>,
}

/// The exercises, in the order of the ladder.
pub const EXERCISES: &[Exercise] = &[Exercise {
    name: "alphabeta",
    title: "alpha-beta: the window and the cut-off",
    source_path: "crates/engine/src/search/alphabeta.rs",
    source: include_str!("../../../engine/src/search/alphabeta.rs"),
    parts: &[],
    shared: &[],
    engine: "AlphaBeta::new()",
    below: "minimax",
    max_depth: 4,
    deeper: &[],
    knowledge: false,
    game: false,
    picker: false,
    line: false,
    node_for_node: false,
    at_most_rung_nodes: true,
    hints: &[
        "Start from minimax's node (crates/engine/src/search/minimax.rs): try every move, play \
         it, search the child, undo it, keep the best score. Alpha-beta adds a window (alpha, beta) to that loop.",
        "The child is searched from the other side's point of view, so its window is the \
         parent's, negated and swapped: the child gets (-beta, -alpha), and its score is negated \
         on the way back.",
        "After each move, raise alpha to the best score seen so far. Once alpha >= beta, the \
         opponent will never allow this position: stop trying moves (a cut-off) and count it \
         with self.counter.stats.count_cutoff(tried).",
        "Return the best score seen, even when it lies outside the window (fail-soft), not alpha. \
         The root, which is written for you, reads that score.",
    ],
    given: "",
    diagnosis: Some(Diagnosis::ChildWindow),
},
Exercise {
    name: "iterative",
    title: "iterative deepening: the loop, the previous best line first, and the line a node \
            returns",
    source_path: "crates/engine/src/search/iterative.rs",
    source: include_str!("../../../engine/src/search/iterative.rs"),
    parts: &[],
    shared: &[Shared {
        module: "deepening",
        crate_path: "crate::search::deepening",
        source_path: "crates/engine/src/search/deepening.rs",
        source: include_str!("../../../engine/src/search/deepening.rs"),
        from_crate: &[],
    }],
    engine: "Iterative::<searchlab::Chess>::new()",
    below: "alphabeta",
    max_depth: 4,
    deeper: &[],
    knowledge: false,
    game: false,
    picker: false,
    line: true,
    node_for_node: true,
    at_most_rung_nodes: false,
    hints: &[
        "Three parts, in the order a search meets them: the loop over depths (loop, in the \
         module deepening at the end of the file), the previous iteration's line tried first \
         (previous_line, in Deepening::pv_move), and the line each node returns in pv (line, in \
         the node). Each reads what the one before it makes.",
        "The loop: for each depth, stop if an iteration has completed and the clock says no new \
         one may start (state.counter.stopper.may_start_iteration()); search the root with \
         stage.iteration(game, depth, found.score); if the search was stopped meanwhile \
         (state.counter.stopped()), keep what it found in found.cut and stop: the last \
         completed iteration stands.",
        "Once an iteration completes: its score is found.score, its depth \
         state.completed_depth and its line state.previous_pv (what the next iteration \
         follows). Record it (state.record(depth, score)), hand the record to go_on, push it \
         to found.iterations, and stop when go_on says so.",
        "The previous line: while following_pv is on, a node at ply p is on the previous \
         iteration's line, and previous_pv[p] is its move there; return it if it is among the \
         node's moves. Once it is not (or there is none), the search has left the line: turn \
         following_pv off and return None.",
        "A node's principal variation is the move that raised alpha, followed by the child's \
         principal variation: when score > alpha, raise alpha, then clear pv, push the move and \
         extend it with child_pv.",
        "The line must start from scratch at each improvement: a move that raised alpha earlier \
         is no longer on the line once a better one is found.",
    ],
    given: "",
    diagnosis: None,
},
Exercise {
    name: "cached",
    title: "the transposition table: the probe's cut-off, the store with its bound, mate \
            scores by ply",
    source_path: "crates/engine/src/search/cached.rs",
    source: include_str!("../../../engine/src/search/cached.rs"),
    parts: &[],
    shared: &[Shared {
        module: "tt",
        crate_path: "crate::tt",
        source_path: "crates/engine/src/tt.rs",
        source: include_str!("../../../engine/src/tt.rs"),
        from_crate: &["TableMove"],
    }],
    engine: "Cached::<searchlab::Chess>::new(16)",
    below: "iterative",
    max_depth: 4,
    // Facts the ladder's shallow searches do not show, found by searching the suites with the
    // mistakes in: on BK.07 at depth 4, bounds stored the wrong way round change the score; on
    // the two mates in three, a mate score stored without its ply is read back at another ply
    // with the wrong distance.
    deeper: &[
        Deeper {
            name: "BK.07",
            fen: "1nk1r1r1/pp2n1pp/4p3/q2pPp1N/b1pP1P2/B1P2R2/2P1B1PP/R2Q2K1 w - - 0 1",
            depth: 4,
            shows: "a bound answers a later search only as its kind says: stored as the right \
                    kind, and read on its side of the window",
            no_null_move: false,
            reference: None,
        },
        Deeper {
            name: "MATE3.005",
            fen: "2K4N/3PP1k1/5N2/6n1/8/8/8/8 w - - 0 1",
            depth: 5,
            shows: "a mate score read back at another ply must keep its distance",
            no_null_move: false,
            reference: None,
        },
        Deeper {
            name: "MATE3.012",
            fen: "8/1B6/8/5p2/8/8/5Qrq/1K1R2bk w - - 0 1",
            depth: 5,
            shows: "a mate score read back at another ply must keep its distance",
            no_null_move: false,
            reference: None,
        },
        // Found by searching with each slip put in: mate scores kept relative to the root on
        // both sides (store and probe) claim a mate two plies shorter than there is; a fail-low
        // stored as a lower bound changes the move on BK.22 and the score of a rook ending.
        Deeper {
            name: "KQ v K",
            fen: "8/8/8/8/8/5k2/8/4K1Q1 w - - 0 1",
            depth: 9,
            shows: "a mate is as far as the moves to it: mate scores are stored relative to the \
                    node and read back relative to the root",
            no_null_move: false,
            reference: Some("cached"),
        },
        Deeper {
            name: "BK.22",
            fen: "2r2rk1/1bqnbpp1/1p1ppn1p/pP6/N1P1P3/P2B1N1P/1B2QPP1/R2R2K1 b - - 0 1",
            depth: 6,
            shows: "a fail-low is an upper bound, a fail-high a lower one",
            no_null_move: false,
            reference: Some("cached"),
        },
        Deeper {
            name: "KR v K",
            fen: "8/8/8/8/8/1k6/8/1K5R w - - 0 1",
            depth: 11,
            shows: "a fail-low is an upper bound, a fail-high a lower one",
            no_null_move: false,
            reference: Some("cached"),
        },
    ],
    knowledge: false,
    game: false,
    picker: false,
    line: true,
    node_for_node: false,
    at_most_rung_nodes: false,
    hints: &[
        "Two parts: the store at the end of the node (store: remember what this search found \
         about the position), and the probe's answer (cutoff, in Entry::cutoff in the module tt \
         at the end of the file: may an entry answer a node outright?). The rest of the table \
         is written for you.",
        "The cut-off: an entry answers a node only if it was searched at least as deep \
         (self.depth >= depth). Then an exact score always answers; a lower bound only if it \
         is already >= beta; an upper bound only if it is already <= alpha. Otherwise None: \
         search the node (its move still goes first).",
        "A result is exact only if it fell inside the window it was searched with. At most \
         alpha (fail low) it is an upper bound; at least beta (fail high), a lower bound. \
         Bound::of(best, original_alpha, beta) says which (alpha has moved since: use the alpha \
         the node started with).",
        "A mate score counts plies from the root; the table must hold it counted from this \
         node, or the same position reached at another ply reads a wrong distance: \
         best.to_tt(ply).",
        "Store with self.tt.store(key, depth, score, bound, best_move). Reading it back, the \
         cut-off turns the stored score into this node's with self.score.from_tt(ply), before \
         comparing it with the window.",
    ],
    given: "",
    diagnosis: Some(Diagnosis::ShallowerEntry),
},
Exercise {
    name: "ordered",
    title: "move ordering: captures by MVV-LVA, and the killer moves",
    source_path: "crates/engine/src/search/ordered.rs",
    source: include_str!("../../../engine/src/search/ordered.rs"),
    parts: &[],
    shared: &[Shared {
        module: "move_picker",
        crate_path: "crate::search::move_picker",
        source_path: "crates/engine/src/search/move_picker.rs",
        source: include_str!("../../../engine/src/search/move_picker.rs"),
        from_crate: &[],
    }],
    engine: "Ordered::<searchlab::Chess>::new(16)",
    below: "cached",
    max_depth: 4,
    deeper: &[],
    knowledge: false,
    game: false,
    picker: true,
    line: true,
    node_for_node: false,
    at_most_rung_nodes: false,
    hints: &[
        "Two parts, both in the module move_picker at the end of the file: the order score of \
         each move (order, in MovePicker::with_quiet_scores), and what a quiet cut-off teaches \
         the killers (killers, in OrderingTables::quiet_cutoff). The picker that hands out the \
         best score first, and the history, are written for you.",
        "The order: the hash move above all (HASH_MOVE); then every capture or promotion \
         (game.capture(mv) is Some), above CAPTURE; then the killers of the ply (KILLER for the \
         first, one less for the second); then the rest by quiet_score(mv). The closure \
         returns (mv, score).",
        "MVV-LVA: among captures, the most valuable victim first, and among equal victims the \
         least valuable attacker. Capture has victim and attacker in centipawns; the victim \
         must count far more than any attacker (Capture::mvv_lva is victim * 16 - attacker / \
         64).",
        "Killers: the move that cut becomes the first killer of its ply, and the old first \
         becomes the second, unless the move is the first killer already (then nothing \
         moves: two slots holding one move would waste one). self.killers.get_mut(ply as \
         usize) is the ply's pair.",
    ],
    given: "Given, outside your parts: only a quiet move's cut-off reaches quiet_cutoff (the search tests the move before it calls), so a capture never becomes a killer here; in your own engine, make that test.",
    diagnosis: None,
},
Exercise {
    name: "pvs",
    title: "principal variation search: the null window and the re-search",
    source_path: "crates/engine/src/search/pvs.rs",
    source: include_str!("../../../engine/src/search/pvs.rs"),
    parts: &[],
    shared: &[],
    engine: "Pvs::<searchlab::Chess>::new(16)",
    below: "ordered",
    max_depth: 5,
    deeper: &[],
    knowledge: false,
    game: false,
    picker: false,
    line: true,
    node_for_node: false,
    at_most_rung_nodes: false,
    hints: &[
        "The first move is searched with the full window (written for you). Every other move \
         only has to prove it is no better than alpha.",
        "Prove it with the null window (alpha, alpha + 1): from the child's side \
         (-(alpha + 1), -alpha). A score at most alpha is then the proof.",
        "A score above alpha means the move is better after all, but the null window only says \
         'better', not by how much: if it is also below beta, search it again with the full \
         window (-beta, -alpha), and count it in self.state.counter.stats.researches.",
        "No second search is needed at depth 1 (a leaf's value is exact whatever the window), \
         nor when the full window is itself the null window.",
    ],
    given: "",
    diagnosis: None,
},
Exercise {
    name: "quiescence",
    title: "the quiescence search: stand pat, and the captures played out",
    source_path: "crates/engine/src/search/quiescence.rs",
    source: include_str!("../../../engine/src/search/quiescence.rs"),
    parts: &[],
    shared: &[],
    engine: "Quiescence::<searchlab::Chess>::new(16)",
    below: "quiescence",
    max_depth: 3,
    deeper: &[Deeper {
        name: "horizon",
        fen: "r1bq1rk1/pp1p1ppp/2nb1n2/4N3/2PPpP2/2N5/PP4PP/R1BQKB1R w KQ - 0 1",
        depth: 3,
        shows: "the chapter's horizon position: with the captures played out, 1.c5, not 1.Nxe4?",
        no_null_move: false,
        reference: None,
    }],
    knowledge: true,
    game: false,
    picker: false,
    line: false,
    node_for_node: false,
    at_most_rung_nodes: false,
    hints: &[
        "Two parts: what the side to move may claim without capturing (stand pat), and the \
         captures themselves. Which captures, in which order, and which to skip, is written for \
         you.",
        "Stand pat: the side to move may decline every capture, so the evaluation is a floor \
         for its score. If it already reaches beta, return it (a cut-off); otherwise it is the \
         best so far, and alpha rises to it.",
        "Not in check: a side in check must answer the check, so it cannot stand pat, and all \
         its moves (the evasions) are searched instead.",
        "Each capture: play it, search the child by quiescence itself with the window \
         (-beta, -alpha) and negate, undo it; keep the best, raise alpha, and cut off once \
         alpha >= beta (count it with self.state.counter.stats.count_cutoff(tried)).",
    ],
    given: "",
    diagnosis: Some(Diagnosis::StandPat),
},
Exercise {
    name: "null_move",
    title: "null-move pruning: pass, and cut if the opponent still cannot reach beta",
    source_path: "crates/engine/src/search/selective/mod.rs",
    source: include_str!("../../../engine/src/search/selective/mod.rs"),
    parts: &["null_move"],
    shared: SELECTIVE_FILES,
    engine: "Selective::<searchlab::Chess>::new(16)",
    below: "selective",
    max_depth: 6,
    deeper: &[
        Deeper {
            name: "pawn race",
            fen: "8/5pk1/8/8/8/8/1PP3K1/8 w - - 0 1",
            depth: 12,
            shows: "kings and pawns only: no null move may be tried, at any node",
            no_null_move: true,
            reference: None,
        },
        Deeper {
            name: "italian",
            fen: "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            depth: 8,
            shows: "a middlegame at depth 8, where null moves cut",
            no_null_move: false,
            reference: None,
        },
    ],
    knowledge: true,
    game: false,
    picker: false,
    line: false,
    node_for_node: false,
    at_most_rung_nodes: false,
    hints: &[
        "Your part is in Selective::null_move, in the module pieces at the end of the file. It \
         returns Some(score) to cut the node without searching its moves, None to search it as \
         usual. Everything it needs is in its arguments and in self.",
        "Try it only when it may work and cannot mislead: the piece is on \
         (self.pieces.null_move), not inside a verification (!self.verifying), the node may be \
         pruned at all (may_prune: not on the principal variation, not in check, no mate \
         bound), depth >= 3, the evaluation already at least beta, and game.may_pass() (not in \
         a pawn ending, where passing would be the one good move and chess does not allow it).",
        "Pass (self.set_line(ply, None), then game.pass()), search the opponent's reply with the \
         window just below beta, from its side (-beta, -(beta - 1)), NULL_MOVE_REDUCTION + \
         depth / 4 plies shallower than the usual depth - 1 (never below 0: saturating_sub), \
         then game.undo(). If the search was stopped, return Some(Score::DRAW).",
        "A score >= beta is a cut, but far from the horizon (depth >= NULL_MOVE_VERIFY_DEPTH) \
         only if a search of the node itself, one ply shallower with self.verifying set (no \
         pass below it), with the window (beta - 1, beta), also reaches beta: in zugzwang it \
         does not.",
        "On a cut, count it (self.state.counter.stats.null_move_cutoffs += 1) and return \
         Some(score), or Some(beta) if the score is a mate: a mate found after a pass is no mate, \
         since the pass was not a legal move.",
    ],
    given: "Given, outside your part: may_prune (false in check and at a principal-variation node) and game.may_pass() (false in check and when the side to move has only king and pawns, where passing is what it cannot do). Two null moves in a row need no guard of their own: the search after a pass starts with the reduced depth, and at the graded depths no pass happens below another.",
    diagnosis: None,
},
Exercise {
    name: "late_move_reductions",
    title: "late move reductions: how much shallower a late quiet move is searched, and the \
            re-search when it surprises",
    source_path: "crates/engine/src/search/selective/mod.rs",
    source: include_str!("../../../engine/src/search/selective/mod.rs"),
    parts: &["reduction", "reduced_search"],
    shared: SELECTIVE_FILES,
    engine: "Selective::<searchlab::Chess>::new(16)",
    below: "selective",
    max_depth: 6,
    deeper: &[Deeper {
        name: "italian",
        fen: "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        depth: 8,
        shows: "a middlegame at depth 8, where many late moves are reduced",
        no_null_move: false,
        reference: None,
    }],
    knowledge: true,
    game: false,
    picker: false,
    line: false,
    node_for_node: false,
    at_most_rung_nodes: false,
    hints: &[
        "Two parts, both in the module pieces at the end of the file: late_move_reduction says \
         by how many plies a move is reduced (0: not at all), and search_child searches a move \
         with that reduction.",
        "Reduce only when the piece is on (self.pieces.late_move_reductions), depth >= 3, the \
         move is at least the fourth tried (tried >= 3) and reducible (quiet, no check, no \
         escape). The amount is self.reductions[depth][tried] (each capped at 63), one ply less \
         on the principal variation (pv_node), and never more than depth - 2, so that the \
         child is not dropped into the quiescence search at once.",
        "In search_child, a later move is searched with the null window (-(alpha + 1), -alpha) \
         from the child's side, at depth - 1 - reduction. If it was reduced, count it \
         (self.state.counter.stats.reductions += 1), and if it beats alpha all the same (a \
         surprise), search it again at the full depth - 1 with the same null window.",
        "Last, as in PVS: a score strictly between alpha and beta (only possible in a \
         principal-variation node) is searched once more with the full window (-beta, -alpha); \
         count it in researches. Return the score.",
    ],
    given: "Given, outside your part: which moves may be reduced at all. Your part receives it as `reducible`, true only for a quiet move that neither escapes check nor gives it: captures and checks are never reduced here; in your own engine, make that test.",
    diagnosis: Some(Diagnosis::ExtraReductions),
},
Exercise {
    name: "singular_extension",
    title: "singular extensions: search the table's move deeper when every other move fails \
            well below it",
    source_path: "crates/engine/src/search/selective/mod.rs",
    source: include_str!("../../../engine/src/search/selective/mod.rs"),
    parts: &["singular_extension"],
    shared: SELECTIVE_FILES,
    // Stage 8 with stage 11's singular extension switched on, and nothing else of stage 11.
    engine: "{ let mut engine = Selective::<searchlab::Chess>::new(16); \
             engine.modern.singular_extension = true; engine }",
    below: "selective +singular_extension",
    max_depth: 7,
    // Found by searching Bratko-Kopec with stage 8 and the extension on and off, at depths 7
    // to 11: on BK.19 the extension plays the suite's move, 1...Rxe4, at depths 8 to 11, and
    // stage 8 without it never does (1...d5 at depths 8 and 9).
    deeper: &[Deeper {
        name: "BK.19",
        fen: "3rr3/2pq2pk/p2p1pnp/8/2QBPP2/1P6/P5PP/4RRK1 b - - 0 1",
        depth: 8,
        shows: "Bratko-Kopec 19 at depth 8: only with the extension does the search find the \
                suite's move, 1...Rxe4",
        no_null_move: false,
        reference: None,
    }],
    knowledge: true,
    game: false,
    picker: false,
    line: false,
    node_for_node: false,
    at_most_rung_nodes: false,
    hints: &[
        "Your part is the end of Selective::singular_extension, in the module modern at the end \
         of the file: whether to try is decided above it (the piece on, depth >= SINGULAR_DEPTH, \
         not already inside a singular search, off the previous iteration's line). It answers \
         Singular::No (search as usual), Singular::Extend(plies) (search the table's move that \
         much deeper) or Singular::Cut(score) (cut the node at once).",
        "Read the table's entry again (self.tt.probe(key); none: Singular::No). It may vouch for \
         tt_move only if its best_move is Some(tt_move), its bound is not Bound::Upper (a \
         lower bound or exact: the move reached at least its score), it is at most \
         SINGULAR_TABLE_SLACK plies shallower (entry.depth + SINGULAR_TABLE_SLACK >= depth), \
         and its score, made this node's with entry.score.from_tt(ply), is no mate. Otherwise \
         Singular::No.",
        "The bar: the table's score less SINGULAR_MARGIN a ply of depth. Leave the move out \
         (self.set_excluded_move(ply, Some(tt_move))) and search this very node (self.alphabeta \
         at the same ply, with a fresh pv) at (depth - 1) / 2, with the null window just below \
         the bar: (bar - 1, bar). Then self.set_excluded_move(ply, None) at once, whatever the \
         search found: the node's own search must try every move. If the search was stopped \
         (self.state.counter.stopped()), Singular::No.",
        "Three outcomes. Below the bar: every other move fails well below the table's move, so \
         it is singular: count it (self.state.counter.stats.singular_extensions += 1) and \
         return Singular::Extend(1). At or above the bar, and the bar itself at least beta: \
         another move reaches beta too, so cut (multi-cut) with Singular::Cut(bar). Otherwise \
         another move is nearly as good: Singular::No.",
    ],
    given: "Given, outside your part: when the test is tried at all (the piece on, depth >= SINGULAR_DEPTH, not inside another singular search, off the previous iteration's line, and no deeper than twice the iteration's depth), and how the node uses its answer: a node whose move is excluded leaves it out of its moves, takes no cut from the table, stores nothing and passes no null move; the singular move is searched Extend's plies deeper, and Cut's score is returned at once.",
    diagnosis: Some(Diagnosis::SingularExtensions),
},
Exercise {
    name: "connect",
    title: "a second game: Connect Three's rules as a Game, solved by every stage",
    source_path: "crates/engine/src/games/connect.rs",
    source: include_str!("../../../engine/src/games/connect.rs"),
    parts: &[],
    shared: &[],
    engine: "ConnectThree::new()",
    below: "minimax",
    max_depth: 12,
    deeper: &[],
    knowledge: false,
    game: true,
    picker: false,
    line: false,
    node_for_node: false,
    at_most_rung_nodes: false,
    hints: &[
        "Five methods: legal_moves, play, undo, outcome and hash. The board (cells, heights, \
         history), to_move and stone are written for you; evaluate is 0, since the stages \
         search this game to the end.",
        "play drops the side to move's stone in the column, at the column's height, then raises \
         the height and records the move; undo takes the last move back the same way in \
         reverse.",
        "outcome: only the stone just played can have completed a line. From it, count the \
         stones of its colour in each of the four directions (across, up, and the two \
         diagonals), both ways; three or more is a win for the side that just moved, which is \
         Outcome::Loss for the side to move. A full board is a draw; otherwise None.",
        "legal_moves: none once the game is over (a won game does not go on), else every column \
         that is not full.",
        "hash: equal positions need equal keys and different positions different keys: the \
         board as a base-3 number, cell by cell (0 empty, 1 and 2 for the stones), does both. \
         The side to move follows from the stones.",
    ],
    given: "",
    diagnosis: None,
},
];

/// The exercise called `name`, or an error that lists them.
pub fn find(name: &str) -> Result<&'static Exercise> {
    EXERCISES.iter().find(|e| e.name == name).ok_or_else(|| {
        Error::Setting(format!(
            "no exercise called '{name}'; the exercises are: {}",
            EXERCISES
                .iter()
                .map(|e| e.name)
                .collect::<Vec<_>>()
                .join(", ")
        ))
    })
}
