//! Play mode on the Knight's Tour tab: the student moves the knight, square by square,
//! and asks the solvers for hints about the position on the board: Warnsdorff's choice,
//! how many tours go on through each square (and a proof when none does), or the rest of
//! the tour.

use super::play_text::{counts_text, save_moves, warnsdorff_text};
use crate::app::background::{Background, Task, Work};
use crate::app::derived::ForContext;
use crate::app::widgets::board::{BoardView, Heat, board as draw_board, short_count};
use crate::puzzle::knight::{Board, Square};
use crate::run::JobError;
use crate::run::play::knight::{
    self as play, CountHint, Finished, Finisher, MAX_COUNT_HINT_SQUARES, onward_degrees,
};
use egui::{RichText, Ui};
use std::time::Duration;

/// How long the count hint may count, in all.
pub const COUNT_HINT_TIME: Duration = Duration::from_secs(10);
/// How long "finish it for me" may search.
pub const FINISH_TIME: Duration = Duration::from_secs(20);
/// Squares per second of a finish being drawn.
const FINISH_SPEED: f32 = 12.0;

/// The hint on show, about the path it was asked for.
enum Hint {
    Warnsdorff(Vec<(Square, u32)>),
    Counts(CountHint),
    Failed(String),
}

/// The game: the player's path, what was undone, the hint on show, and the work the
/// hints run in the background.
#[derive(Default)]
pub struct KnightPlay {
    path: Vec<Square>,
    /// Squares undone, the most recent last: redo puts them back.
    undone: Vec<Square>,
    /// The hint on show, with the path it is about: a move, an undo or a finish drawn in
    /// makes it unreadable (see [`ForContext`]).
    hint: ForContext<Vec<Square>, Hint>,
    counting: Option<Background<Result<CountHint, JobError>>>,
    finishing: Option<Background<Result<Finished, JobError>>>,
    finisher: Option<Finisher>,
    /// A finish being drawn: the walk, and the squares of it not on the board yet.
    drawing: Option<(Finished, f32)>,
    /// The last thing said about the game: a refused click, a finish's outcome.
    said: Option<(String, bool)>,
    /// The board, start and goal the path was played for: a change of any restarts.
    played_for: Option<(u32, u32, Square, bool)>,
    /// The player asked to put the finished tour beside the algorithms in Compare.
    to_compare: bool,
    /// Every hint asked, oldest first (never cleared: an assignment counts them).
    asked: Vec<crate::app::play::HintKind>,
}

impl KnightPlay {
    /// The player's path, from the start square.
    pub fn path(&self) -> &[Square] {
        &self.path
    }

    /// Where the knight can move next, in the order of the keys 1–8.
    pub fn moves(&self, board: &Board) -> Vec<Square> {
        if self.drawing.is_some() || self.is_done(board, false) {
            return Vec::new();
        }
        onward_degrees(board, &self.path)
            .into_iter()
            .map(|m| m.0)
            .collect()
    }

    /// Whether the path visits every square (and, for a closed goal, ends a knight's move
    /// from the start): checked by `puzzle/`.
    pub fn is_done(&self, board: &Board, closed: bool) -> bool {
        self.path.len() == board.len() && board.validate_tour(&self.path, closed).is_ok()
    }

    /// Starts again from `start` when the board, the start or the goal changed.
    fn follow(&mut self, board: &Board, start: Square, closed: bool) {
        let key = (board.cols(), board.rows(), start, closed);
        if self.played_for != Some(key) || self.path.first() != Some(&start) {
            self.played_for = Some(key);
            self.restart(start);
        }
    }

    /// The squares of the game put aside, when it was played on this board from `start`
    /// for this goal (0 otherwise: a game for another board is not this one's).
    pub fn kept(&self, board: &Board, start: Square, closed: bool) -> usize {
        let key = (board.cols(), board.rows(), start, closed);
        if self.played_for == Some(key) && self.path.first() == Some(&start) {
            self.path.len()
        } else {
            0
        }
    }

    /// Back to the start square alone.
    pub fn restart(&mut self, start: Square) {
        self.stop_work();
        self.path = vec![start];
        self.undone.clear();
        self.hint.clear();
        self.said = None;
    }

    /// Stops the hints' threads (at their next check) and a finish being drawn.
    fn stop_work(&mut self) {
        self.cancel_hints();
        self.drawing = None;
    }

    fn cancel_hints(&mut self) {
        if let Some(b) = self.counting.take() {
            b.cancel();
        }
        if let Some(b) = self.finishing.take() {
            b.cancel();
        }
    }

    /// Moves the knight to `sq` if it may go there; otherwise says why not.
    pub fn try_move(&mut self, board: &Board, sq: Square) -> bool {
        if self.drawing.is_some() || self.finishing.is_some() {
            return false;
        }
        let Some(&at) = self.path.last() else {
            return false;
        };
        let name = board.name(sq);
        if self.path.contains(&sq) {
            self.said = Some((format!("{name} is visited already"), false));
            return false;
        }
        if !board.is_knight_move(at, sq) {
            self.said = Some((
                format!(
                    "{name} is not a knight's move from {}: try a ringed square",
                    board.name(at)
                ),
                false,
            ));
            return false;
        }
        self.path.push(sq);
        // Redo goes on only along the same line.
        if self.undone.last() == Some(&sq) {
            self.undone.pop();
        } else {
            self.undone.clear();
        }
        self.moved();
        true
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> bool {
        if self.path.len() < 2 || self.drawing.is_some() {
            return false;
        }
        if let Some(sq) = self.path.pop() {
            self.undone.push(sq);
        }
        self.moved();
        true
    }

    /// Makes the last move undone again.
    pub fn redo(&mut self) -> bool {
        if self.drawing.is_some() {
            return false;
        }
        match self.undone.pop() {
            Some(sq) => {
                self.path.push(sq);
                self.moved();
                true
            }
            None => false,
        }
    }

    /// After the path changed: the hints were about the old one.
    fn moved(&mut self) {
        self.cancel_hints();
        self.said = None;
    }

    /// Asks for the count hint, in the background.
    fn ask_counts(&mut self, ctx: &egui::Context, board: &Board, closed: bool) {
        self.asked.push(crate::run::play::knight::COUNT_TOURS);
        self.hint.clear();
        let task = CountTask::new(board.clone(), self.path.clone(), closed);
        self.counting = Some(Background::task(ctx, task));
    }

    /// Asks `finisher` for the rest of the tour, in the background.
    fn ask_finish(&mut self, ctx: &egui::Context, board: &Board, closed: bool, finisher: Finisher) {
        self.asked.push(crate::run::play::knight::FINISH_FOR_ME);
        self.said = None;
        let task = FinishTask {
            board: board.clone(),
            path: self.path.clone(),
            closed,
            finisher,
        };
        self.finishing = Some(Background::task(ctx, task));
    }

    /// The finished tour's actions: to Compare, or saved as a move list.
    fn tour_ui(&mut self, ui: &mut Ui, board: &Board, closed: bool) {
        ui.add_space(4.0);
        ui.label(RichText::new("Your tour").strong());
        ui.horizontal_wrapped(|ui| {
            if ui
                .button("Put it in Compare")
                .on_hover_text("Show your tour beside the algorithms' on the Compare tab, on the same board and start; Run all there adds the algorithms")
                .clicked()
            {
                self.to_compare = true;
            }
            if ui
                .button("Save the move list")
                .on_hover_text("Write your tour in chess notation, as text (1. a8-b6 …) and as CSV, to the runs folder")
                .clicked()
            {
                self.said = Some(save_moves(ui.ctx(), board, &self.path, closed));
            }
        });
    }

    /// Whether work for a hint is running.
    pub fn busy(&self) -> bool {
        self.counting.is_some() || self.finishing.is_some() || self.drawing.is_some()
    }

    /// The keys of play mode: 1–8 move to the ringed square with that number.
    fn keys(&mut self, ui: &Ui, board: &Board) {
        if crate::app::widgets::cursor::keys_taken(ui.ctx()) {
            return;
        }
        let moves = self.moves(board);
        for (i, key) in crate::app::play::DIGIT_KEYS.into_iter().enumerate() {
            if ui.input_mut(|inp| inp.consume_key(egui::Modifiers::NONE, key))
                && let Some(&sq) = moves.get(i)
            {
                self.try_move(board, sq);
            }
        }
        if ui.input_mut(|inp| inp.consume_key(egui::Modifiers::COMMAND, egui::Key::Z)) {
            self.undo();
        }
        if ui.input_mut(|inp| inp.consume_key(egui::Modifiers::COMMAND, egui::Key::Y)) {
            self.redo();
        }
    }

    /// The play panel under the algorithm picker: how to play, undo/redo/restart, hints.
    pub fn controls_ui(&mut self, ui: &mut Ui, board: &Board, start: Square, closed: bool) {
        self.follow(board, start, closed);
        let goal = if closed {
            "Visit every square once and end a knight's move from the start (a closed tour)."
        } else {
            "Visit every square once (an open tour)."
        };
        ui.label(format!(
            "Your turn: click a ringed square, or press its number, to move the knight. {goal} Before the first move, click any other square to start there."
        ));
        self.move_buttons(ui, start);
        ui.add_space(4.0);
        ui.label(RichText::new("Hints").strong());
        let ended = self.path.len() == board.len() || self.moves(board).is_empty();
        self.hint_buttons(ui, board, closed, ended);
        self.finish_row(ui, board, closed, ended);
        if self.is_done(board, closed) && !self.busy() {
            self.tour_ui(ui, board, closed);
        }
        if self.counting.is_some() || self.finishing.is_some() {
            let what = if self.counting.is_some() {
                "Counting the tours…"
            } else {
                "Looking for the rest of the tour…"
            };
            if crate::app::play::busy_row(ui, what) {
                self.stop_work();
            }
        }
    }

    /// Undo, Redo and Restart.
    fn move_buttons(&mut self, ui: &mut Ui, start: Square) {
        ui.horizontal_wrapped(|ui| {
            let idle = self.drawing.is_none();
            if ui
                .add_enabled(idle && self.path.len() > 1, egui::Button::new("⟲ Undo"))
                .on_hover_text("Take back the last move (← or Ctrl+Z)")
                .on_disabled_hover_text("Nothing to take back: the knight is on its start square")
                .clicked()
            {
                self.undo();
            }
            if ui
                .add_enabled(idle && !self.undone.is_empty(), egui::Button::new("Redo ⟳"))
                .on_hover_text("Make the move taken back again (→ or Ctrl+Y)")
                .on_disabled_hover_text("No move taken back to make again")
                .clicked()
            {
                self.redo();
            }
            if ui
                .add_enabled(
                    self.path.len() > 1 || self.busy(),
                    egui::Button::new("Restart"),
                )
                .on_hover_text(
                    "Back to the start square alone (click a square then to start there)",
                )
                .clicked()
            {
                self.restart(start);
            }
        });
    }

    /// The hints that look one move ahead: Warnsdorff's choice and the count of tours
    /// (`ended`: no move is left).
    fn hint_buttons(&mut self, ui: &mut Ui, board: &Board, closed: bool, ended: bool) {
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(!ended && !self.busy(), egui::Button::new("Warnsdorff's choice"))
                .on_hover_text("Where Warnsdorff's rule would go: the square with the fewest onward moves")
                .on_disabled_hover_text("No move left to choose from")
                .clicked()
            {
                self.asked.push(crate::run::play::knight::WARNSDORFF_CHOICE);
                self.hint.set(
                    self.path.clone(),
                    Hint::Warnsdorff(onward_degrees(board, &self.path)),
                );
            }
            let too_big = board.len() > MAX_COUNT_HINT_SQUARES;
            let why_not = if too_big {
                format!(
                    "Counting is offered on boards of up to {MAX_COUNT_HINT_SQUARES} squares (8×8); on larger ones a count can take hours"
                )
            } else {
                "No move left to count".to_string()
            };
            if ui
                .add_enabled(!ended && !too_big && !self.busy(), egui::Button::new("Count the tours"))
                .on_hover_text(format!(
                    "How many tours go on through each square you can move to, counted exactly (at most {} s), and a proof when none does",
                    COUNT_HINT_TIME.as_secs()
                ))
                .on_disabled_hover_text(why_not)
                .clicked()
            {
                self.ask_counts(ui.ctx(), board, closed);
            }
        });
    }

    /// The finisher picker and "Finish it for me" (`ended`: no move is left).
    fn finish_row(&mut self, ui: &mut Ui, board: &Board, closed: bool, ended: bool) {
        ui.horizontal_wrapped(|ui| {
            let finisher = self
                .finisher
                .unwrap_or(if board.len() <= MAX_COUNT_HINT_SQUARES {
                    Finisher::Backtracking
                } else {
                    Finisher::Warnsdorff
                });
            let mut chosen = finisher;
            egui::ComboBox::from_id_salt("finisher")
                .selected_text(chosen.name())
                .show_ui(ui, |ui| {
                    for f in Finisher::ALL {
                        ui.selectable_value(&mut chosen, f, f.name())
                            .on_hover_text(f.help());
                    }
                })
                .response
                .on_hover_text(chosen.help());
            if chosen != finisher {
                self.finisher = Some(chosen);
            }
            if ui
                .add_enabled(
                    !ended && !self.busy(),
                    egui::Button::new("Finish it for me"),
                )
                .on_hover_text(format!(
                    "{} plays the rest of the tour from where you are (at most {} s), move by move",
                    chosen.name(),
                    FINISH_TIME.as_secs()
                ))
                .on_disabled_hover_text("The tour has ended: undo or restart to play on")
                .clicked()
            {
                self.ask_finish(ui.ctx(), board, closed, chosen);
            }
        });
    }

    /// The right-hand panel: how far the player got, and the hint or the last word.
    pub fn stats_ui(&self, ui: &mut Ui, board: &Board, closed: bool) {
        let n = board.len();
        ui.label(format!("Your path: {} of {n} squares", self.path.len()));
        if let Some(&at) = self.path.last() {
            ui.label(format!("The knight is on {}", board.name(at)));
        }
        if self.is_done(board, closed) {
            let kind = if closed { "closed tour" } else { "tour" };
            crate::app::widgets::figures::outcome_label(
                ui,
                &format!("Done: a complete {kind} of {n} squares, checked."),
                true,
            );
        } else if self.path.len() == n {
            crate::app::widgets::figures::outcome_label(
                ui,
                &format!(
                    "Every square is visited, but {} is not a knight's move from the start {}: not a closed tour. Undo and try another ending.",
                    board.name(self.path[n - 1]),
                    board.name(self.path[0])
                ),
                false,
            );
        } else if self.drawing.is_none() && self.moves(board).is_empty() {
            crate::app::widgets::figures::outcome_label(
                ui,
                &format!(
                    "Stuck: the knight has no unvisited square to move to, and {} squares are left. Undo, or restart.",
                    n - self.path.len()
                ),
                false,
            );
        }
        if let Some((text, good)) = &self.said {
            crate::app::widgets::figures::outcome_label(ui, text, *good);
        }
        ui.separator();
        // A hint is announced when it comes, and scrolled into sight.
        crate::app::widgets::figures::hint_region(ui, self.hint.get(&self.path).is_some(), |ui| {
            match self.hint.get(&self.path) {
                None => {
                    ui.label(
                        RichText::new(
                            "Ask for a hint on the left: the solvers look at your position.",
                        )
                        .weak(),
                    );
                }
                Some(Hint::Failed(e)) => {
                    crate::app::widgets::figures::outcome_label(ui, e, false);
                }
                Some(Hint::Warnsdorff(moves)) => warnsdorff_text(ui, board, &self.path, moves),
                Some(Hint::Counts(hint)) => counts_text(ui, board, hint),
            }
        });
    }

    /// The board: the path, the ringed moves, and the hint's marks. Returns a square to
    /// start from instead, when one is clicked before the first move.
    pub fn main_ui(
        &mut self,
        ui: &mut Ui,
        board: &Board,
        start: Square,
        closed: bool,
    ) -> Option<Square> {
        self.follow(board, start, closed);
        self.keys(ui, board);
        let moves = self.moves(board);
        let values: Option<Vec<f64>> = match self.hint.get(&self.path) {
            Some(Hint::Counts(h)) => {
                let mut v = vec![f64::NAN; board.len()];
                for t in &h.through {
                    v[t.square as usize] = if t.complete { t.tours as f64 } else { f64::NAN };
                }
                // No square counted to the end: no colours, so no colour scale either
                // (the figures say why).
                v.iter().any(|x| !x.is_nan()).then_some(v)
            }
            _ => None,
        };
        let whole = |v: f64| format!("{v:.0}");
        let tours = |v: f64| {
            let n = v.round() as u64;
            format!(
                "{n} tour{} go on through this square",
                if n == 1 { "" } else { "s" }
            )
        };
        let heat = values.as_ref().map(|values| Heat {
            values,
            caption: "tours that go on through the square",
            exact: &whole,
            short: &short_count,
            tell: &tours,
            missing: "not a move, or its count was cut short",
        });
        let view = BoardView {
            board,
            start: Some(start),
            path: &self.path,
            shown: self.path.len(),
            closed: closed && self.is_done(board, true),
            degrees: matches!(self.hint.get(&self.path), Some(Hint::Warnsdorff(_))),
            heat,
            legend: true,
            construction: None,
            taken_back: &[],
            stepping: false,
            guessing: false,
            moves: Some(&moves),
        };
        let out = draw_board(ui, &view);
        crate::app::export::register(ui.ctx(), "board", out.area);
        match out.clicked {
            // Before the first move, a click on a square that is not a move picks the start.
            Some(sq) if self.path.len() == 1 && !moves.contains(&sq) && sq != start => Some(sq),
            Some(sq) => {
                self.try_move(board, sq);
                None
            }
            None => None,
        }
    }
}

impl crate::app::play::Undo for KnightPlay {
    fn undo(&mut self) -> bool {
        KnightPlay::undo(self)
    }

    fn redo(&mut self) -> bool {
        KnightPlay::redo(self)
    }
}

impl crate::app::play::Game for KnightPlay {
    /// Reads what the hints' threads sent, and draws a finish on, square by square.
    fn logic(&mut self, ctx: &egui::Context) {
        if let Some(b) = &self.counting {
            for result in b.take() {
                match result {
                    Ok(hint) if hint.path == self.path => {
                        self.hint.set(hint.path.clone(), Hint::Counts(hint));
                    }
                    Ok(_) => {}
                    Err(e) => self
                        .hint
                        .set(self.path.clone(), Hint::Failed(e.to_string())),
                }
            }
            if b.has_ended() {
                if let Some(why) = b.refused() {
                    self.hint.set(self.path.clone(), Hint::Failed(why));
                }
                self.counting = None;
            }
        }
        if let Some(b) = &self.finishing {
            for result in b.take() {
                match result {
                    Ok(f) if f.path.starts_with(&self.path) => {
                        self.drawing = Some((f, 0.0));
                    }
                    Ok(_) => {}
                    Err(e) => self.said = Some((e.to_string(), false)),
                }
            }
            if b.has_ended() {
                if let Some(why) = b.refused() {
                    self.said = Some((why, false));
                }
                self.finishing = None;
            }
        }
        if let Some((f, carry)) = &mut self.drawing {
            let dt = ctx.input(|i| i.stable_dt).min(0.1);
            *carry += dt * FINISH_SPEED;
            while *carry >= 1.0 && self.path.len() < f.path.len() {
                *carry -= 1.0;
                self.path.push(f.path[self.path.len()]);
            }
            if self.path.len() >= f.path.len() {
                self.said = Some((f.message.clone(), f.found));
                self.undone.clear();
                self.drawing = None;
            } else {
                ctx.request_repaint();
            }
        }
    }

    /// Whether the player asked to put the finished tour in Compare (asked once).
    fn take_compare_request(&mut self) -> bool {
        std::mem::take(&mut self.to_compare)
    }

    fn hints_asked(&self) -> &[crate::app::play::HintKind] {
        &self.asked
    }
}

/// The count hint of a path, as background work.
#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) struct CountTask {
    board: Board,
    path: Vec<Square>,
    closed: bool,
}

impl CountTask {
    /// The count hint of `path` on `board`.
    pub(crate) fn new(board: Board, path: Vec<Square>, closed: bool) -> CountTask {
        CountTask {
            board,
            path,
            closed,
        }
    }
}

impl Task for CountTask {
    type Output = Result<CountHint, JobError>;
    const NAME: &'static str = "knight-count-hint";

    fn run(self, send: &(dyn Fn(Self::Output) + Sync), work: &Work) {
        let (board, path) = (&self.board, &self.path);
        send(play::count_hint(
            board,
            path,
            self.closed,
            COUNT_HINT_TIME,
            &work.cancel,
        ));
    }
}

/// The rest of a player's tour, as background work.
#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) struct FinishTask {
    board: Board,
    path: Vec<Square>,
    closed: bool,
    finisher: Finisher,
}

impl Task for FinishTask {
    type Output = Result<Finished, JobError>;
    const NAME: &'static str = "knight-finish";

    fn run(self, send: &(dyn Fn(Self::Output) + Sync), work: &Work) {
        let (board, path) = (&self.board, &self.path);
        let (closed, finisher) = (self.closed, self.finisher);
        send(play::finish(
            board,
            path,
            closed,
            finisher,
            FINISH_TIME,
            &work.cancel,
        ));
    }
}
