//! Every solution of n queens, for boards small enough to list them (n ≤ 12: 14,200
//! placements), in order (read column by column): what the solution browser steps
//! through.

/// The largest n listed.
pub const MAX_LIST_N: usize = 12;

/// Every solution of `n` queens (`rows[c]` per column) in increasing order, or `None`
/// when `stop` says so (asked every few thousand placements) or n is past
/// [`MAX_LIST_N`].
///
/// # Example
///
/// ```rust
/// use searchlab::solve::queens::list::all;
///
/// let six = all(6, &|| false).unwrap();
/// assert_eq!(six.len(), 4);
/// assert_eq!(six[0], [1, 3, 5, 0, 2, 4]);
/// ```
pub fn all(n: usize, stop: &dyn Fn() -> bool) -> Option<Vec<Vec<u32>>> {
    if n > MAX_LIST_N {
        return None;
    }
    let mut out = Vec::new();
    let mut rows = Vec::with_capacity(n);
    let mut nodes = 0u64;
    let full = (1u32 << n) - 1;
    fn go(
        n: usize,
        full: u32,
        (taken, d1, d2): (u32, u32, u32),
        rows: &mut Vec<u32>,
        out: &mut Vec<Vec<u32>>,
        nodes: &mut u64,
        stop: &dyn Fn() -> bool,
    ) -> bool {
        if rows.len() == n {
            out.push(rows.clone());
            return true;
        }
        *nodes += 1;
        if nodes.is_multiple_of(4096) && stop() {
            return false;
        }
        // Rows free of every queen's row and diagonals, from the top.
        let mut free = full & !(taken | d1 | d2);
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free &= free - 1;
            rows.push(bit.trailing_zeros());
            let next = (taken | bit, (d1 | bit) << 1, (d2 | bit) >> 1);
            let going = go(n, full, next, rows, out, nodes, stop);
            rows.pop();
            if !going {
                return false;
            }
        }
        true
    }
    go(n, full, (0, 0, 0), &mut rows, &mut out, &mut nodes, stop).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::queens::{A000170, validate};
    use crate::testing::test;

    #[test]
    fn it_lists_a000170_solutions_each_valid_and_in_order() {
        for (n, &known) in A000170.iter().enumerate().take(MAX_LIST_N + 1).skip(1) {
            let all = all(n, &|| false).unwrap();
            assert_eq!(all.len() as u64, known, "n = {n}");
            for s in &all {
                assert_eq!(validate(n, s), Ok(()));
            }
            assert!(all.windows(2).all(|w| w[0] < w[1]), "n = {n}");
        }
        assert!(all(MAX_LIST_N + 1, &|| false).is_none());
        assert!(all(12, &|| true).is_none());
    }
}
