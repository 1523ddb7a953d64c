//! Writing answers: every report renders as text or as one JSON object through [`Render`],
//! and [`print`] writes it to standard output in one place, where a reader that went away
//! (`| head`) is not an error and any other write error is.
//!
//! The JSON types borrow the report's data and stream it (a path of millions of squares is
//! written square by square, never built as a `serde_json::Value`).

use super::CliError;
use crate::puzzle::knight::{Board, Shape, Square};
use crate::solve::Stop;
use serde::Serialize;
use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A result the command line can show.
pub trait Render {
    /// Text for people.
    fn text(&self, out: &mut dyn Write) -> io::Result<()>;
    /// Exactly one JSON object and a newline.
    fn json(&self, out: &mut dyn Write) -> io::Result<()>;
    /// Whether the command succeeded: an answer found, a count completed.
    fn success(&self) -> bool;
    /// A table's rows as CSV (the columns of its `--json` rows), for `--csv`; `None` for
    /// a result that is no table.
    fn csv(&self) -> Option<String> {
        None
    }
    /// A complete count's classes under rotation and reflection, in a line, for
    /// `--unique`; `None` for anything else.
    fn unique_headline(&self) -> Option<String> {
        None
    }
}

/// Writes `result` to standard output as text or JSON; the exit status says whether it
/// succeeded.
pub fn print(result: &dyn Render, json: bool) -> Result<ExitCode, CliError> {
    print_after("", result, json)
}

/// [`print`], with `headline` (a line, unless empty) first.
pub fn print_after(headline: &str, result: &dyn Render, json: bool) -> Result<ExitCode, CliError> {
    super::common::printing();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let first = if headline.is_empty() {
        Ok(())
    } else {
        writeln!(out, "{headline}")
    };
    let written = first
        .and_then(|()| {
            if json {
                result.json(&mut out)
            } else {
                result.text(&mut out)
            }
        })
        .and_then(|()| out.flush());
    match written {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(CliError::Output(e)),
        _ if result.success() => Ok(ExitCode::SUCCESS),
        _ => Ok(ExitCode::from(1)),
    }
}

/// Writes `value` as one line of JSON.
///
/// Through a buffer of its own: the serializer writes a few bytes at a time, and each
/// write to `out` is a call through `dyn Write` (a tour of 10⁸ squares makes hundreds of millions).
pub fn json_line(out: &mut dyn Write, value: &impl Serialize) -> io::Result<()> {
    let mut out = BufWriter::with_capacity(1 << 16, out);
    serde_json::to_writer(&mut out, value)?;
    writeln!(out)?;
    out.flush()
}

/// A square as `[row, col]`.
pub fn row_col(cols: u32, sq: Square) -> [u32; 2] {
    [sq / cols, sq % cols]
}

/// A path as `[[row, col], ...]`, streamed.
pub struct RowCols<'a> {
    pub cols: u32,
    pub path: &'a [Square],
}

impl Serialize for RowCols<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.path.len()))?;
        for &sq in self.path {
            seq.serialize_element(&row_col(self.cols, sq))?;
        }
        seq.end()
    }
}

/// `(name, value)` parameters as a JSON object.
pub struct ParamMap<'a>(pub &'a [(String, String)]);

impl Serialize for ParamMap<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}

/// A row-major grid as an array of rows.
pub struct Rows<'a, T> {
    pub width: usize,
    pub cells: &'a [T],
}

impl<T: Serialize> Serialize for Rows<'_, T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.cells.chunks(self.width.max(1)))
    }
}

/// `0.25` as `25%`.
pub fn pct(x: f64) -> String {
    format!("{:.0}%", x * 100.0)
}

/// Boards larger than this are not printed as a grid in text output.
pub(super) const MAX_PRINTED_SQUARES: usize = 10_000;

/// The board drawn as text with each square's move number, or a line saying it is too
/// large to print.
pub(super) fn grid(out: &mut dyn Write, cols: u32, rows: u32, path: &[Square]) -> io::Result<()> {
    if (cols as usize) * (rows as usize) > MAX_PRINTED_SQUARES {
        return writeln!(
            out,
            "(the board is too large to print; --json gives the path)"
        );
    }
    match Board::new(u64::from(cols), u64::from(rows)) {
        Ok(board) => write!(out, "{}", board.render_numbers(path, 1)),
        Err(_) => Ok(()),
    }
}

/// Square `sq` by its chess name and `(row,col)`, e.g. `a8 (0,0)`.
pub(super) fn square_label(cols: u32, rows: u32, sq: Square) -> String {
    match Shape::new(u64::from(cols), u64::from(rows)) {
        Ok(b) => format!("{} ({},{})", b.name(sq), sq / cols, sq % cols),
        Err(_) => format!("{},{}", sq / cols, sq % cols),
    }
}

/// When the writing of a trace's steps must stop: the command's time limit counts from
/// its start and covers the writing too, and the first Ctrl-C stops it as it stops the
/// search. The rest of the output (message, answer, figures) is still written, and says
/// how many steps were.
pub(super) struct Deadline {
    until: Option<Instant>,
    cancel: Arc<AtomicBool>,
}

impl Deadline {
    pub(super) fn new(time_limit: Duration, cancel: Arc<AtomicBool>) -> Deadline {
        Deadline {
            until: Instant::now().checked_add(time_limit),
            cancel,
        }
    }

    /// What stops the writing now, if anything.
    pub(super) fn passed(&self) -> Option<Stop> {
        if self.cancel.load(Ordering::Relaxed) {
            Some(Stop::Cancelled)
        } else if self.until.is_some_and(|u| Instant::now() >= u) {
            Some(Stop::TimeLimit)
        } else {
            None
        }
    }
}

/// Writes to standard output; exit 0 when `success`, else 1.
pub(super) fn write(
    success: bool,
    f: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<ExitCode, CliError> {
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    match f(&mut out).and_then(|()| out.flush()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(CliError::Output(e)),
        _ if success => Ok(ExitCode::SUCCESS),
        _ => Ok(ExitCode::from(1)),
    }
}
