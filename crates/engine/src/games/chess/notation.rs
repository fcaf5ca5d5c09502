//! Moves as text: UCI's coordinates (`e2e4`, `e7e8q`) and standard algebraic notation (`Nf3`,
//! `exd5`, `O-O`, `e8=Q+`), read (checked legal) and written.

use super::move_kinds::{is_capture, is_castling};
use super::Chess;
use crate::error::Result;
use crate::game::Game;
use chess::{ChessMove, MoveGen, Piece, Square, EMPTY};

impl Chess {
    /// Parses a move in UCI notation (`e2e4`, `e7e8q`, castling as the king's move `e1g1`)
    /// and checks it is legal here.
    pub fn parse_uci(&self, text: &str) -> Result<ChessMove> {
        let wanted = text.trim().to_ascii_lowercase();
        self.legal_moves()
            .into_iter()
            .find(|mv| mv.to_string() == wanted)
            .ok_or_else(|| self.illegal(text))
    }

    /// Parses a move in standard algebraic notation (`Nf3`, `exd5`, `O-O`, `e8=Q+`) and
    /// checks it is legal here. Check and annotation marks are ignored.
    pub fn parse_san(&self, text: &str) -> Result<ChessMove> {
        let wanted = strip_san(text);
        if wanted.is_empty() {
            return Err(self.illegal(text));
        }
        self.legal_moves()
            .into_iter()
            .find(|&mv| strip_san(&self.san(mv)) == wanted)
            .ok_or_else(|| self.illegal(text))
    }

    /// Plays a move given in UCI notation, or explains why it cannot be played.
    pub fn play_uci(&mut self, text: &str) -> Result<()> {
        let mv = self.parse_uci(text)?;
        self.play(mv);
        Ok(())
    }

    /// Writes a legal move in standard algebraic notation, with `+` or `#`.
    pub fn san(&self, mv: ChessMove) -> String {
        let board = self.board();
        let (from, to) = (mv.get_source(), mv.get_dest());
        let piece = board.piece_on(from).unwrap_or(Piece::Pawn);
        let mut san = String::new();
        if is_castling(piece, mv) {
            san.push_str(if to.get_file().to_index() > from.get_file().to_index() {
                "O-O"
            } else {
                "O-O-O"
            });
        } else {
            let capture = is_capture(board, mv);
            if piece == Piece::Pawn {
                if capture {
                    san.push(file_char(from));
                }
            } else {
                san.push(piece_letter(piece));
                // Disambiguate between two pieces of the same kind that reach the same square.
                let rivals: Vec<Square> = MoveGen::new_legal(board)
                    .filter(|m| {
                        m.get_dest() == to
                            && m.get_source() != from
                            && board.piece_on(m.get_source()) == Some(piece)
                    })
                    .map(|m| m.get_source())
                    .collect();
                if !rivals.is_empty() {
                    let same_file = rivals.iter().any(|s| s.get_file() == from.get_file());
                    let same_rank = rivals.iter().any(|s| s.get_rank() == from.get_rank());
                    if !same_file {
                        san.push(file_char(from));
                    } else if !same_rank {
                        san.push(rank_char(from));
                    } else {
                        san.push(file_char(from));
                        san.push(rank_char(from));
                    }
                }
            }
            if capture {
                san.push('x');
            }
            san.push_str(&to.to_string());
            if let Some(promo) = mv.get_promotion() {
                san.push('=');
                san.push(piece_letter(promo));
            }
        }
        let after = board.make_move_new(mv);
        if *after.checkers() != EMPTY {
            san.push(if MoveGen::new_legal(&after).len() == 0 {
                '#'
            } else {
                '+'
            });
        }
        san
    }
}

pub(super) fn piece_letter(piece: Piece) -> char {
    match piece {
        Piece::Pawn => 'P',
        Piece::Knight => 'N',
        Piece::Bishop => 'B',
        Piece::Rook => 'R',
        Piece::Queen => 'Q',
        Piece::King => 'K',
    }
}

fn file_char(sq: Square) -> char {
    (b'a' + sq.get_file().to_index() as u8) as char
}

fn rank_char(sq: Square) -> char {
    (b'1' + sq.get_rank().to_index() as u8) as char
}

/// SAN with check marks, annotations and the capture sign removed, and `0-0` read as `O-O`.
fn strip_san(text: &str) -> String {
    text.trim()
        .replace('0', "O")
        .chars()
        .filter(|c| !matches!(c, '+' | '#' | '!' | '?' | 'x' | ':'))
        .collect()
}
