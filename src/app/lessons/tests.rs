//! The built-in lessons against the solvers, broken lessons, the folder, and answers.

use super::*;
use crate::run::setup::LessonMode;
use crate::teach::BUILT_IN;
use std::path::Path;

#[test]
fn every_built_in_lesson_loads_and_the_three_puzzles_are_covered() {
    let (entries, _) = load(Path::new("/nonexistent/searchlab-lessons"));
    assert!(entries.len() >= 6);
    let mut puzzles = std::collections::BTreeSet::new();
    for e in &entries {
        let l = e
            .lesson
            .as_ref()
            .unwrap_or_else(|err| panic!("{}: {err}", e.file));
        assert!(
            !l.questions.is_empty() && !l.try_this.is_empty(),
            "{}",
            e.file
        );
        puzzles.insert(l.setup.puzzle());
    }
    assert_eq!(puzzles.len(), crate::run::PUZZLES.len());
}

/// The built-in lessons' numeric answers, worked out by the solvers and the rules.
#[test]
fn the_built_in_lessons_numbers_are_what_the_solvers_find() {
    use crate::puzzle::knight::Board;
    use crate::puzzle::magic::magic_constant;
    use crate::solve::knight::{Problem, count};
    use crate::solve::{Budget, Control};
    let lesson = |file: &str| {
        let text = BUILT_IN.iter().find(|b| b.0 == file).unwrap().1;
        Lesson::parse(text).unwrap()
    };
    let numbers = |l: &Lesson| -> Vec<i64> {
        (l.questions.iter())
            .filter_map(|q| match q.answer {
                Answer::Number(n) => Some(n),
                _ => None,
            })
            .collect()
    };
    let tours = |cols: u64, rows: u64, start: u32| {
        let board = Board::new(cols, rows).unwrap();
        let p = Problem {
            board: &board,
            start,
            closed: false,
        };
        count::count(&p, &mut Control::quiet(Budget::unlimited())).tours as i64
    };
    // 4×3 (4 columns, 3 rows): 2 tours from a3, 16 from all squares together.
    let all_3x4: i64 = (0..12).map(|s| tours(4, 3, s)).sum();
    assert_eq!(
        numbers(&lesson("01-knight-3x4-by-hand.ron")),
        [tours(4, 3, 0), all_3x4]
    );
    // 4×4: none from any square; a corner has two moves.
    let all_4x4: i64 = (0..16).map(|s| tours(4, 4, s)).sum();
    let corner = Board::new(4, 4).unwrap().neighbours(0).count() as i64;
    assert_eq!(numbers(&lesson("03-knight-4x4.ron")), [all_4x4, corner]);
    // 8 queens: 92 solutions.
    let queens = crate::solve::queens::count::count_small(8) as i64;
    assert_eq!(
        numbers(&lesson("04-queens-backtracking-vs-hill-climbing.ron")),
        [queens]
    );
    // The magic constant of order 4; magic squares of order 2 and 4.
    let magic = |n| crate::solve::magic::count::count(n, &|| false).total as i64;
    assert_eq!(
        numbers(&lesson("06-magic-constant.ron")),
        [magic_constant(4) as i64, magic(2), magic(4)]
    );
    assert_eq!(numbers(&lesson("05-magic-ga.ron")), [0]);
    assert_eq!(lesson("02-warnsdorff.ron").setup.mode(), LessonMode::Guess);
}

#[test]
fn a_broken_lesson_is_refused_with_the_reason() {
    let good = BUILT_IN[0].1;
    // Not RON: the parser's line and column.
    let e = Lesson::parse("Lesson(title: \"x\",").unwrap_err();
    assert!(e.contains("1:"), "{e}");
    // Valid RON that the app cannot set up.
    let off = good.replace("start: (0, 0)", "start: (5, 9)");
    assert!(
        Lesson::parse(&off)
            .unwrap_err()
            .contains("off the 4x3 board")
    );
    let algo = good.replace("Some(\"count-all\")", "Some(\"teleport\")");
    assert!(Lesson::parse(&algo).unwrap_err().contains("\"teleport\""));
    let choice = good.replace("right: 1", "right: 7");
    assert!(Lesson::parse(&choice).unwrap_err().contains("right is 7"));
    // A puzzle the app lacks is refused naming those it has; a field of the wrong
    // type, where it stands in the file.
    let rook = good.replace("setup: Knight(", "setup: Rook(");
    let e = Lesson::parse(&rook).unwrap_err();
    assert!(
        e.contains("`Rook`") && e.contains("`Knight`, `Queens`, or `Magic`"),
        "{e}"
    );
    let line = good.lines().position(|l| l.contains("setup:")).unwrap() + 1;
    let typed = good.replace("cols: 4", "cols: \"four\"");
    let e = Lesson::parse(&typed).unwrap_err();
    assert!(
        e.starts_with(&format!("{line}:")) && e.contains("integer"),
        "{e}"
    );
    let misnamed = good.replace("cols: 4", "n: 4");
    assert!(Lesson::parse(&misnamed).unwrap_err().contains("cols"));
    // In a folder: listed with the reason, the built-in ones still there.
    let dir = std::env::temp_dir().join(format!("searchlab-lessons-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("broken.ron"), "Lesson(title: 3)").unwrap();
    std::fs::write(
        dir.join("01-knight-3x4-by-hand.ron"),
        good.replace("by hand, then", "by hand — edited, then"),
    )
    .unwrap();
    let (entries, said) = load(&dir);
    assert!(said.contains("Read 2 files"), "{said}");
    let broken = entries.iter().find(|e| e.file == "broken.ron").unwrap();
    assert!(broken.lesson.is_err());
    let edited = entries
        .iter()
        .find(|e| e.file == "01-knight-3x4-by-hand.ron")
        .unwrap();
    assert!(edited.from_folder);
    assert!(edited.lesson.as_ref().unwrap().title.contains("edited"));
    assert_eq!(entries.len(), BUILT_IN.len() + 1);
    // The window's lessons: the built-in ones at once, the folder's when it is read
    // (on a thread of its own, so a slow disk never holds up the window).
    let mut lessons = Lessons::new(dir.clone());
    assert!(lessons.entries.len() == BUILT_IN.len() || !lessons.poll());
    lessons.wait_until_read();
    assert!(!lessons.poll());
    assert_eq!(lessons.entries.len(), BUILT_IN.len() + 1);
    assert!(lessons.folder_said.contains("Read 2 files"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A pipe, a device link or an oversized file in the folder is listed with the reason
/// (nothing waits on it or fills memory); copying the built-in lessons writes through
/// no link, not even a dangling one.
#[cfg(unix)]
#[test]
fn the_lessons_folder_reads_and_writes_only_regular_files() {
    let dir = std::env::temp_dir().join(format!("searchlab-lessons-safe-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let made = std::process::Command::new("mkfifo")
        .arg(dir.join("pipe.ron"))
        .status()
        .is_ok_and(|s| s.success());
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.ron")).unwrap();
    std::fs::write(
        dir.join("huge.ron"),
        vec![b' '; crate::teach::MAX_LESSON_BYTES as usize + 1],
    )
    .unwrap();
    let outside = dir.join("outside.txt");
    let built_in = BUILT_IN[0].0;
    std::os::unix::fs::symlink(&outside, dir.join(built_in)).unwrap();
    let (entries, _) = load(&dir);
    let reason = |file: &str| {
        let e = entries.iter().find(|e| e.file == file).unwrap();
        e.lesson.clone().unwrap_err()
    };
    if made {
        assert!(reason("pipe.ron").contains("not a regular file"));
    }
    assert!(reason("zero.ron").contains("not a regular file"));
    assert!(reason("huge.ron").contains("larger than a lesson file can be"));
    let mut lessons = Lessons::new(dir.clone());
    lessons.copy_built_in();
    lessons.wait_until_read();
    assert!(
        !outside.exists(),
        "nothing written through the dangling link"
    );
    assert!(
        std::fs::symlink_metadata(dir.join(built_in))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        lessons.folder_said.contains("there already, kept"),
        "{}",
        lessons.folder_said
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn answers_are_checked_as_numbers_or_choices() {
    let l = Lesson::parse(BUILT_IN[0].1).unwrap();
    assert_eq!(l.questions[0].is_right(" 2 "), Ok(true));
    assert_eq!(l.questions[0].is_right("3"), Ok(false));
    assert!(l.questions[0].is_right("two").is_err());
    assert_eq!(l.questions[2].is_right("1"), Ok(true));
    assert_eq!(l.questions[2].is_right("0"), Ok(false));
}
