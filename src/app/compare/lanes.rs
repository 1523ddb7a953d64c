//! One algorithm in a comparison (its live run, trial 0's answer and curves, every trial's
//! outcome) and the batch of further trials run in parallel once the live runs end.

use super::super::history::History;
use crate::bench::Summary;
use crate::run::{Event, Job, Report, Run};
use crate::solve::{Counters, NoObserver};
use rayon::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};

/// An algorithm's parameters as `(name, value)` pairs.
pub type Params = Vec<(String, String)>;

/// One algorithm in the comparison.
pub struct Lane {
    pub algorithm: String,
    /// The parameters it ran with (none: its defaults).
    pub params: Params,
    pub(super) run: Option<Run>,
    /// The running search's latest state (tour so far, placement, best square).
    pub(super) live: Vec<u32>,
    /// Trial 0's answer, played by the timeline.
    pub answer: Vec<u32>,
    pub found: Option<bool>,
    pub message: String,
    pub counters: Counters,
    pub elapsed_ms: f64,
    /// Best fitness per generation (evolutionary algorithms), trial 0.
    pub history: History,
    /// `(nodes, deepest)` at each progress event, trial 0 (search algorithms).
    pub progress: Vec<[f64; 2]>,
    /// `(found, milliseconds)` of every trial that has ended, trial 0 first.
    pub trials: Vec<(bool, f64)>,
    pub error: Option<String>,
}

impl Lane {
    pub(super) fn new(algorithm: &str, params: Params, run: Run) -> Lane {
        Lane {
            algorithm: algorithm.to_string(),
            params,
            run: Some(run),
            live: Vec::new(),
            answer: Vec::new(),
            found: None,
            message: String::new(),
            counters: Counters::default(),
            elapsed_ms: 0.0,
            history: History::default(),
            // Every search starts with nothing placed.
            progress: vec![[0.0, 0.0]],
            trials: Vec::new(),
            error: None,
        }
    }

    /// Success and times over the trials that have ended.
    pub fn summary(&self) -> Summary {
        Summary::of(&self.trials)
    }

    /// Whether trial 0 still runs.
    pub fn is_live(&self) -> bool {
        self.run.is_some()
    }

    /// What trial 0 shows now: the live state while it runs, then its answer.
    pub fn sequence(&self) -> &[u32] {
        if self.is_live() {
            &self.live
        } else {
            &self.answer
        }
    }

    /// Trial 0 ended with `report`.
    fn finish(&mut self, report: &Report) {
        let Some(s) = report.puzzle().solved() else {
            self.error = Some("not a solve".into());
            return;
        };
        self.found = Some(s.found);
        self.elapsed_ms = s.elapsed_ms;
        self.answer = s.answer.to_vec();
        self.counters = s.counters;
        self.message = s.message.to_string();
        if s.counters.generations == 0 {
            self.progress
                .push([s.counters.nodes as f64, s.counters.max_depth as f64]);
        }
        self.trials.push((s.found, s.elapsed_ms));
    }

    /// Reads trial 0's events.
    pub(super) fn poll(&mut self) {
        let Some(run) = &self.run else { return };
        if let Some(s) = run.take_snapshot() {
            self.live = s;
        }
        for event in run.drain() {
            match event {
                Event::Progress {
                    counters,
                    elapsed_ms,
                } => {
                    self.counters = counters;
                    self.elapsed_ms = elapsed_ms;
                    if counters.generations == 0 {
                        self.progress
                            .push([counters.nodes as f64, counters.max_depth as f64]);
                    }
                }
                Event::Generations(batch) => {
                    for g in batch {
                        self.history.record(g);
                    }
                }
                Event::Started { .. } => {}
                Event::Finished(result) => {
                    self.run = None;
                    self.live.clear();
                    match result {
                        Ok(report) => self.finish(&report),
                        Err(e) => self.error = Some(e.to_string()),
                    }
                }
            }
        }
    }
}

/// A trial of the algorithm in lane `.0`: found and milliseconds, or why it failed.
type TrialResult = (usize, Result<(bool, f64), String>);

/// The trials after the first, run in parallel on their own thread and cancel flag.
pub struct Batch {
    results: Receiver<TrialResult>,
    pub total: u64,
    pub done: u64,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Batch {
    /// Runs `jobs` (lane, job) on the thread pool, reporting each as it ends.
    pub fn start(jobs: Vec<(usize, Job)>, cancel: Arc<AtomicBool>, ctx: &egui::Context) -> Batch {
        let (tx, rx) = mpsc::channel();
        let total = jobs.len() as u64;
        let ctx = ctx.clone();
        let thread = std::thread::Builder::new()
            .name("searchlab-compare-trials".into())
            .spawn(move || {
                jobs.into_par_iter().for_each(|(k, job)| {
                    if cancel.load(Ordering::Relaxed) {
                        return;
                    }
                    let r = job
                        .run(&cancel, &mut NoObserver)
                        .map_err(|e| e.to_string())
                        .and_then(|report| {
                            report
                                .puzzle()
                                .solved()
                                .map(|s| (s.found, s.elapsed_ms))
                                .ok_or_else(|| "not a solve".to_string())
                        });
                    let _ = tx.send((k, r));
                    ctx.request_repaint();
                });
            })
            .ok();
        Batch {
            results: rx,
            total,
            done: 0,
            thread,
        }
    }

    /// Hands each result that came in to its lane; `true` once every trial has ended.
    pub fn collect(&mut self, lanes: &mut [Lane]) -> bool {
        // Looked at before reading: a thread that has ended has sent everything.
        let ended = self.thread.as_ref().is_none_or(|t| t.is_finished());
        for (k, r) in self.results.try_iter() {
            self.done += 1;
            if let Some(l) = lanes.get_mut(k) {
                match r {
                    Ok(t) => l.trials.push(t),
                    Err(e) => l.error = Some(e),
                }
            }
        }
        ended || self.done >= self.total
    }
}
