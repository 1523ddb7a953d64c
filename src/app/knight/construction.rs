//! A closed tour's construction, stage by stage, for the Knight's Tour view: the pieces
//! with their own tours, the board after each join, the whole tour. Everything comes from
//! the plan in the run's report and the tour itself; nothing is solved here.
//!
//! Every move a join adds runs between two pieces, and every move it removes lies inside
//! one, so the tours after `k` joins are the finished tour's moves, less the moves the
//! later joins add, plus the moves the later joins remove.

use super::{INSTANT, KnightView};
use crate::app::widgets::construction::{ConstructionView, StageKind, StageMarks};
use crate::puzzle::knight::{Board, Square};
use crate::solve::knight::construct::{Join, Piece, Plan};
use egui::{RichText, Ui};
use std::collections::HashSet;

/// A whole construction plays in about this many seconds, and no faster than this many
/// stages a second (a small board's joins can be followed one by one).
const PLAY_SECONDS: f32 = 30.0;
const MIN_STAGES_PER_SECOND: f32 = 0.7;
/// With more joins than this, the caption area is sized from a few of its captions.
const CAPTIONS_MEASURED: usize = 40;

/// A move as `(smaller square, larger square)`.
fn key([a, b]: [Square; 2]) -> (Square, Square) {
    (a.min(b), a.max(b))
}

/// The construction of the tour on show and where its animation is.
pub(super) struct Construction {
    plan: Plan,
    /// The pieces' outlines as straight runs, for the board.
    outline: Vec<crate::app::widgets::construction::Run>,
    /// Per join, the pieces whose squares its moves touch.
    join_pieces: Vec<Vec<usize>>,
    /// The construction is on show (else the knight's walk).
    pub showing: bool,
    stage: usize,
    pub playing: bool,
    carry: f32,
    marks: StageMarks,
}

impl Construction {
    pub fn new(plan: Plan) -> Construction {
        let join_pieces = join_pieces(&plan);
        let marks = marks(&plan, &join_pieces, 0);
        Construction {
            outline: crate::app::widgets::construction::outline_runs(&plan.pieces),
            plan,
            join_pieces,
            showing: true,
            stage: 0,
            playing: false,
            carry: 0.0,
            marks,
        }
    }

    /// The stages: the pieces, one per join, the whole tour.
    pub fn stages(&self) -> usize {
        self.plan.joins.len() + 2
    }

    pub fn stage(&self) -> usize {
        self.stage
    }

    fn last(&self) -> usize {
        self.stages() - 1
    }

    pub fn set_stage(&mut self, stage: usize) {
        let stage = stage.min(self.last());
        if stage != self.stage {
            self.stage = stage;
            self.marks = marks(&self.plan, &self.join_pieces, stage);
        }
    }

    /// One stage on or back (`by`), pausing.
    pub fn step(&mut self, by: isize) {
        self.playing = false;
        self.set_stage(self.stage.saturating_add_signed(by));
    }

    /// Plays or pauses; from the last stage, plays again from the pieces.
    pub fn toggle_play(&mut self) {
        if !self.playing && self.stage >= self.last() {
            self.set_stage(0);
        }
        self.playing = !self.playing;
        self.carry = 0.0;
    }

    /// Moves the animation on by `dt` seconds; whether it still plays.
    pub fn animate(&mut self, dt: f32) -> bool {
        if !self.playing {
            return false;
        }
        let rate = (self.stages() as f32 / PLAY_SECONDS).max(MIN_STAGES_PER_SECOND);
        self.carry += dt * rate;
        let steps = self.carry.floor();
        self.carry -= steps;
        self.set_stage(self.stage + steps as usize);
        if self.stage >= self.last() {
            self.playing = false;
        }
        self.playing
    }

    /// The stage on show, for the board.
    pub fn view<'a>(&'a self, tour: &'a [Square]) -> ConstructionView<'a> {
        ConstructionView {
            pieces: &self.plan.pieces,
            outline: &self.outline,
            tour,
            stage: &self.marks,
        }
    }

    pub fn kind(&self) -> StageKind {
        self.marks.kind
    }

    /// The tours at this stage (closed tours, or paths for open pieces), each as its
    /// squares in walking order, from the finished tour `tour`.
    pub fn tours(&self, tour: &[Square], squares: usize) -> Vec<Vec<Square>> {
        const NONE: Square = Square::MAX;
        let mut links = vec![[NONE; 2]; squares];
        let mut link = |a: Square, b: Square| {
            for (x, y) in [(a, b), (b, a)] {
                let l = &mut links[x as usize];
                if l[0] == NONE {
                    l[0] = y;
                } else {
                    l[1] = y;
                }
            }
        };
        let n = tour.len();
        for i in 0..n {
            let (a, b) = (tour[i], tour[(i + 1) % n]);
            if !self.marks.missing.contains(&key([a, b])) {
                link(a, b);
            }
        }
        for &[a, b] in &self.marks.pending {
            link(a, b);
        }
        let mut seen = vec![false; squares];
        let mut out = Vec::new();
        // Paths first, from one of their ends; then cycles from any square.
        let ends = (0..squares as Square).filter(|&s| links[s as usize][1] == NONE);
        for first in ends.chain(0..squares as Square) {
            if seen[first as usize] {
                continue;
            }
            let mut walk = vec![first];
            seen[first as usize] = true;
            let (mut prev, mut at) = (NONE, first);
            loop {
                let next = links[at as usize]
                    .into_iter()
                    .find(|&t| t != NONE && t != prev && !seen[t as usize]);
                let Some(next) = next else { break };
                seen[next as usize] = true;
                walk.push(next);
                (prev, at) = (at, next);
            }
            out.push(walk);
        }
        out
    }

    /// What the stage on show is, in words; `lines`: the board draws the tours.
    pub fn caption(&self, board: &Board, start: Square, lines: bool) -> String {
        self.caption_of(self.stage, board, start, lines)
    }

    fn caption_of(&self, stage: usize, board: &Board, start: Square, lines: bool) -> String {
        let plan = &self.plan;
        let joins = plan.joins.len();
        let head = format!("Stage {} of {}. ", stage + 1, self.stages());
        let name = |s: Square| board.name(s);
        let body = if stage == 0 {
            pieces_caption(plan, lines)
        } else if stage <= joins {
            join_caption(plan, stage, &name)
        } else {
            format!(
                "The whole tour: {} made, and one closed tour runs through all {} squares. “Knight's walk” walks it from {}.",
                match joins {
                    0 => "no join was needed".to_string(),
                    1 => "the join is".to_string(),
                    n => format!("all {n} joins are"),
                },
                board.len(),
                name(start)
            )
        };
        head + &body
    }

    /// What the knight's walk shows, said above the board in the caption's place.
    pub fn walk_caption(board: &Board, start: Square) -> String {
        format!(
            "The knight walks the tour the construction built, from {0}; once it is done, a dashed line shows the closing move back to {0}. “Construction” shows how the tour was put together.",
            board.name(start)
        )
    }

    /// Every caption the bar may show at this size, or a sample of them on long
    /// constructions: the caption area is as tall as the tallest, whatever the stage.
    fn sample_captions(&self, board: &Board, start: Square, lines: bool) -> Vec<String> {
        let last = self.last();
        let stages: Vec<usize> = if last <= CAPTIONS_MEASURED {
            (0..=last).collect()
        } else {
            vec![0, 1, 2, last / 2, last - 2, last - 1, last]
        };
        let mut out: Vec<String> = stages
            .into_iter()
            .map(|s| self.caption_of(s, board, start, lines))
            .collect();
        out.push(Construction::walk_caption(board, start));
        out
    }

    /// Why the construction works, in a paragraph.
    pub fn explanation(&self) -> String {
        let pieces = &self.plan.pieces;
        if pieces.iter().any(|p| !p.closed) {
            let first = pieces[0];
            let piece = pieces[1];
            return format!(
                "A board 3 squares wide starts from a closed tour of its first {}×{} squares. The end of that tour has a corner square, and a corner square has only two knight's moves, so both are in every closed tour. Each join removes one of them, a–b, and threads in the open tour (a path) of the next {}×{} piece, which starts a knight's move from a and ends a knight's move from b: the cycle stays one cycle, {} squares longer. The piece's path holds the new end's corner move, so the next piece joins the same way. Boards 3 wide have closed tours when their length is even and at least 10 (Schwenk 1991).",
                first.cols,
                first.rows,
                piece.cols,
                piece.rows,
                piece.cols * piece.rows
            );
        }
        let single = match pieces.len() {
            1 => {
                "This board is a single piece, so its tour needed no join; larger boards are cut into several pieces and joined like this. "
            }
            _ => "",
        };
        single.to_string()
            + "Joining two closed tours: take a move a–b of one and a move c–d of the other, where a–c and b–d are knight's moves too. Remove a–b and c–d, add a–c and b–d, and the two cycles become one, whichever way round each was walked. The joins need their moves to be in the tours. A corner square has only two knight's moves, so both are in every closed tour: each join uses one of them, at a piece's top-left corner. The other moves come from the pieces' tours being structured: each was chosen to keep a move next to its top-right corner and one next to its bottom-left corner (purple). A piece is joined to its right neighbour with its top-right move and to the piece below with its bottom-left move, so no move serves two joins and every join finds its moves, on every board that has a closed tour (Schwenk 1991). Structured tours come from Parberry 1997."
    }
}

/// Per join of `plan`, the pieces whose squares its moves touch.
fn join_pieces(plan: &Plan) -> Vec<Vec<usize>> {
    let cols = board_cols(plan) as usize;
    let rows = (plan.pieces.iter().map(|p| p.row + p.rows).max()).unwrap_or(0) as usize;
    let mut piece_of = vec![usize::MAX; cols * rows];
    for (i, p) in plan.pieces.iter().enumerate() {
        for r in p.row..p.row + p.rows {
            let at = r as usize * cols;
            piece_of[at + p.col as usize..at + (p.col + p.cols) as usize].fill(i);
        }
    }
    (plan.joins.iter())
        .map(|j| {
            let mut touched: Vec<usize> = (j.removed.iter().chain(&j.added))
                .flatten()
                .filter_map(|&s| piece_of.get(s as usize).copied())
                .filter(|&i| i != usize::MAX)
                .collect();
            touched.sort_unstable();
            touched.dedup();
            touched
        })
        .collect()
}

/// Per piece, whether it is part of the tour join `made` (counting from 1) made, after
/// the joins up to it.
fn merged(pieces: usize, join_pieces: &[Vec<usize>], made: usize) -> Vec<bool> {
    let mut parent: Vec<usize> = (0..pieces).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for touched in &join_pieces[..made] {
        for w in touched.windows(2) {
            let (a, b) = (root(&mut parent, w[0]), root(&mut parent, w[1]));
            parent[a] = b;
        }
    }
    let Some(&first) = join_pieces[made - 1].first() else {
        return vec![false; pieces];
    };
    let group = root(&mut parent, first);
    (0..pieces).map(|i| root(&mut parent, i) == group).collect()
}

/// The marks of stage `stage` of `plan`.
fn marks(plan: &Plan, join_pieces: &[Vec<usize>], stage: usize) -> StageMarks {
    let joins = &plan.joins;
    let made = stage.min(joins.len());
    let kind = if stage == 0 {
        StageKind::Pieces
    } else if stage <= joins.len() {
        StageKind::Join
    } else {
        StageKind::Whole
    };
    let later = &joins[made..];
    let gone: HashSet<(Square, Square)> = joins[..made]
        .iter()
        .flat_map(|j| j.removed.iter().copied().map(key))
        .collect();
    // A board of one piece has no joins to keep moves for.
    let kept = match kind {
        _ if joins.is_empty() => Vec::new(),
        StageKind::Whole => Vec::new(),
        _ => (plan.structured.iter().copied())
            .filter(|&m| !gone.contains(&key(m)))
            .collect(),
    };
    let (removed, added, earlier) = match kind {
        StageKind::Pieces => Default::default(),
        StageKind::Join => {
            let j = &joins[stage - 1];
            let earlier = joins[..stage - 1].iter().flat_map(|j| j.added.clone());
            (j.removed.clone(), j.added.clone(), earlier.collect())
        }
        StageKind::Whole => {
            let all = joins.iter().flat_map(|j| j.added.clone());
            (Vec::new(), Vec::new(), all.collect())
        }
    };
    StageMarks {
        kind,
        missing: later
            .iter()
            .flat_map(|j| j.added.iter().copied().map(key))
            .collect(),
        pending: later.iter().flat_map(|j| j.removed.clone()).collect(),
        kept,
        removed,
        added,
        earlier,
        merged: match kind {
            StageKind::Join => merged(plan.pieces.len(), join_pieces, made),
            _ => Vec::new(),
        },
    }
}

/// "6×8, 8×8 or 10×8": the pieces' sizes (columns × rows), smallest first.
fn sizes(pieces: &[Piece]) -> String {
    let mut all: Vec<(u32, u32)> = pieces.iter().map(|p| (p.cols, p.rows)).collect();
    all.sort_unstable_by_key(|&(c, r)| (c * r, c));
    all.dedup();
    let names: Vec<String> = all.iter().map(|(c, r)| format!("{c}×{r}")).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// Stage 1: the pieces before any join; `lines`: the board draws the tours.
fn pieces_caption(plan: &Plan, lines: bool) -> String {
    let pieces = &plan.pieces;
    let joins = plan.joins.len();
    if let [only] = pieces.as_slice() {
        return format!(
            "The pieces: the board is a single {}×{} piece with a closed tour of its own, so no join is needed. Next ▶ shows the tour.",
            only.cols, only.rows
        );
    }
    if pieces.iter().any(|p| !p.closed) {
        let (first, piece) = (pieces[0], pieces[1]);
        return format!(
            "The pieces: the board is cut into a {}×{} piece with a closed tour of its own and {} piece{} of {}×{}, each with an open tour (a path). Each join threads one path into the closed tour. Next ▶ makes the first of {} joins.",
            first.cols,
            first.rows,
            pieces.len() - 1,
            if pieces.len() == 2 { "" } else { "s" },
            piece.cols,
            piece.rows,
            joins
        );
    }
    format!(
        "The pieces: the board is cut into {} pieces of {} squares, each with a closed tour of its own{} are kept for the joins. Next ▶ makes the first of {} join{}.",
        pieces.len(),
        sizes(pieces),
        if lines {
            ". The purple moves"
        } else {
            " (too many small squares to draw them here; a smaller board shows them). Two moves of each tour, near its corners,"
        },
        joins,
        if joins == 1 { "" } else { "s" }
    )
}

/// The piece that holds both squares of move `m`.
fn piece_of(pieces: &[Piece], board_cols: u32, m: [Square; 2]) -> Option<&Piece> {
    let at = |s: Square| (s / board_cols, s % board_cols);
    pieces.iter().find(|p| {
        m.iter().all(|&s| {
            let (r, c) = at(s);
            (p.row..p.row + p.rows).contains(&r) && (p.col..p.col + p.cols).contains(&c)
        })
    })
}

/// Where two pieces are from each other: ("left piece", "right piece") and so on.
fn sides(a: &Piece, b: &Piece) -> (&'static str, &'static str) {
    if a.col + a.cols <= b.col {
        ("left piece", "right piece")
    } else if b.col + b.cols <= a.col {
        ("right piece", "left piece")
    } else if a.row + a.rows <= b.row {
        ("piece above", "piece below")
    } else {
        ("piece below", "piece above")
    }
}

/// Move `m` turned so that it starts at a square of `from` (as it is when it does not
/// touch it).
fn from_end(m: [Square; 2], from: [Square; 2]) -> [Square; 2] {
    if from.contains(&m[1]) && !from.contains(&m[0]) {
        [m[1], m[0]]
    } else {
        m
    }
}

/// Stage `stage` (1 to the number of joins): the board just after join `stage`.
fn join_caption(plan: &Plan, stage: usize, name: &dyn Fn(Square) -> String) -> String {
    let joins = plan.joins.len();
    let j: &Join = &plan.joins[stage - 1];
    let mv = |[a, b]: [Square; 2]| format!("{}–{}", name(a), name(b));
    let head = format!("Join {stage} of {joins}: ");
    let cols = board_cols(plan);
    match (j.removed.as_slice(), j.added.as_slice()) {
        ([r1, r2], [a1, a2]) => {
            // Removed a–b and c–d, added a–c and b–d: name them in that order.
            let ac = from_end(*a1, *r1);
            let bd = from_end(*a2, *r1);
            let ab = [ac[0], bd[0]];
            let cd = [ac[1], bd[1]];
            let (left, right) = match (
                piece_of(&plan.pieces, cols, *r1),
                piece_of(&plan.pieces, cols, *r2),
            ) {
                (Some(p), Some(q)) => sides(p, q),
                _ => ("one tour", "the other"),
            };
            let left_tours = plan.pieces.len() - stage;
            format!(
                "{head}the moves {} ({left}) and {} ({right}) are removed (red, dashed) and {}, {} added (green): two closed tours become one; {}",
                mv(ab),
                mv(cd),
                mv(ac),
                mv(bd),
                if left_tours == 1 {
                    "one is left.".to_string()
                } else {
                    format!("{left_tours} are left.")
                }
            )
        }
        ([r], [a1, a2]) => {
            let (x, y) = (from_end(*a1, *r), from_end(*a2, *r));
            let piece = plan.pieces.get(stage).copied();
            format!(
                "{head}the move {} at the end of the closed tour is removed (red, dashed) and the next {} piece's path is threaded in between its ends: {}, {} added (green). Still one closed tour, {} squares longer.",
                mv(*r),
                piece.map_or("3-wide".to_string(), |p| format!("{}×{}", p.cols, p.rows)),
                mv(x),
                mv(y),
                piece.map_or(12, |p| p.cols * p.rows)
            )
        }
        _ => format!(
            "{head}{} move{} removed (red, dashed) and {} added (green).",
            j.removed.len(),
            if j.removed.len() == 1 { "" } else { "s" },
            j.added.len()
        ),
    }
}

/// The board's width in columns, as the plan's pieces cover it.
fn board_cols(plan: &Plan) -> u32 {
    plan.pieces
        .iter()
        .map(|p| p.col + p.cols)
        .max()
        .unwrap_or(1)
}

/// The central panel's width from which the bar's buttons and stage fit beside the choice
/// of walk or construction, in one row.
const ONE_ROW_BAR: f32 = 620.0;

/// "Knight's walk" and "Construction"; whether the walk was just chosen.
fn walk_or_construction(ui: &mut Ui, c: &mut Construction) -> bool {
    let mut walk_chosen = false;
    if ui
        .add(egui::Button::selectable(!c.showing, "Knight's walk"))
        .on_hover_text("The knight walks the tour, move by move")
        .clicked()
    {
        walk_chosen = c.showing;
        c.showing = false;
        c.playing = false;
    }
    if ui
        .add(egui::Button::selectable(c.showing, "Construction"))
        .on_hover_text("How the tour was put together: the pieces, each join, the whole tour")
        .clicked()
    {
        c.showing = true;
    }
    walk_chosen
}

/// ◀ Back, Play, Next ▶.
fn stage_buttons(ui: &mut Ui, c: &mut Construction) {
    let (stage, last) = (c.stage(), c.stages() - 1);
    if ui
        .add_enabled(stage > 0, egui::Button::new("◀ Back"))
        .on_hover_text("The stage before (←)")
        .clicked()
    {
        c.step(-1);
    }
    let label = if c.playing { "⏸ Pause" } else { "▶ Play" };
    if ui
        .add(egui::Button::new(label).min_size(egui::vec2(72.0, 0.0)))
        .on_hover_text("Play or pause the construction, a stage at a time (Space)")
        .clicked()
    {
        c.toggle_play();
    }
    if ui
        .add_enabled(stage < last, egui::Button::new("Next ▶"))
        .on_hover_text("The next stage (→)")
        .clicked()
    {
        c.step(1);
    }
}

/// The stage slider, as wide as the row leaves it.
fn stage_slider(ui: &mut Ui, c: &mut Construction) {
    let l = ui.label("Stage");
    ui.spacing_mut().slider_width = (ui.available_width() - 12.0).max(40.0);
    let mut shown = c.stage();
    if ui
        .add(egui::Slider::new(&mut shown, 0..=c.stages() - 1).show_value(false))
        .labelled_by(l.id)
        .on_hover_text("The pieces, then the board after each join, then the whole tour")
        .changed()
    {
        c.set_stage(shown);
        c.playing = false;
    }
}

impl KnightView {
    /// The bar above the board of a construction's run: the knight's walk or the
    /// construction, the construction's buttons and stage, and what the stage shows. Its
    /// height depends on the panel's width only, not on the stage: the board keeps its
    /// size while the stages go by.
    pub(super) fn construction_bar(&mut self, ui: &mut Ui, board: &Board, start: Square) {
        let running = self.live.is_running();
        let lines = self.own.construction_lines;
        let one_row = ui.available_width() >= ONE_ROW_BAR;
        let Some(c) = self.own.construction.as_mut().filter(|_| !running) else {
            ui.horizontal(|ui| {
                ui.add_enabled(false, egui::Button::selectable(false, "Knight's walk"));
                ui.add_enabled(false, egui::Button::selectable(false, "Construction"));
            });
            ui.label(
                RichText::new(
                    "Run builds a closed tour from pieces; “Construction” then shows how: the pieces with their own tours, each join, and the whole tour.",
                )
                .weak(),
            );
            ui.add_space(4.0);
            return;
        };
        let mut walk_chosen = false;
        if one_row {
            ui.horizontal(|ui| {
                walk_chosen = walk_or_construction(ui, c);
                if c.showing {
                    ui.separator();
                    stage_buttons(ui, c);
                    stage_slider(ui, c);
                }
            });
        } else {
            ui.horizontal_wrapped(|ui| walk_chosen = walk_or_construction(ui, c));
            if c.showing {
                ui.horizontal_wrapped(|ui| stage_buttons(ui, c));
                ui.horizontal(|ui| stage_slider(ui, c));
            }
        }
        let samples = c.sample_captions(board, start, lines);
        let caption = if c.showing {
            c.caption(board, start, lines)
        } else {
            Construction::walk_caption(board, start)
        };
        let width = ui.available_width();
        let font = egui::TextStyle::Body.resolve(ui.style());
        let height = samples
            .into_iter()
            .map(|t| {
                ui.painter()
                    .layout(t, font.clone(), egui::Color32::WHITE, width)
                    .size()
                    .y
            })
            .fold(0.0, f32::max);
        egui::ScrollArea::vertical()
            .id_salt("construction-caption")
            .max_height(height)
            .min_scrolled_height(height)
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.label(caption);
            });
        ui.add_space(4.0);
        if walk_chosen && self.own.shown < self.own.tour.len() && self.settings.speed < INSTANT {
            self.own.playing = true;
        }
    }

    /// Why the construction works, in the statistics panel.
    pub(super) fn construction_notes(&self, ui: &mut Ui) {
        let Some(c) = &self.own.construction else {
            return;
        };
        ui.separator();
        egui::CollapsingHeader::new(RichText::new("Why the joins always work").strong())
            .default_open(true)
            .show(ui, |ui| {
                ui.label(c.explanation());
            });
    }
}
