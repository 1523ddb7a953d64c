//! "Step by step" in the Knight's Tour view: a search traced, then followed forwards and
//! backwards. What the board must show at each step comes from the rules (a path of
//! knight's moves, a backtrack taking back the last square), and from the trace's own
//! replay, which `tests/trace.rs` checks against the solver.

use super::{harness, is_disabled, step_until_traced};
use egui_kittest::kittest::Queryable;
use searchlab::puzzle::knight::Board;
use searchlab::solve::knight::trace::KnightStep;

fn traced_5x5_backtrack() -> egui_kittest::Harness<'static, searchlab::app::SearchLabApp> {
    let mut h = harness();
    h.state_mut().knight.settings.algorithm = "backtrack".into();
    h.run();
    h.get_by_label("5×5").click();
    h.run();
    h.get_by_label("Step by step").click();
    step_until_traced(&mut h);
    h
}

#[test]
fn stepping_forward_and_back_shows_the_same_boards() {
    let mut h = traced_5x5_backtrack();
    let (pos, len) = h.state().knight.step_position().expect("a trace is shown");
    assert_eq!(pos, 0);
    // Plain backtracking from a5 on 5x5 enters 5,010 squares and takes back 4,985.
    assert_eq!(len, 5010 + 4985);
    let board = Board::new(5, 5).unwrap();
    let mut boards = vec![h.state_mut().knight.step_path().unwrap()];
    assert!(boards[0].is_empty());
    for _ in 0..40 {
        h.get_by_label("Step ▶").click();
        h.run();
        let path = h.state_mut().knight.step_path().unwrap();
        assert!(board.validate_path(&path).is_ok(), "{path:?}");
        boards.push(path);
    }
    assert_eq!(h.state().knight.step_position().unwrap().0, 40);
    for k in (0..40).rev() {
        h.get_by_label("◀ Back").click();
        h.run();
        assert_eq!(
            h.state_mut().knight.step_path().unwrap(),
            boards[k],
            "step {k}"
        );
    }
    // A backtrack takes back the path's last square, nothing else.
    let trace = h.state().knight.step_trace().unwrap();
    let back = (trace.steps.iter())
        .position(|s| matches!(s, KnightStep::Backtrack { .. }))
        .unwrap();
    h.state_mut().knight.seek_step(back);
    h.run();
    let before = h.state_mut().knight.step_path().unwrap();
    h.state_mut().knight.seek_step(back + 1);
    h.run();
    let after = h.state_mut().knight.step_path().unwrap();
    assert_eq!(after[..], before[..before.len() - 1]);
    // The end of the timeline is the answer: a tour.
    h.get_by_label("End ⏭").click();
    h.run();
    let end = h.state_mut().knight.step_path().unwrap();
    assert_eq!(board.validate_tour(&end, false), Ok(()));
}

#[test]
fn a_click_in_the_log_moves_the_timeline_and_the_pseudocode_follows() {
    let mut h = traced_5x5_backtrack();
    h.get_by_label("Step ▶").click();
    h.run();
    assert_eq!(
        h.state().knight.step_line().as_deref(),
        Some("add square to the path")
    );
    // The log tells the steps around the one on show; the second is the first move.
    h.get_by_label_contains("Move 1 from a5: 2 free squares")
        .click();
    h.run();
    assert_eq!(h.state().knight.step_position().unwrap().0, 2);
    assert!(
        (h.state().knight.step_line().unwrap()).starts_with("for each free square s"),
        "{:?}",
        h.state().knight.step_line()
    );
    // At a backtrack the lit line is the one that takes the square back.
    let trace = h.state().knight.step_trace().unwrap();
    let back = (trace.steps.iter())
        .position(|s| matches!(s, KnightStep::Backtrack { .. }))
        .unwrap();
    h.state_mut().knight.seek_step(back + 1);
    h.run();
    assert_eq!(
        h.state().knight.step_line().as_deref(),
        Some("take square back off the path")
    );
    assert!(h.query_all_by_label_contains("Back from").next().is_some());
    // Plain English, line for line.
    h.get_by_label("Plain English").click();
    h.run();
    assert!(
        h.query_all_by_label_contains("None of them led to a tour: step back off this square.")
            .next()
            .is_some()
    );
}

#[test]
fn only_the_classical_searches_can_be_traced_and_the_reason_is_given() {
    let mut h = harness();
    h.state_mut().knight.settings.algorithm = "level1".into();
    h.run();
    assert!(is_disabled(&h, "Step by step"));
    assert!(
        h.query_all_by_label_contains("level1 is not one of them")
            .next()
            .is_some()
    );
}

#[test]
fn the_keys_play_and_step_the_timeline() {
    let mut h = traced_5x5_backtrack();
    h.key_press(egui::Key::ArrowRight);
    h.run();
    h.key_press(egui::Key::ArrowRight);
    h.run();
    assert_eq!(h.state().knight.step_position().unwrap().0, 2);
    h.key_press(egui::Key::ArrowLeft);
    h.run();
    assert_eq!(h.state().knight.step_position().unwrap().0, 1);
    // Switching back to the run leaves the trace where it was.
    h.get_by_label("The run").click();
    h.run();
    assert!(!h.state().knight.showing_steps());
    assert_eq!(h.state().knight.step_position().unwrap().0, 1);
}

#[test]
fn snapshot_step_by_step_backtracking_5x5() {
    let mut h = traced_5x5_backtrack();
    // Step 30: the search has just taken back c1 and a2 and tries again.
    h.state_mut().knight.seek_step(30);
    h.run();
    super::snapshot(&mut h, "steps_backtrack_5x5");
}
