//! What the Knight's Tour view saves between sessions, and the tasks its algorithm picker
//! offers besides the catalog's solvers.

use crate::run::catalog::KNIGHT_ALGORITHMS;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What the user chose; saved between sessions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct KnightSettings {
    pub cols: u32,
    pub rows: u32,
    /// `(row, col)`.
    pub start: (u32, u32),
    pub closed: bool,
    /// A solver id from the catalog, or `count`, `bfs`, `dfs`.
    pub algorithm: String,
    /// Parameter values by `algorithm.name`.
    pub params: BTreeMap<String, String>,
    pub seed: u64,
    pub time_limit_s: f32,
    /// Animation speed in moves per second ([`super::INSTANT`] = all at once).
    pub speed: f32,
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

/// The extra entries of the algorithm picker besides the catalog's solvers.
pub(super) const OTHER_TASKS: &[(&str, &str, &str)] = &[
    (
        "count",
        "Count all tours",
        "Exhaustive, pruned enumeration of every tour from the start square (the Knight's Tour solver report, 2.1.3).",
    ),
    (
        "count-all",
        "Count from every square",
        "Counts the tours from each square and draws them as a heat map.",
    ),
    (
        "bfs",
        "Breadth-first tree search",
        "From the BFS/DFS search exercise: breadth-first search over whole board states, with a node limit.",
    ),
    (
        "dfs",
        "Depth-first tree search",
        "From the BFS/DFS search exercise: depth-first search over whole board states, with a node limit.",
    ),
];

/// Whether `id` is one of the picker's entries besides the catalog's solvers (`count`,
/// `count-all`, `bfs`, `dfs`).
pub fn is_other_task(id: &str) -> bool {
    OTHER_TASKS.iter().any(|t| t.0 == id)
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
                .find(|t| t.0 == id)
                .map(|t| t.1.to_string())
        })
        .unwrap_or_else(|| id.to_string())
}
