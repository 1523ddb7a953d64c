//! The layers the board draws over its squares, in order: the knight's trail and its
//! closing move, the squares just taken back, the move numbers, Warnsdorff's degrees,
//! the player's possible moves, and the knight.

use super::*;

/// The square `sq`'s rectangle.
pub(super) fn square_rect(at: &Geometry, sq: Square) -> Rect {
    let (r, c) = at.board.row_col(sq);
    Rect::from_min_size(
        at.origin + vec2(c as f32 * at.cell, r as f32 * at.cell),
        Vec2::splat(at.cell),
    )
}

/// The centre of square `sq`.
fn centre(at: &Geometry, sq: Square) -> Pos2 {
    square_rect(at, sq).center()
}

/// Every layer over the squares, in order: the start square, the trail of the first
/// `shown` squares, the squares taken back, the move numbers and the degrees (on cells
/// large enough for text), the player's moves, the knight.
pub(super) fn draw_layers(
    painter: &egui::Painter,
    at: &Geometry,
    view: &BoardView,
    pal: &Palette,
    shown: usize,
    bg: Color32,
) {
    let cell = at.cell;
    let trail = &view.path[..shown];
    if let Some(start) = view.start {
        painter.rect_stroke(
            square_rect(at, start).shrink(cell * 0.04),
            0.0,
            Stroke::new((cell * 0.08).clamp(1.0, 4.0), pal.start),
            StrokeKind::Inside,
        );
    }
    draw_trail(painter, at, view, pal, shown, cell < MIN_TEXT_CELL);
    draw_taken_back(painter, at, view, pal);
    if cell >= MIN_TEXT_CELL {
        draw_numbers(painter, at, pal, trail, shown, bg);
    }
    if view.degrees && cell >= MIN_TEXT_CELL {
        draw_degrees(painter, at, pal, trail);
    }
    if let Some(moves) = view.moves {
        draw_moves(painter, at, pal, moves);
    }
    if let Some(&knight) = trail.last() {
        draw_knight(painter, at, pal, knight, shown, bg);
    }
}

/// The square under `pos`, if `pos` is on the board.
pub(super) fn square_at(at: &Geometry, pos: Pos2) -> Option<Square> {
    let b = at.board;
    let d = pos - at.origin;
    let (c, r) = ((d.x / at.cell).floor(), (d.y / at.cell).floor());
    (c >= 0.0 && r >= 0.0 && c < b.cols() as f32 && r < b.rows() as f32)
        .then(|| b.square(r as u32, c as u32))
}

/// The trail through the square centres of the first `shown` squares, and the closing
/// move. On small cells (`tint_visited`) the tinted squares show where the knight has
/// been and the line only its last moves: a tangle of tens of thousands of segments
/// shows nothing and costs a frame.
fn draw_trail(
    painter: &egui::Painter,
    at: &Geometry,
    view: &BoardView,
    pal: &Palette,
    shown: usize,
    tint_visited: bool,
) {
    let cell = at.cell;
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
        let points: Vec<Pos2> = trail[line_from..].iter().map(|&s| centre(at, s)).collect();
        // Over a heat map's colours the line gets a dark casing to stand out from them.
        if view.heat.is_some() {
            let casing = Stroke::new(width + 2.0, Color32::from_black_alpha(170));
            painter.line(points.clone(), casing);
        }
        painter.line(points, Stroke::new(width, pal.trail));
    }
    if closing_shown(view, shown) {
        // Dashed, in a colour of its own: the one move that is not a step of the walk.
        let (from, to) = (centre(at, trail[shown - 1]), centre(at, trail[0]));
        if view.heat.is_some() {
            let casing = Stroke::new(width + 2.0, Color32::from_black_alpha(170));
            painter.line_segment([from, to], casing);
        }
        painter.extend(egui::Shape::dashed_line(
            &[from, to],
            Stroke::new(width + 0.5, pal.closing),
            (cell * 0.3).clamp(4.0, 10.0),
            (cell * 0.2).clamp(3.0, 7.0),
        ));
    }
}

/// Squares just taken back: crossed out, fading with age.
fn draw_taken_back(painter: &egui::Painter, at: &Geometry, view: &BoardView, pal: &Palette) {
    let cell = at.cell;
    let n_back = view.taken_back.len().max(1) as f32;
    for (age, &sq) in view.taken_back.iter().enumerate() {
        let r = square_rect(at, sq).shrink(cell * 0.22);
        let fade = 1.0 - age as f32 / (n_back + 1.0);
        let stroke = Stroke::new((cell * 0.07).clamp(1.0, 3.0), pal.back.gamma_multiply(fade));
        painter.line_segment([r.left_top(), r.right_bottom()], stroke);
        painter.line_segment([r.right_top(), r.left_bottom()], stroke);
    }
}

/// Move numbers on the trail's squares, but the last (the knight's, which wears its
/// number in the corner), on discs of the background colour `bg`.
fn draw_numbers(
    painter: &egui::Painter,
    at: &Geometry,
    pal: &Palette,
    trail: &[Square],
    shown: usize,
    bg: Color32,
) {
    let cell = at.cell;
    let font = FontId::proportional(cell * 0.32);
    for (i, &sq) in trail.iter().enumerate() {
        if i + 1 == shown {
            continue;
        }
        let p = centre(at, sq);
        painter.circle_filled(p, cell * 0.2, bg.gamma_multiply(0.85));
        painter.text(
            p,
            Align2::CENTER_CENTER,
            (i + 1).to_string(),
            font.clone(),
            pal.number,
        );
    }
}

/// Which squares of board `b` the trail has visited.
pub(super) fn visited(b: &Board, trail: &[Square]) -> Vec<bool> {
    let mut visited = vec![false; b.len()];
    for &s in trail {
        visited[s as usize] = true;
    }
    visited
}

/// Warnsdorff's degree on every free square: how many free squares a knight could go on
/// to from it; the knight's next choices in the start colour.
fn draw_degrees(painter: &egui::Painter, at: &Geometry, pal: &Palette, trail: &[Square]) {
    let (b, cell) = (at.board, at.cell);
    let visited = visited(b, trail);
    let font = FontId::monospace(cell * 0.28);
    let here = trail.last().copied();
    for sq in 0..b.len() as Square {
        if visited[sq as usize] {
            continue;
        }
        let d = b.neighbours(sq).filter(|&t| !visited[t as usize]).count();
        let next = here.is_some_and(|h| b.is_knight_move(h, sq));
        let r = square_rect(at, sq);
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

/// Where a player may move: a ring on each square, and the key that moves there.
fn draw_moves(painter: &egui::Painter, at: &Geometry, pal: &Palette, moves: &[Square]) {
    let cell = at.cell;
    let ring = Stroke::new((cell * 0.07).clamp(1.5, 3.0), pal.start);
    // Each ring's number on a disc of the ring's colour at its upper left, large enough to
    // read (11 points at least) and above the path's lines, which it would vanish under.
    let size = (cell * 0.3).clamp(11.0, 18.0);
    let font = FontId::proportional(size);
    let text = if pal.knight == Color32::WHITE {
        Color32::BLACK
    } else {
        Color32::WHITE
    };
    for (i, &sq) in moves.iter().enumerate() {
        let r = square_rect(at, sq);
        painter.circle_stroke(r.center(), cell * 0.36, ring);
        if cell >= MIN_TEXT_CELL {
            let at =
                r.center() + vec2(-1.0, -1.0) * (cell * 0.36 * std::f32::consts::FRAC_1_SQRT_2);
            painter.circle_filled(at, size * 0.62, pal.start);
            painter.text(
                at,
                Align2::CENTER_CENTER,
                (i + 1).to_string(),
                font.clone(),
                text,
            );
        }
    }
}

/// The knight on square `knight`, move `shown` of the path: a ♞ (a dot on small cells),
/// with its move's number in the corner on a disc of the background colour `bg`.
fn draw_knight(
    painter: &egui::Painter,
    at: &Geometry,
    pal: &Palette,
    knight: Square,
    shown: usize,
    bg: Color32,
) {
    let cell = at.cell;
    let p = centre(at, knight);
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
    // The knight stands on its move's number: the number goes in the corner.
    if cell >= MIN_TEXT_CELL && shown > 0 {
        let r = square_rect(at, knight);
        let badge = r.left_bottom() + vec2(cell * 0.2, -cell * 0.2);
        painter.circle_filled(badge, cell * 0.17, bg.gamma_multiply(0.9));
        painter.text(
            badge,
            Align2::CENTER_CENTER,
            shown.to_string(),
            FontId::proportional(cell * 0.22),
            pal.number,
        );
    }
}

/// The square `h` under the pointer: outlined, and told in words (with its Warnsdorff
/// degree when the degrees are shown).
pub(super) fn hover(
    painter: &egui::Painter,
    at: &Geometry,
    view: &BoardView,
    pal: &Palette,
    trail: &[Square],
    h: Square,
) -> String {
    let b = at.board;
    painter.rect_stroke(
        square_rect(at, h),
        0.0,
        Stroke::new(1.5, pal.start.gamma_multiply(0.7)),
        StrokeKind::Inside,
    );
    let here = trail.last().copied();
    let free_degree = view.degrees.then(|| {
        let visited = visited(b, trail);
        (!visited[h as usize]).then(|| {
            let d = b.neighbours(h).filter(|&t| !visited[t as usize]).count();
            (d, here.is_some_and(|k| b.is_knight_move(k, h)))
        })
    });
    describe(view, h, trail, free_degree.flatten())
}
