//! Where a job runs in the browser: a Web Worker of its own, so that the page never
//! freezes. The worker (`web/worker.js`) loads this same module and hands the job to
//! [`run_job`], which posts back `[kind, payload]` pairs: `"event"` with an event as RON
//! (which, unlike JSON, keeps a NaN or an infinity),
//! `"snapshot"` with the board as a `Uint32Array`, `"belief"` with the weights as a
//! `Float32Array`. A worker cannot be asked to wind down while its search runs, so Stop
//! ends it where it stands ([`Handle::cancel`]) and Pause is not offered. A job that
//! splits (a count from every square, an N-Queens count) runs in parts, a worker each,
//! one per core the browser reports (its workers share no threads), their events joined
//! ([`Joining`]).

use crate::run::events::Event;
use crate::run::split::Joining;
use crate::run::worker::{Handed, PROGRESS_EVERY, run_alone};
use crate::run::{Job, JobError, Work};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// The worker's script, beside the page.
const SCRIPT: &str = "./worker.js";

/// Whether a paused job can be held where it stands (not in a Web Worker).
pub const CAN_PAUSE: bool = false;

/// Whether a job can start threads of its own (not in a Web Worker: rayon's pools run on
/// the worker's own thread).
pub const THREADS: bool = false;

/// What a task's meter tells as it moves: the figures, posted to the page at most every
/// 50 ms (the page cannot look at a worker's meter while it works).
pub const POST_METER: Option<fn((u64, u64))> = Some(post_meter);

/// The least time between two repaints a run's news asks for (its progress, its
/// snapshots, each part's): a browser without a GPU draws on the cores the workers count
/// on, and a repaint for each part's every message took the page down to a few frames a
/// second. A click or a key still repaints at once.
pub const WAKE_EVERY: std::time::Duration = std::time::Duration::from_millis(100);

/// The least time between two repaints while the page's workers take every core the
/// browser reports (a count from every square, an N-Queens count, a batch of trials):
/// then each repaint the page asks for waits for a core, and with SwiftShader a repaint
/// every 100 ms held the page under 30 frames a second.
const WAKE_EVERY_BUSY: std::time::Duration = std::time::Duration::from_millis(200);

thread_local! {
    /// How many of the page's workers are at work.
    static BUSY: Cell<usize> = const { Cell::new(0) };
}

/// The least time between two repaints a run's news asks for now: [`WAKE_EVERY`], or
/// longer while the page's workers take every core.
pub fn wake_every() -> std::time::Duration {
    if BUSY.with(Cell::get) >= super::cores() {
        WAKE_EVERY_BUSY
    } else {
        WAKE_EVERY
    }
}

/// The workers of one job or task counted as at work ([`wake_every`]) until released or
/// dropped.
#[derive(Default)]
struct Busy(Cell<usize>);

impl Busy {
    fn add(&self, workers: usize) {
        self.0.set(self.0.get() + workers);
        BUSY.with(|b| b.set(b.get() + workers));
    }

    fn release(&self) {
        let workers = self.0.replace(0);
        BUSY.with(|b| b.set(b.get().saturating_sub(workers)));
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.release();
    }
}

fn post_meter((done, total): (u64, u64)) {
    use crate::platform::time::Instant;
    thread_local! {
        static LAST: Cell<Option<Instant>> = const { Cell::new(None) };
    }
    let due = LAST.with(|last| {
        let now = Instant::now();
        let due = done >= total || last.get().is_none_or(|t| now - t >= PROGRESS_EVERY);
        if due {
            last.set(Some(now));
        }
        due
    });
    if due {
        let scope = js_sys::global().unchecked_into::<web_sys::DedicatedWorkerGlobalScope>();
        let message = js_sys::Array::of3(
            &JsValue::from_str("meter"),
            &JsValue::from_f64(done as f64),
            &JsValue::from_f64(total as f64),
        );
        let _ = scope.post_message(&message);
    }
}

/// A job's Web Workers: one, or one a part of a job split to use every core.
pub struct Handle {
    workers: Vec<web_sys::Worker>,
    busy: Busy,
    /// Set once the job's last event is in (or it was ended).
    finished: Rc<Cell<bool>>,
    work: Rc<Work>,
    _listeners: Vec<Closure<dyn FnMut(JsValue)>>,
}

/// Starts `work` in a Web Worker of its own, or, where the job splits and is worth it (a
/// count from every square, an N-Queens count), its parts in a worker each, one per core
/// but the page's ([`super::parts_for_jobs`]),
/// their events joined into the job's.
pub fn start(work: Work) -> Handle {
    let parts = (work.job.worth_splitting())
        .then(|| work.job.split(super::parts_for_jobs()))
        .flatten()
        .unwrap_or_else(|| vec![work.job.clone()]);
    let joining = (parts.len() > 1)
        .then(|| Rc::new(RefCell::new(Joining::new(work.job.clone(), parts.len()))));
    let mut handle = Handle {
        workers: Vec::new(),
        busy: Busy::default(),
        finished: Rc::new(Cell::new(false)),
        work: Rc::new(work),
        _listeners: Vec::new(),
    };
    for (part, job) in parts.into_iter().enumerate() {
        let message = match ron::to_string(&job) {
            Ok(message) => message,
            Err(e) => {
                handle.end(format!("the job could not be handed to a worker: {e}"));
                handle.end_workers();
                return handle;
            }
        };
        let options = web_sys::WorkerOptions::new();
        options.set_type(web_sys::WorkerType::Module);
        let worker = match web_sys::Worker::new_with_options(SCRIPT, &options) {
            Ok(worker) => worker,
            Err(e) => {
                handle.end(format!("the browser did not start a worker: {e:?}"));
                handle.end_workers();
                return handle;
            }
        };
        let on_message = {
            let (work, finished) = (handle.work.clone(), handle.finished.clone());
            let joining = joining.clone();
            Closure::<dyn FnMut(JsValue)>::new(move |m: JsValue| {
                let data = m.unchecked_into::<web_sys::MessageEvent>().data();
                receive(
                    &work,
                    &finished,
                    joining.as_deref().map(|j| (j, part)),
                    &data,
                );
            })
        };
        let on_error = {
            let (work, finished) = (handle.work.clone(), handle.finished.clone());
            Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
                let why = e.dyn_ref::<web_sys::ErrorEvent>().map_or_else(
                    || "it could not be loaded".to_string(),
                    web_sys::ErrorEvent::message,
                );
                ended(
                    &work,
                    &finished,
                    format!("the search's worker failed: {why}"),
                );
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        handle._listeners.extend([on_message, on_error]);
        let posted = worker.post_message(&JsValue::from_str(&message));
        handle.workers.push(worker);
        handle.busy.add(1);
        if let Err(e) = posted {
            handle.end(format!("the job could not be handed to a worker: {e:?}"));
            // The parts started already end with it.
            handle.end_workers();
            return handle;
        }
    }
    handle
}

/// Takes one `[kind, payload]` pair from a worker: the job's, or part `part`'s of a split
/// job, whose events `joining` joins.
fn receive(
    work: &Work,
    finished: &Cell<bool>,
    joining: Option<(&RefCell<Joining>, usize)>,
    data: &JsValue,
) {
    if finished.get() {
        return;
    }
    let parts = js_sys::Array::from(data);
    let payload = parts.get(1);
    match parts.get(0).as_string().as_deref() {
        Some("event") => {
            let text = payload.as_string().unwrap_or_default();
            match ron::from_str::<Event>(&text) {
                Ok(event) => {
                    let events = match joining {
                        Some((joining, part)) => joining.borrow_mut().take(part, event),
                        None => vec![event],
                    };
                    for event in events {
                        finished.set(matches!(event, Event::Finished(_)));
                        let _ = work.events.send(event);
                    }
                }
                Err(e) => ended(
                    work,
                    finished,
                    format!("the worker's message was garbled: {e}"),
                ),
            }
        }
        Some("snapshot") => {
            let board = js_sys::Uint32Array::new(&payload).to_vec();
            work.put_slots(Some(board), None);
        }
        Some("belief") => {
            let weights = js_sys::Float32Array::new(&payload).to_vec();
            work.put_slots(None, Some(weights));
        }
        _ => {}
    }
    (work.wake)();
}

/// Ends the run with `why`, unless its last event is in already.
fn ended(work: &Work, finished: &Cell<bool>, why: String) {
    if !finished.replace(true) {
        let _ = work.events.send(Event::Finished(Err(JobError::Ended(why))));
        (work.wake)();
    }
}

impl Drop for Handle {
    /// The workers go with their handle, and their handlers before their closures.
    fn drop(&mut self) {
        for w in &self.workers {
            w.set_onmessage(None);
            w.set_onerror(None);
            w.terminate();
        }
    }
}

impl Handle {
    /// Ends the worker where it stands: a worker cannot be asked to wind down while its
    /// search runs, so the run ends without an answer.
    pub fn cancel(&self) {
        self.end_workers();
        ended(
            &self.work,
            &self.finished,
            "stopped: in the browser Stop ends a search where it stands, without its best \
             answer so far (the desktop app shows it)"
                .into(),
        );
    }

    /// Ends the run with `why`.
    fn end(&self, why: String) {
        ended(&self.work, &self.finished, why);
    }

    /// Whether the job's last event is in; then the workers that may still run (the
    /// other parts of a job a part of which failed) are ended.
    pub fn is_finished(&self) -> bool {
        let finished = self.finished.get();
        if finished {
            self.end_workers();
        }
        finished
    }

    /// Ends every worker of the job where it stands.
    fn end_workers(&self) {
        self.workers.iter().for_each(web_sys::Worker::terminate);
        self.busy.release();
    }

    /// Nothing to wait for: a worker that is not finished is ended.
    pub fn join(self) {
        if !self.is_finished() {
            self.cancel();
        }
    }
}

/// What the worker's script calls with the page's message: runs the job here (in the
/// worker) and posts back what it hands on.
pub fn run_job(message: &str) {
    let job = match ron::from_str::<Job>(message) {
        Ok(job) => job,
        Err(e) => {
            post_event(&Event::Finished(Err(JobError::Input(format!(
                "a garbled job: {e}"
            )))));
            return;
        }
    };
    // A panic ends the module (wasm aborts): its message goes to the page first.
    std::panic::set_hook(Box::new(move |panic| {
        let why = JobError::Invalid(format!("the search stopped on an error: {panic}"));
        post_event(&Event::Finished(Err(why)));
    }));
    run_alone(job, move |handed| match handed {
        Handed::Event(event) => post_event(&event),
        Handed::Snapshot(board) => post("snapshot", &js_sys::Uint32Array::from(&board[..])),
        Handed::Belief(weights) => post("belief", &js_sys::Float32Array::from(&weights[..])),
    });
}

/// Posts `[kind, payload]` to the page (from the worker).
fn post(kind: &str, payload: &JsValue) {
    let scope = js_sys::global().unchecked_into::<web_sys::DedicatedWorkerGlobalScope>();
    let _ = scope.post_message(&js_sys::Array::of2(&JsValue::from_str(kind), payload));
}

/// Posts an event as RON; one that cannot be written becomes the run's end, with why, so
/// that the page never waits for a `Finished` that will not come.
fn post_event(event: &Event) {
    let text = ron::to_string(event).or_else(|e| {
        let why = JobError::Invalid(format!("an event could not be written: {e}"));
        ron::to_string(&Event::Finished(Err(why)))
    });
    if let Ok(text) = text {
        post("event", &JsValue::from_str(&text));
    }
}

/// A task's Web Worker: it goes (ended where it stands) with its handle.
pub struct TaskHandle {
    worker: Option<web_sys::Worker>,
    end: Rc<dyn Fn(Option<String>)>,
    _listeners: Vec<Closure<dyn FnMut(JsValue)>>,
}

/// Runs the task `name` (`input`, as bytes) in a Web Worker of its own, which finds it
/// through `serve` ([`run_task`]): `on_output` gets each value it sends, as bytes with the
/// meter's `(done, total)`, and `on_end` why it failed, if it did, once it is over.
pub fn start_task(
    name: &'static str,
    input: Vec<u8>,
    _serve: super::Serve,
    on_output: impl Fn(Option<&[u8]>, (u64, u64)) + Send + Sync + 'static,
    on_end: impl FnOnce(Option<String>) + Send + 'static,
) -> TaskHandle {
    let once = std::cell::RefCell::new(Some(on_end));
    let busy = Busy::default();
    busy.add(1);
    let end: Rc<dyn Fn(Option<String>)> = Rc::new(move |why| {
        busy.release();
        if let Some(f) = once.borrow_mut().take() {
            f(why);
        }
    });
    let mut handle = TaskHandle {
        worker: None,
        end: end.clone(),
        _listeners: Vec::new(),
    };
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    let worker = match web_sys::Worker::new_with_options(SCRIPT, &options) {
        Ok(worker) => worker,
        Err(e) => {
            end(Some(format!("the browser did not start a worker: {e:?}")));
            return handle;
        }
    };
    let on_message = {
        let end = end.clone();
        Closure::<dyn FnMut(JsValue)>::new(move |m: JsValue| {
            let parts = js_sys::Array::from(&m.unchecked_into::<web_sys::MessageEvent>().data());
            match parts.get(0).as_string().as_deref() {
                Some("out") => {
                    let bytes = js_sys::Uint8Array::new(&parts.get(1)).to_vec();
                    let count = |i| parts.get(i).as_f64().unwrap_or(0.0) as u64;
                    on_output(Some(&bytes), (count(2), count(3)));
                }
                Some("meter") => {
                    let count = |i| parts.get(i).as_f64().unwrap_or(0.0) as u64;
                    on_output(None, (count(1), count(2)));
                }
                Some("end") => end(parts.get(1).as_string()),
                _ => {}
            }
        })
    };
    let on_error = {
        let end = end.clone();
        Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
            let why = e.dyn_ref::<web_sys::ErrorEvent>().map_or_else(
                || "it could not be loaded".to_string(),
                web_sys::ErrorEvent::message,
            );
            end(Some(format!("the background worker failed: {why}")));
        })
    };
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    handle._listeners = vec![on_message, on_error];
    let message = js_sys::Array::of3(
        &JsValue::from_str("task"),
        &JsValue::from_str(name),
        &js_sys::Uint8Array::from(&input[..]),
    );
    if let Err(e) = worker.post_message(&message) {
        end(Some(format!(
            "the work could not be handed to a worker: {e:?}"
        )));
    }
    handle.worker = Some(worker);
    handle
}

impl TaskHandle {
    /// Ends the worker where it stands.
    pub fn cancel(&self) {
        if let Some(w) = &self.worker {
            w.terminate();
        }
        (self.end)(None);
    }
}

impl Drop for TaskHandle {
    /// The worker goes with its handle, and its handlers before their closures.
    fn drop(&mut self) {
        if let Some(w) = &self.worker {
            w.set_onmessage(None);
            w.set_onerror(None);
            w.terminate();
        }
    }
}

/// What the worker's script calls with a task's name and bytes: runs it here (in the
/// worker) through `serve`, posting `["out", bytes, done, total]` for each value it sends
/// and `["end", why or null]` once it is over (a panic's message too).
pub fn run_task(name: &str, input: &[u8], serve: super::Serve) {
    std::panic::set_hook(Box::new(|panic| {
        let why = format!("the work stopped on an error: {panic}");
        post("end", &JsValue::from_str(&why));
    }));
    let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    // A value that cannot be posted ends the work with why, not as if it had sent it.
    let lost = std::sync::Mutex::new(None);
    let result = serve(name, input, cancel, &|bytes, (done, total)| {
        let scope = js_sys::global().unchecked_into::<web_sys::DedicatedWorkerGlobalScope>();
        let message = js_sys::Array::of4(
            &JsValue::from_str("out"),
            &js_sys::Uint8Array::from(bytes),
            &JsValue::from_f64(done as f64),
            &JsValue::from_f64(total as f64),
        );
        if let (Err(e), Ok(mut lost)) = (scope.post_message(&message), lost.lock()) {
            lost.get_or_insert(format!("a result could not be handed back: {e:?}"));
        }
    });
    let lost = lost.into_inner().ok().flatten();
    let why = (result.err().or(lost)).map_or(JsValue::NULL, |e| JsValue::from_str(&e));
    post("end", &why);
}
