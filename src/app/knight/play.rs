//! Play mode on the Knight's Tour tab: the student moves the knight, square by square,
//! and asks the solvers for hints about the position on the board: Warnsdorff's choice,
//! how many tours go on through each square (and a proof when none does), or the rest of
//! the tour.

use super::play_text::{counts_text, save_moves, warnsdorff_text};
use crate::app::background::{Background, Task, Work};
use crate::app::play::{Play, Rules};
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

/// A hint's answer, about the path it was asked for.
pub enum Hint {
    /// Warnsdorff's choice: each move with its onward moves.
    Warnsdorff(Vec<(Square, u32)>),
    /// The tours that go on through each move, counted.
    Counts(CountHint),
}

/// A knight's move, or one taken back.
#[derive(Clone, Copy, PartialEq)]
pub enum Step {
    /// The knight goes on to a square.
    To(Square),
    /// The knight goes back a square.
    Back,
}

/// The Knight's Tour game's rules: the position is the knight's path from its start, a
/// move goes on to a square or back one; and what the game keeps of its own: the finish
/// asked for and the one being drawn in, the board the game is played on.
#[derive(Default)]
pub struct KnightRules {
    finishing: Option<Background<Result<Finished, JobError>>>,
    finisher: Option<Finisher>,
    /// A finish being drawn: the walk, and the squares of it not on the board yet.
    drawing: Option<(Finished, f32)>,
    /// The board, start and goal the path was played for: a change of any restarts.
    played_for: Option<(u32, u32, Square, bool)>,
}

impl Rules for KnightRules {
    /// The squares visited, from the start.
    type Position = Vec<Square>;
    type Move = Step;
    type Hint = Hint;
    type Count = CountHint;
    const MOVE: &'static str = "move";
    const LOOKED_AT: &'static str = "position";

    fn apply(path: &mut Vec<Square>, step: Step) -> Step {
        match step {
            Step::To(sq) => {
                path.push(sq);
                Step::Back
            }
            // The start square stays: a move taken back is one made.
            Step::Back if path.len() > 1 => path.pop().map_or(Step::Back, Step::To),
            Step::Back => Step::Back,
        }
    }

    fn count_hint(count: CountHint) -> Hint {
        Hint::Counts(count)
    }

    /// The finish asked for was about the old path.
    fn moved(&mut self) {
        if let Some(b) = self.finishing.take() {
            b.cancel();
        }
    }

    fn idle(&self) -> bool {
        self.drawing.is_none()
    }

    /// Reads the finish's thread, and draws a finish on, square by square.
    fn logic(play: &mut KnightPlay, ctx: &egui::Context) {
        if let Some(b) = &play.own.finishing {
            let (results, ended) = (b.take(), b.has_ended());
            let refused = ended.then(|| b.refused()).flatten();
            if ended {
                play.own.finishing = None;
            }
            for result in results {
                match result {
                    Ok(f) if f.path.starts_with(&play.at) => play.own.drawing = Some((f, 0.0)),
                    Ok(_) => {}
                    Err(e) => play.say(e.to_string(), false),
                }
            }
            if let Some(why) = refused {
                play.say(why, false);
            }
        }
        let Some((f, carry)) = &mut play.own.drawing else {
            return;
        };
        let dt = ctx.input(|i| i.stable_dt).min(0.1);
        *carry += dt * FINISH_SPEED;
        let mut next = Vec::new();
        while *carry >= 1.0 && play.at.len() + next.len() < f.path.len() {
            *carry -= 1.0;
            next.push(f.path[play.at.len() + next.len()]);
        }
        let ended = play.at.len() + next.len() >= f.path.len();
        let said = ended.then(|| (f.message.clone(), f.found));
        for sq in next {
            play.make(Step::To(sq));
        }
        if let Some((message, found)) = said {
            play.own.drawing = None;
            play.say(message, found);
        } else {
            ctx.request_repaint();
        }
    }
}

/// The Knight's Tour game.
pub type KnightPlay = Play<KnightRules>;

impl KnightPlay {
    /// The player's path, from the start square.
    pub fn path(&self) -> &[Square] {
        &self.at
    }

    /// Where the knight can move next, in the order of the keys 1–8.
    pub fn moves(&self, board: &Board) -> Vec<Square> {
        if self.own.drawing.is_some() || self.is_done(board, false) {
            return Vec::new();
        }
        onward_degrees(board, &self.at)
            .into_iter()
            .map(|m| m.0)
            .collect()
    }

    /// Whether the path visits every square (and, for a closed goal, ends a knight's move
    /// from the start): checked by `puzzle/`.
    pub fn is_done(&self, board: &Board, closed: bool) -> bool {
        self.at.len() == board.len() && board.validate_tour(&self.at, closed).is_ok()
    }

    /// Starts again from `start` when the board, the start or the goal changed.
    fn follow(&mut self, board: &Board, start: Square, closed: bool) {
        let key = (board.cols(), board.rows(), start, closed);
        if self.own.played_for != Some(key) || self.at.first() != Some(&start) {
            self.own.played_for = Some(key);
            self.restart(start);
        }
    }

    /// The squares of the game put aside, when it was played on this board from `start`
    /// for this goal (0 otherwise: a game for another board is not this one's).
    pub fn kept(&self, board: &Board, start: Square, closed: bool) -> usize {
        let key = (board.cols(), board.rows(), start, closed);
        if self.own.played_for == Some(key) && self.at.first() == Some(&start) {
            self.at.len()
        } else {
            0
        }
    }

    /// Back to the start square alone; the hints' work and a finish being drawn stop.
    pub fn restart(&mut self, start: Square) {
        self.own.drawing = None;
        self.start_from(vec![start]);
    }

    /// Moves the knight to `sq` if it may go there; otherwise says why not.
    pub fn try_move(&mut self, board: &Board, sq: Square) -> bool {
        if self.own.drawing.is_some() || self.own.finishing.is_some() {
            return false;
        }
        let Some(&at) = self.at.last() else {
            return false;
        };
        let name = board.name(sq);
        if self.at.contains(&sq) {
            self.say(format!("{name} is visited already"), false);
            return false;
        }
        if !board.is_knight_move(at, sq) {
            let from = board.name(at);
            let why = format!("{name} is not a knight's move from {from}: try a ringed square");
            self.say(why, false);
            return false;
        }
        self.make(Step::To(sq));
        true
    }

    /// Asks `finisher` for the rest of the tour, in the background.
    fn ask_finish(&mut self, ctx: &egui::Context, board: &Board, closed: bool, finisher: Finisher) {
        self.note_asked(crate::run::play::knight::FINISH_FOR_ME);
        self.say_nothing();
        let task = FinishTask {
            board: board.clone(),
            path: self.at.clone(),
            closed,
            finisher,
        };
        self.own.finishing = Some(Background::task(ctx, task));
    }

    /// The finished tour's actions: to Compare, or saved as a move list.
    fn tour_ui(&mut self, ui: &mut Ui, board: &Board, closed: bool) {
        ui.add_space(4.0);
        ui.label(RichText::new("Your tour").strong());
        ui.horizontal_wrapped(|ui| {
            self.compare_button(ui, "Show your tour beside the algorithms' on the Compare tab, on the same board and start; Run all there adds the algorithms");
            if ui
                .button("Save the move list")
                .on_hover_text("Write your tour in chess notation, as text (1. a8-b6 …) and as CSV, to the runs folder")
                .clicked()
            {
                let (text, good) = save_moves(ui.ctx(), board, &self.at, closed);
                self.say(text, good);
            }
        });
    }

    /// Whether work for a hint is running.
    pub fn busy(&self) -> bool {
        self.counting() || self.own.finishing.is_some() || self.own.drawing.is_some()
    }

    /// The keys of play mode: 1–8 move to the ringed square with that number.
    fn move_keys(&mut self, ui: &Ui, board: &Board) {
        self.keys(ui);
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
        let ended = self.at.len() == board.len() || self.moves(board).is_empty();
        self.hint_buttons(ui, board, closed, ended);
        self.finish_row(ui, board, closed, ended);
        if self.is_done(board, closed) && !self.busy() {
            self.tour_ui(ui, board, closed);
        }
        self.count_row(ui, "Counting the tours…");
        if self.own.finishing.is_some()
            && crate::app::play::busy_row(ui, "Looking for the rest of the tour…")
        {
            self.own.moved();
        }
    }

    /// Undo, Redo and Restart.
    fn move_buttons(&mut self, ui: &mut Ui, start: Square) {
        ui.horizontal_wrapped(|ui| {
            self.undo_buttons(ui);
            if ui
                .add_enabled(
                    self.at.len() > 1 || self.busy(),
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
                let choice = Hint::Warnsdorff(onward_degrees(board, &self.at));
                self.show(crate::run::play::knight::WARNSDORFF_CHOICE, choice);
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
                let task = CountTask::new(board.clone(), self.at.clone(), closed);
                self.count(ui.ctx(), crate::run::play::knight::COUNT_TOURS, task);
            }
        });
    }

    /// The finisher picker and "Finish it for me" (`ended`: no move is left).
    fn finish_row(&mut self, ui: &mut Ui, board: &Board, closed: bool, ended: bool) {
        ui.horizontal_wrapped(|ui| {
            let finisher =
                (self.own.finisher).unwrap_or(if board.len() <= MAX_COUNT_HINT_SQUARES {
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
                self.own.finisher = Some(chosen);
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
        ui.label(format!("Your path: {} of {n} squares", self.at.len()));
        if let Some(&at) = self.at.last() {
            ui.label(format!("The knight is on {}", board.name(at)));
        }
        if self.is_done(board, closed) {
            let kind = if closed { "closed tour" } else { "tour" };
            crate::app::widgets::figures::outcome_label(
                ui,
                &format!("Done: a complete {kind} of {n} squares, checked."),
                true,
            );
        } else if self.at.len() == n {
            crate::app::widgets::figures::outcome_label(
                ui,
                &format!(
                    "Every square is visited, but {} is not a knight's move from the start {}: not a closed tour. Undo and try another ending.",
                    board.name(self.at[n - 1]),
                    board.name(self.at[0])
                ),
                false,
            );
        } else if self.own.drawing.is_none() && self.moves(board).is_empty() {
            crate::app::widgets::figures::outcome_label(
                ui,
                &format!(
                    "Stuck: the knight has no unvisited square to move to, and {} squares are left. Undo, or restart.",
                    n - self.at.len()
                ),
                false,
            );
        }
        self.hint_panel(ui, |ui, hint| match hint {
            Hint::Warnsdorff(moves) => warnsdorff_text(ui, board, &self.at, moves),
            Hint::Counts(hint) => counts_text(ui, board, hint),
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
        self.move_keys(ui, board);
        let moves = self.moves(board);
        let values: Option<Vec<f64>> = match self.hint() {
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
            path: &self.at,
            shown: self.at.len(),
            closed: closed && self.is_done(board, true),
            degrees: matches!(self.hint(), Some(Hint::Warnsdorff(_))),
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
            Some(sq) if self.at.len() == 1 && !moves.contains(&sq) && sq != start => Some(sq),
            Some(sq) => {
                self.try_move(board, sq);
                None
            }
            None => None,
        }
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
