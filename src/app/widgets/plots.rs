//! The per-generation (or per-step) line plot the puzzle views share.

use crate::app::history::History;
use crate::solve::GenerationStats;
use egui::{Color32, Ui};
use egui_plot::{Legend, Line, Plot};

/// A curve of the plot: its name in the legend, what it reads of each point, its colour.
pub struct Curve {
    /// Its name in the legend, e.g. `best`.
    pub name: &'static str,
    /// The figure it reads of each point of the history.
    pub value: fn(&GenerationStats) -> f64,
    /// The colour of its line.
    pub colour: Color32,
}

/// The best score of each generation.
pub const BEST: Curve = Curve {
    name: "best",
    value: |g| g.best,
    colour: Color32::from_rgb(90, 200, 120),
};

/// The mean score of each generation.
pub const MEAN: Curve = Curve {
    name: "mean",
    value: |g| g.mean,
    colour: Color32::from_rgb(255, 170, 60),
};

/// The worst score of each generation.
pub const WORST: Curve = Curve {
    name: "worst",
    value: |g| g.worst,
    colour: Color32::from_rgb(200, 110, 110),
};

/// A sentence under a plot for what its curves do that they cannot explain themselves (a
/// fall of the best, a jump up at a restart), with more on hover.
#[derive(Debug, Clone, PartialEq)]
pub struct CurveNote {
    /// The sentence under the plot.
    pub short: String,
    /// More on what the curve does, shown on hover.
    pub detail: &'static str,
}

impl CurveNote {
    /// Draws the note (the detail on hover).
    pub fn show(&self, ui: &mut Ui) {
        ui.label(&self.short).on_hover_text(self.detail);
    }
}

/// The first generation whose best is lower than the one before: `(generation, before,
/// after)`.
pub fn first_fall(points: &[GenerationStats]) -> Option<(u64, f64, f64)> {
    points
        .windows(2)
        .find(|w| w[1].best < w[0].best)
        .map(|w| (w[1].generation, w[0].best, w[1].best))
}

/// What a plot of `history` cannot show, in words: a plot of one point (or none) has no
/// course over time, only a meaningless axis. `None` when there are two points or more.
/// `unit` is what the x axis counts ("generation", "step"); `found` says how the run
/// ended (`None` while it runs).
pub fn too_few_points(history: &History, unit: &str, found: Option<bool>) -> Option<String> {
    let points = history.points();
    if points.len() >= 2 {
        return None;
    }
    let Some(g) = points.first() else {
        return Some(format!("No {unit} has ended yet: nothing to plot."));
    };
    let when = if g.generation == 1 {
        format!("the first {unit}")
    } else {
        format!("{unit} {}", g.generation)
    };
    Some(match found {
        Some(true) => format!("Solved in {when}: nothing to plot over time."),
        Some(false) => format!("The run ended in {when}: nothing to plot over time."),
        None => format!("Only {when} so far: the plot starts with the next."),
    })
}

/// `history` as lines with a legend, `x_label` under the x axis; offered for export as
/// `export_name`. With fewer than two points it says so in words instead (see
/// [`too_few_points`]; `found` says how the run ended, `None` while it runs).
pub fn generation_plot(
    ui: &mut Ui,
    id: &str,
    export_name: &str,
    x_label: &str,
    history: &History,
    curves: &[Curve],
    found: Option<bool>,
) {
    plot_of(ui, (id, export_name, x_label), history, found, |plot| {
        for c in curves {
            plot.line(Line::new(c.name, history.series(c.value)).color(c.colour));
        }
    });
}

/// The plot of `history` with the lines `draw` draws, its id, the name of its picture and
/// its x axis in `names`: as wide as the panel shows (even beside a table wider than it,
/// which scrolls), its ticks short; in words when it has fewer than two points (`found`
/// says how the run ended).
fn plot_of(
    ui: &mut Ui,
    names: (&str, &str, &str),
    history: &History,
    found: Option<bool>,
    draw: impl FnOnce(&mut egui_plot::PlotUi),
) {
    let (id, export_name, x_label) = names;
    if let Some(note) = too_few_points(history, x_label, found) {
        ui.label(note);
        return;
    }
    let visible = ui.clip_rect().max.x - ui.cursor().min.x;
    let shown = Plot::new(id)
        .height(200.0)
        .width(ui.available_width().min(visible).max(80.0))
        .legend(Legend::default())
        .x_axis_label(x_label)
        .x_axis_formatter(|mark, _| short_tick(mark.value, mark.step_size))
        .allow_scroll(false)
        .show(ui, draw);
    crate::app::export::register(ui.ctx(), export_name, shown.response.rect);
}

/// A tick `step` apart from the next on a generation or step axis, short enough not to be
/// cut at the plot's right edge: 2,500 and 10k, not 10000; between whole numbers, as many
/// decimals as the step needs (0.3, not 0.30000000000000004).
pub fn short_tick(v: f64, step: f64) -> String {
    let a = v.abs();
    let sign = if v < 0.0 { "-" } else { "" };
    if a >= 1e6 && (a / 1e6).fract() == 0.0 {
        format!("{sign}{:.0}M", a / 1e6)
    } else if a >= 1e4 && (a / 1e3).fract() == 0.0 {
        format!("{sign}{:.0}k", a / 1e3)
    } else if v.fract() == 0.0 {
        format!("{sign}{}", crate::run::catalog::group_thousands(a as u64))
    } else {
        let decimals = (-step.abs().max(1e-12).log10().floor()).clamp(0.0, 12.0) as usize;
        format!("{v:.decimals$}")
    }
}

/// A walk's score per step, drawn by range, with the two curves named by `names`: the
/// first covers, at each point, every value the walk took over the steps the point gathers
/// (one step each early on, more later), the second is the best so far. For searches that
/// report every step or stretch of steps (simulated annealing), where a sample every few
/// thousand steps would draw a straight line over a walk that climbs and falls.
pub fn range_plot(
    ui: &mut Ui,
    id: &str,
    export_name: &str,
    x_label: &str,
    history: &History,
    names: [&'static str; 2],
    found: Option<bool>,
) {
    let [range, best] = names;
    plot_of(ui, (id, export_name, x_label), history, found, |plot| {
        plot.line(Line::new(range, history.range_series()).color(MEAN.colour));
        plot.line(Line::new(best, history.best_so_far()).color(BEST.colour));
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn history(generations: u64) -> History {
        let mut h = History::default();
        for generation in 1..=generations {
            h.record(GenerationStats {
                generation,
                ..GenerationStats::default()
            });
        }
        h
    }

    #[test]
    fn ticks_are_short() {
        assert_eq!(short_tick(0.0, 1.0), "0");
        assert_eq!(short_tick(2500.0, 500.0), "2,500");
        assert_eq!(short_tick(10_000.0, 2000.0), "10k");
        assert_eq!(short_tick(12_500.0, 2500.0), "12,500");
        assert_eq!(short_tick(3_000_000.0, 1e6), "3M");
        assert_eq!(short_tick(-20_000.0, 1e4), "-20k");
        assert_eq!(short_tick(0.5, 0.5), "0.5");
        assert_eq!(short_tick(0.1 + 0.2, 0.1), "0.3");
    }

    #[test]
    fn a_plot_of_one_point_or_none_is_said_in_words() {
        assert_eq!(
            too_few_points(&history(1), "generation", Some(true)).as_deref(),
            Some("Solved in the first generation: nothing to plot over time.")
        );
        assert!(
            too_few_points(&history(1), "step", None)
                .is_some_and(|s| s.starts_with("Only the first step so far"))
        );
        assert!(too_few_points(&history(0), "generation", Some(false)).is_some());
        assert_eq!(too_few_points(&history(2), "generation", Some(true)), None);
    }
}
