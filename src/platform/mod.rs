//! What differs between the desktop and the browser, in one place, so that no other
//! module needs a `cfg`: the clock (`std`'s `Instant` panics in a browser) and where a
//! job runs (a thread of its own on the desktop, a Web Worker in the browser).

/// Whether this is the desktop build (files and folders of this computer, threads) rather
/// than the browser's.
pub const DESKTOP: bool = cfg!(not(target_arch = "wasm32"));

/// The clock: `std::time`'s on the desktop, the browser's `performance.now()` in a browser.
pub mod time {
    pub use web_time::{Instant, SystemTime, UNIX_EPOCH};
}

#[cfg(not(target_arch = "wasm32"))]
#[path = "native_worker.rs"]
pub mod worker;

#[cfg(target_arch = "wasm32")]
#[path = "web_worker.rs"]
pub mod worker;
