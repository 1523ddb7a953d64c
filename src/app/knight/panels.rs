//! The Knight's Tour view's panels: its controls (board, start, algorithm and its
//! parameters, the run buttons, the modes), its statistics and its board.

use super::*;

impl KnightView {
    /// The board's size, its presets, the start square and the "Closed tour" box.
    pub(super) fn instance_form(&mut self, ui: &mut Ui) -> Option<AppError> {
        ui.heading("Board");
        let (cols, rows) = (self.settings.cols, self.settings.rows);
        let (c, r) = ui
            .horizontal(|ui| {
                let side = |name| whole(name, 1..=u64::from(MAX_SIDE));
                let c = (self.own.cols_text).show(
                    ui,
                    "Columns",
                    &cols.to_string(),
                    40.0,
                    side("Columns"),
                );
                let r =
                    (self.own.rows_text).show(ui, "Rows", &rows.to_string(), 40.0, side("Rows"));
                (c, r)
            })
            .inner;
        if c.commit.is_some() || r.commit.is_some() {
            let side = |v: Option<u64>, old: u32| v.map_or(old, |v| v as u32);
            self.set_size(side(c.commit, cols), side(r.commit, rows));
        }
        for h in [&c.hold, &r.hold].into_iter().flatten() {
            hold_note(ui, h);
        }
        let hold = c.hold.or(r.hold);
        ui.horizontal_wrapped(|ui| {
            for &(c, r) in PRESETS {
                if ui
                    .button(format!("{c}×{r}"))
                    .on_hover_text("Board preset: columns × rows")
                    .clicked()
                {
                    self.set_size(c, r);
                }
            }
        });
        let board = self.board();
        let (r, c) = self.settings.start;
        ui.label(format!(
            "Start: {} ({r},{c}) — click a square to change it",
            board.name(board.square(r, c))
        ));
        self.own.closed_box.show(ui, &mut self.settings, &board);
        hold
    }

    /// Play mode's controls.
    pub(super) fn play_controls(&mut self, ui: &mut Ui) {
        let board = self.board();
        let start = board.square(self.settings.start.0, self.settings.start.1);
        self.play
            .controls_ui(ui, &board, start, self.settings.closed);
    }

    /// What the closed-tour box changed, what the algorithm (or task) does, and its
    /// parameters (a tree search's node limit); `picked_by_hand`: just picked.
    pub(super) fn algorithm_form(&mut self, ui: &mut Ui, picked_by_hand: bool) -> Option<AppError> {
        let mut hold = None;
        (self.own.closed_box).note(ui, self.settings.algorithm, picked_by_hand);
        if let Some(algo) = self.settings.algorithm.info() {
            ui.label(algo.summary);
            let params = param_form(ui, algo, &mut self.settings.params, &[]);
            hold = params;
        } else if let Some((pick, _, _, help)) =
            OTHER_TASKS.iter().find(|t| t.0 == self.settings.algorithm)
        {
            ui.label(*help);
            if matches!(pick, Pick::Tree(_)) {
                let limit = ui
                    .horizontal(|ui| {
                        crate::app::widgets::number::whole_number(
                            ui,
                            "Node limit",
                            &mut self.settings.search_nodes,
                            1..=MAX_SEARCH_NODES,
                        )
                    })
                    .inner
                    .inspect_err(|e| hold_note(ui, e));
                ui.label(
                    RichText::new("The tree search stops after generating this many nodes; each holds a whole board, so memory grows with it.")
                        .weak(),
                );
                hold = limit.err();
            }
        }
        hold
    }

    /// The run buttons, step by step and the microscope.
    pub(super) fn run_controls(&mut self, ui: &mut Ui) {
        self.run_buttons(ui);
        self.step_controls(ui);
        self.microscope_controls(ui);
    }

    /// Counters and the outcome, live.
    pub(super) fn stats_panel(&mut self, ui: &mut Ui) {
        if self.mode == Mode::Play {
            let board = self.board();
            return self.play.stats_ui(ui, &board, self.settings.closed);
        }
        // A game put aside is kept: say so, and how to go back to it.
        let (r, c) = self.settings.start;
        let start = self.own.board.square(r, c);
        let played = self.play.kept(&self.own.board, start, self.settings.closed);
        if played > 1 {
            ui.label(
                RichText::new(format!(
                    "Your game is kept ({played} of {} squares): tick \"Play yourself\" to go on with it.",
                    self.own.board.len()
                ))
                .weak(),
            );
        }
        if self.mode == Mode::Steps {
            return self.steps.stats_ui(ui);
        }
        let c = &self.live.counters;
        // The figures of the run on show (of the algorithm chosen, before any run).
        let shown = match self.live.label.as_str() {
            "" => self.settings.algorithm.id(),
            label => label,
        };
        egui::Grid::new("knight-stats")
            .num_columns(2)
            .show(ui, |ui| {
                for f in knight_figures(shown) {
                    stat_row(ui, f.label, f.help, f.value(c));
                }
                // A tree search's frontier at its largest: the memory it needed.
                if let Some(Outcome::Search(r)) = &self.own.outcome {
                    stat_row(
                        ui,
                        "largest frontier",
                        "The most nodes waiting in the queue (breadth-first) or on the stack (depth-first) at once: breadth-first's grows with every level, depth-first's stays near the depth times the branching.",
                        crate::run::catalog::group_thousands(r.max_frontier),
                    );
                }
                ui.label("elapsed");
                ui.label(format_ms(ui.ctx(), self.live.elapsed_ms));
                ui.end_row();
            });
        self.live.status(ui, &task_name(&self.live.label));
        // A count's run is labelled "count" whether from one square or every square.
        let chosen = self.settings.algorithm;
        let counts = |id: &str| matches!(Pick::parse(id), Some(Pick::Count { .. }));
        if !(counts(&self.live.label) && counts(chosen.id())) {
            self.live
                .on_show(ui, &task_name(&self.live.label), chosen.name());
        }
        if let Some(m) = self.status_message() {
            let ok = matches!(&self.own.outcome, Some(Outcome::Solve(r)) if r.found)
                || matches!(&self.own.outcome, Some(Outcome::Search(r)) if r.found)
                || matches!(&self.own.outcome, Some(Outcome::Count(r)) if r.complete);
            outcome_label(ui, &m, ok);
        }
        self.fitness_plot(ui);
        if let Some(h) = &self.hovered {
            ui.label(format!("square {h}"));
        }
        self.construction_notes(ui);
    }
}

impl KnightView {
    /// The board, with the live search or the animated answer, the student's tour, the
    /// microscope or the trace, as the mode says.
    pub(super) fn board_panel(&mut self, ui: &mut Ui) {
        let board = self.board();
        let microscope = self.microscope_on_show();
        match self.mode {
            Mode::Play => {
                let (r, c) = self.settings.start;
                let start = board.square(r, c);
                if let Some(sq) = self.play.main_ui(ui, &board, start, self.settings.closed) {
                    self.reset();
                    self.settings.start = board.row_col(sq);
                }
                return;
            }
            // The microscope of another algorithm's run is not shown: the run is.
            Mode::Microscope if microscope => return self.microscope_ui(ui),
            Mode::Steps => {
                let now = self.trace_job();
                return (self.steps).main_ui(
                    ui,
                    now.as_ref(),
                    |ui, trace, state, pos, question, guessing| {
                        steps::draw(ui, trace, state, pos, question, guessing)
                    },
                );
            }
            Mode::Run | Mode::Microscope | Mode::Browser => {}
        }
        self.run_board(ui, &board);
    }

    /// The board of the run: the live search, the animated answer or its construction,
    /// with a count's or the belief space's heat map; a click on a square starts there.
    fn run_board(&mut self, ui: &mut Ui, board: &Board) {
        self.animate(ui);
        let (r, c) = self.settings.start;
        let start = board.square(r, c);
        if self.own.construction.is_some() || self.settings.algorithm == Pick::Solver(CONSTRUCT) {
            self.construction_bar(ui, board, start);
        }
        let construction = (self.own.construction.as_ref())
            .filter(|_| self.showing_construction())
            .map(|c| (c.view(&self.own.tour), c.kind()));
        let (path, shown): (&[Square], usize) = if self.live.is_running() {
            (&self.own.live_path, self.own.live_path.len())
        } else if construction.is_some() {
            (&[], 0)
        } else {
            (&self.own.tour, self.own.shown)
        };
        // A square whose count was cut short has no figure (NaN): it stays uncoloured.
        let counts: Option<Vec<f64>> = match &self.own.outcome {
            Some(Outcome::Count(r)) => (r.per_square.as_ref())
                .map(|p| p.iter().map(|c| c.map_or(f64::NAN, |n| n as f64)).collect()),
            _ => None,
        };
        let whole = |v: f64| format!("{v:.0}");
        let tours = |v: f64| {
            let n = v.round() as u64;
            format!("{n} tour{} from this square", if n == 1 { "" } else { "s" })
        };
        let weight = |v: f64| format!("{v:.3}");
        let belief = |v: f64| format!("belief weight {v:.3}");
        let heat = if construction.is_some() {
            None
        } else if let Some(values) = &counts {
            Some(Heat {
                values,
                caption: "tours from this square",
                exact: &whole,
                short: &short_count,
                tell: &tours,
                missing: "no figure: its count was cut short",
            })
        } else if self.settings.show_belief
            && let Some(values) = &self.own.belief
        {
            Some(Heat {
                values,
                caption: "belief weight of the square",
                exact: &weight,
                short: &weight,
                tell: &belief,
                missing: "no weight",
            })
        } else {
            None
        };
        // The start square matters to the walk: the construction shows it with the tour.
        let start = match &construction {
            Some((_, kind)) if *kind != StageKind::Whole => None,
            _ => Some(start),
        };
        let view = BoardView {
            board,
            start,
            path,
            shown,
            closed: self.displayed_tour().is_some_and(|t| board.is_closed(t)),
            degrees: self.settings.show_degrees && construction.is_none(),
            heat,
            legend: true,
            construction: construction.map(|c| c.0),
            taken_back: &[],
            stepping: false,
            guessing: false,
            moves: None,
        };
        let out = draw_board(ui, &view);
        crate::app::export::register(ui.ctx(), "board", out.area);
        self.hovered = out.told;
        self.own.construction_lines = out.construction_lines;
        if let Some(sq) = out.clicked
            && !self.live.is_running()
        {
            self.reset();
            self.settings.start = board.row_col(sq);
        }
    }
}
