//! `trace --vs SETTING=VALUE`: the same search traced twice, the second time with one
//! setting changed (a tie-break, a heuristic, an inference, a variant, the seed, the
//! algorithm…), the two traces aligned step by step, and the first step where they part
//! named, with what followed on each side: contrasting cases, where all else stays fixed.

use super::CliError;
use super::common::start_square;
use super::output::{ParamMap, square_label};
use crate::puzzle::queens::Heuristic;
use crate::run::catalog::{knight_figures, queens_figures, told};
use crate::run::trace::knight::{self, KnightTrace, KnightTraceJob};
use crate::run::trace::queens::{self, QueensTrace, QueensTraceJob};
use crate::solve::{Counters, Stop};
use serde::Serialize;
use serde_json::Value;
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

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

/// One side of the comparison: its steps as the trace's JSON gives them, their sentences,
/// and how the search ended.
pub struct Side<'a> {
    /// Each step's object (`kind` and its fields), its sentence left out.
    pub steps: Vec<Value>,
    /// Each step's sentence.
    pub texts: Vec<String>,
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

impl Side<'_> {
    /// From the trace's steps as JSON objects (each with its `text`).
    pub fn steps_from(mut self, told: impl Iterator<Item = Value>) -> Self {
        for mut step in told {
            let text = match step.as_object_mut().and_then(|o| o.remove("text")) {
                Some(Value::String(t)) => t,
                _ => String::new(),
            };
            self.texts.push(text);
            self.steps.push(step);
        }
        self
    }
}

/// The first step (from 0) at which the two sides' steps differ.
pub fn first_difference(a: &[Value], b: &[Value], setting: &str) -> Option<usize> {
    crate::run::trace::diff::first_difference(a.iter().cloned(), b.iter().cloned(), setting)
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
    /// The step where the traces part, with its sentence (`null`: this trace had ended).
    step: Option<Value>,
}

/// What `--json` prints.
#[derive(Serialize)]
struct DiffJson<'a> {
    change: &'a Change,
    steps_alike: usize,
    /// 1-based, as the text numbers steps; `null` when the traces are the same.
    first_difference: Option<usize>,
    a: SideJson<'a>,
    b: SideJson<'a>,
}

/// One side as `--json` prints it, with the step at `at` (and its sentence).
fn side_json<'a>(s: &Side<'a>, at: Option<usize>) -> SideJson<'a> {
    let step = at.and_then(|i| Some((s.steps.get(i)?, s.texts.get(i)?)));
    SideJson {
        algorithm: s.algorithm,
        params: ParamMap(s.params),
        seed: s.seed,
        steps: s.steps.len(),
        cut: s.cut,
        found: s.found,
        stop: s.stop,
        message: s.message,
        stats: s.counters,
        step: step.map(|(v, t)| {
            let mut v = v.clone();
            if let Some(o) = v.as_object_mut() {
                o.insert("text".into(), Value::String(t.clone()));
            }
            v
        }),
    }
}

/// Writes the comparison as text (the steps the traces share, the step where they part
/// on each side, what followed) or as one JSON object.
pub fn write(
    out: &mut dyn Write,
    change: &Change,
    a: &Side,
    b: &Side,
    json: bool,
) -> io::Result<()> {
    let at = first_difference(&a.steps, &b.steps, &change.setting);
    let alike = at.unwrap_or(a.steps.len());
    if json {
        let object = DiffJson {
            change,
            steps_alike: alike,
            first_difference: at.map(|i| i + 1),
            a: side_json(a, at),
            b: side_json(b, at),
        };
        serde_json::to_writer(&mut *out, &object)?;
        return writeln!(out);
    }
    let name = |v: Option<&str>| format!("{}={}", change.setting, v.unwrap_or("(its default)"));
    let (na, nb) = (name(change.a.as_deref()), name(Some(&change.b)));
    writeln!(out, "A: {na}\nB: {nb}\n")?;
    match at {
        None if a.cut || b.cut => writeln!(
            out,
            "The two searches take the same {alike} steps, as far as the traces go (cut at \
             the step limit: a larger --limit may find where they part)."
        )?,
        None if change.setting == "heuristic" => writeln!(
            out,
            "The two searches make the same {alike} decisions to the end: the heuristics \
             score on other scales (h, best) but rank the placements alike here."
        )?,
        None => writeln!(
            out,
            "The two searches take the same {alike} steps to the end: changing {} changes \
             nothing here.",
            change.setting
        )?,
        Some(i) => {
            if i == 0 {
                writeln!(out, "The searches part at once.")?;
            } else {
                writeln!(
                    out,
                    "The searches take the same first {i} steps; the last of them:"
                )?;
                writeln!(out, "  {:>5}  {}", i, a.texts[i - 1])?;
            }
            writeln!(
                out,
                "Step {} is where {} makes them differ:",
                i + 1,
                change.setting
            )?;
            for (label, s) in [("A", a), ("B", b)] {
                match s.texts.get(i) {
                    Some(t) => writeln!(out, "  {label}: {t}")?,
                    None => writeln!(out, "  {label}: (its trace ended after step {i})")?,
                }
            }
        }
    }
    writeln!(out, "\nWhat followed:")?;
    for (label, s) in [("A", a), ("B", b)] {
        let cut = if s.cut { ", cut at the step limit" } else { "" };
        writeln!(
            out,
            "  {label}: {} steps in all{cut}; {}. {}",
            s.steps.len(),
            s.figures,
            s.message
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
            if !knight::traceable().contains(&value.as_str()) {
                return Err(bad_vs(&key, &knight::traceable().join(", ")));
            }
            other.algorithm.clone_from(&value);
        }
        "start" => other.start = start_square(Some(&value), board)?,
        "closed" => {
            a_value = Some(job.closed.to_string());
            other.closed = value.parse().map_err(|_| bad_vs(&key, "true or false"))?;
        }
        "board" | "limit" | "time-limit" | "nodes" => return Err(not_vs(&key)),
        _ => other.params = with_param(&job.params, &key, &value),
    }
    // The second search's settings are checked before the first runs.
    other.check().map_err(|e| vs_refused(vs, &e))?;
    let a = job.run(cancel)?;
    let b = other.run(cancel)?;
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
            .or_else(|| value_of(&key, a.job.seed, &a.job.algorithm, &a.params)),
        b: if key == "start" {
            start(b.start)
        } else {
            value
        },
        setting: key,
    };
    super::trace::write(true, |out| {
        write(out, &change, &knight_side(&a), &knight_side(&b), json)
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
            if !queens::traceable().contains(&value.as_str()) {
                return Err(bad_vs(&key, &queens::traceable().join(", ")));
            }
            other.algorithm.clone_from(&value);
        }
        "heuristic" => {
            Heuristic::parse(&value).map_err(|_| bad_vs(&key, "h1, h2 or h3"))?;
            other.params = with_param(&job.params, &key, &value);
        }
        "n" | "limit" | "time-limit" => return Err(not_vs(&key)),
        _ => other.params = with_param(&job.params, &key, &value),
    }
    other.check().map_err(|e| vs_refused(vs, &e))?;
    let a = job.run(cancel)?;
    let b = other.run(cancel)?;
    let change = Change {
        a: value_of(&key, a.job.seed, &a.job.algorithm, &a.params),
        setting: key,
        b: value,
    };
    super::trace::write(true, |out| {
        write(out, &change, &queens_side(&a), &queens_side(&b), json)
    })
}

/// A knight trace as one side of `--vs`'s comparison.
fn knight_side(t: &KnightTrace) -> Side<'_> {
    Side {
        steps: Vec::new(),
        texts: Vec::new(),
        algorithm: &t.job.algorithm,
        params: &t.params,
        seed: t.job.seed,
        cut: t.cut(),
        found: t.found,
        stop: t.stop,
        message: &t.message,
        counters: &t.counters,
        figures: told(knight_figures(&t.job.algorithm), &t.counters),
    }
    .steps_from(crate::run::trace::diff::knight_steps(t))
}

/// A queens trace as one side of `--vs`'s comparison.
fn queens_side(t: &QueensTrace) -> Side<'_> {
    Side {
        steps: Vec::new(),
        texts: Vec::new(),
        algorithm: &t.job.algorithm,
        params: &t.params,
        seed: t.job.seed,
        cut: t.cut(),
        found: t.found,
        stop: t.stop,
        message: &t.message,
        counters: &t.counters,
        figures: told(queens_figures(&t.job.algorithm), &t.counters),
    }
    .steps_from(crate::run::trace::diff::queens_steps(t))
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
