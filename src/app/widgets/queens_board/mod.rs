//! The N-Queens board: queens (♛) on a checker pattern, attacked queens in red and the
//! lines along which they attack; above a few hundred queens, a density view in which
//! each pixel is a block of squares. Chess coordinates around it, a legend under it, and
//! the square (or block) under the pointer told in words. Plain data in, a
//! [`QueensBoardResponse`] out.

mod marks;

use super::coords::Coordinates;
use super::legend::{self, Mark};
use crate::puzzle::knight::file_letters;
use crate::puzzle::queens::Landscape;
use crate::solve::queens::csp::Pruned;
use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, Ui, Vec2, vec2};
use marks::{Grid, board_legend, density_legend, draw_marks, square_words};

/// Boards with more queens than this are drawn as a density view.
pub const MAX_DRAWN_N: usize = 400;
/// Cells at least this large get a ♛ glyph; smaller ones a dot.
const MIN_GLYPH_CELL: f32 = 14.0;
/// At most this many attack lines are drawn (more would hide the board).
const MAX_SEGMENTS: usize = 4000;
/// The density view's texture is at most this many texels a side.
const MAX_DENSITY_SIDE: usize = 512;

/// In a placement's `rows`, a column with no queen (play mode's boards have gaps).
pub const EMPTY: u32 = u32::MAX;

/// Who attacks whom in a placement, computed once per placement in `O(n)`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Attacks {
    /// Whether the queen of each placed column is attacked.
    pub attacked: Vec<bool>,
    /// Pairs of columns whose queens share a row or a diagonal with no queen between
    /// them on it: drawn as the attack lines (at most 3 per queen, however many pairs).
    /// Only for boards up to [`MAX_DRAWN_N`].
    pub segments: Vec<(u32, u32)>,
    /// How many entries of `attacked` are true, counted once (a panel shows it every
    /// frame; ten million queens take milliseconds to count).
    pub attacked_count: usize,
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
            for (c, &r) in rows.iter().enumerate().filter(|(_, r)| **r != EMPTY) {
                for l in lines(c, r) {
                    on_line[l] = (on_line[l] + 1).min(2);
                }
            }
            let attacked: Vec<bool> = (rows.iter().enumerate())
                .map(|(c, &r)| r != EMPTY && lines(c, r).iter().any(|&l| on_line[l] > 1))
                .collect();
            return Attacks {
                attacked_count: attacked.iter().filter(|&&a| a).count(),
                attacked,
                segments: Vec::new(),
            };
        }
        // The last column seen on each line (u32::MAX: none).
        let mut last = vec![u32::MAX; 5 * n];
        let mut attacked = vec![false; rows.len()];
        let mut segments = Vec::new();
        for (c, &r) in rows.iter().enumerate() {
            if r == EMPTY {
                continue;
            }
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
        Attacks {
            attacked_count: attacked.iter().filter(|&&a| a).count(),
            attacked,
            segments,
        }
    }

    /// How many queens share a row or a diagonal with another.
    pub fn attacked_queens(&self) -> usize {
        self.attacked_count
    }
}

/// What to draw.
pub struct QueensBoardView<'a> {
    /// The board's side: `n × n` squares (drawn as a density view above [`MAX_DRAWN_N`]).
    pub n: usize,
    /// The row of the queen in each of the first `rows.len()` columns.
    pub rows: &'a [u32],
    /// Who attacks whom in `rows` (from [`Attacks::of`]): the queens drawn red, the lines.
    pub attacks: &'a Attacks,
    /// Draw the lines between attacking queens.
    pub show_lines: bool,
    /// Changes whenever `rows` does (keys the cached texture).
    pub version: u64,
    /// Say under the board what its colours mean (the N-Queens view; Compare's small
    /// boards share one legend).
    pub legend: bool,
    /// The square a search is looking at, in a step-by-step view (or a hint's square).
    pub focus: Option<Focus>,
    /// Play mode: empty squares a queen attacks are shaded, and a click is reported.
    pub play: bool,
    /// A click is reported (play mode, or a guess in step by step).
    pub clickable: bool,
    /// A local search's landscape: each square tinted and numbered by the attacking pairs
    /// its column's queen would leave there.
    pub landscape: Option<&'a Landscape>,
    /// A constraint-satisfaction search's domains: the rows out of each open column's.
    pub domains: Option<&'a [Pruned]>,
    /// The search on show scores by h2, which counts each attacking pair twice: the
    /// landscape's key says its numbers are pairs, half the search's h.
    pub scores_twice: bool,
}

/// The largest board whose landscape is drawn (n² squares scored every frame).
pub const MAX_LANDSCAPE_N: usize = 64;

/// The square a search is looking at (a row it tries, a move it scores), and the queen
/// that attacks it when the view has worked one out (`puzzle::queens::attacker`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Focus {
    /// The square's column, from 0 (file a).
    pub column: u32,
    /// The square's row, from 0 at the top.
    pub row: u32,
    /// The column of a queen attacking the square.
    pub by: Option<u32>,
}

/// What [`queens_board`] drew, and what the pointer did on it.
pub struct QueensBoardResponse {
    /// The squares.
    pub response: egui::Response,
    /// The squares with their coordinates and legend: what an export of the board shows.
    pub area: Rect,
    /// `(row, column)` of the square under the pointer (of the block's first square in the
    /// density view).
    pub hovered: Option<(u32, u32)>,
    /// What the square (or block) under the pointer holds, in words.
    pub told: Option<String>,
    /// The side of a density view's blocks (at most), if the board is drawn as one.
    pub density: Option<usize>,
    /// `(row, column)` of the square clicked this frame (play mode).
    pub clicked: Option<(u32, u32)>,
}

struct Palette {
    light: Color32,
    dark: Color32,
    queen: Color32,
    attacked: Color32,
    line: Color32,
    empty: Color32,
    focus: Color32,
}

fn palette(ui: &Ui) -> Palette {
    let dark_mode = ui.visuals().dark_mode;
    if super::legend::safe(ui) {
        // Attacks in vermillion (Okabe–Ito), lighter than a black queen and darker than a
        // white one with every common colour-vision deficiency.
        let v = super::legend::OKABE_ITO[5];
        let [r, g, b, _] = v.to_array();
        let line = Color32::from_rgba_unmultiplied(r, g, b, 150);
        return Palette {
            attacked: v,
            line,
            ..palette_of(dark_mode)
        };
    }
    palette_of(dark_mode)
}

/// The palette of the app's usual colours.
fn palette_of(dark_mode: bool) -> Palette {
    if dark_mode {
        Palette {
            light: Color32::from_rgb(122, 138, 160),
            dark: Color32::from_rgb(66, 80, 104),
            queen: Color32::from_rgb(250, 250, 250),
            attacked: Color32::from_rgb(255, 90, 80),
            line: Color32::from_rgba_unmultiplied(255, 90, 80, 150),
            empty: Color32::from_rgb(30, 34, 42),
            focus: Color32::from_rgb(90, 200, 250),
        }
    } else {
        Palette {
            light: Color32::from_rgb(240, 217, 181),
            dark: Color32::from_rgb(181, 136, 99),
            queen: Color32::from_rgb(20, 20, 20),
            attacked: Color32::from_rgb(200, 20, 20),
            line: Color32::from_rgba_unmultiplied(200, 20, 20, 150),
            empty: Color32::from_rgb(250, 248, 240),
            focus: Color32::from_rgb(20, 110, 220),
        }
    }
}

/// The colour of a density block holding `queens` of the fullest block's `max`, `attacked`
/// of them attacked.
fn block_colour(pal: &Palette, queens: u32, attacked: u32, max: u32) -> Color32 {
    if queens == 0 {
        return pal.empty;
    }
    let strength = 0.35 + 0.65 * queens as f32 / max.max(1) as f32;
    let base = pal.empty.lerp_to_gamma(pal.queen, strength);
    base.lerp_to_gamma(pal.attacked, attacked as f32 / queens as f32)
}

/// The rows of the legend strip under the board.
const LEGEND_ROWS: usize = 3;

/// The chess name of `(row, col)` on an `n × n` board: `a8` is the top-left of 8 × 8.
fn square_name(n: usize, row: u32, col: u32) -> String {
    format!("{}{}", file_letters(col), n as u64 - u64::from(row))
}

/// How `view`'s `n × n` board fits the space left: its coordinates, the legend's height
/// under it, the board's side and the width the whole takes.
fn room(ui: &Ui, view: &QueensBoardView, n: usize) -> (Coordinates, f32, f32, f32) {
    let avail = ui.available_size();
    // The landscape's key and verdict wrap onto more lines in a narrow panel.
    let narrow = avail.x < 720.0;
    let legend_rows = LEGEND_ROWS
        + match (view.landscape.is_some(), narrow) {
            (false, _) => 0,
            (true, false) => 2,
            (true, true) => 4,
        }
        + usize::from(view.domains.is_some()) * if narrow { 2 } else { 1 };
    let legend_height = if view.legend {
        legend::strip_height(ui, legend_rows)
    } else {
        0.0
    };
    let coords = Coordinates::room(ui, n as u64, n as u64, avail - vec2(0.0, legend_height));
    let side = (avail.x - coords.left - coords.right)
        .min(avail.y - coords.bottom - legend_height)
        .max(16.0);
    let mut width = coords.left + side + coords.right;
    if view.legend {
        width = width.max(avail.x);
    }
    (coords, legend_height, side, width)
}

/// Draws `view` in the space left (coordinates around the board, the legend under it when
/// asked for), and tells the square under the pointer and a click.
pub fn queens_board(ui: &mut Ui, view: &QueensBoardView) -> QueensBoardResponse {
    let n = view.n.max(1);
    let (coords, legend_height, side, width) = room(ui, view, n);
    let (area, area_response) = ui.allocate_exact_size(
        vec2(width, side + coords.bottom + legend_height),
        Sense::hover(),
    );
    let id = area_response.id;
    let board = Rect::from_min_size(area.min + vec2(coords.left, 0.0), Vec2::splat(side));
    let sense = if view.play || view.clickable {
        Sense::click()
    } else {
        Sense::hover()
    };
    let response = ui.interact(board, id.with("squares"), sense);
    let origin = board.min;
    let painter = ui.painter_at(area);
    let pal = palette(ui);
    let uv = Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0));
    coords.draw(ui, id, board, n as u64, n as u64);
    let strip = Rect::from_min_max(Pos2::new(area.min.x, board.max.y + coords.bottom), area.max);

    if n > MAX_DRAWN_N {
        response
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "Queens board"));
        let drawn = Drawn {
            area,
            board,
            strip,
            response,
        };
        return density_board(ui, &painter, view, &pal, drawn);
    }

    let cell = side / n as f32;
    let texture = checker_texture(ui, id, n, &pal);
    painter.image(texture.id(), board, uv, Color32::WHITE);
    let grid = Grid { origin, cell, n };
    draw_marks(&painter, view, &pal, grid);
    if view.legend {
        board_legend(ui, strip, view, cell, n);
    }
    let hovered = response.hover_pos().and_then(|p| grid.at(p));
    let rect_of = |r: u32, c: u32| {
        Rect::from_min_size(
            origin + vec2(c as f32 * cell, r as f32 * cell),
            Vec2::splat(cell),
        )
    };
    let told = hovered.map(|(r, c)| {
        painter.rect_stroke(
            rect_of(r, c),
            0.0,
            Stroke::new(1.5, pal.attacked.gamma_multiply(0.6)),
            egui::StrokeKind::Inside,
        );
        square_words(view, n, r, c)
    });
    let clicked = if response.clicked() {
        response.interact_pointer_pos().and_then(|p| grid.at(p))
    } else {
        None
    };
    // The keyboard's cursor (a board that takes clicks only): Enter is a click on it.
    let side = n as u32;
    let cursor = crate::app::widgets::cursor::keys(ui, &response, side, side, (0, 0));
    let keyed = cursor.at.map(|(r, c)| {
        let said = square_words(view, n, r, c);
        crate::app::widgets::cursor::draw(ui, &painter, rect_of(r, c), board, &said);
        ((r, c), said)
    });
    let clicked = clicked.or(cursor.picked);
    crate::app::widgets::cursor::tell(
        &response,
        "Queens board",
        keyed.as_ref().map(|(_, t)| t.as_str()),
    );
    let (hovered, told) = match (hovered, keyed) {
        (None, Some((at, t))) => (Some(at), Some(t)),
        _ => (hovered, told),
    };
    let response = match (&told, response.hovered()) {
        (Some(t), true) => response.on_hover_text_at_pointer(t),
        _ => response,
    };
    QueensBoardResponse {
        response,
        area,
        hovered,
        told,
        density: None,
        clicked,
    }
}

/// Where a board was laid out: the whole area, the squares, the legend's strip, and the
/// squares' response.
struct Drawn {
    area: Rect,
    board: Rect,
    strip: Rect,
    response: egui::Response,
}

/// A board too large to draw square by square: each pixel a block of squares, coloured by
/// how many queens it holds and how many of them are attacked.
fn density_board(
    ui: &mut Ui,
    painter: &egui::Painter,
    view: &QueensBoardView,
    pal: &Palette,
    drawn: Drawn,
) -> QueensBoardResponse {
    let Drawn {
        area,
        board,
        strip,
        response,
    } = drawn;
    let n = view.n.max(1);
    let side = board.width();
    let blocks = n.min(MAX_DENSITY_SIDE).min(side as usize).max(1);
    let (texture, max) = density_texture(ui, response.id, view, pal, blocks);
    let uv = Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0));
    painter.image(texture.id(), board, uv, Color32::WHITE);
    let per_block = side / blocks as f32;
    let block_side = n.div_ceil(blocks);
    if view.legend {
        density_legend(ui, strip, pal, max, block_side);
    }
    let hovered = response.hover_pos().map(|p| {
        let d = (p - board.min) / per_block;
        (
            d.y.clamp(0.0, blocks as f32 - 1.0) as usize,
            d.x.clamp(0.0, blocks as f32 - 1.0) as usize,
        )
    });
    let told = hovered.map(|(br, bc)| describe_block(view, n, blocks, br, bc));
    let response = match &told {
        Some(t) => response.on_hover_text_at_pointer(t),
        None => response,
    };
    let first = |b: usize| block_start(b, n, blocks) as u32;
    QueensBoardResponse {
        response,
        area,
        hovered: hovered.map(|(br, bc)| (first(br), first(bc))),
        told,
        density: Some(block_side),
        clicked: None,
    }
}

/// What a board of queens shows: queens (as glyphs, or as dots on small squares), those
/// attacked, and the lines between attacking queens when they are drawn; `focus`: the
/// square a search looks at is outlined (`Some(true)`: with the line from the queen that
/// attacks it).
pub fn queens_legend(ui: &mut Ui, glyphs: bool, lines: bool, focus: Option<bool>) {
    let pal = palette(ui);
    let mark = |c| {
        if glyphs {
            Mark::Glyph("♛", c)
        } else {
            Mark::Fill(c)
        }
    };
    legend::row(ui, |ui| {
        legend::swatch(ui, mark(pal.queen), "queen");
        legend::swatch(ui, mark(pal.attacked), "attacked queen");
        if lines {
            legend::swatch(ui, Mark::Line(pal.attacked), "attack line");
        }
        if let Some(by) = focus {
            legend::swatch(
                ui,
                Mark::Outline(pal.focus),
                "the square the search looks at",
            );
            if by {
                legend::swatch(ui, Mark::Dashed(pal.attacked), "the queen attacking it");
            }
        }
    });
}

/// What block `(br, bc)` of a density view of `blocks × blocks` holds: its squares and how
/// many queens, how many of them attacked.
fn describe_block(view: &QueensBoardView, n: usize, blocks: usize, br: usize, bc: usize) -> String {
    // Block b holds the rows (or columns) i with i · blocks / n = b.
    let span = |b: usize| (block_start(b, n, blocks), block_start(b + 1, n, blocks));
    let (r0, r1) = span(br);
    let (c0, c1) = span(bc);
    let (mut queens, mut attacked) = (0u64, 0u64);
    for c in c0..c1.min(view.rows.len()) {
        let r = view.rows[c] as usize;
        if (r0..r1).contains(&r) {
            queens += 1;
            if view.attacks.attacked.get(c) == Some(&true) {
                attacked += 1;
            }
        }
    }
    let corner = square_name(n, r0 as u32, c0 as u32);
    let other = square_name(n, r1 as u32 - 1, c1 as u32 - 1);
    let queens_told = match queens {
        0 => "no queen".to_string(),
        1 => "1 queen".to_string(),
        q => format!("{q} queens"),
    };
    let attacked_told = match attacked {
        0 => "none attacked".to_string(),
        a => format!("{a} attacked"),
    };
    format!(
        "{corner} to {other}, a block of {} × {} squares (rows {r0}–{}, columns {c0}–{}): {queens_told}, {attacked_told}",
        r1 - r0,
        c1 - c0,
        r1 - 1,
        c1 - 1
    )
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
/// Returns the texture and the most queens any block holds.
fn density_texture(
    ui: &Ui,
    id: egui::Id,
    view: &QueensBoardView,
    pal: &Palette,
    blocks: usize,
) -> (egui::TextureHandle, u32) {
    let key = key_of((
        "density",
        view.n,
        view.version,
        blocks,
        ui.visuals().dark_mode,
    ));
    let most_id = id.with("most-queens-in-a-block");
    let mut most = None;
    let texture = cached_texture(ui, id, key, "queens-board-density", || {
        let n = view.n.max(1);
        let mut queens = vec![0u32; blocks * blocks];
        let mut attacked = vec![0u32; blocks * blocks];
        for (c, &r) in view.rows.iter().enumerate() {
            let b = block_of((r as usize).min(n - 1), n, blocks) * blocks + block_of(c, n, blocks);
            queens[b] += 1;
            if view.attacks.attacked.get(c).copied().unwrap_or(false) {
                attacked[b] += 1;
            }
        }
        let max = queens.iter().copied().max().unwrap_or(0);
        most = Some(max);
        let pixels = queens
            .iter()
            .zip(&attacked)
            .map(|(&q, &a)| block_colour(pal, q, a, max))
            .collect();
        egui::ColorImage::new([blocks, blocks], pixels)
    });
    // The texture is built only when its key changes; the figure its legend needs is kept
    // beside it under the same key.
    let most = match most {
        Some(m) => {
            ui.data_mut(|d| d.insert_temp(most_id, (key, m)));
            m
        }
        None => (ui.data(|d| d.get_temp::<(u64, u32)>(most_id)))
            .filter(|(k, _)| *k == key)
            .map_or(0, |(_, m)| m),
    };
    (texture, most)
}

/// The block of `blocks` (a side of the density view) that row or column `i` of `n` falls
/// in: `i · blocks / n`, worked out in 64 bits (on wasm32, where `usize` has 32, the
/// product passes 2^32 at ten million queens).
fn block_of(i: usize, n: usize, blocks: usize) -> usize {
    (i as u64 * blocks as u64 / n as u64) as usize
}

/// The first row or column of block `b`, the first `i` with `block_of(i) = b`; `n` for
/// `b = blocks`.
fn block_start(b: usize, n: usize, blocks: usize) -> usize {
    (b as u64 * n as u64).div_ceil(blocks as u64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::queens::conflicts;
    use crate::testing::test;
    use proptest::prelude::*;

    /// The density view's blocks share every row and column of up to ten million queens
    /// out in order, none left out (the sums pass 2^32, which `usize` does not reach on
    /// wasm32, where this test runs too).
    #[test]
    fn blocks_share_out_every_row_up_to_ten_million_queens() {
        for n in [1, 7, 512, 513, 8_388_609, 10_000_000] {
            for blocks in [1, 100, 430, 512] {
                let blocks = blocks.min(n);
                assert_eq!(
                    (block_start(0, n, blocks), block_start(blocks, n, blocks)),
                    (0, n)
                );
                for b in [0, 1, blocks / 2, blocks - 1] {
                    let (first, next) = (block_start(b, n, blocks), block_start(b + 1, n, blocks));
                    assert!(first < next, "n = {n}, {blocks} blocks, block {b}");
                    assert_eq!(block_of(first, n, blocks), b);
                    assert_eq!(block_of(next - 1, n, blocks), b);
                }
                assert_eq!(block_of(n - 1, n, blocks), blocks - 1);
            }
        }
    }

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
            prop_assert_eq!(a.attacked_queens(), a.attacked.iter().filter(|&&x| x).count());
            prop_assert!(a.segments.len() <= 3 * k);
            if n <= MAX_DRAWN_N {
                prop_assert_eq!(a.segments.is_empty(), conflicts(part) == 0);
            }
        }
    }
}
