//! The first-run welcome: one sentence and three ways in, each opening its place in one
//! click (a search played step by step, the lesson that asks each next move, the puzzle
//! by hand); once closed it stays closed between sessions, and the help brings it back.

use super::Tabs;
use super::harness;
use egui_kittest::kittest::Queryable;
use searchlab::app::mode::Mode;
use searchlab::app::welcome::Door;
use searchlab::app::{SearchLabApp, Tab};

fn welcomed() -> egui_kittest::Harness<'static, SearchLabApp> {
    let mut h = harness();
    h.state_mut().lessons.wait_until_read();
    h.state_mut().show_welcome();
    h.run();
    h.get_by_label("Welcome to SearchLab");
    h
}

#[test]
fn watch_a_search_plays_warnsdorffs_rule_step_by_step() {
    let mut h = welcomed();
    h.get_by_label(Door::Watch.title()).click();
    // It plays on, so the frames never settle: step them.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while h
        .state()
        .knight()
        .steps()
        .position()
        .is_none_or(|(pos, _)| pos == 0)
        && std::time::Instant::now() < deadline
    {
        std::thread::sleep(std::time::Duration::from_millis(5));
        h.step();
    }
    let app = h.state();
    assert_eq!(app.tab, Tab::Puzzle(searchlab::run::knight::PUZZLE));
    assert_eq!(app.knight().mode(), Mode::Steps);
    assert_eq!(app.knight().settings.algorithm.id(), "warnsdorff");
    let (pos, len) = app.knight().steps().position().expect("a trace");
    assert!(
        pos > 0 && len > pos,
        "it plays from the start: {pos} of {len}"
    );
    assert!(!app.welcome);
    assert!(
        app.saved_state().welcomed,
        "closed once, it does not come up again"
    );
    assert!(h.query_by_label("Welcome to SearchLab").is_none());
}

#[test]
fn guess_its_next_step_opens_the_lesson_that_asks_each_move() {
    let mut h = welcomed();
    h.get_by_label(Door::Guess.title()).click();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while h.state().knight().steps().position().is_none() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(5));
        h.step();
    }
    h.run_steps(10);
    let app = h.state();
    assert!(app.lessons.open);
    assert_eq!(
        app.lessons.active().map(|l| l.title.as_str()),
        Some("Why Warnsdorff's rule works, and where its ties matter")
    );
    assert_eq!(app.knight().mode(), Mode::Steps);
    assert!(app.knight().steps().guessing(), "Your guess is on");
}

#[test]
fn play_it_yourself_opens_a_5x5_tour_by_hand_and_the_help_brings_it_back() {
    let mut h = welcomed();
    h.get_by_label(Door::Play.title()).click();
    h.run();
    let app = h.state();
    assert_eq!(app.knight().mode(), Mode::Play);
    assert_eq!(
        (app.knight().settings.cols, app.knight().settings.rows),
        (5, 5)
    );
    // The way back: the help's first button.
    h.key_press(egui::Key::F1);
    h.run();
    h.get_by_label("Where to begin: the welcome's three ways in")
        .click_accesskit();
    h.run();
    h.get_by_label("Welcome to SearchLab");
    h.get_by_label("Look around on my own").click();
    h.run();
    assert!(h.query_by_label("Welcome to SearchLab").is_none());
    assert!(!h.state().help);
    // Esc closes it too, and reaches no run (it is not the view's Stop).
    h.state_mut().show_welcome();
    h.run();
    h.key_press(egui::Key::Escape);
    h.run();
    assert!(!h.state().welcome);
}
