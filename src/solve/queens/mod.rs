//! N-Queens solvers.

pub mod construct;
pub mod count;
pub mod min_conflicts;
pub mod seed;
