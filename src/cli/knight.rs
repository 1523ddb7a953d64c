//! `searchlab knight …`: its arguments, the job they describe, and how its reports print.

use super::CliError;
use super::bench::Experiment;
use super::common::{
    OutputArgs, SolveFlags, checked, knight_ids, params, parse_board, parse_duration, start_square,
};
use super::output::{
    MAX_PRINTED_SQUARES, ParamMap, Render, RowCols, grid, json_line, row_col, square_label,
};
use super::verb::{CliPuzzle, Verb, verb};
use crate::puzzle::knight::Shape;
use crate::run::catalog::{knight_figures, told};
use crate::run::knight::{CountReport, SearchReport, SolveReport};
use crate::run::{Algorithm, KnightAlgo};
use crate::run::{Job, KnightJob, KnightReport, KnightTask};
use crate::solve::knight::tree_search::Strategy;
use crate::solve::{Budget, Counters, Stop};
use clap::{Args, Subcommand};
use serde::Serialize;
use std::io::{self, Write};
use std::time::Duration;

/// The verbs of `searchlab knight`, each with its own arguments.
#[derive(Subcommand, Debug)]
pub enum KnightVerb {
    /// Find one tour with the chosen algorithm.
    Solve(SolveArgs),
    /// Count every tour from one square or from every square (exhaustive, pruned).
    Count(CountArgs),
    /// The BFS/DFS search exercise's breadth-first or depth-first tree search over whole
    /// board states.
    Search(SearchArgs),
    /// Experiments: the Cultural Algorithm guide's levels and sizes tables, the Knight's
    /// Tour solver report's per-square tables.
    Bench(BenchArgs),
    /// Follow a search one decision at a time: every square entered (with the squares it
    /// could have taken and their onward degrees), every backtrack, told in a line each.
    Trace(super::trace::KnightTraceArgs),
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The board as COLSxROWS, e.g. 8x8 or 5x4 (5 columns, 4 rows).
    #[arg(long, value_parser = parse_board)]
    pub board: (u64, u64),
    /// Start square (default: the top-left square, 0,0).
    #[arg(long)]
    pub start: Option<String>,
    /// Algorithm id (see the list below) [default: warnsdorff, or closed-construct with
    /// --closed].
    #[arg(long = "algo", value_parser = knight_ids())]
    pub algo: Option<String>,
    /// Look for a closed tour (the last square a knight's move from the first).
    #[arg(long)]
    pub closed: bool,
    /// Stop after this many search nodes.
    #[arg(long)]
    pub nodes: Option<u64>,
    #[command(flatten)]
    pub run: SolveFlags,
    #[command(flatten)]
    pub out: OutputArgs,
}

#[derive(Args, Debug)]
pub struct CountArgs {
    /// The board as COLSxROWS, e.g. 8x8 or 5x4 (5 columns, 4 rows).
    #[arg(long, value_parser = parse_board)]
    pub board: (u64, u64),
    /// Count the tours from this square.
    #[arg(
        long,
        conflicts_with_all = ["all_starts", "path"],
        required_unless_present_any = ["all_starts", "path"]
    )]
    pub start: Option<String>,
    /// Count the tours from every square (squares in parallel).
    #[arg(long, conflicts_with = "path")]
    pub all_starts: bool,
    /// Count the tours that begin with this path: squares separated by ';', the first
    /// the start, e.g. "a1;b3;c5" or "0,0;2,1". A path that is not a knight's path, or
    /// that no tour extends, counts 0 and says why.
    #[arg(long)]
    pub path: Option<String>,
    /// Count closed tours instead of open ones.
    #[arg(long)]
    pub closed: bool,
    /// Stop after this long and report what was counted, e.g. 15s, 2m.
    #[arg(long, value_parser = parse_duration, default_value = "10m")]
    pub time_limit: Duration,
    #[command(flatten)]
    pub out: OutputArgs,
}

#[derive(Args, Debug)]
pub struct SearchArgs {
    /// The board as COLSxROWS, e.g. 8x8 or 5x4 (5 columns, 4 rows).
    #[arg(long, value_parser = parse_board)]
    pub board: (u64, u64),
    /// bfs (breadth-first) or dfs (depth-first).
    #[arg(long, value_parser = checked(Strategy::parse))]
    pub strategy: String,
    /// Place the knight here first (default: the root's children are every square).
    #[arg(long)]
    pub start: Option<String>,
    /// Stop after generating this many nodes.
    #[arg(long, default_value_t = crate::run::knight::DEFAULT_SEARCH_NODES)]
    pub nodes: u64,
    /// Stop after this long.
    #[arg(long, value_parser = parse_duration, default_value = "60s")]
    pub time_limit: Duration,
    #[command(flatten)]
    pub out: OutputArgs,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    #[command(subcommand)]
    pub experiment: Experiment,
}

/// The knight commands, for the command line's registry.
pub const CLI: CliPuzzle = CliPuzzle {
    name: "knight",
    about: "The knight's tour",
    verbs: <KnightVerb as clap::Subcommand>::augment_subcommands,
    verbs_for_update: <KnightVerb as clap::Subcommand>::augment_subcommands_for_update,
    render,
    run: |matches| {
        Ok(match job(verb(matches)?)? {
            Command::Job(job, out) => Verb::Job(job, out),
            Command::Bench(experiment) => Verb::Done(super::bench::knight(&experiment)?),
            Command::Trace(args) => Verb::Done(super::trace::knight(args)?),
        })
    },
};

/// What a knight command asks for.
pub enum Command {
    Job(Job, OutputArgs),
    Bench(Experiment),
    Trace(super::trace::KnightTraceArgs),
}

/// The job a knight command describes.
pub fn job(verb: KnightVerb) -> Result<Command, CliError> {
    let job = |board: (u64, u64), start, closed, seed, budget, task| KnightJob {
        cols: board.0,
        rows: board.1,
        start,
        closed,
        seed,
        budget,
        task,
    };
    let (job, out) = match verb {
        KnightVerb::Bench(b) => return Ok(Command::Bench(b.experiment)),
        KnightVerb::Trace(t) => return Ok(Command::Trace(t)),
        KnightVerb::Solve(a) => {
            let mut budget = Budget::unlimited().with_time(a.run.time_limit);
            budget.nodes = a.nodes;
            // Without --algo an open tour is settled by the fallback when Warnsdorff's
            // rule gets stuck.
            let fallback = a.algo.is_none() && !a.closed;
            let task = KnightTask::Solve {
                fallback,
                algorithm: match a.algo.as_deref() {
                    Some(id) => KnightAlgo::parse(id)?,
                    None if a.closed => KnightAlgo::ClosedConstruct,
                    None => KnightAlgo::Warnsdorff,
                },
                params: params(&a.run.params)?,
            };
            let start = start_square(a.start.as_deref(), a.board)?;
            (
                job(a.board, start, a.closed, a.run.seed, budget, task),
                a.out,
            )
        }
        KnightVerb::Count(a) => {
            let budget = Budget::unlimited().with_time(a.time_limit);
            let path = match &a.path {
                Some(text) => path_squares(text, a.board)?,
                None => Vec::new(),
            };
            let start = match path.first() {
                Some(&first) => Some(first),
                None => start_square(a.start.as_deref(), a.board)?,
            };
            let task = KnightTask::Count {
                all_starts: a.all_starts,
                path,
                part: None,
            };
            (job(a.board, start, a.closed, 0, budget, task), a.out)
        }
        KnightVerb::Search(a) => {
            let budget = Budget::unlimited()
                .with_time(a.time_limit)
                .with_nodes(a.nodes);
            // `breadth-first` and `bfs` are one strategy, told by one name.
            let strategy = Strategy::parse(&a.strategy).map_or(a.strategy, |s| s.name().into());
            let task = KnightTask::Search { strategy };
            let start = start_square(a.start.as_deref(), a.board)?;
            (job(a.board, start, false, 0, budget, task), a.out)
        }
    };
    Ok(Command::Job(job.into(), out))
}

/// The squares of `--path`: separated by ';', each in chess notation or as ROW,COL.
fn path_squares(text: &str, board: (u64, u64)) -> Result<Vec<(u32, u32)>, CliError> {
    let parts: Vec<&str> = text
        .split(';')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    if parts.is_empty() {
        return Err(CliError::Input(
            "--path: give at least one square, e.g. \"a1;b3\" (squares separated by ';')".into(),
        ));
    }
    parts
        .iter()
        .enumerate()
        .map(|(i, part)| {
            start_square(Some(part), board)
                .map(std::option::Option::unwrap_or_default)
                .map_err(|e| CliError::Input(format!("--path, square {}: {e}", i + 1)))
        })
        .collect()
}

/// The report's renderer, when it is this puzzle's.
fn render(report: &crate::run::Report) -> Option<&dyn Render> {
    <&KnightReport>::try_from(report)
        .ok()
        .map(|r| r as &dyn Render)
}

impl Render for KnightReport {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        match self {
            KnightReport::Solve(r) => solve_text(out, r),
            KnightReport::Count(r) => count_text(out, r),
            KnightReport::Search(r) => search_text(out, r),
        }
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        match self {
            KnightReport::Solve(r) => json_line(out, &SolveJson::of(r)),
            KnightReport::Count(r) => json_line(out, &CountJson::of(r)),
            KnightReport::Search(r) => json_line(out, &SearchJson::of(r)),
        }
    }

    fn success(&self) -> bool {
        match self {
            KnightReport::Solve(r) => r.found,
            KnightReport::Count(r) => r.complete,
            KnightReport::Search(r) => r.found,
        }
    }
}

#[derive(Serialize)]
struct BoardJson {
    cols: u32,
    rows: u32,
}

#[derive(Serialize)]
struct SolveJson<'a> {
    board: BoardJson,
    start: [u32; 2],
    algorithm: &'a str,
    params: ParamMap<'a>,
    seed: u64,
    found: bool,
    closed: bool,
    closed_requested: bool,
    elapsed_ms: f64,
    stop: Stop,
    message: &'a str,
    stats: &'a Counters,
    /// How the fallback settled it, when it did (before the path, which comes last).
    #[serde(skip_serializing_if = "Option::is_none")]
    fallback: Option<crate::solve::knight::settle::Kind>,
    path: RowCols<'a>,
}

impl<'a> SolveJson<'a> {
    fn of(r: &'a SolveReport) -> Self {
        SolveJson {
            board: BoardJson {
                cols: r.cols,
                rows: r.rows,
            },
            start: row_col(r.cols, r.start),
            algorithm: r.algorithm.id(),
            params: ParamMap(&r.params),
            seed: r.seed,
            found: r.found,
            closed: r.closed,
            closed_requested: r.closed_requested,
            elapsed_ms: r.elapsed_ms,
            stop: r.stop,
            message: &r.message,
            stats: &r.counters,
            fallback: r.fallback,
            path: RowCols {
                cols: r.cols,
                path: &r.path,
            },
        }
    }
}

#[derive(Serialize)]
struct CountJson<'a> {
    board: BoardJson,
    closed: bool,
    complete: bool,
    total: u64,
    calls: u64,
    elapsed_ms: f64,
    stop: Stop,
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    start: Option<[u32; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    per_square: Option<super::output::Rows<'a, Option<u64>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    path: Option<RowCols<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    dead_end: Option<DeadEndJson<'a>>,
}

#[derive(Serialize)]
struct DeadEndJson<'a> {
    rule: &'a str,
    squares: RowCols<'a>,
    text: &'a str,
}

impl<'a> CountJson<'a> {
    fn of(r: &'a CountReport) -> Self {
        CountJson {
            board: BoardJson {
                cols: r.cols,
                rows: r.rows,
            },
            closed: r.closed,
            complete: r.complete,
            total: r.total,
            calls: r.calls,
            elapsed_ms: r.elapsed_ms,
            stop: r.stop,
            message: &r.message,
            start: r.start.map(|s| row_col(r.cols, s)),
            per_square: r.per_square.as_deref().map(|cells| super::output::Rows {
                width: r.cols as usize,
                cells,
            }),
            path: (!r.path.is_empty()).then(|| RowCols {
                cols: r.cols,
                path: &r.path,
            }),
            dead_end: r.dead_end.as_ref().map(|d| DeadEndJson {
                rule: &d.rule,
                squares: RowCols {
                    cols: r.cols,
                    path: &d.squares,
                },
                text: &d.text,
            }),
        }
    }
}

#[derive(Serialize)]
struct SearchJson<'a> {
    board: BoardJson,
    strategy: &'a str,
    found: bool,
    path_length: usize,
    nodes_generated: u64,
    max_frontier: u64,
    elapsed_ms: f64,
    limit_reached: bool,
    stop: Stop,
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    start: Option<[u32; 2]>,
    path: RowCols<'a>,
}

impl<'a> SearchJson<'a> {
    fn of(r: &'a SearchReport) -> Self {
        SearchJson {
            board: BoardJson {
                cols: r.cols,
                rows: r.rows,
            },
            strategy: &r.strategy,
            found: r.found,
            path_length: r.path.len(),
            nodes_generated: r.nodes_generated,
            max_frontier: r.max_frontier,
            elapsed_ms: r.elapsed_ms,
            limit_reached: r.limit_reached,
            stop: r.stop,
            message: &r.message,
            start: r.start.map(|s| row_col(r.cols, s)),
            path: RowCols {
                cols: r.cols,
                path: &r.path,
            },
        }
    }
}

fn solve_text(out: &mut dyn Write, r: &SolveReport) -> io::Result<()> {
    let params: Vec<String> = r.params.iter().map(|(k, v)| format!("{k}={v}")).collect();
    writeln!(
        out,
        "{}x{} board, start {}, {}{}, seed {}",
        r.cols,
        r.rows,
        square_label(r.cols, r.rows, r.start),
        r.algorithm,
        if params.is_empty() {
            String::new()
        } else {
            format!(" ({})", params.join(", "))
        },
        r.seed
    )?;
    writeln!(out, "{}", r.message)?;
    if !r.path.is_empty() {
        writeln!(out)?;
        grid(out, r.cols, r.rows, &r.path)?;
        writeln!(out)?;
    }
    let figures = told(knight_figures(r.algorithm.id()), &r.counters);
    writeln!(out, "{figures}; {:.3} ms", r.elapsed_ms)
}

fn count_text(out: &mut dyn Write, r: &CountReport) -> io::Result<()> {
    let kind = if r.closed {
        "closed tours"
    } else {
        "open tours"
    };
    match r.start {
        Some(_) if !r.path.is_empty() => {
            let squares: Vec<String> = r
                .path
                .iter()
                .map(
                    |&s| match Shape::new(u64::from(r.cols), u64::from(r.rows)) {
                        Ok(b) => b.name(s),
                        Err(_) => format!("{},{}", s / r.cols, s % r.cols),
                    },
                )
                .collect();
            writeln!(
                out,
                "{}x{} board, {kind} that begin with {}",
                r.cols,
                r.rows,
                squares.join(" ")
            )?;
        }
        Some(s) => writeln!(
            out,
            "{}x{} board, {kind} from {}",
            r.cols,
            r.rows,
            square_label(r.cols, r.rows, s)
        )?,
        None => writeln!(out, "{}x{} board, {kind} from every square", r.cols, r.rows)?,
    }
    writeln!(out, "{}", r.message)?;
    if let Some(per) = r
        .per_square
        .as_ref()
        .filter(|p| p.len() <= MAX_PRINTED_SQUARES)
    {
        let width = per
            .iter()
            .flatten()
            .max()
            .map_or(1, |m| m.to_string().len());
        writeln!(out)?;
        for row in per.chunks(r.cols as usize) {
            let cells: Vec<String> = row
                .iter()
                .map(|n| match n {
                    Some(n) => format!("{n:>width$}"),
                    None => format!("{:>width$}", "-"),
                })
                .collect();
            writeln!(out, "{}", cells.join(" "))?;
        }
        if per.iter().any(Option::is_none) {
            writeln!(
                out,
                "(-: that square's count was cut short, so it has no figure)"
            )?;
        }
        writeln!(out)?;
    } else if r.per_square.is_some() {
        writeln!(
            out,
            "(the board is too large to print per square; --json gives the counts)"
        )?;
    }
    writeln!(
        out,
        "total {}, calls {}; {:.3} ms",
        r.total, r.calls, r.elapsed_ms
    )
}

fn search_text(out: &mut dyn Write, r: &SearchReport) -> io::Result<()> {
    writeln!(
        out,
        "{}x{} board, {} tree search",
        r.cols, r.rows, r.strategy
    )?;
    writeln!(out, "{}", r.message)?;
    if !r.path.is_empty() {
        writeln!(out)?;
        grid(out, r.cols, r.rows, &r.path)?;
        writeln!(out)?;
    }
    writeln!(
        out,
        "result {}, nodes generated {}, largest frontier {}, path length {}; {:.3} ms",
        if r.found { "tour" } else { "none" },
        r.nodes_generated,
        r.max_frontier,
        r.path.len(),
        r.elapsed_ms
    )
}
