//! Tic-tac-toe: a game small enough to search completely.
//!
//! Its whole game tree, from the empty board, has 549,946 nodes (the root included, each game
//! ending at a win or a full board), and its value is a draw. No chess test can give an exact
//! check like that, so the first stages are proven on this game before they meet chess.
//!
//! Cells are numbered 0..9 row by row from the top left, and written as a letter for the
//! column and a digit for the row: `a1` is the top-left cell, `c3` the bottom-right.

use crate::error::{Error, Result};
use crate::game::{Game, Outcome};
use crate::score::Score;
use crate::tt::TableMove;
use std::fmt;

/// A mark on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// The first player.
    X,
    /// The second player.
    O,
}

/// A tic-tac-toe move: the index (0..9) of the cell to mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell(pub u8);

/// A cell in the table: its number plus one (0 means no move).
impl TableMove for Cell {
    fn pack(self) -> u16 {
        u16::from(self.0) + 1
    }

    fn unpack(bits: u16) -> Cell {
        Cell(bits.saturating_sub(1) as u8)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let column = (b'a' + self.0 % 3) as char;
        write!(f, "{column}{}", self.0 / 3 + 1)
    }
}

/// The eight lines that win.
pub const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// A tic-tac-toe position with its move history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TicTacToe {
    cells: [Option<Mark>; 9],
    history: Vec<Cell>,
}

impl Default for TicTacToe {
    fn default() -> Self {
        TicTacToe::new()
    }
}

impl TicTacToe {
    /// The empty board, X to move.
    pub fn new() -> TicTacToe {
        TicTacToe {
            cells: [None; 9],
            history: Vec::new(),
        }
    }

    /// A board from 9 characters, row by row: `X`, `O`, and `.` or `-` for empty
    /// (whitespace and `/` are ignored). X moves first, so X has as many marks as O or one more;
    /// the side to move follows from the counts.
    pub fn from_cells(text: &str) -> Result<TicTacToe> {
        let chars: Vec<char> = text
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '/')
            .collect();
        let bad = |reason: String| Error::Setting(format!("tic-tac-toe board '{text}': {reason}"));
        if chars.len() != 9 {
            return Err(bad(format!("needs 9 cells, found {}", chars.len())));
        }
        let mut cells = [None; 9];
        for (i, c) in chars.iter().enumerate() {
            cells[i] = match c.to_ascii_uppercase() {
                'X' => Some(Mark::X),
                'O' => Some(Mark::O),
                '.' | '-' => None,
                other => return Err(bad(format!("unexpected '{other}'"))),
            };
        }
        let xs = cells.iter().filter(|c| **c == Some(Mark::X)).count();
        let os = cells.iter().filter(|c| **c == Some(Mark::O)).count();
        if xs != os && xs != os + 1 {
            return Err(bad(format!(
                "{xs} X and {os} O cannot happen (X moves first)"
            )));
        }
        Ok(TicTacToe {
            cells,
            history: Vec::new(),
        })
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Mark {
        let filled = self.cells.iter().filter(|c| c.is_some()).count();
        if filled % 2 == 0 {
            Mark::X
        } else {
            Mark::O
        }
    }

    /// The player who has three in a row, if anyone has.
    pub fn winner(&self) -> Option<Mark> {
        LINES.iter().find_map(|line| {
            let first = self.cells[line[0]]?;
            (self.cells[line[1]] == Some(first) && self.cells[line[2]] == Some(first))
                .then_some(first)
        })
    }
}

impl Game for TicTacToe {
    type Move = Cell;
    type Evaluator = crate::game::StaticEvaluation;

    fn legal_moves(&self) -> Vec<Cell> {
        if self.winner().is_some() {
            return Vec::new();
        }
        (0..9u8)
            .filter(|&i| self.cells[i as usize].is_none())
            .map(Cell)
            .collect()
    }

    fn play(&mut self, mv: Cell) {
        self.cells[mv.0 as usize] = Some(self.to_move());
        self.history.push(mv);
    }

    fn undo(&mut self) {
        if let Some(mv) = self.history.pop() {
            self.cells[mv.0 as usize] = None;
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        // A line can only have been completed by the player who just moved.
        if self.winner().is_some() {
            Some(Outcome::Loss)
        } else if self.cells.iter().all(|c| c.is_some()) {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn evaluate(&self) -> Score {
        // No heuristic: a depth-limited search of tic-tac-toe only knows won, lost or unknown.
        Score::DRAW
    }

    fn hash(&self) -> u64 {
        // The board as a base-3 number; the side to move follows from it.
        self.cells.iter().fold(0u64, |key, cell| {
            key * 3
                + match cell {
                    None => 0,
                    Some(Mark::X) => 1,
                    Some(Mark::O) => 2,
                }
        })
    }
}

impl fmt::Display for TicTacToe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..3 {
            for col in 0..3 {
                let c = match self.cells[row * 3 + col] {
                    None => '.',
                    Some(Mark::X) => 'X',
                    Some(Mark::O) => 'O',
                };
                write!(f, "{c}")?;
            }
            if row < 2 {
                writeln!(f)?;
            }
        }
        Ok(())
    }
}
