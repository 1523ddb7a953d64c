//! Play mode on the N-Queens tab: the student places queens by clicking, sees which
//! squares they attack and which queens attack each other, and asks for hints: a safe
//! square, the move min-conflicts would make, and how many solutions keep the queens
//! placed.

use crate::app::background::{Task, Work};
use crate::app::play::{Play, Rules};
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

/// A hint's answer, about the placement it was asked for.
pub enum Hint {
    /// A square no queen attacks, in the leftmost column that has one.
    Safe(Option<(usize, u32)>),
    /// The move min-conflicts would make (`None`: nothing to do).
    MinConflicts(Option<MinConflictsMove>),
    /// The solutions that keep the queens placed, counted.
    Count(QueensCountHint),
}

/// The N-Queens game's rules: a queen per column at most; a move puts a column's queen
/// on a row or takes it off.
#[derive(Default)]
pub struct QueensRules;

impl Rules for QueensRules {
    /// The row of each column's queen, or `None`.
    type Position = Vec<Option<u32>>;
    /// A column and the row its queen goes to (`None`: off the board).
    type Move = (usize, Option<u32>);
    type Hint = Hint;
    type Count = QueensCountHint;
    const MOVE: &'static str = "change";
    const LOOKED_AT: &'static str = "board";

    fn apply(
        at: &mut Vec<Option<u32>>,
        (column, row): (usize, Option<u32>),
    ) -> (usize, Option<u32>) {
        let before = at.get_mut(column).map(|r| std::mem::replace(r, row));
        (column, before.flatten())
    }

    fn count_hint(count: QueensCountHint) -> Hint {
        Hint::Count(count)
    }
}

/// The N-Queens game.
pub type QueensPlay = Play<QueensRules>;

impl QueensPlay {
    /// The row of each column's queen (`None`: an empty column).
    pub fn columns(&self) -> &[Option<u32>] {
        &self.at
    }

    /// Whether every column has a queen and none attacks another.
    pub fn is_solved(&self, n: usize) -> bool {
        let rows: Vec<u32> = self.at.iter().flatten().copied().collect();
        rows.len() == n && crate::puzzle::queens::validate(n, &rows).is_ok()
    }

    /// Whether a count is running.
    pub fn busy(&self) -> bool {
        self.counting()
    }

    /// Fits the board to `n` queens: a new size clears it.
    fn follow(&mut self, n: usize) {
        if self.at.len() != n {
            self.clear(n);
        }
    }

    /// An empty board of `n` columns.
    pub fn clear(&mut self, n: usize) {
        self.start_from(vec![None; n]);
    }

    /// A click on `(row, column)`: places the column's queen there, or takes it off when
    /// it is there already (a column holds one queen: placing moves it).
    pub fn click(&mut self, row: u32, column: usize) {
        let Some(&before) = self.at.get(column) else {
            return;
        };
        let after = if before == Some(row) { None } else { Some(row) };
        self.make((column, after));
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
            self.undo_buttons(ui);
            let any = self.at.iter().any(Option::is_some);
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
                let safe = Hint::Safe(safe_square(n, &self.at));
                self.show(crate::run::play::queens::SAFE_SQUARE, safe);
            }
            if ui
                .button("Min-conflicts' move")
                .on_hover_text("The move the min-conflicts search would make: fill an empty column on its least attacked row, else move the most attacked queen to the least attacked row of its column")
                .clicked()
            {
                let m = Hint::MinConflicts(min_conflicts_move(n, &self.at));
                self.show(crate::run::play::queens::MIN_CONFLICTS_MOVE, m);
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
                let task = CountTask {
                    n,
                    columns: self.at.clone(),
                };
                self.count(ui.ctx(), crate::run::play::queens::COUNT_SOLUTIONS, task);
            }
        });
        if self.is_solved(n) {
            self.compare_button(ui, "Show your solution beside the algorithms' on the Compare tab, for the same n; Run all there adds the algorithms");
        }
        self.count_row(ui, "Counting the solutions…");
    }

    /// The right-hand panel: the queens placed, attacks, the verdict and the hint.
    pub fn stats_ui(&self, ui: &mut Ui, n: usize) {
        if n > MAX_PLAY_N {
            return;
        }
        let placed = self.at.iter().flatten().count();
        ui.label(format!("Queens placed: {placed} of {n}"));
        let pairs = attacking_pairs(&self.at);
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
        self.hint_panel(ui, |ui, hint| self.tell(ui, n, hint));
    }

    /// What a hint found.
    fn tell(&self, ui: &mut Ui, n: usize, hint: &Hint) {
        match hint {
            Hint::Safe(Some((c, r))) => {
                ui.label(format!(
                    "{} is safe: no queen attacks it (it is outlined on the board). Safe now is not always on the way to a solution: a queen there can leave a later column with no safe square. \"Count the solutions\" says how many solutions keep your queens where they are.",
                    square(n, *r, *c)
                ));
            }
            Hint::Safe(None) => {
                let empty = self.at.iter().filter(|c| c.is_none()).count();
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
            Hint::MinConflicts(None) => {
                ui.label("Min-conflicts has nothing to do: every column has a queen and none is attacked.");
            }
            Hint::MinConflicts(Some(m)) if m.from == Some(m.to) => {
                ui.label(format!(
                    "Min-conflicts picks an attacked queen at random; the most attacked is on {} ({} conflicts). No square of its column has fewer, so min-conflicts would leave it there: a local minimum for this queen. Move another queen yourself.",
                    square(n, m.to, m.column),
                    m.before
                ));
            }
            Hint::MinConflicts(Some(m)) => {
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
            Hint::Count(h) => count_ui(ui, n, h),
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
        self.keys(ui);
        let rows: Vec<u32> = self.at.iter().map(|r| r.unwrap_or(EMPTY)).collect();
        let attacks = Attacks::of(n, &rows);
        let focus = match self.hint() {
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
            version: self.version(),
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

#[cfg(test)]
mod tests {
    use super::QueensPlay;
    use proptest::prelude::*;

    /// What the player does: a click on `(row, column)`, an undo or a redo.
    #[derive(Debug, Clone)]
    enum Act {
        Click(u32, usize),
        Undo,
        Redo,
    }

    fn act() -> impl Strategy<Value = Act> {
        prop_oneof![
            3 => (0u32..2, 0usize..3).prop_map(|(r, c)| Act::Click(r, c)),
            1 => Just(Act::Undo),
            1 => Just(Act::Redo),
        ]
    }

    proptest! {
        /// Undo and redo walk a line of positions, kept here as a list and a cursor: undo
        /// goes back one, redo forward one, and a click makes a new position that cuts the
        /// line there, unless it is the very position redo would bring back. The game is
        /// always at the cursor's position, and says whether undo and redo did anything.
        #[test]
        fn undo_and_redo_walk_the_line_of_positions(acts in proptest::collection::vec(act(), 0..60)) {
            let mut play = QueensPlay::default();
            play.clear(5);
            let mut line = vec![vec![None; 5]];
            let mut at = 0;
            for a in acts {
                match a {
                    Act::Click(r, c) => {
                        let mut next = line[at].clone();
                        next[c] = if next[c] == Some(r) { None } else { Some(r) };
                        if line.get(at + 1) != Some(&next) {
                            line.truncate(at + 1);
                            line.push(next);
                        }
                        at += 1;
                        play.click(r, c);
                    }
                    Act::Undo => {
                        prop_assert_eq!(play.undo(), at > 0);
                        at = at.saturating_sub(1);
                    }
                    Act::Redo => {
                        prop_assert_eq!(play.redo(), at + 1 < line.len());
                        at = (at + 1).min(line.len() - 1);
                    }
                }
                prop_assert_eq!(play.columns(), &line[at][..]);
                prop_assert_eq!(play.moves_made(), at);
            }
        }
    }
}
