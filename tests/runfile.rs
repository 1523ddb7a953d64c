//! Runs as files: `--save` writes a run, `searchlab replay` repeats it and finds the same
//! answer, a file round-trips exactly, and damaged or newer files are refused clearly.

use searchlab::puzzle::knight::Board;
use searchlab::run::file::{RunFile, RunFileError, VERSION};
use searchlab::run::{Event, Job, KnightReport, MagicReport, QueensReport, Report, Run};
use std::path::PathBuf;
use std::time::Duration;

mod common;
use common::searchlab;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("searchlab-test-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `job` on a worker as the app and the command line do, keeping its events.
fn record(job: Job) -> RunFile {
    let run = Run::start(job.clone(), || {});
    let mut history = Vec::new();
    loop {
        match run.next_event(Duration::from_secs(60)) {
            Some(Event::Finished(result)) => {
                return RunFile::new(job, result.expect("the job runs"), history);
            }
            Some(e) => history.push(e),
            None => panic!("no event within a minute"),
        }
    }
}

fn level1_job(seed: u64) -> Job {
    use searchlab::run::{KnightJob, KnightTask};
    use searchlab::solve::Budget;
    Job::Knight(KnightJob {
        cols: 6,
        rows: 6,
        start: Some((0, 0)),
        closed: false,
        seed,
        budget: Budget {
            time: Some(Duration::from_secs(60)),
            nodes: None,
            generations: Some(30),
            until: None,
        },
        task: KnightTask::Solve {
            algorithm: "level1".parse().unwrap(),
            params: vec![("generations".into(), "30".into())],
            fallback: false,
        },
    })
}

#[test]
fn a_saved_run_reads_back_exactly_with_its_generations() {
    let file = record(level1_job(7));
    let generations: usize = file
        .history
        .iter()
        .map(|e| match e {
            Event::Generations(g) => g.len(),
            _ => 0,
        })
        .sum();
    assert_eq!(generations, 30, "every generation is in the history");
    assert!(matches!(file.history[0], Event::Started { .. }));
    let text = file.to_ron();
    let back = RunFile::from_ron(&text).expect("reads back");
    assert_eq!(back, file);
    // And through a file on disk.
    let dir = temp_dir("roundtrip");
    let path = dir.join("level1.ron");
    file.save(&path).unwrap();
    assert_eq!(RunFile::load(&path).unwrap(), file);
}

#[test]
fn a_replay_with_the_same_seed_gives_the_same_answer_and_another_seed_may_not() {
    let saved = record(level1_job(3));
    let again = record(level1_job(3));
    assert!(saved.compare(&again.report).is_ok());
    // A different seed's best path differs (checked, not assumed: find one that does).
    let differs = (4..20).any(|seed| saved.compare(&record(level1_job(seed)).report).is_err());
    assert!(differs, "a comparison that never fails would prove nothing");
}

#[test]
fn damaged_newer_and_foreign_files_are_refused_with_clear_messages() {
    let file = record(level1_job(1));
    let text = file.to_ron();

    // Cut short.
    let cut = &text[..text.len() / 2];
    let e = RunFile::from_ron(cut).unwrap_err();
    assert!(matches!(e, RunFileError::Broken(_)), "{e:?}");
    assert!(e.to_string().starts_with("the run file is damaged"), "{e}");

    // A field's value changed to nonsense.
    let bad = text.replacen("seed: 1", "seed: \"one\"", 1);
    assert_ne!(bad, text);
    assert!(matches!(
        RunFile::from_ron(&bad),
        Err(RunFileError::Broken(_))
    ));

    // From a newer SearchLab.
    let newer = text.replacen(
        &format!("version: {VERSION}"),
        &format!("version: {}", VERSION + 1),
        1,
    );
    let e = RunFile::from_ron(&newer).unwrap_err();
    assert!(matches!(e, RunFileError::Newer { .. }), "{e:?}");
    assert!(e.to_string().contains("update SearchLab"), "{e}");

    // Not a run file at all.
    let e = RunFile::from_ron("(dark: true, knight: ())").unwrap_err();
    assert!(matches!(e, RunFileError::NotARun(_)), "{e:?}");
    let e = RunFile::from_ron("\u{0}\u{1}binary").unwrap_err();
    assert!(e.to_string().contains("not a SearchLab run file"), "{e}");
}

#[test]
fn save_then_replay_on_the_command_line_for_each_puzzle() {
    let dir = temp_dir("cli");
    let cases: [(&str, &[&str]); 3] = [
        (
            "knight.ron",
            &[
                "knight",
                "solve",
                "--board",
                "5x5",
                "--algo",
                "backtrack-random",
                "--seed",
                "9",
            ],
        ),
        (
            "queens.ron",
            &[
                "queens",
                "solve",
                "--n",
                "12",
                "--algo",
                "hill-climbing",
                "--seed",
                "4",
            ],
        ),
        (
            "magic.ron",
            &[
                "magic", "solve", "--order", "3", "--seed", "2", "--target", "2",
            ],
        ),
    ];
    for (name, args) in cases {
        let path = dir.join(name);
        let path_s = path.to_str().unwrap();
        let mut with_save: Vec<&str> = args.to_vec();
        with_save.extend(["--save", path_s, "--json"]);
        let (code, solved, stderr) = searchlab(&with_save);
        assert_eq!(code, 0, "{stderr}");
        assert!(stderr.contains("saved the run to"), "{stderr}");

        // The file holds the answer the command printed, valid by the puzzle's rules.
        let file = RunFile::load(&path).unwrap();
        let printed: serde_json::Value = serde_json::from_str(&solved).unwrap();
        match &file.report {
            Report::Knight(KnightReport::Solve(r)) => {
                let board = Board::new(5, 5).unwrap();
                assert_eq!(board.validate_tour(&r.path, false), Ok(()));
                assert_eq!(printed["path"].as_array().unwrap().len(), r.path.len());
            }
            Report::Queens(QueensReport::Solve(r)) => {
                assert!(searchlab::puzzle::queens::validate(r.n as usize, &r.rows).is_ok());
                assert_eq!(printed["rows"], serde_json::json!(r.rows));
            }
            Report::Magic(MagicReport::Solve(r)) => {
                assert_eq!(r.squares.len(), 2);
                for (sq, _) in &r.squares {
                    assert!(searchlab::puzzle::magic::validate(3, sq).is_ok());
                }
            }
            other => panic!("unexpected report {other:?}"),
        }

        // Replay prints the same answer and says so.
        let (code, replayed, stderr) = searchlab(&["replay", path_s, "--json"]);
        assert_eq!(code, 0, "{stderr}");
        assert!(stderr.contains("same answer as the saved run"), "{stderr}");
        let replayed: serde_json::Value = serde_json::from_str(&replayed).unwrap();
        for key in ["path", "rows", "squares"] {
            assert_eq!(printed[key], replayed[key], "{name}: {key}");
        }
    }
}

#[test]
fn replay_refuses_a_damaged_file_and_a_doctored_answer() {
    let dir = temp_dir("doctored");
    let path = dir.join("q.ron");
    let p = path.to_str().unwrap();
    let (code, _, stderr) = searchlab(&[
        "queens",
        "solve",
        "--n",
        "8",
        "--algo",
        "backtracking",
        "--save",
        p,
    ]);
    assert_eq!(code, 0, "{stderr}");

    // The answer in the file edited to another valid solution: the replay notices.
    let mut file = RunFile::load(&path).unwrap();
    let Report::Queens(QueensReport::Solve(r)) = &mut file.report else {
        panic!()
    };
    assert_eq!(
        r.rows,
        vec![0, 4, 7, 5, 2, 6, 1, 3],
        "the first solution in order"
    );
    r.rows = vec![0, 5, 7, 2, 6, 3, 1, 4];
    file.save(&path).unwrap();
    // A run that repeats exactly: the file is damaged (exit 2), not the answer different.
    let (code, _, stderr) = searchlab(&["replay", p]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("differs from the saved run"), "{stderr}");
    assert!(stderr.contains("damaged"), "{stderr}");

    // Damaged: exit 2 and what is wrong.
    std::fs::write(
        &path,
        "(format: \"searchlab-run\", version: 1, job: Knight(",
    )
    .unwrap();
    let (code, _, stderr) = searchlab(&["replay", p]);
    assert_eq!(code, 2);
    assert!(stderr.contains("damaged"), "{stderr}");
    let (code, _, stderr) = searchlab(&["replay", dir.join("missing.ron").to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(stderr.contains("cannot read"), "{stderr}");
    // --save into a folder that does not exist is refused before the run.
    let (code, _, stderr) = searchlab(&[
        "queens",
        "solve",
        "--n",
        "8",
        "--save",
        "/nonexistent-dir/x.ron",
    ]);
    assert_eq!(code, 2);
    assert!(stderr.contains("does not exist"), "{stderr}");
}

/// A deterministic replay repeats every figure its file claims, not only the answer:
/// counters edited down are named with both values; a time that the file's own history
/// or its stop contradicts is named too. An edited tour is told where it parts from the
/// replay's, and that it is no knight's tour.
#[test]
fn replay_names_an_edited_counter_time_or_tour() {
    let dir = temp_dir("counters");
    let path = dir.join("k.ron");
    let p = path.to_str().unwrap();
    let (code, _, stderr) = searchlab(&[
        "knight",
        "solve",
        "--board",
        "5x5",
        "--algo",
        "backtrack",
        "--save",
        p,
    ]);
    assert_eq!(code, 0, "{stderr}");
    let saved = RunFile::load(&path).unwrap();
    let (code, _, stderr) = searchlab(&["replay", p]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("with the same figures"), "{stderr}");

    // The nodes edited down: the replay says which figure, and both values.
    let mut file = saved.clone();
    let Report::Knight(KnightReport::Solve(r)) = &mut file.report else {
        panic!()
    };
    let nodes = r.counters.nodes;
    assert!(
        nodes > 25,
        "backtracking enters more squares than the tour's"
    );
    r.counters.nodes = 5;
    file.save(&path).unwrap();
    let (code, _, stderr) = searchlab(&["replay", p]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains(&format!("claims nodes 5, but a replay of it gives {nodes}")),
        "{stderr}"
    );

    // Its time edited below what its own progress reports had reached.
    let mut file = saved.clone();
    file.history.push(Event::Progress {
        counters: Default::default(),
        elapsed_ms: 250.0,
    });
    let Report::Knight(KnightReport::Solve(r)) = &mut file.report else {
        panic!()
    };
    r.elapsed_ms = 5.0;
    file.save(&path).unwrap();
    let (code, _, stderr) = searchlab(&["replay", p]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("took 5.0 ms, but its own history has it still running at 250.0 ms"),
        "{stderr}"
    );

    // A square of the tour moved: where the two part, and that the saved one is no tour.
    let mut file = saved.clone();
    let Report::Knight(KnightReport::Solve(r)) = &mut file.report else {
        panic!()
    };
    r.path.swap(7, 8);
    let board = Board::new(5, 5).unwrap();
    assert!(
        board.validate_tour(&r.path, false).is_err(),
        "two squares swapped break the tour"
    );
    let part = format!(
        "they part first at square 8 of the path, {}",
        board.name(r.path[7])
    );
    file.save(&path).unwrap();
    let (code, _, stderr) = searchlab(&["replay", p]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains(&part), "{stderr}");
    assert!(
        stderr.contains("the saved answer breaks the puzzle's rules: it is not a knight's tour"),
        "{stderr}"
    );
}

/// Runs `searchlab ARGS` and kills it after `limit`: (exit status or None if it hung,
/// standard error).
fn searchlab_within(args: &[&str], limit: Duration) -> (Option<i32>, String) {
    use std::io::Read;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let deadline = std::time::Instant::now() + limit;
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break Some(s.code().unwrap_or(-1));
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut err = String::new();
    let _ = child.stderr.take().unwrap().read_to_string(&mut err);
    (status, err)
}

#[test]
fn replay_refuses_pipes_devices_and_folders_at_once() {
    let dir = temp_dir("not-regular");
    let fifo = dir.join("fifo.ron");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    // A pipe with no writer would block a reader forever; /dev/zero would fill memory.
    for target in [fifo.to_str().unwrap(), "/dev/zero", dir.to_str().unwrap()] {
        let (code, err) = searchlab_within(&["replay", target], Duration::from_secs(10));
        assert_eq!(code, Some(2), "{target}: {err}");
        assert!(err.contains("not a regular file"), "{target}: {err}");
    }
}

#[test]
fn a_run_file_with_an_impossible_budget_or_hostile_text_is_refused_cleanly() {
    let dir = temp_dir("hostile");
    let path = dir.join("k.ron");
    let p = path.to_str().unwrap();
    let (code, _, err) = searchlab(&["knight", "solve", "--board", "5x5", "--save", p]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&path).unwrap();
    // A time budget of u64::MAX seconds used to overflow the worker's clock and panic.
    let at = text.find("secs:").expect("the budget's time is saved");
    let end = at + text[at..].find(',').unwrap();
    let huge = format!("{}secs: 18446744073709551615{}", &text[..at], &text[end..]);
    std::fs::write(&path, huge).unwrap();
    let (code, err) = searchlab_within(&["replay", p], Duration::from_secs(10));
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("beyond"), "{err}");
    assert!(
        !err.contains("panicked") && !err.contains("internal error"),
        "{err}"
    );
    // Escape sequences in a file's own words never reach the terminal raw.
    std::fs::write(
        &path,
        "(format: \"\u{1b}[31mevil\", version: 1, written_by: \"x\")",
    )
    .unwrap();
    let (code, err) = searchlab_within(&["replay", p], Duration::from_secs(10));
    assert_eq!(code, Some(2), "{err}");
    assert!(!err.contains('\u{1b}'), "{err:?}");
    assert!(err.contains("evil"), "{err}");
}

#[test]
fn a_version_1_count_from_every_square_still_opens() {
    // Version 1 wrote the figures per square as plain numbers; version 2 as Some(n) or
    // None (a square cut short). Both read.
    let dir = std::env::temp_dir().join(format!("searchlab-v1-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("count.ron");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args([
            "knight",
            "count",
            "--board",
            "5x5",
            "--all-starts",
            "--save",
        ])
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = std::fs::read_to_string(&file).unwrap();
    let open = "per_square: Some([";
    let start = text.find(open).expect("a count per square") + open.len();
    let end = start + text[start..].find("])").unwrap();
    let old_list = text[start..end].replace("Some(", "").replace(')', "");
    assert!(old_list.contains("304"), "{old_list}");
    let old = format!("{}{}{}", &text[..start], old_list, &text[end..]).replacen(
        "version: 2",
        "version: 1",
        1,
    );
    let run = RunFile::from_ron(&old).expect("a version 1 file opens");
    let Report::Knight(KnightReport::Count(r)) = &run.report else {
        panic!("a count report")
    };
    let per_square = r.per_square.as_ref().unwrap();
    assert_eq!(per_square[0], Some(304));
    assert_eq!(per_square.iter().flatten().sum::<u64>(), 1728);
    std::fs::remove_dir_all(&dir).ok();
}

/// A run that ended by itself (here by its generation limit) within its time limit is
/// replayed to the same end on a slower or busier machine: the replay's clock does not
/// cut it at the saved limit. The saved run's limit is set below what the replay takes
/// (as a fast machine's file read on a slow one), and the replay still matches.
#[test]
fn a_run_that_ended_by_itself_replays_to_its_end_whatever_the_clock() {
    let mut file = record(level1_job(11));
    assert!(
        !file.history.iter().any(|e| matches!(e, Event::Stopped(_))),
        "thirty generations end by their limit"
    );
    let Job::Knight(job) = &mut file.job else {
        panic!()
    };
    // One nanosecond: thirty generations took about a millisecond, sometimes less (a
    // limit of 1 ms was not always below it).
    job.budget.time = Some(Duration::from_nanos(1));
    let replayed = record(file.replay_job());
    assert!(
        replayed.report.puzzle().elapsed_ms() > 1e-6,
        "the replay takes longer than the limit it was given"
    );
    file.compare(&replayed.report)
        .expect("the replay ends where the saved run ended");
}
