//! Counts every solution of n-queens by bitboard backtracking with the board's full
//! symmetry (the eight rotations and reflections), after Takaken's method.
//!
//! Solutions are searched row by row with three bit masks (columns and both diagonals
//! attacked), and only one representative of each symmetry class is completed:
//!
//! - queen of row 0 in the corner: every such solution has 8 distinct images, and it is
//!   kept when its row-1 queen is left of its column-1 queen (no diagonal reflection);
//! - queen of row 0 inside the top-left half: a solution is kept only if no rotation or
//!   reflection of it is smaller; [`Task::check`] compares it with its 90°, 180° and 270°
//!   rotations and counts it with weight 2, 4 or 8 by how many images it has.
//!
//! The search splits into [`Task`]s (the first two queens placed) that the run layer counts
//! in parallel. Each task asks a stop predicate every [`STOP_CHECK`] nodes.

/// Nodes between two calls of the stop predicate.
pub const STOP_CHECK: u64 = 1 << 18;

/// The largest n the bitboards hold.
pub const MAX_COUNT_N: u32 = 31;

/// One piece of the search: the first queens placed, the rest left to count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Task {
    n: u32,
    corner: bool,
    bound1: u32,
    /// The second row's queen (a bit).
    second: u32,
}

/// What one task counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TaskCount {
    /// Solutions counted one by one, with no symmetry (a count that completes a partial
    /// placement, [`Prefix`]).
    pub count1: u64,
    /// Solutions by the size of their symmetry class.
    pub count2: u64,
    /// Solutions whose class has 4 images.
    pub count4: u64,
    /// Solutions whose class has 8 images.
    pub count8: u64,
    /// Placements tried.
    pub nodes: u64,
    /// False when the stop flag cut it short.
    pub complete: bool,
}

impl TaskCount {
    /// All solutions, every image counted.
    pub fn total(&self) -> u64 {
        self.count1 + self.count2 * 2 + self.count4 * 4 + self.count8 * 8
    }

    /// Solutions up to rotation and reflection (of the tasks that use the symmetry).
    pub fn unique(&self) -> u64 {
        self.count2 + self.count4 + self.count8
    }

    /// Adds another task's count to this one.
    pub fn add(&mut self, o: &TaskCount) {
        self.count1 += o.count1;
        self.count2 += o.count2;
        self.count4 += o.count4;
        self.count8 += o.count8;
        self.nodes += o.nodes;
        self.complete &= o.complete;
    }
}

/// The tasks that together count every solution of `n` queens (`5 ≤ n ≤ 31`; smaller
/// boards are counted directly by [`count_small`]).
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::queens::A000170;
/// use searchlab::solve::queens::count::{TaskCount, count_task, tasks};
///
/// let mut sum = TaskCount::default();
/// for task in tasks(8) {
///     sum.add(&count_task(&task, &|| false));
/// }
/// assert_eq!(sum.total(), A000170[8]); // 92
/// assert_eq!(sum.unique(), 12);
/// ```
pub fn tasks(n: u32) -> Vec<Task> {
    let mut out = Vec::new();
    if !(5..=MAX_COUNT_N).contains(&n) {
        return out;
    }
    let mask = (1u32 << n) - 1;
    let sizee = n - 1;
    // Row 0 in the corner, row 1's queen at bound1 (2 ≤ bound1 < n − 1).
    for bound1 in 2..sizee {
        out.push(Task {
            n,
            corner: true,
            bound1,
            second: 1 << bound1,
        });
    }
    // Row 0's queen at bound1 inside the left half; split on row 1's queen.
    let (mut bound1, mut bound2) = (1, n - 2);
    while bound1 < bound2 {
        let bit = 1u32 << bound1;
        let mut bitmap = mask & !((bit << 1) | bit | (bit >> 1));
        if 1 < bound1 {
            bitmap &= !((1 << sizee) | 1);
        }
        while bitmap != 0 {
            let b = bitmap & bitmap.wrapping_neg();
            bitmap ^= b;
            out.push(Task {
                n,
                corner: false,
                bound1,
                second: b,
            });
        }
        bound1 += 1;
        bound2 -= 1;
    }
    out
}

struct Search<'a> {
    sizee: usize,
    mask: u32,
    topbit: u32,
    endbit: u32,
    sidemask: u32,
    lastmask: u32,
    bound1: usize,
    bound2: usize,
    board: [u32; 32],
    count: TaskCount,
    stop: &'a (dyn Fn() -> bool + Sync),
    stopped: bool,
    nodes: u64,
    next_check: u64,
}

impl Search<'_> {
    /// Looks at the stop predicate every [`STOP_CHECK`] nodes. Once it says stop, the
    /// mask is cleared: every row then has no free square, so the recursion unwinds by
    /// itself without a test per call.
    #[inline]
    fn poll(&mut self) {
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + STOP_CHECK;
            if (self.stop)() {
                self.stopped = true;
                self.mask = 0;
            }
        }
    }

    /// The free squares of row `y` in the corner search.
    #[inline(always)]
    fn free_corner(&self, y: usize, l: u32, d: u32, r: u32) -> u32 {
        let bitmap = self.mask & !(l | d | r);
        if y < self.bound1 { bitmap & !2 } else { bitmap }
    }

    /// Row `sizee − 1` of the corner search: each of its queens with a free square left in
    /// the last row completes a solution.
    #[inline(always)]
    fn corner_leaves(&mut self, mut bitmap: u32, l: u32, d: u32, r: u32) {
        while bitmap != 0 {
            let bit = bitmap & bitmap.wrapping_neg();
            bitmap ^= bit;
            self.nodes += 1;
            let last = self.mask & !(((l | bit) << 1) | d | bit | ((r | bit) >> 1));
            self.count.count8 += u64::from(last != 0);
        }
    }

    /// Row `y` onwards (`y` below the last row), row 0's queen in the corner: every
    /// solution found has 8 images. Each call places two rows, and the row before the
    /// last looks at the last row itself: calls cost more than the work of a row.
    fn corner(&mut self, y: usize, l: u32, d: u32, r: u32) {
        let mut bitmap = self.free_corner(y, l, d, r);
        self.poll();
        if y + 1 == self.sizee {
            self.corner_leaves(bitmap, l, d, r);
            return;
        }
        while bitmap != 0 {
            let bit = bitmap & bitmap.wrapping_neg();
            bitmap ^= bit;
            self.nodes += 1;
            let (l, d, r) = ((l | bit) << 1, d | bit, (r | bit) >> 1);
            let mut next = self.free_corner(y + 1, l, d, r);
            if y + 2 == self.sizee {
                self.corner_leaves(next, l, d, r);
                continue;
            }
            while next != 0 {
                let bit = next & next.wrapping_neg();
                next ^= bit;
                self.nodes += 1;
                self.corner(y + 2, (l | bit) << 1, d | bit, (r | bit) >> 1);
            }
        }
    }

    /// The free squares of row `y` in the inside search, restricted near the sides so that
    /// only candidates for the smallest image are completed.
    #[inline(always)]
    fn free_inside(&self, y: usize, l: u32, d: u32, r: u32) -> u32 {
        let bitmap = self.mask & !(l | d | r);
        if y < self.bound1 {
            bitmap & !self.sidemask
        } else if y == self.bound2 {
            if d & self.sidemask == 0 {
                0
            } else if d & self.sidemask != self.sidemask {
                bitmap & self.sidemask
            } else {
                bitmap
            }
        } else {
            bitmap
        }
    }

    /// Row `sizee − 1` of the inside search: each of its queens with a free last-row
    /// square off the last mask is a candidate, checked against its rotations.
    #[inline(always)]
    fn inside_leaves(&mut self, mut bitmap: u32, l: u32, d: u32, r: u32) {
        let y = self.sizee - 1;
        while bitmap != 0 {
            let bit = bitmap & bitmap.wrapping_neg();
            bitmap ^= bit;
            self.nodes += 1;
            let last = self.mask & !(((l | bit) << 1) | d | bit | ((r | bit) >> 1));
            if last != 0 && last & self.lastmask == 0 {
                self.board[y & 31] = bit;
                self.board[(y + 1) & 31] = last;
                self.check();
            }
        }
    }

    /// Row `y` onwards (`y` below the last row), row 0's queen inside; two rows per call
    /// as in [`Search::corner`].
    fn inside(&mut self, y: usize, l: u32, d: u32, r: u32) {
        let mut bitmap = self.free_inside(y, l, d, r);
        self.poll();
        if y + 1 == self.sizee {
            self.inside_leaves(bitmap, l, d, r);
            return;
        }
        while bitmap != 0 {
            let bit = bitmap & bitmap.wrapping_neg();
            bitmap ^= bit;
            self.board[y & 31] = bit;
            self.nodes += 1;
            let (l, d, r) = ((l | bit) << 1, d | bit, (r | bit) >> 1);
            let mut next = self.free_inside(y + 1, l, d, r);
            if y + 2 == self.sizee {
                self.inside_leaves(next, l, d, r);
                continue;
            }
            while next != 0 {
                let bit = next & next.wrapping_neg();
                next ^= bit;
                self.board[(y + 1) & 31] = bit;
                self.nodes += 1;
                self.inside(y + 2, (l | bit) << 1, d | bit, (r | bit) >> 1);
            }
        }
    }

    /// Compares a complete board with its rotations; counts it by its class size, or not
    /// at all when a rotation is smaller.
    fn check(&mut self) {
        let b = &self.board;
        let e = self.sizee;
        // 90°.
        if b[self.bound2] == 1 {
            let (mut own, mut ptn) = (1, 2u32);
            while own <= e {
                let (mut bit, mut you) = (1u32, e);
                while b[you] != ptn && b[own] >= bit {
                    bit <<= 1;
                    you -= 1;
                }
                if b[own] > bit {
                    return;
                }
                if b[own] < bit {
                    break;
                }
                own += 1;
                ptn <<= 1;
            }
            if own > e {
                self.count.count2 += 1;
                return;
            }
        }
        // 180°.
        if b[e] == self.endbit {
            let (mut own, mut you) = (1, e - 1);
            while own <= e {
                let (mut bit, mut ptn) = (1u32, self.topbit);
                while ptn != b[you] && b[own] >= bit {
                    bit <<= 1;
                    ptn >>= 1;
                }
                if b[own] > bit {
                    return;
                }
                if b[own] < bit {
                    break;
                }
                own += 1;
                you = you.wrapping_sub(1);
            }
            if own > e {
                self.count.count4 += 1;
                return;
            }
        }
        // 270°.
        if b[self.bound1] == self.topbit {
            let (mut own, mut ptn) = (1, self.topbit >> 1);
            while own <= e {
                let (mut bit, mut you) = (1u32, 0);
                while b[you] != ptn && b[own] >= bit {
                    bit <<= 1;
                    you += 1;
                }
                if b[own] > bit {
                    return;
                }
                if b[own] < bit {
                    break;
                }
                own += 1;
                ptn >>= 1;
            }
        }
        self.count.count8 += 1;
    }
}

/// Counts one task, asking `stop` every [`STOP_CHECK`] nodes (see [`tasks`] for an
/// example).
pub fn count_task(task: &Task, stop: &(dyn Fn() -> bool + Sync)) -> TaskCount {
    let n = task.n;
    let sizee = (n - 1) as usize;
    let topbit = 1u32 << (n - 1);
    let mut s = Search {
        sizee,
        mask: (1u32 << n) - 1,
        topbit,
        endbit: topbit >> 1,
        sidemask: topbit | 1,
        lastmask: topbit | 1,
        bound1: task.bound1 as usize,
        bound2: (n - 1 - task.bound1) as usize,
        board: [0; 32],
        count: TaskCount {
            complete: true,
            ..TaskCount::default()
        },
        stop,
        stopped: false,
        nodes: 1,
        next_check: STOP_CHECK,
    };
    if task.corner {
        let bit = task.second;
        s.board[0] = 1;
        s.board[1] = bit;
        s.corner(2, (2 | bit) << 1, 1 | bit, bit >> 1);
    } else {
        // The masks of the `bound1 − 1` earlier rounds of the document's loop.
        for _ in 1..task.bound1 {
            s.lastmask |= (s.lastmask >> 1) | (s.lastmask << 1);
            s.endbit >>= 1;
        }
        let first = 1u32 << task.bound1;
        let bit = task.second;
        s.board[0] = first;
        s.board[1] = bit;
        let (left, down, right) = (first << 1, first, first >> 1);
        s.inside(2, (left | bit) << 1, down | bit, (right | bit) >> 1);
    }
    s.count.nodes = s.nodes;
    s.count.complete = !s.stopped;
    s.count
}

/// Counts `n < 5` directly (plain backtracking; no symmetry needed).
///
/// # Example
///
/// ```rust
/// use searchlab::solve::queens::count::count_small;
///
/// assert_eq!([1, 2, 3, 4].map(count_small), [1, 0, 0, 2]);
/// ```
pub fn count_small(n: u32) -> u64 {
    fn go(mask: u32, left: u32, down: u32, right: u32) -> u64 {
        if down == mask {
            return 1;
        }
        let mut bitmap = mask & !(left | down | right);
        let mut total = 0;
        while bitmap != 0 {
            let bit = bitmap & bitmap.wrapping_neg();
            bitmap ^= bit;
            total += go(mask, (left | bit) << 1, down | bit, (right | bit) >> 1);
        }
        total
    }
    if n == 0 {
        return 1;
    }
    go((1u32 << n) - 1, 0, 0, 0)
}

/// Counts the solutions whose first columns hold the queens of a partial placement.
///
/// Turning the board over its main diagonal swaps rows and columns and maps solutions to
/// solutions, so the placement's queens are laid down as the first rows of the same
/// bitboard search as [`count_small`], one bit per column. No symmetry is used: each
/// solution is found once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prefix {
    n: u32,
    /// Columns, diagonals and anti-diagonals attacked in the next row.
    down: u32,
    left: u32,
    right: u32,
    /// Rows placed.
    depth: u32,
    /// Per later row, the one bit its queen must take (0: any), for a placement with
    /// gaps (see [`Prefix::pinned`]).
    pins: Vec<u32>,
    /// Per row, the bits the pinned queens of later rows attack: no solution keeping the
    /// pins has a queen there, so the search skips them at once.
    forbid: Vec<u32>,
}

impl Prefix {
    /// The placement `rows` (the row of the queen in each of the first columns) on an
    /// `n × n` board, `1 ≤ n ≤` [`MAX_COUNT_N`]; `None` when a queen is off the board or
    /// two attack each other (then no solution completes it: see
    /// [`crate::puzzle::queens::validate_partial`] for which).
    pub fn new(n: u32, rows: &[u32]) -> Option<Prefix> {
        if n == 0 || n > MAX_COUNT_N || rows.len() > n as usize {
            return None;
        }
        let columns: Vec<Option<u32>> = rows.iter().map(|&r| Some(r)).collect();
        Prefix::pinned(n, &columns)
    }

    /// A placement with gaps: `columns[c]` is the row of column `c`'s queen, or `None`
    /// for a column still empty (columns past the slice are empty too). Its count is of
    /// the solutions that keep every queen placed. `None` when a queen is off the board,
    /// or when the queens of the first columns (up to the first gap) are attacked by
    /// each other or by a queen placed further on; other attacks are found by the count,
    /// which then finds no solution. The squares a later queen attacks are ruled out of
    /// the columns before it from the start.
    ///
    /// # Example
    ///
    /// ```rust
    /// use searchlab::solve::queens::count::Prefix;
    ///
    /// // Of the 92 solutions of 8 queens, 4 have a queen in the corner a8 (row 0 of
    /// // column 0), and as many in the corner h8 (row 0 of column 7).
    /// let corner = Prefix::pinned(8, &[None, None, None, None, None, None, None, Some(0)]);
    /// assert_eq!(corner.unwrap().count(&|| false).total(), 4);
    /// ```
    pub fn pinned(n: u32, columns: &[Option<u32>]) -> Option<Prefix> {
        if n == 0 || n > MAX_COUNT_N || columns.len() > n as usize {
            return None;
        }
        if columns.iter().flatten().any(|&r| r >= n) {
            return None;
        }
        let mut pins = vec![0u32; n as usize];
        let mut forbid = vec![0u32; n as usize];
        for (c, r) in columns.iter().enumerate() {
            if let Some(r) = *r {
                pins[c] = 1 << r;
                // Its row and its two diagonals, in every row before it.
                for (d, f) in forbid.iter_mut().enumerate().take(c) {
                    let k = (c - d) as u32;
                    *f |= 1 << r;
                    if r >= k {
                        *f |= 1 << (r - k);
                    }
                    if r + k < n {
                        *f |= 1 << (r + k);
                    }
                }
            }
        }
        let mut p = Prefix {
            n,
            down: 0,
            left: 0,
            right: 0,
            depth: 0,
            pins,
            forbid,
        };
        while let Some(&bit) = p.pins.get(p.depth as usize).filter(|&&b| b != 0) {
            p = p.place(bit)?;
        }
        Some(p)
    }

    fn mask(n: u32) -> u32 {
        (1u32 << n) - 1
    }

    /// The safe bits of the next row (only its pin's, when it has one).
    fn free(&self) -> u32 {
        let depth = self.depth as usize;
        let pin = match self.pins.get(depth) {
            Some(&p) if p != 0 => p,
            _ => u32::MAX,
        };
        let forbid = self.forbid.get(depth).copied().unwrap_or(0);
        Self::mask(self.n) & !(self.left | self.down | self.right | forbid) & pin
    }

    fn place(&self, bit: u32) -> Option<Prefix> {
        if self.free() & bit == 0 {
            return None;
        }
        Some(Prefix {
            n: self.n,
            down: self.down | bit,
            left: ((self.left | bit) << 1) & Self::mask(self.n),
            right: (self.right | bit) >> 1,
            depth: self.depth + 1,
            pins: self.pins.clone(),
            forbid: self.forbid.clone(),
        })
    }

    /// The placement extended by each safe row of the next column, for counting in
    /// parallel: together they count what this one does.
    pub fn split(&self) -> Vec<Prefix> {
        if self.depth == self.n {
            return vec![self.clone()];
        }
        let mut out = Vec::new();
        let mut free = self.free();
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            out.extend(self.place(bit));
        }
        out
    }

    /// Counts the solutions that complete it (as [`TaskCount::count1`]), asking `stop`
    /// every [`STOP_CHECK`] nodes.
    pub fn count(&self, stop: &(dyn Fn() -> bool + Sync)) -> TaskCount {
        struct Walk<'a> {
            mask: u32,
            pins: &'a [u32],
            forbid: &'a [u32],
            out: TaskCount,
            next_check: u64,
            stop: &'a (dyn Fn() -> bool + Sync),
        }
        impl Walk<'_> {
            fn go(&mut self, depth: usize, down: u32, left: u32, right: u32) {
                if down == self.mask {
                    self.out.count1 += 1;
                    return;
                }
                let mut free = self.mask & !(left | down | right);
                if let Some(&pin) = self.pins.get(depth).filter(|&&p| p != 0) {
                    free &= pin;
                }
                free &= !self.forbid.get(depth).copied().unwrap_or(0);
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free ^= bit;
                    self.out.nodes += 1;
                    if self.out.nodes >= self.next_check {
                        self.next_check += STOP_CHECK;
                        if (self.stop)() {
                            self.out.complete = false;
                        }
                    }
                    if !self.out.complete {
                        return;
                    }
                    self.go(
                        depth + 1,
                        down | bit,
                        ((left | bit) << 1) & self.mask,
                        (right | bit) >> 1,
                    );
                }
            }
        }
        let mut w = Walk {
            mask: Self::mask(self.n),
            pins: &self.pins,
            forbid: &self.forbid,
            out: TaskCount {
                complete: true,
                ..TaskCount::default()
            },
            next_check: STOP_CHECK,
            stop,
        };
        w.go(self.depth as usize, self.down, self.left, self.right);
        w.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::queens::A000170;
    use crate::testing::test;

    fn count(n: u32) -> TaskCount {
        let stop = || false;
        let mut total = TaskCount {
            complete: true,
            ..TaskCount::default()
        };
        for t in tasks(n) {
            total.add(&count_task(&t, &stop));
        }
        total
    }

    #[test]
    fn counts_match_oeis_a000170_up_to_12() {
        for n in 0..5 {
            assert_eq!(count_small(n), A000170[n as usize], "n = {n}");
        }
        for n in 5..=12 {
            let c = count(n);
            assert!(c.complete);
            assert_eq!(c.total(), A000170[n as usize], "n = {n}");
        }
        // Unique solutions up to symmetry (OEIS A002562): 8 → 12, 10 → 92, 12 → 1,787.
        assert_eq!(count(8).unique(), 12);
        assert_eq!(count(10).unique(), 92);
        assert_eq!(count(12).unique(), 1_787);
    }

    #[test]
    fn prefix_counts_add_up_to_the_total_and_refuse_attacks() {
        for n in 1..=10u32 {
            let whole = Prefix::new(n, &[]).unwrap().count(&|| false);
            assert_eq!(whole.total(), A000170[n as usize], "n = {n}");
            let by_first: u64 = (0..n)
                .filter_map(|r| Prefix::new(n, &[r]))
                .map(|p| p.count(&|| false).total())
                .sum();
            assert_eq!(by_first, A000170[n as usize], "n = {n}");
            let split: u64 = Prefix::new(n, &[])
                .unwrap()
                .split()
                .iter()
                .map(|p| p.count(&|| false).total())
                .sum();
            assert_eq!(split, A000170[n as usize], "n = {n}");
        }
        // The first solution in column order completes itself, and only once.
        let one = Prefix::new(8, &[0, 4, 7, 5, 2, 6, 1, 3]).unwrap();
        assert_eq!(one.count(&|| false).total(), 1);
        assert_eq!(Prefix::new(8, &[0, 1]), None, "a diagonal attack");
        assert_eq!(Prefix::new(8, &[3, 3]), None, "a row attack");
        assert_eq!(Prefix::new(8, &[8]), None, "off the board");
        // Pinning any one column's queen, summed over its rows, gives the total; so does
        // pinning two columns, over every pair of rows.
        for n in [6u32, 8] {
            for c in 0..n as usize {
                let sum: u64 = (0..n)
                    .map(|r| {
                        let mut cols = vec![None; n as usize];
                        cols[c] = Some(r);
                        Prefix::pinned(n, &cols).map_or(0, |p| p.count(&|| false).total())
                    })
                    .sum();
                assert_eq!(sum, A000170[n as usize], "n = {n}, column {c}");
            }
            let (a, b) = (1usize, n as usize - 2);
            let mut sum = 0;
            for ra in 0..n {
                for rb in 0..n {
                    let mut cols = vec![None; n as usize];
                    cols[a] = Some(ra);
                    cols[b] = Some(rb);
                    sum += Prefix::pinned(n, &cols).map_or(0, |p| p.count(&|| false).total());
                }
            }
            assert_eq!(sum, A000170[n as usize], "n = {n}, columns {a} and {b}");
        }
    }

    #[test]
    fn a_stop_flag_ends_the_count_incomplete() {
        let t = tasks(17)[3];
        let full = count_task(&t, &|| false);
        assert!(full.complete && full.nodes > 4 * STOP_CHECK, "{full:?}");
        let c = count_task(&t, &|| true);
        assert!(!c.complete);
        assert!(c.nodes < full.nodes / 2, "{} of {}", c.nodes, full.nodes);
    }
}
