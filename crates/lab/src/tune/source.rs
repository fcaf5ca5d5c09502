//! The tuned weights written as Rust: `searchlab tune` writes them to
//! `crates/engine/src/eval/tuned.rs`, which the engine compiles in. Apart from the method
//! ([`super`]): what a tuning run found is the tuner's; how it is laid out as source is this
//! file's.

use searchlab_engine::eval::weights::{self, MATERIAL, PSQT};
use searchlab_engine::eval::Weights;

/// The groups of weights as the generated file lays them out: a name, the first index, how
/// many, and how many to a line.
pub(super) const SECTIONS: &[(&str, usize, usize, usize)] = &[
    (
        "material: pawn, knight, bishop, rook, queen, king",
        MATERIAL,
        6,
        6,
    ),
    ("pawn squares, a1..h1 first, rank by rank", PSQT, 64, 8),
    ("knight squares", PSQT + 64, 64, 8),
    ("bishop squares", PSQT + 128, 64, 8),
    ("rook squares", PSQT + 192, 64, 8),
    ("queen squares", PSQT + 256, 64, 8),
    ("king squares", PSQT + 320, 64, 8),
    (
        "mobility: knight, bishop, rook, queen",
        weights::MOBILITY,
        4,
        4,
    ),
    ("doubled pawn", weights::DOUBLED_PAWN, 1, 1),
    ("isolated pawn", weights::ISOLATED_PAWN, 1, 1),
    (
        "passed pawn by rank, first to eighth",
        weights::PASSED_PAWN,
        8,
        8,
    ),
    ("bishop pair", weights::BISHOP_PAIR, 1, 1),
    ("rook on an open file", weights::ROOK_OPEN_FILE, 1, 1),
    (
        "rook on a semi-open file",
        weights::ROOK_SEMI_OPEN_FILE,
        1,
        1,
    ),
    ("king shield pawn", weights::KING_SHIELD, 1, 1),
    ("open file at the king", weights::KING_OPEN_FILE, 1, 1),
    (
        "attacks next to the king: knight, bishop, rook, queen",
        weights::KING_ATTACK,
        4,
        4,
    ),
];

// ANCHOR: source
/// `weights` as the Rust source of `crates/engine/src/eval/tuned.rs`: one `t(mg, eg)` per
/// weight, grouped and commented by term, so that a new tuning shows as a readable diff. `provenance` (lines
/// of text) says how the weights were made; it goes into the module's documentation.
pub fn weights_source(weights: &Weights, provenance: &[String]) -> String {
    let mut source = String::from(
        "//! The evaluation's weights as tuned by `searchlab tune` (Texel's method; see the book's\n\
         //! chapter on tuning): **generated, not written by hand**.\n//!\n",
    );
    for line in provenance {
        source.push_str(&format!("//! {line}\n").replace("//! \n", "//!\n"));
    }
    source.push_str(
        "\nuse super::tapered::Tapered;\nuse super::layout::WEIGHT_COUNT;\n\n\
         /// A weight, short.\nconst fn t(mg: i32, eg: i32) -> Tapered {\n    Tapered::new(mg, eg)\n}\n\n\
         /// The tuned weights, at the offsets of [`super::layout`].\n#[rustfmt::skip]\n\
         pub const TUNED: [Tapered; WEIGHT_COUNT] = [\n",
    );
    for &(name, first, count, per_line) in SECTIONS {
        source.push_str(&format!("    // {name}\n"));
        for line in weights.0[first..first + count].chunks(per_line) {
            let items: Vec<String> = line
                .iter()
                .map(|w| format!("t({}, {})", w.mg, w.eg))
                .collect();
            source.push_str(&format!("    {},\n", items.join(", ")));
        }
    }
    source.push_str("];\n");
    source
}
// ANCHOR_END: source

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_engine::eval::weights::WEIGHT_COUNT;

    #[test]
    fn the_generated_source_holds_every_weight_once() {
        assert_eq!(
            SECTIONS
                .iter()
                .map(|&(_, _, count, _)| count)
                .sum::<usize>(),
            WEIGHT_COUNT
        );
        for pair in SECTIONS.windows(2) {
            assert_eq!(
                pair[0].1 + pair[0].2,
                pair[1].1,
                "{} is not followed by {}",
                pair[0].0,
                pair[1].0
            );
        }
        let source = weights_source(&Weights::initial(), &["made by a test".to_string()]);
        assert_eq!(source.matches("t(").count() - 1, WEIGHT_COUNT); // one is `fn t(`
        assert!(source.contains("//! made by a test\n"));
    }
}
