//! Warnsdorff's rule and the ways of breaking its ties.
//!
//! Warnsdorff (1823): move to the unvisited square with the fewest unvisited onward
//! squares. Which square wins a tie decides whether the greedy walk completes:
//!
//! - `first`: the first in a fixed move order (the Knight's Tour solver report's order,
//!   what its stable sort does);
//! - an 8-digit ordering like `21345678`: a fixed order in Squirrel–Cull's move numbering;
//! - `random`: uniformly among the tied squares (seeded);
//! - `pohl`: apply the rule a second time: prefer the tied square whose own best onward
//!   square has the fewest onward squares (Pohl 1967);
//! - `roth`: prefer the tied square farthest from the centre of the board (Roth);
//! - `squirrel`: Squirrel & Cull (1996): move orderings that change at given squares, by
//!   board size modulo 8, for square boards from the top-left corner (see
//!   `docs/SOURCES.md`); linear time, no backtracking.
//!
//! Ties left after `pohl` and `roth` fall to the fixed order.

use super::FreeMoves;
use crate::puzzle::knight::{Board, MOVES, Square, bits};
use crate::solve::Rng;
use rand::RngExt;
use std::fmt;

/// A tie-break rule as the user names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum TieBreak {
    /// The most reliable rule that applies to the instance, with fallbacks.
    Auto,
    /// The first in the fixed move order.
    First,
    /// Uniformly among the tied squares.
    Random,
    /// Pohl (1967): the tied square whose own best onward square has the fewest onward
    /// squares.
    Pohl,
    /// Roth: the tied square farthest from the centre.
    Roth,
    /// Squirrel & Cull (1996): orderings that change at given squares (square boards from
    /// the corner).
    Squirrel,
    /// A fixed ordering of Squirrel–Cull move types 1–8 (digits, most preferred first).
    Order([u8; 8]),
}

impl TieBreak {
    /// The names [`TieBreak::parse`] reads, for messages.
    pub const NAMES: &'static str = "auto, first, random, pohl, roth, squirrel, or an ordering of the digits 1-8 such as 21345678";

    /// Parses one of [`TieBreak::NAMES`].
    pub fn parse(text: &str) -> Result<TieBreak, crate::puzzle::ChoiceError> {
        Ok(match text {
            "auto" => TieBreak::Auto,
            "first" => TieBreak::First,
            "random" => TieBreak::Random,
            "pohl" => TieBreak::Pohl,
            "roth" => TieBreak::Roth,
            "squirrel" | "squirrel-cull" => TieBreak::Squirrel,
            digits => {
                let d: Vec<u8> = digits.bytes().map(|b| b.wrapping_sub(b'0')).collect();
                let mut seen = [false; 9];
                let ok = d.len() == 8
                    && d.iter().all(|&x| {
                        (1..=8).contains(&x) && !std::mem::replace(&mut seen[x as usize], true)
                    });
                if !ok {
                    return Err(crate::puzzle::ChoiceError {
                        name: "tie_break",
                        value: text.to_string(),
                        allowed: TieBreak::NAMES,
                    });
                }
                let mut order = [0u8; 8];
                order.copy_from_slice(&d);
                TieBreak::Order(order)
            }
        })
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TieBreak::Auto => write!(f, "auto"),
            TieBreak::First => write!(f, "first"),
            TieBreak::Random => write!(f, "random"),
            TieBreak::Pohl => write!(f, "pohl"),
            TieBreak::Roth => write!(f, "roth"),
            TieBreak::Squirrel => write!(f, "squirrel"),
            TieBreak::Order(o) => {
                for d in o {
                    write!(f, "{d}")?;
                }
                Ok(())
            }
        }
    }
}

/// Squirrel–Cull move type `t` (1–8) as an index into [`MOVES`]. Types, as (row change,
/// column change): 1 = (−2,+1), 2 = (−1,+2), 3 = (+1,+2), 4 = (+2,+1), 5 = (+2,−1),
/// 6 = (+1,−2), 7 = (−1,−2), 8 = (−2,−1).
fn move_of_type(t: u8) -> usize {
    const TYPES: [(i32, i32); 8] = [
        (-2, 1),
        (-1, 2),
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
    ];
    let v = TYPES[(t - 1) as usize];
    MOVES.iter().position(|&m| m == v).unwrap_or(0)
}

/// `rank[k]`: the position of move `k` in an ordering of Squirrel–Cull types.
fn rank_of_order(order: [u8; 8]) -> [u8; 8] {
    let mut rank = [0u8; 8];
    for (pos, &t) in order.iter().enumerate() {
        rank[move_of_type(t)] = pos as u8;
    }
    rank
}

const SEED_ORDER: [u8; 8] = [0, 1, 2, 3, 4, 5, 6, 7];

/// One phase of a Squirrel–Cull plan: the ordering in force, and the square on whose
/// arrival the next phase begins (`None`: to the end, or a square off this board).
#[derive(Debug, Clone)]
pub struct Phase {
    rank: [u8; 8],
    until: Option<Square>,
}

/// A candidate square as [`Rule::rank`] ranks it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Ranked {
    /// Warnsdorff's degree in the top bits, the tie-break below: lower first.
    pub key: u64,
    /// The square.
    pub square: Square,
    /// The move that reaches it (an index into [`MOVES`]).
    pub k: u8,
}

impl Ranked {
    /// Warnsdorff's degree of the square (see [`Rule::rank_moves`]).
    pub fn degree(&self) -> u32 {
        (self.key >> 58) as u32
    }
}

/// A rule made concrete for one board.
#[derive(Debug, Clone)]
pub enum Rule {
    /// Preference rank of each move (lower first).
    Fixed([u8; 8]),
    /// Uniformly among the tied squares.
    Random,
    /// See [`TieBreak::Pohl`].
    Pohl,
    /// See [`TieBreak::Roth`].
    Roth {
        /// The board's rows, for its centre.
        rows: i64,
        /// The board's columns, for its centre.
        cols: i64,
    },
    /// Squirrel–Cull's orderings, phase by phase.
    Squirrel(Vec<Phase>),
}

impl Rule {
    /// The concrete rule for `tie` on `board`; `None` for `Auto` (the caller picks) and for
    /// `Squirrel` where it does not apply.
    pub fn new(tie: TieBreak, board: &Board) -> Option<Rule> {
        Some(match tie {
            TieBreak::Auto => return None,
            TieBreak::First => Rule::Fixed(SEED_ORDER),
            TieBreak::Order(o) => Rule::Fixed(rank_of_order(o)),
            TieBreak::Random => Rule::Random,
            TieBreak::Pohl => Rule::Pohl,
            TieBreak::Roth => Rule::Roth {
                rows: i64::from(board.rows()),
                cols: i64::from(board.cols()),
            },
            TieBreak::Squirrel => Rule::Squirrel(squirrel_plan(board)?),
        })
    }

    /// The phase after arriving on `sq` in phase `phase`.
    #[inline]
    pub fn next_phase(&self, phase: u8, sq: Square) -> u8 {
        match self {
            Rule::Squirrel(plan) if plan[phase as usize].until == Some(sq) => phase + 1,
            _ => phase,
        }
    }

    /// Fills `out` with the unvisited neighbours of `cur`, best first by Warnsdorff's rule
    /// and this tie-break, and returns how many there are. (`home`: the start square when a
    /// closed tour is wanted.)
    #[inline]
    #[allow(clippy::too_many_arguments)] // a hot call: plain arguments, no context struct
    pub fn rank_moves(
        &self,
        board: &Board,
        free: &FreeMoves,
        cur: Square,
        phase: u8,
        rng: &mut Rng,
        home: Option<Square>,
        out: &mut [Square; 8],
    ) -> usize {
        let mut ranked = [Ranked::default(); 8];
        let n = self.rank(board, free, cur, phase, rng, home, &mut ranked);
        for i in 0..n {
            out[i] = ranked[i].square;
        }
        n
    }

    /// Like [`Rule::rank_moves`], keeping each square's move number and Warnsdorff degree
    /// (for a trace).
    #[inline]
    #[allow(clippy::too_many_arguments)] // a hot call: plain arguments, no context struct
    pub fn rank(
        &self,
        board: &Board,
        free: &FreeMoves,
        cur: Square,
        phase: u8,
        rng: &mut Rng,
        home: Option<Square>,
        out: &mut [Ranked; 8],
    ) -> usize {
        let mut n = 0;
        for k in bits(free.mask(cur)) {
            let t = board.step(cur, k);
            let key = self.key(board, free, t, k, phase, rng, home);
            // Insertion sort: at most eight entries.
            let mut i = n;
            while i > 0 && out[i - 1].key > key {
                out[i] = out[i - 1];
                i -= 1;
            }
            out[i] = Ranked {
                key,
                square: t,
                k: k as u8,
            };
            n += 1;
        }
        n
    }

    /// The best unvisited neighbour of `cur`, or `None` in a dead end.
    #[inline]
    pub fn best_move(
        &self,
        board: &Board,
        free: &FreeMoves,
        cur: Square,
        phase: u8,
        rng: &mut Rng,
        home: Option<Square>,
    ) -> Option<Square> {
        // A plain loop: the iterator version is not inlined as well and costs 2x here.
        let mut best: Option<(u64, Square)> = None;
        for k in bits(free.mask(cur)) {
            let t = board.step(cur, k);
            let key = self.key(board, free, t, k, phase, rng, home);
            if best.is_none_or(|(b, _)| key < b) {
                best = Some((key, t));
            }
        }
        best.map(|(_, t)| t)
    }

    /// Warnsdorff's degree of `t` (reached by move `k`) in the top bits, the tie-break
    /// below them (under 2^58): lower wins.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)] // a hot call: plain arguments, no context struct
    fn key(
        &self,
        board: &Board,
        free: &FreeMoves,
        t: Square,
        k: usize,
        phase: u8,
        rng: &mut Rng,
        home: Option<Square>,
    ) -> u64 {
        let tie = match self {
            Rule::Fixed(rank) => u64::from(rank[k]),
            Rule::Squirrel(plan) => u64::from(plan[phase as usize].rank[k]),
            Rule::Random => u64::from(rng.random::<u32>()) << 3 | k as u64,
            Rule::Pohl => {
                let second = u64::from(
                    bits(free.mask(t))
                        .map(|j| free.degree(board.step(t, j)))
                        .min()
                        .unwrap_or(9),
                );
                second << 3 | k as u64
            }
            Rule::Roth { rows, cols } => {
                let (r, c) = board.row_col(t);
                let dr = 2 * i64::from(r) - (rows - 1);
                let dc = 2 * i64::from(c) - (cols - 1);
                let far = (dr * dr + dc * dc) as u64;
                ((1u64 << 54) - far) << 3 | k as u64
            }
        };
        degree(board, free, t, home) << 58 | tie
    }
}

/// Warnsdorff's degree of `t` (see [`degree`]), for a trace.
pub fn onward(board: &Board, free: &FreeMoves, t: Square, home: Option<Square>) -> u32 {
    degree(board, free, t, home) as u32
}

/// Warnsdorff's degree of `t`. For a closed tour (`home` = the start square) the start
/// counts as free: a square next to it keeps one more way out, so the walk leaves the
/// start's neighbours for last and can end next to the start.
#[inline]
fn degree(board: &Board, free: &FreeMoves, t: Square, home: Option<Square>) -> u64 {
    let extra = home.is_some_and(|h| board.is_knight_move(t, h));
    u64::from(free.degree(t) + u32::from(extra))
}

/// Squirrel–Cull's plan for an m×m board (tours from the top-left corner), or `None` when
/// the board is not square or smaller than 5×5.
fn squirrel_plan(board: &Board) -> Option<Vec<Phase>> {
    if board.cols() != board.rows() || board.cols() < 5 {
        return None;
    }
    let m = i64::from(board.cols());
    // (ordering, switching square as 1-based (row, col)); the last has none.
    type Step = (&'static str, Option<(i64, i64)>);
    let plan: Vec<Step> = match m % 8 {
        0 => vec![
            ("34261578", Some((m - 1, m - 2))),
            ("87642135", Some((2, 2))),
            ("51867342", Some((m - 8, 1))),
            ("51342678", Some((7, m - 3))),
            ("21435678", None),
        ],
        1 => vec![
            ("34261578", Some((m - 1, m - 2))),
            ("87642135", Some((2, 2))),
            ("51324678", Some((m - 6, i64::midpoint(m, 9)))),
            ("32481765", None),
        ],
        2 => vec![
            ("34261578", Some((6, 1))),
            ("87642135", Some((3, 1))),
            ("54132678", Some((m - 15, 4))),
            ("52431678", Some((10, m - 2))),
            ("85647123", Some((5, (m - 6) / 2))),
            ("15746823", None),
        ],
        3 => vec![
            ("34625718", Some((m - 1, m - 2))),
            ("42681357", Some((m - 6, m))),
            ("86512347", Some((2, 5))),
            ("51867342", Some((m - 10, 3))),
            ("61825437", Some(((m + 1) / 2, m - 2))),
            ("71642538", None),
        ],
        4 => vec![
            ("34261578", Some((m - 1, m - 2))),
            ("87642135", Some((2, 2))),
            ("51867342", Some((m - 8, 1))),
            ("51342678", Some((10, m - 5))),
            ("86753421", Some((13, i64::midpoint(m, 2)))),
            ("78563421", None),
        ],
        5 => {
            let s = if m % 16 == 5 {
                (m - 2, (m - 5) / 2)
            } else {
                (m - 2, (m - 13) / 2)
            };
            vec![
                ("34261578", Some((m - 1, m - 2))),
                ("87642135", Some((2, 2))),
                ("51324678", Some(s)),
                ("15234678", None),
            ]
        }
        6 => vec![
            ("34261578", Some((6, 1))),
            ("87642135", Some((3, 1))),
            ("54132678", Some((m - 10, 1))),
            ("52431678", Some((10, m - 2))),
            ("85647123", Some((3, i64::midpoint(m, 8)))),
            ("12453678", None),
        ],
        _ => vec![
            ("34625718", Some((m - 1, m - 2))),
            ("42681357", Some((m - 6, m))),
            ("86512347", Some((2, 5))),
            ("51867342", Some((m - 6, 3))),
            ("61825437", Some(((m + 1) / 2, m - 2))),
            ("61357284", None),
        ],
    };
    Some(
        plan.into_iter()
            .map(|(order, until)| {
                let mut o = [0u8; 8];
                for (i, b) in order.bytes().enumerate() {
                    o[i] = b - b'0';
                }
                Phase {
                    rank: rank_of_order(o),
                    until: until
                        .filter(|&(i, j)| board.contains(i - 1, j - 1))
                        .map(|(i, j)| board.square((i - 1) as u32, (j - 1) as u32)),
                }
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::test;

    #[test]
    fn tie_breaks_parse_and_print_back() {
        for name in [
            "auto", "first", "random", "pohl", "roth", "squirrel", "21345678",
        ] {
            assert_eq!(TieBreak::parse(name).unwrap().to_string(), name);
        }
        assert!(TieBreak::parse("12345677").is_err());
        assert!(TieBreak::parse("fewest").is_err());
    }

    #[test]
    fn squirrel_move_types_match_the_reference_table() {
        // Type 1 is two rows up, one column right; type 8 two up, one left.
        assert_eq!(MOVES[move_of_type(1)], (-2, 1));
        assert_eq!(MOVES[move_of_type(3)], (1, 2));
        assert_eq!(MOVES[move_of_type(8)], (-2, -1));
        let mut all: Vec<usize> = (1..=8).map(move_of_type).collect();
        all.sort();
        assert_eq!(all, (0..8).collect::<Vec<_>>());
    }
}
