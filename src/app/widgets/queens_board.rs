//! The N-Queens board: queens (♛) on a checker pattern, attacked queens in red and the
//! lines along which they attack; above a few hundred queens, a density view in which
//! each pixel is a block of squares. Plain data in, a [`QueensBoardResponse`] out.

use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, Ui, Vec2, vec2};

/// Boards with more queens than this are drawn as a density view.
pub const MAX_DRAWN_N: usize = 400;
/// Cells at least this large get a ♛ glyph; smaller ones a dot.
const MIN_GLYPH_CELL: f32 = 14.0;
/// At most this many attack lines are drawn (more would hide the board).
const MAX_SEGMENTS: usize = 4000;
/// The density view's texture is at most this many texels a side.
const MAX_DENSITY_SIDE: usize = 512;

/// Who attacks whom in a placement, computed once per placement in `O(n)`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Attacks {
    /// Whether the queen of each placed column is attacked.
    pub attacked: Vec<bool>,
    /// Pairs of columns whose queens share a row or a diagonal with no queen between
    /// them on it: drawn as the attack lines (at most 3 per queen, however many pairs).
    /// Only for boards up to [`MAX_DRAWN_N`].
    pub segments: Vec<(u32, u32)>,
}

impl Attacks {
    /// `rows` holds the queens of the first `rows.len()` columns of an `n × n` board.
    pub fn of(n: usize, rows: &[u32]) -> Attacks {
        let n = n.max(rows.len()).max(1);
        // Row, rising diagonal and falling diagonal of the queen of column c.
        let lines = |c: usize, r: u32| {
            let r = (r as usize).min(n - 1);
            [r, n + c + r, 3 * n + c + n - 1 - r]
        };
        if n > MAX_DRAWN_N {
            // Only who is attacked (the density view draws no lines): a byte per line,
            // counts saturating at 2, so ten million queens take 50 MB for a moment.
            let mut on_line = vec![0u8; 5 * n];
            for (c, &r) in rows.iter().enumerate() {
                for l in lines(c, r) {
                    on_line[l] = (on_line[l] + 1).min(2);
                }
            }
            let attacked = (rows.iter().enumerate())
                .map(|(c, &r)| lines(c, r).iter().any(|&l| on_line[l] > 1))
                .collect();
            return Attacks {
                attacked,
                segments: Vec::new(),
            };
        }
        // The last column seen on each line (u32::MAX: none).
        let mut last = vec![u32::MAX; 5 * n];
        let mut attacked = vec![false; rows.len()];
        let mut segments = Vec::new();
        for (c, &r) in rows.iter().enumerate() {
            for l in lines(c, r) {
                let prev = last[l];
                if prev != u32::MAX {
                    attacked[prev as usize] = true;
                    attacked[c] = true;
                    segments.push((prev, c as u32));
                }
                last[l] = c as u32;
            }
        }
        Attacks { attacked, segments }
    }

    pub fn attacked_queens(&self) -> usize {
        self.attacked.iter().filter(|&&a| a).count()
    }
}

/// What to draw.
pub struct QueensBoardView<'a> {
    pub n: usize,
    /// The row of the queen in each of the first `rows.len()` columns.
    pub rows: &'a [u32],
    pub attacks: &'a Attacks,
    /// Draw the lines between attacking queens.
    pub show_lines: bool,
    /// Changes whenever `rows` does (keys the cached texture).
    pub version: u64,
}

pub struct QueensBoardResponse {
    pub response: egui::Response,
    /// `(row, column)` of the square under the pointer (of the block's first square in the
    /// density view).
    pub hovered: Option<(u32, u32)>,
    /// Whether the board is drawn as a density view.
    pub density: Option<usize>,
}

struct Palette {
    light: Color32,
    dark: Color32,
    queen: Color32,
    attacked: Color32,
    line: Color32,
    empty: Color32,
}

fn palette(dark_mode: bool) -> Palette {
    if dark_mode {
        Palette {
            light: Color32::from_rgb(122, 138, 160),
            dark: Color32::from_rgb(66, 80, 104),
            queen: Color32::from_rgb(250, 250, 250),
            attacked: Color32::from_rgb(255, 90, 80),
            line: Color32::from_rgba_unmultiplied(255, 90, 80, 150),
            empty: Color32::from_rgb(30, 34, 42),
        }
    } else {
        Palette {
            light: Color32::from_rgb(240, 217, 181),
            dark: Color32::from_rgb(181, 136, 99),
            queen: Color32::from_rgb(20, 20, 20),
            attacked: Color32::from_rgb(200, 20, 20),
            line: Color32::from_rgba_unmultiplied(200, 20, 20, 150),
            empty: Color32::from_rgb(250, 248, 240),
        }
    }
}

pub fn queens_board(ui: &mut Ui, view: &QueensBoardView) -> QueensBoardResponse {
    let n = view.n.max(1);
    let avail = ui.available_size();
    let side = avail.x.min(avail.y).max(16.0);
    let (response, painter) = ui.allocate_painter(Vec2::splat(side), Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "Queens board"));
    let origin = response.rect.min;
    let pal = palette(ui.visuals().dark_mode);
    let uv = Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0));

    if n > MAX_DRAWN_N {
        let blocks = n.min(MAX_DENSITY_SIDE).min(side as usize).max(1);
        let texture = density_texture(ui, response.id, view, &pal, blocks);
        painter.image(texture.id(), response.rect, uv, Color32::WHITE);
        let per_block = side / blocks as f32;
        let hovered = response.hover_pos().map(|p| {
            let d = (p - origin) / per_block;
            let (bc, br) = (
                d.x.clamp(0.0, blocks as f32 - 1.0),
                d.y.clamp(0.0, blocks as f32 - 1.0),
            );
            let first = |b: f32| ((b as usize * n) / blocks) as u32;
            (first(br), first(bc))
        });
        return QueensBoardResponse {
            response,
            hovered,
            density: Some(n.div_ceil(blocks)),
        };
    }

    let cell = side / n as f32;
    let texture = checker_texture(ui, response.id, n, &pal);
    painter.image(texture.id(), response.rect, uv, Color32::WHITE);
    let centre = |c: usize, r: u32| origin + vec2((c as f32 + 0.5) * cell, (r as f32 + 0.5) * cell);

    if view.show_lines && view.attacks.segments.len() <= MAX_SEGMENTS {
        let stroke = Stroke::new((cell * 0.06).clamp(1.0, 3.0), pal.line);
        for &(a, b) in &view.attacks.segments {
            let (a, b) = (a as usize, b as usize);
            painter.line_segment([centre(a, view.rows[a]), centre(b, view.rows[b])], stroke);
        }
    }
    for (c, &r) in view.rows.iter().enumerate() {
        let attacked = view.attacks.attacked.get(c).copied().unwrap_or(false);
        let colour = if attacked { pal.attacked } else { pal.queen };
        let p = centre(c, r);
        if cell >= MIN_GLYPH_CELL {
            painter.text(
                p,
                Align2::CENTER_CENTER,
                "♛",
                FontId::proportional(cell * 0.78),
                colour,
            );
        } else {
            painter.circle_filled(p, (cell * 0.4).max(0.8), colour);
        }
    }

    let hovered = response.hover_pos().and_then(|p| {
        let d = (p - origin) / cell;
        (d.x >= 0.0 && d.y >= 0.0 && d.x < n as f32 && d.y < n as f32)
            .then_some((d.y as u32, d.x as u32))
    });
    if let Some((r, c)) = hovered {
        let rect = Rect::from_min_size(
            origin + vec2(c as f32 * cell, r as f32 * cell),
            Vec2::splat(cell),
        );
        painter.rect_stroke(
            rect,
            0.0,
            Stroke::new(1.5, pal.attacked.gamma_multiply(0.6)),
            egui::StrokeKind::Inside,
        );
    }
    QueensBoardResponse {
        response,
        hovered,
        density: None,
    }
}

/// A texture cached in egui's memory under `id`, rebuilt when `key` changes.
fn cached_texture(
    ui: &Ui,
    id: egui::Id,
    key: u64,
    name: &str,
    build: impl FnOnce() -> egui::ColorImage,
) -> egui::TextureHandle {
    let cached = ui
        .data(|d| d.get_temp::<(u64, egui::TextureHandle)>(id))
        .filter(|(k, _)| *k == key);
    if let Some((_, texture)) = cached {
        return texture;
    }
    let options = egui::TextureOptions {
        magnification: egui::TextureFilter::Nearest,
        minification: egui::TextureFilter::Linear,
        ..Default::default()
    };
    let texture = ui.ctx().load_texture(name, build(), options);
    ui.data_mut(|d| d.insert_temp(id, (key, texture.clone())));
    texture
}

fn key_of(value: impl std::hash::Hash) -> u64 {
    use std::hash::Hasher;
    let mut h = std::collections::hash_map::DefaultHasher::new();
    value.hash(&mut h);
    h.finish()
}

/// The checker pattern, one texel per square.
fn checker_texture(ui: &Ui, id: egui::Id, n: usize, pal: &Palette) -> egui::TextureHandle {
    let key = key_of(("checker", n, ui.visuals().dark_mode));
    cached_texture(ui, id, key, "queens-board-squares", || {
        let pixels = (0..n * n)
            .map(|i| {
                if (i / n + i % n) % 2 == 1 {
                    pal.dark
                } else {
                    pal.light
                }
            })
            .collect();
        egui::ColorImage::new([n, n], pixels)
    })
}

/// Each texel is a block of squares: brighter where it holds more queens, red where some
/// of them are attacked. A solution of a million queens looks like its construction.
fn density_texture(
    ui: &Ui,
    id: egui::Id,
    view: &QueensBoardView,
    pal: &Palette,
    blocks: usize,
) -> egui::TextureHandle {
    let key = key_of((
        "density",
        view.n,
        view.version,
        blocks,
        ui.visuals().dark_mode,
    ));
    cached_texture(ui, id, key, "queens-board-density", || {
        let n = view.n.max(1);
        let mut queens = vec![0u32; blocks * blocks];
        let mut attacked = vec![0u32; blocks * blocks];
        for (c, &r) in view.rows.iter().enumerate() {
            let b = (r as usize).min(n - 1) * blocks / n * blocks + c * blocks / n;
            queens[b] += 1;
            if view.attacks.attacked.get(c).copied().unwrap_or(false) {
                attacked[b] += 1;
            }
        }
        let max = queens.iter().copied().max().unwrap_or(0).max(1) as f32;
        let pixels = queens
            .iter()
            .zip(&attacked)
            .map(|(&q, &a)| {
                if q == 0 {
                    pal.empty
                } else {
                    let strength = 0.35 + 0.65 * q as f32 / max;
                    let base = pal.empty.lerp_to_gamma(pal.queen, strength);
                    base.lerp_to_gamma(pal.attacked, a as f32 / q as f32)
                }
            })
            .collect();
        egui::ColorImage::new([blocks, blocks], pixels)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::queens::conflicts;
    use proptest::prelude::*;

    proptest! {
        /// A queen is attacked exactly when some other queen shares a line with it; each
        /// attack line joins neighbours on one line, so there are at most 3 per queen and
        /// none when the placement is a solution.
        #[test]
        fn attacks_agree_with_the_pair_count(
            (rows, k) in prop_oneof![1usize..30, 500usize..520]
                .prop_flat_map(|n| (proptest::collection::vec(0u32..n as u32, n), 0..=n))
        ) {
            let n = rows.len();
            let part = &rows[..k];
            let a = Attacks::of(n, part);
            for (c, &r) in part.iter().enumerate() {
                let brute = part.iter().enumerate().any(|(c2, &r2)| {
                    c2 != c && (r2 == r || r2.abs_diff(r) as usize == c2.abs_diff(c))
                });
                prop_assert_eq!(a.attacked[c], brute);
            }
            prop_assert!(a.segments.len() <= 3 * k);
            if n <= MAX_DRAWN_N {
                prop_assert_eq!(a.segments.is_empty(), conflicts(part) == 0);
            }
        }
    }
}
