//! The knight's tour: boards of any size, knight moves, tours and their validation.
//!
//! Squares are numbered `row * cols + col`, zero-based, row 0 at the top, as the source
//! documents print boards. Chess notation (`a1`) names the bottom-left square.
//!
//! The neighbour table is one byte per square: bit `k` is set when move [`MOVES`]`[k]`
//! stays on the board. Together with the eight index offsets of the moves this is all a
//! solver needs, and it stays small enough for boards of 100 million squares.

pub mod existence;
pub mod notation;
pub mod orbits;

use std::fmt;

/// A square's index: `row * cols + col`.
pub type Square = u32;

/// The eight knight moves as (row change, column change), in the Knight's Tour solver
/// report's order.
///
/// The order is chosen so that move `7 - k` undoes move `k`.
pub const MOVES: [(i32, i32); 8] = [
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];

/// The largest board we accept, in squares (10,000 × 10,000). Solvers keep a few bytes per
/// square, so this stays well inside memory.
pub const MAX_SQUARES: u64 = 100_000_000;

/// How many squares a long check takes between asking whether to go on (about a
/// millisecond of checking).
pub const CHECK_CHUNK: usize = 1 << 18;

/// Why a board size, or a square on a board, was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// No columns or no rows.
    #[error("a {cols}x{rows} board has no squares: columns and rows must each be at least 1")]
    ZeroSize {
        /// The columns asked for.
        cols: u64,
        /// The rows asked for.
        rows: u64,
    },
    /// More than [`MAX_SQUARES`] squares.
    #[error(
        "a {cols}x{rows} board has {squares} squares; at most {MAX_SQUARES} (e.g. 10000x10000) are allowed",
        squares = cols.saturating_mul(*rows)
    )]
    TooLarge {
        /// The columns asked for.
        cols: u64,
        /// The rows asked for.
        rows: u64,
    },
    /// A square that cannot be read, or is off the board; the message says which.
    #[error("{0}")]
    Square(String),
}

/// A `cols × rows` board with its precomputed knight-move table.
///
/// # Example
///
/// ```rust
/// use searchlab::puzzle::knight::Board;
///
/// let board = Board::new(8, 8).unwrap();
/// assert_eq!(board.len(), 64);
/// // Square 0 is the top-left corner, a8 in chess notation, with two knight moves.
/// assert_eq!(board.name(0), "a8");
/// assert_eq!(board.parse_square("a8"), Ok(0));
/// assert_eq!(board.degree(0), 2);
/// assert!(board.is_knight_move(0, board.square(1, 2)));
/// assert!(Board::new(0, 8).is_err());
/// ```
#[derive(Clone)]
pub struct Board {
    shape: Shape,
    masks: Vec<u8>,
    deltas: [isize; 8],
}

/// A board's size without its move table: what naming, reading and checking squares
/// need. Checking a size this way costs nothing, where [`Board::new`] builds a table of
/// one byte per square (100 MB on the largest board).
///
/// ```rust
/// use searchlab::puzzle::knight::Shape;
///
/// let shape = Shape::new(8, 8).unwrap();
/// assert_eq!(shape.parse_square("a8"), Ok(0));
/// assert_eq!(shape.name(63), "h1");
/// assert!(Shape::new(20_000, 20_000).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    cols: u32,
    rows: u32,
}

impl Shape {
    /// A `cols × rows` size, checked: at least one square, at most [`MAX_SQUARES`].
    pub fn new(cols: u64, rows: u64) -> Result<Shape, BoardError> {
        if cols == 0 || rows == 0 {
            return Err(BoardError::ZeroSize { cols, rows });
        }
        if cols.saturating_mul(rows) > MAX_SQUARES {
            return Err(BoardError::TooLarge { cols, rows });
        }
        Ok(Shape {
            cols: cols as u32,
            rows: rows as u32,
        })
    }

    /// The number of columns.
    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// The number of rows.
    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// The number of squares.
    pub fn len(&self) -> usize {
        self.cols as usize * self.rows as usize
    }

    /// Always false: a board has at least one square.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The square at `row`, `col` (both zero-based, row 0 at the top).
    pub fn square(&self, row: u32, col: u32) -> Square {
        debug_assert!(row < self.rows && col < self.cols);
        row * self.cols + col
    }

    /// `(row, col)` of a square.
    pub fn row_col(&self, sq: Square) -> (u32, u32) {
        (sq / self.cols, sq % self.cols)
    }

    /// Whether `row`, `col` (zero-based, possibly negative) is on the board.
    pub fn contains(&self, row: i64, col: i64) -> bool {
        row >= 0 && col >= 0 && row < i64::from(self.rows) && col < i64::from(self.cols)
    }

    /// Whether a knight moves from `a` to `b` in one jump.
    pub fn is_knight_move(&self, a: Square, b: Square) -> bool {
        let (ra, ca) = self.row_col(a);
        let (rb, cb) = self.row_col(b);
        let dr = (i64::from(ra) - i64::from(rb)).abs();
        let dc = (i64::from(ca) - i64::from(cb)).abs();
        (dr == 1 && dc == 2) || (dr == 2 && dc == 1)
    }

    /// The chess name of a square: file letters from the left (`a`…`z`, then `aa`…),
    /// rank number from the bottom.
    pub fn name(&self, sq: Square) -> String {
        let (row, col) = self.row_col(sq);
        format!("{}{}", file_letters(col), self.rows - row)
    }

    /// Parses `c3` (chess notation, `a1` bottom-left) or `ROW,COL` (zero-based from the
    /// top-left, as the source documents print boards).
    pub fn parse_square(&self, text: &str) -> Result<Square, BoardError> {
        let text = text.trim();
        let (row, col) = if let Some((r, c)) = text.split_once(',') {
            let r: i64 = r.trim().parse().map_err(|_| bad_square(text))?;
            let c: i64 = c.trim().parse().map_err(|_| bad_square(text))?;
            (r, c)
        } else {
            let letters: String = text.chars().take_while(char::is_ascii_alphabetic).collect();
            let digits = &text[letters.len()..];
            if letters.is_empty()
                || digits.is_empty()
                || !digits.bytes().all(|b| b.is_ascii_digit())
            {
                return Err(bad_square(text));
            }
            let mut col: i64 = 0;
            for ch in letters.to_ascii_lowercase().bytes() {
                col = col
                    .saturating_mul(26)
                    .saturating_add(i64::from(ch - b'a' + 1));
            }
            let rank: i64 = digits.parse().map_err(|_| bad_square(text))?;
            (i64::from(self.rows) - rank, col - 1)
        };
        if !self.contains(row, col) {
            return Err(BoardError::Square(format!(
                "square {text} is off the {}x{} board: rows are 0..{} and columns 0..{} (or a1..{})",
                self.cols,
                self.rows,
                self.rows - 1,
                self.cols - 1,
                self.name(self.square(0, self.cols - 1)),
            )));
        }
        Ok(self.square(row as u32, col as u32))
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({}x{})", self.cols(), self.rows())
    }
}

/// A board travels (to and from a browser's Web Worker) as its size, `(cols, rows)`; its
/// move table is built again where it lands.
impl serde::Serialize for Board {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serde::Serialize::serialize(&(self.cols(), self.rows()), s)
    }
}

impl<'de> serde::Deserialize<'de> for Board {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Board, D::Error> {
        let (cols, rows) = <(u32, u32) as serde::Deserialize>::deserialize(d)?;
        Board::new(u64::from(cols), u64::from(rows)).map_err(serde::de::Error::custom)
    }
}

impl Board {
    /// A board of `cols` columns and `rows` rows.
    pub fn new(cols: u64, rows: u64) -> Result<Board, BoardError> {
        Board::new_while(cols, rows, || true)
            .map(|b| b.unwrap_or_else(|| unreachable!("asked to go on throughout")))
    }

    /// [`Board::new`], asking `go_on` between the copies that fill the move table of a
    /// board past a million squares (a few milliseconds each): `Ok(None)` when it said
    /// stop.
    pub fn new_while(
        cols: u64,
        rows: u64,
        mut go_on: impl FnMut() -> bool,
    ) -> Result<Option<Board>, BoardError> {
        let shape = Shape::new(cols, rows)?;
        let (c, r) = (cols as usize, rows as usize);
        // A move is on the board when both its row part and its column part are, so the
        // table is the AND of a per-row and a per-column mask.
        let axis_mask = |pos: usize, len: usize, row_axis: bool| -> u8 {
            let mut m = 0u8;
            for (k, &(dr, dc)) in MOVES.iter().enumerate() {
                let d = if row_axis { dr } else { dc };
                let p = pos as i64 + i64::from(d);
                if p >= 0 && p < len as i64 {
                    m |= 1 << k;
                }
            }
            m
        };
        // Two columns at each edge lose moves; every column between keeps all eight.
        let col_masks: Vec<u8> = if c <= 4 {
            (0..c).map(|x| axis_mask(x, c, false)).collect()
        } else {
            let mut m = Vec::with_capacity(c);
            m.extend((0..2).map(|x| axis_mask(x, c, false)));
            m.resize(c - 2, axis_mask(2, c, false));
            m.extend((c - 2..c).map(|x| axis_mask(x, c, false)));
            m
        };
        let mut masks = Vec::with_capacity(c * r);
        // One row, written 16 MB at a time between two looks at `go_on` (a row of a
        // 100000000x1 board is 100 MB); `false` when it said stop.
        let row = |masks: &mut Vec<u8>, y: usize, go_on: &mut dyn FnMut() -> bool| {
            let rm = axis_mask(y, r, true);
            for part in col_masks.chunks(1 << 24) {
                if masks.len() > 1 << 20 && !go_on() {
                    return false;
                }
                masks.extend(part.iter().map(|&cm| cm & rm));
            }
            true
        };
        // Two rows at each edge lose moves; every row between is the same, so it is
        // written once and copied by doubling (a 1x100000000 board takes milliseconds).
        let top = r.min(2);
        for y in 0..top {
            if !row(&mut masks, y, &mut go_on) {
                return Ok(None);
            }
        }
        if r > 4 {
            let start = masks.len();
            if !row(&mut masks, 2, &mut go_on) {
                return Ok(None);
            }
            let end = start + (r - 4) * c;
            while masks.len() < end {
                // A board of a million squares or fewer is made in a millisecond or two.
                if masks.len() > 1 << 20 && !go_on() {
                    return Ok(None);
                }
                // Whole rows, at most about 16 MB a copy (a few milliseconds) between two
                // looks at `go_on`.
                let most = ((1 << 24) / c).max(1) * c;
                let more = (masks.len() - start).min(end - masks.len()).min(most);
                masks.extend_from_within(start..start + more);
            }
        }
        for y in r.saturating_sub(2).max(top)..r {
            if !row(&mut masks, y, &mut go_on) {
                return Ok(None);
            }
        }
        let mut deltas = [0isize; 8];
        for (k, &(dr, dc)) in MOVES.iter().enumerate() {
            deltas[k] = dr as isize * c as isize + dc as isize;
        }
        Ok(Some(Board {
            shape,
            masks,
            deltas,
        }))
    }

    /// Its size, without the move table.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The number of columns.
    pub fn cols(&self) -> u32 {
        self.shape.cols
    }

    /// The number of rows.
    pub fn rows(&self) -> u32 {
        self.shape.rows
    }

    /// The number of squares.
    pub fn len(&self) -> usize {
        self.masks.len()
    }

    /// Always false: a board has at least one square.
    pub fn is_empty(&self) -> bool {
        self.masks.is_empty()
    }

    /// The square at `row`, `col` (both zero-based, row 0 at the top).
    #[inline]
    pub fn square(&self, row: u32, col: u32) -> Square {
        self.shape.square(row, col)
    }

    /// `(row, col)` of a square.
    #[inline]
    pub fn row_col(&self, sq: Square) -> (u32, u32) {
        self.shape.row_col(sq)
    }

    /// Whether `row`, `col` (zero-based, possibly negative) is on the board.
    pub fn contains(&self, row: i64, col: i64) -> bool {
        self.shape.contains(row, col)
    }

    /// Bit `k` set when move `MOVES[k]` from `sq` stays on the board.
    #[inline]
    pub fn move_mask(&self, sq: Square) -> u8 {
        self.masks[sq as usize]
    }

    /// The whole move table, one byte per square (see [`Board::move_mask`]).
    pub fn move_masks(&self) -> &[u8] {
        &self.masks
    }

    /// The square reached by move `k` from `sq`; only meaningful when bit `k` of
    /// `move_mask(sq)` is set.
    #[inline]
    pub fn step(&self, sq: Square, k: usize) -> Square {
        (sq as isize + self.deltas[k]) as Square
    }

    /// Whether a knight on `from` attacks `to`, by the move table: no division, so checking
    /// a path of 100 million squares takes a fraction of a second.
    #[inline]
    fn jumps(&self, from: Square, to: Square) -> bool {
        let d = to as isize - from as isize;
        let mask = self.masks[from as usize];
        (0..8).any(|k| mask >> k & 1 == 1 && self.deltas[k] == d)
    }

    /// The squares a knight on `sq` attacks, in [`MOVES`] order.
    pub fn neighbours(&self, sq: Square) -> impl Iterator<Item = Square> + '_ {
        bits(self.masks[sq as usize]).map(move |k| self.step(sq, k))
    }

    /// The number of squares a knight on `sq` attacks.
    pub fn degree(&self, sq: Square) -> u32 {
        self.masks[sq as usize].count_ones()
    }

    /// Whether a knight moves from `a` to `b` in one jump.
    #[inline]
    pub fn is_knight_move(&self, a: Square, b: Square) -> bool {
        self.shape.is_knight_move(a, b)
    }

    /// The chess name of a square: file letters from the left (`a`…`z`, then `aa`…),
    /// rank number from the bottom.
    pub fn name(&self, sq: Square) -> String {
        self.shape.name(sq)
    }

    /// Parses `c3` (chess notation, `a1` bottom-left) or `ROW,COL` (zero-based from the
    /// top-left, as the source documents print boards).
    pub fn parse_square(&self, text: &str) -> Result<Square, BoardError> {
        self.shape.parse_square(text)
    }

    /// Checks that `path` is a legal knight's path: on the board, every step a knight's
    /// move, no square twice. It need not cover the board.
    ///
    /// # Example
    ///
    /// ```rust
    /// use searchlab::puzzle::knight::Board;
    ///
    /// let board = Board::new(5, 5).unwrap();
    /// let (a, b, c) = (board.square(0, 0), board.square(1, 2), board.square(2, 4));
    /// assert!(board.validate_path(&[a, b, c]).is_ok());
    /// assert!(board.validate_path(&[a, c]).is_err()); // not a knight's move
    /// assert!(board.validate_path(&[a, b, a]).is_err()); // a square twice
    /// ```
    pub fn validate_path(&self, path: &[Square]) -> Result<(), TourError> {
        self.validate_path_while(path, || true).map(|_| ())
    }

    /// [`Board::validate_path`], asking `go_on` every [`CHECK_CHUNK`] squares whether to
    /// go on: `Ok(false)` when it said no (the path is then neither accepted nor refused).
    pub fn validate_path_while(
        &self,
        path: &[Square],
        mut go_on: impl FnMut() -> bool,
    ) -> Result<bool, TourError> {
        let n = self.len();
        let mut seen = vec![0u64; n.div_ceil(64)];
        for (i, &sq) in path.iter().enumerate() {
            if i % CHECK_CHUNK == CHECK_CHUNK - 1 && !go_on() {
                return Ok(false);
            }
            if sq as usize >= n {
                return Err(TourError::OffBoard {
                    index: i,
                    square: sq,
                });
            }
            if i > 0 && !self.jumps(path[i - 1], sq) {
                return Err(TourError::IllegalJump {
                    index: i,
                    from: self.row_col(path[i - 1]),
                    to: self.row_col(sq),
                });
            }
            let (w, b) = (sq as usize / 64, sq as usize % 64);
            if seen[w] >> b & 1 == 1 {
                let first = path.iter().position(|&p| p == sq).unwrap_or(0);
                return Err(TourError::Revisited {
                    index: i,
                    square: self.row_col(sq),
                    first,
                });
            }
            seen[w] |= 1 << b;
        }
        Ok(true)
    }

    /// Checks that `path` is a knight's tour: a legal path over every square, and with
    /// `closed`, one whose last square is a knight's move from its first.
    ///
    /// # Example
    ///
    /// ```rust
    /// use searchlab::puzzle::knight::Board;
    ///
    /// // An open tour of the board of 4 columns and 3 rows (squares numbered row by row).
    /// let board = Board::new(4, 3).unwrap();
    /// let tour = [0, 6, 8, 1, 7, 9, 2, 11, 5, 3, 10, 4];
    /// assert!(board.validate_tour(&tour, false).is_ok());
    /// assert!(board.validate_tour(&tour, true).is_err()); // 4 is not a knight's move from 0
    /// assert!(board.validate_tour(&tour[..11], false).is_err()); // misses a square
    /// ```
    pub fn validate_tour(&self, path: &[Square], closed: bool) -> Result<(), TourError> {
        self.validate_tour_while(path, closed, || true).map(|_| ())
    }

    /// [`Board::validate_tour`], asking `go_on` as [`Board::validate_path_while`] does.
    pub fn validate_tour_while(
        &self,
        path: &[Square],
        closed: bool,
        go_on: impl FnMut() -> bool,
    ) -> Result<bool, TourError> {
        if path.is_empty() {
            return Err(TourError::Empty);
        }
        if !self.validate_path_while(path, go_on)? {
            return Ok(false);
        }
        if path.len() < self.len() {
            let mut seen = vec![false; self.len()];
            for &sq in path {
                seen[sq as usize] = true;
            }
            let missed = seen.iter().position(|&s| !s).unwrap_or(0) as Square;
            return Err(TourError::Missed {
                square: self.row_col(missed),
                count: self.len() - path.len(),
            });
        }
        let (first, last) = (path[0], path[path.len() - 1]);
        if closed && !(self.len() == 1 || self.is_knight_move(last, first)) {
            return Err(TourError::NotClosed {
                first: self.row_col(first),
                last: self.row_col(last),
            });
        }
        Ok(true)
    }

    /// Whether a tour's last square is a knight's move from its first.
    pub fn is_closed(&self, path: &[Square]) -> bool {
        // One square is a tour but no cycle: a closed tour needs a move back to the start.
        path.len() == self.len()
            && path.len() > 1
            && self.is_knight_move(path[path.len() - 1], path[0])
    }

    /// The board as a grid of move numbers, `first` on the path's first square, `.` on
    /// squares the path misses; columns right-aligned, one row per line, top row first.
    pub fn render_numbers(&self, path: &[Square], first: u64) -> String {
        let mut numbers = vec![None; self.len()];
        for (i, &sq) in path.iter().enumerate() {
            numbers[sq as usize] = Some(first + i as u64);
        }
        let width = (first + self.len() as u64).to_string().len();
        let mut out = String::new();
        for row in numbers.chunks(self.cols() as usize) {
            let cells: Vec<String> = row
                .iter()
                .map(|n| match n {
                    Some(n) => format!("{n:>width$}"),
                    None => format!("{:>width$}", "."),
                })
                .collect();
            out.push_str(&cells.join(" "));
            out.push('\n');
        }
        out
    }
}

/// The indices of the set bits of a move mask, lowest first.
#[inline]
pub fn bits(mut mask: u8) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let k = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            Some(k)
        }
    })
}

/// The letters of file `col` (zero-based): `a` … `z`, then `aa`, `ab`, … as in [`Board::name`].
pub fn file_letters(mut col: u32) -> String {
    // Bijective base 26: a..z, aa..az, ba..
    let mut letters = Vec::new();
    col += 1;
    while col > 0 {
        col -= 1;
        letters.push(b'a' + (col % 26) as u8);
        col /= 26;
    }
    letters.reverse();
    String::from_utf8(letters).unwrap_or_default()
}

fn bad_square(text: &str) -> BoardError {
    BoardError::Square(format!(
        "cannot read square {text:?}: write chess notation like c3 (a1 is bottom-left) or ROW,COL like 0,0 (zero-based from the top-left)"
    ))
}

/// What is wrong with a path offered as a tour. Squares are `(row, col)`; `index` is the
/// position in the path (0 = the start square, so index `k` is reached by move `k`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TourError {
    /// No squares at all.
    Empty,
    /// A square number beyond the board.
    OffBoard {
        /// Its position in the path.
        index: usize,
        /// The square number.
        square: Square,
    },
    /// Two consecutive squares a knight's move does not join.
    IllegalJump {
        /// The position of the square jumped to.
        index: usize,
        /// The square jumped from.
        from: (u32, u32),
        /// The square jumped to.
        to: (u32, u32),
    },
    /// A square visited a second time.
    Revisited {
        /// The position of the second visit.
        index: usize,
        /// The square.
        square: (u32, u32),
        /// The position of the first visit.
        first: usize,
    },
    /// A legal path that leaves squares out.
    Missed {
        /// The first square left out (in square order).
        square: (u32, u32),
        /// How many squares are left out.
        count: usize,
    },
    /// A closed tour was asked for, and the last square is not a knight's move from the
    /// first.
    NotClosed {
        /// The first square.
        first: (u32, u32),
        /// The last square.
        last: (u32, u32),
    },
}

impl fmt::Display for TourError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TourError::Empty => write!(f, "the path is empty"),
            TourError::OffBoard { index, square } => {
                write!(
                    f,
                    "square number {square} at position {index} is off the board"
                )
            }
            TourError::IllegalJump { index, from, to } => write!(
                f,
                "move {index} from {},{} to {},{} is not a knight's move",
                from.0, from.1, to.0, to.1
            ),
            TourError::Revisited {
                index,
                square,
                first,
            } => write!(
                f,
                "move {index} revisits square {},{} (first visited at position {first})",
                square.0, square.1
            ),
            TourError::Missed { square, count } => write!(
                f,
                "the path misses {count} square(s), the first being {},{}",
                square.0, square.1
            ),
            TourError::NotClosed { first, last } => write!(
                f,
                "the tour is not closed: its last square {},{} is not a knight's move from its first {},{}",
                last.0, last.1, first.0, first.1
            ),
        }
    }
}

impl std::error::Error for TourError {}

/// A knight's tour checked against its board: only [`Tour::new`] makes one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tour {
    cols: u32,
    rows: u32,
    path: Vec<Square>,
    closed: bool,
}

impl Tour {
    /// Validates `path` as a tour of `board` (closed if `closed`).
    pub fn new(board: &Board, path: Vec<Square>, closed: bool) -> Result<Tour, TourError> {
        board.validate_tour(&path, closed)?;
        Ok(Tour {
            cols: board.cols(),
            rows: board.rows(),
            closed: board.is_closed(&path),
            path,
        })
    }

    /// The squares in the order visited.
    pub fn path(&self) -> &[Square] {
        &self.path
    }

    /// Whether the last square is a knight's move from the first (whether or not a closed
    /// tour was asked for).
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// The board as `(cols, rows)`.
    pub fn board_size(&self) -> (u32, u32) {
        (self.cols, self.rows)
    }

    /// The squares in the order visited, taken out of the tour.
    pub fn into_path(self) -> Vec<Square> {
        self.path
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board large enough to be filled by several copies has, on every square of the
    /// rows looked at, exactly the moves that stay on it; asked to stop, it stops.
    #[test]
    fn a_large_board_filled_in_copies_has_the_moves_of_its_squares() {
        let (cols, rows) = (3001u32, 7003u32);
        let board = Board::new(u64::from(cols), u64::from(rows)).unwrap();
        for r in (0..rows)
            .step_by(97)
            .chain([1, 2, rows - 3, rows - 2, rows - 1])
        {
            for c in 0..cols {
                let want = (MOVES.iter().enumerate())
                    .filter(|(_, (dr, dc))| {
                        board.contains(i64::from(r) + i64::from(*dr), i64::from(c) + i64::from(*dc))
                    })
                    .fold(0u8, |m, (k, _)| m | 1 << k);
                assert_eq!(
                    board.move_masks()[board.square(r, c) as usize],
                    want,
                    "{r},{c}"
                );
            }
        }
        let mut looks = 0;
        let stopped = Board::new_while(u64::from(cols), u64::from(rows), || {
            looks += 1;
            looks < 2
        });
        assert!(matches!(stopped, Ok(None)));
        // A single row of 20 million squares is written in parts, with looks between.
        assert!(matches!(
            Board::new_while(20_000_000, 1, || false),
            Ok(None)
        ));
        // A small board is made whole without a look.
        assert!(matches!(Board::new_while(8, 8, || false), Ok(Some(_))));
    }
    use crate::testing::test;

    #[test]
    fn the_move_table_holds_exactly_the_moves_that_stay_on_the_board() {
        // Every size from 1x1 to 12x12 and some long thin ones, against the rule itself.
        let sizes = (1..=12u64)
            .flat_map(|c| (1..=12u64).map(move |r| (c, r)))
            .chain([(1, 1000), (1000, 1), (2, 777), (5, 301), (3, 5)]);
        for (c, r) in sizes {
            let b = Board::new(c, r).unwrap();
            for sq in 0..b.len() as Square {
                let (row, col) = b.row_col(sq);
                for (k, &(dr, dc)) in MOVES.iter().enumerate() {
                    let on = b.contains(
                        i64::from(row) + i64::from(dr),
                        i64::from(col) + i64::from(dc),
                    );
                    assert_eq!(
                        b.move_mask(sq) >> k & 1 == 1,
                        on,
                        "{c}x{r}, square {sq}, move {k}"
                    );
                }
            }
        }
    }

    #[test]
    fn move_k_is_undone_by_move_7_minus_k() {
        for k in 0..8 {
            assert_eq!(MOVES[k].0, -MOVES[7 - k].0);
            assert_eq!(MOVES[k].1, -MOVES[7 - k].1);
        }
    }

    #[test]
    fn degrees_on_8x8_match_the_chessboard() {
        let b = Board::new(8, 8).unwrap();
        // Corner 2, edge next to corner 3, centre 8; total 336 directed moves.
        assert_eq!(b.degree(b.square(0, 0)), 2);
        assert_eq!(b.degree(b.square(0, 1)), 3);
        assert_eq!(b.degree(b.square(3, 3)), 8);
        let total: u32 = (0..64).map(|s| b.degree(s)).sum();
        assert_eq!(total, 336);
    }

    #[test]
    fn neighbours_are_knight_moves_on_rectangular_boards() {
        let b = Board::new(7, 3).unwrap();
        for s in 0..b.len() as Square {
            for t in b.neighbours(s) {
                assert!(b.is_knight_move(s, t));
                assert!(b.neighbours(t).any(|u| u == s));
            }
        }
    }

    #[test]
    fn squares_parse_in_both_notations() {
        let b = Board::new(5, 4).unwrap();
        assert_eq!(b.parse_square("a1").unwrap(), b.square(3, 0));
        assert_eq!(b.parse_square("e4").unwrap(), b.square(0, 4));
        assert_eq!(b.parse_square("2,3").unwrap(), b.square(2, 3));
        assert_eq!(b.name(b.square(2, 3)), "d2");
        assert!(b.parse_square("f1").is_err());
        assert!(b.parse_square("4,0").is_err());
        assert!(b.parse_square("x").is_err());
        let wide = Board::new(30, 1).unwrap();
        assert_eq!(wide.name(27), "ab1");
        assert_eq!(wide.parse_square("ab1").unwrap(), 27);
    }

    #[test]
    fn bad_sizes_are_refused() {
        assert!(matches!(Board::new(0, 5), Err(BoardError::ZeroSize { .. })));
        assert!(matches!(
            Board::new(20_000, 20_000),
            Err(BoardError::TooLarge { .. })
        ));
        assert!(Board::new(3000, 3000).is_ok());
    }

    #[test]
    fn validation_names_what_is_wrong() {
        let b = Board::new(3, 4).unwrap();
        let sq = |r, c| b.square(r, c);
        // A valid open tour of 3x4 (columns x rows), found by hand.
        let tour = [
            sq(0, 0),
            sq(2, 1),
            sq(0, 2),
            sq(1, 0),
            sq(3, 1),
            sq(1, 2),
            sq(2, 0),
            sq(0, 1),
            sq(2, 2),
            sq(3, 0),
            sq(1, 1),
            sq(3, 2),
        ];
        assert_eq!(b.validate_tour(&tour, false), Ok(()));
        assert!(matches!(
            b.validate_tour(&tour, true),
            Err(TourError::NotClosed { .. })
        ));
        let mut jump = tour;
        jump.swap(3, 4);
        assert!(matches!(
            b.validate_tour(&jump, false),
            Err(TourError::IllegalJump { index: 3, .. })
        ));
        assert!(matches!(
            b.validate_tour(&tour[..11], false),
            Err(TourError::Missed {
                square: (3, 2),
                count: 1
            })
        ));
        let again = [sq(0, 0), sq(2, 1), sq(0, 0)];
        assert!(matches!(
            b.validate_path(&again),
            Err(TourError::Revisited {
                index: 2,
                first: 0,
                ..
            })
        ));
    }

    #[test]
    fn renders_move_numbers_row_by_row() {
        let b = Board::new(3, 2).unwrap();
        let text = b.render_numbers(&[0, 5], 1);
        assert_eq!(text, "1 . .\n. . 2\n");
    }
}
