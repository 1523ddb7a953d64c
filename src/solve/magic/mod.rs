//! Magic squares: constructions for every order, exhaustive counting for small orders.

pub mod construct;
pub mod count;
