//! Play mode on the N-Queens tab: the student places queens by clicking, sees which
//! squares they attack and which queens attack each other, and asks for hints: a safe
//! square, the move min-conflicts would make, and how many solutions keep the queens
//! placed.

use crate::app::background::{Background, Task, Work};
use crate::app::widgets::figures::outcome_label;
use crate::app::widgets::queens_board::{Attacks, EMPTY, Focus, QueensBoardView, queens_board};
use crate::run::JobError;
use crate::run::play::queens::{
    self as play, MAX_QUEENS_HINT_N, MinConflictsMove, QueensCountHint, attacking_pairs,
    conflicts_at, min_conflicts_move,
};
use egui::{RichText, Ui};
use std::time::Duration;

/// How long the count hint may count.
pub const QUEENS_COUNT_TIME: Duration = Duration::from_secs(10);
pub use crate::run::play::queens::MAX_PLAY_N;

/// The hint on show, about the placement it was asked for.
enum Hint {
    /// A square no queen attacks, in the leftmost column that has one.
    Safe(Option<(usize, u32)>),
    MinConflicts(Option<MinConflictsMove>),
    Count(QueensCountHint),
    Failed(String),
}

/// The game: a queen per column at most, what was done (to undo), the hint on show.
#[derive(Default)]
pub struct QueensPlay {
    /// The row of each column's queen, or `None`.
    columns: Vec<Option<u32>>,
    /// Changes made, to undo: `(column, the row it had before)`.
    done: Vec<(usize, Option<u32>)>,
    /// Changes undone, to redo.
    undone: Vec<(usize, Option<u32>)>,
    hint: Option<Hint>,
    counting: Option<Background<Result<QueensCountHint, JobError>>>,
    version: u64,
    /// The player asked to put the solution beside the algorithms in Compare.
    to_compare: bool,
    /// Every hint asked, oldest first (never cleared: an assignment counts them).
    asked: Vec<crate::app::play::HintKind>,
}

impl QueensPlay {
    /// The row of each column's queen (`None`: an empty column).
    pub fn columns(&self) -> &[Option<u32>] {
        &self.columns
    }

    /// Whether every column has a queen and none attacks another.
    pub fn is_solved(&self, n: usize) -> bool {
        let rows: Vec<u32> = self.columns.iter().flatten().copied().collect();
        rows.len() == n && crate::puzzle::queens::validate(n, &rows).is_ok()
    }

    /// Whether a count is running.
    pub fn busy(&self) -> bool {
        self.counting.is_some()
    }

    /// Fits the board to `n` queens: a new size clears it.
    fn follow(&mut self, n: usize) {
        if self.columns.len() != n {
            self.clear(n);
        }
    }

    /// An empty board of `n` columns.
    pub fn clear(&mut self, n: usize) {
        if let Some(b) = self.counting.take() {
            b.cancel();
        }
        self.columns = vec![None; n];
        self.done.clear();
        self.undone.clear();
        self.hint = None;
        self.version += 1;
    }

    /// A click on `(row, column)`: places the column's queen there, or takes it off when
    /// it is there already (a column holds one queen: placing moves it).
    pub fn click(&mut self, row: u32, column: usize) {
        let Some(&before) = self.columns.get(column) else {
            return;
        };
        let after = if before == Some(row) { None } else { Some(row) };
        self.set(column, after);
        self.done.push((column, before));
        self.undone.clear();
    }

    fn set(&mut self, column: usize, row: Option<u32>) {
        self.columns[column] = row;
        self.version += 1;
        if let Some(b) = self.counting.take() {
            b.cancel();
        }
        self.hint = None;
    }

    /// Takes back the last change.
    pub fn undo(&mut self) -> bool {
        let Some((column, before)) = self.done.pop() else {
            return false;
        };
        self.undone.push((column, self.columns[column]));
        self.set(column, before);
        true
    }

    /// Makes the last change taken back again.
    pub fn redo(&mut self) -> bool {
        let Some((column, row)) = self.undone.pop() else {
            return false;
        };
        self.done.push((column, self.columns[column]));
        self.set(column, row);
        true
    }

    /// The play panel: how to play, undo/redo/clear, the hints.
    pub fn controls_ui(&mut self, ui: &mut Ui, n: usize) {
        if n > MAX_PLAY_N {
            ui.label(format!(
                "Play mode takes boards of up to {MAX_PLAY_N} queens (each square is a click); set n to {MAX_PLAY_N} or less."
            ));
            return;
        }
        self.follow(n);
        ui.label(format!(
            "Your turn: click a square to put its column's queen there (a column holds one queen), click the queen again to take it off. Place {} so that none attacks another.", crate::run::words::counted(n as u64, "queen")
        ));
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(!self.done.is_empty(), egui::Button::new("⟲ Undo"))
                .on_hover_text("Take back the last change (←)")
                .on_disabled_hover_text("Nothing to take back")
                .clicked()
            {
                self.undo();
            }
            if ui
                .add_enabled(!self.undone.is_empty(), egui::Button::new("Redo ⟳"))
                .on_hover_text("Make the last change taken back again (→)")
                .on_disabled_hover_text("No change taken back to make again")
                .clicked()
            {
                self.redo();
            }
            let any = self.columns.iter().any(Option::is_some);
            if ui
                .add_enabled(any, egui::Button::new("Clear"))
                .on_hover_text("Take every queen off")
                .clicked()
            {
                self.clear(n);
            }
        });
        ui.add_space(4.0);
        ui.label(RichText::new("Hints").strong());
        ui.horizontal_wrapped(|ui| {
            if ui
                .button("A safe square")
                .on_hover_text("A square in an empty column that no queen attacks")
                .clicked()
            {
                self.asked.push(crate::run::play::queens::SAFE_SQUARE);
                self.hint = Some(Hint::Safe(safe_square(n, &self.columns)));
            }
            if ui
                .button("Min-conflicts' move")
                .on_hover_text("The move the min-conflicts search would make: fill an empty column on its least attacked row, else move the most attacked queen to the least attacked row of its column")
                .clicked()
            {
                self.asked.push(crate::run::play::queens::MIN_CONFLICTS_MOVE);
                self.hint = Some(Hint::MinConflicts(min_conflicts_move(n, &self.columns)));
            }
            let too_big = n > MAX_QUEENS_HINT_N;
            if ui
                .add_enabled(!too_big && !self.busy(), egui::Button::new("Count the solutions"))
                .on_hover_text(format!(
                    "How many solutions keep every queen where it is, counted exactly (at most {} s)",
                    QUEENS_COUNT_TIME.as_secs()
                ))
                .on_disabled_hover_text(if too_big {
                    format!("Counting is offered for up to {MAX_QUEENS_HINT_N} queens; beyond, a count takes minutes to years")
                } else {
                    "Counting…".to_string()
                })
                .clicked()
            {
                self.asked.push(crate::run::play::queens::COUNT_SOLUTIONS);
                let task = CountTask {
                    n,
                    columns: self.columns.clone(),
                };
                self.hint = None;
                self.counting = Some(Background::task(ui.ctx(), task));
            }
        });
        if self.is_solved(n)
            && ui
                .button("Put it in Compare")
                .on_hover_text("Show your solution beside the algorithms' on the Compare tab, for the same n; Run all there adds the algorithms")
                .clicked()
        {
            self.to_compare = true;
        }
        if let Some(b) = &self.counting
            && crate::app::play::busy_row(ui, "Counting the solutions…")
        {
            b.cancel();
        }
    }

    /// The right-hand panel: the queens placed, attacks, the verdict and the hint.
    pub fn stats_ui(&self, ui: &mut Ui, n: usize) {
        if n > MAX_PLAY_N {
            return;
        }
        let placed = self.columns.iter().flatten().count();
        ui.label(format!("Queens placed: {placed} of {n}"));
        let pairs = attacking_pairs(&self.columns);
        ui.label(format!("Attacking pairs: {}", pairs.len()));
        if self.is_solved(n) {
            outcome_label(
                ui,
                &format!("Solved: {n} queens and none attacks another, checked."),
                true,
            );
        } else if placed == n {
            outcome_label(
                ui,
                "Every column has a queen, but some attack each other (in red): move one.",
                false,
            );
        }
        ui.separator();
        // A hint is announced when it comes, and scrolled into sight.
        crate::app::widgets::figures::hint_region(ui, self.hint.is_some(), |ui| {
            self.hint_ui(ui, n);
        });
    }

    /// The hint asked for, or how to ask for one.
    fn hint_ui(&self, ui: &mut Ui, n: usize) {
        match &self.hint {
            None => {
                ui.label(
                    RichText::new("Ask for a hint on the left: the solvers look at your board.")
                        .weak(),
                );
            }
            Some(Hint::Failed(e)) => outcome_label(ui, e, false),
            Some(Hint::Safe(Some((c, r)))) => {
                ui.label(format!(
                    "{} is safe: no queen attacks it (it is outlined on the board). Safe now is not always on the way to a solution: a queen there can leave a later column with no safe square. \"Count the solutions\" says how many solutions keep your queens where they are.",
                    square(n, *r, *c)
                ));
            }
            Some(Hint::Safe(None)) => {
                let empty = self.columns.iter().filter(|c| c.is_none()).count();
                if empty == 0 {
                    ui.label("Every column has its queen: there is no empty column to fill.");
                } else {
                    outcome_label(
                        ui,
                        "No safe square: every square of every empty column is attacked, so these queens cannot all stay. Move one.",
                        false,
                    );
                }
            }
            Some(Hint::MinConflicts(None)) => {
                ui.label("Min-conflicts has nothing to do: every column has a queen and none is attacked.");
            }
            Some(Hint::MinConflicts(Some(m))) if m.from == Some(m.to) => {
                ui.label(format!(
                    "Min-conflicts picks an attacked queen at random; the most attacked is on {} ({} conflicts). No square of its column has fewer, so min-conflicts would leave it there: a local minimum for this queen. Move another queen yourself.",
                    square(n, m.to, m.column),
                    m.before
                ));
            }
            Some(Hint::MinConflicts(Some(m))) => {
                let to = square(n, m.to, m.column);
                match m.from {
                    None => ui.label(format!(
                        "Min-conflicts starts with a queen in every column: column {} is empty, and its least attacked square is {to}, with {} conflict{}.",
                        file(m.column),
                        m.after,
                        if m.after == 1 { "" } else { "s" }
                    )),
                    Some(from) => ui.label(format!(
                        "Min-conflicts picks an attacked queen at random; the most attacked is on {} ({} conflicts). It moves to the least attacked square of its column: {to}, with {}.",
                        square(n, from, m.column),
                        m.before,
                        m.after
                    )),
                };
            }
            Some(Hint::Count(h)) => count_ui(ui, n, h),
        }
    }

    /// The board: the queens, the squares they attack, a hint's square.
    pub fn main_ui(&mut self, ui: &mut Ui, n: usize, show_lines: bool) -> Option<String> {
        if n > MAX_PLAY_N {
            ui.label(format!(
                "Play mode takes boards of up to {MAX_PLAY_N} queens."
            ));
            return None;
        }
        self.follow(n);
        let rows: Vec<u32> = self.columns.iter().map(|r| r.unwrap_or(EMPTY)).collect();
        let attacks = Attacks::of(n, &rows);
        let focus = match &self.hint {
            Some(Hint::Safe(Some((c, r)))) => Some(Focus {
                column: *c as u32,
                row: *r,
                by: None,
            }),
            Some(Hint::MinConflicts(Some(m))) => Some(Focus {
                column: m.column as u32,
                row: m.to,
                by: None,
            }),
            _ => None,
        };
        let view = QueensBoardView {
            n,
            rows: &rows,
            attacks: &attacks,
            show_lines,
            version: self.version,
            legend: true,
            focus,
            play: true,
            clickable: false,
            landscape: None,
            domains: None,
            scores_twice: false,
        };
        let out = queens_board(ui, &view);
        crate::app::export::register(ui.ctx(), "board", out.area);
        if let Some((r, c)) = out.clicked {
            self.click(r, c as usize);
        }
        out.told
    }
}

/// A square no queen attacks in the leftmost empty column that has one (its topmost).
fn safe_square(n: usize, columns: &[Option<u32>]) -> Option<(usize, u32)> {
    (0..n)
        .filter(|&c| columns.get(c).copied().flatten().is_none())
        .find_map(|c| {
            (0..n as u32)
                .find(|&r| conflicts_at(columns, c, r) == 0)
                .map(|r| (c, r))
        })
}

/// What the count hint found: how many solutions keep the queens placed, or why none does.
fn count_ui(ui: &mut Ui, n: usize, h: &QueensCountHint) {
    if let Some(a) = h.attacks.first() {
        outcome_label(
            ui,
            &format!(
                "No solution keeps these queens: {} and {} share a {}.",
                square(n, a.a.1, a.a.0),
                square(n, a.b.1, a.b.0),
                if a.row { "row" } else { "diagonal" }
            ),
            false,
        );
    } else if h.complete {
        let (s, keep) = if h.solutions == 1 {
            ("", "keeps")
        } else {
            ("s", "keep")
        };
        ui.label(format!(
            "{} solution{s} of {n} queens {keep} every queen you placed (counted exactly, {} placements tried).",
            h.solutions, h.nodes
        ));
        let placed = h.columns.iter().flatten().count();
        if h.solutions == 0 && placed > 0 {
            outcome_label(
                ui,
                "Dead end: no solution completes this board. Move or take off a queen.",
                false,
            );
        } else if h.solutions == 0 {
            outcome_label(
                ui,
                &format!(
                    "{n} queens have no solution at all: no placement on the {n}×{n} board keeps them all safe."
                ),
                false,
            );
        }
    } else {
        outcome_label(
            ui,
            &format!(
                "Cut short ({}): at least {} solution{} your queens.",
                h.stop.describe(),
                h.solutions,
                if h.solutions == 1 { " keeps" } else { "s keep" }
            ),
            false,
        );
    }
}

/// The file letter of column `c`.
fn file(c: usize) -> String {
    crate::puzzle::knight::file_letters(c as u32)
}

/// The chess name of `(row, column)` on an `n × n` board, with its coordinates.
fn square(n: usize, row: u32, column: usize) -> String {
    format!("{}{} ({row},{column})", file(column), n as u32 - row)
}

impl crate::app::play::Undo for QueensPlay {
    fn undo(&mut self) -> bool {
        QueensPlay::undo(self)
    }

    fn redo(&mut self) -> bool {
        QueensPlay::redo(self)
    }
}

impl crate::app::play::Game for QueensPlay {
    /// Reads the count hint's thread.
    fn logic(&mut self, _ctx: &egui::Context) {
        let columns = &self.columns;
        crate::app::play::poll_count(
            &mut self.counting,
            &mut self.hint,
            |h| h.columns == *columns,
            Hint::Count,
            Hint::Failed,
        );
    }

    /// Whether the player asked to put the solution in Compare (asked once).
    fn take_compare_request(&mut self) -> bool {
        std::mem::take(&mut self.to_compare)
    }

    fn hints_asked(&self) -> &[crate::app::play::HintKind] {
        &self.asked
    }
}

/// The count hint of a placement, as background work.
#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) struct CountTask {
    n: usize,
    columns: Vec<Option<u32>>,
}

impl Task for CountTask {
    type Output = Result<QueensCountHint, JobError>;
    const NAME: &'static str = "queens-count-hint";

    fn run(self, send: &(dyn Fn(Self::Output) + Sync), work: &Work) {
        let (n, columns) = (self.n, &self.columns);
        send(play::queens_count_hint(
            n,
            columns,
            QUEENS_COUNT_TIME,
            &work.cancel,
        ));
    }
}
