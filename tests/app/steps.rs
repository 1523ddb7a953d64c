//! "Step by step" in the Knight's Tour view: a search traced, then followed forwards and
//! backwards. What the board must show at each step comes from the rules (a path of
//! knight's moves, a backtrack taking back the last square), and from the trace's own
//! replay, which `tests/trace.rs` checks against the solver.

use super::{Tabs, harness, is_disabled, queens_harness, step_until_traced};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use searchlab::app::mode::Mode;
use searchlab::app::{SearchLabApp, View};
use searchlab::puzzle::knight::Board;
use searchlab::solve::knight::trace::KnightStep;

fn knight_path(h: &mut Harness<'static, SearchLabApp>) -> Vec<u32> {
    h.state_mut().knight_mut().steps_mut().state().unwrap().path
}

fn queen_rows(h: &mut Harness<'static, SearchLabApp>) -> Vec<u32> {
    h.state_mut().queens_mut().steps_mut().state().unwrap().rows
}

fn traced_5x5_backtrack() -> Harness<'static, SearchLabApp> {
    let mut h = harness();
    h.state_mut().knight_mut().settings.algorithm = "backtrack".parse().unwrap();
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
    let (pos, len) = h
        .state()
        .knight()
        .steps()
        .position()
        .expect("a trace is shown");
    assert_eq!(pos, 0);
    // Plain backtracking from a5 on 5x5 enters 5,010 squares and takes back 4,985.
    assert_eq!(len, 5010 + 4985);
    let board = Board::new(5, 5).unwrap();
    let mut boards = vec![knight_path(&mut h)];
    assert!(boards[0].is_empty());
    for _ in 0..40 {
        h.get_by_label("Step ▶").click();
        h.run();
        let path = knight_path(&mut h);
        assert!(board.validate_path(&path).is_ok(), "{path:?}");
        boards.push(path);
    }
    assert_eq!(h.state().knight().steps().position().unwrap().0, 40);
    for k in (0..40).rev() {
        h.get_by_label("◀ Back").click();
        h.run();
        assert_eq!(knight_path(&mut h), boards[k], "step {k}");
    }
    // A backtrack takes back the path's last square, nothing else.
    let trace = h.state().knight().steps().trace().unwrap();
    let back = (trace.steps.iter())
        .position(|s| matches!(s, KnightStep::Backtrack { .. }))
        .unwrap();
    h.state_mut().knight_mut().steps_mut().seek(back);
    h.run();
    let before = knight_path(&mut h);
    h.state_mut().knight_mut().steps_mut().seek(back + 1);
    h.run();
    let after = knight_path(&mut h);
    assert_eq!(after[..], before[..before.len() - 1]);
    // The end of the timeline is the answer: a tour.
    h.get_by_label("End ⏭").click();
    h.run();
    let end = knight_path(&mut h);
    assert_eq!(board.validate_tour(&end, false), Ok(()));
}

#[test]
fn a_click_in_the_log_moves_the_timeline_and_the_pseudocode_follows() {
    let mut h = traced_5x5_backtrack();
    h.get_by_label("Step ▶").click();
    h.run();
    assert_eq!(
        h.state().knight().steps().line_code().as_deref(),
        Some("add square to the path")
    );
    // The log tells the steps around the one on show; the second is the first move.
    h.get_by_label_contains("Move 1 from a5, to square 2: 2 free squares")
        .click();
    h.run();
    assert_eq!(h.state().knight().steps().position().unwrap().0, 2);
    assert!(
        (h.state().knight().steps().line_code().unwrap()).starts_with("for each free square s"),
        "{:?}",
        h.state().knight().steps().line_code()
    );
    // At a backtrack the lit line is the one that takes the square back.
    let trace = h.state().knight().steps().trace().unwrap();
    let back = (trace.steps.iter())
        .position(|s| matches!(s, KnightStep::Backtrack { .. }))
        .unwrap();
    h.state_mut().knight_mut().steps_mut().seek(back + 1);
    h.run();
    assert_eq!(
        h.state().knight().steps().line_code().as_deref(),
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
    h.state_mut().knight_mut().settings.algorithm = "level1".parse().unwrap();
    h.run();
    assert!(is_disabled(&h, "Step by step"));
    assert!(
        h.query_all_by_label_contains("Simple GA (level 1) is not one of them")
            .next()
            .is_some()
    );
}

/// A playing timeline moves on while it is drawn, and waits while its tab is out of
/// sight, as the knight's walk does.
#[test]
fn a_playing_trace_waits_while_its_tab_is_hidden() {
    let mut h = traced_5x5_backtrack();
    h.get_by_label("▶ Play").click();
    for _ in 0..60 {
        h.step();
    }
    let before = h.state().knight().steps().position().unwrap().0;
    assert!(before > 0, "it plays");
    h.state_mut().tab = searchlab::app::Tab::Compare;
    for _ in 0..120 {
        h.step();
    }
    assert_eq!(h.state().knight().steps().position().unwrap().0, before);
}

#[test]
fn the_keys_play_and_step_the_timeline() {
    let mut h = traced_5x5_backtrack();
    h.key_press(egui::Key::ArrowRight);
    h.run();
    h.key_press(egui::Key::ArrowRight);
    h.run();
    assert_eq!(h.state().knight().steps().position().unwrap().0, 2);
    h.key_press(egui::Key::ArrowLeft);
    h.run();
    assert_eq!(h.state().knight().steps().position().unwrap().0, 1);
    // Switching back to the run leaves the trace where it was.
    h.get_by_label("The run").click();
    h.run();
    assert_eq!(h.state().knight().mode(), Mode::Run);
    assert_eq!(h.state().knight().steps().position().unwrap().0, 1);
}

#[test]
fn snapshot_step_by_step_backtracking_5x5() {
    let mut h = traced_5x5_backtrack();
    // Step 30: the search has just taken back c1 and a2 and tries again.
    h.state_mut().knight_mut().steps_mut().seek(30);
    h.get_by_label("Search tree").click();
    h.run();
    super::snapshot(&mut h, "steps_backtrack_5x5");
}

/// Attacking pairs among the queens placed, from the rules.
fn attacking_pairs(rows: &[u32]) -> usize {
    let mut pairs = 0;
    for a in 0..rows.len() {
        for b in a + 1..rows.len() {
            let dr = rows[a].abs_diff(rows[b]) as usize;
            pairs += usize::from(dr == 0 || dr == b - a);
        }
    }
    pairs
}

#[test]
fn queens_backtracking_step_by_step_places_only_safe_queens_and_ends_solved() {
    let mut h = queens_harness("6");
    h.state_mut().queens_mut().settings.algorithm = "backtracking".parse().unwrap();
    h.run();
    h.get_by_label("Step by step").click();
    step_until_traced(&mut h);
    h.run();
    let (_, len) = h
        .state()
        .queens()
        .steps()
        .position()
        .expect("a trace is shown");
    let mut seen = Vec::new();
    for k in 0..=len {
        h.state_mut().queens_mut().steps_mut().seek(k);
        let rows = queen_rows(&mut h);
        assert_eq!(attacking_pairs(&rows), 0, "step {k}: {rows:?}");
        seen.push(rows);
    }
    // The first solution of 6 queens, column by column, rows from the top.
    assert_eq!(seen[len], vec![1, 3, 5, 0, 2, 4]);
    // Back and forth through the buttons gives the same boards.
    h.state_mut().queens_mut().steps_mut().seek(10);
    h.run();
    h.get_by_label("Step ▶").click();
    h.run();
    h.get_by_label("◀ Back").click();
    h.run();
    assert_eq!(queen_rows(&mut h), seen[10]);
    // A row attacked: the pseudocode's line for it is lit, and the board names the queen.
    h.state_mut().queens_mut().steps_mut().seek(2);
    h.run();
    assert_eq!(
        h.state().queens().steps().line_code().as_deref(),
        Some("if a queen attacks it: on to the next row")
    );
    assert!(
        h.query_all_by_label_contains("the queen attacking it")
            .next()
            .is_some()
    );
}

#[test]
fn snapshot_step_by_step_queens_8() {
    let mut h = queens_harness("8");
    h.state_mut().queens_mut().settings.algorithm = "backtracking".parse().unwrap();
    h.run();
    h.get_by_label("Step by step").click();
    step_until_traced(&mut h);
    // Step 40: three queens down, the fourth column's rows tried one by one.
    h.state_mut().queens_mut().steps_mut().seek(40);
    h.get_by_label("Search tree").click();
    h.run();
    super::snapshot(&mut h, "steps_queens_8");
}

#[test]
fn a_tour_exports_as_a_move_list_and_the_board_copies_as_text() {
    let dir = std::env::temp_dir().join(format!("searchlab-moves-{}", std::process::id()));
    let mut h = harness();
    h.state_mut().files_dir = dir.clone();
    h.state_mut().knight_mut().settings.speed = searchlab::app::knight::INSTANT;
    h.get_by_label("5×5").click();
    h.run();
    super::run_to_end(&mut h);
    h.run();
    let tour = h.state().knight().displayed_tour().unwrap().to_vec();
    let board = Board::new(5, 5).unwrap();
    assert_eq!(board.validate_tour(&tour, false), Ok(()));

    h.get_by_label("📷 Export").click();
    h.run();
    h.get_by_label("tour as move list (text)").click();
    h.run();
    let text = std::fs::read_to_string(dir.join("searchlab-knight-s-tour-moves.txt")).unwrap();
    // Read back: "n. from-to", each a knight's move, the tour square by square.
    let mut read = vec![tour[0]];
    for line in text.lines() {
        let (_, mv) = line.split_once(". ").unwrap();
        let (from, to) = mv.split_once('-').unwrap();
        assert_eq!(board.parse_square(from).unwrap(), *read.last().unwrap());
        let to = board.parse_square(to).unwrap();
        assert!(board.is_knight_move(*read.last().unwrap(), to));
        read.push(to);
    }
    assert_eq!(read, tour);
    h.get_by_label("📷 Export").click();
    h.run();
    h.get_by_label("tour as move list (CSV)").click();
    h.run();
    let csv = std::fs::read_to_string(dir.join("searchlab-knight-s-tour-moves.csv")).unwrap();
    assert_eq!(csv.lines().count(), 25, "a header and 24 moves");

    h.get_by_label("📷 Export").click();
    h.run();
    h.get_by_label("copy board as text").click();
    h.step();
    let copied = (h.output().platform_output.commands.iter())
        .find_map(|c| match c {
            egui::OutputCommand::CopyText(t) => Some(t.clone()),
            _ => None,
        })
        .expect("the board was copied");
    // The grid of move numbers: every number from 1 to 25 once, on the tour's squares.
    let grid: Vec<Vec<u32>> = copied
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().map(|n| n.parse().unwrap()).collect())
        .collect();
    for (i, &sq) in tour.iter().enumerate() {
        let (r, c) = board.row_col(sq);
        assert_eq!(grid[r as usize][c as usize], i as u32 + 1);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_click_in_the_search_tree_goes_to_the_node_and_its_path() {
    let mut h = traced_5x5_backtrack();
    h.get_by_label("Search tree").click();
    h.run();
    let rect = h.get_by_label("Explored tree").rect();
    let trace = h.state().knight().steps().trace().unwrap();
    let tree = searchlab::run::trace::tree::SearchTree::of_knight(&trace).unwrap();
    // A point on the second row, a third of the way across: a node at depth 2.
    let row = rect.height() / tree.max_depth() as f32;
    let at = egui::pos2(rect.min.x + rect.width() / 3.0, rect.min.y + row * 1.5);
    super::click_at(&mut h, at);
    h.run();
    let (pos, _) = h.state().knight().steps().position().unwrap();
    let node = tree.node_of_step(pos - 1).unwrap() as usize;
    assert_eq!(tree.depth[node], 2);
    let (x0, x1) = tree.span[node];
    assert!(x0 <= 1.0 / 3.0 && 1.0 / 3.0 < x1, "{x0}..{x1}");
    // The board shows that node's path: two squares, a knight's move apart.
    let path = knight_path(&mut h);
    assert_eq!(path.len(), 2);
    assert!(Board::new(5, 5).unwrap().is_knight_move(path[0], path[1]));
}

#[test]
fn a_tree_search_shows_its_frontier_on_the_board() {
    let mut h = harness();
    h.state_mut().knight_mut().settings.algorithm = "bfs".parse().unwrap();
    h.run();
    h.get_by_label("3×4").click();
    h.run();
    h.get_by_label("Step by step").click();
    step_until_traced(&mut h);
    let trace = h.state().knight().steps().trace().unwrap();
    let board = Board::new(3, 4).unwrap();
    for pos in [1, 5, 20, 100, trace.steps.len()] {
        h.state_mut().knight_mut().steps_mut().seek(pos);
        h.run();
        let shown = h.state().knight().frontier_on_show().unwrap();
        // Waiting: generated and not yet expanded, counted here from the steps.
        let mut squares: Vec<u32> = Vec::new();
        let mut expanded = std::collections::HashSet::new();
        for step in &trace.steps[..pos] {
            match *step {
                KnightStep::Generate { square, .. } => squares.push(square),
                KnightStep::Expand { node, .. } => {
                    expanded.insert(node);
                }
                _ => {}
            }
        }
        let mut want = vec![0.0; board.len()];
        for (id, &sq) in squares.iter().enumerate() {
            if !expanded.contains(&(id as u32)) {
                want[sq as usize] += 1.0;
            }
        }
        assert_eq!(shown, want, "after {pos} steps");
    }
}

#[test]
fn an_animation_is_recorded_a_frame_a_step() {
    if super::renderer_available().is_err() && std::env::var("CI").as_deref() != Ok("true") {
        // Screenshots need a renderer (`.ci/run` installs one).
        return;
    }
    let mut h = traced_5x5_backtrack();
    let dir = std::env::temp_dir().join(format!("searchlab-anim-{}", std::process::id()));
    h.state_mut().files_dir = dir.clone();
    h.get_by_label("Animation (APNG)").click();
    h.run();
    {
        let a = &mut h.state_mut().knight_mut().steps_mut().anim;
        (a.from, a.to, a.frames, a.ms) = (0, 12, 4, 300);
    }
    h.run();
    h.get_by_label("4 frames, every 4 steps, 1.2 s in all");
    h.get_by_label("Record APNG").click();
    h.step();
    assert!(
        h.state().knight().steps().recording(),
        "Record starts recording"
    );
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while h.state_mut().knight_mut().steps_mut().recording() && std::time::Instant::now() < deadline
    {
        std::thread::sleep(std::time::Duration::from_millis(2));
        h.step();
    }
    h.run_steps(3);
    let said = h
        .state_mut()
        .knight_mut()
        .steps_mut()
        .animation_said()
        .cloned();
    let said = said
        .expect("the recording ended")
        .expect("the file was written");
    assert!(said.contains("saved 4 frames"), "{said}");
    // The timeline was left at the last frame's step.
    assert_eq!(h.state().knight().steps().position().unwrap().0, 12);
    // The file: four frames of 300 ms; each shows a different board (the path grows by a
    // square a step, and these twelve steps take nothing back).
    let path = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "png"))
        .expect("an APNG in the runs folder");
    assert!(
        path.file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("searchlab-steps-backtrack")
    );
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let control = reader.info().animation_control.unwrap();
    assert_eq!(control.num_frames, 4);
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    for k in 0..4 {
        reader.next_frame(&mut buf).unwrap();
        let fc = reader.info().frame_control.unwrap();
        assert_eq!((fc.delay_num, fc.delay_den), (300, 1000));
        if k > 0 {
            // Only what changed is stored, and something did.
            assert!(fc.width > 1 && fc.height > 1, "frame {k}");
        }
    }
    // Another trace: the range and the word about the file were the old trace's.
    h.get_by_label("6×6").click();
    h.run();
    h.get_all_by_label("Step by step").next().unwrap().click();
    super::step_until_traced(&mut h);
    let steps = h.state_mut().knight_mut().steps_mut();
    let len = steps.position().unwrap().1;
    assert_eq!(
        (steps.anim.from, steps.anim.to),
        (0, len),
        "the whole new trace"
    );
    assert!(
        steps.animation_said().is_none(),
        "the old file's word is gone"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn csp_step_by_step_shades_the_domains_and_backs_up_when_one_empties() {
    use searchlab::solve::queens::trace::{EMPTY, QueenStep};
    let mut h = queens_harness("8");
    {
        let q = &mut h.state_mut().queens_mut().settings;
        q.algorithm = "csp".parse().unwrap();
        q.params.insert("csp.inference".into(), "ac3".into());
    }
    h.run();
    h.get_by_label("Step by step").click();
    step_until_traced(&mut h);
    let trace = h
        .state()
        .queens()
        .steps()
        .trace()
        .expect("a trace is shown");
    let steps = trace.recorder.iter().collect::<Vec<_>>();
    // Every board on the way holds no two queens that attack each other.
    for k in (0..=steps.len()).step_by(3) {
        h.state_mut().queens_mut().steps_mut().seek(k);
        let placed: Vec<u32> = queen_rows(&mut h)
            .into_iter()
            .map(|r| if r == EMPTY { u32::MAX } else { r })
            .collect();
        let queens: Vec<(usize, u32)> = (placed.iter().enumerate())
            .filter(|(_, r)| **r != u32::MAX)
            .map(|(c, &r)| (c, r))
            .collect();
        for (i, &(c1, r1)) in queens.iter().enumerate() {
            for &(c2, r2) in &queens[i + 1..] {
                assert!(r1 != r2 && r1.abs_diff(r2) as usize != c2 - c1, "step {k}");
            }
        }
    }
    // At the first emptied domain: the step says so, the pseudocode's inference line is
    // lit, and the board's legend tells the shaded rows and those arc consistency took.
    let wipe = (steps.iter())
        .position(|s| matches!(s, QueenStep::Wipeout { .. }))
        .expect("AC-3 on 8 queens backs up at least once");
    assert!(matches!(steps[wipe + 1], QueenStep::Unassign { .. }));
    h.state_mut().queens_mut().steps_mut().seek(wipe + 1);
    h.run();
    assert!(
        h.state()
            .queens()
            .steps()
            .line_code()
            .unwrap()
            .starts_with("inference (ac3)")
    );
    assert!(
        h.query_all_by_label_contains("has no row left: this queen cannot stay")
            .next()
            .is_some()
    );
    h.get_by_label("out of its file's domain: a queen attacks it");
    // The search tree has a node per assignment.
    h.get_by_label("Search tree").click();
    h.run();
    let tree = searchlab::run::trace::tree::SearchTree::of_queens(&trace).unwrap();
    assert_eq!(tree.len() as u64, trace.counters.nodes);
    super::snapshot(&mut h, "steps_queens_csp_ac3_8");
    // The trace ends on a solution, every column filled.
    h.state_mut().queens_mut().steps_mut().seek(steps.len());
    let rows = queen_rows(&mut h);
    assert_eq!(searchlab::puzzle::queens::validate(8, &rows), Ok(()));
}

#[test]
fn your_guess_is_off_on_a_search_it_does_not_ask_about() {
    // Ticked for backtracking, which it asks about.
    let mut h = queens_harness("8");
    h.state_mut().queens_mut().settings.algorithm = "backtracking".parse().unwrap();
    h.run();
    h.get_by_label("Step by step").click();
    step_until_traced(&mut h);
    h.get_by_label("Your guess").click();
    h.run();
    assert!(h.state().queens().steps().guessing());
    h.get_by_label_contains("No guesses yet");
    // First-choice hill climbing tries its moves in a random order: no question, no
    // score, and the box shows off.
    h.state_mut().queens_mut().settings.algorithm = "hill-climbing".parse().unwrap();
    (h.state_mut().queens_mut().settings.params)
        .insert("hill-climbing.variant".into(), "first-choice".into());
    h.run();
    h.get_all_by_label("Step by step").next().unwrap().click();
    step_until_traced(&mut h);
    assert!(!h.state().queens().steps().guessing());
    assert!(h.query_by_label_contains("No guesses yet").is_none());
    assert!(
        h.query_by_label_contains("Right at the first try:")
            .is_none()
    );
    assert!(super::is_disabled(&h, "Your guess"));
}

/// A trace outlives its instance only as what it is: after the 5×5 preset on an 8×8
/// trace (a board with fewer squares than the path has), the steps are still drawn on
/// their own 8×8 board (no square of one board on the other: this panicked), and a note
/// says the trace is of another board than the form's; the board as text is the trace's.
#[test]
fn a_trace_of_a_larger_board_stays_on_its_board_when_the_form_shrinks() {
    let mut h = harness();
    h.state_mut().knight_mut().settings.algorithm = "backtrack".parse().unwrap();
    h.run();
    h.get_by_label("Step by step").click();
    step_until_traced(&mut h);
    h.get_by_label("End ⏭").click();
    h.run();
    let path = knight_path(&mut h);
    assert!(
        path.iter().any(|&s| s >= 25),
        "the 8×8 path reaches past 25 squares"
    );
    h.get_by_label("5×5").click();
    for _ in 0..4 {
        h.step();
    }
    assert_eq!(h.state().knight().settings.cols, 5);
    assert_eq!(h.state().knight().mode(), Mode::Steps);
    h.get_by_label_contains(
        "This trace is of the 8×8 board from a8, open tours, not of the 5×5 board from a5",
    );
    // Drawn on its own board: the chessboard on show has 8 files.
    h.get_by_label("Chessboard");
    assert_eq!(knight_path(&mut h), path);
    let text = h.state_mut().knight_mut().board_text().unwrap();
    assert!(text.starts_with("8x8 board, start a8"), "{text}");
    // Step by step traces the form's board (the button, before the mode's switch of the
    // same name); the note goes with the old trace.
    h.get_all_by_label("Step by step").next().unwrap().click();
    step_until_traced(&mut h);
    assert!(h.query_by_label_contains("This trace is of").is_none());
    assert_eq!(h.state().knight().steps().trace().unwrap().board.len(), 25);
}

/// An N-Queens trace after n = 8 → 1000 is shown as the 8-queens trace it is, saying so.
#[test]
fn a_queens_trace_says_it_is_of_another_n_than_the_form() {
    let mut h = queens_harness("8");
    h.state_mut().queens_mut().settings.algorithm = "backtracking".parse().unwrap();
    h.run();
    h.get_by_label("Step by step").click();
    step_until_traced(&mut h);
    super::enter_text(&mut h, "Queens (n)", "1000");
    assert_eq!(h.state().queens().settings.n, 1000);
    h.get_by_label_contains("This trace is of 8 queens on 8×8, not of 1000 queens on 1000×1000");
    assert_eq!(h.state().queens().steps().trace().unwrap().job.n, 8);
    let text = h.state_mut().queens_mut().board_text().unwrap();
    assert!(text.starts_with("8 queens"), "{text}");
    // Another seed on the same n: the note says the form has changed.
    super::enter_text(&mut h, "Queens (n)", "8");
    assert!(h.query_by_label_contains("This trace is of").is_none());
    h.state_mut().queens_mut().settings.algorithm = "min-conflicts".parse().unwrap();
    h.run();
    h.get_by_label_contains("The form has changed since this search was traced");
}

/// The knight's board grown under a trace (8×8 → 8×20): the trace stays on its 8×8 board
/// and says so, as when the board shrinks.
#[test]
fn a_trace_says_it_is_of_another_board_when_the_form_grows() {
    let mut h = harness();
    h.state_mut().knight_mut().settings.algorithm = "warnsdorff".parse().unwrap();
    h.run();
    h.get_by_label("Step by step").click();
    step_until_traced(&mut h);
    super::enter_text(&mut h, "Rows", "20");
    assert_eq!(h.state().knight().settings.rows, 20);
    assert_eq!(h.state().knight().mode(), Mode::Steps);
    h.get_by_label_contains(
        "This trace is of the 8×8 board from a8, open tours, not of the 8×20 board",
    );
    assert_eq!(h.state().knight().steps().trace().unwrap().board.len(), 64);
}
