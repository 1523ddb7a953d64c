//! Chess coordinates around a board: file letters under it (`a`, `b`, … `z`, `aa`, … as
//! the app names squares) and rank numbers to its left (1 at the bottom). On a large board
//! only every k-th file or rank is labelled (1, then k, 2k, …) so that no label touches
//! another; a board squeezed into a small space gets none.

use crate::puzzle::knight::file_letters;
use egui::{Align2, FontId, Id, Rect, Sense, Ui, Vec2, pos2};

/// Boards drawn in less than this (points, either side) get no coordinates.
const MIN_SPACE: f32 = 96.0;
/// Space between a label and the board, and between neighbouring labels.
const GAP: f32 = 4.0;

/// The room the coordinates take around a board.
#[derive(Debug, Clone, PartialEq)]
pub struct Coordinates {
    /// Left of the board, for the ranks.
    pub left: f32,
    /// Under the board, for the files.
    pub bottom: f32,
    /// Right of the board, for the last file's label to spill into.
    pub right: f32,
    font: FontId,
}

impl Coordinates {
    /// The room for the coordinates of a `cols × rows` board drawn in `space`; none when
    /// the space is too small for a board worth labelling.
    pub fn room(ui: &Ui, cols: u64, rows: u64, space: Vec2) -> Coordinates {
        let font = egui::TextStyle::Body.resolve(ui.style());
        if space.x.min(space.y) < MIN_SPACE || cols == 0 || rows == 0 {
            return Coordinates {
                left: 0.0,
                bottom: 0.0,
                right: 0.0,
                font,
            };
        }
        let widest_rank = text_width(ui, &rows.to_string(), &font);
        let widest_file = widest_file(ui, cols, &font);
        Coordinates {
            left: widest_rank + 2.0 * GAP,
            bottom: ui.fonts_mut(|f| f.row_height(&font)) + GAP,
            right: (widest_file / 2.0).max(GAP),
            font,
        }
    }

    /// Whether there are coordinates to draw.
    pub fn shown(&self) -> bool {
        self.bottom > 0.0
    }

    /// Draws the coordinates of `board` (the squares' rect), a `cols × rows` board; each
    /// label is a widget named "file a", "rank 8" for screen readers.
    pub fn draw(&self, ui: &mut Ui, id: Id, board: Rect, cols: u64, rows: u64) {
        if !self.shown() || cols == 0 || rows == 0 {
            return;
        }
        let (cell_x, cell_y) = (board.width() / cols as f32, board.height() / rows as f32);
        let widest_file = widest_file(ui, cols, &self.font);
        let row_height = self.bottom - GAP;
        let every_file = every(cell_x, widest_file + GAP);
        let every_rank = every(cell_y, row_height);
        for c in labelled(cols, every_file) {
            let text = file_letters(c as u32);
            let x = board.min.x + (c as f32 + 0.5) * cell_x;
            let at = pos2(x, board.max.y + GAP / 2.0);
            self.label(
                ui,
                id.with(("file", c)),
                at,
                Align2::CENTER_TOP,
                &text,
                "file",
            );
        }
        for rank in labelled(rows, every_rank) {
            let rank = rank + 1;
            let r = rows - rank;
            let y = board.min.y + (r as f32 + 0.5) * cell_y;
            let at = pos2(board.min.x - GAP, y);
            let text = rank.to_string();
            self.label(
                ui,
                id.with(("rank", rank)),
                at,
                Align2::RIGHT_CENTER,
                &text,
                "rank",
            );
        }
    }

    fn label(&self, ui: &mut Ui, id: Id, at: egui::Pos2, align: Align2, text: &str, kind: &str) {
        let painter = ui.painter();
        let rect = painter.text(
            at,
            align,
            text,
            self.font.clone(),
            ui.visuals().text_color(),
        );
        let told = format!("{kind} {text}");
        ui.interact(rect, id, Sense::hover())
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &told));
    }
}

/// The widest file label of a board `cols` wide: as many letters as the last file's, and
/// the widest letters (`mw` is wider than `oj`, the last file of 400).
fn widest_file(ui: &Ui, cols: u64, font: &FontId) -> f32 {
    let last = file_letters(cols as u32 - 1);
    let letters = last.chars().count();
    [last, "m".repeat(letters), "w".repeat(letters)]
        .iter()
        .map(|t| text_width(ui, t, font))
        .fold(0.0, f32::max)
}

fn text_width(ui: &Ui, text: &str, font: &FontId) -> f32 {
    ui.fonts_mut(|f| {
        f.layout_no_wrap(text.to_string(), font.clone(), egui::Color32::WHITE)
            .size()
            .x
    })
}

/// How many cells apart labels must be for labels `extent` long on cells `cell` long:
/// 1 (every one), else k from 5, 10, 20, 50, 100, … such that the closest two labelled
/// (the first and the k-th) are `extent` apart.
pub fn every(cell: f32, extent: f32) -> u64 {
    if cell >= extent {
        return 1;
    }
    let mut base = 1u64;
    while base < 1 << 40 {
        for k in [5 * base, 10 * base, 20 * base] {
            if (k - 1) as f32 * cell >= extent {
                return k;
            }
        }
        base *= 10;
    }
    base
}

/// The indices (0-based) of `count` things labelled every `k`: the first, then every k-th
/// counting from 1 (k, 2k, …).
pub fn labelled(count: u64, k: u64) -> impl Iterator<Item = u64> {
    // Stepped to, not filtered: a board of ten million files would cost every frame a
    // look at each.
    let k = k.max(1);
    let first = (k > 1 && count > 0).then_some(0);
    first
        .into_iter()
        .chain((1..=count / k).map(move |j| j * k - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labelled_are_the_first_and_every_kth() {
        for count in [0u64, 1, 2, 5, 9, 10, 11, 99, 100, 101, 1000] {
            for k in [0u64, 1, 2, 5, 10, 20, 50, 100, 1000, 5000] {
                let by_rule: Vec<u64> = (0..count)
                    .filter(|&i| k <= 1 || i == 0 || (i + 1) % k == 0)
                    .collect();
                assert_eq!(
                    labelled(count, k).collect::<Vec<_>>(),
                    by_rule,
                    "{count} {k}"
                );
            }
        }
        // Ten million files every 2·10⁶: no look at each file.
        let far: Vec<u64> = labelled(10_000_000, 2_000_000).collect();
        assert_eq!(
            far,
            [0, 1_999_999, 3_999_999, 5_999_999, 7_999_999, 9_999_999]
        );
    }

    #[test]
    fn labels_are_far_enough_apart() {
        for cell in [0.5f32, 1.0, 3.0, 7.0, 11.0, 19.0, 40.0] {
            for extent in [8.0f32, 14.0, 30.0] {
                let k = every(cell, extent);
                let shown: Vec<u64> = labelled(1000, k).collect();
                for w in shown.windows(2) {
                    let apart = (w[1] - w[0]) as f32 * cell;
                    assert!(apart >= extent, "k {k}, cell {cell}: {w:?}");
                }
            }
        }
        assert_eq!(every(20.0, 12.0), 1);
        assert_eq!(labelled(8, 1).count(), 8);
        assert_eq!(labelled(100, 10).collect::<Vec<_>>()[..3], [0, 9, 19]);
    }
}
