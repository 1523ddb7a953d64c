//! The board's key: what its colours and marks mean, for the marks on show.

use super::{BoardView, MIN_CHECKER_CELL, MIN_TEXT_CELL, Palette, palette};
use crate::app::widgets::construction;
use crate::app::widgets::legend::{self, Mark};
use egui::Ui;

/// The legend of boards that show a knight's path from a start square (Compare's);
/// `closed`: the boards look for closed tours, so a whole one shows its closing move.
pub fn path_legend(ui: &mut Ui, closed: bool) {
    let pal = palette(ui.visuals().dark_mode);
    legend::row(ui, |ui| {
        legend::swatch(ui, Mark::Outline(pal.start), "start square");
        legend::swatch(
            ui,
            Mark::Line(pal.trail),
            "the knight's path (move numbers where the squares have room)",
        );
        if closed {
            legend::swatch(ui, Mark::Dashed(pal.closing), CLOSING_MOVE);
        }
    });
}

/// What the closing move's legend says.
const CLOSING_MOVE: &str = "closing move: last square back to the first";

/// Whether the closing move is drawn: a closed tour shown whole, its ends a move apart.
pub(super) fn closing_shown(view: &BoardView, shown: usize) -> bool {
    let b = view.board;
    view.closed
        && shown == b.len()
        && shown > 1
        && b.is_knight_move(view.path[shown - 1], view.path[0])
}

/// What the board's colours and marks mean, for the marks on show.
pub(super) fn board_legend(
    ui: &mut Ui,
    view: &BoardView,
    pal: &Palette,
    cell: f32,
    shown: usize,
    construction_lines: bool,
) {
    let b = view.board;
    let trail = &view.path[..shown];
    // Degrees are printed on free squares; a jump's square is one a move from the knight.
    let degrees = view.degrees && shown < b.len();
    let next = degrees
        && cell >= MIN_TEXT_CELL
        && trail
            .last()
            .is_some_and(|&k| b.neighbours(k).any(|t| !trail.contains(&t)));
    let marks = view.start.is_some()
        || view.moves.is_some_and(|m| !m.is_empty())
        || shown > 0
        || degrees
        || view.construction.is_some()
        || !view.taken_back.is_empty();
    marks.then(|| legend::row(ui, |ui| {
        if view.start.is_some() {
            legend::swatch(ui, Mark::Outline(pal.start), "start square");
        }
        if let Some(c) = &view.construction {
            let colours = construction::colours(ui.visuals().dark_mode);
            construction::legend(ui, c, &colours, construction_lines, cell, pal.light);
        }
        if shown > 0 {
            path_key(ui, view, pal, cell, shown);
        }
        if view.moves.is_some_and(|m| !m.is_empty()) {
            legend::swatch(
                ui,
                Mark::Ring(pal.start),
                "where the knight can move: click it, press its number, or B for the keyboard",
            );
        }
        if !view.taken_back.is_empty() {
            legend::swatch(
                ui,
                Mark::Glyph("×", pal.back),
                "squares just taken back (fainter: longer ago)",
            );
        }
        if degrees {
            if cell >= MIN_TEXT_CELL {
                legend::swatch(
                    ui,
                    Mark::Glyph("3", pal.degree),
                    "onward moves (Warnsdorff degree)",
                );
                if next {
                    legend::swatch(
                        ui,
                        Mark::Glyph("3", pal.start),
                        "a square the knight can jump to next",
                    );
                }
            } else {
                ui.label("onward moves (Warnsdorff degree): hover a square; these squares are too small to print them");
            }
        }
    }));
    if let Some(heat) = &view.heat {
        heat_key(ui, view, heat);
    }
}

/// The path's marks: its line (or shaded squares), the closing move, the knight.
fn path_key(ui: &mut Ui, view: &BoardView, pal: &Palette, cell: f32, shown: usize) {
    if cell >= MIN_TEXT_CELL {
        legend::swatch(
            ui,
            Mark::Line(pal.trail),
            "the knight's path, numbered move by move",
        );
    } else {
        legend::swatch(
            ui,
            Mark::Fill(pal.light.lerp_to_gamma(pal.trail, 0.55)),
            "squares visited (the line shows the last moves)",
        );
    }
    if closing_shown(view, shown) {
        legend::swatch(ui, Mark::Dashed(pal.closing), CLOSING_MOVE);
    }
    let knight = if cell >= MIN_CHECKER_CELL * 2.0 {
        Mark::Glyph("♞", pal.knight)
    } else {
        Mark::Fill(pal.knight)
    };
    legend::swatch(ui, knight, "the knight");
}

/// A heat map's colour bar, and the mark of its squares without a figure.
fn heat_key(ui: &mut Ui, view: &BoardView, heat: &super::Heat) {
    legend::row(ui, |ui| {
        legend::colour_bar(
            ui,
            heat.caption,
            &(heat.exact)(0.0),
            &(heat.exact)(heat.max()),
            legend::heat_of(ui),
        );
        if view.moves.is_none() && heat.values.iter().any(|v| !v.is_finite()) {
            legend::swatch(
                ui,
                Mark::Glyph("–", ui.visuals().text_color()),
                heat.missing,
            );
        }
    });
}
