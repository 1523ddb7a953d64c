//! How an experiment's outcome is shown: tables, the success bars, the board-size plot,
//! and the heat map of a start-square sweep with its legend.

use super::super::widgets::bars::{self, Row, Shape};
use super::super::widgets::board::{BoardView, Heat, board as draw_board};
use crate::bench::Summary;
use crate::bench::knight::{LEVELS, TrialsRow};
use crate::bench::magic::MagicRow;
use crate::bench::queens::{CourseRow, QueensRow};
use crate::puzzle::knight::Board;
use egui::{Color32, RichText, Ui};
use egui_plot::{Legend, Line, Plot, PlotPoints, Points};
use serde::{Deserialize, Serialize};

/// A per-square figure of a sweep.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Metric {
    /// Tours found from the square: distinct tours over the GA's runs, or every tour the
    /// count found.
    #[default]
    Tours,
    /// The share of the GA's runs (or of the trials, by n) that found an answer.
    SuccessRate,
    /// The mean time of a run or trial in milliseconds (the count sweep: the square's
    /// counting time).
    Time,
    /// Squares the count entered from the square (the report's recursive calls).
    Calls,
    /// The mean generation of the first tour, over the GA's runs that found one.
    Generations,
    /// An algorithm's steps (its first counter).
    Steps,
}

impl Metric {
    pub(super) fn name(self) -> &'static str {
        match self {
            Metric::Tours => "tours found",
            Metric::SuccessRate => "success rate",
            Metric::Time => "time",
            Metric::Calls => "recursive calls",
            Metric::Generations => "generations to the first tour",
            Metric::Steps => "mean steps",
        }
    }

    /// The figures a GA sweep has per square.
    pub(super) const GA_SWEEP: &[Metric] = &[
        Metric::Tours,
        Metric::SuccessRate,
        Metric::Generations,
        Metric::Time,
    ];
    /// The figures a counting sweep has per square.
    pub(super) const COUNT_SWEEP: &[Metric] = &[Metric::Tours, Metric::Calls, Metric::Time];
    /// The figures the N-Queens comparison plots against n.
    pub(super) const COURSE: &[Metric] = &[Metric::SuccessRate, Metric::Time, Metric::Steps];
}

/// The choice of the figure a sweep's heat map shows, among the sweep's `metrics`.
pub(super) fn metric_picker(ui: &mut Ui, metric: &mut Metric, metrics: &[Metric]) {
    if !metrics.contains(metric) {
        *metric = metrics[0];
    }
    ui.horizontal(|ui| {
        ui.label("Show");
        for &m in metrics {
            ui.selectable_value(metric, m, m.name());
        }
    });
}

pub(super) fn ms(ms: f64, hide: bool) -> String {
    if hide {
        "—".into()
    } else if ms < 10.0 {
        format!("{ms:.3}")
    } else {
        format!("{ms:.1}")
    }
}

pub(super) fn summary_cells(ui: &mut Ui, s: &Summary, hide: bool) {
    // A table cut short counts only the trials that ended: "37 of 100", and no figure
    // where none did.
    if s.trials == s.planned {
        ui.label(s.trials.to_string());
    } else {
        ui.label(format!("{} of {}", s.trials, s.planned))
            .on_hover_text("Stopped before every trial ended: the figures count only the trials that ran to their end");
    }
    ui.label(s.successes.to_string());
    if s.trials == 0 {
        for _ in 0..7 {
            ui.label("—");
        }
        return;
    }
    let r = &s.rtd;
    let pct = |x: Option<f64>| x.map_or("—".into(), crate::bench::rtd::percent);
    ui.label(format!(
        "{:.0} % ({}–{} %)",
        100.0 * s.success_rate,
        pct(r.success_rate_low),
        pct(r.success_rate_high)
    ));
    ui.label(ms(s.mean_ms, hide));
    ui.label(ms(s.median_ms, hide));
    ui.label(ms(s.min_ms, hide));
    ui.label(ms(s.max_ms, hide));
    let or = |x: Option<f64>, none: &str| x.map_or(none.to_string(), |x| ms(x, hide));
    ui.label(match r.median_solve_ms {
        Some(_) if hide => "—".into(),
        Some(m) => format!(
            "{} ({}–{})",
            ms(m, hide),
            or(r.median_solve_ms_low, "—"),
            or(r.median_solve_ms_high, "beyond")
        ),
        None => "not reached".into(),
    });
    // Whether restarting gains rests on the timings too: hidden with them.
    if hide {
        ui.label("—");
        return;
    }
    match (
        r.restart_cutoff_ms,
        r.restart_expected_ms,
        r.expected_ms_without_restarts,
    ) {
        (Some(cutoff), Some(restarting), Some(without)) if restarting < 0.99 * without => {
            ui.label(ms(cutoff, hide)).on_hover_text(format!(
                "Giving a trial up after {} ms for a fresh one would take {} ms a solution on \
                 average, against {} ms letting every trial run to its end",
                ms(cutoff, hide),
                ms(restarting, hide),
                ms(without, hide)
            ))
        }
        (Some(_), ..) => ui
            .label("no gain")
            .on_hover_text("Restarting trials early would not shorten the time to a solution"),
        _ => ui.label("—"),
    };
}

/// The summary's columns, each with what it means.
const SUMMARY_HEADERS: [(&str, &str); 9] = [
    ("trials", "Trials that ran to their end"),
    ("found", "Trials that found what they looked for"),
    (
        "success\n(95 %)",
        "The share of trials that found, and its exact 95 % interval (Clopper–Pearson): the \
         rates these trials cannot rule out. 0 of 20 found still leaves up to 16.8 %",
    ),
    ("mean\nms", "Mean time of every trial, found or not"),
    ("median\nms", "Median time of every trial, found or not"),
    ("min\nms", "The fastest trial"),
    ("max\nms", "The slowest trial"),
    (
        "half solved,\nms (95 %)",
        "The least time by which half the trials had found (a trial that failed counts as \
         unsolved at every time), and its 95 % bootstrap interval; not reached when fewer \
         than half found",
    ),
    (
        "restart\nafter ms",
        "The cut-off after which giving a trial up for a fresh one makes the expected time to \
         a solution least, as these trials suggest (hover a figure for the times)",
    ),
];

/// The summary's column headers, each explained on hover (on two lines, so that the table
/// fits beside the board's panel where it can).
pub(super) fn summary_headers(ui: &mut Ui) {
    for (h, help) in SUMMARY_HEADERS {
        ui.label(RichText::new(h).strong()).on_hover_text(help);
    }
}

pub(super) fn trials_table(ui: &mut Ui, rows: &[TrialsRow], hide: bool, levels: bool) {
    // Wider than the panel on a small window: it scrolls sideways, never under the
    // statistics, its bar under the rows.
    ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
    egui::ScrollArea::horizontal()
        .id_salt(("trials-table", "scroll"))
        .show(ui, |ui| {
            egui::Grid::new("trials-table")
                .striped(true)
                .show(ui, |ui| {
                    ui.label(RichText::new(if levels { "level" } else { "board" }).strong());
                    ui.label(RichText::new("algorithm").strong());
                    summary_headers(ui);
                    ui.label(RichText::new("best / worst\nbatch of 10").strong())
                        .on_hover_text("The highest and lowest success rate over whole batches of 10 trials (the Cultural Algorithm guide's best and worst case); – with fewer than 10 trials");
                    ui.label(RichText::new("mean\ngenerations").strong())
                        .on_hover_text("Mean generations of the trials that found a tour; – when none did");
                    ui.end_row();
                    for r in rows {
                        let first = if levels {
                            LEVELS
                                .iter()
                                .find(|l| l.0 == r.algorithm)
                                .map_or("?".to_string(), |l| l.1.to_string())
                        } else {
                            r.board.clone()
                        };
                        ui.label(first);
                        ui.label(knight_name(&r.algorithm));
                        summary_cells(ui, &r.summary, hide);
                        ui.label(match (r.best_batch_rate, r.worst_batch_rate) {
                            (Some(best), Some(worst)) => {
                                format!("{:.0} % / {:.0} %", 100.0 * best, 100.0 * worst)
                            }
                            _ => "–".to_string(),
                        });
                        ui.label(r.mean_generations.map_or("–".to_string(), |g| format!("{g:.1}")));
                        ui.end_row();
                    }
                });
        });
}

/// The name of a knight's tour algorithm as the pickers show it.
pub(super) fn knight_name(id: &str) -> &str {
    crate::run::catalog::knight_algorithm(id).map_or(id, |a| a.name)
}

/// The success rate of each row, a named bar each.
pub(super) fn success_bars(ui: &mut Ui, rows: &[TrialsRow]) {
    ui.label(RichText::new("Success rate").strong());
    let bars: Vec<Row> = rows
        .iter()
        .map(|r| {
            let rate = 100.0 * r.summary.success_rate;
            let value = if r.summary.trials == 0 {
                "—".to_string()
            } else {
                format!("{rate:.0} %")
            };
            Row {
                name: knight_name(&r.algorithm).to_string(),
                colour: Color32::from_rgb(90, 170, 255),
                shape: (r.summary.trials > 0).then_some(Shape::Bar(rate)),
                told: format!(
                    "{}: success rate {value} ({} of {} trials)",
                    knight_name(&r.algorithm),
                    r.summary.successes,
                    r.summary.trials
                ),
                value,
            }
        })
        .collect();
    let rect = bars::chart(ui, &bars, 100.0, &|v| format!("{v:.0} %"));
    super::super::export::register(ui.ctx(), "success rates", rect);
}

pub(super) fn sizes_plot(ui: &mut Ui, rows: &[TrialsRow], hide: bool) {
    let side_of = |r: &TrialsRow| {
        r.board
            .split('x')
            .next()
            .and_then(|s| s.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // A size none of whose trials ended has no point.
    let ran = || rows.iter().filter(|r| r.summary.trials > 0);
    let success: Vec<[f64; 2]> = ran()
        .map(|r| [side_of(r), 100.0 * r.summary.success_rate])
        .collect();
    let time: Vec<[f64; 2]> = ran().map(|r| [side_of(r), r.summary.mean_ms]).collect();
    // Side by side where both fit at 200 points or more, else one above the other.
    let plots = ui.horizontal_wrapped(|ui| {
        let avail = ui.available_width();
        let w = if avail >= 424.0 {
            (avail - 24.0) / 2.0
        } else {
            (avail - 8.0).max(100.0)
        };
        ui.vertical(|ui| {
            ui.label("success rate (%) by board side");
            Plot::new("sizes-success")
                .height(220.0)
                .width(w)
                .include_y(0.0)
                .include_y(100.0)
                .x_axis_label("board side n (n × n)")
                .allow_scroll(false)
                .show(ui, |plot| {
                    plot.line(
                        Line::new("success rate", PlotPoints::from(success.clone()))
                            .color(Color32::from_rgb(110, 200, 110)),
                    );
                    plot.points(
                        Points::new("", PlotPoints::from(success))
                            .radius(3.0)
                            .color(Color32::from_rgb(110, 200, 110)),
                    );
                });
        });
        ui.vertical(|ui| {
            ui.label(if hide {
                "mean time per trial (ms) by board side: hidden in reproducible pictures"
            } else {
                "mean time per trial (ms) by board side"
            });
            Plot::new("sizes-time")
                .height(220.0)
                .width(w)
                .include_y(0.0)
                .x_axis_label("board side n (n × n)")
                .legend(Legend::default())
                .allow_scroll(false)
                .show(ui, |plot| {
                    if !hide {
                        plot.line(
                            Line::new("mean ms", PlotPoints::from(time.clone()))
                                .color(Color32::from_rgb(255, 150, 60)),
                        );
                        plot.points(
                            Points::new("", PlotPoints::from(time))
                                .radius(3.0)
                                .color(Color32::from_rgb(255, 150, 60)),
                        );
                    }
                });
        });
    });
    super::super::export::register(ui.ctx(), "size plots", plots.response.rect);
}

/// The board with each square coloured and labelled by its figure, its colour bar under
/// it; hovering a square tells its exact figure.
pub(super) fn heat_board(ui: &mut Ui, side: u64, values: &[f64], metric: Metric, hide: bool) {
    let Ok(board) = Board::new(side, side) else {
        return;
    };
    let hidden = hide && metric == Metric::Time;
    let caption = format!("{} from this square", metric.name());
    let exact = |v: f64| exact_metric(v, metric);
    let short = |v: f64| format_metric(v, metric);
    let tell = |v: f64| match metric {
        Metric::SuccessRate | Metric::Time => {
            format!(
                "{} {} from this square",
                metric.name(),
                exact_metric(v, metric)
            )
        }
        _ => format!("{} {caption}", exact_metric(v, metric)),
    };
    // NaN marks a square with no figure (the sweep was stopped before it): no colour, a
    // dash, and a hover that says why.
    let heat = (!hidden).then(|| Heat {
        values,
        caption: &caption,
        exact: &exact,
        short: &short,
        tell: &tell,
        missing: "no figure: the experiment was stopped before this square",
    });
    let avail = ui
        .available_width()
        .min(ui.available_height().max(360.0))
        .min(700.0);
    let response = ui
        .allocate_ui(egui::vec2(avail, avail), |ui| {
            draw_board(
                ui,
                &BoardView {
                    board: &board,
                    start: None,
                    path: &[],
                    shown: 0,
                    closed: false,
                    degrees: false,
                    heat,
                    legend: true,
                    construction: None,
                    taken_back: &[],
                    stepping: false,
                    guessing: false,
                    moves: None,
                },
            )
        })
        .inner;
    super::super::export::register(ui.ctx(), "heat map", response.area);
    if hidden {
        ui.label(RichText::new("Times are hidden in reproducible pictures.").weak());
    } else if let Some(told) = &response.told {
        ui.label(told);
    } else {
        ui.label(RichText::new("Hover a square for its exact figure.").weak());
    }
}

/// A figure in full, as the legend and hover say it.
pub(super) fn exact_metric(v: f64, metric: Metric) -> String {
    match metric {
        Metric::SuccessRate => format!("{:.1} %", 100.0 * v),
        Metric::Time => format!("{v:.3} ms"),
        Metric::Generations => format!("{v:.1}"),
        Metric::Tours | Metric::Calls | Metric::Steps => format!("{v:.0}"),
    }
}

pub(super) fn format_metric(v: f64, metric: Metric) -> String {
    match metric {
        Metric::SuccessRate => format!("{:.0}%", 100.0 * v),
        Metric::Time => {
            if v < 10.0 {
                format!("{v:.1}ms")
            } else {
                format!("{v:.0}ms")
            }
        }
        Metric::Generations => format!("{v:.1}"),
        Metric::Tours | Metric::Calls | Metric::Steps => crate::app::widgets::board::short_count(v),
    }
}

pub(super) fn queens_table(ui: &mut Ui, rows: &[QueensRow], hide: bool) {
    // Wider than the panel on a small window: it scrolls sideways, never under the
    // statistics, its bar under the rows.
    ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
    egui::ScrollArea::horizontal()
        .id_salt(("queens-bench-table", "scroll"))
        .show(ui, |ui| {
            egui::Grid::new("queens-bench-table")
                .striped(true)
                .show(ui, |ui| {
                    for h in ["n", "algorithm", "heuristic"] {
                        ui.label(RichText::new(h).strong());
                    }
                    summary_headers(ui);
                    ui.label(RichText::new("document: mean ms, success").strong());
                    ui.end_row();
                    for r in rows {
                        ui.label(r.n.to_string());
                        ui.label(
                            crate::run::catalog::queens_algorithm(&r.algorithm)
                                .map_or(r.algorithm.as_str(), |a| a.name),
                        );
                        ui.label(&r.heuristic);
                        summary_cells(ui, &r.summary, hide);
                        ui.label(match (r.document_mean_ms, r.document_success_rate) {
                            (Some(m), Some(s)) => format!("{m:.3}, {:.0} %", 100.0 * s),
                            _ => "—".into(),
                        });
                        ui.end_row();
                    }
                });
        });
}

pub(super) fn magic_table(ui: &mut Ui, rows: &[MagicRow], hide: bool) {
    // Wider than the panel on a small window: it scrolls sideways, never under the
    // statistics, its bar under the rows.
    ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
    egui::ScrollArea::horizontal()
        .id_salt(("magic-bench-table", "scroll"))
        .show(ui, |ui| {
            egui::Grid::new("magic-bench-table")
                .striped(true)
                .show(ui, |ui| {
                    for h in ["variant", "order"] {
                        ui.label(RichText::new(h).strong());
                    }
                    summary_headers(ui);
                    ui.label(RichText::new("median generation").strong());
                    ui.label(RichText::new("document").strong());
                    ui.end_row();
                    for r in rows {
                        ui.label(&r.variant);
                        ui.label(r.order.to_string());
                        summary_cells(ui, &r.summary, hide);
                        ui.label(
                            r.median_generation
                                .map_or("—".into(), |g| format!("{g:.0}")),
                        );
                        ui.label(
                            r.document_generation
                                .map_or("—".into(), |g| format!("generation {g}")),
                        );
                        ui.end_row();
                    }
                });
        });
}

/// The comparison's figure `metric` against n, a line per algorithm: n on a log₂ axis,
/// time and steps on a log₁₀ one (they grow by orders of magnitude).
pub(super) fn course_plot(ui: &mut Ui, rows: &[CourseRow], metric: Metric, hide: bool) {
    if hide && metric == Metric::Time {
        ui.label(RichText::new("Times are hidden in reproducible pictures.").weak());
        return;
    }
    let log_y = metric != Metric::SuccessRate;
    let mut ns: Vec<u64> = rows.iter().map(|r| r.n).collect();
    ns.sort_unstable();
    ns.dedup();
    let mut labels: Vec<&str> = Vec::new();
    for r in rows {
        if !labels.contains(&r.label.as_str()) {
            labels.push(&r.label);
        }
    }
    let value = |r: &CourseRow| match metric {
        Metric::SuccessRate if r.summary.trials > 0 => Some(100.0 * r.summary.success_rate),
        // Only runs that ended count: none ended, no figure.
        Metric::Time if r.summary.trials > 0 => Some(r.summary.mean_ms.max(1e-3).log10()),
        Metric::Steps if r.summary.trials > 0 => Some(r.mean_steps.max(1.0).log10()),
        _ => None,
    };
    let y_label = match metric {
        Metric::SuccessRate => "success rate (%)",
        Metric::Time => "mean time (ms, log scale)",
        _ => "mean steps (log scale)",
    };
    // The algorithms hidden by a click on their name (too many for a legend on the plot).
    let hidden_id = egui::Id::unique("queens-course-hidden");
    let mut hidden: std::collections::BTreeSet<String> =
        ui.data(|d| d.get_temp(hidden_id)).unwrap_or_default();
    let dark = ui.visuals().dark_mode;
    let colour_of = |i: usize| series_colour(i, dark);
    let shapes = [
        egui_plot::MarkerShape::Circle,
        egui_plot::MarkerShape::Square,
        egui_plot::MarkerShape::Diamond,
        egui_plot::MarkerShape::Up,
        egui_plot::MarkerShape::Down,
        egui_plot::MarkerShape::Cross,
    ];
    // With many series, pick which to see: all, or none and then a few.
    if labels.len() > 6 {
        show_or_hide_all(ui, &labels, &mut hidden);
    }
    ui.label(RichText::new(format!("{} by n", metric.name())).strong());
    let visible = ui.clip_rect().max.x - ui.cursor().min.x;
    let mut plot = Plot::new("queens-course-plot")
        .height(300.0)
        .width(ui.available_width().min(visible).max(120.0))
        .x_axis_label("n (log scale)")
        .y_axis_label(y_label)
        .allow_scroll(false)
        // The axis is log2 n, marked at each n measured and named by it.
        .x_grid_spacer(move |_| {
            ns.iter()
                .map(|&n| egui_plot::GridMark {
                    value: (n as f64).log2(),
                    step_size: 1.0,
                })
                .collect()
        })
        .x_axis_formatter(|mark, _| format!("{:.0}", 2f64.powf(mark.value)));
    if log_y {
        plot = plot.y_axis_formatter(|mark, _| {
            let k = mark.value.round();
            if (mark.value - k).abs() < 1e-6 {
                format!("{}", 10f64.powi(k as i32))
            } else {
                String::new()
            }
        });
    } else {
        plot = plot.include_y(0.0).include_y(100.0);
    }
    let shown = plot.show(ui, |plot| {
        for (i, label) in labels.iter().enumerate() {
            if hidden.contains(*label) {
                continue;
            }
            let colour = colour_of(i);
            let points: Vec<[f64; 2]> = (rows.iter())
                .filter(|r| r.label == *label)
                .filter_map(|r| Some([(r.n as f64).log2(), value(r)?]))
                .collect();
            plot.line(Line::new(label.to_string(), PlotPoints::from(points.clone())).color(colour));
            plot.points(
                Points::new(label.to_string(), PlotPoints::from(points))
                    .color(colour)
                    .shape(shapes[i % shapes.len()])
                    .radius(3.5),
            );
        }
    });
    let legend = series_legend(ui, &labels, &mut hidden, dark);
    ui.data_mut(|d| d.insert_temp(hidden_id, hidden));
    let area = shown.response.rect.union(legend.rect);
    super::super::export::register(ui.ctx(), "comparison plot", area);
    ui.label(RichText::new("Click a name to hide or show its line.").weak());
}

/// The colour of series `i`: hues a golden angle apart, and three depths in turn, so
/// that neighbours in the list (the same search with one option changed) never get
/// near-identical colours; bright on the dark theme, deep enough to read on the light one.
pub(super) fn series_colour(i: usize, dark: bool) -> Color32 {
    let brightness = if dark { 0.9 } else { 0.55 };
    let hue = (i as f32 * 0.618_034).fract();
    let (sat, value) = match i % 3 {
        0 => (0.8, brightness),
        1 => (0.55, brightness * 0.8),
        _ => (0.95, brightness * 0.65),
    };
    egui::ecolor::Hsva::new(hue, sat, value, 1.0).into()
}

/// "Show all" and "Hide all" for the series `labels` (`hidden`: the ones hidden).
fn show_or_hide_all(ui: &mut Ui, labels: &[&str], hidden: &mut std::collections::BTreeSet<String>) {
    ui.horizontal_wrapped(|ui| {
        if ui.button("Show all").clicked() {
            hidden.clear();
        }
        if ui
            .button("Hide all")
            .on_hover_text("Then click the names of the few to compare")
            .clicked()
        {
            *hidden = labels
                .iter()
                .map(std::string::ToString::to_string)
                .collect();
        }
    });
}

/// The legend: a swatch and a name per series; a click hides or shows its line.
fn series_legend(
    ui: &mut Ui,
    labels: &[&str],
    hidden: &mut std::collections::BTreeSet<String>,
    dark: bool,
) -> egui::Response {
    ui.horizontal_wrapped(|ui| {
        for (i, label) in labels.iter().enumerate() {
            let off = hidden.contains(*label);
            let colour = if off {
                series_colour(i, dark).gamma_multiply(0.25)
            } else {
                series_colour(i, dark)
            };
            let text = RichText::new(format!("● {label}")).color(colour);
            let text = if off { text.strikethrough() } else { text };
            let chip = ui
                .add(egui::Button::new(text).frame(false))
                .on_hover_text(if off {
                    "Hidden: click to show its line"
                } else {
                    "Click to hide its line"
                });
            if chip.clicked() && !hidden.remove(*label) {
                hidden.insert(label.to_string());
            }
        }
    })
    .response
}

/// The comparison as a table: an algorithm per row at each n.
pub(super) fn course_table(ui: &mut Ui, rows: &[CourseRow], hide: bool) {
    ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
    egui::ScrollArea::horizontal()
        .id_salt(("queens-course-table", "scroll"))
        .show(ui, |ui| {
            egui::Grid::new("queens-course-table")
                .striped(true)
                .show(ui, |ui| {
                    for h in ["n", "algorithm"] {
                        ui.label(RichText::new(h).strong());
                    }
                    summary_headers(ui);
                    ui.label(RichText::new("mean steps").strong()).on_hover_text(
                        "Each algorithm's own unit of work: neighbours scored (hill climbing), proposals (annealing), successors scored (beam search), swaps tried (min-conflicts), assignments (CSP backtracking).",
                    );
                    ui.end_row();
                    for r in rows {
                        ui.label(r.n.to_string());
                        let name = ui.label(&r.label);
                        if r.deterministic {
                            name.on_hover_text("It draws no random numbers: one run stands for every seed.");
                        }
                        summary_cells(ui, &r.summary, hide);
                        ui.label(format!("{:.0}", r.mean_steps));
                        ui.end_row();
                    }
                });
        });
}
