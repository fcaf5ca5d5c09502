//! Errors a user can cause: a bad FEN, an illegal move, an unknown stage, a bad limit, a bad
//! EPD line. Library functions return them as values; the binary reports them and exits non-zero.

use thiserror::Error;

/// What was wrong with a FEN string, naming the field at fault.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    /// A FEN has 6 space-separated fields (4 are accepted, as in EPD).
    #[error("a FEN has 4 to 6 fields (placement, side, castling, en passant, halfmove clock, fullmove number), found {found}")]
    FieldCount {
        /// How many fields the string had.
        found: usize,
    },
    /// Field 1, the piece placement.
    #[error("field 1 (piece placement) is invalid: {reason}")]
    Placement {
        /// What is wrong with it.
        reason: String,
    },
    /// Field 2, the side to move.
    #[error("field 2 (side to move) must be 'w' or 'b', found '{found}'")]
    SideToMove {
        /// The text found.
        found: String,
    },
    /// Field 3, castling rights.
    #[error("field 3 (castling rights) must be '-' or letters from 'KQkq', found '{found}'")]
    Castling {
        /// The text found.
        found: String,
    },
    /// Field 4, the en-passant target square.
    #[error("field 4 (en passant square) must be '-' or a square on rank 3 or 6, found '{found}'")]
    EnPassant {
        /// The text found.
        found: String,
    },
    /// Field 4 names a square, but no double pawn step can have led to this position.
    #[error("field 4 (en passant square) '{found}' is not possible here: the pawn must stand in front of it, the squares it crossed must be empty, and no en-passant capture may leave a king in check")]
    ImpossibleEnPassant {
        /// The text found.
        found: String,
    },
    /// Field 5, the halfmove clock.
    #[error("field 5 (halfmove clock) must be a number from 0 to 150, found '{found}'")]
    HalfmoveClock {
        /// The text found.
        found: String,
    },
    /// Field 6, the fullmove number.
    #[error("field 6 (fullmove number) must be a positive number, found '{found}'")]
    FullmoveNumber {
        /// The text found.
        found: String,
    },
    /// Every field parses, but the position cannot occur in a game.
    #[error("the position is not legal: {reason}")]
    IllegalPosition {
        /// Why not.
        reason: String,
    },
}

/// Every error the searchlab library reports.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// A FEN that could not be read.
    #[error("bad FEN '{fen}': {error}")]
    Fen {
        /// The FEN as given.
        fen: String,
        /// Which field was wrong.
        error: FenError,
    },
    /// A move that is malformed or not legal in the position.
    #[error("illegal move '{mv}' in position {fen}{hint}")]
    IllegalMove {
        /// The move as given.
        mv: String,
        /// The position it was tried in.
        fen: String,
        /// Extra help (the legal moves, or why it failed).
        hint: String,
    },
    /// A stage name that is not on the ladder.
    #[error("unknown stage '{name}'; the stages are: {known}")]
    UnknownStage {
        /// The name given.
        name: String,
        /// The names that exist, comma separated.
        known: String,
    },
    /// A stage name followed by a switch the stage does not have (`selective -no_such_part`).
    #[error("the {stage} stage has no part to switch called '{name}' (known: {known})")]
    UnknownSwitch {
        /// The stage.
        stage: String,
        /// The switch given, as written.
        name: String,
        /// The switches that exist, comma separated.
        known: String,
    },
    /// A thread count a stage cannot search with (`parallel threads=0`, `pvs threads=2`).
    #[error("the {stage} stage cannot search with that many threads: {reason}")]
    BadThreads {
        /// The stage.
        stage: String,
        /// Why not.
        reason: String,
    },
    /// A word of an engine's description that is neither a switch nor a setting it takes
    /// (`hash=0`, `depth=3`).
    #[error("'{word}' in an engine's description: {reason}")]
    BadEngineWord {
        /// The word, as written.
        word: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A search limit that makes no sense (zero time, zero depth, ...).
    #[error("invalid search limit: {0}")]
    InvalidLimit(String),
    /// A line of an EPD file that could not be read.
    #[error("EPD line {line}: {reason}")]
    Epd {
        /// 1-based line number.
        line: usize,
        /// What was wrong.
        reason: String,
    },
    /// A line of a training-data file (what `datagen` writes and `tune` reads) that could not
    /// be read.
    #[error("data line {line}: {reason}")]
    DataLine {
        /// 1-based line number.
        line: usize,
        /// What was wrong.
        reason: String,
    },
    /// A learned evaluation's weights that could not be read (a weights file that is not one,
    /// or whose sizes do not fit together).
    #[error("network: {0}")]
    Network(String),
    /// A tool's settings that cannot work (no openings to start games from, no positions to
    /// tune on, ...).
    #[error("{0}")]
    Setting(String),
    /// Reading or writing a file failed.
    #[error("{path}: {reason}")]
    Io {
        /// The file.
        path: String,
        /// The operating system's message.
        reason: String,
    },
    /// A picture that could not be drawn or rendered (an unreadable SVG, a character the
    /// embedded font lacks).
    #[error("picture: {0}")]
    Picture(String),
    /// An engine playing a match failed: it would not start, answered nothing in time, sent
    /// an illegal move, or exited.
    #[error("engine {engine}: {reason}")]
    Engine {
        /// The engine's name.
        engine: String,
        /// What went wrong.
        reason: String,
    },
}

/// `Result` with the library's [`enum@Error`].
pub type Result<T> = std::result::Result<T, Error>;
