//! What the app draws, read as a student reads it: every coloured overlay with its legend
//! and exact values on hover, coordinates around the boards, Compare's charts naming each
//! algorithm and fitting the window, a board that keeps its size, readable descriptions,
//! rows that show their answer, keys for the tabs, and display names instead of ids.

use super::{
    Tabs, click_at, compare_harness, enter_text, experiments_harness, harness, harness_of_size,
    magic_harness, queens_harness, run_to_end, snapshot, step_until_idle,
};
use egui::accesskit::{Role, Toggled};
use egui::{Event, Pos2, Rect, Vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use searchlab::app::SearchLabApp;
use std::time::{Duration, Instant};

/// Moves the pointer to `pos` and lets the frames that follow draw what it hovers.
fn hover_at(h: &mut Harness<'_, SearchLabApp>, pos: Pos2) {
    h.event(Event::PointerMoved(pos));
    h.run_steps(3);
}

/// Asserts that some label (a tooltip, a line under the board) says `text`.
fn told(h: &Harness<'_, SearchLabApp>, text: &str) {
    assert!(
        h.query_all_by_label_contains(text).next().is_some(),
        "nothing says {text:?}"
    );
}

/// The centre of square (row, col) of the board called `label`, on a `cols`-wide board.
fn centre_of(h: &Harness<'_, SearchLabApp>, label: &str, cols: u32, row: u32, col: u32) -> Pos2 {
    let rect = h.get_by_label(label).rect();
    let cell = rect.width() / cols as f32;
    rect.min + Vec2::new((col as f32 + 0.5) * cell, (row as f32 + 0.5) * cell)
}

// ---- 1. Every coloured overlay has a legend, and hover gives the exact value ----------

#[test]
fn the_count_from_every_square_heat_map_has_a_legend_and_exact_values() {
    let mut h = harness();
    h.state_mut().knight_mut().settings.algorithm = "count-all".parse().unwrap();
    h.get_by_label("5×5").click();
    h.run();
    run_to_end(&mut h);
    h.run();
    // 304 open tours from each corner of 5x5, the most from any square.
    h.get_by_label("tours from this square: colour scale from 0 to 304");
    let a1 = centre_of(&h, "Chessboard", 5, 4, 0);
    hover_at(&mut h, a1);
    told(&h, "a1 (4,0): 304 tours from this square");
    snapshot(&mut h, "knight_count_heat_5x5");
}

#[test]
fn warnsdorff_degrees_are_told_in_the_legend_and_on_hover() {
    let mut h = harness();
    h.state_mut().knight_mut().settings.show_degrees = true;
    h.run();
    told(&h, "onward moves (Warnsdorff degree)");
    // From the corner a8 a knight has two moves.
    let a8 = centre_of(&h, "Chessboard", 8, 0, 0);
    hover_at(&mut h, a8);
    told(&h, "a8 (0,0): 2 onward moves (Warnsdorff degree)");
    let d5 = centre_of(&h, "Chessboard", 8, 3, 3);
    hover_at(&mut h, d5);
    told(&h, "d5 (3,3): 8 onward moves (Warnsdorff degree)");
}

#[test]
fn the_belief_space_has_a_legend_and_exact_weights() {
    let mut h = harness();
    h.state_mut().knight_mut().settings.algorithm = "level3".parse().unwrap();
    h.state_mut().knight_mut().settings.speed = searchlab::app::knight::INSTANT;
    h.run();
    run_to_end(&mut h);
    h.run();
    told(&h, "belief weight of the square: colour scale from");
    let b7 = centre_of(&h, "Chessboard", 8, 1, 1);
    hover_at(&mut h, b7);
    told(&h, "b7 (1,1): belief weight 0.");
}

#[test]
fn the_queens_board_and_its_density_view_have_legends_and_exact_counts() {
    // A local minimum: attacked queens in red and the lines between them.
    let mut h = queens_harness("8");
    {
        let q = &mut h.state_mut().queens_mut().settings;
        q.algorithm = "hill-climbing".parse().unwrap();
        q.seed = 4;
        q.params
            .insert("hill-climbing.max_restarts".into(), "0".into());
    }
    h.run();
    run_to_end(&mut h);
    h.run();
    for swatch in ["queen", "attacked queen", "attack line"] {
        h.get_by_label(swatch);
    }
    let rows = h.state().queens().placement().to_vec();
    let (c, r) = (0u32, rows[0]);
    let queen = centre_of(&h, "Queens board", 8, r, c);
    hover_at(&mut h, queen);
    let name = format!("a{} ({r},{c}):", 8 - r);
    told(&h, &name);

    // A thousand queens: each pixel of the density view holds a block of squares.
    enter_text(&mut h, "Queens (n)", "1000");
    h.state_mut().queens_mut().settings.algorithm = "min-conflicts".parse().unwrap();
    h.run();
    run_to_end(&mut h);
    h.run();
    told(&h, "queens in a block of");
    told(&h, ": colour scale from 1 to");
    let board = h.get_by_label("Queens board").rect();
    hover_at(&mut h, board.center());
    let block = h
        .query_all_by_label_contains("a block of")
        .filter_map(|n| n.value())
        .find(|v| v.contains("attacked"));
    assert!(block.is_some(), "the block under the pointer is told");
}

#[test]
fn the_experiments_heat_map_has_a_legend_and_exact_values() {
    let mut h = experiments_harness();
    h.get_by_label("Knight: tours from every square (Knight's Tour solver report)")
        .click();
    h.run();
    h.state_mut().experiments.settings.side = 5;
    h.run();
    h.get_by_label("▶ Run experiment").click();
    step_until_idle(&mut h, Duration::from_secs(60));
    h.run();
    h.get_by_label("tours found from this square: colour scale from 0 to 304");
    h.get_by_label("recursive calls").click();
    h.run();
    told(
        &h,
        "recursive calls from this square: colour scale from 0 to",
    );
    // The corner's exact figure, not a rounded one.
    let a5 = centre_of(&h, "Chessboard", 5, 0, 0);
    hover_at(&mut h, a5);
    told(&h, "a5 (0,0): 8037 recursive calls from this square");
}

#[test]
fn the_magic_square_tells_its_colours_and_a_large_one_its_values() {
    let mut h = magic_harness();
    h.state_mut().magic_mut().settings.algorithm = "construct".parse().unwrap();
    h.run();
    run_to_end(&mut h);
    h.run();
    told(&h, "the magic constant 15");
    enter_text(&mut h, "Order", "30");
    run_to_end(&mut h);
    h.run();
    h.get_by_label("value in the square: colour scale from 1 to 900");
    let grid = h.get_by_label("Magic square").rect();
    let cell = grid.width() / 30.0;
    hover_at(&mut h, grid.min + Vec2::splat(0.5 * cell));
    let value = h.state().magic().square()[0];
    told(&h, &format!("row 1, column 1: {value}"));
}

// ---- 2. Coordinates around every chess board ----------------------------------------------

/// The coordinate labels drawn around boards: files (`file a`) or ranks (`rank 8`).
fn coordinate_rects(h: &Harness<'_, SearchLabApp>, kind: &str) -> Vec<(String, Rect)> {
    h.query_all_by_label_contains(kind)
        .filter_map(|n| {
            let node = n.accesskit_node();
            let label = node.label().or_else(|| node.value())?;
            label.starts_with(kind).then(|| (label, n.rect()))
        })
        .collect()
}

fn assert_apart(labels: &[(String, Rect)]) {
    for (i, (a, ra)) in labels.iter().enumerate() {
        for (b, rb) in &labels[i + 1..] {
            assert!(!ra.intersects(*rb), "{a} {ra:?} overlaps {b} {rb:?}");
        }
    }
}

#[test]
fn the_boards_have_coordinates_that_never_overlap() {
    let mut h = harness();
    h.run();
    let files = coordinate_rects(&h, "file ");
    let ranks = coordinate_rects(&h, "rank ");
    let names = |v: &[(String, Rect)]| v.iter().map(|f| f.0.clone()).collect::<Vec<_>>();
    assert_eq!(
        names(&files),
        ["a", "b", "c", "d", "e", "f", "g", "h"].map(|f| format!("file {f}"))
    );
    assert_eq!(names(&ranks).len(), 8);
    h.get_by_label("rank 8");
    h.get_by_label("rank 1");
    // Files under the board, ranks to its left; a8 is top-left.
    let board = h.get_by_label("Chessboard").rect();
    let a = &files[0].1;
    assert!(a.top() >= board.max.y - 1.0 && a.center().x < board.min.x + 60.0);
    let r8 = h.get_by_label("rank 8").rect();
    assert!(r8.max.x <= board.min.x + 1.0 && r8.min.y < board.min.y + 60.0);

    // 100 × 100: every k-th label, none on another.
    enter_text(&mut h, "Columns", "100");
    enter_text(&mut h, "Rows", "100");
    h.run();
    let files = coordinate_rects(&h, "file ");
    let ranks = coordinate_rects(&h, "rank ");
    assert!(
        (3..100).contains(&files.len()),
        "{} file labels",
        files.len()
    );
    assert!((3..100).contains(&ranks.len()));
    assert_apart(&files);
    assert_apart(&ranks);
    h.get_by_label("file a");
    h.get_by_label("rank 1");

    // N-Queens, and Compare's boards too.
    h.get_by_label("N-Queens").click();
    h.run();
    h.get_by_label("file h");
    h.get_by_label("rank 8");
    h.get_by_label("Compare").click();
    h.run();
    h.state_mut().compare.settings.speed = searchlab::app::knight::INSTANT;
    h.get_by_label("▶ Run all").click();
    step_until_idle(&mut h, Duration::from_secs(30));
    assert_eq!(h.query_all_by_label("file a").count(), 2, "one per board");
}

// ---- 3. Compare's charts name every bar and fit beside the statistics ---------------------

fn compare_charts_fit(width: f32, height: f32) {
    let mut h = harness_of_size(width, height);
    h.run();
    h.get_by_label("Compare").click();
    h.run();
    h.state_mut().compare.settings.speed = searchlab::app::knight::INSTANT;
    h.state_mut().compare.settings.trials = 3;
    h.run();
    // R runs: at 800 × 600 the button is below the panel's fold.
    h.key_press(egui::Key::R);
    step_until_idle(&mut h, Duration::from_secs(30));
    h.run();
    let stats_left = h.get_by_label("Statistics").rect().min.x;
    for name in ["Warnsdorff", "Backtracking + Warnsdorff"] {
        for chart in [
            format!("{name}: success rate 100 % (3 of 3 trials)"),
            format!("{name}: time per trial"),
        ] {
            let node = h
                .query_all_by_label_contains(&chart)
                .find(|n| n.value().is_some_and(|v| v.starts_with(&chart)))
                .unwrap_or_else(|| {
                    let said: Vec<String> = h
                        .query_all_by_label_contains(name)
                        .filter_map(|n| n.value())
                        .collect();
                    panic!("no chart says {chart:?}: {said:?}")
                });
            let right = node.rect().max.x;
            // The statistics stand beside the charts, or (on a narrow window) under the
            // controls on the left: either way no chart runs past them or the window.
            let limit = if stats_left > node.rect().min.x {
                stats_left
            } else {
                width
            };
            assert!(
                right <= limit,
                "{chart} ends at {right} beyond {limit} ({width}×{height})"
            );
        }
    }
    // The charts in sight, for the picture.
    h.query_all_by_label_contains("Warnsdorff: success rate")
        .next()
        .unwrap()
        .scroll_to_me();
    h.run();
    snapshot(&mut h, &format!("compare_charts_{width}x{height}"));
}

#[test]
fn compare_charts_name_each_bar_and_fit_at_1280_by_800() {
    compare_charts_fit(1280.0, 800.0);
}

#[test]
fn compare_charts_name_each_bar_and_fit_at_800_by_600() {
    compare_charts_fit(800.0, 600.0);
}

// ---- 4. The board keeps its size while the figures change ---------------------------------

#[test]
fn the_board_keeps_its_size_while_the_figures_change() {
    // A tall window: the board's width is what limits it, as on a portrait screen.
    let mut h = harness_of_size(1280.0, 1100.0);
    h.state_mut().knight_mut().settings.speed = searchlab::app::knight::INSTANT;
    h.state_mut().knight_mut().settings.algorithm = "level3".parse().unwrap();
    h.state_mut()
        .knight_mut()
        .settings
        .params
        .insert("level3.generations".into(), "300".into());
    h.run();
    let before = h.get_by_label("Chessboard").rect();
    h.get_by_label("▶ Run").click();
    let deadline = Instant::now() + Duration::from_secs(60);
    h.step();
    while h.state().is_running() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
        h.step();
        assert_eq!(
            h.get_by_label("Chessboard").rect(),
            before,
            "during the run"
        );
    }
    h.run();
    assert_eq!(h.get_by_label("Chessboard").rect(), before, "after the run");
    // A count's figures grow to many digits.
    h.state_mut().knight_mut().settings.algorithm = "count".parse().unwrap();
    h.run();
    h.get_by_label("▶ Run").click();
    for _ in 0..60 {
        std::thread::sleep(Duration::from_millis(10));
        h.step();
        assert_eq!(
            h.get_by_label("Chessboard").rect(),
            before,
            "while counting"
        );
    }
    // Esc stops the count, which ends at its next look at the cancel flag.
    h.key_press(egui::Key::Escape);
    super::step_until_idle(&mut h, Duration::from_secs(2));
    assert!(!h.state().is_running());
}

// ---- 5. Descriptions are as large as the body text ----------------------------------------

fn assert_body_sized(h: &Harness<'_, SearchLabApp>, text: &str) {
    let rect = h.get_by_label(text).rect();
    let body = egui::TextStyle::Body.resolve(&h.ctx.global_style());
    let galley = h.ctx.fonts_mut(|f| {
        f.layout(
            text.to_string(),
            body,
            egui::Color32::WHITE,
            rect.width() + 1.0,
        )
    });
    assert!(
        rect.height() + 0.5 >= galley.size().y,
        "{text:?} is {} high; at the body size it is {}",
        rect.height(),
        galley.size().y
    );
}

#[test]
fn algorithm_descriptions_are_as_large_as_the_body_text() {
    use searchlab::run::catalog::{knight_algorithm, magic_algorithm, queens_algorithm};
    let mut h = harness();
    h.run();
    assert_body_sized(
        &h,
        knight_algorithm("backtrack-warnsdorff").unwrap().summary,
    );
    h.get_by_label("N-Queens").click();
    h.run();
    assert_body_sized(&h, queens_algorithm("hill-climbing").unwrap().summary);
    h.get_by_label("Magic squares").click();
    h.run();
    assert_body_sized(&h, magic_algorithm("ga").unwrap().summary);
}

// ---- 6. Rows that show their answer; keys for the tabs -------------------------------------

#[test]
fn clicking_a_row_of_run_all_four_shows_that_answer() {
    let mut h = queens_harness("8");
    h.get_by_label("Run all four").click();
    step_until_idle(&mut h, Duration::from_secs(60));
    h.run();
    let results = h.state().queens().results().to_vec();
    let rows = |i: usize| results[i].outcome.as_ref().unwrap().rows.clone();
    assert_ne!(rows(0), rows(3), "backtracking and cultural differ here");
    assert_eq!(h.state().queens().placement(), &rows(3)[..]);
    h.get_by_role_and_label(Role::Button, "Backtracking")
        .click();
    h.run();
    assert_eq!(h.state().queens().placement(), &rows(0)[..]);
    let row = h.get_by_role_and_label(Role::Button, "Backtracking");
    assert_eq!(row.accesskit_node().toggled(), Some(Toggled::True));
    h.get_by_label_contains("placed 8 queens");
}

#[test]
fn clicking_a_row_of_compare_s_table_shows_that_answer() {
    let mut h = compare_harness();
    h.state_mut().compare.settings.speed = searchlab::app::knight::INSTANT;
    enter_text(&mut h, "Trials", "1");
    h.get_by_label("▶ Run all").click();
    step_until_idle(&mut h, Duration::from_secs(30));
    h.run();
    assert_eq!(h.query_all_by_label("Chessboard").count(), 2);
    // The table is under the boards and charts, out of sight: pressed as the keyboard
    // and screen readers press it.
    h.get_by_role_and_label(Role::Button, "Backtracking + Warnsdorff")
        .click_accesskit();
    h.run();
    // That algorithm's board alone, larger, its row marked.
    assert_eq!(h.query_all_by_label("Chessboard").count(), 1);
    let row = h.get_by_role_and_label(Role::Button, "Backtracking + Warnsdorff");
    assert_eq!(row.accesskit_node().toggled(), Some(Toggled::True));
    h.get_by_label_contains("✔ Backtracking + Warnsdorff");
    // A second click shows every board again.
    h.get_by_role_and_label(Role::Button, "Backtracking + Warnsdorff")
        .click_accesskit();
    h.run();
    assert_eq!(h.query_all_by_label("Chessboard").count(), 2);
}

#[test]
fn ctrl_and_a_digit_shows_each_tab_and_the_help_says_so() {
    use searchlab::app::Tab;
    let mut h = harness();
    h.run();
    for (key, tab) in [
        (egui::Key::Num2, Tab::Puzzle(searchlab::run::queens::PUZZLE)),
        (egui::Key::Num3, Tab::Puzzle(searchlab::run::magic::PUZZLE)),
        (egui::Key::Num4, Tab::Compare),
        (egui::Key::Num5, Tab::Experiments),
        (egui::Key::Num1, Tab::Puzzle(searchlab::run::knight::PUZZLE)),
    ] {
        h.key_press_modifiers(egui::Modifiers::COMMAND, key);
        h.run();
        assert_eq!(h.state().tab, tab, "{key:?}");
    }
    h.key_press(egui::Key::F1);
    h.run();
    h.get_by_label_contains("Ctrl+1");
}

// ---- 7. Display names, not command-line ids -----------------------------------------------

#[test]
fn compare_and_the_tables_name_algorithms_as_the_pickers_do() {
    let mut h = compare_harness();
    h.state_mut().compare.settings.speed = searchlab::app::knight::INSTANT;
    h.get_by_label("Start square");
    enter_text(&mut h, "Trials", "2");
    h.get_by_label("▶ Run all").click();
    step_until_idle(&mut h, Duration::from_secs(30));
    h.run();
    h.get_by_label("✔ Warnsdorff");
    h.get_by_label("✔ Backtracking + Warnsdorff");
    for id in ["warnsdorff", "backtrack-warnsdorff"] {
        assert!(h.query_by_label(id).is_none(), "{id} is shown");
    }
    // The start square a click picks is named as the Knight's Tour tab names it.
    let rect = h.query_all_by_label("Chessboard").next().unwrap().rect();
    let cell = rect.width() / 8.0;
    click_at(&mut h, rect.min + Vec2::new(2.5 * cell, 5.5 * cell));
    h.run();
    assert_eq!(
        h.state()
            .compare
            .settings
            .get::<searchlab::app::puzzles::knight::KnightInstance>()
            .unwrap()
            .start,
        (5, 2)
    );

    // The Experiments tables and pickers.
    let mut h = experiments_harness();
    {
        let s = &mut h.state_mut().experiments.settings;
        s.experiment = searchlab::app::experiments::Experiment::Sizes;
        s.algorithm = "warnsdorff".parse().unwrap();
        s.sizes = "5..6".into();
        s.trials = 2;
    }
    h.run();
    h.get_by_label("▶ Run experiment").click();
    step_until_idle(&mut h, Duration::from_secs(60));
    h.run();
    assert!(h.query_by_label("warnsdorff").is_none());
    assert!(
        h.query_all_by_label("Warnsdorff").count() >= 2,
        "table rows"
    );
}
