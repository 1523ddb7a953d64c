//! Work cut short, through the real binary: a table stopped by `--total-time` counts only
//! the trials that ran to their end and stops at once, however many it planned; a trace
//! stopped by its clock stops writing too.

mod common;
use common::{Watched, searchlab, watch};
use serde_json::Value;
use std::time::Duration;

/// Every row of a bench's JSON: trials that ended, of those planned, and figures only
/// where some ended.
fn rows_of(stdout: &str) -> Vec<Value> {
    let v: Value = serde_json::from_str(stdout)
        .unwrap_or_else(|e| panic!("not one JSON object ({e}): {stdout}"));
    v["rows"].as_array().unwrap().clone()
}

/// The trials of a table all run to their end (generous limits): the rates of the full
/// table, to compare a cut one with.
#[test]
#[allow(
    clippy::too_many_lines,
    reason = "one scenario told in order, each step using what the one before left"
)]
fn a_table_cut_short_leaves_unfinished_trials_out_of_every_figure() {
    let full = searchlab(&["magic", "bench", "--order", "3", "--trials", "40", "--json"]);
    assert_eq!(full.0, 0, "{}", full.2);
    let full = rows_of(&full.1);
    // The corrected GA solves order 3 nearly always: a cut table must not say otherwise.
    assert!(full[0]["success_rate"].as_f64().unwrap() >= 0.9, "{full:?}");
    let cases: &[&[&str]] = &[
        &[
            "magic",
            "bench",
            "--order",
            "3",
            "--trials",
            "200",
            "--total-time",
            "300ms",
        ],
        &[
            "knight",
            "bench",
            "levels",
            "--board",
            "6x6",
            "--trials",
            "100",
            "--total-time",
            "300ms",
        ],
        &[
            "queens",
            "bench",
            "--n",
            "5,10",
            "--trials",
            "100",
            "--total-time",
            "300ms",
        ],
        &[
            "queens",
            "bench",
            "--set",
            "local",
            "--trials",
            "100",
            "--total-time",
            "300ms",
        ],
    ];
    for args in cases {
        let mut args = args.to_vec();
        args.push("--json");
        let (code, stdout, stderr) = searchlab(&args);
        assert_eq!(code, 0, "{args:?}: {stderr}");
        assert!(
            stderr.contains("--total-time ran out"),
            "{args:?}: {stderr}"
        );
        let rows = rows_of(&stdout);
        let mut cut = 0;
        for r in &rows {
            let (ran, planned) = (
                r["trials"].as_u64().unwrap(),
                r["planned"].as_u64().unwrap(),
            );
            assert!(ran <= planned, "{args:?}: {r}");
            if ran < planned {
                cut += 1;
            }
            if ran == 0 {
                for k in ["success_rate", "mean_ms", "median_ms", "min_ms", "max_ms"] {
                    assert!(r[k].is_null(), "{args:?}: {k} of a row with no trial: {r}");
                }
            } else {
                let rate = r["success_rate"].as_f64().unwrap();
                let successes = r["successes"].as_u64().unwrap();
                let expected = successes as f64 / ran as f64;
                assert!((rate - expected).abs() < 1e-9, "{args:?}: {r}");
            }
        }
        assert!(
            cut > 0,
            "{args:?}: 300 ms cannot finish every trial: {stdout}"
        );
    }
    // The magic table's first rows, cut short, still show the GA's true success rate.
    let (_, stdout, _) = searchlab(&[
        "magic",
        "bench",
        "--order",
        "3",
        "--trials",
        "200",
        "--total-time",
        "300ms",
        "--json",
    ]);
    let first = &rows_of(&stdout)[0];
    if first["trials"].as_u64().unwrap() >= 20 {
        assert!(first["success_rate"].as_f64().unwrap() >= 0.8, "{first}");
    }
    // The text table says so per row: "37 of 100".
    let (_, text, _) = searchlab(&[
        "knight",
        "bench",
        "levels",
        "--board",
        "6x6",
        "--trials",
        "100",
        "--total-time",
        "200ms",
    ]);
    assert!(text.contains(" of 100"), "{text}");
    assert!(text.contains("cut short"), "{text}");
}

/// The deadline stops scheduling at once: a million planned trials end within the total
/// time, one trial's limit and the start of a process.
#[test]
fn the_total_time_bounds_the_largest_tables() {
    let cases: &[&[&str]] = &[
        &[
            "knight",
            "bench",
            "squares",
            "--algo",
            "ga-heuristic",
            "--board",
            "100x100",
            "--runs",
            "1000000",
            "--total-time",
            "500ms",
        ],
        &[
            "queens",
            "bench",
            "--n",
            "1..100",
            "--trials",
            "1000",
            "--total-time",
            "500ms",
        ],
        &[
            "magic",
            "bench",
            "--order",
            "5",
            "--trials",
            "1000000",
            "--time-limit",
            "20ms",
            "--total-time",
            "500ms",
        ],
        &[
            "knight",
            "bench",
            "levels",
            "--board",
            "5x5",
            "--trials",
            "1000000",
            "--time-limit",
            "20ms",
            "--total-time",
            "500ms",
        ],
        &[
            "queens",
            "bench",
            "--set",
            "course",
            "--n",
            "5000",
            "--trials",
            "100",
            "--total-time",
            "500ms",
        ],
    ];
    for args in cases {
        let mut args = args.to_vec();
        args.push("--json");
        let Watched {
            code,
            stdout,
            wall,
            peak_rss,
        } = watch(&args, Duration::from_secs(30));
        assert_eq!(code, 0, "{args:?}");
        assert!(
            wall < Duration::from_millis(500 + 20 + 700),
            "{args:?} took {wall:?}"
        );
        assert!(peak_rss < 2 << 30, "{args:?} used {peak_rss} bytes");
        let _: Value = serde_json::from_str(&stdout)
            .unwrap_or_else(|e| panic!("{args:?}: not one JSON object ({e})"));
    }
}

/// A trace's time limit covers the writing of its steps: the steps stop where the clock
/// ran out, the output says so, and the JSON is still one object.
#[test]
fn a_trace_stops_writing_at_its_time_limit() {
    let cases: &[&[&str]] = &[
        &[
            "knight",
            "trace",
            "--board",
            "10000x10000",
            "--algo",
            "warnsdorff",
            "--limit",
            "10000000",
        ],
        &[
            "queens",
            "trace",
            "--n",
            "10000000",
            "--algo",
            "backtracking",
            "--limit",
            "10000000",
        ],
        &[
            "knight", "trace", "--board", "8x8", "--algo", "count", "--limit", "10000000",
        ],
    ];
    for args in cases {
        for json in [false, true] {
            let mut args = args.to_vec();
            args.extend(["--time-limit", "1s"]);
            if json {
                args.push("--json");
            }
            let Watched {
                stdout,
                wall,
                peak_rss,
                ..
            } = watch(&args, Duration::from_secs(60));
            assert!(
                wall < Duration::from_millis(1000 + 700),
                "{args:?} took {wall:?}"
            );
            assert!(peak_rss < 2 << 30, "{args:?} used {peak_rss} bytes");
            if json {
                let v: Value = serde_json::from_str(&stdout)
                    .unwrap_or_else(|e| panic!("{args:?}: not one JSON object ({e})"));
                let written = v["steps_written"].as_u64().unwrap();
                assert_eq!(v["steps"].as_array().unwrap().len() as u64, written);
                assert_eq!(v["writing_stopped"], "time-limit", "{args:?}");
            } else {
                assert!(stdout.contains("(writing stopped after"), "{args:?}");
                assert!(stdout.contains("the time limit"), "{args:?}");
            }
        }
    }
}

/// The first Ctrl-C stops a trace's writing as it stops its search: the output ends
/// within a moment, saying so.
#[cfg(unix)]
#[test]
fn the_first_ctrl_c_stops_a_trace_writing_its_steps() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    use std::time::Instant;
    let mut child = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args([
            "queens",
            "trace",
            "--n",
            "2000000",
            "--algo",
            "backtracking",
            "--limit",
            "10000000",
            "--json",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut out = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        out.read_to_string(&mut s).unwrap();
        s
    });
    std::thread::sleep(Duration::from_millis(500));
    let sent = Instant::now();
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    child.wait().unwrap();
    let after = sent.elapsed();
    assert!(
        after < Duration::from_millis(600),
        "ended {after:?} after Ctrl-C"
    );
    let stdout = reader.join().unwrap();
    let v: Value = serde_json::from_str(&stdout).expect("one JSON object");
    assert_eq!(v["writing_stopped"], "cancelled");
    assert!(v["steps_written"].as_u64().unwrap() < 10_000_000);
}

/// Min-conflicts stopped by its clock while drawing its first placement of a million
/// queens: the trace's replay ends in the rows it reports, which are the rows drawn so
/// far (before, the answer was rejected as an internal error), or, when the clock runs
/// out during the replay too, the trace says so; never an internal error.
#[test]
fn a_min_conflicts_trace_stopped_by_its_clock_replays_to_its_answer() {
    for (n, limit) in [("1000000", "200ms"), ("2000000", "300ms")] {
        let (code, stdout, stderr) = searchlab(&[
            "queens",
            "trace",
            "--n",
            n,
            "--algo",
            "min-conflicts",
            "--limit",
            "10000000",
            "--time-limit",
            limit,
        ]);
        assert!(!stderr.contains("internal error"), "{stderr}");
        assert!(matches!(code, 0 | 1), "{code} {stderr}");
        assert!(
            stdout.contains("time limit reached") || stdout.contains("none attacking"),
            "{}",
            &stdout[stdout.len().saturating_sub(400)..]
        );
    }
}
