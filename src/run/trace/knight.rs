//! Knight's tour traces: run a classical search with its steps recorded, check the replay
//! against the answer, and tell each step in a sentence.

use super::{check_limit, cut_note, steps};
use crate::puzzle::knight::existence::no_tour;
use crate::puzzle::knight::{Board, Square};
use crate::run::JobError;
use crate::run::algo::{Algorithm, KnightAlgo};
use crate::run::catalog::Params;
use crate::run::knight::{DEFAULT_SEARCH_NODES, KnightJob, KnightTask};
use crate::run::puzzle::PuzzleJob;
use crate::solve::knight::backtrack::{self, Order, RandomVariant};
use crate::solve::knight::tie_break::TieBreak;
use crate::solve::knight::trace::{Family, KnightState, KnightStep, Options, Tree, replay_while};
use crate::solve::knight::tree_search::{self, Strategy};
use crate::solve::knight::{Problem, count, random_walk, warnsdorff};
use crate::solve::trace::Recorder;
use crate::solve::{Budget, Control, Counters, NoObserver, Stop, rng_from_seed};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Time kept back from a trace's time limit for each step it may record: replaying the
/// steps to check them, and giving back their memory (about 15 ns a step; never more than
/// half the limit).
const REPLAY_NANOS_PER_STEP: u64 = 15;

/// What is said of a trace whose check Stop or Ctrl-C cut short.
fn not_checked(steps: &[KnightStep], path: &[Square]) -> String {
    format!(
        "cancelled while checking the trace: its {} and path of {} squares are not shown, since only what the rules of the puzzle have checked is shown",
        super::steps(steps.len()),
        crate::run::catalog::group_thousands(path.len() as u64)
    )
}

/// What a knight trace follows: a solver the catalog says a trace follows, the count, or
/// a tree search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Traced {
    /// A catalog solver that offers a trace (the walks and the backtracking searches).
    Solver(KnightAlgo),
    /// The count of every tour from the start square.
    Count,
    /// A breadth-first or depth-first search of the tree of board states.
    Tree(Strategy),
}

impl Traced {
    /// Every search a trace follows.
    pub fn all() -> impl Iterator<Item = Traced> {
        KnightAlgo::offering(|o| o.trace)
            .map(Traced::Solver)
            .chain([
                Traced::Count,
                Traced::Tree(Strategy::BreadthFirst),
                Traced::Tree(Strategy::DepthFirst),
            ])
    }

    /// The catalog's entry of a solver (`None`: the count and the tree searches, which
    /// take no parameters).
    pub fn info(self) -> Option<&'static crate::run::catalog::AlgorithmInfo> {
        match self {
            Traced::Solver(kind) => Some(kind.info()),
            Traced::Count | Traced::Tree(_) => None,
        }
    }

    /// Its id: the solver's, `count`, `bfs` or `dfs`.
    pub fn id(self) -> &'static str {
        match self {
            Traced::Solver(kind) => kind.id(),
            Traced::Count => "count",
            Traced::Tree(strategy) => strategy.name(),
        }
    }

    /// The search `id` names, or a message listing those a trace follows.
    pub fn parse(id: &str) -> Result<Traced, JobError> {
        Traced::all().find(|t| t.id() == id).ok_or_else(|| {
            JobError::Input(format!(
                "{id} cannot be traced; the searches a trace follows are {}",
                traceable().join(", ")
            ))
        })
    }
}

impl std::fmt::Display for Traced {
    /// Its id.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

impl std::str::FromStr for Traced {
    type Err = JobError;
    /// The search the id names ([`Traced::parse`]).
    fn from_str(id: &str) -> Result<Traced, JobError> {
        Traced::parse(id)
    }
}

impl Serialize for Traced {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Traced {
    /// As its id (`warnsdorff`, `count`, `bfs`), as hand-ins and traces have always kept it.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Traced, D::Error> {
        let id = std::borrow::Cow::<'de, str>::deserialize(d)?;
        Traced::parse(&id).map_err(serde::de::Error::custom)
    }
}

/// The ids of the knight searches a trace can follow: the catalog's solvers that offer a
/// trace, and `count`, `bfs` and `dfs`.
pub fn traceable() -> Vec<&'static str> {
    Traced::all().map(Traced::id).collect()
}

/// A traced knight's tour search.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KnightTraceJob {
    /// The board's width, in squares.
    pub cols: u64,
    /// The board's height, in squares.
    pub rows: u64,
    /// `(row, col)`; `None`: the top-left square (for `bfs` and `dfs`, every square).
    pub start: Option<(u32, u32)>,
    /// Whether the tour must be closed (`bfs` and `dfs` refuse it: they seek open tours).
    pub closed: bool,
    /// The search traced, one of [`traceable`].
    pub algorithm: Traced,
    /// `(name, value)` pairs for a solver's parameters (`count`, `bfs` and `dfs` take
    /// none); the catalog's defaults fill in the rest.
    pub params: Vec<(String, String)>,
    /// The seed of the random number generator (random walks, tie-breaks and orders).
    pub seed: u64,
    /// Limits on time and nodes; `bfs` and `dfs` without a node limit stop after
    /// [`DEFAULT_SEARCH_NODES`].
    pub budget: Budget,
    /// The most steps to record; the search stops there.
    pub limit: u64,
}

/// A search, ready to run traced.
#[derive(Debug, Clone)]
enum Search {
    RandomWalk(random_walk::Config),
    Warnsdorff(warnsdorff::Config),
    Backtrack(Order),
    Count,
    Tree(Strategy),
}

impl Search {
    fn family(&self) -> Family {
        match self {
            Search::RandomWalk(_) | Search::Warnsdorff(_) => Family::Walks,
            Search::Backtrack(_) => Family::Backtracking,
            Search::Count => Family::Counting,
            Search::Tree(_) => Family::Tree,
        }
    }
}

/// A search with its parameters (defaults filled in) and how it picks.
struct Chosen {
    search: Search,
    params: Vec<(String, String)>,
    picker: Picker,
}

/// How the search picks among candidate squares, for the sentences.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Picker {
    /// A random walk: uniformly at random.
    Random,
    /// Warnsdorff's greedy walk: fewest onward squares, ties by the walk's rule.
    Greedy,
    /// Backtracking in a fixed move order.
    Ordered,
    /// Backtracking in Warnsdorff's order with this tie-break.
    Warnsdorff(TieBreak),
    /// Backtracking, lowest onward degree first, ties shuffled (or drawn with
    /// replacement, as the report prints it).
    Shuffled(RandomVariant),
    /// The count: every move in turn.
    Every,
    /// A tree search (no candidates).
    Tree,
}

/// A finished trace: the steps, and the answer they replay to.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct KnightTrace {
    /// The job that ran.
    pub job: KnightTraceJob,
    /// Stop or Ctrl-C came while the steps were checked, and the check was given up: no
    /// step is kept and the path is the start alone.
    #[serde(default)]
    pub unchecked: bool,
    /// The job's search, parsed.
    pub traced: Traced,
    /// The board searched.
    pub board: Board,
    /// The start square (`Square::MAX`: a tree search from every square).
    pub start: Square,
    /// The parameters, defaults filled in.
    pub params: Vec<(String, String)>,
    /// Every step recorded, in order: at most the job's `limit`.
    pub steps: Vec<KnightStep>,
    /// The nodes of a tree search (empty for the others).
    pub tree: Tree,
    /// How the steps replay to the answer: walks, backtracking, a count or a tree search.
    pub family: Family,
    /// How the search picks among candidate squares, for the sentences.
    pub picker: Picker,
    /// The answer: a tour when `found`, else the path as the search's rule gives it.
    pub path: Vec<Square>,
    /// A tour was found (for `count`: at least one was counted).
    pub found: bool,
    /// The count finished (for `count`).
    pub complete: bool,
    /// Why the search ended (`StepLimit`: the trace took as many steps as it may).
    pub stop: Stop,
    /// The search's figures at its end.
    pub counters: Counters,
    /// How long the search ran, in milliseconds.
    pub elapsed_ms: f64,
    /// What came of the search, in a sentence or two for people.
    pub message: String,
}

impl KnightTraceJob {
    /// The job with the same board and algorithm that `check` runs its checks through.
    fn as_job(&self) -> Result<KnightJob, JobError> {
        let task = match self.algorithm {
            Traced::Count => KnightTask::Count {
                all_starts: false,
                path: Vec::new(),
                part: None,
            },
            Traced::Tree(strategy) => KnightTask::Search {
                strategy: strategy.name().to_string(),
            },
            Traced::Solver(kind) => KnightTask::Solve {
                algorithm: kind,
                params: self.params.clone(),
                fallback: false,
            },
        };
        if matches!(task, KnightTask::Count { .. } | KnightTask::Search { .. })
            && !self.params.is_empty()
        {
            return Err(JobError::Input(format!(
                "{} takes no parameters",
                self.algorithm
            )));
        }
        let mut budget = self.budget;
        if let KnightTask::Search { .. } = task {
            budget.nodes = Some(budget.nodes.unwrap_or(DEFAULT_SEARCH_NODES));
        }
        Ok(KnightJob {
            cols: self.cols,
            rows: self.rows,
            start: self.start,
            closed: self.closed,
            seed: self.seed,
            budget,
            task,
        })
    }

    /// Checks everything that can be checked without searching.
    pub fn check(&self) -> Result<(), JobError> {
        check_limit(self.limit)?;
        let job = self.as_job()?;
        if self.closed && matches!(job.task, KnightTask::Search { .. }) {
            return Err(JobError::Input(
                "bfs and dfs look for open tours only: ask for an open tour (no --closed)".into(),
            ));
        }
        job.check()
    }

    /// Runs the search with its steps recorded, replays them and checks that they end in
    /// the answer it reports, and validates that answer with `puzzle::knight`.
    pub fn run(&self, cancel: &AtomicBool) -> Result<KnightTrace, JobError> {
        self.check()?;
        let job = self.as_job()?;
        let (board, start) = job.board_and_start(cancel)?;
        let tree = matches!(job.task, KnightTask::Search { .. });
        let start = match start {
            Some(s) => s,
            None if tree => Square::MAX,
            None => 0,
        };
        let Chosen {
            search,
            params,
            picker,
        } = self.search(&board, start)?;
        let problem = Problem {
            board: &board,
            start,
            closed: self.closed,
        };
        let mut recorder = Recorder::new(self.limit as usize);
        // Made before the clock starts, as `knight solve` makes it.
        let mut rng = rng_from_seed(self.seed);
        let mut observer = NoObserver;
        let mut ctl = Control::new(job.budget, cancel, &mut observer);
        // Time for the replay that checks the steps (and for handing their memory back).
        ctl.keep_back(Duration::from_nanos(
            self.limit.saturating_mul(REPLAY_NANOS_PER_STEP),
        ));
        let family = search.family();
        let (path, stop, counters, complete) =
            run_search(&search, &problem, &mut rng, &mut ctl, &mut recorder);
        let elapsed_ms = ctl.elapsed().as_secs_f64() * 1e3;
        let found = match search {
            Search::Count => counters.solutions > 0,
            _ => stop == Stop::Found,
        };
        let mut steps = recorder.into_steps();
        let traced = self.algorithm;
        // A count says whether it finished.
        let counted = (traced == Traced::Count).then_some(complete);
        let mut message = self.message(&board, start, &path, stop, &counters, counted);
        let (mut path, mut stop, mut found, mut complete) = (path, stop, found, complete);
        // What is shown is the search's own answer, and its steps lead there. After Stop or
        // Ctrl-C the checks have `CHECK_GRACE`; a trace not checked by then is not shown:
        // the trace says so, with no steps and the start alone, as a solve does.
        let mut go_on = crate::run::until_cancelled(cancel);
        let unchecked =
            !self.check_steps(&board, &search, family, &steps, &path, stop, &mut go_on)?;
        if unchecked {
            message = not_checked(&steps, &path);
            let start_only = if start == Square::MAX {
                Vec::new()
            } else {
                vec![start]
            };
            crate::solve::free_later((
                std::mem::take(&mut steps),
                std::mem::replace(&mut path, start_only),
            ));
            (stop, found, complete) = (Stop::Cancelled, false, false);
        }
        Ok(KnightTrace {
            job: self.clone(),
            unchecked,
            traced,
            board,
            start,
            params,
            tree: Tree::of(&steps),
            steps,
            family,
            picker,
            path,
            found,
            complete,
            stop,
            counters,
            elapsed_ms,
            message,
        })
    }

    /// Whether the steps replay to `path` and `path` is what the search says it is, by the
    /// rules of `puzzle::knight`: `Err` when either fails, `Ok(false)` when `go_on` said
    /// stop first.
    #[allow(clippy::too_many_arguments)]
    fn check_steps(
        &self,
        board: &Board,
        search: &Search,
        family: Family,
        steps: &[KnightStep],
        path: &[Square],
        stop: Stop,
        mut go_on: impl FnMut() -> bool,
    ) -> Result<bool, JobError> {
        let Some(replayed) = replay_while(steps, family, stop, &mut go_on) else {
            return Ok(false);
        };
        if replayed != path {
            return Err(JobError::Invalid(format!(
                "{}: replaying its {} does not end in the path it reports",
                self.algorithm,
                super::steps(steps.len())
            )));
        }
        if stop == Stop::Found && !matches!(search, Search::Count) {
            board
                .validate_tour_while(path, self.closed, go_on)
                .map_err(|e| {
                    JobError::Invalid(format!(
                        "{} reported a tour that is not one: {e}",
                        self.algorithm
                    ))
                })
        } else {
            board.validate_path_while(path, go_on).map_err(|e| {
                JobError::Invalid(format!("{} reported an illegal path: {e}", self.algorithm))
            })
        }
    }

    /// The search, its parameters with defaults, and how it picks, for this board.
    fn search(&self, board: &Board, start: Square) -> Result<Chosen, JobError> {
        let (search, params, picker) = match self.algorithm {
            Traced::Count => (Search::Count, Vec::new(), Picker::Every),
            Traced::Tree(strategy) => (Search::Tree(strategy), Vec::new(), Picker::Tree),
            Traced::Solver(kind) => {
                let params = Params::new(kind.info(), &self.params)?;
                let tie = || TieBreak::parse(params.get("tie_break"));
                let problem = Problem {
                    board,
                    start,
                    closed: self.closed,
                };
                use KnightAlgo as K;
                let (search, picker) = match kind {
                    K::RandomWalk => (
                        Search::RandomWalk(random_walk::Config {
                            walks: params.int("walks")?,
                        }),
                        Picker::Random,
                    ),
                    K::Warnsdorff => (
                        Search::Warnsdorff(warnsdorff::Config {
                            tie_break: tie()?,
                            attempts: params.int("attempts")?,
                        }),
                        Picker::Greedy,
                    ),
                    K::Backtrack => (Search::Backtrack(Order::Plain), Picker::Ordered),
                    K::BacktrackWarnsdorff => (
                        Search::Backtrack(Order::Warnsdorff(tie()?)),
                        Picker::Warnsdorff(backtrack::resolved_tie_break(&problem, tie()?)),
                    ),
                    K::BacktrackRandom => {
                        let variant = RandomVariant::parse(params.get("variant"))?;
                        (
                            Search::Backtrack(Order::Random(variant)),
                            Picker::Shuffled(variant),
                        )
                    }
                    // The catalog says a trace follows none of the others.
                    other => {
                        return Err(JobError::Input(format!(
                            "{} cannot be traced; the searches a trace follows are {}",
                            other.id(),
                            traceable().join(", ")
                        )));
                    }
                };
                (search, params.pairs(), picker)
            }
        };
        Ok(Chosen {
            search,
            params,
            picker,
        })
    }

    fn message(
        &self,
        board: &Board,
        start: Square,
        path: &[Square],
        stop: Stop,
        counters: &Counters,
        counted: Option<bool>,
    ) -> String {
        let kind = if self.closed { "closed" } else { "open" };
        let from = if start == Square::MAX {
            String::new()
        } else {
            format!(" from {}", board.name(start))
        };
        let main = if let Some(complete) = counted {
            let tours = counters.solutions;
            let t = if tours == 1 { "tour" } else { "tours" };
            if complete {
                format!("counted every {kind} tour{from}: {tours} {t}")
            } else {
                format!("counted {tours} {kind} {t}{from} so far")
            }
        } else if stop == Stop::Found {
            format!("found an {kind} tour of {} squares{from}", path.len())
        } else {
            format!(
                "no {kind} tour found{from}; the longest path has {} of {} squares",
                path.len(),
                board.len()
            )
        };
        let why = match stop {
            Stop::Found => None,
            Stop::StepLimit => Some(cut_note(self.limit)),
            Stop::Exhausted if counted.is_some() => None,
            Stop::Exhausted => Some("the search tried everything".into()),
            stop => Some(stop.describe().to_string()),
        };
        let theorem = (start != Square::MAX && stop != Stop::Found)
            .then(|| no_tour(board.shape(), board.row_col(start), self.closed))
            .flatten()
            .map(|none| none.reason);
        [Some(main), why, theorem]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// Runs `search` traced into `recorder`: its path, how it stopped, its figures, and whether
/// a count finished.
fn run_search(
    search: &Search,
    problem: &Problem,
    rng: &mut crate::solve::Rng,
    ctl: &mut Control,
    recorder: &mut Recorder<KnightStep>,
) -> (Vec<Square>, Stop, Counters, bool) {
    match search {
        Search::RandomWalk(config) => {
            let a = random_walk::solve_traced(problem, config, rng, ctl, recorder);
            (a.path, a.stop, a.counters, false)
        }
        Search::Warnsdorff(config) => {
            let a = warnsdorff::solve_traced(problem, config, rng, ctl, recorder);
            (a.path, a.stop, a.counters, false)
        }
        Search::Backtrack(order) => {
            let a = backtrack::solve_traced(problem, *order, rng, ctl, recorder);
            (a.path, a.stop, a.counters, false)
        }
        Search::Count => {
            let (c, path) = count::count_traced(problem, ctl, recorder);
            (path, c.stop, c.counters, c.complete)
        }
        Search::Tree(strategy) => {
            let o = tree_search::search_traced(problem, *strategy, ctl, recorder);
            let mut counters = Counters {
                nodes: o.nodes_generated,
                ..Counters::default()
            };
            counters.max_depth = o.path.len() as u64;
            let stop = if o.found { Stop::Found } else { o.stop };
            (o.path, stop, counters, false)
        }
    }
}

impl KnightTrace {
    /// Whether the trace stopped at its step limit.
    pub fn cut(&self) -> bool {
        self.stop == Stop::StepLimit
    }

    /// A teller for this trace's steps, from the start.
    pub fn teller(&self) -> Teller<'_> {
        Teller {
            trace: self,
            state: KnightState::default(),
            rule: None,
        }
    }

    /// A teller for the steps from `index` on, `state` being the state before it.
    pub fn teller_at(&self, index: usize, state: KnightState) -> Teller<'_> {
        // The walk under way began at the last restart (a walk is at most a board long).
        let rule = self.steps[..index.min(self.steps.len())]
            .iter()
            .rev()
            .take(self.board.len() + 2)
            .find_map(|s| match s {
                KnightStep::Restart { rule, .. } => Some(*rule),
                _ => None,
            })
            .flatten();
        Teller {
            trace: self,
            state,
            rule,
        }
    }
}

/// Tells a trace's steps in order, one sentence (and one JSON object) each.
pub struct Teller<'a> {
    trace: &'a KnightTrace,
    state: KnightState,
    /// The tie-break of the walk under way.
    rule: Option<TieBreak>,
}

/// `[row, col]`.
fn rc(board: &Board, sq: Square) -> [u32; 2] {
    let (r, c) = board.row_col(sq);
    [r, c]
}

impl Teller<'_> {
    /// The board's state before the next step.
    pub fn state(&self) -> &KnightState {
        &self.state
    }

    /// Tells `step` (the next one) and applies it: its sentence and, when `json`, its
    /// object for `--json`.
    pub fn tell(&mut self, step: &KnightStep, json: bool) -> (String, Option<Value>) {
        let board = &self.trace.board;
        let name = |sq: Square| board.name(sq);
        let path = &self.state.path;
        let (text, mut value) = match *step {
            KnightStep::Restart { attempt, rule } => {
                self.rule = rule;
                let start = name(self.trace.start);
                let text = match rule {
                    None => format!("Walk {attempt} begins on {start}."),
                    Some(tie) => format!(
                        "Walk {attempt} begins on {start}; ties are broken by {}.",
                        tie_phrase(tie)
                    ),
                };
                let v = json!({
                    "kind": "restart",
                    "attempt": attempt,
                    "tie_break": rule.map(|t| t.to_string()),
                });
                (text, v)
            }
            KnightStep::Visit { square, options } => self.visit_words(square, options),
            KnightStep::Prune { square, why } => (
                format!("Give up at {}: {}.", name(square), why.describe()),
                json!({"kind": "prune", "square": rc(board, square), "reason": why.name()}),
            ),
            KnightStep::Backtrack { square } => {
                let back_to = path.len().checked_sub(2).map(|i| path[i]);
                let text = match back_to {
                    Some(to) => format!(
                        "Back from {} to {}: nothing left to try from {}.",
                        name(square),
                        name(to),
                        name(square)
                    ),
                    None => format!("Back from {}.", name(square)),
                };
                let v = json!({
                    "kind": "backtrack",
                    "square": rc(board, square),
                    "depth": path.len().saturating_sub(1),
                });
                (text, v)
            }
            KnightStep::Tour => {
                let n = self.state.tours + 1;
                (
                    format!(
                        "Every square visited: tour number {n}. The count goes on looking for more."
                    ),
                    json!({"kind": "tour", "count": n}),
                )
            }
            KnightStep::Expand { node, frontier } => self.expand_words(node, frontier),
            KnightStep::Generate { parent, square } => self.generate_words(parent, square),
        };
        self.state.apply(step, &self.trace.tree);
        if json {
            value["text"] = Value::from(text.clone());
        }
        (text, json.then_some(value))
    }

    /// The knight's move onto `square`: the free squares it had, with their onward moves,
    /// and why the search took this one.
    fn visit_words(&self, square: Square, options: Options) -> (String, Value) {
        let board = &self.trace.board;
        let name = |sq: Square| board.name(sq);
        let path = &self.state.path;
        let text = match path.last() {
            None => format!("Start on {}.", name(square)),
            Some(&from) => {
                let cands: Vec<(Square, u32)> = options.candidates(board, from).collect();
                let list: Vec<String> = cands
                    .iter()
                    .enumerate()
                    .map(|(i, &(sq, d))| {
                        if i == 0 {
                            format!("{} ({d} onward)", name(sq))
                        } else {
                            format!("{} ({d})", name(sq))
                        }
                    })
                    .collect();
                let free = match cands.len() {
                    1 => "1 free square".to_string(),
                    k => format!("{k} free squares"),
                };
                format!(
                    "Move {} from {}, to square {}: {free}: {}; {}.",
                    path.len(),
                    name(from),
                    path.len() + 1,
                    list.join(", "),
                    self.decision(&cands, options.chosen(), square)
                )
            }
        };
        let mut v = json!({
            "kind": "visit",
            "square": rc(board, square),
            "depth": path.len() + 1,
        });
        if let Some(&from) = path.last() {
            let cands: Vec<Value> = options
                .candidates(board, from)
                .map(|(sq, d)| json!({"square": rc(board, sq), "onward": d}))
                .collect();
            v["candidates"] = Value::from(cands);
            v["choice"] = Value::from(options.chosen());
        }
        (text, v)
    }

    /// A tree search takes node `node` off its frontier, which holds `frontier` more.
    fn expand_words(&self, node: u32, frontier: u32) -> (String, Value) {
        let board = &self.trace.board;
        let name = |sq: Square| board.name(sq);
        let p = self.trace.tree.path_to(node);
        let end = p.last().map_or_else(String::new, |&s| name(s));
        (
            format!(
                "Expand node {node}: a path of {} ending on {end}; {frontier} nodes wait on the frontier.",
                squares(p.len())
            ),
            json!({
                "kind": "expand",
                "node": node,
                "square": p.last().map(|&s| rc(board, s)),
                "depth": p.len(),
                "frontier": frontier,
            }),
        )
    }

    /// A tree search makes a child of node `parent`, the knight on `square`.
    fn generate_words(&self, parent: u32, square: Square) -> (String, Value) {
        let board = &self.trace.board;
        let name = |sq: Square| board.name(sq);
        let id = self.state.generated;
        let tree = &self.trace.tree;
        let depth = tree.get(parent).map_or(1, |p| p.depth + 1);
        let text = match tree.get(parent) {
            Some(p) => format!(
                "Generate node {id}: {} to {}, a path of {}.",
                name(p.square),
                name(square),
                squares(depth as usize)
            ),
            None => format!(
                "Generate node {id}: the knight set down on {}.",
                name(square)
            ),
        };
        let v = json!({
            "kind": "generate",
            "node": id,
            "parent": tree.get(parent).map(|_| parent),
            "square": rc(board, square),
            "depth": depth,
        });
        (text, v)
    }

    /// Why the search took `square`, candidate `chosen` of `cands`.
    fn decision(&self, cands: &[(Square, u32)], chosen: usize, square: Square) -> String {
        let name = self.trace.board.name(square);
        let fewest = cands.iter().map(|c| c.1).min().unwrap_or(0);
        let tied = cands.iter().filter(|c| c.1 == fewest).count();
        let of = |k: usize| format!("choice {} of {}", k + 1, cands.len());
        let greedy = |rule: Option<TieBreak>| {
            if cands.len() == 1 {
                format!("Warnsdorff takes {name}, the only one")
            } else if tied == 1 {
                format!("Warnsdorff takes {name}, the fewest")
            } else {
                let rule = rule.map_or("the fixed move order".into(), tie_phrase);
                let names: Vec<String> = cands
                    .iter()
                    .filter(|c| c.1 == fewest)
                    .map(|c| self.trace.board.name(c.0))
                    .collect();
                format!(
                    "{} tie at {fewest} onward; {rule} picks {name}",
                    names.join(" and ")
                )
            }
        };
        let retry = "the ones before it led to dead ends";
        match self.trace.picker {
            Picker::Random => format!("the walk takes {name}, drawn at random"),
            Picker::Greedy => greedy(self.rule),
            Picker::Warnsdorff(tie) if chosen == 0 => greedy(Some(tie)),
            Picker::Warnsdorff(_) => {
                format!(
                    "backtracking tries {name}, {} in Warnsdorff's order; {retry}",
                    of(chosen)
                )
            }
            Picker::Ordered if chosen == 0 => {
                format!("backtracking tries {name}, the first in its fixed move order")
            }
            Picker::Ordered => format!("backtracking tries {name}, {}; {retry}", of(chosen)),
            Picker::Shuffled(RandomVariant::Document) => {
                let names: Vec<String> = cands
                    .iter()
                    .filter(|c| c.1 == fewest)
                    .map(|c| self.trace.board.name(c.0))
                    .collect();
                let among = if tied == 1 {
                    format!("{name}, the only one with the fewest onward")
                } else {
                    format!(
                        "{name}, drawn at random among the fewest onward ({}); the report draws with replacement, so a square may come again and another never",
                        names.join(", ")
                    )
                };
                format!("backtracking tries {among}")
            }
            Picker::Shuffled(RandomVariant::Complete) => format!(
                "backtracking tries {name}, {} (fewest onward first, ties shuffled)",
                of(chosen)
            ),
            Picker::Every if chosen == 0 => {
                format!("the count tries {name} first; it will try every one in turn")
            }
            Picker::Every => format!("the count tries {name}, {}", of(chosen)),
            Picker::Tree => format!("the search takes {name}"),
        }
    }
}

/// `1 square`, `12 squares`.
fn squares(n: usize) -> String {
    if n == 1 {
        "1 square".into()
    } else {
        format!("{n} squares")
    }
}

/// How a tie-break decides, in a few words.
pub fn tie_phrase(tie: TieBreak) -> String {
    match tie {
        TieBreak::Auto => "the best rule for the board".into(),
        TieBreak::First => "the fixed move order".into(),
        TieBreak::Random => "a random draw".into(),
        TieBreak::Pohl => "Pohl's rule (the fewest onward squares one move further)".into(),
        TieBreak::Roth => "Roth's rule (the farthest from the centre)".into(),
        TieBreak::Squirrel => "Squirrel and Cull's move ordering".into(),
        TieBreak::Order(_) => format!("the move ordering {tie}"),
    }
}

/// The note a trace ends with: how many steps it holds, and whether it was cut.
pub fn summary(trace: &KnightTrace) -> String {
    let held = steps(trace.steps.len());
    if trace.unchecked {
        "no steps shown: Stop or Ctrl-C came while they were checked".to_string()
    } else if trace.cut() {
        format!("{held} traced (the limit)")
    } else {
        format!("{held} traced, the whole search")
    }
}
