//! The solution browser: every solution of a small N-Queens board or magic square, in
//! classes under the board's eight symmetries. The student steps through the classes and
//! their members; going from one member to another plays the symmetry between them on the
//! board (the pieces turn about the centre, or cross the mirror), so that "12 classes"
//! is something seen, not only counted.
//!
//! The list is made on a background thread (`run::browse`, which validates every solution
//! and every image) and kept while the board size stays the same.

use super::background::{Background, Task, Work};
use super::mode::Mode;
use crate::puzzle::symmetry::Symmetry;
use crate::run::JobError;
use crate::run::PuzzleId;
use crate::run::browse::Catalogue;
use crate::run::catalog::group_thousands;
use egui::{Align2, Color32, FontId, Pos2, Rect, RichText, Sense, Stroke, Ui, Vec2, vec2};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// What the browser needs of a puzzle: each puzzle that has a browser implements it in
/// its own folder (`app::queens::browse`, `app::magic::browse`).
pub trait Browsable: Send + Sync + 'static {
    /// The largest size listed.
    fn max(&self) -> usize;
    /// Why a size past [`Browsable::max`] is not listed, in a sentence.
    fn too_many(&self, n: usize) -> String;
    /// What the switch does, for its tooltip.
    fn what(&self) -> &'static str;
    /// Every solution of size `n`, validated and classified (in the background).
    fn list(&self, n: usize, cancel: &AtomicBool) -> Result<Catalogue, JobError>;
    /// The puzzle it lists the solutions of.
    fn puzzle(&self) -> PuzzleId;
    /// The instance and what its solutions are called: ("8 queens", "solutions").
    fn counted(&self, n: usize) -> (String, &'static str);
    /// One solution's name: "solution", "square".
    fn noun(&self) -> &'static str;
    /// A line more on the solution on show, if the puzzle has one to say.
    fn detail(&self, n: usize, solution: &[u32]) -> Option<String>;
    /// What is said when size `n` has no solution.
    fn none(&self, n: usize) -> String;
    /// The board's squares are a chessboard's (else plain outlined cells).
    fn checkered(&self) -> bool;
    /// The pieces of `solution`: `(row, column, text)`, and their size in cells.
    fn pieces(&self, n: usize, solution: &[u32]) -> (Vec<(usize, usize, String)>, f32);
}

/// How long a symmetry takes to play, in seconds.
const ANIMATION_S: f64 = 1.2;
/// A pause between two symmetries of "Show every symmetry".
const TOUR_PAUSE_S: f64 = 0.8;
/// Below this width (points), the members are a picker, not a list.
const NARROW: f32 = 480.0;
/// Below this height left under the class row (points), the members are a picker too.
const SHORT: f32 = 560.0;

/// A symmetry being played: from the member on show before, at a time.
#[derive(Debug, Clone, Copy)]
struct Anim {
    from: usize,
    symmetry: Symmetry,
    started: f64,
}

/// The browser of one view (N-Queens or magic squares).
pub struct Browser {
    kind: &'static dyn Browsable,
    job: Option<(usize, Background<Result<Catalogue, String>>)>,
    catalogue: Option<Arc<Catalogue>>,
    error: Option<String>,
    class: usize,
    member: usize,
    anim: Option<Anim>,
    /// "Show every symmetry": the members in turn, each reached by its symmetry.
    touring: bool,
    /// When the last symmetry ended (for the tour's pause).
    settled: f64,
}

impl Browser {
    /// A browser for the puzzle `kind`, with nothing listed yet (the solutions are listed
    /// when it is first switched on).
    pub fn new(kind: &'static dyn Browsable) -> Browser {
        Browser {
            kind,
            job: None,
            catalogue: None,
            error: None,
            class: 0,
            member: 0,
            anim: None,
            touring: false,
            settled: 0.0,
        }
    }

    /// Why the board of size `n` has no browser, if it has none.
    pub fn refusal(&self, n: usize) -> Option<String> {
        (n > self.kind.max()).then(|| self.kind.too_many(n))
    }

    /// The switch, in the view's controls: "Browse the solutions". Turning it on lists
    /// the solutions of size `n` (in the background) unless they are listed already.
    pub fn controls(&mut self, ui: &mut Ui, n: usize, mode: &mut Mode) {
        let refusal = self.refusal(n);
        let what = self.kind.what();
        let was = *mode == Mode::Browser;
        ui.add_enabled_ui(refusal.is_none(), |ui| {
            let label = if was {
                "Browsing the solutions: back to the board"
            } else {
                "Browse the solutions"
            };
            let pressed = ui
                .add(egui::Button::new(label).selected(was))
                .on_hover_text(what)
                .on_disabled_hover_text(refusal.clone().unwrap_or_default())
                .clicked();
            if pressed {
                *mode = if was { Mode::Run } else { Mode::Browser };
            }
        });
        if refusal.is_some() && *mode == Mode::Browser {
            *mode = Mode::Run;
        }
        let showing = *mode == Mode::Browser;
        // Switched on, or the board changed size while browsing.
        if showing && (!was || self.catalogue.as_ref().is_some_and(|c| c.n != n)) {
            self.list(ui.ctx(), n);
        }
    }

    /// Lists the solutions of size `n` unless they are listed or being listed.
    fn list(&mut self, ctx: &egui::Context, n: usize) {
        if self.catalogue.as_ref().is_some_and(|c| c.n == n)
            || self.job.as_ref().is_some_and(|(m, _)| *m == n)
        {
            return;
        }
        self.catalogue = None;
        self.error = None;
        self.class = 0;
        self.member = 0;
        self.anim = None;
        self.touring = false;
        let task = ListTask::new(self.kind.puzzle(), n);
        self.job = Some((n, Background::task(ctx, task)));
    }

    /// Reads the listing when it is done.
    pub fn logic(&mut self) {
        let Some((_, job)) = &self.job else { return };
        let ended = job.has_ended();
        if let Some(result) = job.take().pop() {
            match result {
                Ok(c) => self.catalogue = Some(Arc::new(c)),
                Err(e) => self.error = Some(e),
            }
            self.job = None;
        } else if ended {
            let why = job.refused();
            self.error =
                Some(why.unwrap_or_else(|| "the listing's thread ended without a result".into()));
            self.job = None;
        }
    }

    /// The catalogue on show, once listed.
    pub fn catalogue(&self) -> Option<&Catalogue> {
        self.catalogue.as_deref()
    }

    /// The class and member on show.
    pub fn position(&self) -> (usize, usize) {
        (self.class, self.member)
    }

    /// Shows class `class` (its representative), without animation.
    pub fn go_to_class(&mut self, class: usize) {
        if let Some(c) = &self.catalogue {
            self.class = class.min(c.classes.len().saturating_sub(1));
            self.member = 0;
            self.anim = None;
            self.touring = false;
        }
    }

    /// Moves to member `member` of the class on show, playing the symmetry from the one
    /// on show now; `now` is the clock (seconds).
    pub fn go_to_member(&mut self, member: usize, now: f64) {
        let Some(c) = &self.catalogue else { return };
        let members = c.classes[self.class].members.len();
        let member = member.min(members - 1);
        if member == self.member {
            return;
        }
        self.anim = Some(Anim {
            from: self.member,
            symmetry: c.between(self.class, self.member, member),
            started: now,
        });
        self.member = member;
    }

    /// A key: ← and → move between members.
    pub fn key(&mut self, by: isize, now: f64) {
        let Some(c) = &self.catalogue else { return };
        // A board with no solution has no class to move in.
        let Some(class) = c.classes.get(self.class) else {
            return;
        };
        let members = class.members.len() as isize;
        let next = (self.member as isize + by).rem_euclid(members) as usize;
        self.touring = false;
        self.go_to_member(next, now);
    }

    /// The statistics panel: what is listed, and the member on show.
    pub fn stats_ui(&mut self, ui: &mut Ui) {
        let Some(c) = self.catalogue.clone() else {
            if let Some(e) = &self.error {
                ui.label(RichText::new(e).color(ui.visuals().error_fg_color));
            } else {
                ui.horizontal(|ui| {
                    crate::app::widgets::spinner::spinner(ui);
                    ui.label("listing every solution and sorting them into classes…");
                });
            }
            return;
        };
        let (what, whats) = self.kind.counted(c.n);
        let classes = |k: usize| {
            if k == 1 {
                "1 class".to_string()
            } else {
                format!("{} classes", group_thousands(k as u64))
            }
        };
        ui.label(
            RichText::new(format!(
                "{what}: {} {whats} in {}",
                group_thousands(c.solutions.len() as u64),
                classes(c.classes.len())
            ))
            .strong(),
        );
        ui.label("A class holds a solution and every image of it under the board's 4 rotations and 4 reflections; a symmetric solution has fewer distinct images.");
        let mut sizes = std::collections::BTreeMap::<usize, usize>::new();
        for k in &c.classes {
            *sizes.entry(k.members.len()).or_default() += 1;
        }
        for (size, count) in sizes {
            ui.label(format!("{} of {size}", classes(count)));
        }
        if c.solutions.is_empty() {
            return;
        }
        ui.separator();
        let class = &c.classes[self.class];
        ui.label(format!(
            "Class {} of {}: {} members",
            self.class + 1,
            c.classes.len(),
            class.members.len()
        ));
        let (index, symmetry) = class.members[self.member];
        ui.label(format!(
            "On show: {} {} of {}, {}",
            self.kind.noun(),
            index + 1,
            group_thousands(c.solutions.len() as u64),
            member_said(symmetry)
        ));
        if let Some(detail) = self.kind.detail(c.n, &c.solutions[index]) {
            ui.label(detail);
        }
        ui.label(RichText::new("Checked: every solution by the puzzle's rules, every member as the image of the first.").weak());
    }

    /// The browser: the class and member pickers, and the board with the symmetry playing.
    pub fn main_ui(&mut self, ui: &mut Ui) {
        let now = ui.input(|i| i.time);
        // As wide as the panel shows (a narrow window's panel is narrower than its room).
        let visible = ui.clip_rect().max.x - ui.cursor().min.x;
        ui.set_max_width(visible.max(120.0));
        let Some(c) = self.catalogue.clone() else {
            ui.centered_and_justified(|ui| {
                ui.label(self.error.clone().unwrap_or_else(|| {
                    "Listing every solution and sorting them into classes…".into()
                }));
            });
            return;
        };
        if c.classes.is_empty() {
            ui.centered_and_justified(|ui| {
                ui.label(self.kind.none(c.n));
            });
            return;
        }
        self.class_row(ui, c.classes.len(), now);
        // Its members, each named by the symmetry that makes it from the first.
        let class = c.classes[self.class].clone();
        let picked = self.member_picker(ui, &class, visible);
        if let Some(k) = picked {
            self.touring = false;
            self.go_to_member(k, now);
        }
        // The tour: the next member once the last symmetry has played and paused.
        let animating = self.anim.is_some_and(|a| now - a.started < ANIMATION_S);
        if !animating && let Some(a) = self.anim.take() {
            self.settled = a.started + ANIMATION_S;
        }
        if class.members.len() < 2 {
            // One member: nothing to play.
            self.touring = false;
        }
        if self.touring && !animating && now - self.settled >= TOUR_PAUSE_S {
            let next = (self.member + 1) % class.members.len();
            self.go_to_member(next, now);
        }
        if self.touring || self.anim.is_some() {
            ui.ctx().request_repaint();
        }
        // The caption: what is playing, or what is on show.
        let caption = match self.anim {
            Some(a) => format!(
                "Member {} → member {}: {}",
                a.from + 1,
                self.member + 1,
                a.symmetry.describe()
            ),
            None => format!(
                "Member {}: {}",
                self.member + 1,
                member_said(class.members[self.member].1)
            ),
        };
        ui.label(RichText::new(caption).strong());
        let t = self
            .anim
            .map(|a| ((now - a.started) / ANIMATION_S).clamp(0.0, 1.0) as f32);
        let (from, symmetry) = match (self.anim, t) {
            (Some(a), Some(t)) if t < 1.0 => (class.members[a.from].0, Some((a.symmetry, t))),
            _ => (class.members[self.member].0, None),
        };
        draw(ui, self.kind, &c, &c.solutions[from], symmetry, visible);
    }
}

impl Browser {
    /// The class on show, the way to the others, and the tour of its symmetries.
    fn class_row(&mut self, ui: &mut Ui, classes: usize, now: f64) {
        ui.horizontal_wrapped(|ui| {
            if ui.button("◀ Class").clicked() {
                let k = (self.class + classes - 1) % classes;
                self.go_to_class(k);
            }
            let mut shown = self.class + 1;
            let l = ui.label("Class");
            let r = ui
                .add(egui::DragValue::new(&mut shown).range(1..=classes))
                .labelled_by(l.id);
            if r.changed() {
                self.go_to_class(shown - 1);
            }
            ui.label(format!("of {classes}"));
            if ui.button("Class ▶").clicked() {
                self.go_to_class((self.class + 1) % classes);
            }
            let tour = if self.touring {
                "■ Stop"
            } else {
                "▶ Show every symmetry"
            };
            if ui
                .button(tour)
                .on_hover_text("Play each member of the class in turn, each reached from the one before by the symmetry between them")
                .clicked()
            {
                self.touring = !self.touring;
                self.settled = now;
            }
        });
    }

    /// The members of `class`, each named by the symmetry that makes it from the first: a
    /// picker on a narrow or short panel (so that the board keeps its room), else a row.
    /// Returns the member picked.
    fn member_picker(
        &self,
        ui: &mut Ui,
        class: &crate::puzzle::symmetry::Class,
        visible: f32,
    ) -> Option<usize> {
        let mut picked = None;
        let said = |k: usize| format!("{} {}", k + 1, class.members[k].1.describe());
        if visible < NARROW || ui.available_height() < SHORT {
            // A narrow or short panel: a picker, so that the board keeps its room.
            ui.horizontal_wrapped(|ui| {
                let l = ui.label(format!("Member (of {}):", class.members.len()));
                egui::ComboBox::from_id_salt("browser member")
                    .selected_text(said(self.member))
                    .show_ui(ui, |ui| {
                        for k in 0..class.members.len() {
                            if ui.selectable_label(k == self.member, said(k)).clicked() {
                                picked = Some(k);
                            }
                        }
                    })
                    .response
                    .labelled_by(l.id);
            });
        } else {
            ui.horizontal_wrapped(|ui| {
                ui.label("Members:");
                for k in 0..class.members.len() {
                    if ui.selectable_label(k == self.member, said(k)).clicked() {
                        picked = Some(k);
                    }
                }
            });
        }
        picked
    }
}

/// A member, by the symmetry that makes it from the class's first.
fn member_said(s: Symmetry) -> String {
    if s == Symmetry::Identity {
        "the class's first, the least of its members read in order".to_string()
    } else {
        format!("the class's first, {}", s.describe())
    }
}

/// Smooth start and stop.
fn ease(t: f32) -> f32 {
    t * t * (3.0 - 2.0 * t)
}

/// Where a piece standing at centred position `p` is at time `t` of symmetry `s`: a
/// rotation turns it about the centre, a mirror takes it straight across.
fn moved(p: Vec2, s: Symmetry, t: f32) -> Vec2 {
    let t = ease(t);
    if s.is_rotation() {
        let (sin, cos) = (s.angle() * t).sin_cos();
        vec2(p.x * cos - p.y * sin, p.x * sin + p.y * cos)
    } else {
        let [a, b, c, d] = s.matrix().map(|v| v as f32);
        let to = vec2(a * p.x + b * p.y, c * p.x + d * p.y);
        p + (to - p) * t
    }
}

/// The board with `solution`'s pieces, moved part way along `symmetry` when it plays, at
/// most `width` wide.
fn draw(
    ui: &mut Ui,
    kind: &dyn Browsable,
    c: &Catalogue,
    solution: &[u32],
    symmetry: Option<(Symmetry, f32)>,
    width: f32,
) {
    let n = c.n;
    let dark = ui.visuals().dark_mode;
    let legend = 40.0;
    let avail = ui.available_size() - vec2(0.0, legend);
    let side = avail.x.min(width).min(avail.y).max(60.0);
    let (rect, response) = ui.allocate_exact_size(Vec2::splat(side), Sense::hover());
    response.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Canvas, true, "Solution browser board")
    });
    let painter = ui.painter_at(rect.expand(2.0));
    let cell = side / n as f32;
    let (light, darker, piece, line) = if dark {
        (
            Color32::from_rgb(122, 138, 160),
            Color32::from_rgb(66, 80, 104),
            Color32::from_rgb(250, 250, 250),
            Color32::from_rgb(90, 200, 250),
        )
    } else {
        (
            Color32::from_rgb(240, 217, 181),
            Color32::from_rgb(181, 136, 99),
            Color32::from_rgb(20, 20, 20),
            Color32::from_rgb(20, 110, 220),
        )
    };
    let square = |r: usize, col: usize| {
        Rect::from_min_size(
            rect.min + vec2(col as f32 * cell, r as f32 * cell),
            Vec2::splat(cell),
        )
    };
    for r in 0..n {
        for col in 0..n {
            let checkered = kind.checkered();
            let fill = match checkered {
                true if (r + col) % 2 == 1 => darker,
                true => light,
                false => ui.visuals().extreme_bg_color,
            };
            painter.rect_filled(square(r, col), 0.0, fill);
            if !checkered {
                painter.rect_stroke(
                    square(r, col),
                    0.0,
                    Stroke::new(1.0, ui.visuals().weak_text_color()),
                    egui::StrokeKind::Inside,
                );
            }
        }
    }
    let centre = rect.center();
    if let Some((s, _)) = symmetry {
        symmetry_mark(&painter, s, centre, side, cell, line);
    }
    // The pieces: a queen per column, or a number per cell.
    let (pieces, size) = kind.pieces(n, solution);
    let font = FontId::proportional(cell * size);
    let half = (n as f32 - 1.0) / 2.0;
    for (r, col, text) in pieces {
        let p = vec2(col as f32 - half, r as f32 - half);
        let p = match symmetry {
            Some((s, t)) => moved(p, s, t),
            None => p,
        };
        let at: Pos2 = centre + p * cell;
        painter.text(at, Align2::CENTER_CENTER, text, font.clone(), piece);
    }
    crate::app::export::register(ui.ctx(), "board", rect);
    ui.label(
        RichText::new(match symmetry {
            Some((s, _)) if s.is_rotation() => {
                "The pieces turn about the centre of the board (ringed)."
            }
            Some(_) => "The pieces cross the mirror (dashed) to their images.",
            None => {
                "Pick a member, or ← → : the board plays the symmetry from the one on show to it."
            }
        })
        .weak(),
    );
}

/// The mirror's axis (dashed) or the centre of the turn (ringed) of `s` while it plays, on
/// the board of `side` centred on `centre`.
fn symmetry_mark(
    painter: &egui::Painter,
    s: Symmetry,
    centre: Pos2,
    side: f32,
    cell: f32,
    line: Color32,
) {
    // The mirror's axis or the centre of the turn, while a symmetry plays.
    let h = side / 2.0;
    let stroke = Stroke::new(2.5, line);
    let axis = match s {
        Symmetry::MirrorLeftRight => Some((vec2(0.0, -h), vec2(0.0, h))),
        Symmetry::MirrorUpDown => Some((vec2(-h, 0.0), vec2(h, 0.0))),
        Symmetry::Diagonal => Some((vec2(-h, -h), vec2(h, h))),
        Symmetry::AntiDiagonal => Some((vec2(h, -h), vec2(-h, h))),
        _ => None,
    };
    match axis {
        Some((a, b)) => painter.extend(egui::Shape::dashed_line(
            &[centre + a, centre + b],
            stroke,
            10.0,
            6.0,
        )),
        None => {
            painter.circle_stroke(centre, cell * 0.3, stroke);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_played_symmetry_ends_on_the_image() {
        for s in Symmetry::ALL {
            for p in [vec2(-1.5, -1.5), vec2(0.5, -1.5), vec2(1.5, 0.5)] {
                let [a, b, c, d] = s.matrix().map(|v| v as f32);
                let to = vec2(a * p.x + b * p.y, c * p.x + d * p.y);
                let end = moved(p, s, 1.0);
                assert!((end - to).length() < 1e-4, "{s:?}: {end:?} vs {to:?}");
                assert!((moved(p, s, 0.0) - p).length() < 1e-6);
            }
        }
    }
}

/// The browsers, one per puzzle that has one.
const BROWSABLE: [&dyn Browsable; 2] = [
    &crate::app::queens::browse::QueensBrowse,
    &crate::app::magic::browse::MagicBrowse,
];

/// Every solution of a puzzle's size `n`, listed and classified as background work.
#[derive(serde::Serialize, serde::Deserialize)]
pub struct ListTask {
    puzzle: PuzzleId,
    n: usize,
}

impl ListTask {
    /// Every solution of `puzzle`'s size `n`.
    pub fn new(puzzle: PuzzleId, n: usize) -> ListTask {
        ListTask { puzzle, n }
    }
}

impl Task for ListTask {
    type Output = Result<Catalogue, String>;
    const NAME: &'static str = "browse";

    fn run(self, send: &(dyn Fn(Self::Output) + Sync), work: &Work) {
        let kind = BROWSABLE.iter().find(|b| b.puzzle() == self.puzzle);
        send(match kind {
            Some(kind) => kind.list(self.n, &work.cancel).map_err(|e| e.to_string()),
            None => Err(format!("{} has no solution browser", self.puzzle.title())),
        });
    }
}
