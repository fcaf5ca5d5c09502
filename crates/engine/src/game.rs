//! The [`Game`] trait: everything a search needs to know about a game, and nothing more.
//!
//! The early stages of the ladder are generic over it, so the very same minimax that searches
//! chess also searches tic-tac-toe, whose complete tree is small enough to count exactly.
//!
//! Moves are made and taken back on one mutable game (`play` / `undo`) rather than by copying
//! the position at every node: the game keeps its own history, which is exactly what it needs to
//! recognise a repeated position, inside the search and against the moves played before it.

use crate::eval::network::Network;
use crate::score::{Ply, Score};
use crate::tt::TableMove;
use std::fmt::{Debug, Display};
use std::sync::Arc;

/// How a finished game ended, from the point of view of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move has lost (chess: it is checkmated; tic-tac-toe: the opponent has a line).
    Loss,
    /// Nobody wins: stalemate, repetition, the 50-move rule, a dead position, a full board.
    Draw,
}

impl Outcome {
    /// The exact score of this outcome for the side to move, `ply` plies from the root: losses
    /// sooner are worse, so the winner prefers the fastest mate and the loser the slowest.
    pub fn score(self, ply: Ply) -> Score {
        match self {
            Outcome::Loss => Score::mated_in(ply),
            Outcome::Draw => Score::DRAW,
        }
    }
}

/// How many different pieces [`Game::moved_piece`] may name: six kinds in two colours.
pub const PIECE_KINDS: usize = 12;

// ANCHOR: game
// ANCHOR: game_core
/// A two-player, zero-sum, perfect-information game that the engines can search. `Send`, since
/// the parallel stage searches copies of a position on other threads.
pub trait Game: Clone + Send {
    /// A move. Printed in the game's usual notation (UCI for chess); packed into 16 bits for the
    /// transposition table.
    type Move: Copy + Eq + Debug + Display + Send + Sync + TableMove + 'static;

    /// The full evaluation the knowledge stages (8 and up) search with; it may keep state of
    /// its own. [`StaticEvaluation`] for a game with nothing beyond [`Game::evaluate`].
    type Evaluator: Evaluator<Self>;

    /// Every legal move in the current position (empty when the game is over by having none).
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// Plays `mv`, which must be one of [`Game::legal_moves`].
    fn play(&mut self, mv: Self::Move);

    /// Takes back the last move played with [`Game::play`].
    fn undo(&mut self);

    /// `Some` if the game is over in the current position, `None` while it goes on.
    fn outcome(&self) -> Option<Outcome>;

    /// A static guess at the value of the position for the side to move, in centipawns.
    /// Only called on positions where the game is not over.
    fn evaluate(&self) -> Score;

    /// A 64-bit key of the position (pieces, side to move, rights): equal positions, equal keys.
    fn hash(&self) -> u64;
    // ANCHOR_END: game_core

    // The methods below have defaults, for games without such a thing; the later stages need
    // them (check and captures from move ordering and quiescence on, the rest for selectivity).

    /// [`Game::legal_moves`], written into `moves` in place of what it held: a search that
    /// keeps a list for each ply fills it again at every node instead of asking for new
    /// memory. By default the list is simply replaced.
    fn legal_moves_into(&self, moves: &mut Vec<Self::Move>) {
        *moves = self.legal_moves();
    }

    /// [`Game::noisy_moves`], written into `moves` in place of what it held (as
    /// [`Game::legal_moves_into`]).
    fn noisy_moves_into(&self, moves: &mut Vec<Self::Move>) {
        *moves = self.noisy_moves();
    }

    // ANCHOR: game_noisy
    /// Is the side to move in check? (Games without check answer `false`.)
    fn in_check(&self) -> bool {
        false
    }

    /// Would playing `mv` put the opponent in check? The same answer as [`Game::play`] then
    /// [`Game::in_check`], without playing: a search that skips a move unless it checks asks
    /// this first, and the move it skips is never played. (Games without check answer `false`.)
    fn gives_check(&self, _mv: Self::Move) -> bool {
        false
    }

    /// What `mv` wins outright, for move ordering: `None` for a quiet move, else the value of
    /// the piece it captures (en passant included; a promotion adds what the new piece is worth
    /// over a pawn) and of the piece that moves. Games without captures answer `None`.
    fn capture(&self, _mv: Self::Move) -> Option<Capture> {
        None
    }

    /// Whether `mv` captures or promotes: whether [`Game::capture`] is `Some`, for a search
    /// that only asks whether a move is quiet (a game may answer sooner than it works out
    /// the values).
    fn is_noisy(&self, mv: Self::Move) -> bool {
        self.capture(mv).is_some()
    }

    /// The moves a quiescence search tries at the horizon: captures and promotions; in check,
    /// every legal move (any of them may be the only escape). Games without captures have
    /// none outside check: every position is quiet.
    fn noisy_moves(&self) -> Vec<Self::Move> {
        if self.in_check() {
            self.legal_moves()
        } else {
            Vec::new()
        }
    }
    // ANCHOR_END: game_noisy

    /// Static exchange evaluation: the material `mv` wins (negative: loses) once every capture
    /// on its target square has been played out, each side with its cheapest piece. 0 in games
    /// without captures.
    fn see(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// Whether [`Game::see`] of `mv` is at least `threshold`: all that pruning asks, which a
    /// game may answer without playing the whole exchange out.
    fn see_at_least(&self, mv: Self::Move, threshold: i32) -> bool {
        self.see(mv) >= threshold
    }

    // ANCHOR: game_moved_piece
    /// Which piece `mv` moves, as a number below [`PIECE_KINDS`] (its kind and its colour):
    /// with the move's target square, the key of the continuation history (what tends to
    /// follow what). Games whose pieces are all alike answer 0.
    fn moved_piece(&self, _mv: Self::Move) -> usize {
        0
    }
    // ANCHOR_END: game_moved_piece

    // ANCHOR: game_pass
    /// Whether the side to move may pass (a *null move*, for null-move pruning): not in check,
    /// and with something besides pawns and the king, since in pawn endings being forced to
    /// move (zugzwang) is common and passing would hide it. Games without such a move: never.
    fn may_pass(&self) -> bool {
        false
    }

    /// Passes the move to the opponent (only where [`Game::may_pass`] says so); [`Game::undo`]
    /// takes it back.
    fn pass(&mut self) {}
    // ANCHOR_END: game_pass

    // ANCHOR: game_structure_key
    /// A key of what lasts in the position while the pieces move around it (for chess, where
    /// the pawns of each side stand) with the side to move: the correction history (stage 11)
    /// learns, per key, how far the evaluation tends to be off. Games without such a structure
    /// answer 0: all their positions share one entry.
    fn structure_key(&self) -> u64 {
        0
    }
    // ANCHOR_END: game_structure_key
}
// ANCHOR_END: game

// ANCHOR: evaluator
/// An evaluation that may keep state between calls (a cache, switches): what the knowledge
/// stages evaluate positions with.
pub trait Evaluator<G: ?Sized>: Default + Send {
    /// The learned evaluation the neural stage (10) plays in this one's place: for chess's full
    /// evaluation, the network's ([`crate::eval::neural`]). An evaluation that has none, as
    /// [`StaticEvaluation`], and a learned one name themselves; so a game without a learned
    /// evaluation names none, and its neural stage is its stage 9.
    type Learned: Evaluator<G>;

    /// The value of `game` for the side to move, in centipawns (the game is not over).
    fn evaluate(&mut self, game: &G) -> Score;

    /// The names of the parts that can be switched ([`Evaluator::switch`]): its terms, say.
    /// None by default.
    fn switch_names() -> Vec<&'static str>
    where
        Self: Sized,
    {
        Vec::new()
    }

    /// Switches the part called `name` on or off; `false` if there is no such part.
    fn switch(&mut self, _name: &str, _on: bool) -> bool {
        false
    }

    /// Plays with `network` from now on; `false` if this evaluation has no network (only a
    /// learned one has).
    fn set_network(&mut self, _network: &Arc<Network>) -> bool {
        false
    }
}
// ANCHOR_END: evaluator

/// The learned evaluation of the game `G`'s full one ([`Evaluator::Learned`]): what the neural
/// stage searches `G` with.
pub type LearnedEvaluator<G> = <<G as Game>::Evaluator as Evaluator<G>>::Learned;

/// The evaluator of a game whose [`Game::evaluate`] is all there is.
#[derive(Clone, Copy, Debug, Default)]
pub struct StaticEvaluation;

impl<G: Game> Evaluator<G> for StaticEvaluation {
    type Learned = StaticEvaluation;

    fn evaluate(&mut self, game: &G) -> Score {
        game.evaluate()
    }
}

/// What a capture (or promotion) puts at stake, in centipawns: move ordering tries the most
/// valuable victim first, and among equal victims the least valuable attacker (MVV-LVA).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capture {
    /// What the move wins: the captured piece, plus a promotion's gain.
    pub victim: i32,
    /// What the moving piece is worth (what a recapture could cost).
    pub attacker: i32,
}

// ANCHOR: mvv_lva
impl Capture {
    /// The MVV-LVA order key, larger first: the most valuable victim first, and among equal
    /// victims the cheapest attacker. The one formula every move order in the crate uses.
    pub fn mvv_lva(self) -> i32 {
        self.victim * 16 - self.attacker / 64
    }
}
// ANCHOR_END: mvv_lva
