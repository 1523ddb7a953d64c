//! Local beam search (Russell & Norvig, *Artificial Intelligence: A Modern Approach*,
//! section 4.1.3): `k` random placements; each round scores every placement one
//! queen-move away from any of them and keeps the `k` best as the next beam, stopping when
//! one has no attacking pair. Unlike `k` hill climbs run side by side, the beam goes where
//! the best successors are, from whichever member. The stochastic variant draws the `k`
//! instead, each successor with weight e^(−h/T), so that the beam does not crowd into
//! one valley.
//!
//! Each member keeps row and diagonal counts, so a successor is scored in O(1); a round
//! scores k·n·(n − 1) of them. Equal placements reached from two members are kept once.

use super::heuristic::{Outcome, random_start};
use super::trace::{QueenStep, clip};
use crate::solve::trace::{Off, Sink};
use crate::solve::{Control, Counters, GenerationStats, Rng, Stop};
use rand::RngExt;
use std::collections::HashSet;

/// How the next beam is chosen from the successors.
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
pub enum Selection {
    /// The `k` with the fewest attacking pairs (the first generated among equals).
    #[default]
    Best,
    /// `k` drawn without replacement, each with weight e^(−h/T).
    Stochastic,
}

/// The beam's parameters.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Config {
    /// Placements in the beam.
    pub k: usize,
    /// How the next beam is chosen.
    pub selection: Selection,
    /// The stochastic selection's temperature T.
    pub temperature: f64,
    /// Rounds at most.
    pub max_rounds: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            k: 10,
            selection: Selection::Best,
            temperature: 1.0,
            max_rounds: 1000,
        }
    }
}

/// Successors scored between two looks at the clock and the cancel flag.
const POLL: u64 = 4096;

/// A member of the beam, with the counts that score its successors.
#[derive(Clone)]
struct Member {
    rows: Vec<u32>,
    row_count: Vec<u32>,
    d1: Vec<u32>,
    d2: Vec<u32>,
    h: u64,
    hash: u64,
}

/// A value for queen `c` on row `r`, for hashing placements (the sum of a placement's
/// values, wrapping, names it up to a one-in-2⁶⁴ chance).
fn key(n: usize, c: usize, r: usize) -> u64 {
    // SplitMix64's finaliser.
    let mut z = (c as u64 * n as u64 + r as u64).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Member {
    fn new(rows: Vec<u32>) -> Member {
        let n = rows.len();
        let mut m = Member {
            row_count: vec![0; n],
            d1: vec![0; 2 * n],
            d2: vec![0; 2 * n],
            h: 0,
            hash: 0,
            rows: Vec::new(),
        };
        for (c, &r) in rows.iter().enumerate() {
            let r = r as usize;
            m.h += u64::from(m.row_count[r] + m.d1[c + r] + m.d2[c + n - 1 - r]);
            m.row_count[r] += 1;
            m.d1[c + r] += 1;
            m.d2[c + n - 1 - r] += 1;
            m.hash = m.hash.wrapping_add(key(n, c, r));
        }
        m.rows = rows;
        m
    }

    /// The attacking pairs after moving queen `c` to row `to`.
    #[inline]
    fn moved(&self, c: usize, to: usize) -> u64 {
        let n = self.rows.len();
        let from = self.rows[c] as usize;
        let leaving =
            self.row_count[from] - 1 + self.d1[c + from] - 1 + self.d2[c + n - 1 - from] - 1;
        let arriving = self.row_count[to] + self.d1[c + to] + self.d2[c + n - 1 - to];
        self.h + u64::from(arriving) - u64::from(leaving)
    }

    /// Moves queen `c` to row `to`.
    fn apply(&mut self, c: usize, to: usize) {
        let n = self.rows.len();
        self.h = self.moved(c, to);
        let from = self.rows[c] as usize;
        self.row_count[from] -= 1;
        self.d1[c + from] -= 1;
        self.d2[c + n - 1 - from] -= 1;
        self.row_count[to] += 1;
        self.d1[c + to] += 1;
        self.d2[c + n - 1 - to] += 1;
        self.hash = self
            .hash
            .wrapping_sub(key(n, c, from))
            .wrapping_add(key(n, c, to));
        self.rows[c] = to as u32;
    }
}

/// A successor in the running selection: its sort key (lower is kept), the order it was
/// made in, and how to make it.
#[derive(Clone, Copy)]
struct Pick {
    key: f64,
    seq: u64,
    parent: usize,
    column: usize,
    row: usize,
    h: u64,
    hash: u64,
}

impl Pick {
    fn worse_than(&self, other: &Pick) -> bool {
        (self.key, self.seq) > (other.key, other.seq)
    }
}

/// The `k` lowest picks seen, each placement once.
struct Kept {
    k: usize,
    picks: Vec<Pick>,
    hashes: HashSet<u64>,
    /// Index of the worst pick when `picks` is full.
    worst: usize,
}

impl Kept {
    fn new(k: usize) -> Kept {
        Kept {
            k,
            picks: Vec::with_capacity(k),
            hashes: HashSet::with_capacity(2 * k),
            worst: 0,
        }
    }

    fn clear(&mut self) {
        self.picks.clear();
        self.hashes.clear();
        self.worst = 0;
    }

    /// Whether a pick with this key and order would be kept.
    #[inline]
    fn wants(&self, key: f64, seq: u64) -> bool {
        self.picks.len() < self.k || {
            let w = &self.picks[self.worst];
            (key, seq) < (w.key, w.seq)
        }
    }

    fn offer(&mut self, pick: Pick) {
        if self.hashes.contains(&pick.hash) {
            // The same placement from an earlier member or move: kept once, with the
            // better key (the earlier one, for the best-first selection).
            if let Some(i) = self.picks.iter().position(|p| p.hash == pick.hash)
                && self.picks[i].worse_than(&pick)
            {
                self.picks[i] = pick;
                self.find_worst();
            }
            return;
        }
        if self.picks.len() < self.k {
            self.hashes.insert(pick.hash);
            self.picks.push(pick);
        } else {
            self.hashes.remove(&self.picks[self.worst].hash);
            self.hashes.insert(pick.hash);
            self.picks[self.worst] = pick;
        }
        self.find_worst();
    }

    fn find_worst(&mut self) {
        self.worst = (0..self.picks.len())
            .reduce(|a, b| {
                if self.picks[b].worse_than(&self.picks[a]) {
                    b
                } else {
                    a
                }
            })
            .unwrap_or(0);
    }
}

/// Local beam search on `n` queens from `config.k` random placements drawn from `rng`:
/// `Found` with a solution, else `Stuck` after `max_rounds` rounds with the placement of
/// fewest attacking pairs the beam held. Counts successors scored (`nodes`), rounds
/// (`generations`) and placements selected into a beam (`queued`); reports the beam's
/// best, mean and worst attacking pairs each round.
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::queens::validate;
/// use searchlab::solve::queens::beam::{self, Config};
/// use searchlab::solve::{Budget, Control, Stop, rng_from_seed};
///
/// let mut ctl = Control::quiet(Budget::unlimited());
/// let o = beam::solve(8, &Config::default(), &mut rng_from_seed(1), &mut ctl);
/// assert_eq!(o.stop, Stop::Found);
/// assert_eq!(validate(8, &o.rows), Ok(()));
/// ```
pub fn solve(n: usize, config: &Config, rng: &mut Rng, ctl: &mut Control) -> Outcome {
    solve_traced(n, config, rng, ctl, &mut Off)
}

/// [`solve`], telling `trace` each starting member (with its placement), each successor
/// selected into the next beam and each round's advance.
#[allow(
    clippy::too_many_lines,
    reason = "the search's loop keeps its state in locals, as fast code wants; each part of a split would take them all"
)]
pub fn solve_traced<T: Sink<QueenStep>>(
    n: usize,
    config: &Config,
    rng: &mut Rng,
    ctl: &mut Control,
    trace: &mut T,
) -> Outcome {
    let k = config.k.max(1);
    let mut counters = Counters::default();
    let mut beam: Vec<Member> = Vec::with_capacity(k);
    let mut full = false;
    for _ in 0..k {
        let m = Member::new(random_start(n, rng));
        if T::ON && !full {
            full = !trace.step_with(QueenStep::Member { h: clip(m.h) }, &m.rows);
        }
        beam.push(m);
        if full {
            break;
        }
    }
    if !full && T::ON {
        full = !trace.step(QueenStep::Advance {
            h: clip(beam.iter().map(|m| m.h).min().unwrap_or(0)),
        });
    }
    // The first member with the fewest pairs, as the trace's state shows it.
    let lowest = |beam: &[Member]| {
        (0..beam.len())
            .reduce(|a, b| if beam[b].h < beam[a].h { b } else { a })
            .unwrap_or(0)
    };
    let mut best = beam[lowest(&beam)].rows.clone();
    let mut best_h = beam[lowest(&beam)].h;
    let mut kept = Kept::new(k);
    let mut next_poll = POLL;
    // The beam's best, mean and worst attacking pairs (its best may rise: the beam always
    // moves).
    let report = |ctl: &mut Control, round: u64, beam: &[Member]| {
        let hs: Vec<f64> = beam.iter().map(|m| m.h as f64).collect();
        ctl.generation(&GenerationStats::of_minimised(round, &hs));
    };
    report(ctl, 0, &beam);
    let stop = 'rounds: loop {
        if best_h == 0 {
            break Stop::Found;
        }
        if full {
            break Stop::StepLimit;
        }
        if counters.generations >= config.max_rounds || n < 2 {
            break Stop::Stuck;
        }
        if let Some(stop) = ctl.check(&counters, Some(&best)) {
            break stop;
        }
        // Score every successor of every member, keeping the k best (or drawn).
        kept.clear();
        let mut seq = 0u64;
        let mut goal = None;
        'scan: for (p, m) in beam.iter().enumerate() {
            for c in 0..n {
                let from = m.rows[c] as usize;
                for to in (0..n).filter(|&to| to != from) {
                    let h = m.moved(c, to);
                    counters.nodes += 1;
                    seq += 1;
                    let key = match config.selection {
                        Selection::Best => h as f64,
                        // Efraimidis & Spirakis: the k smallest ln(−ln u) + h/T are a draw
                        // without replacement with weights e^(−h/T).
                        Selection::Stochastic => {
                            let u: f64 = rng.random::<f64>().max(f64::MIN_POSITIVE);
                            (-u.ln()).ln() + h as f64 / config.temperature
                        }
                    };
                    if h == 0 {
                        goal = Some((p, c, to));
                        break 'scan;
                    }
                    if kept.wants(key, seq) {
                        let hash = m
                            .hash
                            .wrapping_sub(key_of(n, c, from))
                            .wrapping_add(key_of(n, c, to));
                        kept.offer(Pick {
                            key,
                            seq,
                            parent: p,
                            column: c,
                            row: to,
                            h,
                            hash,
                        });
                    }
                    if counters.nodes >= next_poll {
                        next_poll = counters.nodes + POLL;
                        if let Some(stop) = ctl.interrupted() {
                            break 'rounds stop;
                        }
                    }
                }
            }
        }
        // The next beam, in the order of the picks' making.
        let picks: Vec<Pick> = match goal {
            Some((parent, column, row)) => vec![Pick {
                key: 0.0,
                seq: 0,
                parent,
                column,
                row,
                h: 0,
                hash: 0,
            }],
            None => {
                let mut picks = kept.picks.clone();
                picks.sort_unstable_by_key(|p| p.seq);
                picks
            }
        };
        let mut next = Vec::with_capacity(picks.len());
        for pick in &picks {
            let mut m = beam[pick.parent].clone();
            m.apply(pick.column, pick.row);
            debug_assert_eq!(m.h, pick.h);
            counters.queued += 1;
            // A full trace stops here, the beam as the steps left it.
            if T::ON
                && !trace.step(QueenStep::Select {
                    parent: pick.parent as u16,
                    column: pick.column as u32,
                    row: pick.row as u32,
                    h: clip(pick.h),
                })
            {
                break 'rounds Stop::StepLimit;
            }
            next.push(m);
        }
        if next.is_empty() {
            // One queen has no successor.
            break Stop::Stuck;
        }
        beam = next;
        counters.generations += 1;
        counters.moves += 1;
        let b = lowest(&beam);
        if beam[b].h < best_h {
            best_h = beam[b].h;
            best.clone_from(&beam[b].rows);
        }
        if T::ON {
            full = !trace.step(QueenStep::Advance { h: clip(beam[b].h) });
        }
        report(ctl, counters.generations, &beam);
    };
    ctl.finish(&counters, &best);
    Outcome {
        rows: best,
        stop,
        counters,
    }
}

/// [`key`], for the scan.
#[inline]
fn key_of(n: usize, c: usize, r: usize) -> u64 {
    key(n, c, r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::queens::{conflicts, validate};
    use crate::solve::{Budget, rng_from_seed};
    use crate::testing::test;

    #[test]
    fn the_kept_counts_score_successors_as_the_rules_do() {
        let mut rng = rng_from_seed(3);
        for n in [4usize, 7, 12] {
            let mut m = Member::new(random_start(n, &mut rng));
            assert_eq!(m.h, conflicts(&m.rows));
            for _ in 0..50 {
                let c = rng.random_range(0..n);
                let to = rng.random_range(0..n);
                if to == m.rows[c] as usize {
                    continue;
                }
                let mut moved = m.rows.clone();
                moved[c] = to as u32;
                assert_eq!(m.moved(c, to), conflicts(&moved));
                m.apply(c, to);
                assert_eq!(m.h, conflicts(&m.rows));
                assert_eq!(m.hash, Member::new(m.rows.clone()).hash);
            }
        }
    }

    #[test]
    fn both_selections_solve_boards_and_answer_their_best_when_cut_short() {
        for selection in [Selection::Best, Selection::Stochastic] {
            let config = Config {
                selection,
                ..Config::default()
            };
            for (n, seed) in [(6usize, 1u64), (8, 2), (10, 3), (16, 4)] {
                let mut ctl = Control::quiet(Budget::unlimited());
                let o = solve(n, &config, &mut rng_from_seed(seed), &mut ctl);
                if o.stop == Stop::Found {
                    assert_eq!(validate(n, &o.rows), Ok(()));
                } else {
                    assert_eq!(o.stop, Stop::Stuck, "{selection:?}, n = {n}");
                    assert_eq!(o.counters.generations, config.max_rounds);
                }
            }
        }
        let config = Config {
            max_rounds: 1,
            k: 2,
            ..Config::default()
        };
        let mut ctl = Control::quiet(Budget::unlimited());
        let o = solve(60, &config, &mut rng_from_seed(5), &mut ctl);
        assert_eq!(o.stop, Stop::Stuck);
        assert_eq!(o.counters.nodes, 2 * 60 * 59);
        assert!(conflicts(&o.rows) > 0);
    }
}
