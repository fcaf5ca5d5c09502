//! The games the engines search: chess for real; tic-tac-toe and Connect Three, small enough to
//! solve whole, for exact checks.

pub mod chess;
pub mod connect;
pub mod tictactoe;

pub use self::chess::Chess;
pub use self::connect::ConnectThree;
pub use self::tictactoe::TicTacToe;
