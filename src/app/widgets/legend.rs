//! What the boards' colours mean: the one colour scale every heat map uses, a colour bar
//! with the numbers at its ends and what they are, and swatches for single colours. Each
//! legend item is a widget of its own with its words for screen readers and tests.

use egui::{Align2, Color32, FontId, Rect, Sense, Stroke, StrokeKind, Ui, Vec2, vec2};

/// The heat scale's stops, from the least to the most: darkest to brightest on a dark
/// background, palest to deepest on a light one, so that more always stands out more.
const DARK_STOPS: [Color32; 3] = [
    Color32::from_rgb(44, 54, 76),
    Color32::from_rgb(36, 132, 142),
    Color32::from_rgb(160, 226, 96),
];
const LIGHT_STOPS: [Color32; 3] = [
    Color32::from_rgb(248, 244, 226),
    Color32::from_rgb(116, 190, 168),
    Color32::from_rgb(18, 96, 64),
];

/// The heat scale's colour at `t` (0 the least, 1 the most).
pub fn heat_colour(t: f32, dark_mode: bool) -> Color32 {
    let stops = if dark_mode { &DARK_STOPS } else { &LIGHT_STOPS };
    let t = if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        0.0
    };
    if t <= 0.5 {
        stops[0].lerp_to_gamma(stops[1], t * 2.0)
    } else {
        stops[1].lerp_to_gamma(stops[2], (t - 0.5) * 2.0)
    }
}

/// Black or white, whichever reads better on `background`.
pub fn text_on(background: Color32) -> Color32 {
    let [r, g, b, _] = background.to_array();
    let luma = 0.299 * f32::from(r) + 0.587 * f32::from(g) + 0.114 * f32::from(b);
    if luma > 140.0 {
        Color32::BLACK
    } else {
        Color32::WHITE
    }
}

/// The width of a colour bar's gradient.
const BAR_WIDTH: f32 = 120.0;

/// A colour bar: `low`, the gradient of `colour` from 0 to 1, `high`, then `caption` (what
/// the numbers are). Told to screen readers as "caption: colour scale from low to high".
pub fn colour_bar(
    ui: &mut Ui,
    caption: &str,
    low: &str,
    high: &str,
    colour: impl Fn(f32) -> Color32,
) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 4.0;
        ui.label(low);
        let height = ui.text_style_height(&egui::TextStyle::Body) * 0.8;
        let (rect, response) = ui.allocate_exact_size(vec2(BAR_WIDTH, height), Sense::hover());
        let told = format!("{caption}: colour scale from {low} to {high}");
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &told));
        let steps = 48;
        let w = rect.width() / steps as f32;
        let painter = ui.painter();
        for i in 0..steps {
            let t = (i as f32 + 0.5) / steps as f32;
            let r = Rect::from_min_size(
                rect.min + vec2(i as f32 * w, 0.0),
                vec2(w + 0.5, rect.height()),
            );
            painter.rect_filled(r, 0.0, colour(t));
        }
        painter.rect_stroke(
            rect,
            0.0,
            Stroke::new(1.0, ui.visuals().weak_text_color()),
            StrokeKind::Outside,
        );
        response.on_hover_text(&told);
        ui.label(high);
        ui.label(egui::RichText::new(caption).weak());
    });
}

/// How a swatch shows its colour.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Mark<'a> {
    /// A filled square.
    Fill(Color32),
    /// A square's outline.
    Outline(Color32),
    /// A ring.
    Ring(Color32),
    /// A short line.
    Line(Color32),
    /// A short dashed line.
    Dashed(Color32),
    /// A glyph or number in the colour.
    Glyph(&'a str, Color32),
    /// A gradient between two colours.
    Gradient(Color32, Color32),
}

/// A swatch and the words that say what its colour means, as one widget: a row of them
/// wraps between swatches, and words longer than the row wrap under their own swatch.
pub fn swatch(ui: &mut Ui, mark: Mark, text: &str) {
    let side = ui.text_style_height(&egui::TextStyle::Body);
    let gap = 4.0;
    let row_width = ui.max_rect().width();
    let galley = ui.painter().layout(
        text.to_string(),
        egui::TextStyle::Body.resolve(ui.style()),
        ui.visuals().text_color(),
        (row_width - side - gap).max(40.0),
    );
    let size = vec2(side + gap + galley.size().x, side.max(galley.size().y));
    let (rect, response) = ui.allocate_exact_size(size, Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, text));
    let painter = ui.painter();
    let mark_rect = Rect::from_min_size(rect.min, Vec2::splat(side));
    let inner = mark_rect.shrink(2.0);
    match mark {
        Mark::Fill(c) => {
            painter.rect_filled(inner, 1.0, c);
        }
        Mark::Outline(c) => {
            painter.rect_stroke(inner, 0.0, Stroke::new(2.0, c), StrokeKind::Inside);
        }
        Mark::Ring(c) => {
            painter.circle_stroke(inner.center(), inner.width() * 0.4, Stroke::new(2.0, c));
        }
        Mark::Line(c) => {
            painter.line_segment(
                [inner.left_bottom(), inner.right_top()],
                Stroke::new(2.5, c),
            );
        }
        Mark::Dashed(c) => {
            painter.extend(egui::Shape::dashed_line(
                &[inner.left_bottom(), inner.right_top()],
                Stroke::new(2.5, c),
                4.0,
                3.0,
            ));
        }
        Mark::Glyph(g, c) => {
            painter.text(
                mark_rect.center(),
                Align2::CENTER_CENTER,
                g,
                FontId::proportional(side * 0.9),
                c,
            );
        }
        Mark::Gradient(a, b) => {
            let left = Rect::from_min_max(inner.min, inner.center_bottom());
            painter.rect_filled(left, 0.0, a);
            painter.rect_filled(Rect::from_min_max(inner.center_top(), inner.max), 0.0, b);
        }
    }
    let text_at = egui::pos2(mark_rect.max.x + gap, rect.min.y);
    painter.galley(text_at, galley, ui.visuals().text_color());
}

/// The height of a legend strip of `rows` rows.
pub fn strip_height(ui: &Ui, rows: usize) -> f32 {
    let line = ui.text_style_height(&egui::TextStyle::Body);
    let row = line.max(ui.spacing().interact_size.y) + ui.spacing().item_spacing.y;
    rows as f32 * row + 8.0
}

/// Draws `contents` in `rect` (a strip of fixed height under a board), clipped to it: the
/// board above keeps its size whatever the legend says. Lay out rows with [`row`].
pub fn strip(ui: &mut Ui, rect: Rect, contents: impl FnOnce(&mut Ui)) {
    let mut child = ui.new_child(
        egui::UiBuilder::new()
            .max_rect(rect.shrink2(vec2(0.0, 2.0)))
            .layout(egui::Layout::top_down(egui::Align::Min)),
    );
    child.shrink_clip_rect(rect);
    contents(&mut child);
}

/// A row of legend items, wrapped at the strip's width.
pub fn row(ui: &mut Ui, contents: impl FnOnce(&mut Ui)) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 14.0;
        contents(ui);
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_heat_scale_grows_more_visible_with_the_value() {
        let luma = |c: Color32| {
            let [r, g, b, _] = c.to_array();
            0.299 * f32::from(r) + 0.587 * f32::from(g) + 0.114 * f32::from(b)
        };
        for dark in [true, false] {
            let mut last = None;
            for i in 0..=20 {
                let l = luma(heat_colour(i as f32 / 20.0, dark));
                if let Some(prev) = last {
                    if dark {
                        assert!(l >= prev, "brighter with more on a dark background");
                    } else {
                        assert!(l <= prev, "deeper with more on a light background");
                    }
                }
                last = Some(l);
            }
        }
    }
}
