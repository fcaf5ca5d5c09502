//! The committed measurement files' format (`book/measured/*.tsv`): `#` comment lines that say
//! the command, machine and date, a header line, then one tab-separated row per measurement.

/// The data rows of a committed measurement file, each with its line number (from 1): `#`
/// comments and blank lines skipped, and the header, the first other line.
pub fn rows(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .skip(1)
        .map(|(index, line)| (index + 1, line))
}

#[cfg(test)]
mod tests {
    #[test]
    fn comments_blank_lines_and_the_header_are_skipped() {
        let text = "# how it was measured\nname\tvalue\n\na\t1\n# a note\nb\t2\n";
        assert_eq!(
            super::rows(text).collect::<Vec<_>>(),
            [(4, "a\t1"), (6, "b\t2")]
        );
    }
}
