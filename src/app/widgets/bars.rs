//! Bar charts that name every bar: one row per algorithm with its name, its bar (or the
//! spread of its times) on a scale shared by the rows, and its figure at the end. The chart
//! takes the width it is given, whatever it is; on a narrow one each name stands above its
//! bar. Each row is a widget that says what it shows, for hover and screen readers.

use egui::{Align2, Color32, FontId, Rect, Sense, Stroke, StrokeKind, Ui, pos2, vec2};

/// What a row draws on the scale.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Shape {
    /// A bar from 0 to the value.
    Bar(f64),
    /// Times over trials: a thin bar to the mean, a box from the lower to the upper
    /// quartile with the median in it, whiskers to the least and the most.
    Spread {
        /// The least value: the left whisker's end.
        min: f64,
        /// The lower quartile: the box's left edge.
        q1: f64,
        /// The median: the line across the box.
        median: f64,
        /// The upper quartile: the box's right edge.
        q3: f64,
        /// The most: the right whisker's end.
        max: f64,
        /// The mean: the thin bar's end.
        mean: f64,
    },
}

impl Shape {
    fn end(&self) -> f64 {
        match *self {
            Shape::Bar(v) => v,
            Shape::Spread { max, mean, .. } => max.max(mean),
        }
    }
}

/// One row of a chart.
pub struct Row {
    /// The row's label, left of its bar (an algorithm's name).
    pub name: String,
    /// The bar's colour, the same as the row's algorithm has in the other charts.
    pub colour: Color32,
    /// What to draw; `None` while there is nothing to show (no trial yet, times hidden).
    pub shape: Option<Shape>,
    /// The figure at the bar's end: "100 %", "1.25 ms".
    pub value: String,
    /// The row in words: "Warnsdorff: success rate 100 % (3 of 3 trials)".
    pub told: String,
}

/// Space between a row's parts.
const GAP: f32 = 8.0;
/// Below this width for the bars, names go above them.
const MIN_BAR_WIDTH: f32 = 120.0;

/// Draws `rows` on a scale from 0 to `scale_max` (at least the largest figure), with tick
/// labels under it written by `tick`. Returns the chart's rect.
pub fn chart(ui: &mut Ui, rows: &[Row], scale_max: f64, tick: &dyn Fn(f64) -> String) -> Rect {
    let top = ui.cursor().min;
    let width = ui.available_width().max(1.0);
    let font = egui::TextStyle::Body.resolve(ui.style());
    let measure = |ui: &Ui, text: &str| {
        ui.painter()
            .layout_no_wrap(text.to_string(), font.clone(), Color32::WHITE)
            .size()
            .x
    };
    let name_width = (rows.iter())
        .map(|r| measure(ui, &r.name))
        .fold(0.0, f32::max);
    let value_width = (rows.iter())
        .map(|r| measure(ui, &r.value))
        .fold(0.0, f32::max);
    let side_by_side = width - name_width - value_width - 2.0 * GAP >= MIN_BAR_WIDTH;
    let bar_left = if side_by_side { name_width + GAP } else { 0.0 };
    let bar_width = (width - bar_left - value_width - GAP).max(20.0);
    let line = ui.text_style_height(&egui::TextStyle::Body);
    let row_height = if side_by_side {
        line + 6.0
    } else {
        2.0 * line + 6.0
    };
    let max = (rows.iter())
        .filter_map(|r| r.shape.as_ref().map(Shape::end))
        .fold(scale_max, f64::max)
        .max(f64::MIN_POSITIVE);
    let text_colour = ui.visuals().text_color();
    let mut bars_area = None::<Rect>;
    let mut bottom = top.y;

    for row in rows {
        let (rect, response) = ui.allocate_exact_size(vec2(width, row_height), Sense::hover());
        bottom = rect.max.y;
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &row.told));
        let painter = ui.painter_at(rect);
        let (name_at, bar_top) = if side_by_side {
            (
                pos2(rect.min.x, rect.center().y),
                rect.center().y - line / 2.0,
            )
        } else {
            (
                pos2(rect.min.x, rect.min.y + line / 2.0 + 1.0),
                rect.min.y + line + 4.0,
            )
        };
        painter.text(
            name_at,
            Align2::LEFT_CENTER,
            &row.name,
            font.clone(),
            row.colour,
        );
        let bar = Rect::from_min_size(pos2(rect.min.x + bar_left, bar_top), vec2(bar_width, line));
        bars_area = Some(bars_area.map_or(bar, |a| a.union(bar)));
        let x = |v: f64| bar.min.x + (v / max).clamp(0.0, 1.0) as f32 * bar.width();
        draw_shape(&painter, row, bar, max, ui.visuals().extreme_bg_color);
        let value_at = match row.shape {
            Some(s) => x(s.end()) + GAP / 2.0,
            None => bar.min.x,
        };
        painter.text(
            pos2(value_at.min(rect.max.x - value_width), bar.center().y),
            Align2::LEFT_CENTER,
            &row.value,
            font.clone(),
            text_colour,
        );
        response.on_hover_text(&row.told);
    }

    // The scale under the bars: a few round figures (none while no row has a figure).
    let any_shape = rows.iter().any(|r| r.shape.is_some());
    if let Some(area) = bars_area.filter(|_| any_shape) {
        bottom = scale(ui, area, width, max, tick, &measure);
    }
    Rect::from_min_max(top, pos2(top.x + width, bottom))
}

/// Row `row`'s figure on its `bar`, on a scale to `max`: a bar, or a spread (whiskers from
/// least to most, a box from quartile to quartile, the median, the mean as a faint bar).
fn draw_shape(painter: &egui::Painter, row: &Row, bar: Rect, max: f64, background: Color32) {
    let line = bar.height();
    let x = |v: f64| bar.min.x + (v / max).clamp(0.0, 1.0) as f32 * bar.width();
    match row.shape {
        Some(Shape::Bar(v)) => {
            let r = Rect::from_min_max(bar.min, pos2(x(v).max(bar.min.x + 1.0), bar.max.y));
            painter.rect_filled(r, 2.0, row.colour);
        }
        Some(Shape::Spread {
            min,
            q1,
            median,
            q3,
            max: most,
            mean,
        }) => {
            let mid = bar.center().y;
            let mean_bar = Rect::from_min_max(
                pos2(bar.min.x, mid - line * 0.18),
                pos2(x(mean).max(bar.min.x + 1.0), mid + line * 0.18),
            );
            painter.rect_filled(mean_bar, 1.0, row.colour.gamma_multiply(0.45));
            let stroke = Stroke::new(1.5, row.colour);
            painter.line_segment([pos2(x(min), mid), pos2(x(most), mid)], stroke);
            for end in [min, most] {
                painter.line_segment(
                    [pos2(x(end), bar.min.y + 3.0), pos2(x(end), bar.max.y - 3.0)],
                    stroke,
                );
            }
            let boxed = Rect::from_min_max(
                pos2(x(q1), bar.min.y + 1.0),
                pos2(x(q3).max(x(q1) + 2.0), bar.max.y - 1.0),
            );
            painter.rect_filled(boxed, 1.0, background);
            painter.rect_stroke(boxed, 1.0, stroke, StrokeKind::Inside);
            painter.line_segment(
                [pos2(x(median), boxed.min.y), pos2(x(median), boxed.max.y)],
                Stroke::new(2.5, row.colour),
            );
        }
        None => {}
    }
}

/// The scale under the bars' `area` (of a chart `width` wide, up to `max`): as many round
/// figures as fit, written by `tick`. Returns the bottom of the scale.
fn scale(
    ui: &mut Ui,
    area: Rect,
    width: f32,
    max: f64,
    tick: &dyn Fn(f64) -> String,
    measure: &dyn Fn(&Ui, &str) -> f32,
) -> f32 {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let line = ui.text_style_height(&egui::TextStyle::Body);
    let (rect, _) = ui.allocate_exact_size(vec2(width, line + 6.0), Sense::hover());
    let painter = ui.painter_at(rect.expand2(vec2(GAP, 0.0)));
    let y = rect.min.y + 2.0;
    let weak = ui.visuals().weak_text_color();
    painter.line_segment(
        [pos2(area.min.x, y), pos2(area.max.x, y)],
        Stroke::new(1.0, weak),
    );
    // As many round figures as fit without touching (at most five).
    let widest = [max, max / 3.0, 0.0]
        .map(|v| measure(ui, &tick(v)))
        .into_iter()
        .fold(0.0, f32::max);
    let fit = f64::from(
        (area.width() / (1.5 * widest + GAP))
            .floor()
            .clamp(1.0, 4.0),
    );
    let mut step = nice_step(max / fit);
    if step > max {
        // One round figure under the most, rather than none.
        let power = 10f64.powf(max.log10().floor());
        step = [5.0, 2.0, 1.0]
            .into_iter()
            .map(|m| m * power)
            .find(|&v| v <= max)
            .unwrap_or(power);
    }
    let mut v = 0.0;
    // Where the last figure written ends: a figure that would touch it is left out (its
    // mark stays), as "0.000 ms" written from the start may reach the next one's middle.
    let mut written_to = f32::NEG_INFINITY;
    while v <= max * (1.0 + 1e-9) {
        let tx = area.min.x + (v / max) as f32 * area.width();
        painter.line_segment([pos2(tx, y), pos2(tx, y + 3.0)], Stroke::new(1.0, weak));
        let text = tick(v);
        let w = measure(ui, &text);
        // The first figure starts at the scale's start, so that it stays in sight.
        let (align, left) = if v == 0.0 {
            (Align2::LEFT_TOP, tx)
        } else {
            (Align2::CENTER_TOP, tx - w / 2.0)
        };
        if left >= written_to + GAP / 2.0 {
            painter.text(
                pos2(tx, y + 3.0),
                align,
                text,
                FontId::proportional(font.size * 0.9),
                weak,
            );
            written_to = left + w;
        }
        v += step;
    }
    rect.max.y
}

/// A round step near `raw`: 1, 2 or 5 times a power of ten.
pub fn nice_step(raw: f64) -> f64 {
    if !(raw.is_finite() && raw > 0.0) {
        return 1.0;
    }
    let power = 10f64.powf(raw.log10().floor());
    let m = raw / power;
    let nice = if m <= 1.0 {
        1.0
    } else if m <= 2.0 {
        2.0
    } else if m <= 5.0 {
        5.0
    } else {
        10.0
    };
    nice * power
}

#[cfg(test)]
mod tests {
    use super::nice_step;

    #[test]
    fn steps_are_round() {
        assert_eq!(nice_step(25.0), 50.0);
        assert_eq!(nice_step(0.3), 0.5);
        assert_eq!(nice_step(1.0), 1.0);
        assert_eq!(nice_step(0.0), 1.0);
        assert_eq!(nice_step(130.0), 200.0);
    }
}
