//! N-Queens as a constraint-satisfaction problem (Russell & Norvig, *Artificial
//! Intelligence: A Modern Approach*, chapter 6): a variable per column, its domain the
//! rows, a constraint between every two columns. Backtracking search chooses a column by
//! a variable ordering (static, minimum remaining values, MRV with the degree heuristic to
//! break ties), tries its rows by a value ordering (top to bottom, or least constraining
//! first), and after each assignment runs an inference (none, forward checking, or arc
//! consistency by AC-3) that takes rows out of the other columns' domains, backing up at
//! once when one is left empty.
//!
//! Domains are bitsets, one row of words a column; every removal goes on a trail, and
//! backing up restores the trail to where the assignment began. With no inference the
//! domains still hold the rows no queen placed attacks (the legal values that MRV counts
//! and the search tries): what "none" leaves out is the test for an empty domain.
//!
//! On N-Queens every column constrains every other, so the degree heuristic (the most
//! constraints on unassigned columns) ties for every column and MRV + degree chooses as
//! MRV does; it is here so that this can be seen.

use super::heuristic::Outcome;
use super::trace::{EMPTY, QueenStep, assigned_prefix, clip};
use crate::solve::trace::{Off, Sink};
use crate::solve::{Control, Counters, Rng, Stop, rng_from_seed};
use rand::RngExt;

/// Which column to fill next.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    strum::EnumString,
    strum::VariantNames,
    strum::IntoStaticStr,
)]
#[strum(serialize_all = "kebab-case")]
pub enum VarOrder {
    /// The leftmost empty column.
    #[default]
    Static,
    /// The column with the fewest rows left (minimum remaining values); the leftmost
    /// among equals.
    Mrv,
    /// MRV, ties broken by the most constraints on other empty columns (then leftmost).
    MrvDegree,
}

/// In which order to try a column's rows.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    strum::EnumString,
    strum::VariantNames,
    strum::IntoStaticStr,
)]
#[strum(serialize_all = "kebab-case")]
pub enum ValueOrder {
    /// From the top.
    #[default]
    InOrder,
    /// Least constraining value first: the row that takes the fewest rows out of the
    /// other empty columns' domains (the top one among equals).
    Lcv,
}

/// What to infer after each assignment.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    strum::EnumString,
    strum::VariantNames,
    strum::IntoStaticStr,
)]
#[strum(serialize_all = "kebab-case")]
pub enum Inference {
    /// Nothing: an empty domain is found only when its column is chosen.
    None,
    /// Forward checking: the rows the new queen attacks leave every empty column's
    /// domain; an emptied domain backs up at once.
    #[default]
    ForwardChecking,
    /// Maintaining arc consistency (AC-3): forward checking, then every row of an empty
    /// column that no row left in another empty column is compatible with leaves too,
    /// until nothing changes.
    Ac3,
}

/// How MRV chooses among columns with equally few rows left.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    strum::EnumString,
    strum::VariantNames,
    strum::IntoStaticStr,
)]
#[strum(serialize_all = "kebab-case")]
pub enum Ties {
    /// The leftmost: the same search for every seed.
    #[default]
    Leftmost,
    /// One drawn at random from the seed: each seed goes down other branches.
    Random,
}

/// The search's three choices, and how ties are broken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Config {
    /// Which column to fill next.
    pub var: VarOrder,
    /// In which order to try its rows.
    pub value: ValueOrder,
    /// What to infer after each assignment.
    pub inference: Inference,
    /// How MRV breaks ties between columns.
    pub ties: Ties,
    /// The seed of the random tie-breaks.
    pub seed: u64,
}

/// Work units (about a nanosecond each) between two looks at the clock and the cancel
/// flag, besides the look every few thousand assignments.
const POLL_WORK: u64 = 1 << 20;

/// The domains, the assignment and the trail of removals.
pub(crate) struct Domains {
    n: usize,
    words: usize,
    bits: Vec<u64>,
    size: Vec<u32>,
    /// Each column's row, [`EMPTY`] where none.
    pub(crate) assigned: Vec<u32>,
    trail: Vec<(u32, u32)>,
    /// AC-3's columns to revise arcs towards, and which are queued.
    queue: Vec<u32>,
    queued: Vec<bool>,
    /// Work done, for polling.
    work: u64,
}

impl Domains {
    /// Every row in every column's domain, no queen placed.
    pub(crate) fn new(n: usize) -> Domains {
        let words = n.div_ceil(64).max(1);
        // Every row: whole words of ones, the last one cut at row n.
        let mut row = vec![u64::MAX; words];
        if !n.is_multiple_of(64) {
            row[words - 1] = (1u64 << (n % 64)) - 1;
        }
        if n == 0 {
            row[0] = 0;
        }
        let bits = row.repeat(n);
        Domains {
            n,
            words,
            bits,
            size: vec![n as u32; n],
            assigned: vec![EMPTY; n],
            trail: Vec::new(),
            queue: Vec::new(),
            queued: vec![false; n],
            work: 0,
        }
    }

    /// Whether `row` is in `column`'s domain.
    pub(crate) fn has(&self, column: usize, row: usize) -> bool {
        self.bits[column * self.words + row / 64] >> (row % 64) & 1 == 1
    }

    /// Rows left in `column`'s domain.
    pub(crate) fn size(&self, column: usize) -> u32 {
        self.size[column]
    }

    /// Takes `row` out of `column`'s domain if it is there; whether it was.
    fn remove(&mut self, column: usize, row: usize) -> bool {
        let word = &mut self.bits[column * self.words + row / 64];
        let bit = 1u64 << (row % 64);
        if *word & bit == 0 {
            return false;
        }
        *word &= !bit;
        self.size[column] -= 1;
        self.trail.push((column as u32, row as u32));
        true
    }

    /// The rows of `column`'s domain, from the top.
    pub(crate) fn rows(&self, column: usize) -> impl Iterator<Item = usize> + '_ {
        let words = &self.bits[column * self.words..(column + 1) * self.words];
        words.iter().enumerate().flat_map(|(w, &word)| {
            let mut word = word;
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let b = word.trailing_zeros() as usize;
                    word &= word - 1;
                    w * 64 + b
                })
            })
        })
    }

    /// The rows a queen on (`column`, `row`) attacks in `other` (up to three).
    fn attacked(&self, column: usize, row: usize, other: usize) -> [Option<usize>; 3] {
        let d = column.abs_diff(other);
        [
            Some(row),
            (row + d < self.n).then_some(row + d),
            row.checked_sub(d),
        ]
    }

    /// How many rows of the empty columns' domains a queen on (`column`, `row`) would
    /// take out: least-constraining-value's measure.
    fn eliminations(&mut self, column: usize, row: usize) -> u32 {
        self.work += self.n as u64;
        (0..self.n)
            .filter(|&o| o != column && self.assigned[o] == EMPTY)
            .map(|o| {
                (self.attacked(column, row, o).iter())
                    .flatten()
                    .filter(|&&r| self.has(o, r))
                    .count() as u32
            })
            .sum()
    }

    /// Puts the queen of `column` on `row` and infers: `Ok(rows removed)`, or
    /// `Err((column emptied, rows removed))`. With [`Inference::None`] the rows the queen
    /// attacks still leave the domains, and no emptied domain is reported.
    pub(crate) fn assign(
        &mut self,
        column: usize,
        row: usize,
        inference: Inference,
    ) -> Result<u32, (u32, u32)> {
        let before = self.trail.len();
        self.assigned[column] = row as u32;
        self.work += self.n as u64;
        let mut wiped = None;
        for other in 0..self.n {
            if other == column || self.assigned[other] != EMPTY {
                continue;
            }
            let mut changed = false;
            for r in self.attacked(column, row, other).into_iter().flatten() {
                changed |= self.remove(other, r);
            }
            if self.size[other] == 0 && wiped.is_none() {
                wiped = Some(other as u32);
            }
            if changed && inference == Inference::Ac3 && self.size[other] <= 3 {
                self.enqueue(other);
            }
        }
        let removed = |d: &Domains| (d.trail.len() - before) as u32;
        if inference == Inference::None {
            return Ok(removed(self));
        }
        if let Some(c) = wiped {
            self.clear_queue();
            return Err((c, removed(self)));
        }
        if inference == Inference::Ac3
            && let Some(c) = self.propagate()
        {
            return Err((c, removed(self)));
        }
        Ok(removed(self))
    }

    /// Arc consistency from scratch, before any assignment (it matters only for n ≤ 3,
    /// where every domain is small enough to lose a row): the column emptied, if one is.
    pub(crate) fn make_arc_consistent(&mut self) -> Option<u32> {
        for c in 0..self.n {
            if self.size[c] <= 3 {
                self.enqueue(c);
            }
        }
        self.propagate()
    }

    fn enqueue(&mut self, column: usize) {
        if !self.queued[column] {
            self.queued[column] = true;
            self.queue.push(column as u32);
        }
    }

    fn clear_queue(&mut self) {
        for c in self.queue.drain(..) {
            self.queued[c as usize] = false;
        }
    }

    /// AC-3 over the arcs into the queued columns: a row of column i leaves when every row
    /// left in column j attacks it. A queen attacks at most three rows of another column,
    /// so only a domain of three rows or fewer can take a row from another; those columns
    /// are the queue. Returns the column emptied, if one is.
    fn propagate(&mut self) -> Option<u32> {
        while let Some(j) = self.queue.pop() {
            let j = j as usize;
            self.queued[j] = false;
            // Only columns of three rows or fewer are queued.
            let mut held = [0usize; 3];
            let mut len = 0;
            for r in self.rows(j).take(3) {
                held[len] = r;
                len += 1;
            }
            let support = &held[..len];
            if support.is_empty() {
                self.clear_queue();
                return Some(j as u32);
            }
            self.work += self.n as u64;
            for i in 0..self.n {
                if i == j || self.assigned[i] != EMPTY {
                    continue;
                }
                let d = i.abs_diff(j);
                // A row of i unsupported in j is attacked by every row of j, the first
                // among them: it is one of the three rows the first attacks.
                let w0 = support[0];
                let candidates = [
                    Some(w0),
                    (w0 + d < self.n).then_some(w0 + d),
                    w0.checked_sub(d),
                ];
                let mut changed = false;
                for v in candidates.into_iter().flatten() {
                    let attacked_by_all = support.iter().all(|&w| w == v || w.abs_diff(v) == d);
                    if attacked_by_all && self.has(i, v) {
                        changed |= self.remove(i, v);
                    }
                }
                if self.size[i] == 0 {
                    self.clear_queue();
                    return Some(i as u32);
                }
                if changed && self.size[i] <= 3 {
                    self.enqueue(i);
                }
            }
        }
        None
    }

    /// Takes `column`'s queen off and gives back every row removed since the trail held
    /// `mark` removals.
    pub(crate) fn undo(&mut self, column: usize, mark: usize) {
        self.assigned[column] = EMPTY;
        self.work += 1 + self.trail.len().saturating_sub(mark) as u64;
        while self.trail.len() > mark {
            let (c, r) = self.trail.pop().expect("above the mark");
            let (c, r) = (c as usize, r as usize);
            self.bits[c * self.words + r / 64] |= 1 << (r % 64);
            self.size[c] += 1;
        }
    }

    /// The column to fill next by `order` (`None` when every column has a queen); with
    /// `random`, MRV's ties are drawn from it.
    fn choose(&mut self, order: VarOrder, random: Option<&mut Rng>) -> Option<usize> {
        match order {
            VarOrder::Static => (0..self.n).find(|&c| self.assigned[c] == EMPTY),
            VarOrder::Mrv | VarOrder::MrvDegree => {
                self.work += self.n as u64;
                let unassigned = (0..self.n).filter(|&c| self.assigned[c] == EMPTY).count();
                // Every empty column constrains every other: the degree is the same for
                // all, so it never breaks a tie (the key keeps it to show it would).
                let degree = |_c: usize| unassigned.saturating_sub(1);
                let key = |c: usize| {
                    let tie = if order == VarOrder::MrvDegree {
                        usize::MAX - degree(c)
                    } else {
                        0
                    };
                    (self.size[c], tie)
                };
                let open = || (0..self.n).filter(|&c| self.assigned[c] == EMPTY);
                let best = open().map(key).min()?;
                match random {
                    None => open().find(|&c| key(c) == best),
                    Some(rng) => {
                        let tied = open().filter(|&c| key(c) == best).count();
                        let k = rng.random_range(0..tied);
                        open().filter(|&c| key(c) == best).nth(k)
                    }
                }
            }
        }
    }
}

/// What becomes of each square's row in its column's domain, for drawing a CSP search's
/// board: row-major, `n × n`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pruned {
    /// In the domain (or the column has its queen).
    Open,
    /// Out: a queen placed attacks it.
    Attacked,
    /// Out: no row left in some other open column is compatible with it (arc
    /// consistency, AC-3).
    Inconsistent,
}

/// The domains of the open columns with the queens `assigned` (a row per column, [`EMPTY`]
/// where none) placed: what forward checking leaves, and with `inference` AC-3, what arc
/// consistency leaves besides (up to the first domain it empties).
pub fn domains(n: usize, assigned: &[u32], inference: Inference) -> Vec<Pruned> {
    let mut d = Domains::new(n);
    for (c, &r) in assigned.iter().enumerate().take(n) {
        if r != EMPTY && (r as usize) < n {
            // Without inference nothing is checked: it cannot fail.
            let _removed = d.assign(c, r as usize, Inference::None);
        }
    }
    let attacked: Vec<bool> = (0..n * n)
        .map(|i| d.assigned[i % n] == EMPTY && !d.has(i % n, i / n))
        .collect();
    if inference == Inference::Ac3 {
        for c in 0..n {
            if d.assigned[c] == EMPTY && d.size(c) <= 3 {
                d.enqueue(c);
            }
        }
        d.propagate();
    }
    (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            if d.assigned[c] != EMPTY || d.has(c, r) {
                Pruned::Open
            } else if attacked[i] {
                Pruned::Attacked
            } else {
                Pruned::Inconsistent
            }
        })
        .collect()
}

/// One column being filled: its rows to try (in the pool), the next one, the rows its
/// domain held, and the trail's length before its assignment.
struct Frame {
    column: u32,
    start: u32,
    next: u32,
    end: u32,
    left: u32,
    mark: u32,
}

/// Backtracking search on the constraint-satisfaction form of `n` queens with `config`'s
/// orderings and inference: `Found`, or `Exhausted` when there is no solution (n = 2, 3).
/// Counts assignments (`nodes`) and queens taken back (`backtracks`); the rows it answers
/// when it stops short are the columns filled from the left up to the first empty one.
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::queens::validate;
/// use searchlab::solve::queens::csp::{self, Config, Inference, VarOrder};
/// use searchlab::solve::{Budget, Control, Stop};
///
/// let config = Config { var: VarOrder::Mrv, inference: Inference::ForwardChecking, ..Config::default() };
/// let o = csp::solve(200, &config, &mut Control::quiet(Budget::unlimited()));
/// assert_eq!(o.stop, Stop::Found);
/// assert_eq!(validate(200, &o.rows), Ok(()));
/// ```
pub fn solve(n: usize, config: &Config, ctl: &mut Control) -> Outcome {
    solve_traced(n, config, ctl, &mut Off)
}

/// [`solve`], telling `trace` each assignment (with the rows its column had), what the
/// inference removed or which domain it emptied, and each queen taken back.
#[allow(
    clippy::too_many_lines,
    reason = "the search's loop keeps its state in locals, as fast code wants; each part of a split would take them all"
)]
pub fn solve_traced<T: Sink<QueenStep>>(
    n: usize,
    config: &Config,
    ctl: &mut Control,
    trace: &mut T,
) -> Outcome {
    let mut counters = Counters::default();
    let mut d = Domains::new(n);
    let mut frames: Vec<Frame> = Vec::with_capacity(n);
    let mut pool: Vec<u32> = Vec::new();
    let mut order: Vec<(u32, u32)> = Vec::new();
    let mut next_poll = POLL_WORK;
    let mut rng = (config.ties == Ties::Random).then(|| rng_from_seed(config.seed));
    let ac3_at_root = config.inference == Inference::Ac3 && d.make_arc_consistent().is_some();
    let stop = 'search: loop {
        if ac3_at_root {
            break Stop::Exhausted;
        }
        if d.work >= next_poll {
            next_poll = d.work + POLL_WORK;
            if let Some(stop) = ctl.interrupted() {
                break stop;
            }
        }
        // Choose a column and line up its rows.
        let Some(c) = d.choose(config.var, rng.as_mut()) else {
            break Stop::Found;
        };
        let start = pool.len() as u32;
        match config.value {
            ValueOrder::InOrder => pool.extend(d.rows(c).map(|r| r as u32)),
            ValueOrder::Lcv => {
                order.clear();
                order.extend(d.rows(c).map(|r| (0, r as u32)));
                for entry in &mut order {
                    entry.0 = d.eliminations(c, entry.1 as usize);
                    if d.work >= next_poll {
                        next_poll = d.work + POLL_WORK;
                        if let Some(stop) = ctl.interrupted() {
                            break 'search stop;
                        }
                    }
                }
                order.sort_unstable();
                pool.extend(order.iter().map(|&(_, r)| r));
            }
        }
        frames.push(Frame {
            column: c as u32,
            start,
            next: start,
            end: pool.len() as u32,
            left: d.size(c),
            mark: 0,
        });
        // Try rows until one holds (go deeper) or none is left (back up).
        loop {
            // A long run of dead ends and backups still looks at the clock.
            if d.work >= next_poll {
                next_poll = d.work + POLL_WORK;
                if let Some(stop) = ctl.interrupted() {
                    break 'search stop;
                }
            }
            let Some(f) = frames.last_mut() else {
                break 'search Stop::Exhausted;
            };
            if f.next == f.end {
                pool.truncate(f.start as usize);
                frames.pop();
                let Some(parent) = frames.last() else {
                    break 'search Stop::Exhausted;
                };
                let (pc, mark) = (parent.column as usize, parent.mark as usize);
                let row = d.assigned[pc];
                d.undo(pc, mark);
                counters.backtracks += 1;
                counters.depth -= 1;
                if T::ON
                    && !trace.step(QueenStep::Unassign {
                        column: pc as u32,
                        row,
                    })
                {
                    break 'search Stop::StepLimit;
                }
                continue;
            }
            let (column, row, left) = (f.column as usize, pool[f.next as usize], f.left);
            f.next += 1;
            f.mark = d.trail.len() as u32;
            let mark = d.trail.len();
            let inferred = d.assign(column, row as usize, config.inference);
            counters.nodes += 1;
            counters.depth += 1;
            let depth = counters.depth as usize;
            crate::solve::knight::note_depth(&mut counters, depth);
            if T::ON
                && !trace.step(QueenStep::Assign {
                    column: column as u32,
                    row,
                    left,
                })
            {
                break 'search Stop::StepLimit;
            }
            match inferred {
                Ok(removed) => {
                    if T::ON
                        && config.inference != Inference::None
                        && !trace.step(QueenStep::Prune {
                            removed: clip(u64::from(removed)),
                        })
                    {
                        break 'search Stop::StepLimit;
                    }
                    if let Some(stop) = ctl.tick(&counters, &d.assigned) {
                        break 'search stop;
                    }
                    continue 'search;
                }
                Err((wiped, removed)) => {
                    if T::ON
                        && !trace.step(QueenStep::Wipeout {
                            column: wiped,
                            removed,
                        })
                    {
                        break 'search Stop::StepLimit;
                    }
                    d.undo(column, mark);
                    counters.backtracks += 1;
                    counters.depth -= 1;
                    if T::ON
                        && !trace.step(QueenStep::Unassign {
                            column: column as u32,
                            row,
                        })
                    {
                        break 'search Stop::StepLimit;
                    }
                    // An assignment all the same: the node budget counts it.
                    if let Some(stop) = ctl.tick(&counters, &d.assigned) {
                        break 'search stop;
                    }
                }
            }
        }
    };
    let rows = if stop == Stop::Found {
        d.assigned.clone()
    } else {
        assigned_prefix(&d.assigned)
    };
    ctl.finish(&counters, &rows);
    Outcome {
        rows,
        stop,
        counters,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::queens::validate;
    use crate::solve::Budget;
    use crate::solve::queens::backtracking;
    use crate::testing::test;
    use proptest::prelude::*;
    use strum::VariantNames;

    fn all_configs() -> Vec<Config> {
        let mut out = Vec::new();
        for var in VarOrder::VARIANTS {
            for value in ValueOrder::VARIANTS {
                for inference in Inference::VARIANTS {
                    for ties in [Ties::Leftmost, Ties::Random] {
                        out.push(Config {
                            var: var.parse().unwrap(),
                            value: value.parse().unwrap(),
                            inference: inference.parse().unwrap(),
                            ties,
                            seed: 7,
                        });
                    }
                }
            }
        }
        out
    }

    #[test]
    fn every_combination_solves_small_boards_and_proves_2_and_3_have_none() {
        for config in all_configs() {
            for n in [1, 4, 5, 6, 8, 12] {
                let o = solve(n, &config, &mut Control::quiet(Budget::unlimited()));
                assert_eq!(o.stop, Stop::Found, "{config:?}, n = {n}");
                assert_eq!(validate(n, &o.rows), Ok(()), "{config:?}");
                assert_eq!(o.counters.nodes - o.counters.backtracks, n as u64);
            }
            for n in [2, 3] {
                let o = solve(n, &config, &mut Control::quiet(Budget::unlimited()));
                assert_eq!(o.stop, Stop::Exhausted, "{config:?}, n = {n}");
            }
        }
    }

    #[test]
    fn static_in_order_without_inference_is_plain_backtracking() {
        for n in 1..=14 {
            let plain = backtracking::solve(n, &mut Control::quiet(Budget::unlimited()));
            let csp = solve(
                n,
                &Config {
                    inference: Inference::None,
                    ..Config::default()
                },
                &mut Control::quiet(Budget::unlimited()),
            );
            assert_eq!(csp.rows, plain.rows, "n = {n}");
            assert_eq!(csp.stop, plain.stop);
            assert_eq!(csp.counters.nodes, plain.counters.nodes, "n = {n}");
            assert_eq!(
                csp.counters.backtracks, plain.counters.backtracks,
                "n = {n}"
            );
        }
    }

    #[test]
    fn mrv_with_forward_checking_places_a_thousand_queens() {
        let config = Config {
            var: VarOrder::Mrv,
            value: ValueOrder::InOrder,
            inference: Inference::ForwardChecking,
            ..Config::default()
        };
        let o = solve(1000, &config, &mut Control::quiet(Budget::unlimited()));
        assert_eq!(o.stop, Stop::Found);
        assert_eq!(validate(1000, &o.rows), Ok(()));
    }

    /// Every solution of `n` queens, by brute force over permutations.
    fn solutions(n: usize) -> Vec<Vec<u32>> {
        fn go(n: usize, rows: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
            if rows.len() == n {
                out.push(rows.clone());
                return;
            }
            for r in 0..n as u32 {
                let c = rows.len();
                let safe = rows
                    .iter()
                    .enumerate()
                    .all(|(k, &q)| q != r && q.abs_diff(r) as usize != c - k);
                if safe {
                    rows.push(r);
                    go(n, rows, out);
                    rows.pop();
                }
            }
        }
        let mut out = Vec::new();
        go(n, &mut Vec::new(), &mut out);
        out
    }

    #[test]
    fn the_drawn_domains_are_what_the_queens_attack_and_ac3_adds_to_them() {
        // 4 queens, a queen on a2 (row 2 from the top, column 0): b's rows 1, 2, 3 are
        // attacked, leaving b on row 0; then AC-3 takes out what b4 leaves no partner for.
        let mut assigned = vec![EMPTY; 4];
        assigned[0] = 2;
        let fc = domains(4, &assigned, Inference::ForwardChecking);
        let at = |v: &[Pruned], r: usize, c: usize| v[r * 4 + c];
        for r in 1..4 {
            assert_eq!(at(&fc, r, 1), Pruned::Attacked, "b, row {r}");
        }
        assert_eq!(at(&fc, 0, 1), Pruned::Open);
        assert_eq!(at(&fc, 2, 0), Pruned::Open, "the queen's own square");
        assert!(!fc.contains(&Pruned::Inconsistent));
        let ac = domains(4, &assigned, Inference::Ac3);
        // Column b holds only row 0, so row 0 and row 1 of column c (attacked by b's only
        // row) go.
        assert_eq!(at(&ac, 1, 2), Pruned::Inconsistent);
        for i in 0..16 {
            if fc[i] == Pruned::Attacked {
                assert_eq!(ac[i], Pruned::Attacked);
            }
        }
    }

    proptest! {
        /// Inference only removes rows no solution keeping the queens placed uses, and
        /// reports an emptied domain only when no solution keeps them.
        #[test]
        fn inference_never_removes_a_row_a_solution_uses(
            n in 4usize..=8,
            picks in proptest::collection::vec((0usize..8, 0usize..8), 1..5),
            ac3 in any::<bool>(),
        ) {
            let inference = if ac3 { Inference::Ac3 } else { Inference::ForwardChecking };
            let all = solutions(n);
            let mut d = Domains::new(n);
            if ac3 {
                prop_assert_eq!(d.make_arc_consistent(), None);
            }
            for (c, r) in picks {
                let (c, r) = (c % n, r % n);
                if d.assigned[c] != EMPTY || !d.has(c, r) {
                    continue;
                }
                let result = d.assign(c, r, inference);
                let keeping: Vec<&Vec<u32>> = all
                    .iter()
                    .filter(|s| (0..n).all(|k| d.assigned[k] == EMPTY || s[k] == d.assigned[k]))
                    .collect();
                match result {
                    Err(_) => {
                        prop_assert!(keeping.is_empty(), "an emptied domain, yet a solution keeps the queens");
                        break;
                    }
                    Ok(_) => {
                        for s in &keeping {
                            for k in (0..n).filter(|&k| d.assigned[k] == EMPTY) {
                                prop_assert!(d.has(k, s[k] as usize), "row {} of column {k} removed, yet solution {s:?} uses it", s[k]);
                            }
                        }
                    }
                }
            }
        }
    }
}
