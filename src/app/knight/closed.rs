//! The "Closed tour" box: ticking it trades an open-tour algorithm that seldom closes for
//! the construction (and back), and a line under it says what the theorems know of the
//! board.

use super::settings::{KnightSettings, Pick};
use crate::puzzle::knight::Board;
use crate::puzzle::knight::existence::no_tour;
use crate::run::{Algorithm, KnightAlgo};
use egui::{RichText, Ui};

/// The algorithm that builds closed tours.
pub const CONSTRUCT: KnightAlgo = KnightAlgo::ClosedConstruct;

/// The open-tour algorithms that ticking "Closed tour" trades for the construction, and
/// why: Warnsdorff's walk seldom ends a move from its start, and backtracking can search
/// for a very long time before a tour closes on a large board.
const TRADED_FOR_CONSTRUCT: &[(KnightAlgo, &str)] = &[
    (
        KnightAlgo::Warnsdorff,
        "Warnsdorff's walk seldom closes one",
    ),
    (
        KnightAlgo::BacktrackWarnsdorff,
        "backtracking can take very long to close one on a large board",
    ),
];

/// What the box changed, to say it and to undo it.
#[derive(Default)]
pub struct ClosedBox {
    /// Why ticking or unticking "Closed tour" changed the algorithm: the note and the
    /// algorithm it chose (the note goes when another is chosen).
    note: Option<(String, Pick)>,
    /// The algorithm "Closed tour" traded for the construction, to go back to.
    traded: Option<Pick>,
}

impl ClosedBox {
    /// The box, and under it what the theorems say of this board and start.
    pub fn show(&mut self, ui: &mut Ui, settings: &mut KnightSettings, board: &Board) {
        let was_closed = settings.closed;
        ui.checkbox(&mut settings.closed, "Closed tour")
            .on_hover_text("Look for a tour whose last square is a knight's move from the first.");
        if settings.closed != was_closed {
            self.changed(settings);
        }
        if let Some(none) = no_tour(board.shape(), settings.start, settings.closed) {
            // Run still answers, at once, with the same sentence.
            ui.label(RichText::new(none.reason).color(ui.visuals().warn_fg_color));
        } else if settings.closed {
            ui.label(RichText::new("closed tours exist on this board (Schwenk 1991)").weak());
        }
    }

    /// "Closed tour" was ticked or unticked: trade the algorithm, and back.
    fn changed(&mut self, settings: &mut KnightSettings) {
        let algorithm = settings.algorithm;
        let construct = CONSTRUCT.info().name;
        if settings.closed
            && let Some((_, why)) =
                (TRADED_FOR_CONSTRUCT.iter()).find(|t| Pick::Solver(t.0) == algorithm)
        {
            settings.algorithm = Pick::Solver(CONSTRUCT);
            self.note = Some((
                format!(
                    "Switched to “{construct}”: it builds a closed tour on every board that has one; {why}."
                ),
                settings.algorithm,
            ));
            self.traded = Some(algorithm);
        } else if !settings.closed && algorithm == Pick::Solver(CONSTRUCT) {
            let back = (self.traded.take()).unwrap_or(Pick::Solver(KnightAlgo::Warnsdorff));
            self.note = Some((
                format!(
                    "Switched back to “{}”: “{construct}” builds closed tours only.",
                    back.name(),
                ),
                back,
            ));
            settings.algorithm = back;
        }
    }

    /// Under the algorithm picker: why the box changed the algorithm, while it is still
    /// the one it chose. `picked_by_hand`: the user chose another since, so the box no
    /// longer speaks for the choice.
    pub fn note(&mut self, ui: &mut Ui, algorithm: Pick, picked_by_hand: bool) {
        if picked_by_hand {
            *self = ClosedBox::default();
        }
        if let Some((note, chose)) = &self.note
            && *chose == algorithm
        {
            ui.label(RichText::new(note).weak());
        }
    }
}
