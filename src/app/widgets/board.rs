//! The chessboard widget: squares, the knight's trail, move numbers, the knight, a closed
//! tour's closing move, a heat map with its figures, a closed tour's construction, the
//! square under the pointer and what it holds, coordinates around the board and a legend
//! under it. Plain data in, a [`BoardResponse`] out.

mod key;
mod layers;

use super::construction::{self, ConstructionView, Geometry};
use super::coords::Coordinates;
use super::legend::{self, text_on};
use crate::puzzle::knight::{Board, Square};
use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, Ui, Vec2, vec2};
pub use key::path_legend;
use key::{board_legend, closing_shown};
use layers::{draw_layers, hover, square_at};

/// Cells smaller than this (in points) are drawn without a checker pattern.
const MIN_CHECKER_CELL: f32 = 4.0;
/// Cells at least this large get move numbers and degree labels.
const MIN_TEXT_CELL: f32 = 16.0;
/// Cells at least this large print their heat map figure.
const MIN_FIGURE_CELL: f32 = 20.0;
/// On cells too small for numbers, the trail's line shows only the last moves: as many as
/// make about this much line (in points), and at most [`MAX_SMALL_CELL_TRAIL`]. A software
/// renderer pays for every pixel a line covers, so the budget is in length, not moves.
const SMALL_CELL_TRAIL_LENGTH: f32 = 12_000.0;
const MAX_SMALL_CELL_TRAIL: usize = 1500;
/// A construction's tours are drawn whole when they make at most this much line (in
/// points), or on cells with room for move numbers: about as much as a whole tour drawn on
/// the largest board whose cells have that room.
const CONSTRUCTION_LINE_LENGTH: f32 = 80_000.0;
/// About how wide the longest legend is, all items in one row (points): the strip under
/// the board has as many rows as this needs at the board's width, whatever it shows now.
const LEGEND_WIDTH: f32 = 1300.0;

/// A figure per square, drawn as a heat map with a colour bar.
pub struct Heat<'a> {
    /// One value per square, row by row from the top; none negative. NaN: the square has
    /// no figure (its count was cut short); it keeps its checker colour and a dash.
    pub values: &'a [f64],
    /// What the values are, for the legend: "tours from this square".
    pub caption: &'a str,
    /// A value in full, as the legend's ends say it: "304", "0.412".
    pub exact: &'a dyn Fn(f64) -> String,
    /// A value short enough to print on its square: "12k".
    pub short: &'a dyn Fn(f64) -> String,
    /// What hovering a square says of its value: "304 tours from this square".
    pub tell: &'a dyn Fn(f64) -> String,
    /// What hovering a square without a figure says, and its legend swatch.
    pub missing: &'a str,
}

impl Heat<'_> {
    fn max(&self) -> f64 {
        self.values
            .iter()
            .copied()
            .filter(|v| v.is_finite())
            .fold(0.0, f64::max)
    }
}

/// A count short enough for its square: `950`, `15k`, `1.2M`.
pub fn short_count(v: f64) -> String {
    if v >= 1e6 {
        format!("{:.1}M", v / 1e6)
    } else if v >= 1e4 {
        format!("{:.0}k", v / 1e3)
    } else {
        format!("{v:.0}")
    }
}

/// What to draw.
pub struct BoardView<'a> {
    /// The board: its size and its squares' names.
    pub board: &'a Board,
    /// The square the knight starts from, outlined.
    pub start: Option<Square>,
    /// The squares visited, in order; only the first `shown` are drawn.
    pub path: &'a [Square],
    /// How many squares of `path` are drawn (an animation's position); the knight stands
    /// on the last of them.
    pub shown: usize,
    /// Draw the closing move (last square back to the first) when the whole path is shown
    /// and its ends are a knight's move apart.
    pub closed: bool,
    /// Show each free square's number of free onward squares (Warnsdorff's degree).
    pub degrees: bool,
    /// A figure per square, drawn as a heat map.
    pub heat: Option<Heat<'a>>,
    /// Say under the board what its colours and marks mean (the views that show one
    /// board; Compare's small boards share one legend).
    pub legend: bool,
    /// A closed tour's construction at one stage, drawn over the squares (with an empty
    /// path).
    pub construction: Option<ConstructionView<'a>>,
    /// Squares a search has just taken back, the latest first: crossed out, fainter the
    /// longer ago.
    pub taken_back: &'a [Square],
    /// A step-by-step view (see `taken_back`): the legend keeps room for its marks.
    pub stepping: bool,
    /// Your guess is on: the legend keeps room for a question's rings from step to step,
    /// whether or not one waits, so that the board keeps its size.
    pub guessing: bool,
    /// Play mode (the legend keeps room for its marks), with the squares the player may
    /// move the knight to: ringed, and numbered with the key that moves it there.
    pub moves: Option<&'a [Square]>,
}

/// What a drawn board reports back.
pub struct BoardResponse {
    /// The squares.
    pub response: egui::Response,
    /// The squares with their coordinates and legend: what an export of the board shows.
    pub area: Rect,
    /// The square under the pointer.
    pub hovered: Option<Square>,
    /// What the square under the pointer holds, in words: "c3 (5,2): move 12".
    pub told: Option<String>,
    /// The square clicked this frame.
    pub clicked: Option<Square>,
    /// A construction's tours are drawn (its cells are large enough for them).
    pub construction_lines: bool,
}

struct Palette {
    light: Color32,
    dark: Color32,
    trail: Color32,
    number: Color32,
    start: Color32,
    knight: Color32,
    degree: Color32,
    closing: Color32,
    back: Color32,
}

fn palette(dark_mode: bool) -> Palette {
    if dark_mode {
        Palette {
            light: Color32::from_rgb(122, 138, 160),
            dark: Color32::from_rgb(66, 80, 104),
            trail: Color32::from_rgb(255, 170, 60),
            number: Color32::from_rgb(245, 245, 245),
            start: Color32::from_rgb(90, 200, 250),
            knight: Color32::WHITE,
            degree: Color32::from_rgb(140, 230, 140),
            closing: Color32::from_rgb(230, 130, 255),
            back: Color32::from_rgb(255, 120, 120),
        }
    } else {
        Palette {
            light: Color32::from_rgb(240, 217, 181),
            dark: Color32::from_rgb(181, 136, 99),
            trail: Color32::from_rgb(200, 40, 40),
            number: Color32::from_rgb(20, 20, 20),
            start: Color32::from_rgb(20, 110, 220),
            knight: Color32::BLACK,
            degree: Color32::from_rgb(0, 110, 0),
            closing: Color32::from_rgb(150, 0, 190),
            back: Color32::from_rgb(120, 0, 0),
        }
    }
}

/// The rows of the legend strip under a board `width` wide.
fn legend_rows(width: f32) -> usize {
    ((LEGEND_WIDTH / width.max(1.0)).ceil() as usize).clamp(2, 6)
}

/// The room a board takes in `avail`: its coordinates' margins, the legend's height, and
/// a square's side (whole pixels from a whole pixel, so that every square's edge falls on
/// a pixel edge and the board is drawn the same however the panels beside it round).
fn room(ui: &Ui, view: &BoardView, avail: Vec2) -> (Coordinates, f32, f32) {
    let b = view.board;
    let legend_height = if view.legend {
        // A step-by-step view keeps a row for its crossed-out squares, so that the board
        // keeps its size from step to step.
        // Play mode's rings take a row, and its hints' heat or degrees another.
        // Your guess keeps a row for its rings' key at every step (the degrees' keys it
        // hides make room too).
        let rings = match (view.guessing, view.moves.is_some()) {
            (true, _) => 1,
            (false, true) => 2,
            (false, false) => 0,
        };
        let rows = legend_rows(avail.x) + usize::from(view.stepping) + rings;
        legend::strip_height(ui, rows)
    } else {
        0.0
    };
    let coords = Coordinates::room(
        ui,
        u64::from(b.cols()),
        u64::from(b.rows()),
        avail - vec2(0.0, legend_height),
    );
    let space = vec2(
        avail.x - coords.left - coords.right,
        avail.y - coords.bottom - legend_height,
    );
    let ppp = ui.ctx().pixels_per_point();
    let mut cell = (space.x / b.cols() as f32)
        .min(space.y / b.rows() as f32)
        .max(0.5);
    if cell * ppp >= 2.0 {
        cell = (cell * ppp).floor() / ppp;
    }
    (coords, legend_height, cell)
}

/// A view whose squares are not all on its board was made for another board: it says so
/// (the line it draws is the answer) and draws nothing, never a square of one board on
/// another; `None` for a view of its own board.
fn another_boards(ui: &mut Ui, view: &BoardView) -> Option<BoardResponse> {
    let b = view.board;
    let on = |s: &Square| (*s as usize) < b.len();
    let heat_fits = view.heat.as_ref().is_none_or(|h| h.values.len() == b.len());
    if view.path.iter().all(on)
        && view.start.is_none_or(|s| on(&s))
        && view.taken_back.iter().all(on)
        && view.moves.is_none_or(|m| m.iter().all(on))
        && heat_fits
    {
        return None;
    }
    let label = ui.colored_label(
        ui.visuals().error_fg_color,
        format!(
            "These squares belong to another board than this {}×{} one: not drawn.",
            b.cols(),
            b.rows()
        ),
    );
    let area = label.rect;
    Some(BoardResponse {
        response: label,
        area,
        hovered: None,
        told: None,
        clicked: None,
        construction_lines: false,
    })
}

/// Draws the knight's board `view` describes in the space left: its squares (a heat map if
/// given), a construction, the path and the knight, the coordinates and, when asked, the
/// legend; the square under the pointer is told in words.
pub fn board(ui: &mut Ui, view: &BoardView) -> BoardResponse {
    if let Some(elsewhere) = another_boards(ui, view) {
        return elsewhere;
    }
    let b = view.board;
    let (cols, rows) = (b.cols() as f32, b.rows() as f32);
    let avail = ui.available_size();
    let (coords, legend_height, cell) = room(ui, view, avail);
    let ppp = ui.ctx().pixels_per_point();
    let squares_size = vec2(cell * cols, cell * rows);
    let mut width = coords.left + squares_size.x + coords.right;
    if view.legend {
        width = width.max(avail.x);
    }
    let height = squares_size.y + coords.bottom + legend_height;
    let (area, area_response) = ui.allocate_exact_size(vec2(width, height), Sense::hover());
    let origin = egui::emath::GuiRounding::round_to_pixels(area.min + vec2(coords.left, 0.0), ppp);
    let squares = Rect::from_min_size(origin, squares_size);
    let id = area_response.id;
    let response = ui.interact(squares, id.with("squares"), Sense::click());
    let painter = ui.painter_at(area);
    let pal = palette(ui.visuals().dark_mode);

    // Squares, heat and the visited squares of small cells are one texture of one texel
    // per square: two triangles whatever the board's size, where a mesh of thousands of
    // small quads costs a software renderer most of a frame.
    let tint_visited = cell < MIN_TEXT_CELL;
    let texture = squares_texture(ui, id, view, &pal, cell >= MIN_CHECKER_CELL, tint_visited);
    painter.image(
        texture.id(),
        squares,
        Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0)),
        Color32::WHITE,
    );
    let shown = view.shown.min(view.path.len());
    let trail = &view.path[..shown];
    if let Some(heat) = &view.heat {
        let print = trail.is_empty() || view.moves.is_some();
        heat_marks(ui, &painter, view, heat, squares, cell, print);
    }

    let at = Geometry {
        board: b,
        origin,
        cell,
    };
    // A construction's pieces, tours and joins.
    let construction_lines = construction_lines(b, cell);
    if let Some(c) = &view.construction {
        let colours = construction::colours(ui.visuals().dark_mode);
        construction::draw(&painter, &at, c, &colours, construction_lines);
    }

    let bg = ui.visuals().extreme_bg_color;
    draw_layers(&painter, &at, view, &pal, shown, bg);

    coords.draw(ui, id, squares, u64::from(b.cols()), u64::from(b.rows()));
    if view.legend {
        let strip = Rect::from_min_max(
            Pos2::new(area.min.x, squares.max.y + coords.bottom),
            area.max,
        );
        let lines = construction_lines;
        legend::strip(ui, strip, |ui| {
            board_legend(ui, view, &pal, cell, shown, lines);
        });
    }

    let to_square = |pos: Pos2| square_at(&at, pos);
    let hovered = response.hover_pos().and_then(to_square);
    let clicked = if response.clicked() {
        response.interact_pointer_pos().and_then(to_square)
    } else {
        None
    };
    let told = hovered.map(|h| hover(&painter, &at, view, &pal, trail, h));
    // The keyboard's cursor: it starts on the knight (else the start square), and Enter
    // is a click on its square.
    let home = (trail.last().copied().or(view.start)).map_or((0, 0), |sq| b.row_col(sq));
    let cursor = crate::app::widgets::cursor::keys(ui, &response, b.rows(), b.cols(), home);
    let keyed = cursor.at.map(|(r, c)| {
        let sq = b.square(r, c);
        let said = hover(&painter, &at, view, &pal, trail, sq);
        let rect = layers::square_rect(&at, sq);
        crate::app::widgets::cursor::draw(ui, &painter, rect, squares, &said);
        (sq, said)
    });
    let clicked = clicked.or(cursor.picked.map(|(r, c)| b.square(r, c)));
    let said = keyed.as_ref().map(|(_, t)| t.as_str());
    crate::app::widgets::cursor::tell(&response, "Chessboard", said);
    let (hovered, told) = match (hovered, keyed) {
        (None, Some((sq, t))) => (Some(sq), Some(t)),
        _ => (hovered, told),
    };
    let response = match (&told, response.hovered()) {
        (Some(t), true) => response.on_hover_text_at_pointer(t),
        _ => response,
    };
    BoardResponse {
        response,
        area,
        hovered,
        told,
        clicked,
        construction_lines,
    }
}

/// What square `sq` holds, in words: its name and `(row,col)`, then its heat figure, the
/// move that visited it, its Warnsdorff degree (`free_degree`: onward moves and whether the
/// knight can jump there next), whether it is the start.
fn describe(
    view: &BoardView,
    sq: Square,
    trail: &[Square],
    free_degree: Option<(usize, bool)>,
) -> String {
    let b = view.board;
    let (r, c) = b.row_col(sq);
    let mut parts = Vec::new();
    if let Some(heat) = &view.heat
        && let Some(&v) = heat.values.get(sq as usize)
    {
        parts.push(if v.is_finite() {
            (heat.tell)(v)
        } else {
            heat.missing.to_string()
        });
    }
    if let Some(i) = trail.iter().position(|&s| s == sq) {
        parts.push(format!("move {}", i + 1));
    }
    if let Some((i, p)) = view.construction.as_ref().and_then(|v| v.piece_at(r, c)) {
        parts.push(format!(
            "piece {} of {} ({}×{})",
            i + 1,
            view.construction.as_ref().map_or(0, |v| v.pieces.len()),
            p.cols,
            p.rows
        ));
    }
    if let Some((d, next)) = free_degree {
        parts.push(format!(
            "{d} onward move{} (Warnsdorff degree)",
            if d == 1 { "" } else { "s" }
        ));
        if next {
            parts.push("the knight can jump here next".into());
        }
    }
    if view.start == Some(sq) {
        parts.push("the start square".into());
    }
    let name = format!("{} ({r},{c})", b.name(sq));
    if parts.is_empty() {
        name
    } else {
        format!("{name}: {}", parts.join("; "))
    }
}

/// Each square's figure printed on it (when the squares are large enough and no path
/// covers them), and faint lines between squares the heat map paints alike.
fn heat_marks(
    ui: &Ui,
    painter: &egui::Painter,
    view: &BoardView,
    heat: &Heat,
    squares: Rect,
    cell: f32,
    print: bool,
) {
    let b = view.board;
    let dark = ui.visuals().dark_mode;
    if cell >= 6.0 {
        let stroke = Stroke::new(1.0, ui.visuals().extreme_bg_color.gamma_multiply(0.35));
        for c in 1..b.cols() {
            let x = squares.min.x + c as f32 * cell;
            painter.line_segment(
                [Pos2::new(x, squares.min.y), Pos2::new(x, squares.max.y)],
                stroke,
            );
        }
        for r in 1..b.rows() {
            let y = squares.min.y + r as f32 * cell;
            painter.line_segment(
                [Pos2::new(squares.min.x, y), Pos2::new(squares.max.x, y)],
                stroke,
            );
        }
    }
    if !print || cell < MIN_FIGURE_CELL {
        return;
    }
    let max = heat.max();
    let heat_colour = crate::app::widgets::legend::heat_of(ui);
    let font = FontId::proportional((cell * 0.26).clamp(8.0, 16.0));
    for (i, &v) in heat.values.iter().enumerate().take(b.len()) {
        // In play mode only the squares the knight can move to have figures.
        if view.moves.is_some() && !v.is_finite() {
            continue;
        }
        let (r, c) = (i as u32 / b.cols(), i as u32 % b.cols());
        let at = squares.min + vec2((c as f32 + 0.5) * cell, (r as f32 + 0.5) * cell);
        let (text, colour) = if v.is_finite() {
            let t = if max > 0.0 { (v / max) as f32 } else { 0.0 };
            ((heat.short)(v), text_on(heat_colour(t)))
        } else {
            // No figure: the square keeps its checker colour; the dash must show on it.
            let pal = palette(dark);
            let square = if (r + c) % 2 == 1 {
                pal.dark
            } else {
                pal.light
            };
            ("–".to_string(), text_on(square))
        };
        painter.text(at, Align2::CENTER_CENTER, text, font.clone(), colour);
    }
}

/// Whether a construction's tours are drawn as lines on cells this large (else only the
/// pieces' outlines and the join on show).
fn construction_lines(b: &Board, cell: f32) -> bool {
    cell >= MIN_CHECKER_CELL
        && (cell >= MIN_TEXT_CELL
            || b.len() as f32 * cell * 5f32.sqrt() <= CONSTRUCTION_LINE_LENGTH)
}

/// The texture of the board's squares (checker pattern, heat, visited squares), rebuilt
/// only when what it shows changes; kept in egui's memory under the board's id.
fn squares_texture(
    ui: &Ui,
    id: egui::Id,
    view: &BoardView,
    pal: &Palette,
    checker: bool,
    tint_visited: bool,
) -> egui::TextureHandle {
    use std::hash::{Hash, Hasher};
    let b = view.board;
    let shown = view.shown.min(view.path.len());
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (
        b.cols(),
        b.rows(),
        checker,
        tint_visited,
        ui.visuals().dark_mode,
        crate::app::widgets::legend::safe(ui),
    )
        .hash(&mut h);
    if tint_visited {
        view.path[..shown].hash(&mut h);
    }
    if let Some(heat) = &view.heat {
        for v in heat.values {
            v.to_bits().hash(&mut h);
        }
    }
    let key = h.finish();
    let cached = ui
        .data(|d| d.get_temp::<(u64, egui::TextureHandle)>(id))
        .filter(|(k, _)| *k == key);
    if let Some((_, texture)) = cached {
        return texture;
    }

    let (cols, rows) = (b.cols() as usize, b.rows() as usize);
    let mut pixels = vec![pal.light; cols * rows];
    if checker {
        for (i, p) in pixels.iter_mut().enumerate() {
            if (i / cols + i % cols) % 2 == 1 {
                *p = pal.dark;
            }
        }
    }
    // A heat map paints every square by its figure alone, as the colour bar says.
    if let Some(heat) = &view.heat {
        let max = heat.max();
        let heat_colour = crate::app::widgets::legend::heat_of(ui);
        for (p, &v) in pixels.iter_mut().zip(heat.values) {
            if v.is_finite() {
                let t = if max > 0.0 { (v / max) as f32 } else { 0.0 };
                *p = heat_colour(t);
            }
        }
    }
    if tint_visited {
        for &sq in &view.path[..shown] {
            let p = &mut pixels[sq as usize];
            *p = p.lerp_to_gamma(pal.trail, 0.55);
        }
    }
    // Texel (c, r) is the square of row r, column c: the board's squares are numbered
    // row by row from the top, as the texture's texels are.
    let image = egui::ColorImage::new([cols, rows], pixels);
    let options = egui::TextureOptions {
        magnification: egui::TextureFilter::Nearest,
        minification: egui::TextureFilter::Linear,
        ..Default::default()
    };
    let texture = ui
        .ctx()
        .load_texture("knight-board-squares", image, options);
    ui.data_mut(|d| d.insert_temp(id, (key, texture.clone())));
    texture
}
