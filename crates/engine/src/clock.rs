//! The search's clock: a monotonic [`Instant`] on every platform the engine runs on.
//!
//! Natively it is the standard library's own ([`std::time::Instant`]). In a browser
//! (`wasm32-unknown-unknown`) the standard library has no clock: its `Instant::now` panics.
//! There the engine asks the page instead, through one function the WebAssembly module
//! imports, `now_ms` from the import module `searchlab`: the milliseconds of a monotonic
//! clock, as the page's `performance.now()` gives them. The web front's script provides it
//! when it instantiates the module; nothing else in the engine knows which clock runs.
//!
//! Every time limit, `stop` by time and nodes-a-second figure goes through this type, so a
//! search in the page keeps its time limits as the native binary does.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub use std::time::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use page::Instant;

/// The browser's clock, behind the same methods as [`std::time::Instant`] (those the engine
/// uses).
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod page {
    use std::ops::{Add, Sub};
    use std::time::Duration;

    #[link(wasm_import_module = "searchlab")]
    extern "C" {
        /// Milliseconds on the page's monotonic clock (`performance.now()`).
        fn now_ms() -> f64;
    }

    /// A moment on the page's monotonic clock, in milliseconds since the page loaded.
    #[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
    pub struct Instant {
        ms: f64,
    }

    impl Instant {
        /// Now.
        pub fn now() -> Instant {
            // SAFETY: `now_ms` takes nothing and returns a number; the page provides it when
            // it instantiates the module (an instantiation without it fails, before any call).
            let ms = unsafe { now_ms() };
            Instant { ms }
        }

        /// The time from `earlier` to this moment (zero if `earlier` is later).
        pub fn duration_since(&self, earlier: Instant) -> Duration {
            Duration::from_secs_f64(((self.ms - earlier.ms) / 1000.0).max(0.0))
        }

        /// The time since this moment.
        pub fn elapsed(&self) -> Duration {
            Instant::now().duration_since(*self)
        }
    }

    impl Add<Duration> for Instant {
        type Output = Instant;

        fn add(self, duration: Duration) -> Instant {
            Instant {
                ms: self.ms + duration.as_secs_f64() * 1000.0,
            }
        }
    }

    impl Sub<Instant> for Instant {
        type Output = Duration;

        fn sub(self, earlier: Instant) -> Duration {
            self.duration_since(earlier)
        }
    }
}
