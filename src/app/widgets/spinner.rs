//! The sign that work is under way: egui's spinner on the desktop; in a browser, the same
//! arc turned at most ten times a second (five while the search's workers take every
//! core). egui's asks for a repaint every frame, and a browser that draws with the CPU (no
//! GPU) then spends a core on drawing the whole page again and again, the core the search's
//! workers need.

use crate::platform::worker::WAKE_EVERY;
use egui::{Response, Sense, Shape, Stroke, Ui, emath::lerp, vec2};

/// A spinner in the line, the size of a button's height.
pub fn spinner(ui: &mut Ui) -> Response {
    if WAKE_EVERY.is_zero() {
        return ui.spinner();
    }
    let size = ui.style().spacing.interact_size.y;
    let (rect, response) = ui.allocate_exact_size(vec2(size, size), Sense::hover());
    if ui.is_rect_visible(rect) {
        ui.ctx()
            .request_repaint_after(crate::platform::worker::wake_every());
        let radius = rect.height().min(rect.width()) * 0.5 - 2.0;
        let time = ui.input(|i| i.time);
        let start = time * std::f64::consts::TAU;
        let end = start + 240f64.to_radians() * time.sin();
        let points = (0..16)
            .map(|i| {
                let (sin, cos) = lerp(start..=end, f64::from(i) / 16.0).sin_cos();
                rect.center() + radius * vec2(cos as f32, sin as f32)
            })
            .collect();
        let colour = ui.visuals().strong_text_color();
        ui.painter()
            .add(Shape::line(points, Stroke::new(3.0, colour)));
    }
    response
}
