//! The engines behind play mode: the solvers, asked about a player's position, one file a
//! puzzle. Each answer is checked by `puzzle/` before it is handed back, as every run's is.

pub mod knight;
pub mod magic;
pub mod queens;
