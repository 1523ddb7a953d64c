//! Play mode, written once: the game ([`Play`]) holds the position, the moves made and
//! taken back (undo and redo on ← and →, Ctrl+Z and Ctrl+Y), the hint on show, the count
//! hint's background work and every hint asked; a puzzle's [`Rules`] say what a
//! position and a move are, and what the puzzle's own hints keep. Also here: the "Play
//! yourself" switch beside the algorithm picker (which it disables), and the rows every
//! game's panel shows (its undo and redo buttons, a hint's work under way, the hint).

use super::background::{Background, Task};
use super::derived::ForContext;
use super::mode::Mode;
use super::runs::Action;
use super::widgets::figures::{hint_region, outcome_label};
use crate::run::JobError;
use egui::{RichText, Ui};

pub use crate::run::play::HintKind;

/// The keys 1–8, which take the choices a board numbers (a knight's moves).
pub const DIGIT_KEYS: [egui::Key; 8] = [
    egui::Key::Num1,
    egui::Key::Num2,
    egui::Key::Num3,
    egui::Key::Num4,
    egui::Key::Num5,
    egui::Key::Num6,
    egui::Key::Num7,
    egui::Key::Num8,
];

/// A puzzle's game as play mode needs it: its position, its moves, its hints' answers,
/// and the puzzle's own state of the game (a finish being drawn, the cell picked). The
/// rest of the game is [`Play`]'s.
pub trait Rules: Default + 'static {
    /// Where the game stands: the knight's path, the queens' rows, the square.
    type Position: Default;
    /// A move, which [`Rules::apply`] makes and which another move takes back.
    type Move: PartialEq;
    /// A hint's answer, about the position it was asked for.
    type Hint;
    /// What the count hint counts in the background.
    type Count: serde::Serialize + serde::de::DeserializeOwned + Send + 'static;
    /// What a move is called on the undo and redo buttons ("move", "swap").
    const MOVE: &'static str;
    /// What the hints look at ("position", "square"), for the panel's first words.
    const LOOKED_AT: &'static str;

    /// Makes `m` on `at`, and returns the move that takes it back.
    fn apply(at: &mut Self::Position, m: Self::Move) -> Self::Move;
    /// The count as the hint on show.
    fn count_hint(count: Self::Count) -> Self::Hint;
    /// After a move made, taken back or made again: the puzzle's own work about the old
    /// position stops.
    fn moved(&mut self) {}
    /// Whether moves may be taken back and made again now (not while a solver's moves
    /// are drawn in).
    fn idle(&self) -> bool {
        true
    }
    /// Reads the puzzle's own background work, once a frame.
    fn logic(_play: &mut Play<Self>, _ctx: &egui::Context) {}
}

/// A count hint's background work.
type Counting<C> = Background<Result<C, JobError>>;

/// The student's game of a puzzle: the position, the moves made (to undo) and taken back
/// (to redo), the hint on show, the count under way, the last word said, and every hint
/// asked.
pub struct Play<R: Rules> {
    /// Where the game stands.
    pub(in crate::app) at: R::Position,
    /// The moves that take back the moves made, the last made last.
    done: Vec<R::Move>,
    /// The moves taken back, the last taken back last: redo makes them again.
    undone: Vec<R::Move>,
    /// Bumped at every change of the position: what was worked out for an older one (a
    /// hint, a drawing) is not shown on this one.
    version: u64,
    /// The hint on show (or why it failed), read only at the version it was asked at.
    hint: ForContext<u64, Result<R::Hint, String>>,
    /// The count hint under way, with the version it counts.
    counting: Option<(u64, Counting<R::Count>)>,
    /// The last thing said about the game (a refused click, a finish's outcome) and
    /// whether it is good news.
    said: Option<(String, bool)>,
    /// The player asked to put the answer beside the algorithms in Compare.
    to_compare: bool,
    /// Every hint asked in this game since the app started, oldest first: a restart or a
    /// new board never takes one back (an assignment counts them).
    asked: Vec<HintKind>,
    /// The puzzle's own state of the game.
    pub(in crate::app) own: R,
}

impl<R: Rules> Default for Play<R> {
    fn default() -> Self {
        Play {
            at: R::Position::default(),
            done: Vec::new(),
            undone: Vec::new(),
            version: 0,
            hint: ForContext::default(),
            counting: None,
            said: None,
            to_compare: false,
            asked: Vec::new(),
            own: R::default(),
        }
    }
}

impl<R: Rules> Play<R> {
    /// Plays afresh from `at`: no move to take back or make again, no hint, no last word.
    pub(in crate::app) fn start_from(&mut self, at: R::Position) {
        self.at = at;
        self.done.clear();
        self.undone.clear();
        self.own.moved();
        self.changed();
    }

    /// Makes `m`, a move the player (or a solver for them) made. Redo goes on only along
    /// the same line: a move other than the next one taken back forgets those.
    pub(in crate::app) fn make(&mut self, m: R::Move) {
        if self.undone.last() == Some(&m) {
            self.undone.pop();
        } else {
            self.undone.clear();
        }
        let back = R::apply(&mut self.at, m);
        self.done.push(back);
        self.own.moved();
        self.changed();
    }

    /// Takes back the last move; `false` when there is none (or a solver's moves are
    /// being drawn in).
    pub fn undo(&mut self) -> bool {
        self.shift(true)
    }

    /// Makes the last move taken back again; `false` when there is none.
    pub fn redo(&mut self) -> bool {
        self.shift(false)
    }

    /// Undo (`back`) or redo: the last move of one stack is made, and the move that
    /// takes it back goes on the other.
    fn shift(&mut self, back: bool) -> bool {
        if !self.own.idle() {
            return false;
        }
        let (from, to) = if back {
            (&mut self.done, &mut self.undone)
        } else {
            (&mut self.undone, &mut self.done)
        };
        let Some(m) = from.pop() else {
            return false;
        };
        to.push(R::apply(&mut self.at, m));
        self.own.moved();
        self.changed();
        true
    }

    /// How many moves were made and not taken back.
    pub fn moves_made(&self) -> usize {
        self.done.len()
    }

    /// After the position changed: the hint and the count were about the old one.
    pub(in crate::app) fn changed(&mut self) {
        self.stop_count();
        self.said = None;
        self.version += 1;
    }

    /// Bumped at every change of the position (for a drawing made of it).
    pub(in crate::app) fn version(&self) -> u64 {
        self.version
    }

    /// The hint on show, about the position on show.
    pub(in crate::app) fn hint(&self) -> Option<&R::Hint> {
        self.hint.get(&self.version)?.as_ref().ok()
    }

    /// Shows `hint`, the answer of the hint `kind` asked just now.
    pub(in crate::app) fn show(&mut self, kind: HintKind, hint: R::Hint) {
        self.asked.push(kind);
        self.hint.set(self.version, Ok(hint));
    }

    /// Notes that the hint `kind` was asked, for a hint whose answer is not shown as one
    /// (a finish drawn in).
    pub(in crate::app) fn note_asked(&mut self, kind: HintKind) {
        self.asked.push(kind);
    }

    /// Asks for the count hint `kind`: `task` counts in the background.
    pub(in crate::app) fn count<T>(&mut self, ctx: &egui::Context, kind: HintKind, task: T)
    where
        T: Task<Output = Result<R::Count, JobError>>,
    {
        self.asked.push(kind);
        self.hint.clear();
        self.counting = Some((self.version, Background::task(ctx, task)));
    }

    /// Whether a count is running.
    pub fn counting(&self) -> bool {
        self.counting.is_some()
    }

    /// Stops the count under way (at its next check).
    pub(in crate::app) fn stop_count(&mut self) {
        if let Some((_, b)) = self.counting.take() {
            b.cancel();
        }
    }

    /// Says `text` about the game (`good`: good news) until the next change.
    pub(in crate::app) fn say(&mut self, text: String, good: bool) {
        self.said = Some((text, good));
    }

    /// Forgets the last word said.
    pub(in crate::app) fn say_nothing(&mut self) {
        self.said = None;
    }

    /// Reads the count hint's thread and the puzzle's own work: a count of the position
    /// on show becomes the hint, a failure says why; the thread is let go once it has
    /// ended.
    pub fn logic(&mut self, ctx: &egui::Context) {
        if let Some((version, b)) = &self.counting {
            for result in b.take() {
                self.hint.set(
                    *version,
                    result.map(R::count_hint).map_err(|e| e.to_string()),
                );
            }
            if b.has_ended() {
                if let Some(why) = b.refused() {
                    self.hint.set(*version, Err(why));
                }
                self.counting = None;
            }
        }
        R::logic(self, ctx);
    }

    /// Whether the player asked to put the answer in Compare (asked once).
    pub fn take_compare_request(&mut self) -> bool {
        std::mem::take(&mut self.to_compare)
    }

    /// Every hint asked in this game since the app started, oldest first.
    pub fn hints_asked(&self) -> &[HintKind] {
        &self.asked
    }

    /// A key in play mode: ← undoes, → redoes, the others do nothing.
    pub fn act(&mut self, action: Action) {
        match action {
            Action::Step(by) if by < 0 => {
                self.undo();
            }
            Action::Step(_) => {
                self.redo();
            }
            _ => {}
        }
    }

    /// Ctrl+Z undoes and Ctrl+Y redoes, while no field takes the keys.
    pub(in crate::app) fn keys(&mut self, ui: &Ui) {
        if crate::app::widgets::cursor::keys_taken(ui.ctx()) {
            return;
        }
        if ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::Z)) {
            self.undo();
        }
        if ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::Y)) {
            self.redo();
        }
    }

    /// The Undo and Redo buttons, in the row the caller lays out.
    pub(in crate::app) fn undo_buttons(&mut self, ui: &mut Ui) {
        let (idle, m) = (self.own.idle(), R::MOVE);
        if ui
            .add_enabled(idle && !self.done.is_empty(), egui::Button::new("⟲ Undo"))
            .on_hover_text(format!("Take back the last {m} (← or Ctrl+Z)"))
            .on_disabled_hover_text(format!("No {m} to take back"))
            .clicked()
        {
            self.undo();
        }
        if ui
            .add_enabled(idle && !self.undone.is_empty(), egui::Button::new("Redo ⟳"))
            .on_hover_text(format!("Make the {m} taken back again (→ or Ctrl+Y)"))
            .on_disabled_hover_text(format!("No {m} taken back to make again"))
            .clicked()
        {
            self.redo();
        }
    }

    /// "Put it in Compare" (`hover` says what goes there).
    pub(in crate::app) fn compare_button(&mut self, ui: &mut Ui, hover: &str) {
        if ui
            .button("Put it in Compare")
            .on_hover_text(hover)
            .clicked()
        {
            self.to_compare = true;
        }
    }

    /// While the count runs: a spinner, `what` it does, and Stop.
    pub(in crate::app) fn count_row(&mut self, ui: &mut Ui, what: &str) {
        if self.counting.is_some() && busy_row(ui, what) {
            self.stop_count();
        }
    }

    /// The last word said, then the hint on show (`tell` tells it) or how to ask for
    /// one; a hint is announced when it comes, and scrolled into sight.
    pub(in crate::app) fn hint_panel(&self, ui: &mut Ui, tell: impl FnOnce(&mut Ui, &R::Hint)) {
        if let Some((text, good)) = &self.said {
            outcome_label(ui, text, *good);
        }
        ui.separator();
        let hint = self.hint.get(&self.version);
        hint_region(ui, hint.is_some(), |ui| match hint {
            None => {
                let looked_at = R::LOOKED_AT;
                ui.label(
                    RichText::new(format!(
                        "Ask for a hint on the left: the solvers look at your {looked_at}."
                    ))
                    .weak(),
                );
            }
            Some(Err(why)) => outcome_label(ui, why, false),
            Some(Ok(hint)) => tell(ui, hint),
        });
    }
}

/// The "Algorithm" heading with "Play yourself" beside it (`hover` says what playing
/// means here): ticking it puts the tab in [`Mode::Play`], unticking it back to the run.
pub fn heading(ui: &mut Ui, mode: &mut Mode, hover: &str) {
    ui.horizontal(|ui| {
        ui.heading("Algorithm");
        let mut on = *mode == Mode::Play;
        if ui
            .checkbox(&mut on, "Play yourself")
            .on_hover_text(hover)
            .changed()
        {
            *mode = if on { Mode::Play } else { Mode::Run };
        }
    });
}

/// The algorithm picker, `current` on show and `list` filling its menu; disabled, with
/// the reason, while the student plays.
pub fn picker(ui: &mut Ui, playing: bool, current: &str, list: impl FnOnce(&mut Ui)) {
    ui.add_enabled_ui(!playing, |ui| {
        egui::ComboBox::from_label("Algorithm")
            .selected_text(current)
            .width(170.0)
            .show_ui(ui, list)
            .response
            .on_disabled_hover_text(
                "You are playing: switch \"Play yourself\" off to run an algorithm",
            );
    });
}

/// A hint's work under way: a spinner, `what` it is doing, and Stop. Returns whether Stop
/// was pressed.
pub fn busy_row(ui: &mut Ui, what: &str) -> bool {
    ui.horizontal(|ui| {
        crate::app::widgets::spinner::spinner(ui);
        ui.label(what);
        ui.button("Stop").clicked()
    })
    .inner
}
