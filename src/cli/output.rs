//! Standard output, for every command, and what a failed write means.
//!
//! Rust ignores `SIGPIPE`, so a write to a closed pipe is an error, and `println!` turns that
//! error into a panic: `searchlab bench | head -1` would end with a backtrace. So no command
//! prints with `println!`: each writes with [`outln!`] or [`out!`], which hand a failed write
//! back as an [`OutputError`] through the command's `Result`, and `main` decides, in one
//! place ([`exit_status`]), what it means:
//!
//! - the reader went away (a closed pipe, as after `head`): the command ends quietly with
//!   status 0, as `head` users expect of any Unix tool;
//! - any other failure (a full disk, `> /dev/full`): an `error:` line on standard error and
//!   status 1.

use std::fmt;
use std::io::{self, Write};

/// A write to standard output that failed.
#[derive(Debug)]
pub struct OutputError(pub io::Error);

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("writing to standard output")
    }
}

impl std::error::Error for OutputError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

/// Writes `text` to standard output.
pub fn write(text: fmt::Arguments<'_>) -> Result<(), OutputError> {
    io::stdout().lock().write_fmt(text).map_err(OutputError)
}

/// Flushes standard output: what is still buffered (a last line without its newline) fails
/// here, if anywhere.
pub fn flush() -> Result<(), OutputError> {
    io::stdout().lock().flush().map_err(OutputError)
}

/// The exit status for a command that ended with `error` (printing the error where one is
/// due): 0 if the reader of standard output went away, else 1.
pub fn exit_status(error: &anyhow::Error) -> i32 {
    let output = error
        .chain()
        .find_map(|cause| cause.downcast_ref::<OutputError>());
    if output.is_some_and(|output| output.0.kind() == io::ErrorKind::BrokenPipe) {
        return 0;
    }
    eprintln!("error: {error:#}");
    1
}

/// `println!` for a command: writes a line to standard output, and returns from the calling
/// function with an [`OutputError`] if the write fails.
macro_rules! outln {
    () => {
        $crate::cli::output::write(format_args!("\n"))?
    };
    ($($arg:tt)*) => {
        $crate::cli::output::write(format_args!("{}\n", format_args!($($arg)*)))?
    };
}

/// `print!` for a command: as [`outln!`], without the newline. (Only the lab's and the course's
/// commands print a line in pieces.)
#[cfg_attr(not(feature = "lab"), allow(unused_macros))]
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::output::write(format_args!($($arg)*))?
    };
}

#[cfg_attr(not(feature = "lab"), allow(unused_imports))]
pub(crate) use out;
pub(crate) use outln;

/// The first failed write of a callback that cannot return one (a progress callback that
/// prints as the work goes on), kept for the command to return once the work is done.
#[derive(Debug, Default)]
pub struct FirstFailure(Option<OutputError>);

impl FirstFailure {
    /// Keeps `written`'s error if it is the first.
    pub fn keep(&mut self, written: Result<(), OutputError>) {
        if let Err(error) = written {
            self.0.get_or_insert(error);
        }
    }

    /// The first failure, if any.
    pub fn result(self) -> Result<(), OutputError> {
        self.0.map_or(Ok(()), Err)
    }
}
