//! `searchlab magic …`: its arguments, the job they describe, and how its reports print.

use super::CliError;
use super::bench::MagicBenchArgs;
use super::common::{
    OutputArgs, SolveFlags, checked, magic_ids, params, parse_crossover, parse_duration,
};
use super::output::{ParamMap, Render, Rows, json_line};
use super::verb::{CliPuzzle, Verb, verb};
use crate::run::catalog::told;
use crate::run::magic::{MagicConstructReport, MagicCountReport, MagicSolveReport};
use crate::run::{Algorithm, Job, MagicAlgo, MagicJob, MagicReport, MagicTask};
use crate::solve::magic::construct::method;
use crate::solve::{Budget, Stop};
use clap::{Args, Subcommand};
use serde::Serialize;
use std::io::{self, Write};
use std::time::Duration;

/// The verbs of `searchlab magic`, each with its own arguments.
#[derive(Subcommand, Debug)]
pub enum MagicVerb {
    /// The magic-square GA notebook's GA over many seeds: success, time and generations,
    /// per variant.
    Bench(MagicBenchArgs),
    /// Magic squares by the magic-square GA notebook's genetic algorithm (or the
    /// construction).
    Solve(MagicSolveArgs),
    /// A magic square of any order n >= 3 by construction (Siamese, doubly even, LUX).
    Construct(MagicConstructArgs),
    /// Every magic square of order 3 or 4, by exhaustive enumeration.
    Count(MagicCountArgs),
}

#[derive(Args, Debug)]
pub struct MagicConstructArgs {
    /// The square is N x N, filled with 1 .. N².
    #[arg(long)]
    pub order: u64,
    #[command(flatten)]
    pub out: OutputArgs,
}

#[derive(Args, Debug)]
pub struct MagicSolveArgs {
    /// The square is N x N, filled with 1 .. N².
    #[arg(long)]
    pub order: u64,
    /// Algorithm id (see the list below).
    #[arg(long = "algo", default_value = "ga", value_parser = magic_ids())]
    pub algo: String,
    /// The GA's crossover: pmx or inversion (the same as --param crossover=...).
    #[arg(long, value_parser = checked(parse_crossover))]
    pub crossover: Option<String>,
    /// Keep going until K distinct magic squares are found (the same as --param target=K).
    #[arg(long)]
    pub target: Option<u64>,
    #[command(flatten)]
    pub run: SolveFlags,
    #[command(flatten)]
    pub out: OutputArgs,
}

#[derive(Args, Debug)]
pub struct MagicCountArgs {
    /// 3 or 4 (1 and 2 work too).
    #[arg(long)]
    pub order: u64,
    /// Stop after this long and report what was counted.
    #[arg(long, value_parser = parse_duration, default_value = "10m")]
    pub time_limit: Duration,
    /// Lead with the squares up to rotation and reflection (880 of order 4): each class of
    /// eight counted once, by its least image
    #[arg(long)]
    pub unique: bool,
    #[command(flatten)]
    pub out: OutputArgs,
}

/// The magic commands, for the command line's registry.
pub const CLI: CliPuzzle = CliPuzzle {
    name: "magic",
    about: "Magic squares",
    verbs: <MagicVerb as clap::Subcommand>::augment_subcommands,
    verbs_for_update: <MagicVerb as clap::Subcommand>::augment_subcommands_for_update,
    render,
    run: |matches| {
        Ok(match job(verb(matches)?)? {
            Command::Job(job, out) => Verb::Job(job, out),
            Command::Bench(args) => Verb::Done(super::bench::magic(&args)?),
        })
    },
};

/// What a magic command asks for.
pub enum Command {
    Job(Job, OutputArgs),
    Bench(MagicBenchArgs),
}

/// The job a magic command describes.
pub fn job(verb: MagicVerb) -> Result<Command, CliError> {
    let job = |order, seed, budget, task| MagicJob {
        order,
        seed,
        budget,
        task,
    };
    let (job, out) = match verb {
        MagicVerb::Bench(a) => return Ok(Command::Bench(a)),
        MagicVerb::Solve(a) => {
            let mut params = params(&a.run.params)?;
            if let Some(c) = a.crossover {
                params.push(("crossover".to_string(), c));
            }
            if let Some(t) = a.target {
                params.push(("target".to_string(), t.to_string()));
            }
            let task = MagicTask::Solve {
                algorithm: MagicAlgo::parse(&a.algo)?,
                params,
            };
            let budget = Budget::unlimited().with_time(a.run.time_limit);
            (job(a.order, a.run.seed, budget, task), a.out)
        }
        MagicVerb::Construct(a) => (
            job(a.order, 0, Budget::unlimited(), MagicTask::Construct),
            a.out,
        ),
        MagicVerb::Count(a) => {
            let budget = Budget::unlimited().with_time(a.time_limit);
            let mut out = a.out;
            out.unique = a.unique;
            (job(a.order, 0, budget, MagicTask::Count), out)
        }
    };
    Ok(Command::Job(job.into(), out))
}

/// The report's renderer, when it is this puzzle's.
fn render(report: &crate::run::Report) -> Option<&dyn Render> {
    <&MagicReport>::try_from(report)
        .ok()
        .map(|r| r as &dyn Render)
}

impl Render for MagicReport {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        match self {
            MagicReport::Solve(r) => solve_text(out, r),
            MagicReport::Construct(r) => construct_text(out, r),
            MagicReport::Count(r) => count_text(out, r),
        }
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let width = |order: u64| order as usize;
        match self {
            MagicReport::Solve(r) => {
                let squares: Vec<Rows<u32>> = r
                    .squares
                    .iter()
                    .map(|(cells, _)| Rows {
                        width: width(r.order),
                        cells,
                    })
                    .collect();
                let found_in: Vec<u64> = r.squares.iter().map(|s| s.1).collect();
                json_line(
                    out,
                    &SolveJson {
                        order: r.order,
                        algorithm: r.algorithm.id(),
                        params: ParamMap(&r.params),
                        seed: r.seed,
                        found: r.found,
                        squares,
                        found_in,
                        generations: r.generations,
                        // Nothing scored (order 2, or a construction): no fitness to
                        // report, rather than a 0 that would read as "magic".
                        best_fitness: (!r.best.is_empty()).then_some(r.best_fitness),
                        stop: r.stop,
                        elapsed_ms: r.elapsed_ms,
                        message: &r.message,
                    },
                )
            }
            MagicReport::Construct(r) => json_line(
                out,
                &ConstructJson {
                    order: r.order,
                    square: Rows {
                        width: width(r.order),
                        cells: &r.square,
                    },
                    found: r.found,
                    method: &r.method,
                    elapsed_ms: r.elapsed_ms,
                    message: &r.message,
                },
            ),
            MagicReport::Count(r) => json_line(
                out,
                &CountJson {
                    order: r.order,
                    total: r.total,
                    unique: r.unique,
                    complete: r.complete,
                    nodes: r.nodes,
                    stop: r.stop,
                    elapsed_ms: r.elapsed_ms,
                    message: &r.message,
                },
            ),
        }
    }

    fn success(&self) -> bool {
        match self {
            MagicReport::Solve(r) => r.found,
            MagicReport::Construct(r) => r.found,
            MagicReport::Count(r) => r.complete,
        }
    }

    fn unique_headline(&self) -> Option<String> {
        let MagicReport::Count(r) = self else {
            return None;
        };
        r.complete.then(|| {
            format!(
                "{} magic square{} of order {} up to rotation and reflection ({} in all)",
                r.unique,
                if r.unique == 1 { "" } else { "s" },
                r.order,
                r.total
            )
        })
    }
}

#[derive(Serialize)]
struct SolveJson<'a> {
    order: u64,
    algorithm: &'a str,
    params: ParamMap<'a>,
    seed: u64,
    found: bool,
    squares: Vec<Rows<'a, u32>>,
    found_in: Vec<u64>,
    generations: u64,
    best_fitness: Option<u64>,
    stop: Stop,
    elapsed_ms: f64,
    message: &'a str,
}

#[derive(Serialize)]
struct ConstructJson<'a> {
    order: u64,
    square: Rows<'a, u32>,
    found: bool,
    method: &'a str,
    elapsed_ms: f64,
    message: &'a str,
}

#[derive(Serialize)]
struct CountJson<'a> {
    order: u64,
    total: u64,
    unique: u64,
    complete: bool,
    nodes: u64,
    stop: Stop,
    elapsed_ms: f64,
    message: &'a str,
}

/// Rows and columns shown of a large square in text output.
const MAX_SHOWN: usize = 30;

/// The square as right-aligned columns (larger orders by their first rows and columns).
fn square_text(out: &mut dyn Write, order: u64, cells: &[u32]) -> io::Result<()> {
    let n = order as usize;
    let width = (n * n).to_string().len();
    for (r, row) in cells.chunks(n.max(1)).enumerate() {
        if r >= MAX_SHOWN {
            return writeln!(out, "… ({} more rows; --json prints them all)", n - r);
        }
        let shown: Vec<String> = (row.iter().take(MAX_SHOWN))
            .map(|v| format!("{v:>width$}"))
            .collect();
        let more = if n > MAX_SHOWN { " …" } else { "" };
        writeln!(out, "{}{more}", shown.join(" "))?;
    }
    Ok(())
}

fn solve_text(out: &mut dyn Write, r: &MagicSolveReport) -> io::Result<()> {
    writeln!(
        out,
        "order {} magic square, {}, seed {}",
        r.order, r.algorithm, r.seed
    )?;
    writeln!(out, "{}", r.message)?;
    let ga = r.algorithm == MagicAlgo::Ga;
    if ga && !r.found && r.stop != Stop::Cancelled && r.order != 2 {
        writeln!(
            out,
            "(the construction, --algo construct, builds a magic square of order {} at once, by the {})",
            r.order,
            method(r.order as usize)
        )?;
    }
    for (i, (sq, generation)) in r.squares.iter().enumerate().take(8) {
        if ga {
            writeln!(out, "square {} (generation {generation}):", i + 1)?;
        }
        square_text(out, r.order, sq)?;
    }
    if r.squares.len() > 8 {
        writeln!(
            out,
            "… {} more (--json prints them all)",
            r.squares.len() - 8
        )?;
    }
    if r.squares.is_empty() && !r.best.is_empty() {
        writeln!(out, "best square (fitness {}):", r.best_fitness)?;
        square_text(out, r.order, &r.best)?;
    }
    let figures = r.algorithm.info().figures;
    writeln!(
        out,
        "{}; {:.3} ms",
        told(figures, &r.counters),
        r.elapsed_ms
    )
}

fn construct_text(out: &mut dyn Write, r: &MagicConstructReport) -> io::Result<()> {
    writeln!(out, "{}", r.message)?;
    if r.found {
        square_text(out, r.order, &r.square)?;
    }
    writeln!(out, "{:.3} ms", r.elapsed_ms)
}

fn count_text(out: &mut dyn Write, r: &MagicCountReport) -> io::Result<()> {
    writeln!(out, "{}", r.message)?;
    if let Some(sq) = &r.example {
        writeln!(out, "the first one found:")?;
        square_text(out, r.order, sq)?;
    }
    writeln!(out, "{} values tried; {:.3} ms", r.nodes, r.elapsed_ms)
}
