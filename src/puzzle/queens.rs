//! N-Queens: a placement is one row per column (`rows[col] = row`, row 0 at the top), so
//! no two queens ever share a column; they may share a row or a diagonal.
//!
//! The N-Queens AI report scores a placement three ways, and they are not three different
//! measures:
//!
//! - [`Heuristic::H1`] counts attacking pairs with a nested loop (`O(n²)`): a pair attacks
//!   when it shares a row or a diagonal (it cannot share both).
//! - [`Heuristic::H2`] counts, for every queen, the other queens on its row and on both
//!   its diagonals, with three arrays (`O(n)`). A pair that attacks is counted once from
//!   each end, so **h2 = 2 · h1, always**.
//! - [`Heuristic::H3`] counts the same per-queen conflicts with a nested loop and halves
//!   them, so **h3 = h1, always**.
//!
//! The document ranks them by "strength" (h3 > h2 > h1), but all three order placements
//! identically: any search guided by one is guided the same way by the others. What
//! differs is speed (h2 is `O(n)`, the others `O(n²)`). [`conflicts`] is the `O(n)` count
//! of attacking pairs (h1's value at h2's cost) that the solvers use.

use crate::puzzle::ChoiceError;
use serde::{Deserialize, Serialize};

/// The largest board we accept: placements are `n` rows of 4 bytes, and the `O(n)`
/// counters keep about `6n` more. Ten million queens take about 200 MB and are placed,
/// checked and copied within a fraction of a second, so a time limit holds.
pub const MAX_N: u64 = 10_000_000;

/// One of the N-Queens AI report's three heuristics.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    strum::EnumString,
    strum::VariantNames,
    strum::IntoStaticStr,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum Heuristic {
    /// `heuristic1`: attacking pairs by a nested loop, O(n²).
    H1,
    /// `heuristic2`: conflicts per queen counted with arrays, O(n); always 2 × h1.
    H2,
    /// `heuristic3`: per-queen conflicts by a nested loop, halved, O(n²); always h1.
    H3,
}

impl Heuristic {
    /// The three, in order.
    pub const ALL: [Heuristic; 3] = [Heuristic::H1, Heuristic::H2, Heuristic::H3];

    /// Parses `h1`, `h2` or `h3`.
    pub fn parse(text: &str) -> Result<Heuristic, ChoiceError> {
        text.parse().map_err(|_| ChoiceError {
            name: "heuristic",
            value: text.to_string(),
            allowed: "h1 (attacking pairs, nested loop), h2 (conflicts per queen with arrays; always 2 x h1) or h3 (per-queen conflicts halved; always equal to h1)",
        })
    }

    /// The name [`Heuristic::parse`] reads.
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// The heuristic's value, computed the way the N-Queens AI report computes it.
    pub fn eval(self, rows: &[u32]) -> u64 {
        match self {
            Heuristic::H1 => h1(rows),
            Heuristic::H2 => h2(rows),
            Heuristic::H3 => h3(rows),
        }
    }
}

/// The N-Queens AI report's `heuristic1`: attacking pairs, by a nested loop.
pub fn h1(rows: &[u32]) -> u64 {
    let n = rows.len();
    let mut conflicts = 0;
    for i in 0..n {
        for j in i + 1..n {
            if rows[i] == rows[j] || rows[i].abs_diff(rows[j]) as usize == j - i {
                conflicts += 1;
            }
        }
    }
    conflicts
}

/// The queens on each row, rising diagonal (`c + r`) and falling diagonal (`c + n − r`)
/// of a placement of one queen per column, rows below `rows.len()`.
fn line_counts(rows: &[u32]) -> (Vec<u64>, Vec<u64>, Vec<u64>) {
    let n = rows.len();
    let mut row = vec![0u64; n];
    let mut d1 = vec![0u64; 2 * n];
    let mut d2 = vec![0u64; 2 * n];
    for (c, &r) in rows.iter().enumerate() {
        let r = r as usize;
        row[r] += 1;
        d1[c + r] += 1;
        d2[c + n - r] += 1;
    }
    (row, d1, d2)
}

/// The N-Queens AI report's `heuristic2`: per queen, the other queens on its row and both
/// diagonals.
pub fn h2(rows: &[u32]) -> u64 {
    let n = rows.len();
    let (row, d1, d2) = line_counts(rows);
    rows.iter()
        .enumerate()
        .map(|(c, &r)| {
            let r = r as usize;
            (row[r] - 1) + (d1[c + r] - 1) + (d2[c + n - r] - 1)
        })
        .sum()
}

/// The N-Queens AI report's `heuristic3`: per-queen conflicts by a nested loop, halved.
pub fn h3(rows: &[u32]) -> u64 {
    let n = rows.len();
    let mut conflicts = 0;
    for c in 0..n {
        for c2 in 0..n {
            if c == c2 {
                continue;
            }
            if rows[c] == rows[c2] {
                conflicts += 1;
            }
            if rows[c].abs_diff(rows[c2]) as usize == c.abs_diff(c2) {
                conflicts += 1;
            }
        }
    }
    conflicts / 2
}

/// Attacking pairs in `O(n)`: `Σ k(k−1)/2` over rows and diagonals holding `k` queens.
/// `rows` may be a partial placement (the first columns of a larger board, as a
/// backtracking search cut short leaves it).
pub fn conflicts(rows: &[u32]) -> u64 {
    conflicts_while(rows, || true).unwrap_or(0)
}

/// How many queens a long check takes between asking whether to go on: on a board of
/// millions, each queen's first look at its row and diagonals touches fresh memory (about
/// 2 µs a page), so a millisecond or two.
pub const CHECK_CHUNK: usize = 1 << 12;

/// [`conflicts`], asking `go_on` every [`CHECK_CHUNK`] queens whether to go on: `None`
/// when it said no.
pub fn conflicts_while(rows: &[u32], mut go_on: impl FnMut() -> bool) -> Option<u64> {
    let n = rows
        .len()
        .max(rows.iter().max().map_or(0, |&m| m as usize + 1));
    // First a bit per row and diagonal, an eighth of a byte a line (the counts below take
    // 4 bytes): a solution, the usual case, sets no bit twice and is done.
    let mut seen_row = vec![0u64; n.div_ceil(64)];
    let mut seen_d1 = vec![0u64; (2 * n).div_ceil(64)];
    let mut seen_d2 = vec![0u64; (2 * n).div_ceil(64)];
    let set = |bits: &mut [u64], i: usize| {
        let (w, bit) = (i >> 6, 1u64 << (i & 63));
        let was = bits[w] & bit != 0;
        bits[w] |= bit;
        was
    };
    let mut clash = false;
    for (c, &r) in rows.iter().enumerate() {
        if c % CHECK_CHUNK == CHECK_CHUNK - 1 && !go_on() {
            return None;
        }
        let r = r as usize;
        clash |= set(&mut seen_row, r) | set(&mut seen_d1, c + r) | set(&mut seen_d2, c + n - r);
        if clash {
            break;
        }
    }
    if !clash {
        return Some(0);
    }
    drop((seen_row, seen_d1, seen_d2));
    let mut row = vec![0u32; n];
    let mut d1 = vec![0u32; 2 * n];
    let mut d2 = vec![0u32; 2 * n];
    let mut pairs = 0u64;
    for (c, &r) in rows.iter().enumerate() {
        if c % CHECK_CHUNK == CHECK_CHUNK - 1 && !go_on() {
            return None;
        }
        let r = r as usize;
        // Each earlier queen on the same line makes one more pair.
        pairs += u64::from(row[r] + d1[c + r] + d2[c + n - r]);
        row[r] += 1;
        d1[c + r] += 1;
        d2[c + n - r] += 1;
    }
    Some(pairs)
}

/// The landscape a local search sees from a full placement (one queen per column, rows
/// below n): for each square, the attacking pairs the placement would have if its
/// column's queen moved there (the squares the queens stand on hold the pairs now).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Landscape {
    /// Queens (and the board's side).
    pub n: usize,
    /// Row-major: square (r, c) at `r * n + c`.
    pub pairs: Vec<u64>,
    /// The attacking pairs now.
    pub now: u64,
    /// The fewest over every move of one queen to another row of its column.
    pub best_move: u64,
}

/// Where a placement stands in its landscape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// No queen attacks another.
    Solution,
    /// `moves` single-queen moves lower the attacking pairs.
    Downhill {
        /// How many.
        moves: usize,
    },
    /// No move lowers them, `moves` keep them as they are: a plateau (or a shoulder).
    Plateau {
        /// How many.
        moves: usize,
    },
    /// Every move raises them: a strict local minimum.
    LocalMinimum,
}

impl Landscape {
    /// The landscape of `rows`, in `O(n²)` from its row and diagonal counts; `None` unless
    /// `rows` puts one queen on the board in each of its columns (n ≥ 2).
    pub fn of(rows: &[u32]) -> Option<Landscape> {
        let n = rows.len();
        if n < 2 || rows.iter().any(|&r| r as usize >= n) {
            return None;
        }
        let (row, d1, d2) = line_counts(rows);
        let now = conflicts(rows);
        let mut pairs = vec![0u64; n * n];
        let mut best_move = u64::MAX;
        for (c, &own) in rows.iter().enumerate() {
            let own = own as usize;
            // The pairs queen c is in, and those it would be in on row r (itself left out).
            let leaving = row[own] + d1[c + own] + d2[c + n - own] - 3;
            for r in 0..n {
                let value = if r == own {
                    now
                } else {
                    now - leaving + row[r] + d1[c + r] + d2[c + n - r]
                };
                pairs[r * n + c] = value;
                if r != own {
                    best_move = best_move.min(value);
                }
            }
        }
        Some(Landscape {
            n,
            pairs,
            now,
            best_move,
        })
    }

    /// The pairs after moving column `c`'s queen to row `r`.
    pub fn at(&self, r: usize, c: usize) -> u64 {
        self.pairs[r * self.n + c]
    }

    /// Whether the placement is a solution, has moves down, or stands on a plateau or a
    /// local minimum.
    pub fn standing(&self, rows: &[u32]) -> Standing {
        if self.now == 0 {
            return Standing::Solution;
        }
        let count = |f: &dyn Fn(u64) -> bool| {
            (0..self.n)
                .flat_map(|c| (0..self.n).map(move |r| (r, c)))
                .filter(|&(r, c)| rows[c] as usize != r && f(self.at(r, c)))
                .count()
        };
        match self.best_move.cmp(&self.now) {
            std::cmp::Ordering::Less => Standing::Downhill {
                moves: count(&|v| v < self.now),
            },
            std::cmp::Ordering::Equal => Standing::Plateau {
                moves: count(&|v| v == self.now),
            },
            std::cmp::Ordering::Greater => Standing::LocalMinimum,
        }
    }
}

impl Standing {
    /// Where `rows` stands, as [`Landscape::standing`] says, in `O(n²)` time but without
    /// keeping the landscape's n² figures (200 MB at 5,000 queens); `None` as for
    /// [`Landscape::of`].
    pub fn of(rows: &[u32]) -> Option<Standing> {
        let n = rows.len();
        if n < 2 || rows.iter().any(|&r| r as usize >= n) {
            return None;
        }
        let (row, d1, d2) = line_counts(rows);
        let now = conflicts(rows);
        if now == 0 {
            return Some(Standing::Solution);
        }
        let (mut down, mut level) = (0, 0);
        for (c, &own) in rows.iter().enumerate() {
            let own = own as usize;
            let leaving = row[own] + d1[c + own] + d2[c + n - own] - 3;
            for r in (0..n).filter(|&r| r != own) {
                match (now - leaving + row[r] + d1[c + r] + d2[c + n - r]).cmp(&now) {
                    std::cmp::Ordering::Less => down += 1,
                    std::cmp::Ordering::Equal => level += 1,
                    std::cmp::Ordering::Greater => {}
                }
            }
        }
        Some(match (down, level) {
            (0, 0) => Standing::LocalMinimum,
            (0, moves) => Standing::Plateau { moves },
            (moves, _) => Standing::Downhill { moves },
        })
    }
}

/// Why a placement is not a solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlacementError {
    /// Not `n` queens for an `n × n` board.
    WrongLength {
        /// The board's size.
        n: usize,
        /// The queens given.
        len: usize,
    },
    /// A queen off the board.
    OffBoard {
        /// The queen's column.
        col: usize,
        /// Its row, `n` or more.
        row: u32,
        /// The board's size.
        n: usize,
    },
    /// Queens that attack each other.
    Attacks {
        /// The first few attacking pairs, as `(col, row)` pairs.
        pairs: Vec<((usize, u32), (usize, u32))>,
        /// How many pairs attack each other in all.
        total: u64,
    },
}

impl std::fmt::Display for PlacementError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlacementError::WrongLength { n, len } => {
                write!(f, "{len} queens for a {n}x{n} board: expected {n}")
            }
            PlacementError::OffBoard { col, row, n } => {
                write!(
                    f,
                    "the queen of column {col} is on row {row}, off the {n}x{n} board"
                )
            }
            PlacementError::Attacks { pairs, total } => {
                write!(
                    f,
                    "{total} attacking pair{}: ",
                    if *total == 1 { "" } else { "s" }
                )?;
                let shown: Vec<String> = pairs
                    .iter()
                    .map(|((c1, r1), (c2, r2))| {
                        let how = if r1 == r2 { "row" } else { "diagonal" };
                        format!("({r1},{c1}) and ({r2},{c2}) share a {how}")
                    })
                    .collect();
                write!(f, "{}", shown.join("; "))?;
                if *total > pairs.len() as u64 {
                    write!(f, "; …")?;
                }
                Ok(())
            }
        }
    }
}

/// The most attacking pairs a validation error lists.
const LISTED_PAIRS: usize = 5;

/// The rightmost queen of `rows` (the row of the queen in each column, from column 0) that
/// attacks the square in column `column`, row `row`, along a row or a diagonal: its
/// column. `None` when none does. A queen on the square's own column is not counted.
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::queens::attacker;
///
/// // Queens on rows 0, 3 and 1 of columns 0, 1 and 2; squares of column 3 tried.
/// let rows = [0, 3, 1];
/// assert_eq!(attacker(&rows, 3, 0), Some(2), "column 0's row, column 2's diagonal");
/// assert_eq!(attacker(&rows, 3, 2), Some(2), "column 2's diagonal");
/// assert_eq!(attacker(&rows, 3, 3), Some(1), "column 1's row, column 0's diagonal");
/// assert_eq!(attacker(&rows, 3, 4), None);
/// ```
pub fn attacker(rows: &[u32], column: u32, row: u32) -> Option<u32> {
    (0..rows.len() as u32).rev().find(|&c| {
        let r = rows[c as usize];
        c != column && (r == row || r.abs_diff(row) == c.abs_diff(column))
    })
}

/// Checks that `rows` places `n` non-attacking queens on an `n × n` board, naming the
/// attacking pairs when it does not. `O(n)` unless there are attacks to name.
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::queens::{PlacementError, validate};
///
/// // rows[col] is the row of the queen in column col.
/// assert_eq!(validate(4, &[1, 3, 0, 2]), Ok(()));
/// assert_eq!(validate(4, &[1, 3, 0]), Err(PlacementError::WrongLength { n: 4, len: 3 }));
/// let Err(PlacementError::Attacks { total, .. }) = validate(4, &[0, 1, 2, 3]) else {
///     panic!("a diagonal of queens attacks itself");
/// };
/// assert_eq!(total, 6);
/// ```
pub fn validate(n: usize, rows: &[u32]) -> Result<(), PlacementError> {
    validate_while(n, rows, || true).map(|_| ())
}

/// [`validate`], asking `go_on` as [`conflicts_while`] does: `Ok(false)` when it said no
/// (the placement is then neither accepted nor refused).
pub fn validate_while(
    n: usize,
    rows: &[u32],
    go_on: impl FnMut() -> bool,
) -> Result<bool, PlacementError> {
    if rows.len() != n {
        return Err(PlacementError::WrongLength { n, len: rows.len() });
    }
    validate_partial_while(n, rows, go_on)
}

/// Checks that `rows` places queens in the first `rows.len()` columns of an `n × n` board
/// (at most `n`) with none attacking another: a placement some solutions may complete.
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::queens::{PlacementError, validate_partial};
///
/// assert_eq!(validate_partial(8, &[0, 4]), Ok(()));
/// let Err(PlacementError::Attacks { pairs, .. }) = validate_partial(8, &[0, 1]) else {
///     panic!("two queens a diagonal step apart attack each other");
/// };
/// assert_eq!(pairs, [((0, 0), (1, 1))]);
/// ```
pub fn validate_partial(n: usize, rows: &[u32]) -> Result<(), PlacementError> {
    validate_partial_while(n, rows, || true).map(|_| ())
}

/// [`validate_partial`], asking `go_on` as [`conflicts_while`] does.
pub fn validate_partial_while(
    n: usize,
    rows: &[u32],
    go_on: impl FnMut() -> bool,
) -> Result<bool, PlacementError> {
    if rows.len() > n {
        return Err(PlacementError::WrongLength { n, len: rows.len() });
    }
    if let Some((col, &row)) = rows.iter().enumerate().find(|(_, r)| **r as usize >= n) {
        return Err(PlacementError::OffBoard { col, row, n });
    }
    let Some(total) = conflicts_while(rows, go_on) else {
        return Ok(false);
    };
    if total == 0 {
        return Ok(true);
    }
    // Name the first pairs: the last queen seen on each line, per line.
    let mut row_last = vec![usize::MAX; n];
    let mut d1_last = vec![usize::MAX; 2 * n];
    let mut d2_last = vec![usize::MAX; 2 * n];
    let mut pairs = Vec::new();
    for (c, &r) in rows.iter().enumerate() {
        let ri = r as usize;
        for last in [
            &mut row_last[ri],
            &mut d1_last[c + ri],
            &mut d2_last[c + n - ri],
        ] {
            if *last != usize::MAX && pairs.len() < LISTED_PAIRS {
                pairs.push(((*last, rows[*last]), (c, r)));
            }
            *last = c;
        }
    }
    Err(PlacementError::Attacks { pairs, total })
}

/// Known counts of solutions up to rotation and reflection, OEIS A002562 (n = 1 … 27; the
/// entry for n = 0 is 1, the empty board), for tests and the small boards the count does
/// not split into tasks.
pub const A002562: [u64; 28] = [
    1,
    1,
    0,
    0,
    1,
    2,
    1,
    6,
    12,
    46,
    92,
    341,
    1_787,
    9_233,
    45_752,
    285_053,
    1_846_955,
    11_977_939,
    83_263_591,
    621_012_754,
    4_878_666_808,
    39_333_324_973,
    336_376_244_042,
    3_029_242_658_210,
    28_439_272_956_934,
    275_986_683_743_434,
    2_789_712_466_510_289,
    29_363_495_934_315_694,
];

/// Known solution counts, OEIS A000170 (n = 0 … 27), for tests and messages.
pub const A000170: [u64; 28] = [
    1,
    1,
    0,
    0,
    2,
    10,
    4,
    40,
    92,
    352,
    724,
    2_680,
    14_200,
    73_712,
    365_596,
    2_279_184,
    14_772_512,
    95_815_104,
    666_090_624,
    4_968_057_848,
    39_029_188_884,
    314_666_222_712,
    2_691_008_701_644,
    24_233_937_684_440,
    227_514_171_973_736,
    2_207_893_435_808_352,
    22_317_699_616_364_044,
    234_907_967_154_122_528,
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::test;

    /// Attacking pairs by looking at every pair of queens.
    fn conflicts_slow(rows: &[u32]) -> u64 {
        let mut pairs = 0;
        for a in 0..rows.len() {
            for b in a + 1..rows.len() {
                let dr = rows[a].abs_diff(rows[b]) as usize;
                pairs += u64::from(dr == 0 || dr == b - a);
            }
        }
        pairs
    }

    #[test]
    fn solutions_have_no_pairs_and_a_refused_check_says_none() {
        for n in [1u32, 4, 5, 8, 100, 1001] {
            let rows = crate::solve::queens::construct::construct(n).unwrap();
            assert_eq!(conflicts(&rows), 0);
            assert_eq!(conflicts_slow(&rows), 0);
        }
        let wide: Vec<u32> = (0..3 * CHECK_CHUNK as u32).collect();
        assert_eq!(conflicts_while(&wide, || false), None);
        let wide = crate::solve::queens::construct::construct(3 * CHECK_CHUNK as u32).unwrap();
        assert_eq!(conflicts_while(&wide, || false), None);
    }

    #[test]
    fn the_attacker_named_is_the_rightmost_queen_that_adds_a_pair() {
        // Pairs the queen `row` of the next file makes with the queens of `rows`.
        let new_pairs = |rows: &[u32], row: u32| {
            let mut with = rows.to_vec();
            with.push(row);
            conflicts_slow(&with) - conflicts_slow(rows)
        };
        // Every placement of 4 queens on a 5 × 5 board and every square of the next file.
        for code in 0..5u32.pow(4) {
            let rows: Vec<u32> = (0..4).map(|c| code / 5u32.pow(c) % 5).collect();
            for row in 0..5 {
                // Queen c attacks the square when moving it far off the board (a row and
                // diagonals nothing else is on) takes a pair away.
                let attacks = |c: usize| {
                    let mut away = rows.clone();
                    away[c] = 1000 + 10 * c as u32;
                    new_pairs(&rows, row) > new_pairs(&away, row)
                };
                let expected = (0..4).rev().find(|&c| attacks(c)).map(|c| c as u32);
                assert_eq!(attacker(&rows, 4, row), expected, "{rows:?}, row {row}");
            }
        }
    }

    proptest::proptest! {
        /// The count of attacking pairs is the count pair by pair, on any rows (rows may
        /// repeat, and lie below n or not): a permutation, a solution or neither.
        #[test]
        fn conflicts_are_the_pairs_counted_pair_by_pair(
            rows in proptest::collection::vec(0u32..40, 0..40),
            shuffle in proptest::collection::vec(0usize..1000, 40),
        ) {
            use proptest::prelude::*;
            prop_assert_eq!(conflicts(&rows), conflicts_slow(&rows));
            // Permutations too, where only diagonals can clash.
            let mut perm: Vec<u32> = (0..rows.len() as u32).collect();
            for (i, &k) in shuffle.iter().enumerate().take(perm.len()) {
                let j = i + k % (perm.len() - i);
                perm.swap(i, j);
            }
            prop_assert_eq!(conflicts(&perm), conflicts_slow(&perm));
        }

        /// Every square of the landscape holds the pairs of the placement with the move
        /// made, counted from the rules.
        #[test]
        fn the_landscape_is_the_pairs_after_each_move(
            rows in proptest::strategy::Strategy::prop_flat_map(2usize..12, |n| proptest::collection::vec(0u32..n as u32, n))
        ) {
            use proptest::prelude::*;
            let n = rows.len();
            let l = Landscape::of(&rows).unwrap();
            prop_assert_eq!(l.now, conflicts_slow(&rows));
            let mut best = u64::MAX;
            for c in 0..n {
                for r in 0..n {
                    let mut moved = rows.clone();
                    moved[c] = r as u32;
                    prop_assert_eq!(l.at(r, c), conflicts_slow(&moved));
                    if r as u32 != rows[c] {
                        best = best.min(l.at(r, c));
                    }
                }
            }
            prop_assert_eq!(l.best_move, best);
            let standing = l.standing(&rows);
            prop_assert_eq!(Standing::of(&rows), Some(standing));
            match standing {
                Standing::Solution => prop_assert_eq!(l.now, 0),
                Standing::Downhill { moves } => prop_assert!(moves > 0 && best < l.now),
                Standing::Plateau { moves } => prop_assert!(moves > 0 && best == l.now),
                Standing::LocalMinimum => prop_assert!(best > l.now),
            }
        }
    }

    #[test]
    fn a_landscape_needs_a_whole_placement() {
        assert_eq!(Landscape::of(&[0]), None);
        assert_eq!(Landscape::of(&[0, 5]), None);
        assert_eq!(Landscape::of(&[0, u32::MAX]), None);
        // 4 queens on the solution 1 3 0 2: a solution, every move raises the pairs.
        let l = Landscape::of(&[1, 3, 0, 2]).unwrap();
        assert_eq!(l.standing(&[1, 3, 0, 2]), Standing::Solution);
        assert!(l.best_move > 0);
    }
    use proptest::prelude::*;

    #[test]
    fn validation_names_the_attacking_pairs() {
        assert_eq!(validate(4, &[1, 3, 0, 2]), Ok(()));
        let e = validate(4, &[0, 1, 2, 3]).unwrap_err();
        assert!(matches!(e, PlacementError::Attacks { total: 6, .. }), "{e}");
        assert!(
            e.to_string().contains("(0,0) and (1,1) share a diagonal"),
            "{e}"
        );
        let e = validate(4, &[0, 2, 0, 3]).unwrap_err().to_string();
        assert!(e.contains("(0,0) and (0,2) share a row"), "{e}");
        assert!(matches!(
            validate(4, &[0, 1]),
            Err(PlacementError::WrongLength { .. })
        ));
        assert!(matches!(
            validate(4, &[0, 1, 2, 4]),
            Err(PlacementError::OffBoard { col: 3, .. })
        ));
        assert_eq!(Heuristic::parse("h2"), Ok(Heuristic::H2));
        assert!(
            Heuristic::parse("h4")
                .unwrap_err()
                .to_string()
                .contains("h1")
        );
    }

    proptest! {
        #[test]
        fn the_three_heuristics_are_one_measure(rows in (1usize..40).prop_flat_map(|n| proptest::collection::vec(0u32..n as u32, n))) {
            let pairs = h1(&rows);
            prop_assert_eq!(h2(&rows), 2 * pairs);
            prop_assert_eq!(h3(&rows), pairs);
            prop_assert_eq!(conflicts(&rows), pairs);
            prop_assert_eq!(validate(rows.len(), &rows).is_ok(), pairs == 0);
        }

        /// The first columns of a larger board (a search cut short) count by the same rule.
        #[test]
        fn partial_placements_count_their_pairs(
            (rows, k) in (1usize..40)
                .prop_flat_map(|n| (proptest::collection::vec(0u32..n as u32, n), 0..=n))
        ) {
            prop_assert_eq!(conflicts(&rows[..k]), h1(&rows[..k]));
        }
    }
}
