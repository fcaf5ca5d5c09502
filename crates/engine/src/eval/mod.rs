//! # The evaluations
//!
//! Two evaluations live here, one per purpose:
//!
//! - [`simple`]: material, piece-square tables and mobility, small and fixed. Stages 1–7 use
//!   it (it is [`Game::evaluate`](crate::Game::evaluate) for chess), so their chapters' node
//!   counts and scores stay exact as the evaluation below grows.
//! - [`Evaluation`]: the full evaluation of stage 8 and up, written as **weights times
//!   features**. Each idea is a file that counts something on the board, White's count minus
//!   Black's, and hands the count to a [`Sink`] with the index of its weight:
//!   [`material`] (material and tapered piece-square tables), [`mobility`], [`pawns`]
//!   (doubled, isolated, passed), [`king_safety`] (shield, open files, attackers near the
//!   king), [`pieces`] (bishop pair, rooks on open files); then [`endgame`] adds what the
//!   search cannot find alone (drive a lone king to the edge; scale down drawish material).
//!
//! The sink decides what the counts become. To evaluate, it multiplies each by its
//! [`Tapered`] weight and sums; to tune, it keeps the counts themselves ([`Features`]), which
//! is all a tuner needs to fit the weights to game results. One code path, so what is tuned is
//! exactly what is searched.
//!
//! Every term can be switched off by name ([`Terms`], declared with the crate's one mechanism
//! for switches, [`crate::switches`]), and the weights switched from the tuned set to the
//! hand-set one ([`TUNED_SWITCH`]): that is how each one's gain was measured, a match of the
//! stage with the term against the stage without it.
//!
//! Four things make it cheaper without changing a single score: mobility and king safety read
//! one count of what each kind of piece attacks ([`attacks`]), each piece's attacks generated
//! once and counted for both; and the search's path
//! ([`Evaluator::evaluate`](crate::game::Evaluator::evaluate)) adds material and squares from
//! a table of weights by piece and square ([`material::WeightedMaterial`]), carries that sum
//! from a position to the next along the line searched (only the squares the move changed are
//! looked at), and keeps the pawn structure's score in a [`PawnCache`], since the pawns seldom
//! move. All are made from the weights, which is why they are set through
//! [`Evaluation::set_weights`].
//!
//! Chess names this evaluation as its [`Evaluator`](crate::game::Evaluator) (in
//! `games/chess/evaluators.rs`, beside the game): the evaluation knows boards, not games.

pub mod attacks;
pub mod endgame;
pub mod features;
pub mod king_safety;
pub mod layout;
pub mod material;
pub mod mobility;
pub mod network;
pub mod neural;
pub mod pawns;
pub mod pieces;
pub mod simd;
pub mod simple;
pub mod sink;
pub mod tapered;
pub mod tuned;
pub mod weights;

pub use simple::evaluate;
use sink::WeightedSum;
pub use sink::{Features, Sink};
pub use tapered::{phase, Tapered, MAX_PHASE};
pub use weights::Weights;

use crate::eval::attacks::PieceAttacks;
use crate::score::Score;
use crate::switches::switches;
use chess::{Board, Color};
use std::fmt;

/// The switch that chooses the weights: on (the default), the tuned ones ([`tuned`]); off, the
/// hand-set ones ([`Weights::initial`]). `--stage "selective -tuned"` plays the latter.
pub const TUNED_SWITCH: &str = "tuned";

switches! {
    /// Which terms the evaluation counts. Material and the piece-square tables are always on.
    pub struct Terms {
        /// Blend middlegame and endgame weights by the phase (off: middlegame weights only).
        tapered,
        /// [`mobility`].
        mobility,
        /// [`pawns`]: doubled, isolated and passed pawns.
        pawns,
        /// [`king_safety`].
        king_safety,
        /// [`pieces::bishop_pair`].
        bishop_pair,
        /// [`pieces::rook_files`].
        rook_files,
        /// [`endgame`]: the lone king driven to the edge, drawish material scaled down.
        endgame,
    }
}

/// The names of the terms that can be switched off.
pub const TERM_NAMES: &[&str] = Terms::NAMES;

/// The full evaluation: the weights, which terms are on, and what the search's path keeps
/// beside them (the weighted material table, a cache of pawn scores), made again whenever the
/// weights are set: so the weights are set through [`Evaluation::set_weights`], never in place.
#[derive(Clone, Debug)]
pub struct Evaluation {
    /// Every weight, at the offsets of [`weights`].
    weights: Weights,
    /// The terms counted.
    pub terms: Terms,
    /// Material and piece-square weights by piece and square, for the search's path.
    weighted_material: material::WeightedMaterial,
    /// Pawn-structure scores already worked out, for the search's path.
    pawn_cache: PawnCache,
    /// Whole scores already worked out, for the search's path.
    eval_cache: EvalCache,
    /// The weighted material of the positions along the line being searched, for the
    /// search's path.
    material_line: MaterialLine,
    /// What each piece attacks, filled again at each position the search's path evaluates.
    attacks: PieceAttacks,
}

impl Default for Evaluation {
    fn default() -> Self {
        Evaluation::with_weights(Weights::default())
    }
}

impl Evaluation {
    /// The evaluation with `weights` and every term on.
    pub fn with_weights(weights: Weights) -> Evaluation {
        Evaluation {
            weighted_material: material::WeightedMaterial::new(&weights.0),
            weights,
            terms: Terms::default(),
            pawn_cache: PawnCache::default(),
            eval_cache: EvalCache::default(),
            material_line: MaterialLine::default(),
            attacks: PieceAttacks::default(),
        }
    }

    /// Every weight, at the offsets of [`weights`].
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Sets every weight: what the search's path keeps beside them is made again (the
    /// weighted material table) or emptied (the pawn cache).
    pub fn set_weights(&mut self, weights: Weights) {
        self.weighted_material = material::WeightedMaterial::new(&weights.0);
        self.pawn_cache.clear();
        self.eval_cache.clear();
        self.material_line.clear();
        self.weights = weights;
    }

    // ANCHOR: evaluate
    /// The value of `board` for the side to move, in centipawns.
    pub fn evaluate(&self, board: &Board) -> Score {
        let mut sum = self.weighted_sum();
        self.count_features(board, &mut sum);
        self.finish(board, sum.total)
    }
    // ANCHOR_END: evaluate

    // ANCHOR: features
    /// Hands every term's counts to `sink`: the evaluation without its weights.
    pub fn count_features<S: Sink>(&self, board: &Board, sink: &mut S) {
        material::count(board, sink);
        let mut attacks = PieceAttacks::default();
        if self.reads_attacks() {
            attacks.fill(board);
        }
        self.count_piece_terms(board, &attacks, sink);
        if self.terms.pawns {
            pawns::count(board, sink);
        }
    }

    /// Whether a term on reads what each piece attacks: mobility and king safety both do, and
    /// the attacks are generated once for the two.
    fn reads_attacks(&self) -> bool {
        self.terms.mobility || self.terms.king_safety
    }

    /// The terms of the pieces beyond their material and squares: mobility, king safety (both
    /// from the `attacks` of `board`), the bishop pair, rooks on files.
    fn count_piece_terms<S: Sink>(&self, board: &Board, attacks: &PieceAttacks, sink: &mut S) {
        if self.terms.mobility {
            mobility::count(attacks, sink);
        }
        if self.terms.king_safety {
            king_safety::count(board, attacks, sink);
        }
        if self.terms.bishop_pair {
            pieces::bishop_pair(board, sink);
        }
        if self.terms.rook_files {
            pieces::rook_files(board, sink);
        }
    }
    // ANCHOR_END: features

    /// The features of `board` as a tuner sees them (see [`Features`]).
    pub fn features(&self, board: &Board) -> Features {
        let mut features = Features::default();
        self.count_features(board, &mut features);
        features
    }

    /// [`Evaluation::evaluate`], with material from the weighted material table and the pawn
    /// structure's score from the cache when the same pawns were scored before: the same
    /// score, sooner.
    pub fn evaluate_cached(&mut self, board: &Board) -> Score {
        self.evaluate_cached_with(board, |_, table| table.score(board))
    }

    /// [`Evaluation::evaluate_cached`] for a search walking a line of play: `board` is the
    /// position after `moves_played` moves of the game, `parent` the one a move before it. The
    /// weighted material comes from the parent's, if it was evaluated, plus what the move
    /// changed, instead of from every piece on the board: the same score, sooner again.
    pub fn evaluate_in_line(
        &mut self,
        board: &Board,
        parent: Option<&Board>,
        moves_played: usize,
    ) -> Score {
        self.evaluate_cached_with(board, |line, table| {
            line.material(table, board, parent, moves_played)
        })
    }

    /// [`Evaluation::evaluate_cached`], with the weighted material of `board` from `material`
    /// (given the line and the table) when the score is not in the cache.
    fn evaluate_cached_with(
        &mut self,
        board: &Board,
        material: impl FnOnce(&mut MaterialLine, &material::WeightedMaterial) -> Tapered,
    ) -> Score {
        if self.eval_cache.terms != self.terms {
            self.eval_cache.clear(); // made with other terms on (the terms are a public field)
            self.eval_cache.terms = self.terms;
        }
        let key = board.get_hash();
        if let Some(score) = self.eval_cache.get(key) {
            return score;
        }
        let material = material(&mut self.material_line, &self.weighted_material);
        let score = self.evaluate_uncached(board, material);
        self.eval_cache.put(key, score);
        score
    }

    /// [`Evaluation::evaluate_cached`] when the whole score is not in the cache; `material`
    /// is the weighted material of `board`.
    fn evaluate_uncached(&mut self, board: &Board, material: Tapered) -> Score {
        if self.reads_attacks() {
            self.attacks.fill(board);
        }
        let mut sum = self.weighted_sum();
        self.count_piece_terms(board, &self.attacks, &mut sum);
        let mut total = sum.total + material;
        if self.terms.pawns {
            let weights = &self.weights;
            total += self.pawn_cache.score(board, |board| {
                let mut pawn_sum = WeightedSum::new(weights);
                pawns::count(board, &mut pawn_sum);
                pawn_sum.total
            });
        }
        self.finish(board, total)
    }

    /// The names of what can be switched: the terms, then [`TUNED_SWITCH`].
    pub fn switch_names() -> Vec<&'static str> {
        let mut names = Terms::NAMES.to_vec();
        names.push(TUNED_SWITCH);
        names
    }

    /// Switches the term called `name` on or off, or (with [`TUNED_SWITCH`]) chooses the tuned
    /// weights or the hand-set ones; `false` if there is no such switch.
    pub fn switch(&mut self, name: &str, on: bool) -> bool {
        if name == TUNED_SWITCH {
            self.set_weights(if on {
                Weights::tuned()
            } else {
                Weights::initial()
            });
            return true;
        }
        self.terms.set(name, on)
    }

    /// An empty weighted sum over this evaluation's weights.
    fn weighted_sum(&self) -> WeightedSum<'_> {
        WeightedSum::new(&self.weights)
    }

    /// The weighted sum blended by the phase, adjusted by the endgame knowledge, and turned to
    /// the side to move's point of view.
    fn finish(&self, board: &Board, total: Tapered) -> Score {
        let phase = if self.terms.tapered {
            phase(board)
        } else {
            MAX_PHASE
        };
        let mut white = total.blend(phase);
        if self.terms.endgame {
            white = endgame::adjust(board, white);
        }
        Score(match board.side_to_move() {
            Color::White => white,
            Color::Black => -white,
        })
    }
}

/// How many whole scores the [`EvalCache`] keeps (a power of two; 16 bytes each).
const EVAL_CACHE_ENTRIES: usize = 1 << 16;

/// Whole scores by position, for the search's path: iterative deepening searches the same
/// positions again at every depth, and the quiescence search evaluates every position it
/// meets, so many a position is evaluated more than once. An entry is keyed by the board's
/// 64-bit key (pieces, side to move, castling, en passant), as the transposition table is, and
/// takes the same risk: two positions with one key would share a score, which with 64 bits
/// is too rare to show. Emptied when the weights are set or the terms switched.
#[derive(Clone)]
struct EvalCache {
    entries: Vec<(u64, Score)>,
    /// The terms its scores were made with.
    terms: Terms,
}

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache {
            entries: vec![(0, Score::DRAW); EVAL_CACHE_ENTRIES],
            terms: Terms::default(),
        }
    }
}

impl fmt::Debug for EvalCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EvalCache({} entries)", self.entries.len())
    }
}

impl EvalCache {
    fn clear(&mut self) {
        self.entries.fill((0, Score::DRAW));
    }

    /// The score kept for `key`, if any (key 0 marks an empty entry, and is never kept).
    #[inline]
    fn get(&self, key: u64) -> Option<Score> {
        let (kept, score) = self.entries[key as usize & (EVAL_CACHE_ENTRIES - 1)];
        (kept == key && key != 0).then_some(score)
    }

    #[inline]
    fn put(&mut self, key: u64, score: Score) {
        self.entries[key as usize & (EVAL_CACHE_ENTRIES - 1)] = (key, score);
    }
}

/// The weighted material of the positions along the line a search is walking, each kept by
/// the number of moves played before it: a position's sum is its parent's plus what the last
/// move changed ([`material::WeightedMaterial::change`]); only where the parent's is not kept
/// (it was not evaluated) is every piece counted. An entry is known by its position's key, so
/// a sum left by another line at the same distance is never taken for this one.
#[derive(Clone, Debug, Default)]
struct MaterialLine(Vec<(u64, Tapered)>);

impl MaterialLine {
    /// Forgets every sum (the weights they were made with are gone).
    fn clear(&mut self) {
        self.0.clear();
    }

    /// The weighted material of `board`, the position after `moves_played` moves, whose
    /// parent (one move before) is `parent`: kept for `board`'s children.
    fn material(
        &mut self,
        table: &material::WeightedMaterial,
        board: &Board,
        parent: Option<&Board>,
        moves_played: usize,
    ) -> Tapered {
        if self.0.len() <= moves_played {
            self.0.resize(moves_played + 1, (0, Tapered::ZERO));
        }
        let key = board.get_hash();
        let kept = |(kept, sum): (u64, Tapered), key: u64| (kept == key && key != 0).then_some(sum);
        if let Some(sum) = kept(self.0[moves_played], key) {
            return sum;
        }
        let from_parent = parent
            .zip(moves_played.checked_sub(1))
            .and_then(|(parent, at)| {
                let sum = kept(self.0[at], parent.get_hash())?;
                Some(sum + table.change(parent, board))
            });
        let sum = from_parent.unwrap_or_else(|| table.score(board));
        self.0[moves_played] = (key, sum);
        sum
    }
}

/// How many pawn structures the [`PawnCache`] keeps (a power of two; 24 bytes each).
const PAWN_CACHE_ENTRIES: usize = 1 << 13;

/// The pawn structure's weighted score by the squares of the pawns: in a search most positions
/// share their pawns with thousands of others, so the score is nearly always here already.
/// An entry holds both sides' pawns in full, so a hit is never a wrong score; and the cache is
/// emptied whenever the weights are set ([`Evaluation::set_weights`]).
#[derive(Clone)]
pub struct PawnCache {
    entries: Vec<PawnEntry>,
}

#[derive(Clone, Copy, Default)]
struct PawnEntry {
    white: u64,
    black: u64,
    score: Tapered,
}

impl Default for PawnCache {
    fn default() -> Self {
        // An empty entry reads as "no pawns at all, score 0", which is true.
        PawnCache {
            entries: vec![PawnEntry::default(); PAWN_CACHE_ENTRIES],
        }
    }
}

impl fmt::Debug for PawnCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PawnCache({} entries)", self.entries.len())
    }
}

impl PawnCache {
    /// Forgets every score (the weights they were made with are gone).
    fn clear(&mut self) {
        self.entries.fill(PawnEntry::default());
    }

    /// The score of `board`'s pawns: from the cache, or from `count` (and then kept).
    fn score(&mut self, board: &Board, count: impl FnOnce(&Board) -> Tapered) -> Tapered {
        let pawns = *board.pieces(chess::Piece::Pawn);
        let white = (pawns & *board.color_combined(Color::White)).0;
        let black = (pawns & *board.color_combined(Color::Black)).0;
        let mixed = white.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ black.rotate_left(29);
        let index = (mixed.wrapping_mul(0xBF58_476D_1CE4_E5B9) >> 51) as usize;
        let entry = &mut self.entries[index % PAWN_CACHE_ENTRIES];
        if entry.white != white || entry.black != black {
            *entry = PawnEntry {
                white,
                black,
                score: count(board),
            };
        }
        entry.score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn board(fen: &str) -> Board {
        Board::from_str(fen).expect("a valid test FEN")
    }

    #[test]
    fn terms_are_switched_and_read_by_the_same_names() {
        let mut terms = Terms::default();
        for name in TERM_NAMES {
            assert_eq!(terms.is_on(name), Some(true), "{name}");
            assert!(terms.set(name, false));
            assert_eq!(terms.is_on(name), Some(false), "{name}");
        }
        assert!(!terms.set("material", false));
        assert_eq!(terms.is_on("material"), None);
    }

    #[test]
    fn the_start_is_level_and_mirrors_are_equal() {
        let evaluation = Evaluation::default();
        assert_eq!(evaluation.evaluate(&Board::default()), Score(0));
        let a = board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let b = board("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3");
        assert_eq!(evaluation.evaluate(&a), evaluation.evaluate(&b));
    }

    #[test]
    fn the_weighted_features_are_the_evaluation() {
        // With the endgame knowledge off, the score is exactly the features times the weights.
        let mut evaluation = Evaluation::default();
        evaluation.terms.endgame = false;
        let b = board("r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/P3BPPP/R2QK2R w KQ - 0 10");
        let features = evaluation.features(&b);
        let total = features.0.iter().fold(Tapered::ZERO, |t, &(i, c)| {
            t + evaluation.weights().get(i) * c
        });
        assert_eq!(evaluation.evaluate(&b), Score(total.blend(phase(&b))));
    }

    #[test]
    fn the_search_path_is_the_evaluation_everywhere() {
        // Every position two plies from a few rich ones, under both weight sets and with
        // terms switched off: the path with the material table and the pawn cache gives
        // exactly the plain evaluation's score.
        let mut checked = 0;
        for tuned in [true, false] {
            for off in [None, Some("pawns"), Some("mobility"), Some("tapered")] {
                let mut cached = Evaluation::default();
                cached.switch(TUNED_SWITCH, tuned);
                if let Some(term) = off {
                    cached.switch(term, false);
                }
                for fen in [
                    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                    "5rk1/1b3p2/8/3p4/3p2P1/2Q4B/5P1K/R3R3 b - - 0 36",
                    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                ] {
                    let root = board(fen);
                    for first in chess::MoveGen::new_legal(&root) {
                        let after = root.make_move_new(first);
                        for second in chess::MoveGen::new_legal(&after) {
                            let b = after.make_move_new(second);
                            assert_eq!(cached.evaluate_cached(&b), cached.evaluate(&b), "{b}");
                            checked += 1;
                        }
                    }
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    #[test]
    fn the_pawn_cache_gives_the_same_scores() {
        // Along a game, and with the pawns term on and off: the cached path agrees with the
        // plain one, on a miss and on a hit.
        let mut cached = Evaluation::default();
        let plain = Evaluation::default();
        let mut b = Board::default();
        for mv in [
            "e2e4", "c7c5", "g1f3", "d7d6", "d2d4", "c5d4", "f3d4", "g8f6", "b1c3",
        ] {
            let mv = chess::ChessMove::from_str(mv).expect("a move");
            assert!(b.legal(mv), "{mv}");
            b = b.make_move_new(mv);
            assert_eq!(cached.evaluate_cached(&b), plain.evaluate(&b));
            assert_eq!(cached.evaluate_cached(&b), plain.evaluate(&b));
        }
        // New weights, pawns and pieces: the cache and the material table follow them, on a
        // position whose pawns were cached under the old ones.
        let doubled = board("4k3/8/8/8/8/3P4/3P4/4K3 w - - 0 1");
        let before = cached.evaluate_cached(&doubled);
        let mut weights = cached.weights().clone();
        weights.0[weights::DOUBLED_PAWN] = Tapered::new(-50, -50);
        weights.0[weights::PSQT + 64 * 5 + 4] = Tapered::new(40, 40); // the king on e1
        cached.set_weights(weights);
        assert_eq!(cached.evaluate_cached(&doubled), cached.evaluate(&doubled));
        assert_ne!(cached.evaluate_cached(&doubled), before);
        cached.terms.pawns = false;
        let b = board("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1"); // a passed pawn on d5
        assert_ne!(cached.evaluate_cached(&b), plain.evaluate(&b));
        assert_eq!(cached.evaluate_cached(&b), cached.evaluate(&b));
    }

    #[test]
    fn the_switches_are_the_terms_and_the_weights() {
        let switch_names = Evaluation::switch_names();
        assert_eq!(&switch_names[..TERM_NAMES.len()], TERM_NAMES);
        assert_eq!(switch_names[TERM_NAMES.len()..], [TUNED_SWITCH]);
        let mut evaluation = Evaluation::default();
        assert_eq!(evaluation.weights(), &Weights::tuned());
        assert_ne!(Weights::tuned(), Weights::initial());
        assert!(evaluation.switch(TUNED_SWITCH, false));
        assert_eq!(evaluation.weights(), &Weights::initial());
        assert!(evaluation.switch(TUNED_SWITCH, true));
        assert_eq!(evaluation.weights(), &Weights::tuned());
        assert!(evaluation.switch("mobility", false));
        assert!(!evaluation.terms.mobility);
        assert!(!evaluation.switch("no_such_switch", false));
    }

    #[test]
    fn terms_are_switched_by_name() {
        let mut terms = Terms::default();
        for name in TERM_NAMES {
            assert!(terms.set(name, false), "{name}");
        }
        assert!(!terms.set("no_such_term", false));
        assert!(!terms.mobility && !terms.endgame);
    }
}
