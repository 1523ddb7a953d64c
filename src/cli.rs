//! The command line (`shared/CLI.md` is its contract): parse, run the job on a worker
//! through `run/`, print text or one JSON object, exit 0 (answer), 1 (none), 2 (bad input).

use crate::bench;
use crate::puzzle::knight::{Board, Square};
use crate::run::catalog::{KNIGHT_ALGORITHMS, split_param};
use crate::run::file::RunFile;
use crate::run::knight::{CountReport, SearchReport, SolveReport};
use crate::run::{
    Event, Job, JobError, KnightJob, KnightReport, KnightTask, MagicJob, MagicReport, MagicTask,
    QueensJob, QueensReport, QueensTask, Report, Run,
};
use crate::solve::Budget;
use clap::{Args, Parser, Subcommand};
use serde_json::{Value, json};
use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

#[derive(Parser, Debug)]
#[command(
    name = "searchlab",
    version,
    about = "Watch and compare search algorithms on chessboard puzzles.",
    after_help = "Squares: chess notation (a1 = bottom-left) or ROW,COL zero-based from the top-left.\nExit status: 0 an answer was found (or a count completed), 1 none exists or none was found within the budget, 2 bad input."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Open the desktop app (the same as no command).
    App,
    /// The knight's tour.
    Knight {
        #[command(subcommand)]
        verb: KnightVerb,
    },
    /// N-Queens.
    Queens {
        #[command(subcommand)]
        verb: QueensVerb,
    },
    /// Magic squares.
    Magic {
        #[command(subcommand)]
        verb: MagicVerb,
    },
    /// Re-run a run saved with --save (same job, same seed), show it and check that the
    /// answer is the saved one.
    Replay(ReplayArgs),
}

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// A run file written by --save or by the app's "Save run…".
    pub file: PathBuf,
    /// Print one JSON object on standard output instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Subcommand, Debug)]
pub enum MagicVerb {
    /// Seed 002's GA over many seeds: success, time and generations, per variant.
    Bench(MagicBenchArgs),
    /// Magic squares by seed 002's genetic algorithm (or the construction).
    Solve(MagicSolveArgs),
    /// A magic square of any order n >= 3 by construction (Siamese, doubly even, LUX).
    Construct(MagicArgs),
    /// Every magic square of order 3 or 4, by exhaustive enumeration.
    Count(MagicCountArgs),
}

#[derive(Args, Debug)]
pub struct MagicArgs {
    /// The square is N x N, filled with 1 .. N².
    #[arg(long)]
    pub order: u64,
    /// Print one JSON object on standard output instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also write the run (job, answer, event history) to FILE as RON; `searchlab replay
    /// FILE` re-runs it.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct MagicSolveArgs {
    /// The square is N x N, filled with 1 .. N².
    #[arg(long)]
    pub order: u64,
    /// Algorithm id: ga or construct.
    #[arg(long = "algo", default_value = "ga")]
    pub algo: String,
    /// The GA's crossover: pmx or inversion (the same as --param crossover=...).
    #[arg(long)]
    pub crossover: Option<String>,
    /// Keep going until K distinct magic squares are found (the same as --param target=K).
    #[arg(long)]
    pub target: Option<u64>,
    /// Seed of the random generator: same seed, same answer.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Stop after this long.
    #[arg(long, value_parser = parse_duration, default_value = "60s")]
    pub time_limit: Duration,
    /// Set a parameter of the algorithm, e.g. population=100.
    #[arg(long = "param", value_name = "KEY=VALUE")]
    pub params: Vec<String>,
    /// Print one JSON object on standard output instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also write the run (job, answer, event history) to FILE as RON; `searchlab replay
    /// FILE` re-runs it.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct MagicBenchArgs {
    #[arg(long, default_value_t = 3)]
    pub order: u64,
    #[arg(long, default_value_t = 100)]
    pub trials: u64,
    /// Trial i uses seed SEED + i.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Time limit of each trial.
    #[arg(long, value_parser = parse_duration, default_value = "60s")]
    pub time_limit: Duration,
    /// Print one JSON object on standard output instead of a table.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct MagicCountArgs {
    /// 3 or 4 (1 and 2 work too).
    #[arg(long)]
    pub order: u64,
    /// Stop after this long and report what was counted.
    #[arg(long, value_parser = parse_duration, default_value = "10m")]
    pub time_limit: Duration,
    /// Print one JSON object on standard output instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also write the run (job, answer, event history) to FILE as RON; `searchlab replay
    /// FILE` re-runs it.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
pub enum QueensVerb {
    /// Seed 004's results table: average time and success per algorithm at each N.
    Bench(QueensBenchArgs),
    /// Find one placement of N non-attacking queens.
    Solve(QueensSolveArgs),
    /// Count every solution (bitboard backtracking with the board's eight symmetries, in
    /// parallel).
    Count(QueensCountArgs),
}

#[derive(Args, Debug)]
pub struct QueensBenchArgs {
    /// Board sizes, e.g. 5,10 or 4..12.
    #[arg(long, value_parser = parse_sizes, default_value = "5,10")]
    pub n: Sizes,
    #[arg(long, default_value_t = 20)]
    pub trials: u64,
    /// Heuristic of best-first, hill-climbing and cultural.
    #[arg(long, default_value = "h1")]
    pub heuristic: String,
    /// Trial i of every algorithm starts from the placement of seed SEED + i.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Time limit of each trial.
    #[arg(long, value_parser = parse_duration, default_value = "60s")]
    pub time_limit: Duration,
    /// Print one JSON object on standard output instead of a table.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct QueensSolveArgs {
    /// The board is N x N with N queens.
    #[arg(long)]
    pub n: u64,
    /// Algorithm id: backtracking, best-first, hill-climbing, cultural, min-conflicts or
    /// construct.
    #[arg(long = "algo", default_value = "min-conflicts")]
    pub algo: String,
    /// Seed 004's heuristic for best-first, hill-climbing and cultural: h1, h2 or h3.
    #[arg(long)]
    pub heuristic: Option<String>,
    /// Seed of the random generator: same seed, same answer.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Stop after this long.
    #[arg(long, value_parser = parse_duration, default_value = "60s")]
    pub time_limit: Duration,
    /// Set a parameter of the algorithm, e.g. tail=64.
    #[arg(long = "param", value_name = "KEY=VALUE")]
    pub params: Vec<String>,
    /// Print one JSON object on standard output instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also write the run (job, answer, event history) to FILE as RON; `searchlab replay
    /// FILE` re-runs it.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct QueensCountArgs {
    /// The board is N x N with N queens.
    #[arg(long)]
    pub n: u64,
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Stop after this long and report what was counted.
    #[arg(long, value_parser = parse_duration, default_value = "1h")]
    pub time_limit: Duration,
    /// Print one JSON object on standard output instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also write the run (job, answer, event history) to FILE as RON; `searchlab replay
    /// FILE` re-runs it.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
pub enum KnightVerb {
    /// Find one tour with the chosen algorithm.
    Solve(SolveArgs),
    /// Count every tour from one square or from every square (exhaustive, pruned).
    Count(CountArgs),
    /// Seed 003's breadth-first or depth-first tree search over whole board states.
    Search(SearchArgs),
    /// Experiments: seed 000's levels and sizes tables, seed 001's per-square tables.
    Bench(BenchArgs),
}

#[derive(Args, Debug)]
pub struct BoardArgs {
    /// The board as COLSxROWS, e.g. 8x8 or 5x4 (5 columns, 4 rows).
    #[arg(long, value_parser = parse_board)]
    pub board: (u64, u64),
    /// Print one JSON object on standard output instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also write the run (job, answer, event history) to FILE as RON; `searchlab replay
    /// FILE` re-runs it.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub common: BoardArgs,
    /// Start square (default: the top-left square, 0,0).
    #[arg(long)]
    pub start: Option<String>,
    /// Algorithm id (see the list below).
    #[arg(long = "algo", default_value = "warnsdorff")]
    pub algo: String,
    /// Look for a closed tour (the last square a knight's move from the first).
    #[arg(long)]
    pub closed: bool,
    /// Seed of the random generator: same seed, same answer.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Stop after this long, e.g. 500ms, 15s, 2m.
    #[arg(long, value_parser = parse_duration, default_value = "60s")]
    pub time_limit: Duration,
    /// Stop after this many search nodes.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// An algorithm parameter as KEY=VALUE; repeatable.
    #[arg(long = "param", value_name = "KEY=VALUE")]
    pub params: Vec<String>,
}

#[derive(Args, Debug)]
pub struct CountArgs {
    #[command(flatten)]
    pub common: BoardArgs,
    /// Count the tours from this square.
    #[arg(
        long,
        conflicts_with = "all_starts",
        required_unless_present = "all_starts"
    )]
    pub start: Option<String>,
    /// Count the tours from every square (squares in parallel).
    #[arg(long)]
    pub all_starts: bool,
    /// Count closed tours instead of open ones.
    #[arg(long)]
    pub closed: bool,
    /// Stop after this long and report what was counted, e.g. 15s, 2m.
    #[arg(long, value_parser = parse_duration, default_value = "10m")]
    pub time_limit: Duration,
}

#[derive(Args, Debug)]
pub struct SearchArgs {
    #[command(flatten)]
    pub common: BoardArgs,
    /// bfs (breadth-first) or dfs (depth-first).
    #[arg(long)]
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
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    #[command(subcommand)]
    pub experiment: Experiment,
}

#[derive(Args, Debug)]
pub struct BenchCommon {
    /// Trial i uses seed SEED + i, so a table is reproduced exactly.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Time limit of each trial (level 4 stops at its own 60 s timeout too).
    #[arg(long, value_parser = parse_duration, default_value = "60s")]
    pub time_limit: Duration,
    /// Set a parameter of the algorithms (only those that have it), e.g. repair=fewest-onward.
    #[arg(long = "param", value_name = "KEY=VALUE")]
    pub params: Vec<String>,
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print one JSON object on standard output instead of a table.
    #[arg(long)]
    pub json: bool,
}

#[derive(Subcommand, Debug)]
pub enum Experiment {
    /// Seed 000's performance comparison: levels 0-4, TRIALS seeded runs each.
    Levels {
        #[arg(long, value_parser = parse_board, default_value = "8x8")]
        board: (u64, u64),
        #[arg(long)]
        start: Option<String>,
        #[arg(long, default_value_t = 100)]
        trials: u64,
        #[command(flatten)]
        common: BenchCommon,
    },
    /// Seed 000's board-size scaling: one algorithm on n x n for each size.
    Sizes {
        #[arg(long = "algo", default_value = "level4")]
        algo: String,
        /// Sizes as FROM..TO (inclusive) or a list, e.g. 5..12 or 5,8,10.
        #[arg(long, value_parser = parse_sizes, default_value = "5..12")]
        sizes: Sizes,
        #[arg(long, default_value_t = 20)]
        trials: u64,
        #[command(flatten)]
        common: BenchCommon,
    },
    /// Seed 001's per-square tables: GA runs (ga-repair, ga-heuristic) or a timed count
    /// (count) from every start square.
    Squares {
        #[arg(long = "algo", default_value = "ga-heuristic")]
        algo: String,
        #[arg(long, value_parser = parse_board, default_value = "8x8")]
        board: (u64, u64),
        /// GA runs per square (seed 001: 5).
        #[arg(long, default_value_t = 5)]
        runs: u64,
        #[command(flatten)]
        common: BenchCommon,
    },
}

/// Board sides for `bench sizes`.
#[derive(Debug, Clone)]
pub struct Sizes(pub Vec<u64>);

fn parse_sizes(text: &str) -> Result<Sizes, String> {
    let err = || {
        format!(
            "cannot read sizes {text:?}: write FROM..TO like 5..12, or a list like 5,8,10 (each 1 to 100)"
        )
    };
    let sizes: Vec<u64> = if let Some((a, b)) = text.split_once("..") {
        let a: u64 = a.trim().parse().map_err(|_| err())?;
        let b: u64 = b
            .trim()
            .trim_start_matches('=')
            .parse()
            .map_err(|_| err())?;
        (a..=b).collect()
    } else {
        text.split(',')
            .map(|s| s.trim().parse().map_err(|_| err()))
            .collect::<Result<_, _>>()?
    };
    if sizes.is_empty() || sizes.iter().any(|&s| !(1..=100).contains(&s)) {
        return Err(err());
    }
    Ok(Sizes(sizes))
}

fn bench(experiment: &Experiment) -> ExitCode {
    let common = match experiment {
        Experiment::Levels { common, .. }
        | Experiment::Sizes { common, .. }
        | Experiment::Squares { common, .. } => common,
    };
    let params = match common
        .params
        .iter()
        .map(|p| split_param(p))
        .collect::<Result<Vec<_>, _>>()
    {
        Ok(p) => p,
        Err(e) => return input_error(&e),
    };
    let cancel = cancel_on_ctrl_c();
    let setup = bench::knight::Setup {
        seed: common.seed,
        time_limit: common.time_limit,
        params,
        cancel: cancel.clone(),
        meter: None,
    };
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(t) = common.threads {
        if t == 0 {
            return input_error("--threads must be at least 1");
        }
        pool = pool.num_threads(t);
    }
    let pool = match pool.build() {
        Ok(p) => p,
        Err(e) => return input_error(&format!("cannot start worker threads: {e}")),
    };
    let (name, result) = pool.install(|| -> (&str, Result<(Value, String), String>) {
        match experiment {
            Experiment::Levels {
                board,
                start,
                trials,
                ..
            } => {
                let start = match start_square(start, *board) {
                    Ok(s) => s.unwrap_or((0, 0)),
                    Err(e) => return ("levels", Err(e)),
                };
                (
                    "levels",
                    bench::knight::levels(&setup, *board, start, *trials)
                        .map(|rows| trials_output("levels", &rows)),
                )
            }
            Experiment::Sizes {
                algo,
                sizes,
                trials,
                ..
            } => (
                "sizes",
                bench::knight::sizes(&setup, algo, &sizes.0, *trials)
                    .map(|rows| trials_output("sizes", &rows)),
            ),
            Experiment::Squares {
                algo, board, runs, ..
            } if algo == "count" => (
                "squares",
                bench::knight::squares_count(&setup, *board)
                    .map(|rows| count_output(*board, &rows)),
            ),
            Experiment::Squares {
                algo, board, runs, ..
            } => (
                "squares",
                bench::knight::squares_ga(&setup, algo, *board, *runs).map(|t| squares_output(&t)),
            ),
        }
    });
    match result {
        Ok((json_value, text)) => {
            if cancel.load(Ordering::Relaxed) {
                eprintln!("searchlab: cancelled; the table covers the trials that ran to the end");
            }
            if common.json {
                println!("{json_value}");
            } else {
                print!("{text}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => input_error(&format!("bench {name}: {e}")),
    }
}

/// A cancel flag that the first Ctrl-C sets (the work then stops and reports what it has);
/// a second Ctrl-C ends the process at once.
fn cancel_on_ctrl_c() -> Arc<AtomicBool> {
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = cancel.clone();
    let _ = ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::Relaxed) {
            std::process::exit(130);
        }
    });
    cancel
}

fn magic_bench(a: &MagicBenchArgs) -> ExitCode {
    let cancel = cancel_on_ctrl_c();
    let rows = match bench::magic::table(a.order, a.trials, a.seed, a.time_limit, &cancel, None) {
        Ok(r) => r,
        Err(e) => return input_error(&format!("magic bench: {e}")),
    };
    if a.json {
        println!("{}", json!({"experiment": "magic", "rows": rows}));
        return ExitCode::SUCCESS;
    }
    println!(
        "{:<36} {:>6} {:>7} {:>8} {:>10} {:>10} {:>11} {:>11}",
        "ga variant",
        "order",
        "trials",
        "success",
        "median ms",
        "max ms",
        "median gen",
        "document gen"
    );
    for r in &rows {
        let s = &r.summary;
        println!(
            "{:<36} {:>6} {:>7} {:>8} {:>10.3} {:>10.3} {:>11} {:>11}",
            r.variant,
            r.order,
            s.trials,
            pct(s.success_rate),
            s.median_ms,
            s.max_ms,
            r.median_generation
                .map_or("—".to_string(), |g| format!("{g}")),
            r.document_generation
                .map_or("—".to_string(), |g| g.to_string()),
        );
    }
    ExitCode::SUCCESS
}

fn queens_bench(a: &QueensBenchArgs) -> ExitCode {
    let cancel = cancel_on_ctrl_c();
    let rows = match bench::queens::table(
        &a.n.0,
        a.trials,
        a.seed,
        &a.heuristic,
        a.time_limit,
        &cancel,
        None,
    ) {
        Ok(r) => r,
        Err(e) => return input_error(&format!("queens bench: {e}")),
    };
    if a.json {
        println!("{}", json!({"experiment": "queens", "rows": rows}));
        return ExitCode::SUCCESS;
    }
    println!(
        "{:<14} {:>4} {:>7} {:>8} {:>11} {:>11} {:>11} {:>13} {:>12}",
        "algorithm",
        "n",
        "trials",
        "success",
        "mean ms",
        "median ms",
        "max ms",
        "document ms",
        "doc success"
    );
    for r in &rows {
        let s = &r.summary;
        println!(
            "{:<14} {:>4} {:>7} {:>8} {:>11.3} {:>11.3} {:>11.3} {:>13} {:>12}",
            r.algorithm,
            r.n,
            s.trials,
            pct(s.success_rate),
            s.mean_ms,
            s.median_ms,
            s.max_ms,
            r.document_mean_ms
                .map_or("—".to_string(), |m| format!("{m:.3}")),
            r.document_success_rate.map_or("—".to_string(), pct)
        );
    }
    println!(
        "heuristic {} (best-first, hill-climbing, cultural); trial i starts every algorithm from the placement of seed {} + i",
        rows.first().map_or("h1", |r| r.heuristic.as_str()),
        a.seed
    );
    ExitCode::SUCCESS
}

fn pct(x: f64) -> String {
    format!("{:.0}%", x * 100.0)
}

fn trials_output(name: &str, rows: &[bench::knight::TrialsRow]) -> (Value, String) {
    let mut t = String::new();
    let _ = writeln!(
        t,
        "{:<12} {:>6} {:>7} {:>8} {:>10} {:>10} {:>10} {:>10} {:>6} {:>6} {:>8}",
        "algorithm",
        "board",
        "trials",
        "success",
        "mean ms",
        "median ms",
        "min ms",
        "max ms",
        "best",
        "worst",
        "gens"
    );
    for r in rows {
        let s = &r.summary;
        let _ = writeln!(
            t,
            "{:<12} {:>6} {:>7} {:>8} {:>10.2} {:>10.2} {:>10.2} {:>10.2} {:>6} {:>6} {:>8.1}",
            r.algorithm,
            r.board,
            s.trials,
            pct(s.success_rate),
            s.mean_ms,
            s.median_ms,
            s.min_ms,
            s.max_ms,
            pct(r.best_batch_rate),
            pct(r.worst_batch_rate),
            r.mean_generations
        );
    }
    let _ = writeln!(
        t,
        "best / worst: the highest and lowest success rate over batches of 10 trials; gens: mean generations of the successful trials"
    );
    (json!({"experiment": name, "rows": rows}), t)
}

fn squares_output(table: &bench::knight::SquaresTable) -> (Value, String) {
    let mut t = String::new();
    let _ = writeln!(
        t,
        "{} on {}: (average generations to the first tour, distinct tours) per start square",
        table.algorithm, table.board
    );
    let cols = table.rows.iter().map(|r| r.start[1]).max().unwrap_or(0) as usize + 1;
    for line in table.rows.chunks(cols) {
        let cells: Vec<String> = line
            .iter()
            .map(|r| format!("({:.0}, {})", r.mean_generations_to_first, r.tours))
            .collect();
        let _ = writeln!(t, "{}", cells.join(", "));
    }
    let max = table.rows.iter().max_by_key(|r| r.tours);
    let min = table.rows.iter().min_by_key(|r| r.tours);
    let _ = writeln!(t, "tours found: {}", table.tours);
    let _ = writeln!(t, "chromosomes evaluated: {}", table.evaluations);
    let _ = writeln!(
        t,
        "hit ratio (tours / evaluated): {:.6} ({:.4} %)",
        table.hit_ratio,
        table.hit_ratio * 100.0
    );
    let _ = writeln!(
        t,
        "average tours per square: {:.1}",
        table.tours as f64 / table.rows.len().max(1) as f64
    );
    if let (Some(max), Some(min)) = (max, min) {
        let _ = writeln!(
            t,
            "most tours: ({}, {}) with {}; fewest: ({}, {}) with {}",
            max.start[0], max.start[1], max.tours, min.start[0], min.start[1], min.tours
        );
    }
    let _ = writeln!(t, "{:.0} ms in all", table.elapsed_ms);
    let rows: Vec<Value> = table
        .rows
        .iter()
        .map(|r| {
            json!({
                "algorithm": table.algorithm,
                "board": table.board,
                "start": r.start,
                "trials": r.runs,
                "successes": r.successes,
                "success_rate": r.successes as f64 / r.runs.max(1) as f64,
                "mean_ms": r.mean_ms,
                "mean_generations_to_first": r.mean_generations_to_first,
                "tours": r.tours,
                "evaluations": r.evaluations,
            })
        })
        .collect();
    (
        json!({"experiment": "squares", "algorithm": table.algorithm, "board": table.board, "tours": table.tours,
               "evaluations": table.evaluations, "hit_ratio": table.hit_ratio, "elapsed_ms": table.elapsed_ms, "rows": rows}),
        t,
    )
}

fn count_output(board: (u64, u64), rows: &[bench::knight::CountRow]) -> (Value, String) {
    let mut t = String::new();
    let cols = board.0 as usize;
    let _ = writeln!(
        t,
        "count on {}x{}: tours per start square",
        board.0, board.1
    );
    for line in rows.chunks(cols) {
        let cells: Vec<String> = line
            .iter()
            .map(|r| format!("{:>9}{}", r.tours, if r.complete { " " } else { "+" }))
            .collect();
        let _ = writeln!(t, "{}", cells.join(""));
    }
    let _ = writeln!(t, "recursive calls per start square");
    for line in rows.chunks(cols) {
        let cells: Vec<String> = line.iter().map(|r| format!("{:>12}", r.calls)).collect();
        let _ = writeln!(t, "{}", cells.join(""));
    }
    let _ = writeln!(t, "+: the time limit ended the count (at least this many)");
    let json_rows: Vec<Value> = rows
        .iter()
        .map(|r| json!({"algorithm": "count", "start": r.start, "tours": r.tours, "calls": r.calls, "complete": r.complete, "elapsed_ms": r.elapsed_ms}))
        .collect();
    (
        json!({"experiment": "squares", "algorithm": "count", "board": format!("{}x{}", board.0, board.1), "rows": json_rows}),
        t,
    )
}

fn parse_board(text: &str) -> Result<(u64, u64), String> {
    let err = || format!("cannot read board {text:?}: write COLSxROWS, e.g. 8x8 or 5x4");
    let (c, r) = text
        .to_ascii_lowercase()
        .split_once('x')
        .map(|(c, r)| (c.to_string(), r.to_string()))
        .ok_or_else(err)?;
    let c: u64 = c.trim().parse().map_err(|_| err())?;
    let r: u64 = r.trim().parse().map_err(|_| err())?;
    Board::new(c, r).map_err(|e| e.to_string())?;
    Ok((c, r))
}

/// `500ms`, `15s`, `2m`, `1h`, `1.5s`.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let split = t
        .find(|ch: char| !(ch.is_ascii_digit() || ch == '.'))
        .unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let value: f64 = num
        .parse()
        .map_err(|_| format!("cannot read duration {text:?}: write e.g. 500ms, 15s, 2m"))?;
    let secs = match unit {
        "ms" => value / 1e3,
        "s" | "" => value,
        "m" | "min" => value * 60.0,
        "h" => value * 3600.0,
        _ => {
            return Err(format!(
                "unknown unit in duration {text:?}: use ms, s, m or h"
            ));
        }
    };
    if !secs.is_finite() || secs <= 0.0 || secs > 1e9 {
        return Err(format!("duration {text:?} must be positive"));
    }
    Ok(Duration::from_secs_f64(secs))
}

fn start_square(text: &Option<String>, board: (u64, u64)) -> Result<Option<(u32, u32)>, String> {
    let Some(text) = text else { return Ok(None) };
    let b = Board::new(board.0, board.1).map_err(|e| e.to_string())?;
    let sq = b.parse_square(text)?;
    Ok(Some(b.row_col(sq)))
}

/// Runs the command line; no subcommand (or `app`) opens the desktop app.
pub fn main(cli: Cli) -> ExitCode {
    let job = match cli.command {
        None | Some(Command::App) => {
            return match crate::app::run() {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("searchlab: the window could not be opened: {e}");
                    ExitCode::from(1)
                }
            };
        }
        Some(Command::Replay(a)) => return replay(&a),
        Some(Command::Knight {
            verb: KnightVerb::Bench(b),
        }) => return bench(&b.experiment),
        Some(Command::Knight { verb }) => {
            knight_job(&verb).map(|(job, json, save)| (Job::Knight(job), json, save))
        }
        Some(Command::Queens {
            verb: QueensVerb::Bench(a),
        }) => return queens_bench(&a),
        Some(Command::Queens {
            verb: QueensVerb::Solve(a),
        }) => a
            .params
            .iter()
            .map(|p| split_param(p))
            .collect::<Result<Vec<_>, _>>()
            .map(|mut params| {
                if let Some(h) = &a.heuristic {
                    params.push(("heuristic".to_string(), h.clone()));
                }
                (
                    Job::Queens(QueensJob {
                        n: a.n,
                        seed: a.seed,
                        budget: Budget::unlimited().with_time(a.time_limit),
                        threads: None,
                        task: QueensTask::Solve {
                            algorithm: a.algo.clone(),
                            params,
                        },
                    }),
                    a.json,
                    a.save.clone(),
                )
            }),
        Some(Command::Queens {
            verb: QueensVerb::Count(a),
        }) => Ok((
            Job::Queens(QueensJob {
                n: a.n,
                seed: 0,
                budget: Budget::unlimited().with_time(a.time_limit),
                threads: a.threads,
                task: QueensTask::Count,
            }),
            a.json,
            a.save.clone(),
        )),
        Some(Command::Magic {
            verb: MagicVerb::Bench(a),
        }) => return magic_bench(&a),
        Some(Command::Magic {
            verb: MagicVerb::Solve(a),
        }) => a
            .params
            .iter()
            .map(|p| split_param(p))
            .collect::<Result<Vec<_>, _>>()
            .map(|mut params| {
                if let Some(c) = &a.crossover {
                    params.push(("crossover".to_string(), c.clone()));
                }
                if let Some(t) = a.target {
                    params.push(("target".to_string(), t.to_string()));
                }
                (
                    Job::Magic(MagicJob {
                        order: a.order,
                        seed: a.seed,
                        budget: Budget::unlimited().with_time(a.time_limit),
                        task: MagicTask::Solve {
                            algorithm: a.algo.clone(),
                            params,
                        },
                    }),
                    a.json,
                    a.save.clone(),
                )
            }),
        Some(Command::Magic {
            verb: MagicVerb::Construct(a),
        }) => Ok((
            Job::Magic(MagicJob {
                order: a.order,
                seed: 0,
                budget: Budget::unlimited(),
                task: MagicTask::Construct,
            }),
            a.json,
            a.save.clone(),
        )),
        Some(Command::Magic {
            verb: MagicVerb::Count(a),
        }) => Ok((
            Job::Magic(MagicJob {
                order: a.order,
                seed: 0,
                budget: Budget::unlimited().with_time(a.time_limit),
                task: MagicTask::Count,
            }),
            a.json,
            a.save.clone(),
        )),
    };
    let (job, json, save) = match job {
        Ok(j) => j,
        Err(e) => return input_error(&e),
    };
    if let Err(e) = job.check() {
        return input_error(&e.to_string());
    }
    if let Some(path) = &save {
        // Fail before a long run, not after it.
        if let Err(e) = writable(path) {
            return input_error(&e);
        }
    }
    let cancel = cancel_on_ctrl_c();
    let run = Run::start_with_cancel(job.clone(), cancel, || {});
    let (result, history) = wait(&run);
    let report = match result {
        Ok(report) => report,
        Err(e) => return job_error(e),
    };
    let code = print_any_report(&report, json);
    if let Some(path) = save {
        if let Err(e) = RunFile::new(job, report, history).save(&path) {
            eprintln!("searchlab: {e}");
            return ExitCode::from(1);
        }
        eprintln!("saved the run to {}", path.display());
    }
    code
}

fn print_any_report(report: &Report, json: bool) -> ExitCode {
    match report {
        Report::Knight(report) => print_report(report, json),
        Report::Queens(report) => print_queens_report(report, json),
        Report::Magic(report) => print_magic_report(report, json),
    }
}

fn job_error(e: JobError) -> ExitCode {
    match e {
        JobError::Input(e) => input_error(&e),
        e @ JobError::Invalid(_) => {
            eprintln!("searchlab: {e}");
            ExitCode::from(1)
        }
    }
}

/// Whether a run file can be written at `path` (its folder exists and it is not a folder).
fn writable(path: &std::path::Path) -> Result<(), String> {
    if path.is_dir() {
        return Err(format!(
            "--save {}: that is a folder; give a file name",
            path.display()
        ));
    }
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty());
    if parent.is_some_and(|p| !p.is_dir()) {
        return Err(format!(
            "--save {}: the folder {} does not exist",
            path.display(),
            parent.unwrap_or(path).display()
        ));
    }
    Ok(())
}

/// `searchlab replay FILE`: load a saved run, run its job again with the same seed, print
/// the answer and say whether it is the saved one (exit 1 when it is not).
fn replay(a: &ReplayArgs) -> ExitCode {
    let file = match RunFile::load(&a.file) {
        Ok(f) => f,
        Err(e) => return input_error(&format!("{}: {e}", a.file.display())),
    };
    if let Err(e) = file.job.check() {
        return input_error(&format!(
            "{}: the saved job is not valid: {e}",
            a.file.display()
        ));
    }
    eprintln!(
        "replaying {} (saved by SearchLab {})",
        file.title(),
        file.written_by
    );
    let cancel = cancel_on_ctrl_c();
    let run = Run::start_with_cancel(file.job.clone(), cancel, || {});
    let (result, _) = wait(&run);
    let report = match result {
        Ok(report) => report,
        Err(e) => return job_error(e),
    };
    let code = print_any_report(&report, a.json);
    match file.compare(&report) {
        Ok(same) => {
            eprintln!("replay: {same}");
            code
        }
        Err(differs) => {
            eprintln!("searchlab: replay: {differs}");
            ExitCode::from(1)
        }
    }
}

/// A square's rows as JSON arrays.
fn square_rows(order: u64, cells: &[u32]) -> Vec<Vec<u32>> {
    cells
        .chunks(order.max(1) as usize)
        .map(|row| row.to_vec())
        .collect()
}

/// The square as right-aligned columns (orders up to 30; larger ones by their first rows).
fn print_square(order: u64, cells: &[u32]) {
    let n = order as usize;
    let width = (n * n).to_string().len();
    for (r, row) in cells.chunks(n.max(1)).enumerate() {
        if r >= 30 {
            println!("… ({} more rows; --json prints them all)", n - r);
            break;
        }
        let shown: Vec<String> = (row.iter().take(30))
            .map(|v| format!("{v:>width$}"))
            .collect();
        let more = if n > 30 { " …" } else { "" };
        println!("{}{more}", shown.join(" "));
    }
}

fn print_magic_report(report: &MagicReport, json: bool) -> ExitCode {
    match report {
        MagicReport::Solve(r) => {
            if json {
                let squares: Vec<Vec<Vec<u32>>> = r
                    .squares
                    .iter()
                    .map(|(sq, _)| square_rows(r.order, sq))
                    .collect();
                let found_in: Vec<u64> = r.squares.iter().map(|s| s.1).collect();
                println!(
                    "{}",
                    json!({"order": r.order, "algorithm": r.algorithm, "seed": r.seed,
                           "found": r.found, "squares": squares, "found_in": found_in,
                           "generations": r.generations, "best_fitness": r.best_fitness,
                           "stop": r.stop, "elapsed_ms": r.elapsed_ms, "message": r.message})
                );
            } else {
                println!(
                    "order {} magic square, {}, seed {}",
                    r.order, r.algorithm, r.seed
                );
                println!("{}", r.message);
                for (i, (sq, generation)) in r.squares.iter().enumerate().take(8) {
                    if r.algorithm == "ga" {
                        println!("square {} (generation {generation}):", i + 1);
                    }
                    print_square(r.order, sq);
                }
                if r.squares.len() > 8 {
                    println!("… {} more (--json prints them all)", r.squares.len() - 8);
                }
                if r.squares.is_empty() && !r.best.is_empty() {
                    println!("best square (fitness {}):", r.best_fitness);
                    print_square(r.order, &r.best);
                }
                println!(
                    "{} generations, {} squares scored; {:.3} ms",
                    r.generations, r.counters.nodes, r.elapsed_ms
                );
            }
            if r.found {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        MagicReport::Construct(r) => {
            if json {
                println!(
                    "{}",
                    json!({"order": r.order, "square": square_rows(r.order, &r.square),
                           "found": r.found, "method": r.method, "elapsed_ms": r.elapsed_ms})
                );
            } else {
                println!("{}", r.message);
                if r.found {
                    print_square(r.order, &r.square);
                }
                println!("{:.3} ms", r.elapsed_ms);
            }
            if r.found {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        MagicReport::Count(r) => {
            if json {
                println!(
                    "{}",
                    json!({"order": r.order, "total": r.total, "complete": r.complete,
                           "nodes": r.nodes, "elapsed_ms": r.elapsed_ms})
                );
            } else {
                println!("{}", r.message);
                if let Some(sq) = &r.example {
                    println!("the first one found:");
                    print_square(r.order, sq);
                }
                println!("{} values tried; {:.3} ms", r.nodes, r.elapsed_ms);
            }
            if r.complete {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
    }
}

fn print_queens_report(report: &QueensReport, json: bool) -> ExitCode {
    match report {
        QueensReport::Count(r) => {
            if json {
                println!(
                    "{}",
                    json!({"n": r.n, "total": r.total, "unique": r.unique, "complete": r.complete,
                           "nodes": r.nodes, "threads": r.threads, "elapsed_ms": r.elapsed_ms})
                );
            } else {
                println!("{} queens on {}x{}: {}", r.n, r.n, r.n, r.message);
                println!(
                    "{} nodes, {} threads; {:.3} ms",
                    r.nodes, r.threads, r.elapsed_ms
                );
            }
            if r.complete {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        QueensReport::Solve(r) => {
            if json {
                println!(
                    "{}",
                    json!({"n": r.n, "algorithm": r.algorithm, "seed": r.seed, "found": r.found,
                           "rows": r.rows, "conflicts": r.conflicts, "elapsed_ms": r.elapsed_ms,
                           "stats": r.counters, "message": r.message})
                );
            } else {
                println!("{} queens, {}, seed {}", r.n, r.algorithm, r.seed);
                println!("{}", r.message);
                if r.found && r.n <= 40 {
                    println!();
                    for row in 0..r.n as u32 {
                        let line: Vec<&str> = r
                            .rows
                            .iter()
                            .map(|&q| if q == row { "Q" } else { "." })
                            .collect();
                        println!("{}", line.join(" "));
                    }
                    println!();
                } else if r.found {
                    let head: Vec<String> = r.rows.iter().take(12).map(|q| q.to_string()).collect();
                    println!(
                        "rows by column: {} … (--json prints all {})",
                        head.join(" "),
                        r.n
                    );
                }
                let figures = crate::run::queens::counter_figures(&r.algorithm, &r.counters);
                let stats = if figures.is_empty() {
                    String::from("constructed directly")
                } else {
                    let told: Vec<String> =
                        figures.iter().map(|(k, v)| format!("{k} {v}")).collect();
                    told.join(", ")
                };
                println!("{stats}; {:.3} ms", r.elapsed_ms);
            }
            if r.found {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
    }
}

fn input_error(message: &str) -> ExitCode {
    eprintln!("searchlab: {message}");
    ExitCode::from(2)
}

/// Waits for the worker, showing progress on standard error when it is a terminal.
fn wait(run: &Run) -> (Result<Report, JobError>, Vec<Event>) {
    let tty = std::io::stderr().is_terminal();
    let mut last_shown = Instant::now();
    let mut shown = false;
    let mut history = Vec::new();
    loop {
        let event = run.next_event(Duration::from_millis(200));
        if let Some(e @ (Event::Progress { .. } | Event::Started { .. } | Event::Generations(_))) =
            &event
        {
            history.push(e.clone());
        }
        match event {
            Some(Event::Finished(result)) => {
                if shown {
                    eprintln!();
                }
                return (result, history);
            }
            Some(Event::Progress {
                counters,
                elapsed_ms,
            }) if tty
                && last_shown.elapsed() > Duration::from_millis(250)
                && elapsed_ms > 500.0 =>
            {
                last_shown = Instant::now();
                shown = true;
                if counters.generations > 0 {
                    eprint!(
                        "\r{:.1} s: generation {}, best path {} squares (Ctrl-C stops)   ",
                        elapsed_ms / 1e3,
                        counters.generations,
                        counters.max_depth
                    );
                } else {
                    eprint!(
                        "\r{:.1} s: {} nodes, {} found, depth {} (Ctrl-C stops)   ",
                        elapsed_ms / 1e3,
                        counters.nodes,
                        counters.solutions,
                        counters.depth
                    );
                }
            }
            Some(Event::Progress { .. } | Event::Started { .. } | Event::Generations(_)) => {}
            None if run.is_finished() => {
                // The worker ended without a final event: only a panic does that.
                return (
                    Err(JobError::Invalid(
                        "the worker thread ended without an answer".into(),
                    )),
                    history,
                );
            }
            None => {}
        }
    }
}

fn knight_job(verb: &KnightVerb) -> Result<(KnightJob, bool, Option<PathBuf>), String> {
    Ok(match verb {
        KnightVerb::Solve(a) => {
            let params = a
                .params
                .iter()
                .map(|p| split_param(p))
                .collect::<Result<Vec<_>, _>>()?;
            let mut budget = Budget::unlimited().with_time(a.time_limit);
            budget.nodes = a.nodes;
            (
                KnightJob {
                    cols: a.common.board.0,
                    rows: a.common.board.1,
                    start: start_square(&a.start, a.common.board)?,
                    closed: a.closed,
                    seed: a.seed,
                    budget,
                    task: KnightTask::Solve {
                        algorithm: a.algo.clone(),
                        params,
                    },
                },
                a.common.json,
                a.common.save.clone(),
            )
        }
        KnightVerb::Count(a) => (
            KnightJob {
                cols: a.common.board.0,
                rows: a.common.board.1,
                start: start_square(&a.start, a.common.board)?,
                closed: a.closed,
                seed: 0,
                budget: Budget::unlimited().with_time(a.time_limit),
                task: KnightTask::Count {
                    all_starts: a.all_starts,
                },
            },
            a.common.json,
            a.common.save.clone(),
        ),
        KnightVerb::Search(a) => (
            KnightJob {
                cols: a.common.board.0,
                rows: a.common.board.1,
                start: start_square(&a.start, a.common.board)?,
                closed: false,
                seed: 0,
                budget: Budget::unlimited()
                    .with_time(a.time_limit)
                    .with_nodes(a.nodes),
                task: KnightTask::Search {
                    strategy: a.strategy.clone(),
                },
            },
            a.common.json,
            a.common.save.clone(),
        ),
        KnightVerb::Bench(_) => return Err("bench is not a single job".into()),
    })
}

fn rc(cols: u32, sq: Square) -> Value {
    json!([sq / cols, sq % cols])
}

/// Writes `object` with a `"path"` member added last, as `[[row, col], ...]`. The path is
/// written directly: a `Value` per square would take seconds for millions of squares.
fn write_with_path(out: &mut String, object: Value, cols: u32, path: &[Square]) {
    let text = object.to_string();
    let body = text.strip_suffix('}').unwrap_or(&text);
    out.reserve(body.len() + path.len() * 12 + 16);
    out.push_str(body);
    out.push_str(if body.len() > 1 {
        ",\"path\":["
    } else {
        "\"path\":["
    });
    for (i, &sq) in path.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "[{},{}]", sq / cols, sq % cols);
    }
    out.push_str("]}\n");
}

/// Boards larger than this are not printed as a grid in text output.
const MAX_PRINTED_SQUARES: usize = 10_000;

fn print_grid(out: &mut String, cols: u32, rows: u32, path: &[Square]) {
    if (cols as usize) * (rows as usize) > MAX_PRINTED_SQUARES {
        let _ = writeln!(
            out,
            "(the board is too large to print; --json gives the path)"
        );
        return;
    }
    if let Ok(board) = Board::new(cols as u64, rows as u64) {
        let _ = write!(out, "{}", board.render_numbers(path, 1));
    }
}

fn exit(success: bool) -> ExitCode {
    if success {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn print_report(report: &KnightReport, json: bool) -> ExitCode {
    let mut out = String::new();
    let code = match report {
        KnightReport::Solve(r) => {
            if json {
                print_solve_json(&mut out, r);
            } else {
                print_solve_text(&mut out, r);
            }
            exit(r.found)
        }
        KnightReport::Count(r) => {
            if json {
                print_count_json(&mut out, r);
            } else {
                print_count_text(&mut out, r);
            }
            exit(r.complete)
        }
        KnightReport::Search(r) => {
            if json {
                print_search_json(&mut out, r);
            } else {
                print_search_text(&mut out, r);
            }
            exit(r.found)
        }
    };
    emit(&out);
    code
}

/// Writes to standard output; a reader that went away (`| head`) is not an error.
fn emit(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes());
    let _ = stdout.flush();
}

fn print_solve_json(out: &mut String, r: &SolveReport) {
    let params: serde_json::Map<String, Value> = r
        .params
        .iter()
        .map(|(k, v)| (k.clone(), json!(v)))
        .collect();
    let v = json!({
        "board": {"cols": r.cols, "rows": r.rows},
        "start": rc(r.cols, r.start),
        "algorithm": r.algorithm,
        "params": params,
        "seed": r.seed,
        "found": r.found,
        "closed": r.closed,
        "closed_requested": r.closed_requested,
        "elapsed_ms": r.elapsed_ms,
        "stop": r.stop,
        "message": r.message,
        "stats": r.counters,
    });
    write_with_path(out, v, r.cols, &r.path);
}

fn square_label(cols: u32, rows: u32, sq: Square) -> String {
    match Board::new(cols as u64, rows as u64) {
        Ok(b) => format!("{} ({},{})", b.name(sq), sq / cols, sq % cols),
        Err(_) => format!("{},{}", sq / cols, sq % cols),
    }
}

fn print_solve_text(out: &mut String, r: &SolveReport) {
    let params: Vec<String> = r.params.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let _ = writeln!(
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
    );
    let _ = writeln!(out, "{}", r.message);
    if !r.path.is_empty() {
        out.push('\n');
        print_grid(out, r.cols, r.rows, &r.path);
        out.push('\n');
    }
    let c = &r.counters;
    if c.generations > 0 {
        let _ = writeln!(
            out,
            "generations {}, chromosomes evaluated {}, best path {} squares; {:.3} ms",
            c.generations, c.nodes, c.max_depth, r.elapsed_ms
        );
    } else {
        let _ = writeln!(
            out,
            "nodes {}, backtracks {}, max depth {}, attempts {}; {:.3} ms",
            c.nodes, c.backtracks, c.max_depth, c.attempts, r.elapsed_ms
        );
    }
}

fn print_count_json(out: &mut String, r: &CountReport) {
    let mut v = json!({
        "board": {"cols": r.cols, "rows": r.rows},
        "closed": r.closed,
        "complete": r.complete,
        "total": r.total,
        "calls": r.calls,
        "elapsed_ms": r.elapsed_ms,
        "stop": r.stop,
        "message": r.message,
    });
    if let Some(per) = &r.per_square {
        let rows: Vec<Value> = per.chunks(r.cols as usize).map(|row| json!(row)).collect();
        v["per_square"] = Value::Array(rows);
    }
    if let Some(s) = r.start {
        v["start"] = rc(r.cols, s);
    }
    let _ = writeln!(out, "{v}");
}

fn print_count_text(out: &mut String, r: &CountReport) {
    let kind = if r.closed {
        "closed tours"
    } else {
        "open tours"
    };
    match r.start {
        Some(s) => {
            let _ = writeln!(
                out,
                "{}x{} board, {kind} from {}",
                r.cols,
                r.rows,
                square_label(r.cols, r.rows, s)
            );
        }
        None => {
            let _ = writeln!(out, "{}x{} board, {kind} from every square", r.cols, r.rows);
        }
    }
    let _ = writeln!(out, "{}", r.message);
    if let Some(per) = &r.per_square {
        let width = per.iter().max().map_or(1, |m| m.to_string().len());
        out.push('\n');
        for row in per.chunks(r.cols as usize) {
            let cells: Vec<String> = row.iter().map(|n| format!("{n:>width$}")).collect();
            let _ = writeln!(out, "{}", cells.join(" "));
        }
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "total {}, calls {}; {:.3} ms",
        r.total, r.calls, r.elapsed_ms
    );
}

fn print_search_json(out: &mut String, r: &SearchReport) {
    let mut v = json!({
        "board": {"cols": r.cols, "rows": r.rows},
        "strategy": r.strategy,
        "found": r.found,
        "path_length": r.path.len(),
        "nodes_generated": r.nodes_generated,
        "max_frontier": r.max_frontier,
        "elapsed_ms": r.elapsed_ms,
        "limit_reached": r.limit_reached,
        "stop": r.stop,
        "message": r.message,
    });
    if let Some(s) = r.start {
        v["start"] = rc(r.cols, s);
    }
    write_with_path(out, v, r.cols, &r.path);
}

fn print_search_text(out: &mut String, r: &SearchReport) {
    let _ = writeln!(
        out,
        "{}x{} board, {} tree search",
        r.cols, r.rows, r.strategy
    );
    let _ = writeln!(out, "{}", r.message);
    if !r.path.is_empty() {
        out.push('\n');
        print_grid(out, r.cols, r.rows, &r.path);
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "result {}, nodes generated {}, largest frontier {}, path length {}; {:.3} ms",
        if r.found { "tour" } else { "none" },
        r.nodes_generated,
        r.max_frontier,
        r.path.len(),
        r.elapsed_ms
    );
}

/// The algorithm list for `--help`.
pub fn algorithm_list() -> String {
    KNIGHT_ALGORITHMS
        .iter()
        .map(|a| {
            let params: Vec<String> = a
                .params
                .iter()
                .map(|p| format!("{}={}", p.name, p.default))
                .collect();
            format!(
                "  {:<22}{}{}",
                a.id,
                a.summary,
                if params.is_empty() {
                    String::new()
                } else {
                    format!(" [{}]", params.join(", "))
                }
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}
