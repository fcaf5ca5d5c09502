//! What each weight of the hand-written evaluation is called, for people: the terms the
//! weights belong to ([`FEATURE_GROUPS`]), and one weight's name ([`weight_name`]).
//!
//! Shared by the chapters that show weights, the evaluation's terms
//! ([`eval_terms`](super::eval_terms)) and their tuning ([`tuning`](super::tuning)), so that
//! neither borrows the other's. May import the engine's weights' layout; nothing of the course.

use searchlab_engine::board::square_at;
use searchlab_engine::eval::weights::{
    BISHOP_PAIR, DOUBLED_PAWN, ISOLATED_PAWN, KING_ATTACK, KING_OPEN_FILE, KING_SHIELD, MATERIAL,
    MOBILITY, PASSED_PAWN, PSQT, ROOK_OPEN_FILE, ROOK_SEMI_OPEN_FILE, WEIGHT_COUNT,
};

/// The weights of one term of the evaluation: `len` consecutive offsets from `first`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FeatureGroup {
    /// What the weights count, for people.
    pub name: &'static str,
    /// The name that switches the term off ([`Terms::set`](searchlab_engine::eval::Terms::set)); `None`
    /// for material and the piece-square tables, which are always on.
    pub switch: Option<&'static str>,
    /// The first offset in the weights.
    pub first: usize,
    /// How many weights.
    pub len: usize,
    /// A short label for each weight when there are a few (by piece, by rank); empty when
    /// there is one, or too many to name (the piece-square tables).
    pub labels: &'static [&'static str],
}

impl FeatureGroup {
    /// Does the weight at `index` belong to this group?
    pub fn contains(&self, index: usize) -> bool {
        (self.first..self.first + self.len).contains(&index)
    }
}

const PIECES: &[&str] = &["P", "N", "B", "R", "Q", "K"];
const MOBILE: &[&str] = &["N", "B", "R", "Q"];
const RANKS: &[&str] = &["1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th"];

const fn group(
    name: &'static str,
    switch: Option<&'static str>,
    first: usize,
    end: usize,
    labels: &'static [&'static str],
) -> FeatureGroup {
    FeatureGroup {
        name,
        switch,
        first,
        len: end - first,
        labels,
    }
}

/// Every weight of the evaluation, by term, in the order of the weights; together they cover
/// each offset from 0 to [`WEIGHT_COUNT`] once.
pub const FEATURE_GROUPS: &[FeatureGroup] = &[
    group("material", None, MATERIAL, PSQT, PIECES),
    group("piece-square tables", None, PSQT, MOBILITY, &[]),
    group("mobility", Some("mobility"), MOBILITY, DOUBLED_PAWN, MOBILE),
    group(
        "doubled pawns",
        Some("pawns"),
        DOUBLED_PAWN,
        ISOLATED_PAWN,
        &[],
    ),
    group(
        "isolated pawns",
        Some("pawns"),
        ISOLATED_PAWN,
        PASSED_PAWN,
        &[],
    ),
    group(
        "passed pawns",
        Some("pawns"),
        PASSED_PAWN,
        BISHOP_PAIR,
        RANKS,
    ),
    group(
        "bishop pair",
        Some("bishop_pair"),
        BISHOP_PAIR,
        ROOK_OPEN_FILE,
        &[],
    ),
    group(
        "rooks on open files",
        Some("rook_files"),
        ROOK_OPEN_FILE,
        ROOK_SEMI_OPEN_FILE,
        &[],
    ),
    group(
        "rooks on semi-open files",
        Some("rook_files"),
        ROOK_SEMI_OPEN_FILE,
        KING_SHIELD,
        &[],
    ),
    group(
        "king shield",
        Some("king_safety"),
        KING_SHIELD,
        KING_OPEN_FILE,
        &[],
    ),
    group(
        "open files at the king",
        Some("king_safety"),
        KING_OPEN_FILE,
        KING_ATTACK,
        &[],
    ),
    group(
        "attacks on the king's zone",
        Some("king_safety"),
        KING_ATTACK,
        WEIGHT_COUNT,
        MOBILE,
    ),
];

/// The pieces in the order of the weights (material and tables).
pub const PIECE_NAMES: [&str; 6] = ["pawn", "knight", "bishop", "rook", "queen", "king"];

/// What the weight at `index` counts, for people: `material: N`, `knight on d4`,
/// `passed pawns: 6th`, `bishop pair`.
pub fn weight_name(index: usize) -> String {
    if (PSQT..PSQT + 6 * 64).contains(&index) {
        let (piece, square) = ((index - PSQT) / 64, (index - PSQT) % 64);
        return format!(
            "{} on {}",
            PIECE_NAMES[piece],
            square_at(square % 8, square / 8)
        );
    }
    match FEATURE_GROUPS.iter().find(|group| group.contains(index)) {
        Some(group) if group.len == 1 => group.name.to_string(),
        Some(group) => match group.labels.get(index - group.first) {
            Some(label) => format!("{}: {label}", group.name),
            None => format!("{} {}", group.name, index - group.first),
        },
        None => format!("weight {index}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_engine::eval::Terms;

    #[test]
    fn the_groups_cover_every_weight_once() {
        let mut next = 0;
        for group in FEATURE_GROUPS {
            assert_eq!(group.first, next, "{}", group.name);
            assert!(group.labels.is_empty() || group.labels.len() == group.len);
            next += group.len;
        }
        assert_eq!(next, WEIGHT_COUNT);
        for switch in FEATURE_GROUPS.iter().filter_map(|g| g.switch) {
            assert!(Terms::default().set(switch, false), "{switch}");
        }
    }

    #[test]
    fn weights_are_named() {
        assert_eq!(weight_name(MATERIAL + 1), "material: N");
        assert_eq!(weight_name(PSQT + 64 + 27), "knight on d4");
        assert_eq!(weight_name(PSQT + 5 * 64 + 6), "king on g1");
        assert_eq!(weight_name(BISHOP_PAIR), "bishop pair");
        assert_eq!(weight_name(PASSED_PAWN + 5), "passed pawns: 6th");
    }
}
