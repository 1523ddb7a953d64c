//! The Compare view: one instance (board and start, n, or order; a seed), several
//! algorithms run together on worker threads with the same seeds. Each algorithm gets a
//! board (small multiples) on one shared timeline, its curves in plots side by side or
//! overlaid, and its trials (seed, seed + 1, …) summed up in a chart and a table that
//! can be exported as CSV. It knows the puzzles only through [`PuzzleUi`].

mod charts;
pub(crate) mod contrast;
pub(crate) mod lanes;
mod saved;
mod solved;
mod timeline;

use saved::SavedCompare;

use super::background::Background;
use super::derived::ForContext;
use super::export::write_text;
use super::puzzles::{PuzzleUi, UI_PUZZLES};
use super::runs::{Action, runs_dir};
use super::view::View;
use super::widgets::number::{hold_note, whole_number};
use crate::app::error::AppError;
use crate::app::widgets::figures::{format_ms, stat_row};
use crate::run::Run;
use crate::solve::Budget;
use charts::colour;
use contrast::ContrastUi;
use egui::{RichText, Ui};
use lanes::TrialResult;
pub use lanes::{Lane, PLAYED, Params};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::time::Duration;

pub use super::played::Played;
use crate::run::PuzzleId;

/// What Compare says of an answer played by hand.
const PLAYED_MESSAGE: &str =
    "Played by hand in the puzzle's tab; checked by the rules. No run: no time, no trials.";

/// What Compare calls an answer played by hand.
pub const PLAYED_NAME: &str = "You (by hand)";

/// The most trials of each algorithm.
pub const MAX_TRIALS: u64 = 1000;

/// What the user chose; saved between sessions (each puzzle's instance under the
/// puzzle's key: `knight: (cols: 8, …)`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(from = "SavedCompare")]
pub struct CompareSettings {
    /// The puzzle compared; each keeps its own instance and algorithms below.
    pub puzzle: PuzzleId,
    /// Every puzzle's instance (a board and start square, n, an order), one per puzzle in
    /// the registry's order, each kept while another puzzle is picked.
    pub instances: Vec<Box<dyn PuzzleUi>>,
    /// The algorithms chosen for each puzzle, in the catalog's order.
    pub chosen: BTreeMap<PuzzleId, Vec<String>>,
    /// The seed of every algorithm's trial 0: all the algorithms run with the same seeds.
    pub seed: u64,
    /// Trial i runs with seed `seed + i`; the boards and curves show trial 0.
    pub trials: u64,
    /// Each trial's time limit in seconds (the form takes 0.1 to 3600).
    pub time_limit_s: f32,
    /// Run each algorithm with the parameters set in its puzzle's own tab (else with its
    /// defaults).
    pub tab_params: bool,
    /// Curves of all algorithms in one plot (else one plot each, side by side).
    pub overlay: bool,
    /// Timeline speed in steps per second.
    pub speed: f32,
}

impl Default for CompareSettings {
    fn default() -> Self {
        let instances: Vec<Box<dyn PuzzleUi>> =
            UI_PUZZLES.iter().map(|def| def.instance()).collect();
        let chosen = (instances.iter())
            .map(|i| {
                let ids = i.default_choice().iter();
                (
                    i.puzzle(),
                    ids.map(std::string::ToString::to_string).collect(),
                )
            })
            .collect();
        CompareSettings {
            puzzle: PuzzleId::default(),
            instances,
            chosen,
            seed: 1,
            trials: 5,
            time_limit_s: 10.0,
            tab_params: false,
            overlay: true,
            speed: 12.0,
        }
    }
}

impl Serialize for CompareSettings {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("CompareSettings", 8 + self.instances.len())?;
        s.serialize_field("puzzle", &self.puzzle)?;
        for instance in &self.instances {
            s.serialize_field(instance.puzzle().key(), instance)?;
        }
        s.serialize_field("chosen", &self.chosen)?;
        s.serialize_field("seed", &self.seed)?;
        s.serialize_field("trials", &self.trials)?;
        s.serialize_field("time_limit_s", &self.time_limit_s)?;
        s.serialize_field("tab_params", &self.tab_params)?;
        s.serialize_field("overlay", &self.overlay)?;
        s.serialize_field("speed", &self.speed)?;
        s.end()
    }
}

impl CompareSettings {
    /// The chosen puzzle's instance.
    pub fn instance(&self) -> &dyn PuzzleUi {
        self.instance_of(self.puzzle)
    }

    /// Puzzle `p`'s instance.
    pub fn instance_of(&self, p: PuzzleId) -> &dyn PuzzleUi {
        let i = (self.instances.iter())
            .position(|i| i.puzzle() == p)
            .unwrap_or(0);
        self.instances[i].as_ref()
    }

    /// The chosen puzzle's instance, to change.
    pub fn instance_mut(&mut self) -> &mut dyn PuzzleUi {
        let p = self.puzzle;
        let i = (self.instances.iter())
            .position(|i| i.puzzle() == p)
            .unwrap_or(0);
        self.instances[i].as_mut()
    }

    /// The instance of type `T` (the puzzle whose instances are `T`s).
    pub fn get<T: 'static>(&self) -> Option<&T> {
        (self.instances.iter()).find_map(|i| i.as_any().downcast_ref())
    }

    /// The same, to change it.
    pub fn get_mut<T: 'static>(&mut self) -> Option<&mut T> {
        (self.instances.iter_mut()).find_map(|i| i.as_any_mut().downcast_mut())
    }

    /// The algorithms chosen for the chosen puzzle.
    pub fn chosen(&self) -> &[String] {
        self.chosen.get(&self.puzzle).map_or(&[], Vec::as_slice)
    }

    /// The algorithms chosen for the chosen puzzle, to change.
    pub fn chosen_mut(&mut self) -> &mut Vec<String> {
        self.chosen.entry(self.puzzle).or_default()
    }

    /// What is wrong with the instance or the choice, if anything.
    pub fn check(&self) -> Result<(), AppError> {
        self.instance().check()?;
        if !(1..=MAX_TRIALS).contains(&self.trials) {
            return Err(format!("trials must be from 1 to {MAX_TRIALS}").into());
        }
        if self.chosen().is_empty() {
            return Err("choose at least one algorithm".into());
        }
        Ok(())
    }

    /// A name for files: `knight-8x8-seed1`.
    pub fn instance_name(&self) -> String {
        format!("{}-seed{}", self.instance().instance_name(), self.seed)
    }

    pub(super) fn budget(&self) -> Budget {
        Budget::unlimited().with_time(Duration::from_secs_f32(self.time_limit_s.max(0.1)))
    }
}

/// The Compare tab: the form, a lane for each algorithm of the last comparison (and an
/// answer played by hand), the shared timeline, the charts and the table.
pub struct CompareView {
    /// The form's choices, saved between sessions; Run all starts from them.
    pub settings: CompareSettings,
    /// Why the last Run was refused, shown under the form.
    pub error: Option<String>,
    /// Why Run waits, as the form last said: a field whose text is not a valid value or
    /// not applied yet, an instance out of range, no algorithm chosen.
    pub hold: Option<AppError>,
    lanes: Vec<Lane>,
    /// The instance the lanes ran on (the form may have changed since).
    ran: CompareSettings,
    /// Trials 1 … trials − 1, in the background once trial 0 has ended everywhere.
    batch: Option<Background<TrialResult>>,
    /// Cancelled runs winding down.
    stopping: Vec<Run>,
    /// The user stopped the comparison: no trials follow.
    stopped: bool,
    /// The shared timeline: how many steps of every answer are shown.
    pub shown: usize,
    /// The algorithm picked in the table: its board alone is shown, larger.
    pub selected: Option<usize>,
    /// Bring the boards into view next frame (a row of the table was picked).
    scroll_to_boards: bool,
    /// The timeline is playing: `shown` moves on at the settings' speed.
    pub playing: bool,
    carry: f32,
    /// Where "Save CSV" writes, for the comparison it was named after (another comparison
    /// names its own), and what came of the last export.
    pub csv_path: ForContext<String, String>,
    /// What came of the last export of the table or the curves (`Err`: why it failed),
    /// for the comparison whose file name it is keyed by.
    pub export_notice: ForContext<String, Result<String, String>>,
    /// The parameters the puzzle tabs' forms hold (`algorithm.name` → value), kept up to
    /// date by the app while this view is on show.
    pub tab_values: BTreeMap<String, String>,
    /// What "Solved within" is measured in.
    solved_within: solved::Measure,
    /// The view shows "First difference" (one search traced twice, one setting changed)
    /// instead of the runs side by side.
    pub first_difference: bool,
    /// First difference on each puzzle whose searches are traced.
    pairs: BTreeMap<PuzzleId, Box<dyn ContrastUi>>,
}

impl CompareView {
    /// The view of saved `settings`, nothing run yet; chosen algorithms no longer in their
    /// puzzle's catalog are dropped, and a puzzle left with none gets its default choice.
    pub fn new(settings: CompareSettings) -> CompareView {
        let mut settings = settings;
        for &p in crate::run::PUZZLES {
            let instance = settings.instance_of(p);
            let (catalog, defaults) = (instance.algorithms(), instance.default_choice());
            let chosen = settings.chosen.entry(p).or_default();
            chosen.retain(|a| catalog.iter().any(|c| c.id == a));
            if chosen.is_empty() {
                *chosen = defaults
                    .iter()
                    .map(std::string::ToString::to_string)
                    .collect();
            }
        }
        CompareView {
            ran: settings.clone(),
            settings,
            error: None,
            hold: None,
            lanes: Vec::new(),
            batch: None,
            stopping: Vec::new(),
            stopped: false,
            shown: 0,
            selected: None,
            scroll_to_boards: false,
            playing: false,
            carry: 0.0,
            csv_path: ForContext::default(),
            export_notice: ForContext::default(),
            tab_values: BTreeMap::new(),
            solved_within: solved::Measure::default(),
            first_difference: false,
            pairs: (UI_PUZZLES.iter())
                .filter_map(|def| Some((def.id(), def.pair()?)))
                .collect(),
        }
    }

    /// First difference on the puzzle picked (`None`: its searches are not traced).
    pub fn pair(&mut self) -> Option<&mut dyn ContrastUi> {
        Some(self.pairs.get_mut(&self.settings.puzzle)?.as_mut())
    }

    /// First difference on `puzzle` (`None`: its searches are not traced).
    pub fn pair_of(&mut self, puzzle: PuzzleId) -> Option<&mut dyn ContrastUi> {
        Some(self.pairs.get_mut(&puzzle)?.as_mut())
    }

    /// Whether a First difference pair is being traced, on any puzzle, and on which.
    fn pair_tracing(&self) -> Option<PuzzleId> {
        (self.pairs.iter()).find_map(|(p, pair)| pair.busy().then_some(*p))
    }

    /// Stops the tracing of every First difference pair (one may be on another puzzle
    /// than the one picked now).
    fn stop_pairs(&mut self) {
        self.pairs.values_mut().for_each(|p| p.stop());
    }

    /// Traces First difference's pair on the form's instance.
    fn start_pair(&mut self, ctx: &egui::Context) {
        let (seed, budget) = (self.settings.seed, self.settings.budget());
        let instance = self.settings.instance();
        if let Some(pair) = self.pairs.get_mut(&self.settings.puzzle) {
            pair.start_on(ctx, instance, seed, budget);
        }
    }

    /// Whether the last comparison is on the puzzle picked: its boards, figures and table
    /// are only ever shown there.
    fn lanes_on_show(&self) -> bool {
        !self.lanes.is_empty() && self.ran.puzzle == self.settings.puzzle
    }

    /// Where the last comparison is, when another puzzle is picked.
    fn elsewhere(&self) -> Option<String> {
        (!self.lanes.is_empty() && !self.lanes_on_show()).then(|| {
            if self.is_running() {
                format!(
                    "The comparison under way is on {}: pick it again to see it (■ Stop ends it).",
                    self.ran.puzzle.short()
                )
            } else {
                format!(
                    "The last comparison was on {}: pick it again to see it, or press ▶ Run all to compare these algorithms.",
                    self.ran.puzzle.short()
                )
            }
        })
    }

    /// The parameters `algorithm` runs with: none (its defaults), or its tab's.
    fn params_of(&self, algorithm: &str) -> Params {
        if !self.settings.tab_params {
            return Vec::new();
        }
        (self.settings.instance().algorithms().iter())
            .find(|a| a.id == algorithm)
            .map(|a| super::widgets::params::params_for(a, &self.tab_values))
            .unwrap_or_default()
    }

    /// The last comparison's lanes: one per algorithm, and any answer played by hand.
    pub fn lanes(&self) -> &[Lane] {
        &self.lanes
    }

    /// Trials done and in all (the first trial of each algorithm included).
    pub fn trials_progress(&self) -> (u64, u64) {
        let runs = self.lanes.iter().filter(|l| !l.played).count();
        let total = self.ran.trials * runs as u64;
        let done: usize = self.lanes.iter().map(|l| l.trials.len()).sum();
        (done as u64, total)
    }

    /// The longest answer: the timeline's end.
    pub fn timeline_len(&self) -> usize {
        self.lanes.iter().map(|l| l.answer.len()).max().unwrap_or(0)
    }

    /// Puts an answer played by hand beside the algorithms': Compare takes its instance,
    /// keeps the algorithms' lanes when they ran on that instance, replaces an earlier
    /// played answer, and plays the timeline from the start.
    pub fn add_played(&mut self, played: Played) {
        let same = self.same_instance_as_ran(&*played.on);
        self.settings.puzzle = played.on.puzzle();
        self.settings.instance_mut().assign(&*played.on);
        if same {
            if let Some(i) = self.lanes.iter().position(|l| l.played) {
                // Its place, and so every other lane's index and colour, stay.
                self.lanes[i] = Lane::played(PLAYED_NAME, played.answer, PLAYED_MESSAGE);
            } else {
                (self.lanes).push(Lane::played(PLAYED_NAME, played.answer, PLAYED_MESSAGE));
            }
        } else {
            self.stop();
            self.lanes = vec![Lane::played(PLAYED_NAME, played.answer, PLAYED_MESSAGE)];
            self.ran = self.settings.clone();
            self.error = None;
        }
        self.selected = None;
        self.shown = 1.min(self.timeline_len());
        self.playing = self.shown < self.timeline_len();
    }

    /// Whether the lanes on show ran on the instance `on`.
    fn same_instance_as_ran(&self, on: &dyn PuzzleUi) -> bool {
        !self.lanes.is_empty() && self.ran.instance().same(on)
    }

    /// The lanes played by hand on the instance the form now holds (kept by a new run).
    fn played_lanes_kept(&mut self) -> Vec<Lane> {
        let s = &self.settings;
        let same = self.ran.instance().same(s.instance());
        if !same {
            return Vec::new();
        }
        let lanes = std::mem::take(&mut self.lanes);
        lanes.into_iter().filter(|l| l.played).collect()
    }

    /// Starts every chosen algorithm on its own worker, trial 0 with the seed; the other
    /// trials follow once these have ended.
    pub fn start(&mut self, ctx: &egui::Context) {
        self.stop();
        if let Err(e) = self.settings.check() {
            self.error = Some(e.to_string());
            return;
        }
        let (s, budget) = (&self.settings, self.settings.budget());
        let jobs: Result<Vec<_>, _> = (s.chosen().iter())
            .map(|a| {
                let params = self.params_of(a);
                let job = s.instance().job(a, &params, s.seed, budget)?;
                Ok::<_, crate::run::JobError>((a.clone(), params, job))
            })
            .collect();
        let jobs = match jobs {
            Ok(jobs) => jobs,
            Err(e) => {
                self.error = Some(e.to_string());
                return;
            }
        };
        if let Some(e) = jobs.iter().find_map(|(_, _, j)| j.check().err()) {
            self.error = Some(e.to_string());
            return;
        }
        let algorithms = s.instance().algorithms();
        let lanes: Result<Vec<Lane>, _> = (jobs.into_iter())
            .map(|(a, params, job)| {
                // Its job was made from the catalog's entry, so the entry is there.
                let info = (algorithms.iter().find(|i| i.id == a))
                    .ok_or_else(|| crate::run::JobError::Input(format!("no algorithm {a}")))?;
                Lane::start(info, info.name, params, job, ctx)
            })
            .collect();
        match lanes {
            Ok(lanes) => {
                let mut kept = self.played_lanes_kept();
                kept.extend(lanes);
                self.lanes = kept;
            }
            Err(e) => {
                self.error = Some(e.to_string());
                return;
            }
        }
        self.error = None;
        self.export_notice.clear();
        self.selected = None;
        self.ran = self.settings.clone();
        self.stopped = false;
        self.shown = 0;
        self.playing = false;
    }

    /// Cancels every run and the trials still to come.
    pub fn stop(&mut self) {
        self.stopped = true;
        if let Some(b) = &self.batch {
            b.cancel();
        }
        for l in &mut self.lanes {
            if l.live.stop() && l.found.is_none() && l.error.is_none() {
                l.error = Some("stopped by the user".into());
            }
            // Kept until their threads have ended: dropping them here would wait.
            self.stopping.extend(l.live.take_stopping());
        }
        // The batch's thread is detached: it checks the flag between nodes and ends.
        self.batch = None;
    }

    /// Runs trials 1 … trials − 1 of every algorithm that did not fail.
    fn start_batch(&mut self, ctx: &egui::Context) {
        let s = &self.ran;
        let mut jobs = Vec::new();
        for i in 1..s.trials {
            for (k, l) in self.lanes.iter().enumerate() {
                // A lane's job was made once already (its id is the catalog's).
                if l.error.is_none()
                    && !l.played
                    && let Ok(job) = (s.instance()).job(l.id(), &l.params, s.seed + i, s.budget())
                {
                    jobs.push((k, job));
                }
            }
        }
        if jobs.is_empty() {
            return;
        }
        self.batch = Some(lanes::start_trials(jobs, ctx));
    }

    /// The table's buttons: save it or the curves as CSV, or copy it.
    fn exports(&mut self, ui: &mut Ui) {
        let instance = self.ran.instance_name();
        let mut csv_path = (self.csv_path.get(&instance).cloned()).unwrap_or_else(|| {
            runs_dir()
                .join(format!("compare-{instance}.csv"))
                .display()
                .to_string()
        });
        let mut notice = None;
        ui.horizontal_wrapped(|ui| {
            let l = ui.label("CSV file");
            let width = (ui.available_width() - 8.0).clamp(120.0, 300.0);
            ui.add(egui::TextEdit::singleline(&mut csv_path).desired_width(width))
                .labelled_by(l.id);
            if ui
                .button("Save table as CSV")
                .on_hover_text("One row per algorithm, as in the table")
                .clicked()
            {
                let path = std::path::PathBuf::from(csv_path.trim());
                notice = Some(write_text(&path, &self.table_csv()).map_err(|e| e.to_string()));
            }
            if ui
                .button("Save curves as CSV")
                .on_hover_text("Every point of the plots: algorithm, kind, x, y")
                .clicked()
            {
                let path = sibling(csv_path.trim(), "curves");
                notice = Some(write_text(&path, &self.curves_csv()).map_err(|e| e.to_string()));
            }
            if ui
                .button("Copy table")
                .on_hover_text("The table as CSV, to the clipboard")
                .clicked()
            {
                ui.ctx().copy_text(self.table_csv());
                notice = Some(Ok("copied the table as CSV".into()));
            }
        });
        self.csv_path.set(instance.clone(), csv_path);
        if let Some(n) = notice {
            self.export_notice.set(instance.clone(), n);
        }
        match self.export_notice.get(&instance) {
            Some(Ok(m)) => {
                ui.label(m);
            }
            Some(Err(e)) => {
                ui.label(RichText::new(e).color(ui.visuals().error_fg_color));
            }
            None => {}
        }
    }

    /// The table as CSV: a header and one row per algorithm.
    pub fn table_csv(&self) -> String {
        let instance = self.ran.instance_name();
        charts::table_csv(&self.lanes, &format!("{:?}", self.ran.puzzle), &instance)
    }

    /// Every plotted point as CSV: `algorithm,curve,x,y`.
    pub fn curves_csv(&self) -> String {
        charts::curves_csv(&self.lanes)
    }

    /// The algorithms to choose from, ticked as chosen.
    fn algorithm_choice(&mut self, ui: &mut Ui) {
        ui.label(RichText::new("Algorithms").strong());
        let catalog = self.settings.instance().algorithms();
        for a in catalog {
            let mut on = self.settings.chosen().iter().any(|c| c == a.id);
            if ui.checkbox(&mut on, a.name).changed() {
                let chosen = self.settings.chosen_mut();
                if on {
                    chosen.push(a.id.to_string());
                    // Keep the catalog's order.
                    chosen.sort_by_key(|c| catalog.iter().position(|o| o.id == c));
                } else {
                    chosen.retain(|c| c != a.id);
                }
            }
        }
    }
}

impl CompareView {
    /// First difference's form below the instance: the search, the setting, A and B, the
    /// seed and time limit, Trace both and Stop.
    fn pair_controls(&mut self, ui: &mut Ui, form: Result<(), AppError>) {
        let Some(pair) = self.pair() else {
            ui.label(contrast::NOT_TRACED);
            self.hold = Some(AppError::from(contrast::NOT_TRACED.to_string()));
            return;
        };
        pair.form_ui(ui);
        ui.separator();
        crate::app::widgets::params::seed_and_time_limit(
            ui,
            &mut self.settings.seed,
            &mut self.settings.time_limit_s,
        );
        let (seed, budget) = (self.settings.seed, self.settings.budget());
        let instance = self.settings.instance();
        let hold = (self.pairs.get_mut(&self.settings.puzzle))
            .and_then(|pair| pair.hold(instance, seed, budget));
        let fields_said = form.is_err();
        self.hold = form.err().or(hold.map(AppError::from));
        if let Some(h) = self.hold.as_ref().filter(|_| !fields_said) {
            hold_note(ui, h);
        }
        let blocked = self.hold.as_ref().map(ToString::to_string);
        ui.separator();
        let tracing = self.pair_tracing();
        let busy = tracing.is_some();
        if let Some(other) = tracing.filter(|&p| p != self.settings.puzzle) {
            ui.label(format!(
                "Still tracing the pair on {}: pick it again to see it, or Stop.",
                other.short()
            ));
        }
        let buttons = crate::app::widgets::params::run_and_stop(
            ui,
            busy,
            blocked.as_deref(),
            "Trace both",
            "Trace the search as A and as B, line their steps up and show where they part (R)",
            "Stop tracing (Esc)",
        );
        if buttons.run {
            self.start_pair(ui.ctx());
        }
        if buttons.stop {
            self.stop_pairs();
        }
    }
}

impl View for CompareView {
    fn tab(&self) -> crate::app::Tab {
        crate::app::Tab::Compare
    }

    fn name(&self) -> &'static str {
        "Compare"
    }

    fn plot_csv(&self) -> Option<String> {
        self.lanes_on_show().then(|| self.curves_csv())
    }

    fn is_running(&self) -> bool {
        self.lanes.iter().any(Lane::is_live)
            || self.batch.is_some()
            || self.pairs.values().any(|p| p.busy())
    }

    /// Reads what the workers sent (also while the view is not drawn).
    fn logic(&mut self, ctx: &egui::Context) {
        self.pairs.values_mut().for_each(|p| p.logic());
        self.stopping.retain(|r| !r.is_finished());
        let was_live = self.lanes.iter().any(Lane::is_live);
        for l in &mut self.lanes {
            l.poll();
        }
        let live = self.lanes.iter().any(Lane::is_live);
        if was_live && !live && !self.stopped {
            // Trial 0 has ended everywhere: play the answers, run the other trials.
            self.shown = if self.settings.speed >= super::limits::INSTANT {
                self.timeline_len()
            } else {
                1.min(self.timeline_len())
            };
            self.playing = self.shown < self.timeline_len();
            if self.ran.trials > 1 {
                self.start_batch(ctx);
            }
        }
        if let Some(b) = &self.batch
            && lanes::collect(b, &mut self.lanes)
        {
            self.batch = None;
        }
    }

    /// A key: R runs, Esc stops, Space plays or pauses the timeline, → / ← step it.
    fn act(&mut self, ctx: &egui::Context, action: Action) {
        if self.first_difference {
            let hold = self.hold.is_some();
            match action {
                // As Trace both: one pair traced at a time, whatever the lanes do.
                Action::Run if self.pair_tracing().is_none() && !hold => self.start_pair(ctx),
                Action::Run => {}
                Action::Stop => self.stop_pairs(),
                Action::Play => self.pair().into_iter().for_each(|p| p.key(None)),
                Action::Step(by) => self.pair().into_iter().for_each(|p| p.key(Some(by))),
            }
            return;
        }
        match action {
            Action::Run if !self.is_running() && self.hold.is_none() => self.start(ctx),
            Action::Run => {}
            Action::Stop => self.stop(),
            // The timeline keys act on the comparison on show only.
            Action::Play if self.lanes_on_show() => self.toggle_play(),
            Action::Step(by) if self.lanes_on_show() => self.step(by),
            Action::Play | Action::Step(_) => {}
        }
    }

    /// The form: puzzle, instance, algorithms, seed, trials, run buttons.
    fn controls(&mut self, ui: &mut Ui) {
        ui.heading("Compare");
        ui.horizontal_wrapped(|ui| {
            ui.selectable_value(&mut self.first_difference, false, "Runs side by side")
                .on_hover_text("Several algorithms run on the same instance and seeds: boards, curves, trials");
            ui.selectable_value(&mut self.first_difference, true, "First difference")
                .on_hover_text("One search traced twice, the second time with one setting changed: where the two part, and what followed");
        });
        ui.horizontal_wrapped(|ui| {
            for &p in crate::run::PUZZLES {
                ui.selectable_value(&mut self.settings.puzzle, p, p.short());
            }
        });
        ui.separator();
        let form = self.settings.instance_mut().form(ui);
        ui.separator();
        if self.first_difference {
            return self.pair_controls(ui, form);
        }
        self.algorithm_choice(ui);
        ui.add_space(4.0);
        ui.checkbox(&mut self.settings.tab_params, "Parameters from the puzzle's tab")
            .on_hover_text("Run each algorithm with the parameters set in its puzzle's own tab (the seed here still applies); off: every algorithm with its defaults");
        ui.separator();
        crate::app::widgets::params::seed_and_time_limit(
            ui,
            &mut self.settings.seed,
            &mut self.settings.time_limit_s,
        );
        let trials = ui
            .horizontal(|ui| whole_number(ui, "Trials", &mut self.settings.trials, 1..=MAX_TRIALS));
        trials
            .response
            .on_hover_text("Trial k runs with the seed + k − 1 (the first, with the seed itself); the boards and curves show the first trial");
        // The fields say under them what holds them back; the rest is said here.
        if let Err(h) = &trials.inner {
            hold_note(ui, h);
        }
        let fields_said = form.is_err() || trials.inner.is_err();
        self.hold = (form.and(trials.inner))
            .and_then(|()| self.settings.check())
            .err();
        if let Some(h) = self.hold.as_ref().filter(|_| !fields_said) {
            hold_note(ui, h);
        } else if let Some(e) = self.error.as_ref().filter(|_| self.hold.is_none()) {
            ui.label(RichText::new(e).color(ui.visuals().error_fg_color));
        }
        let blocked = self.hold.as_ref().map(ToString::to_string);
        ui.separator();
        let buttons = crate::app::widgets::params::run_and_stop(
            ui,
            self.is_running(),
            blocked.as_deref(),
            "Run all",
            "Run every chosen algorithm on the same instance and seeds (R)",
            "Cancel every run (Esc)",
        );
        if buttons.run {
            self.start(ui.ctx());
        }
        if buttons.stop {
            self.stop();
        }
        let (done, total) = self.trials_progress();
        if total > 0 && (self.is_running() || done < total) {
            ui.add(
                egui::ProgressBar::new(done as f32 / total as f32)
                    .text(format!("trials {done} / {total}")),
            );
        }
    }

    /// Each algorithm's live figures.
    fn stats(&mut self, ui: &mut Ui) {
        if self.first_difference {
            match self.pair() {
                Some(p) => p.stats_ui(ui),
                None => {
                    ui.label(contrast::NOT_TRACED);
                }
            }
            return;
        }
        if let Some(elsewhere) = self.elsewhere() {
            ui.label(elsewhere);
            return;
        }
        if self.lanes.is_empty() {
            ui.label("Choose algorithms and press Run all.");
            return;
        }
        for (i, l) in self.lanes.iter().enumerate() {
            ui.label(RichText::new(&l.name).strong().color(colour(i)));
            if l.played {
                ui.label(&l.message);
                ui.separator();
                continue;
            }
            egui::Grid::new(("compare-stats", i))
                .num_columns(2)
                .show(ui, |ui| {
                    let c = l.counters();
                    for f in l.algorithm.map_or(&[][..], |a| a.figures) {
                        stat_row(ui, f.label, f.help, f.value(c));
                    }
                    ui.label("time");
                    ui.label(format_ms(ui.ctx(), l.elapsed_ms()));
                    ui.end_row();
                });
            let status = if let Some(e) = &l.error {
                RichText::new(e).color(ui.visuals().error_fg_color)
            } else if l.is_live() {
                RichText::new("running…")
            } else {
                RichText::new(&l.message)
            };
            ui.label(status);
            ui.separator();
        }
    }

    /// Boards, timeline, plots and table.
    fn main_ui(&mut self, ui: &mut Ui) {
        if self.first_difference {
            match self.pair() {
                Some(p) => p.main_ui(ui),
                None => {
                    ui.centered_and_justified(|ui| ui.label(contrast::NOT_TRACED));
                }
            }
            return;
        }
        if self.lanes_on_show() {
            self.animate(ui);
        }
        if !self.lanes_on_show() {
            let said = self.elsewhere().unwrap_or_else(|| {
                "Pick an instance and two or more algorithms on the left, then press ▶ Run all (R).".into()
            });
            ui.centered_and_justified(|ui| {
                ui.label(said);
            });
            return;
        }
        egui::ScrollArea::vertical().show(ui, |ui| {
            self.timeline(ui);
            self.boards(ui);
            ui.separator();
            let axis = self.ran.instance().progress_axis();
            let notes: Vec<_> = (self.lanes.iter().enumerate())
                .filter_map(|(i, l)| {
                    let points = l.history().points();
                    let note = self.ran.instance().curve_note(l.id(), points, l.counters());
                    note.map(|n| (i, n))
                })
                .collect();
            charts::curves(ui, &self.lanes, &mut self.settings.overlay, axis, &notes);
            charts::time_chart(ui, &self.lanes, self.ran.trials);
            solved::chart(ui, &self.lanes, &mut self.solved_within);
            ui.separator();
            let before = self.selected;
            charts::table(ui, &self.lanes, &mut self.selected);
            self.scroll_to_boards |= self.selected != before;
            self.exports(ui);
        });
    }
}

/// `dir/compare-x.csv` → `dir/compare-x-curves.csv`.
fn sibling(path: &str, suffix: &str) -> std::path::PathBuf {
    let p = std::path::Path::new(path);
    let stem = p
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_default();
    p.with_file_name(format!("{stem}-{suffix}.csv"))
}
