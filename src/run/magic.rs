//! Magic-square jobs: check the input, run the construction or the count, validate what
//! comes out with `puzzle::magic`, and say in a sentence what came of it.

use super::knight::JobError;
use crate::puzzle::magic::{MAX_ORDER, magic_constant, validate};
use crate::solve::magic::construct::{construct, method};
use crate::solve::magic::count::{MAX_COUNT_ORDER, count};
use crate::solve::{Budget, Counters, Observer, Stop};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The number of magic squares of order 1 to 4, rotations and reflections counted apart
/// (OEIS A006052 gives them up to symmetry: 1, 0, 1, 880; times 8 from order 3 on).
pub const KNOWN_COUNTS: [u64; 5] = [1, 1, 0, 8, 7040];

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MagicJob {
    pub order: u64,
    pub seed: u64,
    pub budget: Budget,
    pub task: MagicTask,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum MagicTask {
    /// One square by the construction for its order.
    Construct,
    /// Every square of order 3 or 4.
    Count,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum MagicReport {
    Construct(MagicConstructReport),
    Count(MagicCountReport),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MagicConstructReport {
    pub order: u64,
    /// Row-major, validated (empty when no square exists).
    pub square: Vec<u32>,
    pub found: bool,
    pub method: String,
    pub elapsed_ms: f64,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MagicCountReport {
    pub order: u64,
    pub total: u64,
    pub complete: bool,
    pub nodes: u64,
    pub stop: Stop,
    /// The first square found, validated.
    pub example: Option<Vec<u32>>,
    pub elapsed_ms: f64,
    pub message: String,
}

impl MagicJob {
    pub fn check(&self) -> Result<(), JobError> {
        if self.order == 0 || self.order > MAX_ORDER as u64 {
            return Err(JobError::Input(format!(
                "order {} is out of range: the order is a whole number from 1 to {MAX_ORDER}",
                self.order
            )));
        }
        match self.task {
            MagicTask::Count if self.order > MAX_COUNT_ORDER as u64 => {
                Err(JobError::Input(format!(
                    "counting goes up to order {MAX_COUNT_ORDER} (order 5 has 275,305,224 squares); got {}",
                    self.order
                )))
            }
            _ => Ok(()),
        }
    }

    pub fn run(
        &self,
        cancel: &AtomicBool,
        observer: &mut dyn Observer,
    ) -> Result<MagicReport, JobError> {
        self.check()?;
        let n = self.order as usize;
        let started = Instant::now();
        match self.task {
            MagicTask::Construct => {
                let square = construct(n).unwrap_or_default();
                let found = !square.is_empty();
                if found {
                    validate(n, &square).map_err(|e| {
                        JobError::Invalid(format!(
                            "the {} gave a square that is not magic: {e}",
                            method(n)
                        ))
                    })?;
                }
                let message = if found {
                    format!(
                        "a magic square of order {n} (every line adds up to {}) by the {}",
                        magic_constant(n),
                        method(n)
                    )
                } else {
                    "no magic square of order 2 exists: a row and a column through the same corner both need their other cell to be 5 minus the corner, so two cells would be equal".to_string()
                };
                Ok(MagicReport::Construct(MagicConstructReport {
                    order: self.order,
                    square,
                    found,
                    method: method(n).to_string(),
                    elapsed_ms: started.elapsed().as_secs_f64() * 1e3,
                    message,
                }))
            }
            MagicTask::Count => {
                let deadline = self.budget.time.map(|t| started + t);
                let stop = || {
                    cancel.load(Ordering::Relaxed) || deadline.is_some_and(|d| Instant::now() >= d)
                };
                let c = count(n, &stop);
                observer.progress(
                    &Counters {
                        nodes: c.nodes,
                        solutions: c.total,
                        ..Counters::default()
                    },
                    started.elapsed(),
                );
                if let Some(sq) = &c.first {
                    validate(n, sq).map_err(|e| {
                        JobError::Invalid(format!(
                            "the count found a square that is not magic: {e}"
                        ))
                    })?;
                }
                if c.complete && KNOWN_COUNTS[n] != c.total {
                    return Err(JobError::Invalid(format!(
                        "counted {} magic squares of order {n}, but there are {}",
                        c.total, KNOWN_COUNTS[n]
                    )));
                }
                let stop = if c.complete {
                    Stop::Exhausted
                } else if cancel.load(Ordering::Relaxed) {
                    Stop::Cancelled
                } else {
                    Stop::TimeLimit
                };
                let message = if c.complete {
                    format!(
                        "{} magic squares of order {n} ({} up to rotation and reflection)",
                        c.total,
                        if n >= 3 { c.total / 8 } else { c.total }
                    )
                } else {
                    format!(
                        "{}: at least {} magic squares (incomplete count)",
                        stop.describe(),
                        c.total
                    )
                };
                Ok(MagicReport::Count(MagicCountReport {
                    order: self.order,
                    total: c.total,
                    complete: c.complete,
                    nodes: c.nodes,
                    stop,
                    example: c.first,
                    elapsed_ms: started.elapsed().as_secs_f64() * 1e3,
                    message,
                }))
            }
        }
    }
}
