//! A search tree as an icicle: the roots along the top, each node a bar under its parent
//! as wide as its share of the parent's subtree, one row per depth, coloured by how the
//! node ended; the path to the step on show outlined. Hovering a node tells it; a click
//! returns it.

use super::legend::{self, Mark};
use crate::run::trace::tree::{Outcome, SearchTree};
use egui::{Color32, Pos2, Rect, Sense, Stroke, StrokeKind, Ui, vec2};

/// Nodes narrower than this (in points) are not drawn: their parent's bar stands for them.
const MIN_WIDTH: f32 = 0.6;

/// How a node that ended as `outcome` is coloured (`safe`: the Okabe–Ito colours).
fn colour(outcome: Outcome, dark: bool, safe: bool) -> Color32 {
    use super::legend::OKABE_ITO as OI;
    if safe {
        // The four Okabe–Ito colours furthest apart for all three dichromacies.
        return match outcome {
            Outcome::Inner => colour(outcome, dark, false),
            Outcome::DeadEnd => OI[5],
            // Yellow is too faint on a light background: orange there.
            Outcome::Pruned if dark => OI[3],
            Outcome::Pruned => OI[0],
            Outcome::Solution => OI[4],
            Outcome::Frontier => OI[1],
        };
    }
    match (outcome, dark) {
        (Outcome::Inner, true) => Color32::from_rgb(110, 120, 140),
        (Outcome::Inner, false) => Color32::from_rgb(170, 175, 185),
        (Outcome::DeadEnd, true) => Color32::from_rgb(230, 90, 90),
        (Outcome::DeadEnd, false) => Color32::from_rgb(200, 50, 50),
        (Outcome::Pruned, true) => Color32::from_rgb(240, 170, 60),
        (Outcome::Pruned, false) => Color32::from_rgb(210, 130, 0),
        (Outcome::Solution, true) => Color32::from_rgb(100, 220, 120),
        (Outcome::Solution, false) => Color32::from_rgb(0, 140, 50),
        (Outcome::Frontier, true) => Color32::from_rgb(100, 170, 255),
        (Outcome::Frontier, false) => Color32::from_rgb(30, 100, 210),
    }
}

/// Draws `tree` `height` points high; `current` is the node of the step on show, and nodes
/// made at step `reached` or later are faint (the search has not made them yet); `tell`
/// says a node in words. Returns the node clicked.
pub fn icicle(
    ui: &mut Ui,
    tree: &SearchTree,
    current: Option<u32>,
    reached: usize,
    height: f32,
    tell: impl Fn(u32) -> String,
) -> Option<u32> {
    let dark = ui.visuals().dark_mode;
    let safe = super::legend::safe(ui);
    let width = ui.available_width().max(100.0);
    let (rect, response) = ui.allocate_exact_size(vec2(width, height), Sense::click());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "Explored tree"));
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 2.0, ui.visuals().extreme_bg_color);
    let rows = tree.max_depth().max(1) as f32;
    let row = height / rows;
    let bar = |i: usize| {
        let (x0, x1) = tree.span[i];
        let top = rect.min.y + (tree.depth[i] - 1) as f32 * row;
        Rect::from_min_max(
            Pos2::new(rect.min.x + x0 * width, top),
            Pos2::new(rect.min.x + x1 * width, top + row),
        )
    };
    let gap: f32 = if row > 6.0 { 1.0 } else { 0.0 };
    let shade = |i: usize| {
        let c = colour(tree.outcome[i], dark, safe);
        if (tree.step[i] as usize) < reached {
            c
        } else {
            c.gamma_multiply(0.3)
        }
    };
    for i in 0..tree.len() {
        let r = bar(i);
        if r.width() < MIN_WIDTH {
            continue;
        }
        let r = Rect::from_min_max(r.min, r.max - vec2(gap.min(r.width() / 3.0), gap));
        painter.rect_filled(r, 0.0, shade(i));
    }
    // Solutions and nodes still waiting are what a student looks for: drawn at least two
    // points wide, however small their share.
    for i in 0..tree.len() {
        if matches!(tree.outcome[i], Outcome::Solution | Outcome::Frontier) {
            let r = bar(i);
            if r.width() < 2.0 {
                let r = Rect::from_center_size(r.center(), vec2(2.0, r.height()));
                painter.rect_filled(r, 0.0, shade(i));
            }
        }
    }
    if safe {
        shapes(&painter, tree, &bar, reached, ui.visuals().text_color());
    }
    if let Some(node) = current {
        // Thin rows get a thin outline, which leaves their colour showing.
        let stroke = Stroke::new(
            (row / 4.0).clamp(0.5, 2.0),
            ui.visuals().strong_text_color(),
        );
        for id in tree.path_to(node) {
            painter.rect_stroke(bar(id as usize), 0.0, stroke, StrokeKind::Inside);
        }
    }
    // The node under the pointer: the deepest drawn bar there.
    let under = response.hover_pos().and_then(|p| {
        let depth = ((p.y - rect.min.y) / row).floor() as u32 + 1;
        let x = (p.x - rect.min.x) / width;
        (0..tree.len())
            .find(|&i| tree.depth[i] == depth && tree.span[i].0 <= x && x < tree.span[i].1)
    });
    let clicked = under.filter(|_| response.clicked()).map(|i| i as u32);
    if let Some(i) = under {
        painter.rect_stroke(
            bar(i),
            0.0,
            Stroke::new(1.5, ui.visuals().text_color()),
            StrokeKind::Inside,
        );
        response.on_hover_text_at_pointer(tell(i as u32));
    }
    key(ui, tree, reached, dark, safe);
    clicked
}

/// Shapes as well as colours (the colour-blind-safe setting): dead ends hatched, each
/// solution starred on its bar; only for nodes made by step `reached` (the faint ones to
/// come keep their secret) and wide enough to be drawn.
fn shapes(
    painter: &egui::Painter,
    tree: &SearchTree,
    bar: &dyn Fn(usize) -> Rect,
    reached: usize,
    ink: Color32,
) {
    let hatch = Stroke::new(1.0, ink.gamma_multiply(0.8));
    for i in 0..tree.len() {
        let r = bar(i);
        if (tree.step[i] as usize) >= reached || r.width() < MIN_WIDTH {
            continue;
        }
        match tree.outcome[i] {
            Outcome::DeadEnd if r.width() >= 4.0 && r.height() >= 4.0 => {
                // Lines at 45° every 4 points, clipped to the bar.
                let clipped = painter.with_clip_rect(r);
                let mut x = r.min.x - r.height();
                while x < r.max.x {
                    clipped.line_segment(
                        [Pos2::new(x, r.max.y), Pos2::new(x + r.height(), r.min.y)],
                        hatch,
                    );
                    x += 4.0;
                }
            }
            Outcome::Solution => {
                let size = r.height().clamp(8.0, 14.0);
                painter.text(
                    r.center(),
                    egui::Align2::CENTER_CENTER,
                    "★",
                    egui::FontId::proportional(size),
                    ink,
                );
            }
            _ => {}
        }
    }
}

/// What the colours of `tree` mean: the outcomes it has, the path, and the faint nodes
/// not made yet at step `reached`.
fn key(ui: &mut Ui, tree: &SearchTree, reached: usize, dark: bool, safe: bool) {
    legend::row(ui, |ui| {
        for o in [
            Outcome::Inner,
            Outcome::DeadEnd,
            Outcome::Pruned,
            Outcome::Solution,
            Outcome::Frontier,
        ] {
            if tree.outcome.contains(&o) {
                let words = match (o, safe) {
                    (Outcome::DeadEnd, true) => format!("{} (hatched)", o.describe()),
                    (Outcome::Solution, true) => format!("{} (★)", o.describe()),
                    _ => o.describe().to_string(),
                };
                legend::swatch(ui, Mark::Fill(colour(o, dark, safe)), &words);
            }
        }
        legend::swatch(
            ui,
            Mark::Outline(ui.visuals().strong_text_color()),
            "the path to the step on show",
        );
        if tree.step.iter().any(|&s| s as usize >= reached) {
            legend::swatch(
                ui,
                Mark::Fill(colour(Outcome::Inner, dark, safe).gamma_multiply(0.3)),
                "faint: not made yet at this step",
            );
        }
    });
}

#[cfg(test)]
mod colour_tests {
    use super::*;
    use crate::app::widgets::legend::apart;

    /// With the colour-blind-safe setting, a dead end, a pruned node, a solution and a node
    /// waiting stay far apart for a viewer with any of the three dichromacies; the usual
    /// colours do not (which is why the setting exists).
    #[test]
    fn the_safe_colours_keep_the_outcomes_apart_for_every_dichromacy() {
        let kinds = [
            Outcome::DeadEnd,
            Outcome::Pruned,
            Outcome::Solution,
            Outcome::Frontier,
        ];
        for dark in [true, false] {
            for (i, &a) in kinds.iter().enumerate() {
                for &b in &kinds[i + 1..] {
                    for d in 0..3 {
                        let gap = apart(colour(a, dark, true), colour(b, dark, true), d);
                        assert!(
                            gap >= 60.0,
                            "{a:?} and {b:?} (dark {dark}), dichromacy {d}: {gap}"
                        );
                    }
                }
                // And each stands out from the panel behind it (WCAG contrast 2:1 at least).
                let panel = if dark {
                    Color32::from_gray(27)
                } else {
                    Color32::from_gray(248)
                };
                let ratio = crate::app::widgets::legend::contrast(colour(a, dark, true), panel);
                assert!(ratio >= 2.0, "{a:?} (dark {dark}): contrast {ratio}");
            }
        }
        // The usual light colours: a dead end and a tour look alike to a deuteranope.
        let usual = apart(
            colour(Outcome::DeadEnd, false, false),
            colour(Outcome::Solution, false, false),
            1,
        );
        assert!(usual < 30.0, "{usual}");
    }
}
