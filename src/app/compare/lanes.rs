//! One algorithm in a comparison (its live run, trial 0's answer and curves, every trial's
//! outcome) and the batch of further trials run in parallel once the live runs end.

use super::super::background::{AsRon, Background, Task, Work};
use super::super::history::History;
use super::super::live_run::LiveRun;
use crate::bench::Summary;
use crate::run::{Job, JobError, Report};
use crate::solve::{Counters, NoObserver};
use rayon::prelude::*;
use std::sync::atomic::Ordering;

/// The `algorithm` of a lane played by hand (no catalog entry has it).
pub const PLAYED: &str = "played";

/// An algorithm's parameters as `(name, value)` pairs.
pub type Params = Vec<(String, String)>;

/// One algorithm in the comparison.
pub struct Lane {
    /// The algorithm's catalog entry (`None`: an answer played by hand).
    pub algorithm: Option<&'static crate::run::catalog::AlgorithmInfo>,
    /// Its name, as the pickers, boards, charts and table show it.
    pub name: String,
    /// The parameters it ran with (none: its defaults).
    pub params: Params,
    /// Trial 0, live: its worker, counters and fitness history.
    pub(super) live: LiveRun,
    /// The running search's latest state (tour so far, placement, best square).
    state: Vec<u32>,
    /// Trial 0's answer, played by the timeline.
    pub answer: Vec<u32>,
    /// Whether trial 0 found an answer; `None` until it ends, or when it failed.
    pub found: Option<bool>,
    /// The sentence that says how trial 0 ended (for an answer played by hand, where it
    /// came from); empty until then.
    pub message: String,
    /// `(nodes, deepest)` at each progress event, trial 0 (search algorithms).
    pub progress: Vec<[f64; 2]>,
    /// Every trial that has ended, trial 0 first.
    pub trials: Vec<TrialEnd>,
    /// Why a trial failed (the last to fail), or that the user stopped trial 0 before it
    /// ended; `None` when nothing went wrong.
    pub error: Option<String>,
    /// Played by hand in a puzzle tab (no run, no trials, no time).
    pub played: bool,
}

impl Lane {
    /// Starts trial 0 of `job`, the algorithm `algorithm` called `name`.
    pub(super) fn start(
        algorithm: &'static crate::run::catalog::AlgorithmInfo,
        name: &str,
        params: Params,
        job: Job,
        ctx: &egui::Context,
    ) -> Result<Lane, JobError> {
        let mut live = LiveRun::default();
        live.start(ctx, job, None)?;
        Ok(Lane {
            algorithm: Some(algorithm),
            name: name.to_string(),
            params,
            live,
            state: Vec::new(),
            answer: Vec::new(),
            found: None,
            message: String::new(),
            // Every search starts with nothing placed.
            progress: vec![[0.0, 0.0]],
            trials: Vec::new(),
            error: None,
            played: false,
        })
    }

    /// A lane for an answer found by hand: `answer`, already checked by the rules.
    pub fn played(name: &str, answer: Vec<u32>, message: &str) -> Lane {
        Lane {
            algorithm: None,
            name: name.to_string(),
            params: Vec::new(),
            live: LiveRun::default(),
            state: Vec::new(),
            answer,
            found: Some(true),
            message: message.to_string(),
            progress: Vec::new(),
            trials: Vec::new(),
            error: None,
            played: true,
        }
    }

    /// The algorithm's id, as the command line and the CSV name it ([`PLAYED`] for an
    /// answer played by hand).
    pub fn id(&self) -> &'static str {
        self.algorithm.map_or(PLAYED, |a| a.id)
    }

    /// Trial 0's counters (at its last report, or its end).
    pub fn counters(&self) -> &Counters {
        &self.live.counters
    }

    /// Trial 0's time so far, or in all.
    pub fn elapsed_ms(&self) -> f64 {
        self.live.elapsed_ms
    }

    /// Trial 0's best fitness per generation (evolutionary algorithms).
    pub fn history(&self) -> &History {
        &self.live.history
    }

    /// Success and times over the trials that have ended.
    pub fn summary(&self) -> Summary {
        Summary::of(&self.timed())
    }

    /// `(found, steps)` of every trial that has ended: its distribution against steps.
    pub fn stepped(&self) -> Vec<(bool, f64)> {
        self.trials
            .iter()
            .map(|t| (t.found, t.steps as f64))
            .collect()
    }

    /// `(found, milliseconds)` of every trial that has ended.
    pub fn timed(&self) -> Vec<(bool, f64)> {
        self.trials.iter().map(|t| (t.found, t.ms)).collect()
    }

    /// Whether trial 0 still runs.
    pub fn is_live(&self) -> bool {
        self.live.is_running()
    }

    /// What trial 0 shows now: the live state while it runs, then its answer.
    pub fn sequence(&self) -> &[u32] {
        if self.is_live() {
            &self.state
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
        self.live.elapsed_ms = s.elapsed_ms;
        self.answer = s.answer.to_vec();
        self.live.counters = s.counters;
        self.message = s.message.to_string();
        if s.counters.generations == 0 && self.live.history.points().is_empty() {
            self.progress
                .push([s.counters.nodes as f64, s.counters.max_depth as f64]);
        }
        self.trials.push(TrialEnd::of(&s));
    }

    /// Reads trial 0's events.
    pub(super) fn poll(&mut self) {
        if !self.is_live() {
            return;
        }
        let polled = self.live.poll();
        if let Some(state) = polled.snapshot {
            self.state = state;
        }
        // A search's progress curve; what plots per generation (or per step) has its own.
        let searching = self.live.history.points().is_empty();
        for c in polled
            .progress
            .iter()
            .filter(|c| searching && c.generations == 0)
        {
            self.progress.push([c.nodes as f64, c.max_depth as f64]);
        }
        match polled.finished {
            Some(Ok(report)) => {
                self.state.clear();
                self.finish(&report);
            }
            Some(Err(e)) => {
                self.state.clear();
                self.error = Some(e.to_string());
            }
            None => {}
        }
    }
}

/// How one trial ended.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct TrialEnd {
    /// Whether it found what it looked for.
    pub found: bool,
    /// Its time in milliseconds.
    pub ms: f64,
    /// Its steps: the units of work its solver counts (nodes, neighbours scored,
    /// chromosomes scored…).
    pub steps: u64,
}

impl TrialEnd {
    fn of(s: &crate::run::puzzle::Solved) -> TrialEnd {
        TrialEnd {
            found: s.found,
            ms: s.elapsed_ms,
            steps: s.counters.nodes,
        }
    }
}

/// A trial of the algorithm in lane `.0`: how it ended, or why it failed.
pub type TrialResult = (usize, Result<TrialEnd, String>);

/// Runs `jobs` (lane, job) on the thread pool in the background (in a browser, in a Web
/// Worker), each reported as it ends.
pub fn start_trials(jobs: Vec<(usize, Job)>, ctx: &egui::Context) -> Background<TrialResult> {
    Background::task(ctx, TrialsTask(AsRon(jobs)))
}

/// Compare's further trials, as background work: the jobs travel as RON.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct TrialsTask(AsRon<Vec<(usize, Job)>>);

impl Task for TrialsTask {
    type Output = TrialResult;
    const NAME: &'static str = "compare-trials";

    fn run(self, send: &(dyn Fn(Self::Output) + Sync), work: &Work) {
        let jobs = self.0.0;
        let progress = crate::bench::Progress::new(jobs.len() as u64, Some(work.meter.clone()));
        jobs.into_par_iter().for_each(|(k, job)| {
            if work.cancel.load(Ordering::Relaxed) {
                return;
            }
            let r = job
                .run(&work.cancel, &mut NoObserver)
                .map_err(|e| e.to_string())
                .and_then(|report| {
                    report
                        .puzzle()
                        .solved()
                        .map(|s| TrialEnd::of(&s))
                        .ok_or_else(|| "not a solve".to_string())
                });
            progress.tick();
            send((k, r));
        });
    }

    /// Every `parts`-th trial a part, so that each lane's trials are shared out evenly.
    fn split(self, parts: usize) -> Vec<Self> {
        let mut split: Vec<Vec<(usize, Job)>> =
            vec![Vec::new(); parts.clamp(1, self.0.0.len().max(1))];
        let n = split.len();
        for (i, trial) in self.0.0.into_iter().enumerate() {
            split[i % n].push(trial);
        }
        split
            .into_iter()
            .map(|jobs| TrialsTask(AsRon(jobs)))
            .collect()
    }
}

/// Hands each trial that came in to its lane; `true` once the batch is over.
pub fn collect(batch: &Background<TrialResult>, lanes: &mut [Lane]) -> bool {
    // Looked at before reading: a thread that has ended has sent everything.
    let ended = batch.has_ended();
    if let Some(why) = batch.refused() {
        lanes.iter_mut().for_each(|l| l.error = Some(why.clone()));
    }
    for (k, r) in batch.take() {
        if let Some(l) = lanes.get_mut(k) {
            match r {
                Ok(t) => l.trials.push(t),
                Err(e) => l.error = Some(e),
            }
        }
    }
    ended
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::background::tests::finished;
    use crate::run::queens::{QueensJob, QueensTask};
    use crate::solve::Budget;

    fn trials(n: usize) -> Vec<(usize, Job)> {
        (0..n)
            .map(|i| {
                let job = QueensJob {
                    n: 8,
                    seed: i as u64,
                    budget: Budget::unlimited(),
                    threads: None,
                    task: QueensTask::Solve {
                        algorithm: "min-conflicts".parse().unwrap(),
                        params: Vec::new(),
                    },
                };
                (i % 2, Job::from(job))
            })
            .collect()
    }

    /// Split for the browser's workers, the trials are shared out in turn, every one once.
    #[test]
    fn trials_split_into_parts_share_every_trial_once() {
        let parts = TrialsTask(AsRon(trials(7))).split(3);
        let seeds: Vec<Vec<u64>> = (parts.into_iter())
            .map(|p| {
                (p.0.0.into_iter())
                    .map(|(_, j)| j.puzzle().label_and_seed().1)
                    .collect()
            })
            .collect();
        assert_eq!(seeds, [vec![0, 3, 6], vec![1, 4], vec![2, 5]]);
        assert_eq!(TrialsTask(AsRon(trials(2))).split(8).len(), 2);
        assert_eq!(TrialsTask(AsRon(Vec::new())).split(8).len(), 1);
    }

    /// Trials handed over as the browser hands them (a part per core) all come back to
    /// their lanes, each an 8-queens solution found.
    #[test]
    fn trials_handed_over_in_parts_all_come_back() {
        let ctx = egui::Context::default();
        let got = finished(&Background::handed(&ctx, TrialsTask(AsRon(trials(9)))));
        assert_eq!(got.len(), 9);
        assert_eq!(got.iter().filter(|(lane, _)| *lane == 0).count(), 5);
        assert!(
            got.iter()
                .all(|(_, r)| matches!(r, Ok(t) if t.found && t.steps > 0)),
            "{got:?}"
        );
    }
}
