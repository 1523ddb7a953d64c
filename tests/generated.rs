//! Generated command lines: argument lists drawn from the real grammar (the commands, and
//! every algorithm's parameters from the catalog with values inside, at and beyond their
//! bounds, and garbage), run through the binary. None may panic, hang, pass its time limit,
//! use 2 GiB, or print with `--json` anything but exactly one JSON object.
//!
//! Traces with step limits up to their largest, benches with a total time, a Ctrl-C at a
//! random moment, and run files saved, damaged at random and replayed are drawn too.
//!
//! CI runs a few hundred cases from a fixed seed; `SEARCHLAB_GENERATED_CASES=5000
//! SEARCHLAB_GENERATED_SEED=7 cargo test --release --test generated -- --nocapture` tries
//! more and prints its figures.

mod common;
use common::{Watched, watch_interrupted};
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
#[allow(
    clippy::too_many_lines,
    reason = "one generator of command lines: a branch per command, each drawing its own arguments"
)]
fn command(rng: &mut Rng) -> (Vec<String>, Option<Duration>) {
    let mut a: Vec<String> = Vec::new();
    let limit = Duration::from_millis(pick(rng, &["100", "250", "400"]).parse().unwrap());
    let mut timed = true;
    match rng.random_range(0..13) {
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
        11 => {
            a.extend([
                "knight".into(),
                "trace".into(),
                "--board".into(),
                board(rng),
                "--algo".into(),
                pick(rng, &searchlab::run::trace::knight::traceable()).into(),
                "--limit".into(),
                pick(rng, &["1000", "1000000", "10000000", "0", "10000001"]).into(),
            ]);
            if rng.random_range(0..3) == 0 {
                a.extend(["--start".into(), square(rng)]);
            }
        }
        12 => {
            a.extend([
                "queens".into(),
                "trace".into(),
                "--n".into(),
                size(rng),
                "--algo".into(),
                pick(rng, &searchlab::run::trace::queens::traceable()).into(),
                "--limit".into(),
                pick(rng, &["1000", "1000000", "10000000", "0"]).into(),
            ]);
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
                    pick(rng, &["1", "3", "0", "1000000", "18446744073709551615"]).into(),
                ]),
                2 => a.extend([
                    "queens".into(),
                    "bench".into(),
                    "--n".into(),
                    pick(rng, &["4", "5,8", "4..9", "1..1000000000000", "9..4"]).into(),
                    "--trials".into(),
                    pick(rng, &["1", "2", "0", "1000000"]).into(),
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
    // Ctrl-Cs sent, and the longest a process took to end after one.
    let (mut interrupts, mut slowest_interrupt) = (0, (Duration::ZERO, String::new()));
    let mut past_half_again = 0;
    for _ in 0..cases {
        let (args, limit) = command(&mut rng);
        let argv: Vec<&str> = args.iter().map(String::as_str).collect();
        // One run in eight gets a Ctrl-C, somewhere within its time limit.
        let interrupt = (limit.is_some() && rng.random_range(0..8) == 0).then(|| {
            Duration::from_millis(rng.random_range(20..=limit.unwrap().as_millis() as u64))
        });
        let (
            Watched {
                code,
                stdout,
                wall,
                peak_rss,
            },
            ended_after,
        ) = watch_interrupted(&argv, Duration::from_secs(30), interrupt);
        let shown = args.join(" ");
        if let Some(after) = ended_after {
            interrupts += 1;
            if after > slowest_interrupt.0 {
                slowest_interrupt = (after, shown.clone());
            }
            if after > SLACK {
                failures.push(format!("ended {after:?} after Ctrl-C: {shown}"));
            }
        }
        if let Some(limit) = limit
            && code != 2
            && wall > limit.mul_f64(1.5).max(limit + Duration::from_millis(250))
        {
            past_half_again += 1;
        }
        // A Ctrl-C that comes while the answer is being written ends the process at once
        // with 130 (docs/CLI.md, exit codes); any other code outside 0–2 is a failure.
        let cut_while_printing = code == 130 && ended_after.is_some();
        if !matches!(code, 0..=2) && !cut_while_printing {
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
        "{cases} cases, {refused} refused; the largest overrun of a time limit, process start included: {:?} ({}); {past_half_again} past 1.5 times their limit (and 250 ms); {interrupts} Ctrl-Cs, the slowest end {:?} after it ({})",
        worst.0, worst.1, slowest_interrupt.0, slowest_interrupt.1
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

/// Run files saved by generated solves, then damaged at random (a digit changed, a stop
/// reason or a count edited, the text cut short) and replayed: every replay ends with 0, 1
/// or 2, within its bound, under 2 GiB, and a damaged file is never replayed as if whole.
#[test]
fn damaged_run_files_are_refused_or_replayed_within_bounds() {
    let cases: u64 = std::env::var("SEARCHLAB_GENERATED_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .map_or(60, |c: u64| c / 4);
    let seed: u64 = std::env::var("SEARCHLAB_GENERATED_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(15);
    let mut rng = rng_from_seed(seed ^ 0x5eed);
    let dir = std::env::temp_dir().join(format!("searchlab-generated-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let saved = dir.join("run.ron");
    let mut failures = Vec::new();
    let (mut refused, mut replayed) = (0, 0);
    let jobs: &[&[&str]] = &[
        &["knight", "solve", "--board", "8x8"],
        &[
            "knight",
            "solve",
            "--board",
            "6x6",
            "--algo",
            "backtrack",
            "--time-limit",
            "100ms",
        ],
        &[
            "knight",
            "count",
            "--board",
            "6x6",
            "--start",
            "0,0",
            "--time-limit",
            "200ms",
        ],
        &["knight", "search", "--board", "5x5", "--strategy", "bfs"],
        &["queens", "solve", "--n", "12", "--algo", "hill-climbing"],
        &["queens", "count", "--n", "12"],
        &["magic", "solve", "--order", "3"],
        &["magic", "construct", "--order", "7"],
    ];
    for _ in 0..cases {
        let job = jobs[rng.random_range(0..jobs.len())];
        let mut args: Vec<&str> = job.to_vec();
        let seed = rng.random_range(0..1000u32).to_string();
        // Only the solvers draw random numbers and take a seed.
        if args[1] == "solve" {
            args.extend(["--seed", &seed]);
        }
        args.extend(["--save", saved.to_str().unwrap()]);
        let (Watched { code, .. }, _) = watch_interrupted(&args, Duration::from_secs(30), None);
        if !matches!(code, 0 | 1) {
            failures.push(format!("saving exited {code}: {args:?}"));
            continue;
        }
        let text = std::fs::read_to_string(&saved).unwrap();
        let damaged = damage(&mut rng, &text);
        let path = dir.join("damaged.ron");
        std::fs::write(&path, &damaged).unwrap();
        let (
            Watched {
                code,
                wall,
                peak_rss,
                ..
            },
            _,
        ) = watch_interrupted(
            &["replay", path.to_str().unwrap(), "--json"],
            Duration::from_secs(40),
            None,
        );
        match code {
            2 => refused += 1,
            0 | 1 => replayed += 1,
            _ => failures.push(format!("replay exited {code}: {args:?}")),
        }
        // A replay whose recorded stop never comes ends at 4 times the limit + 10 s.
        if wall > Duration::from_secs(15) {
            failures.push(format!("replay took {wall:?}: {args:?}"));
        }
        if peak_rss >= 2 << 30 {
            failures.push(format!("replay used {} MiB: {args:?}", peak_rss >> 20));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!(
        "{cases} damaged run files: {refused} refused as damaged or unreadable, {replayed} replayed"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `text` with one random edit: a digit changed, a stop reason swapped, a number made
/// huge, or the text cut short.
fn damage(rng: &mut Rng, text: &str) -> String {
    let digits: Vec<usize> = (text.char_indices())
        .filter(|(_, c)| c.is_ascii_digit())
        .map(|(i, _)| i)
        .collect();
    match rng.random_range(0..4) {
        0 if !digits.is_empty() => {
            let at = digits[rng.random_range(0..digits.len())];
            let d = (b'0' + rng.random_range(0..10u8)) as char;
            format!("{}{d}{}", &text[..at], &text[at + 1..])
        }
        1 => {
            let stops = [
                "found",
                "exhausted",
                "r#time-limit",
                "cancelled",
                "stuck",
                "impossible",
            ];
            let from = stops[rng.random_range(0..stops.len())];
            let to = stops[rng.random_range(0..stops.len())];
            text.replacen(from, to, 1)
        }
        2 if !digits.is_empty() => {
            let at = digits[rng.random_range(0..digits.len())];
            format!("{}99999999999{}", &text[..at], &text[at..])
        }
        _ => text[..text.floor_char_boundary(rng.random_range(0..text.len().max(1)))].to_string(),
    }
}
