//! What a notebook cell shows, and how a run fails: the rich output evcxr recognises and a
//! panic hook that ends a headless run and spares an interactive session.
//!
//! A cell shows rich output by printing it between two marker lines ([`rich_output`]); the
//! `show_*` functions print HTML ([`show_html`], for tables), markdown ([`show_markdown`], a
//! stage's diff with [`show_stage_diff`]) and pictures ([`show_svg`], which sends the SVG and
//! its PNG rendering together, see the [parent module](super)). [`fail_on_panic`] makes a
//! failed `assert!` end the kernel in a headless run, so that the run reports it, and only
//! report it in an interactive session, so that the learner keeps the kernel and its
//! variables. [`escape_html`](super::escape_html) is the escaping every table and picture of
//! the drawing floor uses.

use crate::draw::picture::svg_to_png;
use crate::draw::svg::with_svg_namespace;
use base64::Engine as _;
use searchlab_engine::error::Result;
use std::io::Write as _;
use std::sync::Once;

// ---------------------------------------------------------------------------------------------
// Failing on panic
// ---------------------------------------------------------------------------------------------

/// Exit status of a kernel stopped by a panic in a headless run (the status Rust itself uses
/// for a panicking program).
pub const PANIC_EXIT_CODE: i32 = 101;

/// The environment variable that marks a headless run: `scripts/notebooks` sets it to `1`
/// when it executes notebooks (CI does the same through it); JupyterLab does not.
pub const HEADLESS_VARIABLE: &str = "SEARCHLAB_NOTEBOOK_HEADLESS";

/// Whether a value of [`HEADLESS_VARIABLE`] asks for a headless run: set, and neither empty
/// nor `0`.
pub fn headless_value(value: Option<&str>) -> bool {
    matches!(value.map(str::trim), Some(v) if !v.is_empty() && v != "0")
}

/// Whether this process runs headless: [`HEADLESS_VARIABLE`] read from the environment
/// ([`headless_value`]).
pub fn is_headless() -> bool {
    headless_value(std::env::var(HEADLESS_VARIABLE).ok().as_deref())
}

/// What the panic hook of [`fail_on_panic`] prints for a panic with `message` at `location`
/// (`file:line:column`), in a headless run or in an interactive session.
///
/// A panic in a cell's own code is located in `src/lib.rs`: evcxr compiles each cell as a
/// small crate of that name, so the line is evcxr's, not the cell's; the message is what
/// tells which check failed.
pub fn panic_report(message: &str, location: &str, headless: bool) -> String {
    let what = if headless {
        format!(
            "a headless run ({HEADLESS_VARIABLE} is set) stops at the first failed check: \
             this notebook run fails (kernel exit status {PANIC_EXIT_CODE})"
        )
    } else {
        "this cell stopped here. The kernel goes on: variables made by earlier cells are \
         kept, those this cell was making are not. Fix the cell, or run it again."
            .to_string()
    };
    format!("panicked at {location}:\n{message}\nsearchlab::teach::notebook: {what}")
}

/// Reports any later panic, and ends the process if the run is headless.
///
/// Call it in the first code cell of a notebook. Without it, evcxr shows a failed `assert!`
/// (with a backtrace of its own machinery) and goes on to the next cell, and the cell does
/// not count as an error, so `jupyter execute` would report success. With it:
///
/// - in a **headless run** ([`HEADLESS_VARIABLE`] set, as `scripts/notebooks` and CI do), the
///   panic's message and location are printed on stderr and the kernel ends: the cell errors
///   and the run fails;
/// - in an **interactive session** (JupyterLab: the variable is not set), the message and the
///   location are printed in the cell's output (on stdout: evcxr forwards stderr on its own
///   schedule, and a line written there as the cell ends can be lost; and an empty line
///   after it, since evcxr can drop a cell's very last line) and nothing else
///   happens. evcxr catches the panic (its setting `:preserve_vars_on_panic`, on by default),
///   the kernel lives on, and the variables of the cells run before are still there: a
///   learner who changes a position and breaks a check loses only that cell.
///
/// The variable is read when a panic happens, not when the hook is installed. Calling this
/// more than once is harmless. The report carries no backtrace (evcxr asks for one, and its
/// frames are evcxr's own machinery, not the notebook's code).
pub fn fail_on_panic() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            let message = info
                .payload_as_str()
                .unwrap_or("(a panic without a message)");
            let location = info.location().map_or_else(
                || "an unknown place".to_string(),
                |l| format!("{}:{}:{}", l.file(), l.line(), l.column()),
            );
            let report = panic_report(message, &location, is_headless());
            if is_headless() {
                eprintln!("{report}");
                std::process::exit(PANIC_EXIT_CODE);
            }
            // Interactive: on stdout, which evcxr forwards in order. It forwards stderr on its
            // own schedule, and a line written there just before the cell ends can come too
            // late for the cell, or not at all. Even on stdout, evcxr (0.22) may announce the
            // cell finished while its publisher still holds the last line, and the notebook
            // then never shows that line: so the report ends with a spare empty line.
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{report}\n");
            let _ = out.flush();
        }));
    });
}

// ---------------------------------------------------------------------------------------------
// Rich output
// ---------------------------------------------------------------------------------------------

/// The text evcxr turns into a rich output of MIME type `mime` (`text/html`,
/// `image/svg+xml`, …) when a cell prints it.
pub fn rich_output(mime: &str, content: &str) -> String {
    format!("EVCXR_BEGIN_CONTENT {mime}\n{content}\nEVCXR_END_CONTENT\n")
}

/// Shows `html` as the cell's output (in evcxr; elsewhere it prints the marked-up text).
/// One rich output per cell: a second `show_html` in the same cell replaces the first.
///
/// For tables and text, not pictures: an `<svg>` inside HTML is stripped from a notebook that
/// is not trusted (one opened without running it), so HTML holding one is shown with a
/// warning on stderr. Show pictures with [`show_svg`].
pub fn show_html(html: &str) {
    if html.to_ascii_lowercase().contains("<svg") {
        eprintln!(
            "searchlab::teach::notebook::show_html: this HTML holds an <svg>, which a notebook opened \
             without running it does not show; show pictures with show_svg (stacked_svg joins several)"
        );
    }
    print!("{}", rich_output("text/html", html));
}

/// Shows `markdown` as the cell's output (one rich output per cell, like [`show_html`]).
/// Every notebook viewer renders markdown, trusted or not, code blocks highlighted.
pub fn show_markdown(markdown: &str) {
    print!("{}", rich_output("text/markdown", markdown));
}

/// `diff` as a markdown ```` ```diff ```` block: added lines green, removed lines red, in any
/// viewer that highlights code.
pub fn diff_markdown(diff: &str) -> String {
    let fence = if diff.contains("```") { "````" } else { "```" };
    format!("{fence}diff\n{}\n{fence}", diff.trim_end())
}

/// Shows what the rung `stage` adds to the one below: the diff of their source files
/// ([`crate::diff::stage_diff`]), the same the book shows.
pub fn show_stage_diff(stage: &str) -> Result<()> {
    let diff = crate::diff::stage_diff(stage)?;
    show_markdown(&diff_markdown(&diff));
    Ok(())
}

/// Shows an SVG picture as the cell's output, together with the same picture as PNG (one
/// picture per cell, like [`show_html`]; join several with
/// [`stacked_svg`](super::stacked_svg)).
///
/// Jupyter, JupyterLab, VS Code and GitHub's notebook viewer show the SVG where they trust the
/// notebook, and the PNG where they do not (see the module docs). If the PNG cannot be made
/// (a character the embedded font lacks, say), the SVG is shown alone and the reason goes to
/// stderr.
pub fn show_svg(svg: &str) {
    match svg_output(svg) {
        Ok(text) => print!("{text}"),
        Err(e) => {
            eprintln!("searchlab::teach::notebook::show_svg: no PNG for this picture: {e}");
            print!("{}", rich_output("image/svg+xml", &with_svg_namespace(svg)));
        }
    }
}

/// What [`show_svg`] prints: `svg` as an `image/svg+xml` output and its PNG rendering
/// ([`crate::draw::picture::svg_to_png`]) as an `image/png` output, base64-encoded as
/// Jupyter expects. evcxr joins the two into one bundle.
pub fn svg_output(svg: &str) -> Result<String> {
    let svg = with_svg_namespace(svg);
    let png = svg_to_png(&svg)?;
    let base64 = base64::engine::general_purpose::STANDARD.encode(&png.bytes);
    Ok(format!(
        "{}{}",
        rich_output("image/svg+xml", &svg),
        rich_output("image/png", &base64)
    ))
}
