//! The Knight's Tour view's GA microscope (see [`crate::app::microscope`]): how a
//! generation of GA levels 1–3 bred the next, with each path on the board.

use super::KnightView;
use crate::app::mode::Mode;
use crate::app::widgets::board::{BoardView, board as draw_board};
use crate::run::Job;
use crate::run::microscope::refusal;
use egui::Ui;

impl KnightView {
    /// "GA microscope", for the evolutionary algorithms.
    pub(super) fn microscope_controls(&mut self, ui: &mut Ui) {
        let job = Job::from(self.job());
        // Drops a look made for another run, before anything shows it.
        self.microscope.on_show(&job, self.mode);
        if !self.settings.algorithm.offers(|o| o.microscope) {
            return;
        }
        let why = refusal(&job);
        if let Some(why) = &why {
            ui.label(egui::RichText::new(why).weak());
        }
        let held = self.hold.as_ref().map(ToString::to_string);
        let last = self.history().last().map(|s| s.generation);
        if let Some(g) = (self.microscope).controls(ui, why, held, last, &mut self.mode) {
            self.microscope.start(ui.ctx(), job, g);
            self.mode = Mode::Microscope;
        }
    }

    /// Whether the microscope is on show: switched on, and about this run's algorithm.
    pub(super) fn microscope_on_show(&mut self) -> bool {
        let job = Job::from(self.job());
        self.microscope.on_show(&job, self.mode)
    }

    /// The microscope in place of the board.
    pub(super) fn microscope_ui(&mut self, ui: &mut Ui) {
        let board = self.board();
        let start = board.square(self.settings.start.0, self.settings.start.1);
        let job = Job::from(self.job());
        self.microscope.main_ui(
            ui,
            || job,
            |ui, path, _id| {
                let view = BoardView {
                    board: &board,
                    start: Some(start),
                    path,
                    shown: path.len(),
                    closed: false,
                    degrees: false,
                    heat: None,
                    legend: true,
                    construction: None,
                    taken_back: &[],
                    stepping: false,
                    guessing: false,
                    moves: None,
                };
                let out = draw_board(ui, &view);
                crate::app::export::register(ui.ctx(), "board", out.area);
            },
        );
    }
}
