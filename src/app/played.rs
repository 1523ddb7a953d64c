//! An answer played by hand in a puzzle tab, on its way to Compare: shared vocabulary of
//! the tabs and Compare, kept below both.

use super::puzzles::knight::KnightInstance;
use super::puzzles::magic::MagicInstance;
use super::puzzles::queens::QueensInstance;

/// An answer found by hand in a puzzle tab's play mode, to go beside the algorithms'.
#[derive(Debug, Clone, PartialEq)]
pub struct Played {
    /// The instance it was played on.
    pub on: PlayedOn,
    /// The tour, placement or square, in the order Compare's timeline plays answers.
    pub answer: Vec<u32>,
}

/// The instance a [`Played`] answer belongs to.
#[derive(Debug, Clone, PartialEq)]
pub enum PlayedOn {
    /// A tour played in the Knight's Tour tab, on its board from its first square.
    Knight(KnightInstance),
    /// A placement played in the N-Queens tab, with its n.
    Queens(QueensInstance),
    /// A square played in the magic-squares tab, with its order.
    Magic(MagicInstance),
}
