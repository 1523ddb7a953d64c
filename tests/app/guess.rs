//! "Your guess" in step by step: stepping stops before a decision, a click answers, and
//! the answer is scored against the search's own next step. What counts as right is
//! worked out here from the rules: the free squares with the fewest onward moves for
//! Warnsdorff; the first unattacked row for N-Queens backtracking.

use super::{click_at, harness, queens_harness, step_until_traced};
use egui::{Pos2, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use searchlab::app::SearchLabApp;
use searchlab::puzzle::knight::Board;
use searchlab::solve::queens::trace::QueenStep;

/// The centre of a square of whichever board is on show, by its accessible label.
fn square_on(h: &Harness<'_, SearchLabApp>, label: &str, side: u32, row: u32, col: u32) -> Pos2 {
    let rect = h.get_by_label(label).rect();
    let cell = rect.width() / side as f32;
    rect.min + Vec2::new((col as f32 + 0.5) * cell, (row as f32 + 0.5) * cell)
}

/// Steps until a question waits (at most `limit` steps).
fn step_to_question(h: &mut Harness<'static, SearchLabApp>, queens: bool, limit: usize) {
    for _ in 0..limit {
        let asked = if queens {
            h.state().queens.steps().question().is_some()
        } else {
            h.state().knight.steps().question().is_some()
        };
        if asked {
            return;
        }
        h.key_press(egui::Key::ArrowRight);
        h.run();
    }
    panic!("no question within {limit} steps");
}

#[test]
fn warnsdorff_guesses_are_scored_right_and_wrong_from_the_onward_moves() {
    let mut h = harness();
    h.state_mut().knight.settings.algorithm = "warnsdorff".into();
    h.run();
    h.get_by_label("6×6").click();
    h.run();
    h.get_by_label("Step by step").click();
    step_until_traced(&mut h);
    h.get_by_label("Your guess").click();
    h.run();
    let board = Board::new(6, 6).unwrap();
    // Twice: once a square with the fewest onward moves, once one with more.
    for round in 0..2 {
        step_to_question(&mut h, false, 20);
        let q = h.state().knight.steps().question().unwrap().clone();
        h.get_by_label_contains("Your guess: Move");
        let path = h.state_mut().knight.steps_mut().state().unwrap().path;
        let onward = |sq: u32| board.neighbours(sq).filter(|t| !path.contains(t)).count();
        let least = q.cells.iter().map(|&c| onward(c)).min().unwrap();
        let pick = if round == 0 {
            *q.cells.iter().find(|&&c| onward(c) == least).unwrap()
        } else {
            match q.cells.iter().find(|&&c| onward(c) > least) {
                Some(&c) => c,
                // Every choice ties: any is right; keep to the plan with the next question.
                None => {
                    h.get_by_label("Show me").click();
                    h.run();
                    continue;
                }
            }
        };
        let (r, c) = board.row_col(pick);
        let pos = square_on(&h, "Chessboard", 6, r, c);
        click_at(&mut h, pos);
        h.run();
        let g = &h.state().knight.steps().guess;
        assert!(g.asking.is_none());
        assert_eq!(h.state().knight.steps().position().unwrap().0, q.reveal_at);
        if round == 0 {
            assert_eq!((g.right, g.asked), (1, 1));
            h.get_by_label_contains("Right!");
            h.get_by_label("Your guesses: 1 of 1 right");
        } else {
            assert_eq!(g.asked, 2);
            assert_eq!(g.right, 1);
            h.get_by_label_contains(&format!("Not {}", board.name(pick)));
            h.get_by_label("Your guesses: 1 of 2 right");
            // Back over the decision and on again: it is not asked, nor scored, twice.
            h.key_press(egui::Key::ArrowLeft);
            h.run();
            h.key_press(egui::Key::ArrowRight);
            h.run();
            let again = h.state().knight.steps().question().map(|q| q.at);
            assert_ne!(again, Some(q.at));
            assert_eq!(h.state().knight.steps().guess.asked, 2);
        }
    }
}

#[test]
fn queens_backtracking_guesses_score_the_first_safe_row_and_none() {
    let mut h = queens_harness("6");
    h.state_mut().queens.settings.algorithm = "backtracking".into();
    h.run();
    h.get_by_label("Step by step").click();
    step_until_traced(&mut h);
    h.get_by_label("Your guess").click();
    h.run();
    let mut right = 0;
    for _ in 0..12 {
        step_to_question(&mut h, true, 40);
        let q = h.state().queens.steps().question().unwrap().clone();
        let rows = h.state_mut().queens.steps_mut().state().unwrap().rows;
        let column = rows.len() as u32;
        // The first row, from the one the column's scan starts on, that no queen attacks,
        // by the rules; or none.
        let attacked = |r: u32| {
            (rows.iter().enumerate()).any(|(c, &qr)| qr == r || qr.abs_diff(r) == column - c as u32)
        };
        let trace = h.state().queens.steps().trace().unwrap();
        let from = match trace.recorder.get(q.at).unwrap() {
            QueenStep::Conflict { row, .. } | QueenStep::Place { row, .. } => row,
            ref other => panic!("a question at {other:?}"),
        };
        let first_safe = (from..6).find(|&r| !attacked(r));
        assert_eq!(q.right.first().map(|c| c / 6), first_safe);
        match q.right.first() {
            Some(&cell) => {
                let r = cell / 6;
                assert_eq!(cell % 6, column, "the answer is in the next column");
                let pos = square_on(&h, "Queens board", 6, r, column);
                click_at(&mut h, pos);
            }
            None => {
                h.get_by_label("No safe square: it takes back a queen")
                    .click();
            }
        }
        h.run();
        right += 1;
        let g = &h.state().queens.steps().guess;
        assert_eq!(
            (g.right, g.asked),
            (right, right),
            "every answer from the rules is right"
        );
    }
    h.get_by_label("Your guesses: 12 of 12 right");
}

#[test]
fn a_random_walk_offers_no_guess_and_says_why() {
    let mut h = harness();
    h.state_mut().knight.settings.algorithm = "random-walk".into();
    h.run();
    h.get_by_label("5×5").click();
    h.run();
    h.get_by_label("Step by step").click();
    step_until_traced(&mut h);
    assert!(super::is_disabled(&h, "Your guess"));
}

#[test]
fn snapshot_guess_hill_climbing_8() {
    let mut h = queens_harness("8");
    h.state_mut().queens.settings.algorithm = "hill-climbing".into();
    h.run();
    h.get_by_label("Step by step").click();
    step_until_traced(&mut h);
    h.get_by_label("Your guess").click();
    h.run();
    step_to_question(&mut h, true, 5);
    // A wrong guess first (a square no right answer names), then the question after it.
    let q = h.state().queens.steps().question().unwrap().clone();
    let wrong = *q.cells.iter().find(|c| !q.right.contains(c)).unwrap();
    let pos = square_on(&h, "Queens board", 8, wrong / 8, wrong % 8);
    click_at(&mut h, pos);
    h.run();
    h.get_by_label_contains("Not ");
    h.get_by_label("Your guesses: 0 of 1 right");
    super::snapshot(&mut h, "guess_hill_climbing_8");
}

/// At 800 × 600 the board has no room for the question above it, and the figures stand
/// under the form: the question then comes first in the left panel, above the form, once,
/// where a student looks, not under the form and the statistics.
#[test]
fn on_a_small_window_the_question_comes_before_the_form() {
    let mut h = super::harness_of_size(800.0, 600.0);
    h.state_mut().pending_link =
        Some("#v1/knight?board=8x8&algo=warnsdorff&mode=guess&step=12".into());
    step_until_traced(&mut h);
    h.run();
    assert!(h.state().knight.steps().question().is_some());
    let asked = h
        .query_all_by_label_contains("Your guess: ")
        .collect::<Vec<_>>();
    assert_eq!(asked.len(), 1, "the question is shown once");
    let form = h.get_by_label("Columns").rect();
    assert!(
        asked[0].rect().bottom() < form.top(),
        "the question {:?} stands above the form {:?}",
        asked[0].rect(),
        form
    );
    assert!(asked[0].rect().bottom() < 600.0, "and in the window");
}

/// A link's (or a lesson's) questions are scored afresh: the guesses made before it do not
/// count in its score.
#[test]
fn a_link_scores_its_guesses_afresh() {
    let mut h = harness();
    h.state_mut().pending_link = Some("#v1/knight?board=6x6&algo=warnsdorff&mode=guess".into());
    step_until_traced(&mut h);
    step_to_question(&mut h, false, 20);
    let q = h.state().knight.steps().question().unwrap().clone();
    let (r, c) = Board::new(6, 6).unwrap().row_col(q.cells[0]);
    let pos = square_on(&h, "Chessboard", 6, r, c);
    click_at(&mut h, pos);
    h.run();
    assert_eq!(h.state().knight.steps().guess.asked, 1);
    h.state_mut().pending_link = Some("#v1/knight?board=5x5&algo=warnsdorff&mode=guess".into());
    step_until_traced(&mut h);
    let g = &h.state().knight.steps().guess;
    assert_eq!((g.right, g.asked), (0, 0));
    h.get_by_label("No guesses yet");
}
