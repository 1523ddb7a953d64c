//! Counts in words, as messages say them: "1 queen", "8 queens", "1 decision".

/// `n` and `noun`, the noun in the plural (an `s` added) unless `n` is 1.
///
/// ```rust
/// use searchlab::run::words::counted;
/// assert_eq!(counted(1u32, "queen"), "1 queen");
/// assert_eq!(counted(8u64, "queen"), "8 queens");
/// assert_eq!(counted(0u8, "decision"), "0 decisions");
/// ```
pub fn counted(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
