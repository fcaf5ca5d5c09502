//! Named test positions built into the crate: the set the ladder is proven and measured on.
//!
//! The same list feeds the ladder test, `searchlab compare`, `searchlab bench` and the
//! notebooks, so a figure in the README, the book and a test all mean the same positions.

/// A position with a short name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NamedPosition {
    /// A short name for tables.
    pub name: &'static str,
    /// The position.
    pub fen: &'static str,
}

/// Kiwipete, Peter McKenzie's perft position: castling both ways, en passant, promotions
/// and pins within a few plies, which is why move-generator tests start here.
pub const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

const fn pos(name: &'static str, fen: &'static str) -> NamedPosition {
    NamedPosition { name, fen }
}

/// The ladder set: openings, middlegames from the Bratko-Kopec suite, tactical perft
/// positions, endgames and mates; 24 positions.
pub const LADDER: &[NamedPosition] = &[
    pos(
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    pos(
        "issue-36",
        "5rk1/1b3p2/8/3p4/3p2P1/2Q4B/5P1K/R3R3 b - - 0 36",
    ),
    pos("kiwipete", KIWIPETE),
    pos(
        "cpw-pos4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ),
    pos(
        "cpw-pos5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ),
    pos(
        "cpw-pos6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ),
    pos(
        "BK.01",
        "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1",
    ),
    pos(
        "BK.02",
        "3r1k2/4npp1/1ppr3p/p6P/P2PPPP1/1NR5/5K2/2R5 w - - 0 1",
    ),
    pos(
        "BK.04",
        "rnbqkb1r/p3pppp/1p6/2ppP3/3N4/2P5/PPP1QPPP/R1B1KB1R w KQkq - 0 1",
    ),
    pos(
        "BK.06",
        "2r3k1/pppR1pp1/4p3/4P1P1/5P2/1P4K1/P1P5/8 w - - 0 1",
    ),
    pos(
        "BK.08",
        "4b3/p3kp2/6p1/3pP2p/2pP1P2/4K1P1/P3N2P/8 w - - 0 1",
    ),
    pos(
        "BK.10",
        "3rr1k1/pp3pp1/1qn2np1/8/3p4/PP1R1P2/2P1NQPP/R1B3K1 b - - 0 1",
    ),
    pos(
        "BK.12",
        "r3r1k1/ppqb1ppp/8/4p1NQ/8/2P5/PP3PPP/R3R1K1 b - - 0 1",
    ),
    pos(
        "BK.13",
        "r2q1rk1/4bppp/p2p4/2pP4/3pP3/3Q4/PP1B1PPP/R3R1K1 w - - 0 1",
    ),
    pos(
        "BK.15",
        "2r3k1/1p2q1pp/2b1pr2/p1pp4/6Q1/1P1PP1R1/P1PN2PP/5RK1 w - - 0 1",
    ),
    pos(
        "BK.19",
        "3rr3/2pq2pk/p2p1pnp/8/2QBPP2/1P6/P5PP/4RRK1 b - - 0 1",
    ),
    pos(
        "BK.22",
        "2r2rk1/1bqnbpp1/1p1ppn1p/pP6/N1P1P3/P2B1N1P/1B2QPP1/R2R2K1 b - - 0 1",
    ),
    pos("cpw-pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    pos("rook-end", "8/8/4k3/8/2R5/3K4/8/8 w - - 0 1"),
    pos("pawn-end", "8/8/3k4/8/3K4/4P3/8/8 w - - 0 1"),
    pos("lucena", "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1"),
    pos(
        "mate2-a",
        "4r1k1/pQ3pp1/7p/4q3/4r3/P7/1P2nPPP/2BR1R1K b - - 0 1",
    ),
    pos(
        "mate2-b",
        "2b3k1/1p5p/2p1n1pQ/3qB3/3P4/3B3P/r5P1/5RK1 w - - 0 1",
    ),
    pos("back-rank", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"),
];

/// The horizon effect in one position (from the 8-move opening book, line 23,252 of
/// `openings-8moves.epd`). At depth 3 the pvs stage plays 1.Nxe4?, seeing 1...Nxe4 2.Nxc6 and
/// a knight and a pawn won, because the recapture 2...dxc6 lies beyond its horizon; one ply
/// deeper it sees the recapture and scores the position 195 centipawns lower, one ply deeper
/// still the same trap waits at the new horizon. The quiescence stage plays on through the
/// captures at every depth and keeps to 1.c5. Chapter 7 and notebook 07 step through it.
pub const HORIZON: NamedPosition = pos(
    "horizon",
    "r1bq1rk1/pp1p1ppp/2nb1n2/4N3/2PPpP2/2N5/PP4PP/R1BQKB1R w KQ - 0 1",
);

/// The smaller set `searchlab compare` runs by default: one of each kind, quick at depth 4.
pub const COMPARE: &[NamedPosition] = &[
    LADDER[0],  // start
    LADDER[1],  // issue-36
    LADDER[2],  // kiwipete
    LADDER[6],  // BK.01
    LADDER[12], // BK.12
    LADDER[17], // cpw-pos3
    LADDER[21], // mate2-a
];
