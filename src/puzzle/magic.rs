//! Magic squares: a square of order n is a permutation of 1..=n² in row-major order
//! (`cells[r * n + c]`, row 0 at the top). It is magic when every row, every column and both
//! diagonals add up to the magic constant n(n² + 1)/2.
//!
//! The magic-square GA notebook's fitness is the sum over those 2n + 2 lines of |sum −
//! constant|: 0 exactly when the square is magic, lower is better.

/// The largest order we accept: a square of order 4000 is 16 million cells.
pub const MAX_ORDER: usize = 4000;

/// n(n² + 1)/2, what every line of a magic square of order n adds up to.
pub fn magic_constant(n: usize) -> u64 {
    let n = n as u64;
    n * (n * n + 1) / 2
}

/// One of the 2n + 2 lines of a square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Line {
    /// Row `i`, from the top (zero-based).
    Row(usize),
    /// Column `i`, from the left (zero-based).
    Column(usize),
    /// Top-left to bottom-right.
    Diagonal,
    /// Top-right to bottom-left.
    AntiDiagonal,
}

impl std::fmt::Display for Line {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Line::Row(r) => write!(f, "row {r}"),
            Line::Column(c) => write!(f, "column {c}"),
            Line::Diagonal => write!(f, "the diagonal"),
            Line::AntiDiagonal => write!(f, "the anti-diagonal"),
        }
    }
}

/// The sums of every line of a square.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineSums {
    /// Each row's sum, top first.
    pub rows: Vec<u64>,
    /// Each column's sum, left first.
    pub columns: Vec<u64>,
    /// Top-left to bottom-right.
    pub diagonal: u64,
    /// Top-right to bottom-left.
    pub anti_diagonal: u64,
}

impl LineSums {
    /// Every line with its sum, rows first, then columns, then the two diagonals.
    pub fn lines(&self) -> impl Iterator<Item = (Line, u64)> + '_ {
        let rows = self
            .rows
            .iter()
            .enumerate()
            .map(|(r, &s)| (Line::Row(r), s));
        let cols = (self.columns.iter().enumerate()).map(|(c, &s)| (Line::Column(c), s));
        rows.chain(cols).chain([
            (Line::Diagonal, self.diagonal),
            (Line::AntiDiagonal, self.anti_diagonal),
        ])
    }
}

/// The sums of the rows, columns and diagonals of the order-`n` square `cells`
/// (`cells.len()` must be n²).
pub fn line_sums(n: usize, cells: &[u32]) -> LineSums {
    debug_assert_eq!(cells.len(), n * n);
    let mut rows = vec![0u64; n];
    let mut columns = vec![0u64; n];
    let (mut diagonal, mut anti_diagonal) = (0u64, 0u64);
    for (r, row) in cells.chunks_exact(n.max(1)).enumerate().take(n) {
        for (c, &v) in row.iter().enumerate() {
            rows[r] += u64::from(v);
            columns[c] += u64::from(v);
        }
        diagonal += u64::from(row[r]);
        anti_diagonal += u64::from(row[n - 1 - r]);
    }
    LineSums {
        rows,
        columns,
        diagonal,
        anti_diagonal,
    }
}

/// The magic-square GA notebook's fitness: Σ |line sum − magic constant| over the 2n + 2
/// lines (0 = magic).
pub fn fitness(n: usize, cells: &[u32]) -> u64 {
    let m = magic_constant(n);
    line_sums(n, cells)
        .lines()
        .map(|(_, s)| s.abs_diff(m))
        .sum()
}

/// Why a square is not magic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MagicError {
    /// Not n² cells.
    WrongLength {
        /// The order.
        n: usize,
        /// The cells given.
        len: usize,
    },
    /// A value outside 1..=n², or one that appears twice.
    NotPermutation {
        /// The order.
        n: usize,
        /// The cell holding the value (row-major).
        index: usize,
        /// The value.
        value: u32,
    },
    /// The first line (rows, then columns, then diagonals) whose sum is not the constant.
    WrongLine {
        /// The line.
        line: Line,
        /// What it adds up to.
        sum: u64,
        /// The magic constant.
        expected: u64,
    },
}

impl std::fmt::Display for MagicError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MagicError::WrongLength { n, len } => {
                write!(
                    f,
                    "{len} cells for a square of order {n}: expected {}",
                    n * n
                )
            }
            MagicError::NotPermutation { n, index, value } => {
                let (r, c) = (index / n.max(&1), index % n.max(&1));
                if *value == 0 || *value as usize > n * n {
                    write!(
                        f,
                        "cell ({r},{c}) holds {value}: values run from 1 to {}",
                        n * n
                    )
                } else {
                    write!(
                        f,
                        "cell ({r},{c}) repeats {value}: each of 1 to {} appears once",
                        n * n
                    )
                }
            }
            MagicError::WrongLine {
                line,
                sum,
                expected,
            } => write!(
                f,
                "{line} adds up to {sum}, not the magic constant {expected}"
            ),
        }
    }
}

impl std::error::Error for MagicError {}

/// Checks that `cells` is a magic square of order `n`; the error names the first wrong
/// line.
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::magic::{MagicError, validate};
///
/// // The Lo Shu square, row by row.
/// assert_eq!(validate(3, &[2, 7, 6, 9, 5, 1, 4, 3, 8]), Ok(()));
/// assert!(matches!(
///     validate(3, &[1, 2, 3, 4, 5, 6, 7, 8, 9]),
///     Err(MagicError::WrongLine { sum: 6, expected: 15, .. })
/// ));
/// ```
pub fn validate(n: usize, cells: &[u32]) -> Result<(), MagicError> {
    if cells.len() != n * n {
        return Err(MagicError::WrongLength {
            n,
            len: cells.len(),
        });
    }
    let mut seen = vec![false; n * n + 1];
    for (index, &value) in cells.iter().enumerate() {
        let v = value as usize;
        if v == 0 || v > n * n || seen[v] {
            return Err(MagicError::NotPermutation { n, index, value });
        }
        seen[v] = true;
    }
    let expected = magic_constant(n);
    match line_sums(n, cells).lines().find(|&(_, s)| s != expected) {
        Some((line, sum)) => Err(MagicError::WrongLine {
            line,
            sum,
            expected,
        }),
        None => Ok(()),
    }
}

/// Whether `cells` is a permutation of 1..=cells.len().
pub fn is_permutation(cells: &[u32]) -> bool {
    let mut seen = vec![false; cells.len() + 1];
    cells.iter().all(|&v| {
        let v = v as usize;
        (1..seen.len()).contains(&v) && !std::mem::replace(&mut seen[v], true)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::test;
    use proptest::prelude::*;

    /// The Lo Shu square, the only 3×3 magic square up to rotation and reflection.
    const LO_SHU: [u32; 9] = [2, 7, 6, 9, 5, 1, 4, 3, 8];

    #[test]
    fn the_lo_shu_square_is_magic_and_a_swap_names_its_first_wrong_line() {
        assert_eq!(magic_constant(3), 15);
        assert_eq!(magic_constant(4), 34);
        assert_eq!(validate(3, &LO_SHU), Ok(()));
        assert_eq!(fitness(3, &LO_SHU), 0);
        // Swapping 2 and 7 changes columns 0 and 1 and the diagonal; row 0 still adds up.
        let mut s = LO_SHU;
        s.swap(0, 1);
        let e = validate(3, &s).unwrap_err();
        assert_eq!(
            e,
            MagicError::WrongLine {
                line: Line::Column(0),
                sum: 20,
                expected: 15
            }
        );
        assert_eq!(
            e.to_string(),
            "column 0 adds up to 20, not the magic constant 15"
        );
        // Column 0 adds up to 20, column 1 to 10, the diagonal to 7 + 5 + 8 = 20.
        assert_eq!(fitness(3, &s), 5 + 5 + 5);
        assert!(matches!(
            validate(3, &[1, 2, 3]),
            Err(MagicError::WrongLength { .. })
        ));
        let e = validate(3, &[2, 7, 6, 9, 5, 1, 4, 3, 3]).unwrap_err();
        assert!(e.to_string().contains("repeats 3"), "{e}");
        let e = validate(3, &[2, 7, 6, 9, 5, 1, 4, 3, 10]).unwrap_err();
        assert!(e.to_string().contains("from 1 to 9"), "{e}");
    }

    proptest! {
        /// Fitness is the sum of the lines' distances, zero exactly when validation passes.
        #[test]
        fn fitness_is_zero_exactly_for_magic_squares(
            cells in (1usize..7).prop_flat_map(|n| Just((1..=(n * n) as u32).collect::<Vec<_>>()).prop_shuffle())
        ) {
            let n = (cells.len() as f64).sqrt() as usize;
            let f = fitness(n, &cells);
            prop_assert_eq!(f == 0, validate(n, &cells).is_ok());
            // Every line's sum, recounted cell by cell.
            let m = magic_constant(n) as i64;
            let mut brute = 0i64;
            for i in 0..n {
                brute += ((0..n).map(|j| i64::from(cells[i * n + j])).sum::<i64>() - m).abs();
                brute += ((0..n).map(|j| i64::from(cells[j * n + i])).sum::<i64>() - m).abs();
            }
            brute += ((0..n).map(|i| i64::from(cells[i * n + i])).sum::<i64>() - m).abs();
            brute += ((0..n).map(|i| i64::from(cells[i * n + n - 1 - i])).sum::<i64>() - m).abs();
            prop_assert_eq!(f as i64, brute);
            prop_assert!(is_permutation(&cells));
        }
    }
}
