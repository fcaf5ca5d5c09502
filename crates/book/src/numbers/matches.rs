//! The match results the book quotes: the Elo ladder's (`elo.ladder.*`, its table), the other
//! committed matches' (`match.NAME.*`), the ratings fitted to the Stockfish matches
//! (`rating.stockfish.KEY`) and the tables of match results the chapters include.
//!
//! The results are `book/measured/elo-ladder.tsv` and `matches.tsv` ([`searchlab_lab::ladder`],
//! [`searchlab_lab::results`]); which of them a rating is fitted to is `ratings.tsv`
//! ([`RATINGS`]), and which rows each table shows is `match-tables.tsv` ([`MATCH_TABLES`]): the
//! chapters' choices, kept with the results, so that no row's name, level or commit is written
//! here. What a table shows of a row is this module's (its `kind`).

use super::{percent, table, Numbers};
use searchlab_course::draw::table::thousands;
use searchlab_engine::error::{Error, Result};
use searchlab_lab::elo::{rating_fit, RatedResult};
use searchlab_lab::ladder;
use searchlab_lab::results::{self, MatchResult};

/// Which Stockfish matches each rating the book quotes is fitted to, committed (see
/// [`add_matches`]).
pub const RATINGS: &str = include_str!("../../../../book/measured/ratings.tsv");

/// Which committed match results each of the chapters' match tables shows, committed (see
/// [`add_matches`]).
pub const MATCH_TABLES: &str = include_str!("../../../../book/measured/match-tables.tsv");

/// The Elo ladder's results ([`ladder::LADDER_RESULTS`]): per rung its record, games and Elo
/// with the 95% interval, as the book's table shows them.
pub fn add_elo_ladder(numbers: &mut Numbers) -> Result<()> {
    for rung in ladder::parse_rungs(ladder::LADDER_RESULTS)? {
        let key = format!("elo.ladder.{}", rung.stage);
        numbers.add(format!("{key}.games"), rung.games());
        numbers.add(
            format!("{key}.record"),
            record_text(rung.wins, rung.draws, rung.losses),
        );
        if let Some(elo) = rung.estimate() {
            numbers.add(format!("{key}.elo"), elo_text(&elo));
        }
    }
    Ok(())
}

/// One rating of [`RATINGS`]: its key, and the Stockfish matches it is fitted to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatingSet<'a> {
    /// The key's last part: `rating.stockfish.KEY`.
    pub key: &'a str,
    /// The sets whose matches count (`stockfish.SET.LEVEL`).
    pub sets: Vec<&'a str>,
    /// The levels that count; `None` for every level a set played.
    pub levels: Option<Vec<u32>>,
}

/// Reads [`RATINGS`]' rows: `key<TAB>sets<TAB>levels<TAB>what`; the error names a bad line.
pub fn read_ratings(text: &str) -> Result<Vec<RatingSet<'_>>> {
    searchlab_lab::measured::rows(text)
        .map(|(number, line)| {
            let bad = || Error::Setting(format!("ratings.tsv line {number}: {line:?}"));
            let fields: Vec<&str> = line.split('\t').collect();
            let [key, sets, levels, _what] = fields[..] else {
                return Err(bad());
            };
            let levels = match levels {
                "all" => None,
                list => Some(
                    list.split(',')
                        .map(|level| level.trim().parse().map_err(|_| bad()))
                        .collect::<Result<_>>()?,
                ),
            };
            Ok(RatingSet {
                key,
                sets: sets.split(',').map(str::trim).collect(),
                levels,
            })
        })
        .collect()
}

/// What a table of [`MATCH_TABLES`] shows of each of its rows (see that file).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableKind {
    /// A piece, a term or a build switched off: games, W/D/L, Elo, shown to gain.
    Switch,
    /// A match against Stockfish at one level: W/D/L, score, Elo difference.
    Level,
    /// Two sets of Stockfish matches side by side, level by level.
    Pair,
    /// A tuned set against the hand-set weights: games, Elo, LLR.
    Set,
}

/// One line of [`MATCH_TABLES`]: a table, and rows of `matches.tsv` it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableRows<'a> {
    /// The table's file name in `book/src/figures/`.
    pub file: &'a str,
    /// What it shows of each row.
    pub kind: TableKind,
    /// A row's name, or `PREFIX.*`.
    pub rows: &'a str,
    /// The rows' name in the table (`None`: each row's name after its first dot).
    pub label: Option<&'a str>,
}

/// Reads [`MATCH_TABLES`]' rows: `file<TAB>kind<TAB>rows<TAB>label`; the error names a bad line.
pub fn read_match_tables(text: &str) -> Result<Vec<TableRows<'_>>> {
    searchlab_lab::measured::rows(text)
        .map(|(number, line)| {
            let bad = || Error::Setting(format!("match-tables.tsv line {number}: {line:?}"));
            let fields: Vec<&str> = line.split('\t').collect();
            let [file, kind, rows, label] = fields[..] else {
                return Err(bad());
            };
            let kind = match kind {
                "switch" => TableKind::Switch,
                "level" => TableKind::Level,
                "pair" => TableKind::Pair,
                "set" => TableKind::Set,
                _ => return Err(bad()),
            };
            Ok(TableRows {
                file,
                kind,
                rows,
                label: Some(label).filter(|label| *label != "-"),
            })
        })
        .collect()
}

/// The committed match results other than the ladder's ([`searchlab_lab::results`]): for each
/// row `match.NAME.games`, `.record` (`+87 =51 −62`), `.wins`, `.draws`, `.losses`, `.score`
/// (`53.9%`), `.elo` (`+44 (+2 to +86)`) and `.llr` where recorded; and the ratings fitted to
/// the Stockfish matches as [`RATINGS`] says (`rating.stockfish.KEY`, `1953 (1910 to 1997)`,
/// and the estimate alone as `rating.stockfish.KEY.value`, `1953`).
/// Returns the tables the chapters include, by file name, as [`MATCH_TABLES`] says.
pub fn add_matches(numbers: &mut Numbers) -> Result<Vec<(&'static str, String)>> {
    let results = results::parse_results(results::MATCH_RESULTS)?;
    for r in &results {
        let key = format!("match.{}", r.name);
        numbers.count(format!("{key}.games"), u64::from(r.games));
        if let Some((w, d, l)) = r.record {
            numbers.add(format!("{key}.record"), record_text(w, d, l));
            numbers.count(format!("{key}.wins"), u64::from(w));
            numbers.count(format!("{key}.draws"), u64::from(d));
            numbers.count(format!("{key}.losses"), u64::from(l));
        }
        if let Some(score) = match_score(r) {
            numbers.add(format!("{key}.score"), score);
        }
        if let Some(elo) = match_elo(r) {
            numbers.add(format!("{key}.elo"), elo);
        }
        if let Some(llr) = &r.llr {
            numbers.add(format!("{key}.llr"), llr.replace('-', "\u{2212}"));
        }
    }
    for rating in read_ratings(RATINGS)? {
        let mut rated = Vec::new();
        for set in &rating.sets {
            let only = rating.levels.as_deref().unwrap_or(&[]);
            for (level, r) in levels(&results, set, only)? {
                if let Some((wins, draws, losses)) = r.record {
                    rated.push(RatedResult {
                        opponent: f64::from(level),
                        wins,
                        draws,
                        losses,
                    });
                }
            }
        }
        if let Some(fit) = rating_fit(&rated) {
            let key = format!("rating.stockfish.{}", rating.key);
            numbers.add(
                key.clone(),
                format!("{:.0} ({:.0} to {:.0})", fit.rating, fit.lower, fit.upper),
            );
            // The estimate alone, for a distance (`diff(facts.aim.elo, KEY.value)`).
            numbers.add(format!("{key}.value"), format!("{:.0}", fit.rating));
        }
    }
    // The tables, each with its lines of MATCH_TABLES, in the order of their first line.
    let lines = read_match_tables(MATCH_TABLES)?;
    let mut files: Vec<&'static str> = Vec::new();
    for line in &lines {
        if !files.contains(&line.file) {
            files.push(line.file);
        }
    }
    files
        .into_iter()
        .map(|file| {
            let own: Vec<&TableRows> = lines.iter().filter(|line| line.file == file).collect();
            Ok((file, match_table(&results, &own)?))
        })
        .collect()
}

/// The Stockfish matches of `set` (`stockfish.SET.LEVEL`), with their level, in the order of
/// the file; only the levels `only`, unless it is empty.
fn levels<'r>(
    results: &'r [MatchResult],
    set: &str,
    only: &[u32],
) -> Result<Vec<(u32, &'r MatchResult)>> {
    let prefix = format!("stockfish.{set}.");
    let mut rows = Vec::new();
    for r in results {
        if let Some(level) = r.name.strip_prefix(&prefix) {
            let level: u32 = level
                .parse()
                .map_err(|_| Error::Setting(format!("{}: no level", r.name)))?;
            if only.is_empty() || only.contains(&level) {
                rows.push((level, r));
            }
        }
    }
    Ok(rows)
}

/// The rows of `results` that `spec` names: the one called so, or every row under `PREFIX.`
/// for `PREFIX.*`; each with its label in a table (`label`, or its name after its first dot).
fn named_rows<'r>(
    results: &'r [MatchResult],
    spec: &str,
    label: Option<&str>,
) -> Result<Vec<(String, &'r MatchResult)>> {
    let rows: Vec<&MatchResult> = match spec.strip_suffix('*') {
        Some(prefix) => results
            .iter()
            .filter(|r| r.name.starts_with(prefix))
            .collect(),
        None => results.iter().filter(|r| r.name == spec).collect(),
    };
    if rows.is_empty() {
        return Err(Error::Setting(format!(
            "book/measured/matches.tsv has no row {spec} (book/measured/match-tables.tsv)"
        )));
    }
    Ok(rows
        .into_iter()
        .map(|r| {
            let own = r
                .name
                .split_once('.')
                .map_or(r.name.as_str(), |(_, rest)| rest);
            (label.unwrap_or(own).to_string(), r)
        })
        .collect())
}

/// One table of match results: `lines` (all of one file, of one kind) and the rows they name.
fn match_table(results: &[MatchResult], lines: &[&TableRows]) -> Result<String> {
    let kind = lines[0].kind;
    if let Some(other) = lines.iter().find(|line| line.kind != kind) {
        return Err(Error::Setting(format!(
            "book/measured/match-tables.tsv: {} mixes kinds",
            other.file
        )));
    }
    let mut rows = Vec::new();
    for line in lines {
        rows.extend(named_rows(results, line.rows, line.label)?);
    }
    Ok(match kind {
        TableKind::Switch => {
            let verdict = |r: &MatchResult| match r.estimate() {
                Some(e) if e.lower > 0.0 => "yes".to_string(),
                Some(e) if e.upper < 0.0 => "no: a loss".to_string(),
                Some(_) => "not yet (the interval includes 0)".to_string(),
                None => String::new(),
            };
            // The first column is named after the first rows' prefix: `piece`, `term`.
            let what = lines[0].rows.split('.').next().unwrap_or_default();
            let cells = rows
                .into_iter()
                .map(|(label, r)| {
                    vec![
                        label,
                        thousands(u64::from(r.games)),
                        r.record
                            .map_or(String::new(), |(w, d, l)| record_text(w, d, l)),
                        match_elo(r).unwrap_or_default(),
                        verdict(r),
                    ]
                })
                .collect();
            table(
                &[
                    what,
                    "games",
                    "W/D/L",
                    "Elo (95% interval)",
                    "shown to gain",
                ],
                cells,
            )
        }
        TableKind::Level => {
            let cells = rows
                .into_iter()
                .map(|(_, r)| {
                    Ok(vec![
                        level_of(r)?.to_string(),
                        r.record
                            .map_or(String::new(), |(w, d, l)| record_text(w, d, l)),
                        match_score(r).unwrap_or_default(),
                        match_elo(r).unwrap_or_default(),
                    ])
                })
                .collect::<Result<_>>()?;
            table(
                &["UCI_Elo", "W/D/L", "score", "Elo difference (95% interval)"],
                cells,
            )
        }
        TableKind::Pair => {
            let [first, second] = lines else {
                return Err(Error::Setting(format!(
                    "book/measured/match-tables.tsv: {} pairs two sets, no more, no fewer",
                    lines[0].file
                )));
            };
            let second_rows = named_rows(results, second.rows, None)?;
            let level_cell = |r: &MatchResult| match r.record {
                Some((w, d, l)) => format!(
                    "{}, {}, {}",
                    record_text(w, d, l),
                    match_score(r).unwrap_or_default(),
                    match_elo(r).unwrap_or_default()
                ),
                None => String::new(),
            };
            let mut cells = Vec::new();
            for (_, r) in named_rows(results, first.rows, None)? {
                let level = level_of(r)?;
                let mut beside = Vec::new();
                for (_, other) in &second_rows {
                    if level_of(other)? == level {
                        beside.push(*other);
                    }
                }
                let [other] = beside[..] else {
                    return Err(Error::Setting(format!(
                        "book/measured/matches.tsv has no one row of {} at {level}",
                        second.rows
                    )));
                };
                cells.push(vec![level.to_string(), level_cell(r), level_cell(other)]);
            }
            let side = |line: &TableRows| {
                format!("{}: W/D/L, score, Elo", line.label.unwrap_or(line.rows))
            };
            table(&["UCI_Elo", &side(first), &side(second)], cells)
        }
        TableKind::Set => {
            let cells = rows
                .into_iter()
                .map(|(_, r)| {
                    vec![
                        r.side.trim_start_matches("tuned, ").to_string(),
                        thousands(u64::from(r.games)),
                        match_elo(r).unwrap_or_default(),
                        r.llr.clone().unwrap_or_else(|| "\u{2014}".to_string()),
                    ]
                })
                .collect();
            table(
                &[
                    "set",
                    "games",
                    "Elo for the tuned set (95% interval)",
                    "LLR (bounds ±2.94)",
                ],
                cells,
            )
        }
    })
}

/// The level of a Stockfish match: the last part of its name (`stockfish.tuned.2200`).
fn level_of(r: &MatchResult) -> Result<u32> {
    r.name
        .rsplit('.')
        .next()
        .and_then(|level| level.parse().ok())
        .ok_or_else(|| Error::Setting(format!("{}: no level", r.name)))
}

/// A match's score as the book writes it (`53.9%`): from its W/D/L, or as it was printed.
fn match_score(r: &results::MatchResult) -> Option<String> {
    match r.estimate() {
        Some(e) => Some(percent(e.score)),
        None => r.printed_score.clone(),
    }
}

/// A match's Elo with its interval as the book writes it: from its W/D/L, or as printed.
fn match_elo(r: &results::MatchResult) -> Option<String> {
    match r.estimate() {
        Some(e) => Some(elo_text(&e)),
        None => r.printed_elo.clone(),
    }
}

/// The Elo ladder's table: each rung, the rung below, games, W/D/L and the Elo with its
/// interval, from [`ladder::LADDER_RESULTS`].
pub fn elo_ladder_table() -> Result<String> {
    let rows = ladder::parse_rungs(ladder::LADDER_RESULTS)?
        .into_iter()
        .map(|rung| {
            vec![
                rung.stage.clone(),
                rung.against.clone(),
                rung.games().to_string(),
                record_text(rung.wins, rung.draws, rung.losses),
                rung.estimate().map_or(String::new(), |e| elo_text(&e)),
            ]
        })
        .collect();
    Ok(table(
        &["rung", "against", "games", "W/D/L", "Elo (95% interval)"],
        rows,
    ))
}

/// `+187 =14 −21`: wins, draws and losses as the book writes them.
pub fn record_text(wins: u32, draws: u32, losses: u32) -> String {
    format!("+{wins} ={draws} \u{2212}{losses}")
}

/// `+34 (+8 to +59)`: an Elo difference and its 95% interval, rounded to whole points; `+∞`
/// or `−∞` where the games set no finite value (a perfect score, an open end).
pub fn elo_text(elo: &searchlab_lab::elo::EloEstimate) -> String {
    let signed = |x: f64| {
        if x.is_infinite() {
            return if x > 0.0 { "+∞" } else { "\u{2212}∞" }.to_string();
        }
        let r = x.round() as i64;
        if r > 0 {
            format!("+{r}")
        } else if r < 0 {
            format!("\u{2212}{}", -r)
        } else {
            "0".to_string()
        }
    };
    format!(
        "{} ({} to {})",
        signed(elo.elo),
        signed(elo.lower),
        signed(elo.upper)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_is_written_as_the_book_writes_it() {
        assert_eq!(record_text(187, 14, 21), "+187 =14 \u{2212}21");
        let text = elo_text(&searchlab_lab::elo::elo_estimate(187, 14, 21).unwrap());
        assert!(text.starts_with("+3"), "{text}");
        // A perfect score has no finite estimate and no upper end.
        let text = elo_text(&searchlab_lab::elo::elo_estimate(2, 0, 0).unwrap());
        assert_eq!(text, "+∞ (\u{2212}291 to +∞)");
    }

    #[test]
    fn the_committed_choices_read_and_name_rows_that_exist() {
        let ratings = read_ratings(RATINGS).unwrap();
        let both = ratings.iter().find(|r| r.key == "neural2.both").unwrap();
        assert_eq!((both.sets.len(), both.levels.as_ref()), (2, None));
        let upper = ratings.iter().find(|r| r.key == "b2cfc9a.upper").unwrap();
        assert_eq!(upper.levels, Some(vec![2200, 2400]));
        let tables = read_match_tables(MATCH_TABLES).unwrap();
        assert!(tables
            .iter()
            .any(|t| t.kind == TableKind::Pair && t.label == Some("hand-set")));
        let mut numbers = Numbers::default();
        let written = add_matches(&mut numbers).unwrap();
        assert_eq!(written.len(), 7);
        for rating in &ratings {
            let key = format!("rating.stockfish.{}", rating.key);
            let fitted = numbers.get(&key).expect(&key);
            // The estimate alone is the first part of the quoted rating.
            let value = numbers.get(&format!("{key}.value")).expect(&key);
            assert!(fitted.starts_with(&format!("{value} (")), "{key}: {fitted}");
        }
        // Bad lines are named.
        let bad = "key\tsets\tlevels\twhat\nx\ty\tsome\tz\n";
        assert!(read_ratings(bad)
            .unwrap_err()
            .to_string()
            .contains("line 2"));
        let bad = "file\tkind\trows\tlabel\nx.md\tchart\ty\t-\n";
        assert!(read_match_tables(bad).is_err());
    }

    #[test]
    fn a_row_that_is_not_there_is_named() {
        let results = results::parse_results(results::MATCH_RESULTS).unwrap();
        let error = named_rows(&results, "piece.nothing", None).unwrap_err();
        assert!(
            error.to_string().contains("no row piece.nothing"),
            "{error}"
        );
        let rows = named_rows(&results, "build.see_pruning", Some("see")).unwrap();
        assert_eq!(rows[0].0, "see");
    }
}
