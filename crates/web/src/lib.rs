//! # searchlab-web: the engine in the book's pages
//!
//! The engine crate compiled to WebAssembly (`wasm32-unknown-unknown`), with a face a page's
//! script can call: plain exported functions over the module's memory, no generated glue, so
//! the module needs no tool beyond cargo and no script beyond the page's own. The page writes
//! a request (text) into memory the module lends it ([`sl_alloc`]), calls [`sl_answer`], and
//! reads the answer (JSON) at [`sl_answer_ptr`]. The module imports two functions from the
//! import module `searchlab`: the clock, `now_ms` (see [`searchlab_engine::clock`]), and
//! `on_iteration(ptr, len)`, called during a search after each completed iteration with JSON
//! bytes the page reads at once (see [`answer_reporting`]): how a page shows the depth, score,
//! nodes and line while the engine thinks.
//!
//! A request is `key=value` lines; `command` says what to do:
//!
//! ```text
//! command=search        fen=FEN  engine=STAGE [WORD …]  depth=N  movetime=MS  nodes=N
//! command=perft         fen=FEN  depth=N
//! command=position      fen=FEN  moves=UCI …  (its legal moves, who is to move, how it ended)
//! command=evaluate      fen=FEN  (the three static evaluations of the ladder)
//! command=tree          cells=XOX/.O./..X  search=minimax|alphabeta|ordered  (a traced tree, drawn)
//! command=ladder        (the positions of `searchlab compare` and the stages, to offer)
//! ```
//!
//! Everything else is [`answer`], plain Rust that the native tests call; this crate only adds
//! the wire. It imports the engine and, for the traced trees of tic-tac-toe, the course
//! (without its drawing crates); nothing imports it.

#![warn(missing_docs)]
#![deny(rustdoc::broken_intra_doc_links)]

mod request;
mod tree;

pub use request::{answer, answer_reporting};

use std::cell::RefCell;

thread_local! {
    /// The last answer, kept until the next request so that the page can read it.
    static ANSWER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Lends the page `len` bytes of the module's memory to write a request into; the page gives
/// them back with [`sl_free`].
#[no_mangle]
pub extern "C" fn sl_alloc(len: usize) -> *mut u8 {
    let mut bytes = Vec::<u8>::with_capacity(len);
    let ptr = bytes.as_mut_ptr();
    std::mem::forget(bytes);
    ptr
}

/// Takes back `len` bytes lent at `ptr` by [`sl_alloc`].
///
/// # Safety
///
/// `ptr` and `len` must be those of one [`sl_alloc`] call, given back once.
#[no_mangle]
pub unsafe extern "C" fn sl_free(ptr: *mut u8, len: usize) {
    // SAFETY: the caller gives back what sl_alloc lent: a Vec's buffer of capacity `len`.
    drop(unsafe { Vec::from_raw_parts(ptr, 0, len) });
}

/// Answers the request of `len` bytes at `ptr` (UTF-8 text: see the module docs); returns the
/// answer's length in bytes, to read at [`sl_answer_ptr`].
///
/// # Safety
///
/// `ptr` must point to `len` readable bytes (lent by [`sl_alloc`] and written by the page).
#[no_mangle]
pub unsafe extern "C" fn sl_answer(ptr: *const u8, len: usize) -> usize {
    // SAFETY: the caller's promise above.
    let bytes = unsafe { std::slice::from_raw_parts(ptr, len) };
    let text = String::from_utf8_lossy(bytes);
    let answer = answer_reporting(&text, report_iteration).into_bytes();
    let len = answer.len();
    ANSWER.with(|kept| *kept.borrow_mut() = answer);
    len
}

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
#[link(wasm_import_module = "searchlab")]
extern "C" {
    /// The page's function that is told of each iteration: `len` bytes of JSON at `ptr`, to be
    /// read before it returns.
    fn on_iteration(ptr: *const u8, len: usize);
}

/// Tells the page about an iteration (natively, where no page is, nobody).
fn report_iteration(json: &str) {
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    // SAFETY: the page reads `len` bytes at `ptr` before it returns, while `json` lives.
    unsafe {
        on_iteration(json.as_ptr(), json.len())
    };
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    let _ = json;
}

/// Where the last answer's bytes are (valid until the next [`sl_answer`]).
#[no_mangle]
pub extern "C" fn sl_answer_ptr() -> *const u8 {
    ANSWER.with(|kept| kept.borrow().as_ptr())
}
