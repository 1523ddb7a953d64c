//! N-Queens solvers.

pub mod count;
