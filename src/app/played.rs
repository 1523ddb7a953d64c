//! An answer played by hand in a puzzle tab, on its way to Compare: shared vocabulary of
//! the tabs and Compare, kept below both.

use super::puzzles::PuzzleUi;
use std::sync::Arc;

/// An answer found by hand in a puzzle tab's play mode, to go beside the algorithms'.
#[derive(Clone)]
pub struct Played {
    /// The instance it was played on (its `puzzle()` says of which puzzle).
    pub on: Arc<dyn PuzzleUi>,
    /// The tour, placement or square, in the order Compare's timeline plays answers.
    pub answer: Vec<u32>,
}

impl std::fmt::Debug for Played {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Played")
            .field("on", &self.on.instance_name())
            .field("answer", &self.answer)
            .finish()
    }
}

impl PartialEq for Played {
    fn eq(&self, other: &Played) -> bool {
        self.on.same(&*other.on) && self.answer == other.answer
    }
}
