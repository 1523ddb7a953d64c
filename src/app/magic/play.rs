//! Play mode on the Magic squares tab: the student swaps cells (two clicks, or a typed
//! number), locks the cells they want to keep, watches every line's sum, and asks for
//! hints: the swap that lowers the fitness the most, and how many magic squares keep the
//! locked cells.

use crate::app::background::{Background, Task, Work};
use crate::app::widgets::figures::outcome_label;
use crate::app::widgets::magic_grid::{PlayMarks, magic_grid_with};
use crate::puzzle::magic::{fitness, line_sums, magic_constant, validate};
use crate::run::JobError;
use crate::run::play::magic::{
    self as play, MAX_MAGIC_HINT_ORDER, MagicCountHint, Swap, best_swap, shuffled,
};
use egui::{RichText, Ui};
use std::time::Duration;

/// How long the count hint may count.
pub const MAGIC_COUNT_TIME: Duration = Duration::from_secs(10);
pub use crate::run::play::magic::MAX_PLAY_ORDER;

/// The hint on show, about the square it was asked for.
enum Hint {
    BestSwap(Option<Swap>),
    Count(MagicCountHint),
    Failed(String),
}

/// The game: the square, its locked cells, the cell picked for a swap, the swaps made
/// (to undo) and the hint on show.
#[derive(Default)]
pub struct MagicPlay {
    /// Row-major: always a permutation of 1..=n².
    cells: Vec<u32>,
    locked: Vec<bool>,
    selected: Option<usize>,
    /// Swaps made, to undo; swaps undone, to redo.
    done: Vec<(usize, usize)>,
    undone: Vec<(usize, usize)>,
    hint: Option<Hint>,
    counting: Option<Background<Result<MagicCountHint, JobError>>>,
    /// The last thing said: a refused click or number.
    said: Option<String>,
    /// The number typed for the picked cell.
    typed: String,
    /// Shuffles dealt so far (each from the next seed).
    deals: u64,
    /// The player asked to put the magic square beside the algorithms in Compare.
    to_compare: bool,
    /// Every hint asked, oldest first (never cleared: an assignment counts them).
    asked: Vec<crate::app::play::HintKind>,
}

impl MagicPlay {
    /// The square, row-major.
    pub fn cells(&self) -> &[u32] {
        &self.cells
    }

    /// Which cells are locked.
    pub fn locked(&self) -> &[bool] {
        &self.locked
    }

    /// Whether the square is magic, checked by `puzzle/`.
    pub fn is_magic(&self, n: usize) -> bool {
        self.cells.len() == n * n && validate(n, &self.cells).is_ok()
    }

    /// Whether a count is running.
    pub fn busy(&self) -> bool {
        self.counting.is_some()
    }

    /// Fits the square to order `n`: a new order deals a new square.
    fn follow(&mut self, n: usize, seed: u64) {
        if self.cells.len() != n * n {
            self.deal(n, seed);
        }
    }

    /// A new square: the numbers 1 to n² shuffled by `seed` and the deals before it.
    pub fn deal(&mut self, n: usize, seed: u64) {
        let cells = shuffled(n, seed.wrapping_add(self.deals));
        self.deals += 1;
        self.start_from(cells);
    }

    /// Plays on from `cells` (a permutation of 1..=n²), nothing locked.
    pub fn start_from(&mut self, cells: Vec<u32>) {
        self.locked = vec![false; cells.len()];
        self.cells = cells;
        self.done.clear();
        self.undone.clear();
        self.selected = None;
        self.changed();
    }

    /// After the square or its locks changed: the hint was about the old one.
    fn changed(&mut self) {
        if let Some(b) = self.counting.take() {
            b.cancel();
        }
        self.hint = None;
        self.said = None;
    }

    /// A click on cell `i`: picks it, or swaps it with the cell picked before.
    pub fn click(&mut self, i: usize) {
        if i >= self.cells.len() {
            return;
        }
        if self.locked[i] {
            self.said = Some(format!(
                "{} is locked: right-click it (or use Unlock) to move it again",
                cell_name(self.order(), i)
            ));
            return;
        }
        match self.selected {
            None => {
                self.selected = Some(i);
                self.said = None;
            }
            Some(j) if j == i => self.selected = None,
            Some(j) => {
                self.swap(j, i);
                self.selected = None;
            }
        }
    }

    /// Swaps two unlocked cells, as a move that can be undone.
    pub fn swap(&mut self, a: usize, b: usize) -> bool {
        if a == b || self.locked.get(a) != Some(&false) || self.locked.get(b) != Some(&false) {
            return false;
        }
        self.cells.swap(a, b);
        self.done.push((a, b));
        self.undone.clear();
        self.changed();
        true
    }

    /// Puts `value` in the picked cell, by swapping it with the cell that holds it.
    pub fn put(&mut self, value: u32) {
        let n = self.order();
        let Some(i) = self.selected else {
            self.said = Some("Pick a cell first, then type the number it should hold".into());
            return;
        };
        let Some(j) = self.cells.iter().position(|&v| v == value) else {
            self.said = Some(format!(
                "{value} is not in the square: it holds 1 to {}",
                n * n
            ));
            return;
        };
        if self.locked[j] {
            self.said = Some(format!(
                "{value} is in {}, which is locked: unlock it first",
                cell_name(n, j)
            ));
            return;
        }
        if i != j {
            self.swap(i, j);
        }
        self.selected = None;
    }

    /// Locks or unlocks cell `i`.
    pub fn toggle_lock(&mut self, i: usize) {
        if let Some(l) = self.locked.get_mut(i) {
            *l = !*l;
            if self.selected == Some(i) {
                self.selected = None;
            }
            self.changed();
        }
    }

    /// Takes back the last swap.
    pub fn undo(&mut self) -> bool {
        let Some((a, b)) = self.done.pop() else {
            return false;
        };
        self.cells.swap(a, b);
        self.undone.push((a, b));
        self.selected = None;
        self.changed();
        true
    }

    /// Makes the last swap taken back again.
    pub fn redo(&mut self) -> bool {
        let Some((a, b)) = self.undone.pop() else {
            return false;
        };
        self.cells.swap(a, b);
        self.done.push((a, b));
        self.selected = None;
        self.changed();
        true
    }

    fn order(&self) -> usize {
        (self.cells.len() as f64).sqrt().round() as usize
    }

    /// The locked cells' values (`None`: free).
    fn fixed(&self) -> Vec<Option<u32>> {
        (self.cells.iter().zip(&self.locked))
            .map(|(&v, &l)| l.then_some(v))
            .collect()
    }

    /// The play panel: how to play, the square's buttons, the hints.
    pub fn controls_ui(&mut self, ui: &mut Ui, n: usize, seed: u64, on_show: Option<&[u32]>) {
        if n > MAX_PLAY_ORDER {
            ui.label(format!(
                "Play mode takes squares of order up to {MAX_PLAY_ORDER}; set the order to {MAX_PLAY_ORDER} or less."
            ));
            return;
        }
        self.follow(n, seed);
        ui.label(format!(
            "Your turn: click a cell, then another, to swap them (or pick one and type the number it should hold). Right-click a cell to lock it. Make every row, column and diagonal add up to {}.",
            magic_constant(n)
        ));
        self.move_buttons(ui, n, seed, on_show);
        self.number_field(ui, n);
        self.hint_buttons(ui, n);
        if self.is_magic(n)
            && ui
                .button("Put it in Compare")
                .on_hover_text("Show your magic square beside the algorithms' on the Compare tab, for the same order; Run all there adds the algorithms")
                .clicked()
        {
            self.to_compare = true;
        }
        if let Some(b) = &self.counting
            && crate::app::play::busy_row(ui, "Counting the magic squares…")
        {
            b.cancel();
        }
    }

    /// Undo, Redo, Shuffle, and taking the square on show.
    fn move_buttons(&mut self, ui: &mut Ui, n: usize, seed: u64, on_show: Option<&[u32]>) {
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(!self.done.is_empty(), egui::Button::new("⟲ Undo"))
                .on_hover_text("Take back the last swap (←)")
                .on_disabled_hover_text("No swap to take back")
                .clicked()
            {
                self.undo();
            }
            if ui
                .add_enabled(!self.undone.is_empty(), egui::Button::new("Redo ⟳"))
                .on_hover_text("Make the last swap taken back again (→)")
                .on_disabled_hover_text("No swap taken back to make again")
                .clicked()
            {
                self.redo();
            }
            if ui
                .button("Shuffle")
                .on_hover_text("A new square: 1 to n² in a random order drawn from the seed")
                .clicked()
            {
                self.deal(n, seed);
            }
            let fits = on_show.filter(|s| s.len() == n * n);
            if ui
                .add_enabled(fits.is_some(), egui::Button::new("Take the square on show"))
                .on_hover_text("Play on from the square the last run showed (the GA's best, say)")
                .on_disabled_hover_text("Run an algorithm first: its square is what this takes")
                .clicked()
                && let Some(s) = fits
            {
                self.start_from(s.to_vec());
            }
        });
    }

    /// The number typed for the picked cell, and its lock.
    fn number_field(&mut self, ui: &mut Ui, n: usize) {
        ui.horizontal_wrapped(|ui| {
            let picked = self.selected;
            let label = ui.label("Number for the picked cell:");
            let field = ui.add_enabled(
                picked.is_some(),
                egui::TextEdit::singleline(&mut self.typed).desired_width(40.0),
            );
            let field = field.labelled_by(label.id);
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            let put = ui
                .add_enabled(picked.is_some(), egui::Button::new("Put"))
                .on_disabled_hover_text("Pick a cell first");
            if entered || put.clicked() {
                match self.typed.trim().parse::<u32>() {
                    Ok(v) => self.put(v),
                    Err(_) => {
                        self.said = Some(format!(
                            "\"{}\" is not a whole number from 1 to {}",
                            self.typed.trim(),
                            n * n
                        ));
                    }
                }
                self.typed.clear();
            }
        });
        if let Some(i) = self.selected {
            let lock = if self.locked[i] { "Unlock" } else { "Lock" };
            if ui
                .button(format!("{lock} {}", cell_name(n, i)))
                .on_hover_text("Lock the picked cell: swaps leave it alone, and the count keeps it (or right-click a cell)")
                .clicked()
            {
                self.toggle_lock(i);
            }
        }
    }

    /// The hints: the best swap and the count of magic squares.
    fn hint_buttons(&mut self, ui: &mut Ui, n: usize) {
        ui.add_space(4.0);
        ui.label(RichText::new("Hints").strong());
        ui.horizontal_wrapped(|ui| {
            if ui
                .button("Best swap")
                .on_hover_text("The swap of two unlocked cells that lowers the fitness the most (the magic-square GA notebook's fitness: how far each line's sum is from the constant, added up)")
                .clicked()
            {
                self.asked.push(crate::run::play::magic::BEST_SWAP);
                self.hint = Some(Hint::BestSwap(best_swap(n, &self.cells, &self.locked)));
            }
            let too_big = n > MAX_MAGIC_HINT_ORDER;
            if ui
                .add_enabled(!too_big && !self.busy(), egui::Button::new("Count the magic squares"))
                .on_hover_text(format!(
                    "How many magic squares keep every locked cell: the ones you can still reach by swapping the others (counted exactly, at most {} s)",
                    MAGIC_COUNT_TIME.as_secs()
                ))
                .on_disabled_hover_text(if too_big {
                    format!("Counting is offered for orders up to {MAX_MAGIC_HINT_ORDER}; order 5 has 275,305,224 magic squares")
                } else {
                    "Counting…".to_string()
                })
                .clicked()
            {
                self.asked.push(crate::run::play::magic::COUNT_MAGIC_SQUARES);
                let task = CountTask {
                    n,
                    fixed: self.fixed(),
                };
                self.hint = None;
                self.counting = Some(Background::task(ui.ctx(), task));
            }
        });
    }

    /// The right-hand panel: the fitness, the lines that add up, the verdict, the hint.
    pub fn stats_ui(&self, ui: &mut Ui, n: usize) {
        if n > MAX_PLAY_ORDER || self.cells.len() != n * n {
            return;
        }
        let m = magic_constant(n);
        let good = line_sums(n, &self.cells)
            .lines()
            .filter(|&(_, s)| s == m)
            .count();
        egui::Grid::new("magic-play-stats")
            .num_columns(2)
            .show(ui, |ui| {
                ui.label(format!("lines adding up to {m}"))
                    .on_hover_text("Rows, columns and the two diagonals");
                ui.label(format!("{good} of {}", 2 * n + 2));
                ui.end_row();
                ui.label("fitness").on_hover_text(
                    "The magic-square GA notebook's fitness: each line's distance from the constant, added up; 0 is magic",
                );
                ui.label(fitness(n, &self.cells).to_string());
                ui.end_row();
                ui.label("swaps made");
                ui.label(self.done.len().to_string());
                ui.end_row();
                ui.label("locked cells");
                ui.label(self.locked.iter().filter(|l| **l).count().to_string());
                ui.end_row();
            });
        if self.is_magic(n) {
            outcome_label(
                ui,
                &format!("Magic: every row, column and diagonal adds up to {m}, checked."),
                true,
            );
        }
        if let Some(s) = &self.said {
            outcome_label(ui, s, false);
        }
        ui.separator();
        // A hint is announced when it comes, and scrolled into sight.
        crate::app::widgets::figures::hint_region(ui, self.hint.is_some(), |ui| match &self.hint {
            None => {
                ui.label(
                    RichText::new("Ask for a hint on the left: the solvers look at your square.")
                        .weak(),
                );
            }
            Some(Hint::Failed(e)) => outcome_label(ui, e, false),
            Some(Hint::BestSwap(None)) => {
                ui.label("Unlock at least two cells: a swap needs two.");
            }
            Some(Hint::BestSwap(Some(s))) if s.before == 0 => {
                ui.label("The square is magic already: any swap would put a line's sum off.");
            }
            Some(Hint::BestSwap(Some(s))) => {
                let (a, b) = (cell_name(n, s.a), cell_name(n, s.b));
                let (va, vb) = (self.cells[s.a], self.cells[s.b]);
                if s.after < s.before {
                    ui.label(format!(
                        "Swap {va} ({a}) and {vb} ({b}), outlined: the fitness goes from {} to {}, the most any one swap lowers it.",
                        s.before, s.after
                    ));
                } else {
                    ui.label(format!(
                        "No swap lowers the fitness ({}): the best, {va} ({a}) with {vb} ({b}), gives {}. One swap at a time is stuck here, a local minimum: a hill climber would need two swaps, or a restart.",
                        s.before, s.after
                    ));
                }
            }
            Some(Hint::Count(h)) => count_text(ui, n, h),
        });
    }

    /// The square with its sums and the play marks; a click picks or swaps, a right-click
    /// locks.
    pub fn main_ui(&mut self, ui: &mut Ui, n: usize) {
        if n > MAX_PLAY_ORDER {
            ui.label(format!(
                "Play mode takes squares of order up to {MAX_PLAY_ORDER}."
            ));
            return;
        }
        if self.cells.len() != n * n {
            return;
        }
        let pair = match &self.hint {
            Some(Hint::BestSwap(Some(s))) => Some((s.a, s.b)),
            _ => None,
        };
        let marks = PlayMarks {
            selected: self.selected,
            locked: &self.locked,
            pair,
        };
        let out = magic_grid_with(ui, n, &self.cells, true, Some(marks));
        crate::app::export::register(ui.ctx(), "square", out.area);
        if let Some(i) = out.clicked {
            self.click(i);
        }
        if let Some(i) = out.secondary {
            self.toggle_lock(i);
        }
    }
}

/// What the count hint found.
fn count_text(ui: &mut Ui, n: usize, h: &MagicCountHint) {
    let locked = h.fixed.iter().flatten().count();
    let keeping = match locked {
        0 => "with nothing locked".to_string(),
        1 => "keeping your locked cell".to_string(),
        k => format!("keeping your {k} locked cells"),
    };
    if !h.complete {
        outcome_label(
            ui,
            &format!(
                "Cut short ({}): at least {} magic squares {keeping}.",
                h.stop.describe(),
                h.squares
            ),
            false,
        );
        return;
    }
    match h.squares {
        0 => {
            ui.label(format!(
                "0 magic squares of order {n} {keeping} (counted exactly, {} values tried).",
                h.nodes
            ));
            if locked > 0 {
                outcome_label(
                    ui,
                    "Dead end: no magic square keeps these cells. Unlock one and ask again.",
                    false,
                );
            }
        }
        k => {
            let (s, reach) = if k == 1 {
                ("", "it")
            } else {
                ("s", "any of them")
            };
            ui.label(format!(
                "{k} magic square{s} of order {n} {keeping} (counted exactly, {} values tried): swapping the unlocked cells can reach {reach}.",
                h.nodes
            ));
        }
    }
}

/// Cell `i` of an order-`n` square by its row and column, counted from 1.
fn cell_name(n: usize, i: usize) -> String {
    let n = n.max(1);
    format!("row {}, column {}", i / n + 1, i % n + 1)
}

impl crate::app::play::Undo for MagicPlay {
    fn undo(&mut self) -> bool {
        MagicPlay::undo(self)
    }

    fn redo(&mut self) -> bool {
        MagicPlay::redo(self)
    }
}

impl crate::app::play::Game for MagicPlay {
    /// Reads the count hint's thread.
    fn logic(&mut self, _ctx: &egui::Context) {
        if self.counting.is_none() {
            return;
        }
        let fixed = self.fixed();
        crate::app::play::poll_count(
            &mut self.counting,
            &mut self.hint,
            |h| h.fixed == fixed,
            Hint::Count,
            Hint::Failed,
        );
    }

    /// Whether the player asked to put the square in Compare (asked once).
    fn take_compare_request(&mut self) -> bool {
        std::mem::take(&mut self.to_compare)
    }

    fn hints_asked(&self) -> &[crate::app::play::HintKind] {
        &self.asked
    }
}

/// The count hint of a square's locked cells, as background work.
#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) struct CountTask {
    n: usize,
    fixed: Vec<Option<u32>>,
}

impl Task for CountTask {
    type Output = Result<MagicCountHint, JobError>;
    const NAME: &'static str = "magic-count-hint";

    fn run(self, send: &(dyn Fn(Self::Output) + Sync), work: &Work) {
        let (n, fixed) = (self.n, &self.fixed);
        send(play::magic_count_hint(
            n,
            fixed,
            MAGIC_COUNT_TIME,
            &work.cancel,
        ));
    }
}
