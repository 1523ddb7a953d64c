//! What the three play modes share: the "Play yourself" switch beside the algorithm
//! picker (which it disables), undo and redo on ← and →, and the row that shows a hint's
//! work under way.

use super::mode::Mode;
use super::runs::Action;
use egui::Ui;

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

/// A game whose moves can be taken back and made again.
pub trait Undo {
    /// Takes back the last move; `false` when there is none.
    fn undo(&mut self) -> bool;
    /// Makes the last move taken back again; `false` when there is none.
    fn redo(&mut self) -> bool;
}

/// A puzzle's game as its tab drives it.
pub trait Game: Undo + Default {
    /// Reads the hints' background work.
    fn logic(&mut self, ctx: &egui::Context);
    /// Whether the player asked to put the answer in Compare (asked once).
    fn take_compare_request(&mut self) -> bool;
    /// Every hint asked in this game since the app started, oldest first: a restart or a
    /// new board never takes one back (an assignment counts them).
    fn hints_asked(&self) -> &[HintKind];
}

pub use crate::run::play::HintKind;

/// Reads a count hint's thread (`counting`): a count of the position still on show
/// (`current`) becomes the hint (`as_hint`), a failure says why, a count of an older
/// position is dropped; the thread is let go once it has ended.
pub fn poll_count<T, H>(
    counting: &mut Option<crate::app::background::Background<Result<T, crate::run::JobError>>>,
    hint: &mut Option<H>,
    current: impl Fn(&T) -> bool,
    as_hint: impl Fn(T) -> H,
    failed: impl Fn(String) -> H,
) where
    T: Send + 'static,
{
    let Some(b) = counting else {
        return;
    };
    for result in b.take() {
        match result {
            Ok(h) if current(&h) => *hint = Some(as_hint(h)),
            Ok(_) => {}
            Err(e) => *hint = Some(failed(e.to_string())),
        }
    }
    if b.has_ended() {
        if let Some(why) = b.refused() {
            *hint = Some(failed(why));
        }
        *counting = None;
    }
}

/// A key in play mode: ← undoes, → redoes, the others do nothing.
pub fn act(game: &mut impl Undo, action: Action) {
    match action {
        Action::Step(by) if by < 0 => {
            game.undo();
        }
        Action::Step(_) => {
            game.redo();
        }
        _ => {}
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
