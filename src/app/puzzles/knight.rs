//! A knight's tour instance for the shared views: a board of up to 64 × 64 squares, the
//! start square and whether the tour must close.

use super::{PuzzleUi, PuzzleUiDef};
use crate::app::error::AppError;
use crate::app::widgets::board::{BoardView, board as draw_board, path_legend};
use crate::app::widgets::number::{Typed, hold_note, whole_number};
use crate::app::widgets::plots::{CurveNote, first_fall};
use crate::puzzle::knight::{Board, Shape};
use crate::run::catalog::{AlgorithmInfo, KNIGHT_ALGORITHMS};
use crate::run::{Algorithm, Job, KnightAlgo, KnightJob, KnightTask};
use crate::solve::{Budget, Counters, GenerationStats};
use egui::{RichText, Ui};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A square read from the start field: its name, and `(row, col)`.
struct NamedSquare(String, (u32, u32));

impl std::fmt::Display for NamedSquare {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The largest side Compare takes (its boards are drawn side by side; the Knight's Tour
/// tab itself takes up to [`crate::run::knight::setup::MAX_SIDE`]).
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

/// The Knight puzzle's part of the shared views.
pub struct KnightUi;

/// The Knight puzzle's part of the shared views, for the registry.
pub const UI: KnightUi = KnightUi;

impl PuzzleUiDef for KnightUi {
    fn id(&self) -> crate::run::PuzzleId {
        crate::run::knight::PUZZLE
    }

    fn instance(&self) -> Box<dyn PuzzleUi> {
        Box::new(KnightInstance::default())
    }

    fn read_instance(
        &self,
        saved: &mut dyn erased_serde::Deserializer<'_>,
    ) -> Result<Box<dyn PuzzleUi>, erased_serde::Error> {
        super::read_as::<KnightInstance>(saved)
    }

    fn pair(&self) -> Option<Box<dyn crate::app::compare::contrast::ContrastUi>> {
        Some(Box::new(crate::app::compare::contrast::Contrast::<
            crate::run::trace::KnightTraceJob,
        >::default()))
    }
}

impl PuzzleUi for KnightInstance {
    super::instance_identity!(crate::run::knight::PUZZLE);

    /// The fields of the shape Compare's form was saved in before it kept an instance per
    /// puzzle.
    fn old_keys(&self) -> &'static [&'static str] {
        &["cols", "rows", "start", "closed"]
    }

    fn read_old(
        &mut self,
        key: &str,
        saved: &mut dyn erased_serde::Deserializer<'_>,
    ) -> Result<(), erased_serde::Error> {
        use erased_serde::deserialize as read;
        match key {
            "cols" => read(saved).map(|v| self.cols = v),
            "rows" => read(saved).map(|v| self.rows = v),
            "start" => read(saved).map(|v| self.start = v),
            _ => read(saved).map(|v| self.closed = v),
        }
    }

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

    fn job(
        &self,
        algorithm: &str,
        params: &[(String, String)],
        seed: u64,
        budget: Budget,
    ) -> Result<Job, crate::run::JobError> {
        Ok(Job::from(KnightJob {
            cols: self.cols,
            rows: self.rows,
            start: Some(self.start),
            closed: self.closed,
            seed,
            budget,
            task: KnightTask::Solve {
                algorithm: crate::run::KnightAlgo::parse(algorithm)?,
                params: params.to_vec(),
                fallback: false,
            },
        }))
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
