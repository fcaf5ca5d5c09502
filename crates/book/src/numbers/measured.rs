//! The numbers read from the committed measurements of `book/measured/` that are not match
//! results: speeds (`speed.*`, `side.*`), instructions a node (`instructions.*`), time to depth
//! and the machine's ceiling (`scaling.*`, `throughput.*`), the test suites (`suite.*`), and
//! the main job's clock table.

use super::{table, Numbers};
use searchlab_course::draw::table::{markdown_table, thousands};
use searchlab_engine::error::{Error, Result};

/// The measured speeds the book quotes, committed (see [`speeds`]).
pub const SPEED_RESULTS: &str = include_str!("../../../../book/measured/speed.tsv");

/// Stages 8 and 7 side by side with another engine, committed (see [`add_side_by_side`]).
pub const SIDE_BY_SIDE_RESULTS: &str = include_str!("../../../../book/measured/side-by-side.tsv");

/// The instructions a node costs, committed (see [`add_instructions`]).
pub const INSTRUCTION_COUNTS: &str = include_str!("../../../../book/measured/instructions.tsv");

/// The committed time-to-depth results (`book/measured/scaling.tsv`): `scaling.STAGE.tN.speedup`
/// (`1.30`) and `scaling.STAGE.tN.node_ratio` (`1.32`); and the machine's own two-core ceiling
/// (`book/measured/throughput.tsv`): `throughput.NAME`. Returns the chapter's table.
pub fn add_scaling(numbers: &mut Numbers) -> Result<String> {
    let results = searchlab_lab::scaling::parse_results(searchlab_lab::scaling::SCALING_RESULTS)?;
    let mut rows = Vec::new();
    for r in &results {
        let key = format!("scaling.{}.t{}", r.stage, r.threads);
        numbers.add(format!("{key}.speedup"), format!("{:.2}", r.speedup));
        numbers.add(format!("{key}.node_ratio"), format!("{:.2}", r.node_ratio));
        if r.threads > 1 {
            let stage = match r.stage.as_str() {
                "parallel" => "parallel (Lazy SMP)",
                other => other,
            };
            let threads = if r.threads > 2 {
                format!("{} (oversubscribed)", r.threads)
            } else {
                r.threads.to_string()
            };
            rows.push(vec![
                stage.to_string(),
                threads,
                format!("{:.2}\u{00d7}", r.speedup),
                format!("{:.2}\u{00d7}", r.node_ratio),
            ]);
        }
    }
    add_values(numbers, "throughput", THROUGHPUT_RESULTS)?;
    Ok(markdown_table(
        &["stage", "threads", "speed-up", "nodes vs 1 thread"],
        &[false, true, true, true],
        &rows,
    ))
}

/// The values of a committed `name<TAB>value` file (a header line first, `#` comments), under
/// `prefix.name`.
fn add_values(numbers: &mut Numbers, prefix: &str, text: &str) -> Result<()> {
    for (_, line) in searchlab_lab::measured::rows(text) {
        let (name, value) = line.split_once('\t').ok_or_else(|| {
            Error::Setting(format!("book/measured ({prefix}): bad line {line:?}"))
        })?;
        numbers.add(format!("{prefix}.{name}"), value.trim());
    }
    Ok(())
}

/// The test suites at one second a position (`book/measured/suites.tsv`): `suite.NAME`
/// (`16/24`).
pub fn add_suites(numbers: &mut Numbers) -> Result<()> {
    add_values(numbers, "suite", SUITE_RESULTS)
}

/// The suites' results, committed (see [`add_suites`]).
pub const SUITE_RESULTS: &str = include_str!("../../../../book/measured/suites.tsv");

/// The machine's two-core ceiling, committed (see [`add_scaling`]).
pub const THROUGHPUT_RESULTS: &str = include_str!("../../../../book/measured/throughput.tsv");

/// One committed speed measurement: a stage's `bench` (or `compare`) on a set of positions.
#[derive(Clone, Debug, PartialEq)]
pub struct Speed {
    /// What was measured, the key's middle part (`pvs.speed8`).
    pub name: String,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall time in milliseconds.
    pub millis: f64,
}

/// Parses [`SPEED_RESULTS`]: `#` comment lines (the command, machine and date), a header
/// line, then `name<TAB>nodes<TAB>ms` rows.
pub fn speeds(text: &str) -> Result<Vec<Speed>> {
    let bad = |line: &str| {
        Error::Setting(format!(
            "a speed measurement (book/measured/): bad line {line:?}"
        ))
    };
    searchlab_lab::measured::rows(text)
        .map(|(_, line)| {
            let fields: Vec<&str> = line.split('\t').collect();
            let [name, nodes, millis] = fields[..] else {
                return Err(bad(line));
            };
            Ok(Speed {
                name: name.to_string(),
                nodes: nodes.parse().map_err(|_| bad(line))?,
                millis: millis.parse().map_err(|_| bad(line))?,
            })
        })
        .collect()
}

/// The speed measurements: `speed.NAME.nodes`, `.ms` (whole milliseconds), `.mnps` (millions
/// of nodes a second, two decimals); for `datagen.games`, whose row counts games played, not
/// nodes: `speed.datagen.games.per_second` (one decimal) and `.per_hour` (to the hundred).
pub fn add_speeds(numbers: &mut Numbers) -> Result<()> {
    add_speed_rows(numbers, "speed", SPEED_RESULTS)
}

/// The side-by-side measurements, as [`add_speeds`] adds its own: `side.NAME.nodes`, `.ms`,
/// `.mnps`, `.millions`.
pub fn add_side_by_side(numbers: &mut Numbers) -> Result<()> {
    add_speed_rows(numbers, "side", SIDE_BY_SIDE_RESULTS)
}

fn add_speed_rows(numbers: &mut Numbers, prefix: &str, text: &str) -> Result<()> {
    for speed in speeds(text)? {
        let key = format!("{prefix}.{}", speed.name);
        if speed.name.starts_with("datagen.") {
            let per_second = speed.nodes as f64 / speed.millis * 1000.0;
            numbers.add(format!("{key}.per_second"), format!("{per_second:.1}"));
            let per_hour = (per_second * 36.0).round() as u64 * 100;
            numbers.add(format!("{key}.per_hour"), thousands(per_hour));
            continue;
        }
        numbers.count(format!("{key}.nodes"), speed.nodes);
        numbers.add(format!("{key}.ms"), thousands(speed.millis.round() as u64));
        let mnps = speed.nodes as f64 / speed.millis / 1000.0;
        numbers.add(format!("{key}.mnps"), format!("{mnps:.2}"));
        numbers.add(
            format!("{key}.millions"),
            format!("{:.2}", speed.nodes as f64 / 1e6),
        );
    }
    Ok(())
}

/// The instruction counts ([`INSTRUCTION_COUNTS`]: `#` comment lines, a header line, then
/// `name<TAB>nodes<TAB>instructions<TAB>per_node` rows): `instructions.NAME.nodes`,
/// `.billions` (the whole run's instructions, in billions, two decimals), `.per_node` (with a
/// thousands separator) and `.floor` (how many times the `chess` crate's own cost a node,
/// the row `crate.every_node`, one decimal).
pub fn add_instructions(numbers: &mut Numbers) -> Result<()> {
    add_instructions_from(numbers, INSTRUCTION_COUNTS)
}

fn add_instructions_from(numbers: &mut Numbers, text: &str) -> Result<()> {
    let bad =
        |line: &str| Error::Setting(format!("book/measured/instructions.tsv: bad line {line:?}"));
    let mut rows = Vec::new();
    for (_, line) in searchlab_lab::measured::rows(text) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [name, nodes, instructions, _] = fields[..] else {
            return Err(bad(line));
        };
        let nodes: u64 = nodes.parse().map_err(|_| bad(line))?;
        let instructions: u64 = instructions.parse().map_err(|_| bad(line))?;
        if nodes == 0 {
            return Err(bad(line));
        }
        rows.push((
            name,
            nodes,
            instructions as f64 / nodes as f64,
            instructions,
        ));
    }
    let floor = rows
        .iter()
        .find(|row| row.0 == "crate.every_node")
        .map(|row| row.2);
    let per_node_of = |wanted: &str| rows.iter().find(|row| row.0 == wanted).map(|row| row.2);
    if let (Some(neural), Some(selective)) = (
        per_node_of("neural.speed12"),
        per_node_of("selective.speed12"),
    ) {
        numbers.add(
            "neural.cost_over_selective",
            format!("{:.0}%", 100.0 * (neural / selective - 1.0)),
        );
    }
    for (name, nodes, per_node, instructions) in rows {
        let key = format!("instructions.{name}");
        numbers.count(format!("{key}.nodes"), nodes);
        numbers.add(
            format!("{key}.billions"),
            format!("{:.2}", instructions as f64 / 1e9),
        );
        numbers.add(
            format!("{key}.per_node"),
            thousands(per_node.round() as u64),
        );
        if let Some(floor) = floor {
            numbers.add(format!("{key}.floor"), format!("{:.1}", per_node / floor));
        }
    }
    Ok(())
}

/// The main job's totals for `stages` (rows `main.STAGE` of [`SPEED_RESULTS`]): nodes, time
/// and nodes a second, as measured.
pub fn clock_table(stages: &[&str]) -> Result<String> {
    let speeds = speeds(SPEED_RESULTS)?;
    let rows = stages
        .iter()
        .filter_map(|stage| {
            let s = speeds.iter().find(|s| s.name == format!("main.{stage}"))?;
            Some(vec![
                stage.to_string(),
                thousands(s.nodes),
                format!("{} ms", thousands(s.millis.round() as u64)),
                format!("{:.2} M", s.nodes as f64 / s.millis / 1000.0),
            ])
        })
        .collect();
    Ok(table(&["stage", "nodes", "time", "nodes/s"], rows))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instruction_counts_are_read_from_their_file() {
        let mut numbers = Numbers::default();
        let text = "# command\nname\tnodes\tinstructions\tper_node\n\
                    crate.every_node\t1000\t250000\t250\nselective.speed12\t2000\t6000000\t3000\n";
        add_instructions_from(&mut numbers, text).unwrap();
        assert_eq!(
            numbers.get("instructions.selective.speed12.per_node"),
            Some("3,000")
        );
        assert_eq!(
            numbers.get("instructions.selective.speed12.floor"),
            Some("12.0")
        );
        assert_eq!(
            numbers.get("instructions.crate.every_node.billions"),
            Some("0.00")
        );
        let broken = "name\tnodes\tinstructions\tper_node\nx\t0\t5\t0\n";
        assert!(add_instructions_from(&mut Numbers::default(), broken).is_err());
    }

    #[test]
    fn speeds_are_read_from_their_file() {
        let parsed = speeds("# command\nname\tnodes\tms\npvs.speed8\t6090000\t2092.8\n").unwrap();
        assert_eq!(parsed[0].name, "pvs.speed8");
        assert_eq!(parsed[0].nodes, 6_090_000);
        assert!(speeds("name\tnodes\tms\nbroken line\n").is_err());
    }

    #[test]
    fn a_datagen_row_gives_games_a_second_and_an_hour() {
        let mut numbers = Numbers::default();
        let text = "# command\nname\tnodes\tms\ndatagen.games\t100\t19600.0\n";
        add_speed_rows(&mut numbers, "speed", text).unwrap();
        // 100 games in 19.6 s: 5.10 a second, 18,367 an hour, to the hundred.
        assert_eq!(numbers.get("speed.datagen.games.per_second"), Some("5.1"));
        assert_eq!(numbers.get("speed.datagen.games.per_hour"), Some("18,400"));
        // Its nodes column counts games: no nodes a second from it.
        assert_eq!(numbers.get("speed.datagen.games.mnps"), None);
    }
}
