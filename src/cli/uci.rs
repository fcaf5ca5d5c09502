//! `searchlab uci`: the UCI protocol on stdin/stdout, for chess GUIs.

/// Runs the UCI loop ([`searchlab::uci::run`]) on stdin and stdout until `quit` or the end of
/// the input. Every line is flushed as soon as it is written.
pub fn run() -> anyhow::Result<()> {
    let stdin = std::io::stdin();
    searchlab::uci::run(stdin.lock(), std::io::stdout())?;
    Ok(())
}
