//! "Your guess" in step by step: stepping stops before a decision, a click answers, and
//! the answer is scored against the search's own next step. What counts as right is
//! worked out here from the rules: the free squares with the fewest onward moves for
//! Warnsdorff; the first unattacked row for N-Queens backtracking; the probability of a
//! move for annealing.

use super::{Tabs, click_at, harness, queens_harness, step_until_traced};
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

/// Whether a widget whose label holds `label` is in an AccessKit live region: a screen
/// reader announces it when it changes.
pub(super) fn announced(h: &Harness<'_, SearchLabApp>, label: &str) -> bool {
    use egui_kittest::kittest::NodeT;
    h.get_all_by_label_contains(label).any(|node| {
        let mut at = Some(node.accesskit_node());
        while let Some(n) = at {
            if n.live() == egui::accesskit::Live::Polite {
                return true;
            }
            at = n.parent();
        }
        false
    })
}

/// Steps until a question waits (at most `limit` steps).
fn step_to_question(h: &mut Harness<'static, SearchLabApp>, queens: bool, limit: usize) {
    for _ in 0..limit {
        let asked = if queens {
            h.state().queens().steps().question().is_some()
        } else {
            h.state().knight().steps().question().is_some()
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
    h.state_mut().knight_mut().settings.algorithm = "warnsdorff".parse().unwrap();
    h.run();
    h.get_by_label("6×6").click();
    h.run();
    h.get_by_label("Step by step").click();
    step_until_traced(&mut h);
    h.get_by_label("Your guess").click();
    h.run();
    // The step's sentence is announced as the timeline moves.
    assert!(announced(&h, "Before the first step."));
    let board = Board::new(6, 6).unwrap();
    // Twice: once a square with the fewest onward moves, once one with more.
    for round in 0..2 {
        step_to_question(&mut h, false, 20);
        let q = h.state().knight().steps().question().unwrap().clone();
        h.get_by_label_contains("Your guess: Move");
        let path = h.state_mut().knight_mut().steps_mut().state().unwrap().path;
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
        if round == 0 {
            let g = &h.state().knight().steps().guess;
            assert!(g.asking.is_none());
            assert_eq!(
                h.state().knight().steps().position().unwrap().0,
                q.reveal_at
            );
            assert_eq!((g.right, g.asked), (1, 1));
            h.get_by_label_contains("Right!");
            h.get_by_label("Right at the first try: 1 of 1");
            // The verdict and the step's sentence are announced to screen readers.
            assert!(announced(&h, "Right!"));
            // "Why?": the rule that decided, worked out here from the onward moves.
            let why = g.why.clone().expect("a why after the answer");
            let ties = q.cells.iter().filter(|&&c| onward(c) == least).count();
            let rule = if ties > 1 {
                "tie on"
            } else {
                "fewest onward moves"
            };
            let k = why.choices.iter().position(|c| c.contains(rule)).unwrap();
            h.get_by_label_contains(&format!("{}  {}", k + 1, why.choices[k]))
                .click();
            h.run();
            h.get_by_label_contains("Right: ");
            h.get_by_label("Right at the first try: 1 of 1 · Why: 1 of 1");
        } else {
            // A miss: the question waits, with two tries left, and scores as wrong.
            let g = &h.state().knight().steps().guess;
            assert_eq!(g.asking.as_ref().map(|q| q.at), Some(q.at));
            assert_eq!((g.right, g.asked), (1, 2));
            h.get_by_label_contains(&format!(
                "Not {}. Try again: 2 tries left",
                board.name(pick)
            ));
            h.get_by_label_contains("Right at the first try: 1 of 2");
            // A right second try shows the decision, and scores nothing more.
            let (r, c) = board.row_col(q.right[0]);
            let pos = square_on(&h, "Chessboard", 6, r, c);
            click_at(&mut h, pos);
            h.run();
            let g = &h.state().knight().steps().guess;
            assert!(g.asking.is_none());
            assert_eq!(
                h.state().knight().steps().position().unwrap().0,
                q.reveal_at
            );
            assert_eq!((g.right, g.asked), (1, 2));
            h.get_by_label_contains("Right, at try 2");
            // Back over the decision and on again: it is not asked, nor scored, twice.
            h.key_press(egui::Key::ArrowLeft);
            h.run();
            h.key_press(egui::Key::ArrowRight);
            h.run();
            let again = h.state().knight().steps().question().map(|q| q.at);
            assert_ne!(again, Some(q.at));
            assert_eq!(h.state().knight().steps().guess.asked, 2);
        }
    }
}

#[test]
fn queens_backtracking_guesses_score_the_first_safe_row_and_none() {
    let mut h = queens_harness("6");
    h.state_mut().queens_mut().settings.algorithm = "backtracking".parse().unwrap();
    h.run();
    h.get_by_label("Step by step").click();
    step_until_traced(&mut h);
    h.get_by_label("Your guess").click();
    h.run();
    let mut right = 0;
    for _ in 0..12 {
        step_to_question(&mut h, true, 40);
        let q = h.state().queens().steps().question().unwrap().clone();
        let rows = h.state_mut().queens_mut().steps_mut().state().unwrap().rows;
        let column = rows.len() as u32;
        // The first row, from the one the column's scan starts on, that no queen attacks,
        // by the rules; or none.
        let attacked = |r: u32| {
            (rows.iter().enumerate()).any(|(c, &qr)| qr == r || qr.abs_diff(r) == column - c as u32)
        };
        let trace = h.state().queens().steps().trace().unwrap();
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
                h.get_by_label_contains("No safe square: it takes back a queen")
                    .click();
            }
        }
        h.run();
        right += 1;
        let g = &h.state().queens().steps().guess;
        assert_eq!(
            (g.right, g.asked),
            (right, right),
            "every answer from the rules is right"
        );
    }
    h.get_by_label("Right at the first try: 12 of 12");
}

/// A random walk draws its square: every free square is a right answer, and "Why?" names
/// the draw among them all.
#[test]
fn a_random_walks_guess_takes_every_free_square() {
    let mut h = harness();
    h.state_mut().knight_mut().settings.algorithm = "random-walk".parse().unwrap();
    h.run();
    h.get_by_label("5×5").click();
    h.run();
    h.get_by_label("Step by step").click();
    step_until_traced(&mut h);
    assert!(!super::is_disabled(&h, "Your guess"));
    h.get_by_label("Your guess").click();
    h.run();
    step_to_question(&mut h, false, 20);
    let q = h.state().knight().steps().question().unwrap().clone();
    let mut cells = q.cells.clone();
    cells.sort();
    let mut right = q.right.clone();
    right.sort();
    assert_eq!(cells, right);
    let board = Board::new(5, 5).unwrap();
    let (r, c) = board.row_col(*q.cells.last().unwrap());
    let pos = square_on(&h, "Chessboard", 5, r, c);
    click_at(&mut h, pos);
    h.run();
    h.get_by_label_contains("Right!");
    let why = h.state().knight().steps().guess.why.clone().expect("a why");
    let said = &why.choices[why.right[0]];
    assert!(
        said.contains(&format!("among all the free squares ({})", cells.len())),
        "{said}"
    );
    h.get_by_label_contains("A random walk draws among all");
}

/// Annealing's question is answered with its buttons (or the keys 1–3): the probability
/// of the move proposed, worked out here from the rules.
#[test]
fn annealing_guesses_the_probability_with_the_keys() {
    let mut h = queens_harness("8");
    h.state_mut().queens_mut().settings.algorithm = "annealing".parse().unwrap();
    h.run();
    h.get_by_label("Step by step").click();
    step_until_traced(&mut h);
    h.get_by_label("Your guess").click();
    h.run();
    let mut kinds = [0; 2];
    for _ in 0..12 {
        step_to_question(&mut h, true, 5);
        let q = h.state().queens().steps().question().unwrap().clone();
        let rows = h.state_mut().queens_mut().steps_mut().state().unwrap().rows;
        let trace = h.state().queens().steps().trace().unwrap();
        let QueenStep::Propose { column, row, .. } = trace.recorder.get(q.at).unwrap() else {
            panic!("a question at another step")
        };
        let mut moved = rows.clone();
        moved[column as usize] = row;
        let delta = searchlab::puzzle::queens::conflicts(&moved) as i64
            - searchlab::puzzle::queens::conflicts(&rows) as i64;
        let want = if delta <= 0 {
            "Always"
        } else {
            "With probability"
        };
        kinds[usize::from(delta > 0)] += 1;
        let k = q.choices.iter().position(|c| c.starts_with(want)).unwrap();
        let key = [egui::Key::Num1, egui::Key::Num2, egui::Key::Num3][k];
        h.key_press(key);
        h.run();
        assert!(h.state().queens().steps().question().is_none());
    }
    let g = &h.state().queens().steps().guess;
    assert_eq!((g.right, g.asked), (12, 12));
    assert!(kinds[0] > 0 && kinds[1] > 0, "{kinds:?}");
}

#[test]
fn snapshot_guess_hill_climbing_8() {
    let mut h = queens_harness("8");
    h.state_mut().queens_mut().settings.algorithm = "hill-climbing".parse().unwrap();
    h.run();
    h.get_by_label("Step by step").click();
    step_until_traced(&mut h);
    h.get_by_label("Your guess").click();
    h.run();
    step_to_question(&mut h, true, 5);
    // A wrong guess first (a square no right answer names), then the question after it.
    let q = h.state().queens().steps().question().unwrap().clone();
    let wrong = *q.cells.iter().find(|c| !q.right.contains(c)).unwrap();
    let pos = square_on(&h, "Queens board", 8, wrong / 8, wrong % 8);
    click_at(&mut h, pos);
    h.run();
    h.get_by_label_contains("Try again: 2 tries left");
    h.get_by_label("Right at the first try: 0 of 1");
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
    assert!(h.state().knight().steps().question().is_some());
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
    let q = h.state().knight().steps().question().unwrap().clone();
    let (r, c) = Board::new(6, 6).unwrap().row_col(q.cells[0]);
    let pos = square_on(&h, "Chessboard", 6, r, c);
    click_at(&mut h, pos);
    h.run();
    assert_eq!(h.state().knight().steps().guess.asked, 1);
    h.state_mut().pending_link = Some("#v1/knight?board=5x5&algo=warnsdorff&mode=guess".into());
    step_until_traced(&mut h);
    let g = &h.state().knight().steps().guess;
    assert_eq!((g.right, g.asked), (0, 0));
    h.get_by_label("No guesses yet");
}

/// A worked example faded from its end: the search plays its decisions but the last, the
/// student makes that one (and answers "Why?"), and once right at the first try the next
/// round leaves the last two.
#[test]
fn a_faded_example_leaves_the_last_decisions_and_grows_when_they_are_right() {
    use searchlab::app::steps::guess::Fade;
    let mut h = harness();
    h.state_mut().pending_link = Some("#v1/knight?board=6x6&algo=warnsdorff&mode=guess".into());
    step_until_traced(&mut h);
    h.get_by_label("the last decision").click();
    h.run();
    assert_eq!(h.state().knight().steps().guess.fade, Fade::Last(1));
    h.get_by_label_contains("Watch: press Play");
    let turn = h.state().knight().steps().guess.turn.clone().unwrap().at;
    assert_eq!(turn.len(), 1);
    // To the end: the timeline stops at the student's decision, and only there (the log
    // beside the board scrolls to it over a few frames).
    h.get_by_label_contains("End").click();
    h.run_steps(8);
    let q = h.state().knight().steps().question().unwrap().clone();
    assert_eq!(q.at, turn[0], "the last decision is asked");
    let len = h.state().knight().steps().position().unwrap().1;
    let last_asking = (q.at + 1..len)
        .filter(|&i| {
            let trace = h.state().knight().steps().trace().unwrap();
            searchlab::run::trace::guess::knight_asks(&trace, i)
        })
        .count();
    assert_eq!(last_asking, 0, "no decision after it");
    let (r, c) = Board::new(6, 6).unwrap().row_col(q.right[0]);
    let pos = square_on(&h, "Chessboard", 6, r, c);
    click_at(&mut h, pos);
    h.run();
    h.get_by_label_contains("Your turn is over: 1 of 1 right at the first try.");
    h.get_by_label("Again, with the last 2 decisions").click();
    h.run_steps(8);
    let g = &h.state().knight().steps().guess;
    assert_eq!(g.fade, Fade::Last(2));
    assert_eq!(g.turn.as_ref().unwrap().at.len(), 2);
    assert!(g.answered.is_empty(), "a new round asks afresh");
    assert_eq!(h.state().knight().steps().position().unwrap().0, 0);
    h.get_by_label_contains("End").click();
    h.run_steps(8);
    let turn = h.state().knight().steps().guess.turn.clone().unwrap().at;
    assert_eq!(h.state().knight().steps().question().unwrap().at, turn[0]);
}
