//! N-Queens through the real binary: counts against OEIS A000170, bad input refused.

use searchlab::puzzle::queens::{A000170, A002562, validate};
use serde_json::Value;

mod common;
use common::searchlab;

#[test]
fn counts_equal_oeis_a000170_from_1_to_12() {
    for (n, &known) in A000170.iter().enumerate().take(13).skip(1) {
        for threads in ["1", "2"] {
            let (code, out, err) = searchlab(&[
                "queens",
                "count",
                "--n",
                &n.to_string(),
                "--threads",
                threads,
                "--json",
            ]);
            assert_eq!(code, 0, "{err}");
            let v: Value = serde_json::from_str(&out).unwrap();
            assert_eq!(v["total"].as_u64(), Some(known), "n = {n}");
            assert_eq!(v["unique"].as_u64(), Some(A002562[n]), "unique, n = {n}");
            assert_eq!(v["complete"], true);
        }
    }
}

fn count_json(args: &[&str]) -> (i32, Value) {
    let (code, out, err) = searchlab(args);
    assert!(!err.contains("panicked"), "{err}");
    (code, serde_json::from_str(&out).unwrap_or(Value::Null))
}

#[test]
fn prefix_counts_add_up_to_the_totals_and_an_attacked_prefix_counts_0() {
    // Every solution has some row in column 0, and one in column 1 for each of those.
    for n in [6u32, 8, 9] {
        let mut sum = 0;
        for r in 0..n {
            let (code, v) = count_json(&[
                "queens",
                "count",
                "--n",
                &n.to_string(),
                "--prefix",
                &r.to_string(),
                "--json",
            ]);
            assert_eq!(code, 0);
            assert_eq!(v["complete"], true);
            assert_eq!(v["prefix"], serde_json::json!([r]));
            assert!(
                v.get("unique").is_none(),
                "no symmetry classes for a prefix"
            );
            let here = v["total"].as_u64().unwrap();
            let mut deeper = 0;
            for r1 in 0..n {
                let (_, w) = count_json(&[
                    "queens",
                    "count",
                    "--n",
                    &n.to_string(),
                    "--prefix",
                    &format!("{r},{r1}"),
                    "--json",
                ]);
                deeper += w["total"].as_u64().unwrap();
            }
            assert_eq!(deeper, here, "n = {n}, column 0 on row {r}");
            sum += here;
        }
        assert_eq!(sum, A000170[n as usize], "n = {n}");
    }
    // A whole solution is completed by itself alone.
    let (_, v) = count_json(&[
        "queens",
        "count",
        "--n",
        "8",
        "--prefix",
        "0,4,7,5,2,6,1,3",
        "--json",
    ]);
    assert_eq!(v["total"], 1);
    // Queens that attack each other: 0, with the pair named, and not an error.
    let (code, v) = count_json(&["queens", "count", "--n", "8", "--prefix", "0,2,1", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(v["total"], 0);
    assert_eq!(v["complete"], true);
    let why = v["illegal"].as_str().unwrap();
    assert!(why.contains("(2,1) and (1,2) share a diagonal"), "{why}");
    let (code, out, _) = searchlab(&["queens", "count", "--n", "8", "--prefix", "3,3"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("0 solutions") && out.contains("share a row"),
        "{out}"
    );
}

#[test]
fn bad_prefixes_are_refused_with_what_is_allowed() {
    for (args, says) in [
        (
            &["queens", "count", "--n", "8", "--prefix", "8"][..],
            "off the 8x8 board",
        ),
        (
            &["queens", "count", "--n", "4", "--prefix", "1,3,0,2,1"][..],
            "only 4 columns",
        ),
        (
            &["queens", "count", "--n", "8", "--prefix", "a"][..],
            "invalid",
        ),
        (
            &["queens", "count", "--n", "8", "--prefix", "-1"][..],
            "invalid value '-1' for '--prefix",
        ),
    ] {
        let (code, _, err) = searchlab(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn a_count_cut_short_says_so_and_exits_1() {
    let (code, out, _) = searchlab(&["queens", "count", "--n", "18", "--time-limit", "200ms"]);
    assert_eq!(code, 1);
    assert!(out.contains("incomplete"), "{out}");
}

#[test]
fn bad_n_and_threads_are_refused_with_what_is_allowed() {
    for args in [
        &["queens", "count", "--n", "0"][..],
        &["queens", "count", "--n", "32"][..],
        &["queens", "count", "--n", "8", "--threads", "0"][..],
    ] {
        let (code, _, err) = searchlab(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(
            err.contains("from 1") || err.contains("up to n = 31") || err.contains("at least 1"),
            "{err}"
        );
    }
}

fn solve_json(args: &[&str]) -> (i32, Value) {
    let mut all = vec!["queens", "solve", "--json"];
    all.extend_from_slice(args);
    let (code, out, err) = searchlab(&all);
    let v = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out} {err}"));
    (code, v)
}

fn rows(v: &Value) -> Vec<u32> {
    v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_u64().unwrap() as u32)
        .collect()
}

#[test]
fn min_conflicts_places_100_000_queens_and_construct_every_n() {
    let (code, v) = solve_json(&["--n", "100000", "--algo", "min-conflicts", "--seed", "7"]);
    assert_eq!(code, 0);
    assert_eq!(v["found"], true);
    assert_eq!(validate(100_000, &rows(&v)), Ok(()));
    // Same seed, same answer.
    let (_, again) = solve_json(&["--n", "100000", "--algo", "min-conflicts", "--seed", "7"]);
    assert_eq!(rows(&v), rows(&again));
    for n in [1, 4, 5, 6, 7, 8, 9, 14, 15, 20, 21, 200] {
        let (code, v) = solve_json(&["--n", &n.to_string(), "--algo", "construct"]);
        assert_eq!(code, 0, "n = {n}");
        assert_eq!(validate(n, &rows(&v)), Ok(()), "n = {n}");
    }
}

const ALGORITHMS: [&str; 9] = [
    "backtracking",
    "best-first",
    "hill-climbing",
    "cultural",
    "min-conflicts",
    "construct",
    "annealing",
    "beam",
    "csp",
];

#[test]
fn every_placement_reported_is_validated_and_seeded_runs_repeat() {
    for n in 4..=12usize {
        for algo in ALGORITHMS {
            for h in ["h1", "h2", "h3"] {
                let mut args = vec![
                    "--n".to_string(),
                    n.to_string(),
                    "--algo".into(),
                    algo.into(),
                    "--seed".into(),
                    n.to_string(),
                ];
                if ["best-first", "hill-climbing", "cultural"].contains(&algo) {
                    args.extend(["--heuristic".to_string(), h.to_string()]);
                } else if h != "h1" {
                    continue;
                }
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                let (code, v) = solve_json(&args);
                let rows = rows(&v);
                if v["found"] == true {
                    assert_eq!(code, 0);
                    assert_eq!(validate(n, &rows), Ok(()), "{algo} n = {n}");
                } else {
                    assert_eq!(code, 1);
                    assert!(v["conflicts"].as_u64().unwrap() > 0, "{algo} n = {n}");
                }
                let (_, again) = solve_json(&args);
                assert_eq!(rows, self::rows(&again), "{algo} n = {n} {h}");
            }
        }
    }
}

#[test]
fn two_and_three_queens_have_no_solution_and_exit_1() {
    for n in ["2", "3"] {
        for algo in ALGORITHMS {
            let (code, v) = solve_json(&["--n", n, "--algo", algo]);
            assert_eq!(code, 1);
            assert_eq!(v["found"], false);
            assert!(
                v["message"]
                    .as_str()
                    .unwrap()
                    .contains("no solution exists"),
                "{v}"
            );
        }
    }
    let (code, _, err) = searchlab(&["queens", "solve", "--n", "8", "--algo", "dfs"]);
    assert_eq!(code, 2);
    assert!(err.contains("min-conflicts"), "{err}");
}

#[test]
fn the_seed_table_comes_as_json_rows_beside_the_document() {
    let (code, out, err) =
        searchlab(&["queens", "bench", "--n", "5,10", "--trials", "4", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 8);
    for r in rows {
        for key in [
            "trials",
            "successes",
            "success_rate",
            "mean_ms",
            "median_ms",
            "document_mean_ms",
        ] {
            assert!(r[key].is_number(), "{key} in {r}");
        }
    }
    // Backtracking is complete: it always succeeds.
    assert!(
        rows.iter()
            .filter(|r| r["algorithm"] == "backtracking")
            .all(|r| r["success_rate"] == 1.0)
    );
}

#[test]
fn the_course_comparison_comes_as_json_rows_and_a_bad_set_is_refused() {
    let (code, out, err) = searchlab(&[
        "queens", "bench", "--set", "csp", "--n", "6,8", "--trials", "3", "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["experiment"], "queens-course");
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2 * 20);
    for r in rows {
        // Complete: every run solved, a queen per column at least; one run unless its
        // ties are drawn at random.
        assert_eq!(r["algorithm"], "csp");
        let runs = if r["deterministic"] == true { 1 } else { 3 };
        assert_eq!(
            (r["trials"].as_u64(), r["successes"].as_u64()),
            (Some(runs), Some(runs)),
            "{r}"
        );
        assert!(
            r["mean_steps"].as_f64().unwrap() >= r["n"].as_f64().unwrap(),
            "{r}"
        );
    }
    // Static order, rows in order, no inference makes plain backtracking's placements:
    // 8 queens' first solution takes 113 queens set down.
    let plain = rows
        .iter()
        .find(|r| {
            r["n"] == 8 && r["params"] == "var_order=static value_order=in-order inference=none"
        })
        .unwrap();
    assert_eq!(plain["mean_steps"], 113.0);
    let (code, _, err) = searchlab(&["queens", "bench", "--set", "all"]);
    assert_eq!(code, 2);
    assert!(err.contains("report") && err.contains("course"), "{err}");
    let (code, _, err) = searchlab(&["queens", "bench", "--n", "500"]);
    assert_eq!(code, 2);
    assert!(err.contains("1 to 100"), "{err}");
}

/// Backtracking cut short leaves the first columns placed; the report says how many.
#[test]
fn a_search_cut_short_reports_its_partial_placement() {
    let (code, v) = solve_json(&[
        "--n",
        "60",
        "--algo",
        "backtracking",
        "--time-limit",
        "10ms",
    ]);
    assert_eq!(code, 1, "{v}");
    let placed = rows(&v);
    assert!(placed.len() < 60, "{v}");
    assert_eq!(
        v["conflicts"], 0,
        "backtracking never places an attacked queen: {v}"
    );
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .contains(" of 60 queens placed"),
        "{v}"
    );
}

#[test]
fn backtracking_tells_the_queens_it_set_down_and_took_back() {
    let (code, out, err) = searchlab(&["queens", "solve", "--n", "8", "--algo", "backtracking"]);
    assert_eq!(code, 0, "{err}");
    let last = out.lines().last().unwrap_or("");
    assert!(last.starts_with("queens set down "), "{out}");
    assert!(last.contains(", taken back "), "{out}");
}

#[test]
fn unique_leads_with_the_solutions_up_to_symmetry() {
    // OEIS A002562, from n = 1 to 14.
    for (n, &known) in A002562.iter().enumerate().take(15).skip(1) {
        let (code, out, err) = searchlab(&["queens", "count", "--n", &n.to_string(), "--unique"]);
        assert_eq!(code, 0, "{err}");
        let first = out.lines().next().unwrap_or_default();
        // Singular where a count is one: 1 queen, 1 solution (n = 1, 4 and 6).
        let solutions = if known == 1 { "solution" } else { "solutions" };
        let queens = if n == 1 { "queen" } else { "queens" };
        assert_eq!(
            first,
            format!(
                "{known} {solutions} of {n} {queens} up to rotation and reflection ({} in all)",
                A000170[n]
            )
        );
    }
    let (code, _, err) = searchlab(&["queens", "count", "--n", "8", "--unique", "--prefix", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot be used with"), "{err}");
}

/// `--csv FILE` writes the same rows as `--json`, a column per field: every number and
/// word of every JSON row is the CSV's cell under its name (a N-Queens course table, and a
/// knight's per-square GA table).
#[test]
fn bench_csv_rows_are_the_json_rows() {
    csv_is_json(&[
        "queens", "bench", "--set", "local", "--n", "6", "--trials", "4",
    ]);
    csv_is_json(&[
        "knight",
        "bench",
        "squares",
        "--algo",
        "ga-heuristic",
        "--board",
        "5x5",
        "--runs",
        "1",
    ]);
}

/// Runs the bench `args` with `--json` and `--csv`, and compares the two.
fn csv_is_json(args: &[&str]) {
    let file = std::env::temp_dir().join(format!("searchlab-bench-{}.csv", std::process::id()));
    let mut all = args.to_vec();
    all.extend(["--json", "--csv", file.to_str().unwrap()]);
    let (code, out, err) = searchlab(&all);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let rows = v["rows"].as_array().unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header = reader.headers().unwrap().clone();
    let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(records.len(), rows.len());
    for (row, record) in rows.iter().zip(&records) {
        assert_eq!(header.len(), row.as_object().unwrap().len(), "{header:?}");
        for (key, value) in row.as_object().unwrap() {
            let at = header.iter().position(|h| h == key).expect(key);
            let cell = &record[at];
            match value {
                Value::String(s) => assert_eq!(cell, s, "{key}"),
                Value::Null => assert_eq!(cell, "", "{key}"),
                Value::Bool(b) => assert_eq!(cell, b.to_string(), "{key}"),
                // serde_json's own parse of a decimal may be a unit in the last place off.
                Value::Number(x) => {
                    let (got, want) = (cell.parse::<f64>().unwrap(), x.as_f64().unwrap());
                    assert!(
                        (got - want).abs() <= 1e-12 * want.abs().max(1.0),
                        "{key}: {cell} against {x}"
                    );
                }
                _ => {}
            }
        }
    }
    let _ = std::fs::remove_file(&file);
}
