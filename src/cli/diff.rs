//! `trace --vs SETTING=VALUE`: the same search traced twice, the second time with one
//! setting changed (a tie-break, a heuristic, an inference, a variant, the seed, the
//! algorithm…), the two traces aligned step by step, and the first step where they part
//! named, with what followed on each side: contrasting cases, where all else stays fixed.

use super::CliError;
use super::common::start_square;
use super::output::{Deadline, ParamMap, square_label};
use crate::puzzle::queens::Heuristic;
use crate::run::catalog::{knight_figures, queens_figures, told};
use crate::run::trace::diff::{Aligned, first_difference_until, knight_steps, queens_steps};
use crate::run::trace::knight::{self, KnightTrace, KnightTraceJob};
use crate::run::trace::queens::{self, QueensTrace, QueensTraceJob};
use crate::run::{Algorithm, QueensAlgo};
use crate::solve::{Counters, Stop};
use serde::Serialize;
use serde_json::Value;
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The setting `--vs` changes and its value on each side (`None`: the default, not named).
#[derive(Debug, Clone, Serialize)]
pub struct Change {
    /// As `--vs` names it: `seed`, `algo`, `start`, `closed`, or a parameter's name.
    pub setting: String,
    /// Its value in the first trace, as given or as the search filled it in.
    pub a: Option<String>,
    /// Its value in the second.
    pub b: String,
}

/// `--vs`'s `SETTING=VALUE`, split.
pub fn split(vs: &str) -> Result<(String, String), CliError> {
    match vs.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() && !v.trim().is_empty() => {
            Ok((k.trim().to_string(), v.trim().to_string()))
        }
        _ => Err(CliError::Input(format!(
            "--vs takes SETTING=VALUE (e.g. tie_break=roth, seed=2, algo=dfs, heuristic=h2), not \"{vs}\""
        ))),
    }
}

/// One side of the comparison: how long its trace is, and how the search ended.
pub struct Side<'a> {
    /// How many steps the trace holds.
    pub len: usize,
    /// What the search ran with.
    pub algorithm: &'a str,
    /// Its parameters, defaults filled in.
    pub params: &'a [(String, String)],
    /// Its seed.
    pub seed: u64,
    /// Whether the trace was cut by its step limit.
    pub cut: bool,
    /// Whether it found what it looked for.
    pub found: bool,
    /// Why it ended.
    pub stop: Stop,
    /// Its last word.
    pub message: &'a str,
    /// Its figures.
    pub counters: &'a Counters,
    /// Its figures in words, as the trace's last line gives them.
    pub figures: String,
}

/// A step's sentence (its `text`).
fn text_of(step: Option<&Value>) -> Option<&str> {
    step?.get("text")?.as_str()
}

/// What `--json` prints of one side.
#[derive(Serialize)]
struct SideJson<'a> {
    algorithm: &'a str,
    params: ParamMap<'a>,
    seed: u64,
    steps: usize,
    cut: bool,
    found: bool,
    stop: Stop,
    message: &'a str,
    stats: &'a Counters,
    /// The step where the traces part, with its sentence (`null`: this trace had ended,
    /// or they do not part).
    step: Option<&'a Value>,
}

/// What `--json` prints.
#[derive(Serialize)]
struct DiffJson<'a> {
    change: &'a Change,
    steps_alike: usize,
    /// 1-based, as the text numbers steps; `null` when the traces are the same (or were
    /// not compared to their ends).
    first_difference: Option<usize>,
    /// What stopped the comparison before the traces ended or parted: `time-limit` (the
    /// time limit covers the comparison too) or `cancelled` (Ctrl-C); `null` otherwise.
    comparison_stopped: Option<Stop>,
    a: SideJson<'a>,
    b: SideJson<'a>,
}

/// One side as `--json` prints it, with its step where the two part.
fn side_json<'a>(s: &Side<'a>, step: Option<&'a Value>) -> SideJson<'a> {
    SideJson {
        algorithm: s.algorithm,
        params: ParamMap(s.params),
        seed: s.seed,
        steps: s.len,
        cut: s.cut,
        found: s.found,
        stop: s.stop,
        message: s.message,
        stats: s.counters,
        step,
    }
}

/// Writes the comparison as text (the steps the traces share, the step where they part
/// on each side, what followed) or as one JSON object; `stopped` is what ended the
/// alignment early, if anything did.
pub fn write(
    out: &mut dyn Write,
    change: &Change,
    (a, b): (&Side, &Side),
    aligned: &Aligned,
    stopped: Option<Stop>,
    json: bool,
) -> io::Result<()> {
    let (at, steps) = match aligned {
        Aligned::Differ { at, a, b, .. } => (Some(*at), (a.as_ref(), b.as_ref())),
        _ => (None, (None, None)),
    };
    let alike = match aligned {
        Aligned::Differ { at: n, .. } | Aligned::Same(n) | Aligned::Stopped(n) => *n,
    };
    if json {
        let object = DiffJson {
            change,
            steps_alike: alike,
            first_difference: at.map(|i| i + 1),
            comparison_stopped: matches!(aligned, Aligned::Stopped(_))
                .then_some(stopped)
                .flatten(),
            a: side_json(a, steps.0),
            b: side_json(b, steps.1),
        };
        serde_json::to_writer(&mut *out, &object)?;
        return writeln!(out);
    }
    let name = |v: Option<&str>| format!("{}={}", change.setting, v.unwrap_or("(its default)"));
    let (na, nb) = (name(change.a.as_deref()), name(Some(&change.b)));
    writeln!(out, "A: {na}\nB: {nb}\n")?;
    match aligned {
        Aligned::Stopped(_) => {
            let why = match stopped {
                Some(Stop::Cancelled) => "you pressed Ctrl-C",
                _ => "the time limit, which covers the comparison too, ran out",
            };
            writeln!(
                out,
                "The two searches take the same first {alike} steps, as far as they were compared: the comparison stopped there ({why})."
            )?;
        }
        Aligned::Same(_) if a.cut || b.cut => writeln!(
            out,
            "The two searches take the same {alike} steps, as far as the traces go (cut at \
             the step limit: a larger --limit may find where they part)."
        )?,
        Aligned::Same(_) if change.setting == crate::run::catalog::HEURISTIC_PARAM => writeln!(
            out,
            "The two searches make the same {alike} decisions to the end: the heuristics \
             score on other scales (h, best) but rank the placements alike here."
        )?,
        Aligned::Same(_) => writeln!(
            out,
            "The two searches take the same {alike} steps to the end: changing {} changes \
             nothing here.",
            change.setting
        )?,
        Aligned::Differ {
            at: i, last_alike, ..
        } => {
            let i = *i;
            if i == 0 {
                writeln!(out, "The searches part at once.")?;
            } else {
                writeln!(
                    out,
                    "The searches take the same first {i} steps; the last of them:"
                )?;
                writeln!(
                    out,
                    "  {:>5}  {}",
                    i,
                    text_of(last_alike.as_ref()).unwrap_or_default()
                )?;
            }
            writeln!(
                out,
                "Step {} is where {} makes them differ:",
                i + 1,
                change.setting
            )?;
            for (label, step) in [("A", steps.0), ("B", steps.1)] {
                let said = match step {
                    Some(v) => text_of(Some(v)).unwrap_or_default().to_string(),
                    None => format!("(its trace ended after step {i})"),
                };
                writeln!(out, "  {label}: {said}")?;
            }
        }
    }
    writeln!(out, "\nWhat followed:")?;
    for (label, s) in [("A", a), ("B", b)] {
        let cut = if s.cut { ", cut at the step limit" } else { "" };
        writeln!(
            out,
            "  {label}: {} steps in all{cut}; {}. {}",
            s.len, s.figures, s.message
        )?;
    }
    Ok(())
}

/// `params` with `key` set to `value` (added, or in place of the one given).
fn with_param(params: &[(String, String)], key: &str, value: &str) -> Vec<(String, String)> {
    let mut changed: Vec<_> = params.iter().filter(|(k, _)| k != key).cloned().collect();
    changed.push((key.to_string(), value.to_string()));
    changed
}

/// The value `key` has in a trace: its seed, its algorithm, or a parameter as the search
/// filled it in.
fn value_of(key: &str, seed: u64, algorithm: &str, params: &[(String, String)]) -> Option<String> {
    match key {
        "seed" => Some(seed.to_string()),
        "algo" => Some(algorithm.to_string()),
        _ => params
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone()),
    }
}

/// `knight trace … --vs SETTING=VALUE`: `job`, then `job` with the setting changed.
pub(super) fn knight_vs(
    job: KnightTraceJob,
    vs: &str,
    board: (u64, u64),
    json: bool,
    cancel: &Arc<AtomicBool>,
) -> Result<ExitCode, CliError> {
    let (key, value) = split(vs)?;
    let mut other = job.clone();
    let mut a_value = None;
    match key.as_str() {
        "seed" => other.seed = value.parse().map_err(|_| bad_vs(&key, "a whole number"))?,
        "algo" => {
            other.algorithm = knight::Traced::parse(&value)
                .map_err(|_| bad_vs(&key, &knight::traceable().join(", ")))?;
        }
        "start" => other.start = start_square(Some(&value), board)?,
        "closed" => {
            a_value = Some(job.closed.to_string());
            other.closed = value.parse().map_err(|_| bad_vs(&key, "true or false"))?;
        }
        "board" | "limit" | "time-limit" | "nodes" => return Err(not_vs(&key)),
        _ => other.params = with_param(&job.params, &key, &value),
    }
    // The second search's settings are checked before the first runs; the two run side
    // by side, each within the time limit, which covers their comparison too.
    other.check().map_err(|e| vs_refused(vs, &e))?;
    let deadline = Deadline::new(job.budget.time.unwrap_or(Duration::MAX), cancel.clone());
    let (a, b) = rayon::join(|| job.run(cancel), || other.run(cancel));
    let (a, b) = (a?, b?);
    let (cols, rows) = (a.board.cols(), a.board.rows());
    // A tree search without a start square begins from every square.
    let start = |sq: u32| {
        if sq == u32::MAX {
            "every square".to_string()
        } else {
            square_label(cols, rows, sq)
        }
    };
    let change = Change {
        a: a_value
            .or_else(|| (key == "start").then(|| start(a.start)))
            .or_else(|| value_of(&key, a.job.seed, a.job.algorithm.id(), &a.params)),
        b: if key == "start" {
            start(b.start)
        } else {
            value
        },
        setting: key,
    };
    let stopped = || deadline.passed().is_some();
    let aligned = first_difference_until(
        knight_steps(&a),
        knight_steps(&b),
        &change.setting,
        &stopped,
    );
    super::output::write(true, |out| {
        let sides = (&knight_side(&a), &knight_side(&b));
        write(out, &change, sides, &aligned, deadline.passed(), json)
    })
}

/// `queens trace … --vs SETTING=VALUE`: `job`, then `job` with the setting changed.
pub(super) fn queens_vs(
    job: QueensTraceJob,
    vs: &str,
    json: bool,
    cancel: &Arc<AtomicBool>,
) -> Result<ExitCode, CliError> {
    let (key, value) = split(vs)?;
    let mut other = job.clone();
    match key.as_str() {
        "seed" => other.seed = value.parse().map_err(|_| bad_vs(&key, "a whole number"))?,
        "algo" => {
            other.algorithm = (queens::traceable().contains(&value.as_str()))
                .then(|| QueensAlgo::of(&value))
                .flatten()
                .ok_or_else(|| bad_vs(&key, &queens::traceable().join(", ")))?;
        }
        "heuristic" => {
            Heuristic::parse(&value).map_err(|_| bad_vs(&key, "h1, h2 or h3"))?;
            other.params = with_param(&job.params, &key, &value);
        }
        "n" | "limit" | "time-limit" => return Err(not_vs(&key)),
        _ => other.params = with_param(&job.params, &key, &value),
    }
    other.check().map_err(|e| vs_refused(vs, &e))?;
    let deadline = Deadline::new(job.budget.time.unwrap_or(Duration::MAX), cancel.clone());
    let (a, b) = rayon::join(|| job.run(cancel), || other.run(cancel));
    let (a, b) = (a?, b?);
    let change = Change {
        a: value_of(&key, a.job.seed, a.job.algorithm.id(), &a.params),
        setting: key,
        b: value,
    };
    let stopped = || deadline.passed().is_some();
    let aligned = first_difference_until(
        queens_steps(&a),
        queens_steps(&b),
        &change.setting,
        &stopped,
    );
    super::output::write(true, |out| {
        let sides = (&queens_side(&a), &queens_side(&b));
        write(out, &change, sides, &aligned, deadline.passed(), json)
    })
}

/// A knight trace as one side of `--vs`'s comparison.
fn knight_side(t: &KnightTrace) -> Side<'_> {
    Side {
        len: t.steps.len(),
        algorithm: t.job.algorithm.id(),
        params: &t.params,
        seed: t.job.seed,
        cut: t.cut(),
        found: t.found,
        stop: t.stop,
        message: &t.message,
        counters: &t.counters,
        figures: told(knight_figures(t.job.algorithm.id()), &t.counters),
    }
}

/// A queens trace as one side of `--vs`'s comparison.
fn queens_side(t: &QueensTrace) -> Side<'_> {
    Side {
        len: t.recorder.len(),
        algorithm: t.job.algorithm.id(),
        params: &t.params,
        seed: t.job.seed,
        cut: t.cut(),
        found: t.found,
        stop: t.stop,
        message: &t.message,
        counters: &t.counters,
        figures: told(queens_figures(t.job.algorithm.id()), &t.counters),
    }
}

/// The second search refused what `--vs` made of it.
fn vs_refused(vs: &str, e: &crate::run::JobError) -> CliError {
    CliError::Input(format!("--vs {vs}: {e}"))
}

/// `--vs` given a value its setting does not take.
fn bad_vs(key: &str, allowed: &str) -> CliError {
    CliError::Input(format!("--vs {key}=…: {key} takes {allowed}"))
}

/// `--vs` naming what defines the instance or the budget, which both traces share.
fn not_vs(key: &str) -> CliError {
    CliError::Input(format!(
        "--vs cannot change {key}: both traces share the instance and the limits; give it once, \
         and --vs a setting of the search (seed, algo, a parameter, knight: start or closed, \
         queens: heuristic)"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vs_takes_setting_equals_value() {
        assert_eq!(
            split("tie_break=roth").unwrap(),
            ("tie_break".into(), "roth".into())
        );
        assert!(split("seed").is_err());
        assert!(split("=3").is_err());
        assert!(split("seed=").is_err());
    }
}
