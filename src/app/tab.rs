//! The puzzle tab, written once: what every puzzle's tab holds (its form, the run on show,
//! the one mode it shows, the student's game, step by step, the microscope) and how the
//! shell drives it (its form's layout, keys, background work, saved runs, an answer played
//! by hand for Compare). A puzzle supplies its own part through [`TabPuzzle`], in its own
//! folder: what its board shows, its form's fields, its figures and its solution browser
//! where it has one.

use crate::app::browser::Browser;
use crate::app::error::AppError;
use crate::app::live_run::{LiveRun, Polled};
use crate::app::microscope::Microscope;
use crate::app::mode::Mode;
use crate::app::play::{Play, Rules};
use crate::app::played::Played;
use crate::app::runs::Action;
use crate::app::steps::{Steps, TraceJob};
use crate::app::view::View;
use crate::run::PuzzleId;
use crate::run::file::RunFile;
use crate::run::puzzles::TracedJob;
use crate::run::setup::Choice;
use crate::run::setup::LessonMode;
use crate::run::setup::LessonSetUp;
use egui::Ui;
use std::collections::BTreeMap;

/// Step by step as a tab drives it: [`Steps`] for a puzzle whose searches can be traced,
/// `()` for one whose cannot.
pub trait Stepper: Default {
    /// Space (`None`) or an arrow (`Some(by)`) while the steps are on show.
    fn key(&mut self, step: Option<isize>);
    /// Reads the trace's background work.
    fn logic(&mut self);
    /// Where the trace on show stands, `(step, Your guess on)`.
    fn at(&self) -> Option<(usize, bool)>;
    /// [`View::first_ui`] while the steps are on show.
    fn first_ui(&mut self, ui: &mut Ui) -> bool;
    /// Which decisions Your guess asks.
    fn set_fade(&mut self, fade: crate::app::steps::guess::Fade);
    /// The search on show traced, as a task names it, with Your guess's answers on it.
    fn traced(&self) -> Option<(TracedJob, &crate::app::steps::guess::Guess)>;
    /// Plays the trace from its start once it is ready.
    fn play_when_ready(&mut self);
}

impl<J: TraceJob + Clone + Into<TracedJob>> Stepper for Steps<J> {
    fn key(&mut self, step: Option<isize>) {
        Steps::key(self, step);
    }

    fn logic(&mut self) {
        Steps::logic(self);
    }

    fn at(&self) -> Option<(usize, bool)> {
        Steps::at(self)
    }

    fn first_ui(&mut self, ui: &mut Ui) -> bool {
        Steps::first_ui(self, ui)
    }

    fn set_fade(&mut self, fade: crate::app::steps::guess::Fade) {
        Steps::set_fade(self, fade);
    }

    fn traced(&self) -> Option<(TracedJob, &crate::app::steps::guess::Guess)> {
        let job = J::of(&self.shown.as_ref()?.timeline.trace);
        Some((job.clone().into(), &self.guess))
    }

    fn play_when_ready(&mut self) {
        Steps::play_when_ready(self);
    }
}

impl Stepper for () {
    fn key(&mut self, _step: Option<isize>) {}

    fn logic(&mut self) {}

    fn at(&self) -> Option<(usize, bool)> {
        None
    }

    fn first_ui(&mut self, _ui: &mut Ui) -> bool {
        false
    }

    fn set_fade(&mut self, _fade: crate::app::steps::guess::Fade) {}

    fn traced(&self) -> Option<(TracedJob, &crate::app::steps::guess::Guess)> {
        None
    }

    fn play_when_ready(&mut self) {}
}

/// The choices every puzzle's form holds, whatever the puzzle, besides the algorithm
/// ([`TabSettings::algorithm_id`]).
pub struct Choices<'a> {
    /// The seed of the run's random numbers.
    pub seed: &'a mut u64,
    /// The run's time limit in seconds.
    pub time_limit_s: &'a mut f32,
    /// Parameter values by `algorithm.name`.
    pub params: &'a mut BTreeMap<String, String>,
}

/// A puzzle's saved settings, as the form written once reads them.
pub trait TabSettings {
    /// The choices every puzzle's form holds.
    fn choices(&mut self) -> Choices<'_>;
    /// The algorithm picked: its id (a catalog's, or another task's, such as a count).
    fn algorithm_id(&self) -> &'static str;
    /// Picks the algorithm `id` names (an entry of the picker), parsed here once; `false`,
    /// and nothing changed, when it names none.
    fn pick(&mut self, id: &str) -> bool;
    /// Gives `algorithm` the parameter values `given` (by name), the others their
    /// defaults.
    fn set_params(&mut self, algorithm: &str, given: &BTreeMap<String, String>) {
        set_params_in(self.choices().params, algorithm, given);
    }
}

/// [`TabSettings::set_params`] on a map of values by `algorithm.name`.
pub fn set_params_in(
    values: &mut BTreeMap<String, String>,
    algorithm: &str,
    given: &BTreeMap<String, String>,
) {
    let prefix = format!("{algorithm}.");
    values.retain(|k, _| !k.starts_with(&prefix));
    for (name, value) in given {
        values.insert(format!("{prefix}{name}"), value.clone());
    }
}

/// A puzzle's own part of its tab: what the run on show left on the board, and the
/// puzzle's panels. The tab written once ([`PuzzleTab`]) holds everything else.
pub trait TabPuzzle: Sized + 'static {
    /// The form's choices, saved between sessions.
    type Settings: TabSettings;
    /// The rules of the student's game, played with the solvers' hints.
    type Rules: Rules;
    /// Step by step: [`Steps`] of the puzzle's trace job, or `()`.
    type Steps: Stepper;
    /// The puzzle the tab is of.
    const PUZZLE: PuzzleId;
    /// What playing means here, for the "Play yourself" switch.
    const PLAY_HOVER: &'static str;

    /// The solution browser, for a puzzle that has one.
    fn browser(&mut self) -> Option<&mut Browser> {
        None
    }
    /// Saved `settings` with each value out of range put back to its default.
    fn checked(settings: Self::Settings) -> Self::Settings;
    /// The puzzle's part of a tab with `settings`, nothing run yet.
    fn new(settings: &Self::Settings) -> Self;
    /// The parameter values the forms hold (`algorithm.name` → value), which Compare
    /// starts from.
    fn param_values(settings: &Self::Settings) -> BTreeMap<String, String>;
    /// Whether `file` is a run of this puzzle.
    fn owns(file: &RunFile) -> bool;
    /// Opens a saved run of this puzzle: its settings go into the form and its job runs
    /// again.
    fn replay(
        tab: &mut PuzzleTab<Self>,
        ctx: &egui::Context,
        file: RunFile,
    ) -> Result<(), AppError>;
    /// The board on show as text, for the clipboard.
    fn board_text(tab: &mut PuzzleTab<Self>) -> Option<String>;
    /// The answer on show as a move list `(text, CSV)`, for a puzzle whose answers are
    /// walks.
    fn move_list(_tab: &PuzzleTab<Self>) -> Option<(String, String)> {
        None
    }
    /// The student's answer with its instance, when the game is solved.
    fn played(tab: &PuzzleTab<Self>) -> Option<Played>;
    /// The place on show, as a lesson or a link sets it up: the instance, and `choice`.
    fn place(tab: &PuzzleTab<Self>, choice: Choice) -> Box<dyn LessonSetUp>;
    /// Whether the trace on show was made of other settings than the form's now.
    fn trace_stale(_tab: &PuzzleTab<Self>) -> bool {
        false
    }
    /// Sets the tab up as a lesson's `setup` asks (its instance, algorithm and mode,
    /// stopping what runs), when it is of this puzzle; `false` when it is not.
    fn set_up(
        tab: &mut PuzzleTab<Self>,
        ctx: &egui::Context,
        setup: &crate::run::setup::Setup,
    ) -> bool;
    /// Runs what the form says.
    fn start_run(tab: &mut PuzzleTab<Self>, ctx: &egui::Context);
    /// Stop, pressed or keyed: the run under way ends with its last word.
    fn stop_by_user(tab: &mut PuzzleTab<Self>);
    /// Space or an arrow while the tab shows its run.
    fn run_key(tab: &mut PuzzleTab<Self>, action: Action);
    /// Takes what the run's worker sent since the last frame.
    fn polled(tab: &mut PuzzleTab<Self>, ctx: &egui::Context, polled: Polled);
    /// The instance's part of the form (its heading, fields and presets, and what goes with
    /// them); returns why Run must wait for it.
    fn instance_form(tab: &mut PuzzleTab<Self>, ui: &mut Ui) -> Option<AppError>;
    /// The algorithm picker's entries: `(id, name, what it does)`.
    fn picks() -> Vec<(&'static str, &'static str, &'static str)>;
    /// Play mode's controls, under the picker.
    fn play_controls(tab: &mut PuzzleTab<Self>, ui: &mut Ui);
    /// The chosen algorithm's part of the form (what it does, its parameters, warnings);
    /// `picked`: the user picked it just now. Returns why Run must wait for it.
    fn algorithm_form(tab: &mut PuzzleTab<Self>, ui: &mut Ui, picked: bool) -> Option<AppError>;
    /// The run buttons and what follows them (step by step, the microscope).
    fn run_controls(tab: &mut PuzzleTab<Self>, ui: &mut Ui);
    /// The right panel.
    fn stats(tab: &mut PuzzleTab<Self>, ui: &mut Ui);
    /// The central panel.
    fn main_ui(tab: &mut PuzzleTab<Self>, ui: &mut Ui);
}

/// A saved form of a puzzle's tab (its settings), as the shell keeps it for any puzzle:
/// written as its fields, compared, copied.
pub trait Form: erased_serde::Serialize + std::fmt::Debug + Send {
    /// Itself as `Any`, for its tab to take it back.
    fn as_any(&self) -> &dyn std::any::Any;
    /// A copy.
    fn boxed(&self) -> Box<dyn Form>;
    /// Whether `other` is the same form.
    fn same(&self, other: &dyn Form) -> bool;
}

impl<T> Form for T
where
    T: serde::Serialize + std::fmt::Debug + PartialEq + Clone + Send + 'static,
{
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn boxed(&self) -> Box<dyn Form> {
        Box::new(self.clone())
    }
    fn same(&self, other: &dyn Form) -> bool {
        other.as_any().downcast_ref::<T>() == Some(self)
    }
}

erased_serde::serialize_trait_object!(Form);

// The box itself is a `Form` too (the blanket impl above): these reach the form inside.
impl Clone for Box<dyn Form> {
    fn clone(&self) -> Self {
        (**self).boxed()
    }
}

impl PartialEq for Box<dyn Form> {
    fn eq(&self, other: &Self) -> bool {
        (**self).same(&**other)
    }
}

/// A puzzle's tab as the shell holds it, whatever the puzzle: a [`View`], its form to
/// save, and itself as `Any` (for whoever knows which tab it is, such as the tests).
pub trait PuzzleView: View {
    /// The puzzle it is the tab of.
    fn id(&self) -> PuzzleId;
    /// What it shows.
    fn mode(&self) -> Mode;
    /// Its form, to save.
    fn form(&self) -> Box<dyn Form>;
    /// Itself as `Any`.
    fn as_any(&self) -> &dyn std::any::Any;
    /// The same, to change it.
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any;
}

impl<P: TabPuzzle> PuzzleView for PuzzleTab<P>
where
    P::Settings: Form + Clone,
{
    fn id(&self) -> PuzzleId {
        P::PUZZLE
    }
    fn mode(&self) -> Mode {
        self.mode
    }
    fn form(&self) -> Box<dyn Form> {
        Box::new(self.settings.clone())
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

/// A puzzle's tab, as the app's list of tabs (`app::tabs`) names it: how it is made from
/// its saved form, and its background work.
pub trait TabDef: Sync {
    /// The puzzle.
    fn id(&self) -> PuzzleId;
    /// Its form as the tab starts with it when nothing was saved.
    fn default_form(&self) -> Box<dyn Form>;
    /// Its form as saved.
    fn read_form(
        &self,
        saved: &mut dyn erased_serde::Deserializer<'_>,
    ) -> Result<Box<dyn Form>, erased_serde::Error>;
    /// The tab of `form` (its default's when `form` is another puzzle's), nothing run
    /// yet.
    fn tab(&self, form: &dyn Form) -> Box<dyn PuzzleView>;
    /// Its background work, for the browser's worker.
    fn tasks(&self) -> &'static [crate::app::background::Served];
}

/// The [`TabDef`] of `PuzzleTab<P>`, whose background work is `tasks`.
pub struct TabOf<P>(
    std::marker::PhantomData<fn() -> P>,
    &'static [crate::app::background::Served],
);

impl<P> TabOf<P> {
    /// The tab of `P`, with its background work.
    pub const fn new(tasks: &'static [crate::app::background::Served]) -> TabOf<P> {
        TabOf(std::marker::PhantomData, tasks)
    }
}

impl<P: TabPuzzle> TabDef for TabOf<P>
where
    P::Settings: Form + Clone + Default + serde::de::DeserializeOwned,
{
    fn id(&self) -> PuzzleId {
        P::PUZZLE
    }
    fn default_form(&self) -> Box<dyn Form> {
        Box::new(P::Settings::default())
    }
    fn read_form(
        &self,
        saved: &mut dyn erased_serde::Deserializer<'_>,
    ) -> Result<Box<dyn Form>, erased_serde::Error> {
        Ok(Box::new(erased_serde::deserialize::<P::Settings>(saved)?))
    }
    fn tab(&self, form: &dyn Form) -> Box<dyn PuzzleView> {
        let settings = form.as_any().downcast_ref::<P::Settings>();
        Box::new(PuzzleTab::<P>::new(settings.cloned().unwrap_or_default()))
    }
    fn tasks(&self) -> &'static [crate::app::background::Served] {
        self.1
    }
}

/// A puzzle's tab: the parts every puzzle has, and the puzzle's own (`own`).
pub struct PuzzleTab<P: TabPuzzle> {
    /// The form's choices, saved between sessions; Run starts from them.
    pub settings: P::Settings,
    /// Why Run waits, as the form last said: a field whose text is not a valid value, or
    /// one not applied yet.
    pub hold: Option<AppError>,
    /// The run on show: its worker, counters, fitness history and record.
    pub live: LiveRun,
    /// What the tab shows: the run, the student's game, the trace, the microscope or the
    /// browser.
    pub(in crate::app) mode: Mode,
    /// The student's game and its hints.
    pub(in crate::app) play: Play<P::Rules>,
    /// The search traced, step by step.
    pub(in crate::app) steps: P::Steps,
    /// How a generation of a GA bred the next.
    pub(in crate::app) microscope: Microscope,
    /// What the board says of the square under the pointer.
    pub(in crate::app) hovered: Option<String>,
    /// The puzzle's own part: the board of the run on show, its outcome.
    pub(in crate::app) own: P,
}

impl<P: TabPuzzle> PuzzleTab<P> {
    /// The tab of saved `settings` (each value out of range put back to its default),
    /// nothing run yet.
    pub fn new(settings: P::Settings) -> PuzzleTab<P> {
        let settings = P::checked(settings);
        PuzzleTab {
            own: P::new(&settings),
            settings,
            hold: None,
            live: LiveRun::default(),
            mode: Mode::Run,
            play: Play::default(),
            steps: P::Steps::default(),
            microscope: Microscope::default(),
            hovered: None,
        }
    }

    /// What the tab shows.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Step by step: where the trace on show stands, `(step, Your guess on)`.
    pub fn steps_at(&self) -> Option<(usize, bool)> {
        self.steps.at()
    }

    /// Play mode: the student's game and hints.
    pub fn play(&self) -> &Play<P::Rules> {
        &self.play
    }

    /// Play mode, to make moves in tests.
    pub fn play_mut(&mut self) -> &mut Play<P::Rules> {
        &mut self.play
    }

    /// The GA microscope, to pick its child in tests.
    pub fn microscope_mut(&mut self) -> &mut Microscope {
        &mut self.microscope
    }

    /// Whether cancelled runs are still winding down.
    pub fn has_stopping_runs(&mut self) -> bool {
        self.live.has_stopping_runs()
    }
}

impl<P: TabPuzzle> View for PuzzleTab<P> {
    fn name(&self) -> &'static str {
        P::PUZZLE.title()
    }

    fn tab(&self) -> crate::app::Tab {
        crate::app::Tab::Puzzle(P::PUZZLE)
    }

    fn param_values(&self) -> BTreeMap<String, String> {
        P::param_values(&self.settings)
    }

    fn open_run(&mut self, ctx: &egui::Context, file: &RunFile) -> Option<Result<(), AppError>> {
        P::owns(file).then(|| P::replay(self, ctx, file.clone()))
    }

    fn live(&self) -> Option<&LiveRun> {
        Some(&self.live)
    }

    fn set_fade(&mut self, fade: crate::app::steps::guess::Fade) {
        self.steps.set_fade(fade);
    }

    fn traced(&self) -> Option<(TracedJob, &crate::app::steps::guess::Guess)> {
        self.steps.traced()
    }

    fn play_when_ready(&mut self) {
        self.steps.play_when_ready();
    }

    /// The set-up's seed and parameters go into the form (a set-up that names its
    /// algorithm or parameters leaves the others at their defaults), then the puzzle
    /// takes its instance, algorithm and mode.
    fn set_up_lesson(&mut self, ctx: &egui::Context, setup: &crate::run::setup::Setup) -> bool {
        if setup.puzzle() != P::PUZZLE {
            return false;
        }
        let choice = setup.set_up().choice();
        if let Some(seed) = choice.seed {
            *self.settings.choices().seed = seed;
        }
        let algorithm =
            (choice.algorithm.clone()).unwrap_or_else(|| self.settings.algorithm_id().to_string());
        if choice.algorithm.is_some() || !choice.params.is_empty() {
            self.settings.set_params(&algorithm, &choice.params);
        }
        P::set_up(self, ctx, setup)
    }

    /// The instance, the algorithm with the parameters its form holds, the seed, the
    /// mode and, step by step, the step on show.
    fn link(&mut self) -> Result<String, String> {
        if let Some(hold) = &self.hold {
            return Err(format!("mend the form first: {hold}"));
        }
        let values = P::param_values(&self.settings);
        let (algorithm, seed) = (self.settings.algorithm_id(), *self.settings.choices().seed);
        let prefix = format!("{algorithm}.");
        let params = (values.into_iter())
            .filter_map(|(k, v)| Some((k.strip_prefix(&prefix)?.to_string(), v)))
            .collect();
        if self.mode == Mode::Steps && P::trace_stale(self) {
            return Err(
                "the form has changed since this search was traced: press Step by \
                 step to trace it again, then copy its link"
                    .into(),
            );
        }
        let at = self.steps.at().filter(|_| self.mode == Mode::Steps);
        let mode = match (self.mode, at) {
            (Mode::Play, _) => LessonMode::Play,
            (Mode::Steps, Some((_, true))) => LessonMode::Guess,
            (Mode::Steps, _) => LessonMode::Steps,
            _ => LessonMode::Run,
        };
        let choice = Choice {
            algorithm: Some(algorithm.to_string()),
            mode,
            seed: Some(seed),
            params,
            step: at.map(|(step, _)| step as u64),
        };
        Ok(crate::teach::link::write(&*P::place(self, choice)))
    }

    fn board_text(&mut self) -> Option<String> {
        P::board_text(self)
    }

    fn move_list(&self) -> Option<(String, String)> {
        P::move_list(self)
    }

    /// The answer played by hand, when the player asked for it in Compare and it is one.
    fn take_played(&mut self) -> Option<Played> {
        if !self.play.take_compare_request() {
            return None;
        }
        P::played(self)
    }

    fn game(&self, choice: Choice) -> Option<crate::app::view::GameSeen<'_>> {
        Some(crate::app::view::GameSeen {
            on: P::place(self, choice),
            solved: P::played(self).map(|p| p.answer),
            playing: self.mode == Mode::Play,
            hints: self.play.hints_asked(),
        })
    }

    /// A key. In play mode ← and → take moves back and make them again; in the browser
    /// they go through the solutions; in step by step Space plays the steps and the
    /// arrows step. Else R runs, Esc stops, and Space and the arrows are the run's.
    fn act(&mut self, ctx: &egui::Context, action: Action) {
        match (self.mode, action, self.own.browser()) {
            (Mode::Play, action, _) => return self.play.act(action),
            (Mode::Browser, Action::Step(by), Some(b)) => {
                return b.key(by, ctx.input(|i| i.time));
            }
            (Mode::Browser, ..) => return,
            (Mode::Steps, Action::Play, _) => return self.steps.key(None),
            (Mode::Steps, Action::Step(by), _) => return self.steps.key(Some(by)),
            _ => {}
        }
        match action {
            Action::Run if !self.live.is_running() && self.hold.is_none() => {
                P::start_run(self, ctx);
            }
            Action::Run => {}
            Action::Stop => P::stop_by_user(self),
            Action::Play | Action::Step(_) => P::run_key(self, action),
        }
    }

    /// Reads what the workers sent since the last frame (also while the tab is not drawn,
    /// so that its run goes on): the run's, the game's hints, the trace's, the
    /// microscope's and the browser's.
    fn logic(&mut self, ctx: &egui::Context) {
        let polled = self.live.poll();
        P::polled(self, ctx, polled);
        self.play.logic(ctx);
        self.steps.logic();
        self.microscope.logic();
        if let Some(b) = self.own.browser() {
            b.logic();
        }
    }

    /// The form: the instance, the algorithm (or the student's game), its parameters,
    /// the seed and the time limit, then the run buttons.
    fn controls(&mut self, ui: &mut Ui) {
        let mut hold = P::instance_form(self, ui);
        ui.separator();
        crate::app::play::heading(ui, &mut self.mode, P::PLAY_HOVER);
        let picks = P::picks();
        let before = self.settings.algorithm_id();
        let current = (picks.iter().find(|p| p.0 == before)).map_or("?", |p| p.1);
        let mut chosen = before;
        crate::app::play::picker(ui, self.mode == Mode::Play, current, |ui| {
            for &(id, name, help) in &picks {
                ui.selectable_value(&mut chosen, id, name)
                    .on_hover_text(help);
            }
        });
        if chosen != before {
            self.settings.pick(chosen);
        }
        if self.mode == Mode::Play {
            self.hold = hold;
            return P::play_controls(self, ui);
        }
        let picked = self.settings.algorithm_id() != before;
        hold = hold.or(P::algorithm_form(self, ui, picked));
        let Choices {
            seed, time_limit_s, ..
        } = self.settings.choices();
        crate::app::widgets::params::seed_and_time_limit(ui, seed, time_limit_s);
        self.hold = hold;
        ui.separator();
        P::run_controls(self, ui);
    }

    fn stats(&mut self, ui: &mut Ui) {
        P::stats(self, ui);
    }

    fn first_ui(&mut self, ui: &mut Ui) -> bool {
        self.mode == Mode::Steps && self.steps.first_ui(ui)
    }

    fn main_ui(&mut self, ui: &mut Ui) {
        P::main_ui(self, ui);
    }
}
