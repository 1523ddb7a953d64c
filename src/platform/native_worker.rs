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
