//! Counts every magic square of order 3 or 4 (rotations and reflections counted apart:
//! 8 and 7,040) by filling the cells in an order chosen so that most of them are forced:
//! a cell that completes a line must hold the constant minus the rest of that line, and
//! every other line it completes is checked at once.

use crate::puzzle::magic::magic_constant;

/// The largest order counted (order 5 has 275,305,224 squares: hours of this search).
pub const MAX_COUNT_ORDER: usize = 4;

/// Nodes between two calls of the stop predicate.
const STOP_CHECK: u64 = 1 << 16;

/// What a count found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MagicCount {
    /// Magic squares counted (rotations and reflections apart).
    pub total: u64,
    /// Of them, those that are the least (read row by row) of their eight images under
    /// the square's rotations and reflections: the squares up to symmetry.
    pub unique: u64,
    /// Values tried in free cells.
    pub nodes: u64,
    /// False when the stop predicate cut it short.
    pub complete: bool,
    /// The first square found, row-major (none for orders without one).
    pub first: Option<Vec<u32>>,
}

/// The order the cells are filled in, as `(row, column)`: the first row, then cells that
/// the diagonals and columns soon force.
fn fill_order(n: usize) -> Vec<(usize, usize)> {
    match n {
        3 => vec![
            (0, 0),
            (0, 1),
            (0, 2),
            (1, 1),
            (2, 0),
            (1, 0),
            (2, 2),
            (1, 2),
            (2, 1),
        ],
        4 => vec![
            (0, 0),
            (0, 1),
            (0, 2),
            (0, 3),
            (1, 0),
            (2, 0),
            (3, 0),
            (1, 2),
            (2, 1),
            (1, 1),
            (2, 2),
            (3, 3),
            (1, 3),
            (2, 3),
            (3, 1),
            (3, 2),
        ],
        _ => (0..n * n).map(|i| (i / n, i % n)).collect(),
    }
}

/// The lines through `(r, c)` as lists of cells.
fn lines_through(n: usize, r: usize, c: usize) -> Vec<Vec<usize>> {
    let mut out = vec![
        (0..n).map(|j| r * n + j).collect::<Vec<_>>(),
        (0..n).map(|i| i * n + c).collect(),
    ];
    if r == c {
        out.push((0..n).map(|i| i * n + i).collect());
    }
    if r + c == n - 1 {
        out.push((0..n).map(|i| i * n + n - 1 - i).collect());
    }
    out
}

/// One step of the fill: a cell, and the lines it completes (the first one forces it).
struct Step {
    cell: usize,
    completes: Vec<Vec<usize>>,
}

/// Counts the magic squares of order `n` (1 ≤ n ≤ [`MAX_COUNT_ORDER`]), asking `stop`
/// every few thousand nodes.
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::magic::validate;
/// use searchlab::solve::magic::count::count;
///
/// let c = count(3, &|| false);
/// assert_eq!((c.total, c.complete), (8, true));
/// assert_eq!(validate(3, &c.first.unwrap()), Ok(()));
/// ```
pub fn count(n: usize, stop: &dyn Fn() -> bool) -> MagicCount {
    count_keeping(n, &[], stop)
}

/// Counts the magic squares of order `n` that hold the value `fixed[i]` in cell `i`
/// wherever it is `Some` (row-major; cells past the slice are free): the squares a player
/// can still reach by moving only the other cells. A fixed value off `1..=n²`, or one
/// value fixed in two cells, leaves none.
///
/// # Example
///
/// ```rust
/// use searchlab::solve::magic::count::count_keeping;
///
/// // Of the 8 magic squares of order 3, all have 5 in the centre, and 2 have 2 in the
/// // top-left corner.
/// let centre = [None, None, None, None, Some(5)];
/// assert_eq!(count_keeping(3, &centre, &|| false).total, 8);
/// assert_eq!(count_keeping(3, &[Some(2)], &|| false).total, 2);
/// ```
pub fn count_keeping(n: usize, fixed: &[Option<u32>], stop: &dyn Fn() -> bool) -> MagicCount {
    search(n, fixed, stop, false).0
}

/// Every magic square of order `n` (1 ≤ n ≤ [`MAX_COUNT_ORDER`]), row-major, in the
/// order the count finds them; `None` when `stop` cut it short.
///
/// # Example
///
/// ```rust
/// use searchlab::solve::magic::count::list;
///
/// let three = list(3, &|| false).unwrap();
/// assert_eq!(three.len(), 8);
/// assert!(three.iter().all(|s| s[4] == 5), "5 in the centre");
/// ```
pub fn list(n: usize, stop: &dyn Fn() -> bool) -> Option<Vec<Vec<u32>>> {
    if n > MAX_COUNT_ORDER {
        return None;
    }
    let (count, all) = search(n, &[], stop, true);
    count.complete.then_some(all)
}

/// The count, and every square when `keep`.
fn search(
    n: usize,
    fixed: &[Option<u32>],
    stop: &dyn Fn() -> bool,
    keep: bool,
) -> (MagicCount, Vec<Vec<u32>>) {
    let max = n * n;
    let mut pins = vec![0u32; max];
    let mut reserved = vec![false; max + 1];
    let none = MagicCount {
        total: 0,
        unique: 0,
        nodes: 0,
        complete: true,
        first: None,
    };
    for (cell, v) in fixed.iter().enumerate() {
        let Some(v) = *v else { continue };
        if cell >= max || v == 0 || v as usize > max || reserved[v as usize] {
            return (none, Vec::new());
        }
        pins[cell] = v;
        reserved[v as usize] = true;
    }
    let order = fill_order(n);
    let position = |cell: usize| order.iter().position(|&(r, c)| r * n + c == cell);
    let steps: Vec<Step> = (order.iter().enumerate())
        .map(|(k, &(r, c))| Step {
            cell: r * n + c,
            completes: lines_through(n, r, c)
                .into_iter()
                .filter(|line| line.iter().all(|&x| position(x).is_some_and(|p| p <= k)))
                .collect(),
        })
        .collect();
    let mut search = Search {
        n,
        magic: magic_constant(n),
        steps,
        cells: vec![0; n * n],
        used: vec![false; n * n + 1],
        pins,
        reserved,
        out: MagicCount {
            total: 0,
            unique: 0,
            nodes: 0,
            complete: true,
            first: None,
        },
        next_check: STOP_CHECK,
        stop,
        keep,
        kept: Vec::new(),
    };
    if n > 0 {
        search.fill(0);
    }
    (search.out, search.kept)
}

struct Search<'a> {
    n: usize,
    magic: u64,
    steps: Vec<Step>,
    cells: Vec<u32>,
    used: Vec<bool>,
    /// Per cell, the value it must hold (0: any).
    pins: Vec<u32>,
    /// The values some other cell is pinned to.
    reserved: Vec<bool>,
    out: MagicCount,
    next_check: u64,
    stop: &'a dyn Fn() -> bool,
    /// Whether to keep every square found, and those kept.
    keep: bool,
    kept: Vec<Vec<u32>>,
}

impl Search<'_> {
    fn fill(&mut self, k: usize) {
        if !self.out.complete {
            return;
        }
        if k == self.steps.len() {
            self.out.total += 1;
            if is_least_image(self.n, &self.cells) {
                self.out.unique += 1;
            }
            if self.out.first.is_none() {
                self.out.first = Some(self.cells.clone());
            }
            if self.keep {
                self.kept.push(self.cells.clone());
            }
            return;
        }
        let cell = self.steps[k].cell;
        // The line sum without this cell (it is still 0).
        let rest =
            |s: &Self, line: &[usize]| -> u64 { line.iter().map(|&x| u64::from(s.cells[x])).sum() };
        if let Some(first) = self.steps[k].completes.first() {
            let partial = rest(self, first);
            let Some(v) = self.magic.checked_sub(partial) else {
                return;
            };
            self.try_value(k, cell, v);
        } else if self.pins[cell] != 0 {
            self.out.nodes += 1;
            self.try_value(k, cell, u64::from(self.pins[cell]));
        } else {
            for v in 1..=(self.n * self.n) as u64 {
                self.out.nodes += 1;
                if self.out.nodes >= self.next_check {
                    self.next_check += STOP_CHECK;
                    if (self.stop)() {
                        self.out.complete = false;
                        return;
                    }
                }
                self.try_value(k, cell, v);
            }
        }
    }

    /// Puts `v` in `cell` if it is free and every line the cell completes adds up.
    fn try_value(&mut self, k: usize, cell: usize, v: u64) {
        let max = (self.n * self.n) as u64;
        if v == 0 || v > max || self.used[v as usize] {
            return;
        }
        let pin = u64::from(self.pins[cell]);
        if (pin != 0 && v != pin) || (pin == 0 && self.reserved[v as usize]) {
            return;
        }
        self.cells[cell] = v as u32;
        let ok = self.steps[k]
            .completes
            .iter()
            .all(|line| line.iter().map(|&x| u64::from(self.cells[x])).sum::<u64>() == self.magic);
        if ok {
            self.used[v as usize] = true;
            self.fill(k + 1);
            self.used[v as usize] = false;
        }
        self.cells[cell] = 0;
    }
}

/// One symmetry of the square: `(n, row, column)` → the cell its image reads there.
type Image = fn(usize, usize, usize) -> (usize, usize);

/// Whether `cells` (row-major, order `n`) is the least, read row by row, of its images
/// under the eight symmetries of the square: one square of each class counts.
pub fn is_least_image(n: usize, cells: &[u32]) -> bool {
    let images: [Image; 7] = [
        |n, r, c| (c, n - 1 - r),         // a quarter turn
        |n, r, c| (n - 1 - r, n - 1 - c), // a half turn
        |n, r, c| (n - 1 - c, r),         // three quarters
        |n, r, c| (r, n - 1 - c),         // mirrored left to right
        |n, r, c| (n - 1 - r, c),         // upside down
        |_, r, c| (c, r),                 // across the diagonal
        |n, r, c| (n - 1 - c, n - 1 - r), // across the anti-diagonal
    ];
    images.iter().all(|image| {
        for i in 0..n * n {
            let (r, c) = image(n, i / n, i % n);
            let other = cells[r * n + c];
            if other != cells[i] {
                return cells[i] < other;
            }
        }
        true
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::magic::validate;
    use crate::testing::test;

    #[test]
    fn orders_1_to_4_have_1_0_8_and_7040_squares() {
        let never = || false;
        let totals: Vec<u64> = (1..=4).map(|n| count(n, &never).total).collect();
        assert_eq!(totals, [1, 0, 8, 7040]);
        // Up to rotation and reflection: 1, 0, 1 (the Lo Shu) and Frénicle's 880.
        let unique: Vec<u64> = (1..=4).map(|n| count(n, &never).unique).collect();
        assert_eq!(unique, [1, 0, 1, 880]);
        for n in [3, 4] {
            let c = count(n, &never);
            assert!(c.complete);
            assert_eq!(validate(n, &c.first.unwrap()), Ok(()));
        }
    }

    #[test]
    fn fixing_one_cell_splits_the_total_by_its_value() {
        // Every magic square holds each value once: fixing one cell and summing over its
        // values gives the whole count (every cell of order 3; of order 4 a corner, a
        // centre cell, an edge cell and the cell filled last).
        let never = || false;
        for (n, total, cells) in [
            (3usize, 8u64, (0..9).collect::<Vec<_>>()),
            (4, 7040, vec![0, 5, 7, 14]),
        ] {
            for cell in cells {
                let sum: u64 = (1..=(n * n) as u32)
                    .map(|v| {
                        let mut fixed = vec![None; n * n];
                        fixed[cell] = Some(v);
                        count_keeping(n, &fixed, &never).total
                    })
                    .sum();
                assert_eq!(sum, total, "order {n}, cell {cell}");
            }
        }
        // Every square counted keeps the fixed cells, and is magic.
        let fixed = [Some(16), None, None, Some(13)];
        let c = count_keeping(4, &fixed, &never);
        let first = c.first.unwrap();
        assert_eq!((first[0], first[3]), (16, 13));
        assert_eq!(validate(4, &first), Ok(()));
        // A value fixed twice, or off the square, leaves none.
        assert_eq!(count_keeping(3, &[Some(1), Some(1)], &never).total, 0);
        assert_eq!(count_keeping(3, &[Some(10)], &never).total, 0);
    }

    #[test]
    fn a_stop_ends_the_count_incomplete() {
        let c = count(4, &|| true);
        assert!(!c.complete);
        assert!(c.total < 7040);
    }
}
