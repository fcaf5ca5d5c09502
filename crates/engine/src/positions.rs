//! Named test positions built into the crate: the set the ladder is proven and measured on.
//!
//! The same list feeds the ladder test, `searchlab compare`, `searchlab bench` and the
//! notebooks, so a figure in the README, the book and a test all mean the same positions.

/// A position with a short name, and the reason it is in its set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NamedPosition {
    /// A short name for tables.
    pub name: &'static str,
    /// The position.
    pub fen: &'static str,
    /// Why the position is in its set: what it brings that the others do not (the book's
    /// Foundations chapter lists the ladder with these reasons).
    pub why: &'static str,
}

impl NamedPosition {
    /// A position of your own, for `compare` and the notebooks' "Try it" cells: a name for the
    /// tables and a FEN (`compare` reports a bad FEN as an error naming the field). It has no
    /// recorded reason; the built-in sets do.
    pub const fn yours(name: &'static str, fen: &'static str) -> Self {
        NamedPosition { name, fen, why: "" }
    }
}

/// Kiwipete, Peter McKenzie's perft position: castling both ways, en passant, promotions
/// and pins within a few plies, which is why move-generator tests start here.
pub const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

const fn pos(name: &'static str, fen: &'static str, why: &'static str) -> NamedPosition {
    NamedPosition { name, fen, why }
}

/// The ladder set: openings, middlegames from the Bratko-Kopec suite, tactical perft
/// positions, endgames and mates; 24 positions.
pub const LADDER: &[NamedPosition] = &[
    pos(
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "The position every game starts from: 20 moves, none of them a capture, and a level \
        evaluation.",
    ),
    pos(
        "lopsided",
        "5rk1/1b3p2/8/3p4/3p2P1/2Q4B/5P1K/R3R3 b - - 0 36",
        "A lopsided late middlegame, Black to move with rook, bishop and three pawns against \
        queen, two rooks, bishop and two pawns: one strong move, found early, cuts off almost \
        everything else.",
    ),
    pos(
        "kiwipete",
        KIWIPETE,
        "Perft position 2 of the Chess Programming Wiki: 48 legal moves, with castling both ways, \
        en passant, promotions and pins a few plies away.",
    ),
    pos(
        "cpw-pos4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "Perft position 4: White in check with 6 replies, pawns one step from promotion on both \
        sides, castling rights for Black alone.",
    ),
    pos(
        "cpw-pos5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "Perft position 5, known for catching move generators out: a pawn on d7 that promotes by \
        capturing, a black knight on f2 forking queen and rook.",
    ),
    pos(
        "cpw-pos6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "Perft position 6: a full, nearly symmetrical middlegame, both kings castled, bishops \
        pinning knights to the queens; many quiet moves of similar worth.",
    ),
    pos(
        "BK.01",
        "1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - 0 1",
        "Bratko-Kopec 1, Black to move: a sharp position where the test's move, 1...Qd1+, is a \
        check.",
    ),
    pos(
        "BK.02",
        "3r1k2/4npp1/1ppr3p/p6P/P2PPPP1/1NR5/5K2/2R5 w - - 0 1",
        "Bratko-Kopec 2: an ending with rooks, knights and many pawns, where the test's move is \
        the pawn push 1.d5.",
    ),
    pos(
        "BK.04",
        "rnbqkb1r/p3pppp/1p6/2ppP3/3N4/2P5/PPP1QPPP/R1B1KB1R w KQkq - 0 1",
        "Bratko-Kopec 4: an opening with the queens on, where the test's move is the pawn \
        sacrifice 1.e6.",
    ),
    pos(
        "BK.06",
        "2r3k1/pppR1pp1/4p3/4P1P1/5P2/1P4K1/P1P5/8 w - - 0 1",
        "Bratko-Kopec 6: a rook ending, where the test's move is the pawn push 1.g6.",
    ),
    pos(
        "BK.08",
        "4b3/p3kp2/6p1/3pP2p/2pP1P2/4K1P1/P3N2P/8 w - - 0 1",
        "Bratko-Kopec 8: a blocked ending of knight against bishop, with only 13 moves, where the \
        test's move is the pawn break 1.f5.",
    ),
    pos(
        "BK.10",
        "3rr1k1/pp3pp1/1qn2np1/8/3p4/PP1R1P2/2P1NQPP/R1B3K1 b - - 0 1",
        "Bratko-Kopec 10, Black to move: a middlegame with queens and rooks, where the test's move \
        is 1...Ne5.",
    ),
    pos(
        "BK.12",
        "r3r1k1/ppqb1ppp/8/4p1NQ/8/2P5/PP3PPP/R3R1K1 b - - 0 1",
        "Bratko-Kopec 12, Black to move: White's queen and knight aim at the king, and the test's \
        move is the quiet defence 1...Bf5.",
    ),
    pos(
        "BK.13",
        "r2q1rk1/4bppp/p2p4/2pP4/3pP3/3Q4/PP1B1PPP/R3R1K1 w - - 0 1",
        "Bratko-Kopec 13: a middlegame with a locked centre, where the test's move is the pawn \
        push 1.b4.",
    ),
    pos(
        "BK.15",
        "2r3k1/1p2q1pp/2b1pr2/p1pp4/6Q1/1P1PP1R1/P1PN2PP/5RK1 w - - 0 1",
        "Bratko-Kopec 15: an attack on the king, where the test's move is the queen sacrifice \
        1.Qxg7+.",
    ),
    pos(
        "BK.19",
        "3rr3/2pq2pk/p2p1pnp/8/2QBPP2/1P6/P5PP/4RRK1 b - - 0 1",
        "Bratko-Kopec 19, Black to move: the test's move is the capture 1...Rxe4, into a \
        recapture.",
    ),
    pos(
        "BK.22",
        "2r2rk1/1bqnbpp1/1p1ppn1p/pP6/N1P1P3/P2B1N1P/1B2QPP1/R2R2K1 b - - 0 1",
        "Bratko-Kopec 22, Black to move: a crowded middlegame (30 pieces), where the test's move \
        is the capture 1...Bxe4.",
    ),
    pos(
        "cpw-pos3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "Perft position 3: a sparse rook and pawn ending in which kings and rooks share ranks, so \
        that some en passant captures would expose a king and are illegal.",
    ),
    pos(
        "rook-end",
        "8/8/4k3/8/2R5/3K4/8/8 w - - 0 1",
        "King and rook against king: a win that needs a plan, and kings and rook reach the same \
        squares by many routes (transpositions).",
    ),
    pos(
        "pawn-end",
        "8/8/3k4/8/3K4/4P3/8/8 w - - 0 1",
        "King and pawn against king, the kings facing each other: a tiny tree whose result turns \
        on the opposition; nothing but pawns and kings, so stage 8 never tries a null move here.",
    ),
    pos(
        "lucena",
        "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1",
        "The Lucena position, the textbook win of rook and pawn against rook: a long plan with few \
        moves.",
    ),
    pos(
        "mate2-a",
        "4r1k1/pQ3pp1/7p/4q3/4r3/P7/1P2nPPP/2BR1R1K b - - 0 1",
        "Black mates in 2 (1...Qxh2+ 2.Kxh2 Rh4#): the mate must be found, and preferred to \
        everything else.",
    ),
    pos(
        "mate2-b",
        "2b3k1/1p5p/2p1n1pQ/3qB3/3P4/3B3P/r5P1/5RK1 w - - 0 1",
        "White mates in 2, starting with the check 1.Rf8+: a short forced line among 46 moves.",
    ),
    pos(
        "back-rank",
        "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
        "White mates in 1 (1.Ra8#): the shortest search, which iterative deepening ends at depth 1 \
        with a proven mate.",
    ),
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
    "The quiescence chapter's horizon position: at depth 3 the pvs stage plays into a \
     recapture just beyond its horizon.",
);

/// The smaller set `searchlab compare` runs by default: one of each kind, quick at depth 4.
pub const COMPARE: &[NamedPosition] = &[
    LADDER[0],  // start
    LADDER[1],  // lopsided
    LADDER[2],  // kiwipete
    LADDER[6],  // BK.01
    LADDER[12], // BK.12
    LADDER[17], // cpw-pos3
    LADDER[21], // mate2-a
];
