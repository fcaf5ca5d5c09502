//! `searchlab uci`: the UCI protocol on stdin/stdout, for chess GUIs; and what `searchlab`
//! with no command does, which a GUI starting the engine relies on.

use super::output::OutputError;
use super::EvalFile;
use std::io::{self, BufRead, IsTerminal, Read};

/// Runs the UCI loop ([`searchlab::uci::run_with`]) on stdin and stdout until `quit` or the end
/// of the input. Every line is flushed as soon as it is written. `eval_file` is the network
/// `--eval-file` chose: the engine plays with it, and the `EvalFile` option shows it as its
/// default.
pub fn run(eval_file: Option<&EvalFile>) -> anyhow::Result<()> {
    serve(io::stdin().lock(), eval_file)
}

/// Speaks UCI on `input` and stdout. A GUI that closed its end of the pipe is an
/// [`OutputError`], as for every command: the engine then ends quietly.
fn serve(input: impl BufRead, eval_file: Option<&EvalFile>) -> anyhow::Result<()> {
    let setup = searchlab::uci::Setup {
        eval_file: eval_file.map(|eval_file| eval_file.path.display().to_string()),
        network: eval_file.map(|eval_file| eval_file.network.clone()),
    };
    searchlab::uci::run_with(input, io::stdout(), &setup).map_err(|error| {
        if error.kind() == io::ErrorKind::BrokenPipe {
            anyhow::Error::new(OutputError(error))
        } else {
            anyhow::Error::new(error)
        }
    })
}

// ANCHOR: no_command
/// `searchlab` with no command. A chess GUI, OpenBench or cutechess starts an engine with no
/// argument and speaks first (`uci`); a person typing `cargo run --release`, or a script or CI
/// job giving it no input, wants the main job, `compare`. So:
///
/// - standard input is a terminal: `compare`;
/// - otherwise the first line that is not blank decides: any line at all means a program is
///   talking, and the UCI loop starts with that line as its first command; the end of the
///   input before any such line (`< /dev/null`, a closed pipe) means nobody is, and
///   `compare` runs.
pub fn uci_or_compare(eval_file: Option<&EvalFile>, json: bool) -> anyhow::Result<()> {
    let stdin = io::stdin();
    if stdin.is_terminal() {
        return main_job(eval_file, json);
    }
    let mut input = stdin.lock();
    let mut first = Vec::new();
    loop {
        first.clear();
        if input.read_until(b'\n', &mut first)? == 0 {
            return main_job(eval_file, json);
        }
        if !first.iter().all(u8::is_ascii_whitespace) {
            break;
        }
    }
    serve(io::Cursor::new(first).chain(input), eval_file)
}
// ANCHOR_END: no_command

/// The main job, `compare` (see [`uci_or_compare`]). The engine built alone, as `make` builds it
/// for OpenBench (no lab, no course), has no comparison to run and says how to get one.
#[cfg(feature = "pictures")]
fn main_job(eval_file: Option<&EvalFile>, json: bool) -> anyhow::Result<()> {
    super::compare::run(super::compare::Args::default(), eval_file, json)
}

#[cfg(not(feature = "pictures"))]
fn main_job(_eval_file: Option<&EvalFile>, _json: bool) -> anyhow::Result<()> {
    anyhow::bail!(
        "this searchlab is the engine alone (as `make` builds it): it speaks UCI to a program \
         that talks to it, and runs `bench`, `search` and `perft`; `cargo run --release` builds \
         the whole of it, whose main job compares the stages"
    )
}
