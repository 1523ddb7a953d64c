//! Compare's side panels: its controls (the instance, the algorithms, trials and time
//! limits, the run buttons, the exports) and its statistics.

use super::*;

impl CompareView {
    /// The form: puzzle, instance, algorithms, seed, trials, run buttons.
    pub(super) fn controls_panel(&mut self, ui: &mut Ui) {
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

    /// Each algorithm's live figures.
    pub(super) fn stats_panel(&mut self, ui: &mut Ui) {
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
}
