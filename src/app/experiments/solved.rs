//! Experiments' "Solved within": each row's run-time distribution, drawn from the share of
//! its trials solved by each whole percent ([`crate::bench::RtdFigures`]).

use super::show::series_colour;
use crate::app::widgets::solved_within::{self, Measure};
use crate::bench::Summary;
use crate::bench::queens::CourseRow;
use egui::{RichText, Ui};

/// "Solved within": each row's run-time distribution (the share of its trials solved
/// within each time, in whole percents; a trial that failed never counts), one line a row
/// named `label`.
pub(super) fn solved_plot(ui: &mut Ui, id: &str, rows: &[(String, &Summary)], hide: bool) {
    solved_plot_but(ui, id, rows, &std::collections::BTreeSet::new(), hide);
}

/// [`solved_plot`] without the rows named in `hidden` (each row keeps its colour).
fn solved_plot_but(
    ui: &mut Ui,
    id: &str,
    rows: &[(String, &Summary)],
    hidden: &std::collections::BTreeSet<String>,
    hide: bool,
) {
    let rows: Vec<(usize, &(String, &Summary))> = (rows.iter().enumerate())
        .filter(|(_, r)| r.1.trials > 0 && !hidden.contains(&r.0))
        .collect();
    if rows.is_empty() {
        return;
    }
    ui.label(RichText::new("Solved within").strong())
        .on_hover_text(
            "A run-time distribution: how the share of trials solved grows with the time allowed. \
         A trial that failed is counted as unsolved at every time.",
        );
    // Against steps too, where every row counted them: a choice kept per plot.
    let counted = rows.iter().all(|r| r.1.1.steps.is_some());
    let choice = egui::Id::unique(("solved-within-measure", id));
    let mut measure: Measure = ui.data(|d| d.get_temp(choice)).unwrap_or_default();
    if !counted {
        measure = Measure::Time;
    }
    if counted {
        ui.horizontal(|ui| {
            ui.label("against");
            ui.radio_value(&mut measure, Measure::Time, "time");
            ui.radio_value(&mut measure, Measure::Steps, "steps")
                .on_hover_text("Each solver's own units of work (nodes, neighbours or squares scored): free of the machine's speed, but not comparable across kinds of algorithm");
        });
        ui.data_mut(|d| d.insert_temp(choice, measure));
    }
    if hide && measure == Measure::Time {
        ui.label("Times are hidden in reproducible pictures.");
        return;
    }
    ui.label(match measure {
        Measure::Time => "share of each row's trials solved within a time (in whole percents); a trial that failed never counts",
        Measure::Steps => "share of each row's trials solved within a number of its solver's steps (in whole percents); a trial that failed never counts",
    });
    let dark = ui.visuals().dark_mode;
    let by = |s: &Summary| -> Vec<f64> {
        match (measure, &s.steps) {
            (Measure::Steps, Some(t)) => t.solved_steps_by_percent.clone(),
            _ => s.rtd.solved_ms_by_percent.clone(),
        }
    };
    let series: Vec<solved_within::Series> = (rows.iter())
        .map(|&(i, (label, s))| solved_within::Series {
            name: label.clone(),
            colour: series_colour(i, dark),
            steps: (by(s).into_iter().enumerate())
                .map(|(k, t)| (t, (k + 1) as f64 / 100.0))
                .collect(),
            solved: s.success_rate,
        })
        .collect();
    let longest = match measure {
        Measure::Time => rows.iter().map(|r| r.1.1.max_ms).fold(0.0, f64::max),
        Measure::Steps => (series.iter())
            .flat_map(|s| s.steps.last().map(|p| p.0))
            .fold(1.0, f64::max),
    };
    let rect = solved_within::plot(ui, id, &series, measure, longest, 240.0);
    crate::app::export::register(ui.ctx(), "solved within", rect);
}

/// "Solved within" for the course's table: the algorithms at one n, picked here (the
/// largest at first).
pub(super) fn course_solved_plot(ui: &mut Ui, rows: &[CourseRow], hide: bool) {
    let mut ns: Vec<u64> = rows.iter().map(|r| r.n).collect();
    ns.sort_unstable();
    ns.dedup();
    let Some(&largest) = ns.last() else {
        return;
    };
    let id = egui::Id::unique("course-solved-n");
    let mut n: u64 = ui
        .data(|d| d.get_temp(id))
        .filter(|n| ns.contains(n))
        .unwrap_or(largest);
    if ns.len() > 1 {
        ui.horizontal_wrapped(|ui| {
            ui.label("Solved within, at n =");
            for &m in &ns {
                ui.selectable_value(&mut n, m, m.to_string());
            }
        });
        ui.data_mut(|d| d.insert_temp(id, n));
    }
    // The algorithms hidden in the plot by n are hidden here too.
    let hidden: std::collections::BTreeSet<String> =
        (ui.data(|d| d.get_temp(egui::Id::unique("queens-course-hidden")))).unwrap_or_default();
    let named: Vec<_> = (rows.iter())
        .filter(|r| r.n == n)
        .map(|r| (r.label.clone(), &r.summary))
        .collect();
    solved_plot_but(ui, "course-solved", &named, &hidden, hide);
}
