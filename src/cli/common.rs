//! What the puzzles' commands share: the output flags, the value parsers, Ctrl-C, and the
//! check of a `--save` target.

use super::CliError;
use crate::puzzle::ChoiceError;
use crate::puzzle::knight::Shape;
use crate::run::catalog::{
    AlgorithmInfo, KNIGHT_ALGORITHMS, MAGIC_ALGORITHMS, QUEENS_ALGORITHMS, split_param,
};
use crate::solve::magic::ga::Crossover;
use clap::Args;
use clap::builder::PossibleValuesParser;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Where and how a job's answer goes.
#[derive(Args, Debug, Clone, Default)]
pub struct OutputArgs {
    /// Print one JSON object on standard output instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also write the run (job, answer, event history) to FILE as RON; `searchlab replay
    /// FILE` re-runs it.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Text output leads with the count up to rotation and reflection (a count's
    /// `--unique`).
    #[arg(skip)]
    pub unique: bool,
}

/// The seed, the time limit and the algorithm's parameters of a solve.
#[derive(Args, Debug, Clone)]
pub struct SolveFlags {
    /// Seed of the random generator: same seed, same answer. A run its time limit or
    /// Ctrl-C stopped is repeated by `searchlab replay` to the point where it stopped;
    /// a count stopped early is not.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Stop after this long, e.g. 500ms, 15s, 2m.
    #[arg(long, value_parser = parse_duration, default_value = "60s")]
    pub time_limit: Duration,
    /// An algorithm parameter as KEY=VALUE, e.g. population=100; repeatable.
    #[arg(long = "param", value_name = "KEY=VALUE")]
    pub params: Vec<String>,
}

/// The algorithm ids of a catalog, for `--algo`: clap checks them, lists them in `--help`
/// and suggests the nearest on a slip.
pub fn algorithm_ids(catalog: &'static [AlgorithmInfo]) -> PossibleValuesParser {
    PossibleValuesParser::new(catalog.iter().map(|a| a.id))
}

/// `--algo` of the knight's tour solvers.
pub fn knight_ids() -> PossibleValuesParser {
    algorithm_ids(KNIGHT_ALGORITHMS)
}

/// `--algo` of the N-Queens solvers.
pub fn queens_ids() -> PossibleValuesParser {
    algorithm_ids(QUEENS_ALGORITHMS)
}

/// `--algo` of the magic-square solvers.
pub fn magic_ids() -> PossibleValuesParser {
    algorithm_ids(MAGIC_ALGORITHMS)
}

/// Checks a value with the parser of its type, keeping the text (the job stores it as
/// the run file's interface).
pub fn checked<T, E: std::error::Error + Send + Sync + 'static>(
    parse: fn(&str) -> Result<T, E>,
) -> impl Fn(&str) -> Result<String, E> + Clone {
    move |text| parse(text).map(|_| text.to_string())
}

/// `report`, `local`, `csp` or `course`: the algorithms `queens bench` compares.
pub fn parse_bench_set(text: &str) -> Result<crate::bench::queens::Set, ChoiceError> {
    text.parse().map_err(|_| ChoiceError {
        name: "set",
        value: text.to_string(),
        allowed: "report (the N-Queens AI report's four), local (the local searches), csp (CSP backtracking's 18 combinations) or course (local and csp)",
    })
}

/// `pmx` or `inversion`.
pub fn parse_crossover(text: &str) -> Result<Crossover, ChoiceError> {
    text.parse().map_err(|_| ChoiceError {
        name: "crossover",
        value: text.to_string(),
        allowed: "pmx (partially mapped) or inversion (inversion sequences)",
    })
}

/// `--param KEY=VALUE` pairs.
pub fn params(given: &[String]) -> Result<Vec<(String, String)>, CliError> {
    given
        .iter()
        .map(|p| split_param(p).map_err(CliError::Job))
        .collect()
}

/// Board sides for `bench sizes` and N for `queens bench`.
#[derive(Debug, Clone)]
pub struct Sizes(pub Vec<u64>);

/// `5..12` (inclusive) or `5,8,10`, each from 1 to 100.
pub fn parse_sizes(text: &str) -> Result<Sizes, String> {
    parse_sizes_up_to(text, 100)
}

/// `5..12` (inclusive) or `5,8,10`, each from 1 to `max`.
pub fn parse_sizes_up_to(text: &str, max: u64) -> Result<Sizes, String> {
    let err = || {
        format!(
            "cannot read sizes {text:?}: write FROM..TO like 5..12, or a list like 5,8,10 (each 1 to {max})"
        )
    };
    let sizes: Vec<u64> = if let Some((a, b)) = text.split_once("..") {
        let a: u64 = a.trim().parse().map_err(|_| err())?;
        let b: u64 = b
            .trim()
            .trim_start_matches('=')
            .parse()
            .map_err(|_| err())?;
        if !(1..=max).contains(&a) || !(1..=max).contains(&b) || b.saturating_sub(a) >= 1000 {
            return Err(err());
        }
        (a..=b).collect()
    } else {
        text.split(',')
            .map(|s| s.trim().parse().map_err(|_| err()))
            .collect::<Result<_, _>>()?
    };
    if sizes.is_empty() || sizes.iter().any(|&s| !(1..=max).contains(&s)) {
        return Err(err());
    }
    Ok(Sizes(sizes))
}

/// `COLSxROWS`, checked by [`Shape::new`].
pub fn parse_board(text: &str) -> Result<(u64, u64), String> {
    let err = || format!("cannot read board {text:?}: write COLSxROWS, e.g. 8x8 or 5x4");
    let (c, r) = text
        .to_ascii_lowercase()
        .split_once('x')
        .map(|(c, r)| (c.to_string(), r.to_string()))
        .ok_or_else(err)?;
    let c: u64 = c.trim().parse().map_err(|_| err())?;
    let r: u64 = r.trim().parse().map_err(|_| err())?;
    Shape::new(c, r).map_err(|e| e.to_string())?;
    Ok((c, r))
}

/// `500ms`, `15s`, `2m`, `1h`, `1.5s` (a bare number is seconds).
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
        return Err(format!(
            "duration {text:?} must be positive and at most 1e9 s"
        ));
    }
    Ok(Duration::from_secs_f64(secs))
}

/// A start square given as chess notation or `ROW,COL`, as `(row, col)`.
pub fn start_square(text: Option<&str>, board: (u64, u64)) -> Result<Option<(u32, u32)>, CliError> {
    let Some(text) = text else { return Ok(None) };
    let b = Shape::new(board.0, board.1).map_err(|e| CliError::Input(e.to_string()))?;
    let sq = b
        .parse_square(text)
        .map_err(|e| CliError::Input(e.to_string()))?;
    Ok(Some(b.row_col(sq)))
}

/// A cancel flag that the first Ctrl-C sets (the work then stops and reports what it has);
/// a second Ctrl-C ends the process at once.
pub fn cancel_on_ctrl_c() -> Arc<AtomicBool> {
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = cancel.clone();
    let _ = ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::Relaxed) || PRINTING.load(Ordering::Relaxed) {
            std::process::exit(130);
        }
    });
    cancel
}

/// Set once the answer is being written: from then on a Ctrl-C ends the process at once
/// (the work it would have stopped is over; a long answer is cut where it is).
static PRINTING: AtomicBool = AtomicBool::new(false);

/// Says that the answer is being written (see [`PRINTING`]).
pub fn printing() {
    PRINTING.store(true, Ordering::Relaxed);
}

/// Whether a run file may be written at `path`: a new name in a folder that exists, or a
/// regular file to replace. A folder, a device, a pipe or a link is refused, since saving
/// writes a temporary file and renames it over the target.
pub fn check_save_target(path: &Path) -> Result<(), CliError> {
    crate::files::check_target(path).map_err(|why| CliError::Input(format!("--save {why}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_as_people_write_them() {
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("1.5s"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        assert_eq!(parse_duration("15"), Ok(Duration::from_secs(15)));
        assert!(parse_duration("0s").is_err());
        assert!(parse_duration("soon").is_err());
        assert!(parse_duration("3 fortnights").is_err());
    }

    #[test]
    fn sizes_are_ranges_or_lists_within_bounds() {
        assert_eq!(parse_sizes("5..8").unwrap().0, vec![5, 6, 7, 8]);
        assert_eq!(parse_sizes("5,8,10").unwrap().0, vec![5, 8, 10]);
        assert!(parse_sizes("0..3").is_err());
        // Refused before the range is built, not after allocating a trillion sizes.
        assert!(parse_sizes("1..1000000000000").is_err());
    }

    #[test]
    fn save_targets_that_are_not_regular_files_are_refused() {
        let dir = std::env::temp_dir();
        assert!(check_save_target(&dir).is_err());
        assert!(check_save_target(Path::new("/dev/null")).is_err());
        assert!(check_save_target(Path::new("/no/such/folder/run.ron")).is_err());
        assert!(check_save_target(&dir.join("searchlab-new-run.ron")).is_ok());
    }
}

/// A bench's budget for the whole table, beside each trial's `--time-limit`.
#[derive(Args, Debug, Clone, Copy)]
pub struct TotalTime {
    /// Time limit of the whole table, e.g. 10m: trials not finished by then are left out,
    /// as with Ctrl-C. Without it the table has no overall limit (up to trials x
    /// --time-limit, spread over the threads); a progress bar on the terminal shows how far
    /// it has got.
    #[arg(long, value_parser = parse_duration)]
    pub total_time: Option<Duration>,
}

impl TotalTime {
    /// Sets `cancel` when the total time has passed (from a timer thread, which the
    /// process leaves behind when it ends first); the flag returned says it did.
    pub fn arm(self, cancel: &Arc<AtomicBool>) -> Arc<AtomicBool> {
        let ran_out = Arc::new(AtomicBool::new(false));
        if let Some(total) = self.total_time {
            let (cancel, flag) = (cancel.clone(), ran_out.clone());
            std::thread::spawn(move || {
                std::thread::sleep(total);
                flag.store(true, Ordering::Relaxed);
                cancel.store(true, Ordering::Relaxed);
            });
        }
        ran_out
    }
}
