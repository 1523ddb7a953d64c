//! N-Queens through the real binary: counts against OEIS A000170, bad input refused.

use searchlab::puzzle::queens::A000170;
use serde_json::Value;
use std::process::Command;

fn searchlab(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

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
            assert_eq!(v["complete"], true);
        }
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
