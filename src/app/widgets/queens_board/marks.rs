//! What the queens board draws on its squares (the attacked empty squares of play mode, a
//! CSP's pruned rows, the attack lines, the queens, the square a search looks at), its
//! legends, and the square under the pointer in words.

use super::*;

/// The squares of a drawn board: the top-left corner, a square's side, and n.
#[derive(Clone, Copy)]
pub(super) struct Grid {
    pub(super) origin: Pos2,
    pub(super) cell: f32,
    pub(super) n: usize,
}

impl Grid {
    /// The square at column `c`, row `r`.
    fn square(&self, c: usize, r: u32) -> Rect {
        Rect::from_min_size(
            self.origin + vec2(c as f32 * self.cell, r as f32 * self.cell),
            Vec2::splat(self.cell),
        )
    }

    /// The centre of the square at column `c`, row `r`.
    fn centre(&self, c: usize, r: u32) -> Pos2 {
        self.square(c, r).center()
    }

    /// `(row, column)` of the square at `p`, if `p` is on the board.
    pub(super) fn at(&self, p: Pos2) -> Option<(u32, u32)> {
        let d = (p - self.origin) / self.cell;
        let n = self.n as f32;
        (d.x >= 0.0 && d.y >= 0.0 && d.x < n && d.y < n).then_some((d.y as u32, d.x as u32))
    }
}

/// Whether a queen at `(qc, qr)` attacks the square at column `c`, row `r`.
fn attacks_square(qc: usize, qr: u32, c: usize, r: u32) -> bool {
    qc == c || qr == r || qr.abs_diff(r) as usize == qc.abs_diff(c)
}

/// Everything on the squares, in the order it is drawn.
pub(super) fn draw_marks(painter: &egui::Painter, view: &QueensBoardView, pal: &Palette, g: Grid) {
    if view.play {
        shade_attacked_empties(painter, view, pal, g);
    }
    if let Some(l) = view.landscape.filter(|l| l.n == g.n) {
        let text = pal.queen.gamma_multiply(0.8);
        super::super::landscape::draw(painter, l, view.rows, g.origin, g.cell, text);
    }
    if let Some(domains) = view.domains.filter(|d| d.len() == g.n * g.n) {
        draw_domains(painter, domains, pal, g);
    }
    if view.show_lines && view.attacks.segments.len() <= MAX_SEGMENTS {
        let stroke = Stroke::new((g.cell * 0.06).clamp(1.0, 3.0), pal.line);
        for &(a, b) in &view.attacks.segments {
            let (a, b) = (a as usize, b as usize);
            painter.line_segment(
                [g.centre(a, view.rows[a]), g.centre(b, view.rows[b])],
                stroke,
            );
        }
    }
    draw_queens(painter, view, pal, g);
    if let Some(f) = view.focus {
        draw_focus(painter, view, f, pal, g);
    }
}

/// Play mode: the empty squares some queen attacks, on its row, column or a diagonal.
fn shade_attacked_empties(painter: &egui::Painter, view: &QueensBoardView, pal: &Palette, g: Grid) {
    let shade = pal.attacked.gamma_multiply(0.22);
    let queens: Vec<(usize, u32)> = (view.rows.iter().enumerate())
        .filter(|&(_, &r)| r != EMPTY)
        .map(|(c, &r)| (c, r))
        .collect();
    for c in 0..g.n {
        for r in 0..g.n as u32 {
            if view.rows.get(c) == Some(&r) {
                continue;
            }
            if queens.iter().any(|&(qc, qr)| attacks_square(qc, qr, c, r)) {
                painter.rect_filled(g.square(c, r), 0.0, shade);
            }
        }
    }
}

/// A CSP's domains: the rows out of each open file's, crossed where arc consistency took
/// them.
fn draw_domains(painter: &egui::Painter, domains: &[Pruned], pal: &Palette, g: Grid) {
    let shade = pal.attacked.gamma_multiply(0.22);
    for (i, &p) in domains.iter().enumerate() {
        if p == Pruned::Open {
            continue;
        }
        let rect = g.square(i % g.n, (i / g.n) as u32);
        painter.rect_filled(rect, 0.0, shade);
        if p == Pruned::Inconsistent {
            let k = rect.shrink(g.cell * 0.28);
            let stroke = Stroke::new((g.cell * 0.07).clamp(1.0, 3.0), pal.attacked);
            painter.line_segment([k.left_top(), k.right_bottom()], stroke);
            painter.line_segment([k.right_top(), k.left_bottom()], stroke);
        }
    }
}

/// The queens: a ♛ on squares large enough for one, a dot on smaller ones; red when
/// attacked.
fn draw_queens(painter: &egui::Painter, view: &QueensBoardView, pal: &Palette, g: Grid) {
    for (c, &r) in view.rows.iter().enumerate() {
        if r == EMPTY {
            continue;
        }
        let attacked = view.attacks.attacked.get(c).copied().unwrap_or(false);
        let colour = if attacked { pal.attacked } else { pal.queen };
        let p = g.centre(c, r);
        if g.cell >= MIN_GLYPH_CELL {
            let font = FontId::proportional(g.cell * 0.78);
            painter.text(p, Align2::CENTER_CENTER, "♛", font, colour);
        } else {
            painter.circle_filled(p, (g.cell * 0.4).max(0.8), colour);
        }
    }
}

/// The square a search looks at, outlined, with a dashed line from the queen that
/// attacks it.
fn draw_focus(painter: &egui::Painter, view: &QueensBoardView, f: Focus, pal: &Palette, g: Grid) {
    let at = g.centre(f.column as usize, f.row);
    let width = (g.cell * 0.08).clamp(1.5, 4.0);
    painter.rect_stroke(
        g.square(f.column as usize, f.row).shrink(width / 2.0),
        0.0,
        Stroke::new(width, pal.focus),
        egui::StrokeKind::Inside,
    );
    if let Some(by) = f.by
        && let Some(&r) = view.rows.get(by as usize).filter(|&&r| r != EMPTY)
    {
        painter.extend(egui::Shape::dashed_line(
            &[g.centre(by as usize, r), at],
            Stroke::new(width, pal.attacked),
            (g.cell * 0.25).clamp(4.0, 10.0),
            (g.cell * 0.15).clamp(3.0, 6.0),
        ));
    }
}

/// The legend under a drawn board: the queens and lines, and the landscape, the domains
/// or play mode's shading when they are shown.
pub(super) fn board_legend(ui: &mut Ui, strip: Rect, view: &QueensBoardView, cell: f32, n: usize) {
    let play = view.play;
    // In play mode the outlined square is a hint's, said on the play row.
    let focus = view.focus.filter(|_| !play).map(|f| f.by.is_some());
    let hinted = play && view.focus.is_some();
    let landscape = view.landscape.filter(|l| l.n == n);
    let domains = view.domains.filter(|d| d.len() == n * n);
    let rows = view.rows;
    legend::strip(ui, strip, |ui| {
        queens_legend(ui, cell >= MIN_GLYPH_CELL, view.show_lines, focus);
        if let Some(l) = landscape {
            super::super::landscape::legend(ui, l, rows, cell, view.scores_twice);
        }
        let pal = palette(ui);
        if let Some(d) = domains {
            legend::row(ui, |ui| {
                legend::swatch(
                    ui,
                    Mark::Fill(pal.attacked.gamma_multiply(0.4)),
                    "out of its file's domain: a queen attacks it",
                );
                if d.contains(&Pruned::Inconsistent) {
                    legend::swatch(
                        ui,
                        Mark::Glyph("×", pal.attacked),
                        "out by arc consistency: no row left in another file fits with it",
                    );
                }
            });
        }
        if play {
            legend::row(ui, |ui| {
                legend::swatch(
                    ui,
                    Mark::Fill(pal.attacked.gamma_multiply(0.4)),
                    "an empty square a queen attacks",
                );
                if hinted {
                    legend::swatch(ui, Mark::Outline(pal.focus), "the hint's square");
                }
            });
        }
    });
}

/// The legend under a density view: how many queens a block holds, and how many of them
/// are attacked.
pub(super) fn density_legend(ui: &mut Ui, strip: Rect, pal: &Palette, max: u32, block_side: usize) {
    legend::strip(ui, strip, |ui| {
        let c = |t: f32| block_colour(pal, 1 + (t * (max.max(1) - 1) as f32) as u32, 0, max);
        legend::colour_bar(
            ui,
            &format!("queens in a block of up to {block_side} × {block_side} squares (a pixel)"),
            "1",
            &max.max(1).to_string(),
            c,
        );
        legend::row(ui, |ui| {
            legend::swatch(ui, Mark::Fill(pal.empty), "no queen");
            legend::swatch(
                ui,
                Mark::Gradient(block_colour(pal, 1, 0, 1), pal.attacked),
                "redder: more of the block's queens attacked",
            );
        });
    });
}

/// The square at row `r`, column `c`, in words: a queen (attacked or not), or an empty
/// square (in play mode, how many queens attack it; with a landscape, what moving its
/// file's queen there would leave).
pub(super) fn square_words(view: &QueensBoardView, n: usize, r: u32, c: u32) -> String {
    let queen = view.rows.get(c as usize) == Some(&r);
    let attacked = queen && view.attacks.attacked.get(c as usize) == Some(&true);
    let name = square_name(n, r, c);
    if attacked {
        format!("{name} ({r},{c}): an attacked queen")
    } else if queen {
        format!("{name} ({r},{c}): a queen, attacked by none")
    } else if view.play {
        let by = (view.rows.iter().enumerate())
            .filter(|&(qc, &qr)| qr != EMPTY && attacks_square(qc, qr, c as usize, r))
            .count();
        match by {
            0 => format!("{name} ({r},{c}): empty, no queen attacks it"),
            1 => format!("{name} ({r},{c}): empty, attacked by 1 queen"),
            k => format!("{name} ({r},{c}): empty, attacked by {k} queens"),
        }
    } else if let Some(l) = view.landscape.filter(|l| l.n == n) {
        format!(
            "{name} ({r},{c}): moving file {}'s queen here leaves {} attacking pairs (now {})",
            file_letters(c),
            l.at(r as usize, c as usize),
            l.now
        )
    } else {
        format!("{name} ({r},{c}): empty")
    }
}
