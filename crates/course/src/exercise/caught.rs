//! A learner's code run with its panics caught: a `todo!()` or an `unwrap` of the learner's
//! becomes a message with its place, never a trace on the terminal, and a panic anywhere else
//! (the crate's own) is left to the hook that was there before.

use std::panic::{catch_unwind, AssertUnwindSafe};

/// A panic caught while grading: its message and where it happened.
#[derive(Clone, Debug)]
pub struct Panic {
    /// What it said (for a `todo!()`, "not yet implemented: …").
    pub message: String,
    /// The file and line.
    pub location: String,
}

thread_local! {
    /// Whether this thread is running a learner's search (its panics are caught and recorded).
    static GRADING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// The last panic of this thread while grading.
    static LAST_PANIC: std::cell::RefCell<Option<Panic>> = const { std::cell::RefCell::new(None) };
}

/// Installs, once, a panic hook that records the panics of grading threads (printing nothing)
/// and hands every other panic to the hook that was there before.
fn install_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !GRADING.with(|g| g.get()) {
                return previous(info);
            }
            let message = info
                .payload()
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| info.payload().downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            let location = info
                .location()
                .map_or(String::new(), |l| format!("{}:{}", l.file(), l.line()));
            LAST_PANIC.with(|p| *p.borrow_mut() = Some(Panic { message, location }));
        }));
    });
}

/// Runs `f`, turning a panic into its message and location, with nothing printed.
pub fn run_caught<T>(f: impl FnOnce() -> T) -> std::result::Result<T, Panic> {
    install_hook();
    // As it was after: a catch inside another (a game's move inside its grading) leaves the
    // outer one catching.
    let was = GRADING.with(|g| g.replace(true));
    let result = catch_unwind(AssertUnwindSafe(f));
    GRADING.with(|g| g.set(was));
    result.map_err(|_| {
        LAST_PANIC.with(|p| p.borrow_mut().take()).unwrap_or(Panic {
            message: "a panic".to_string(),
            location: String::new(),
        })
    })
}
