//! `searchlab knight trace` and `searchlab queens trace`: a search told one decision a
//! line (a handout), or one JSON object with every step.

use super::CliError;
use super::common::{cancel_on_ctrl_c, params, parse_board, parse_duration, start_square};
use super::diff;
use super::output::{Deadline, ParamMap, grid, row_col, square_label, write};
use crate::puzzle::queens::Heuristic;
use crate::run::Algorithm;
use crate::run::catalog::{knight_figures, queens_figures, told};
use crate::run::trace::DEFAULT_CLI_STEPS;
use crate::run::trace::guess::{self, Question};
use crate::run::trace::knight::{self, KnightTrace, KnightTraceJob};
use crate::run::trace::queens::{self, QueensTrace, QueensTraceJob};
use crate::run::trace::timeline::Replayable;
use crate::solve::{Budget, Counters, Stop};
use clap::Args;
use clap::builder::PossibleValuesParser;
use serde::Serialize;
use serde_json::Value;
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

/// How the writing of the steps went: how many were written of how many, and what
/// stopped it before the end.
#[derive(Serialize, Clone, Copy)]
struct Written {
    steps_written: u64,
    writing_stopped: Option<Stop>,
}

impl Written {
    /// The line a text trace ends its steps with when they were not all written.
    fn note(&self, held: usize) -> Option<String> {
        let why = match self.writing_stopped? {
            Stop::Cancelled => "you pressed Ctrl-C",
            _ => "the time limit, which covers the writing too, ran out",
        };
        Some(format!(
            "(writing stopped after {} of the {} recorded: {why})",
            super::super::run::trace::steps(self.steps_written as usize),
            super::super::run::trace::steps(held)
        ))
    }
}

/// Writes the `count` steps (`write_next` writes the next one) until they end or
/// `deadline` passes, checked every 1,024.
fn write_steps(
    count: usize,
    deadline: &Deadline,
    mut write_next: impl FnMut() -> io::Result<()>,
) -> io::Result<Written> {
    let mut written = Written {
        steps_written: 0,
        writing_stopped: None,
    };
    while (written.steps_written as usize) < count {
        if written.steps_written.is_multiple_of(1024)
            && let Some(stop) = deadline.passed()
        {
            written.writing_stopped = Some(stop);
            break;
        }
        write_next()?;
        written.steps_written += 1;
    }
    Ok(written)
}

/// What both trace commands take besides their puzzle's instance and algorithm.
#[derive(Args, Debug)]
pub struct TraceFlags {
    /// Stop the trace, and the search with it, after this many steps (at most 10000000).
    #[arg(long, default_value_t = DEFAULT_CLI_STEPS)]
    pub limit: u64,
    /// Seed of the random generator: same seed, same search, same steps.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Stop after this long, e.g. 500ms, 15s, 2m.
    #[arg(long, value_parser = parse_duration, default_value = "60s")]
    pub time_limit: Duration,
    /// An algorithm parameter as KEY=VALUE, e.g. tie_break=pohl; repeatable.
    #[arg(long = "param", value_name = "KEY=VALUE")]
    pub params: Vec<String>,
    /// Print one JSON object with every step instead of a line a step.
    #[arg(long)]
    pub json: bool,
    /// With --json: each step that begins a decision carries the question the app's
    /// "Your guess" asks there (its choices, the right ones) and "Why?"'s statements with
    /// whether each is true.
    #[arg(long, requires = "json")]
    pub questions: bool,
    /// Trace the search a second time with one setting changed (seed, algo, a parameter;
    /// knight: start, closed; queens: heuristic), e.g. tie_break=roth, and show the first
    /// step where the two part and what followed on each side.
    #[arg(long, value_name = "SETTING=VALUE")]
    pub vs: Option<String>,
}

#[derive(Args, Debug)]
pub struct KnightTraceArgs {
    /// The board as COLSxROWS, e.g. 5x5 or 5x4 (5 columns, 4 rows).
    #[arg(long, value_parser = parse_board)]
    pub board: (u64, u64),
    /// Start square (default: the top-left square, 0,0; for bfs and dfs, every square).
    #[arg(long)]
    pub start: Option<String>,
    /// Look for a closed tour (the last square a knight's move from the first).
    #[arg(long)]
    pub closed: bool,
    /// The search to follow.
    #[arg(long = "algo", value_parser = PossibleValuesParser::new(knight::traceable()))]
    pub algo: String,
    /// Stop after this many search nodes (bfs and dfs: 1000000 unless given).
    #[arg(long)]
    pub nodes: Option<u64>,
    #[command(flatten)]
    pub trace: TraceFlags,
}

#[derive(Args, Debug)]
pub struct QueensTraceArgs {
    /// The board is N x N with N queens.
    #[arg(long)]
    pub n: u64,
    /// The search to follow.
    #[arg(long = "algo", value_parser = PossibleValuesParser::new(queens::traceable()))]
    pub algo: String,
    /// The N-Queens AI report's heuristic for best-first and hill-climbing: h1, h2 or h3.
    #[arg(long, value_parser = super::common::checked(Heuristic::parse))]
    pub heuristic: Option<String>,
    #[command(flatten)]
    pub trace: TraceFlags,
}

/// Runs `searchlab knight trace`.
pub fn knight(a: KnightTraceArgs) -> Result<ExitCode, CliError> {
    let mut budget = Budget::unlimited().with_time(a.trace.time_limit);
    budget.nodes = a.nodes;
    let job = KnightTraceJob {
        cols: a.board.0,
        rows: a.board.1,
        start: start_square(a.start.as_deref(), a.board)?,
        closed: a.closed,
        algorithm: knight::Traced::parse(&a.algo)?,
        params: params(&a.trace.params)?,
        seed: a.trace.seed,
        budget,
        limit: a.trace.limit,
    };
    let cancel = cancel_on_ctrl_c();
    if let Some(vs) = &a.trace.vs {
        return diff::knight_vs(job, vs, a.board, a.trace.json, &cancel);
    }
    let deadline = Deadline::new(a.trace.time_limit, cancel.clone());
    let trace = job.run(&cancel)?;
    let success = trace.found && (trace.traced != knight::Traced::Count || trace.complete);
    write(success, |out| {
        if a.trace.json {
            knight_json(out, &trace, &deadline, a.trace.questions)
        } else {
            knight_text(out, &trace, &deadline)
        }
    })
}

/// Runs `searchlab queens trace`.
pub fn queens(a: QueensTraceArgs) -> Result<ExitCode, CliError> {
    let mut given = params(&a.trace.params)?;
    if let Some(h) = a.heuristic {
        given.push(("heuristic".into(), h));
    }
    let job = QueensTraceJob {
        n: a.n,
        algorithm: queens::parse(&a.algo)?,
        params: given,
        seed: a.trace.seed,
        budget: Budget::unlimited().with_time(a.trace.time_limit),
        limit: a.trace.limit,
    };
    let cancel = cancel_on_ctrl_c();
    if let Some(vs) = &a.trace.vs {
        return diff::queens_vs(job, vs, a.trace.json, &cancel);
    }
    let deadline = Deadline::new(a.trace.time_limit, cancel.clone());
    let trace = job.run(&cancel)?;
    write(trace.found, |out| {
        if a.trace.json {
            queens_json(out, &trace, &deadline, a.trace.questions)
        } else {
            queens_text(out, &trace, &deadline)
        }
    })
}

/// `(a=1, b=2)` or nothing.
fn param_list(params: &[(String, String)]) -> String {
    if params.is_empty() {
        return String::new();
    }
    let p: Vec<String> = params.iter().map(|(k, v)| format!("{k}={v}")).collect();
    format!(" ({})", p.join(", "))
}

fn knight_text(out: &mut dyn Write, t: &KnightTrace, deadline: &Deadline) -> io::Result<()> {
    let (cols, rows) = (t.board.cols(), t.board.rows());
    let from = if t.start == u32::MAX {
        "every square".to_string()
    } else {
        square_label(cols, rows, t.start)
    };
    writeln!(
        out,
        "{cols}x{rows} board, start {from}, {}{}{}, seed {}",
        t.job.algorithm,
        param_list(&t.params),
        if t.job.closed { ", closed tour" } else { "" },
        t.job.seed
    )?;
    let width = t.steps.len().to_string().len();
    let mut teller = t.teller();
    let mut steps = t.steps.iter().enumerate();
    let written = write_steps(t.steps.len(), deadline, || match steps.next() {
        Some((i, step)) => {
            let (line, _) = teller.tell(step, false);
            writeln!(out, "{:>width$}  {line}", i + 1)
        }
        None => Ok(()),
    })?;
    if let Some(note) = written.note(t.steps.len()) {
        writeln!(out, "{note}")?;
    }
    writeln!(out)?;
    writeln!(out, "{}", t.message)?;
    if !t.path.is_empty() {
        writeln!(out)?;
        grid(out, cols, rows, &t.path)?;
        writeln!(out)?;
    }
    let figures = told(knight_figures(t.job.algorithm.id()), &t.counters);
    writeln!(
        out,
        "{figures}; {}; {:.3} ms",
        knight::summary(t),
        t.elapsed_ms
    )
}

/// Everything of a trace's JSON object but its steps.
#[derive(Serialize)]
#[serde(bound(serialize = "F: Fn(&u32) -> [u32; 2]"))]
struct KnightJsonTail<'a, F> {
    board: BoardJson,
    start: Option<[u32; 2]>,
    algorithm: &'a str,
    params: ParamMap<'a>,
    seed: u64,
    closed: bool,
    limit: u64,
    cut: bool,
    found: bool,
    complete: bool,
    stop: Stop,
    message: &'a str,
    elapsed_ms: f64,
    stats: &'a Counters,
    path: Streamed<'a, crate::puzzle::knight::Square, F>,
    /// Whether the path was cut when the deadline passed (declared after `path`: read once
    /// the path is written).
    path_cut: PathCut<'a>,
}

#[derive(Serialize)]
struct BoardJson {
    cols: u32,
    rows: u32,
}

/// Writes `{"steps":[...], "steps_written":K, "writing_stopped":STOP|null, ...tail}` with
/// the steps streamed, one object each, until they end or `deadline` passes.
fn json_object(
    out: &mut dyn Write,
    (count, steps): (usize, impl Iterator<Item = serde_json::Value>),
    tail: &impl Serialize,
    deadline: &Deadline,
) -> io::Result<()> {
    write!(out, "{{\"steps\":[")?;
    let mut steps = steps.enumerate();
    let written = write_steps(count, deadline, || match steps.next() {
        Some((i, step)) => {
            if i > 0 {
                write!(out, ",")?;
            }
            serde_json::to_writer(&mut *out, &step).map_err(io::Error::from)
        }
        None => Ok(()),
    })?;
    write!(out, "],")?;
    let written = serde_json::to_string(&written)?;
    write!(out, "{},", &written[1..written.len() - 1])?;
    // The tail's own `{` is dropped: its fields continue this object.
    let mut rest = SkipFirst {
        out: &mut *out,
        skipped: false,
    };
    serde_json::to_writer(&mut rest, tail)?;
    writeln!(out)
}

/// A writer that drops the first byte written to it.
struct SkipFirst<'a> {
    out: &'a mut dyn Write,
    skipped: bool,
}

impl Write for SkipFirst<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if !self.skipped && !buf.is_empty() {
            self.skipped = true;
            return self.out.write(&buf[1..]).map(|n| n + 1);
        }
        self.out.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// An answer's items (a knight's path as `[[row, col], ...]`, a placement's rows), each
/// written as `item` says, streamed until they end or the deadline passes (then the
/// field after it, `"path_cut"` or `"rows_cut"`, is true): ten million take a third of a
/// second to write.
struct Streamed<'a, T, F> {
    items: &'a [T],
    item: F,
    deadline: &'a Deadline,
    cut: &'a std::cell::Cell<bool>,
}

impl<T, V: Serialize, F: Fn(&T) -> V> Serialize for Streamed<'_, T, F> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(None)?;
        for (i, x) in self.items.iter().enumerate() {
            if i % 4096 == 4095 && self.deadline.passed().is_some() {
                self.cut.set(true);
                break;
            }
            seq.serialize_element(&(self.item)(x))?;
        }
        seq.end()
    }
}

/// Whether the path before it was cut: read after the path is written.
struct PathCut<'a>(&'a std::cell::Cell<bool>);

impl Serialize for PathCut<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bool(self.0.get())
    }
}

fn knight_json(
    out: &mut dyn Write,
    t: &KnightTrace,
    deadline: &Deadline,
    questions: bool,
) -> io::Result<()> {
    let cols = t.board.cols();
    let path_cut = std::cell::Cell::new(false);
    let tail = KnightJsonTail {
        board: BoardJson {
            cols,
            rows: t.board.rows(),
        },
        start: (t.start != u32::MAX).then(|| row_col(cols, t.start)),
        algorithm: t.job.algorithm.id(),
        params: ParamMap(&t.params),
        seed: t.job.seed,
        closed: t.job.closed,
        limit: t.job.limit,
        cut: t.cut(),
        found: t.found,
        complete: t.complete,
        stop: t.stop,
        message: &t.message,
        elapsed_ms: t.elapsed_ms,
        stats: &t.counters,
        path: Streamed {
            items: &t.path,
            item: move |&sq: &u32| row_col(cols, sq),
            deadline,
            cut: &path_cut,
        },
        path_cut: PathCut(&path_cut),
    };
    let mut teller = t.teller();
    let mut asked = questions.then(|| Asked::new(t));
    let board = &t.board;
    json_object(
        out,
        (
            t.steps.len(),
            (t.steps.iter()).enumerate().map(|(i, step)| {
                let mut v = teller.tell(step, true).1.unwrap_or_default();
                if let Some(asked) = &mut asked
                    && guess::knight_asks(t, i)
                    && let Some(q) = guess::knight_question(t, i, asked.state_at(i))
                {
                    with_question(&mut v, &q, |sq| board.name(sq));
                }
                v
            }),
        ),
        &tail,
        deadline,
    )
}

/// The states a trace's questions are asked in (only for `--questions`): one state, carried
/// forward as the steps are written, so that asking costs one replay of the trace, in the
/// stream and under its deadline (a timeline of checkpoints, built before the first step
/// was written, cost a copy of the trace and a whole replay outside the deadline, and a
/// checkpoint's copy per question).
struct Asked<'a, T: Replayable> {
    trace: &'a T,
    state: T::State,
    at: usize,
}

impl<'a, T: Replayable> Asked<'a, T> {
    fn new(trace: &'a T) -> Asked<'a, T> {
        Asked {
            trace,
            state: trace.initial(),
            at: 0,
        }
    }

    /// The state before step `i` (asked in the order of the steps; an earlier step is
    /// replayed from the start).
    fn state_at(&mut self, i: usize) -> &T::State {
        let i = i.min(self.trace.len());
        if i < self.at {
            self.state = self.trace.initial();
            self.at = 0;
        }
        self.trace.replay(&mut self.state, self.at..i);
        self.at = i;
        &self.state
    }
}

/// Puts `q` in a step's JSON as `"question"`: what is asked, the squares to choose from and
/// the right ones (named by `name`), the buttons and the right ones, the step the
/// decision leads to, and "Why?"'s statements with whether each is true.
fn with_question(step: &mut Value, q: &Question, name: impl Fn(u32) -> String) {
    let names = |cells: &[u32]| cells.iter().map(|&c| name(c)).collect::<Vec<_>>();
    let why = q.why.as_ref().map(|w| {
        serde_json::json!({
            "ask": w.ask,
            "statements": (w.choices.iter().enumerate())
                .map(|(k, text)| serde_json::json!({"text": text, "true": w.right.contains(&k)}))
                .collect::<Vec<_>>(),
        })
    });
    if let Some(o) = step.as_object_mut() {
        o.insert(
            "question".into(),
            serde_json::json!({
                "ask": q.ask,
                "squares": names(&q.cells),
                "right_squares": names(&q.right),
                "choices": q.choices,
                "right_choices": q.right_choices,
                "reveal_at": q.reveal_at,
                "why": why,
            }),
        );
    }
}

/// Boards up to this many columns are drawn in text output.
const MAX_DRAWN_N: u64 = 40;

fn queens_text(out: &mut dyn Write, t: &QueensTrace, deadline: &Deadline) -> io::Result<()> {
    writeln!(
        out,
        "{} {}, {}{}, seed {}",
        t.job.n,
        if t.job.n == 1 { "queen" } else { "queens" },
        t.job.algorithm,
        param_list(&t.params),
        t.job.seed
    )?;
    let held = &t.recorder;
    let width = held.len().to_string().len();
    let mut teller = t.teller();
    let mut steps = held.iter().enumerate();
    let written = write_steps(held.len(), deadline, || match steps.next() {
        Some((i, step)) => {
            let (line, _) = teller.tell(&step, false);
            writeln!(out, "{:>width$}  {line}", i + 1)
        }
        None => Ok(()),
    })?;
    if let Some(note) = written.note(held.len()) {
        writeln!(out, "{note}")?;
    }
    writeln!(out)?;
    writeln!(out, "{}", t.message)?;
    if !t.rows.is_empty() && t.job.n <= MAX_DRAWN_N {
        writeln!(out)?;
        for row in 0..t.job.n as u32 {
            let line: Vec<&str> = (0..t.job.n as usize)
                .map(|c| match t.rows.get(c) {
                    Some(&q) if q == row => "Q",
                    _ => ".",
                })
                .collect();
            writeln!(out, "{}", line.join(" "))?;
        }
        writeln!(out)?;
    }
    let figures = told(queens_figures(t.job.algorithm.id()), &t.counters);
    writeln!(
        out,
        "{figures}; {}; {:.3} ms",
        queens::summary(t),
        t.elapsed_ms
    )
}

#[derive(Serialize)]
struct QueensJsonTail<'a> {
    n: u64,
    algorithm: &'a str,
    params: ParamMap<'a>,
    seed: u64,
    limit: u64,
    cut: bool,
    found: bool,
    conflicts: Option<u64>,
    stop: Stop,
    message: &'a str,
    elapsed_ms: f64,
    stats: &'a Counters,
    rows: Streamed<'a, u32, fn(&u32) -> u32>,
    /// Whether the rows were cut when the deadline passed (declared after `rows`: read once
    /// the rows are written).
    rows_cut: PathCut<'a>,
}

fn queens_json(
    out: &mut dyn Write,
    t: &QueensTrace,
    deadline: &Deadline,
    questions: bool,
) -> io::Result<()> {
    let rows_cut = std::cell::Cell::new(false);
    let tail = QueensJsonTail {
        n: t.job.n,
        algorithm: t.job.algorithm.id(),
        params: ParamMap(&t.params),
        seed: t.job.seed,
        limit: t.job.limit,
        cut: t.cut(),
        found: t.found,
        conflicts: t.conflicts,
        stop: t.stop,
        message: &t.message,
        elapsed_ms: t.elapsed_ms,
        stats: &t.counters,
        rows: Streamed {
            items: &t.rows,
            item: |&row| row,
            deadline,
            cut: &rows_cut,
        },
        rows_cut: PathCut(&rows_cut),
    };
    let mut teller = t.teller();
    let mut asked = questions.then(|| Asked::new(t));
    let n = t.job.n;
    let name = |cell: u32| {
        let (row, column) = (cell / n as u32, cell % n as u32);
        queens::square_name(n, column, row)
    };
    json_object(
        out,
        (
            t.recorder.len(),
            (t.recorder.iter()).enumerate().map(|(i, step)| {
                let mut v = teller.tell(&step, true).1.unwrap_or_default();
                if let Some(asked) = &mut asked
                    && guess::queens_asks(t, i)
                    && let Some(q) = guess::queens_question(t, i, asked.state_at(i))
                {
                    with_question(&mut v, &q, name);
                }
                v
            }),
        ),
        &tail,
        deadline,
    )
}
