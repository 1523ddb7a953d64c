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

/// The page's address without its `#` part, which a link follows; `None` on the desktop,
/// where a link is only the part from `#`.
pub fn page_address() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let href = web_sys::window()?.location().href().ok()?;
        Some(href.split('#').next().unwrap_or_default().to_string())
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

/// What a background task's worker does with each value the task sends: the value as
/// bytes, and the task's meter, `(done, total)`.
pub type SendBytes<'a> = dyn Fn(&[u8], (u64, u64)) + Sync + 'a;

/// Runs a background task by name, given as bytes, until its cancel flag is set
/// (`crate::app::background::serve`), handing each value it sends on.
pub type Serve = fn(
    &str,
    &[u8],
    std::sync::Arc<std::sync::atomic::AtomicBool>,
    &SendBytes<'_>,
) -> Result<(), String>;

#[cfg(not(target_arch = "wasm32"))]
#[path = "native_worker.rs"]
pub mod worker;

#[cfg(target_arch = "wasm32")]
#[path = "web_worker.rs"]
pub mod worker;
