// Exercise `connect`: a second game: Connect Three's rules as a Game, solved by every stage.
//
// Write the parts marked `todo!()`, then: searchlab exercise check connect
// Stuck? searchlab exercise hint connect (one hint at a time).
// The solution is the rung itself: crates/engine/src/games/connect.rs. (Generated from
// crates/engine/src/games/connect.rs by `searchlab exercise skeletons`; work in your own copy,
// exercises/mine/connect.rs, which the commands make on first use.)

//! Connect Three on a 4 × 3 board: a second small game, solved whole by every stage.
//!
//! Four columns of three cells; the players drop a stone in turn into a column that is not full,
//! where it falls to the lowest free cell, and three stones of one colour in a row, a column or
//! a diagonal win. The board is small enough for minimax to search the whole game tree, so the
//! game gives exact facts, as tic-tac-toe does: what the first player can force, and the same
//! answer from every stage. Its moves are columns, written `a` to `d` from the left.
//!
//! It is also the exercise that is not chess (`searchlab exercise check connect`): the learner
//! writes its [`Game`] implementation and watches the stages solve it.

use searchlab::game::{Game, Outcome};
use searchlab::score::Score;
use searchlab::tt::TableMove;
use std::fmt;

/// The columns.
pub const COLUMNS: usize = 4;
/// The cells in a column.
pub const ROWS: usize = 3;
/// The stones in a row that win.
pub const LINE: usize = 3;

/// A move: the column (0 to 3) to drop a stone into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Column(pub u8);

/// A column in the table: its number plus one (0 means no move).
impl TableMove for Column {
    fn pack(self) -> u16 {
        u16::from(self.0) + 1
    }

    fn unpack(bits: u16) -> Column {
        Column(bits.saturating_sub(1) as u8)
    }
}

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", (b'a' + self.0) as char)
    }
}

/// A stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stone {
    /// The first player's.
    First,
    /// The second player's.
    Second,
}

/// A Connect Three position with its move history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectThree {
    /// `cells[column][row]`, row 0 at the bottom.
    cells: [[Option<Stone>; ROWS]; COLUMNS],
    /// The stones in each column.
    heights: [usize; COLUMNS],
    /// The columns played, in order.
    history: Vec<Column>,
}

impl Default for ConnectThree {
    fn default() -> Self {
        ConnectThree::new()
    }
}

impl ConnectThree {
    /// The empty board, the first player to move.
    pub fn new() -> ConnectThree {
        ConnectThree {
            cells: [[None; ROWS]; COLUMNS],
            heights: [0; COLUMNS],
            history: Vec::new(),
        }
    }

    /// The side to move: the first player after an even number of moves.
    pub fn to_move(&self) -> Stone {
        if self.history.len().is_multiple_of(2) {
            Stone::First
        } else {
            Stone::Second
        }
    }

    /// The stone at `column`, `row` (row 0 at the bottom), if any; `None` off the board.
    pub fn stone(&self, column: isize, row: isize) -> Option<Stone> {
        if column < 0 || row < 0 || column >= COLUMNS as isize || row >= ROWS as isize {
            return None;
        }
        self.cells[column as usize][row as usize]
    }
}

impl Game for ConnectThree {
    type Move = Column;
    type Evaluator = searchlab::game::StaticEvaluation;

    fn legal_moves(&self) -> Vec<Column> {
        todo!("exercise connect: write the part 'legal_moves'")
    }

    fn play(&mut self, mv: Column) {
        todo!("exercise connect: write the part 'play'")
    }

    fn undo(&mut self) {
        todo!("exercise connect: write the part 'undo'")
    }

    fn outcome(&self) -> Option<Outcome> {
        todo!("exercise connect: write the part 'outcome'")
    }

    fn evaluate(&self) -> Score {
        // No heuristic: a depth-limited search only knows won, lost or unknown.
        Score::DRAW
    }

    fn hash(&self) -> u64 {
        todo!("exercise connect: write the part 'hash'")
    }
}

impl fmt::Display for ConnectThree {
    /// The board, top row first: `X` the first player's stones, `O` the second's, `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..ROWS).rev() {
            for column in 0..COLUMNS {
                let c = match self.cells[column][row] {
                    None => '.',
                    Some(Stone::First) => 'X',
                    Some(Stone::Second) => 'O',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
