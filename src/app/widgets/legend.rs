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

/// Cividis (Nuñez, Anderton & Renslow 2018), the heat scale with colour-blind-safe colours
/// on: blue to yellow, read alike with every common colour-vision deficiency, darkest to
/// brightest on a dark background and the other way round on a light one.
const CIVIDIS: [Color32; 3] = [
    Color32::from_rgb(0, 34, 78),
    Color32::from_rgb(124, 123, 120),
    Color32::from_rgb(254, 232, 56),
];
const CIVIDIS_LIGHT: [Color32; 3] = [CIVIDIS[2], CIVIDIS[1], CIVIDIS[0]];

/// The Okabe–Ito colours (Okabe & Ito 2008), told apart with every common colour-vision
/// deficiency: orange, sky blue, bluish green, yellow, blue, vermillion, reddish purple.
pub const OKABE_ITO: [Color32; 7] = [
    Color32::from_rgb(230, 159, 0),
    Color32::from_rgb(86, 180, 233),
    Color32::from_rgb(0, 158, 115),
    Color32::from_rgb(240, 228, 66),
    Color32::from_rgb(0, 114, 178),
    Color32::from_rgb(213, 94, 0),
    Color32::from_rgb(204, 121, 167),
];

/// Where the shell keeps the colour-blind-safe setting for the widgets of the frame.
fn safe_id() -> egui::Id {
    egui::Id::unique("colour-blind-safe-colours")
}

/// Sets the colour-blind-safe colours on or off for the frames to come.
pub fn set_safe(ctx: &egui::Context, on: bool) {
    ctx.data_mut(|d| d.insert_temp(safe_id(), on));
}

/// Whether the colour-blind-safe colours are on: cividis heat maps, the Okabe–Ito colours
/// for marks, and shapes as well as colours in the search tree.
pub fn safe(ui: &Ui) -> bool {
    ui.ctx()
        .data(|d| d.get_temp::<bool>(safe_id()))
        .unwrap_or(false)
}

/// The heat scale's colour at `t` (0 the least, 1 the most) with the app's colours as set
/// (`dark_mode`, and the colour-blind-safe setting of `ui`).
pub fn heat_of(ui: &Ui) -> impl Fn(f32) -> Color32 + Copy + use<> {
    let (dark, safe) = (ui.visuals().dark_mode, safe(ui));
    move |t| heat_on(t, dark, safe)
}

/// The heat scale's colour at `t`, cividis when `safe`.
fn heat_on(t: f32, dark_mode: bool, safe: bool) -> Color32 {
    let stops = match (dark_mode, safe) {
        (true, false) => &DARK_STOPS,
        (false, false) => &LIGHT_STOPS,
        (true, true) => &CIVIDIS,
        (false, true) => &CIVIDIS_LIGHT,
    };
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

/// How colours look with a colour-vision deficiency, for tests of the palettes.
#[cfg(test)]
mod vision {
    use super::Color32;

    /// `c` as a viewer with full protanopia (`0`), deuteranopia (`1`) or tritanopia (`2`)
    /// sees it: Machado, Oliveira & Fernandes (2009), severity 1, applied in linear RGB.
    pub(crate) fn seen(c: Color32, deficiency: usize) -> [f32; 3] {
        const M: [[[f32; 3]; 3]; 3] = [
            [
                [0.152_286, 1.052_583, -0.204_868],
                [0.114_503, 0.786_281, 0.099_216],
                [-0.003_882, -0.048_116, 1.051_998],
            ],
            [
                [0.367_322, 0.860_646, -0.227_968],
                [0.280_085, 0.672_501, 0.047_413],
                [-0.011_820, 0.042_940, 0.968_881],
            ],
            [
                [1.255_528, -0.076_749, -0.178_779],
                [-0.078_411, 0.930_809, 0.147_602],
                [0.004_733, 0.691_367, 0.303_900],
            ],
        ];
        let lin = linear;
        let srgb = |v: f32| {
            let v = v.clamp(0.0, 1.0);
            255.0
                * if v <= 0.003_130_8 {
                    12.92 * v
                } else {
                    1.055 * v.powf(1.0 / 2.4) - 0.055
                }
        };
        let [r, g, b, _] = c.to_array();
        let l = [lin(r), lin(g), lin(b)];
        let m = M[deficiency];
        [0, 1, 2].map(|i| srgb(m[i][0] * l[0] + m[i][1] * l[1] + m[i][2] * l[2]))
    }

    /// An sRGB channel in linear light, 0 to 1.
    fn linear(v: u8) -> f32 {
        let v = f32::from(v) / 255.0;
        if v <= 0.040_45 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    }

    /// The WCAG contrast ratio of `a` and `b` (1 to 21), from their relative luminances.
    pub(crate) fn contrast(a: Color32, b: Color32) -> f32 {
        let lum = |c: Color32| {
            let [r, g, b, _] = c.to_array();
            0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
        };
        let (x, y) = (lum(a), lum(b));
        (x.max(y) + 0.05) / (x.min(y) + 0.05)
    }

    /// How far apart `a` and `b` look to a viewer with dichromacy `deficiency` (0 to 255
    /// per channel, Euclidean).
    pub(crate) fn apart(a: Color32, b: Color32, deficiency: usize) -> f32 {
        let (x, y) = (seen(a, deficiency), seen(b, deficiency));
        ((x[0] - y[0]).powi(2) + (x[1] - y[1]).powi(2) + (x[2] - y[2]).powi(2)).sqrt()
    }
}

#[cfg(test)]
pub(crate) use vision::{apart, contrast};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_heat_scale_grows_more_visible_with_the_value() {
        let luma = |c: Color32| {
            let [r, g, b, _] = c.to_array();
            0.299 * f32::from(r) + 0.587 * f32::from(g) + 0.114 * f32::from(b)
        };
        for (dark, safe) in [(true, false), (false, false), (true, true), (false, true)] {
            let mut last = None;
            for i in 0..=20 {
                let l = luma(heat_on(i as f32 / 20.0, dark, safe));
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
