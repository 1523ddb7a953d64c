//! What every view's statistics and sentences are made of: a row of figures, a time as
//! the views show it (hidden for reproducible pictures), how a run ended, and a region a
//! screen reader watches.

use egui::Ui;

fn hidden_id() -> egui::Id {
    egui::Id::unique("searchlab-hide-timings")
}

/// Hides (or shows) every timing in every view, for reproducible pictures of the window.
pub fn set_timings_hidden(ctx: &egui::Context, hide: bool) {
    ctx.data_mut(|d| d.insert_temp(hidden_id(), hide));
}

/// Whether timings are hidden (see [`set_timings_hidden`]).
pub fn timings_hidden(ctx: &egui::Context) -> bool {
    ctx.data(|d| d.get_temp(hidden_id()).unwrap_or(false))
}

/// A time as the views show it: "—" while timings are hidden.
pub fn format_ms(ctx: &egui::Context, ms: f64) -> String {
    if timings_hidden(ctx) {
        "—".to_string()
    } else if ms > 0.0 && ms < 0.1 {
        // A construction's microseconds, not "0.000 ms".
        format!("{:.1} µs", ms * 1e3)
    } else if ms < 10.0 {
        format!("{ms:.3} ms")
    } else {
        format!("{ms:.1} ms")
    }
}

/// One row of a statistics grid: `label` (with `help` on hover, when there is some) and
/// `value`.
pub fn stat_row(ui: &mut Ui, label: &str, help: &str, value: String) {
    let l = ui.label(label);
    if !help.is_empty() {
        l.on_hover_text(help);
    }
    ui.label(value);
    ui.end_row();
}

/// How a run ended, as a line under its figures: green when it found what it looked for,
/// in the warning colour when it did not.
pub fn outcome_label(ui: &mut Ui, message: &str, success: bool) {
    let colour = if success {
        egui::Color32::from_rgb(60, 170, 90)
    } else {
        ui.visuals().warn_fg_color
    };
    live_region(ui, |ui| {
        ui.label(egui::RichText::new(message).color(colour))
    });
}

/// A play mode's answer to a hint, drawn by `add` in a live region (`answered`: a hint's
/// answer is on show, not the line saying how to ask), and scrolled into sight when an
/// answer comes: the panel that holds it may have it below its fold (at 800×600 the
/// statistics stand under the play controls, and the hint buttons above them).
pub fn hint_region<R>(ui: &mut Ui, answered: bool, add: impl FnOnce(&mut Ui) -> R) -> R {
    let shown = ui.scope(|ui| live_region(ui, add));
    let id = shown.response.id.with("answered");
    let before = ui.ctx().data_mut(|d| {
        let before = d.get_temp::<bool>(id);
        d.insert_temp(id, answered);
        before
    });
    if answered && before == Some(false) {
        ui.scroll_to_rect(shown.response.rect, None);
    }
    shown.inner
}

/// Draws `add` in a region a screen reader watches: what changes in it is announced
/// without the student moving there (an AccessKit live region, polite): a step's sentence,
/// a question and its verdict, a hint, a lesson's verdict.
pub fn live_region<R>(ui: &mut Ui, add: impl FnOnce(&mut Ui) -> R) -> R {
    ui.scope(|ui| {
        let id = ui.unique_id();
        ui.ctx().accesskit_node_builder(id, |node| {
            node.set_live(egui::accesskit::Live::Polite);
        });
        add(ui)
    })
    .inner
}
