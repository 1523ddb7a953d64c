//! What the Knight's Tour view saves between sessions, and the tasks its algorithm picker
//! offers besides the catalog's solvers.

use crate::run::catalog::KNIGHT_ALGORITHMS;
use crate::run::{Algorithm, KnightAlgo, KnightTask};
use crate::solve::knight::tree_search::Strategy;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What the user chose; saved between sessions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct KnightSettings {
    /// The board's width in squares, from 1 to [`super::MAX_SIDE`].
    pub cols: u32,
    /// The board's height in squares, from 1 to [`super::MAX_SIDE`].
    pub rows: u32,
    /// `(row, col)`.
    pub start: (u32, u32),
    /// Look for a closed tour (the last square a knight's move from the first).
    pub closed: bool,
    /// A solver id from the catalog, or `count`, `bfs`, `dfs`.
    pub algorithm: String,
    /// Parameter values by `algorithm.name`.
    pub params: BTreeMap<String, String>,
    /// The seed of the run's random numbers: the same seed makes the same choices.
    pub seed: u64,
    /// The run's time limit in seconds (the form takes 0.1 to 3600).
    pub time_limit_s: f32,
    /// Animation speed in moves per second ([`super::INSTANT`] = all at once).
    pub speed: f32,
    /// Show on each free square how many free squares a knight could go on to from it
    /// (Warnsdorff's degree).
    pub show_degrees: bool,
    /// Draw a cultural algorithm's belief space as a heat map on the board.
    pub show_belief: bool,
    /// The node limit of the breadth- and depth-first tree searches.
    pub search_nodes: u64,
}

impl Default for KnightSettings {
    fn default() -> Self {
        KnightSettings {
            cols: 8,
            rows: 8,
            start: (0, 0),
            closed: false,
            algorithm: "backtrack-warnsdorff".into(),
            params: BTreeMap::new(),
            seed: 1,
            time_limit_s: 30.0,
            speed: 12.0,
            show_degrees: false,
            show_belief: true,
            search_nodes: crate::run::knight::DEFAULT_SEARCH_NODES,
        }
    }
}

/// What the algorithm picker chose: a solver of the catalog, a count, or a tree search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    Solver(KnightAlgo),
    Count { all_starts: bool },
    Tree(Strategy),
}

/// The picker's entries besides the catalog's solvers: the task, its id, its name and
/// what it does.
pub(super) const OTHER_TASKS: &[(Pick, &str, &str, &str)] = &[
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
            KnightTask::Solve { algorithm, .. } => KnightAlgo::of(algorithm).map(Pick::Solver),
            KnightTask::Count { all_starts, .. } => Some(Pick::Count {
                all_starts: *all_starts,
            }),
            KnightTask::Search { strategy } => Strategy::parse(strategy).ok().map(Pick::Tree),
        }
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
                algorithm: kind.id().to_string(),
                params: crate::app::widgets::params::params_for(kind.info(), params),
                fallback: false,
            },
            Pick::Count { all_starts } => KnightTask::Count {
                all_starts,
                path: Vec::new(),
            },
            Pick::Tree(strategy) => KnightTask::Search {
                strategy: strategy.name().to_string(),
            },
        }
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
