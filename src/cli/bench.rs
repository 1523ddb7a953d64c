//! `searchlab … bench`: experiments of many seeded trials on a thread pool, with a progress
//! bar on the terminal, printed as a table or as one JSON object
//! `{"experiment": NAME, "rows": [...]}`.

use super::CliError;
use super::common::{Sizes, cancel_on_ctrl_c, params, parse_board, parse_duration, parse_sizes};
use super::magic::MagicBenchArgs;
use super::output::{Render, json_line, pct, print};
use super::progress::with_bar;
use super::queens::QueensBenchArgs;
use crate::bench::knight::{CountRow, SquaresTable, TrialsRow};
use crate::bench::magic::MagicRow;
use crate::bench::queens::{CourseRow, QueensRow};
use crate::bench::{self, Meter};
use crate::run::JobError;
use clap::{Args, Subcommand};
use serde::Serialize;
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The most trials (or runs per square) one bench takes.
pub const MAX_TRIALS: u64 = 1_000_000;
/// The most worker threads a command starts.
pub const MAX_THREADS: usize = 1024;

#[derive(Args, Debug)]
pub struct BenchCommon {
    /// Trial i uses seed SEED + i, so a table is reproduced exactly.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Time limit of each trial (level 4 stops at its own 60 s timeout too).
    #[arg(long, value_parser = parse_duration, default_value = "60s")]
    pub time_limit: Duration,
    #[command(flatten)]
    pub total: super::common::TotalTime,
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
    /// The Cultural Algorithm guide's performance comparison: levels 0-4, TRIALS seeded
    /// runs each.
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
    /// The Cultural Algorithm guide's board-size scaling: one algorithm on n x n for each
    /// size.
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
    /// The Knight's Tour solver report's per-square tables: GA runs (ga-repair,
    /// ga-heuristic) or a timed count (count) from every start square.
    Squares {
        #[arg(long = "algo", default_value = "ga-heuristic")]
        algo: String,
        #[arg(long, value_parser = parse_board, default_value = "8x8")]
        board: (u64, u64),
        /// GA runs per square (the solver report: 5).
        #[arg(long, default_value_t = 5)]
        runs: u64,
        #[command(flatten)]
        common: BenchCommon,
    },
}

fn check_trials(flag: &str, trials: u64) -> Result<(), CliError> {
    if (1..=MAX_TRIALS).contains(&trials) {
        Ok(())
    } else {
        Err(CliError::Input(format!(
            "{flag} {trials} is out of range: from 1 to {MAX_TRIALS}"
        )))
    }
}

/// A thread pool of `threads` workers (default: one per core).
fn pool(threads: Option<usize>) -> Result<rayon::ThreadPool, CliError> {
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(t) = threads.filter(|t| !(1..=MAX_THREADS).contains(t)) {
        return Err(CliError::Input(format!(
            "--threads {t} is out of range: from 1 to {MAX_THREADS}"
        )));
    }
    pool = pool.num_threads(crate::run::worker_threads(threads));
    pool.build()
        .map_err(|e| CliError::Failed(format!("cannot start worker threads: {e}")))
}

/// Prints a finished table, saying first when Ctrl-C or `--total-time` cut it short.
fn finish(
    table: &dyn Render,
    json: bool,
    cancelled: bool,
    ran_out: &AtomicBool,
) -> Result<ExitCode, CliError> {
    if ran_out.load(Ordering::Relaxed) {
        note!(
            "searchlab: --total-time ran out; each row counts only its trials that ran to the end"
        );
    } else if cancelled {
        note!("searchlab: cancelled; each row counts only its trials that ran to the end");
    }
    print(table, json)
}

/// The trials a row counts: `37 of 100` when the table was cut short.
fn ran(s: &bench::Summary) -> String {
    if s.trials == s.planned {
        s.trials.to_string()
    } else {
        format!("{} of {}", s.trials, s.planned)
    }
}

/// A figure of a row, `-` when no trial of it ran to its end.
fn fig(s: &bench::Summary, x: f64, decimals: usize) -> String {
    if s.trials == 0 {
        "-".into()
    } else {
        format!("{x:.decimals$}")
    }
}

/// A row's success rate, `-` when no trial of it ran to its end.
fn rate(s: &bench::Summary) -> String {
    if s.trials == 0 {
        "-".into()
    } else {
        pct(s.success_rate)
    }
}

/// What the last line of a table cut short says.
fn cut_note(
    summaries: impl Iterator<Item = bench::Summary>,
    out: &mut dyn Write,
) -> io::Result<()> {
    if summaries.into_iter().any(|s| s.trials < s.planned) {
        writeln!(
            out,
            "cut short: \"37 of 100\" trials means 37 ran to their end; the others were stopped or never started and are left out of every figure (-: none ran)"
        )?;
    }
    Ok(())
}

/// `searchlab knight bench …`.
pub fn knight(experiment: &Experiment) -> Result<ExitCode, CliError> {
    let (Experiment::Levels { common, .. }
    | Experiment::Sizes { common, .. }
    | Experiment::Squares { common, .. }) = experiment;
    match experiment {
        Experiment::Levels { trials, .. } | Experiment::Sizes { trials, .. } => {
            check_trials("--trials", *trials)?;
        }
        Experiment::Squares { runs, .. } => check_trials("--runs", *runs)?,
    }
    let meter = Arc::new(Meter::default());
    let setup = bench::Setup {
        seed: common.seed,
        time_limit: common.time_limit,
        params: params(&common.params)?,
        cancel: cancel_on_ctrl_c(),
        meter: Some(meter.clone()),
    };
    let ran_out = common.total.arm(&setup.cancel);
    let pool = pool(common.threads)?;
    let failed =
        |name: &'static str| move |e: JobError| CliError::Input(format!("bench {name}: {e}"));
    let table: Box<dyn Render + Send> =
        pool.install(|| -> Result<Box<dyn Render + Send>, CliError> {
            Ok(match experiment {
                Experiment::Levels {
                    board,
                    start,
                    trials,
                    ..
                } => {
                    let start = super::common::start_square(start.as_deref(), *board)?;
                    let rows = with_bar("levels", &meter, || {
                        bench::knight::levels(&setup, *board, start.unwrap_or((0, 0)), *trials)
                    })
                    .map_err(failed("levels"))?;
                    Box::new(Trials {
                        name: "levels",
                        rows,
                    })
                }
                Experiment::Sizes {
                    algo,
                    sizes,
                    trials,
                    ..
                } => {
                    let rows = with_bar("sizes", &meter, || {
                        bench::knight::sizes(&setup, algo, &sizes.0, *trials)
                    })
                    .map_err(failed("sizes"))?;
                    Box::new(Trials {
                        name: "sizes",
                        rows,
                    })
                }
                Experiment::Squares { algo, board, .. } if algo == "count" => {
                    let rows = with_bar("squares", &meter, || {
                        bench::knight::squares_count(&setup, *board)
                    })
                    .map_err(failed("squares"))?;
                    Box::new(SquaresCount {
                        board: *board,
                        rows,
                    })
                }
                Experiment::Squares {
                    algo, board, runs, ..
                } => {
                    let table = with_bar("squares", &meter, || {
                        bench::knight::squares_ga(&setup, algo, *board, *runs)
                    })
                    .map_err(failed("squares"))?;
                    Box::new(SquaresGa(table))
                }
            })
        })?;
    finish(
        table.as_ref(),
        common.json,
        setup.cancel.load(Ordering::Relaxed),
        &ran_out,
    )
}

/// `searchlab queens bench`.
pub fn queens(a: &QueensBenchArgs) -> Result<ExitCode, CliError> {
    use bench::queens::Set;
    check_trials("--trials", a.trials)?;
    let report = a.set == Set::Report;
    let ns = match &a.n {
        Some(sizes) => sizes.0.clone(),
        None if report => vec![5, 10],
        None => vec![8, 16, 32, 64],
    };
    if report && let Some(n) = ns.iter().find(|&&n| n > 100) {
        return Err(CliError::Input(format!(
            "queens bench: n = {n} is out of range for the report's set: each n from 1 to 100 (the local and csp sets take up to {})",
            bench::queens::MAX_COURSE_N
        )));
    }
    let time_limit = a.time_limit.unwrap_or(if report {
        Duration::from_secs(60)
    } else {
        Duration::from_secs(2)
    });
    let cancel = cancel_on_ctrl_c();
    let ran_out = a.total.arm(&cancel);
    let meter = Arc::new(Meter::default());
    let setup = bench::Setup {
        seed: a.seed,
        time_limit,
        params: vec![],
        cancel: cancel.clone(),
        meter: Some(meter.clone()),
    };
    if !report {
        let rows = with_bar("queens", &meter, || {
            bench::queens::course(a.set, &ns, a.trials, &setup)
        })
        .map_err(|e| CliError::Input(format!("queens bench: {e}")))?;
        let table = CourseTable {
            rows,
            seed: a.seed,
            time_limit,
        };
        return finish(&table, a.json, cancel.load(Ordering::Relaxed), &ran_out);
    }
    let rows = with_bar("queens", &meter, || {
        bench::queens::table(&ns, a.trials, &a.heuristic, &setup)
    })
    .map_err(|e| CliError::Input(format!("queens bench: {e}")))?;
    let table = QueensTable { rows, seed: a.seed };
    finish(&table, a.json, cancel.load(Ordering::Relaxed), &ran_out)
}

struct CourseTable {
    rows: Vec<CourseRow>,
    seed: u64,
    time_limit: Duration,
}

impl Render for CourseTable {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "{:<46} {:>5} {:>11} {:>8} {:>11} {:>11} {:>14}",
            "algorithm", "n", "trials", "success", "mean ms", "median ms", "mean steps"
        )?;
        for r in &self.rows {
            let s = &r.summary;
            writeln!(
                out,
                "{:<46} {:>5} {:>11} {:>8} {:>11} {:>11} {:>14}",
                r.label,
                r.n,
                ran(s),
                rate(s),
                fig(s, s.mean_ms, 3),
                fig(s, s.median_ms, 3),
                fig(s, r.mean_steps, 0)
            )?;
        }
        cut_note(self.rows.iter().map(|r| r.summary.clone()), out)?;
        writeln!(
            out,
            "each trial within {:?}; trial i uses seed {} + i; CSP backtracking with leftmost ties draws no random numbers, so it runs once per n\n\
             steps: neighbours scored (hill climbing), proposals (annealing), successors scored (beam), swaps tried (min-conflicts), assignments (CSP)",
            self.time_limit, self.seed
        )
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        json_line(
            out,
            &Rows {
                experiment: "queens-course",
                rows: &self.rows,
            },
        )
    }

    fn success(&self) -> bool {
        true
    }
}

/// `searchlab magic bench`.
pub fn magic(a: &MagicBenchArgs) -> Result<ExitCode, CliError> {
    check_trials("--trials", a.trials)?;
    let cancel = cancel_on_ctrl_c();
    let ran_out = a.total.arm(&cancel);
    let meter = Arc::new(Meter::default());
    let setup = bench::Setup {
        seed: a.seed,
        time_limit: a.time_limit,
        params: vec![],
        cancel: cancel.clone(),
        meter: Some(meter.clone()),
    };
    let rows = with_bar("magic", &meter, || {
        bench::magic::table(a.order, a.trials, &setup)
    })
    .map_err(|e| CliError::Input(format!("magic bench: {e}")))?;
    finish(
        &MagicTable { rows },
        a.json,
        cancel.load(Ordering::Relaxed),
        &ran_out,
    )
}

/// `{"experiment": NAME, "rows": [...]}`.
#[derive(Serialize)]
struct Rows<'a, R> {
    experiment: &'a str,
    rows: &'a [R],
}

struct Trials {
    name: &'static str,
    rows: Vec<TrialsRow>,
}

impl Render for Trials {
    fn text(&self, t: &mut dyn Write) -> io::Result<()> {
        writeln!(
            t,
            "{:<12} {:>6} {:>11} {:>8} {:>10} {:>10} {:>10} {:>10} {:>6} {:>6} {:>8}",
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
        )?;
        for r in &self.rows {
            let s = &r.summary;
            let or_dash = |v: Option<f64>, f: &dyn Fn(f64) -> String| v.map_or("-".to_string(), f);
            writeln!(
                t,
                "{:<12} {:>6} {:>11} {:>8} {:>10} {:>10} {:>10} {:>10} {:>6} {:>6} {:>8}",
                r.algorithm,
                r.board,
                ran(s),
                rate(s),
                fig(s, s.mean_ms, 2),
                fig(s, s.median_ms, 2),
                fig(s, s.min_ms, 2),
                fig(s, s.max_ms, 2),
                or_dash(r.best_batch_rate, &pct),
                or_dash(r.worst_batch_rate, &pct),
                or_dash(r.mean_generations, &|g| format!("{g:.1}"))
            )?;
        }
        cut_note(self.rows.iter().map(|r| r.summary.clone()), t)?;
        writeln!(
            t,
            "best / worst: the highest and lowest success rate over whole batches of 10 trials (- with fewer than 10); gens: mean generations of the successful trials (- when none succeeded)"
        )
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        json_line(
            out,
            &Rows {
                experiment: self.name,
                rows: &self.rows,
            },
        )
    }

    fn success(&self) -> bool {
        true
    }
}

struct SquaresGa(SquaresTable);

#[derive(Serialize)]
struct SquareRowJson<'a> {
    algorithm: &'a str,
    board: &'a str,
    start: [u32; 2],
    trials: u64,
    successes: u64,
    /// `null` (as the other means) for a square whose runs were all stopped.
    success_rate: Option<f64>,
    mean_ms: Option<f64>,
    mean_generations_to_first: Option<f64>,
    tours: u64,
    evaluations: u64,
}

#[derive(Serialize)]
struct SquaresJson<'a> {
    experiment: &'static str,
    algorithm: &'a str,
    board: &'a str,
    tours: u64,
    evaluations: u64,
    hit_ratio: f64,
    elapsed_ms: f64,
    rows: Vec<SquareRowJson<'a>>,
}

impl Render for SquaresGa {
    fn text(&self, t: &mut dyn Write) -> io::Result<()> {
        let table = &self.0;
        writeln!(
            t,
            "{} on {}: (average generations to the first tour, distinct tours) per start square",
            table.algorithm, table.board
        )?;
        let cols = table.rows.iter().map(|r| r.start[1]).max().unwrap_or(0) as usize + 1;
        for line in table.rows.chunks(cols) {
            let cells: Vec<String> = line
                .iter()
                .map(|r| match r.runs {
                    0 => "(-, -)".to_string(),
                    _ => format!("({:.0}, {})", r.mean_generations_to_first, r.tours),
                })
                .collect();
            writeln!(t, "{}", cells.join(", "))?;
        }
        if table.rows.iter().any(|r| r.runs == 0) {
            writeln!(
                t,
                "(-, -): no run from that square finished before the stop"
            )?;
        }
        writeln!(t, "tours found: {}", table.tours)?;
        writeln!(t, "chromosomes evaluated: {}", table.evaluations)?;
        writeln!(
            t,
            "hit ratio (tours / evaluated): {:.6} ({:.4} %)",
            table.hit_ratio,
            table.hit_ratio * 100.0
        )?;
        writeln!(
            t,
            "average tours per square: {:.1}",
            table.tours as f64 / table.rows.len().max(1) as f64
        )?;
        // Squares with no finished run have no figure to rank.
        let ran = || table.rows.iter().filter(|r| r.runs > 0);
        let max = ran().max_by_key(|r| r.tours);
        let min = ran().min_by_key(|r| r.tours);
        if let (Some(max), Some(min)) = (max, min) {
            writeln!(
                t,
                "most tours: ({}, {}) with {}; fewest: ({}, {}) with {}",
                max.start[0], max.start[1], max.tours, min.start[0], min.start[1], min.tours
            )?;
        }
        writeln!(t, "{:.0} ms in all", table.elapsed_ms)
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let table = &self.0;
        let rows = table
            .rows
            .iter()
            .map(|r| SquareRowJson {
                algorithm: &table.algorithm,
                board: &table.board,
                start: r.start,
                trials: r.runs,
                successes: r.successes,
                success_rate: (r.runs > 0).then(|| r.successes as f64 / r.runs as f64),
                mean_ms: (r.runs > 0).then_some(r.mean_ms),
                mean_generations_to_first: (r.runs > 0).then_some(r.mean_generations_to_first),
                tours: r.tours,
                evaluations: r.evaluations,
            })
            .collect();
        json_line(
            out,
            &SquaresJson {
                experiment: "squares",
                algorithm: &table.algorithm,
                board: &table.board,
                tours: table.tours,
                evaluations: table.evaluations,
                hit_ratio: table.hit_ratio,
                elapsed_ms: table.elapsed_ms,
                rows,
            },
        )
    }

    fn success(&self) -> bool {
        true
    }
}

struct SquaresCount {
    board: (u64, u64),
    rows: Vec<CountRow>,
}

#[derive(Serialize)]
struct CountRowJson {
    algorithm: &'static str,
    start: [u32; 2],
    /// `null` for a square the run was stopped (Ctrl-C) before finishing.
    tours: Option<u64>,
    calls: Option<u64>,
    complete: bool,
    stop: crate::solve::Stop,
    elapsed_ms: Option<f64>,
}

#[derive(Serialize)]
struct CountTableJson {
    experiment: &'static str,
    algorithm: &'static str,
    board: String,
    rows: Vec<CountRowJson>,
}

impl Render for SquaresCount {
    fn text(&self, t: &mut dyn Write) -> io::Result<()> {
        let cols = self.board.0 as usize;
        writeln!(
            t,
            "count on {}x{}: tours per start square",
            self.board.0, self.board.1
        )?;
        for line in self.rows.chunks(cols) {
            let cells: Vec<String> = line
                .iter()
                .map(|r| match r.tours {
                    Some(t) => format!("{t:>9}{}", if r.complete { " " } else { "+" }),
                    None => format!("{:>9} ", "-"),
                })
                .collect();
            writeln!(t, "{}", cells.join(""))?;
        }
        writeln!(t, "recursive calls per start square")?;
        for line in self.rows.chunks(cols) {
            let cells: Vec<String> = line
                .iter()
                .map(|r| match r.calls {
                    Some(c) => format!("{c:>12}"),
                    None => format!("{:>12}", "-"),
                })
                .collect();
            writeln!(t, "{}", cells.join(""))?;
        }
        writeln!(t, "+: the time limit ended the count (at least this many)")?;
        if self.rows.iter().any(|r| r.tours.is_none()) {
            writeln!(t, "-: not counted, the run was stopped first")?;
        }
        Ok(())
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let rows = self
            .rows
            .iter()
            .map(|r| CountRowJson {
                algorithm: "count",
                start: r.start,
                tours: r.tours,
                calls: r.calls,
                complete: r.complete,
                stop: r.stop,
                elapsed_ms: r.elapsed_ms,
            })
            .collect();
        json_line(
            out,
            &CountTableJson {
                experiment: "squares",
                algorithm: "count",
                board: format!("{}x{}", self.board.0, self.board.1),
                rows,
            },
        )
    }

    fn success(&self) -> bool {
        true
    }
}

struct QueensTable {
    rows: Vec<QueensRow>,
    seed: u64,
}

impl Render for QueensTable {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "{:<14} {:>4} {:>11} {:>8} {:>11} {:>11} {:>11} {:>13} {:>12}",
            "algorithm",
            "n",
            "trials",
            "success",
            "mean ms",
            "median ms",
            "max ms",
            "document ms",
            "doc success"
        )?;
        for r in &self.rows {
            let s = &r.summary;
            writeln!(
                out,
                "{:<14} {:>4} {:>11} {:>8} {:>11} {:>11} {:>11} {:>13} {:>12}",
                r.algorithm,
                r.n,
                ran(s),
                rate(s),
                fig(s, s.mean_ms, 3),
                fig(s, s.median_ms, 3),
                fig(s, s.max_ms, 3),
                r.document_mean_ms
                    .map_or("—".to_string(), |m| format!("{m:.3}")),
                r.document_success_rate.map_or("—".to_string(), pct)
            )?;
        }
        cut_note(self.rows.iter().map(|r| r.summary.clone()), out)?;
        writeln!(
            out,
            "heuristic {} (best-first, hill-climbing, cultural); trial i starts every algorithm from the placement of seed {} + i",
            self.rows.first().map_or("h1", |r| r.heuristic.as_str()),
            self.seed
        )
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        json_line(
            out,
            &Rows {
                experiment: "queens",
                rows: &self.rows,
            },
        )
    }

    fn success(&self) -> bool {
        true
    }
}

struct MagicTable {
    rows: Vec<MagicRow>,
}

impl Render for MagicTable {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "{:<36} {:>6} {:>11} {:>8} {:>10} {:>10} {:>11} {:>11}",
            "ga variant",
            "order",
            "trials",
            "success",
            "median ms",
            "max ms",
            "median gen",
            "document gen"
        )?;
        for r in &self.rows {
            let s = &r.summary;
            writeln!(
                out,
                "{:<36} {:>6} {:>11} {:>8} {:>10} {:>10} {:>11} {:>11}",
                r.variant,
                r.order,
                ran(s),
                rate(s),
                fig(s, s.median_ms, 3),
                fig(s, s.max_ms, 3),
                r.median_generation
                    .map_or("—".to_string(), |g| format!("{g}")),
                r.document_generation
                    .map_or("—".to_string(), |g| g.to_string()),
            )?;
        }
        cut_note(self.rows.iter().map(|r| r.summary.clone()), out)
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        json_line(
            out,
            &Rows {
                experiment: "magic",
                rows: &self.rows,
            },
        )
    }

    fn success(&self) -> bool {
        true
    }
}
