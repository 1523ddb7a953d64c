//! The puzzles: geometry, validation and scoring. No algorithms, no I/O.

pub mod knight;
pub mod magic;
pub mod queens;
pub mod symmetry;

/// A value that is not one of a parameter's choices (a heuristic, a repair rule, a
/// tie-break …), with the choices there are.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {name} {value:?}: use {allowed}")]
pub struct ChoiceError {
    /// The parameter, e.g. `repair`.
    pub name: &'static str,
    /// What was given.
    pub value: String,
    /// The choices, said for people.
    pub allowed: &'static str,
}
