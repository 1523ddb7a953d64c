//! Work in the background (a trace, a hint's count, Compare's further trials, the
//! Experiments tab): one detached thread per batch on the desktop, a Web Worker per part
//! in the browser; a [`Meter`] that counts what is done, a cancel flag the work looks at, and a
//! channel for what it finds, read by the view without ever blocking.
//!
//! Work that runs in both is a [`Task`]: a value that says what to do, and the values it
//! sends back, each of which can travel to a Web Worker and back. Each task is listed by
//! the module it belongs to ([`Served`]), and those lists are gathered once, at the top of
//! the app (`app::tabs`), where the browser's worker finds a task by its name.

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
    /// Its name, by which the browser's worker finds it (`app::tabs::serve`).
    const NAME: &'static str;
    /// Does the work, sending what it finds; looks at `work.cancel` at least every 100 ms.
    fn run(self, send: &(dyn Fn(Self::Output) + Sync), work: &Work);

    /// The task in at most `parts` parts that together send what it sends, to run side by
    /// side in a browser, whose workers share no threads (on the desktop, rayon shares the
    /// cores out by itself); by default, one part.
    fn split(self, parts: usize) -> Vec<Self> {
        let _ = parts;
        vec![self]
    }
}

/// A value that travels inside a task as RON text: for types whose serde form leaves out
/// fields it does not need (a run's job, written to run files), which a binary form
/// without field names could not read back.
pub struct AsRon<T>(pub T);

impl<T: Serialize> Serialize for AsRon<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let text = ron::to_string(&self.0).map_err(serde::ser::Error::custom)?;
        s.serialize_str(&text)
    }
}

impl<'de, T: DeserializeOwned> serde::Deserialize<'de> for AsRon<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<AsRon<T>, D::Error> {
        let text = String::deserialize(d)?;
        ron::from_str(&text)
            .map(AsRon)
            .map_err(serde::de::Error::custom)
    }
}

/// A task by its name, as its module lists it for the browser's worker: its
/// [`Task::NAME`] and [`serve_as`] of it.
pub type Served = (&'static str, crate::platform::Serve);

/// `K`'s entry for the lists of [`Served`] tasks.
pub const fn served<K: Task>() -> Served {
    (K::NAME, serve_as::<K>)
}

/// Runs the task `K`, given as postcard's bytes, here (in the browser's Web Worker, or on
/// a thread where the desktop tries the browser's way), handing each value it sends to
/// `out` as bytes with the meter's `(done, total)`; `name` is `K`'s (a task handed to
/// the wrong runner is refused).
pub fn serve_as<K: Task>(
    name: &str,
    input: &[u8],
    cancel: Arc<AtomicBool>,
    out: &SendBytes<'_>,
) -> Result<(), String> {
    if name != K::NAME {
        return Err(format!("no background work is called \"{name}\""));
    }
    let task: K = postcard::from_bytes(input).map_err(|e| format!("a garbled task: {e}"))?;
    let (sender, _ended) = mpsc::channel();
    let work = Work {
        sender,
        meter: Arc::new(Meter::default()),
        cancel,
    };
    let failed = Mutex::new(None);
    // In a browser's worker the meter's figures go to the page as they move.
    if let Some(post) = crate::platform::worker::POST_METER {
        work.meter.watch(post);
    }
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
    /// Why the work could not start, when it could not, or why a Web Worker of it ended
    /// before it finished.
    refused: Arc<Mutex<Option<String>>>,
    /// The Web Workers doing a [`Task`] in the browser, one a part (none on the desktop).
    tasks: Vec<crate::platform::worker::TaskHandle>,
}

impl<T: Send + 'static> Background<T> {
    /// Starts `work` on a thread named `name` (the desktop's); each value it sends wakes
    /// the UI.
    fn start(
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
        let refused =
            (started.err()).map(|e| format!("the system refused a thread for this work: {e}"));
        Background {
            results,
            ended,
            meter,
            cancel,
            refused: Arc::new(Mutex::new(refused)),
            tasks: Vec::new(),
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
            Background::handed(ctx, task)
        }
    }

    /// Starts `task` as the browser does: split into a part per core, each written as
    /// bytes, run by name (in a Web Worker, which finds it in `app::tabs`; on the desktop,
    /// where tests try this way, on a thread, through [`serve_as`]), each value it sends
    /// read back from bytes.
    pub fn handed<K: Task<Output = T>>(ctx: &egui::Context, task: K) -> Background<T>
    where
        T: DeserializeOwned,
    {
        let (tx, results) = mpsc::channel();
        let (alive, ended) = mpsc::channel::<()>();
        let meter = Arc::new(Meter::default());
        let refused = Arc::new(Mutex::new(None));
        let parts = task.split(crate::platform::parts_for_jobs());
        // Each part's `(done, total)`: the meter shows their sums.
        let counts = Arc::new(Mutex::new(vec![(0, 0); parts.len()]));
        let mut tasks = Vec::new();
        for (i, part) in parts.into_iter().enumerate() {
            let input = match postcard::to_stdvec(&part) {
                Ok(input) => input,
                Err(e) => {
                    let why = format!("the work could not be handed to a worker: {e}");
                    if let Ok(mut r) = refused.lock() {
                        r.get_or_insert(why);
                    }
                    tasks.clear();
                    break;
                }
            };
            let (ctx_out, ctx_end) = (ctx.clone(), ctx.clone());
            let (meter, counts, tx) = (meter.clone(), counts.clone(), tx.clone());
            let (refused_out, refused_end) = (refused.clone(), refused.clone());
            let mut alive = Some(alive.clone());
            tasks.push(crate::platform::worker::start_task(
                K::NAME,
                input,
                serve_as::<K>,
                move |bytes: Option<&[u8]>, done_of: (u64, u64)| {
                    if let Ok(mut counts) = counts.lock() {
                        counts[i] = done_of;
                        let sum = |f: fn(&(u64, u64)) -> u64| counts.iter().map(f).sum();
                        meter.done.store(sum(|c| c.0), Ordering::Relaxed);
                        meter.total.store(sum(|c| c.1), Ordering::Relaxed);
                    }
                    // No bytes: the meter moved, and nothing was sent.
                    match bytes.map(postcard::from_bytes::<T>) {
                        None => {}
                        Some(Ok(value)) => {
                            let _ = tx.send(value);
                        }
                        Some(Err(e)) => {
                            if let Ok(mut r) = refused_out.lock() {
                                r.get_or_insert(format!("a result came back garbled: {e}"));
                            }
                        }
                    }
                    ctx_out.request_repaint_after(crate::platform::worker::wake_every());
                },
                move |why: Option<String>| {
                    if let (Some(why), Ok(mut r)) = (why, refused_end.lock()) {
                        r.get_or_insert(why);
                    }
                    // This part's sender goes: the work reads as ended once every part's has.
                    alive.take();
                    ctx_end.request_repaint();
                },
            ));
        }
        Background {
            results,
            ended,
            meter,
            cancel: Arc::new(AtomicBool::new(false)),
            refused,
            tasks,
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
        self.tasks
            .iter()
            .for_each(crate::platform::worker::TaskHandle::cancel);
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// Waits (at most 60 s) for `work` to end and gives what it sent.
    pub(crate) fn finished<T: Send + 'static>(work: &Background<T>) -> Vec<T> {
        let began = Instant::now();
        while !work.has_ended() {
            assert!(
                began.elapsed() < Duration::from_secs(60),
                "the work never ended"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(work.refused(), None);
        work.take()
    }
}
