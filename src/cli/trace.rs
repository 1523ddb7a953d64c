//! `searchlab knight trace` and `searchlab queens trace`: a search told one decision a
//! line (a handout), or one JSON object with every step.

use super::CliError;
use super::common::{cancel_on_ctrl_c, params, parse_board, parse_duration, start_square};
use super::knight::{grid, square_label};
use super::output::{ParamMap, RowCols, row_col};
use crate::puzzle::queens::Heuristic;
use crate::run::catalog::{knight_figures, queens_figures, told};
use crate::run::trace::DEFAULT_CLI_STEPS;
use crate::run::trace::knight::{self, KnightTrace, KnightTraceJob};
use crate::run::trace::queens::{self, QueensTrace, QueensTraceJob};
use crate::solve::{Budget, Counters, Stop};
use clap::Args;
use clap::builder::PossibleValuesParser;
use serde::Serialize;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::time::Duration;

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
    #[arg(long = "algo", value_parser = PossibleValuesParser::new(knight::TRACEABLE))]
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
    #[arg(long = "algo", value_parser = PossibleValuesParser::new(queens::TRACEABLE))]
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
        algorithm: a.algo,
        params: params(&a.trace.params)?,
        seed: a.trace.seed,
        budget,
        limit: a.trace.limit,
    };
    let cancel = cancel_on_ctrl_c();
    let trace = job.run(&cancel)?;
    let success = trace.found && (trace.job.algorithm != "count" || trace.complete);
    write(success, |out| {
        if a.trace.json {
            knight_json(out, &trace)
        } else {
            knight_text(out, &trace)
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
        algorithm: a.algo,
        params: given,
        seed: a.trace.seed,
        budget: Budget::unlimited().with_time(a.trace.time_limit),
        limit: a.trace.limit,
    };
    let cancel = cancel_on_ctrl_c();
    let trace = job.run(&cancel)?;
    write(trace.found, |out| {
        if a.trace.json {
            queens_json(out, &trace)
        } else {
            queens_text(out, &trace)
        }
    })
}

/// Writes to standard output; exit 0 when `success`, else 1.
fn write(
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

/// `(a=1, b=2)` or nothing.
fn param_list(params: &[(String, String)]) -> String {
    if params.is_empty() {
        return String::new();
    }
    let p: Vec<String> = params.iter().map(|(k, v)| format!("{k}={v}")).collect();
    format!(" ({})", p.join(", "))
}

fn knight_text(out: &mut dyn Write, t: &KnightTrace) -> io::Result<()> {
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
    for (i, step) in t.steps.iter().enumerate() {
        let (line, _) = teller.tell(step, false);
        writeln!(out, "{:>width$}  {line}", i + 1)?;
    }
    writeln!(out)?;
    writeln!(out, "{}", t.message)?;
    if !t.path.is_empty() {
        writeln!(out)?;
        grid(out, cols, rows, &t.path)?;
        writeln!(out)?;
    }
    let figures = told(knight_figures(&t.job.algorithm), &t.counters);
    writeln!(
        out,
        "{figures}; {}; {:.3} ms",
        knight::summary(t),
        t.elapsed_ms
    )
}

/// Everything of a trace's JSON object but its steps.
#[derive(Serialize)]
struct KnightJsonTail<'a> {
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
    path: RowCols<'a>,
}

#[derive(Serialize)]
struct BoardJson {
    cols: u32,
    rows: u32,
}

/// Writes `{"steps":[...], ...tail}` with the steps streamed, one object each.
fn json_object(
    out: &mut dyn Write,
    steps: impl Iterator<Item = serde_json::Value>,
    tail: &impl Serialize,
) -> io::Result<()> {
    write!(out, "{{\"steps\":[")?;
    for (i, step) in steps.enumerate() {
        if i > 0 {
            write!(out, ",")?;
        }
        serde_json::to_writer(&mut *out, &step)?;
    }
    write!(out, "],")?;
    let tail = serde_json::to_string(tail)?;
    writeln!(out, "{}", tail.strip_prefix('{').unwrap_or(&tail))
}

fn knight_json(out: &mut dyn Write, t: &KnightTrace) -> io::Result<()> {
    let cols = t.board.cols();
    let tail = KnightJsonTail {
        board: BoardJson {
            cols,
            rows: t.board.rows(),
        },
        start: (t.start != u32::MAX).then(|| row_col(cols, t.start)),
        algorithm: &t.job.algorithm,
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
        path: RowCols {
            cols,
            path: &t.path,
        },
    };
    let mut teller = t.teller();
    json_object(
        out,
        (t.steps.iter()).map(|step| teller.tell(step, true).1.unwrap_or_default()),
        &tail,
    )
}

/// Boards up to this many columns are drawn in text output.
const MAX_DRAWN_N: u64 = 40;

fn queens_text(out: &mut dyn Write, t: &QueensTrace) -> io::Result<()> {
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
    for (i, step) in held.iter().enumerate() {
        let (line, _) = teller.tell(&step, false);
        writeln!(out, "{:>width$}  {line}", i + 1)?;
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
    let figures = told(queens_figures(&t.job.algorithm), &t.counters);
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
    conflicts: u64,
    stop: Stop,
    message: &'a str,
    elapsed_ms: f64,
    stats: &'a Counters,
    rows: &'a [u32],
}

fn queens_json(out: &mut dyn Write, t: &QueensTrace) -> io::Result<()> {
    let tail = QueensJsonTail {
        n: t.job.n,
        algorithm: &t.job.algorithm,
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
        rows: &t.rows,
    };
    let mut teller = t.teller();
    json_object(
        out,
        (t.recorder.iter()).map(|step| teller.tell(&step, true).1.unwrap_or_default()),
        &tail,
    )
}
