//! A magic square with its line sums: numbers in the cells, each row's sum to its right,
//! each column's below it, the diagonals' in the corners, every sum coloured by its
//! distance from the magic constant, and a legend that says so. Large orders are drawn as
//! one texture, each cell shaded by its value, with a colour bar and the value under the
//! pointer. Plain data in, a [`MagicGridResponse`] out.

use super::legend::{self, Mark};
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

/// What the grid drew.
pub struct MagicGridResponse {
    /// The cells (without the sums).
    pub response: egui::Response,
    /// The square with its sums and legend: what an export shows.
    pub area: Rect,
    /// The cell clicked this frame, row-major (play mode).
    pub clicked: Option<usize>,
    /// The cell clicked with the secondary button this frame (play mode: lock it).
    pub secondary: Option<usize>,
}

/// Play mode's marks on the square: the cell picked for a swap, the cells locked, a
/// hint's two cells.
#[derive(Debug, Clone, Copy, Default)]
pub struct PlayMarks<'a> {
    /// The cell picked first, waiting for the cell to swap it with.
    pub selected: Option<usize>,
    /// Per cell, whether the player locked it.
    pub locked: &'a [bool],
    /// Two cells a hint names.
    pub pair: Option<(usize, usize)>,
}

/// The rows of the legend strip under the square.
const LEGEND_ROWS: usize = 2;

/// Draws the order-`n` square `cells` (row-major; empty draws an empty grid), with a
/// legend under it when `legend` is set (the magic-square view; Compare's small squares
/// share one).
pub fn magic_grid(ui: &mut Ui, n: usize, cells: &[u32], legend: bool) -> MagicGridResponse {
    magic_grid_with(ui, n, cells, legend, None)
}

/// The keyboard's cursor in play mode, on the `n × n` `cells` with their `marks`: Enter is
/// a click on its cell, L a right-click. Returns the cells so picked and locked.
fn play_keys(
    ui: &mut Ui,
    response: &egui::Response,
    painter: &egui::Painter,
    (marks, cells, n): (&PlayMarks, &[u32], usize),
    grid: Rect,
    cell_rect: impl Fn(usize) -> Rect,
) -> (Option<usize>, Option<usize>) {
    use crate::app::widgets::cursor;
    let side = n as u32;
    let keyed = cursor::keys(ui, response, side, side, (0, 0));
    let mut locked = None;
    let said = keyed.at.map(|(r, c)| {
        let i = (r * side + c) as usize;
        let lock = if marks.locked.get(i) == Some(&true) {
            "locked; L unlocks it"
        } else {
            "L locks it"
        };
        let value = cells.get(i).map_or(String::new(), |v| format!(": {v}"));
        let said = format!("row {}, column {}{value} ({lock})", r + 1, c + 1);
        cursor::draw(ui, painter, cell_rect(i), grid, &said);
        if ui.input_mut(|inp| inp.consume_key(egui::Modifiers::NONE, egui::Key::L)) {
            locked = Some(i);
        }
        said
    });
    cursor::tell(response, "Magic square", said.as_deref());
    (keyed.picked.map(|(r, c)| (r * side + c) as usize), locked)
}

/// [`magic_grid`], in play mode when `play` is given: cells answer clicks, and the
/// selected, locked and hinted cells are marked, with a legend for the marks.
pub fn magic_grid_with(
    ui: &mut Ui,
    n: usize,
    cells: &[u32],
    legend: bool,
    play: Option<PlayMarks>,
) -> MagicGridResponse {
    let n = n.max(1);
    let full = cells.len() == n * n;
    let legend_height = if legend {
        legend_height(ui, play.is_some())
    } else {
        0.0
    };
    let avail = ui.available_size() - vec2(0.0, legend_height);
    let numbered = n <= MAX_NUMBERED_ORDER;
    // One more row and column for the sums.
    let slots = if numbered { n as f32 + 1.0 } else { n as f32 };
    let cell = (avail.x.min(avail.y) / slots).max(1.0 / n as f32);
    let side = cell * slots;
    let width = if legend { side.max(avail.x) } else { side };
    let (area, area_response) =
        ui.allocate_exact_size(vec2(width, side + legend_height), Sense::hover());
    let id = area_response.id;
    let origin = area.min;
    let grid = if numbered {
        Rect::from_min_size(origin + vec2(0.0, 0.5 * cell), Vec2::splat(cell * n as f32))
    } else {
        Rect::from_min_size(origin, Vec2::splat(side))
    };
    // Play mode's cells answer clicks.
    let sense = play.as_ref().map_or(Sense::hover(), |_| Sense::click());
    let response = ui.interact(grid, id.with("cells"), sense);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "Magic square"));
    let painter = ui.painter_at(area);
    let strip = Rect::from_min_max(Pos2::new(area.min.x, area.min.y + side), area.max);
    let (light, shade, text) = colours(ui.visuals().dark_mode);
    let constant = magic_constant(n);

    if !numbered {
        let square = Shaded {
            n,
            grid,
            strip,
            colours: (light, shade, text),
            response,
        };
        return shaded(ui, square, cells, legend);
    }

    // A strip of half a cell above the grid holds the anti-diagonal's sum at its
    // top-right end; the rows' sums stand to the right, the columns' and the diagonal's
    // below.
    let at = |r: f32, c: f32| origin + vec2(c * cell, (r + 0.5) * cell);
    let font = FontId::monospace((cell * 0.38).clamp(6.0, 30.0));
    let small = FontId::monospace((cell * 0.3).clamp(6.0, 22.0));
    draw_cells(&painter, n, cells, (light, shade, text), &font, |r, c| {
        Rect::from_min_size(at(r as f32, c as f32), Vec2::splat(cell))
    });
    painter.rect_stroke(
        Rect::from_min_size(at(0.0, 0.0), Vec2::splat(cell * n as f32)),
        0.0,
        Stroke::new(1.0, text.gamma_multiply(0.5)),
        StrokeKind::Inside,
    );
    let cell_rect =
        |i: usize| Rect::from_min_size(at((i / n) as f32, (i % n) as f32), Vec2::splat(cell));
    if let Some(p) = &play {
        play_marks(&painter, p, cell, cell_rect);
    }
    let (mut clicked, mut secondary) = if play.is_some() {
        let at = (response.interact_pointer_pos()).and_then(|p| cell_at(grid, n, p));
        (
            at.filter(|_| response.clicked()),
            at.filter(|_| response.secondary_clicked()),
        )
    } else {
        (None, None)
    };
    if let Some(p) = &play {
        let (picked, locked) = play_keys(ui, &response, &painter, (p, cells, n), grid, cell_rect);
        clicked = clicked.or(picked);
        secondary = secondary.or(locked);
    }
    if full {
        draw_sums(&painter, n, cells, &small, at);
        if legend {
            legend::strip(ui, strip, |ui| {
                legend::row(ui, |ui| sums_legend(ui, constant));
                if let Some(p) = &play {
                    legend::row(ui, |ui| play_legend(ui, p));
                }
            });
        }
    }
    MagicGridResponse {
        response,
        area,
        clicked,
        secondary,
    }
}

/// The index of the cell of the `n`-by-`n` `grid` under `p`, if `p` is on it.
fn cell_at(grid: Rect, n: usize, p: Pos2) -> Option<usize> {
    let d = (p - grid.min) / (grid.width() / n as f32);
    (d.x >= 0.0 && d.y >= 0.0 && d.x < n as f32 && d.y < n as f32)
        .then(|| d.y as usize * n + d.x as usize)
}

/// The height of the legend under the square (with a row for play mode's marks); a
/// narrow panel wraps the legend's rows in two.
fn legend_height(ui: &Ui, play: bool) -> f32 {
    let narrow = usize::from(ui.available_width() < 520.0);
    legend::strip_height(ui, (LEGEND_ROWS + usize::from(play)) * (1 + narrow))
}

/// The square's colours: its light and shaded cells, and its text.
fn colours(dark: bool) -> (Color32, Color32, Color32) {
    if dark {
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
    }
}

/// The numbered cells, checkered light and shade; a partial square (Compare's timeline
/// fills it cell by cell) shows the cells it has. `rect` gives the cell at row, column.
fn draw_cells(
    painter: &egui::Painter,
    n: usize,
    cells: &[u32],
    (light, shade, text): (Color32, Color32, Color32),
    font: &FontId,
    rect: impl Fn(usize, usize) -> Rect,
) {
    for r in 0..n {
        for c in 0..n {
            let rect = rect(r, c);
            painter.rect_filled(rect, 0.0, if (r + c) % 2 == 0 { light } else { shade });
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
}

/// The sums of a full square's lines, each in the colour that says whether it is the
/// magic constant: the rows' to the right, the columns' and the diagonal's below, the
/// anti-diagonal's above the top-right corner. `at` places a point in cells.
fn draw_sums(
    painter: &egui::Painter,
    n: usize,
    cells: &[u32],
    small: &FontId,
    at: impl Fn(f32, f32) -> Pos2,
) {
    let constant = magic_constant(n);
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

/// Play mode's marks: locked cells outlined with a corner tab, a hint's two cells joined,
/// the selected cell outlined. `cell_rect` gives cell `i`'s rectangle, `cell` its side.
fn play_marks(
    painter: &egui::Painter,
    p: &PlayMarks,
    cell: f32,
    cell_rect: impl Fn(usize) -> Rect,
) {
    let width = (cell * 0.07).clamp(2.0, 5.0);
    for (i, _) in p.locked.iter().enumerate().filter(|(_, l)| **l) {
        let r = cell_rect(i).shrink(width);
        painter.rect_stroke(r, 2.0, Stroke::new(width * 0.6, LOCKED), StrokeKind::Inside);
        // A corner tab, so a locked cell reads as locked without its colour.
        let tab = (cell * 0.18).clamp(4.0, 14.0);
        painter.add(egui::Shape::convex_polygon(
            vec![
                r.left_top(),
                r.left_top() + vec2(tab, 0.0),
                r.left_top() + vec2(0.0, tab),
            ],
            LOCKED,
            Stroke::NONE,
        ));
    }
    if let Some((a, b)) = p.pair {
        for i in [a, b] {
            painter.rect_stroke(
                cell_rect(i),
                0.0,
                Stroke::new(width, HINT),
                StrokeKind::Inside,
            );
        }
        painter.line_segment(
            [cell_rect(a).center(), cell_rect(b).center()],
            Stroke::new(width * 0.5, HINT.gamma_multiply(0.7)),
        );
    }
    if let Some(i) = p.selected {
        painter.rect_stroke(
            cell_rect(i),
            0.0,
            Stroke::new(width, SELECTED),
            StrokeKind::Inside,
        );
    }
}

/// A square drawn as shades: its order, the grid and the legend's strip, its colours
/// (light, shade, text) and the grid's response.
struct Shaded {
    n: usize,
    grid: Rect,
    strip: Rect,
    colours: (Color32, Color32, Color32),
    response: egui::Response,
}

/// A square too large to number: each cell's value as a shade, so that a
/// construction's pattern shows at a glance; the cell under the pointer told in words.
fn shaded(ui: &mut Ui, square: Shaded, cells: &[u32], legend: bool) -> MagicGridResponse {
    let Shaded {
        n,
        grid,
        strip,
        colours: (light, shade, text),
        response,
    } = square;
    let cell = grid.width() / n as f32;
    let full = cells.len() == n * n;
    let dark = ui.visuals().dark_mode;
    let id = response.id;
    let area = grid.union(strip);
    let painter = ui.painter_at(area);
    // Each cell's value as a shade: a construction's pattern shows at a glance.
    let max = (n * n) as f32;
    let value_colour = |v: f32| shade.lerp_to_gamma(text, v / max);
    let texture = {
        let key = (
            n,
            cells.len(),
            cells.first().copied(),
            cells.last().copied(),
            dark,
        );
        let cached = ui
            .data(|d| d.get_temp::<(u64, egui::TextureHandle)>(id))
            .filter(|(k, _)| *k == hash(&key, cells));
        match cached {
            Some((_, t)) => t,
            None => {
                let pixels = if full {
                    cells.iter().map(|&v| value_colour(v as f32)).collect()
                } else {
                    vec![light; n * n]
                };
                let image = egui::ColorImage::new([n, n], pixels);
                let t = ui
                    .ctx()
                    .load_texture("magic-square", image, egui::TextureOptions::NEAREST);
                ui.data_mut(|d| d.insert_temp(id, (hash(&key, cells), t.clone())));
                t
            }
        }
    };
    painter.image(
        texture.id(),
        grid,
        Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0)),
        Color32::WHITE,
    );
    let hovered = response.hover_pos().and_then(|p| {
        let d = (p - grid.min) / cell;
        let (r, c) = (d.y.floor(), d.x.floor());
        (r >= 0.0 && c >= 0.0 && (r as usize) < n && (c as usize) < n)
            .then_some((r as usize, c as usize))
    });
    let told = hovered.and_then(|(r, c)| {
        let v = cells.get(r * n + c)?;
        Some(format!("row {}, column {}: {v}", r + 1, c + 1))
    });
    if legend && full {
        legend::strip(ui, strip, |ui| {
            legend::colour_bar(ui, "value in the square", "1", &(n * n).to_string(), |t| {
                value_colour(1.0 + t * (max - 1.0))
            });
            ui.label(
                egui::RichText::new(told.as_deref().unwrap_or(
                    "Hover a cell for its row, column and value; every line adds up to the magic constant.",
                ))
                .weak(),
            );
        });
    }
    let response = match &told {
        Some(t) => response.on_hover_text_at_pointer(t),
        None => response,
    };
    MagicGridResponse {
        response,
        area,
        clicked: None,
        secondary: None,
    }
}

/// The selected cell's outline.
const SELECTED: Color32 = Color32::from_rgb(60, 140, 240);
/// A locked cell's outline and padlock.
const LOCKED: Color32 = Color32::from_rgb(150, 110, 200);
/// A hint's two cells.
const HINT: Color32 = Color32::from_rgb(40, 180, 170);

/// What play mode's marks mean: the ones on the square, or how to make them.
fn play_legend(ui: &mut Ui, p: &PlayMarks) {
    if p.selected.is_some() {
        legend::swatch(
            ui,
            Mark::Outline(SELECTED),
            "picked: click another cell to swap",
        );
    } else {
        ui.label(egui::RichText::new("click two cells to swap them").weak());
    }
    if p.locked.iter().any(|l| *l) {
        legend::swatch(ui, Mark::Outline(LOCKED), "locked (right-click to unlock)");
    } else {
        ui.label(egui::RichText::new("right-click a cell to lock it").weak());
    }
    if p.pair.is_some() {
        legend::swatch(ui, Mark::Outline(HINT), "the hint's swap");
    }
}

/// What the colours of the line sums mean.
pub fn sums_legend(ui: &mut Ui, constant: u64) {
    legend::swatch(
        ui,
        Mark::Glyph("Σ", sum_colour(constant, constant)),
        &format!("a line adding up to the magic constant {constant}"),
    );
    legend::swatch(
        ui,
        Mark::Gradient(
            sum_colour(constant + 1, constant),
            sum_colour(constant * 3, constant),
        ),
        "a line off it: orange near, red far",
    );
    ui.label(egui::RichText::new("↘ ↙ the diagonals").weak());
}

fn hash(key: &impl std::hash::Hash, cells: &[u32]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    key.hash(&mut h);
    cells.hash(&mut h);
    h.finish()
}
