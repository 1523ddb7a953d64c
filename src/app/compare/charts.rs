//! Compare's pictures and figures: the curves of trial 0 (overlaid or side by side), the
//! time and success charts over every trial, the table, and their CSV.

use super::lanes::Lane;
use crate::app::view::{format_ms, timings_hidden};
use crate::app::widgets::plots::{CurveNote, too_few_points};
use egui::{Color32, RichText, Ui};
use egui_plot::{Bar, BarChart, BoxElem, BoxPlot, BoxSpread, Legend, Line, Plot};
use std::fmt::Write as _;

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
    ui.horizontal(|ui| {
        ui.label(RichText::new("Curves of trial 0").strong());
        ui.radio_value(overlay, true, "Overlaid");
        ui.radio_value(overlay, false, "Side by side");
    });
    let evolving: Vec<usize> = (0..lanes.len())
        .filter(|&i| lanes[i].history().points().len() >= 2)
        .collect();
    let single: Vec<usize> = (0..lanes.len())
        .filter(|&i| lanes[i].history().points().len() == 1)
        .collect();
    let searching: Vec<usize> = (0..lanes.len())
        .filter(|&i| lanes[i].history().points().is_empty() && lanes[i].progress.len() > 1)
        .collect();
    let mut groups: Vec<(&str, &str, &str, Vec<usize>, bool)> = Vec::new();
    if !evolving.is_empty() {
        groups.push((
            "best fitness per generation",
            "generation",
            "best fitness",
            evolving,
            true,
        ));
    }
    if !searching.is_empty() {
        groups.push((
            "progress per node",
            "nodes",
            progress_axis,
            searching,
            false,
        ));
    }
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
                ui.label(RichText::new(&l.algorithm).strong().color(colour(i)));
                ui.label(said);
            });
        }
    }
    for (title, x, y, shown, fitness) in groups {
        ui.label(title);
        let line = |i: usize| {
            let l = &lanes[i];
            let points = if fitness {
                l.history().series(|g| g.best)
            } else {
                egui_plot::PlotPoints::from(l.progress.clone())
            };
            Line::new(l.algorithm.clone(), points).color(colour(i))
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
            let w = (ui.available_width() / shown.len() as f32 - 8.0).max(120.0);
            let link = egui::Id::unique(("compare-link", title));
            let row = ui.horizontal(|ui| {
                for &i in &shown {
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
            crate::app::export::register(ui.ctx(), title, row.response.rect);
        }
    }
    for (i, note) in notes {
        ui.horizontal_wrapped(|ui| {
            ui.label(
                RichText::new(&lanes[*i].algorithm)
                    .strong()
                    .color(colour(*i)),
            );
            note.show(ui);
        });
    }
}

/// Labels the x axis's whole numbers with the algorithms' names.
fn names_axis(
    names: Vec<String>,
) -> impl Fn(egui_plot::GridMark, &std::ops::RangeInclusive<f64>) -> String {
    move |mark, _| {
        let i = mark.value.round();
        if (mark.value - i).abs() < 1e-6 && i >= 0.0 {
            names.get(i as usize).cloned().unwrap_or_default()
        } else {
            String::new()
        }
    }
}

/// Time per trial: a box (spread) and a bar (mean) per algorithm; success rates beside.
pub fn time_chart(ui: &mut Ui, lanes: &[Lane], trials: u64) {
    if lanes.iter().all(|l| l.trials.is_empty()) {
        return;
    }
    let names: Vec<String> = lanes.iter().map(|l| l.algorithm.clone()).collect();
    let hide = timings_hidden(ui.ctx());
    let charts = ui.horizontal(|ui| {
        let w = ((ui.available_width() - 24.0) / 2.0).max(160.0);
        ui.vertical(|ui| {
            ui.label(format!(
                "time per trial (ms): bar = mean, box = quartiles, whiskers = min and max ({trials} trials){}",
                if hide { "; hidden in reproducible pictures" } else { "" }
            ));
            Plot::new("compare-time")
                .height(200.0)
                .width(w)
                .x_axis_formatter(names_axis(names.clone()))
                .allow_scroll(false)
                .include_y(0.0)
                .show(ui, |plot| {
                    if hide {
                        return;
                    }
                    for (i, l) in lanes.iter().enumerate() {
                        if l.trials.is_empty() {
                            continue;
                        }
                        let s = l.summary();
                        let (q1, q3) = quartiles(&l.trials);
                        plot.bar_chart(
                            BarChart::new(
                                format!("{} mean", l.algorithm),
                                vec![Bar::new(i as f64, s.mean_ms).width(0.6)],
                            )
                            .color(colour(i).gamma_multiply(0.5)),
                        );
                        plot.box_plot(
                            BoxPlot::new(
                                l.algorithm.clone(),
                                vec![
                                    BoxElem::new(
                                        i as f64,
                                        BoxSpread::new(s.min_ms, q1, s.median_ms, q3, s.max_ms),
                                    )
                                    .box_width(0.3),
                                ],
                            )
                            .color(colour(i)),
                        );
                    }
                });
        });
        ui.vertical(|ui| {
            ui.label("success rate (%)");
            Plot::new("compare-success")
                .height(200.0)
                .width(w)
                .x_axis_formatter(names_axis(names))
                .include_y(0.0)
                .include_y(100.0)
                .allow_scroll(false)
                .show(ui, |plot| {
                    for (i, l) in lanes.iter().enumerate() {
                        if l.trials.is_empty() {
                            continue;
                        }
                        plot.bar_chart(
                            BarChart::new(
                                l.algorithm.clone(),
                                vec![
                                    Bar::new(i as f64, 100.0 * l.summary().success_rate)
                                        .width(0.6),
                                ],
                            )
                            .color(colour(i)),
                        );
                    }
                });
        });
    });
    crate::app::export::register(ui.ctx(), "time and success charts", charts.response.rect);
}

/// The figures of every algorithm, a row each.
pub fn table(ui: &mut Ui, lanes: &[Lane]) {
    ui.label(RichText::new("Figures").strong());
    egui::Grid::new("compare-table")
        .striped(true)
        .num_columns(9)
        .show(ui, |ui| {
            for h in [
                "algorithm",
                "trials",
                "found",
                "success",
                "mean",
                "median",
                "min",
                "max",
                "nodes (trial 0)",
            ] {
                ui.label(RichText::new(h).strong());
            }
            ui.end_row();
            for (i, l) in lanes.iter().enumerate() {
                let s = l.summary();
                ui.label(RichText::new(&l.algorithm).color(colour(i)));
                ui.label(s.trials.to_string());
                ui.label(s.successes.to_string());
                ui.label(format!("{:.0} %", 100.0 * s.success_rate));
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
        });
}

/// The table as CSV: a header and one row per algorithm.
pub fn table_csv(lanes: &[Lane], puzzle: &str, instance: &str) -> String {
    let mut out = String::from(
        "puzzle,instance,algorithm,params,trials,successes,success_rate,mean_ms,median_ms,min_ms,max_ms,nodes_trial0,generations_trial0\n",
    );
    for l in lanes {
        let s = l.summary();
        let _ = writeln!(
            out,
            "{puzzle},{instance},{},{},{},{},{:.4},{:.3},{:.3},{:.3},{:.3},{},{}",
            l.algorithm,
            l.params
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join(" "),
            s.trials,
            s.successes,
            s.success_rate,
            s.mean_ms,
            s.median_ms,
            s.min_ms,
            s.max_ms,
            l.counters().nodes,
            l.counters().generations
        );
    }
    out
}

/// Every plotted point as CSV: `algorithm,curve,x,y`.
pub fn curves_csv(lanes: &[Lane]) -> String {
    let mut out = String::from("algorithm,curve,x,y\n");
    for l in lanes {
        for g in l.history().points() {
            let _ = writeln!(
                out,
                "{},best_fitness,{},{}",
                l.algorithm, g.generation, g.best
            );
        }
        for p in &l.progress {
            let _ = writeln!(out, "{},deepest_per_node,{},{}", l.algorithm, p[0], p[1]);
        }
        for (t, (found, ms)) in l.trials.iter().enumerate() {
            let _ = writeln!(out, "{},trial_ms,{t},{ms}", l.algorithm);
            let _ = writeln!(out, "{},trial_found,{t},{}", l.algorithm, *found as u8);
        }
    }
    out
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
