//! Experiments: many seeded trials in parallel (rayon), summed up as tables. Trial `i` of
//! an experiment uses seed `seed + i`, so a table is reproduced exactly by its command.

pub mod knight;
pub mod magic;
pub mod queens;

use serde::Serialize;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Success and timing over a set of trials: one row of a table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    pub trials: u64,
    pub successes: u64,
    pub success_rate: f64,
    pub mean_ms: f64,
    pub median_ms: f64,
    pub min_ms: f64,
    pub max_ms: f64,
}

impl Summary {
    /// From `(success, milliseconds)` per trial.
    pub fn of(trials: &[(bool, f64)]) -> Summary {
        let mut ms: Vec<f64> = trials.iter().map(|t| t.1).collect();
        ms.sort_by(f64::total_cmp);
        let n = ms.len();
        let successes = trials.iter().filter(|t| t.0).count() as u64;
        let median = match n {
            0 => 0.0,
            _ if n % 2 == 1 => ms[n / 2],
            _ => (ms[n / 2 - 1] + ms[n / 2]) / 2.0,
        };
        Summary {
            trials: n as u64,
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
        }
    }
}

/// How far an experiment has got, for a consumer on another thread (the app's progress
/// bar): trials done out of trials in all.
#[derive(Debug, Default)]
pub struct Meter {
    pub done: AtomicU64,
    pub total: AtomicU64,
}

impl Meter {
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
        }
        Progress { meter }
    }

    /// One more trial done.
    pub fn tick(&self) {
        if let Some(m) = &self.meter {
            m.done.fetch_add(1, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
