//! Generated command lines: argument lists drawn from the real grammar (the commands, and
//! every algorithm's parameters from the catalog with values inside, at and beyond their
//! bounds, and garbage), run through the binary. None may panic, hang, pass its time limit,
//! use 2 GiB, or print with `--json` anything but exactly one JSON object.
//!
//! CI runs a few hundred cases from a fixed seed; `SEARCHLAB_GENERATED_CASES=5000
//! SEARCHLAB_GENERATED_SEED=7 cargo test --release --test generated` tries more.

mod common;
use common::{Watched, watch};
use rand::RngExt;
use searchlab::run::catalog::{
    AlgorithmInfo, KNIGHT_ALGORITHMS, MAGIC_ALGORITHMS, ParamKind, QUEENS_ALGORITHMS,
};
use searchlab::solve::{Rng, rng_from_seed};
use std::time::Duration;

fn pick<'a>(rng: &mut Rng, options: &[&'a str]) -> &'a str {
    options[rng.random_range(0..options.len())]
}

/// A number for a size: small, at the limits, past them, or not a number.
fn size(rng: &mut Rng) -> String {
    match rng.random_range(0..10) {
        0..=4 => rng.random_range(1..=12u64).to_string(),
        5 => rng.random_range(13..=200u64).to_string(),
        6 => pick(
            rng,
            &["1000", "3000", "5000", "5001", "10000", "100000", "1000000"],
        )
        .to_string(),
        7 => pick(rng, &["0", "100000000", "100000001", "4294967296"]).to_string(),
        8 => pick(rng, &["18446744073709551615", "-1", "1e3", "", "x", "8x8"]).to_string(),
        _ => rng.random_range(1..=30u64).to_string(),
    }
}

/// A board `COLSxROWS`, mostly small, sometimes huge or malformed.
fn board(rng: &mut Rng) -> String {
    match rng.random_range(0..8) {
        0..=4 => format!(
            "{}x{}",
            rng.random_range(1..=12u32),
            rng.random_range(1..=12u32)
        ),
        5 => format!("{}x{}", size(rng), size(rng)),
        6 => pick(
            rng,
            &[
                "1000x1000",
                "10000x10000",
                "1x100000000",
                "3000x3000",
                "100x100",
            ],
        )
        .to_string(),
        _ => pick(rng, &["8", "x", "0x0", "8x8x8", "-3x5", "８x８"]).to_string(),
    }
}

/// A value for a parameter: inside, at and beyond its bounds, or garbage.
fn param_value(rng: &mut Rng, kind: &ParamKind) -> String {
    match kind {
        ParamKind::Int { min, max } => match rng.random_range(0..6) {
            0 => min.to_string(),
            1 => max.to_string(),
            2 => min.saturating_sub(1).to_string(),
            3 => max.saturating_add(1).to_string(),
            4 => rng.random_range(*min..=(*max).min(min + 50)).to_string(),
            _ => pick(rng, &["x", "-1", "1.5", ""]).to_string(),
        },
        ParamKind::Float { min, max } => match rng.random_range(0..5) {
            0 => min.to_string(),
            1 => max.to_string(),
            2 => (max + 1.0).to_string(),
            3 => rng.random_range(*min..=*max).to_string(),
            _ => pick(rng, &["nan", "inf", "-0.5", "x"]).to_string(),
        },
        ParamKind::Choice { options, .. } => {
            if rng.random_range(0..5) == 0 {
                "nonsense".to_string()
            } else {
                options[rng.random_range(0..options.len())].to_string()
            }
        }
    }
}

/// `--algo ID` and some `--param`s of it (sometimes one it does not have).
fn algorithm(rng: &mut Rng, list: &[AlgorithmInfo], args: &mut Vec<String>) {
    let algo = &list[rng.random_range(0..list.len())];
    args.extend(["--algo".into(), algo.id.into()]);
    for spec in algo.params {
        if rng.random_range(0..4) == 0 {
            args.push("--param".into());
            args.push(format!("{}={}", spec.name, param_value(rng, &spec.kind)));
        }
    }
    if rng.random_range(0..20) == 0 {
        args.extend(["--param".into(), "no_such=1".into()]);
    }
}

fn square(rng: &mut Rng) -> String {
    pick(rng, &["a1", "a8", "c3", "0,0", "2,3", "zz99", "h", "99,99"]).to_string()
}

/// One command line, and the time limit it was given (if any).
fn command(rng: &mut Rng) -> (Vec<String>, Option<Duration>) {
    let mut a: Vec<String> = Vec::new();
    let limit = Duration::from_millis(pick(rng, &["100", "250", "400"]).parse().unwrap());
    let mut timed = true;
    match rng.random_range(0..11) {
        0..=2 => {
            a.extend([
                "knight".into(),
                "solve".into(),
                "--board".into(),
                board(rng),
            ]);
            algorithm(rng, KNIGHT_ALGORITHMS, &mut a);
            if rng.random_range(0..3) == 0 {
                a.push("--closed".into());
            }
            if rng.random_range(0..3) == 0 {
                a.extend(["--start".into(), square(rng)]);
            }
            if rng.random_range(0..5) == 0 {
                a.extend(["--nodes".into(), size(rng)]);
            }
        }
        3 => {
            a.extend([
                "knight".into(),
                "count".into(),
                "--board".into(),
                board(rng),
            ]);
            match rng.random_range(0..3) {
                0 => a.push("--all-starts".into()),
                1 => a.extend(["--start".into(), square(rng)]),
                _ => {
                    let squares: Vec<String> =
                        (0..rng.random_range(1..5)).map(|_| square(rng)).collect();
                    a.extend(["--path".into(), squares.join(";")]);
                }
            }
            if rng.random_range(0..3) == 0 {
                a.push("--closed".into());
            }
        }
        4 => {
            a.extend([
                "knight".into(),
                "search".into(),
                "--board".into(),
                board(rng),
            ]);
            a.extend([
                "--strategy".into(),
                pick(rng, &["bfs", "dfs", "depth-first", "astar"]).into(),
            ]);
            if rng.random_range(0..2) == 0 {
                a.extend(["--start".into(), square(rng)]);
            }
            if rng.random_range(0..2) == 0 {
                a.extend(["--nodes".into(), size(rng)]);
            }
        }
        5..=6 => {
            a.extend(["queens".into(), "solve".into(), "--n".into(), size(rng)]);
            algorithm(rng, QUEENS_ALGORITHMS, &mut a);
            if rng.random_range(0..4) == 0 {
                a.extend([
                    "--heuristic".into(),
                    pick(rng, &["h1", "h2", "h3", "h4"]).into(),
                ]);
            }
        }
        7 => {
            a.extend(["queens".into(), "count".into(), "--n".into(), size(rng)]);
            if rng.random_range(0..3) == 0 {
                let rows: Vec<String> = (0..rng.random_range(1..4)).map(|_| size(rng)).collect();
                a.extend(["--prefix".into(), rows.join(",")]);
            }
            if rng.random_range(0..3) == 0 {
                a.extend([
                    "--threads".into(),
                    pick(rng, &["1", "2", "0", "100000", "18446744073709551615"]).into(),
                ]);
            }
        }
        8 => {
            a.extend(["magic".into(), "solve".into(), "--order".into(), size(rng)]);
            algorithm(rng, MAGIC_ALGORITHMS, &mut a);
            if rng.random_range(0..4) == 0 {
                a.extend(["--target".into(), size(rng)]);
            }
        }
        9 => {
            let verb = pick(rng, &["construct", "count"]);
            a.extend(["magic".into(), verb.into(), "--order".into(), size(rng)]);
            timed = verb == "count";
        }
        _ => {
            // A bench: small tables, with a budget for the whole table.
            match rng.random_range(0..4) {
                0 => a.extend([
                    "knight".into(),
                    "bench".into(),
                    "squares".into(),
                    "--board".into(),
                    board(rng),
                    "--algo".into(),
                    pick(rng, &["count", "ga-repair", "ga-heuristic", "level1"]).into(),
                    "--runs".into(),
                    pick(rng, &["1", "2", "0"]).into(),
                ]),
                1 => a.extend([
                    "knight".into(),
                    "bench".into(),
                    "levels".into(),
                    "--board".into(),
                    board(rng),
                    "--trials".into(),
                    pick(rng, &["1", "3", "0", "18446744073709551615"]).into(),
                ]),
                2 => a.extend([
                    "queens".into(),
                    "bench".into(),
                    "--n".into(),
                    pick(rng, &["4", "5,8", "4..9", "1..1000000000000", "9..4"]).into(),
                    "--trials".into(),
                    pick(rng, &["1", "2", "0"]).into(),
                ]),
                _ => a.extend([
                    "magic".into(),
                    "bench".into(),
                    "--order".into(),
                    size(rng),
                    "--trials".into(),
                    pick(rng, &["1", "4", "0", "1000001"]).into(),
                ]),
            }
            a.extend(["--total-time".into(), format!("{}ms", limit.as_millis())]);
        }
    }
    if timed {
        a.extend(["--time-limit".into(), format!("{}ms", limit.as_millis())]);
    }
    if rng.random_range(0..10) < 7 {
        a.push("--json".into());
    }
    if rng.random_range(0..8) == 0 {
        a.extend(["--seed".into(), size(rng)]);
    }
    (a, timed.then_some(limit))
}

/// Past the limit: the 100 ms for the work, plus a process start and a shared,
/// noisy machine.
const SLACK: Duration = Duration::from_millis(700);

#[test]
fn generated_command_lines_are_answered_within_their_budgets() {
    let cases: u64 = std::env::var("SEARCHLAB_GENERATED_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(250);
    let seed: u64 = std::env::var("SEARCHLAB_GENERATED_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(15);
    let mut rng = rng_from_seed(seed);
    let mut failures = Vec::new();
    let mut refused = 0;
    // The largest overrun of a limit seen, and by which command.
    let mut worst = (Duration::ZERO, String::new());
    for _ in 0..cases {
        let (args, limit) = command(&mut rng);
        let argv: Vec<&str> = args.iter().map(String::as_str).collect();
        let Watched {
            code,
            stdout,
            wall,
            peak_rss,
        } = watch(&argv, Duration::from_secs(30));
        let shown = args.join(" ");
        if !matches!(code, 0..=2) {
            failures.push(format!("exit {code}: {shown}"));
        }
        if code == 2 {
            refused += 1;
        }
        if let Some(limit) = limit {
            if wall > limit + SLACK {
                failures.push(format!("took {wall:?} (limit {limit:?}): {shown}"));
            }
            if code != 2 && wall.saturating_sub(limit) > worst.0 {
                worst = (wall.saturating_sub(limit), shown.clone());
            }
        }
        if peak_rss >= 2 << 30 {
            failures.push(format!("used {} MiB: {shown}", peak_rss >> 20));
        }
        if args.iter().any(|a| a == "--json") && matches!(code, 0 | 1) {
            match serde_json::from_str::<serde_json::Value>(&stdout) {
                Ok(v) if v.is_object() && stdout.trim_end().lines().count() == 1 => {}
                _ => failures.push(format!("not one JSON object: {shown}: {stdout:.200}")),
            }
        }
    }
    eprintln!(
        "{cases} cases, {refused} refused; the largest overrun of a time limit, process start included: {:?} ({})",
        worst.0, worst.1
    );
    assert!(
        failures.is_empty(),
        "{} of {cases} cases failed (seed {seed}):\n{}",
        failures.len(),
        failures.join("\n")
    );
    // The grammar reaches past the refusals: most cases run.
    assert!(refused < cases * 3 / 4, "{refused} of {cases} refused");
}
