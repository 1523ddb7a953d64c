//! Experiments: many seeded trials in parallel (rayon), summed up as tables. Trial `i` of
//! an experiment uses seed `seed + i`, so a table is reproduced exactly by its command.

pub mod knight;
pub mod magic;
pub mod queens;
pub mod rtd;

use crate::run::JobError;
pub use crate::run::split::Part;
use rayon::prelude::*;
use serde::Serialize;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// What every experiment needs to know: the first trial's seed (trial `i` has `seed + i`),
/// each trial's time limit, the algorithms' parameters, the cancel flag, and where to
/// count the trials done.
#[derive(Debug, Clone)]
pub struct Setup {
    /// The seed of trial 0; trial `i` runs with `seed + i`.
    pub seed: u64,
    /// Per trial.
    pub time_limit: std::time::Duration,
    /// Parameters as `(name, value)` pairs, e.g. `("repair", "fewest-onward")`; only the
    /// knight experiments use them (the queens and magic tables set their own).
    pub params: Vec<(String, String)>,
    /// Set by Stop or Ctrl-C: no further trial starts and a running one stops.
    pub cancel: Arc<AtomicBool>,
    /// Counts the trials done, for a progress bar in the app.
    pub meter: Option<Arc<Meter>>,
    /// The rows of the table this run makes: every row ([`Part::WHOLE`]), or every `of`-th
    /// (a browser runs a table in a worker per core, each making its part of the rows,
    /// and joins them with [`interleave`]). A row's trials stay together, so its figures
    /// do not depend on the split.
    pub part: Part,
}

/// Success and timing over a set of trials: one row of a table. Only trials that ran to
/// their end count: `trials` of the `planned` ones; with none, every figure is `null` in
/// JSON (the fields hold 0, which no display shows as a figure).
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// The trials that ran to their end (found, or stopped by their own limit).
    pub trials: u64,
    /// The trials asked for; more than `trials` when Stop, Ctrl-C or `--total-time` cut
    /// the table short.
    pub planned: u64,
    /// The trials (of those that ran to their end) that found a solution.
    pub successes: u64,
    /// `successes / trials`, from 0 to 1.
    pub success_rate: f64,
    /// The mean time of a trial in milliseconds, successful or not.
    pub mean_ms: f64,
    /// The median time of a trial in milliseconds (the mean of the middle two
    /// when `trials` is even).
    pub median_ms: f64,
    /// The fastest trial's time in milliseconds.
    pub min_ms: f64,
    /// The slowest trial's time in milliseconds.
    pub max_ms: f64,
    /// The run-time distribution's figures ([`rtd`]), which count a trial that failed as
    /// unsolved at every cut-off.
    pub rtd: RtdFigures,
    /// The same distribution against the solver's own units of work (nodes, neighbours or
    /// chromosomes scored), where the experiment counts them.
    pub steps: Option<StepsFigures>,
}

/// A row's distribution against steps: the solver's own units of work, free of the
/// machine's speed (but not comparable across kinds of algorithm).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StepsFigures {
    /// The least steps by which half the trials had solved (`None` when fewer than half did).
    pub median_solve_steps: Option<f64>,
    /// The low end of its 95 % bootstrap interval.
    pub median_solve_steps_low: Option<f64>,
    /// Its high end (`None` when it lies beyond every trial).
    pub median_solve_steps_high: Option<f64>,
    /// Entry `k` (from 0): the least steps by which `k + 1` % of the trials had solved, up
    /// to the success rate.
    pub solved_steps_by_percent: Vec<f64>,
    /// The restart cut-off in steps that makes the expected steps to a solution least
    /// ([`rtd::Rtd::restart`]), and that expectation; `None` with nothing solved.
    pub restart_cutoff_steps: Option<f64>,
    /// The expected steps to a solution when trials restart at the cut-off.
    pub restart_expected_steps: Option<f64>,
}

impl StepsFigures {
    /// The figures of `(solved, steps)` per trial.
    pub fn of(trials: &[(bool, f64)]) -> StepsFigures {
        let r = rtd::Rtd::new(trials.iter().copied());
        let median = r.median_interval();
        StepsFigures {
            median_solve_steps: r.median(),
            median_solve_steps_low: median.low,
            median_solve_steps_high: median.high,
            solved_steps_by_percent: by_percent(&r),
            restart_cutoff_steps: r.restart().map(|x| x.cutoff),
            restart_expected_steps: r.restart().map(|x| x.expected),
        }
    }
}

/// What a table tells of a row's run-time distribution ([`rtd::Rtd`]), in milliseconds.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RtdFigures {
    /// The low end of the success rate's exact 95 % interval (Clopper–Pearson).
    pub success_rate_low: Option<f64>,
    /// Its high end.
    pub success_rate_high: Option<f64>,
    /// The time to solve: the least time by which half the trials had solved (`None`
    /// when fewer than half did).
    pub median_solve_ms: Option<f64>,
    /// The low end of its 95 % bootstrap interval (`None` when fewer than 2.5 % of
    /// resamples have half their trials solved, as with nothing solved).
    pub median_solve_ms_low: Option<f64>,
    /// The high end (`None` when it lies beyond every trial).
    pub median_solve_ms_high: Option<f64>,
    /// The restart cut-off the distribution suggests.
    pub restart_cutoff_ms: Option<f64>,
    /// The expected time to a solution restarting there.
    pub restart_expected_ms: Option<f64>,
    /// The expected time to a solution when every trial runs to its end.
    pub expected_ms_without_restarts: Option<f64>,
    /// The distribution itself, in at most 100 steps: entry `k` (from 0) is the least time
    /// by which `k + 1` % of the trials had solved, up to the success rate.
    pub solved_ms_by_percent: Vec<f64>,
}

/// The least measure by which each whole percent of the trials had solved, up to the
/// success rate.
fn by_percent(r: &rtd::Rtd) -> Vec<f64> {
    let n = r.trials();
    (1..=100)
        .map_while(|k: usize| {
            // The trials that make k %, rounded up.
            let needed = (k * n).div_ceil(100).max(1);
            r.solved().get(needed - 1).copied()
        })
        .collect()
}

impl RtdFigures {
    /// The figures of `(solved, milliseconds)` per trial.
    pub fn of(trials: &[(bool, f64)]) -> RtdFigures {
        let r = rtd::Rtd::new(trials.iter().copied());
        let (rate, median) = (r.success_rate_interval(), r.median_interval());
        let restart = r.restart();
        RtdFigures {
            success_rate_low: rate.low,
            success_rate_high: rate.high,
            median_solve_ms: r.median(),
            median_solve_ms_low: median.low,
            median_solve_ms_high: median.high,
            restart_cutoff_ms: restart.map(|r| r.cutoff),
            restart_expected_ms: restart.map(|r| r.expected),
            expected_ms_without_restarts: r.expected_without_restarts(),
            solved_ms_by_percent: by_percent(&r),
        }
    }
}

/// A [`Summary`] as JSON shows it: no figure (`null`) where no trial ran.
#[derive(Serialize, serde::Deserialize)]
struct Figures {
    trials: u64,
    planned: u64,
    successes: u64,
    success_rate: Option<f64>,
    mean_ms: Option<f64>,
    median_ms: Option<f64>,
    min_ms: Option<f64>,
    max_ms: Option<f64>,
    success_rate_low: Option<f64>,
    success_rate_high: Option<f64>,
    median_solve_ms: Option<f64>,
    median_solve_ms_low: Option<f64>,
    median_solve_ms_high: Option<f64>,
    restart_cutoff_ms: Option<f64>,
    restart_expected_ms: Option<f64>,
    expected_ms_without_restarts: Option<f64>,
    #[serde(default)]
    solved_ms_by_percent: Vec<f64>,
    // Written (a figure or `null`) whenever the steps were counted, so that every row of a
    // table has the same columns; absent when they were not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    median_solve_steps: Option<Option<f64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    median_solve_steps_low: Option<Option<f64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    median_solve_steps_high: Option<Option<f64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    solved_steps_by_percent: Option<Vec<f64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    restart_cutoff_steps: Option<Option<f64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    restart_expected_steps: Option<Option<f64>>,
}

impl Serialize for Summary {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let ran = |x: f64| (self.trials > 0).then_some(x);
        Figures {
            trials: self.trials,
            planned: self.planned,
            successes: self.successes,
            success_rate: ran(self.success_rate),
            mean_ms: ran(self.mean_ms),
            median_ms: ran(self.median_ms),
            min_ms: ran(self.min_ms),
            max_ms: ran(self.max_ms),
            success_rate_low: self.rtd.success_rate_low,
            success_rate_high: self.rtd.success_rate_high,
            median_solve_ms: self.rtd.median_solve_ms,
            median_solve_ms_low: self.rtd.median_solve_ms_low,
            median_solve_ms_high: self.rtd.median_solve_ms_high,
            restart_cutoff_ms: self.rtd.restart_cutoff_ms,
            restart_expected_ms: self.rtd.restart_expected_ms,
            expected_ms_without_restarts: self.rtd.expected_ms_without_restarts,
            solved_ms_by_percent: self.rtd.solved_ms_by_percent.clone(),
            median_solve_steps: self.steps.as_ref().map(|t| t.median_solve_steps),
            median_solve_steps_low: self.steps.as_ref().map(|t| t.median_solve_steps_low),
            median_solve_steps_high: self.steps.as_ref().map(|t| t.median_solve_steps_high),
            solved_steps_by_percent: self
                .steps
                .as_ref()
                .map(|t| t.solved_steps_by_percent.clone()),
            restart_cutoff_steps: self.steps.as_ref().map(|t| t.restart_cutoff_steps),
            restart_expected_steps: self.steps.as_ref().map(|t| t.restart_expected_steps),
        }
        .serialize(s)
    }
}

impl<'de> serde::Deserialize<'de> for Summary {
    /// Read back as written (an outcome handed back from a browser's worker): a figure
    /// that is not there holds 0, as it did.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Summary, D::Error> {
        let f = Figures::deserialize(d)?;
        Ok(Summary {
            trials: f.trials,
            planned: f.planned,
            successes: f.successes,
            success_rate: f.success_rate.unwrap_or(0.0),
            mean_ms: f.mean_ms.unwrap_or(0.0),
            median_ms: f.median_ms.unwrap_or(0.0),
            min_ms: f.min_ms.unwrap_or(0.0),
            max_ms: f.max_ms.unwrap_or(0.0),
            rtd: RtdFigures {
                success_rate_low: f.success_rate_low,
                success_rate_high: f.success_rate_high,
                median_solve_ms: f.median_solve_ms,
                median_solve_ms_low: f.median_solve_ms_low,
                median_solve_ms_high: f.median_solve_ms_high,
                restart_cutoff_ms: f.restart_cutoff_ms,
                restart_expected_ms: f.restart_expected_ms,
                expected_ms_without_restarts: f.expected_ms_without_restarts,
                solved_ms_by_percent: f.solved_ms_by_percent,
            },
            steps: f.solved_steps_by_percent.map(|by| StepsFigures {
                median_solve_steps: f.median_solve_steps.flatten(),
                median_solve_steps_low: f.median_solve_steps_low.flatten(),
                median_solve_steps_high: f.median_solve_steps_high.flatten(),
                solved_steps_by_percent: by,
                restart_cutoff_steps: f.restart_cutoff_steps.flatten(),
                restart_expected_steps: f.restart_expected_steps.flatten(),
            }),
        })
    }
}

impl Summary {
    /// From `(success, milliseconds)` per trial, every trial planned having run.
    pub fn of(trials: &[(bool, f64)]) -> Summary {
        Summary::of_planned(trials, trials.len() as u64)
    }

    /// From `(success, milliseconds)` per trial that ran to its end, of `planned`.
    pub fn of_planned(trials: &[(bool, f64)], planned: u64) -> Summary {
        let mut ms: Vec<f64> = trials.iter().map(|t| t.1).collect();
        ms.sort_by(f64::total_cmp);
        let n = ms.len();
        let successes = trials.iter().filter(|t| t.0).count() as u64;
        let median = match n {
            0 => 0.0,
            _ if n % 2 == 1 => ms[n / 2],
            _ => f64::midpoint(ms[n / 2 - 1], ms[n / 2]),
        };
        Summary {
            trials: n as u64,
            planned,
            successes,
            success_rate: if n == 0 {
                0.0
            } else {
                successes as f64 / n as f64
            },
            mean_ms: if n == 0 {
                0.0
            } else {
                ms.iter().sum::<f64>() / n as f64
            },
            median_ms: median,
            min_ms: ms.first().copied().unwrap_or(0.0),
            max_ms: ms.last().copied().unwrap_or(0.0),
            rtd: RtdFigures::of(trials),
            steps: None,
        }
    }

    /// The summary with its distribution against steps too, from `(solved, steps)` per
    /// trial (the same trials, in any order).
    pub fn with_steps(mut self, trials: &[(bool, f64)]) -> Summary {
        self.steps = Some(StepsFigures::of(trials));
        self
    }
}

/// How far an experiment has got, for a consumer on another thread (the app's progress
/// bar): trials done out of trials in all.
#[derive(Default)]
pub struct Meter {
    /// The trials done so far.
    pub done: AtomicU64,
    /// The trials the experiment plans in all (set when it starts).
    pub total: AtomicU64,
    /// Told `(done, total)` as a [`Progress`] moves it: a browser's worker, which cannot
    /// be looked at while it works, posts the figures to the page.
    watcher: std::sync::OnceLock<fn((u64, u64))>,
}

impl std::fmt::Debug for Meter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Meter").field(&self.read()).finish()
    }
}

impl Meter {
    /// Has `watcher` told `(done, total)` each time a [`Progress`] moves the meter (one
    /// watcher; a second is not taken).
    pub fn watch(&self, watcher: fn((u64, u64))) {
        let _ = self.watcher.set(watcher);
    }

    /// Tells the watcher, if any, the figures now.
    fn moved(&self) {
        if let Some(w) = self.watcher.get() {
            w(self.read());
        }
    }

    /// `(done, total)`.
    pub fn read(&self) -> (u64, u64) {
        (
            self.done.load(Ordering::Relaxed),
            self.total.load(Ordering::Relaxed),
        )
    }
}

/// Counts a bench's trials on a [`Meter`], from any thread; whoever holds the meter (the
/// command line's bar, the app's Experiments tab) shows it.
pub struct Progress {
    meter: Option<Arc<Meter>>,
}

impl Progress {
    /// A progress that counts on `meter` (set to 0 of `total`), or on nothing.
    pub fn new(total: u64, meter: Option<Arc<Meter>>) -> Progress {
        if let Some(m) = &meter {
            m.done.store(0, Ordering::Relaxed);
            m.total.store(total, Ordering::Relaxed);
            m.moved();
        }
        Progress { meter }
    }

    /// One more trial done.
    pub fn tick(&self) {
        if let Some(m) = &self.meter {
            m.done.fetch_add(1, Ordering::Relaxed);
            m.moved();
        }
    }
}

/// Rows as CSV, the header from the first row's fields (as `--json` names them): the
/// Experiments tab's export and `bench --csv`.
pub fn rows_csv<T: Serialize>(rows: &[T]) -> String {
    use serde_json::Value;
    let objects: Vec<serde_json::Map<String, Value>> = rows
        .iter()
        .filter_map(|r| match serde_json::to_value(r) {
            Ok(Value::Object(m)) => Some(m),
            _ => None,
        })
        .collect();
    let Some(first) = objects.first() else {
        return String::new();
    };
    let header: Vec<&str> = first.keys().map(String::as_str).collect();
    let cell = |v: Option<&Value>| match v {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        // A list (a row's figures per start square, say) as one field, comma-separated.
        Some(Value::Array(a)) => (a.iter().map(std::string::ToString::to_string))
            .collect::<Vec<_>>()
            .join(","),
        Some(v) => v.to_string(),
    };
    let rows = objects
        .iter()
        .map(|o| header.iter().map(|h| cell(o.get(*h))).collect::<Vec<_>>());
    crate::files::csv_text(&header, rows)
}

/// The `total` rows of a table made in parts ([`Setup::part`]), part `i` of `k` having
/// made rows `i`, `i + k`, `i + 2k`, …: row `j` of the whole is row `j / k` of part `j % k`.
/// Fails when a part has not made its rows (lost, or cut short).
pub fn interleave<T>(parts: Vec<Vec<T>>, total: usize) -> Result<Vec<T>, String> {
    let k = parts.len();
    if k == 0 {
        return Err("no part of the table came back".into());
    }
    for (i, p) in parts.iter().enumerate() {
        let owned = (total + k - 1 - i) / k;
        if p.len() != owned {
            return Err(format!(
                "part {} of {k} made {} rows where {owned} of the table's {total} were due",
                i + 1,
                p.len()
            ));
        }
    }
    let mut iters: Vec<_> = parts.into_iter().map(Vec::into_iter).collect();
    Ok((0..total).filter_map(|j| iters[j % k].next()).collect())
}

/// Makes a table's rows, each by `row` (whose trials run on the pool too), all rows at
/// once on the thread pool: a row's last slow trials leave the other cores to the next
/// rows' trials instead of idle. The rows keep their order.
pub fn rows_at_once<I: Send, R: Send>(
    items: Vec<I>,
    row: impl Fn(I) -> Result<R, JobError> + Sync + Send,
) -> Result<Vec<R>, JobError> {
    items.into_par_iter().map(row).collect()
}

/// Runs trial `i` for each `i` in `0..n` on the thread pool and keeps the results of the
/// trials that ran to their end, in order. Once `cancel` is set no trial starts (a table
/// cut short ends at once, however many trials it planned), and a trial that `run`
/// reports as stopped by it (`Ok(None)`) is left out, never counted as a failure.
pub fn run_trials<T: Send>(
    n: u64,
    cancel: &AtomicBool,
    progress: &Progress,
    run: impl Fn(u64) -> Result<Option<T>, JobError> + Sync + Send,
) -> Result<Vec<T>, JobError> {
    // `while_some` ends every worker's share at the first trial that finds the flag set;
    // `collect` keeps the trials' order.
    let results: Vec<Result<Option<T>, JobError>> = (0..n)
        .into_par_iter()
        .map(|i| {
            if cancel.load(Ordering::Relaxed) {
                return None;
            }
            let r = run(i);
            progress.tick();
            Some(r)
        })
        .while_some()
        .collect();
    let mut kept = Vec::with_capacity(results.len());
    for r in results {
        kept.extend(r?);
    }
    Ok(kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_of_rows_interleave_back_in_order() {
        assert!(interleave::<u8>(vec![], 3).is_err());
        for total in 0..20usize {
            for k in 1..6usize {
                let parts: Vec<Vec<usize>> = (0..k)
                    .map(|i| (0..total).filter(|j| j % k == i).collect())
                    .collect();
                assert_eq!(
                    interleave(parts.clone(), total).unwrap(),
                    (0..total).collect::<Vec<_>>()
                );
                // A part that lost a row, or made one too many, does not make the table.
                for i in 0..k {
                    let mut short = parts.clone();
                    if short[i].pop().is_some() {
                        assert!(interleave(short, total).is_err());
                    }
                    let mut long = parts.clone();
                    long[i].push(total);
                    assert!(interleave(long, total).is_err());
                }
            }
        }
    }

    #[test]
    fn a_summary_has_the_usual_statistics() {
        let s = Summary::of(&[(true, 4.0), (false, 1.0), (true, 3.0), (true, 10.0)]);
        assert_eq!(s.trials, 4);
        assert_eq!(s.successes, 3);
        assert_eq!(s.success_rate, 0.75);
        assert_eq!(s.mean_ms, 4.5);
        assert_eq!(s.median_ms, 3.5);
        assert_eq!((s.min_ms, s.max_ms), (1.0, 10.0));
    }

    /// Against steps: four trials solved in 300, 100 and 200 steps and one failed after 50,
    /// worked out by hand: half (two of four) had solved by 200 steps; 25 % by 100, 50 % by
    /// 200, 75 % by 300, and no more; the JSON carries them, read back as written, and a
    /// summary without steps writes none.
    #[test]
    fn a_summary_carries_its_distribution_against_steps() {
        let timed = [(true, 3.0), (true, 1.0), (false, 9.0), (true, 2.0)];
        let steps = [(true, 300.0), (true, 100.0), (false, 50.0), (true, 200.0)];
        let s = Summary::of(&timed).with_steps(&steps);
        let t = s.steps.as_ref().unwrap();
        assert_eq!(t.median_solve_steps, Some(200.0));
        assert_eq!(t.solved_steps_by_percent.len(), 75);
        assert_eq!(t.solved_steps_by_percent[24], 100.0);
        assert_eq!(t.solved_steps_by_percent[25], 200.0);
        assert_eq!(t.solved_steps_by_percent[49], 200.0);
        assert_eq!(t.solved_steps_by_percent[74], 300.0);
        // Restarting at 100 steps spends 50 + 100 + 100 + 100 per trial for 1 solution in
        // 4, 350 a solution; at 200, 50 + 100 + 200 + 200 = 550 for 2 in 4, 275; at 300,
        // 650 for 3 in 4, 216.7: the cut-off is 300 steps.
        assert_eq!(t.restart_cutoff_steps, Some(300.0));
        assert!((t.restart_expected_steps.unwrap() - 650.0 / 3.0).abs() < 1e-9);
        let json = serde_json::to_value(&s).unwrap();
        assert_eq!(json["median_solve_steps"], 200.0);
        assert_eq!(json["restart_cutoff_steps"], 300.0);
        let back: Summary = serde_json::from_value(json).unwrap();
        assert_eq!(back, s);
        // A figure that does not exist is written as null, not left out: every row of a
        // table has the same columns.
        let none = Summary::of(&timed).with_steps(&[(false, 9.0)]);
        let json = serde_json::to_value(&none).unwrap();
        assert!(json["median_solve_steps"].is_null() && json.get("median_solve_steps").is_some());
        assert_eq!(serde_json::from_value::<Summary>(json).unwrap(), none);
        let plain = serde_json::to_value(Summary::of(&timed)).unwrap();
        assert!(plain.get("median_solve_steps").is_none());
        assert!(plain.get("solved_steps_by_percent").is_none());
    }

    /// The run-time distribution's figures of five trials (found at 1, 2 and 10 ms, failed
    /// at 20 ms twice) as the JSON carries them, worked out by hand in `rtd`'s tests, and
    /// read back as written.
    #[test]
    fn a_summary_carries_its_run_time_distribution() {
        let trials = [
            (true, 10.0),
            (false, 20.0),
            (true, 1.0),
            (false, 20.0),
            (true, 2.0),
        ];
        let s = Summary::of(&trials);
        let json = serde_json::to_value(&s).unwrap();
        // 3 of 5: Clopper–Pearson's 14.66 % to 94.73 % (R's binom.test(3, 5)).
        let near = |v: &serde_json::Value, want: f64| (v.as_f64().unwrap() - want).abs() < 1e-5;
        assert!(near(&json["success_rate_low"], 0.146_632), "{json}");
        assert!(near(&json["success_rate_high"], 0.947_255), "{json}");
        assert_eq!(json["median_solve_ms"], 10.0);
        assert_eq!(json["median_solve_ms_low"], 1.0);
        assert_eq!(json["median_solve_ms_high"], serde_json::Value::Null);
        assert_eq!(json["restart_cutoff_ms"], 2.0);
        assert_eq!(json["restart_expected_ms"], 4.5);
        // 1 % to 20 % of the trials (one of five) by 1 ms, to 40 % by 2 ms, to 60 % by
        // 10 ms; no more were found.
        let by_percent = &s.rtd.solved_ms_by_percent;
        assert_eq!(by_percent.len(), 60);
        assert!(by_percent[..20].iter().all(|&t| t == 1.0));
        assert!(by_percent[20..40].iter().all(|&t| t == 2.0));
        assert!(by_percent[40..].iter().all(|&t| t == 10.0));
        let back: Summary = ron::from_str(&ron::to_string(&s).unwrap()).unwrap();
        assert_eq!(back, s);
    }

    #[test]
    fn a_table_cut_short_runs_nothing_more_and_counts_only_finished_trials() {
        let cancel = AtomicBool::new(false);
        let started = AtomicU64::new(0);
        let progress = Progress::new(1_000_000, None);
        // Trials 0..10 finish; trial 10 is "stopped" and sets the flag for the rest.
        let kept = run_trials(1_000_000, &cancel, &progress, |i| {
            started.fetch_add(1, Ordering::Relaxed);
            if i >= 10 {
                cancel.store(true, Ordering::Relaxed);
                return Ok(None);
            }
            Ok(Some(i))
        })
        .unwrap();
        assert!(kept.iter().all(|&i| i < 10), "{kept:?}");
        // Trials started before the flag was seen, at most a few per worker thread.
        assert!(started.load(Ordering::Relaxed) < 1_000, "{started:?}");
        let s = Summary::of_planned(&[(true, 1.0)], 100);
        assert_eq!((s.trials, s.planned), (1, 100));
        let none = serde_json::to_value(Summary::of_planned(&[], 5)).unwrap();
        assert_eq!(none["success_rate"], serde_json::Value::Null);
        assert_eq!(none["planned"], 5);
    }
}
