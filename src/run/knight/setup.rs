//! What a lesson, a task or a link sets up on the Knight's Tour tab, and the tasks the
//! tab's algorithm picker offers besides the catalog's solvers.

use super::{KnightJob, KnightTask};
use crate::puzzle::knight::{Board, Shape};
use crate::run::catalog::KNIGHT_ALGORITHMS;
use crate::run::setup::{Choice, Fields, LessonMode, LessonSetUp, agrees, has_params};
use crate::run::trace::KnightTraceJob;
use crate::run::{Algorithm, KnightAlgo};
use crate::solve::knight::tree_search::Strategy;
use serde::Deserialize;
use std::collections::BTreeMap;
use strum::VariantArray;

/// The largest board side the Knight's Tour tab accepts (drawn without per-cell text
/// above ~64).
pub const MAX_SIDE: u32 = 400;

/// What a lesson sets up on the Knight's Tour tab (`setup: Knight(cols: 5, rows: 5, …)`).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct KnightSetUp {
    /// The board's width in squares, from 1 to [`MAX_SIDE`].
    pub cols: u32,
    /// The board's height in squares, from 1 to [`MAX_SIDE`].
    pub rows: u32,
    /// `(row, column)`, row 0 at the top.
    #[serde(default)]
    pub start: (u32, u32),
    /// Look for a closed tour (default: an open one).
    #[serde(default)]
    pub closed: bool,
    /// An id of the Knight's Tour tab's algorithm picker (`warnsdorff`, `count-all` …).
    #[serde(default)]
    pub algorithm: Option<String>,
    /// How the student meets the puzzle (default: run the algorithm).
    #[serde(default)]
    pub mode: LessonMode,
    /// The seed of the search's random numbers (default: the tab's).
    #[serde(default)]
    pub seed: Option<u64>,
    /// The algorithm's parameters by name; those not given take their defaults. Empty
    /// (the default) keeps the tab's values.
    #[serde(default)]
    pub params: std::collections::BTreeMap<String, String>,
    /// Step by step: the step to show once the search is traced (default: the first).
    #[serde(default)]
    pub step: Option<u64>,
}

crate::run::setup::with_choice!(KnightSetUp);

impl LessonSetUp for KnightSetUp {
    crate::run::setup::set_up_identity!(super::PUZZLE);

    fn check(&self) -> Result<(), String> {
        let (cols, rows, start) = (self.cols, self.rows, self.start);
        for (name, side) in [("cols", cols), ("rows", rows)] {
            if !(1..=MAX_SIDE).contains(&side) {
                return Err(format!("{name} must be from 1 to {MAX_SIDE}, not {side}"));
            }
        }
        if start.0 >= rows || start.1 >= cols {
            return Err(format!(
                "start ({}, {}) is off the {cols}x{rows} board: (row, column), each from 0",
                start.0, start.1
            ));
        }
        if let Some(a) = &self.algorithm {
            if crate::run::catalog::knight_algorithm(a).is_err() && !is_other_task(a) {
                return Err(format!("no knight's tour algorithm is called \"{a}\""));
            }
            let traced = matches!(self.mode, LessonMode::Steps | LessonMode::Guess);
            if traced && crate::run::trace::knight::Traced::parse(a).is_err() {
                return Err(format!("step by step cannot follow \"{a}\""));
            }
        }
        let info =
            (self.algorithm.as_deref()).and_then(|a| crate::run::catalog::knight_algorithm(a).ok());
        self.choice().check(info)
    }

    fn goal(&self) -> String {
        let from = Shape::new(u64::from(self.cols), u64::from(self.rows)).map_or_else(
            |_| format!("{:?}", self.start),
            |b| b.name(b.square(self.start.0, self.start.1)),
        );
        let kind = if self.closed { "a closed" } else { "an open" };
        format!("{kind} tour of {}×{} from {from}", self.cols, self.rows)
    }

    /// A tour of the board from the start square, open or closed as set up.
    fn play_check(&self, answer: &[u32]) -> Result<(), String> {
        let board =
            Board::new(u64::from(self.cols), u64::from(self.rows)).map_err(|e| e.to_string())?;
        let start = board.square(self.start.0, self.start.1);
        if answer.first() != Some(&start) {
            return Err(format!(
                "it starts on {}",
                answer
                    .first()
                    .filter(|&&s| (s as usize) < board.len())
                    .map_or_else(|| "no square".into(), |&s| board.name(s))
            ));
        }
        board
            .validate_tour(answer, self.closed)
            .map_err(|e| e.to_string())
    }

    fn gradable(&self) -> Result<(), String> {
        match self.algorithm {
            Some(_) => Ok(()),
            None => Err("a task's set-up names its algorithm".into()),
        }
    }

    fn run_matches(&self, job: &crate::run::Job) -> bool {
        let Ok(j) = <&KnightJob>::try_from(job) else {
            return false;
        };
        self.same_instance(j.cols, j.rows, j.start, j.closed)
            && matches!(&j.task, KnightTask::Solve { algorithm, params, fallback: false }
                if agrees(self.algorithm.as_deref(), algorithm.id())
                    && has_params(&self.params, params, Some(algorithm.info())))
            && agrees(self.seed, j.seed)
    }

    fn traced_matches(&self, job: &crate::run::puzzles::TracedJob) -> bool {
        let Ok(j) = <&KnightTraceJob>::try_from(job) else {
            return false;
        };
        self.same_instance(j.cols, j.rows, j.start, j.closed)
            && agrees(self.algorithm.as_deref(), j.algorithm.id())
            && agrees(self.seed, j.seed)
            && has_params(&self.params, &j.params, j.algorithm.info())
    }

    /// `board=COLSxROWS`, `start=` the square's name (`a8` is the top-left square of
    /// 8 rows), `closed=1` for a closed tour.
    fn link_pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = vec![("board", format!("{}x{}", self.cols, self.rows))];
        if let Ok(shape) = Shape::new(u64::from(self.cols), u64::from(self.rows))
            && self.start != (0, 0)
        {
            pairs.push((
                "start",
                shape.name(shape.square(self.start.0, self.start.1)),
            ));
        }
        if self.closed {
            pairs.push(("closed", "1".into()));
        }
        pairs
    }
}

impl KnightSetUp {
    /// Whether a job's board, start and kind of tour are the set-up's.
    fn same_instance(&self, cols: u64, rows: u64, start: Option<(u32, u32)>, closed: bool) -> bool {
        cols == u64::from(self.cols)
            && rows == u64::from(self.rows)
            && start == Some(self.start)
            && closed == self.closed
    }

    /// The instance keys of a link.
    pub const LINK_KEYS: &'static str = "board, start, closed";

    /// The place a link's `board`, `start` and `closed` (taken out of `fields`) and
    /// `choice` describe.
    pub fn from_link(fields: &mut Fields, choice: Choice) -> Result<KnightSetUp, String> {
        let board: String = fields.need("board", "COLSxROWS, such as 8x8")?;
        let size = |t: &str| {
            t.trim()
                .parse::<u32>()
                .ok()
                .filter(|s| (1..=MAX_SIDE).contains(s))
        };
        let Some((Some(cols), Some(rows))) = board
            .split_once(['x', 'X'])
            .map(|(c, r)| (size(c), size(r)))
        else {
            return Err(format!(
                "board={board:?} is not COLSxROWS with each side from 1 to {MAX_SIDE}"
            ));
        };
        let shape = Shape::new(u64::from(cols), u64::from(rows)).map_err(|e| e.to_string())?;
        let start = match fields.take("start") {
            None => (0, 0),
            Some(name) => shape.row_col(
                shape
                    .parse_square(&name)
                    .map_err(|e| format!("start: {e}"))?,
            ),
        };
        let closed = fields.flag("closed")?;
        Ok(KnightSetUp {
            cols,
            rows,
            start,
            closed,
            ..Default::default()
        }
        .with(choice))
    }
}

/// What the algorithm picker chose: a solver of the catalog, a count, or a tree search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    /// A solver of the catalog.
    Solver(KnightAlgo),
    /// The exhaustive count of tours.
    Count {
        /// From every square (a heat map), or from the start square only.
        all_starts: bool,
    },
    /// A breadth- or depth-first search over whole board states.
    Tree(Strategy),
}

/// The picker's entries besides the catalog's solvers: the task, its id, its name and
/// what it does.
pub const OTHER_TASKS: &[(Pick, &str, &str, &str)] = &[
    (
        Pick::Count { all_starts: false },
        "count",
        "Count all tours",
        "Exhaustive, pruned enumeration of every tour from the start square (the Knight's Tour solver report, 2.1.3).",
    ),
    (
        Pick::Count { all_starts: true },
        "count-all",
        "Count from every square",
        "Counts the tours from each square and draws them as a heat map.",
    ),
    (
        Pick::Tree(Strategy::BreadthFirst),
        "bfs",
        "Breadth-first tree search",
        "From the BFS/DFS search exercise: breadth-first search over whole board states, with a node limit.",
    ),
    (
        Pick::Tree(Strategy::DepthFirst),
        "dfs",
        "Depth-first tree search",
        "From the BFS/DFS search exercise: depth-first search over whole board states, with a node limit.",
    ),
];

impl Pick {
    /// The entry `id` names (a solver's id, `count`, `count-all`, `bfs` or `dfs`).
    pub fn parse(id: &str) -> Option<Pick> {
        KnightAlgo::of(id)
            .map(Pick::Solver)
            .or_else(|| OTHER_TASKS.iter().find(|t| t.1 == id).map(|t| t.0))
    }

    /// The entry of `task`.
    pub fn of(task: &KnightTask) -> Option<Pick> {
        match task {
            KnightTask::Solve { algorithm, .. } => Some(Pick::Solver(*algorithm)),
            KnightTask::Count { all_starts, .. } => Some(Pick::Count {
                all_starts: *all_starts,
            }),
            KnightTask::Search { strategy } => Strategy::parse(strategy).ok().map(Pick::Tree),
        }
    }

    /// What the picker calls it ("Warnsdorff's rule", "Count all tours").
    pub fn name(self) -> &'static str {
        match self {
            Pick::Solver(kind) => kind.info().name,
            other => (OTHER_TASKS.iter())
                .find(|t| t.0 == other)
                .map_or("", |t| t.2),
        }
    }

    /// The catalog's entry of a solver (`None`: a count or a tree search).
    pub fn info(self) -> Option<&'static crate::run::catalog::AlgorithmInfo> {
        match self {
            Pick::Solver(kind) => Some(kind.info()),
            _ => None,
        }
    }

    /// Whether the solver offers what `wanted` asks of the catalog's `Offers` (a count or a
    /// tree search offers nothing).
    pub fn offers(self, wanted: impl Fn(crate::run::Offers) -> bool) -> bool {
        self.info().is_some_and(|info| wanted(info.offers))
    }

    /// Its id, as settings and lessons keep it.
    pub fn id(self) -> &'static str {
        match self {
            Pick::Solver(kind) => kind.id(),
            other => OTHER_TASKS
                .iter()
                .find(|t| t.0 == other)
                .map_or("", |t| t.1),
        }
    }

    /// The task it runs, with the parameters `params` gives a solver (defaults filled in).
    pub fn task(self, params: &BTreeMap<String, String>) -> KnightTask {
        match self {
            Pick::Solver(kind) => KnightTask::Solve {
                algorithm: kind,
                params: crate::run::catalog::params_for(kind.info(), params),
                fallback: false,
            },
            Pick::Count { all_starts } => KnightTask::Count {
                all_starts,
                path: Vec::new(),
                part: None,
            },
            Pick::Tree(strategy) => KnightTask::Search {
                strategy: strategy.name().to_string(),
            },
        }
    }
}

impl std::str::FromStr for Pick {
    type Err = crate::run::JobError;
    /// The entry `id` names, or a message listing the solvers and tasks there are.
    fn from_str(id: &str) -> Result<Pick, Self::Err> {
        Pick::parse(id).ok_or_else(|| {
            let ids: Vec<&str> = (KnightAlgo::VARIANTS.iter().map(|a| a.id()))
                .chain(OTHER_TASKS.iter().map(|t| t.1))
                .collect();
            crate::run::JobError::Input(format!(
                "unknown knight algorithm or task {id:?}; available: {}",
                ids.join(", ")
            ))
        })
    }
}

impl std::fmt::Display for Pick {
    /// Its id.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

impl serde::Serialize for Pick {
    /// As its id, as saved settings have always kept it.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Pick {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Pick, D::Error> {
        let id = std::borrow::Cow::<'de, str>::deserialize(d)?;
        id.parse().map_err(serde::de::Error::custom)
    }
}

/// Whether `id` is one of the picker's entries besides the catalog's solvers (`count`,
/// `count-all`, `bfs`, `dfs`).
pub fn is_other_task(id: &str) -> bool {
    matches!(Pick::parse(id), Some(p) if !matches!(p, Pick::Solver(_)))
}

/// The name the algorithm picker shows for an algorithm id or a task (`count`, `bfs` …).
pub fn task_name(id: &str) -> String {
    KNIGHT_ALGORITHMS
        .iter()
        .find(|a| a.id == id)
        .map(|a| a.name.to_string())
        .or_else(|| {
            OTHER_TASKS
                .iter()
                .find(|t| t.1 == id)
                .map(|t| t.2.to_string())
        })
        .unwrap_or_else(|| id.to_string())
}
