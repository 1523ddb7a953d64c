//! The chessboard widget: squares, the knight's trail, move numbers, the knight, and the
//! square under the pointer. Plain data in, a [`BoardResponse`] out.

use crate::puzzle::knight::{Board, Square};
use egui::{Align2, Color32, FontId, Pos2, Rect, Sense, Stroke, StrokeKind, Ui, Vec2, vec2};

/// Cells smaller than this (in points) are drawn without a checker pattern.
const MIN_CHECKER_CELL: f32 = 4.0;
/// Cells at least this large get move numbers and degree labels.
const MIN_TEXT_CELL: f32 = 16.0;
/// On cells too small for numbers, the trail's line shows only the last moves: as many as
/// make about this much line (in points), and at most [`MAX_SMALL_CELL_TRAIL`]. A software
/// renderer pays for every pixel a line covers, so the budget is in length, not moves.
const SMALL_CELL_TRAIL_LENGTH: f32 = 12_000.0;
const MAX_SMALL_CELL_TRAIL: usize = 1500;

/// What to draw.
pub struct BoardView<'a> {
    pub board: &'a Board,
    pub start: Square,
    /// The squares visited, in order; only the first `shown` are drawn.
    pub path: &'a [Square],
    pub shown: usize,
    /// Draw the closing move (last square back to the first) when the whole path is shown.
    pub closed: bool,
    /// Show each free square's number of free onward squares (Warnsdorff's degree).
    pub degrees: bool,
    /// Tours found by counting from each square, drawn as a heat map.
    pub heat: Option<&'a [u64]>,
}

pub struct BoardResponse {
    pub response: egui::Response,
    /// The square under the pointer.
    pub hovered: Option<Square>,
    /// The square clicked this frame.
    pub clicked: Option<Square>,
}

struct Palette {
    light: Color32,
    dark: Color32,
    trail: Color32,
    number: Color32,
    start: Color32,
    knight: Color32,
    degree: Color32,
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
        }
    }
}

pub fn board(ui: &mut Ui, view: &BoardView) -> BoardResponse {
    let b = view.board;
    let (cols, rows) = (b.cols() as f32, b.rows() as f32);
    let avail = ui.available_size();
    let ppp = ui.ctx().pixels_per_point();
    let mut cell = (avail.x / cols).min(avail.y / rows).max(0.5);
    // Cells of whole pixels from a whole pixel: every square's edge falls on a pixel edge,
    // so the board is drawn the same however the panels beside it round.
    if cell * ppp >= 2.0 {
        cell = (cell * ppp).floor() / ppp;
    }
    let (response, painter) = ui.allocate_painter(vec2(cell * cols, cell * rows), Sense::click());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "Chessboard"));
    let origin = egui::emath::GuiRounding::round_to_pixels(response.rect.min, ppp);
    let pal = palette(ui.visuals().dark_mode);
    let square_rect = |sq: Square| {
        let (r, c) = b.row_col(sq);
        Rect::from_min_size(
            origin + vec2(c as f32 * cell, r as f32 * cell),
            Vec2::splat(cell),
        )
    };
    let centre = |sq: Square| square_rect(sq).center();

    // Squares, heat and the visited squares of small cells are one texture of one texel
    // per square: two triangles whatever the board's size, where a mesh of thousands of
    // small quads costs a software renderer most of a frame.
    let tint_visited = cell < MIN_TEXT_CELL;
    let texture = squares_texture(
        ui,
        response.id,
        view,
        &pal,
        cell >= MIN_CHECKER_CELL,
        tint_visited,
    );
    painter.image(
        texture.id(),
        response.rect,
        Rect::from_min_max(Pos2::ZERO, Pos2::new(1.0, 1.0)),
        Color32::WHITE,
    );

    // The start square.
    painter.rect_stroke(
        square_rect(view.start).shrink(cell * 0.04),
        0.0,
        Stroke::new((cell * 0.08).clamp(1.0, 4.0), pal.start),
        StrokeKind::Inside,
    );

    // The trail through the square centres, and the closing move. On small cells the
    // tinted squares show where the knight has been and the line only its last moves: a
    // tangle of tens of thousands of segments shows nothing and costs a frame.
    let shown = view.shown.min(view.path.len());
    let trail = &view.path[..shown];
    let width = (cell * 0.08).clamp(1.0, 3.0);
    let line_from = if tint_visited {
        // A knight's move is √5 cells long.
        let moves = (SMALL_CELL_TRAIL_LENGTH / (cell * 5f32.sqrt())) as usize;
        shown.saturating_sub(moves.min(MAX_SMALL_CELL_TRAIL) + 1)
    } else {
        0
    };
    if trail.len() - line_from > 1 {
        let points: Vec<Pos2> = trail[line_from..].iter().map(|&s| centre(s)).collect();
        painter.line(points, Stroke::new(width, pal.trail));
    }
    if view.closed && shown == b.len() && shown > 1 {
        let stroke = Stroke::new(width, pal.trail.gamma_multiply(0.6));
        painter.line_segment([centre(trail[shown - 1]), centre(trail[0])], stroke);
    }

    // Move numbers on cells large enough for them (small cells are tinted instead).
    if cell >= MIN_TEXT_CELL {
        let font = FontId::proportional(cell * 0.32);
        for (i, &sq) in trail.iter().enumerate() {
            if i + 1 == shown {
                continue;
            }
            let p = centre(sq);
            painter.circle_filled(
                p,
                cell * 0.2,
                ui.visuals().extreme_bg_color.gamma_multiply(0.85),
            );
            painter.text(
                p,
                Align2::CENTER_CENTER,
                (i + 1).to_string(),
                font.clone(),
                pal.number,
            );
        }
    }

    // Warnsdorff's degree on every free square.
    if view.degrees && cell >= MIN_TEXT_CELL {
        let mut visited = vec![false; b.len()];
        for &s in trail {
            visited[s as usize] = true;
        }
        let font = FontId::monospace(cell * 0.28);
        let here = trail.last().copied();
        for sq in 0..b.len() as Square {
            if visited[sq as usize] {
                continue;
            }
            let d = b.neighbours(sq).filter(|&t| !visited[t as usize]).count();
            let next = here.is_some_and(|h| b.is_knight_move(h, sq));
            let r = square_rect(sq);
            let color = if next { pal.start } else { pal.degree };
            painter.text(
                r.right_bottom() - vec2(cell * 0.08, cell * 0.04),
                Align2::RIGHT_BOTTOM,
                d.to_string(),
                font.clone(),
                color,
            );
        }
    }

    // The knight.
    if let Some(&at) = trail.last() {
        let p = centre(at);
        if cell >= MIN_CHECKER_CELL * 2.0 {
            painter.circle_filled(p, cell * 0.42, pal.trail.gamma_multiply(0.35));
            painter.text(
                p,
                Align2::CENTER_CENTER,
                "♞",
                FontId::proportional(cell * 0.72),
                pal.knight,
            );
        } else {
            painter.circle_filled(p, (cell * 0.8).max(3.0), pal.knight);
        }
    }

    let to_square = |pos: Pos2| -> Option<Square> {
        let d = pos - origin;
        let (c, r) = ((d.x / cell).floor(), (d.y / cell).floor());
        (c >= 0.0 && r >= 0.0 && c < cols && r < rows).then(|| b.square(r as u32, c as u32))
    };
    let hovered = response.hover_pos().and_then(to_square);
    let clicked = if response.clicked() {
        response.interact_pointer_pos().and_then(to_square)
    } else {
        None
    };
    if let Some(h) = hovered {
        painter.rect_stroke(
            square_rect(h),
            0.0,
            Stroke::new(1.5, pal.start.gamma_multiply(0.7)),
            StrokeKind::Inside,
        );
    }
    BoardResponse {
        response,
        hovered,
        clicked,
    }
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
    )
        .hash(&mut h);
    if tint_visited {
        view.path[..shown].hash(&mut h);
    }
    view.heat.hash(&mut h);
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
    if let Some(heat) = view.heat {
        let max = heat.iter().copied().max().unwrap_or(0).max(1) as f32;
        let green = Color32::from_rgb(60, 170, 90);
        for (p, &v) in pixels.iter_mut().zip(heat) {
            if v > 0 {
                *p = p.lerp_to_gamma(green, (40.0 + 180.0 * v as f32 / max) / 255.0);
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
