//! A closed tour's construction drawn on the chessboard: the pieces the board is cut into,
//! the tours so far, the moves the pieces' tours keep for the joins, and one join's
//! removed and added moves. The chessboard widget draws it when its view has one.

use super::legend::{self, Mark};
use crate::puzzle::knight::{Board, Square};
use crate::solve::knight::construct::Piece;
use egui::{Color32, Painter, Pos2, Rect, Shape, Stroke, Ui, vec2};
use std::collections::HashSet;

/// Cells smaller than this (in points) get a ring around the join on show: its moves are
/// too short to find without one.
const RING_BELOW_CELL: f32 = 8.0;

/// What a stage of the construction shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StageKind {
    /// Every piece with its own tour, before any join.
    Pieces,
    /// The board just after a join.
    Join,
    /// The whole closed tour, every join made.
    Whole,
}

/// One stage of a construction, as moves to draw. A move is two squares.
#[derive(Debug, Clone)]
pub struct StageMarks {
    /// Which stage it is: the pieces, a join, or the whole tour.
    pub kind: StageKind,
    /// Moves of the finished tour that later joins add, so not there yet; each as
    /// `(smaller square, larger square)`.
    pub missing: HashSet<(Square, Square)>,
    /// Moves of the pieces' tours that later joins remove: there now, not in the finished
    /// tour.
    pub pending: Vec<[Square; 2]>,
    /// The moves the pieces' tours were chosen to contain for the joins, while they are
    /// still there.
    pub kept: Vec<[Square; 2]>,
    /// The moves the join on show removed.
    pub removed: Vec<[Square; 2]>,
    /// The moves the join on show added.
    pub added: Vec<[Square; 2]>,
    /// The moves added by the joins before it (by every join, on the whole tour).
    pub earlier: Vec<[Square; 2]>,
    /// Per piece: its tour is part of the tour the join on show made.
    pub merged: Vec<bool>,
}

/// A construction at one stage, for the chessboard widget.
pub struct ConstructionView<'a> {
    /// The pieces, in board rows and columns.
    pub pieces: &'a [Piece],
    /// The pieces' outlines, from [`outline_runs`] (made once per construction).
    pub outline: &'a [Run],
    /// The finished closed tour.
    pub tour: &'a [Square],
    /// What the stage on show draws: the moves missing, pending, kept, removed and added.
    pub stage: &'a StageMarks,
}

impl ConstructionView<'_> {
    /// The first piece with an open tour (a path) of its own: a 3-wide board's short
    /// pieces have them.
    fn open_piece(&self) -> Option<&Piece> {
        self.pieces.iter().find(|p| !p.closed)
    }

    /// The piece that holds square `(row, col)`, and its index.
    pub fn piece_at(&self, row: u32, col: u32) -> Option<(usize, &Piece)> {
        self.pieces.iter().enumerate().find(|(_, p)| {
            (p.row..p.row + p.rows).contains(&row) && (p.col..p.col + p.cols).contains(&col)
        })
    }
}

/// How strongly the pieces of the tour a join made are tinted.
const MERGED_TINT: f32 = 0.3;

/// The construction's colours.
pub(super) struct Colours {
    outline: Color32,
    merged: Color32,
    tour: Color32,
    kept: Color32,
    removed: Color32,
    added: Color32,
    earlier: Color32,
}

pub(super) fn colours(dark_mode: bool) -> Colours {
    if dark_mode {
        Colours {
            outline: Color32::from_rgb(255, 205, 60),
            merged: Color32::from_rgb(255, 185, 0),
            tour: Color32::from_rgb(235, 235, 240),
            kept: Color32::from_rgb(205, 130, 255),
            removed: Color32::from_rgb(255, 80, 80),
            added: Color32::from_rgb(90, 235, 120),
            earlier: Color32::from_rgb(150, 255, 215),
        }
    } else {
        Colours {
            outline: Color32::from_rgb(20, 30, 140),
            merged: Color32::from_rgb(0, 90, 255),
            tour: Color32::from_rgb(35, 35, 35),
            kept: Color32::from_rgb(160, 0, 200),
            removed: Color32::from_rgb(215, 0, 0),
            added: Color32::from_rgb(0, 150, 40),
            earlier: Color32::from_rgb(0, 115, 110),
        }
    }
}

/// Where squares are on screen: the board's top-left corner and its cell size.
pub(super) struct Geometry<'a> {
    pub board: &'a Board,
    pub origin: Pos2,
    pub cell: f32,
}

impl Geometry<'_> {
    fn centre(&self, sq: Square) -> Pos2 {
        let (r, c) = self.board.row_col(sq);
        self.origin + vec2((c as f32 + 0.5) * self.cell, (r as f32 + 0.5) * self.cell)
    }

    fn piece_rect(&self, p: &Piece) -> Rect {
        Rect::from_min_size(
            self.origin + vec2(p.col as f32 * self.cell, p.row as f32 * self.cell),
            vec2(p.cols as f32 * self.cell, p.rows as f32 * self.cell),
        )
    }
}

/// Draws the stage: the tours (when `lines`: cells large enough for them), the pieces'
/// outlines, the kept moves (with the tours) and the join's moves (always).
pub(super) fn draw(
    painter: &Painter,
    at: &Geometry,
    view: &ConstructionView,
    col: &Colours,
    lines: bool,
) {
    let cell = at.cell;
    let thin = (cell * 0.06).clamp(1.0, 2.5);
    let thick = (cell * 0.14).clamp(2.0, 5.0);
    let stage = view.stage;
    let segment = |painter: &Painter, [a, b]: [Square; 2], stroke: Stroke| {
        painter.line_segment([at.centre(a), at.centre(b)], stroke);
    };
    let tint = col.merged.gamma_multiply(MERGED_TINT);
    let merged = (view.pieces.iter().zip(&stage.merged)).filter(|(_, m)| **m);
    for run in side_by_side(merged.map(|(p, _)| *p)) {
        painter.rect_filled(at.piece_rect(&run), 0.0, tint);
    }
    if lines {
        tour_lines(painter, at, view, Stroke::new(thin, col.tour));
        for &m in &stage.pending {
            segment(painter, m, Stroke::new(thin, col.tour));
        }
    }
    let outline = Stroke::new(if cell >= 4.0 { thin + 1.0 } else { 1.0 }, col.outline);
    // The outlines as the grid lines they lie on, each run of touching edges one line
    // (lengthened by half the stroke, so that corners close as a rectangle's do): a few
    // hundred lines where the pieces' rectangles would be thousands, twice over where
    // neighbours share an edge.
    let half = outline.width / 2.0;
    for &(along_x, at_line, from, to) in view.outline {
        let (a, b) = (from as f32 * cell - half, to as f32 * cell + half);
        let at_line = at_line as f32 * cell;
        let (p, q) = if along_x {
            (vec2(a, at_line), vec2(b, at_line))
        } else {
            (vec2(at_line, a), vec2(at_line, b))
        };
        painter.line_segment([at.origin + p, at.origin + q], outline);
    }
    if lines {
        for &m in &stage.kept {
            segment(painter, m, Stroke::new(thick, col.kept));
        }
        for &m in &stage.earlier {
            segment(painter, m, Stroke::new(thin + 1.5, col.earlier));
        }
    }
    for &[a, b] in &stage.removed {
        painter.extend(Shape::dashed_line(
            &[at.centre(a), at.centre(b)],
            Stroke::new(thick, col.removed),
            (cell * 0.25).clamp(3.0, 8.0),
            (cell * 0.18).clamp(2.0, 6.0),
        ));
    }
    for &m in &stage.added {
        segment(painter, m, Stroke::new(thick, col.added));
    }
    if let Some((centre, radius)) = ring(at, stage) {
        let casing = Stroke::new(5.0, Color32::from_black_alpha(150));
        painter.circle_stroke(centre, radius, casing);
        painter.circle_stroke(centre, radius, Stroke::new(3.0, col.added));
    }
}

/// A straight run of the pieces' outlines: `(along x, the line's row or column, from,
/// to)` in board squares.
pub type Run = (bool, u32, u32, u32);

/// The pieces' edges on each grid line, joined where they touch or overlap, horizontal
/// lines first.
pub fn outline_runs(pieces: &[Piece]) -> Vec<Run> {
    let mut edges: Vec<Run> = Vec::with_capacity(4 * pieces.len());
    for p in pieces {
        let (right, bottom) = (p.col + p.cols, p.row + p.rows);
        edges.push((true, p.row, p.col, right));
        edges.push((true, bottom, p.col, right));
        edges.push((false, p.col, p.row, bottom));
        edges.push((false, right, p.row, bottom));
    }
    edges.sort_unstable_by_key(|&(along_x, line, from, _)| (!along_x, line, from));
    let mut runs: Vec<Run> = Vec::new();
    for e in edges {
        match runs.last_mut() {
            Some(last) if (last.0, last.1) == (e.0, e.1) && e.2 <= last.3 => {
                last.3 = last.3.max(e.3);
            }
            _ => runs.push(e),
        }
    }
    runs
}

/// Pieces side by side on one band of rows joined into one rectangle each (a piece
/// stands for the rectangle; only its place and size count).
fn side_by_side(pieces: impl Iterator<Item = Piece>) -> Vec<Piece> {
    let mut sorted: Vec<Piece> = pieces.collect();
    sorted.sort_unstable_by_key(|p| (p.row, p.rows, p.col));
    let mut runs: Vec<Piece> = Vec::new();
    for p in sorted {
        match runs.last_mut() {
            Some(last)
                if (last.row, last.rows) == (p.row, p.rows) && last.col + last.cols == p.col =>
            {
                last.cols += p.cols;
            }
            _ => runs.push(p),
        }
    }
    runs
}

/// The ring around the join on show where cells are too small to find its moves: its
/// centre and radius.
fn ring(at: &Geometry, stage: &StageMarks) -> Option<(Pos2, f32)> {
    if at.cell >= RING_BELOW_CELL || stage.added.is_empty() {
        return None;
    }
    let points: Vec<Pos2> = (stage.removed.iter().chain(&stage.added))
        .flatten()
        .map(|&s| at.centre(s))
        .collect();
    let bounds = Rect::from_points(&points);
    Some((
        bounds.center(),
        (bounds.size().length() * 0.5 + 8.0).max(16.0),
    ))
}

/// The moves of the tours at this stage: the finished tour's moves but those later joins
/// add, as lines along the tour between the gaps.
fn tour_lines(painter: &Painter, at: &Geometry, view: &ConstructionView, stroke: Stroke) {
    let tour = view.tour;
    let n = tour.len();
    if n < 2 {
        return;
    }
    let key = |a: Square, b: Square| (a.min(b), a.max(b));
    let missing = &view.stage.missing;
    let gap_after = |i: usize| missing.contains(&key(tour[i], tour[(i + 1) % n]));
    // Start just after a gap, so that no line runs across the tour's first square.
    let Some(first) = (0..n).find(|&i| gap_after(i)) else {
        let points = tour.iter().map(|&s| at.centre(s)).collect();
        painter.add(Shape::closed_line(points, stroke));
        return;
    };
    let mut points = Vec::new();
    for k in 1..=n {
        let i = (first + k) % n;
        points.push(at.centre(tour[i]));
        if gap_after(i) {
            if points.len() > 1 {
                painter.add(Shape::line(std::mem::take(&mut points), stroke));
            }
            points.clear();
        }
    }
}

/// What the construction's colours and marks mean, for the marks on show; `square`: the
/// board's light squares' colour, which the tint of a join's tour is seen over.
pub(super) fn legend(
    ui: &mut Ui,
    view: &ConstructionView,
    col: &Colours,
    lines: bool,
    cell: f32,
    square: Color32,
) {
    let stage = view.stage;
    legend::swatch(ui, Mark::Outline(col.outline), "piece of the board");
    if stage.merged.iter().any(|&m| m) {
        legend::swatch(
            ui,
            Mark::Fill(square.lerp_to_gamma(col.merged, MERGED_TINT)),
            "pieces of the tour this join made",
        );
    }
    if lines {
        let open;
        let tours = match (stage.kind, view.open_piece()) {
            (StageKind::Pieces, Some(p)) => {
                open = format!(
                    "each piece's own tour (a path on the {}×{} pieces)",
                    p.cols, p.rows
                );
                &open
            }
            (StageKind::Pieces, None) => "each piece's own closed tour",
            (StageKind::Join, _) => "the tours so far",
            (StageKind::Whole, _) => "the closed tour",
        };
        legend::swatch(ui, Mark::Line(col.tour), tours);
        if !stage.kept.is_empty() {
            legend::swatch(ui, Mark::Line(col.kept), "kept for the joins");
        }
    } else {
        ui.label("tours not drawn: the squares are too small");
    }
    if !stage.removed.is_empty() {
        legend::swatch(ui, Mark::Dashed(col.removed), "removed by this join");
    }
    if !stage.added.is_empty() {
        let text = if cell < RING_BELOW_CELL {
            "added by this join (ringed)"
        } else {
            "added by this join"
        };
        legend::swatch(ui, Mark::Line(col.added), text);
    }
    if lines && !stage.earlier.is_empty() {
        let text = match stage.kind {
            StageKind::Whole => "added by the joins",
            _ => "added by earlier joins",
        };
        legend::swatch(ui, Mark::Line(col.earlier), text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::knight::construct;

    /// The unit edges of the pieces' outlines: `(along x, line, from)`, each edge from
    /// `from` to `from + 1`.
    fn unit_edges(pieces: &[Piece]) -> HashSet<(bool, u32, u32)> {
        let mut edges = HashSet::new();
        for p in pieces {
            for c in p.col..p.col + p.cols {
                edges.insert((true, p.row, c));
                edges.insert((true, p.row + p.rows, c));
            }
            for r in p.row..p.row + p.rows {
                edges.insert((false, p.col, r));
                edges.insert((false, p.col + p.cols, r));
            }
        }
        edges
    }

    /// On every board the construction cuts (and a ragged hand-made cut), the runs cover
    /// exactly the pieces' edges, no two runs touch on a line (each is as long as it can
    /// be), and the joined rectangles cover exactly the pieces' squares.
    #[test]
    fn runs_cover_the_outlines_and_rectangles_the_pieces() {
        let ragged = [
            Piece {
                row: 0,
                col: 0,
                rows: 3,
                cols: 4,
                closed: false,
            },
            Piece {
                row: 0,
                col: 4,
                rows: 5,
                cols: 2,
                closed: true,
            },
            Piece {
                row: 3,
                col: 0,
                rows: 2,
                cols: 4,
                closed: true,
            },
            Piece {
                row: 5,
                col: 1,
                rows: 1,
                cols: 5,
                closed: true,
            },
        ];
        let mut plans = vec![ragged.to_vec()];
        for (cols, rows) in [(8, 8), (10, 12), (30, 3), (40, 30), (16, 16), (50, 52)] {
            let board = Board::new(cols, rows).unwrap();
            plans.push(construct::plan(board.shape()).pieces);
        }
        for pieces in plans {
            assert!(!pieces.is_empty());
            let runs = outline_runs(&pieces);
            let mut covered = HashSet::new();
            for &(along_x, line, from, to) in &runs {
                assert!(from < to);
                for k in from..to {
                    assert!(covered.insert((along_x, line, k)), "runs overlap");
                }
            }
            assert_eq!(covered, unit_edges(&pieces));
            for w in runs.windows(2) {
                let (a, b) = (w[0], w[1]);
                assert!((a.0, a.1) != (b.0, b.1) || a.3 < b.2, "{a:?} {b:?} touch");
            }
            let squares = |ps: &[Piece]| -> HashSet<(u32, u32)> {
                (ps.iter())
                    .flat_map(|p| {
                        (p.row..p.row + p.rows)
                            .flat_map(move |r| (p.col..p.col + p.cols).map(move |c| (r, c)))
                    })
                    .collect()
            };
            let joined = side_by_side(pieces.iter().copied());
            let area: u32 = joined.iter().map(|p| p.rows * p.cols).sum();
            assert_eq!(squares(&joined), squares(&pieces));
            assert_eq!(area as usize, squares(&pieces).len(), "rectangles overlap");
        }
        // A regular cut of 400×400: one run per grid line, one rectangle per band.
        let board = Board::new(400, 400).unwrap();
        let pieces = construct::plan(board.shape()).pieces;
        let bands: HashSet<u32> = pieces.iter().map(|p| p.row).collect();
        let files: HashSet<u32> = pieces.iter().map(|p| p.col).collect();
        assert_eq!(
            outline_runs(&pieces).len(),
            bands.len() + 1 + files.len() + 1
        );
        assert_eq!(side_by_side(pieces.iter().copied()).len(), bands.len());
    }
}
