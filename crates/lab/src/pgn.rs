//! Games as PGN, the text every chess program reads: headers, then the moves in standard
//! algebraic notation (SAN), numbered, with the result at the end.
//!
//! ```text
//! [Event "searchlab match"]
//! [White "pvs"]
//! [Black "cached"]
//! [Result "1-0"]
//! [SetUp "1"]
//! [FEN "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"]
//! [Termination "normal"]
//!
//! 4. c3 Nf6 5. d4 exd4 … 23. Qxf7# {checkmate} 1-0
//! ```
//!
//! Games start from an opening position, so each carries `SetUp` and `FEN`, and the move
//! numbers continue the FEN's. [`GameRecord::pgn`] writes a match game this way, and
//! [`read_games`] reads such a file back and replays every move, which is how the tests prove
//! that what was written is legal chess.

use crate::move_limits::MoveLimits;
use crate::referee::{GameRecord, GameResult, Termination};
use chess::{ChessMove, Color};
use searchlab_engine::error::{Error, Result};
use searchlab_engine::game::Game;
use searchlab_engine::games::Chess;
use std::fmt::Write;

/// One game to write.
#[derive(Clone, Debug)]
pub struct PgnGame<'a> {
    /// Headers in the order written: the seven-tag roster first (Event, Site, Date, Round,
    /// White, Black, Result), then any others (FEN and SetUp are added from `opening`).
    pub headers: Vec<(&'a str, String)>,
    /// The position the game started from (FEN).
    pub opening: &'a str,
    /// The moves played from there.
    pub moves: &'a [ChessMove],
    /// `1-0`, `0-1`, `1/2-1/2` (or `*` for an unfinished game).
    pub result: &'a str,
    /// A comment after the last move: why the game ended.
    pub comment: Option<String>,
}

/// Writes `game` as PGN text (ending with a blank line, so games can be appended one after
/// another). Fails if a move is not legal where it is played.
pub fn write_game(game: &PgnGame) -> Result<String> {
    let mut text = String::new();
    for (tag, value) in &game.headers {
        let _ = writeln!(text, "[{tag} \"{}\"]", escape(value));
    }
    let _ = writeln!(text, "[SetUp \"1\"]");
    let _ = writeln!(text, "[FEN \"{}\"]", escape(game.opening));
    text.push('\n');
    let mut board = Chess::from_fen(game.opening)?;
    let mut number = fullmove_number(game.opening);
    let mut tokens = Vec::new();
    for (i, &mv) in game.moves.iter().enumerate() {
        if !board.legal_moves().contains(&mv) {
            return Err(Error::Setting(format!(
                "move {} ({mv}) is not legal in {}",
                i + 1,
                board.fen()
            )));
        }
        match board.side_to_move() {
            Color::White => tokens.push(format!("{number}.")),
            Color::Black if i == 0 => tokens.push(format!("{number}...")),
            Color::Black => {}
        }
        tokens.push(board.san(mv));
        if board.side_to_move() == Color::Black {
            number += 1;
        }
        board.play(mv);
    }
    if let Some(comment) = &game.comment {
        tokens.push(format!("{{{}}}", comment.replace(['{', '}'], "")));
    }
    tokens.push(game.result.to_string());
    // Lines of at most 79 characters, as the PGN standard asks.
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() > 79 {
            text.push_str(&line);
            text.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    }
    text.push_str(&line);
    text.push_str("\n\n");
    Ok(text)
}

/// A PGN tag value with `\` and `"` escaped.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The FEN's sixth field, 1 if it has none or it does not read.
fn fullmove_number(fen: &str) -> u32 {
    fen.split_whitespace()
        .nth(5)
        .and_then(|n| n.parse().ok())
        .unwrap_or(1)
}

// A match game, as the referee ([`crate::referee`]) recorded it, written as PGN: the
// headers say who played under which time control, and why the game ended.
impl GameRecord {
    /// The game as PGN, with `event` and the players' names in the headers.
    pub fn pgn(&self, event: &str, names: [&str; 2], limits: &MoveLimits) -> Result<String> {
        let [a, b] = names;
        let (white, black) = if self.a_is_white { (a, b) } else { (b, a) };
        let white_won = match self.result {
            GameResult::Draw => None,
            GameResult::Win => Some(self.a_is_white),
            GameResult::Loss => Some(!self.a_is_white),
        };
        let result = match white_won {
            None => "1/2-1/2",
            Some(true) => "1-0",
            Some(false) => "0-1",
        };
        let board = Chess::from_fen(&self.opening)?;
        // The full six-field FEN, whatever form the opening was given in.
        let opening = board.fen();
        let mut replay = board.clone();
        let mut moves = Vec::with_capacity(self.moves.len());
        for text in &self.moves {
            let mv = replay.parse_uci(text)?;
            moves.push(mv);
            replay.play(mv);
        }
        let termination = match self.termination {
            Termination::TimeForfeit => "time forfeit",
            Termination::PlayerFailure => "rules infraction",
            Termination::MaxPlies => "adjudication",
            _ => "normal",
        };
        let comment = match &self.detail {
            Some(detail) => format!("{}: {detail}", self.termination),
            None => self.termination.to_string(),
        };
        write_game(&PgnGame {
            headers: vec![
                ("Event", event.to_string()),
                ("Site", "searchlab".to_string()),
                ("Date", today()),
                ("Round", (self.index + 1).to_string()),
                ("White", white.to_string()),
                ("Black", black.to_string()),
                ("Result", result.to_string()),
                ("TimeControl", limits.pgn_time_control()),
                ("Termination", termination.to_string()),
                ("PlyCount", self.moves.len().to_string()),
            ],
            opening: &opening,
            moves: &moves,
            result,
            comment: Some(comment),
        })
    }
}

/// A game read back from PGN text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadGame {
    /// Every header, in file order.
    pub headers: Vec<(String, String)>,
    /// The moves, replayed from the game's FEN (or the start) and so known to be legal, in
    /// UCI notation.
    pub moves: Vec<String>,
    /// The result token that ended the movetext.
    pub result: String,
}

impl ReadGame {
    /// The value of header `tag`, if present.
    pub fn header(&self, tag: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(t, _)| t == tag)
            .map(|(_, v)| v.as_str())
    }
}

/// Reads every game of a PGN text, replaying each move (an illegal or unreadable move is an
/// error naming the game and the move). Handles what [`write_game`] writes: headers, move
/// numbers, SAN, `{comments}`, and a result token; not variations or annotation glyphs.
pub fn read_games(text: &str) -> Result<Vec<ReadGame>> {
    let bad = |game: usize, reason: String| Error::Setting(format!("PGN game {game}: {reason}"));
    let mut games = Vec::new();
    let mut headers: Vec<(String, String)> = Vec::new();
    let mut movetext = String::new();
    let finish = |headers: &mut Vec<(String, String)>,
                  movetext: &mut String,
                  games: &mut Vec<ReadGame>|
     -> Result<()> {
        if headers.is_empty() && movetext.trim().is_empty() {
            return Ok(());
        }
        let number = games.len() + 1;
        let fen = headers
            .iter()
            .find(|(t, _)| t == "FEN")
            .map(|(_, v)| v.clone());
        let mut board = match &fen {
            Some(fen) => Chess::from_fen(fen).map_err(|e| bad(number, e.to_string()))?,
            None => Chess::start(),
        };
        let mut moves = Vec::new();
        let mut result = String::new();
        let mut in_comment = false;
        for token in movetext.split_whitespace() {
            if in_comment {
                in_comment = !token.ends_with('}');
                continue;
            }
            if token.starts_with('{') {
                in_comment = !token.ends_with('}');
                continue;
            }
            if matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*") {
                result = token.to_string();
                continue;
            }
            let san = token.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            if san.is_empty() {
                continue;
            }
            let mv = board
                .parse_san(san)
                .map_err(|e| bad(number, format!("move '{san}': {e}")))?;
            moves.push(mv.to_string());
            board.play(mv);
        }
        games.push(ReadGame {
            headers: std::mem::take(headers),
            moves,
            result,
        });
        movetext.clear();
        Ok(())
    };
    for line in text.lines() {
        let line = line.trim();
        if let Some(tag) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            if !movetext.trim().is_empty() {
                finish(&mut headers, &mut movetext, &mut games)?;
            }
            let (name, value) = tag.split_once(' ').unwrap_or((tag, "\"\""));
            let value = value
                .trim()
                .trim_matches('"')
                .replace("\\\"", "\"")
                .replace("\\\\", "\\");
            headers.push((name.to_string(), value));
        } else {
            movetext.push_str(line);
            movetext.push(' ');
        }
    }
    finish(&mut headers, &mut movetext, &mut games)?;
    Ok(games)
}

/// Today's date as PGN writes it (`2026.11.22`), in UTC.
pub fn today() -> String {
    let days = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400) as i64;
    let (year, month, day) = civil_from_days(days);
    format!("{year:04}.{month:02}.{day:02}")
}

/// The proleptic Gregorian date `days` days after 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_from_a_black_to_move_opening_round_trips() {
        let opening = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";
        let mut board = Chess::from_fen(opening).unwrap();
        let mut moves = Vec::new();
        for uci in [
            "b8c6", "f1c4", "g8f6", "f3g5", "d7d5", "e4d5", "f6d5", "g5f7",
        ] {
            let mv = board.parse_uci(uci).unwrap();
            moves.push(mv);
            board.play(mv);
        }
        let text = write_game(&PgnGame {
            headers: vec![
                ("Event", "test".into()),
                ("White", "a \"quoted\" name".into()),
                ("Black", "b".into()),
                ("Result", "*".into()),
            ],
            opening,
            moves: &moves,
            result: "*",
            comment: Some("the fried liver".into()),
        })
        .unwrap();
        assert!(text
            .contains("[FEN \"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\"]"));
        assert!(
            text.contains(
                "\n2... Nc6 3. Bc4 Nf6 4. Ng5 d5 5. exd5 Nxd5 6. Nxf7 {the fried liver} *\n"
            ),
            "{text}"
        );
        let read = read_games(&format!("{text}{text}")).unwrap();
        assert_eq!(read.len(), 2);
        assert_eq!(read[0].header("White"), Some("a \"quoted\" name"));
        let uci: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(read[1].moves, uci);
        assert_eq!(read[1].result, "*");
    }

    #[test]
    fn illegal_moves_are_refused_both_ways() {
        let start = chess::ChessMove::new(chess::Square::E2, chess::Square::E5, None);
        assert!(write_game(&PgnGame {
            headers: vec![],
            opening: searchlab_engine::games::chess::START_FEN,
            moves: &[start],
            result: "*",
            comment: None,
        })
        .is_err());
        let error = read_games("[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n")
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("PGN game 1") && error.contains("Ke3"),
            "{error}"
        );
    }

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_779), (2026, 11, 22));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(today().len(), 10);
    }
}
