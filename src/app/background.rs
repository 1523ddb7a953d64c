//! Batches of work in the background (Compare's further trials, the Experiments tab): one
//! detached thread per batch, a [`Meter`] that counts what is done, a cancel flag the work
//! looks at, and a channel for what it finds, read by the view without ever blocking.

use crate::bench::Meter;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};

/// What a batch's work gets: where to send results, what to count on, when to stop.
pub struct Work {
    sender: Sender<()>,
    /// Where the work counts what it has done out of its total, for the view's progress.
    pub meter: Arc<Meter>,
    /// Set when the view cancels the batch: the work stops at its next look at it.
    pub cancel: Arc<AtomicBool>,
}

/// A batch running on its own thread; it produces values of `T`.
pub struct Background<T> {
    results: Receiver<T>,
    /// Closed when the thread ends (every sender gone): the batch is over.
    ended: Receiver<()>,
    meter: Arc<Meter>,
    cancel: Arc<AtomicBool>,
    /// Why the work could not start, when it could not (no thread in a browser yet).
    refused: Option<String>,
}

impl<T: Send + 'static> Background<T> {
    /// Starts `work` on a thread named `name`; each value it sends wakes the UI.
    pub fn start(
        name: &str,
        ctx: &egui::Context,
        work: impl FnOnce(&(dyn Fn(T) + Sync), &Work) + Send + 'static,
    ) -> Background<T> {
        let (tx, results) = mpsc::channel();
        let (alive, ended) = mpsc::channel();
        let meter = Arc::new(Meter::default());
        let cancel = Arc::new(AtomicBool::new(false));
        let job = Work {
            sender: alive,
            meter: meter.clone(),
            cancel: cancel.clone(),
        };
        let ctx = ctx.clone();
        // Detached: it ends at its next check once cancelled; a thread that could not
        // start drops its channels at once, which reads as ended, with the reason.
        let started = std::thread::Builder::new()
            .name(name.into())
            .spawn(move || {
                let send = |value: T| {
                    let _ = tx.send(value);
                    ctx.request_repaint();
                };
                work(&send, &job);
                drop(job.sender);
                ctx.request_repaint();
            });
        let refused = started.err().map(|e| {
            if crate::platform::worker::THREADS {
                format!("the system refused a thread for this work: {e}")
            } else {
                "this needs the desktop app for now: the browser build does not run this work \
                 in the background yet"
                    .into()
            }
        });
        Background {
            results,
            ended,
            meter,
            cancel,
            refused,
        }
    }

    /// The values sent since the last look.
    pub fn take(&self) -> Vec<T> {
        self.results.try_iter().collect()
    }

    /// Whether the thread has ended (so everything it sent can be read).
    pub fn has_ended(&self) -> bool {
        matches!(self.ended.try_recv(), Err(TryRecvError::Disconnected))
    }

    /// Why the work could not start, if it could not (it has ended, with nothing sent).
    pub fn refused(&self) -> Option<String> {
        self.refused.clone()
    }

    /// `(done, total)` as the work counts them.
    pub fn progress(&self) -> (u64, u64) {
        self.meter.read()
    }

    /// Asks the work to stop at its next check.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}
