//! A local search's landscape on the N-Queens board: each empty square tinted and
//! numbered by the attacking pairs the placement would have if its file's queen moved
//! there, and a line saying whether the placement is a solution, has moves down, or stands
//! on a plateau or a local minimum.

use super::legend::{self as legend_strip, Mark};
use crate::puzzle::queens::{Landscape, Standing};
use egui::{Align2, Color32, FontId, Pos2, Rect, Ui, Vec2, vec2};

/// Squares at least this large carry their landscape value as a number.
const MIN_NUMBER_CELL: f32 = 18.0;

/// The landscape's colours: a move down, a move as good as standing still.
fn landscape_colours(dark_mode: bool) -> (Color32, Color32) {
    if dark_mode {
        (
            Color32::from_rgb(70, 200, 110),
            Color32::from_rgb(235, 190, 60),
        )
    } else {
        (
            Color32::from_rgb(30, 150, 70),
            Color32::from_rgb(215, 150, 20),
        )
    }
}

/// Tints each empty square by its landscape value against the pairs now (green: lower,
/// the greener the lower; amber: the same), and writes the value on squares large enough.
pub(super) fn draw(
    painter: &egui::Painter,
    l: &Landscape,
    rows: &[u32],
    origin: Pos2,
    cell: f32,
    text: Color32,
) {
    // The queen's colour is light on the dark theme's board.
    let (down, level) = landscape_colours(text.r() > 128);
    let lowest = l.best_move.min(l.now);
    let numbers = cell >= MIN_NUMBER_CELL;
    for c in 0..l.n {
        for r in 0..l.n {
            if rows.get(c) == Some(&(r as u32)) {
                continue;
            }
            let v = l.at(r, c);
            let rect = Rect::from_min_size(
                origin + vec2(c as f32 * cell, r as f32 * cell),
                Vec2::splat(cell),
            );
            if v < l.now {
                let depth = (l.now - v) as f32 / (l.now - lowest).max(1) as f32;
                painter.rect_filled(rect, 0.0, down.gamma_multiply(0.3 + 0.5 * depth));
            } else if v == l.now {
                painter.rect_filled(rect, 0.0, level.gamma_multiply(0.45));
            }
            if numbers {
                painter.text(
                    rect.center(),
                    Align2::CENTER_CENTER,
                    v.to_string(),
                    FontId::proportional(cell * 0.32),
                    text,
                );
            }
        }
    }
}

/// The landscape's key, and where the placement stands in it.
pub(super) fn legend(ui: &mut Ui, l: &Landscape, rows: &[u32], cell: f32, twice: bool) {
    let numbers = cell >= MIN_NUMBER_CELL;
    let (down, level) = landscape_colours(ui.visuals().dark_mode);
    legend_strip::row(ui, |ui| {
        legend_strip::swatch(
            ui,
            Mark::Fill(down.gamma_multiply(0.7)),
            "a move lowers the attacking pairs",
        );
        legend_strip::swatch(
            ui,
            Mark::Fill(level.gamma_multiply(0.6)),
            "a move keeps them",
        );
        if numbers {
            ui.label("number: the attacking pairs if its file's queen moved there");
        } else {
            ui.label("hover a square for the attacking pairs if its file's queen moved there");
        }
        if twice {
            ui.label(
                egui::RichText::new(
                    "(pairs: the search's h2 counts each pair twice, so its h is 2 × these)",
                )
                .strong(),
            );
        }
    });
    let pairs = |k: u64| {
        if k == 1 {
            "1 attacking pair".to_string()
        } else {
            format!("{k} attacking pairs")
        }
    };
    let moves = |k: usize| {
        if k == 1 {
            "1 move".to_string()
        } else {
            format!("{k} moves")
        }
    };
    let now = pairs(l.now);
    let said = match l.standing(rows) {
        Standing::Solution => "A solution: no queen attacks another.".to_string(),
        Standing::Downhill { moves: k } => format!(
            "{now} now; {} of one queen lower that, the best to {}.",
            moves(k),
            l.best_move
        ),
        Standing::Plateau { moves: k } => format!(
            "A plateau: no move of one queen lowers the {now}, and {} keep it (amber).",
            moves(k)
        ),
        Standing::LocalMinimum => format!(
            "A local minimum: every move of one queen raises the {now} (the best move leaves {}).",
            l.best_move
        ),
    };
    legend_strip::row(ui, |ui| {
        ui.label(egui::RichText::new(said).strong());
    });
}
