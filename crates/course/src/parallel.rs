//! Parallel search taken apart (notebook 09): what bounds root splitting, time to depth with
//! more threads, and the two words of a shared table's slot.
//!
//! - [`amdahl_bound`] is Amdahl's law: the most a job can gain from threads when part of it
//!   runs on one thread. [`serial_share_markdown`] and [`serial_share_svg`] show root
//!   splitting's serial part, the share of the nodes spent in the root's first move (measured
//!   by [`serial_share`](searchlab_lab::scaling::serial_share)), and the bound it sets.
//! - [`scaling_markdown`] and [`speedup_svg`] show a time-to-depth measurement
//!   ([`time_to_depth`](searchlab_lab::scaling::time_to_depth)): each stage's time, speed-up and
//!   node count at each thread count.
//! - [`hex_word`] and [`slot_markdown`] show a transposition-table slot as its two 64-bit
//!   words ([`slot_words`](searchlab_engine::tt::slot_words)), and the key a probe reads back from them:
//!   how the XOR check turns a torn write into a miss.
//!
//! Every function here is pure, so the tests check them without a kernel. The numbers they
//! show are not all reproducible: the serial share is (one thread, a depth limit), times
//! never are.

use crate::draw::plot::{bar_chart_svg, Bar};
use crate::draw::table::markdown_table;
use searchlab_engine::error::Result;
use searchlab_engine::positions::NamedPosition;
use searchlab_lab::scaling::ScalingReport;

// ANCHOR: amdahl
/// Amdahl's law: how many times faster `threads` threads can do a job of which the share
/// `serial` (from 0 to 1) runs on one thread while the rest is shared out perfectly.
/// `f64::INFINITY` threads gives the bound no number of threads can pass, `1 / serial`.
pub fn amdahl_bound(serial: f64, threads: f64) -> f64 {
    1.0 / (serial + (1.0 - serial) / threads)
}
// ANCHOR_END: amdahl

/// A speed-up as people read it: `1.70×` (`> 100×` past a hundred, where the digits say
/// nothing more: a share near 0 allows a bound near infinity).
fn times(factor: f64) -> String {
    if factor > 100.0 {
        "> 100×".to_string()
    } else {
        format!("{factor:.2}×")
    }
}

/// A share from 0 to 1 as a percentage with one decimal: `61.8 %`.
fn percent(share: f64) -> String {
    format!("{:.1} %", 100.0 * share)
}

/// A table of root splitting's serial share, one row per position (`shares[i]` belongs to
/// `positions[i]`): the share of the nodes the root's first move took, and the speed-up that
/// share allows with 2 threads and with any number. The last row is the mean share and its
/// bounds.
pub fn serial_share_markdown(positions: &[NamedPosition], shares: &[f64]) -> String {
    let row = |name: String, share: f64| {
        vec![
            name,
            percent(share),
            times(amdahl_bound(share, 2.0)),
            times(amdahl_bound(share, f64::INFINITY)),
        ]
    };
    let mut rows: Vec<Vec<String>> = positions
        .iter()
        .zip(shares)
        .map(|(position, &share)| row(position.name.to_string(), share))
        .collect();
    if !rows.is_empty() {
        let mean = shares.iter().take(rows.len()).sum::<f64>() / rows.len() as f64;
        rows.push(row(format!("**mean of {}**", rows.len()), mean));
    }
    markdown_table(
        &[
            "position",
            "first root move's share of the nodes",
            "at most, 2 threads",
            "at most, any threads",
        ],
        &[false, true, true, true],
        &rows,
    )
}

// ANCHOR: serial_share_svg
/// Root splitting's serial share as a bar chart, a bar per position (`shares[i]` belongs to
/// `positions[i]`), in percent of the nodes.
pub fn serial_share_svg(positions: &[NamedPosition], shares: &[f64]) -> Result<String> {
    let bars: Vec<Bar> = positions
        .iter()
        .zip(shares)
        .map(|(position, &share)| Bar {
            label: position.name.to_string(),
            value: 100.0 * share,
            text: format!("{:.0} %", 100.0 * share),
            key: "rootsplit".to_string(),
        })
        .collect();
    bar_chart_svg(
        "Root splitting: the first root move's share of the nodes",
        "% of the nodes",
        &bars,
    )
}
// ANCHOR_END: serial_share_svg

/// `1 thread`, `2 threads`.
fn threads_text(threads: usize) -> String {
    match threads {
        1 => "1 thread".to_string(),
        n => format!("{n} threads"),
    }
}

/// A time-to-depth report as a table, one row per stage and thread count: the time to the
/// depth (geometric mean over the positions of each one's median), the speed-up over one
/// thread, and the nodes against one thread's (the search overhead).
pub fn scaling_markdown(report: &ScalingReport) -> String {
    let rows: Vec<Vec<String>> = report
        .summary
        .iter()
        .map(|line| {
            vec![
                format!("`{}`", line.stage),
                line.threads.to_string(),
                format!("{:.1} ms", line.mean_ms),
                times(line.speedup),
                times(line.node_ratio),
            ]
        })
        .collect();
    let time = format!("time to depth {}", report.depth);
    markdown_table(
        &["stage", "threads", &time, "speed-up", "nodes vs 1 thread"],
        &[false, true, true, true, true],
        &rows,
    )
}

// ANCHOR: speedup_svg
/// A time-to-depth report's speed-ups as a bar chart, a bar per stage and thread count (one
/// thread's bar, 1× by definition, is the yardstick), each stage in its colour.
pub fn speedup_svg(report: &ScalingReport) -> Result<String> {
    let bars: Vec<Bar> = report
        .summary
        .iter()
        .map(|line| Bar {
            label: format!("{}, {}", line.stage, threads_text(line.threads)),
            value: line.speedup,
            text: times(line.speedup),
            key: line.stage.clone(),
        })
        .collect();
    bar_chart_svg(
        &format!("Time to depth {}: speed-up over one thread", report.depth),
        "times faster than 1 thread",
        &bars,
    )
}
// ANCHOR_END: speedup_svg

/// A 64-bit word in hexadecimal, all 16 digits, in groups of four: `0x463b_9618_1691_fc9c`.
pub fn hex_word(word: u64) -> String {
    let digits = format!("{word:016x}");
    let groups: Vec<&str> = (0..4).map(|i| &digits[4 * i..4 * i + 4]).collect();
    format!("0x{}", groups.join("_"))
}

/// Table slots as their two words, one row each (a name, then the words as
/// [`slot_words`](searchlab_engine::tt::slot_words) gives them): the first word (the key XORed with the
/// data), the second (the data), and their XOR, the key a probe reads back and compares.
pub fn slot_markdown(slots: &[(&str, [u64; 2])]) -> String {
    let rows: Vec<Vec<String>> = slots
        .iter()
        .map(|&(name, [keyed, data])| {
            vec![
                name.to_string(),
                format!("`{}`", hex_word(keyed)),
                format!("`{}`", hex_word(data)),
                format!("`{}`", hex_word(keyed ^ data)),
            ]
        })
        .collect();
    markdown_table(
        &[
            "slot",
            "word 1: key ^ data",
            "word 2: data",
            "word 1 ^ word 2: the key read back",
        ],
        &[false, false, false, false],
        &rows,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use searchlab_engine::positions::LADDER;
    use searchlab_lab::scaling::{Run, Scaling};

    #[test]
    fn amdahls_law() {
        // Nothing serial: n threads, n times faster; all serial: no faster at all.
        assert_eq!(amdahl_bound(0.0, 4.0), 4.0);
        assert_eq!(amdahl_bound(1.0, 64.0), 1.0);
        // The root-splitting module's example: 60 % serial, at most 1 / 0.6 with any threads,
        // 1 / (0.6 + 0.2) = 1.25 with two.
        assert!((amdahl_bound(0.6, f64::INFINITY) - 1.0 / 0.6).abs() < 1e-12);
        assert!((amdahl_bound(0.6, 2.0) - 1.25).abs() < 1e-12);
    }

    #[test]
    fn the_serial_share_table_and_chart() {
        let positions = [LADDER[0], LADDER[2]];
        let table = serial_share_markdown(&positions, &[0.5, 0.25]);
        assert_eq!(
            table,
            "| position | first root move's share of the nodes | at most, 2 threads | at most, any threads |\n\
             |---|---:|---:|---:|\n\
             | start | 50.0 % | 1.33× | 2.00× |\n\
             | kiwipete | 25.0 % | 1.60× | 4.00× |\n\
             | **mean of 2** | 37.5 % | 1.45× | 2.67× |\n"
        );
        let svg = serial_share_svg(&positions, &[0.5, 0.25]).unwrap();
        for text in ["start", "kiwipete", "50 %", "25 %", "first root move"] {
            assert!(svg.contains(text), "{text}");
        }
        // No positions: a header, no rows.
        assert_eq!(serial_share_markdown(&[], &[]).lines().count(), 2);
    }

    fn report() -> ScalingReport {
        let line = |stage: &str, threads, mean_ms, speedup, node_ratio| Scaling {
            stage: stage.into(),
            threads,
            mean_ms,
            speedup,
            node_ratio,
        };
        ScalingReport {
            depth: 10,
            runs: 3,
            all: Vec::<Run>::new(),
            summary: vec![
                line("parallel", 1, 80.0, 1.0, 1.0),
                line("parallel", 2, 50.0, 1.6, 1.25),
                line("rootsplit", 1, 80.5, 1.0, 1.0),
                line("rootsplit", 2, 70.0, 1.15, 1.004),
            ],
        }
    }

    #[test]
    fn the_scaling_table_and_chart() {
        assert_eq!(
            scaling_markdown(&report()),
            "| stage | threads | time to depth 10 | speed-up | nodes vs 1 thread |\n\
             |---|---:|---:|---:|---:|\n\
             | `parallel` | 1 | 80.0 ms | 1.00× | 1.00× |\n\
             | `parallel` | 2 | 50.0 ms | 1.60× | 1.25× |\n\
             | `rootsplit` | 1 | 80.5 ms | 1.00× | 1.00× |\n\
             | `rootsplit` | 2 | 70.0 ms | 1.15× | 1.00× |\n"
        );
        let svg = speedup_svg(&report()).unwrap();
        for text in [
            "Time to depth 10",
            "parallel, 1 thread",
            "parallel, 2 threads",
            "rootsplit, 2 threads",
            "1.60×",
            "1.15×",
        ] {
            assert!(svg.contains(text), "{text}");
        }
        // Every picture must render with the embedded font (× included).
        crate::draw::picture::svg_to_png(&svg).unwrap();
    }

    #[test]
    fn words_in_hex_and_the_key_read_back() {
        assert_eq!(hex_word(0), "0x0000_0000_0000_0000");
        assert_eq!(hex_word(0x463b_9618_1691_fc9c), "0x463b_9618_1691_fc9c");
        assert_eq!(hex_word(u64::MAX), "0xffff_ffff_ffff_ffff");
        let table = slot_markdown(&[("A", [0xff00, 0x0f0f]), ("torn", [0xff00, 0x00ff])]);
        assert_eq!(
            table,
            "| slot | word 1: key ^ data | word 2: data | word 1 ^ word 2: the key read back |\n\
             |---|---|---|---|\n\
             | A | `0x0000_0000_0000_ff00` | `0x0000_0000_0000_0f0f` | `0x0000_0000_0000_f00f` |\n\
             | torn | `0x0000_0000_0000_ff00` | `0x0000_0000_0000_00ff` | `0x0000_0000_0000_ffff` |\n"
        );
        // The words the table writes for a real entry give its key back.
        let words = searchlab_engine::tt::slot_words::<chess::ChessMove>(
            0x1234,
            3,
            searchlab_engine::score::Score(5),
            searchlab_engine::tt::Bound::Exact,
            None,
        );
        assert!(slot_markdown(&[("x", words)]).contains("`0x0000_0000_0000_1234` |"));
    }
}
