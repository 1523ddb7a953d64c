//! The N-Queens view's side panels: its controls (n, algorithm and its parameters, the run
//! buttons, the modes) and its statistics.

use super::*;

impl QueensView {
    /// n, its presets and the browser's switch.
    pub(super) fn instance_form(&mut self, ui: &mut Ui) -> Option<AppError> {
        ui.heading("Board");
        let n = self.settings.n.to_string();
        let field = ui
            .horizontal(|ui| {
                let read = whole("n", 1..=MAX_APP_N);
                let field = self.own.n_text.show(ui, "Queens (n)", &n, 90.0, read);
                field
                    .response
                    .clone()
                    .on_hover_text(format!("n queens on an n × n board, 1 to {MAX_APP_N}"));
                field
            })
            .inner;
        if let Some(n) = field.commit {
            self.set_n(n);
        }
        if let Some(h) = &field.hold {
            hold_note(ui, h);
        }
        self.own.n_hold.clone_from(&field.hold);
        ui.horizontal_wrapped(|ui| {
            for &n in PRESETS {
                let label = if n >= 1_000_000 {
                    format!("{}M", n / 1_000_000)
                } else {
                    n.to_string()
                };
                if ui
                    .button(label)
                    .on_hover_text(crate::run::words::counted(n, "queen"))
                    .clicked()
                {
                    self.set_n(n);
                }
            }
        });
        self.own
            .browser
            .controls(ui, self.settings.n as usize, &mut self.mode);

        field.hold
    }

    /// Play mode's controls, and the attack lines.
    pub(super) fn play_controls(&mut self, ui: &mut Ui) {
        self.play.controls_ui(ui, self.settings.n as usize);
        ui.checkbox(&mut self.settings.show_lines, "Show attack lines")
            .on_hover_text("Join queens that attack each other along their row or diagonal.");
    }

    /// What the algorithm does, the heuristic, the parameters, and a warning where n is
    /// beyond what the report's searches manage.
    pub(super) fn algorithm_form(&mut self, ui: &mut Ui) -> Option<AppError> {
        let algo = self.settings.algorithm.info();
        ui.label(algo.summary);
        let uses_heuristic = algo.takes(HEURISTIC_PARAM);
        ui.add_enabled_ui(uses_heuristic, |ui| {
            egui::ComboBox::from_label("Heuristic")
                .selected_text(self.settings.heuristic.name())
                .show_ui(ui, |ui| {
                    for (h, help) in [
                        (Heuristic::H1, "attacking pairs, by a nested loop over the queens (O(n²))"),
                        (Heuristic::H2, "conflicts per queen with row and diagonal arrays (O(n)); always 2 × h1"),
                        (Heuristic::H3, "per-queen conflicts by a nested loop, halved (O(n²)); always h1"),
                    ] {
                        ui.selectable_value(&mut self.settings.heuristic, h, h.name())
                            .on_hover_text(help);
                    }
                })
                .response
                .on_hover_text("The N-Queens AI report's three heuristics order placements identically (h2 = 2·h1, h3 = h1), so they change the time a search takes, not where it goes.");
        });
        let hold = param_form(ui, algo, &mut self.settings.params, &[HEURISTIC_PARAM]);
        let n = self.settings.n;
        if SEED_FOUR.contains(&self.settings.algorithm) && n > SEED_COMFORTABLE_N {
            ui.label(
                RichText::new(format!(
                    "The N-Queens AI report's searches evaluate every move of every queen: at n = {n} expect the time limit, not a solution. Min-conflicts or the construction handle any n."
                ))
                .color(ui.visuals().warn_fg_color),
            );
        }
        hold
    }

    /// The run buttons, step by step and the microscope.
    pub(super) fn run_controls(&mut self, ui: &mut Ui) {
        self.run_buttons(ui);
        self.step_controls(ui);
        if self.settings.algorithm.offers().microscope {
            let held = self.hold.as_ref().map(ToString::to_string);
            let last = self.history().last().map(|s| s.generation);
            if let Some(g) = (self.microscope).controls(ui, None, held, last, &mut self.mode) {
                let job = crate::run::Job::from(self.job(self.solve_task(self.settings.algorithm)));
                self.microscope.start(ui.ctx(), job, g);
                self.mode = Mode::Microscope;
            }
        }
    }

    /// Counters, the outcome, the table of runs and the conflicts plot.
    pub(super) fn stats_panel(&mut self, ui: &mut Ui) {
        match self.mode {
            Mode::Play => {
                self.play.stats_ui(ui, self.settings.n as usize);
                if let Some(h) = &self.hovered {
                    ui.separator();
                    ui.label(h);
                }
                return;
            }
            Mode::Browser => return self.own.browser.stats_ui(ui),
            Mode::Steps => return self.steps.stats_ui(ui),
            Mode::Run | Mode::Microscope => {}
        }
        let c = self.live.counters;
        let ctx = ui.ctx().clone();
        let time = |ms: f64| format_ms(&ctx, ms);
        egui::Grid::new("queens-stats")
            .num_columns(2)
            .show(ui, |ui| {
                let row = |ui: &mut Ui, k: &str, v: String| stat_row(ui, k, "", v);
                if matches!(self.own.outcome, Some(Outcome::Count(_)))
                    || self.own.running == Some(Ran::Count)
                {
                    row(ui, "nodes", c.nodes.to_string());
                    row(ui, "solutions so far", c.solutions.to_string());
                } else {
                    let placed = self.own.placement.len();
                    row(
                        ui,
                        "queens on the board",
                        format!("{placed} of {}", self.settings.n),
                    );
                    row(
                        ui,
                        "attacked queens",
                        self.own.attacks.attacked_queens().to_string(),
                    );
                    if let Some(p) = self.own.pairs {
                        row(ui, "attacking pairs", p.to_string());
                    }
                    let ran = (self.own.running).or(self.shown_result().map(|r| r.algorithm));
                    for f in ran.map_or(&[][..], |r| queens_figures(r.id())) {
                        stat_row(ui, f.label, f.help, f.value(&c));
                    }
                }
                row(ui, "elapsed", time(self.live.elapsed_ms));
            });
        let name = (self.own.running.and_then(Ran::info)).map_or("Counting", |a| a.name);
        self.live.status(ui, name);
        // A count is its own button: only a solve's algorithm can differ from the choice;
        // after Run all four the table names each run.
        if self.own.results.len() <= 1
            && let Ok(shown) = queens_algorithm(&self.live.label)
        {
            self.live
                .on_show(ui, shown.name, self.settings.algorithm.info().name);
        }
        if let Some(m) = self.status_message() {
            let ok = matches!(&self.own.outcome, Some(Outcome::Solve(r)) if r.found)
                || matches!(&self.own.outcome, Some(Outcome::Count(r)) if r.complete);
            outcome_label(ui, &m, ok);
        }
        self.results_table(ui);
        self.conflicts_plot(ui);
        if let Some(h) = &self.hovered {
            ui.label(h);
        }
    }
}
