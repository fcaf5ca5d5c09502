//! FEN, read and written: every field checked by hand before the `chess` crate sees it, and
//! the en-passant field and the two counters, which the crate gets wrong or drops, written by us.

use super::{Chess, Frame};
use crate::error::FenError;
use chess::{Board, Color, MoveGen, Square};
use std::str::FromStr;

impl Chess {
    /// The current position as a 6-field FEN.
    pub fn fen(&self) -> String {
        let frame = self.current();
        // The crate's FEN writer gets placement, side and castling right, but writes the
        // en-passant field as the square of the pawn that may be taken (e4), not the square
        // behind it that FEN wants (e3). That field and the two counters are ours.
        let crate_fen = frame.board.to_string();
        let first_three: Vec<&str> = crate_fen.split(' ').take(3).collect();
        let en_passant = frame.board.en_passant().map_or("-".to_string(), |pawn| {
            let behind = match frame.board.side_to_move() {
                Color::White => pawn.up(),
                Color::Black => pawn.down(),
            };
            behind.map_or("-".to_string(), |sq| sq.to_string())
        });
        format!(
            "{} {} {} {}",
            first_three.join(" "),
            en_passant,
            frame.halfmove_clock,
            frame.fullmove_number
        )
    }
}

/// Validates every FEN field by hand before the `chess` crate sees it: that crate panics or
/// silently accepts some malformed input, and its error does not say which field was wrong.
pub(super) fn parse_fen(fen: &str) -> std::result::Result<Chess, FenError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(FenError::FieldCount {
            found: fields.len(),
        });
    }
    check_placement(fields[0])?;
    let side = fields[1];
    if side != "w" && side != "b" {
        return Err(FenError::SideToMove {
            found: side.to_string(),
        });
    }
    let castling = fields[2];
    let castling_ok = castling == "-"
        || (!castling.is_empty()
            && castling.len() <= 4
            && castling.chars().all(|c| "KQkq".contains(c))
            && castling
                .chars()
                .collect::<std::collections::HashSet<_>>()
                .len()
                == castling.len());
    if !castling_ok {
        return Err(FenError::Castling {
            found: castling.to_string(),
        });
    }
    let ep = fields[3];
    if ep != "-" {
        let bytes = ep.as_bytes();
        let wanted_rank = if side == "w" { b'6' } else { b'3' };
        if bytes.len() != 2 || !(b'a'..=b'h').contains(&bytes[0]) || bytes[1] != wanted_rank {
            return Err(FenError::EnPassant {
                found: ep.to_string(),
            });
        }
    }
    let halfmove_clock = match fields.get(4) {
        None => 0,
        Some(text) => match text.parse::<u32>() {
            Ok(n) if n <= 150 => n,
            _ => {
                return Err(FenError::HalfmoveClock {
                    found: text.to_string(),
                })
            }
        },
    };
    let fullmove_number = match fields.get(5) {
        None => 1,
        Some(text) => match text.parse::<u32>() {
            Ok(n) if (1..=100_000).contains(&n) => n,
            // Some writers put 0 here; it is harmless, read it as 1.
            Ok(0) => 1,
            _ => {
                return Err(FenError::FullmoveNumber {
                    found: text.to_string(),
                })
            }
        },
    };
    let four = fields[..4].join(" ");
    let board = Board::from_str(&four).map_err(|_| FenError::IllegalPosition {
        reason: "each side needs exactly one king, the kings may not touch, the side not to move \
                 may not be in check, and castling rights need the king and rook on their squares"
            .to_string(),
    })?;
    check_en_passant(&board, ep)?;
    Ok(Chess {
        current: Frame {
            board,
            halfmove_clock,
            fullmove_number,
        },
        earlier: Vec::new(),
    })
}

/// An en-passant square claims the opponent's last move was a double pawn step. The `chess`
/// crate checks that the pawn is there; we also check that the squares it passed are empty
/// and that the claim explains the position: every legal move must leave a legal position
/// (an en-passant square that cannot be true otherwise lets a capture leave a king in check).
fn check_en_passant(board: &Board, ep: &str) -> std::result::Result<(), FenError> {
    if ep == "-" {
        return Ok(());
    }
    let impossible = || FenError::ImpossibleEnPassant {
        found: ep.to_string(),
    };
    let target = Square::from_str(ep).map_err(|_| impossible())?;
    let origin = match board.side_to_move() {
        Color::White => target.up(),
        Color::Black => target.down(),
    };
    if board.piece_on(target).is_some() || origin.is_none_or(|sq| board.piece_on(sq).is_some()) {
        return Err(impossible());
    }
    if MoveGen::new_legal(board).any(|mv| !board.make_move_new(mv).is_sane()) {
        return Err(impossible());
    }
    Ok(())
}

fn check_placement(placement: &str) -> std::result::Result<(), FenError> {
    let bad = |reason: String| FenError::Placement { reason };
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(bad(format!(
            "needs 8 ranks separated by '/', found {}",
            ranks.len()
        )));
    }
    for (i, rank) in ranks.iter().enumerate() {
        let rank_number = 8 - i;
        let mut squares = 0u32;
        for c in rank.chars() {
            match c {
                '1'..='8' => squares += c as u32 - '0' as u32,
                'p' | 'P' if rank_number == 1 || rank_number == 8 => {
                    return Err(bad(format!("a pawn stands on rank {rank_number}")));
                }
                'p' | 'n' | 'b' | 'r' | 'q' | 'k' | 'P' | 'N' | 'B' | 'R' | 'Q' | 'K' => {
                    squares += 1
                }
                other => {
                    return Err(bad(format!(
                        "unexpected character '{other}' on rank {rank_number}"
                    )))
                }
            }
        }
        if squares != 8 {
            return Err(bad(format!(
                "rank {rank_number} ('{rank}') covers {squares} squares, not 8"
            )));
        }
    }
    // Each side has exactly one king. The `chess` crate looks for the side to move's king
    // while it reads a board, before its own checks, and without one it indexes past its
    // tables (undefined behaviour, found by the fuzzer).
    for (side, king) in [("White", 'K'), ("Black", 'k')] {
        let kings = placement.chars().filter(|c| *c == king).count();
        if kings != 1 {
            return Err(bad(format!(
                "{side} has {kings} kings; each side needs exactly one"
            )));
        }
    }
    // No game reaches more than 16 pieces or 8 pawns a side (the move generator also relies
    // on the first bound: it keeps one list entry per piece).
    for (side, pieces, pawn) in [("White", "PNBRQK", 'P'), ("Black", "pnbrqk", 'p')] {
        let count = placement.chars().filter(|c| pieces.contains(*c)).count();
        let pawns = placement.chars().filter(|c| *c == pawn).count();
        if count > 16 || pawns > 8 {
            return Err(bad(format!(
                "{side} has {count} pieces ({pawns} pawns); at most 16 (8 pawns) can occur"
            )));
        }
    }
    Ok(())
}
