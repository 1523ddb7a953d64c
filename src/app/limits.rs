//! What the app's tabs accept, and the animation speed that means "at once": shared
//! vocabulary kept below the tabs, Compare and the lessons, so that they can share it
//! without importing one another.

/// The largest board side the Knight's Tour tab accepts (drawn without per-cell text
/// above ~64).
pub const MAX_SIDE: u32 = 400;
/// Animation speed that means "show the whole tour at once".
pub const INSTANT: f32 = 1000.0;
/// The largest n the N-Queens tab accepts: min-conflicts places ten million queens in
/// seconds.
pub const MAX_APP_N: u64 = 10_000_000;
/// The largest order the Magic squares tab accepts (a construction of order 1000 takes
/// milliseconds).
pub const MAX_APP_ORDER: u64 = 1000;
