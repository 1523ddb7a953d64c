//! Knight's tour jobs: check the input, run the solver, validate its answer with
//! `puzzle::knight`, and say in a sentence what came of it.

pub mod setup;

use super::algo::{Algorithm, KnightAlgo};
use super::catalog::{AlgorithmInfo, Params};
use super::error::{JobError, check_memory};
use super::puzzle::{self, AnswerKey, PuzzleJob, PuzzleReport, count_summary};
use crate::platform::time::Instant;
use crate::puzzle::knight::existence::{has_closed_tour, no_tour};
use crate::puzzle::knight::{Board, Shape, Square, TourError};
use crate::solve::knight::backtrack::{self, Order, RandomVariant};
use crate::solve::knight::construct::{self, Plan};
use crate::solve::knight::count::{Count, DeadEnd};
use crate::solve::knight::evolve::{cultural, levels, move_ga};
use crate::solve::knight::tie_break::TieBreak;
use crate::solve::knight::trace::Prune;
use crate::solve::knight::tree_search::{self, Strategy};
use crate::solve::knight::{Answer, Problem, count, random_walk, settle, warnsdorff};
use crate::solve::{Budget, Control, Counters, NoObserver, Observer, Stop, rng_from_seed};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The largest board counted from every square: one count a square, each with tables
/// the size of the board (and no exhaustive count finishes past 6x6 anyway).
pub const MAX_ALL_STARTS_SQUARES: u64 = 10_000;

/// The node limit of `search` when none is given.
pub const DEFAULT_SEARCH_NODES: u64 = 1_000_000;
/// The smallest count from every square worth splitting: below it a count takes
/// milliseconds, less than starting a worker.
pub const SPLIT_FROM_SQUARES: u64 = 30;
/// How long the "does any tour exist?" check after a failure may take.
const PROOF_TIME: Duration = Duration::from_millis(500);
/// Boards up to this many squares get the proofs after a failure.
const PROOF_MAX_SQUARES: usize = 64;

/// A knight's tour job: the board, the start square, whether the tour must close, a seed,
/// a budget and what to do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KnightJob {
    /// The board's width, in squares.
    pub cols: u64,
    /// The board's height, in squares.
    pub rows: u64,
    /// `(row, col)`; `None`: the top-left square, or every square for `Search`.
    pub start: Option<(u32, u32)>,
    /// Whether the tour must be closed, its last square a knight's move from the first (a
    /// tree search looks for open tours and ignores it).
    pub closed: bool,
    /// The seed of the random number generator the solvers draw from (random walks, random
    /// tie-breaks, the GAs).
    pub seed: u64,
    /// Limits on time, nodes and generations; a tree search without a node limit stops
    /// after [`DEFAULT_SEARCH_NODES`].
    pub budget: Budget,
    /// What to do: find a tour, count tours, or search the tree of board states.
    pub task: KnightTask,
}

/// What a knight's tour job does.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum KnightTask {
    /// Find one tour with an algorithm of the catalog.
    Solve {
        /// The algorithm's catalog id, e.g. `warnsdorff` (see [`KnightAlgo`]).
        algorithm: KnightAlgo,
        /// Its parameters as `(name, value)` pairs; catalog defaults fill in the rest.
        params: Vec<(String, String)>,
        /// When the algorithm finds no tour without proving that none exists, settle it
        /// with [`settle`] before giving up (`knight solve` without `--algo`).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        fallback: bool,
    },
    /// Count the directed tours from the start square, or from every square.
    Count {
        /// Count from every square, squares in parallel (boards of at most
        /// [`MAX_ALL_STARTS_SQUARES`] squares), instead of from the start square alone.
        all_starts: bool,
        /// Count only the tours that begin with this path: `(row, col)` squares, the first
        /// the start square. Empty: every tour from the start.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        path: Vec<(u32, u32)>,
        /// With `all_starts`: count from this part's squares only, as one of several
        /// workers side by side (a browser's, which share no threads); see [`super::split`].
        #[serde(default, skip_serializing_if = "Option::is_none")]
        part: Option<super::split::Part>,
    },
    /// Search the tree of board states breadth-first or depth-first, up to a node limit.
    Search {
        /// `bfs` or `dfs` (or `breadth-first`, `depth-first`).
        strategy: String,
    },
}

/// What a knight's tour job reports, by its task.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum KnightReport {
    /// A solve's tour, or the longest path it reached.
    Solve(SolveReport),
    /// A count of tours.
    Count(CountReport),
    /// A tree search's tour, or the longest path among the nodes it generated.
    Search(SearchReport),
}

impl PuzzleReport for KnightReport {
    fn claimed(&self) -> Vec<(&'static str, u64)> {
        match self {
            KnightReport::Solve(r) => puzzle::counters_claimed(&r.counters),
            KnightReport::Count(r) => vec![("calls", r.calls)],
            KnightReport::Search(r) => vec![
                ("nodes_generated", r.nodes_generated),
                ("max_frontier", r.max_frontier),
            ],
        }
    }

    fn sequence(&self) -> Option<&[u32]> {
        match self {
            KnightReport::Solve(r) => Some(&r.path),
            KnightReport::Search(r) => Some(&r.path),
            KnightReport::Count(_) => None,
        }
    }

    fn item_name(&self, index: usize, item: u32) -> String {
        let (cols, rows) = match self {
            KnightReport::Solve(r) => (r.cols, r.rows),
            KnightReport::Search(r) => (r.cols, r.rows),
            KnightReport::Count(r) => (r.cols, r.rows),
        };
        let name = Board::new(u64::from(cols), u64::from(rows))
            .ok()
            .filter(|b| (item as usize) < b.len())
            .map_or_else(|| format!("{item}, off the board"), |b| b.name(item));
        format!("square {} of the path, {name}", index + 1)
    }

    fn broken(&self) -> Option<String> {
        let (cols, rows, path, tour, closed) = match self {
            KnightReport::Solve(r) => (r.cols, r.rows, &r.path, r.found, r.closed_requested),
            KnightReport::Search(r) => (r.cols, r.rows, &r.path, r.found, false),
            KnightReport::Count(_) => return None,
        };
        let board = match Board::new(u64::from(cols), u64::from(rows)) {
            Ok(b) => b,
            Err(e) => return Some(e.to_string()),
        };
        let checked = if tour {
            board.validate_tour(path, closed)
        } else {
            board.validate_path(path)
        };
        checked.err().map(|e| {
            let what = if tour {
                "a knight's tour"
            } else {
                "a knight's path"
            };
            format!("it is not {what}: {e}")
        })
    }

    fn elapsed_ms(&self) -> f64 {
        match self {
            KnightReport::Solve(r) => r.elapsed_ms,
            KnightReport::Count(r) => r.elapsed_ms,
            KnightReport::Search(r) => r.elapsed_ms,
        }
    }

    fn solved(&self) -> Option<puzzle::Solved<'_>> {
        match self {
            KnightReport::Solve(r) => Some(puzzle::Solved {
                found: r.found,
                elapsed_ms: r.elapsed_ms,
                answer: &r.path,
                counters: r.counters,
                message: &r.message,
            }),
            KnightReport::Count(_) | KnightReport::Search(_) => None,
        }
    }

    fn answer(&self) -> puzzle::Answer {
        let path = |found: bool, path: &[Square], summary: String, stop: Stop| puzzle::Answer {
            key: AnswerKey::Sequence {
                found,
                cells: puzzle::Digest::of(path),
            },
            summary: format!("{} ({summary})", if found { "a tour" } else { "no tour" }),
            stop: Some(stop),
        };
        match self {
            KnightReport::Solve(r) => path(
                r.found,
                &r.path,
                format!(
                    "{} of {} squares",
                    r.path.len(),
                    u64::from(r.cols) * u64::from(r.rows)
                ),
                r.stop,
            ),
            KnightReport::Search(r) => path(
                r.found,
                &r.path,
                format!("{} squares, {} nodes", r.path.len(), r.nodes_generated),
                r.stop,
            ),
            KnightReport::Count(r) => puzzle::Answer {
                key: AnswerKey::Count {
                    complete: r.complete,
                    total: r.total,
                    per_square: r.per_square.as_deref().map(puzzle::Digest::of),
                },
                summary: count_summary(r.total, "tours", r.complete),
                stop: Some(r.stop),
            },
        }
    }
}

/// What a solve reports: the tour or the longest path, why it stopped, its figures and a
/// sentence on how it ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SolveReport {
    /// The board's width, in squares.
    pub cols: u32,
    /// The board's height, in squares.
    pub rows: u32,
    /// The start square, numbered row by row from the top-left.
    pub start: Square,
    /// The algorithm run (the first one, when a fallback ran after it).
    pub algorithm: KnightAlgo,
    /// Every parameter's value, defaults included, as `(name, value)` pairs in name order.
    pub params: Vec<(String, String)>,
    /// The seed the run used.
    pub seed: u64,
    /// Whether a tour was found; `puzzle::knight` has checked it.
    pub found: bool,
    /// Whether a closed tour was asked for.
    pub closed_requested: bool,
    /// Whether the tour found is closed (it may be, unasked).
    pub closed: bool,
    /// The tour, or the longest legal path reached when none was found.
    pub path: Vec<Square>,
    /// Why the run ended (the fallback's reason, when a fallback ran).
    pub stop: Stop,
    /// The figures at the end: the first algorithm's, even when a fallback ran.
    pub counters: Counters,
    /// Running time in milliseconds, pauses not counted (0 when a theorem ruled the tour
    /// out at once).
    pub elapsed_ms: f64,
    /// What came of the run, in a sentence or two for people.
    pub message: String,
    /// How `closed-construct` put the tour together (its pieces and joins), on boards
    /// the app shows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub construction: Option<Plan>,
    /// When the algorithm gave up without a proof and the run was asked to settle it:
    /// how the fallback settled it (`construction`, `strip`, `rotation` or `theorem`);
    /// the path and the stop are then the fallback's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fallback: Option<settle::Kind>,
}

/// The largest board whose construction plan goes into a report (the app's largest,
/// 400x400: about 2,500 pieces).
pub const PLAN_MAX_SQUARES: usize = 160_000;

/// What a count of directed tours reports, from one square or from every square.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CountReport {
    /// The board's width, in squares.
    pub cols: u32,
    /// The board's height, in squares.
    pub rows: u32,
    /// Whether closed tours were counted.
    pub closed: bool,
    /// The square counted from, or `None` for every square.
    pub start: Option<Square>,
    /// Whether the count finished: `total` is then every tour, not a lower bound.
    pub complete: bool,
    /// The directed tours counted (those that begin with `path`, when one is given); a
    /// lower bound when the count is incomplete.
    pub total: u64,
    /// Tours from each square, row-major from the top-left (every-square counts only);
    /// `None` for a square whose count was cut short (time limit, Stop, Ctrl-C) or never
    /// started, so a partial count is never shown as a square's figure.
    pub per_square: Option<Vec<Option<u64>>>,
    /// Squares entered by the search (the solver report's recursive calls).
    pub calls: u64,
    /// Why the count ended (`Impossible`: a theorem answered 0 without a search).
    pub stop: Stop,
    /// How long the count took, in milliseconds.
    pub elapsed_ms: f64,
    /// What came of the count, in a sentence for people.
    pub message: String,
    /// The path whose extensions were counted (empty: every tour from `start`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub path: Vec<Square>,
    /// When the count is 0 because the path cannot be extended: how that is known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dead_end: Option<DeadEndProof>,
}

/// How a count knows that no tour extends a path.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeadEndProof {
    /// `illegal-path`, `no-move`, a pruning rule's name (`unreachable`, `stranded`,
    /// `two-ends`, `no-way-home`) or `searched` (the count tried every continuation).
    pub rule: String,
    /// The squares the rule is about.
    pub squares: Vec<Square>,
    /// The proof in a sentence.
    pub text: String,
}

impl DeadEndProof {
    /// Why `path` (a path from the start on `board`) has no tour extending it, when that
    /// can be told without searching: it is not a legal path, the knight has no move, or
    /// a pruning rule sees it at once. `count` says whether the search then found none.
    pub fn of(board: &Board, path: &[Square], closed: bool, count: Option<&Count>) -> Option<Self> {
        let name = |sq: Square| board.name(sq);
        if let Err(e) = board.validate_path(path) {
            let at = |(r, c): (u32, u32)| board.square(r, c);
            let (text, squares) = match e {
                TourError::IllegalJump { from, to, .. } => (
                    format!(
                        "{} to {} is not a knight's move",
                        name(at(from)),
                        name(at(to))
                    ),
                    vec![at(from), at(to)],
                ),
                TourError::Revisited { square, .. } => (
                    format!("it visits {} twice", name(at(square))),
                    vec![at(square)],
                ),
                e => (format!("it is not a legal knight's path: {e}"), Vec::new()),
            };
            return Some(DeadEndProof {
                rule: "illegal-path".into(),
                squares,
                text,
            });
        }
        let problem = Problem {
            board,
            start: *path.first()?,
            closed,
        };
        let last = *path.last()?;
        match count::dead_end(&problem, path) {
            Some(DeadEnd::NoMove) => Some(DeadEndProof {
                rule: "no-move".into(),
                squares: vec![last],
                text: format!(
                    "the knight on {} has no unvisited square to move to, and {} squares are left",
                    name(last),
                    board.len() - path.len()
                ),
            }),
            Some(DeadEnd::Pruned { why, squares }) => {
                let named: Vec<String> = squares.iter().map(|&s| name(s)).collect();
                let text = match why {
                    Prune::Unreachable => format!(
                        "{} has no unvisited neighbour left, so the knight can never reach it",
                        named.join(", ")
                    ),
                    Prune::Stranded => format!(
                        "{}, next to the knight, has no other unvisited neighbour: it could only be the last square, and others remain",
                        named.join(", ")
                    ),
                    Prune::TwoEnds => format!(
                        "{} each have one way in left, so both would have to be the last square",
                        named.join(" and ")
                    ),
                    Prune::NoWayHome => format!(
                        "no unvisited square next to the start {} is left for the closing move",
                        name(problem.start)
                    ),
                };
                Some(DeadEndProof {
                    rule: why.name().into(),
                    squares,
                    text,
                })
            }
            None => match count {
                Some(c) if c.complete && c.tours == 0 => Some(DeadEndProof {
                    rule: "searched".into(),
                    squares: Vec::new(),
                    text: format!(
                        "the pruned search tried every way on from {} ({} squares entered) and none completes a{} tour",
                        name(last),
                        c.calls,
                        if closed { " closed" } else { "" }
                    ),
                }),
                _ => None,
            },
        }
    }
}

/// What a tree search (BFS or DFS over board states) reports.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SearchReport {
    /// The board's width, in squares.
    pub cols: u32,
    /// The board's height, in squares.
    pub rows: u32,
    /// `bfs` or `dfs`.
    pub strategy: String,
    /// The start square, or `None` when every square was a root of the tree.
    pub start: Option<Square>,
    /// Whether a tour was found; `puzzle::knight` has checked it.
    pub found: bool,
    /// The tour found, else the longest path among the nodes generated (at most the start
    /// square when a theorem answered without a search).
    pub path: Vec<Square>,
    /// Nodes generated, each counting toward the node limit.
    pub nodes_generated: u64,
    /// Whether the search stopped on its node limit (or another budget) before finishing.
    pub limit_reached: bool,
    /// The most nodes waiting in the queue (BFS) or the stack (DFS) at once.
    pub max_frontier: u64,
    /// Why the search ended.
    pub stop: Stop,
    /// How long the search took, in milliseconds.
    pub elapsed_ms: f64,
    /// What came of the search, in a sentence for people.
    pub message: String,
}

impl CountReport {
    /// The figures the count ends with, as its progress reported them
    /// ([`super::catalog::COUNT_FIGURES`]).
    pub fn counters(&self) -> Counters {
        Counters {
            nodes: self.calls,
            solutions: self.total,
            ..Counters::default()
        }
    }
}

impl SearchReport {
    /// The figures the tree search ends with ([`super::catalog::TREE_SEARCH_FIGURES`]):
    /// the path reported is the deepest node reached (the tour, when one was found).
    pub fn counters(&self) -> Counters {
        let depth = self.path.len() as u64;
        Counters {
            nodes: self.nodes_generated,
            max_depth: depth,
            depth,
            ..Counters::default()
        }
    }
}

impl KnightJob {
    /// The board and start square, checked. Builds the move table: [`Self::shape_and_start`]
    /// checks the same for nothing.
    pub fn board_and_start(
        &self,
        cancel: &AtomicBool,
    ) -> Result<(Board, Option<Square>), JobError> {
        let (shape, start) = self.shape_and_start()?;
        let go_on = || !cancel.load(Ordering::Relaxed);
        let board = Board::new_while(u64::from(shape.cols()), u64::from(shape.rows()), go_on)
            .map_err(|e| JobError::Input(e.to_string()))?
            .ok_or_else(|| {
                JobError::Ended("cancelled while the board's move table was being built".into())
            })?;
        Ok((board, start))
    }

    /// The squares of a count's path, checked to be on the board, as many as it has at
    /// most, and starting on the start square when one is given. Whether it is a legal
    /// path is the count's answer, not an input error.
    fn path_squares(&self, board: Shape, path: &[(u32, u32)]) -> Result<Vec<Square>, JobError> {
        if path.len() > board.len() {
            return Err(JobError::Input(format!(
                "the path has {} squares and the {}x{} board only {}",
                path.len(),
                self.cols,
                self.rows,
                board.len()
            )));
        }
        let mut squares = Vec::with_capacity(path.len());
        for (i, &(r, c)) in path.iter().enumerate() {
            if !board.contains(i64::from(r), i64::from(c)) {
                return Err(JobError::Input(format!(
                    "square {} of the path, {r},{c}, is off the {}x{} board: rows are 0..{} and columns 0..{}",
                    i + 1,
                    self.cols,
                    self.rows,
                    self.rows - 1,
                    self.cols - 1
                )));
            }
            squares.push(board.square(r, c));
        }
        if let (Some(&first), Some(start)) = (path.first(), self.start)
            && first != start
        {
            return Err(JobError::Input(format!(
                "the path begins on {},{} but the start square is {},{}",
                first.0, first.1, start.0, start.1
            )));
        }
        Ok(squares)
    }

    /// The board's size and the start square, checked.
    pub fn shape_and_start(&self) -> Result<(Shape, Option<Square>), JobError> {
        let board = Shape::new(self.cols, self.rows).map_err(|e| JobError::Input(e.to_string()))?;
        let start = match self.start {
            None => None,
            Some((r, c)) if board.contains(i64::from(r), i64::from(c)) => Some(board.square(r, c)),
            Some((r, c)) => {
                return Err(JobError::Input(format!(
                    "start square {r},{c} is off the {}x{} board: rows are 0..{} and columns 0..{}",
                    self.cols,
                    self.rows,
                    self.rows - 1,
                    self.cols - 1
                )));
            }
        };
        Ok((board, start))
    }
}

impl PuzzleJob for KnightJob {
    fn budget(&self) -> &Budget {
        &self.budget
    }

    fn budget_mut(&mut self) -> &mut Budget {
        &mut self.budget
    }

    fn algorithm(&self) -> super::puzzle::Solving<'_> {
        match &self.task {
            KnightTask::Solve {
                algorithm, params, ..
            } => Ok((algorithm.info(), params.as_slice())),
            KnightTask::Count { .. } => Err("counting"),
            KnightTask::Search { .. } => Err("a tree search"),
        }
    }

    fn genes(&self) -> u64 {
        self.cols.saturating_mul(self.rows)
    }

    /// A decoded path: a legal knight's path on the board.
    fn check_state(&self, state: &[u32]) -> Result<(), JobError> {
        let board = Board::new(self.cols, self.rows)?;
        board
            .validate_path(state)
            .map_err(|e| JobError::Invalid(format!("a decoded path: {e}")))
    }

    /// A board of more than [`super::file::MAX_SAVED_SQUARES`] squares makes too large a
    /// file.
    fn savable(&self) -> Result<(), String> {
        let most = super::file::MAX_SAVED_SQUARES;
        if self.cols.saturating_mul(self.rows) > most {
            return Err(format!(
                "a run on a board of more than {most} squares would make a file larger than a run file can be ({} MiB)",
                super::file::MAX_FILE_BYTES >> 20
            ));
        }
        Ok(())
    }

    /// A count from every square of [`SPLIT_FROM_SQUARES`] squares or more.
    fn worth_splitting(&self) -> bool {
        self.cols.saturating_mul(self.rows) >= SPLIT_FROM_SQUARES
    }

    /// A count from every square splits by start squares; nothing else does.
    fn split(&self, parts: &[super::split::Part]) -> Option<Vec<KnightJob>> {
        let KnightTask::Count {
            all_starts: true,
            path,
            part: None,
        } = &self.task
        else {
            return None;
        };
        let one = |&part| KnightJob {
            task: KnightTask::Count {
                all_starts: true,
                path: path.clone(),
                part: Some(part),
            },
            ..self.clone()
        };
        Some(parts.iter().map(one).collect())
    }

    fn merge(&self, parts: Vec<KnightReport>) -> Result<KnightReport, JobError> {
        let counts = (parts.into_iter())
            .map(|r| match r {
                KnightReport::Count(c) => Ok(c),
                _ => Err(JobError::Invalid("a part's report is not a count's".into())),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let (board, _) = self.board_and_start(&AtomicBool::new(false))?;
        Ok(KnightReport::Count(merge_every_start(
            &board,
            self.closed,
            &counts,
        )?))
    }

    fn figures(&self) -> &'static [super::catalog::Figure] {
        super::catalog::knight_figures(&PuzzleJob::label_and_seed(self).0)
    }

    type Report = KnightReport;

    fn title(&self) -> String {
        let what = match &self.task {
            KnightTask::Solve { algorithm, .. } => algorithm.id().to_string(),
            KnightTask::Count { part: None, .. } => "count".into(),
            KnightTask::Count { part: Some(p), .. } => {
                format!("count, part {} of {}", p.index + 1, p.of)
            }
            KnightTask::Search { strategy } => format!("{strategy} search"),
        };
        // Squares as the board names them (c3), as everywhere the app shows them.
        let from = match (self.start, Shape::new(self.cols, self.rows)) {
            (Some((r, c)), Ok(shape)) if r < shape.rows() && c < shape.cols() => {
                format!(" from {}", shape.name(shape.square(r, c)))
            }
            (Some((r, c)), _) => format!(" from {r},{c}"),
            (None, _) => String::new(),
        };
        format!(
            "knight's tour, {what} on {}x{}{from}{}, seed {}",
            self.cols,
            self.rows,
            if self.closed { ", closed" } else { "" },
            self.seed
        )
    }

    fn label_and_seed(&self) -> (String, u64) {
        let label = match &self.task {
            KnightTask::Solve { algorithm, .. } => algorithm.id().to_string(),
            KnightTask::Count { .. } => "count".to_string(),
            KnightTask::Search { strategy } => strategy.clone(),
        };
        (label, self.seed)
    }

    /// Checks everything that can be checked without solving.
    fn check(&self) -> Result<(), JobError> {
        super::error::check_budget(&self.budget)?;
        let (board, _) = self.shape_and_start()?;
        match &self.task {
            KnightTask::Solve {
                algorithm, params, ..
            } => {
                let kind = *algorithm;
                let algo = kind.info();
                let params = Params::new(algo, params)?;
                Solver::new(kind, &params)?;
                algo.check_size(board.len() as u64, "squares on the board")?;
                if let Some(population) = params.try_int("population") {
                    // Chromosomes of one gene per square, the next generation's, and the
                    // decoded paths or their copies (four bytes a square): about 8 bytes
                    // per square each.
                    check_memory(
                        &format!(
                            "{} with a population of {population} on a {}x{} board",
                            algo.name, self.cols, self.rows
                        ),
                        population
                            .saturating_mul(board.len() as u64)
                            .saturating_mul(8),
                        "lower the population or use a smaller board",
                    )?;
                }
            }
            KnightTask::Count {
                all_starts: true,
                part,
                ..
            } => {
                check_all_starts(self.cols, self.rows)?;
                part.map(super::split::Part::check).transpose()?;
            }
            KnightTask::Count { part: Some(_), .. } => {
                return Err(JobError::Input(
                    "only a count from every square splits into parts".into(),
                ));
            }
            KnightTask::Count { path, .. } => {
                self.path_squares(board, path)?;
            }
            KnightTask::Search { strategy } => {
                Strategy::parse(strategy)?;
                let nodes = self.budget.nodes.unwrap_or(DEFAULT_SEARCH_NODES);
                // The nodes' board copies, and per square the move table and a start.
                let bytes = nodes
                    .saturating_mul(tree_search::bytes_per_node(board.len()))
                    .saturating_add(board.len() as u64 * 5);
                check_memory(
                    &format!(
                        "a node limit of {nodes} on a {}x{} board",
                        self.cols, self.rows
                    ),
                    bytes,
                    "lower the node limit (--nodes on the command line)",
                )?;
            }
        }
        Ok(())
    }

    fn run(
        &self,
        cancel: &AtomicBool,
        observer: &mut dyn Observer,
    ) -> Result<KnightReport, JobError> {
        self.check()?;
        let began = Instant::now();
        let (board, start) = self.board_and_start(cancel)?;
        // Building the move table (a tenth of a second on the largest boards) counts
        // toward the time limit.
        let mut job = self.clone();
        if let Some(t) = &mut job.budget.time {
            *t = t.saturating_sub(began.elapsed());
        }
        let job = &job;
        let report = match &self.task {
            KnightTask::Solve {
                algorithm,
                params,
                fallback,
            } => {
                let kind = *algorithm;
                let params = Params::new(kind.info(), params)?;
                let start = start.unwrap_or(0);
                let how = Solving {
                    kind,
                    params: &params,
                    fallback: *fallback,
                };
                solve(job, &board, start, how, cancel, observer).map(KnightReport::Solve)
            }
            KnightTask::Count {
                all_starts,
                path,
                part,
            } => {
                let report = if *all_starts {
                    let part = part.unwrap_or(super::split::Part::WHOLE);
                    count_every_start(&board, job.closed, job.budget, part, cancel, observer)
                } else {
                    let path = self.path_squares(board.shape(), path)?;
                    // A path given, even of one square, gets its 0 explained.
                    let given = !path.is_empty();
                    let path = if given {
                        path
                    } else {
                        vec![start.unwrap_or(0)]
                    };
                    let counting = Counting {
                        board: &board,
                        path: &path,
                        given,
                        closed: job.closed,
                    };
                    count_one_start(counting, job.budget, cancel, observer)
                };
                Ok(KnightReport::Count(report))
            }
            KnightTask::Search { strategy } => {
                let strategy = Strategy::parse(strategy)?;
                search(job, &board, start, strategy, cancel, observer).map(KnightReport::Search)
            }
        };
        crate::solve::free_later(board);
        report
    }
}

/// What a solve runs: the algorithm, its parameters, and whether a failure is settled by
/// [`settle`] before the run gives up.
struct Solving<'a> {
    kind: KnightAlgo,
    params: &'a Params,
    fallback: bool,
}

#[allow(
    clippy::too_many_lines,
    reason = "a run's stages in order (proof of none, search, check, fallback, report), each using the one before"
)]
fn solve(
    job: &KnightJob,
    board: &Board,
    start: Square,
    how: Solving,
    cancel: &AtomicBool,
    observer: &mut dyn Observer,
) -> Result<SolveReport, JobError> {
    let Solving {
        kind,
        params,
        fallback,
    } = how;
    let algo = kind.info();
    let problem = Problem {
        board,
        start,
        closed: job.closed,
    };
    let report = |path: Vec<Square>, stop, counters, elapsed_ms, message| SolveReport {
        cols: board.cols(),
        rows: board.rows(),
        start,
        algorithm: kind,
        params: params.pairs(),
        seed: job.seed,
        found: stop == Stop::Found,
        closed_requested: job.closed,
        closed: stop == Stop::Found && board.is_closed(&path),
        path,
        stop,
        counters,
        elapsed_ms,
        message,
        construction: None,
        fallback: None,
    };
    // Where a theorem rules the tour out, it says so at once, at any size, whatever the
    // algorithm.
    if let Some(none) = no_tour(board.shape(), board.row_col(start), job.closed) {
        return Ok(report(
            vec![start],
            Stop::Impossible,
            Counters::default(),
            0.0,
            none.reason,
        ));
    }
    let mut rng = rng_from_seed(job.seed);
    let solver = Solver::new(kind, params)?;
    let mut budget = job.budget;
    if let Solver::Cultural(_, timeout) = solver {
        // The Cultural Algorithm guide's timeout, unless the run's own limit is shorter.
        budget.time = Some(budget.time.map_or(timeout, |t| t.min(timeout)));
    }
    let mut ctl = Control::new(budget, cancel, observer);
    let (answer, method) = solver.solve(&problem, &mut rng, &mut ctl);
    // An answer whose check Stop or Ctrl-C cut short: its figures, not its path.
    let given_up = |path: Vec<Square>, counters, elapsed: Duration, message| {
        crate::solve::free_later(path);
        let elapsed_ms = elapsed.as_secs_f64() * 1e3;
        report(vec![start], Stop::Cancelled, counters, elapsed_ms, message)
    };
    if !check_answer(board, job.closed, algo.id, &answer, cancel)? {
        let message = not_checked(&answer);
        return Ok(given_up(
            answer.path,
            answer.counters,
            ctl.elapsed(),
            message,
        ));
    }
    // A failure that proves nothing is settled before the run gives up, when asked.
    let settles = fallback
        && method.is_none()
        && matches!(answer.stop, Stop::Stuck | Stop::Exhausted)
        && !(algo.complete && answer.stop == Stop::Exhausted);
    let (answer, message, fell_back) = if settles {
        let first = explain_failure(&problem, algo, params, &answer);
        // Warnsdorff's longest walk is where the rotations begin, if they are the method.
        let walked = (kind == KnightAlgo::Warnsdorff).then_some(&answer.path[..]);
        let (settled, method) = settle::solve_after(&problem, walked, &mut rng, &mut ctl);
        if !check_answer(board, job.closed, KnightAlgo::Settle.id(), &settled, cancel)? {
            let message = format!(
                "{first}; the fallback, {}: {}",
                settle_name(),
                not_checked(&settled)
            );
            return Ok(given_up(
                settled.path,
                answer.counters,
                ctl.elapsed(),
                message,
            ));
        }
        let then = explain_settled(&problem, &settled, &method, cancel);
        let name = settle_name();
        let message = match settled.stop {
            Stop::Found => format!("{first}; the fallback, {name}, then {then}"),
            Stop::Exhausted | Stop::Impossible => {
                format!("{then}; {first}, and the fallback, {name}, proved it")
            }
            _ => format!("{first}; the fallback, {name}: {then}"),
        };
        let settled_it = matches!(
            settled.stop,
            Stop::Found | Stop::Exhausted | Stop::Impossible
        );
        // The figures are the first algorithm's; the fallback's are told in the message.
        let answer = Answer {
            counters: answer.counters,
            ..settled
        };
        (answer, message, settled_it.then(|| method.kind()))
    } else {
        let message = match &method {
            Some(method) => explain_settled(&problem, &answer, method, cancel),
            None => explain_solve(&problem, kind, params, &answer, cancel),
        };
        (answer, message, None)
    };
    // Running time: a pause does not count.
    let elapsed = ctl.elapsed();
    let found = answer.stop == Stop::Found;
    let mut out = report(
        answer.path,
        answer.stop,
        answer.counters,
        elapsed.as_secs_f64() * 1e3,
        message,
    );
    out.fallback = fell_back;
    if found && kind == KnightAlgo::ClosedConstruct && board.len() <= PLAN_MAX_SQUARES {
        out.construction = Some(construct::plan(board.shape()));
    }
    Ok(out)
}

/// The puzzle module, not the solver, decides what is a tour. `Ok(false)`: Stop or Ctrl-C
/// came and the check was given up (see [`super::CHECK_GRACE`]), so the answer may not be
/// shown.
fn check_answer(
    board: &Board,
    closed: bool,
    id: &str,
    answer: &Answer,
    cancel: &AtomicBool,
) -> Result<bool, JobError> {
    let go_on = super::until_cancelled(cancel);
    if answer.stop == Stop::Found {
        board
            .validate_tour_while(&answer.path, closed, go_on)
            .map_err(|e| JobError::Invalid(format!("{id} reported a tour that is not one: {e}")))
    } else {
        board
            .validate_path_while(&answer.path, go_on)
            .map_err(|e| JobError::Invalid(format!("{id} reported an illegal path: {e}")))
    }
}

/// What is said of an answer whose check was given up: what it was, and why it is not shown.
fn not_checked(answer: &Answer) -> String {
    let what = if answer.stop == Stop::Found {
        "tour"
    } else {
        "path"
    };
    format!(
        "cancelled while checking the answer: the {what} of {} squares is not shown, since only what the rules of the puzzle have checked is shown",
        group(answer.path.len() as u64)
    )
}

/// Its name, as the catalog gives it.
fn settle_name() -> &'static str {
    KnightAlgo::Settle.info().name
}

/// What [`settle`] found or proved, as the rest of a sentence ("built …", "found …").
fn explain_settled(
    problem: &Problem,
    answer: &Answer,
    method: &settle::Method,
    cancel: &AtomicBool,
) -> String {
    let board = problem.board;
    let (n, at) = (board.len(), board.name(problem.start));
    let kind = tour_kind(problem.closed);
    let c = &answer.counters;
    let squares = |n: usize| {
        format!(
            "{} square{}",
            group(n as u64),
            if n == 1 { "" } else { "s" }
        )
    };
    match (answer.stop, method) {
        (_, settle::Method::Theorem(reason)) => reason.clone(),
        (Stop::Found, settle::Method::Construction) if n == 1 => {
            format!("found the tour of 1 square: {at} itself")
        }
        (Stop::Found, settle::Method::Construction) => {
            let open = if problem.closed {
                String::new()
            } else {
                " (a closed tour walked from any square is an open tour too)".to_string()
            };
            format!(
                "built a closed tour of {} by construction and walked it from {at}{open}",
                squares(n)
            )
        }
        (Stop::Found, settle::Method::Strip) => format!(
            "found an open tour of {} from {at} by the column-by-column search ({} profiles)",
            squares(n),
            group(c.nodes)
        ),
        (Stop::Found, settle::Method::Rotation) if c.backtracks == 0 => format!(
            "found an open tour of {} from {at} by Warnsdorff's rule",
            squares(n)
        ),
        (Stop::Found, settle::Method::Rotation) => format!(
            "found an open tour of {} from {at} by Warnsdorff's rule and {} of Pósa's rotations",
            squares(n),
            group(c.backtracks)
        ),
        (Stop::Found, settle::Method::Image(symmetry)) => format!(
            "found an open tour of {} from {at}: Warnsdorff's rule found one from its image {}, and the board's symmetry maps it back onto {at}",
            squares(n),
            symmetry.describe()
        ),
        (Stop::Exhausted, _) => {
            let proof = format!(
                "no {kind} starts at {at}: the column-by-column search tried every way of choosing the moves ({} profiles)",
                group(c.nodes)
            );
            prove_board(problem, cancel).unwrap_or(proof)
        }
        (Stop::Stuck, _) if n > settle::ROTATION_MAX_SQUARES => format!(
            "found no {kind} from {at}: Warnsdorff's rule reached {} of {} (Pósa's rotations are not tried past {} squares), and whether a {kind} exists from {at} was not settled",
            group(answer.path.len() as u64),
            squares(n),
            group(settle::ROTATION_MAX_SQUARES as u64)
        ),
        (Stop::Stuck, _) => format!(
            "found no {kind} from {at}: Warnsdorff's rule and {} of Pósa's rotations reached {} of {}, and whether a {kind} exists from {at} was not settled",
            group(c.backtracks),
            group(answer.path.len() as u64),
            squares(n)
        ),
        (stop, settle::Method::Construction) => format!(
            "{}: the construction had laid {} of {}; a closed tour exists on this board (Schwenk 1991), so a larger limit lets it finish",
            stop.describe(),
            group(c.nodes.min(n as u64)),
            squares(n)
        ),
        (stop, settle::Method::Strip) => format!(
            "{}: the column-by-column search had got {} of {} along the board without settling whether a {kind} starts at {at}",
            stop.describe(),
            group(c.max_depth),
            squares(n)
        ),
        (stop, _) => format!(
            "{}: no {kind} from {at} found yet ({} of {} at best)",
            stop.describe(),
            answer.path.len(),
            squares(n)
        ),
    }
}

/// `1234567` as `1,234,567`.
fn group(v: u64) -> String {
    super::catalog::group_thousands(v)
}

/// A knight's tour solver with its configuration, read once from the catalog's id and
/// `KEY=VALUE` parameters: past this point nothing is a string.
#[derive(Debug, Clone)]
enum Solver {
    Warnsdorff(warnsdorff::Config),
    RandomWalk(random_walk::Config),
    Backtrack(Order),
    /// Levels 1–3 of the Cultural Algorithm guide.
    Level(u8, levels::Config),
    /// Level 4, with its own timeout.
    Cultural(cultural::Config, Duration),
    MoveGa(move_ga::Config),
    Construct,
    Settle,
}

impl Solver {
    fn new(kind: KnightAlgo, params: &Params) -> Result<Solver, JobError> {
        use KnightAlgo as K;
        let tie = || TieBreak::parse(params.get("tie_break"));
        let level = |n| Ok(Solver::Level(n, level_config(params)?));
        match kind {
            K::ClosedConstruct => Ok(Solver::Construct),
            K::Settle => Ok(Solver::Settle),
            K::Warnsdorff => Ok(Solver::Warnsdorff(warnsdorff::Config {
                tie_break: tie()?,
                attempts: params.int("attempts")?,
            })),
            K::RandomWalk => Ok(Solver::RandomWalk(random_walk::Config {
                walks: params.int("walks")?,
            })),
            K::Backtrack => Ok(Solver::Backtrack(Order::Plain)),
            K::BacktrackWarnsdorff => Ok(Solver::Backtrack(Order::Warnsdorff(tie()?))),
            K::BacktrackRandom => Ok(Solver::Backtrack(Order::Random(RandomVariant::parse(
                params.get("variant"),
            )?))),
            K::Level1 => level(1),
            K::Level2 => level(2),
            K::Level3 => level(3),
            K::Level4 => Ok(Solver::Cultural(
                cultural::Config {
                    population: params.int("population")? as usize,
                    generations: params.int("generations")?,
                    base_mutation_rate: params.float("base_mutation_rate")?,
                    tournament: params.int("tournament")? as usize,
                    elite_size: params.int("elite_size")? as usize,
                    bonus: cultural::Bonus::parse(params.get("bonus"))?,
                    belief_threshold: cultural::Threshold::parse(params.get("belief_threshold"))?,
                },
                Duration::from_secs(params.int("timeout")?),
            )),
            K::GaRepair | K::GaHeuristic => Ok(Solver::MoveGa(move_ga_config(kind, params)?)),
        }
    }

    /// The answer, and how [`settle`] settled it when it was the solver.
    fn solve(
        self,
        problem: &Problem,
        rng: &mut crate::solve::Rng,
        ctl: &mut Control,
    ) -> (Answer, Option<settle::Method>) {
        let answer = match self {
            Solver::Settle => {
                let (answer, method) = settle::solve(problem, rng, ctl);
                return (answer, Some(method));
            }
            Solver::Warnsdorff(config) => warnsdorff::solve(problem, &config, rng, ctl),
            Solver::RandomWalk(config) => random_walk::solve(problem, &config, rng, ctl),
            Solver::Backtrack(order) => backtrack::solve(problem, order, rng, ctl),
            Solver::Level(level, config) => levels::solve_level(problem, level, config, rng, ctl),
            Solver::Cultural(config, _) => cultural::solve(problem, &config, rng, ctl),
            Solver::MoveGa(config) => move_ga::solve(problem, &config, rng, ctl).answer,
            Solver::Construct => {
                let (path, stop, counters) = if !problem.closed && problem.board.len() == 1 {
                    // The one square is an open tour of the 1x1 board.
                    (vec![problem.start], Stop::Found, Counters::default())
                } else {
                    construct::solve(problem.board.shape(), problem.start, ctl)
                };
                // No closed tour here: open tours may still exist; say so, not "none".
                let stop = match stop {
                    Stop::Impossible if !problem.closed => Stop::Stuck,
                    stop => stop,
                };
                if stop == Stop::Found {
                    ctl.finish(&counters, &path);
                }
                Answer {
                    path,
                    stop,
                    counters,
                }
            }
        };
        (answer, None)
    }
}

/// Levels 1–3's configuration from their parameters (level 1 has no diversity or belief
/// parameters; those keep their defaults).
pub fn level_config(params: &Params) -> Result<levels::Config, JobError> {
    let d = levels::Config::default();
    let float_or = |name: &str, default: f64| params.get(name).parse().unwrap_or(default);
    let word_or = |name: &str, default: &'static str| match params.get(name) {
        "" => default.to_string(),
        v => v.to_string(),
    };
    Ok(levels::Config {
        population: params.int("population")? as usize,
        generations: params.int("generations")?,
        mutation_rate: params.float("mutation_rate")?,
        elitism: params.int("elitism")? as usize,
        tournament: params.int("tournament")? as usize,
        repair: levels::Repair::parse(params.get("repair"))?,
        diversity_weight: float_or("diversity_weight", d.diversity_weight),
        diversity_bonus: levels::DiversityBonus::parse(&word_or("diversity_bonus", "uniform"))?,
        belief_after: params.get("belief_after").parse().unwrap_or(d.belief_after),
        good_fitness: float_or("good_fitness", d.good_fitness),
        elite: levels::Elite::parse(&word_or("elite", "first"))?,
    })
}

/// `ga-repair` / `ga-heuristic`'s configuration from their parameters.
pub fn move_ga_config(kind: KnightAlgo, params: &Params) -> Result<move_ga::Config, JobError> {
    let replacement = if kind == KnightAlgo::GaHeuristic {
        move_ga::Replacement::Heuristic
    } else {
        move_ga::Replacement::Repair(move_ga::RepairOrder::parse(params.get("repair_order"))?)
    };
    let (lo, hi) = (
        params.float("crossover_min")?,
        params.float("crossover_max")?,
    );
    if lo > hi {
        return Err(JobError::Input(format!(
            "crossover_min={lo} is above crossover_max={hi}: each run draws its crossover rate between them"
        )));
    }
    Ok(move_ga::Config {
        population: params.int("population")? as usize,
        generations: params.int("generations")?,
        crossover_min: lo,
        crossover_max: hi,
        mutation_rate: params.float("mutation_rate")?,
        ..move_ga::Config::new(replacement)
    })
}

fn tour_kind(closed: bool) -> &'static str {
    if closed { "closed tour" } else { "tour" }
}

/// One sentence (or two) on how a solve ended, proving "no tour exists" where it can.
fn explain_solve(
    problem: &Problem,
    kind: KnightAlgo,
    params: &Params,
    answer: &Answer,
    cancel: &AtomicBool,
) -> String {
    let algo = kind.info();
    let board = problem.board;
    let (n, len) = (board.len(), answer.path.len());
    let tour = tour_kind(problem.closed);
    let at = board.name(problem.start);
    let c = &answer.counters;
    match answer.stop {
        Stop::Found => {
            let closed = if board.is_closed(&answer.path) {
                "closed"
            } else {
                "open"
            };
            format!(
                "found a{} {closed} tour of {n} square{} from {at}",
                if closed == "open" { "n" } else { "" },
                if n == 1 { "" } else { "s" }
            )
        }
        stop if kind == KnightAlgo::ClosedConstruct && stop.interrupted() => {
            let done = if c.nodes as usize == n {
                format!("laid all {n} squares")
            } else {
                format!("laid {} of {n} squares", c.nodes)
            };
            let tail = if stop == Stop::Cancelled {
                ""
            } else {
                "; a closed tour exists on this board (Schwenk 1991) and is built in about 10 ns a square, with as long again kept back from a time limit to check and print it, so a larger limit lets it finish"
            };
            format!("{}: the construction had {done}{tail}", stop.describe())
        }
        Stop::Stuck if kind == KnightAlgo::ClosedConstruct => format!(
            "{} builds closed tours only, and {}; for an open tour, try Warnsdorff or a backtracking search",
            algo.name,
            no_tour(board.shape(), (0, 0), true)
                .map_or_else(|| "this board has none".to_string(), |n| n.reason)
        ),
        Stop::Exhausted if algo.complete => {
            let mut m = format!(
                "no {tour} starts at {at}: every path was searched ({} nodes)",
                c.nodes
            );
            if let Some(whole) = prove_board(problem, cancel) {
                m = whole;
            }
            m
        }
        Stop::Exhausted | Stop::Stuck => {
            let what = explain_failure(problem, algo, params, answer);
            match proof_from_start(problem, cancel) {
                Some((false, how)) => {
                    let whole = prove_board(problem, cancel)
                        .unwrap_or_else(|| format!("no {tour} starts at {at} ({how})"));
                    format!("{whole}; {what}")
                }
                Some((true, how)) => format!("{what}; a {tour} from {at} does exist: {how}"),
                None => match known_to_exist(problem) {
                    Some(known) => format!("{what}; {known}"),
                    None => format!("{what}; whether a {tour} exists from {at} was not settled"),
                },
            }
        }
        stop if c.generations > 0 => with_known(
            problem,
            format!(
                "{}: no {tour} found in {} generations ({} chromosomes evaluated; {len} of {n} squares at best)",
                stop.describe(),
                c.generations,
                c.nodes
            ),
        ),
        stop => with_known(
            problem,
            format!(
                "{}: no {tour} found after {} nodes ({} squares at best)",
                stop.describe(),
                c.nodes,
                len
            ),
        ),
    }
}

/// What an algorithm that gave up without a proof did: "Warnsdorff got stuck after …".
fn explain_failure(
    problem: &Problem,
    algo: &AlgorithmInfo,
    params: &Params,
    answer: &Answer,
) -> String {
    let (n, len) = (problem.board.len(), answer.path.len());
    if answer.stop == Stop::Stuck && len == n {
        format!(
            "{} covered the board, but no walk it made ends a knight's move from the start",
            algo.name
        )
    } else if answer.stop == Stop::Stuck {
        format!("{} got stuck after {len} of {n} squares", algo.name)
    } else {
        format!(
            "{} ran out of moves without a tour; variant={} can miss tours, so this proves nothing",
            algo.name,
            params.get("variant")
        )
    }
}

/// `message`, and what is known to exist when a theorem says a tour does.
fn with_known(problem: &Problem, message: String) -> String {
    match known_to_exist(problem) {
        Some(known) => format!("{message}; {known}"),
        None => message,
    }
}

/// "A closed tour exists here…", when Schwenk's theorem says so: a closed tour passes
/// through every square, so it also gives a tour (open or closed) from any start.
fn known_to_exist(problem: &Problem) -> Option<String> {
    let shape = problem.board.shape();
    has_closed_tour(shape).then(|| {
        format!(
            "{} tours do exist on the {}x{} board, from every square (Schwenk 1991): {} builds one at once",
            if problem.closed { "closed" } else { "closed (and so open)" },
            shape.cols(),
            shape.rows(),
            if problem.closed {
                KnightAlgo::ClosedConstruct.info().name
            } else {
                settle_name()
            }
        )
    })
}

/// Whether a tour from the start exists, and how that is known, when [`settle`] finds
/// one or proves there is none within [`PROOF_TIME`], or an exhaustive search settles it
/// on a small board (`None`: not settled). Boards with a closed tour are not searched:
/// the theorem says.
fn proof_from_start(problem: &Problem, cancel: &AtomicBool) -> Option<(bool, String)> {
    if has_closed_tour(problem.board.shape()) {
        return None;
    }
    let mut obs = NoObserver;
    let mut ctl = Control::new(Budget::unlimited().with_time(PROOF_TIME), cancel, &mut obs);
    let (answer, _) = settle::solve(problem, &mut rng_from_seed(0), &mut ctl);
    match answer.stop {
        Stop::Found => return Some((true, format!("{} finds one", settle_name()))),
        Stop::Exhausted => return Some((false, "proved by the column-by-column search".into())),
        Stop::Impossible => return Some((false, "ruled out by a theorem".into())),
        _ => {}
    }
    if problem.board.len() > PROOF_MAX_SQUARES {
        return None;
    }
    let mut obs = NoObserver;
    let mut ctl = Control::new(Budget::unlimited().with_time(PROOF_TIME), cancel, &mut obs);
    count::exists(problem, &mut ctl).map(|exists| {
        let how = if exists {
            "an exhaustive search found one"
        } else {
            "proved by exhaustive search"
        };
        (exists, how.to_string())
    })
}

/// On small boards, searches every start square: `Some("no tour exists on this board…")`
/// when none has a tour, `Some("…from other squares")` when only other squares do.
fn prove_board(problem: &Problem, cancel: &AtomicBool) -> Option<String> {
    let board = problem.board;
    if board.len() > PROOF_MAX_SQUARES {
        return None;
    }
    let kind = tour_kind(problem.closed);
    let deadline = Instant::now() + PROOF_TIME;
    for sq in 0..board.len() as Square {
        let left = deadline.checked_duration_since(Instant::now())?;
        let p = Problem {
            start: sq,
            ..*problem
        };
        let mut obs = NoObserver;
        let mut ctl = Control::new(Budget::unlimited().with_time(left), cancel, &mut obs);
        match count::exists(&p, &mut ctl)? {
            false => {}
            true if sq == problem.start => return None,
            true => {
                return Some(format!(
                    "no {kind} starts at {}, though one starts at {} (proved by exhaustive search)",
                    board.name(problem.start),
                    board.name(sq)
                ));
            }
        }
    }
    Some(format!(
        "no {kind} exists on this {}x{} board: every start square was searched exhaustively",
        board.cols(),
        board.rows()
    ))
}

/// What a count from one square counts: the tours that begin with `path` (the start alone
/// unless a path was `given`).
struct Counting<'a> {
    board: &'a Board,
    path: &'a [Square],
    given: bool,
    closed: bool,
}

fn count_one_start(
    counting: Counting,
    budget: Budget,
    cancel: &AtomicBool,
    observer: &mut dyn Observer,
) -> CountReport {
    let Counting {
        board,
        path,
        given,
        closed,
    } = counting;
    let start = path[0];
    let problem = Problem {
        board,
        start,
        closed,
    };
    let started = Instant::now();
    let mut ctl = Control::new(budget, cancel, observer);
    let extended = path.len() > 1;
    let legal = board.validate_path(path).is_ok();
    // A theorem that rules out every tour from the start says so at once, whatever the
    // board's size and whatever path is given.
    if let Some(none) = no_tour(board.shape(), board.row_col(start), closed) {
        let mut report = ruled_out(&counting, &none.reason);
        report.elapsed_ms = started.elapsed().as_secs_f64() * 1e3;
        return report;
    }
    let c = if !legal {
        // No tour begins with an illegal path: nothing to search.
        Count {
            tours: 0,
            calls: 0,
            complete: true,
            stop: Stop::Exhausted,
            counters: Counters::default(),
        }
    } else if extended {
        count::count_extending(&problem, path, &mut ctl)
    } else {
        count::count(&problem, &mut ctl)
    };
    // A count cut short proves nothing of the path (one that a rule ends at once ends the
    // count at once, complete), and the proof's look at the board is as large as it.
    let dead_end = if given && c.tours == 0 && c.complete {
        DeadEndProof::of(board, path, closed, Some(&c))
    } else {
        None
    };
    let through = if extended {
        format!(" that begin with the {} squares given", path.len())
    } else {
        String::new()
    };
    let mut message = count_message(c.complete, c.stop, c.tours, closed, &through);
    if let Some(proof) = &dead_end {
        message = format!(
            "{message}: no tour extends this path, because {}",
            proof.text
        );
    }
    CountReport {
        cols: board.cols(),
        rows: board.rows(),
        closed,
        start: Some(start),
        complete: c.complete,
        total: c.tours,
        per_square: None,
        calls: c.calls,
        stop: c.stop,
        elapsed_ms: started.elapsed().as_secs_f64() * 1e3,
        message,
        path: if extended { path.to_vec() } else { Vec::new() },
        dead_end,
    }
}

/// The count of a `counting` whose start a theorem rules out (`reason`): 0, complete,
/// with the theorem as the dead end's proof when the path was given.
fn ruled_out(counting: &Counting, reason: &str) -> CountReport {
    let &Counting {
        board,
        path,
        given,
        closed,
    } = counting;
    let start = path[0];
    let extended = path.len() > 1;
    let kind = if closed { "closed tours" } else { "tours" };
    let message = if extended {
        format!(
            "0 directed {kind} that begin with the {} squares given (complete count): no tour extends this path, because {}",
            path.len(),
            reason
        )
    } else {
        format!("0 directed {kind} (complete count): {reason}")
    };
    CountReport {
        cols: board.cols(),
        rows: board.rows(),
        closed,
        start: Some(start),
        complete: true,
        total: 0,
        per_square: None,
        calls: 0,
        stop: Stop::Impossible,
        elapsed_ms: 0.0,
        message,
        path: if extended { path.to_vec() } else { Vec::new() },
        dead_end: given.then(|| DeadEndProof {
            rule: "theorem".into(),
            squares: vec![start],
            text: reason.to_string(),
        }),
    }
}

fn count_message(complete: bool, stop: Stop, total: u64, closed: bool, through: &str) -> String {
    let kind = if closed { "closed tours" } else { "tours" };
    if complete {
        format!("{total} directed {kind}{through} (complete count)")
    } else {
        format!(
            "{}: at least {total} directed {kind}{through} (incomplete count)",
            stop.describe()
        )
    }
}

/// Sums the progress of counts running in parallel, one per start square, and passes it on.
struct Tally<'a> {
    tours: Vec<u64>,
    calls: Vec<u64>,
    totals: Counters,
    observer: &'a mut dyn Observer,
    started: Instant,
}

impl Tally<'_> {
    /// Time since the count started, less the time the user held it paused.
    fn running(&self) -> Duration {
        self.started
            .elapsed()
            .saturating_sub(self.observer.paused())
    }
}

struct SquareObserver<'a, 'b> {
    index: usize,
    /// The squares of its orbit: the count stands for each of them.
    weight: u64,
    tally: &'a Mutex<Tally<'b>>,
    /// The whole count's pause time when this square began.
    paused_before: Duration,
}

impl Observer for SquareObserver<'_, '_> {
    fn progress(&mut self, counters: &Counters, _elapsed: Duration) {
        if let Ok(mut t) = self.tally.lock() {
            let i = self.index;
            t.totals.solutions += (counters.solutions - t.tours[i]) * self.weight;
            t.totals.nodes += (counters.nodes - t.calls[i]) * self.weight;
            t.tours[i] = counters.solutions;
            t.calls[i] = counters.nodes;
            let (totals, elapsed) = (t.totals, t.running());
            t.observer.progress(&totals, elapsed);
        }
    }

    /// Pauses since this square began: its time limit counts running time only.
    fn paused(&self) -> Duration {
        self.tally.lock().map_or(Duration::ZERO, |t| {
            t.observer.paused().saturating_sub(self.paused_before)
        })
    }

    fn snapshot(&mut self, state: &[u32]) {
        if let Ok(mut t) = self.tally.lock() {
            t.observer.snapshot(state);
        }
    }
}

/// Counts from every square of `part`, squares in parallel, one per orbit of the board's
/// symmetries (its images have as many tours, [`crate::puzzle::knight::orbits`]); the time
/// limit is for the whole count. A part owns the squares whose orbit's representative it
/// owns.
#[allow(
    clippy::too_many_lines,
    reason = "the count's stages in order (split, count each part, merge, check), sharing the board's orbits"
)]
fn count_every_start(
    board: &Board,
    closed: bool,
    budget: Budget,
    part: super::split::Part,
    cancel: &AtomicBool,
    observer: &mut dyn Observer,
) -> CountReport {
    let n = board.len();
    let started = Instant::now();
    let reps = crate::puzzle::knight::orbits::representatives(&board.shape());
    let mut weight = vec![0u64; n];
    for &r in &reps {
        weight[r as usize] += 1;
    }
    let tally = Mutex::new(Tally {
        tours: vec![0; n],
        calls: vec![0; n],
        totals: Counters::default(),
        observer,
        started,
    });
    let expired = AtomicBool::new(false);
    let results: Vec<count::Count> = (0..n as Square)
        .into_par_iter()
        .map(|sq| {
            // Squares still queued when the user cancels or the time runs out are not
            // started at all (each would set up tables the size of the board first).
            let not_started = |stop| count::Count {
                tours: 0,
                calls: 0,
                complete: false,
                stop,
                counters: Counters::default(),
            };
            // Another part's square, or an image of its orbit's representative: counted
            // there (here it counts as done, 0, until filled from its representative).
            if !part.owns(reps[sq as usize]) || reps[sq as usize] != sq {
                return count::Count {
                    complete: true,
                    ..not_started(Stop::Exhausted)
                };
            }
            // A square a theorem rules out counts 0 at once, with no search.
            if no_tour(board.shape(), board.row_col(sq), closed).is_some() {
                return count::Count {
                    complete: true,
                    ..not_started(Stop::Impossible)
                };
            }
            if cancel.load(std::sync::atomic::Ordering::Relaxed) {
                return not_started(Stop::Cancelled);
            }
            // The time left, counting running time only (a pause does not count).
            let (running, paused_before) =
                tally.lock().map_or((Duration::ZERO, Duration::ZERO), |t| {
                    (t.running(), t.observer.paused())
                });
            let left = budget.time.map(|t| t.saturating_sub(running));
            // Once one square sees the time is up, the rest need not ask the clock.
            if expired.load(std::sync::atomic::Ordering::Relaxed) || left == Some(Duration::ZERO) {
                expired.store(true, std::sync::atomic::Ordering::Relaxed);
                return not_started(Stop::TimeLimit);
            }
            let mut budget = budget;
            budget.time = left;
            let mut obs = SquareObserver {
                paused_before,
                index: sq as usize,
                weight: weight[sq as usize],
                tally: &tally,
            };
            let mut ctl = Control::new(budget, cancel, &mut obs);
            let c = count::count(
                &Problem {
                    board,
                    start: sq,
                    closed,
                },
                &mut ctl,
            );
            if let Ok(mut t) = tally.lock() {
                t.totals.attempts += weight[sq as usize];
            }
            c
        })
        .collect();
    // Each image from its representative: the same tours and, the count being complete,
    // the same calls (a whole search tree does not depend on the order of the moves);
    // an image of a count cut short is cut short too, with nothing counted.
    let results: Vec<count::Count> = (0..n)
        .map(|sq| {
            let r = reps[sq] as usize;
            let from = &results[r];
            if r == sq || !part.owns(r as Square) {
                results[sq]
            } else if from.complete {
                *from
            } else {
                count::Count {
                    tours: 0,
                    calls: 0,
                    complete: false,
                    stop: from.stop,
                    counters: Counters::default(),
                }
            }
        })
        .collect();
    let running = tally.lock().map_or(started.elapsed(), |t| t.running());
    let mut report = every_start_report(board, closed, &results, running);
    if part != super::split::Part::WHOLE {
        // A part tells only of its own squares: the others are another part's to count.
        if let Some(squares) = &mut report.per_square {
            (squares.iter_mut().enumerate())
                .filter(|&(sq, _)| !part.owns(reps[sq]))
                .for_each(|(_, figure)| *figure = None);
        }
        report.message = format!(
            "part {} of {} of the count from every square: {}",
            part.index + 1,
            part.of,
            report.message
        );
    }
    report
}

/// The count from every start square of `board`, from each square's `results`, after
/// `running` time.
fn every_start_report(
    board: &Board,
    closed: bool,
    results: &[count::Count],
    running: Duration,
) -> CountReport {
    let complete = results.iter().all(|c| c.complete);
    let stop = Stop::first_of(results.iter().map(|c| c.stop));
    let total = results.iter().map(|c| c.tours).sum();
    let ruled = results
        .iter()
        .filter(|c| c.stop == Stop::Impossible)
        .count();
    let message = every_start_message(board, closed, (complete, stop, total), ruled);
    CountReport {
        cols: board.cols(),
        rows: board.rows(),
        closed,
        start: None,
        complete,
        total,
        per_square: Some(
            results
                .iter()
                .map(|c| c.complete.then_some(c.tours))
                .collect(),
        ),
        calls: results.iter().map(|c| c.calls).sum(),
        stop,
        elapsed_ms: running.as_secs_f64() * 1e3,
        message,
        path: Vec::new(),
        dead_end: None,
    }
}

/// What came of a count from every square, in a sentence: `(complete, stop, total)`, with
/// `ruled` squares counted 0 by a theorem.
fn every_start_message(
    board: &Board,
    closed: bool,
    (complete, stop, total): (bool, Stop, u64),
    ruled: usize,
) -> String {
    let message = count_message(complete, stop, total, closed, "");
    // When a theorem rules out every square, it is the whole answer.
    if let Some(none) = no_tour(board.shape(), (0, 0), closed).filter(|n| n.whole_board) {
        return format!("{message}: {}", none.reason);
    }
    let message = if ruled > 0 {
        format!(
            "{message}; {ruled} square{} counted 0 by a theorem, without a search",
            if ruled == 1 { "" } else { "s" }
        )
    } else {
        message
    };
    // The squares searched: one per orbit of the board's symmetries.
    let mut reps = crate::puzzle::knight::orbits::representatives(&board.shape());
    reps.sort_unstable();
    reps.dedup();
    if reps.len() < board.len() {
        format!(
            "{message}; one square of each set of mirror images counted ({} of {}), the others given its figures (as many tours, and as many calls as their own search would make)",
            reps.len(),
            board.len()
        )
    } else {
        message
    }
}

/// The count from every square of `board`, from its `parts`' reports (one each, in
/// order; see [`super::split`]).
pub(crate) fn merge_every_start(
    board: &Board,
    closed: bool,
    parts: &[CountReport],
) -> Result<CountReport, JobError> {
    let of = parts.len() as u32;
    if !(1..=super::split::MAX_PARTS).contains(&of) {
        return Err(JobError::Invalid(format!(
            "{of} parts: a count joins 1 to {} parts",
            super::split::MAX_PARTS
        )));
    }
    if let Some(r) = (parts.iter()).find(|r| {
        (r.cols, r.rows, r.closed) != (board.cols(), board.rows(), closed)
            || r.per_square.as_ref().is_none_or(|p| p.len() != board.len())
    }) {
        return Err(JobError::Invalid(format!(
            "a part counted on a {}x{} board, not the job's {}x{}",
            r.cols,
            r.rows,
            board.cols(),
            board.rows()
        )));
    }
    // A square is the part's that owns its orbit's representative.
    let reps = crate::puzzle::knight::orbits::representatives(&board.shape());
    let owner = |sq: u32| {
        let part = super::split::Part {
            index: reps[sq as usize] % of,
            of,
        };
        (parts.get(part.index as usize))
            .and_then(|r| r.per_square.as_ref())
            .map(|p| p.get(sq as usize).copied().flatten())
            .ok_or_else(|| {
                JobError::Invalid(format!("part {} of {of} sent no squares", part.index))
            })
    };
    let per_square = (0..board.len() as u32)
        .map(owner)
        .collect::<Result<Vec<_>, _>>()?;
    let complete = parts.iter().all(|r| r.complete);
    let stop = Stop::first_of(parts.iter().map(|r| r.stop));
    let total = parts.iter().map(|r| r.total).sum();
    let ruled = (0..board.len() as Square)
        .filter(|&sq| no_tour(board.shape(), board.row_col(sq), closed).is_some())
        .count();
    Ok(CountReport {
        cols: board.cols(),
        rows: board.rows(),
        closed,
        start: None,
        complete,
        total,
        per_square: Some(per_square),
        calls: parts.iter().map(|r| r.calls).sum(),
        stop,
        elapsed_ms: parts.iter().map(|r| r.elapsed_ms).fold(0.0, f64::max),
        message: every_start_message(board, closed, (complete, stop, total), ruled),
        path: Vec::new(),
        dead_end: None,
    })
}

fn search(
    job: &KnightJob,
    board: &Board,
    start: Option<Square>,
    strategy: Strategy,
    cancel: &AtomicBool,
    observer: &mut dyn Observer,
) -> Result<SearchReport, JobError> {
    let problem = Problem {
        board,
        start: start.unwrap_or(Square::MAX),
        closed: false,
    };
    let started = Instant::now();
    // Past the boards whose whole tree is worth watching, a theorem that rules the tour
    // out answers at once (a tree search on a board of millions of squares would only fill
    // memory with board copies before it gave up).
    if board.len() > MAX_WATCHED_TREE_SQUARES {
        let none = match start {
            Some(s) => no_tour(board.shape(), board.row_col(s), false),
            None => no_tour(board.shape(), (0, 0), false).filter(|n| n.whole_board),
        };
        if let Some(none) = none {
            return Ok(SearchReport {
                cols: board.cols(),
                rows: board.rows(),
                strategy: strategy.name().to_string(),
                start,
                found: false,
                path: start.into_iter().collect(),
                nodes_generated: 0,
                limit_reached: false,
                max_frontier: 0,
                stop: Stop::Impossible,
                elapsed_ms: started.elapsed().as_secs_f64() * 1e3,
                message: none.reason,
            });
        }
    }
    let mut budget = job.budget;
    budget.nodes.get_or_insert(DEFAULT_SEARCH_NODES);
    let mut ctl = Control::new(budget, cancel, observer);
    let out = tree_search::search(&problem, strategy, &mut ctl);
    if out.found {
        board.validate_tour(&out.path, false).map_err(|e| {
            JobError::Invalid(format!(
                "{} search reported a tour that is not one: {e}",
                strategy.name()
            ))
        })?;
    } else {
        board.validate_path(&out.path).map_err(|e| {
            JobError::Invalid(format!(
                "{} search reported an illegal path: {e}",
                strategy.name()
            ))
        })?;
    }
    let message = if out.found {
        format!(
            "found a tour after generating {} nodes",
            out.nodes_generated
        )
    } else if out.limit_reached {
        format!(
            "{} after {} nodes generated without a tour (longest path {} squares)",
            out.stop.describe(),
            out.nodes_generated,
            out.path.len()
        )
    } else {
        format!(
            "the whole tree ({} nodes) holds no tour{}",
            out.nodes_generated,
            match start {
                Some(s) => format!(" from {}", board.name(s)),
                None => " on this board".to_string(),
            }
        )
    };
    Ok(SearchReport {
        cols: board.cols(),
        rows: board.rows(),
        strategy: strategy.name().to_string(),
        start,
        found: out.found,
        path: out.path,
        nodes_generated: out.nodes_generated,
        limit_reached: out.limit_reached,
        max_frontier: out.max_frontier,
        stop: out.stop,
        elapsed_ms: started.elapsed().as_secs_f64() * 1e3,
        message,
    })
}

/// The largest board on which `search` explores the tree even where a theorem says it
/// holds no tour (the exercise's boards: watching BFS and DFS exhaust it is the lesson).
pub const MAX_WATCHED_TREE_SQUARES: usize = 64;

/// Refuses a board too large to count from every square.
pub fn check_all_starts(cols: u64, rows: u64) -> Result<(), JobError> {
    let squares = cols.saturating_mul(rows);
    if squares > MAX_ALL_STARTS_SQUARES {
        return Err(JobError::Input(format!(
            "counting from every square takes boards of up to {MAX_ALL_STARTS_SQUARES} squares (e.g. 100x100); {cols}x{rows} has {squares}: each square gets its own count, with tables the size of the board, and no exhaustive count finishes past 6x6 anyway"
        )));
    }
    Ok(())
}

/// The Knight's Tour: a knight visits every square of the board once.
pub struct KnightDef;

/// The Knight puzzle, as the registry and every layer above it name it.
pub const PUZZLE: super::PuzzleId = super::PuzzleId::of(&KnightDef);

impl super::PuzzleDef for KnightDef {
    fn name(&self) -> &'static str {
        "Knight"
    }

    fn key(&self) -> &'static str {
        "knight"
    }

    fn title(&self) -> &'static str {
        "Knight's Tour"
    }

    fn catalog(&self) -> &'static [super::catalog::AlgorithmInfo] {
        super::catalog::KNIGHT_ALGORITHMS
    }

    fn hints(&self) -> &'static [super::play::HintKind] {
        super::play::knight::HINTS
    }

    fn link_keys(&self) -> &'static str {
        setup::KnightSetUp::LINK_KEYS
    }

    fn read_link(
        &self,
        fields: &mut super::setup::Fields,
        choice: super::setup::Choice,
    ) -> Result<Box<dyn super::setup::LessonSetUp>, String> {
        Ok(Box::new(setup::KnightSetUp::from_link(fields, choice)?))
    }
}
