//! The run machinery without the app: events in order, coalesced snapshots, prompt cancel.

use searchlab::puzzle::knight::Board;
use searchlab::run::{Event, Job, KnightJob, KnightReport, KnightTask, Report, Run};
use searchlab::solve::{Budget, Stop};
use std::time::{Duration, Instant};

fn job(cols: u64, rows: u64, task: KnightTask, budget: Budget) -> Job {
    Job::Knight(KnightJob {
        cols,
        rows,
        start: None,
        closed: false,
        seed: 1,
        budget,
        task,
    })
}

fn solve_task(algorithm: &str) -> KnightTask {
    KnightTask::Solve {
        algorithm: algorithm.parse().unwrap(),
        params: vec![],
        fallback: false,
    }
}

/// Collects events until `Finished`, taking snapshots as a drawing consumer would.
fn drive(run: &Run, limit: Duration) -> (Vec<Event>, Vec<Vec<u32>>) {
    let deadline = Instant::now() + limit;
    let (mut events, mut snaps) = (Vec::new(), Vec::new());
    while Instant::now() < deadline {
        if let Some(s) = run.take_snapshot() {
            snaps.push(s);
        }
        if let Some(e) = run.next_event(Duration::from_millis(10)) {
            let done = matches!(e, Event::Finished(_));
            events.push(e);
            if done {
                break;
            }
        }
    }
    (events, snaps)
}

#[test]
fn a_run_starts_reports_and_finishes_with_a_valid_tour() {
    let run = Run::start(
        job(
            16,
            16,
            solve_task("backtrack-warnsdorff"),
            Budget::unlimited(),
        ),
        || {},
    );
    let (events, _) = drive(&run, Duration::from_secs(10));
    assert!(matches!(events.first(), Some(Event::Started { .. })));
    let Some(Event::Finished(Ok(Report::Knight(KnightReport::Solve(r))))) = events.last() else {
        panic!("{events:?}")
    };
    assert!(r.found);
    assert_eq!(
        Board::new(16, 16).unwrap().validate_tour(&r.path, false),
        Ok(())
    );
    run.join();
}

#[test]
fn snapshots_are_legal_partial_paths_and_never_queue_up() {
    // Plain backtracking on 8x8 runs until its budget: a long stream of states.
    let budget = Budget::unlimited().with_time(Duration::from_millis(600));
    let run = Run::start(job(8, 8, solve_task("backtrack"), budget), || {});
    let (events, snaps) = drive(&run, Duration::from_secs(10));
    assert!(matches!(events.last(), Some(Event::Finished(Ok(_)))));
    let board = Board::new(8, 8).unwrap();
    assert!(snaps.len() >= 3, "{} snapshots", snaps.len());
    for s in &snaps {
        assert_eq!(s[0], 0);
        assert!(board.validate_path(s).is_ok());
    }
    // Progress is rate-limited: a 600 ms run sends tens of events, not millions.
    assert!(events.len() < 100, "{} events", events.len());
}

#[test]
fn cancel_stops_a_long_count_promptly_with_a_partial_answer() {
    // Counting every tour of 8x8 would take years.
    let run = Run::start(
        job(
            8,
            8,
            KnightTask::Count {
                all_starts: true,
                path: Vec::new(),
                part: None,
            },
            Budget::unlimited(),
        ),
        || {},
    );
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    run.cancel();
    let (events, _) = drive(&run, Duration::from_secs(5));
    let waited = asked.elapsed();
    eprintln!("cancel to Finished: {waited:?}");
    let Some(Event::Finished(Ok(Report::Knight(KnightReport::Count(c))))) = events.last() else {
        panic!("{events:?}")
    };
    assert!(!c.complete);
    assert_eq!(c.stop, Stop::Cancelled);
    assert!(c.total > 0, "tours counted before the cancel are kept");
    // Generous: the point is that it stops, not how fast this machine is.
    assert!(waited < Duration::from_secs(2), "took {waited:?}");
}

#[test]
fn dropping_a_run_cancels_and_joins_its_thread() {
    let run = Run::start(
        job(
            8,
            8,
            KnightTask::Count {
                all_starts: false,
                path: Vec::new(),
                part: None,
            },
            Budget::unlimited(),
        ),
        || {},
    );
    std::thread::sleep(Duration::from_millis(50));
    let t = Instant::now();
    drop(run);
    assert!(t.elapsed() < Duration::from_secs(2));
}

#[test]
fn bad_input_comes_back_as_an_input_error() {
    let run = Run::start(
        job(0, 5, solve_task("warnsdorff"), Budget::unlimited()),
        || {},
    );
    let (events, _) = drive(&run, Duration::from_secs(5));
    assert!(matches!(
        events.last(),
        Some(Event::Finished(Err(searchlab::run::JobError::Input(_))))
    ));
}

/// Runs `job` (limit 0.8 s), pausing it for 1.5 s after 0.2 s: its events and wall time.
fn run_with_a_pause(job: Job) -> (Vec<Event>, Duration) {
    let run = Run::start(job, || {});
    let began = Instant::now();
    std::thread::sleep(Duration::from_millis(200));
    run.set_paused(true);
    std::thread::sleep(Duration::from_millis(1500));
    assert!(
        !run.is_finished(),
        "a paused search waits, whatever its time limit"
    );
    run.set_paused(false);
    let (events, _) = drive(&run, Duration::from_secs(20));
    (events, began.elapsed())
}

/// The time limit ended the run, which counted only its running time.
fn ran_its_limit(stop: Stop, elapsed_ms: f64, wall: Duration) {
    assert_eq!(stop, Stop::TimeLimit);
    // 0.2 s, the 1.5 s pause, then the rest of its 0.8 s.
    assert!(wall >= Duration::from_millis(2200), "{wall:?}");
    assert!(
        (780.0..1300.0).contains(&elapsed_ms),
        "running time {elapsed_ms} ms in {wall:?}"
    );
}

const PAUSED_LIMIT: Duration = Duration::from_millis(800);

#[test]
fn a_pause_counts_neither_toward_the_time_limit_nor_the_elapsed_time() {
    // Plain backtracking does not finish 12x12 in a second: the limit ends it.
    let budget = Budget::unlimited().with_time(PAUSED_LIMIT);
    let (events, wall) = run_with_a_pause(job(12, 12, solve_task("backtrack"), budget));
    let Some(Event::Finished(Ok(Report::Knight(KnightReport::Solve(r))))) = events.last() else {
        panic!("no report: {events:?}")
    };
    // It ran its 0.8 s after the pause as well as before it, and says so.
    ran_its_limit(r.stop, r.elapsed_ms, wall);
}

#[test]
fn a_pause_does_not_count_toward_a_parallel_count_s_time_limit_either() {
    // Counting from every square of 6x6 takes far longer than its limit.
    let budget = Budget::unlimited().with_time(PAUSED_LIMIT);
    let count = KnightTask::Count {
        all_starts: true,
        path: Vec::new(),
        part: None,
    };
    let (events, wall) = run_with_a_pause(job(6, 6, count, budget));
    let Some(Event::Finished(Ok(Report::Knight(KnightReport::Count(r))))) = events.last() else {
        panic!("no report: {events:?}")
    };
    ran_its_limit(r.stop, r.elapsed_ms, wall);
}

#[test]
fn a_pause_does_not_count_toward_an_n_queens_count_s_time_limit() {
    // 17 queens take far longer than the limit to count.
    let job = Job::Queens(searchlab::run::QueensJob {
        n: 17,
        seed: 0,
        budget: Budget::unlimited().with_time(PAUSED_LIMIT),
        threads: Some(2),
        task: searchlab::run::QueensTask::Count,
    });
    let (events, wall) = run_with_a_pause(job);
    let Some(Event::Finished(Ok(Report::Queens(searchlab::run::QueensReport::Count(r))))) =
        events.last()
    else {
        panic!("no report: {events:?}")
    };
    ran_its_limit(r.stop, r.elapsed_ms, wall);
}

#[test]
fn the_last_progress_before_the_end_carries_the_search_s_final_counters() {
    // Breadth-first on 4x5 generates hundreds of thousands of nodes: progress reports
    // come every 50 ms, and the one the solver makes at its end is not dropped by the
    // rate limit, so the last figures a consumer sees are the final ones.
    let task = KnightTask::Search {
        strategy: "bfs".into(),
    };
    let run = Run::start(job(4, 5, task, Budget::unlimited()), || {});
    let (events, _) = drive(&run, Duration::from_secs(60));
    let Some(Event::Finished(Ok(Report::Knight(KnightReport::Search(r))))) = events.last() else {
        panic!("{:?}", events.last())
    };
    assert!(r.found);
    let last = events.iter().rev().find_map(|e| match e {
        Event::Progress { counters, .. } => Some(*counters),
        _ => None,
    });
    let last = last.expect("progress reports");
    assert_eq!(last.nodes, r.nodes_generated);
    assert_eq!(last.max_depth, 20, "the tour's depth, {last:?}");
    assert_eq!(
        r.counters(),
        searchlab::solve::Counters { depth: 20, ..last }
    );
    run.join();
}
