//! Magic squares: the magic-square GA notebook's genetic algorithm, constructions for every
//! order, exhaustive counting for small orders.

pub mod construct;
pub mod count;
pub mod ga;
