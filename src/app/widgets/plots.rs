//! The per-generation (or per-step) line plot the puzzle views share.

use crate::app::history::History;
use crate::solve::GenerationStats;
use egui::{Color32, Ui};
use egui_plot::{Legend, Line, Plot};

/// A curve of the plot: its name in the legend, what it reads of each point, its colour.
pub struct Curve {
    pub name: &'static str,
    pub value: fn(&GenerationStats) -> f64,
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

/// `history` as lines with a legend, `x_label` under the x axis; offered for export as
/// `export_name`.
pub fn generation_plot(
    ui: &mut Ui,
    id: &str,
    export_name: &str,
    x_label: &str,
    history: &History,
    curves: &[Curve],
) {
    // As wide as the panel shows, even beside a table wider than it (which scrolls).
    let visible = ui.clip_rect().max.x - ui.cursor().min.x;
    let shown = Plot::new(id)
        .height(200.0)
        .width(ui.available_width().min(visible).max(80.0))
        .legend(Legend::default())
        .x_axis_label(x_label)
        .allow_scroll(false)
        .show(ui, |plot| {
            for c in curves {
                plot.line(Line::new(c.name, history.series(c.value)).color(c.colour));
            }
        });
    crate::app::export::register(ui.ctx(), export_name, shown.response.rect);
}
