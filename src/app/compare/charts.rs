//! Compare's pictures and figures: the curves of trial 0 (overlaid or side by side), the
//! time and success charts over every trial, the table, and their CSV. The pictures and
//! the table name algorithms as the pickers do; the CSV by the ids the command line takes.

use super::lanes::Lane;
use crate::app::widgets::bars::{self, Row, Shape};
use crate::app::widgets::figures::{format_ms, timings_hidden};
use crate::app::widgets::plots::{CurveNote, too_few_points};
use crate::run::{Algorithm, QueensAlgo};
use egui::{Color32, RichText, Ui};
use egui_plot::{Legend, Line, Plot};

const COLOURS: [Color32; 8] = [
    Color32::from_rgb(90, 170, 255),
    Color32::from_rgb(255, 150, 60),
    Color32::from_rgb(110, 200, 110),
    Color32::from_rgb(230, 90, 120),
    Color32::from_rgb(180, 130, 255),
    Color32::from_rgb(230, 200, 70),
    Color32::from_rgb(80, 210, 200),
    Color32::from_rgb(200, 140, 100),
];

/// Lane `i`'s colour, the same on its board title, curves, bars and table row.
pub fn colour(i: usize) -> Color32 {
    COLOURS[i % COLOURS.len()]
}

/// The curves of trial 0: best fitness per generation for the evolutionary algorithms,
/// deepest progress per node for the searches; `progress_axis` names the latter's y axis.
/// A lane with one generation only is said in words, not drawn; `notes` (a lane's index and
/// what its curve does that needs words) go under the curves.
pub fn curves(
    ui: &mut Ui,
    lanes: &[Lane],
    overlay: &mut bool,
    progress_axis: &str,
    notes: &[(usize, CurveNote)],
) {
    // An answer played by hand has no curve; with nothing else there is nothing to plot.
    if lanes.iter().all(|l| l.played) {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Curves of the first trial").strong())
            .on_hover_text(
                "Trial 1 of each algorithm, with the seed in the form (trial k uses seed + k − 1)",
            );
        ui.radio_value(overlay, true, "Overlaid");
        ui.radio_value(overlay, false, "Side by side");
    });
    let (groups, single) = curve_groups(lanes, progress_axis);
    if groups.is_empty() && single.is_empty() {
        ui.label(
            RichText::new("No curves: these algorithms end before their first progress report.")
                .weak(),
        );
    }
    for &i in &single {
        let l = &lanes[i];
        let found = (!l.is_live()).then_some(l.found == Some(true));
        if let Some(said) = too_few_points(l.history(), "generation", found) {
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(&l.name).strong().color(colour(i)));
                ui.label(said);
            });
        }
    }
    for (title, x, y, shown, drawn) in groups {
        ui.label(title);
        let line = |i: usize| {
            let l = &lanes[i];
            let points = match drawn {
                Drawn::Best => l.history().series(|g| g.best),
                Drawn::Range => l.history().range_series(),
                Drawn::Progress => egui_plot::PlotPoints::from(l.progress.clone()),
            };
            Line::new(l.name.clone(), points).color(colour(i))
        };
        if *overlay {
            let plot = Plot::new(("compare-overlay", title))
                .height(200.0)
                .legend(Legend::default())
                .x_axis_label(x)
                .y_axis_label(y)
                .allow_scroll(false)
                .show(ui, |plot| {
                    for &i in &shown {
                        plot.line(line(i));
                    }
                });
            crate::app::export::register(ui.ctx(), title, plot.response.rect);
        } else {
            // As many plots a row as fit at 160 points or more each.
            let avail = ui.available_width();
            let per_row = ((avail + 8.0) / 168.0)
                .floor()
                .clamp(1.0, shown.len() as f32) as usize;
            let w = (avail + 8.0) / per_row as f32 - 8.0;
            let link = egui::Id::unique(("compare-link", title));
            let top = ui.cursor().min;
            for chunk in shown.chunks(per_row) {
                ui.horizontal(|ui| {
                    for &i in chunk {
                        Plot::new(("compare-side", title, i))
                            .height(180.0)
                            .width(w)
                            .legend(Legend::default())
                            .x_axis_label(x)
                            .link_axis(link, [true, true])
                            .allow_scroll(false)
                            .show(ui, |plot| plot.line(line(i)));
                    }
                });
            }
            let rect = egui::Rect::from_min_max(top, egui::pos2(top.x + avail, ui.cursor().min.y));
            crate::app::export::register(ui.ctx(), title, rect);
        }
    }
    for (i, note) in notes {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(&lanes[*i].name).strong().color(colour(*i)));
            note.show(ui);
        });
    }
}

/// A group of curves on one plot: its title, its axes, its lanes and what it draws of them.
type Group<'a> = (&'a str, &'a str, &'a str, Vec<usize>, Drawn);

/// The lanes grouped by what their curves show (fitness per generation, an annealing's
/// attacking pairs, a search's progress per node), and the lanes of a single generation.
fn curve_groups<'a>(lanes: &[Lane], progress_axis: &'a str) -> (Vec<Group<'a>>, Vec<usize>) {
    // Simulated annealing reports attacking pairs per stretch of proposals, drawn by
    // range on an axis of its own; the rest report a fitness per generation.
    let walking = |i: usize| anneals(lanes[i].id());
    let drawn_as = |i: usize, kind: Scored| {
        lanes[i].history().points().len() >= 2 && !walking(i) && scored(lanes[i].id()) == kind
    };
    let evolving: Vec<usize> = (0..lanes.len())
        .filter(|&i| drawn_as(i, Scored::Fitness))
        .collect();
    let climbing: Vec<usize> = (0..lanes.len())
        .filter(|&i| drawn_as(i, Scored::Climb))
        .collect();
    let beaming: Vec<usize> = (0..lanes.len())
        .filter(|&i| drawn_as(i, Scored::Beam))
        .collect();
    let annealing: Vec<usize> = (0..lanes.len())
        .filter(|&i| lanes[i].history().points().len() >= 2 && walking(i))
        .collect();
    let single: Vec<usize> = (0..lanes.len())
        .filter(|&i| lanes[i].history().points().len() == 1)
        .collect();
    let searching: Vec<usize> = (0..lanes.len())
        .filter(|&i| lanes[i].history().points().is_empty() && lanes[i].progress.len() > 1)
        .collect();
    let mut groups: Vec<Group<'_>> = Vec::new();
    if !evolving.is_empty() {
        groups.push((
            "best fitness per generation",
            "generation",
            "best fitness",
            evolving,
            Drawn::Best,
        ));
    }
    if !climbing.is_empty() {
        groups.push((
            "h after each step of the climb (its heuristic: lower is better, 0 a solution)",
            "step",
            "h",
            climbing,
            Drawn::Best,
        ));
    }
    if !beaming.is_empty() {
        groups.push((
            "the beam's best h per round (lower is better, 0 a solution)",
            "round",
            "best h",
            beaming,
            Drawn::Best,
        ));
    }
    if !annealing.is_empty() {
        groups.push((
            "attacking pairs per proposal (each point the range over a stretch of proposals)",
            "proposal",
            "attacking pairs",
            annealing,
            Drawn::Range,
        ));
    }
    if !searching.is_empty() {
        groups.push((
            "progress per node",
            "nodes",
            progress_axis,
            searching,
            Drawn::Progress,
        ));
    }
    (groups, single)
}

/// What a group of curves draws of each lane.
#[derive(Clone, Copy)]
enum Drawn {
    /// The best fitness per generation.
    Best,
    /// Every value over each stretch of steps (see `History::range_series`).
    Range,
    /// The deepest progress per node.
    Progress,
}

/// Below this width the time and success charts stand one above the other.
const SIDE_BY_SIDE: f32 = 640.0;

/// Time per trial (a spread per algorithm) and success rate (a bar per algorithm), each
/// row named; side by side where there is room, else one above the other.
pub fn time_chart(ui: &mut Ui, lanes: &[Lane], trials: u64) {
    if lanes.iter().all(|l| l.trials.is_empty()) {
        return;
    }
    let hide = timings_hidden(ui.ctx());
    let top = ui.cursor().min;
    if ui.available_width() >= SIDE_BY_SIDE {
        ui.columns(2, |columns| {
            times(&mut columns[0], lanes, trials, hide);
            successes(&mut columns[1], lanes);
        });
    } else {
        times(ui, lanes, trials, hide);
        ui.add_space(8.0);
        successes(ui, lanes);
    }
    let rect = egui::Rect::from_min_max(
        top,
        egui::pos2(top.x + ui.available_width(), ui.cursor().min.y),
    );
    crate::app::export::register(ui.ctx(), "time and success charts", rect);
}

fn times(ui: &mut Ui, lanes: &[Lane], trials: u64, hide: bool) {
    ui.label(RichText::new("Time per trial").strong());
    ui.label(format!(
        "thin bar: mean; box: middle half, line in it: median; whiskers: fastest and slowest ({trials} trials each){}",
        if hide { ". Hidden in reproducible pictures" } else { "" }
    ));
    // Answers played by hand have no time: they are in the table, not here.
    let rows: Vec<Row> = (lanes.iter().enumerate())
        .filter(|(_, l)| !l.played)
        .map(|(i, l)| {
            let s = l.summary();
            let n = l.trials.len();
            let trials_told = format!("{n} trial{}", if n == 1 { "" } else { "s" });
            if hide || n == 0 {
                let why = if hide { "hidden in reproducible pictures" } else { "no trial has ended yet" };
                return Row {
                    name: l.name.clone(),
                    colour: colour(i),
                    shape: None,
                    value: "—".into(),
                    told: format!("{}: time per trial {why}", l.name),
                };
            }
            let (q1, q3) = quartiles(&l.timed());
            Row {
                name: l.name.clone(),
                colour: colour(i),
                shape: Some(Shape::Spread {
                    min: s.min_ms,
                    q1,
                    median: s.median_ms,
                    q3,
                    max: s.max_ms,
                    mean: s.mean_ms,
                }),
                value: ms(s.mean_ms),
                told: format!(
                    "{}: time per trial mean {}, median {}, middle half {} to {}, fastest {}, slowest {} ({trials_told})",
                    l.name,
                    ms(s.mean_ms),
                    ms(s.median_ms),
                    ms(q1),
                    ms(q3),
                    ms(s.min_ms),
                    ms(s.max_ms)
                ),
            }
        })
        .collect();
    bars::chart(ui, &rows, 0.0, &|v| ms(v));
}

fn successes(ui: &mut Ui, lanes: &[Lane]) {
    ui.label(RichText::new("Success rate").strong());
    ui.label("share of the trials that found what they looked for");
    let rows: Vec<Row> = (lanes.iter().enumerate())
        .filter(|(_, l)| !l.played)
        .map(|(i, l)| {
            let s = l.summary();
            let rate = 100.0 * s.success_rate;
            let value = format!("{rate:.0} %");
            Row {
                name: l.name.clone(),
                colour: colour(i),
                shape: (s.trials > 0).then_some(Shape::Bar(rate)),
                told: format!(
                    "{}: success rate {value} ({} of {} trials)",
                    l.name, s.successes, s.trials
                ),
                value,
            }
        })
        .collect();
    bars::chart(ui, &rows, 100.0, &|v| format!("{v:.0} %"));
}

/// A time for the charts: "0.412 ms", "12.5 ms", "1.20 s".
fn ms(v: f64) -> String {
    if v >= 1000.0 {
        format!("{:.2} s", v / 1000.0)
    } else if v >= 10.0 {
        format!("{v:.1} ms")
    } else {
        format!("{v:.3} ms")
    }
}

/// The figures of every algorithm, a row each; a click on a row's name shows that
/// algorithm's board alone (`selected`), a second click every board again.
pub fn table(ui: &mut Ui, lanes: &[Lane], selected: &mut Option<usize>) {
    ui.label(RichText::new("Figures").strong());
    ui.label(RichText::new("Click an algorithm to see its board alone.").weak());
    // Wider than a small window: it scrolls sideways, its bar under the rows, not on them.
    ui.scope(|ui| {
        ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
        egui::ScrollArea::horizontal()
            .id_salt("compare-table-scroll")
            .show(ui, |ui| {
                egui::Grid::new("compare-table")
                    .striped(true)
                    .num_columns(9)
                    .show(ui, |ui| table_rows(ui, lanes, selected));
            });
    });
}

fn table_rows(ui: &mut Ui, lanes: &[Lane], selected: &mut Option<usize>) {
    for h in [
        "algorithm",
        "trials",
        "found",
        "success",
        "mean",
        "median",
        "min",
        "max",
        "nodes (1st trial)",
    ] {
        ui.label(RichText::new(h).strong());
    }
    ui.end_row();
    for (i, l) in lanes.iter().enumerate() {
        let s = l.summary();
        let on = *selected == Some(i);
        let name = ui
            .selectable_label(on, RichText::new(&l.name).color(colour(i)))
            .on_hover_text(if on {
                "Show every algorithm's board again"
            } else {
                "Show this algorithm's board alone"
            });
        if name.clicked() {
            *selected = if on { None } else { Some(i) };
        }
        if l.played {
            ui.label("by hand");
            ui.label("1");
            for _ in 0..6 {
                ui.label("—");
            }
            ui.end_row();
            continue;
        }
        ui.label(s.trials.to_string());
        ui.label(s.successes.to_string());
        ui.label(if s.trials == 0 {
            "—".into()
        } else {
            format!("{:.0} %", 100.0 * s.success_rate)
        });
        for v in [s.mean_ms, s.median_ms, s.min_ms, s.max_ms] {
            ui.label(if s.trials == 0 {
                "—".into()
            } else {
                format_ms(ui.ctx(), v)
            });
        }
        ui.label(l.counters().nodes.to_string());
        ui.end_row();
    }
}

/// The table as CSV: a header and one row per algorithm.
pub fn table_csv(lanes: &[Lane], puzzle: &str, instance: &str) -> String {
    let header = [
        "puzzle",
        "instance",
        "algorithm",
        "params",
        "trials",
        "successes",
        "success_rate",
        "mean_ms",
        "median_ms",
        "min_ms",
        "max_ms",
        "nodes_trial0",
        "generations_trial0",
        "success_rate_low",
        "success_rate_high",
        "median_solve_ms",
        "median_solve_ms_low",
        "median_solve_ms_high",
        "restart_cutoff_ms",
        "restart_expected_ms",
        "expected_ms_without_restarts",
        "median_solve_steps",
        "median_solve_steps_low",
        "median_solve_steps_high",
        "restart_cutoff_steps",
        "restart_expected_steps",
    ];
    let rows = lanes.iter().map(|l| {
        let named = [puzzle.to_string(), instance.to_string(), l.id().to_string()];
        let figures: Vec<String> = if l.played {
            // One answer, found by hand: no trials, times or nodes.
            let mut row = ["by hand", "1", "1", "1.0000"].map(String::from).to_vec();
            row.resize(header.len() - 3, String::new());
            row
        } else {
            let s = l.summary();
            let mut figures = vec![
                (l.params.iter())
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect::<Vec<_>>()
                    .join(" "),
                s.trials.to_string(),
                s.successes.to_string(),
                format!("{:.4}", s.success_rate),
                format!("{:.3}", s.mean_ms),
                format!("{:.3}", s.median_ms),
                format!("{:.3}", s.min_ms),
                format!("{:.3}", s.max_ms),
                l.counters().nodes.to_string(),
                l.counters().generations.to_string(),
            ];
            let r = &s.rtd;
            let figure = |x: Option<f64>, decimals: usize| {
                x.map_or(String::new(), |x| format!("{x:.decimals$}"))
            };
            figures.extend([
                figure(r.success_rate_low, 4),
                figure(r.success_rate_high, 4),
                figure(r.median_solve_ms, 3),
                figure(r.median_solve_ms_low, 3),
                figure(r.median_solve_ms_high, 3),
                figure(r.restart_cutoff_ms, 3),
                figure(r.restart_expected_ms, 3),
                figure(r.expected_ms_without_restarts, 3),
            ]);
            // Against the solver's own units of work, as the chart's "steps".
            let steps = crate::bench::StepsFigures::of(&l.stepped());
            figures.extend([
                figure(steps.median_solve_steps, 0),
                figure(steps.median_solve_steps_low, 0),
                figure(steps.median_solve_steps_high, 0),
                figure(steps.restart_cutoff_steps, 0),
                figure(steps.restart_expected_steps, 1),
            ]);
            figures
        };
        named.into_iter().chain(figures).collect::<Vec<String>>()
    });
    crate::files::csv_text(&header, rows)
}

/// Every plotted point as CSV: `algorithm,curve,x,y`.
pub fn curves_csv(lanes: &[Lane]) -> String {
    let mut rows: Vec<Vec<String>> = Vec::new();
    for l in lanes {
        let mut point = |curve: &str, x: String, y: String| {
            rows.push(vec![l.id().to_string(), curve.to_string(), x, y]);
        };
        for g in l.history().points() {
            let x = g.generation.to_string();
            if anneals(l.id()) {
                // Each point a stretch of proposals: the fewest and most attacking pairs.
                point("fewest_pairs", x.clone(), g.best.to_string());
                point("most_pairs", x, g.worst.to_string());
            } else {
                point("best_fitness", x, g.best.to_string());
            }
        }
        for p in &l.progress {
            point("deepest_per_node", p[0].to_string(), p[1].to_string());
        }
        for (i, t) in l.trials.iter().enumerate() {
            point("trial_ms", i.to_string(), t.ms.to_string());
            point("trial_found", i.to_string(), u8::from(t.found).to_string());
            point("trial_steps", i.to_string(), t.steps.to_string());
        }
    }
    crate::files::csv_text(&["algorithm", "curve", "x", "y"], rows)
}

/// Lower and upper quartiles of the trials' times.
fn quartiles(trials: &[(bool, f64)]) -> (f64, f64) {
    let mut ms: Vec<f64> = trials.iter().map(|t| t.1).collect();
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| {
        if ms.is_empty() {
            return 0.0;
        }
        let x = q * (ms.len() - 1) as f64;
        let (lo, hi) = (x.floor() as usize, x.ceil() as usize);
        ms[lo] + (ms[hi] - ms[lo]) * (x - lo as f64)
    };
    (at(0.25), at(0.75))
}

/// Whether a lane's algorithm is simulated annealing, which reports attacking pairs per
/// stretch of proposals instead of a fitness per generation.
/// What a lane's history scores, for its curve's title and axes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scored {
    /// A fitness per generation (the evolutionary algorithms).
    Fitness,
    /// Hill climbing's h after each step.
    Climb,
    /// Local beam search's best h per round.
    Beam,
}

/// What `algorithm`'s history scores.
fn scored(algorithm: &str) -> Scored {
    match QueensAlgo::of(algorithm) {
        Some(QueensAlgo::HillClimbing) => Scored::Climb,
        Some(QueensAlgo::Beam) => Scored::Beam,
        _ => Scored::Fitness,
    }
}

fn anneals(algorithm: &str) -> bool {
    QueensAlgo::of(algorithm) == Some(QueensAlgo::Annealing)
}
