//! N-Queens traces: run a search with its steps recorded, check the replay against the
//! answer, and tell each step in a sentence.
//!
//! Squares are named as on a chessboard: file letters for the columns from the left, ranks
//! from 1 at the bottom (`rows` in the JSON count from 0 at the top, as everywhere else).

use super::{check_limit, cut_note};
use crate::platform::time::Instant;
use crate::puzzle::knight::file_letters;
use crate::puzzle::queens::{attacker, conflicts_while, validate};
use crate::run::JobError;
use crate::run::algo::{Algorithm, QueensAlgo};
use crate::run::catalog::Params;
use crate::run::puzzle::PuzzleJob;
use crate::run::queens::{QueensJob, QueensTask};
use crate::solve::queens::heuristic::{Heuristic, random_start};
use crate::solve::queens::trace::{Family, QueenStep, QueensState, replay_while};
use crate::solve::queens::{
    annealing, backtracking, beam, best_first, csp, hill_climbing, min_conflicts,
};
use crate::solve::trace::Recorder;
use crate::solve::{Budget, Control, Counters, NoObserver, Stop, rng_from_seed};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::sync::atomic::AtomicBool;

/// The ids of the N-Queens searches a trace can follow (the catalog says which).
pub fn traceable() -> Vec<&'static str> {
    QueensAlgo::offering(|o| o.trace)
        .map(QueensAlgo::id)
        .collect()
}

/// The search `id` names, when a trace follows it, or a message listing those it follows.
pub fn parse(id: &str) -> Result<QueensAlgo, JobError> {
    super::check_traceable(id, &traceable())?;
    QueensAlgo::parse(id)
}

/// A traced N-Queens search.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QueensTraceJob {
    /// The board is n × n with n queens.
    pub n: u64,
    /// The search traced, one of [`traceable`].
    pub algorithm: QueensAlgo,
    /// `KEY=VALUE` parameters as given; the catalog's defaults fill in the rest.
    pub params: Vec<(String, String)>,
    /// The seed of the search's generator (the same one `queens solve` uses).
    pub seed: u64,
    /// The time and node limits of the search.
    pub budget: Budget,
    /// The most steps to record; the search stops there.
    pub limit: u64,
}

/// What replaying a recorded step takes, about (10⁷ backtracking steps replay in 0.22 s),
/// kept back from the time limit for the check.
const REPLAY_NANOS_PER_STEP: u64 = 25;

/// A finished trace: the steps, the placements some of them carry, and the answer.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct QueensTrace {
    /// The job that made it.
    pub job: QueensTraceJob,
    /// The job's algorithm, parsed.
    pub kind: QueensAlgo,
    /// Stop or Ctrl-C came while the steps were checked: none is shown.
    #[serde(default)]
    pub unchecked: bool,
    /// The parameters, defaults filled in.
    pub params: Vec<(String, String)>,
    /// The steps, with the placements some of them carry.
    pub recorder: Recorder<QueenStep>,
    /// How the search turns its steps into the placement it answers with.
    pub family: Family,
    /// Row of each column's queen (the columns filled, for backtracking cut short).
    pub rows: Vec<u32>,
    /// The search found a solution (checked by `puzzle::queens`).
    pub found: bool,
    /// Attacking pairs left in `rows`; `None` when the time limit or Stop came before they
    /// were counted (millions of queens take a while).
    pub conflicts: Option<u64>,
    /// Why the search ended.
    pub stop: Stop,
    /// The search's figures.
    pub counters: Counters,
    /// How long the search ran, in milliseconds (the replay that checks it not counted).
    pub elapsed_ms: f64,
    /// How it ended, in a sentence.
    pub message: String,
}

/// Runs the search `kind` on `n` queens with its steps recorded in `recorder`: the family
/// its steps replay by, and its outcome.
fn traced_search(
    kind: QueensAlgo,
    n: usize,
    params: &Params,
    seed: u64,
    rng: &mut crate::solve::Rng,
    ctl: &mut Control,
    recorder: &mut Recorder<QueenStep>,
) -> Result<(Family, crate::solve::queens::heuristic::Outcome), JobError> {
    let heuristic = Heuristic::parse(params.get("heuristic")).unwrap_or(Heuristic::H1);
    use QueensAlgo as Q;
    Ok(match kind {
        Q::Backtracking => (
            Family::Current,
            backtracking::solve_traced(n, ctl, recorder),
        ),
        Q::BestFirst => {
            let start = random_start(n, rng);
            let o =
                best_first::solve_traced(&start, heuristic, best_first::MAX_VALUES, ctl, recorder);
            (Family::LastPopped, o)
        }
        Q::HillClimbing => {
            let start = random_start(n, rng);
            let o = hill_climbing::solve_climb(
                &start,
                heuristic,
                params.int("max_restarts")?,
                crate::run::queens::climb(params)?,
                rng,
                ctl,
                recorder,
            );
            (Family::Best, o)
        }
        Q::Annealing => {
            let config = crate::run::queens::anneal_config(params)?;
            let o = annealing::solve_traced(n, &config, rng, ctl, recorder);
            (Family::Best, o)
        }
        Q::Beam => {
            let config = crate::run::queens::beam_config(params)?;
            let o = beam::solve_traced(n, &config, rng, ctl, recorder);
            (Family::Best, o)
        }
        Q::Csp => {
            let config = crate::run::queens::csp_config(params, seed)?;
            let o = csp::solve_traced(n, &config, ctl, recorder);
            (Family::Assigned, o)
        }
        Q::MinConflicts => {
            let config = min_conflicts::Config {
                tail: params.int("tail")? as usize,
                tries: params.int("tries")? as u32,
                max_stall: params.int("max_stall")? as u32,
            };
            let o = min_conflicts::solve_traced(n, &config, rng, ctl, recorder);
            let outcome = crate::solve::queens::heuristic::Outcome {
                rows: o.rows,
                stop: o.stop,
                counters: o.counters,
            };
            (Family::Current, outcome)
        }
        Q::Cultural | Q::Construct => {
            return Err(JobError::Input(format!(
                "{} cannot be traced; the searches a trace follows are {}",
                kind.id(),
                traceable().join(", ")
            )));
        }
    })
}

impl QueensTraceJob {
    fn as_job(&self) -> Result<QueensJob, JobError> {
        super::check_traceable(self.algorithm.id(), &traceable())?;
        Ok(QueensJob {
            n: self.n,
            seed: self.seed,
            budget: self.budget,
            threads: None,
            task: QueensTask::Solve {
                algorithm: self.algorithm,
                params: self.params.clone(),
            },
        })
    }

    /// Checks everything that can be checked without searching.
    pub fn check(&self) -> Result<(), JobError> {
        check_limit(self.limit)?;
        self.as_job()?.check()
    }

    /// Runs the search with its steps recorded, replays them and checks that they end in
    /// the answer it reports, and validates a solution with `puzzle::queens`.
    pub fn run(&self, cancel: &AtomicBool) -> Result<QueensTrace, JobError> {
        self.check()?;
        let began = Instant::now();
        let kind = self.algorithm;
        let params = Params::new(kind.info(), &self.params)?;
        let n = self.n as usize;
        let mut recorder = Recorder::new(self.limit as usize);
        // The same start and generator as `queens solve` with this seed, made before the
        // clock starts, as there.
        let mut rng = rng_from_seed(self.seed);
        let mut observer = NoObserver;
        let mut ctl = Control::new(self.budget, cancel, &mut observer);
        // Time for the replay that checks the steps.
        ctl.keep_back(std::time::Duration::from_nanos(
            self.limit.saturating_mul(REPLAY_NANOS_PER_STEP),
        ));
        let (family, outcome) = traced_search(
            kind,
            n,
            &params,
            self.seed,
            &mut rng,
            &mut ctl,
            &mut recorder,
        )?;
        let elapsed_ms = ctl.elapsed().as_secs_f64() * 1e3;
        let (rows, stop, counters) = (outcome.rows, outcome.stop, outcome.counters);
        let found = stop == Stop::Found;
        // What is shown is the search's own answer, and its steps lead there. The replay
        // that checks it has what the time limit kept back, and `CHECK_GRACE` past the
        // limit or after Stop or Ctrl-C: a trace not checked by then is not shown, and
        // says so.
        let deadline = self
            .budget
            .time
            .map(|t| began + t + crate::run::CHECK_GRACE);
        let mut not_cancelled = crate::run::until_cancelled(cancel);
        let go_on = || not_cancelled() && deadline.is_none_or(|d| Instant::now() < d);
        let checked = replay_while(
            n,
            || recorder.iter(),
            |i| recorder.state(i, n),
            family,
            found,
            go_on,
        );
        let Some(replayed) = checked else {
            let by = if cancel.load(std::sync::atomic::Ordering::Relaxed) {
                Stop::Cancelled
            } else {
                Stop::TimeLimit
            };
            let figures = (counters, elapsed_ms);
            return Ok(self.not_checked(kind, params.pairs(), recorder, family, figures, by));
        };
        if replayed != rows {
            return Err(JobError::Invalid(format!(
                "{}: replaying its {} does not end in the placement it reports",
                self.algorithm,
                super::steps(recorder.len())
            )));
        }
        if found {
            validate(n, &rows).map_err(|e| {
                JobError::Invalid(format!(
                    "{} reported a placement that is not a solution: {e}",
                    self.algorithm
                ))
            })?;
        }
        // Counting the pairs left on millions of queens takes a while: within the time
        // limit and the cancel flag, as the search was.
        let limit = self.budget.time.map(|t| began + t);
        let go_on = || {
            !cancel.load(std::sync::atomic::Ordering::Relaxed)
                && limit.is_none_or(|d| Instant::now() < d)
        };
        let conflicts = if found {
            Some(0)
        } else {
            conflicts_while(&rows, go_on)
        };
        let message = self.message(kind, &rows, stop, conflicts);
        Ok(QueensTrace {
            job: self.clone(),
            kind,
            unchecked: false,
            params: params.pairs(),
            recorder,
            family,
            rows,
            found,
            conflicts,
            stop,
            counters,
            elapsed_ms,
            message,
        })
    }

    /// The trace of a search whose replay the time limit, Stop or Ctrl-C (`by`) cut
    /// short: no steps and no placement, since only what the rules have checked is shown;
    /// the search's figures (its counters and time) and why.
    fn not_checked(
        &self,
        kind: QueensAlgo,
        params: Vec<(String, String)>,
        recorder: Recorder<QueenStep>,
        family: Family,
        (counters, elapsed_ms): (Counters, f64),
        by: Stop,
    ) -> QueensTrace {
        let when = if by == Stop::TimeLimit {
            "time limit reached"
        } else {
            "cancelled"
        };
        let message = format!(
            "{when} while checking the trace: its {} and placement are not shown, since only what the rules of the puzzle have checked is shown",
            super::steps(recorder.len())
        );
        crate::solve::free_later(recorder);
        QueensTrace {
            job: self.clone(),
            kind,
            unchecked: true,
            params,
            recorder: Recorder::new(0),
            family,
            rows: Vec::new(),
            found: false,
            conflicts: None,
            stop: by,
            counters,
            elapsed_ms,
            message,
        }
    }

    fn message(
        &self,
        kind: QueensAlgo,
        rows: &[u32],
        stop: Stop,
        conflicts: Option<u64>,
    ) -> String {
        let n = self.n;
        if stop == Stop::Found {
            if n == 1 {
                return "placed 1 queen: nothing to attack it".to_string();
            }
            return format!("placed {n} queens, none attacking another");
        }
        let what = if (rows.len() as u64) < n {
            format!("{} of {n} queens placed", rows.len())
        } else {
            match conflicts {
                Some(1) => "1 attacking pair left".to_string(),
                Some(k) => format!("{k} attacking pairs left"),
                None => {
                    "its attacking pairs not counted: the time limit or Stop came first".to_string()
                }
            }
        };
        let why = match stop {
            Stop::StepLimit => cut_note(self.limit),
            Stop::Exhausted if kind.info().complete => {
                format!("backtracking tried every placement: {n} queens have no solution")
            }
            stop => stop.describe().to_string(),
        };
        format!("no solution found ({what}); {why}")
    }
}

impl QueensTrace {
    /// Whether the trace stopped at its step limit.
    pub fn cut(&self) -> bool {
        self.stop == Stop::StepLimit
    }

    /// A teller for this trace's steps, from the start.
    pub fn teller(&self) -> Teller<'_> {
        self.teller_at(0, QueensState::new(self.job.n as usize))
    }

    /// A teller for the steps from `index` on, `state` being the state before it.
    pub fn teller_at(&self, index: usize, state: QueensState) -> Teller<'_> {
        Teller {
            trace: self,
            state,
            index,
        }
    }
}

/// The note a trace ends with: how many steps it holds, and whether it was cut.
pub fn summary(trace: &QueensTrace) -> String {
    let held = super::steps(trace.recorder.len());
    if trace.unchecked {
        "no steps shown: the time limit, Stop or Ctrl-C came while they were checked".to_string()
    } else if trace.cut() {
        format!("{held} traced (the limit)")
    } else {
        format!("{held} traced, the whole search")
    }
}

/// The chess name of column `col`, row `row` (from the top) on an n×n board.
pub fn square_name(n: u64, col: u32, row: u32) -> String {
    format!("{}{}", file_letters(col), n - u64::from(row))
}

/// Hill climbing's variant in `trace` (steepest when the trace is of another search).
pub fn climb_variant(trace: &QueensTrace) -> hill_climbing::Variant {
    (trace.params.iter())
        .find(|(k, _)| k == "variant")
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or_default()
}

/// The value of parameter `name` in `trace` (defaults filled in), if it has one.
pub fn param<'a>(trace: &'a QueensTrace, name: &str) -> Option<&'a str> {
    (trace.params.iter())
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// Simulated annealing's configuration in `trace` (the defaults when the trace is of
/// another search).
pub fn anneal_config(trace: &QueensTrace) -> annealing::Config {
    Params::new(QueensAlgo::Annealing.info(), &trace.params)
        .and_then(|params| crate::run::queens::anneal_config(&params))
        .unwrap_or_default()
}

/// e^(−delta/T): the chance that annealing at temperature `t` takes a move that adds
/// `delta` attacking pairs (1 for a move that adds none or takes some away).
pub fn acceptance(delta: i32, t: f64) -> f64 {
    if delta < 0 {
        1.0
    } else if t > 0.0 {
        (-f64::from(delta) / t).exp()
    } else {
        // Frozen: only moves down are taken.
        0.0
    }
}

/// Tells a trace's steps in order, one sentence (and one JSON object) each.
pub struct Teller<'a> {
    trace: &'a QueensTrace,
    state: QueensState,
    /// The next step's index.
    index: usize,
}

impl Teller<'_> {
    /// The board's state before the next step.
    pub fn state(&self) -> &QueensState {
        &self.state
    }

    /// The chess name of the square at column `c`, row `r` (from the top).
    fn at(&self, c: u32, r: u32) -> String {
        square_name(self.trace.job.n, c, r)
    }

    /// A queen set down or taken back: the steps of backtracking and of the
    /// constraint-satisfaction search.
    fn placement_words(&self, step: &QueenStep) -> Option<(String, Value)> {
        let rows = &self.state.rows;
        Some(match *step {
            QueenStep::Conflict { column, row } => {
                // Which queen attacks it, read off the board (the rightmost, if several).
                let by = attacker(rows, column, row);
                let text = match by {
                    Some(by) => format!(
                        "Try {}: the queen on {} attacks it.",
                        self.at(column, row),
                        self.at(by, rows[by as usize])
                    ),
                    None => format!("Try {}: attacked.", self.at(column, row)),
                };
                (
                    text,
                    json!({"kind": "conflict", "column": column, "row": row, "by": by}),
                )
            }
            QueenStep::Place { column, row } => (
                format!(
                    "Place a queen on {}: nothing attacks it.",
                    self.at(column, row)
                ),
                json!({"kind": "place", "column": column, "row": row}),
            ),
            QueenStep::Remove { column, row } => (
                format!(
                    "No safe row left in file {}: take back the queen on {}.",
                    file_letters(column + 1),
                    self.at(column, row)
                ),
                json!({"kind": "remove", "column": column, "row": row}),
            ),
            QueenStep::Assign { column, row, left } => self.assign_words(column, row, left),
            QueenStep::Prune { removed } => {
                let how = match param(self.trace, "inference") {
                    Some("ac3") => "Forward checking and arc consistency (AC-3) take",
                    _ => "Forward checking takes",
                };
                (
                    format!("{how} {removed} rows out of the open files' domains; none is empty."),
                    json!({"kind": "prune", "removed": removed}),
                )
            }
            QueenStep::Wipeout { column, removed } => (
                format!(
                    "After this queen, inference crossed out {removed} row{} of the open files, and file {} has no row left: this queen cannot stay.",
                    if removed == 1 { "" } else { "s" },
                    file_letters(column)
                ),
                json!({"kind": "wipeout", "column": column, "removed": removed}),
            ),
            QueenStep::Unassign { column, row } => (
                match self
                    .index
                    .checked_sub(1)
                    .and_then(|i| self.trace.recorder.get(i))
                {
                    Some(QueenStep::Wipeout { .. }) => {
                        format!("Take back the queen on {}.", self.at(column, row))
                    }
                    _ => format!(
                        "The file chosen next has no row that works: take back the queen on {} and try its next row.",
                        self.at(column, row)
                    ),
                },
                json!({"kind": "unassign", "column": column, "row": row}),
            ),
            _ => return None,
        })
    }

    /// A placement scored or moved to: best-first search's and hill climbing's steps.
    fn climb_words(&self, step: &QueenStep, carried: Option<&[u32]>) -> Option<(String, Value)> {
        Some(match *step {
            QueenStep::Begin { h, restart } => {
                let text = if restart {
                    format!("Restart from a new random placement, h = {h}.")
                } else {
                    format!("Start from the random placement, h = {h}.")
                };
                (text, json!({"kind": step.kind(), "h": h, "rows": carried}))
            }
            QueenStep::Pop { h } => (
                format!("Expand the placement with the lowest h in the queue: h = {h}."),
                json!({"kind": "pop", "h": h, "rows": carried}),
            ),
            QueenStep::Skip { h } => (
                format!("Drop a placement expanded before (h = {h})."),
                json!({"kind": "skip", "h": h}),
            ),
            QueenStep::Goal => (
                "The queue's best placement has h = 0: no queen attacks another.".into(),
                json!({"kind": "goal", "rows": carried}),
            ),
            QueenStep::Push { column, row, h } => (
                format!(
                    "Queue the move of file {}'s queen to {}: h = {h}.",
                    file_letters(column),
                    self.at(column, row)
                ),
                json!({"kind": "push", "column": column, "row": row, "h": h}),
            ),
            QueenStep::Score { column, row, h } => (
                format!(
                    "Score moving file {}'s queen to {}: h = {h}.",
                    file_letters(column),
                    self.at(column, row)
                ),
                json!({"kind": "score", "column": column, "row": row, "h": h}),
            ),
            QueenStep::Move { column, row, h } => {
                use hill_climbing::Variant;
                let before = self.state.h;
                let which = match climb_variant(self.trace) {
                    _ if h == before => "sideways, as good as where it stands (a plateau)",
                    Variant::Steepest | Variant::Sideways => "the best neighbour",
                    Variant::FirstChoice => "the first neighbour tried that is better",
                    Variant::Stochastic => "drawn at random among the better neighbours",
                };
                (
                    format!(
                        "Move file {}'s queen to {}, {which}: h {before} → {h}.",
                        file_letters(column),
                        self.at(column, row)
                    ),
                    json!({"kind": "move", "column": column, "row": row, "h": h}),
                )
            }
            QueenStep::Stuck { h, best } => {
                let sideways = climb_variant(self.trace) == hill_climbing::Variant::Sideways;
                let text = if best == h && sideways {
                    format!(
                        "Plateau at h = {h}, and the sideways moves allowed in a row are used up: the climb ends here."
                    )
                } else if best == h {
                    format!(
                        "Plateau: the best neighbour scores h = {h} too, no better; the climb ends here."
                    )
                } else {
                    format!(
                        "Local minimum at h = {h}: every neighbour scores more (the best {best})."
                    )
                };
                (text, json!({"kind": "stuck", "h": h, "best": best}))
            }
            QueenStep::Restart => {
                let attempt = self.state.placements + 1;
                (
                    format!(
                        "Placement {attempt}: begin with the queen of each file on its own rank, then swap."
                    ),
                    json!({"kind": "restart", "attempt": attempt}),
                )
            }
            _ => return None,
        })
    }

    /// A step of min-conflicts' repairs or of simulated annealing's proposals.
    fn repair_words(&self, step: &QueenStep) -> Option<(String, Value)> {
        let rows = &self.state.rows;
        Some(match *step {
            QueenStep::Draw {
                column,
                partner,
                free,
                greedy,
            } => {
                let row = rows.get(partner as usize).copied().unwrap_or(0);
                let to = self.at(column, row);
                let text = match (greedy, free) {
                    (true, true) => format!(
                        "Draw {to} for file {}: both diagonals free, keep it.",
                        file_letters(column)
                    ),
                    (true, false) => format!(
                        "Draw {to} for file {}: a diagonal is taken.",
                        file_letters(column)
                    ),
                    (false, _) => format!(
                        "Set file {}'s queen on {to} at random (the last files).",
                        file_letters(column)
                    ),
                };
                (
                    text,
                    json!({"kind": "draw", "column": column, "partner": partner, "row": row, "free": free, "greedy": greedy}),
                )
            }
            QueenStep::Pick { column } => {
                let row = rows.get(column as usize).copied().unwrap_or(0);
                (
                    format!(
                        "The queen on {} is attacked: repair it.",
                        self.at(column, row)
                    ),
                    json!({"kind": "pick", "column": column, "row": row}),
                )
            }
            QueenStep::Swap {
                column,
                partner,
                kept,
                collisions,
            } => {
                let text = if column == partner {
                    "Draw its own file as partner: nothing to swap.".to_string()
                } else if kept {
                    format!(
                        "Swap ranks with file {}: collisions down to {collisions}, keep it.",
                        file_letters(partner)
                    )
                } else {
                    format!(
                        "Swap ranks with file {}: no fewer collisions ({collisions}), undo.",
                        file_letters(partner)
                    )
                };
                (
                    text,
                    json!({"kind": "swap", "column": column, "partner": partner, "kept": kept, "collisions": collisions}),
                )
            }
            QueenStep::Propose {
                column,
                row,
                delta,
                taken,
            } => self.propose_words(column, row, delta, taken),
            _ => return None,
        })
    }

    /// A step of local beam search: a member drawn, a successor kept, the beam moved on.
    fn beam_words(&self, step: &QueenStep, carried: Option<&[u32]>) -> Option<(String, Value)> {
        Some(match *step {
            QueenStep::Member { h } => {
                let k = self.state.next.len() + 1;
                (
                    format!("Beam member {k}: a random placement, h = {h}."),
                    json!({"kind": "member", "h": h, "rows": carried}),
                )
            }
            QueenStep::Select {
                parent,
                column,
                row,
                h,
            } => {
                let how = if param(self.trace, "selection") == Some("stochastic") {
                    "Draw"
                } else {
                    "Keep"
                };
                (
                    format!(
                        "{how} member {}'s move of file {}'s queen to {}: h = {h}.",
                        parent + 1,
                        file_letters(column),
                        self.at(column, row)
                    ),
                    json!({"kind": "select", "parent": parent, "column": column, "row": row, "h": h}),
                )
            }
            QueenStep::Advance { h } => {
                let text = if self.state.beam.is_empty() {
                    format!(
                        "The {} random placements are the beam; the best has h = {h}.",
                        self.state.next.len()
                    )
                } else {
                    let how = if param(self.trace, "selection") == Some("stochastic") {
                        "drawn"
                    } else {
                        "best"
                    };
                    format!(
                        "The {} {how} successors become the beam; the best has h = {h}.",
                        self.state.next.len()
                    )
                };
                (text, json!({"kind": "advance", "h": h}))
            }
            _ => return None,
        })
    }

    /// Annealing proposes a move: downhill, level or uphill, and whether it was taken, with the chance it had at the step's temperature.
    fn propose_words(&self, column: u32, row: u32, delta: i32, taken: bool) -> (String, Value) {
        let t = anneal_config(self.trace).temperature(self.state.proposals);
        let p = acceptance(delta, t);
        let what = format!(
            "Propose file {}'s queen to {}",
            file_letters(column),
            self.at(column, row)
        );
        let text = if delta < 0 {
            format!("{what}: {delta} attacking pairs, downhill: take it.")
        } else if delta == 0 && taken {
            format!("{what}: no change in attacking pairs, a level move: take it.")
        } else if delta == 0 {
            format!(
                "{what}: no change in attacking pairs, but at T = {t:.3} the search is frozen and takes only moves down: refused."
            )
        } else {
            let outcome = if taken {
                "taken"
            } else {
                "refused, the draw was higher"
            };
            format!(
                "{what}: {delta:+} attacking pairs at T = {t:.3}, taken with probability e^(-{delta}/T) = {p:.3}: {outcome}."
            )
        };
        (
            text,
            json!({"kind": "propose", "column": column, "row": row, "delta": delta, "taken": taken, "temperature": t, "probability": p}),
        )
    }

    /// The constraint-satisfaction search puts a queen in the file its variable order chose, on the row its value order chose.
    fn assign_words(&self, column: u32, row: u32, left: u32) -> (String, Value) {
        let rows_left = if left == 1 {
            "1 row left".to_string()
        } else {
            format!("{left} rows left")
        };
        let random = param(self.trace, "ties") == Some("random");
        let which = match param(self.trace, "var_order") {
            Some("static") => format!("The leftmost open file, {}", file_letters(column)),
            _ if random => format!(
                "File {} has the fewest rows left (MRV; drawn among those tied)",
                file_letters(column)
            ),
            _ => format!(
                "File {} has the fewest rows left (MRV)",
                file_letters(column)
            ),
        };
        let value = match param(self.trace, "value_order") {
            Some("lcv") => "the row that takes fewest rows from the open files",
            _ => "the topmost row not yet tried",
        };
        (
            format!(
                "{which}, {rows_left}: put its queen on {}, {value}.",
                self.at(column, row)
            ),
            json!({"kind": "assign", "column": column, "row": row, "left": left}),
        )
    }

    /// Tells `step` (the next one) and applies it: its sentence and, when `json`, its
    /// object for `--json`.
    pub fn tell(&mut self, step: &QueenStep, json: bool) -> (String, Option<Value>) {
        let n = self.trace.job.n;
        let carried = step
            .carries_state()
            .then(|| self.trace.recorder.state(self.index, n as usize))
            .flatten();
        // Each step is one family's: the others say None.
        let (text, mut value) = self
            .placement_words(step)
            .or_else(|| self.climb_words(step, carried))
            .or_else(|| self.repair_words(step))
            .or_else(|| self.beam_words(step, carried))
            .unwrap_or_default();
        self.state.apply(step, carried);
        self.index += 1;
        if json {
            value["text"] = Value::from(text.clone());
        }
        (text, json.then_some(value))
    }
}
