//! The steps of an N-Queens search, and how to replay them.
//!
//! The solvers emit these themselves (see [`crate::solve::trace`]). Rows and columns count
//! from 0; a heuristic value or a count of collisions past `u32::MAX` is kept as
//! `u32::MAX`.

/// One decision of an N-Queens search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum QueenStep {
    /// Backtracking: the next column tries `row` and finds it attacked. Which queen attacks
    /// it is a fact of the board before the step, [`crate::puzzle::queens::attacker`]: the
    /// solver tests the square's row and diagonals at once and does not name one.
    Conflict {
        /// The column being filled.
        column: u32,
        /// The row tried.
        row: u32,
    },
    /// Backtracking: a queen goes on `row` of the next column, attacked by none.
    Place {
        /// The column filled.
        column: u32,
        /// Its row.
        row: u32,
    },
    /// Backtracking: the last column's queen is taken back (its column has no safe row
    /// left below it).
    Remove {
        /// The column emptied.
        column: u32,
        /// The row its queen stood on.
        row: u32,
    },
    /// A whole placement to start from (carries the placement): the given one, or a fresh
    /// one after a restart.
    Begin {
        /// Its heuristic value.
        h: u32,
        /// Whether it is a restart (a new random placement), not the first.
        restart: bool,
    },
    /// Best-first: takes the placement with the lowest heuristic off the queue (carries
    /// the placement) to expand it.
    Pop {
        /// Its heuristic value.
        h: u32,
    },
    /// Best-first: takes a placement off the queue that it expanded before, and drops it.
    Skip {
        /// Its heuristic value.
        h: u32,
    },
    /// Best-first: takes a placement with no attacks off the queue (carries it): the goal.
    Goal,
    /// Best-first: puts on the queue the placement made by moving the queen of `column`
    /// to `row` in the placement being expanded.
    Push {
        /// The column whose queen moves.
        column: u32,
        /// Its new row.
        row: u32,
        /// The new placement's heuristic value.
        h: u32,
    },
    /// Hill climbing: scores the neighbour that moves the queen of `column` to `row`.
    Score {
        /// The column whose queen would move.
        column: u32,
        /// Its new row.
        row: u32,
        /// The neighbour's heuristic value.
        h: u32,
    },
    /// Hill climbing: moves the queen of `column` to `row`, the best neighbour, better
    /// than where it stood.
    Move {
        /// The column whose queen moves.
        column: u32,
        /// Its new row.
        row: u32,
        /// The heuristic value after the move.
        h: u32,
    },
    /// Hill climbing: no neighbour is better: a local minimum (a plateau when the best
    /// is as good).
    Stuck {
        /// The heuristic value where it stands.
        h: u32,
        /// The best neighbour's value.
        best: u32,
    },
    /// Min-conflicts: a fresh placement begins from queen `c` on row `c` in every column.
    Restart,
    /// Min-conflicts, placing column `column`: swaps its row with column `partner`'s.
    Draw {
        /// The column being placed.
        column: u32,
        /// The column whose row it takes.
        partner: u32,
        /// Whether the row drawn is on two free diagonals.
        free: bool,
        /// Whether this is a counted try of the greedy part (the last columns are placed
        /// at random, uncounted).
        greedy: bool,
    },
    /// Min-conflicts: an attacked queen is picked to repair.
    Pick {
        /// Its column.
        column: u32,
    },
    /// Min-conflicts: tries swapping the rows of the picked queen's `column` and
    /// `partner`; kept when the collisions go down.
    Swap {
        /// The picked queen's column.
        column: u32,
        /// The random partner.
        partner: u32,
        /// Whether the swap was kept.
        kept: bool,
        /// Collisions on the diagonals after the try (kept or undone).
        collisions: u32,
    },
    /// Simulated annealing: proposes moving the queen of `column` to `row`, which changes
    /// the attacking pairs by `delta`; `taken` when the move was made.
    Propose {
        /// The column whose queen would move.
        column: u32,
        /// Its new row.
        row: u32,
        /// The change in attacking pairs the move makes (clipped to the range of `i32`).
        delta: i32,
        /// Whether the move was made.
        taken: bool,
    },
    /// Local beam search: a placement joins the next beam (carries it); the start's `k`
    /// random placements come so.
    Member {
        /// Its attacking pairs.
        h: u32,
    },
    /// Local beam search: the next beam takes the placement made by moving the queen of
    /// `column` to `row` in member `parent` of the beam.
    Select {
        /// The member of the beam it comes from.
        parent: u16,
        /// The column whose queen moves.
        column: u32,
        /// Its new row.
        row: u32,
        /// The new placement's attacking pairs.
        h: u32,
    },
    /// Local beam search: the placements selected since the last advance become the beam;
    /// `h` is the lowest of their attacking pairs.
    Advance {
        /// The best member's attacking pairs.
        h: u32,
    },
    /// Constraint-satisfaction backtracking: the column chosen, whose domain held `left`
    /// rows, takes `row`.
    Assign {
        /// The column (the variable) chosen.
        column: u32,
        /// The row (the value) it takes.
        row: u32,
        /// The rows its domain held when it was chosen.
        left: u32,
    },
    /// Constraint-satisfaction backtracking: inference after the last assignment took
    /// `removed` rows out of the other columns' domains, and none is empty.
    Prune {
        /// Rows removed.
        removed: u32,
    },
    /// Constraint-satisfaction backtracking: inference after the last assignment left
    /// `column` no row (having removed `removed` rows in all).
    Wipeout {
        /// The column left with an empty domain.
        column: u32,
        /// Rows removed before it emptied.
        removed: u32,
    },
    /// Constraint-satisfaction backtracking: `column` gives its row back.
    Unassign {
        /// The column emptied.
        column: u32,
        /// The row it held.
        row: u32,
    },
}

/// Backtracking hands the rows a column passed over to its trace as one run of conflicts,
/// each the row below the one before, together with the step that ends its turn: the queen
/// placed on the next row, or the queen taken back from the column before. No other kind
/// of step comes in runs. The three kinds of step pack into a word on boards of up to
/// 16,384 queens; a run, alone or with the placement after it, on boards of up to 511, and
/// with a removal after it on boards of up to 127.
impl crate::solve::trace::Step for QueenStep {
    #[inline]
    fn nth(&self, i: u32) -> QueenStep {
        match *self {
            QueenStep::Conflict { column, row } => QueenStep::Conflict {
                column,
                row: row + i,
            },
            other => other,
        }
    }

    #[inline]
    fn pack(&self) -> Option<u32> {
        let (kind, column, row) = match *self {
            QueenStep::Conflict { column, row } => (0, column, row),
            QueenStep::Place { column, row } => (1, column, row),
            QueenStep::Remove { column, row } => (2, column, row),
            _ => return None,
        };
        (column < PACKED && row < PACKED).then_some(kind << 28 | column << 14 | row)
    }

    fn unpack(word: u32) -> Option<QueenStep> {
        let (column, row) = (word >> 14 & (PACKED - 1), word & (PACKED - 1));
        match word >> 28 {
            0 => Some(QueenStep::Conflict { column, row }),
            1 => Some(QueenStep::Place { column, row }),
            2 => Some(QueenStep::Remove { column, row }),
            _ => None,
        }
    }

    /// Bits 28–29 say how the run ends. Alone (0) or with the queen placed on the row after
    /// it (1): its column, first row and length, 9 bits each. With a queen taken back from
    /// the column before (2): those in 7 bits each, then the queen's row.
    #[inline]
    fn pack_run(&self, len: usize, then: Option<&QueenStep>) -> Option<u32> {
        let QueenStep::Conflict { column, row } = *self else {
            return None;
        };
        let len = u32::try_from(len).ok()?;
        let (ending, last, bits) = match then {
            None => (0, 0, RUN_BITS),
            Some(&QueenStep::Place { column: c, row: r })
                if c == column && r.checked_sub(row) == Some(len) =>
            {
                (1, 0, RUN_BITS)
            }
            Some(&QueenStep::Remove { column: c, row: r }) if column.checked_sub(1) == Some(c) => {
                (2, r, REMOVE_BITS)
            }
            Some(_) => return None,
        };
        let fits = column.max(row).max(len).max(last) < 1 << bits;
        let run = (column << bits | row) << bits | len;
        let payload = if ending == 2 { run << bits | last } else { run };
        fits.then_some(ending << 28 | payload)
    }

    fn unpack_run(word: u32) -> Option<(QueenStep, usize, Option<QueenStep>)> {
        let ending = word >> 28;
        let bits = if ending == 2 { REMOVE_BITS } else { RUN_BITS };
        let mask = (1 << bits) - 1;
        let field = |i: u32| word >> (bits * i) & mask;
        let (column, row, len, last) = if ending == 2 {
            (field(3), field(2), field(1), field(0))
        } else {
            (field(2), field(1), field(0), 0)
        };
        let then = match ending {
            0 => None,
            1 => Some(QueenStep::Place {
                column,
                row: row + len,
            }),
            2 => Some(QueenStep::Remove {
                column: column.checked_sub(1)?,
                row: last,
            }),
            _ => return None,
        };
        Some((QueenStep::Conflict { column, row }, len as usize, then))
    }
}

/// Columns and rows below this pack into a word (14 bits each).
const PACKED: u32 = 1 << 14;

/// The bits of each field of a packed run, alone or ended by a placement.
const RUN_BITS: u32 = 9;

/// The bits of each field of a packed run ended by a removal.
const REMOVE_BITS: u32 = 7;

impl QueenStep {
    /// A queen placed on `row` of `column`.
    pub fn place(column: usize, row: usize) -> QueenStep {
        QueenStep::Place {
            column: column as u32,
            row: row as u32,
        }
    }

    /// The queen on `row` of `column` taken back.
    pub fn remove(column: usize, row: usize) -> QueenStep {
        QueenStep::Remove {
            column: column as u32,
            row: row as u32,
        }
    }

    /// The kind's name in `--json` output.
    pub fn kind(&self) -> &'static str {
        match self {
            QueenStep::Conflict { .. } => "conflict",
            QueenStep::Place { .. } => "place",
            QueenStep::Remove { .. } => "remove",
            QueenStep::Begin { restart: false, .. } => "begin",
            QueenStep::Begin { restart: true, .. } => "restart",
            QueenStep::Pop { .. } => "pop",
            QueenStep::Skip { .. } => "skip",
            QueenStep::Goal => "goal",
            QueenStep::Push { .. } => "push",
            QueenStep::Score { .. } => "score",
            QueenStep::Move { .. } => "move",
            QueenStep::Stuck { .. } => "stuck",
            QueenStep::Restart => "restart",
            QueenStep::Draw { .. } => "draw",
            QueenStep::Pick { .. } => "pick",
            QueenStep::Swap { .. } => "swap",
            QueenStep::Propose { .. } => "propose",
            QueenStep::Member { .. } => "member",
            QueenStep::Select { .. } => "select",
            QueenStep::Advance { .. } => "advance",
            QueenStep::Assign { .. } => "assign",
            QueenStep::Prune { .. } => "prune",
            QueenStep::Wipeout { .. } => "wipeout",
            QueenStep::Unassign { .. } => "unassign",
        }
    }

    /// Whether the step carries a whole placement.
    pub fn carries_state(&self) -> bool {
        matches!(
            self,
            QueenStep::Begin { .. }
                | QueenStep::Pop { .. }
                | QueenStep::Goal
                | QueenStep::Member { .. }
        )
    }
}

/// `value` as a step keeps it (see the module docs).
#[inline]
pub fn clip(value: u64) -> u32 {
    value.min(u64::from(u32::MAX)) as u32
}

/// The board after some steps: a row per column filled (backtracking fills them from the
/// left; constraint-satisfaction backtracking holds every column, [`EMPTY`] where no queen
/// stands), and the best placement a local search has stood on.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct QueensState {
    /// Queens on the board.
    pub n: usize,
    /// Row of each column's queen, for the columns filled.
    pub rows: Vec<u32>,
    /// A local search's lowest value so far, and after how many steps the placement that
    /// has it stood (replaying that many steps shows it: a copy of a million rows at each
    /// improvement would cost seconds).
    pub best: Option<(usize, u32)>,
    /// Steps applied so far.
    pub applied: usize,
    /// The heuristic value of the placement a local search stands on.
    pub h: u32,
    /// Min-conflicts: fresh placements begun.
    pub placements: u32,
    /// Simulated annealing: moves proposed so far.
    pub proposals: u64,
    /// Local beam search: the beam's members and their attacking pairs.
    pub beam: Vec<(Vec<u32>, u32)>,
    /// Local beam search: the members selected for the next beam so far.
    pub next: Vec<(Vec<u32>, u32)>,
}

/// In a constraint-satisfaction trace's state, a column with no queen.
pub const EMPTY: u32 = u32::MAX;

impl QueensState {
    /// An empty board for `n` queens.
    pub fn new(n: usize) -> QueensState {
        QueensState {
            n,
            ..QueensState::default()
        }
    }

    /// Applies one step; `carried` is the placement the step carries, if any.
    pub fn apply(&mut self, step: &QueenStep, carried: Option<&[u32]>) {
        self.applied += 1;
        match *step {
            QueenStep::Place { row, .. } => self.rows.push(row),
            QueenStep::Remove { .. } => {
                self.rows.pop();
            }
            QueenStep::Begin { h, .. } => {
                if let Some(rows) = carried {
                    self.rows = rows.to_vec();
                }
                self.h = h;
                self.note(h);
            }
            QueenStep::Pop { .. } | QueenStep::Goal => {
                if let Some(rows) = carried {
                    self.rows = rows.to_vec();
                }
            }
            QueenStep::Move { column, row, h } => {
                if let Some(r) = self.rows.get_mut(column as usize) {
                    *r = row;
                }
                self.h = h;
                self.note(h);
            }
            QueenStep::Restart => {
                self.rows = (0..self.n as u32).collect();
                self.placements += 1;
            }
            QueenStep::Draw {
                column, partner, ..
            }
            | QueenStep::Swap {
                column,
                partner,
                kept: true,
                ..
            } => self.rows.swap(column as usize, partner as usize),
            QueenStep::Propose {
                column,
                row,
                delta,
                taken,
            } => {
                self.proposals += 1;
                if taken {
                    if let Some(r) = self.rows.get_mut(column as usize) {
                        *r = row;
                    }
                    self.h = self.h.saturating_add_signed(delta);
                    self.note(self.h);
                }
            }
            QueenStep::Member { .. } | QueenStep::Select { .. } | QueenStep::Advance { .. } => {
                self.apply_beam(step, carried);
            }
            QueenStep::Assign { column, row, .. } => {
                if self.rows.len() != self.n {
                    self.rows = vec![EMPTY; self.n];
                }
                if let Some(r) = self.rows.get_mut(column as usize) {
                    *r = row;
                }
            }
            QueenStep::Unassign { column, .. } => {
                if let Some(r) = self.rows.get_mut(column as usize) {
                    *r = EMPTY;
                }
            }
            _ => {}
        }
    }

    /// A step of local beam search: a member of the first beam, a successor selected, the
    /// beam advanced to the successors.
    #[inline]
    fn apply_beam(&mut self, step: &QueenStep, carried: Option<&[u32]>) {
        match *step {
            QueenStep::Member { h } => {
                if let Some(rows) = carried {
                    self.next.push((rows.to_vec(), h));
                    // The member on show until the beam is complete.
                    self.rows = rows.to_vec();
                    self.h = h;
                    // The best placement seen counts the starting members as they come.
                    self.note(h);
                }
            }
            QueenStep::Select {
                parent,
                column,
                row,
                h,
            } => {
                if let Some((from, _)) = self.beam.get(parent as usize) {
                    let mut rows = from.clone();
                    if let Some(r) = rows.get_mut(column as usize) {
                        *r = row;
                    }
                    // The placement selected is on show until the beam advances.
                    self.rows.clone_from(&rows);
                    self.h = h;
                    self.next.push((rows, h));
                }
            }
            QueenStep::Advance { .. } => {
                self.beam = std::mem::take(&mut self.next);
                // The first member with the fewest attacking pairs is the one on show.
                let best = (self.beam.iter()).reduce(|a, b| if b.1 < a.1 { b } else { a });
                if let Some((rows, h)) = best.cloned() {
                    self.rows = rows;
                    self.h = h;
                    self.note(h);
                }
            }
            _ => {}
        }
    }

    /// Keeps the placement as the best if `h` is lower than the best's.
    fn note(&mut self, h: u32) {
        if self.best.is_none_or(|(_, b)| h < b) {
            self.best = Some((self.applied, h));
        }
    }
}

/// How a search turns its steps into the placement it answers with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Family {
    /// The rows filled so far (backtracking, min-conflicts).
    Current,
    /// The last placement taken off the queue (best-first).
    LastPopped,
    /// The solution, else the best placement stood on (hill climbing, annealing, beam).
    Best,
    /// Every column's row, the columns filled from the left up to the first empty one
    /// (constraint-satisfaction backtracking, whose columns fill in any order).
    Assigned,
}

/// Replays `steps` for `n` queens and returns the placement the search answers with, by
/// `family`'s rule; `carried(i)` is the placement step `i` carries; `found`: whether the
/// search reported a solution.
pub fn replay<'a, I: IntoIterator<Item = QueenStep>>(
    n: usize,
    steps: impl Fn() -> I,
    carried: impl Fn(usize) -> Option<&'a [u32]>,
    family: Family,
    found: bool,
) -> Vec<u32> {
    replay_while(n, steps, carried, family, found, || true)
        .expect("a replay that is never asked to stop ends")
}

/// [`replay`], asking `go_on` every [`REPLAY_CHECK_EVERY`] steps whether to go on: `None`
/// when it said stop first (ten million steps take a fifth of a second).
pub fn replay_while<'a, I: IntoIterator<Item = QueenStep>>(
    n: usize,
    steps: impl Fn() -> I,
    carried: impl Fn(usize) -> Option<&'a [u32]>,
    family: Family,
    found: bool,
    mut go_on: impl FnMut() -> bool,
) -> Option<Vec<u32>> {
    // The state after the first `count` steps.
    let mut after = |count: usize| {
        let mut state = QueensState::new(n);
        for (i, step) in steps().into_iter().take(count).enumerate() {
            if i % REPLAY_CHECK_EVERY == REPLAY_CHECK_EVERY - 1 && !go_on() {
                return None;
            }
            let with = if step.carries_state() {
                carried(i)
            } else {
                None
            };
            state.apply(&step, with);
        }
        Some(state)
    };
    let state = after(usize::MAX)?;
    Some(match (family, state.best) {
        // The best placement, or the solution: a search that found one has it as its best
        // (a starting beam member may be the solution and not the last one on show).
        (Family::Best, Some((at, h))) if !found || h == 0 => after(at)?.rows,
        (Family::Assigned, _) => assigned_prefix(&state.rows),
        _ => state.rows,
    })
}

/// The steps a replay takes between two looks at whether to go on (about a millisecond).
pub const REPLAY_CHECK_EVERY: usize = 1 << 16;

/// The rows of the columns filled from the left, up to the first empty one.
pub fn assigned_prefix(rows: &[u32]) -> Vec<u32> {
    rows.iter().copied().take_while(|&r| r != EMPTY).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::test;

    #[test]
    fn a_step_takes_sixteen_bytes() {
        assert!(std::mem::size_of::<QueenStep>() <= 16);
    }

    #[test]
    fn the_largest_turns_that_pack_fill_every_field() {
        use crate::solve::trace::Step;
        let conflict = |column, row| QueenStep::Conflict { column, row };
        let turns = [
            // 127 queens: the last column's turn from past its last row, then column
            // 125's queen taken back from the last row; and a whole column passed over.
            (conflict(126, 127), 0, Some(QueenStep::remove(125, 126))),
            (conflict(126, 0), 127, Some(QueenStep::remove(125, 126))),
            // 511 queens: 510 rows passed over, then a queen on the last row.
            (conflict(510, 0), 510, Some(QueenStep::place(510, 510))),
            (conflict(510, 511), 0, None),
        ];
        for (first, len, then) in turns {
            let word = first.pack_run(len, then.as_ref()).expect("it packs");
            assert!(word < 1 << 30);
            assert_eq!(QueenStep::unpack_run(word), Some((first, len, then)));
        }
        // A column past the fields' reach does not.
        assert_eq!(
            conflict(128, 0).pack_run(0, Some(&QueenStep::remove(127, 0))),
            None
        );
        assert_eq!(
            conflict(512, 0).pack_run(0, Some(&QueenStep::place(512, 0))),
            None
        );
    }

    proptest::proptest! {
        /// A backtracking turn on a board of up to 127 queens, and one that ends in a
        /// placement or in nothing up to 511, packs into 30 bits and unpacks as it was;
        /// past that it may not pack, and ended by any other step it does not.
        #[test]
        fn a_turn_packs_and_unpacks_as_it_was(
            n in 1u32..700,
            column in 0u32..700,
            from in 0u32..700,
            len in 0u32..700,
            ending in 0u8..4,
            row in 0u32..700,
        ) {
            use crate::solve::trace::Step;
            // Any column, first row, length and removed row on a board of n queens: a
            // column's turn may begin past its last row (n) when it ends in a removal.
            let placing = ending % 2 == 1;
            let (column, row) = (column % n, row % n);
            let from = from % if placing { n } else { n + 1 };
            let len = len % (n - from + 1);
            let first = QueenStep::Conflict { column, row: from };
            let then = match ending {
                0 => None,
                1 => Some(QueenStep::Place { column, row: from + len }),
                2 => Some(QueenStep::Remove { column: column.wrapping_sub(1), row }),
                _ => Some(QueenStep::Place { column, row: from + len + 1 }),
            };
            let packed = first.pack_run(len as usize, then.as_ref());
            let fits = match ending {
                0 | 1 => n <= 511 && len < 512,
                2 => column > 0 && n <= 127 && len < 128,
                _ => false,
            };
            if fits {
                let word = packed.expect("a turn that fits packs");
                proptest::prop_assert!(word < 1 << 30);
                proptest::prop_assert_eq!(
                    QueenStep::unpack_run(word),
                    Some((first, len as usize, then))
                );
            } else if let Some(word) = packed {
                // Only the bounds above are promised; what packs beyond them must still
                // unpack as it was.
                proptest::prop_assert!(ending < 3);
                proptest::prop_assert_eq!(
                    QueenStep::unpack_run(word),
                    Some((first, len as usize, then))
                );
            }
        }
    }
}
