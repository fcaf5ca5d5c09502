//! The layout of the evaluation's weight table: the offset of each term in the one flat table
//! of [`super::weights::Weights`], and how many weights there are. Its own file, below both the
//! hand-set weights and the generated tuned ones, which size themselves by it.

/// Material, by piece: pawn, knight, bishop, rook, queen, king (always 0).
pub const MATERIAL: usize = 0;
/// Piece-square values, 64 per piece in the same order, indexed by square from White's side
/// (a1 = 0, h8 = 63); Black reads them mirrored.
pub const PSQT: usize = MATERIAL + 6;
/// Mobility, per square attacked that holds no piece of one's own: knight, bishop, rook, queen.
pub const MOBILITY: usize = PSQT + 6 * 64;
/// Each pawn beyond the first on a file.
pub const DOUBLED_PAWN: usize = MOBILITY + 4;
/// Each pawn with no friendly pawn on a neighbouring file.
pub const ISOLATED_PAWN: usize = DOUBLED_PAWN + 1;
/// Each passed pawn (no enemy pawn ahead on its file or the neighbouring ones), by its rank
/// counted from its own side (0 = first rank; 0 and 7 never occur).
pub const PASSED_PAWN: usize = ISOLATED_PAWN + 1;
/// Two bishops or more.
pub const BISHOP_PAIR: usize = PASSED_PAWN + 8;
/// Each rook on a file with no pawn at all.
pub const ROOK_OPEN_FILE: usize = BISHOP_PAIR + 1;
/// Each rook on a file with enemy pawns but none of its own.
pub const ROOK_SEMI_OPEN_FILE: usize = ROOK_OPEN_FILE + 1;
/// Each own pawn in the shield: on the king's file or a neighbour, one or two ranks ahead.
pub const KING_SHIELD: usize = ROOK_SEMI_OPEN_FILE + 1;
/// Each file, the king's or a neighbour, with no own pawn on it (a way in for enemy rooks).
pub const KING_OPEN_FILE: usize = KING_SHIELD + 1;
/// Each square next to the enemy king that one's knight, bishop, rook or queen attacks
/// (counted per attacker).
pub const KING_ATTACK: usize = KING_OPEN_FILE + 1;
/// How many weights there are.
pub const WEIGHT_COUNT: usize = KING_ATTACK + 4;
