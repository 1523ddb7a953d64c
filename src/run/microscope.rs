//! The GA microscope's job: re-run an evolutionary run (same seed, same settings, so the
//! same search) up to the generation asked for, and record how it bred the next one (see
//! [`crate::solve::microscope`]). Every path, placement and square it shows is checked by
//! `puzzle/` first.

use super::error::check_memory;
use super::{Job, JobError};
use crate::solve::microscope::Breeding;
use crate::solve::{Budget, Observer};
use std::sync::atomic::{AtomicBool, Ordering};

/// The most genes one generation and the next may hold in a record (each kept three
/// times or so): 2 million, about 50 MB.
pub const MAX_GENES: u64 = 2_000_000;

/// Look at generation `generation` of the run `job` describes.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MicroscopeJob {
    /// The evolutionary run (its seed and settings make the same search again).
    pub job: Job,
    /// The generation, numbered as the run's fitness plot numbers it.
    pub generation: u64,
}

/// What the microscope saw.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Looked {
    /// The generation and how it bred the next.
    Bred(Breeding),
    /// The run ended before breeding from that generation (it found what it looked for,
    /// or ran out of generations), with the last generation it reached.
    Ended {
        /// The last generation the run reported, numbered as its fitness plot numbers it
        /// (0 when it reported none).
        last: u64,
    },
}

/// Why the microscope cannot look into `job`, or `None` when it can: the catalog says
/// which algorithms it looks into.
pub fn refusal(job: &Job) -> Option<String> {
    // The algorithm's name, as the app's pickers show it, or the task's.
    let algorithm = match job.puzzle().algorithm() {
        Ok((info, _)) if info.offers.microscope => return None,
        Ok((info, _)) => info.name,
        Err(task) => task,
    };
    Some(format!(
        "the GA microscope looks into the evolutionary algorithms (Knight's Tour GA levels 1–4 and the GAs with repair and with heuristic, the N-Queens cultural algorithm, the magic-square GA); {algorithm} is not one of them"
    ))
}

/// `(population, genes per individual)` of an evolutionary job, its parameters checked
/// against the catalog (whose defaults fill in those not given).
fn sizes(job: &Job) -> Result<(u64, u64), JobError> {
    let Ok((algo, params)) = job.puzzle().algorithm() else {
        return Ok((0, 0));
    };
    let population = super::catalog::Params::new(algo, params)?.int("population")?;
    Ok((population, job.puzzle().genes()))
}

impl MicroscopeJob {
    /// Checks the run (as it checks itself), that the microscope looks into its algorithm,
    /// the generation, and the record's size.
    pub fn check(&self) -> Result<(), JobError> {
        self.job.check()?;
        if let Some(why) = refusal(&self.job) {
            return Err(JobError::Input(why));
        }
        if self.generation > 100_000_000 {
            return Err(JobError::Input(format!(
                "generation {} is past any run's end: at most 100,000,000",
                self.generation
            )));
        }
        let (population, genes) = sizes(&self.job)?;
        // Two generations, each individual's genes and what they decode to.
        let total = population.saturating_mul(genes).saturating_mul(2);
        if total > MAX_GENES {
            return Err(JobError::Input(format!(
                "the microscope records two whole generations: {population} individuals of {genes} genes make {total} genes, and it keeps at most {MAX_GENES}; lower the population or the size"
            )));
        }
        check_memory(
            "the microscope's record",
            total.saturating_mul(16),
            "lower the population or the size",
        )
    }

    /// Runs the search again up to the generation, records it, and stops. `cancel` stops it
    /// early (then `Ok(None)`); the microscope also sets it once it has what it wanted.
    pub fn run(&self, cancel: &AtomicBool) -> Result<Option<Looked>, JobError> {
        self.check()?;
        // The same search, without the clock: a run stopped by its time limit got at least
        // as far as the generation on its plot.
        let mut job = self.job.clone();
        let budget = job.puzzle_mut().budget_mut();
        *budget = Budget {
            time: None,
            until: None,
            ..*budget
        };
        let mut lens = Lens {
            want: self.generation,
            got: None,
            last: None,
            cancel,
        };
        let stopped_by_user = |lens: &Lens| lens.got.is_none() && cancel.load(Ordering::Relaxed);
        let report = job.run(cancel, &mut lens);
        if stopped_by_user(&lens) {
            return Ok(None);
        }
        match lens.got.take() {
            Some(b) => {
                validate(&self.job, &b)?;
                Ok(Some(Looked::Bred(b)))
            }
            None => {
                report?;
                Ok(Some(Looked::Ended {
                    last: lens.last.unwrap_or(0),
                }))
            }
        }
    }
}

/// The observer that asks for one generation and stops the search once it has it.
struct Lens<'a> {
    want: u64,
    got: Option<Breeding>,
    last: Option<u64>,
    cancel: &'a AtomicBool,
}

impl Observer for Lens<'_> {
    fn generation(&mut self, stats: &crate::solve::GenerationStats) {
        self.last = Some(stats.generation);
    }
    fn microscope(&self) -> Option<u64> {
        Some(self.want)
    }
    fn bred(&mut self, breeding: &Breeding) {
        self.got = Some(breeding.clone());
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// Checks every state the record shows with `puzzle/`.
fn validate(job: &Job, b: &Breeding) -> Result<(), JobError> {
    let shown = (b.members.iter().map(|m| &m.shown)).chain(b.children.iter().map(|c| &c.shown));
    for state in shown {
        job.puzzle().check_state(state)?;
    }
    Ok(())
}
