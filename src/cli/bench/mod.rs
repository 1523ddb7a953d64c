//! `searchlab … bench`: experiments of many seeded trials on a thread pool, with a progress
//! bar on the terminal, printed as a table or as one JSON object
//! `{"experiment": NAME, "rows": [...]}`.

mod tables;

use super::CliError;
use super::common::{
    Sizes, cancel_on_ctrl_c, checked, params, parse_bench_set, parse_board, parse_duration,
    parse_sizes, parse_sizes_up_to,
};
use super::output::{Render, json_line, pct, print};
use super::progress::with_bar;
use crate::bench::knight::{CountRow, SquaresTable, TrialsRow};
use crate::bench::magic::MagicRow;
use crate::bench::queens::{CourseRow, QueensRow};
use crate::bench::{self, Meter};
use crate::puzzle::queens::Heuristic;
use crate::run::JobError;
use crate::run::{Algorithm, KnightAlgo};
use clap::{Args, Subcommand};
use serde::Serialize;
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tables::{MagicTable, QueensTable, Rows, SquaresCount, SquaresGa, Trials};

/// `searchlab queens bench`: the N-Queens experiments.
#[derive(Args, Debug)]
pub struct QueensBenchArgs {
    /// Which algorithms: report (the N-Queens AI report's four, beside its figures),
    /// local (hill climbing's four variants without restarts, annealing, beam search,
    /// stochastic beam search, min-conflicts), csp (CSP backtracking's 18 combinations of
    /// variable ordering, value ordering and inference) or course (local and csp).
    #[arg(long, default_value = "report", value_parser = parse_bench_set)]
    pub set: crate::bench::queens::Set,
    /// Board sizes, e.g. 5,10 or 4..12 (default 5,10 for the report's set, 8,16,32,64
    /// for the others; at most 100 for the report's set, 5,000 for the others).
    #[arg(long, value_parser = |t: &str| parse_sizes_up_to(t, crate::bench::queens::MAX_COURSE_N))]
    pub n: Option<Sizes>,
    #[arg(long, default_value_t = 20)]
    pub trials: u64,
    /// Heuristic of best-first, hill-climbing and cultural (the report's set; the others
    /// count attacking pairs, h1).
    #[arg(long, default_value = "h1", value_parser = checked(Heuristic::parse))]
    pub heuristic: String,
    /// Trial i of every algorithm starts from the placement of seed SEED + i.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Time limit of each trial (default 60s for the report's set, 2s for the others).
    #[arg(long, value_parser = parse_duration)]
    pub time_limit: Option<Duration>,
    #[command(flatten)]
    pub total: super::common::TotalTime,
    /// Print one JSON object on standard output instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Also write the table's rows as CSV to FILE (the columns of `--json`'s rows).
    #[arg(long, value_name = "FILE")]
    pub csv: Option<std::path::PathBuf>,
}

/// `searchlab magic bench`: the magic-square GA's trials.
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
    #[command(flatten)]
    pub total: super::common::TotalTime,
    /// Print one JSON object on standard output instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Also write the table's rows as CSV to FILE (the columns of `--json`'s rows).
    #[arg(long, value_name = "FILE")]
    pub csv: Option<std::path::PathBuf>,
}

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
    /// Also write the table's rows as CSV to FILE (the columns of `--json`'s rows).
    #[arg(long, value_name = "FILE")]
    pub csv: Option<std::path::PathBuf>,
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

/// Refuses a `--csv` target that could not be written (a folder, a link, a device or a
/// pipe, a missing folder) before the table runs, as `--save` does.
fn check_csv(path: Option<&std::path::Path>) -> Result<(), CliError> {
    match path {
        Some(p) => {
            crate::files::check_target(p).map_err(|e| CliError::Input(format!("--csv: {e}")))
        }
        None => Ok(()),
    }
}

/// Prints a finished table, saying first when Ctrl-C or `--total-time` cut it short.
fn finish(
    table: &dyn Render,
    (json, csv): (bool, Option<&std::path::Path>),
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
    let code = print(table, json)?;
    // After the table: a file that cannot be written loses nothing on the screen.
    if let (Some(path), Some(text)) = (csv, table.csv()) {
        crate::files::write_bytes(path, text.as_bytes()).map_err(CliError::Failed)?;
        note!("searchlab: wrote the rows as CSV to {}", path.display());
    }
    Ok(code)
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

/// The rows' run-time distributions under a table: each row's success rate and time to
/// solve with their 95 % intervals, and the restart cut-off its trials suggest.
fn rtd_lines<'a>(
    rows: impl Iterator<Item = (String, &'a bench::Summary)>,
    out: &mut dyn Write,
) -> io::Result<()> {
    let ms = |x: f64| {
        if x >= 1000.0 {
            format!("{:.2} s", x / 1000.0)
        } else {
            format!("{x:.3} ms")
        }
    };
    let or = |x: Option<f64>, none: &str| x.map_or(none.to_string(), ms);
    let rows: Vec<_> = rows.collect();
    let w = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(0);
    writeln!(
        out,
        "\nsolved within a time (a trial that failed counts as unsolved at every time; 95 % intervals: exact binomial for the success, bootstrap for the time):"
    )?;
    writeln!(
        out,
        "{:<w$} {:>17} {:>34} {:>12} {:>16} {:>16}",
        "", "success", "half solved by", "restart at", "per solution", "no restarts"
    )?;
    for (label, s) in rows {
        let r = &s.rtd;
        if s.trials == 0 {
            writeln!(out, "{label:<w$} {:>17}", "-")?;
            continue;
        }
        let success = format!(
            "{} ({}–{})",
            pct(s.success_rate),
            r.success_rate_low
                .map_or("-".into(), crate::bench::rtd::percent),
            r.success_rate_high
                .map_or("-".into(), crate::bench::rtd::percent)
                + "%"
        );
        let half = match r.median_solve_ms {
            Some(m) => format!(
                "{} ({} – {})",
                ms(m),
                or(r.median_solve_ms_low, "-"),
                or(r.median_solve_ms_high, "beyond")
            ),
            None => match r.median_solve_ms_low {
                Some(low) => format!("not reached ({} – beyond)", ms(low)),
                None => "not reached".to_string(),
            },
        };
        writeln!(
            out,
            "{label:<w$} {success:>17} {half:>34} {:>12} {:>16} {:>16}",
            or(r.restart_cutoff_ms, "-"),
            or(r.restart_expected_ms, "-"),
            or(r.expected_ms_without_restarts, "-")
        )?;
    }
    writeln!(
        out,
        "half solved by: the least time by which half the trials had solved; restart at: the cut-off after which giving a trial up for a fresh one makes the expected time to a solution least (per solution), against letting every trial run to its end (no restarts)"
    )
}

/// `searchlab knight bench …`.
pub fn knight(experiment: &Experiment) -> Result<ExitCode, CliError> {
    let (Experiment::Levels { common, .. }
    | Experiment::Sizes { common, .. }
    | Experiment::Squares { common, .. }) = experiment;
    check_csv(common.csv.as_deref())?;
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
        part: crate::bench::Part::WHOLE,
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
                        bench::knight::sizes(&setup, KnightAlgo::parse(algo)?, &sizes.0, *trials)
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
                        bench::knight::squares_ga(&setup, KnightAlgo::parse(algo)?, *board, *runs)
                    })
                    .map_err(failed("squares"))?;
                    Box::new(SquaresGa(table))
                }
            })
        })?;
    finish(
        table.as_ref(),
        (common.json, common.csv.as_deref()),
        setup.cancel.load(Ordering::Relaxed),
        &ran_out,
    )
}

/// `searchlab queens bench`.
pub fn queens(a: &QueensBenchArgs) -> Result<ExitCode, CliError> {
    use bench::queens::Set;
    check_trials("--trials", a.trials)?;
    check_csv(a.csv.as_deref())?;
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
        part: crate::bench::Part::WHOLE,
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
        let out = (a.json, a.csv.as_deref());
        return finish(&table, out, cancel.load(Ordering::Relaxed), &ran_out);
    }
    let rows = with_bar("queens", &meter, || {
        bench::queens::table(&ns, a.trials, Heuristic::parse(&a.heuristic)?, &setup)
    })
    .map_err(|e| CliError::Input(format!("queens bench: {e}")))?;
    let table = QueensTable { rows, seed: a.seed };
    let out = (a.json, a.csv.as_deref());
    finish(&table, out, cancel.load(Ordering::Relaxed), &ran_out)
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
        )?;
        rtd_lines(
            (self.rows.iter()).map(|r| (format!("{} n={}", r.label, r.n), &r.summary)),
            out,
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

    fn csv(&self) -> Option<String> {
        Some(crate::bench::rows_csv(&self.rows))
    }
}

/// `searchlab magic bench`.
pub fn magic(a: &MagicBenchArgs) -> Result<ExitCode, CliError> {
    check_trials("--trials", a.trials)?;
    check_csv(a.csv.as_deref())?;
    let cancel = cancel_on_ctrl_c();
    let ran_out = a.total.arm(&cancel);
    let meter = Arc::new(Meter::default());
    let setup = bench::Setup {
        seed: a.seed,
        time_limit: a.time_limit,
        params: vec![],
        cancel: cancel.clone(),
        meter: Some(meter.clone()),
        part: crate::bench::Part::WHOLE,
    };
    let rows = with_bar("magic", &meter, || {
        bench::magic::table(a.order, a.trials, &setup)
    })
    .map_err(|e| CliError::Input(format!("magic bench: {e}")))?;
    finish(
        &MagicTable { rows },
        (a.json, a.csv.as_deref()),
        cancel.load(Ordering::Relaxed),
        &ran_out,
    )
}
