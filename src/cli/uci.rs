//! `searchlab uci` (to be built).

/// Runs the UCI loop on stdin/stdout.
pub fn run() -> anyhow::Result<()> {
    anyhow::bail!("this command is not built yet")
}
