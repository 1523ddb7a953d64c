//! The shell's one view of a tab, as egui's demo app has `View`/`Demo`: the shell lists its
//! five views and calls these, never matching on which tab it is.

use super::live_run::LiveRun;
use super::runs::{Action, Record};
use crate::app::error::AppError;
use crate::run::file::RunFile;
use egui::Ui;

/// A tab of the app: its three panels, its background work and its keys.
pub trait View {
    /// The tab's name.
    fn name(&self) -> &'static str;
    /// The left panel: what to run and how, and the run buttons.
    fn controls(&mut self, ui: &mut Ui);
    /// The right panel's figures.
    fn stats(&mut self, ui: &mut Ui);
    /// On a narrow window, where the figures stand under the form: what of them must come
    /// before it (Your guess's question, when the board has no room for it above).
    /// `true` if it drew anything; the figures then leave it out this frame.
    fn first_ui(&mut self, _ui: &mut Ui) -> bool {
        false
    }
    /// The central panel: the board, plots and tables.
    fn main_ui(&mut self, ui: &mut Ui);
    /// Reads the view's background work. The shell calls it every frame for every view,
    /// on show or not, before anything is drawn: drawing never changes run state.
    fn logic(&mut self, ctx: &egui::Context);
    /// Acts on a key (run, stop, pause, step).
    fn act(&mut self, ctx: &egui::Context, action: Action);
    /// The run on show, for the views that have one (the puzzle views).
    fn live(&self) -> Option<&LiveRun> {
        None
    }
    /// Whether work of this view is under way.
    fn is_running(&self) -> bool {
        self.live().is_some_and(LiveRun::is_running)
    }
    /// The view's runs, for "Save run…" and a replay's verdict.
    fn record(&self) -> Option<&Record> {
        self.live().map(|l| &l.record)
    }
    /// Opens a saved run if it is this view's kind: its settings go into the form and its
    /// job runs again. `None`: not a run this view shows.
    fn open_run(&mut self, _ctx: &egui::Context, _file: &RunFile) -> Option<Result<(), AppError>> {
        None
    }
    /// The board on show as text (move numbers, queens, the square's numbers), for the
    /// clipboard; `None` when there is none to copy.
    fn board_text(&mut self) -> Option<String> {
        None
    }
    /// The tour on show as a move list: `(text, CSV)`.
    fn move_list(&self) -> Option<(String, String)> {
        None
    }
    /// The tab the view is.
    fn tab(&self) -> super::Tab;
    /// The puzzle this view is the tab of (`None`: Compare, Experiments).
    fn puzzle(&self) -> Option<crate::run::PuzzleId> {
        match self.tab() {
            super::Tab::Puzzle(p) => Some(p),
            super::Tab::Compare | super::Tab::Experiments => None,
        }
    }
    /// The parameter values the view's forms hold (`algorithm.name` → value), which
    /// Compare starts from for the same puzzle.
    fn param_values(&self) -> std::collections::BTreeMap<String, String> {
        std::collections::BTreeMap::new()
    }
    /// Sets the view up as a lesson's `setup` asks, when it is of this view's puzzle;
    /// `false` when it is not (the shell asks every view).
    fn set_up_lesson(&mut self, _ctx: &egui::Context, _setup: &crate::run::setup::Setup) -> bool {
        false
    }
    /// Which decisions step by step's Your guess asks (an assignment's task sets it).
    fn set_fade(&mut self, _fade: crate::app::steps::guess::Fade) {}
    /// The link to the place on show (the part from `#`), or why there is none.
    fn link(&mut self) -> Result<String, String> {
        Err(format!(
            "{}'s choices cannot be put in a link yet: a link opens a puzzle tab or a lesson",
            self.name()
        ))
    }
    /// An answer the player asked to put beside the algorithms' in Compare, handed over
    /// once.
    fn take_played(&mut self) -> Option<super::played::Played> {
        None
    }
    /// The student's game, for an assignment's Play task: the place played on (with
    /// `choice` beside its instance, to compare with the task's set-up), the answer when
    /// solved, and every hint asked. `None`: the view has no game.
    fn game(&self, _choice: crate::run::setup::Choice) -> Option<GameSeen<'_>> {
        None
    }
    /// Step by step plays the trace from its start once it is ready (the welcome's
    /// "Watch a search").
    fn play_when_ready(&mut self) {}
    /// The search traced in step by step, as a task names it, with Your guess's answers
    /// on it (`None`: no trace on show, or a view that traces nothing).
    fn traced(
        &self,
    ) -> Option<(
        crate::run::puzzles::TracedJob,
        &crate::app::steps::guess::Guess,
    )> {
        None
    }
    /// The view's plot or table data as CSV, once it has some.
    fn plot_csv(&self) -> Option<String> {
        let points = self.live()?.history.points();
        (!points.is_empty()).then(|| super::export::history_csv(points))
    }
}

/// A puzzle tab's game as an assignment reads it (see [`View::game`]).
pub struct GameSeen<'a> {
    /// The place played on: its instance, and the choice asked for.
    pub on: Box<dyn crate::run::setup::LessonSetUp>,
    /// The answer, when the game is solved (checked by `puzzle/`).
    pub solved: Option<Vec<u32>>,
    /// Whether the tab is in play mode now.
    pub playing: bool,
    /// Every hint asked since the app started, oldest first.
    pub hints: &'a [crate::app::play::HintKind],
}
