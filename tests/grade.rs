//! `searchlab grade DIR` through the binary: a folder of hand-ins, good, doctored and
//! broken. The good ones score every point; a raised score, an edited guess and an edited
//! run file are caught and named, never scored; a broken file is refused with its reason
//! and the others are graded all the same.

use searchlab::run::file::RunFile;
use searchlab::run::trace::KnightTraceJob;
use searchlab::run::trace::guess::{knight_asks, knight_question};
use searchlab::run::trace::timeline::Timeline;
use searchlab::run::{Event, Job, KnightJob, KnightReport, KnightTask, Report, Run};
use searchlab::solve::Budget;
use searchlab::teach::assignment::{Guessed, HandIn, TracedJob, Work};
use searchlab::teach::lesson::Lesson;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

mod common;
use common::searchlab;

const ASSIGNMENT: &str = "lessons/07-assignment-warnsdorff.ron";

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("searchlab-grade-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The search task 3 traces, as the app traces it.
fn traced() -> KnightTraceJob {
    KnightTraceJob {
        cols: 6,
        rows: 6,
        start: Some((0, 0)),
        closed: false,
        algorithm: "warnsdorff".parse().unwrap(),
        params: vec![
            ("tie_break".into(), "auto".into()),
            ("attempts".into(), "100".into()),
        ],
        seed: 1,
        budget: Budget::unlimited(),
        limit: 1_000_000,
    }
}

/// The first `k` decisions of the trace, each answered with a right answer (worked out
/// by the question the trace asks, whose answers the unit tests check from the rules).
fn answers(k: usize) -> Vec<Guessed> {
    let trace = Arc::new(traced().run(&AtomicBool::new(false)).unwrap());
    let timeline = Timeline::new(trace.clone());
    (0..trace.steps.len())
        .filter(|&i| knight_asks(&trace, i))
        .filter_map(|i| knight_question(&trace, i, &timeline.state_at(i)))
        .take(k)
        .map(|q| Guessed {
            at: q.at,
            cell: q.right.first().copied(),
            choice: None,
        })
        .collect()
}

/// Task 4's run, run as the app runs it.
fn run_file() -> RunFile {
    let job = Job::Knight(KnightJob {
        cols: 6,
        rows: 6,
        start: Some((0, 0)),
        closed: false,
        seed: 1,
        budget: Budget {
            time: Some(Duration::from_secs(30)),
            ..Budget::unlimited()
        },
        task: KnightTask::Solve {
            algorithm: "warnsdorff".parse().unwrap(),
            params: Vec::new(),
            fallback: false,
        },
    });
    let run = Run::start(job.clone(), || {});
    let mut history = Vec::new();
    loop {
        match run.next_event(Duration::from_secs(60)) {
            Some(Event::Finished(result)) => return RunFile::new(job, result.unwrap(), history),
            Some(e) => history.push(e),
            None => panic!("no event within a minute"),
        }
    }
}

fn good(student: &str, run: &RunFile) -> HandIn {
    let mut h = HandIn::new(student, "knight-warnsdorff-6x6");
    h.seconds = 1260;
    let guesses = answers(12);
    h.work = vec![
        Work::Answer {
            task: 1,
            given: "1".into(),
        },
        Work::Answer {
            task: 2,
            given: "36".into(),
        },
        Work::Guess {
            task: 3,
            trace: TracedJob::Knight(traced()),
            claimed_right: guesses.len() as u32,
            answers: guesses,
        },
        Work::Run {
            task: 4,
            run: run.to_ron(),
        },
    ];
    h
}

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
}

/// The line of `grade`'s table that begins with the student `who` (empty when none does).
fn student_line(out: &str, who: &str) -> String {
    out.lines()
        .find(|l| l.trim_start().starts_with(who))
        .unwrap_or_default()
        .to_string()
}

#[test]
#[allow(
    clippy::too_many_lines,
    reason = "one scenario told in order, each step using what the one before left"
)]
fn grade_scores_good_hand_ins_and_names_doctored_and_broken_ones() {
    let dir = temp_dir("folder");
    let run = run_file();
    write(&dir, "ada.json", &good("Ada", &run).to_json());
    // Wrong answers honestly handed in: graded, verified, fewer points.
    let mut bo = good("Bo", &run);
    bo.work[1] = Work::Answer {
        task: 2,
        given: "64".into(),
    };
    write(&dir, "bo.json", &bo.to_json());
    // A score raised: the answers give 11 of 12.
    let mut cy = good("Cy", &run);
    if let Work::Guess {
        answers,
        claimed_right,
        ..
    } = &mut cy.work[2]
    {
        answers[3].cell = Some(u32::MAX - 1);
        *claimed_right = 12;
    }
    write(&dir, "cy.json", &cy.to_json());
    // A run file whose result was edited: two squares of its tour swapped.
    let mut edited = run.clone();
    let Report::Knight(KnightReport::Solve(r)) = &mut edited.report else {
        panic!("a knight's solve")
    };
    r.path.swap(10, 11);
    let mut di = good("Di", &run);
    di.work[3] = Work::Run {
        task: 4,
        run: edited.to_ron(),
    };
    write(&dir, "di.json", &di.to_json());
    // A guess on another search than the task's.
    let mut ed = good("Ed", &run);
    if let Work::Guess {
        trace: TracedJob::Knight(j),
        ..
    } = &mut ed.work[2]
    {
        j.seed = 2;
    }
    write(&dir, "ed.json", &ed.to_json());
    // A run its fallback solved: not a run of the named search.
    let mut fa = good("Fay", &run);
    let mut fell = run.clone();
    if let Job::Knight(j) = &mut fell.job
        && let KnightTask::Solve { fallback, .. } = &mut j.task
    {
        *fallback = true;
    }
    fa.work[3] = Work::Run {
        task: 4,
        run: fell.to_ron(),
    };
    write(&dir, "fa.json", &fa.to_json());
    // A parameter given twice, the second one the search would take.
    let mut du = good("Dua", &run);
    if let Work::Guess {
        trace: TracedJob::Knight(j),
        ..
    } = &mut du.work[2]
    {
        j.params.push(("tie_break".into(), "first".into()));
    }
    write(&dir, "du.json", &du.to_json());
    // An honest run whose time limit is past what the grader replays: not checked.
    let mut long = run.clone();
    if let Job::Knight(j) = &mut long.job {
        j.budget.time = Some(Duration::from_secs(600));
    }
    let mut lo = good("Lou", &run);
    lo.work[3] = Work::Run {
        task: 4,
        run: long.to_ron(),
    };
    write(&dir, "lo.json", &lo.to_json());
    // Broken files: not JSON, another format, an assignment nobody gave.
    write(&dir, "broken.json", "{ not json");
    write(
        &dir,
        "other.json",
        r#"{"format": "something-else", "version": 1}"#,
    );
    let mut lost = good("Lost", &run);
    lost.assignment = "no-such-assignment".into();
    write(&dir, "lost.json", &lost.to_json());
    let csv = dir.join("grades.csv");
    let (code, out, err) = searchlab(&[
        "grade",
        dir.to_str().unwrap(),
        "--assignment",
        ASSIGNMENT,
        "--csv",
        csv.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "some work was not verified: {err}");
    assert!(out.contains("8 hand-ins graded, 3 refused"), "{out}");
    let line = |who: &str| student_line(&out, who);
    assert!(line("Ada").contains("7 of 7"), "{out}");
    assert!(line("Bo").contains("6 of 7"), "{out}");
    assert!(
        line("Cy").contains("4 of 7") && line("Cy").contains("not verified"),
        "{out}"
    );
    assert!(
        line("Di").contains("5 of 7") && line("Di").contains("not verified"),
        "{out}"
    );
    assert!(line("Ed").contains("4 of 7"), "{out}");
    assert!(
        line("Fay").contains("5 of 7") && line("Fay").contains("not verified"),
        "{out}"
    );
    assert!(
        line("Dua").contains("4 of 7") && line("Dua").contains("not verified"),
        "{out}"
    );
    assert!(
        line("Lou").contains("5 of 7") && line("Lou").contains("1 task not checked"),
        "{out}"
    );
    assert!(
        !line("Lou").contains("not verified"),
        "an honest run is not doubted: {out}"
    );
    assert!(
        out.contains("Fay (fa.json), task 4: the run cited is not of the task's search"),
        "{out}"
    );
    assert!(out.contains("Not checked: Lou (lo.json), task 4: not checked: the run cited may run for more than 120 s"), "{out}");
    assert!(
        out.contains(
            "Cy (cy.json), task 3: says 12 right at the first try, but its answers give 11 of 12"
        ),
        "{out}"
    );
    assert!(
        out.contains("Di (di.json), task 4: the run file was changed"),
        "{out}"
    );
    assert!(
        out.contains("Ed (ed.json), task 3: its Your guess traced another search"),
        "{out}"
    );
    assert!(
        out.contains("Refused: broken.json: not a SearchLab hand-in"),
        "{out}"
    );
    assert!(
        out.contains(
            "Refused: other.json: not a SearchLab hand-in: its format is \"something-else\""
        ),
        "{out}"
    );
    assert!(
        out.contains("Refused: lost.json: it is for the assignment \"no-such-assignment\""),
        "{out}"
    );
    assert!(out.contains("task 2: missed by 1"), "{out}");
    // The CSV: a row per student and task, and one per file refused.
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut rows = csv::Reader::from_reader(text.as_bytes());
    let rows: Vec<csv::StringRecord> = rows.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 8 * 4 + 3);
    let lou4 = rows
        .iter()
        .find(|r| &r[0] == "Lou" && &r[2] == "4")
        .unwrap();
    assert_eq!(&lou4[5], "not checked");
    let cy3 = rows.iter().find(|r| &r[0] == "Cy" && &r[2] == "3").unwrap();
    assert_eq!((&cy3[3], &cy3[5]), ("0", "no"));
    let ada4 = rows
        .iter()
        .find(|r| &r[0] == "Ada" && &r[2] == "4")
        .unwrap();
    assert_eq!((&ada4[3], &ada4[4], &ada4[5]), ("2", "2", "yes"));
    assert_eq!(&ada4[7], "21", "minutes spent");
}

#[test]
fn grade_refuses_what_it_cannot_read_with_exit_2() {
    let (code, _, err) = searchlab(&["grade", "/no/such/folder", "--assignment", ASSIGNMENT]);
    assert_eq!(code, 2);
    assert!(err.contains("not a folder"), "{err}");
    let dir = temp_dir("refuse");
    let lesson = dir.join("lesson.ron");
    std::fs::write(&lesson, include_str!("../lessons/02-warnsdorff.ron")).unwrap();
    let (code, _, err) = searchlab(&[
        "grade",
        dir.to_str().unwrap(),
        "--assignment",
        lesson.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("a lesson, not an assignment"), "{err}");
    // An oversized hand-in is refused unread; the folder is graded all the same.
    let big = dir.join("big.json");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len(searchlab::teach::assignment::MAX_HAND_IN_BYTES + 1)
        .unwrap();
    let (code, out, _) = searchlab(&["grade", dir.to_str().unwrap(), "--assignment", ASSIGNMENT]);
    assert_eq!(code, 1);
    assert!(out.contains("Refused: big.json"), "{out}");
}

/// The example assignments parse, and a lesson's assignment is checked.
#[test]
fn the_example_assignments_are_assignments() {
    for text in [
        include_str!("../lessons/07-assignment-warnsdorff.ron"),
        include_str!("../lessons/08-assignment-queens-local-search.ron"),
    ] {
        let lesson = Lesson::parse(text).unwrap();
        assert!(lesson.assignment.is_some());
    }
    let bad = include_str!("../lessons/07-assignment-warnsdorff.ron").replace(
        "Question(number: 2, points: 1)",
        "Question(number: 9, points: 1)",
    );
    let err = Lesson::parse(&bad).unwrap_err();
    assert!(
        err.contains("task 2: question 9, but the lesson has questions 1 to 2"),
        "{err}"
    );
    let queens = include_str!("../lessons/08-assignment-queens-local-search.ron");
    for (from, to, why) in [
        (
            "Play(setup: Queens(n: 8, mode: Play)",
            "Play(setup: Queens(n: 8)",
            "task 5: a Play task's set-up has mode: Play",
        ),
        (
            "Play(setup: Queens(n: 8, mode: Play)",
            "Play(setup: Queens(n: 50, mode: Play)",
            "task 5: Play yourself takes n up to 40, not 50",
        ),
    ] {
        assert!(queens.contains(from));
        let err = Lesson::parse(&queens.replace(from, to)).unwrap_err();
        assert!(err.contains(why), "{err}");
    }
}

/// An assignment with a puzzle of each kind to play by hand.
const PLAY_LESSON: &str = r#"Lesson(
    title: "Play them",
    summary: "A tour, eight queens and a magic square, by hand.",
    setup: Queens(n: 8, mode: Play),
    try: ["Play each puzzle."],
    questions: [Question(ask: "How many queens?", answer: Number(8), explain: "Eight.")],
    assignment: Some(Assignment(
        id: "play-them",
        tasks: [
            Play(setup: Knight(cols: 5, rows: 5, start: (4, 0), mode: Play), points: 3),
            Play(setup: Queens(n: 8, mode: Play), hints: Some(1), points: 2),
            Play(setup: Magic(order: 3, mode: Play), hints: Some(0), points: 1),
        ],
    )),
)"#;

/// An open tour of 5×5 from a1 (square 20, row 0 at the top), found by hand-written
/// backtracking outside SearchLab.
const TOUR_5X5: [u32; 25] = [
    20, 17, 24, 13, 4, 7, 14, 23, 16, 5, 12, 3, 6, 15, 22, 19, 8, 1, 10, 21, 18, 9, 2, 11, 0,
];
/// A solution of 8 queens, the queen's row column by column (Wirth's first one).
const QUEENS_8: [u32; 8] = [0, 4, 7, 5, 2, 6, 1, 3];
/// The Lo Shu square, row by row.
const LO_SHU: [u32; 9] = [2, 7, 6, 9, 5, 1, 4, 3, 8];

fn played(student: &str) -> HandIn {
    let mut h = HandIn::new(student, "play-them");
    h.work = vec![
        Work::Play {
            task: 1,
            answer: TOUR_5X5.to_vec(),
            hints: vec![
                searchlab::run::play::knight::WARNSDORFF_CHOICE,
                searchlab::run::play::knight::WARNSDORFF_CHOICE,
            ],
        },
        Work::Play {
            task: 2,
            answer: QUEENS_8.to_vec(),
            hints: vec![searchlab::run::play::queens::SAFE_SQUARE],
        },
        Work::Play {
            task: 3,
            answer: LO_SHU.to_vec(),
            hints: Vec::new(),
        },
    ];
    h
}

/// Play tasks: a solution played by hand scores, checked by the rules; an edited answer
/// is caught and named; more hints than allowed score nothing but are not doubted; a hint
/// the app does not have makes the file refused.
#[test]
#[allow(
    clippy::too_many_lines,
    reason = "one scenario told in order, each step using what the one before left"
)]
fn grade_checks_puzzles_played_by_hand_by_their_rules() {
    let dir = temp_dir("play");
    let lesson = dir.join("play.ron");
    std::fs::write(&lesson, PLAY_LESSON).unwrap();
    let hands = dir.join("hand-ins");
    std::fs::create_dir_all(&hands).unwrap();
    write(&hands, "ada.json", &played("Ada").to_json());
    // Two squares of the tour swapped, two queens on one diagonal, a square not magic.
    let mut bo = played("Bo");
    for (w, (i, j)) in bo.work.iter_mut().zip([(3, 4), (2, 3), (0, 1)]) {
        if let Work::Play { answer, .. } = w {
            answer.swap(i, j);
        }
    }
    write(&hands, "bo.json", &bo.to_json());
    // A tour from another square than the task's.
    let mut cy = played("Cy");
    if let Work::Play { answer, .. } = &mut cy.work[0] {
        answer.reverse();
    }
    // Solved, with more hints than the tasks allow.
    let mut di = played("Di");
    if let Work::Play { hints, .. } = &mut di.work[1] {
        hints.push(searchlab::run::play::queens::MIN_CONFLICTS_MOVE);
    }
    if let Work::Play { hints, .. } = &mut di.work[2] {
        hints.push(searchlab::run::play::magic::BEST_SWAP);
    }
    write(&hands, "cy.json", &cy.to_json());
    write(&hands, "di.json", &di.to_json());
    // A tour the solver finished ("Finish it for me"): not played by hand.
    let mut fay = played("Fay");
    if let Work::Play { hints, .. } = &mut fay.work[0] {
        *hints = vec![searchlab::run::play::knight::FINISH_FOR_ME];
    }
    write(&hands, "fay.json", &fay.to_json());
    // A magic square's hint on the queens' task: no hint the app gave there.
    let mut gus = played("Gus");
    if let Work::Play { hints, .. } = &mut gus.work[1] {
        *hints = vec![searchlab::run::play::magic::BEST_SWAP];
    }
    write(&hands, "gus.json", &gus.to_json());
    // A hint no play mode has.
    let fake = played("Ed")
        .to_json()
        .replace("\"safe-square\"", "\"the-answer\"");
    write(&hands, "ed.json", &fake);
    // A task number past 32 bits: refused alike on every platform (a browser's usize is
    // 32 bits), never taken for a task not done.
    let big = played("Hal").to_json();
    assert!(big.contains("\"task\": 1,"));
    write(
        &hands,
        "hal.json",
        &big.replacen("\"task\": 1,", "\"task\": 4294967297,", 1),
    );
    let csv = dir.join("grades.csv");
    let (code, out, err) = searchlab(&[
        "grade",
        hands.to_str().unwrap(),
        "--assignment",
        lesson.to_str().unwrap(),
        "--csv",
        csv.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "some work was not verified: {err}");
    assert!(out.contains("6 hand-ins graded, 2 refused"), "{out}");
    assert!(
        out.contains("Refused: hal.json: the hand-in is damaged") && out.contains("4294967297"),
        "{out}"
    );
    let line = |who: &str| student_line(&out, who);
    assert!(line("Ada").contains("6 of 6"), "{out}");
    assert!(
        line("Bo").contains("0 of 6") && line("Bo").contains("not verified"),
        "{out}"
    );
    assert!(
        line("Cy").contains("3 of 6") && line("Cy").contains("not verified"),
        "{out}"
    );
    assert!(
        line("Di").contains("3 of 6") && !line("Di").contains("not verified"),
        "{out}"
    );
    assert!(
        line("Fay").contains("3 of 6") && !line("Fay").contains("not verified"),
        "{out}"
    );
    assert!(
        line("Gus").contains("4 of 6") && line("Gus").contains("not verified"),
        "{out}"
    );
    assert!(
        out.contains("Gus (gus.json), task 2: it names a hint N-Queens does not have"),
        "{out}"
    );
    assert!(
        out.contains("Bo (bo.json), task 1: its answer is not an open tour of 5×5 from a1"),
        "{out}"
    );
    assert!(
        out.contains("Bo (bo.json), task 2: its answer is not 8 queens on 8×8"),
        "{out}"
    );
    assert!(
        out.contains("Bo (bo.json), task 3: its answer is not a magic square of order 3"),
        "{out}"
    );
    assert!(
        out.contains(
            "Cy (cy.json), task 1: its answer is not an open tour of 5×5 from a1: it starts on a5"
        ),
        "{out}"
    );
    assert!(
        out.contains("Refused: ed.json: the hand-in is damaged"),
        "{out}"
    );
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut rows = csv::Reader::from_reader(text.as_bytes());
    let rows: Vec<csv::StringRecord> = rows.records().map(Result::unwrap).collect();
    let row = |who: &str, task: &str| {
        rows.iter()
            .find(|r| &r[0] == who && &r[2] == task)
            .unwrap()
            .clone()
    };
    let ada1 = row("Ada", "1");
    assert_eq!((&ada1[3], &ada1[5]), ("3", "yes"));
    assert!(
        ada1[6].contains(
            "an open tour of 5×5 from a1, by the rules, with 2 hints: Warnsdorff's choice ×2"
        ),
        "{:?}",
        &ada1
    );
    let fay1 = row("Fay", "1");
    assert_eq!((&fay1[3], &fay1[5]), ("0", "yes"));
    assert!(
        fay1[6].contains("\"Finish it for me\" was asked"),
        "{:?}",
        &fay1
    );
    let di3 = row("Di", "3");
    assert_eq!((&di3[3], &di3[5]), ("0", "yes"));
    assert!(
        di3[6].contains("the task allows 0 hints at most"),
        "{:?}",
        &di3
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Right answers to the last `k` decisions of task 3's trace (a faded example's turn).
fn last_answers(k: usize) -> Vec<Guessed> {
    let trace = Arc::new(traced().run(&AtomicBool::new(false)).unwrap());
    let timeline = Timeline::new(trace.clone());
    let mut all: Vec<Guessed> = (0..trace.steps.len())
        .filter(|&i| knight_asks(&trace, i))
        .filter_map(|i| knight_question(&trace, i, &timeline.state_at(i)))
        .map(|q| Guessed {
            at: q.at,
            cell: q.right.first().copied(),
            choice: None,
        })
        .collect();
    all.split_off(all.len() - k)
}

/// A faded task counts only the answers to the trace's last decisions: right answers to
/// its first decisions score nothing there, right answers to its last ones score.
#[test]
fn a_faded_task_counts_the_last_decisions_only() {
    let dir = temp_dir("faded");
    let text = std::fs::read_to_string(ASSIGNMENT).unwrap();
    let from = "decisions: 10,\n                required: 8,";
    assert!(text.contains(from));
    let lesson = dir.join("faded.ron");
    std::fs::write(
        &lesson,
        text.replace(
            from,
            "decisions: 3,\n                required: 3,\n                last: Some(5),",
        ),
    )
    .unwrap();
    let hands = dir.join("hand-ins");
    std::fs::create_dir_all(&hands).unwrap();
    let run = run_file();
    for (who, guesses) in [("Early", answers(12)), ("Late", last_answers(5))] {
        let mut h = good(who, &run);
        h.work[2] = Work::Guess {
            task: 3,
            trace: TracedJob::Knight(traced()),
            claimed_right: guesses.len() as u32,
            answers: guesses,
        };
        write(&hands, &format!("{who}.json"), &h.to_json());
    }
    let (code, out, err) = searchlab(&[
        "grade",
        hands.to_str().unwrap(),
        "--assignment",
        lesson.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "every hand-in verified: {out}{err}");
    let line = |who: &str| student_line(&out, who);
    assert!(line("Early").contains("4 of 7"), "{out}");
    assert!(line("Late").contains("7 of 7"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Two students handing in the same work are named together (each still graded); a link
/// in the folder is refused, never followed out of it; a file name with a terminal's
/// escape reaches neither the terminal nor the CSV raw.
#[test]
fn grade_names_identical_work_refuses_links_and_escapes_names() {
    let dir = temp_dir("identical");
    let run = run_file();
    write(&dir, "ada.json", &good("Ada", &run).to_json());
    write(&dir, "ben.json", &good("Ben", &run).to_json());
    let mut red = good("Red", &run);
    red.work[1] = Work::Answer {
        task: 2,
        given: "64".into(),
    };
    write(&dir, "\u{1b}[31mred.json", &red.to_json());
    // Right answers alone are alike by being right: two students with no run cited and
    // every answer right are not named.
    for who in ["Cy", "Di"] {
        let mut h = good(who, &run);
        h.work.retain(|w| !matches!(w, Work::Run { .. }));
        write(&dir, &format!("{}.json", who.to_lowercase()), &h.to_json());
    }
    #[cfg(unix)]
    std::os::unix::fs::symlink("/etc/passwd", dir.join("passwd.json")).unwrap();
    let csv = dir.join("grades.csv");
    let (code, out, err) = searchlab(&[
        "grade",
        dir.to_str().unwrap(),
        "--assignment",
        ASSIGNMENT,
        "--csv",
        csv.to_str().unwrap(),
    ]);
    assert!(matches!(code, 0 | 1), "{err}");
    assert!(
        out.contains("Identical work: Ada (ada.json), Ben (ben.json) hand in the same work"),
        "{out}"
    );
    assert!(!out.contains("Identical work: Red"), "{out}");
    assert!(!out.contains("Cy (cy.json)"), "{out}");
    assert!(
        out.lines()
            .any(|l| l.trim_start().starts_with("Ada") && l.contains("7 of 7")),
        "{out}"
    );
    assert!(
        out.lines()
            .any(|l| l.trim_start().starts_with("Ben") && l.contains("7 of 7")),
        "{out}"
    );
    #[cfg(unix)]
    assert!(
        out.contains("Refused: passwd.json:") && out.contains("is a symbolic link"),
        "{out}"
    );
    assert!(
        !out.contains("root:"),
        "the link's target is never read: {out}"
    );
    let text = std::fs::read_to_string(&csv).unwrap();
    for (what, said) in [("output", &out), ("stderr", &err), ("CSV", &text)] {
        assert!(
            !said.contains('\u{1b}'),
            "a raw escape in the {what}: {said:?}"
        );
    }
    assert!(text.contains("\\u{1b}[31mred.json"), "{text}");
}

/// An assignment that asks more decisions than a hand-in can hold is refused with the
/// limit, not accepted as a task nobody can do.
#[test]
fn an_assignment_asking_more_decisions_than_a_hand_in_holds_is_refused() {
    let dir = temp_dir("decisions");
    let text = std::fs::read_to_string(ASSIGNMENT)
        .unwrap()
        .replace("decisions: 10,", "decisions: 4294967295,");
    let path = dir.join("huge.ron");
    std::fs::write(&path, text).unwrap();
    let (code, _, err) = searchlab(&[
        "grade",
        dir.to_str().unwrap(),
        "--assignment",
        path.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("decisions: 4294967295, but a hand-in holds at most 10000 answers"),
        "{err}"
    );
}

/// A cited run whose counters were edited (the squares entered, 36 → 5) does not replay as
/// cited: the grader says which figure differs, and the task is not verified.
#[test]
fn a_cited_run_with_an_edited_counter_is_not_verified() {
    let dir = temp_dir("counters");
    let run = run_file();
    write(&dir, "ada.json", &good("Ada", &run).to_json());
    let mut edited = run.clone();
    let Report::Knight(KnightReport::Solve(r)) = &mut edited.report else {
        panic!("a knight's solve")
    };
    assert_eq!(
        r.counters.nodes, 36,
        "Warnsdorff enters each square of 6×6 once"
    );
    r.counters.nodes = 5;
    let mut gil = good("Gil", &run);
    gil.work[3] = Work::Run {
        task: 4,
        run: edited.to_ron(),
    };
    write(&dir, "gil.json", &gil.to_json());
    let (code, out, err) = searchlab(&["grade", dir.to_str().unwrap(), "--assignment", ASSIGNMENT]);
    assert_eq!(code, 1, "some work was not verified: {err}");
    let line = |who: &str| student_line(&out, who);
    assert!(line("Ada").contains("7 of 7"), "{out}");
    assert!(
        line("Gil").contains("5 of 7") && line("Gil").contains("not verified"),
        "{out}"
    );
    assert!(out.contains("Gil (gil.json), task 4:"), "{out}");
    assert!(
        out.contains("nodes 5"),
        "the figure that differs is named: {out}"
    );
}
