//! A magic square with its line sums: numbers in the cells, each row's sum to its right,
//! each column's below it, the diagonals' in the corners, every sum coloured by its
//! distance from the magic constant. Large orders are drawn as one texture, each cell
//! shaded by its value. Plain data in, a `Response` out.

use crate::puzzle::magic::{line_sums, magic_constant};
use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, Ui, Vec2, vec2};

/// Orders above this are drawn as a texture without numbers.
pub const MAX_NUMBERED_ORDER: usize = 24;

/// The colour of a line sum: green when it is the constant, towards red as it moves away.
fn sum_colour(sum: u64, constant: u64) -> Color32 {
    if sum == constant {
        return Color32::from_rgb(60, 170, 90);
    }
    let off = (sum.abs_diff(constant) as f32 / constant.max(1) as f32).min(1.0);
    Color32::from_rgb(230, 160, 60).lerp_to_gamma(Color32::from_rgb(220, 50, 50), off.sqrt())
}

/// Draws the order-`n` square `cells` (row-major; empty draws an empty grid).
pub fn magic_grid(ui: &mut Ui, n: usize, cells: &[u32]) -> egui::Response {
    let n = n.max(1);
    let full = cells.len() == n * n;
    let avail = ui.available_size();
    let numbered = n <= MAX_NUMBERED_ORDER;
    // One more row and column for the sums.
    let slots = if numbered { n as f32 + 1.0 } else { n as f32 };
    let cell = (avail.x.min(avail.y) / slots).max(1.0 / n as f32);
    let side = cell * slots;
    let (response, painter) = ui.allocate_painter(Vec2::splat(side), Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "Magic square"));
    let origin = response.rect.min;
    let dark = ui.visuals().dark_mode;
    let (light, shade, text) = if dark {
        (
            Color32::from_rgb(66, 80, 104),
            Color32::from_rgb(56, 68, 90),
            Color32::WHITE,
        )
    } else {
        (
            Color32::from_rgb(240, 230, 210),
            Color32::from_rgb(225, 212, 188),
            Color32::BLACK,
        )
    };
    let constant = magic_constant(n);

    if !numbered {
        // Each cell's value as a shade: a construction's pattern shows at a glance.
        let texture = {
            let key = (
                n,
                cells.len(),
                cells.first().copied(),
                cells.last().copied(),
                dark,
            );
            let id = response.id;
            let cached = ui
                .data(|d| d.get_temp::<(u64, egui::TextureHandle)>(id))
                .filter(|(k, _)| *k == hash(&key, cells));
            match cached {
                Some((_, t)) => t,
                None => {
                    let max = (n * n) as f32;
                    let pixels = if full {
                        cells
                            .iter()
                            .map(|&v| shade.lerp_to_gamma(text, v as f32 / max))
                            .collect()
                    } else {
                        vec![light; n * n]
                    };
                    let image = egui::ColorImage::new([n, n], pixels);
                    let t =
                        ui.ctx()
                            .load_texture("magic-square", image, egui::TextureOptions::NEAREST);
                    ui.data_mut(|d| d.insert_temp(id, (hash(&key, cells), t.clone())));
                    t
                }
            }
        };
        painter.image(
            texture.id(),
            response.rect,
            Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0)),
            Color32::WHITE,
        );
        return response;
    }

    // A strip of half a cell above the grid holds the anti-diagonal's sum at its
    // top-right end; the rows' sums stand to the right, the columns' and the diagonal's
    // below.
    let at = |r: f32, c: f32| origin + vec2(c * cell, (r + 0.5) * cell);
    let font = FontId::monospace((cell * 0.38).clamp(6.0, 30.0));
    let small = FontId::monospace((cell * 0.3).clamp(6.0, 22.0));
    for r in 0..n {
        for c in 0..n {
            let rect = Rect::from_min_size(at(r as f32, c as f32), Vec2::splat(cell));
            painter.rect_filled(rect, 0.0, if (r + c) % 2 == 0 { light } else { shade });
            // A partial square (the Compare view's timeline fills it cell by cell) shows
            // the cells it has.
            if let Some(v) = cells.get(r * n + c) {
                painter.text(
                    rect.center(),
                    Align2::CENTER_CENTER,
                    v.to_string(),
                    font.clone(),
                    text,
                );
            }
        }
    }
    painter.rect_stroke(
        Rect::from_min_size(at(0.0, 0.0), Vec2::splat(cell * n as f32)),
        0.0,
        Stroke::new(1.0, text.gamma_multiply(0.5)),
        StrokeKind::Inside,
    );
    if full {
        let sums = line_sums(n, cells);
        let label = |p: Pos2, text: String, s: u64| {
            painter.text(
                p,
                Align2::CENTER_CENTER,
                text,
                small.clone(),
                sum_colour(s, constant),
            );
        };
        let edge = n as f32 + 0.25;
        for (r, &s) in sums.rows.iter().enumerate() {
            label(at(r as f32 + 0.5, edge + 0.1), s.to_string(), s);
        }
        for (c, &s) in sums.columns.iter().enumerate() {
            label(at(edge, c as f32 + 0.5), s.to_string(), s);
        }
        let d = sums.diagonal;
        label(at(edge, edge + 0.1), format!("↘{d}"), d);
        let a = sums.anti_diagonal;
        label(at(-0.25, edge + 0.1), format!("↙{a}"), a);
    }
    response
}

fn hash(key: &impl std::hash::Hash, cells: &[u32]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    key.hash(&mut h);
    cells.hash(&mut h);
    h.finish()
}
