//! The games the engines search: chess for real, tic-tac-toe for exact checks.

pub mod chess;
pub mod see;
pub mod tictactoe;

pub use self::chess::Chess;
pub use self::tictactoe::TicTacToe;
