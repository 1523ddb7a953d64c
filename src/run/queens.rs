//! N-Queens jobs: check the input, run the solver (in parallel where it splits), validate
//! what it reports with `puzzle::queens`, and say in a sentence what came of it.

pub mod setup;

use super::algo::{Algorithm, QueensAlgo};
use super::catalog::Params;
use super::error::JobError;
use super::puzzle::{Answer, AnswerKey, Digest, PuzzleJob, PuzzleReport, Solved, count_summary};
use crate::platform::time::Instant;
use crate::puzzle::queens::Heuristic;
use crate::puzzle::queens::{
    A000170, A002562, MAX_N, conflicts_while, validate_partial, validate_while,
};
use crate::solve::queens::count::{self, MAX_COUNT_N, Prefix, TaskCount};
use crate::solve::queens::heuristic::random_start;
use crate::solve::queens::{
    annealing, backtracking, beam, best_first, construct, csp, cultural, hill_climbing,
    min_conflicts,
};
use crate::solve::{Budget, Control, Counters, Observer, Stop, rng_from_seed};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// The most worker threads a count may start.
pub const MAX_THREADS: usize = 1024;

/// The smallest N-Queens count worth splitting.
pub const SPLIT_FROM_QUEENS: u64 = 12;

/// An N-Queens job: n, a seed, a budget, the threads to use and what to do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QueensJob {
    /// The number of queens and the board's side: 1 to [`MAX_N`] (counts up to
    /// [`MAX_COUNT_N`]).
    pub n: u64,
    /// The seed for random draws: the start placement, a local search's moves, CSP's ties.
    pub seed: u64,
    /// Limits on the run; a count heeds only its time limit.
    pub budget: Budget,
    /// Worker threads for the parts that run in parallel (`None`: one per core).
    pub threads: Option<usize>,
    /// What to do: count all solutions or those completing a prefix, or find one.
    pub task: QueensTask,
}

/// What an N-Queens job does.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum QueensTask {
    /// Every solution, by bitboard backtracking with symmetry.
    Count,
    /// Every solution of one part of the count's pieces, as one of several workers side
    /// by side (a browser's, which share no threads); see [`super::split`].
    CountPart {
        /// Which part.
        part: super::split::Part,
    },
    /// The solutions whose first columns hold queens on these rows (the row of the queen
    /// in column 0, 1, …), by bitboard backtracking.
    CountPrefix {
        /// The rows of the queens in columns 0, 1, … (each below n, at most n of them).
        prefix: Vec<u32>,
    },
    /// One solution.
    Solve {
        /// The algorithm's catalog id, e.g. `min-conflicts` (see [`QueensAlgo`]).
        algorithm: QueensAlgo,
        /// Its parameters as `(name, value)` pairs; catalog defaults fill in the rest.
        params: Vec<(String, String)>,
    },
}

/// What an N-Queens job reports, by its task.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum QueensReport {
    /// A count of solutions: every one, or those that complete a partial placement.
    Count(QueensCountReport),
    /// A solve's placement and how it ended.
    Solve(QueensSolveReport),
}

impl PuzzleReport for QueensReport {
    fn claimed(&self) -> Vec<(&'static str, u64)> {
        match self {
            QueensReport::Solve(r) => {
                let mut c = super::puzzle::counters_claimed(&r.counters);
                c.push(("conflicts", r.conflicts));
                c
            }
            QueensReport::Count(r) => vec![("nodes", r.nodes), ("unique", r.unique)],
        }
    }

    fn sequence(&self) -> Option<&[u32]> {
        match self {
            QueensReport::Solve(r) => Some(&r.rows),
            QueensReport::Count(_) => None,
        }
    }

    fn item_name(&self, index: usize, item: u32) -> String {
        let n = match self {
            QueensReport::Solve(r) => r.n,
            QueensReport::Count(r) => r.n,
        };
        let col = u32::try_from(index).unwrap_or(u32::MAX);
        if u64::from(item) >= n {
            return format!(
                "the queen of file {}, off the board",
                crate::puzzle::knight::file_letters(col)
            );
        }
        format!(
            "the queen of file {}, on {}",
            crate::puzzle::knight::file_letters(col),
            super::trace::queens::square_name(n, col, item)
        )
    }

    fn broken(&self) -> Option<String> {
        let QueensReport::Solve(r) = self else {
            return None;
        };
        let n = usize::try_from(r.n).unwrap_or(usize::MAX);
        if r.found {
            return crate::puzzle::queens::validate(n, &r.rows)
                .err()
                .map(|e| format!("it is not a solution: {e}"));
        }
        // A placement that is no solution still has a queen per file at most, on the board.
        (r.rows.len() > n || r.rows.iter().any(|&row| row as usize >= n))
            .then(|| format!("it is not a placement on {n}×{n}"))
    }

    fn elapsed_ms(&self) -> f64 {
        match self {
            QueensReport::Solve(r) => r.elapsed_ms,
            QueensReport::Count(r) => r.elapsed_ms,
        }
    }

    fn solved(&self) -> Option<Solved<'_>> {
        match self {
            QueensReport::Solve(r) => Some(Solved {
                found: r.found,
                elapsed_ms: r.elapsed_ms,
                answer: &r.rows,
                counters: r.counters,
                message: &r.message,
            }),
            QueensReport::Count(_) => None,
        }
    }

    fn answer(&self) -> Answer {
        match self {
            QueensReport::Solve(r) => Answer {
                key: AnswerKey::Sequence {
                    found: r.found,
                    cells: Digest::of(&r.rows),
                },
                summary: format!(
                    "{} (rows {:?}{})",
                    if r.found { "a solution" } else { "no solution" },
                    &r.rows[..r.rows.len().min(12)],
                    if r.rows.len() > 12 { " …" } else { "" }
                ),
                stop: Some(r.stop),
            },
            QueensReport::Count(r) => Answer {
                key: AnswerKey::Count {
                    complete: r.complete,
                    total: r.total,
                    per_square: None,
                },
                summary: count_summary(r.total, "solutions", r.complete),
                stop: Some(r.stop),
            },
        }
    }
}

/// What a solve reports: the placement, its attacking pairs, why it stopped, its figures
/// and a sentence on how it ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QueensSolveReport {
    /// The number of queens.
    pub n: u64,
    /// The algorithm run.
    pub algorithm: QueensAlgo,
    /// Every parameter's value, defaults included, as `(name, value)` pairs in name order.
    pub params: Vec<(String, String)>,
    /// The seed the run used.
    pub seed: u64,
    /// Whether a solution was found; `puzzle::queens` has checked it.
    pub found: bool,
    /// Row of the queen in each column (a solution when `found`; else the last placement,
    /// which may be empty).
    pub rows: Vec<u32>,
    /// Attacking pairs in `rows`.
    pub conflicts: u64,
    /// Why the run ended.
    pub stop: Stop,
    /// The run's figures at its end.
    pub counters: Counters,
    /// Running time in milliseconds, pauses not counted.
    pub elapsed_ms: f64,
    /// What came of the run, in a sentence for people.
    pub message: String,
}

/// What a count of N-Queens solutions reports.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QueensCountReport {
    /// The number of queens.
    pub n: u64,
    /// Every solution (all rotations and reflections counted).
    pub total: u64,
    /// Solutions up to rotation and reflection.
    pub unique: u64,
    /// Whether the count finished: `total` is then exact, else a lower bound.
    pub complete: bool,
    /// Placements the bitboard search tried (0 for a full count of n < 5, done at once).
    pub nodes: u64,
    /// Threads in the count's pool (where it needed none: the number asked for, or 1).
    pub threads: usize,
    /// Why the count ended: `Exhausted` when it finished, else `TimeLimit` or `Cancelled`.
    pub stop: Stop,
    /// Running time in milliseconds, pauses not counted.
    pub elapsed_ms: f64,
    /// What came of the count, in a sentence for people.
    pub message: String,
    /// The partial placement completed (a count with a prefix; `unique` is then 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prefix: Option<Vec<u32>>,
    /// Why no solution completes the prefix when its queens attack each other.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub illegal: Option<String>,
}

impl QueensJob {}

impl PuzzleJob for QueensJob {
    fn budget(&self) -> &Budget {
        &self.budget
    }

    fn budget_mut(&mut self) -> &mut Budget {
        &mut self.budget
    }

    fn algorithm(&self) -> super::puzzle::Solving<'_> {
        match &self.task {
            QueensTask::Solve { algorithm, params } => Ok((algorithm.info(), params.as_slice())),
            QueensTask::Count | QueensTask::CountPart { .. } | QueensTask::CountPrefix { .. } => {
                Err("counting")
            }
        }
    }

    fn genes(&self) -> u64 {
        self.n
    }

    /// A placement: a row below n for each of the n files.
    fn check_state(&self, rows: &[u32]) -> Result<(), JobError> {
        if rows.len() as u64 != self.n || rows.iter().any(|&r| u64::from(r) >= self.n) {
            return Err(JobError::Invalid(format!(
                "a placement of {} queens with rows outside 0..{}",
                rows.len(),
                self.n
            )));
        }
        Ok(())
    }

    /// A count of [`SPLIT_FROM_QUEENS`] queens or more.
    fn worth_splitting(&self) -> bool {
        self.n >= SPLIT_FROM_QUEENS
    }

    /// A count of every solution splits by the count's pieces; nothing else does.
    fn split(&self, parts: &[super::split::Part]) -> Option<Vec<QueensJob>> {
        if self.task != QueensTask::Count {
            return None;
        }
        let one = |&part| QueensJob {
            task: QueensTask::CountPart { part },
            ..self.clone()
        };
        Some(parts.iter().map(one).collect())
    }

    fn merge(&self, parts: Vec<QueensReport>) -> Result<QueensReport, JobError> {
        let counts = (parts.into_iter())
            .map(|r| match r {
                QueensReport::Count(c) => Ok(c),
                QueensReport::Solve(_) => {
                    Err(JobError::Invalid("a part's report is not a count's".into()))
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(QueensReport::Count(merge_counts(self, &counts)?))
    }

    fn figures(&self) -> &'static [super::catalog::Figure] {
        super::catalog::queens_figures(&PuzzleJob::label_and_seed(self).0)
    }

    type Report = QueensReport;

    fn title(&self) -> String {
        match &self.task {
            QueensTask::Count => format!("{}-queens, count", self.n),
            QueensTask::CountPart { part } => {
                format!(
                    "{}-queens, count, part {} of {}",
                    self.n,
                    part.index + 1,
                    part.of
                )
            }
            QueensTask::CountPrefix { prefix } => format!(
                "{}-queens, count from rows {}",
                self.n,
                prefix
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            ),
            QueensTask::Solve { algorithm, .. } => {
                format!("{}-queens, {algorithm}, seed {}", self.n, self.seed)
            }
        }
    }

    fn label_and_seed(&self) -> (String, u64) {
        let label = match &self.task {
            QueensTask::Count | QueensTask::CountPart { .. } | QueensTask::CountPrefix { .. } => {
                "queens-count".to_string()
            }
            QueensTask::Solve { algorithm, .. } => algorithm.id().to_string(),
        };
        (label, self.seed)
    }

    fn check(&self) -> Result<(), JobError> {
        super::error::check_budget(&self.budget)?;
        if self.n == 0 || self.n > MAX_N {
            return Err(JobError::Input(format!(
                "n = {} is out of range: n is a whole number from 1 to {MAX_N}",
                self.n
            )));
        }
        if let Some(t) = self.threads.filter(|t| !(1..=MAX_THREADS).contains(t)) {
            return Err(JobError::Input(format!(
                "--threads {t} is out of range: from 1 to {MAX_THREADS}"
            )));
        }
        match self.task {
            QueensTask::Count | QueensTask::CountPart { .. } | QueensTask::CountPrefix { .. }
                if self.n > u64::from(MAX_COUNT_N) =>
            {
                Err(JobError::Input(format!(
                    "counting goes up to n = {MAX_COUNT_N} (the bitboards are 32 bits; n = 27 alone took a year of FPGA time)"
                )))
            }
            QueensTask::Count => Ok(()),
            QueensTask::CountPart { part } => part.check(),
            QueensTask::CountPrefix { ref prefix } if prefix.len() as u64 > self.n => {
                Err(JobError::Input(format!(
                    "the prefix places {} queens and the board has only {} columns",
                    prefix.len(),
                    self.n
                )))
            }
            QueensTask::CountPrefix { ref prefix } => {
                match prefix.iter().position(|&r| u64::from(r) >= self.n) {
                    Some(c) => Err(JobError::Input(format!(
                        "the prefix puts column {c}'s queen on row {}, off the {n}x{n} board: rows are 0..{}",
                        prefix[c],
                        self.n - 1,
                        n = self.n
                    ))),
                    None => Ok(()),
                }
            }
            QueensTask::Solve {
                ref algorithm,
                ref params,
            } => {
                let algo = algorithm.info();
                let params = Params::new(algo, params)?;
                algo.check_size(self.n, "queens (n)")?;
                if let Some(population) = params.try_int("population") {
                    // The population, its children and the belief space's copies: about
                    // three rows of four bytes per queen per individual.
                    super::error::check_memory(
                        &format!(
                            "{} with a population of {population} on {} queens",
                            algo.name, self.n
                        ),
                        population.saturating_mul(self.n).saturating_mul(12),
                        "lower the population or n",
                    )?;
                }
                Ok(())
            }
        }
    }

    fn run(
        &self,
        cancel: &AtomicBool,
        observer: &mut dyn Observer,
    ) -> Result<QueensReport, JobError> {
        self.check()?;
        match &self.task {
            QueensTask::Count => count_all(self, super::split::Part::WHOLE, cancel, observer)
                .map(QueensReport::Count),
            QueensTask::CountPart { part } => {
                count_all(self, *part, cancel, observer).map(QueensReport::Count)
            }
            QueensTask::CountPrefix { prefix } => {
                count_prefix(self, prefix, cancel, observer).map(QueensReport::Count)
            }
            QueensTask::Solve { algorithm, params } => {
                solve(self, *algorithm, params, cancel, observer).map(QueensReport::Solve)
            }
        }
    }
}

/// Hill climbing's variant from its parameters (`variant`, `sideways_limit`).
pub fn climb(params: &Params) -> Result<hill_climbing::Climb, JobError> {
    Ok(hill_climbing::Climb {
        variant: params.choice("variant")?,
        sideways_limit: params.int("sideways_limit")?,
    })
}

/// Simulated annealing's configuration from its parameters.
pub fn anneal_config(params: &Params) -> Result<annealing::Config, JobError> {
    Ok(annealing::Config {
        schedule: params.choice("schedule")?,
        t0: params.float("t0")?,
        cooling: params.float("cooling")?,
        max_steps: params.int("max_steps")?,
    })
}

/// Local beam search's configuration from its parameters.
pub fn beam_config(params: &Params) -> Result<beam::Config, JobError> {
    Ok(beam::Config {
        k: params.int("k")? as usize,
        selection: params.choice("selection")?,
        temperature: params.float("temperature")?,
        max_rounds: params.int("max_rounds")?,
    })
}

/// Constraint-satisfaction backtracking's configuration from its parameters.
pub fn csp_config(params: &Params, seed: u64) -> Result<csp::Config, JobError> {
    Ok(csp::Config {
        var: params.choice("var_order")?,
        value: params.choice("value_order")?,
        inference: params.choice("inference")?,
        ties: params.choice("ties")?,
        seed,
    })
}

/// Runs the solver `kind` on `n` queens: its rows, how it stopped, and its counters.
fn search(
    kind: QueensAlgo,
    n: usize,
    params: &Params,
    seed: u64,
    rng: &mut crate::solve::Rng,
    ctl: &mut Control,
) -> Result<(Vec<u32>, Stop, Counters), JobError> {
    let heuristic = || Heuristic::parse(params.get("heuristic")).unwrap_or(Heuristic::H1);
    use QueensAlgo as Q;
    // n = 2 and 3 have no solution: a local search would only run out of its budget.
    if matches!(kind, Q::MinConflicts | Q::Annealing | Q::Beam) && (n == 2 || n == 3) {
        return Ok((Vec::new(), Stop::Exhausted, Counters::default()));
    }
    Ok(match kind {
        Q::Backtracking => {
            let o = backtracking::solve(n, ctl);
            (o.rows, o.stop, o.counters)
        }
        Q::BestFirst => {
            let o = best_first::solve(&random_start(n, rng), heuristic(), ctl);
            (o.rows, o.stop, o.counters)
        }
        Q::HillClimbing => {
            // The start comes from the seed; the restarts from the generator after it.
            let s = random_start(n, rng);
            let o = hill_climbing::solve_climb(
                &s,
                heuristic(),
                params.int("max_restarts")?,
                climb(params)?,
                rng,
                ctl,
                &mut crate::solve::trace::Off,
            );
            (o.rows, o.stop, o.counters)
        }
        Q::Cultural => {
            let s = random_start(n, rng);
            let config = cultural::Config {
                population: params.int("population")? as usize,
                generations: params.int("generations")?,
                stagnation: params.int("stagnation")?,
            };
            let o = cultural::solve(&s, heuristic(), &config, rng, ctl);
            (o.rows, o.stop, o.counters)
        }
        Q::MinConflicts => {
            let config = min_conflicts::Config {
                tail: params.int("tail")? as usize,
                tries: params.int("tries")? as u32,
                max_stall: params.int("max_stall")? as u32,
            };
            let o = min_conflicts::solve(n, &config, rng, ctl);
            (o.rows, o.stop, o.counters)
        }
        Q::Annealing => {
            let o = annealing::solve(n, &anneal_config(params)?, rng, ctl);
            (o.rows, o.stop, o.counters)
        }
        Q::Beam => {
            let o = beam::solve(n, &beam_config(params)?, rng, ctl);
            (o.rows, o.stop, o.counters)
        }
        Q::Csp => {
            let o = csp::solve(n, &csp_config(params, seed)?, ctl);
            (o.rows, o.stop, o.counters)
        }
        Q::Construct => match construct::construct(n as u32) {
            Some(rows) => (rows, Stop::Found, Counters::default()),
            None => (Vec::new(), Stop::Exhausted, Counters::default()),
        },
    })
}

/// Finds one placement with the chosen algorithm, validated by `puzzle::queens`.
fn solve(
    job: &QueensJob,
    kind: QueensAlgo,
    given: &[(String, String)],
    cancel: &AtomicBool,
    observer: &mut dyn Observer,
) -> Result<QueensSolveReport, JobError> {
    let algo = kind.info();
    let params = Params::new(algo, given)?;
    let n = job.n as usize;
    // The seed's generator, made before the clock starts: the start placement comes from
    // it, and a local search's later draws.
    let mut rng = rng_from_seed(job.seed);
    let mut ctl = Control::new(job.budget, cancel, observer);
    let (rows, stop, counters) = search(kind, n, &params, job.seed, &mut rng, &mut ctl)?;
    // Running time: a pause does not count.
    let elapsed = ctl.elapsed();
    let found = stop == Stop::Found;
    // Checking millions of queens takes a while; Stop or Ctrl-C gives it up.
    let mut go_on = super::until_cancelled(cancel);
    let checked = if found {
        // A solution has no attacking pair, as `validate` shows.
        validate_while(n, &rows, &mut go_on)
            .map_err(|e| {
                JobError::Invalid(format!(
                    "{} reported a placement that is not a solution: {e}",
                    algo.id
                ))
            })?
            .then_some(0)
    } else if rows.is_empty() {
        Some(0)
    } else {
        conflicts_while(&rows, &mut go_on)
    };
    let Some(conflicts) = checked else {
        return Ok(QueensSolveReport {
            n: job.n,
            algorithm: kind,
            params: params.pairs(),
            seed: job.seed,
            found: false,
            rows: Vec::new(),
            conflicts: 0,
            stop: Stop::Cancelled,
            counters,
            elapsed_ms: elapsed.as_secs_f64() * 1e3,
            message: format!(
                "cancelled while checking the answer: the {} of {} queens is not shown, since only what the rules of the puzzle have checked is shown",
                if found { "solution" } else { "placement" },
                rows.len()
            ),
        });
    };
    let message = outcome(kind, &params, n, &rows, stop, conflicts)?;
    Ok(QueensSolveReport {
        n: job.n,
        algorithm: kind,
        params: params.pairs(),
        seed: job.seed,
        found,
        rows,
        conflicts,
        stop,
        counters,
        elapsed_ms: elapsed.as_secs_f64() * 1e3,
        message,
    })
}

/// One sentence on how a solve of `n` queens ended, with `rows` its answer and `conflicts`
/// the attacking pairs left in it.
fn outcome(
    kind: QueensAlgo,
    params: &Params,
    n: usize,
    rows: &[u32],
    stop: Stop,
    conflicts: u64,
) -> Result<String, JobError> {
    let found = stop == Stop::Found;
    Ok(if found && n == 1 {
        "placed 1 queen: nothing to attack it".to_string()
    } else if found {
        format!("placed {n} queens, none attacking another")
    } else if n == 2 || n == 3 {
        // Proved by searching every placement (count_small is exhaustive).
        let total = count::count_small(n as u32);
        debug_assert_eq!(total, 0);
        format!(
            "no solution exists for n = {n}: all {} placements of one queen per column were searched and none is free of attacks",
            n.pow(n as u32)
        )
    } else {
        let pairs = |k: u64| {
            if k == 1 {
                "1 attacking pair".to_string()
            } else {
                format!("{k} attacking pairs")
            }
        };
        let why = match (kind, stop) {
            (QueensAlgo::HillClimbing, Stop::Stuck) => {
                // Where it stopped, by the rules (every heuristic orders placements as
                // the attacking pairs do).
                let on = match crate::puzzle::queens::Standing::of(rows) {
                    Some(crate::puzzle::queens::Standing::Plateau { .. }) => {
                        "on a plateau (no move lowers the conflicts)"
                    }
                    _ => "at a local minimum",
                };
                format!(
                    "stuck {on} after {} restarts (the max_restarts limit)",
                    params.int("max_restarts")?
                )
            }
            (QueensAlgo::Beam, Stop::Stuck) => format!(
                "{} rounds (max_rounds) without a solution; the answer is the best placement the beam held",
                params.int("max_rounds")?
            ),
            (QueensAlgo::Annealing, Stop::Stuck) => format!(
                "cooled down after its {} proposals (max_steps) without a solution; the answer is the best placement it saw",
                params.int("max_steps")?
            ),
            _ => stop.describe().to_string(),
        };
        if rows.is_empty() {
            format!("{why}: no solution found (stopped before the first full placement)")
        } else if rows.len() < n {
            format!(
                "{why}: no solution found ({} of {n} queens placed, {})",
                rows.len(),
                pairs(conflicts)
            )
        } else {
            format!("{why}: no solution found ({} left)", pairs(conflicts))
        }
    })
}

/// What [`count_parts`] found: the sum, whether it is complete and why it stopped, the
/// threads and the running time (less any pause).
struct Counted {
    sum: TaskCount,
    complete: bool,
    stop: Stop,
    threads: usize,
    running: Duration,
}

/// One piece of a count.
enum Part {
    Symmetric(count::Task),
    Prefix(Prefix),
}

/// Counts the parts, spread over a rayon pool of `job.threads`, within the job's time
/// limit, reporting progress to `observer` (where a pause holds every thread).
fn count_parts(
    job: &QueensJob,
    parts: &[Part],
    cancel: &AtomicBool,
    observer: &mut dyn Observer,
) -> Result<Counted, JobError> {
    let started = Instant::now();
    // The limit counts running time: each report to the observer (where a pause holds the
    // count) moves the deadline on by the time spent paused so far.
    let nanos = |d: Duration| u64::try_from(d.as_nanos()).unwrap_or(u64::MAX);
    let limit = job.budget.time.map(nanos);
    let deadline = AtomicU64::new(limit.unwrap_or(u64::MAX));
    let paused = AtomicU64::new(0);
    let tally = Mutex::new((Counters::default(), observer));
    // Reports the counters so far to the observer (where a pause holds every thread: the
    // one in it holds the lock), then moves the deadline on by the time held paused.
    let report = |add: Option<&TaskCount>| {
        if let Ok(mut g) = tally.lock() {
            let (counters, observer) = &mut *g;
            if let Some(c) = add {
                counters.attempts += 1;
                counters.nodes += c.nodes;
                counters.solutions += c.total();
            }
            let snapshot = *counters;
            let running = started.elapsed().saturating_sub(observer.paused());
            observer.progress(&snapshot, running);
            let held = nanos(observer.paused());
            paused.store(held, Ordering::Relaxed);
            if let Some(l) = limit {
                deadline.store(l.saturating_add(held), Ordering::Relaxed);
            }
        }
    };
    // Asked every few hundred thousand nodes within a task: a pause holds there too.
    let stop = || {
        report(None);
        cancel.load(Ordering::Relaxed)
            || nanos(started.elapsed()) >= deadline.load(Ordering::Relaxed)
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(super::worker_threads(job.threads))
        .build()
        // Where no thread can be started (a browser's worker), this one counts alone, as
        // rayon's own pool does there (the thread is tied to the pool for good, and a
        // worker runs one job).
        .or_else(|e| match crate::platform::worker::THREADS {
            true => Err(e),
            false => {
                let alone = rayon::ThreadPoolBuilder::new().num_threads(1);
                alone.use_current_thread().build()
            }
        })
        .map_err(|e| JobError::Input(format!("cannot start worker threads: {e}")))?;
    let threads = pool.current_num_threads();
    let sum = pool.install(|| {
        parts
            .par_iter()
            .map(|part| {
                if stop() {
                    return TaskCount::default();
                }
                let c = match part {
                    Part::Symmetric(t) => count::count_task(t, &stop),
                    Part::Prefix(p) => p.count(&stop),
                };
                report(Some(&c));
                c
            })
            .reduce(
                || TaskCount {
                    complete: true,
                    ..TaskCount::default()
                },
                |mut a, b| {
                    a.add(&b);
                    a
                },
            )
    });
    // A part skipped or cut short by the stop reports itself incomplete.
    let complete = sum.complete;
    let stop = if complete {
        Stop::Exhausted
    } else if cancel.load(Ordering::Relaxed) {
        Stop::Cancelled
    } else {
        Stop::TimeLimit
    };
    Ok(Counted {
        sum,
        complete,
        stop,
        threads,
        running: started
            .elapsed()
            .saturating_sub(Duration::from_nanos(paused.load(Ordering::Relaxed))),
    })
}

/// Counts every solution (or, for a `part` of the count, that part's share of its pieces),
/// the pieces spread over a rayon pool of `job.threads`.
fn count_all(
    job: &QueensJob,
    part: super::split::Part,
    cancel: &AtomicBool,
    observer: &mut dyn Observer,
) -> Result<QueensCountReport, JobError> {
    let n = job.n as u32;
    let (counted, small) = if n < 5 {
        // Counted at once, whole, by the job or by its part 0: other parts have nothing.
        let counted = Counted {
            sum: TaskCount {
                complete: true,
                ..TaskCount::default()
            },
            complete: true,
            stop: Stop::Exhausted,
            threads: match part == super::split::Part::WHOLE {
                true => job.threads.unwrap_or(1),
                false => 1,
            },
            running: Duration::ZERO,
        };
        (counted, (part.index == 0).then(|| count::count_small(n)))
    } else {
        let parts: Vec<Part> = (count::tasks(n).into_iter().enumerate())
            .filter(|&(i, _)| part.owns(i as u32))
            .map(|(_, t)| Part::Symmetric(t))
            .collect();
        (count_parts(job, &parts, cancel, observer)?, None)
    };
    let Counted {
        sum,
        complete,
        stop: stop_reason,
        threads,
        running,
    } = counted;
    let total = small.unwrap_or_else(|| sum.total());
    let unique = match small {
        Some(_) if part.index == 0 => A002562[n as usize],
        Some(_) => 0,
        None => sum.unique(),
    };
    // A part's figures are not the whole count's: the merged count is checked and told.
    let message = if part == super::split::Part::WHOLE {
        count_sentence(n, (total, unique), complete, stop_reason)?
    } else {
        format!("part {} of {} of the count", part.index + 1, part.of)
    };
    Ok(QueensCountReport {
        n: job.n,
        total,
        unique,
        complete,
        nodes: sum.nodes,
        threads,
        stop: stop_reason,
        elapsed_ms: running.as_secs_f64() * 1e3,
        message,
        prefix: None,
        illegal: None,
    })
}

/// What came of a count of every solution of `n` queens, in a sentence; a complete count is
/// first checked against the literature where the literature has it.
fn count_sentence(
    n: u32,
    (total, unique): (u64, u64),
    complete: bool,
    stop: Stop,
) -> Result<String, JobError> {
    let plural = if total == 1 { "" } else { "s" };
    if !complete {
        return Ok(format!(
            "{}: at least {total} solution{plural} (incomplete count)",
            stop.describe()
        ));
    }
    if let Some(&known) = A000170.get(n as usize)
        && known != total
    {
        return Err(JobError::Invalid(format!(
            "counted {total} solutions for n = {n}, but OEIS A000170 has {known}"
        )));
    }
    Ok(if n < 5 {
        format!("{total} solution{plural}")
    } else {
        format!("{total} solution{plural} ({unique} up to rotation and reflection)")
    })
}

/// The count of every solution from its `parts`' reports (see [`super::split`]).
pub(crate) fn merge_counts(
    job: &QueensJob,
    parts: &[QueensCountReport],
) -> Result<QueensCountReport, JobError> {
    let n = job.n as u32;
    if parts.is_empty() || parts.len() > super::split::MAX_PARTS as usize {
        return Err(JobError::Invalid(format!(
            "{} parts: a count joins 1 to {} parts",
            parts.len(),
            super::split::MAX_PARTS
        )));
    }
    if let Some(r) = parts.iter().find(|r| r.n != job.n || r.prefix.is_some()) {
        return Err(JobError::Invalid(format!(
            "a part counted {} queens, not the job's {}",
            r.n, job.n
        )));
    }
    let total = parts.iter().map(|r| r.total).sum();
    let unique = parts.iter().map(|r| r.unique).sum();
    let complete = parts.iter().all(|r| r.complete);
    let stop = Stop::first_of(parts.iter().map(|r| r.stop));
    Ok(QueensCountReport {
        n: job.n,
        total,
        unique,
        complete,
        nodes: parts.iter().map(|r| r.nodes).sum(),
        threads: parts.iter().map(|r| r.threads).sum(),
        stop,
        elapsed_ms: parts.iter().map(|r| r.elapsed_ms).fold(0.0, f64::max),
        message: count_sentence(n, (total, unique), complete, stop)?,
        prefix: None,
        illegal: None,
    })
}

/// Counts the solutions that complete a partial placement (its queens already checked to
/// be on the board). A placement whose queens attack each other is answered 0, with the
/// attacking pairs named by the puzzle's own check.
fn count_prefix(
    job: &QueensJob,
    prefix: &[u32],
    cancel: &AtomicBool,
    observer: &mut dyn Observer,
) -> Result<QueensCountReport, JobError> {
    let n = job.n as u32;
    let started = Instant::now();
    let placed = prefix.len();
    let (counted, illegal) = match (validate_partial(n as usize, prefix), Prefix::new(n, prefix)) {
        (Ok(()), Some(p)) => {
            // Split twice, so that a few first columns still make enough parts to share.
            let parts: Vec<Part> = p
                .split()
                .iter()
                .flat_map(Prefix::split)
                .map(Part::Prefix)
                .collect();
            let counted = if parts.is_empty() {
                Counted {
                    sum: TaskCount {
                        complete: true,
                        ..TaskCount::default()
                    },
                    complete: true,
                    stop: Stop::Exhausted,
                    threads: job.threads.unwrap_or(1),
                    running: started.elapsed(),
                }
            } else {
                count_parts(job, &parts, cancel, observer)?
            };
            (counted, None)
        }
        (Err(e), _) => {
            let counted = Counted {
                sum: TaskCount {
                    complete: true,
                    ..TaskCount::default()
                },
                complete: true,
                stop: Stop::Exhausted,
                threads: job.threads.unwrap_or(1),
                running: started.elapsed(),
            };
            (
                counted,
                Some(format!("the queens given attack each other: {e}")),
            )
        }
        (Ok(()), None) => {
            return Err(JobError::Invalid(format!(
                "the puzzle accepts the placement {prefix:?} on {n}x{n} and the counter does not"
            )));
        }
    };
    let total = counted.sum.total();
    let rows = |k: usize| if k == 1 { "column" } else { "columns" };
    let what = |count: u64| {
        let begin = if count == 1 {
            "solution begins"
        } else {
            "solutions begin"
        };
        format!("{begin} with the {placed} {} given", rows(placed))
    };
    let message = match (&illegal, counted.complete) {
        (Some(why), _) => format!("0 {}: {why}", what(0)),
        (None, true) => format!("{total} {}", what(total)),
        (None, false) => format!(
            "{}: at least {total} {} (incomplete count)",
            counted.stop.describe(),
            what(total)
        ),
    };
    Ok(QueensCountReport {
        n: job.n,
        total,
        unique: 0,
        complete: counted.complete,
        nodes: counted.sum.nodes,
        threads: counted.threads,
        stop: counted.stop,
        elapsed_ms: counted.running.as_secs_f64() * 1e3,
        message,
        prefix: Some(prefix.to_vec()),
        illegal,
    })
}

/// N-Queens: n queens on an n × n board, no two attacking each other.
pub struct QueensDef;

/// The Queens puzzle, as the registry and every layer above it name it.
pub const PUZZLE: super::PuzzleId = super::PuzzleId::of(&QueensDef);

impl super::PuzzleDef for QueensDef {
    fn name(&self) -> &'static str {
        "Queens"
    }

    fn key(&self) -> &'static str {
        "queens"
    }

    fn title(&self) -> &'static str {
        "N-Queens"
    }

    fn catalog(&self) -> &'static [super::catalog::AlgorithmInfo] {
        super::catalog::QUEENS_ALGORITHMS
    }

    fn hints(&self) -> &'static [super::play::HintKind] {
        super::play::queens::HINTS
    }

    fn link_keys(&self) -> &'static str {
        setup::QueensSetUp::LINK_KEYS
    }

    fn read_link(
        &self,
        fields: &mut super::setup::Fields,
        choice: super::setup::Choice,
    ) -> Result<Box<dyn super::setup::LessonSetUp>, String> {
        Ok(Box::new(setup::QueensSetUp::from_link(fields, choice)?))
    }
}
