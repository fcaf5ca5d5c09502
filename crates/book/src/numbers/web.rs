//! The web front measured against the native binary (`book/measured/web.tsv`, written by
//! `scripts/measure-web`): the engine's speed in a browser page, the module's size, the
//! compare widget's time to interactive.

use super::Numbers;
use searchlab_course::draw::table::thousands;
use searchlab_engine::error::{Error, Result};

/// The committed measurement (see [`add_web`]).
pub const WEB_RESULTS: &str = include_str!("../../../../book/measured/web.tsv");

/// The keys of [`WEB_RESULTS`]: for each run `NAME` (`neural.d12`), `web.NAME.ratio` (native
/// time over browser time, `0.77`), `web.NAME.browser_mnps` and `web.NAME.native_mnps`
/// (millions of nodes a second, two decimals); `web.wasm.bytes` (`2,439,323`) and
/// `web.wasm.mb` (`2.44`); `web.interactive_ms`; `web.chromium` (the browser's version).
pub fn add_web(numbers: &mut Numbers) -> Result<()> {
    add_web_from(numbers, WEB_RESULTS)
}

fn add_web_from(numbers: &mut Numbers, text: &str) -> Result<()> {
    let bad = |line: &str| Error::Setting(format!("book/measured/web.tsv: bad line {line:?}"));
    for (_, line) in searchlab_lab::measured::rows(text) {
        let fields: Vec<&str> = line.split('\t').collect();
        match fields[..] {
            [name, nodes, _, _, native_nps, browser_nps, ratio] => {
                let mnps = |nps: &str| -> Result<String> {
                    let nps: f64 = nps.parse().map_err(|_| bad(line))?;
                    Ok(format!("{:.2}", nps / 1e6))
                };
                nodes.parse::<u64>().map_err(|_| bad(line))?;
                numbers.add(format!("web.{name}.native_mnps"), mnps(native_nps)?);
                numbers.add(format!("web.{name}.browser_mnps"), mnps(browser_nps)?);
                numbers.add(format!("web.{name}.ratio"), ratio);
            }
            ["wasm.bytes", bytes] => {
                let bytes: u64 = bytes.parse().map_err(|_| bad(line))?;
                numbers.count("web.wasm.bytes", bytes);
                numbers.add("web.wasm.mb", format!("{:.2}", bytes as f64 / 1e6));
            }
            ["compare_widget.interactive_ms", ms] => {
                let ms: u64 = ms.parse().map_err(|_| bad(line))?;
                numbers.add("web.interactive_ms", thousands(ms));
            }
            ["chromium", version] => numbers.add("web.chromium", version),
            _ => return Err(bad(line)),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_measurement_gives_every_key() {
        let mut numbers = Numbers::default();
        add_web(&mut numbers).unwrap();
        for key in [
            "web.cached.d6.ratio",
            "web.selective.d12.browser_mnps",
            "web.neural.d12.native_mnps",
            "web.wasm.bytes",
            "web.wasm.mb",
            "web.interactive_ms",
            "web.chromium",
        ] {
            assert!(numbers.get(key).is_some(), "{key}");
        }
    }

    #[test]
    fn rows_are_read_exactly_and_a_bad_one_is_refused() {
        let text = "# how\nname\tnodes\tnative_ms\tbrowser_ms\tnative_nps\tbrowser_nps\tratio\n\
                    neural.d12\t2556378\t1087\t1404\t2350983\t1820523\t0.77\n\
                    wasm.bytes\t2439323\n";
        let mut numbers = Numbers::default();
        add_web_from(&mut numbers, text).unwrap();
        assert_eq!(numbers.get("web.neural.d12.browser_mnps"), Some("1.82"));
        assert_eq!(numbers.get("web.neural.d12.ratio"), Some("0.77"));
        assert_eq!(numbers.get("web.wasm.bytes"), Some("2,439,323"));
        assert_eq!(numbers.get("web.wasm.mb"), Some("2.44"));
        let broken = format!("{text}neural.d12\tmany\t1\t1\t1\t1\t1\n");
        assert!(add_web_from(&mut Numbers::default(), &broken).is_err());
    }
}
