//! Closed tours by construction: on every board that has one (Schwenk 1991), in time
//! linear in its squares, from any start square.
//!
//! The board is cut into pieces a few squares wide, each piece gets a closed tour of its
//! own from a small table, and neighbouring tours are joined into one, two moves at a time.
//!
//! **Joining two cycles.** Take a move a–b of one closed tour and a move c–d of another,
//! such that a–c and b–d are knight moves too. Remove a–b and c–d and add a–c and b–d:
//! the two cycles become one, whichever way round each was walked. Joining the pieces
//! along a tree (each row of pieces left to right, then the rows down the first column)
//! leaves a single cycle over the whole board.
//!
//! **Structured tours.** A join needs its moves to be there. Every closed tour contains
//! the two moves of each corner square (a corner has only two knight moves). The piece
//! tours here are *structured*: besides those, each also contains two chosen moves, one
//! near its top-right corner and one near its bottom-left corner (`(1, w-2)–(3, w-1)` and
//! `(h-2, 1)–(h-1, 3)` in the piece's rows and columns). A piece is joined to its right
//! neighbour with its top-right structured move and the neighbour's top-left corner move
//! (`(0, 0)–(2, 1)`), and to the piece below it with its bottom-left structured move and
//! that piece's other top-left corner move (`(0, 0)–(1, 2)`). No move is used by two joins,
//! so every join finds its moves, on every board. Parberry (1997) introduced structured
//! tours for his divide-and-conquer construction of n×n and n×(n+2) tours; the corner
//! moves fixed here are chosen for joins between two pieces rather than his four.
//!
//! **Pieces.** A board whose sides are not both odd is cut, turned so that an odd side (if
//! any) runs down, into rows of heights 5–10 (at most one odd) and columns of widths 6, 8
//! or 10. A board 3 squares wide is a 3×10 or 3×12 closed tour, lengthened 4 columns at a
//! time: remove the move between the end's corner square and its neighbour
//! (`(0, w-1)–(2, w-2)`, in every closed tour) and thread an open tour of the 3×4 piece
//! from a square next to one of them to a square next to the other. The new end's corner
//! move is in that open tour, so the next piece joins the same way.
//!
//! The table's tours are found once, by a small backtracking search that insists on the
//! structured moves, on first use (about 0.6 ms in all).

use crate::puzzle::knight::existence::has_closed_tour;
use crate::puzzle::knight::{MOVES, Shape, Square};
use crate::solve::{Control, Counters, FINISH_NANOS_PER_VALUE, Stop};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;
use std::time::Duration;

/// A piece of the construction, in board rows and columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piece {
    /// Top row.
    pub row: u32,
    /// Left column.
    pub col: u32,
    /// Height in rows.
    pub rows: u32,
    /// Width in columns.
    pub cols: u32,
    /// Whether the piece's own tour is closed (the 3×4 pieces of a 3-wide board are open
    /// tours threaded into the cycle).
    pub closed: bool,
}

/// One join: the moves taken out and the moves put in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Join {
    /// Moves removed (one from each tour, or one for an open piece threaded in).
    pub removed: Vec<[Square; 2]>,
    /// Moves added, each between two pieces.
    pub added: Vec<[Square; 2]>,
}

/// How a construction was put together, for showing it: the pieces, the structured moves
/// their tours keep for the joins, and the joins in the order they are made.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    /// The pieces, in the order they are laid.
    pub pieces: Vec<Piece>,
    /// The moves each piece's tour was chosen to contain so that the joins find them.
    pub structured: Vec<[Square; 2]>,
    /// The joins, in order.
    pub joins: Vec<Join>,
}

/// A frame: the board, possibly turned a quarter (rows read as columns), so that the
/// construction always sees an even number of columns and any odd side as its height.
#[derive(Debug, Clone, Copy)]
struct Frame {
    rows: u32,
    cols: u32,
    transposed: bool,
    board_cols: u32,
}

impl Frame {
    fn of(shape: Shape) -> Frame {
        let (c, r) = (shape.cols(), shape.rows());
        // A 3-wide board runs along; otherwise an odd side (if any) goes down.
        let transposed = if c.min(r) == 3 {
            r != 3
        } else {
            r % 2 == 0 && c % 2 == 1
        };
        let (rows, cols) = if transposed { (c, r) } else { (r, c) };
        Frame {
            rows,
            cols,
            transposed,
            board_cols: c,
        }
    }

    #[inline]
    fn square(&self, r: u32, c: u32) -> Square {
        if self.transposed {
            c * self.board_cols + r
        } else {
            r * self.board_cols + c
        }
    }

    /// The board's move index for the frame's move `k`.
    fn board_move(&self, k: usize) -> u8 {
        let (dr, dc) = MOVES[k];
        let want = if self.transposed { (dc, dr) } else { (dr, dc) };
        MOVES
            .iter()
            .position(|&m| m == want)
            .expect("a turned knight move is a knight move") as u8
    }

    /// The board's (row, col, rows, cols) of a frame rectangle at (r, c), h high and w wide.
    fn board_rect(&self, r: u32, c: u32, h: u32, w: u32) -> (u32, u32, u32, u32) {
        if self.transposed {
            (c, r, w, h)
        } else {
            (r, c, h, w)
        }
    }
}

/// How the frame is cut.
#[derive(Debug, Clone)]
enum Layout {
    /// Rows of pieces of these heights, columns of these widths.
    Grid { heights: Vec<u32>, widths: Vec<u32> },
    /// A 3-row strip: a closed tour of 3×`base`, then `extensions` open 3×4 pieces.
    Strip { base: u32, extensions: u32 },
}

/// Cuts an even length ≥ 6 into 8s, ending with 6, 8, 10 or 6 + 6.
fn even_parts(mut len: u32) -> Vec<u32> {
    let mut parts = Vec::new();
    while len > 10 {
        let p = if len == 12 { 6 } else { 8 };
        parts.push(p);
        len -= p;
    }
    parts.push(len);
    parts
}

/// Cuts a length ≥ 5 into pieces of 5–10 squares, at most one of them odd.
fn parts(len: u32) -> Vec<u32> {
    if len.is_multiple_of(2) {
        return even_parts(len);
    }
    if len <= 9 {
        return vec![len];
    }
    let first = if len == 11 { 5 } else { 7 };
    let mut v = vec![first];
    v.extend(even_parts(len - first));
    v
}

fn layout(frame: &Frame) -> Layout {
    if frame.rows == 3 {
        let base = if frame.cols % 4 == 2 { 10 } else { 12 };
        Layout::Strip {
            base,
            extensions: (frame.cols - base) / 4,
        }
    } else {
        Layout::Grid {
            heights: parts(frame.rows),
            widths: even_parts(frame.cols),
        }
    }
}

/// A piece's tour: per square (row by row), its two neighbours as frame move indices.
#[derive(Debug, Clone)]
struct PieceTour {
    rows: u32,
    cols: u32,
    links: Vec<[u8; 2]>,
}

/// The piece tours: grid pieces of heights 5–10 and widths 6, 8, 10 (structured), the
/// strip's 3×10 and 3×12 closed tours, and its 3×4 open piece.
struct Table {
    grid: Vec<PieceTour>,
    strip10: PieceTour,
    strip12: PieceTour,
    /// The 3×4 open piece: from (1, 0) to a square a move from (0, -1).
    path3x4: PieceTour,
}

/// The moves a grid piece's tour keeps for the joins: near its top-right corner and near
/// its bottom-left corner.
fn structured_moves(h: u32, w: u32) -> [FrameMove; 2] {
    [(1, w - 2, 3, w - 1), (h - 2, 1, h - 1, 3)]
}

fn grid_index(h: u32, w: u32) -> usize {
    ((h - 5) * 3 + (w - 6) / 2) as usize
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut grid = Vec::new();
        for h in 5..=10 {
            for w in [6, 8, 10] {
                let required = structured_moves(h, w);
                let tour = find_tour(h, w, &required, End::Cycle)
                    .expect("every structured piece has a tour (checked by the tests)");
                grid.push(tour);
            }
        }
        let strip = |w| find_tour(3, w, &[], End::Cycle).expect("3x10 and 3x12 have closed tours");
        Table {
            grid,
            strip10: strip(10),
            strip12: strip(12),
            path3x4: find_tour(3, 4, &[], End::Path)
                .expect("3x4 has an open tour between (1, 0) and (1, 1) or (2, 0)"),
        }
    })
}

/// What the small search looks for.
#[derive(Debug, Clone, Copy, PartialEq)]
enum End {
    /// A closed tour through the top-left corner.
    Cycle,
    /// An open tour of a 3×4 piece from (1, 0) to (1, 1) or (2, 0).
    Path,
}

/// The frame move index from `a` to `b`, if they are a knight's move apart.
fn move_index(a: (i64, i64), b: (i64, i64)) -> Option<u8> {
    let d = ((b.0 - a.0) as i32, (b.1 - a.1) as i32);
    MOVES.iter().position(|&m| m == d).map(|k| k as u8)
}

/// Depth-first search for a tour of a small piece that contains `required` moves, trying
/// squares with the fewest free onward moves first.
fn find_tour(h: u32, w: u32, required: &[FrameMove], end: End) -> Option<PieceTour> {
    let n = (h * w) as usize;
    let at = |i: usize| (i64::from(i as u32 / w), i64::from(i as u32 % w));
    let nbrs: Vec<Vec<usize>> = (0..n)
        .map(|i| {
            let (r, c) = at(i);
            MOVES
                .iter()
                .map(|&(dr, dc)| (r + i64::from(dr), c + i64::from(dc)))
                .filter(|&(rr, cc)| rr >= 0 && cc >= 0 && rr < i64::from(h) && cc < i64::from(w))
                .map(|(rr, cc)| (rr * i64::from(w) + cc) as usize)
                .collect()
        })
        .collect();
    let mut req: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &(ar, ac, br, bc) in required {
        let (a, b) = ((ar * w + ac) as usize, (br * w + bc) as usize);
        req[a].push(b);
        req[b].push(a);
    }
    let (start, finish): (usize, Vec<usize>) = match end {
        End::Cycle => (0, Vec::new()),
        End::Path => (w as usize, vec![(w + 1) as usize, (2 * w) as usize]),
    };
    // Depth-first with Warnsdorff's order; when an attempt runs long, start again with
    // ties broken another (fixed) way.
    let mut found = None;
    for salt in 0..1000u64 {
        let mut s = Search {
            n,
            nbrs: &nbrs,
            req: &req,
            visited: vec![false; n],
            path: vec![start],
            start,
            end,
            finish: &finish,
            steps: 0,
            salt,
        };
        s.visited[start] = true;
        if s.go() {
            found = Some(s.path);
            break;
        }
    }
    let path = found?;
    let mut links = vec![[0u8; 2]; n];
    for i in 0..n {
        let prev = if i > 0 {
            Some(path[i - 1])
        } else if end == End::Cycle {
            Some(path[n - 1])
        } else {
            None
        };
        let next = if i + 1 < n {
            Some(path[i + 1])
        } else if end == End::Cycle {
            Some(path[0])
        } else {
            None
        };
        let k = |o: Option<usize>| {
            o.and_then(|o| move_index(at(path[i]), at(o)))
                .unwrap_or(NONE)
        };
        links[path[i]] = [k(prev), k(next)];
    }
    Some(PieceTour {
        rows: h,
        cols: w,
        links,
    })
}

/// "No neighbour" in a link (the ends of an open piece).
const NONE: u8 = 0xF;

/// Steps one attempt of the piece search may take before it starts again.
const ATTEMPT_STEPS: u64 = 20_000;

struct Search<'a> {
    n: usize,
    nbrs: &'a [Vec<usize>],
    req: &'a [Vec<usize>],
    visited: Vec<bool>,
    path: Vec<usize>,
    start: usize,
    end: End,
    finish: &'a [usize],
    steps: u64,
    /// Breaks ties between squares with as many free moves.
    salt: u64,
}

impl Search<'_> {
    fn free(&self, sq: usize) -> usize {
        self.nbrs[sq].iter().filter(|&&t| !self.visited[t]).count()
    }

    /// Whether an unvisited square next to `a` or `b` (`b` the path's new end) is left
    /// with fewer than two ways in and out, so no closed tour can pass through it.
    fn strands(&self, a: usize, b: usize) -> bool {
        let cut = |x: usize| {
            let ends = [b, self.start]
                .iter()
                .filter(|&&e| self.nbrs[x].contains(&e))
                .count();
            self.free(x) + ends < 2
        };
        self.nbrs[a]
            .iter()
            .chain(&self.nbrs[b])
            .any(|&x| !self.visited[x] && cut(x))
    }

    fn go(&mut self) -> bool {
        self.steps += 1;
        if self.steps > ATTEMPT_STEPS {
            return false;
        }
        let len = self.path.len();
        let u = self.path[len - 1];
        let prev = (len >= 2).then(|| self.path[len - 2]);
        if len == self.n {
            return match self.end {
                End::Cycle => {
                    self.nbrs[u].contains(&self.start)
                        && self.req[u]
                            .iter()
                            .all(|&r| Some(r) == prev || r == self.start)
                }
                End::Path => {
                    self.finish.contains(&u) && self.req[u].iter().all(|&r| Some(r) == prev)
                }
            };
        }
        // A closed tour must still be able to come home.
        if self.end == End::Cycle && self.free(self.start) == 0 {
            return false;
        }
        let must: Vec<usize> = self.req[u]
            .iter()
            .copied()
            .filter(|&r| Some(r) != prev)
            .collect();
        let mut cands: Vec<usize> = match must.as_slice() {
            [] => self.nbrs[u]
                .iter()
                .copied()
                .filter(|&t| !self.visited[t])
                .collect(),
            [r] if !self.visited[*r] => vec![*r],
            _ => return false,
        };
        cands.retain(|&t| {
            let others = self.req[t].iter().filter(|&&r| r != u);
            let mut count = 0;
            for &r in others {
                count += 1;
                let closing = self.end == End::Cycle && r == self.start && len + 1 == self.n;
                if self.visited[r] && !closing {
                    return false;
                }
            }
            count <= 1
        });
        // A path may end only on a finish square.
        if self.end == End::Path && len + 1 == self.n {
            cands.retain(|t| self.finish.contains(t));
        }
        let mut keyed: Vec<(usize, u64, usize)> = cands
            .iter()
            .map(|&t| {
                self.visited[t] = true;
                let k = self.free(t);
                self.visited[t] = false;
                let tie = (t as u64 ^ self.salt.wrapping_mul(0x9E37_79B9_7F4A_7C15))
                    .wrapping_mul(0xBF58_476D_1CE4_E5B9)
                    >> 40;
                (k, if self.salt == 0 { t as u64 } else { tie }, t)
            })
            .collect();
        keyed.sort_unstable();
        for (_, _, t) in keyed {
            self.visited[t] = true;
            self.path.push(t);
            let stranded = self.end == End::Cycle && self.strands(u, t);
            if !stranded && self.go() {
                return true;
            }
            self.path.pop();
            self.visited[t] = false;
        }
        false
    }
}

/// A closed tour of the board from `start`, built from pieces, or `Impossible` (and just
/// the start) when Schwenk's theorem says the board has none. Honours the budget's time,
/// its node limit (squares laid) and the cancel flag every few thousand squares.
pub fn solve(shape: Shape, start: Square, ctl: &mut Control) -> (Vec<Square>, Stop, Counters) {
    let mut counters = Counters::default();
    if !has_closed_tour(shape) {
        return (vec![start], Stop::Impossible, counters);
    }
    // The tour is copied, checked and printed after this returns: keep time for that.
    ctl.keep_back(Duration::from_nanos(
        (shape.len() as u64).saturating_mul(FINISH_NANOS_PER_VALUE),
    ));
    let mut links = vec![0u8; shape.len()];
    let built = build(shape, &mut links, &mut counters, ctl, None);
    let walked = built.and_then(|()| walk(shape, &links, start, ctl));
    crate::solve::free_later(links);
    match walked {
        Ok(path) => (path, Stop::Found, counters),
        Err(stop) => (vec![start], stop, counters),
    }
}

/// How the board's closed tour is put together (no tour is built): for showing the
/// construction. Empty when the board has no closed tour.
pub fn plan(shape: Shape) -> Plan {
    let mut plan = Plan::default();
    if has_closed_tour(shape) {
        let mut links = vec![0u8; shape.len()];
        let mut ctl = Control::quiet(crate::solve::Budget::unlimited());
        let _ = build(
            shape,
            &mut links,
            &mut Counters::default(),
            &mut ctl,
            Some(&mut plan),
        );
    }
    plan
}

/// Per board square, its two neighbours on the cycle as board move indices (low and high
/// nibble; [`NONE`] while a move is missing).
struct Links<'a> {
    links: &'a mut [u8],
    deltas: [i64; 8],
    frame: Frame,
}

impl Links<'_> {
    fn nbr(&self, sq: Square, nibble: u8) -> Square {
        (i64::from(sq) + self.deltas[nibble as usize]) as Square
    }

    fn board_move(&self, a: Square, b: Square) -> u8 {
        let d = i64::from(b) - i64::from(a);
        // Two moves never share an offset on a board at least 5 columns wide; on narrower
        // boards (3 columns, turned) the offsets are told apart by the column.
        let cols = i64::from(self.frame.board_cols);
        let (ac, bc) = (i64::from(a) % cols, i64::from(b) % cols);
        (0..8)
            .find(|&k| self.deltas[k] == d && ac + i64::from(MOVES[k].1) == bc)
            .expect("every join adds a knight move") as u8
    }

    fn remove(&mut self, a: Square, b: Square) {
        for (x, y) in [(a, b), (b, a)] {
            let v = self.links[x as usize];
            let (lo, hi) = (v & 0xF, v >> 4);
            if lo != NONE && self.nbr(x, lo) == y {
                self.links[x as usize] = (hi << 4) | NONE;
            } else if hi != NONE && self.nbr(x, hi) == y {
                self.links[x as usize] = (NONE << 4) | lo;
            } else {
                debug_assert!(false, "move {x}-{y} is not on the cycle");
            }
        }
    }

    fn add(&mut self, a: Square, b: Square) {
        for (x, y) in [(a, b), (b, a)] {
            let k = self.board_move(x, y);
            let v = self.links[x as usize];
            let (lo, hi) = (v & 0xF, v >> 4);
            self.links[x as usize] = if lo == NONE {
                (hi << 4) | k
            } else {
                debug_assert!(hi == NONE, "square {x} already has two moves");
                (k << 4) | lo
            };
        }
    }
}

/// Lays pieces and makes joins, keeping count (and the plan, when one is wanted).
struct Builder<'a, 'p> {
    l: Links<'a>,
    board_moves: [u8; 8],
    counters: &'a mut Counters,
    plan: Option<&'p mut Plan>,
}

/// A move as two frame squares, (row, col) each.
type FrameMove = (u32, u32, u32, u32);

impl Builder<'_, '_> {
    fn sq(&self, r: u32, c: u32) -> Square {
        self.l.frame.square(r, c)
    }

    /// Lays a piece's tour with its top-left square at frame (r0, c0).
    fn lay(&mut self, tour: &PieceTour, r0: u32, c0: u32) {
        let m = |k: u8| {
            if k == NONE {
                NONE
            } else {
                self.board_moves[k as usize]
            }
        };
        for lr in 0..tour.rows {
            for lc in 0..tour.cols {
                let [a, b] = tour.links[(lr * tour.cols + lc) as usize];
                let at = self.sq(r0 + lr, c0 + lc) as usize;
                self.l.links[at] = m(a) | (m(b) << 4);
            }
        }
        self.counters.nodes += u64::from(tour.rows * tour.cols);
        self.counters.attempts += 1;
        let frame = self.l.frame;
        if let Some(p) = self.plan.as_deref_mut() {
            let (row, col, rows, cols) = frame.board_rect(r0, c0, tour.rows, tour.cols);
            p.pieces.push(Piece {
                row,
                col,
                rows,
                cols,
                closed: tour.links.iter().all(|l| l[0] != NONE && l[1] != NONE),
            });
        }
    }

    /// Notes moves a piece's tour keeps for the joins.
    fn keep(&mut self, moves: &[FrameMove]) {
        let frame = self.l.frame;
        if let Some(p) = self.plan.as_deref_mut() {
            for &(r1, c1, r2, c2) in moves {
                p.structured
                    .push([frame.square(r1, c1), frame.square(r2, c2)]);
            }
        }
    }

    /// Removes `removed` and adds `added`.
    fn join(&mut self, removed: &[FrameMove], added: &[FrameMove]) {
        let frame = self.l.frame;
        let edge = |&(r1, c1, r2, c2): &FrameMove| [frame.square(r1, c1), frame.square(r2, c2)];
        for [a, b] in removed.iter().map(edge) {
            self.l.remove(a, b);
        }
        for [a, b] in added.iter().map(edge) {
            self.l.add(a, b);
        }
        self.counters.moves += 1;
        if let Some(p) = self.plan.as_deref_mut() {
            p.joins.push(Join {
                removed: removed.iter().map(edge).collect(),
                added: added.iter().map(edge).collect(),
            });
        }
    }
}

/// Lays the pieces and joins them, into `links`.
fn build(
    shape: Shape,
    links: &mut [u8],
    counters: &mut Counters,
    ctl: &mut Control,
    plan: Option<&mut Plan>,
) -> Result<(), Stop> {
    let frame = Frame::of(shape);
    let table = table();
    let mut b = Builder {
        l: Links {
            links,
            deltas: board_deltas(shape),
            frame,
        },
        board_moves: std::array::from_fn(|k| frame.board_move(k)),
        counters,
        plan,
    };
    match layout(&frame) {
        Layout::Strip { base, extensions } => {
            let first = if base == 10 {
                &table.strip10
            } else {
                &table.strip12
            };
            b.lay(first, 0, 0);
            let piece = &table.path3x4;
            // Where the 3x4 piece's open tour ends, besides (1, 0).
            let far = [(1u32, 1u32), (2, 0)]
                .into_iter()
                .find(|&(r, c)| piece.links[(r * 4 + c) as usize].contains(&NONE))
                .unwrap_or((1, 1));
            let mut x = base;
            for _ in 0..extensions {
                b.lay(piece, 0, x);
                // The end's corner move (0, x-1)–(2, x-2) opens; the piece's open tour
                // runs from (1, x), a move from (2, x-2), to `far`, a move from (0, x-1).
                b.join(
                    &[(0, x - 1, 2, x - 2)],
                    &[(2, x - 2, 1, x), (0, x - 1, far.0, x + far.1)],
                );
                x += 4;
                if let Some(stop) = ctl.check_every(b.counters) {
                    return Err(stop);
                }
            }
        }
        Layout::Grid { heights, widths } => {
            let mut r0 = 0;
            for (i, &h) in heights.iter().enumerate() {
                let mut c0 = 0;
                for (j, &w) in widths.iter().enumerate() {
                    b.lay(&table.grid[grid_index(h, w)], r0, c0);
                    let kept =
                        structured_moves(h, w).map(|(a, b, c, d)| (r0 + a, c0 + b, r0 + c, c0 + d));
                    b.keep(&kept);
                    if j > 0 {
                        // Join to the piece on the left, whose last column is x - 1.
                        let x = c0;
                        b.join(
                            &[(r0 + 1, x - 2, r0 + 3, x - 1), (r0, x, r0 + 2, x + 1)],
                            &[(r0, x, r0 + 1, x - 2), (r0 + 2, x + 1, r0 + 3, x - 1)],
                        );
                    }
                    c0 += w;
                    // The clock, the cancel flag and the node limit (squares laid), every
                    // few thousand squares.
                    if let Some(stop) = ctl.check_every(b.counters) {
                        return Err(stop);
                    }
                }
                if i > 0 {
                    // Join this row to the one above, in the first column of pieces.
                    let y = r0;
                    b.join(
                        &[(y - 2, 1, y - 1, 3), (y, 0, y + 1, 2)],
                        &[(y, 0, y - 2, 1), (y + 1, 2, y - 1, 3)],
                    );
                }
                r0 += h;
            }
        }
    }
    Ok(())
}

/// The board's index offset of each move.
fn board_deltas(shape: Shape) -> [i64; 8] {
    std::array::from_fn(|k| i64::from(MOVES[k].0) * i64::from(shape.cols()) + i64::from(MOVES[k].1))
}

/// The cycle in `links` as a path from `start`.
fn walk(shape: Shape, links: &[u8], start: Square, ctl: &mut Control) -> Result<Vec<Square>, Stop> {
    let n = shape.len();
    let deltas = board_deltas(shape);
    let mut path = Vec::with_capacity(n);
    let mut prev = Square::MAX;
    let mut cur = start;
    for i in 0..n {
        path.push(cur);
        let v = links[cur as usize];
        let a = (i64::from(cur) + deltas[(v & 0xF) as usize]) as Square;
        let b = (i64::from(cur) + deltas[(v >> 4) as usize]) as Square;
        let next = if a == prev { b } else { a };
        prev = cur;
        cur = next;
        if i % (1 << 20) == 0
            && let Some(stop) = ctl.interrupted()
        {
            crate::solve::free_later(path);
            return Err(stop);
        }
    }
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::knight::Board;
    use crate::solve::Budget;
    use crate::testing::test;

    fn closed_tour(c: u64, r: u64, start: Square) -> Vec<Square> {
        let shape = Shape::new(c, r).unwrap();
        let (path, stop, _) = solve(shape, start, &mut Control::quiet(Budget::unlimited()));
        assert_eq!(stop, Stop::Found, "{c}x{r}");
        path
    }

    /// A piece's tour as a path of board squares (row by row, `w` wide), from its
    /// first square (an end of an open piece).
    fn piece_path(t: &PieceTour) -> Vec<Square> {
        let w = i64::from(t.cols);
        let step = |sq: i64, k: u8| {
            let (dr, dc) = MOVES[k as usize];
            sq + i64::from(dr) * w + i64::from(dc)
        };
        let first = (0..t.links.len())
            .find(|&i| t.links[i].contains(&NONE))
            .unwrap_or(0) as i64;
        let mut path = vec![first as Square];
        let mut prev = -1;
        let mut cur = first;
        while path.len() < t.links.len() {
            let next = t.links[cur as usize]
                .iter()
                .filter(|&&k| k != NONE)
                .map(|&k| step(cur, k))
                .find(|&n| n != prev)
                .expect("a next square");
            path.push(next as Square);
            (prev, cur) = (cur, next);
        }
        path
    }

    #[test]
    fn every_piece_tour_is_a_tour_with_its_structured_moves() {
        let t = table();
        assert_eq!(t.grid.len(), 18);
        for h in 5..=10 {
            for w in [6, 8, 10] {
                let tour = &t.grid[grid_index(h, w)];
                let board = Board::new(u64::from(w), u64::from(h)).unwrap();
                let path = piece_path(tour);
                board.validate_tour(&path, true).unwrap();
                for (r1, c1, r2, c2) in structured_moves(h, w) {
                    let (a, b) = (board.square(r1, c1), board.square(r2, c2));
                    let at = path.iter().position(|&s| s == a).unwrap();
                    let n = path.len();
                    assert!(
                        path[(at + 1) % n] == b || path[(at + n - 1) % n] == b,
                        "{h}x{w} lacks {r1},{c1}-{r2},{c2}"
                    );
                }
            }
        }
        for strip in [&t.strip10, &t.strip12] {
            let board = Board::new(u64::from(strip.cols), 3).unwrap();
            board.validate_tour(&piece_path(strip), true).unwrap();
        }
        // The 3x4 piece: an open tour between (1, 0) and (1, 1) or (2, 0).
        let board = Board::new(4, 3).unwrap();
        let path = piece_path(&t.path3x4);
        board.validate_tour(&path, false).unwrap();
        let ends = [path[0], path[11]];
        assert!(
            ends.contains(&4) && (ends.contains(&5) || ends.contains(&8)),
            "{ends:?}"
        );
    }

    #[test]
    fn pieces_cover_every_length() {
        for len in 5..300 {
            let p = parts(len);
            assert_eq!(p.iter().sum::<u32>(), len);
            assert!(p.iter().all(|x| (5..=10).contains(x)), "{len}: {p:?}");
            assert!(p.iter().filter(|x| *x % 2 == 1).count() <= 1);
            if len % 2 == 0 && len >= 6 {
                assert!(even_parts(len).iter().all(|x| [6, 8, 10].contains(x)));
            }
        }
    }

    #[test]
    fn small_boards() {
        for (c, r) in [
            (6, 6),
            (8, 8),
            (3, 10),
            (10, 3),
            (3, 14),
            (5, 6),
            (6, 5),
            (12, 12),
            (7, 20),
        ] {
            let board = Board::new(c, r).unwrap();
            let path = closed_tour(c, r, 0);
            board.validate_tour(&path, true).unwrap();
        }
    }
}
