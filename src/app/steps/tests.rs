//! Traces handed over as the browser hands them.

use super::*;
use crate::app::background::tests::finished;
use crate::run::trace::{KnightTraceJob, QueensTraceJob};
use crate::solve::Budget;
use std::sync::atomic::AtomicBool;

/// A trace handed over as the browser hands it (as bytes, found by name, its trace
/// written back as bytes) comes back whole: the same steps as traced here, replaying
/// to a tour the puzzle module accepts, and the same checkpoints.
#[test]
fn a_trace_handed_over_as_bytes_comes_back_whole() {
    let ctx = egui::Context::default();
    let job = KnightTraceJob {
        cols: 5,
        rows: 5,
        start: Some((0, 0)),
        closed: false,
        algorithm: "backtrack".parse().unwrap(),
        params: Vec::new(),
        seed: 7,
        budget: Budget::unlimited(),
        limit: MAX_APP_STEPS,
    };
    let here = Prepared::of(job.run(&AtomicBool::new(false)).unwrap());
    let got = finished(&Background::handed(&ctx, TraceTask(job)));
    let [Ok(there)] = &got[..] else {
        panic!("one prepared trace, not {}", got.len());
    };
    let (a, b) = (&here.timeline.trace, &there.timeline.trace);
    assert_eq!((a.steps.len(), &a.path), (b.steps.len(), &b.path));
    assert!(b.steps.len() > 1000, "a search with dead ends");
    b.board.validate_tour(&b.path, false).unwrap();
    assert_eq!(here.marks, there.marks);
    assert_eq!(here.code, there.code);
    let end = there.timeline.len();
    for k in [0, 1, end / 2, end - 1, end] {
        assert_eq!(
            there.timeline.state_at(k),
            here.timeline.state_at(k),
            "step {k}"
        );
    }
    assert_eq!(there.timeline.state_at(end).path, b.path);

    let queens = QueensTraceJob {
        n: 8,
        algorithm: "backtracking".parse().unwrap(),
        params: Vec::new(),
        seed: 1,
        budget: Budget::unlimited(),
        limit: MAX_APP_STEPS,
    };
    let got = finished(&Background::handed(&ctx, TraceTask(queens)));
    let [Ok(there)] = &got[..] else {
        panic!("one prepared trace");
    };
    let rows = &there.timeline.trace.rows;
    crate::puzzle::queens::validate(8, rows).unwrap();
}

/// Work the browser's worker does not know is refused by name, and garbled bytes
/// with why: neither is run.
#[test]
fn unknown_or_garbled_work_is_refused_with_why() {
    let none = |_: &[u8], _: (u64, u64)| panic!("nothing may be sent");
    let cancel = Arc::new(AtomicBool::new(false));
    let e = crate::app::tabs::serve("rook-trace", &[], cancel.clone(), &none);
    assert_eq!(
        e.unwrap_err(),
        "no background work is called \"rook-trace\""
    );
    let e = crate::app::tabs::serve("knight-trace", &[255, 255], cancel, &none);
    assert!(e.unwrap_err().starts_with("a garbled task"));
}
