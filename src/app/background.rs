//! Work in the background (a trace, a hint's count, Compare's further trials, the
//! Experiments tab): one detached thread per batch on the desktop, a Web Worker in the
//! browser; a [`Meter`] that counts what is done, a cancel flag the work looks at, and a
//! channel for what it finds, read by the view without ever blocking.
//!
//! Work that runs in both is a [`Task`]: a value that says what to do, and the values it
//! sends back, each of which can travel to a Web Worker and back. Every task is listed
//! once, in [`serve`], where the browser's worker finds it by name.

use crate::bench::Meter;
use crate::platform::SendBytes;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::sync::{Arc, Mutex};

/// Work that runs in the background on the desktop (a thread) and in the browser (a Web
/// Worker, which gets the task and sends its values back in postcard's binary form).
pub trait Task: Serialize + DeserializeOwned + Send + 'static {
    /// What it sends back, one value at a time.
    type Output: Serialize + DeserializeOwned + Send + 'static;
    /// Its name, by which the browser's worker finds it in [`serve`].
    const NAME: &'static str;
    /// Does the work, sending what it finds; looks at `work.cancel` at least every 100 ms.
    fn run(self, send: &(dyn Fn(Self::Output) + Sync), work: &Work);
}

/// Runs the task named `name`, given as postcard's bytes, here (in the browser's Web
/// Worker), handing each value it sends to `out` as bytes with the meter's `(done,
/// total)`. Every [`Task`] is listed here once.
pub fn serve(
    name: &str,
    input: &[u8],
    cancel: Arc<AtomicBool>,
    out: &SendBytes<'_>,
) -> Result<(), String> {
    fn go<K: Task>(
        input: &[u8],
        cancel: Arc<AtomicBool>,
        out: &SendBytes<'_>,
    ) -> Result<(), String> {
        let task: K = postcard::from_bytes(input).map_err(|e| format!("a garbled task: {e}"))?;
        let (sender, _ended) = mpsc::channel();
        let work = Work {
            sender,
            meter: Arc::new(Meter::default()),
            cancel,
        };
        let failed = Mutex::new(None);
        let send = |value: K::Output| match postcard::to_stdvec(&value) {
            Ok(bytes) => out(&bytes, work.meter.read()),
            Err(e) => {
                if let Ok(mut f) = failed.lock() {
                    f.get_or_insert(format!("a result could not be written: {e}"));
                }
            }
        };
        task.run(&send, &work);
        failed.into_inner().ok().flatten().map_or(Ok(()), Err)
    }
    type Knight = crate::run::trace::KnightTraceJob;
    type Queens = crate::run::trace::QueensTraceJob;
    use crate::app::steps::TraceTask;
    match name {
        TraceTask::<Knight>::NAME => go::<TraceTask<Knight>>(input, cancel, out),
        TraceTask::<Queens>::NAME => go::<TraceTask<Queens>>(input, cancel, out),
        _ => Err(format!("no background work is called \"{name}\"")),
    }
}

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
    /// Why the work could not start, when it could not (no thread in a browser yet), or
    /// why its Web Worker ended before it finished.
    refused: Arc<Mutex<Option<String>>>,
    /// The Web Worker doing a [`Task`] in the browser (nothing on the desktop).
    task: Option<crate::platform::worker::TaskHandle>,
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
            refused: Arc::new(Mutex::new(refused)),
            task: None,
        }
    }

    /// Starts `task`: on a thread on the desktop, in a Web Worker in the browser.
    pub fn task<K: Task<Output = T>>(ctx: &egui::Context, task: K) -> Background<T>
    where
        T: DeserializeOwned,
    {
        if crate::platform::worker::THREADS {
            Background::start(K::NAME, ctx, move |send, work| task.run(send, work))
        } else {
            Background::handed(ctx, &task)
        }
    }

    /// Starts `task` as the browser does: written as bytes, run by name through [`serve`]
    /// (in a Web Worker; on the desktop, where tests try this way, on a thread), each value
    /// it sends read back from bytes.
    pub fn handed<K: Task<Output = T>>(ctx: &egui::Context, task: &K) -> Background<T>
    where
        T: DeserializeOwned,
    {
        let (tx, results) = mpsc::channel();
        let (alive, ended) = mpsc::channel::<()>();
        let meter = Arc::new(Meter::default());
        let refused = Arc::new(Mutex::new(None));
        let handle = match postcard::to_stdvec(task) {
            Err(e) => {
                let why = format!("the work could not be handed to a worker: {e}");
                *refused
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(why);
                None
            }
            Ok(input) => {
                let (ctx_out, ctx_end) = (ctx.clone(), ctx.clone());
                let (meter_out, refused_out, refused_end) =
                    (meter.clone(), refused.clone(), refused.clone());
                let mut alive = Some(alive);
                Some(crate::platform::worker::start_task(
                    K::NAME,
                    input,
                    serve,
                    move |bytes: &[u8], (done, total): (u64, u64)| {
                        meter_out.done.store(done, Ordering::Relaxed);
                        meter_out.total.store(total, Ordering::Relaxed);
                        match postcard::from_bytes::<T>(bytes) {
                            Ok(value) => {
                                let _ = tx.send(value);
                            }
                            Err(e) => {
                                if let Ok(mut r) = refused_out.lock() {
                                    r.get_or_insert(format!("a result came back garbled: {e}"));
                                }
                            }
                        }
                        ctx_out.request_repaint();
                    },
                    move |why: Option<String>| {
                        if let (Some(why), Ok(mut r)) = (why, refused_end.lock()) {
                            r.get_or_insert(why);
                        }
                        // The sender goes: the work reads as ended.
                        alive.take();
                        ctx_end.request_repaint();
                    },
                ))
            }
        };
        Background {
            results,
            ended,
            meter,
            cancel: Arc::new(AtomicBool::new(false)),
            refused,
            task: handle,
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

    /// Why the work could not start or was cut short, if it was (it has ended).
    pub fn refused(&self) -> Option<String> {
        self.refused.lock().ok()?.clone()
    }

    /// `(done, total)` as the work counts them.
    pub fn progress(&self) -> (u64, u64) {
        self.meter.read()
    }

    /// Asks the work to stop at its next check.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
        if let Some(t) = &self.task {
            t.cancel();
        }
    }
}
