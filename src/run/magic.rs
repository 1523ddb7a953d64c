//! Magic-square jobs: check the input, run the construction or the count, validate what
//! comes out with `puzzle::magic`, and say in a sentence what came of it.

pub mod setup;

use super::algo::{Algorithm, MagicAlgo};
use super::catalog::Params;
use super::error::JobError;
use super::puzzle::{Answer, AnswerKey, Digest, PuzzleJob, PuzzleReport, Solved, count_summary};
use crate::platform::time::Instant;
use crate::puzzle::magic::{MAX_ORDER, magic_constant, validate};
use crate::solve::magic::construct::{construct, method};
use crate::solve::magic::count::{MAX_COUNT_ORDER, count};
use crate::solve::magic::ga;
use crate::solve::{Budget, Counters, Observer, Stop};
use crate::solve::{Control, rng_from_seed};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, Ordering};

/// The number of magic squares of order 1 to 4, rotations and reflections counted apart
/// (OEIS A006052 gives them up to symmetry: 1, 0, 1, 880; times 8 from order 3 on).
pub const KNOWN_COUNTS: [u64; 5] = [1, 1, 0, 8, 7040];

/// A magic-square job: the order, a seed, a budget and what to do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MagicJob {
    /// The order n: an n x n square of the numbers 1 to n², n from 1 to [`MAX_ORDER`].
    pub order: u64,
    /// The seed of the GA's random number generator (the construction and count use none).
    pub seed: u64,
    /// Limits on the run (the count heeds only its time limit, the construction none).
    pub budget: Budget,
    /// What to do: build one square, count them all, or run an algorithm of the catalog.
    pub task: MagicTask,
}

/// What a magic-square job does.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum MagicTask {
    /// One square by the construction for its order.
    Construct,
    /// Every square of order 3 or 4.
    Count,
    /// Squares by an algorithm of the catalog (`ga` or `construct`).
    Solve {
        /// The algorithm's catalog id: `ga` or `construct`.
        algorithm: MagicAlgo,
        /// Its parameters as `(name, value)` pairs; catalog defaults fill in the rest.
        params: Vec<(String, String)>,
    },
}

/// What a magic-square job reports, by its task.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum MagicReport {
    /// The square the construction built, or why there is none.
    Construct(MagicConstructReport),
    /// How many magic squares the order has.
    Count(MagicCountReport),
    /// The squares an algorithm of the catalog found.
    Solve(MagicSolveReport),
}

impl PuzzleReport for MagicReport {
    fn claimed(&self) -> Vec<(&'static str, u64)> {
        match self {
            MagicReport::Solve(r) => {
                let mut c = super::puzzle::counters_claimed(&r.counters);
                c.push(("best_fitness", r.best_fitness));
                c.push(("generations_run", r.generations));
                // The generation each square appeared in.
                c.extend(
                    r.squares
                        .iter()
                        .map(|(_, g)| ("generation of a square", *g)),
                );
                c
            }
            MagicReport::Count(r) => vec![("nodes", r.nodes), ("unique", r.unique)],
            MagicReport::Construct(_) => Vec::new(),
        }
    }

    fn sequence(&self) -> Option<&[u32]> {
        match self {
            MagicReport::Solve(r) => Some(r.squares.first().map_or(&r.best, |s| &s.0)),
            MagicReport::Construct(r) => Some(&r.square),
            MagicReport::Count(_) => None,
        }
    }

    fn item_name(&self, index: usize, item: u32) -> String {
        let order = match self {
            MagicReport::Solve(r) => r.order,
            MagicReport::Construct(r) => r.order,
            MagicReport::Count(r) => r.order,
        };
        let n = usize::try_from(order).unwrap_or(1).max(1);
        format!(
            "the cell in row {}, column {}, holding {item}",
            index / n + 1,
            index % n + 1
        )
    }

    fn broken(&self) -> Option<String> {
        let check = |order: u64, cells: &[u32]| {
            validate(usize::try_from(order).unwrap_or(usize::MAX), cells)
                .err()
                .map(|e| format!("it is not a magic square: {e}"))
        };
        match self {
            MagicReport::Solve(r) => r.squares.iter().find_map(|(s, _)| check(r.order, s)),
            MagicReport::Construct(r) if r.found => check(r.order, &r.square),
            MagicReport::Construct(_) | MagicReport::Count(_) => None,
        }
    }

    fn elapsed_ms(&self) -> f64 {
        match self {
            MagicReport::Solve(r) => r.elapsed_ms,
            MagicReport::Construct(r) => r.elapsed_ms,
            MagicReport::Count(r) => r.elapsed_ms,
        }
    }

    fn solved(&self) -> Option<Solved<'_>> {
        match self {
            MagicReport::Solve(r) => Some(Solved {
                found: r.found,
                elapsed_ms: r.elapsed_ms,
                answer: r.squares.first().map_or(&r.best, |s| &s.0),
                counters: r.counters,
                message: &r.message,
            }),
            MagicReport::Construct(_) | MagicReport::Count(_) => None,
        }
    }

    fn answer(&self) -> Answer {
        match self {
            MagicReport::Solve(r) => Answer {
                key: AnswerKey::Squares {
                    found: r.found,
                    squares: Digest::of(
                        &r.squares
                            .iter()
                            .map(|(s, _)| Digest::of(s))
                            .collect::<Vec<_>>(),
                    ),
                },
                summary: format!("{} magic square(s)", r.squares.len()),
                stop: Some(r.stop),
            },
            MagicReport::Construct(r) => Answer {
                key: AnswerKey::Sequence {
                    found: r.found,
                    cells: Digest::of(&r.square),
                },
                summary: format!("the {} construction", r.method),
                stop: None,
            },
            MagicReport::Count(r) => Answer {
                key: AnswerKey::Count {
                    complete: r.complete,
                    total: r.total,
                    per_square: None,
                },
                summary: count_summary(r.total, "squares", r.complete),
                stop: Some(r.stop),
            },
        }
    }
}

/// What a run of a catalog algorithm (`ga` or `construct`) reports.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MagicSolveReport {
    /// The order n of the squares sought.
    pub order: u64,
    /// The algorithm run.
    pub algorithm: MagicAlgo,
    /// Every parameter's value, defaults included, as `(name, value)` pairs in name order.
    pub params: Vec<(String, String)>,
    /// The seed the run used.
    pub seed: u64,
    /// Whether it found what it sought: `target` distinct squares for the GA, one square
    /// for the construction.
    pub found: bool,
    /// Every distinct magic square found, row-major, validated, with the generation it
    /// appeared in.
    pub squares: Vec<(Vec<u32>, u64)>,
    /// The best square of the last generation and its fitness (0 when magic).
    pub best: Vec<u32>,
    /// The fitness of `best`: Σ |line sum − magic constant| over its 2n + 2 lines (rows,
    /// columns, diagonals); 0 when magic.
    pub best_fitness: u64,
    /// Generations the GA completed (0 for the construction).
    pub generations: u64,
    /// Why the run ended.
    pub stop: Stop,
    /// The run's figures at its end.
    pub counters: Counters,
    /// Running time in milliseconds, pauses not counted.
    pub elapsed_ms: f64,
    /// What came of the run, in a sentence for people.
    pub message: String,
}

/// What the construction task reports: one square of the order, or why none exists.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MagicConstructReport {
    /// The order n of the square.
    pub order: u64,
    /// Row-major, validated (empty when no square exists).
    pub square: Vec<u32>,
    /// Whether a square was built (for every order but 2, which has none).
    pub found: bool,
    /// The method used, e.g. "Siamese method (odd order)", or why there is none.
    pub method: String,
    /// How long the construction took, in milliseconds.
    pub elapsed_ms: f64,
    /// What came of it, in a sentence for people.
    pub message: String,
}

/// What a count of every magic square of an order (at most order 4) reports.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MagicCountReport {
    /// The order n counted.
    pub order: u64,
    /// Magic squares counted, rotations and reflections counted apart; a lower bound when
    /// the count is incomplete.
    pub total: u64,
    /// The squares up to rotation and reflection: one of each class of eight, counted by
    /// its least image.
    pub unique: u64,
    /// Whether the count finished (a finished count is checked against [`KNOWN_COUNTS`]).
    pub complete: bool,
    /// Values the search tried in free cells.
    pub nodes: u64,
    /// Why the count ended: `Exhausted` when it finished, else `TimeLimit` or `Cancelled`.
    pub stop: Stop,
    /// The first square found, validated.
    pub example: Option<Vec<u32>>,
    /// How long the count took, in milliseconds.
    pub elapsed_ms: f64,
    /// What came of the count, in a sentence for people.
    pub message: String,
}

impl MagicJob {}

impl PuzzleJob for MagicJob {
    fn budget(&self) -> &Budget {
        &self.budget
    }

    fn budget_mut(&mut self) -> &mut Budget {
        &mut self.budget
    }

    fn algorithm(&self) -> super::puzzle::Solving<'_> {
        match &self.task {
            MagicTask::Solve { algorithm, params } => Ok((algorithm.info(), params.as_slice())),
            MagicTask::Construct => Err(MagicAlgo::Construct.info().name),
            MagicTask::Count => Err("counting"),
        }
    }

    fn genes(&self) -> u64 {
        self.order.saturating_mul(self.order)
    }

    /// A square: a permutation of 1..n².
    fn check_state(&self, square: &[u32]) -> Result<(), JobError> {
        if square.len() as u64 != self.genes() || !crate::puzzle::magic::is_permutation(square) {
            return Err(JobError::Invalid(
                "a square that is not a permutation of 1..n²".into(),
            ));
        }
        Ok(())
    }

    fn figures(&self) -> &'static [super::catalog::Figure] {
        let (label, _) = PuzzleJob::label_and_seed(self);
        MagicAlgo::parse(&label).map_or(&[], |a| a.info().figures)
    }

    type Report = MagicReport;

    fn title(&self) -> String {
        match &self.task {
            MagicTask::Construct => format!("magic square of order {}, construction", self.order),
            MagicTask::Count => format!("magic squares of order {}, count", self.order),
            MagicTask::Solve { algorithm, .. } => format!(
                "magic square of order {}, {algorithm}, seed {}",
                self.order, self.seed
            ),
        }
    }

    fn label_and_seed(&self) -> (String, u64) {
        let label = match &self.task {
            MagicTask::Construct => "magic-construct".to_string(),
            MagicTask::Count => "magic-count".to_string(),
            MagicTask::Solve { algorithm, .. } => algorithm.id().to_string(),
        };
        (label, self.seed)
    }

    fn check(&self) -> Result<(), JobError> {
        super::error::check_budget(&self.budget)?;
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
            MagicTask::Solve {
                ref algorithm,
                ref params,
            } => {
                let algo = algorithm.info();
                let params = Params::new(algo, params)?;
                algo.check_size(self.order, "order")?;
                if let Some(population) = params.try_int("population") {
                    // Parents, children and the scored copy: three permutations of n²
                    // cells of four bytes per individual.
                    let cells = self.order.saturating_mul(self.order);
                    super::error::check_memory(
                        &format!(
                            "{} with a population of {population} at order {}",
                            algo.name, self.order
                        ),
                        population.saturating_mul(cells).saturating_mul(12),
                        "lower the population or the order",
                    )?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    fn run(
        &self,
        cancel: &AtomicBool,
        observer: &mut dyn Observer,
    ) -> Result<MagicReport, JobError> {
        self.check()?;
        let started = Instant::now();
        match &self.task {
            MagicTask::Solve { algorithm, params } => self
                .solve(*algorithm, params, cancel, observer)
                .map(MagicReport::Solve),
            MagicTask::Construct => self.construct_report(started),
            MagicTask::Count => self.count_report(cancel, observer, started),
        }
    }
}

impl MagicJob {
    /// The construction's square of the job's order (none of order 2), validated.
    fn construct_report(&self, started: Instant) -> Result<MagicReport, JobError> {
        let n = self.order as usize;
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

    /// Every magic square of the job's order counted (up to its time limit or a cancel),
    /// checked against the known counts.
    fn count_report(
        &self,
        cancel: &AtomicBool,
        observer: &mut dyn Observer,
        started: Instant,
    ) -> Result<MagicReport, JobError> {
        let n = self.order as usize;
        let deadline = self.budget.time.and_then(|t| started.checked_add(t));
        let stop =
            || cancel.load(Ordering::Relaxed) || deadline.is_some_and(|d| Instant::now() >= d);
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
                JobError::Invalid(format!("the count found a square that is not magic: {e}"))
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
                "{} magic square{} of order {n} ({} up to rotation and reflection)",
                c.total,
                if c.total == 1 { "" } else { "s" },
                c.unique
            )
        } else {
            format!(
                "{}: at least {} magic square{} (incomplete count)",
                stop.describe(),
                c.total,
                if c.total == 1 { "" } else { "s" }
            )
        };
        Ok(MagicReport::Count(MagicCountReport {
            order: self.order,
            total: c.total,
            unique: c.unique,
            complete: c.complete,
            nodes: c.nodes,
            stop,
            example: c.first,
            elapsed_ms: started.elapsed().as_secs_f64() * 1e3,
            message,
        }))
    }
}

impl MagicJob {
    /// Runs `ga` or `construct`; every square reported is validated first.
    fn solve(
        &self,
        kind: MagicAlgo,
        given: &[(String, String)],
        cancel: &AtomicBool,
        observer: &mut dyn Observer,
    ) -> Result<MagicSolveReport, JobError> {
        let algo = kind.info();
        let params = Params::new(algo, given)?;
        let n = self.order as usize;
        let started = Instant::now();
        // The time the search was held paused, which the running time leaves out.
        let mut paused = std::time::Duration::ZERO;
        // No square found, and no search made.
        let nothing = || {
            (
                Vec::new(),
                Vec::new(),
                0,
                0,
                Stop::Exhausted,
                Counters::default(),
            )
        };
        let (squares, best, best_fitness, generations, stop, counters) = match kind {
            MagicAlgo::Construct => match construct(n) {
                Some(sq) => (
                    vec![(sq.clone(), 0)],
                    sq,
                    0,
                    0,
                    Stop::Found,
                    Counters {
                        solutions: 1,
                        ..Counters::default()
                    },
                ),
                None => nothing(),
            },
            MagicAlgo::Ga => {
                if n == 2 {
                    // No square exists; a search would only run out of generations.
                    nothing()
                } else {
                    let config = ga::Config {
                        population: params.int("population")? as usize,
                        elite: params.int("elite_size")? as usize,
                        mutation_rate: params.float("mutation_rate")?,
                        crossover: params.choice("crossover")?,
                        generations: params.int("generations")?,
                        target: params.int("target")? as usize,
                        selection: params.choice("selection")?,
                        mutation: params.choice("mutation")?,
                        found: params.choice("found")?,
                    };
                    let mut ctl = Control::new(self.budget, cancel, observer);
                    let o = ga::solve(n, &config, &mut rng_from_seed(self.seed), &mut ctl);
                    paused = started.elapsed().saturating_sub(ctl.elapsed());
                    (
                        o.found,
                        o.best,
                        o.best_fitness,
                        o.generations,
                        o.stop,
                        o.counters,
                    )
                }
            }
        };
        for (sq, _) in &squares {
            validate(n, sq).map_err(|e| {
                JobError::Invalid(format!(
                    "{} reported a square that is not magic: {e}",
                    algo.id
                ))
            })?;
        }
        let found = stop == Stop::Found;
        // The GA's target, which only its sentence names (the construction has none).
        let target = params.int("target").unwrap_or_default();
        let message = solve_message(n, kind, stop, &squares, generations, best_fitness, target);
        Ok(MagicSolveReport {
            order: self.order,
            algorithm: kind,
            params: params.pairs(),
            seed: self.seed,
            found,
            squares,
            best,
            best_fitness,
            generations,
            stop,
            counters,
            elapsed_ms: started.elapsed().saturating_sub(paused).as_secs_f64() * 1e3,
            message,
        })
    }
}

/// How a solve of order `n` by `kind` ended, in a sentence: the theorem for order 2, the
/// construction's method, the squares found and when, or why none was.
fn solve_message(
    n: usize,
    kind: MagicAlgo,
    stop: Stop,
    squares: &[(Vec<u32>, u64)],
    generations: u64,
    best_fitness: u64,
    target: u64,
) -> String {
    if n == 2 {
        "no magic square of order 2 exists: a row and a column through the same corner both need their other cell to be 5 minus the corner, so two cells would be equal".to_string()
    } else if kind == MagicAlgo::Construct {
        format!("a magic square of order {n} by the {}", method(n))
    } else if stop == Stop::Found {
        let first = squares.first().map_or(0, |s| s.1);
        if squares.len() == 1 {
            format!("a magic square of order {n} in generation {first}")
        } else {
            format!(
                "{} distinct magic squares of order {n}, the first in generation {first}, the last in generation {}",
                squares.len(),
                squares.last().map_or(0, |s| s.1)
            )
        }
    } else {
        format!(
            "{} after {generations} generations: {} magic square{} found (target {}); best fitness {best_fitness}",
            stop.describe(),
            squares.len(),
            if squares.len() == 1 { "" } else { "s" },
            target
        )
    }
}

/// Magic squares: 1 to n² in an n × n grid, each row, column and diagonal with one sum.
pub struct MagicDef;

/// The Magic puzzle, as the registry and every layer above it name it.
pub const PUZZLE: super::PuzzleId = super::PuzzleId::of(&MagicDef);

impl super::PuzzleDef for MagicDef {
    fn name(&self) -> &'static str {
        "Magic"
    }

    fn key(&self) -> &'static str {
        "magic"
    }

    fn title(&self) -> &'static str {
        "Magic squares"
    }

    fn catalog(&self) -> &'static [super::catalog::AlgorithmInfo] {
        super::catalog::MAGIC_ALGORITHMS
    }

    fn hints(&self) -> &'static [super::play::HintKind] {
        super::play::magic::HINTS
    }

    fn link_keys(&self) -> &'static str {
        setup::MagicSetUp::LINK_KEYS
    }

    fn read_link(
        &self,
        fields: &mut super::setup::Fields,
        choice: super::setup::Choice,
    ) -> Result<Box<dyn super::setup::LessonSetUp>, String> {
        Ok(Box::new(setup::MagicSetUp::from_link(fields, choice)?))
    }
}
