//! Numbers and text as the course's tables write them, and the tables: markdown (which every
//! viewer shows, trusted or not: the book's tables and the notebooks') and HTML (the notebooks'
//! wide tables).
//!
//! Node counts with thousands separators ([`thousands`]), a change against a previous count
//! ([`change_percent`]), signed values with a real minus sign ([`signed`], [`signed_score`]).
//!
//! Part of the drawing floor, and of the library without the `pictures` feature: the
//! exercises' grader writes its counts the same way. May import the engine's score; nothing of
//! the course.

use searchlab_engine::score::Score;
use std::fmt::Write;

/// `n` with a comma between each group of three digits: `549946` → `549,946`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// How `nodes` compares with `previous` nodes, as a signed percentage: `-91.5 %` for a drop,
/// `+4.0 %` for a rise, `±0 %` when equal, `n/a` when there were no previous nodes.
pub fn change_percent(previous: u64, nodes: u64) -> String {
    if previous == 0 {
        return "n/a".to_string();
    }
    if nodes == previous {
        return "±0 %".to_string();
    }
    let change = (nodes as f64 - previous as f64) / previous as f64 * 100.0;
    format!("{change:+.1} %")
}

/// `+3`, `−2` (a real minus sign), `0`.
pub fn signed(n: i32) -> String {
    match n {
        0 => "0".to_string(),
        n if n > 0 => format!("+{n}"),
        n => format!("\u{2212}{}", -n),
    }
}

/// A score for people: `+65`, `−130` (with a minus sign), `0`, or `mate in 2` / `mated in 2`
/// (in moves).
pub fn signed_score(score: Score) -> String {
    match score.mate_moves() {
        Some(moves) if moves > 0 => format!("mate in {moves}"),
        Some(moves) => format!("mated in {}", -moves),
        None => signed(score.0),
    }
}

/// Builds an HTML table: a header row, then one row per entry of `rows`. Numeric columns are
/// right-aligned (a column is numeric when `numeric[i]` is true).
pub fn html_table(header: &[&str], numeric: &[bool], rows: &[Vec<String>]) -> String {
    let align = |i: usize| {
        if numeric.get(i).copied().unwrap_or(false) {
            " style=\"text-align:right\""
        } else {
            " style=\"text-align:left\""
        }
    };
    let mut html = String::from("<table>\n<thead><tr>");
    for (i, h) in header.iter().enumerate() {
        let _ = write!(html, "<th{}>{}</th>", align(i), escape_html(h));
    }
    html.push_str("</tr></thead>\n<tbody>\n");
    for row in rows {
        html.push_str("<tr>");
        for (i, cell) in row.iter().enumerate() {
            let _ = write!(html, "<td{}>{}</td>", align(i), escape_html(cell));
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</tbody>\n</table>");
    html
}

/// Builds a markdown table: a header row, then one row per entry of `rows`. A column is
/// right-aligned when `numeric[i]` is true. A `|` inside a cell is escaped, so any text fits.
/// (Markdown, unlike HTML, shows the same in every viewer, trusted or not.)
pub fn markdown_table(header: &[&str], numeric: &[bool], rows: &[Vec<String>]) -> String {
    let cell = |text: &str| text.replace('|', "\\|");
    let mut md = String::from("|");
    for h in header {
        let _ = write!(md, " {} |", cell(h));
    }
    md.push_str("\n|");
    for i in 0..header.len() {
        md.push_str(if numeric.get(i).copied().unwrap_or(false) {
            "---:|"
        } else {
            "---|"
        });
    }
    md.push('\n');
    for row in rows {
        md.push('|');
        for text in row {
            let _ = write!(md, " {} |", cell(text));
        }
        md.push('\n');
    }
    md
}

/// `text` with the five characters HTML gives a meaning (`& < > " '`) escaped.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_for_people() {
        assert_eq!(thousands(549_946), "549,946");
        assert_eq!(thousands(999), "999");
        assert_eq!(change_percent(0, 5), "n/a");
        assert_eq!(change_percent(200, 17), "-91.5 %");
        assert_eq!(
            (signed(3), signed(-2), signed(0)),
            ("+3".into(), "\u{2212}2".into(), "0".into())
        );
        assert_eq!(signed_score(Score(-130)), "\u{2212}130");
        assert_eq!(signed_score(Score::mate_in(3)), "mate in 2");
    }

    #[test]
    fn tables_escape_what_their_format_gives_a_meaning() {
        let md = markdown_table(
            &["a", "b|c"],
            &[false, true],
            &[vec!["1".into(), "x|y".into()]],
        );
        assert_eq!(md, "| a | b\\|c |\n|---|---:|\n| 1 | x\\|y |\n");
        let html = html_table(&["<a>"], &[true], &[vec!["&".into()]]);
        assert!(
            html.contains("<th style=\"text-align:right\">&lt;a&gt;</th>"),
            "{html}"
        );
        assert!(html.contains(">&amp;</td>"), "{html}");
    }
}
