//! The puzzles: geometry, validation and scoring. No algorithms, no I/O.

pub mod knight;
pub mod magic;
pub mod queens;
