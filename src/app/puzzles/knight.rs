//! A knight's tour instance for the shared views: a board of up to 64 × 64 squares, the
//! start square and whether the tour must close.

use super::{LessonSetUp, PuzzleUi};
use crate::app::error::AppError;
use crate::app::limits::MAX_SIDE;
use crate::app::mode::LessonMode;
use crate::app::widgets::board::{BoardView, board as draw_board, path_legend};
use crate::app::widgets::number::{Typed, hold_note, whole_number};
use crate::app::widgets::plots::{CurveNote, first_fall};
use crate::puzzle::knight::{Board, Shape};
use crate::run::catalog::{AlgorithmInfo, KNIGHT_ALGORITHMS};
use crate::run::{Algorithm, Job, KnightAlgo, KnightJob, KnightTask};
use crate::solve::knight::tree_search::Strategy;
use crate::solve::{Budget, Counters, GenerationStats};
use egui::{RichText, Ui};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// A square read from the start field: its name, and `(row, col)`.
struct NamedSquare(String, (u32, u32));

impl std::fmt::Display for NamedSquare {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The largest side Compare takes (its boards are drawn side by side; the Knight's Tour
/// tab itself takes up to [`crate::app::limits::MAX_SIDE`]).
pub const MAX_COMPARE_SIDE: u64 = 64;

/// A knight's tour instance as Compare takes it; saved between sessions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct KnightInstance {
    /// The board's width in squares, from 1 to [`MAX_COMPARE_SIDE`].
    pub cols: u64,
    /// The board's height in squares, from 1 to [`MAX_COMPARE_SIDE`].
    pub rows: u64,
    /// `(row, col)`.
    pub start: (u32, u32),
    /// Look for a closed tour (the last square a knight's move from the first).
    pub closed: bool,
}

impl Default for KnightInstance {
    fn default() -> Self {
        KnightInstance {
            cols: 8,
            rows: 8,
            start: (0, 0),
            closed: false,
        }
    }
}

impl KnightInstance {
    /// The board, built once per size and kept in egui's memory between frames.
    fn board(&self, ui: &Ui) -> Option<Arc<Board>> {
        let id = egui::Id::unique(("knight-instance-board", self.cols, self.rows));
        if let Some(b) = ui.data(|d| d.get_temp::<Arc<Board>>(id)) {
            return Some(b);
        }
        let board = Arc::new(Board::new(self.cols, self.rows).ok()?);
        ui.data_mut(|d| d.insert_temp(id, board.clone()));
        Some(board)
    }
}

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

super::with_choice!(KnightSetUp);

impl LessonSetUp for KnightSetUp {
    super::set_up_identity!(super::Puzzle::Knight);

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
    /// The instance keys of a link.
    pub const LINK_KEYS: &'static str = "board, start, closed";

    /// The place a link's `board`, `start` and `closed` (taken out of `fields`) and
    /// `choice` describe.
    pub fn from_link(
        fields: &mut crate::app::link::Fields,
        choice: crate::app::link::Choice,
    ) -> Result<KnightSetUp, String> {
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

impl PuzzleUi for KnightInstance {
    super::instance_identity!(crate::app::knight::KnightTab);

    fn algorithms(&self) -> &'static [AlgorithmInfo] {
        KNIGHT_ALGORITHMS
    }

    fn default_choice(&self) -> &'static [&'static str] {
        &["warnsdorff", "backtrack-warnsdorff"]
    }

    fn form(&mut self, ui: &mut Ui) -> Result<(), AppError> {
        let (cols, rows) = ui
            .horizontal(|ui| {
                let cols = whole_number(ui, "Columns", &mut self.cols, 1..=MAX_COMPARE_SIDE);
                let rows = whole_number(ui, "Rows", &mut self.rows, 1..=MAX_COMPARE_SIDE);
                (cols, rows)
            })
            .inner;
        for h in [&cols, &rows].into_iter().filter_map(|r| r.as_ref().err()) {
            hold_note(ui, h);
        }
        let mut held = cols.and(rows);
        // The start as the boards name it (c3), typed as a square's name or ROW,COL.
        if let Ok(shape) = Shape::new(self.cols, self.rows) {
            let (r, c) = self.start;
            let (r, c) = (r.min(shape.rows() - 1), c.min(shape.cols() - 1));
            self.start = (r, c);
            let current = shape.name(shape.square(r, c));
            let id = ui.make_persistent_id("compare-knight-start");
            let mut typed = ui.data(|d| d.get_temp::<Typed>(id)).unwrap_or_default();
            let read = |text: &str| {
                shape
                    .parse_square(text)
                    .map(|sq| NamedSquare(shape.name(sq), shape.row_col(sq)))
                    .map_err(|e| e.to_string())
            };
            let field = ui
                .horizontal(|ui| typed.show(ui, "Start square", &current, 60.0, read))
                .inner;
            ui.data_mut(|d| d.insert_temp(id, typed));
            if let Some(NamedSquare(_, at)) = field.commit {
                self.start = at;
            }
            if let Some(h) = field.hold {
                hold_note(ui, &h);
                held = held.and(Err(h));
            }
        }
        ui.label(RichText::new("type c3 or ROW,COL, or click a square of a board").weak());
        ui.checkbox(&mut self.closed, "Closed tour");
        held
    }

    fn check(&self) -> Result<(), AppError> {
        if !(1..=MAX_COMPARE_SIDE).contains(&self.cols)
            || !(1..=MAX_COMPARE_SIDE).contains(&self.rows)
        {
            return Err(format!(
                "the board's sides must be from 1 to {MAX_COMPARE_SIDE} here (the Knight's Tour view takes larger boards)"
            ).into());
        }
        if u64::from(self.start.0) >= self.rows || u64::from(self.start.1) >= self.cols {
            return Err("the start square is off the board".into());
        }
        Ok(())
    }

    fn job(&self, algorithm: &str, params: &[(String, String)], seed: u64, budget: Budget) -> Job {
        Job::from(KnightJob {
            cols: self.cols,
            rows: self.rows,
            start: Some(self.start),
            closed: self.closed,
            seed,
            budget,
            task: KnightTask::Solve {
                algorithm: algorithm.into(),
                params: params.to_vec(),
                fallback: false,
            },
        })
    }

    fn instance_name(&self) -> String {
        format!("knight-{}x{}", self.cols, self.rows)
    }

    fn draw(&self, ui: &mut Ui, answer: &[u32], shown: usize, _key: u64) -> Option<(u32, u32)> {
        let board = self.board(ui)?;
        let out = draw_board(
            ui,
            &BoardView {
                board: &board,
                start: Some(board.square(self.start.0, self.start.1)),
                path: answer,
                shown,
                closed: self.closed,
                degrees: false,
                heat: None,
                legend: false,
                construction: None,
                taken_back: &[],
                stepping: false,
                guessing: false,
                moves: None,
            },
        );
        out.clicked.map(|sq| board.row_col(sq))
    }

    fn progress_axis(&self) -> &'static str {
        "deepest path (squares)"
    }

    fn clicked(&mut self, at: (u32, u32)) {
        self.start = at;
    }

    fn legend(&self, ui: &mut Ui) {
        path_legend(ui, self.closed);
    }

    fn curve_note(
        &self,
        algorithm: &str,
        points: &[GenerationStats],
        _counters: &Counters,
    ) -> Option<CurveNote> {
        curve_note(algorithm, points)
    }
}

/// Why level 3's best fitness can fall (see `solve::knight::evolve::levels`).
const LEVEL3_FALL: &str = "Level 3 decodes every chromosome through its belief space: a square's difficulty (how seldom the top paths through it came within 80 % of a tour) steers which free square the decoder takes when a move cannot be followed, and whether it may enter a dead end in the first five moves. The belief space learns from the top quarter of every generation (at least five individuals), so the same chromosome, even an elite copied unchanged, can decode to a shorter path in the next generation. Falls come mostly in the first generations, while the belief space still changes fast.";

/// Why the Knight's Tour solver report's GAs' best can fall.
const NO_ELITE_FALL: &str = "The Knight's Tour solver report's GAs keep no elite: each generation is made of the children of the one before, so its best path can be shorter than the last one's. The board and \"longest path so far\" keep the longest of every generation.";

/// What a knight's fitness curve of `algorithm` does that needs words: a fall of the best.
pub fn curve_note(algorithm: &str, points: &[GenerationStats]) -> Option<CurveNote> {
    let (generation, before, after) = first_fall(points)?;
    let (why, detail) = match KnightAlgo::of(algorithm)? {
        KnightAlgo::Level3 => (
            "level 3's belief space changed how its chromosomes decode",
            LEVEL3_FALL,
        ),
        KnightAlgo::GaRepair | KnightAlgo::GaHeuristic => (
            "this GA keeps no elite, so a generation can do worse than the one before",
            NO_ELITE_FALL,
        ),
        _ => return None,
    };
    Some(CurveNote {
        short: format!(
            "The best fell in generation {generation} ({before:.0} → {after:.0}): {why}."
        ),
        detail,
    })
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
                part: None,
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
