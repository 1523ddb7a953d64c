//! `searchlab queens …`: its arguments, the job they describe, and how its reports print.

use super::CliError;
use super::bench::QueensBenchArgs;
use super::common::{OutputArgs, SolveFlags, checked, params, parse_duration, queens_ids};
use super::output::{ParamMap, Render, json_line};
use super::verb::{CliPuzzle, Verb, verb};
use crate::puzzle::queens::Heuristic;
use crate::run::catalog::{queens_figures, told};
use crate::run::queens::{QueensCountReport, QueensSolveReport};
use crate::run::{Algorithm, QueensAlgo};
use crate::run::{Job, QueensJob, QueensReport, QueensTask};
use crate::solve::{Budget, Counters, Stop};
use clap::{Args, Subcommand};
use serde::Serialize;
use std::io::{self, Write};
use std::time::Duration;

/// The verbs of `searchlab queens`, each with its own arguments.
#[derive(Subcommand, Debug)]
pub enum QueensVerb {
    /// The N-Queens AI report's results table: average time and success per algorithm at
    /// each N.
    Bench(QueensBenchArgs),
    /// Find one placement of N non-attacking queens.
    Solve(QueensSolveArgs),
    /// Count every solution (bitboard backtracking with the board's eight symmetries, in
    /// parallel).
    Count(QueensCountArgs),
    /// Follow a search one decision at a time: every row tried, every conflict (and the
    /// queen behind it), every queen placed and taken back, told in a line each.
    Trace(super::trace::QueensTraceArgs),
}

#[derive(Args, Debug)]
pub struct QueensSolveArgs {
    /// The board is N x N with N queens.
    #[arg(long)]
    pub n: u64,
    /// Algorithm id (see the list below).
    #[arg(long = "algo", default_value = "min-conflicts", value_parser = queens_ids())]
    pub algo: String,
    /// The N-Queens AI report's heuristic for best-first, hill-climbing and cultural: h1,
    /// h2 or h3.
    #[arg(long, value_parser = checked(Heuristic::parse))]
    pub heuristic: Option<String>,
    #[command(flatten)]
    pub run: SolveFlags,
    #[command(flatten)]
    pub out: OutputArgs,
}

#[derive(Args, Debug)]
pub struct QueensCountArgs {
    /// The board is N x N with N queens.
    #[arg(long)]
    pub n: u64,
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Count only the solutions whose first columns hold queens on these rows (the row
    /// of column 0's queen, then column 1's, …), e.g. 0,4,7. Queens that attack each
    /// other count 0 and say why.
    #[arg(long, value_delimiter = ',', allow_negative_numbers = true)]
    pub prefix: Option<Vec<u32>>,
    /// Stop after this long and report what was counted.
    #[arg(long, value_parser = parse_duration, default_value = "1h")]
    pub time_limit: Duration,
    /// Lead with the solutions up to rotation and reflection (12 for n = 8); --json
    /// always gives both as "total" and "unique". Not with --prefix
    #[arg(long, conflicts_with = "prefix")]
    pub unique: bool,
    #[command(flatten)]
    pub out: OutputArgs,
}

/// The queens commands, for the command line's registry.
pub const CLI: CliPuzzle = CliPuzzle {
    name: "queens",
    about: "N-Queens",
    verbs: <QueensVerb as clap::Subcommand>::augment_subcommands,
    verbs_for_update: <QueensVerb as clap::Subcommand>::augment_subcommands_for_update,
    render,
    run: |matches| {
        Ok(match job(verb(matches)?)? {
            Command::Job(job, out) => Verb::Job(job, out),
            Command::Bench(args) => Verb::Done(super::bench::queens(&args)?),
            Command::Trace(args) => Verb::Done(super::trace::queens(args)?),
        })
    },
};

/// What a queens command asks for.
pub enum Command {
    Job(Job, OutputArgs),
    Bench(QueensBenchArgs),
    Trace(super::trace::QueensTraceArgs),
}

/// The job a queens command describes.
pub fn job(verb: QueensVerb) -> Result<Command, CliError> {
    let (job, out) = match verb {
        QueensVerb::Bench(a) => return Ok(Command::Bench(a)),
        QueensVerb::Trace(a) => return Ok(Command::Trace(a)),
        QueensVerb::Solve(a) => {
            let mut params = params(&a.run.params)?;
            if let Some(h) = a.heuristic {
                params.push(("heuristic".to_string(), h));
            }
            let job = QueensJob {
                n: a.n,
                seed: a.run.seed,
                budget: Budget::unlimited().with_time(a.run.time_limit),
                threads: None,
                task: QueensTask::Solve {
                    algorithm: QueensAlgo::parse(&a.algo)?,
                    params,
                },
            };
            (job, a.out)
        }
        QueensVerb::Count(a) => {
            let job = QueensJob {
                n: a.n,
                seed: 0,
                budget: Budget::unlimited().with_time(a.time_limit),
                threads: a.threads,
                task: match a.prefix {
                    Some(prefix) => QueensTask::CountPrefix { prefix },
                    None => QueensTask::Count,
                },
            };
            let mut out = a.out;
            out.unique = a.unique;
            (job, out)
        }
    };
    Ok(Command::Job(job.into(), out))
}

/// The report's renderer, when it is this puzzle's.
fn render(report: &crate::run::Report) -> Option<&dyn Render> {
    <&QueensReport>::try_from(report)
        .ok()
        .map(|r| r as &dyn Render)
}

impl Render for QueensReport {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        match self {
            QueensReport::Count(r) => count_text(out, r),
            QueensReport::Solve(r) => solve_text(out, r),
        }
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        match self {
            QueensReport::Count(r) => json_line(
                out,
                &CountJson {
                    n: r.n,
                    total: r.total,
                    unique: r.prefix.is_none().then_some(r.unique),
                    prefix: r.prefix.as_deref(),
                    illegal: r.illegal.as_deref(),
                    complete: r.complete,
                    nodes: r.nodes,
                    threads: r.threads,
                    stop: r.stop,
                    elapsed_ms: r.elapsed_ms,
                    message: &r.message,
                },
            ),
            QueensReport::Solve(r) => json_line(
                out,
                &SolveJson {
                    n: r.n,
                    algorithm: r.algorithm.id(),
                    params: ParamMap(&r.params),
                    seed: r.seed,
                    found: r.found,
                    rows: &r.rows,
                    conflicts: r.conflicts,
                    stop: r.stop,
                    elapsed_ms: r.elapsed_ms,
                    stats: &r.counters,
                    message: &r.message,
                },
            ),
        }
    }

    fn success(&self) -> bool {
        match self {
            QueensReport::Count(r) => r.complete,
            QueensReport::Solve(r) => r.found,
        }
    }

    fn unique_headline(&self) -> Option<String> {
        let QueensReport::Count(r) = self else {
            return None;
        };
        r.complete.then(|| {
            format!(
                "{} solution{} of {} queen{} up to rotation and reflection ({} in all)",
                r.unique,
                if r.unique == 1 { "" } else { "s" },
                r.n,
                if r.n == 1 { "" } else { "s" },
                r.total
            )
        })
    }
}

#[derive(Serialize)]
struct CountJson<'a> {
    n: u64,
    total: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    unique: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    prefix: Option<&'a [u32]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    illegal: Option<&'a str>,
    complete: bool,
    nodes: u64,
    threads: usize,
    stop: Stop,
    elapsed_ms: f64,
    message: &'a str,
}

#[derive(Serialize)]
struct SolveJson<'a> {
    n: u64,
    algorithm: &'a str,
    params: ParamMap<'a>,
    seed: u64,
    found: bool,
    rows: &'a [u32],
    conflicts: u64,
    stop: Stop,
    elapsed_ms: f64,
    stats: &'a Counters,
    message: &'a str,
}

fn count_text(out: &mut dyn Write, r: &QueensCountReport) -> io::Result<()> {
    let queens = if r.n == 1 { "queen" } else { "queens" };
    writeln!(out, "{} {queens} on {}x{}: {}", r.n, r.n, r.n, r.message)?;
    writeln!(
        out,
        "{} nodes, {} thread{}; {:.3} ms",
        r.nodes,
        r.threads,
        if r.threads == 1 { "" } else { "s" },
        r.elapsed_ms
    )
}

/// Boards up to this many columns are drawn in text output.
const MAX_DRAWN_N: u64 = 40;

fn solve_text(out: &mut dyn Write, r: &QueensSolveReport) -> io::Result<()> {
    let queens = if r.n == 1 { "queen" } else { "queens" };
    writeln!(out, "{} {queens}, {}, seed {}", r.n, r.algorithm, r.seed)?;
    writeln!(out, "{}", r.message)?;
    if r.found && r.n <= MAX_DRAWN_N {
        writeln!(out)?;
        for row in 0..r.n as u32 {
            let line: Vec<&str> = r
                .rows
                .iter()
                .map(|&q| if q == row { "Q" } else { "." })
                .collect();
            writeln!(out, "{}", line.join(" "))?;
        }
        writeln!(out)?;
    } else if r.found {
        let head: Vec<String> = r
            .rows
            .iter()
            .take(12)
            .map(std::string::ToString::to_string)
            .collect();
        writeln!(
            out,
            "rows by column: {} … (--json prints all {})",
            head.join(" "),
            r.n
        )?;
    }
    let figures = queens_figures(r.algorithm.id());
    let stats = if figures.is_empty() {
        String::from("constructed directly")
    } else {
        told(figures, &r.counters)
    };
    writeln!(out, "{stats}; {:.3} ms", r.elapsed_ms)
}
