//! Play mode on the Magic squares tab: the student swaps cells (two clicks, or a typed
//! number), locks the cells they want to keep, watches every line's sum, and asks for
//! hints: the swap that lowers the fitness the most, and how many magic squares keep the
//! locked cells.

use crate::app::background::{Task, Work};
use crate::app::play::{Play, Rules};
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

/// A hint's answer, about the square it was asked for.
pub enum Hint {
    /// The swap that lowers the fitness the most (`None`: fewer than two free cells).
    BestSwap(Option<Swap>),
    /// The magic squares that keep the locked cells, counted.
    Count(MagicCountHint),
}

/// A square being played: its cells, row-major (always a permutation of 1..=n²), and
/// which are locked.
#[derive(Default)]
pub struct Square {
    cells: Vec<u32>,
    locked: Vec<bool>,
}

/// The magic-square game's rules: a move swaps two cells; and what the game keeps of its
/// own: the cell picked for a swap, the number typed for it, the shuffles dealt.
#[derive(Default)]
pub struct MagicRules {
    selected: Option<usize>,
    /// The number typed for the picked cell.
    typed: String,
    /// Shuffles dealt so far (each from the next seed).
    deals: u64,
}

impl Rules for MagicRules {
    type Position = Square;
    /// Two cells to swap.
    type Move = (usize, usize);
    type Hint = Hint;
    type Count = MagicCountHint;
    const MOVE: &'static str = "swap";
    const LOOKED_AT: &'static str = "square";

    fn apply(at: &mut Square, (a, b): (usize, usize)) -> (usize, usize) {
        if a < at.cells.len() && b < at.cells.len() {
            at.cells.swap(a, b);
        }
        (a, b)
    }

    fn count_hint(count: MagicCountHint) -> Hint {
        Hint::Count(count)
    }

    /// A swap made, taken back or made again leaves no cell picked.
    fn moved(&mut self) {
        self.selected = None;
    }
}

/// The magic-square game.
pub type MagicPlay = Play<MagicRules>;

impl MagicPlay {
    /// The square, row-major.
    pub fn cells(&self) -> &[u32] {
        &self.at.cells
    }

    /// Which cells are locked.
    pub fn locked(&self) -> &[bool] {
        &self.at.locked
    }

    /// Whether the square is magic, checked by `puzzle/`.
    pub fn is_magic(&self, n: usize) -> bool {
        self.at.cells.len() == n * n && validate(n, &self.at.cells).is_ok()
    }

    /// Whether a count is running.
    pub fn busy(&self) -> bool {
        self.counting()
    }

    /// Fits the square to order `n`: a new order deals a new square.
    fn follow(&mut self, n: usize, seed: u64) {
        if self.at.cells.len() != n * n {
            self.deal(n, seed);
        }
    }

    /// A new square: the numbers 1 to n² shuffled by `seed` and the deals before it.
    pub fn deal(&mut self, n: usize, seed: u64) {
        let cells = shuffled(n, seed.wrapping_add(self.own.deals));
        self.own.deals += 1;
        self.start_from_cells(cells);
    }

    /// Plays on from `cells` (a permutation of 1..=n²), nothing locked.
    pub fn start_from_cells(&mut self, cells: Vec<u32>) {
        let locked = vec![false; cells.len()];
        self.start_from(Square { cells, locked });
    }

    /// A click on cell `i`: picks it, or swaps it with the cell picked before.
    pub fn click(&mut self, i: usize) {
        if i >= self.at.cells.len() {
            return;
        }
        if self.at.locked[i] {
            let cell = cell_name(self.order(), i);
            let why = format!("{cell} is locked: right-click it (or use Unlock) to move it again");
            return self.say(why, false);
        }
        match self.own.selected {
            None => {
                self.own.selected = Some(i);
                self.say_nothing();
            }
            Some(j) if j == i => self.own.selected = None,
            Some(j) => {
                self.swap(j, i);
                self.own.selected = None;
            }
        }
    }

    /// Swaps two unlocked cells, as a move that can be undone.
    pub fn swap(&mut self, a: usize, b: usize) -> bool {
        let free = |i: usize| self.at.locked.get(i) == Some(&false);
        if a == b || !free(a) || !free(b) {
            return false;
        }
        self.make((a, b));
        true
    }

    /// Puts `value` in the picked cell, by swapping it with the cell that holds it.
    pub fn put(&mut self, value: u32) {
        let n = self.order();
        let Some(i) = self.own.selected else {
            let why = "Pick a cell first, then type the number it should hold".into();
            return self.say(why, false);
        };
        let Some(j) = self.at.cells.iter().position(|&v| v == value) else {
            let why = format!("{value} is not in the square: it holds 1 to {}", n * n);
            return self.say(why, false);
        };
        if self.at.locked[j] {
            let cell = cell_name(n, j);
            let why = format!("{value} is in {cell}, which is locked: unlock it first");
            return self.say(why, false);
        }
        if i != j {
            self.swap(i, j);
        }
        self.own.selected = None;
    }

    /// Locks or unlocks cell `i`.
    pub fn toggle_lock(&mut self, i: usize) {
        if let Some(l) = self.at.locked.get_mut(i) {
            *l = !*l;
            if self.own.selected == Some(i) {
                self.own.selected = None;
            }
            self.changed();
        }
    }

    fn order(&self) -> usize {
        (self.at.cells.len() as f64).sqrt().round() as usize
    }

    /// The locked cells' values (`None`: free).
    fn fixed(&self) -> Vec<Option<u32>> {
        (self.at.cells.iter().zip(&self.at.locked))
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
        if self.is_magic(n) {
            self.compare_button(ui, "Show your magic square beside the algorithms' on the Compare tab, for the same order; Run all there adds the algorithms");
        }
        self.count_row(ui, "Counting the magic squares…");
    }

    /// Undo, Redo, Shuffle, and taking the square on show.
    fn move_buttons(&mut self, ui: &mut Ui, n: usize, seed: u64, on_show: Option<&[u32]>) {
        ui.horizontal_wrapped(|ui| {
            self.undo_buttons(ui);
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
                self.start_from_cells(s.to_vec());
            }
        });
    }

    /// The number typed for the picked cell, and its lock.
    fn number_field(&mut self, ui: &mut Ui, n: usize) {
        ui.horizontal_wrapped(|ui| {
            let picked = self.own.selected;
            let label = ui.label("Number for the picked cell:");
            let field = ui.add_enabled(
                picked.is_some(),
                egui::TextEdit::singleline(&mut self.own.typed).desired_width(40.0),
            );
            let field = field.labelled_by(label.id);
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            let put = ui
                .add_enabled(picked.is_some(), egui::Button::new("Put"))
                .on_disabled_hover_text("Pick a cell first");
            if entered || put.clicked() {
                let typed = std::mem::take(&mut self.own.typed);
                match typed.trim().parse::<u32>() {
                    Ok(v) => self.put(v),
                    Err(_) => {
                        let typed = typed.trim();
                        let why = format!("\"{typed}\" is not a whole number from 1 to {}", n * n);
                        self.say(why, false);
                    }
                }
            }
        });
        if let Some(i) = self.own.selected {
            let lock = if self.at.locked[i] { "Unlock" } else { "Lock" };
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
                let best = Hint::BestSwap(best_swap(n, &self.at.cells, &self.at.locked));
                self.show(crate::run::play::magic::BEST_SWAP, best);
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
                let task = CountTask {
                    n,
                    fixed: self.fixed(),
                };
                self.count(ui.ctx(), crate::run::play::magic::COUNT_MAGIC_SQUARES, task);
            }
        });
    }

    /// The right-hand panel: the fitness, the lines that add up, the verdict, the hint.
    pub fn stats_ui(&self, ui: &mut Ui, n: usize) {
        if n > MAX_PLAY_ORDER || self.at.cells.len() != n * n {
            return;
        }
        let m = magic_constant(n);
        let good = line_sums(n, &self.at.cells)
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
                ui.label(fitness(n, &self.at.cells).to_string());
                ui.end_row();
                ui.label("swaps made");
                ui.label(self.moves_made().to_string());
                ui.end_row();
                ui.label("locked cells");
                ui.label(self.at.locked.iter().filter(|l| **l).count().to_string());
                ui.end_row();
            });
        if self.is_magic(n) {
            outcome_label(
                ui,
                &format!("Magic: every row, column and diagonal adds up to {m}, checked."),
                true,
            );
        }
        self.hint_panel(ui, |ui, hint| match hint {
            Hint::BestSwap(None) => {
                ui.label("Unlock at least two cells: a swap needs two.");
            }
            Hint::BestSwap(Some(s)) if s.before == 0 => {
                ui.label("The square is magic already: any swap would put a line's sum off.");
            }
            Hint::BestSwap(Some(s)) => {
                let (a, b) = (cell_name(n, s.a), cell_name(n, s.b));
                let (va, vb) = (self.at.cells[s.a], self.at.cells[s.b]);
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
            Hint::Count(h) => count_text(ui, n, h),
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
        if self.at.cells.len() != n * n {
            return;
        }
        self.keys(ui);
        let pair = match self.hint() {
            Some(Hint::BestSwap(Some(s))) => Some((s.a, s.b)),
            _ => None,
        };
        let marks = PlayMarks {
            selected: self.own.selected,
            locked: &self.at.locked,
            pair,
        };
        let out = magic_grid_with(ui, n, &self.at.cells, true, Some(marks));
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
