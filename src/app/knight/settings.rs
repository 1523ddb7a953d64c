//! What the Knight's Tour view saves between sessions, and the tasks its algorithm picker
//! offers besides the catalog's solvers.

pub use crate::run::knight::setup::{OTHER_TASKS, Pick, is_other_task, task_name};
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
    /// A solver of the catalog, or a count or a tree search (saved as its id: `count`,
    /// `bfs`, `dfs`).
    #[serde(deserialize_with = "saved_pick")]
    pub algorithm: Pick,
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

impl crate::app::tab::TabSettings for KnightSettings {
    fn choices(&mut self) -> crate::app::tab::Choices<'_> {
        crate::app::tab::Choices {
            seed: &mut self.seed,
            time_limit_s: &mut self.time_limit_s,
            params: &mut self.params,
        }
    }

    fn algorithm_id(&self) -> &'static str {
        self.algorithm.id()
    }

    fn pick(&mut self, id: &str) -> bool {
        Pick::parse(id).map(|p| self.algorithm = p).is_some()
    }
}

/// The algorithm as a saved form holds it; one that names none reads as the default.
fn saved_pick<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Pick, D::Error> {
    let pick = crate::run::algo::saved_id(d)?;
    Ok(pick.unwrap_or(KnightSettings::default().algorithm))
}

impl Default for KnightSettings {
    fn default() -> Self {
        KnightSettings {
            cols: 8,
            rows: 8,
            start: (0, 0),
            closed: false,
            algorithm: Pick::Solver(crate::run::KnightAlgo::BacktrackWarnsdorff),
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
