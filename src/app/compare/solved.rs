//! Compare's run-time distributions: for each algorithm, the share of its trials solved
//! within each time (or number of steps), a trial that failed counted as unsolved at
//! every cut-off; under the plot, in words, each algorithm's success rate and time to
//! solve with their 95 % intervals and the restart cut-off its trials suggest
//! ([`crate::bench::rtd`]).

use super::charts::colour;
use super::lanes::Lane;
use crate::app::widgets::figures::{format_ms, timings_hidden};
pub use crate::app::widgets::solved_within::Measure;
use crate::app::widgets::solved_within::{self, Series};
use crate::bench::rtd::{Interval, Rtd};
use egui::{RichText, Ui};
use std::fmt::Write as _;

/// A trial's measure.
fn measured(t: &super::lanes::TrialEnd, measure: Measure) -> f64 {
    match measure {
        Measure::Time => t.ms,
        Measure::Steps => t.steps as f64,
    }
}

/// The plot and the words under it, for the lanes with a trial ended (not played by hand).
pub fn chart(ui: &mut Ui, lanes: &[Lane], measure: &mut Measure) {
    let shown: Vec<usize> = (0..lanes.len())
        .filter(|&i| !lanes[i].played && !lanes[i].trials.is_empty())
        .collect();
    if shown.is_empty() {
        return;
    }
    let hidden = timings_hidden(ui.ctx());
    if hidden {
        // Reproducible pictures leave times out: steps are the same on every machine.
        *measure = Measure::Steps;
    }
    let top = ui.cursor().min;
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new("Solved within").strong())
            .on_hover_text(
                "A run-time distribution: how the share of trials solved grows with the time (or \
             steps) allowed. A trial that failed is counted as unsolved at every cut-off, so \
             a mean or median that only looks at the trials that succeeded cannot flatter an \
             algorithm that often fails.",
            );
        ui.add_enabled_ui(!hidden, |ui| {
            ui.radio_value(measure, Measure::Time, "time");
        });
        ui.radio_value(measure, Measure::Steps, "steps");
    });
    ui.label(match measure {
        Measure::Time => {
            "share of each algorithm's trials solved within a time; a trial that failed never counts"
        }
        Measure::Steps => {
            "share of each algorithm's trials solved within a number of steps (each solver's own \
             unit of work: nodes, neighbours or chromosomes scored, so not comparable across \
             kinds of algorithm); a trial that failed never counts"
        }
    });
    let m = *measure;
    let rtds: Vec<(usize, Rtd)> = (shown.iter())
        .map(|&i| {
            (
                i,
                Rtd::new(lanes[i].trials.iter().map(|t| (t.found, measured(t, m)))),
            )
        })
        .collect();
    let series: Vec<Series> = (rtds.iter())
        .map(|(i, r)| {
            let n = r.trials() as f64;
            Series {
                name: lanes[*i].name.clone(),
                colour: colour(*i),
                steps: (r.solved().iter().enumerate())
                    .map(|(k, &x)| (x, (k + 1) as f64 / n))
                    .collect(),
                solved: r.success_rate(),
            }
        })
        .collect();
    let longest = (shown.iter())
        .flat_map(|&i| lanes[i].trials.iter())
        .map(|t| measured(t, m))
        .fold(0.0, f64::max);
    let plot = solved_within::plot(ui, "compare-solved-within", &series, m, longest, 200.0);
    for (i, r) in &rtds {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(&lanes[*i].name).strong().color(colour(*i)));
            ui.label(said(ui.ctx(), r, m));
        });
    }
    let rect = egui::Rect::from_min_max(top, egui::pos2(plot.right(), ui.cursor().min.y));
    crate::app::export::register(ui.ctx(), "solved within", rect);
}

/// What a lane's distribution says, in a sentence.
fn said(ctx: &egui::Context, r: &Rtd, m: Measure) -> String {
    let x = |v: f64| match m {
        Measure::Time => format_ms(ctx, v),
        Measure::Steps => format!("{v:.0} steps"),
    };
    let pct = |v: Option<f64>| v.map_or("—".into(), crate::bench::rtd::percent);
    let rate = r.success_rate_interval();
    let mut words = format!(
        "solved {:.0} % of {} trials (95 % interval {}–{} %, exact)",
        100.0 * r.success_rate(),
        r.trials(),
        pct(rate.low),
        pct(rate.high)
    );
    let Interval { low, high } = r.median_interval();
    let beyond = "beyond the longest trial";
    match r.median() {
        Some(m) if low.is_some() && low == high => {
            let _ = write!(
                words,
                "; half solved within {} (95 % interval: just that)",
                x(m)
            );
        }
        Some(m) => {
            let _ = write!(
                words,
                "; half solved within {} (95 % interval {} to {})",
                x(m),
                low.map_or(beyond.into(), x),
                high.map_or(beyond.into(), x)
            );
        }
        None => {
            words += match m {
                Measure::Time => "; fewer than half solved, so no time by which half were",
                Measure::Steps => {
                    "; fewer than half solved, so no number of steps by which half were"
                }
            }
        }
    }
    if let (Some(restart), Some(without)) = (r.restart(), r.expected_without_restarts()) {
        if restart.expected < 0.99 * without {
            let _ = write!(
                words,
                "; these {} trials suggest giving a trial up after {} for a fresh one, which \
                 would take {} a solution on average, against {} letting every trial run to its \
                 end",
                r.trials(),
                x(restart.cutoff),
                x(restart.expected),
                x(without)
            );
        } else {
            words += "; giving trials up early for fresh ones would not have helped these";
        }
    }
    words + "."
}
