//! The explicit construction of an n-queens solution for every n ≥ 4 (Hoffman, Loessi &
//! Moore, 1969), in O(n): even rows then odd rows, with two fix-ups for n mod 6 = 2 or 3.
//! `None` for n = 2 and 3, which have no solution.

/// Row per column (0-based), or `None` where no solution exists.
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::queens::validate;
/// use searchlab::solve::queens::construct::construct;
///
/// for n in [1, 4, 8, 9, 14, 15, 100] {
///     let rows = construct(n).unwrap();
///     assert_eq!(validate(n as usize, &rows), Ok(()));
/// }
/// assert_eq!(construct(3), None);
/// ```
pub fn construct(n: u32) -> Option<Vec<u32>> {
    match n {
        0 => return Some(Vec::new()),
        1 => return Some(vec![0]),
        2 | 3 => return None,
        _ => {}
    }
    // 1-based rows, as the construction is usually written.
    let evens = (2..=n).step_by(2);
    let odds = (1..=n).step_by(2);
    let rows: Vec<u32> = match n % 6 {
        2 => {
            // Evens; then the odds with 1 and 3 swapped and 5 moved to the end.
            let mut o: Vec<u32> = odds.collect();
            o.swap(0, 1);
            if let Some(p) = o.iter().position(|&r| r == 5) {
                let five = o.remove(p);
                o.push(five);
            }
            evens.chain(o).collect()
        }
        3 => {
            // Evens with 2 moved to the end; then the odds with 1 and 3 moved to the end.
            let mut e: Vec<u32> = evens.filter(|&r| r != 2).collect();
            e.push(2);
            let mut o: Vec<u32> = odds.filter(|&r| r != 1 && r != 3).collect();
            o.extend([1, 3]);
            e.into_iter().chain(o).collect()
        }
        _ => evens.chain(odds).collect(),
    };
    Some(rows.into_iter().map(|r| r - 1).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::queens::validate;
    use crate::testing::test;

    #[test]
    fn every_n_from_4_to_3000_and_a_million_is_solved() {
        for n in (4..=3000).chain([1_000_000, 1_000_001, 999_998, 999_999]) {
            let rows = construct(n).unwrap();
            assert_eq!(validate(n as usize, &rows), Ok(()), "n = {n}");
        }
        assert_eq!(construct(1), Some(vec![0]));
        assert_eq!(construct(2), None);
        assert_eq!(construct(3), None);
    }
}
