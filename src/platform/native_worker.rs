//! Where a job runs on the desktop: a thread of its own.

use crate::run::Work;
use std::thread::JoinHandle;

/// A job's thread.
pub struct Handle(JoinHandle<()>);

/// Runs `work` on a thread of its own.
pub fn start(work: Work) -> Handle {
    let thread = std::thread::Builder::new()
        .name("searchlab-worker".into())
        .spawn(move || work.run())
        .expect("the operating system refused to start a worker thread");
    Handle(thread)
}

/// Whether a paused job can be held where it stands (here, yes: its thread waits).
pub const CAN_PAUSE: bool = true;

/// Whether a job can start threads of its own (rayon's pools).
pub const THREADS: bool = true;

/// What a task's meter tells as it moves (nothing: the app reads the meter itself).
pub const POST_METER: Option<fn((u64, u64))> = None;

/// The least time between two repaints a run's news asks for: none here, where a GPU
/// draws the window (see the browser's).
pub const WAKE_EVERY: std::time::Duration = std::time::Duration::ZERO;

/// The least time between two repaints a run's news asks for now: none.
pub fn wake_every() -> std::time::Duration {
    WAKE_EVERY
}

impl Handle {
    /// Nothing more than the job's cancel flag, which the search looks at within 100 ms.
    pub fn cancel(&self) {}

    /// Whether the thread has ended.
    pub fn is_finished(&self) -> bool {
        self.0.is_finished()
    }

    /// Waits for the thread to end.
    pub fn join(self) {
        let _ = self.0.join();
    }
}

/// A task handed over as bytes, on a thread of its own (the desktop runs its tasks
/// directly; this is the browser's way, which tests try here).
pub struct TaskHandle {
    cancel: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

/// Runs the task `name` (`input`, as bytes) through `serve` on a thread of its own:
/// `on_output` gets each value it sends, as bytes with the meter's `(done, total)`, and
/// `on_end` why it failed, if it did, once it is over.
pub fn start_task(
    name: &'static str,
    input: Vec<u8>,
    serve: super::Serve,
    on_output: impl Fn(Option<&[u8]>, (u64, u64)) + Send + Sync + 'static,
    on_end: impl FnOnce(Option<String>) + Send + 'static,
) -> TaskHandle {
    let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let flag = cancel.clone();
    let on_end = std::sync::Arc::new(std::sync::Mutex::new(Some(on_end)));
    let end = on_end.clone();
    let started = std::thread::Builder::new()
        .name(name.into())
        .spawn(move || {
            let result = serve(name, &input, flag, &|bytes, figures| {
                on_output(Some(bytes), figures);
            });
            if let Some(f) = end.lock().ok().and_then(|mut f| f.take()) {
                f(result.err());
            }
        });
    if let Err(e) = started
        && let Some(f) = on_end.lock().ok().and_then(|mut f| f.take())
    {
        f(Some(format!(
            "the system refused a thread for this work: {e}"
        )));
    }
    TaskHandle { cancel }
}

impl TaskHandle {
    /// Asks the task to stop at its next look at its cancel flag.
    pub fn cancel(&self) {
        self.cancel
            .store(true, std::sync::atomic::Ordering::Relaxed);
    }
}
