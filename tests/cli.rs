//! The command line through the real binary: exit statuses and JSON, per `docs/CLI.md`.

use searchlab::puzzle::knight::Board;
use serde_json::Value;

mod common;
use common::{json, searchlab};
use std::process::Command;

fn path_of(v: &Value, board: &Board) -> Vec<u32> {
    v["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|rc| {
            board.square(
                rc[0].as_u64().unwrap() as u32,
                rc[1].as_u64().unwrap() as u32,
            )
        })
        .collect()
}

#[test]
fn solve_prints_a_valid_tour_as_json_and_exits_0() {
    let (code, v) = json(&[
        "knight",
        "solve",
        "--board",
        "6x5",
        "--start",
        "2,3",
        "--algo",
        "backtrack-warnsdorff",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(v["found"], true);
    assert_eq!(v["board"]["cols"], 6);
    assert_eq!(v["board"]["rows"], 5);
    assert_eq!(v["start"], serde_json::json!([2, 3]));
    assert_eq!(v["algorithm"], "backtrack-warnsdorff");
    let board = Board::new(6, 5).unwrap();
    let path = path_of(&v, &board);
    assert_eq!(path[0], board.square(2, 3));
    assert_eq!(board.validate_tour(&path, false), Ok(()));
    assert!(v["elapsed_ms"].as_f64().unwrap() >= 0.0);
    assert!(v["stats"]["nodes"].as_u64().unwrap() >= 30);
}

#[test]
fn solve_closed_returns_a_closed_tour() {
    let (code, v) = json(&["knight", "solve", "--board", "8x8", "--closed", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(v["closed"], true);
    let board = Board::new(8, 8).unwrap();
    assert_eq!(board.validate_tour(&path_of(&v, &board), true), Ok(()));
}

#[test]
fn solve_on_4x4_proves_there_is_no_tour_and_exits_1() {
    let (code, stdout, _) = searchlab(&["knight", "solve", "--board", "4x4"]);
    assert_eq!(code, 1);
    assert!(
        stdout.contains("no tour exists on the 4x4 board"),
        "{stdout}"
    );
}

#[test]
fn bad_input_exits_2_and_says_what_is_allowed() {
    for (args, says) in [
        (vec!["knight", "solve", "--board", "0x5"], "at least 1"),
        (vec!["knight", "solve", "--board", "20000x20000"], "at most"),
        (vec!["knight", "solve", "--board", "eight"], "COLSxROWS"),
        (
            vec!["knight", "solve", "--board", "5x5", "--start", "6,0"],
            "off the 5x5 board",
        ),
        (
            vec!["knight", "solve", "--board", "5x5", "--start", "z9"],
            "off the 5x5 board",
        ),
        (
            vec!["knight", "solve", "--board", "5x5", "--algo", "astar"],
            "backtrack-warnsdorff",
        ),
        (
            vec!["knight", "solve", "--board", "5x5", "--param", "speed=3"],
            "tie_break",
        ),
        (
            vec![
                "knight",
                "solve",
                "--board",
                "5x5",
                "--param",
                "tie_break=sideways",
            ],
            "roth",
        ),
        (
            vec!["knight", "solve", "--board", "5x5", "--time-limit", "soon"],
            "500ms",
        ),
        (
            vec!["knight", "search", "--board", "5x5", "--strategy", "best"],
            "bfs or dfs",
        ),
        (
            vec![
                "knight",
                "search",
                "--board",
                "3000x3000",
                "--strategy",
                "bfs",
                "--nodes",
                "100000000",
            ],
            "lower the node limit (--nodes",
        ),
        (vec!["knight", "count", "--board", "5x5"], "--start"),
    ] {
        let (code, _, stderr) = searchlab(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

#[test]
fn count_all_starts_gives_the_5x5_table() {
    let (code, v) = json(&[
        "knight",
        "count",
        "--board",
        "5x5",
        "--all-starts",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(v["complete"], true);
    assert_eq!(v["total"], 1728);
    let rows = v["per_square"].as_array().unwrap();
    assert_eq!(rows.len(), 5);
    for (r, c) in [(0, 0), (0, 4), (4, 0), (4, 4)] {
        assert_eq!(rows[r][c], 304);
    }
    assert_eq!(
        rows[0][1], 0,
        "a square of the minority colour starts no tour"
    );
}

#[test]
fn counts_through_a_path_add_up_to_304_from_a_corner_of_5x5() {
    // a1's two moves on 5x5 are b3 and c2; every tour from a1 takes one of them.
    let mut sum = 0;
    for path in ["a1;b3", "a1;c2"] {
        let (code, v) = json(&[
            "knight", "count", "--board", "5x5", "--path", path, "--json",
        ]);
        assert_eq!(code, 0, "{path}");
        assert_eq!(v["complete"], true);
        assert_eq!(v["start"], serde_json::json!([4, 0]));
        assert_eq!(v["path"].as_array().unwrap().len(), 2);
        sum += v["total"].as_u64().unwrap();
    }
    assert_eq!(sum, 304);
    // The same path given as ROW,COL squares.
    let (_, v) = json(&[
        "knight", "count", "--board", "5x5", "--path", "4,0;2,1", "--json",
    ]);
    let (_, w) = json(&[
        "knight", "count", "--board", "5x5", "--path", "a1;b3", "--json",
    ]);
    assert_eq!(v["total"], w["total"]);
}

#[test]
fn a_path_no_tour_extends_counts_0_and_says_how_that_is_known() {
    // Not a knight's path: 0, the reason, exit 0 (a complete count).
    let (code, v) = json(&[
        "knight", "count", "--board", "5x5", "--path", "a1;a2", "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(v["total"], 0);
    assert_eq!(v["dead_end"]["rule"], "illegal-path");
    assert!(
        v["dead_end"]["text"]
            .as_str()
            .unwrap()
            .contains("a1 to a2 is not a knight's move")
    );
    // b1 starts no tour of 5x5 (it is not of the corners' colour): whatever the path from
    // it, the theorem says so at once.
    let (code, v) = json(&[
        "knight", "count", "--board", "5x5", "--path", "b1;c3", "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(v["total"], 0);
    assert_eq!(v["dead_end"]["rule"], "theorem");
    assert!(
        v["dead_end"]["text"]
            .as_str()
            .unwrap()
            .contains("b1 is the other colour"),
        "{v}"
    );
    // A path of one square explains its 0 too (e4 is off the corners' colour).
    let (_, v) = json(&[
        "knight", "count", "--board", "5x5", "--path", "1,4", "--json",
    ]);
    assert_eq!(v["total"], 0);
    assert_eq!(v["dead_end"]["rule"], "theorem", "{v}");
    // From 2,1 of 3x8 no tour starts either (an exhaustive count of 3x8 finds 0 there),
    // and no theorem says so: the search does, and says how.
    let (_, v) = json(&[
        "knight", "count", "--board", "3x8", "--path", "2,1", "--json",
    ]);
    assert_eq!(v["total"], 0, "{v}");
    let rule = v["dead_end"]["rule"].as_str().unwrap();
    assert!(
        ["unreachable", "stranded", "two-ends", "no-move", "searched"].contains(&rule),
        "{rule}"
    );
    let (code, out, _) = searchlab(&["knight", "count", "--board", "5x5", "--path", "b1;c3"]);
    assert_eq!(code, 0);
    assert!(out.contains("no tour extends this path, because"), "{out}");
}

#[test]
fn bad_paths_are_refused_with_what_is_allowed() {
    for (args, says) in [
        (
            &["knight", "count", "--board", "5x5", "--path", "a1;f7"][..],
            "square 2",
        ),
        (
            &["knight", "count", "--board", "5x5", "--path", ";"][..],
            "at least one square",
        ),
        (
            &[
                "knight", "count", "--board", "5x5", "--path", "a1", "--start", "a1",
            ][..],
            "cannot be used with",
        ),
        (
            &[
                "knight",
                "count",
                "--board",
                "5x5",
                "--path",
                "a1",
                "--all-starts",
            ][..],
            "cannot be used with",
        ),
    ] {
        let (code, _, stderr) = searchlab(args);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

#[test]
fn count_stops_at_its_time_limit_and_says_it_is_incomplete() {
    let (code, v) = json(&[
        "knight",
        "count",
        "--board",
        "7x7",
        "--start",
        "a1",
        "--time-limit",
        "200ms",
        "--json",
    ]);
    assert_eq!(code, 1);
    assert_eq!(v["complete"], false);
    assert_eq!(v["start"], serde_json::json!([6, 0]));
    assert!(v["calls"].as_u64().unwrap() > 0);
}

#[test]
fn search_depth_first_finds_a_3x4_tour_and_breadth_first_runs_out_on_5x5() {
    let (code, v) = json(&[
        "knight",
        "search",
        "--board",
        "3x4",
        "--strategy",
        "dfs",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(v["found"], true);
    assert_eq!(v["limit_reached"], false);
    let board = Board::new(3, 4).unwrap();
    assert_eq!(board.validate_tour(&path_of(&v, &board), false), Ok(()));

    let (code, v) = json(&[
        "knight",
        "search",
        "--board",
        "5x5",
        "--strategy",
        "bfs",
        "--nodes",
        "10000",
        "--json",
    ]);
    assert_eq!(code, 1);
    assert_eq!(v["found"], false);
    assert_eq!(v["limit_reached"], true);
    assert!(v["nodes_generated"].as_u64().unwrap() <= 10_000);
}

#[test]
fn text_output_prints_the_move_grid() {
    let (code, stdout, _) = searchlab(&["knight", "solve", "--board", "5x5"]);
    assert_eq!(code, 0);
    // Move 1 in the top-left corner, 25 moves in five rows of five numbers.
    let grid: Vec<Vec<u32>> = stdout
        .lines()
        .filter(|l| !l.is_empty() && l.split_whitespace().all(|w| w.parse::<u32>().is_ok()))
        .map(|l| l.split_whitespace().map(|w| w.parse().unwrap()).collect())
        .collect();
    assert_eq!(grid.len(), 5);
    assert_eq!(grid[0][0], 1);
    let mut all: Vec<u32> = grid.concat();
    all.sort();
    assert_eq!(all, (1..=25).collect::<Vec<_>>());
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_long_count_and_prints_what_was_counted() {
    use std::time::{Duration, Instant};
    let child = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args([
            "knight", "count", "--board", "8x8", "--start", "a1", "--json",
        ])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    std::thread::sleep(Duration::from_millis(500));
    let sent = Instant::now();
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(kill.success());
    let out = child.wait_with_output().expect("the count ends");
    assert!(
        sent.elapsed() < Duration::from_secs(5),
        "took {:?}",
        sent.elapsed()
    );
    assert_eq!(out.status.code(), Some(1), "an incomplete count exits 1");
    let v: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(v["complete"], false);
    assert_eq!(v["stop"], "cancelled");
    assert!(v["calls"].as_u64().unwrap() > 0);
}

#[test]
fn every_evolutionary_solver_reports_a_valid_8x8_tour_or_a_legal_path() {
    let board = Board::new(8, 8).unwrap();
    for algo in [
        "level1",
        "level2",
        "level3",
        "level4",
        "ga-repair",
        "ga-heuristic",
    ] {
        let (code, v) = json(&[
            "knight", "solve", "--board", "8x8", "--algo", algo, "--seed", "3", "--json",
        ]);
        let path = path_of(&v, &board);
        if v["found"] == true {
            assert_eq!(code, 0);
            assert_eq!(board.validate_tour(&path, false), Ok(()), "{algo}");
        } else {
            assert_eq!(code, 1);
            assert_eq!(board.validate_path(&path), Ok(()), "{algo}");
        }
        assert!(v["stats"]["generations"].as_u64().unwrap() >= 1, "{algo}");
    }
    // The Cultural Algorithm guide's level 4 and the Knight's Tour solver report's GA with
    // heuristic tour 8x8 from a corner.
    for algo in ["level4", "ga-heuristic"] {
        let (_, v) = json(&[
            "knight", "solve", "--board", "8x8", "--algo", algo, "--json",
        ]);
        assert_eq!(v["found"], true, "{algo}");
    }
}

#[test]
fn bench_tables_come_as_json_rows() {
    let (code, v) = json(&[
        "knight", "bench", "levels", "--board", "5x5", "--trials", "10", "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(v["experiment"], "levels");
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 5);
    for r in rows {
        assert_eq!(r["trials"], 10);
        for key in [
            "successes",
            "success_rate",
            "mean_ms",
            "median_ms",
            "min_ms",
            "max_ms",
        ] {
            assert!(r[key].is_number(), "{key} in {r}");
        }
    }
    // The timed count per square: 1728 directed tours of 5x5 in all, 304 from a corner.
    let (code, v) = json(&[
        "knight",
        "bench",
        "squares",
        "--algo",
        "count",
        "--board",
        "5x5",
        "--time-limit",
        "20s",
        "--json",
    ]);
    assert_eq!(code, 0);
    let tours: Vec<u64> = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["tours"].as_u64().unwrap())
        .collect();
    assert_eq!(tours.iter().sum::<u64>(), 1728);
    assert_eq!(tours[0], 304);
    // The Knight's Tour solver report's experiment counts population x generations
    // evaluations per run.
    let (code, v) = json(&[
        "knight",
        "bench",
        "squares",
        "--algo",
        "ga-repair",
        "--board",
        "5x5",
        "--runs",
        "2",
        "--param",
        "generations=20",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(v["evaluations"], 25 * 2 * 50 * 20);
    // Bad experiments are refused with what is allowed.
    let (code, _, err) = searchlab(&["knight", "bench", "squares", "--algo", "level4"]);
    assert_eq!(code, 2);
    assert!(err.contains("ga-repair, ga-heuristic or count"), "{err}");
    let (code, _, err) = searchlab(&["knight", "bench", "sizes", "--sizes", "0..3"]);
    assert_eq!(code, 2);
    assert!(err.contains("FROM..TO"), "{err}");
}

#[test]
fn a_one_square_board_has_an_open_tour_of_one_square_and_no_closed_tour() {
    let (code, stdout, _) = searchlab(&["knight", "solve", "--board", "1x1"]);
    assert_eq!(code, 0);
    assert!(
        stdout.contains("found an open tour of 1 square from a1"),
        "{stdout}"
    );
    let (code, v) = json(&["knight", "solve", "--board", "1x1", "--closed", "--json"]);
    assert_eq!(code, 1, "{v}");
    assert_eq!(v["found"], false);
    assert_eq!(v["closed"], false);
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .contains("no closed tour exists on the 1x1 board"),
        "{v}"
    );
    // The count says the same, from the square, from every square and behind a path.
    for args in [
        &["--start", "a1"][..],
        &["--all-starts"][..],
        &["--path", "a1"][..],
    ] {
        let mut all = vec!["knight", "count", "--board", "1x1", "--closed", "--json"];
        all.extend_from_slice(args);
        let (code, v) = json(&all);
        assert_eq!(code, 0, "{args:?}: {v}");
        assert_eq!(v["total"], 0, "{args:?}: {v}");
        assert_eq!(v["complete"], true, "{args:?}: {v}");
        assert!(
            v["message"]
                .as_str()
                .unwrap()
                .contains("no closed tour exists"),
            "{args:?}: {v}"
        );
    }
    let (_, v) = json(&[
        "knight", "count", "--board", "1x1", "--start", "a1", "--json",
    ]);
    assert_eq!(v["total"], 1, "{v}");
}

#[test]
fn a_run_stopped_by_its_time_limit_replays_to_the_same_point() {
    let dir = std::env::temp_dir().join(format!("searchlab-clock-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("stopped.ron");
    let file = file.to_str().unwrap();
    // 9 million squares: the walk is cut off by the clock, somewhere new every time.
    let (code, _, stderr) = searchlab(&[
        "knight",
        "solve",
        "--board",
        "3000x3000",
        "--time-limit",
        "150ms",
        "--save",
        file,
    ]);
    assert_eq!(code, 1, "{stderr}");
    let (code, _, stderr) = searchlab(&["replay", file]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("same answer as the saved run"), "{stderr}");
    // The same for an evolutionary search stopped mid-generation.
    let (code, _, stderr) = searchlab(&[
        "knight",
        "solve",
        "--board",
        "60x60",
        "--algo",
        "level3",
        "--time-limit",
        "300ms",
        "--save",
        file,
    ]);
    assert_eq!(code, 1, "{stderr}");
    let (_, _, stderr) = searchlab(&["replay", file]);
    assert!(stderr.contains("same answer as the saved run"), "{stderr}");
    std::fs::remove_dir_all(&dir).ok();
}
