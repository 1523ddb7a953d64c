//! Runs a job on its own thread and hands its events to a consumer.
//!
//! Progress events are rate-limited to one per [`PROGRESS_EVERY`], the last one held back
//! sent before the end (so the last figures a consumer sees are the search's own); the
//! board snapshot is a
//! single slot the worker overwrites and the consumer takes, copied only when the consumer
//! has taken the previous one and [`SNAPSHOT_EVERY`] has passed. So a consumer that draws at
//! 60 fps, or one that never looks, costs the solver next to nothing and memory stays flat;
//! a headless run ([`Run::headless`], the command line) keeps no snapshot at all.

use super::events::Event;
use super::puzzles::Job;
use crate::platform::time::Instant;
use crate::solve::{Counters, GenerationStats, Observer};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The least time between two progress events sent (and between two batches of
/// generations).
pub const PROGRESS_EVERY: Duration = Duration::from_millis(50);
/// The least time between two board snapshots copied for the consumer.
pub const SNAPSHOT_EVERY: Duration = Duration::from_millis(30);

/// The latest board state (or belief weights), waiting for the consumer: the worker puts
/// a copy in, the consumer takes it out (a move, so the consumer's thread never copies).
struct Slot<T> {
    state: Option<Vec<T>>,
}

impl<T> Default for Slot<T> {
    fn default() -> Self {
        Slot { state: None }
    }
}

impl<T: Clone> Slot<T> {
    /// Overwrites the value, reusing its buffer when the consumer has not taken it.
    fn put(&mut self, value: &[T]) {
        let buf = self.state.get_or_insert_with(Vec::new);
        buf.clear();
        buf.extend_from_slice(value);
    }

    /// Whether a value waits, not taken yet.
    fn is_waiting(&self) -> bool {
        self.state.is_some()
    }

    /// The value if it is new since the last take.
    fn take(&mut self) -> Option<Vec<T>> {
        self.state.take()
    }
}

struct WorkerObserver {
    events: Sender<Event>,
    flags: Arc<Flags>,
    slot: Arc<Mutex<Slot<u32>>>,
    belief: Arc<Mutex<Slot<f32>>>,
    wake: Arc<dyn Fn() + Send + Sync>,
    last_progress: Option<Instant>,
    /// The last counters the rate limit held back: sent before the end, so that the
    /// consumer's figures are the search's last ones (a solver's `finish` reports them).
    unsent: Option<(Counters, Duration)>,
    last_snapshot: Option<Instant>,
    /// Generations not sent yet, and when the last batch went.
    generations: Vec<GenerationStats>,
    last_generations: Option<Instant>,
    /// How long the search has been held paused in all.
    paused: Duration,
    /// Whether the consumer draws the board: a headless one (the command line) takes no
    /// snapshots, which on the largest boards are copies of hundreds of megabytes.
    draws: bool,
}

impl WorkerObserver {
    fn flush_progress(&mut self) {
        if let Some((counters, elapsed)) = self.unsent.take() {
            let _ = self.events.send(Event::Progress {
                counters,
                elapsed_ms: elapsed.as_secs_f64() * 1e3,
            });
            (self.wake)();
        }
    }

    fn flush_generations(&mut self) {
        if !self.generations.is_empty() {
            let batch = std::mem::take(&mut self.generations);
            let _ = self.events.send(Event::Generations(batch));
            self.last_generations = Some(Instant::now());
            (self.wake)();
        }
    }
}

/// The consumer's controls over a running job.
#[derive(Default)]
struct Flags {
    cancel: Arc<AtomicBool>,
    pause: AtomicBool,
    step: AtomicBool,
}

impl Observer for WorkerObserver {
    fn stopped(&mut self, until: crate::solve::Until) {
        let _ = self.events.send(Event::Stopped(until));
    }

    fn progress(&mut self, counters: &Counters, elapsed: Duration) {
        // Paused: hold the solver here, at its regular check, until resumed, stepped
        // (one more check interval) or cancelled.
        let f = &self.flags;
        if f.pause.load(Ordering::Relaxed) {
            let _ = self.events.send(Event::Progress {
                counters: *counters,
                elapsed_ms: elapsed.as_secs_f64() * 1e3,
            });
            (self.wake)();
            let held = Instant::now();
            while f.pause.load(Ordering::Relaxed)
                && !f.cancel.load(Ordering::Relaxed)
                && !f.step.swap(false, Ordering::Relaxed)
            {
                std::thread::sleep(Duration::from_millis(5));
            }
            self.paused += held.elapsed();
        }
        if self
            .last_progress
            .is_some_and(|t| t.elapsed() < PROGRESS_EVERY)
        {
            self.unsent = Some((*counters, elapsed));
            return;
        }
        self.unsent = None;
        self.last_progress = Some(Instant::now());
        let _ = self.events.send(Event::Progress {
            counters: *counters,
            elapsed_ms: elapsed.as_secs_f64() * 1e3,
        });
        (self.wake)();
    }

    fn paused(&self) -> Duration {
        self.paused
    }

    fn generation(&mut self, stats: &GenerationStats) {
        self.generations.push(*stats);
        if self
            .last_generations
            .is_none_or(|t| t.elapsed() >= PROGRESS_EVERY)
        {
            self.flush_generations();
        }
    }

    /// Every generation's weights go in (one copy, small next to a generation's work), so
    /// the consumer sees the final belief space, whatever the timing.
    fn belief(&mut self, weights: &[f32]) {
        if !self.draws {
            return;
        }
        if let Ok(mut b) = self.belief.lock() {
            b.put(weights);
        }
    }

    fn snapshot(&mut self, state: &[u32]) {
        // In a browser the page repaints at most every `WAKE_EVERY` while a run goes, and
        // each snapshot is a message its thread must take: none more often than that.
        let every = SNAPSHOT_EVERY.max(crate::platform::worker::WAKE_EVERY);
        if !self.draws || self.last_snapshot.is_some_and(|t| t.elapsed() < every) {
            return;
        }
        let Ok(mut slot) = self.slot.lock() else {
            return;
        };
        if slot.is_waiting() {
            return;
        }
        self.last_snapshot = Some(Instant::now());
        slot.put(state);
        drop(slot);
        (self.wake)();
    }
}

/// A job and where its events go: what a worker runs, on a thread of its own (the
/// desktop) or in a Web Worker (the browser: [`crate::platform::worker`]).
pub struct Work {
    /// The job.
    pub job: Job,
    /// Where its events go.
    pub events: Sender<Event>,
    flags: Arc<Flags>,
    slot: Arc<Mutex<Slot<u32>>>,
    belief: Arc<Mutex<Slot<f32>>>,
    /// Called after each event (the app asks for a repaint there).
    pub wake: Arc<dyn Fn() + Send + Sync>,
    draws: bool,
}

impl Work {
    /// Puts a board state and belief weights handed on from a Web Worker where the
    /// consumer takes them.
    /// They are moved in, not copied (the page's thread copied them once from the
    /// worker's message).
    pub fn put_slots(&self, snapshot: Option<Vec<u32>>, belief: Option<Vec<f32>>) {
        if let (Some(s), Ok(mut slot)) = (snapshot, self.slot.lock()) {
            slot.state = Some(s);
        }
        if let (Some(b), Ok(mut slot)) = (belief, self.belief.lock()) {
            slot.state = Some(b);
        }
    }

    /// Runs the job on this thread, sending its events from `Started` to `Finished`.
    pub fn run(self) {
        let (label, seed) = self.job.puzzle().label_and_seed();
        let _ = self.events.send(Event::Started { label, seed });
        let mut observer = WorkerObserver {
            events: self.events.clone(),
            flags: self.flags.clone(),
            slot: self.slot.clone(),
            belief: self.belief.clone(),
            wake: self.wake.clone(),
            last_progress: None,
            unsent: None,
            last_snapshot: None,
            generations: Vec::new(),
            last_generations: None,
            paused: Duration::ZERO,
            draws: self.draws,
        };
        let result = self.job.run(&self.flags.cancel, &mut observer);
        observer.flush_progress();
        observer.flush_generations();
        let _ = self.events.send(Event::Finished(result));
        (self.wake)();
    }
}

/// What a job run alone hands on, in order: its events, and its newest board state and
/// belief weights whenever they change.
pub enum Handed {
    /// An event.
    Event(Box<Event>),
    /// The board's newest state.
    Snapshot(Vec<u32>),
    /// The belief space's newest weights.
    Belief(Vec<f32>),
}

/// Runs `job` on this thread where nobody cancels or pauses it (a Web Worker, which the
/// page ends when the run is stopped), handing on everything as it comes.
pub fn run_alone(job: Job, hand_on: impl Fn(Handed) + Send + Sync + 'static) {
    let (events, received) = mpsc::channel();
    let received = Mutex::new(received);
    let slot = Arc::<Mutex<Slot<u32>>>::default();
    let belief = Arc::<Mutex<Slot<f32>>>::default();
    let wake = {
        let (slot, belief) = (slot.clone(), belief.clone());
        // The slots go first: a solver fills the belief slot without a wake of its own,
        // and the consumer reads the last weights only until `Finished` is in.
        Arc::new(move || {
            if let Some(s) = slot.lock().ok().and_then(|mut s| s.take()) {
                hand_on(Handed::Snapshot(s));
            }
            if let Some(b) = belief.lock().ok().and_then(|mut b| b.take()) {
                hand_on(Handed::Belief(b));
            }
            if let Ok(received) = received.lock() {
                received
                    .try_iter()
                    .for_each(|e| hand_on(Handed::Event(Box::new(e))));
            }
        })
    };
    let work = Work {
        job,
        events,
        flags: Arc::default(),
        slot,
        belief,
        wake,
        draws: true,
    };
    work.run();
}

/// A job running on a worker thread. Dropping it cancels the job and waits for the thread.
pub struct Run {
    events: Receiver<Event>,
    slot: Arc<Mutex<Slot<u32>>>,
    belief: Arc<Mutex<Slot<f32>>>,
    flags: Arc<Flags>,
    thread: Option<crate::platform::worker::Handle>,
}

impl Run {
    /// Starts `job`; `wake` is called after each event (the app asks for a repaint there).
    /// The board's state is kept for drawing: [`Run::take_snapshot`].
    pub fn start(job: Job, wake: impl Fn() + Send + Sync + 'static) -> Run {
        Run::spawn(job, Arc::new(AtomicBool::new(false)), Arc::new(wake), true)
    }

    /// Starts `job` for a consumer that draws no board (the command line), with a cancel
    /// flag it shares (e.g. with a Ctrl-C handler). No snapshot is kept: a tour of 10^8
    /// squares took up to a second to copy, an uninterruptible stage after Ctrl-C.
    pub fn headless(job: Job, cancel: Arc<AtomicBool>) -> Run {
        Run::spawn(job, cancel, Arc::new(|| {}), false)
    }

    fn spawn(
        job: Job,
        cancel: Arc<AtomicBool>,
        wake: Arc<dyn Fn() + Send + Sync>,
        draws: bool,
    ) -> Run {
        let (tx, rx) = mpsc::channel();
        let slot = Arc::new(Mutex::new(Slot::default()));
        let belief = Arc::new(Mutex::new(Slot::default()));
        let flags = Arc::new(Flags {
            cancel,
            ..Flags::default()
        });
        let thread = {
            let (slot, flags, belief) = (slot.clone(), flags.clone(), belief.clone());
            let work = Work {
                job,
                events: tx,
                flags,
                slot,
                belief,
                wake,
                draws,
            };
            crate::platform::worker::start(work)
        };
        Run {
            events: rx,
            slot,
            belief,
            flags,
            thread: Some(thread),
        }
    }

    /// Asks the job to stop; it does within a few thousand nodes.
    pub fn cancel(&self) {
        self.flags.cancel.store(true, Ordering::Relaxed);
        if let Some(t) = &self.thread {
            t.cancel();
        }
    }

    /// Holds the solver at its next check (every few thousand nodes) until resumed (where
    /// it can be held: not in a browser's worker).
    pub fn set_paused(&self, paused: bool) {
        let can = crate::platform::worker::CAN_PAUSE;
        self.flags.pause.store(paused && can, Ordering::Relaxed);
    }

    /// Whether the job is held paused, as [`Run::set_paused`] last set it.
    pub fn is_paused(&self) -> bool {
        self.flags.pause.load(Ordering::Relaxed)
    }

    /// While paused, lets the solver run to its next check and pause again.
    pub fn step(&self) {
        self.flags.step.store(true, Ordering::Relaxed);
    }

    /// Every event that has arrived, without waiting.
    pub fn drain(&self) -> Vec<Event> {
        self.events.try_iter().collect()
    }

    /// The next event, waiting at most `timeout`; `None` on time-out or when the worker is gone.
    pub fn next_event(&self, timeout: Duration) -> Option<Event> {
        self.events.recv_timeout(timeout).ok()
    }

    /// The newest board state since the last call, if there is one.
    pub fn take_snapshot(&self) -> Option<Vec<u32>> {
        self.slot.lock().ok()?.take()
    }

    /// The belief space's newest per-square weights (cultural algorithms) since the last
    /// call, if there are new ones.
    pub fn take_belief(&self) -> Option<Vec<f32>> {
        self.belief.lock().ok()?.take()
    }

    /// Whether the worker thread has ended.
    pub fn is_finished(&self) -> bool {
        self.thread
            .as_ref()
            .is_none_or(crate::platform::worker::Handle::is_finished)
    }

    /// Waits for the worker thread to end.
    pub fn join(mut self) {
        if let Some(t) = self.thread.take() {
            t.join();
        }
    }
}

impl Drop for Run {
    fn drop(&mut self) {
        self.cancel();
        if let Some(t) = self.thread.take() {
            t.join();
        }
    }
}
