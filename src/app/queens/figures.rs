//! The N-Queens view's run buttons, its table of runs and its conflicts plot.

use super::*;
use crate::app::live_run::start_button;
use crate::app::puzzles::queens::curve_note;
use crate::app::widgets::queens_board::MAX_LANDSCAPE_N;
use crate::run::{Algorithm, QueensAlgo};

/// Whether `algorithm` moves whole placements about, so the board can show the landscape.
fn moves_placements(algorithm: QueensAlgo) -> bool {
    algorithm.offers().landscape
}

impl QueensView {
    pub(super) fn run_buttons(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        let running = self.live.is_running();
        let blocked = self.hold.as_ref().map(ToString::to_string);
        let mut all_four = false;
        let pressed = self.live.buttons(
            ui,
            "Run the chosen algorithm (R)",
            blocked.as_deref(),
            |ui| {
                all_four = start_button(
                    ui,
                    "Run all four",
                    "Run the N-Queens AI report's four algorithms one after another on this n and seed, and compare their times",
                    running,
                    blocked.as_deref(),
                );
            },
            |_| {},
        );
        if pressed.run {
            self.start_run(&ctx);
        }
        if all_four {
            self.start_all_four(&ctx);
        }
        if pressed.stop {
            self.stop_by_user();
        }
        if pressed.reset {
            self.reset();
        }
        let n = self.settings.n;
        let countable = n <= u64::from(MAX_COUNT_N);
        // In a browser a count is split across cores from n = 12 (below, one worker is
        // quicker than starting several).
        let cores =
            if crate::platform::worker::THREADS || n >= crate::run::queens::SPLIT_FROM_QUEENS {
                "on every core"
            } else {
                "in a worker of the page"
            };
        let help = if !countable {
            format!("Counting goes up to n = {MAX_COUNT_N}.")
        } else if n > COUNT_COMFORTABLE_N {
            format!(
                "Count every solution of {n} queens: bitboards with symmetry {cores}. Above n = {COUNT_COMFORTABLE_N} this takes minutes or more (the time limit applies)."
            )
        } else {
            format!(
                "Count every solution of {}: bitboards with symmetry {cores}.",
                crate::run::words::counted(n, "queen")
            )
        };
        let why_not = if countable {
            self.own.n_hold.as_ref().map(ToString::to_string)
        } else {
            Some(format!("Counting goes up to n = {MAX_COUNT_N}."))
        };
        if start_button(
            ui,
            "Count all solutions",
            &help,
            running,
            why_not.as_deref(),
        ) {
            self.start_count(&ctx);
        }
        ui.checkbox(&mut self.settings.show_lines, "Show attack lines")
            .on_hover_text("Join queens that attack each other along their row or diagonal (boards up to 400 queens).");
        if moves_placements(self.settings.algorithm) {
            let fits = self.settings.n as usize <= MAX_LANDSCAPE_N;
            ui.add_enabled(
                fits,
                egui::Checkbox::new(&mut self.settings.show_landscape, "Show the landscape"),
            )
            .on_hover_text("What a local search sees: each empty square is tinted and numbered by the attacking pairs there would be if its file's queen moved there. Green squares are moves down, amber ones moves that keep the count; the line under the board says whether the placement is a local minimum or a plateau.")
            .on_disabled_hover_text(format!(
                "The landscape is drawn on boards up to {MAX_LANDSCAPE_N} queens"
            ));
        }
    }

    /// Whether the board shows the landscape: a local search chosen, the box ticked, and a
    /// board small enough.
    pub(super) fn landscape_shown(&self) -> bool {
        self.settings.show_landscape
            && moves_placements(self.settings.algorithm)
            && self.settings.n as usize <= MAX_LANDSCAPE_N
    }

    /// Puts a solve's answer on the board and its figures in the statistics; returns the
    /// outcome that tells how it ended.
    pub(super) fn show_solve(&mut self, mut r: QueensSolveReport) -> Outcome {
        self.live.counters = r.counters;
        self.live.elapsed_ms = r.elapsed_ms;
        // The board keeps the rows; the outcome needs only the rest.
        let rows = std::mem::take(&mut r.rows);
        if r.found {
            self.set_solution(rows);
        } else {
            self.set_placement(rows);
            self.own.pairs = Some(r.conflicts);
        }
        Outcome::Solve(r)
    }

    /// The run whose answer is on the board: the row picked in the table, else the last.
    pub(super) fn shown_result(&self) -> Option<&RunResult> {
        (self.own.selected.and_then(|i| self.own.results.get(i))).or(self.own.results.last())
    }

    /// Shows run `i` of the table on the board, as it ended.
    fn show_row(&mut self, i: usize) {
        if let Some(RunResult {
            outcome: Ok(report),
            ..
        }) = self.own.results.get(i)
        {
            let report = report.clone();
            self.own.selected = Some(i);
            self.own.outcome = Some(self.show_solve(report));
        }
    }

    /// Each algorithm of the last run or sequence, with its time; a click on a finished
    /// row shows its answer on the board.
    pub(super) fn results_table(&mut self, ui: &mut Ui) {
        if self.own.results.len() < 2 && self.own.queue.is_empty() {
            return;
        }
        ui.separator();
        ui.label(RichText::new("Runs on this n and seed").strong());
        let mut clicked = None;
        egui::Grid::new("queens-results")
            .num_columns(4)
            .striped(true)
            .show(ui, |ui| {
                ui.label("algorithm");
                ui.label("result");
                ui.label("nodes");
                ui.label("time");
                ui.end_row();
                let on_board = (!self.live.is_running()).then(|| {
                    self.own
                        .selected
                        .unwrap_or(self.own.results.len().saturating_sub(1))
                });
                for (i, r) in self.own.results.iter().enumerate() {
                    let name = r.algorithm.info().map_or("count", |a| a.name);
                    if r.outcome.is_ok() {
                        let row = ui
                            .selectable_label(on_board == Some(i), name)
                            .on_hover_text("Show this algorithm's answer on the board");
                        if row.clicked() {
                            clicked = Some(i);
                        }
                    } else {
                        ui.label(name);
                    }
                    match &r.outcome {
                        Ok(rep) => {
                            ui.label(if rep.found {
                                "solved".to_string()
                            } else {
                                format!("{} ({} pairs)", rep.stop.describe(), rep.conflicts)
                            });
                            ui.label(rep.counters.nodes.to_string());
                            ui.label(format_ms(ui.ctx(), rep.elapsed_ms));
                        }
                        Err(e) => {
                            ui.label(e);
                            ui.label("");
                            ui.label("");
                        }
                    }
                    ui.end_row();
                }
                let running = self.own.running.filter(|_| self.live.is_running());
                let pending = (running.into_iter())
                    .chain(self.own.queue.iter().rev().map(|&a| Ran::Solve(a)));
                for ran in pending {
                    ui.label(ran.info().map_or("count", |a| a.name));
                    ui.label(if Some(ran) == running {
                        "running…"
                    } else {
                        "waiting"
                    });
                    ui.label("");
                    ui.label("");
                    ui.end_row();
                }
            });
        if let Some(i) = clicked {
            self.show_row(i);
        }
    }

    /// Simulated annealing's attacking pairs, now and the fewest so far, per proposal, with
    /// the temperature at the last point.
    fn annealing_plot(&self, ui: &mut Ui, step: u64) {
        use crate::solve::queens::annealing::Config;
        if self.live.history.last().is_none() {
            return;
        }
        ui.separator();
        ui.label(RichText::new("Attacking pairs per proposal").strong());
        let p = |name: &str| {
            (self
                .settings
                .params
                .get(&format!("annealing.{name}"))
                .cloned())
            .or_else(|| {
                (QueensAlgo::Annealing.info().params.iter())
                    .find(|q| q.name == name)
                    .map(|q| q.default.to_string())
            })
            .unwrap_or_default()
        };
        let config = Config {
            schedule: p("schedule").parse().unwrap_or_default(),
            t0: p("t0").parse().unwrap_or(2.0),
            cooling: p("cooling").parse().unwrap_or(0.9995),
            max_steps: p("max_steps").parse().unwrap_or(1_000_000),
        };
        let t = config.temperature(step);
        let fewest = (self.live.history.points().iter())
            .map(|g| g.best)
            .fold(f64::INFINITY, f64::min);
        ui.label(format!(
            "proposal {step}: {fewest:.0} attacking pairs at fewest so far; temperature {t:.3} (a move adding one pair is taken with probability {:.2})",
            (-1.0 / t).exp()
        ))
        .on_hover_text("Each point of the orange curve covers a stretch of proposals (one each at first, more as the run goes on) and runs from the fewest to the most attacking pairs in it, so every value the walk took is drawn; the green curve is the fewest so far.");
        let found = self.plot_found();
        crate::app::widgets::plots::range_plot(
            ui,
            "queens-annealing-plot",
            "plot",
            "proposal",
            &self.live.history,
            ["attacking pairs", "fewest so far"],
            found,
        );
        temperature_plot(ui, &config, self.live.history.points());
    }

    /// How the run on the plot ended, for its colour: `None` while it runs.
    fn plot_found(&self) -> Option<bool> {
        match &self.own.outcome {
            _ if self.live.is_running() => None,
            Some(Outcome::Solve(r)) => Some(r.found),
            _ => Some(false),
        }
    }

    pub(super) fn conflicts_plot(&self, ui: &mut Ui) {
        let Some(last) = self.live.history.last() else {
            return;
        };
        // The plot is the last run's; another row's answer on the board has none here.
        if let Some(i) = self.own.selected
            && i + 1 < self.own.results.len()
            && !self.live.is_running()
        {
            let name = (self.own.results.last())
                .and_then(|r| r.algorithm.info())
                .map_or("the last run", |a| a.name);
            ui.separator();
            ui.label(
                RichText::new(format!(
                    "The plot of the heuristic is kept for the last run only: click {name} in the table to see it."
                ))
                .weak(),
            );
            return;
        }
        let per_generation = self.live.history.points().iter().any(|g| g.mean != g.best);
        let kind = match self
            .own
            .running
            .or(self.own.results.last().map(|r| r.algorithm))
        {
            Some(Ran::Solve(algorithm)) => Some(algorithm),
            Some(Ran::Count) | None => None,
        };
        if kind == Some(QueensAlgo::Annealing) {
            return self.annealing_plot(ui, last.generation);
        }
        let cultural = kind == Some(QueensAlgo::Cultural) || per_generation;
        let beam = kind == Some(QueensAlgo::Beam);
        ui.separator();
        let unit = if beam {
            "round"
        } else if cultural {
            "generation"
        } else {
            "step"
        };
        ui.label(
            RichText::new(if beam {
                "Attacking pairs in the beam per round".to_string()
            } else {
                format!("Heuristic ({}) per {unit}", self.settings.heuristic.name())
            })
            .strong(),
        );
        ui.label(if cultural {
            format!(
                "{unit} {}: best {:.0}, mean {:.1}, worst {:.0}",
                last.generation, last.best, last.mean, last.worst
            )
        } else {
            format!("step {}: {:.0}", last.generation, last.best)
        });
        let conflicts = Curve {
            name: "conflicts",
            ..BEST
        };
        let curves = if cultural {
            &[BEST, MEAN, WORST][..]
        } else {
            std::slice::from_ref(&conflicts)
        };
        let found = self.plot_found();
        generation_plot(
            ui,
            "queens-conflicts-plot",
            "plot",
            unit,
            &self.live.history,
            curves,
            found,
        );
        let points = self.live.history.points();
        let id = kind.map_or("count", QueensAlgo::id);
        if let Some(note) = curve_note(id, points, &self.live.counters) {
            note.show(ui);
        }
    }
}

/// The annealing's temperature at each point of its conflicts plot, and the chance it
/// then takes a move that adds one attacking pair (e^(−1/T)) or two.
fn temperature_plot(
    ui: &mut Ui,
    config: &crate::solve::queens::annealing::Config,
    points: &[crate::solve::GenerationStats],
) {
    use crate::run::trace::queens::acceptance;
    use egui_plot::{Legend, Line, Plot};
    if points.len() < 2 {
        return;
    }
    let series = |f: &dyn Fn(f64) -> f64| -> Vec<[f64; 2]> {
        (points.iter())
            .map(|g| [g.generation as f64, f(config.temperature(g.generation))])
            .collect()
    };
    ui.label(RichText::new("Temperature and the chance to go uphill").strong())
        .on_hover_text("The temperature T falls with every proposal by the schedule chosen. A move that adds delta attacking pairs is taken with probability e^(-delta/T): the other two curves are that chance for delta = 1 and delta = 2. A move that adds none or removes some is always taken.");
    let visible = ui.clip_rect().max.x - ui.cursor().min.x;
    let shown = Plot::new("queens-annealing-temperature")
        .height(150.0)
        .width(ui.available_width().min(visible).max(80.0))
        .legend(Legend::default())
        .x_axis_label("proposal")
        .allow_scroll(false)
        .show(ui, |plot| {
            plot.line(
                Line::new("temperature T", series(&|t| t))
                    .color(egui::Color32::from_rgb(230, 140, 60)),
            );
            plot.line(
                Line::new(
                    "chance to take +1 pair, e^(-1/T)",
                    series(&|t| acceptance(1, t)),
                )
                .color(egui::Color32::from_rgb(90, 160, 230)),
            );
            plot.line(
                Line::new(
                    "chance to take +2 pairs, e^(-2/T)",
                    series(&|t| acceptance(2, t)),
                )
                .color(egui::Color32::from_rgb(170, 110, 220)),
            );
        });
    crate::app::export::register(ui.ctx(), "temperature plot", shown.response.rect);
}
