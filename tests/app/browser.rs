//! The solution browser: every solution of a small board in classes under the board's
//! symmetries, with counts from the literature (OEIS A000170 and A002562: 92 solutions of
//! 8 queens in 12 classes; Frénicle's 880 magic squares of order 4 up to symmetry).

use super::{Tabs, enter_text, is_disabled, magic_harness, queens_harness};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use searchlab::app::SearchLabApp;
use searchlab::app::mode::Mode;
use searchlab::puzzle::symmetry::Symmetry;
use std::time::{Duration, Instant};

/// Runs frames until the browser of `which` view has listed its solutions.
fn until_listed(h: &mut Harness<'static, SearchLabApp>, magic: bool) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        h.step();
        let listed = if magic {
            h.state().magic().browser().catalogue().is_some()
        } else {
            h.state().queens().browser().catalogue().is_some()
        };
        if listed {
            h.run();
            return;
        }
        assert!(Instant::now() < deadline, "the listing never came");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn eight_queens_browse_as_92_solutions_in_12_classes_and_a_symmetry_plays() {
    let mut h = queens_harness("8");
    h.get_by_label("Browse the solutions").click();
    until_listed(&mut h, false);
    h.get_by_label("8 queens: 92 solutions in 12 classes");
    h.get_by_label("11 classes of 8");
    h.get_by_label("1 class of 4");
    // The second member is the first turned a quarter clockwise, and picking it plays
    // that turn.
    h.get_by_label("2 turned a quarter clockwise").click();
    // The turn repaints every frame while it plays.
    h.run_steps(3);
    h.get_by_label_contains("Member 1 → member 2: turned a quarter clockwise");
    let c = h.state().queens().browser().catalogue().unwrap().clone();
    assert_eq!(h.state().queens().browser().position(), (0, 1));
    let class = &c.classes[0];
    let first = &c.solutions[class.representative];
    assert_eq!(
        Symmetry::Quarter.queens(first).as_ref(),
        Some(&c.solutions[class.members[1].0])
    );
    // The next class; its first member is on show.
    h.get_by_label("Class ▶").click();
    h.run();
    assert_eq!(h.state().queens().browser().position(), (1, 0));
    super::snapshot(&mut h, "browser_queens_8");
    // Back to the board, and 13 queens are too many to list: the button says why.
    h.get_by_label("Browsing the solutions: back to the board")
        .click();
    h.run();
    assert_eq!(h.state().queens().mode(), Mode::Run);
    enter_text(&mut h, "Queens (n)", "13");
    assert!(is_disabled(&h, "Browse the solutions"));
}

#[test]
fn magic_squares_of_order_4_browse_as_880_classes_of_8() {
    let mut h = magic_harness();
    h.get_by_label("4×4").click();
    h.run();
    h.get_by_label("Browse the solutions").click();
    until_listed(&mut h, true);
    h.get_by_label("order 4: 7,040 magic squares in 880 classes");
    h.get_by_label("880 classes of 8");
    let c = h.state().magic().browser().catalogue().unwrap().clone();
    for k in &c.classes {
        let first = &c.solutions[k.representative];
        for &(i, s) in &k.members {
            assert_eq!(s.grid(4, first), c.solutions[i]);
            assert_eq!(
                searchlab::puzzle::magic::validate(4, &c.solutions[i]),
                Ok(())
            );
        }
    }
    // Order 3: the Lo Shu and its 7 images, one class.
    h.get_by_label("Browsing the solutions: back to the board")
        .click();
    h.run();
    h.get_by_label("3×3").click();
    h.run();
    h.get_by_label("Browse the solutions").click();
    until_listed(&mut h, true);
    h.get_by_label("order 3: 8 magic squares in 1 class");
    super::snapshot(&mut h, "browser_magic_3");
}

#[test]
fn a_board_without_solutions_says_so_and_its_keys_do_nothing() {
    let mut h = queens_harness("3");
    h.get_by_label("Browse the solutions").click();
    until_listed(&mut h, false);
    h.get_by_label_contains("3 queens have no solution");
    h.key_press(egui::Key::ArrowRight);
    h.run();
    h.key_press(egui::Key::ArrowLeft);
    h.run();
    assert_eq!(h.state().queens().browser().position(), (0, 0));
}

#[test]
fn a_small_window_picks_members_from_a_list_that_keeps_the_board_its_room() {
    let mut h = super::harness_of_size(800.0, 600.0);
    h.run();
    h.get_by_label("N-Queens").click();
    h.run();
    enter_text(&mut h, "Queens (n)", "8");
    h.get_by_label("Browse the solutions").click();
    until_listed(&mut h, false);
    // No list of eight members: a picker, showing the first.
    assert!(h.query_by_label("2 turned a quarter clockwise").is_none());
    h.get_by_label("Member (of 8):").click();
    h.run();
    h.get_by_label("3 turned half way round").click();
    h.run_steps(3);
    h.get_by_label_contains("Member 1 → member 3: turned half way round");
    assert_eq!(h.state().queens().browser().position(), (0, 2));
    let c = h.state().queens().browser().catalogue().unwrap().clone();
    let class = &c.classes[0];
    assert_eq!(
        Symmetry::Half
            .queens(&c.solutions[class.representative])
            .as_ref(),
        Some(&c.solutions[class.members[2].0])
    );
}
