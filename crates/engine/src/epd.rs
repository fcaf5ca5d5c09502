//! EPD and perft-suite files: reading test positions and what is expected of them.
//!
//! An EPD line is the first four FEN fields followed by operations, each ended by `;`:
//!
//! ```text
//! 1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id "BK.01";
//! ```
//!
//! The operations used here: `bm` (best moves, SAN), `am` (moves to avoid), `dm` (direct mate
//! in N moves), `id`, `pv`, `c0`. Others are kept as they are. A perft suite line is a full FEN
//! followed by `;D1 20 ;D2 400 …` (depth and leaf count).

use crate::error::{Error, Result};
use crate::games::Chess;

/// One EPD line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdRecord {
    /// The position, as the first four FEN fields with ` 0 1` appended.
    pub fen: String,
    /// Best moves (`bm`), in SAN as written.
    pub best_moves: Vec<String>,
    /// Moves to avoid (`am`), in SAN as written.
    pub avoid_moves: Vec<String>,
    /// Mate in this many moves (`dm`).
    pub direct_mate: Option<u32>,
    /// The position's name (`id`), without quotes.
    pub id: Option<String>,
    /// Every operation as (opcode, operand text without surrounding quotes).
    pub operations: Vec<(String, String)>,
    /// The 1-based number of the line it was read from, so that later errors (an illegal
    /// `bm` move, say) can point at the line to fix.
    pub line: usize,
}

impl EpdRecord {
    /// The position as a game, ready to search.
    pub fn game(&self) -> Result<Chess> {
        Chess::from_fen(&self.fen)
    }

    /// A name for reports: the `id`, or the FEN.
    pub fn name(&self) -> &str {
        self.id.as_deref().unwrap_or(&self.fen)
    }
}

/// Reads one EPD line (`number` is its 1-based line number, for errors).
pub fn parse_epd_line(line: &str, number: usize) -> Result<EpdRecord> {
    let bad = |reason: String| Error::Epd {
        line: number,
        reason,
    };
    let mut rest = line.trim();
    let mut fields = Vec::new();
    for _ in 0..4 {
        let (field, tail) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        if field.is_empty() {
            return Err(bad("an EPD line starts with the four FEN fields".into()));
        }
        fields.push(field);
        rest = tail.trim_start();
    }
    let fen = format!("{} 0 1", fields.join(" "));
    Chess::from_fen(&fen).map_err(|e| bad(e.to_string()))?;
    let mut record = EpdRecord {
        fen,
        best_moves: Vec::new(),
        avoid_moves: Vec::new(),
        direct_mate: None,
        id: None,
        operations: Vec::new(),
        line: number,
    };
    for op in split_operations(rest).map_err(&bad)? {
        let (opcode, operand) = op.split_once(char::is_whitespace).unwrap_or((&op, ""));
        let operand = operand.trim();
        let unquoted = operand
            .strip_prefix('"')
            .and_then(|s| s.strip_suffix('"'))
            .unwrap_or(operand)
            .to_string();
        match opcode {
            "bm" => record.best_moves = operand.split_whitespace().map(String::from).collect(),
            "am" => record.avoid_moves = operand.split_whitespace().map(String::from).collect(),
            "dm" => {
                let n = operand
                    .parse::<u32>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| bad(format!("dm needs a positive number, found '{operand}'")))?;
                record.direct_mate = Some(n);
            }
            "id" => record.id = Some(unquoted.clone()),
            _ => {}
        }
        record.operations.push((opcode.to_string(), unquoted));
    }
    Ok(record)
}

/// Reads a whole EPD file's text; blank lines and lines starting with `#` are skipped.
pub fn parse_epd(text: &str) -> Result<Vec<EpdRecord>> {
    data_lines(text)
        .map(|(number, line)| parse_epd_line(line, number))
        .collect()
}

/// The lines of a data file (EPD, perft suite, openings) that hold data, each with its
/// 1-based line number: blank lines and lines starting with `#` (after spaces) are skipped.
/// The lines are given as written, untrimmed.
pub fn data_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .map(|(index, line)| (index + 1, line))
}

/// Reads an EPD file from disk.
pub fn read_epd_file(path: &std::path::Path) -> Result<Vec<EpdRecord>> {
    let text = std::fs::read_to_string(path).map_err(|e| Error::Io {
        path: path.display().to_string(),
        reason: e.to_string(),
    })?;
    parse_epd(&text)
}

/// One line of a perft suite: a position and its known leaf counts by depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftRecord {
    /// The position (full FEN).
    pub fen: String,
    /// (depth, leaf count) pairs, as listed.
    pub counts: Vec<(u32, u64)>,
}

/// Reads one perft-suite line: `FEN ;D1 20 ;D2 400 …`.
pub fn parse_perft_line(line: &str, number: usize) -> Result<PerftRecord> {
    let bad = |reason: String| Error::Epd {
        line: number,
        reason,
    };
    let mut parts = line.split(';');
    let fen = parts.next().unwrap_or("").trim().to_string();
    Chess::from_fen(&fen).map_err(|e| bad(e.to_string()))?;
    let mut counts = Vec::new();
    for part in parts.map(str::trim).filter(|p| !p.is_empty()) {
        let (depth, count) = part
            .split_once(char::is_whitespace)
            .ok_or_else(|| bad(format!("expected 'D<depth> <count>', found '{part}'")))?;
        let depth = depth
            .strip_prefix('D')
            .and_then(|d| d.parse::<u32>().ok())
            .ok_or_else(|| bad(format!("expected 'D<depth>', found '{depth}'")))?;
        let count = count
            .trim()
            .parse::<u64>()
            .map_err(|_| bad(format!("expected a node count, found '{count}'")))?;
        counts.push((depth, count));
    }
    Ok(PerftRecord { fen, counts })
}

/// Reads a whole perft suite.
pub fn parse_perft_suite(text: &str) -> Result<Vec<PerftRecord>> {
    data_lines(text)
        .map(|(number, line)| parse_perft_line(line, number))
        .collect()
}

/// Splits `op a; op "b; c"; ` into operations, keeping `;` inside quotes.
fn split_operations(text: &str) -> std::result::Result<Vec<String>, String> {
    let mut ops = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    for c in text.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                current.push(c);
            }
            ';' if !quoted => {
                if !current.trim().is_empty() {
                    ops.push(current.trim().to_string());
                }
                current.clear();
            }
            _ => current.push(c),
        }
    }
    if quoted {
        return Err("a quoted operand is not closed".into());
    }
    if !current.trim().is_empty() {
        ops.push(current.trim().to_string());
    }
    Ok(ops)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_epd_operations() {
        let r = parse_epd_line(
            r#"4r1k1/pQ3pp1/7p/4q3/4r3/P7/1P2nPPP/2BR1R1K b - - bm Qxh2+; dm 2; pv "Qxh2+ Kxh2 Rh4#"; id "MATE2.031";"#,
            1,
        )
        .unwrap();
        assert_eq!(r.best_moves, vec!["Qxh2+"]);
        assert_eq!(r.direct_mate, Some(2));
        assert_eq!(r.id.as_deref(), Some("MATE2.031"));
        assert_eq!(
            r.operations[2],
            ("pv".to_string(), "Qxh2+ Kxh2 Rh4#".to_string())
        );
        assert!(parse_epd_line("8/8/8 w - - bm e4;", 3).is_err());
        assert!(parse_epd_line(r#"4k3/8/8/8/8/8/8/4K3 w - - id "x;"#, 1).is_err());
    }

    #[test]
    fn reads_perft_lines() {
        let r = parse_perft_line("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66", 1).unwrap();
        assert_eq!(r.counts, vec![(1, 15), (2, 66)]);
        assert!(parse_perft_line("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;X1 15", 1).is_err());
    }
}
