//! Magic squares of every order n ≥ 3 by construction, in O(n²):
//!
//! - odd n: the Siamese method (de la Loubère): 1 in the middle of the top row, then each
//!   next number up and to the right (wrapping round), or straight down when that square
//!   is taken, which happens exactly after every n numbers;
//! - n divisible by 4: write 1..n² in order and replace v by n² + 1 − v on both diagonals
//!   of every 4×4 block;
//! - n = 4m + 2: Conway's LUX method: a Siamese square of order 2m + 1 says in which order
//!   the 2×2 blocks are filled, and each block is filled in an L, U or X pattern (m + 1
//!   rows of L, one of U, m − 1 of X, with the middle U and the L above it exchanged).

use crate::puzzle::magic::MAX_ORDER;

/// A magic square of order `n` in row-major order, or `None` for n = 2 (there is none)
/// and orders above [`MAX_ORDER`]. Order 1 is the single cell 1.
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::magic::validate;
/// use searchlab::solve::magic::construct::construct;
///
/// // One order of each method: odd, doubly even, singly even.
/// for n in [3, 4, 6, 7, 8, 10] {
///     assert_eq!(validate(n, &construct(n).unwrap()), Ok(()));
/// }
/// assert_eq!(construct(2), None);
/// ```
pub fn construct(n: usize) -> Option<Vec<u32>> {
    match n {
        0 | 2 => None,
        _ if n > MAX_ORDER => None,
        _ if n % 2 == 1 => Some(siamese(n)),
        _ if n.is_multiple_of(4) => Some(doubly_even(n)),
        _ => Some(lux(n)),
    }
}

/// Which construction [`construct`] uses for order `n`.
pub fn method(n: usize) -> &'static str {
    match n {
        0 | 2 => "none (no magic square of order 2 exists)",
        _ if n % 2 == 1 => "Siamese method (odd order)",
        _ if n.is_multiple_of(4) => "doubly even method (order divisible by 4)",
        _ => "LUX method (singly even order)",
    }
}

/// The Siamese square of odd order `n`.
fn siamese(n: usize) -> Vec<u32> {
    let mut cells = vec![0u32; n * n];
    let (mut r, mut c) = (0usize, n / 2);
    for k in 1..=(n * n) as u32 {
        cells[r * n + c] = k;
        if (k as usize).is_multiple_of(n) {
            // The square up and to the right is taken: go down instead.
            r = (r + 1) % n;
        } else {
            r = (r + n - 1) % n;
            c = (c + 1) % n;
        }
    }
    cells
}

/// The square of order `n` divisible by 4.
fn doubly_even(n: usize) -> Vec<u32> {
    let last = (n * n + 1) as u32;
    (0..n * n)
        .map(|i| {
            let (r, c) = (i / n % 4, i % n % 4);
            let v = i as u32 + 1;
            if r == c || r + c == 3 { last - v } else { v }
        })
        .collect()
}

/// The LUX square of order `n` = 4m + 2 (n ≥ 6).
fn lux(n: usize) -> Vec<u32> {
    let half = n / 2;
    let m = (n - 2) / 4;
    let order = siamese(half);
    let mut cells = vec![0u32; n * n];
    for br in 0..half {
        for bc in 0..half {
            // L above the middle, U on the middle row, X below; the middle U and the L
            // above it change places.
            let mut pattern = match br {
                _ if br <= m => b'L',
                _ if br == m + 1 => b'U',
                _ => b'X',
            };
            if bc == half / 2 {
                if br == m {
                    pattern = b'U';
                } else if br == m + 1 {
                    pattern = b'L';
                }
            }
            // The block's four numbers, in the order the pattern visits
            // (top-left, top-right, bottom-left, bottom-right).
            let base = 4 * (order[br * half + bc] - 1);
            let [tl, tr, bl, br_] = match pattern {
                b'L' => [4, 1, 2, 3],
                b'U' => [1, 4, 2, 3],
                _ => [1, 4, 3, 2],
            };
            let (r, c) = (2 * br, 2 * bc);
            cells[r * n + c] = base + tl;
            cells[r * n + c + 1] = base + tr;
            cells[(r + 1) * n + c] = base + bl;
            cells[(r + 1) * n + c + 1] = base + br_;
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::magic::validate;
    use crate::testing::test;

    #[test]
    fn every_order_from_3_to_200_is_magic() {
        assert_eq!(construct(1), Some(vec![1]));
        assert_eq!(construct(2), None);
        for n in 3..=200 {
            let cells = construct(n).unwrap();
            assert_eq!(validate(n, &cells), Ok(()), "order {n}: {}", method(n));
        }
    }

    #[test]
    fn the_classic_squares_come_out() {
        // De la Loubère's 3×3 and the doubly even 4×4 (Dürer's square, mirrored).
        assert_eq!(siamese(3), [8, 1, 6, 3, 5, 7, 4, 9, 2]);
        assert_eq!(
            doubly_even(4),
            [16, 2, 3, 13, 5, 11, 10, 8, 9, 7, 6, 12, 4, 14, 15, 1]
        );
    }

    #[test]
    fn large_orders_are_magic() {
        for n in [999, 1000, 1002] {
            let cells = construct(n).unwrap();
            assert_eq!(validate(n, &cells), Ok(()), "order {n}");
        }
    }
}
