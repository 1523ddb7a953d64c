//! Compare's "First difference": one search traced twice on the instance of the form, the
//! second time with one setting changed (the seed, the algorithm, or one parameter: a
//! tie-break, a heuristic, an inference, a variant, a reading of the source documents).
//! The two traces are aligned step by step on a background thread; the view goes to the
//! first step where they part, names the setting that made them differ, and shows both
//! boards on one timeline with what followed on each side. Contrasting cases, where all
//! else stays fixed.

use crate::app::background::{Background, Task, Work};
use crate::app::puzzles::PuzzleUi;
pub use crate::app::puzzles::{ContrastForm, ContrastUi, Setting};
use crate::app::steps::{Prepared, TraceJob, Traced};
use crate::app::widgets::figures::stat_row;
use crate::app::widgets::timeline::{Marks, Playback, timeline};
use crate::run::catalog::{AlgorithmInfo, ParamKind, Params};
use crate::run::setup::MAX_APP_STEPS;
use crate::run::trace::diff::first_difference;
use crate::run::trace::timeline::Replayable;
use crate::solve::Budget;
use egui::{Color32, RichText, Ui};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::atomic::Ordering;

mod jobs;
mod pair;

pub use jobs::{ContrastJob, PairPrepared, PairTask};
use pair::PairShown;

/// What First difference says on a puzzle whose searches are not traced.
pub const NOT_TRACED: &str = "Magic squares' searches are not traced step by step: pick the Knight's Tour or N-Queens to see where two set-ups of one search part.";

/// The two sides' colours, as Compare's lanes 0 and 1.
fn side_colour(k: usize) -> Color32 {
    super::charts::colour(k)
}

/// "First difference" for one puzzle: the form, the pair being traced, the pair on show.
pub struct Contrast<J: ContrastJob> {
    /// The form's choices.
    pub form: ContrastForm<J::Algo>,
    pending: Option<Background<Result<PairPrepared<J::Trace>, String>>>,
    shown: Option<PairShown<J::Trace>>,
    /// What each side will run with, as the last start named them.
    naming: [String; 2],
    /// The instance the last start traced on, e.g. `knight-8x8`.
    traced_on: String,
    /// The setting the last start changed.
    traced_setting: Setting,
    /// The two jobs of the pair on show (or being traced).
    traced_jobs: Option<(J, J)>,
    /// The form no longer describes the pair on show.
    stale: bool,
    /// Why the last pair failed.
    error: Option<String>,
}

impl<J: ContrastJob> Default for Contrast<J> {
    fn default() -> Self {
        let (algorithm, setting, a, b) = J::example();
        Contrast {
            form: ContrastForm {
                algorithm,
                setting,
                a: a.into(),
                b: b.into(),
                other: algorithm,
            },
            pending: None,
            shown: None,
            naming: Default::default(),
            traced_on: String::new(),
            traced_setting: setting,
            traced_jobs: None,
            stale: false,
            error: None,
        }
    }
}

impl<J: ContrastJob> Contrast<J> {
    /// Whether the pair is being traced.
    pub fn busy(&self) -> bool {
        self.pending.is_some()
    }

    /// The two jobs the form describes on `instance` with `seed` and `budget`, or why there
    /// are none.
    pub fn jobs(
        &self,
        instance: &dyn PuzzleUi,
        seed: u64,
        budget: Budget,
    ) -> Result<(J, J), String> {
        let f = &self.form;
        let on = |algorithm: J::Algo, params: Vec<(String, String)>, seed: u64| {
            J::on(instance, algorithm, params, seed, budget)
                .ok_or_else(|| "this puzzle's searches are not traced".to_string())
        };
        let (a, b) = match f.setting {
            Setting::Seed => {
                let seed_of = |side: &str, v: &str| {
                    v.trim().parse::<u64>().map_err(|_| {
                        format!(
                            "{side}: the seed is a whole number from 0 to {}, not \"{v}\"",
                            u64::MAX
                        )
                    })
                };
                let (sa, sb) = (seed_of("A", &f.a)?, seed_of("B", &f.b)?);
                if sa == sb {
                    return Err("A and B have the same seed: give B another".into());
                }
                (
                    on(f.algorithm, Vec::new(), sa)?,
                    on(f.algorithm, Vec::new(), sb)?,
                )
            }
            Setting::Search => {
                if f.other == f.algorithm {
                    return Err("A and B are the same search: pick another for B".into());
                }
                (
                    on(f.algorithm, Vec::new(), seed)?,
                    on(f.other, Vec::new(), seed)?,
                )
            }
            Setting::Param(name) => {
                let info = J::info(f.algorithm)
                    .filter(|i| i.params.iter().any(|p| p.name == name))
                    .ok_or_else(|| format!("{} has no setting {name}", J::name(f.algorithm)))?;
                let param = |side: &str, v: &str| {
                    let given = vec![(name.to_string(), v.trim().to_string())];
                    Params::new(info, &given)
                        .map(|_| given)
                        .map_err(|e| format!("{side}: {e}"))
                };
                let (pa, pb) = (param("A", &f.a)?, param("B", &f.b)?);
                if pa == pb {
                    return Err(format!(
                        "A and B give {name} the same value: give B another"
                    ));
                }
                (on(f.algorithm, pa, seed)?, on(f.algorithm, pb, seed)?)
            }
        };
        a.check().map_err(|e| format!("A: {e}"))?;
        b.check().map_err(|e| format!("B: {e}"))?;
        Ok((a, b))
    }

    /// The pair on show: where the two part (`None`: nowhere) and the steps applied on the
    /// timeline.
    pub fn on_show(&self) -> Option<(Option<usize>, usize)> {
        let s = self.shown.as_ref()?;
        Some((s.at, s.play.pos))
    }

    /// Traces the two jobs on a background thread.
    pub fn start(&mut self, ctx: &egui::Context, jobs: (J, J)) {
        self.stop();
        self.error = None;
        // The pair on show was another set-up's.
        self.shown = None;
        self.stale = false;
        self.traced_jobs = Some(jobs.clone());
        let f = &self.form;
        self.traced_setting = f.setting;
        self.naming = match f.setting {
            Setting::Search => [J::name(f.algorithm), J::name(f.other)],
            s => {
                let s = s.name();
                [format!("{s}={}", f.a.trim()), format!("{s}={}", f.b.trim())]
            }
        };
        let task = PairTask {
            a: jobs.0,
            b: jobs.1,
            setting: f.setting.name().to_string(),
        };
        self.pending = Some(Background::task(ctx, task));
    }

    /// Stops the pair being traced.
    pub fn stop(&mut self) {
        if let Some(p) = self.pending.take() {
            p.cancel();
        }
    }

    /// Picks up a finished pair (every frame).
    pub fn logic(&mut self) {
        let Some(p) = &self.pending else {
            return;
        };
        for result in p.take() {
            match result {
                Ok(pair) => {
                    let mut play = Playback::default();
                    let len = pair.a.timeline.len().max(pair.b.timeline.len());
                    // Shown at the step where they part (or at the end when they do not).
                    play.seek(pair.at.map_or(len, |i| i + 1), len);
                    self.shown = Some(PairShown {
                        a: pair.a,
                        b: pair.b,
                        at: pair.at,
                        names: self.naming.clone(),
                        on: self.traced_on.clone(),
                        setting: self.traced_setting,
                        play,
                    });
                }
                Err(e) => {
                    self.error = Some(e);
                    self.shown = None;
                }
            }
        }
        if p.has_ended() {
            if let Some(why) = p.refused() {
                self.error = Some(why);
            }
            self.pending = None;
        }
    }

    /// Space (`None`), → and ← (`Some(±1)`) on the pair's timeline.
    pub fn key(&mut self, step: Option<isize>) {
        if let Some(s) = self.shown.as_mut() {
            let len = s.len();
            match step {
                None => s.play.toggle(len),
                Some(by) => s.play.step(by, len),
            }
        }
    }

    /// The form's fields below the instance: the search, the setting, A and B.
    pub fn form_ui(&mut self, ui: &mut Ui) {
        let params = self.search_ui(ui);
        ui.add_space(4.0);
        self.setting_ui(ui, params);
        self.sides_ui(ui, params);
        ui.label(
            RichText::new("Every other parameter keeps its default; the instance, seed and time limit are the form's.")
                .weak(),
        );
    }

    /// The search traced on both sides; another search picked takes its own first
    /// parameter (or the seed) as the setting. Returns the search's parameters.
    fn search_ui(&mut self, ui: &mut Ui) -> &'static [crate::run::catalog::ParamSpec] {
        let f = &mut self.form;
        let search = ui.label(RichText::new("Search").strong());
        let before = f.algorithm;
        egui::ComboBox::from_id_salt("contrast-algorithm")
            .selected_text(J::name(f.algorithm))
            .width(200.0)
            .show_ui(ui, |ui| {
                for algorithm in J::traceable() {
                    ui.selectable_value(&mut f.algorithm, algorithm, J::name(algorithm));
                }
            })
            .response
            .labelled_by(search.id)
            .on_hover_text("The search traced on both sides");
        let info = J::info(f.algorithm);
        let params = info.map_or(&[][..], |i| i.params);
        if f.algorithm != before && matches!(f.setting, Setting::Param(_)) {
            // Another search: its own first parameter, or the seed.
            match params.first() {
                Some(p) => set_setting(f, Setting::Param(p.name), params),
                None => set_setting(f, Setting::Seed, params),
            }
        }
        params
    }

    /// The one setting B changes: a parameter of the search, the seed, or the search.
    fn setting_ui(&mut self, ui: &mut Ui, params: &[crate::run::catalog::ParamSpec]) {
        let f = &mut self.form;
        let changed = ui.label(RichText::new("Setting to change").strong());
        let label = |s: Setting| match s {
            Setting::Seed => "seed",
            Setting::Search => "the search itself",
            Setting::Param(p) => p,
        };
        let mut setting = f.setting;
        egui::ComboBox::from_id_salt("contrast-setting")
            .selected_text(label(setting))
            .width(200.0)
            .show_ui(ui, |ui| {
                for p in params {
                    ui.selectable_value(&mut setting, Setting::Param(p.name), p.name)
                        .on_hover_text(p.help);
                }
                ui.selectable_value(&mut setting, Setting::Seed, "seed")
                    .on_hover_text("The seed of the search's random choices");
                ui.selectable_value(&mut setting, Setting::Search, "the search itself")
                    .on_hover_text("Another search on B, each with its defaults");
            })
            .response
            .labelled_by(changed.id)
            .on_hover_text(
                "The one thing B does otherwise; everything else is the same on both sides",
            );
        if setting != f.setting {
            set_setting(f, setting, params);
        }
    }

    /// The setting's value on side A and on side B.
    fn sides_ui(&mut self, ui: &mut Ui, params: &[crate::run::catalog::ParamSpec]) {
        let ContrastForm {
            algorithm,
            setting,
            a,
            b,
            other,
        } = &mut self.form;
        let spec = params.iter().find(|p| Setting::Param(p.name) == *setting);
        for (k, side) in ["A", "B"].into_iter().enumerate() {
            ui.horizontal(|ui| {
                let name = ui
                    .label(RichText::new(side).strong().color(side_colour(k)))
                    .id;
                let value = if k == 0 { &mut *a } else { &mut *b };
                match (*setting, spec.map(|p| p.kind)) {
                    (Setting::Search, _) if k == 0 => {
                        ui.label(J::name(*algorithm));
                    }
                    (Setting::Search, _) => {
                        egui::ComboBox::from_id_salt("contrast-b-algorithm")
                            .selected_text(J::name(*other))
                            .width(180.0)
                            .show_ui(ui, |ui| {
                                for search in J::traceable() {
                                    ui.selectable_value(&mut *other, search, J::name(search));
                                }
                            })
                            .response
                            .labelled_by(name);
                    }
                    (_, Some(ParamKind::Choice { options, .. })) => {
                        egui::ComboBox::from_id_salt(("contrast-value", k))
                            .selected_text(value.clone())
                            .width(180.0)
                            .show_ui(ui, |ui| {
                                for o in options {
                                    ui.selectable_value(value, o.to_string(), *o);
                                }
                            })
                            .response
                            .labelled_by(name);
                    }
                    _ => {
                        ui.add(egui::TextEdit::singleline(value).desired_width(120.0))
                            .labelled_by(name)
                            .on_hover_text(spec.map_or("A whole number", |p| p.help));
                    }
                }
            });
        }
    }

    /// The verdict, the pair's timeline and both boards with what followed.
    pub fn main_ui(&mut self, ui: &mut Ui) {
        if self.busy() {
            ui.horizontal(|ui| {
                crate::app::widgets::spinner::spinner(ui);
                ui.label("Tracing both searches and aligning their steps…");
            });
        }
        if let Some(e) = &self.error {
            ui.colored_label(ui.visuals().error_fg_color, format!("No comparison: {e}"));
        }
        if self.stale && self.shown.is_some() {
            ui.colored_label(
                ui.visuals().warn_fg_color,
                "The form has changed since these two were traced: press ▶ Trace both (R) to trace what it says now.",
            );
        }
        let Some(s) = self.shown.as_mut() else {
            if !self.busy() && self.error.is_none() {
                ui.centered_and_justified(|ui| {
                    ui.label(
                        "Pick a search and the one setting B changes on the left, then press ▶ Trace both (R): \
                         the two are traced, lined up step by step, and shown from the first step where they part.",
                    );
                });
            }
            return;
        };
        let dt = ui.ctx().input(|i| i.stable_dt).min(0.1);
        let len = s.len();
        s.play.advance(dt, len);
        if s.play.playing {
            ui.ctx().request_repaint();
        }
        egui::ScrollArea::vertical()
            .id_salt("first-difference")
            .show(ui, |ui| {
                crate::app::widgets::figures::live_region(ui, |ui| {
                    ui.label(RichText::new(s.verdict()).strong())
                });
                ui.horizontal_wrapped(|ui| {
                    if let Some(at) = s.at {
                        if ui
                            .button(format!("To the first difference (step {})", at + 1))
                            .on_hover_text("Show both searches just after the step where they part")
                            .clicked()
                        {
                            s.play.seek(at + 1, len);
                            s.play.playing = false;
                        }
                        if at > 0
                            && ui
                                .button("Just before it")
                                .on_hover_text("The last step the two take alike")
                                .clicked()
                        {
                            s.play.seek(at, len);
                            s.play.playing = false;
                        }
                    }
                });
                let at = s.at.map(|i| vec![i as u32]).unwrap_or_default();
                let marks = [Marks {
                    label: "first difference",
                    colour: ui.visuals().warn_fg_color,
                    at: &at,
                }];
                timeline(
                    ui,
                    &mut s.play,
                    len,
                    &marks,
                    "To the end of the longer trace",
                );
                // Side by side down to small boards: the two are read against each other.
                let wide = ui.available_width() >= 400.0;
                let side_ui =
                    |ui: &mut Ui, s: &PairShown<J::Trace>, k: usize| s.side_ui(ui, k, J::draw);
                if wide {
                    ui.columns(2, |cols| {
                        side_ui(&mut cols[0], s, 0);
                        side_ui(&mut cols[1], s, 1);
                    });
                } else {
                    side_ui(ui, s, 0);
                    ui.separator();
                    side_ui(ui, s, 1);
                }
            });
    }

    /// What the side panel says: what the view is for.
    pub fn stats_ui(&self, ui: &mut Ui) {
        ui.label(RichText::new("First difference").strong());
        ui.label(
            "One search traced twice on the same instance, B with one setting changed. The \
             steps are lined up; the first one where the two part is where that setting \
             decided. Everything after it may differ for that one reason.",
        );
        if let Some(s) = &self.shown {
            ui.separator();
            ui.label(format!("Traced: {}", s.on));
            for k in 0..2 {
                ui.label(
                    RichText::new(format!("{}: {}", ["A", "B"][k], s.names[k]))
                        .color(side_colour(k)),
                );
            }
        }
    }
}

/// Sets the setting changed and both sides' values (its default on A; on B the next value
/// of a choice, else the same, to be changed; for the search, B's is A's, to be changed).
fn set_setting<A: Copy>(
    f: &mut ContrastForm<A>,
    setting: Setting,
    params: &[crate::run::catalog::ParamSpec],
) {
    f.setting = setting;
    match setting {
        Setting::Search => f.other = f.algorithm,
        Setting::Seed => {
            f.a = "1".into();
            f.b = "2".into();
        }
        Setting::Param(name) => {
            let spec = params.iter().find(|p| p.name == name);
            let default = spec.map_or("1", |p| p.default);
            f.a = default.to_string();
            let options = spec.and_then(|p| match p.kind {
                ParamKind::Choice { options, .. } => Some(options),
                _ => None,
            });
            f.b = options
                .and_then(|o| o.iter().find(|v| **v != default))
                .map_or_else(|| default.to_string(), ToString::to_string);
        }
    }
}

impl<J: ContrastJob> ContrastUi for Contrast<J> {
    fn busy(&self) -> bool {
        Contrast::busy(self)
    }
    fn on_show(&self) -> Option<(Option<usize>, usize)> {
        Contrast::on_show(self)
    }
    fn values_mut(&mut self) -> [&mut String; 2] {
        [&mut self.form.a, &mut self.form.b]
    }
    fn stop(&mut self) {
        Contrast::stop(self);
    }
    fn logic(&mut self) {
        Contrast::logic(self);
    }
    fn key(&mut self, step: Option<isize>) {
        Contrast::key(self, step);
    }
    fn form_ui(&mut self, ui: &mut Ui) {
        Contrast::form_ui(self, ui);
    }
    fn main_ui(&mut self, ui: &mut Ui) {
        Contrast::main_ui(self, ui);
    }
    fn stats_ui(&self, ui: &mut Ui) {
        Contrast::stats_ui(self, ui);
    }
    fn hold(&mut self, instance: &dyn PuzzleUi, seed: u64, budget: Budget) -> Option<String> {
        let jobs = self.jobs(instance, seed, budget);
        self.stale = match (&jobs, &self.traced_jobs) {
            (Ok(now), Some(then)) => now != then,
            (Err(_), Some(_)) => true,
            (_, None) => false,
        };
        jobs.err()
    }
    fn start_on(
        &mut self,
        ctx: &egui::Context,
        instance: &dyn PuzzleUi,
        seed: u64,
        budget: Budget,
    ) {
        match self.jobs(instance, seed, budget) {
            Ok(jobs) => {
                // The seed is the form's, unless it is the setting changed.
                let seed = if self.form.setting == Setting::Seed {
                    String::new()
                } else {
                    format!(", seed {seed}")
                };
                self.traced_on = format!(
                    "{} on {}{seed}",
                    J::name(self.form.algorithm),
                    instance.instance_name()
                );
                self.start(ctx, jobs);
            }
            Err(e) => self.error = Some(e),
        }
    }
}
