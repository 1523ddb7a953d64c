//! Compare's First difference: one search traced twice, one setting changed, shown from the
//! step where the two part.

use super::*;
use searchlab::run::trace::KnightTraceJob;
use searchlab::run::trace::timeline::Replayable;
use searchlab::solve::Budget;
use std::sync::atomic::AtomicBool;

/// Compare on First difference.
fn first_difference_harness() -> Harness<'static, SearchLabApp> {
    let mut h = compare_harness();
    h.get_by_label("First difference").click();
    h.run();
    h
}

/// The squares of a Warnsdorff walk on 8×8 from a8 with `tie_break`, after each step.
fn paths(tie_break: &str) -> Vec<Vec<u32>> {
    paths_of("warnsdorff", &[("tie_break", tie_break)])
}

/// The squares of `algorithm`'s traced search on 8×8 from a8 with `params`, after each
/// step.
fn paths_of(algorithm: &str, params: &[(&str, &str)]) -> Vec<Vec<u32>> {
    let job = KnightTraceJob {
        cols: 8,
        rows: 8,
        start: Some((0, 0)),
        closed: false,
        algorithm: algorithm.parse().unwrap(),
        params: (params.iter())
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        seed: 1,
        budget: Budget::unlimited(),
        limit: 10_000,
    };
    let trace = job.run(&AtomicBool::new(false)).unwrap();
    let mut state = trace.initial();
    let mut out = vec![];
    for i in 0..trace.len() {
        trace.replay(&mut state, i..i + 1);
        out.push(state.path.clone());
    }
    out
}

#[test]
fn two_tie_breaks_part_where_the_walks_first_enter_other_squares() {
    let mut h = first_difference_harness();
    h.get_by_label("Knight").click();
    h.run();
    h.get_by_label("▶ Trace both").click();
    step_until_idle(&mut h, Duration::from_secs(30));
    let (at, pos) = (h.state_mut().compare)
        .pair_of(searchlab::run::knight::PUZZLE)
        .and_then(|p| p.on_show())
        .expect("the pair is on show");
    // Worked out from the two walks themselves: the first step after which the squares
    // entered differ.
    let (a, b) = (paths("auto"), paths("roth"));
    let parted = (a.iter().zip(&b)).position(|(x, y)| x != y).unwrap();
    assert_eq!(at, Some(parted), "the walks part after step {}", parted + 1);
    // Shown just after that step, and said so.
    assert_eq!(pos, parted + 1);
    h.get_by_label(&format!(
        "The searches take the same first {parted} steps; step {} is where tie_break makes them differ.",
        parted + 1
    ));
    assert_eq!(h.query_all_by_label("the step where they part").count(), 2);
    assert_eq!(h.query_all_by_label("Chessboard").count(), 2);
    // Each side's answer is a tour, checked by the puzzle's rules.
    let board = Board::new(8, 8).unwrap();
    for path in [a.last().unwrap(), b.last().unwrap()] {
        assert_eq!(board.validate_tour(path, false), Ok(()));
    }
}

#[test]
fn the_same_value_on_both_sides_holds_the_trace_back_and_magic_is_not_traced() {
    let mut h = first_difference_harness();
    h.get_by_label("Knight").click();
    let pair = (h.state_mut().compare).pair_of(searchlab::run::knight::PUZZLE);
    *pair.unwrap().values_mut()[1] = "auto".into();
    h.run();
    assert!(is_disabled(&h, "▶ Trace both"));
    h.get_by_label("A and B give tie_break the same value: give B another");
    h.get_by_label("Magic").click();
    h.run();
    assert!(
        h.query_all_by_label_contains("Magic squares' searches are not traced")
            .count()
            >= 1
    );
    // Nothing to trace there: no button that would do nothing.
    assert!(h.query_by_label("▶ Trace both").is_none());
}

#[test]
fn the_search_itself_is_changed_on_b_by_picking_another() {
    let mut h = first_difference_harness();
    h.get_by_label("Knight").click();
    h.run();
    h.get_by_label("Setting to change").click();
    h.run();
    h.get_by_label("the search itself").click();
    h.run();
    // B starts as A's search: nothing to compare until another is picked.
    h.get_by_label("A and B are the same search: pick another for B");
    assert!(is_disabled(&h, "▶ Trace both"));
    h.get_by_label("B").click();
    h.run();
    h.get_by_label("Backtracking").click();
    h.run();
    assert!(!is_disabled(&h, "▶ Trace both"));
    h.get_by_label("▶ Trace both").click();
    step_until_idle(&mut h, Duration::from_secs(30));
    let (at, _) = (h.state_mut().compare)
        .pair_of(searchlab::run::knight::PUZZLE)
        .and_then(|p| p.on_show())
        .expect("the pair is on show");
    // A step that leaves the two on other squares is one where they differ: they part
    // there at the latest.
    let (a, b) = (paths_of("warnsdorff", &[]), paths_of("backtrack", &[]));
    let parted = (a.iter().zip(&b)).position(|(x, y)| x != y).unwrap();
    let at = at.expect("the two searches part");
    assert!(
        at <= parted,
        "parted at step {}, not by {}",
        at + 1,
        parted + 1
    );
    h.get_by_label_contains("where the search makes them differ");
    for side in ["A: Warnsdorff", "B: Backtracking"] {
        assert!(h.query_all_by_label(side).count() >= 1, "{side}");
    }
}
