//! What a puzzle tab shows: one mode at a time. A tab keeps a single [`Mode`], so it never
//! shows two things at once (the run and the trace, say) nor its panels different ones:
//! each panel `match`es on it.

use crate::run::setup::LessonMode;
use egui::Ui;

/// What a puzzle tab is showing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// The run: the algorithm chosen, its search live, then its answer.
    #[default]
    Run,
    /// The student plays the puzzle, with hints the solvers prove.
    Play,
    /// The search traced, one decision at a time (with Your guess when it is ticked).
    Steps,
    /// The GA microscope: how one generation bred the next.
    Microscope,
    /// Every solution of the board, in classes of symmetry.
    Browser,
}

impl Mode {
    /// The mode a lesson's set-up asks for.
    pub fn of_lesson(mode: LessonMode) -> Mode {
        use LessonMode as Lesson;
        match mode {
            Lesson::Run => Mode::Run,
            Lesson::Play => Mode::Play,
            Lesson::Steps | Lesson::Guess => Mode::Steps,
        }
    }
}

/// "Show: The run | `label`": the switch between the run and `other`, with `hover`
/// saying what `other` shows.
pub fn switch(ui: &mut Ui, mode: &mut Mode, other: Mode, label: &str, hover: &str) {
    ui.horizontal(|ui| {
        ui.label("Show");
        ui.selectable_value(mode, Mode::Run, "The run")
            .on_hover_text("The run and its answer");
        ui.selectable_value(mode, other, label).on_hover_text(hover);
    });
}
