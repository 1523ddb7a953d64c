//! A grading written out: the CSV (a row per student and task), and the summary and
//! notes that `searchlab grade` prints and the Class view shows.

use super::{Graded, Grading};
use crate::teach::lesson::Lesson;

/// The grading as CSV: a row per hand-in and task, then a row per file refused.
pub fn csv(grading: &Grading) -> String {
    let mut rows: Vec<Vec<String>> = Vec::new();
    for g in &grading.graded {
        for t in &g.tasks {
            rows.push(vec![
                g.student.clone(),
                g.file.clone(),
                t.task.to_string(),
                t.points.to_string(),
                t.max.to_string(),
                t.verified_word().into(),
                t.why.clone(),
                g.minutes.to_string(),
                g.written_by.clone(),
            ]);
        }
    }
    for (file, why) in &grading.refused {
        rows.push(vec![
            String::new(),
            file.clone(),
            String::new(),
            String::new(),
            String::new(),
            "no".into(),
            format!("refused: {why}"),
            String::new(),
            String::new(),
        ]);
    }
    // A field a spreadsheet would read as a formula is kept as text.
    for row in &mut rows {
        for field in row.iter_mut() {
            if field.starts_with(['=', '+', '-', '@']) {
                field.insert(0, '\'');
            }
        }
    }
    crate::files::csv_text(
        &[
            "student",
            "file",
            "task",
            "points",
            "max",
            "verified",
            "why",
            "minutes",
            "searchlab",
        ],
        rows,
    )
}

/// The grading in a few lines: each student's total, the tasks most missed, the hand-ins
/// whose work was not what they claim, and the files refused.
pub fn summary(grading: &Grading, lessons: &[Lesson]) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {} hand-in{} graded, {} refused",
        grading.title,
        grading.graded.len(),
        if grading.graded.len() == 1 { "" } else { "s" },
        grading.refused.len()
    );
    for g in &grading.graded {
        let (points, max) = g.total();
        let doubtful = g.tasks.iter().filter(|t| !t.verified).count();
        let unchecked = g.tasks.iter().filter(|t| !t.checked).count();
        let plural = |k: usize| if k == 1 { "" } else { "s" };
        let mut note = Vec::new();
        if doubtful > 0 {
            note.push(format!("{doubtful} task{} not verified", plural(doubtful)));
        }
        if unchecked > 0 {
            note.push(format!("{unchecked} task{} not checked", plural(unchecked)));
        }
        let note = if note.is_empty() {
            String::new()
        } else {
            format!("({})", note.join(", "))
        };
        let line = format!("  {:<24} {points:>3} of {max:<3} {note}", g.student);
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out.push_str(&notes(grading, lessons));
    out
}

/// The grading's notes: the tasks most missed (per assignment), each task not verified or
/// not checked, each file refused, and whether a Stop ended it early.
pub fn notes(grading: &Grading, lessons: &[Lesson]) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let mut ids: Vec<&str> = Vec::new();
    for g in &grading.graded {
        if !ids.contains(&g.assignment.as_str()) {
            ids.push(&g.assignment);
        }
    }
    for id in &ids {
        let lesson = lessons
            .iter()
            .find(|l| l.assignment.as_ref().is_some_and(|a| a.id == *id));
        let of: Vec<&Graded> = (grading.graded.iter())
            .filter(|g| g.assignment == *id)
            .collect();
        let tasks = of.iter().map(|g| g.tasks.len()).max().unwrap_or(0);
        let mut missed: Vec<(usize, usize)> = (1..=tasks)
            .map(|t| {
                let misses = (of.iter())
                    .filter(|g| g.tasks.get(t - 1).is_some_and(|v| v.points < v.max))
                    .count();
                (t, misses)
            })
            .filter(|&(_, m)| m > 0)
            .collect();
        missed.sort_by_key(|&(t, m)| (std::cmp::Reverse(m), t));
        if !missed.is_empty() {
            if ids.len() > 1 {
                let title = lesson.map_or(*id, |l| l.title.as_str());
                let _ = writeln!(out, "Most missed in {title}:");
            } else {
                let _ = writeln!(out, "Most missed:");
            }
            for (t, m) in missed {
                let what = lesson
                    .and_then(|l| l.assignment.as_ref().map(|a| (a, &l.questions)))
                    .and_then(|(a, q)| a.tasks.get(t - 1).map(|task| task.describe(q)))
                    .unwrap_or_default();
                let _ = writeln!(out, "  task {t}: missed by {m} — {what}");
            }
        }
    }
    for g in &grading.graded {
        for t in g.tasks.iter().filter(|t| !t.verified) {
            let _ = writeln!(
                out,
                "Not verified: {} ({}), task {}: {}",
                g.student, g.file, t.task, t.why
            );
        }
        for t in g.tasks.iter().filter(|t| !t.checked) {
            let _ = writeln!(
                out,
                "Not checked: {} ({}), task {}: {}",
                g.student, g.file, t.task, t.why
            );
        }
    }
    for same in identical(grading) {
        let who: Vec<String> = (same.iter())
            .map(|g| format!("{} ({})", g.student, g.file))
            .collect();
        let _ = writeln!(
            out,
            "Identical work: {} hand in the same work: the same run files and the same wrong answers (right answers are alike anyway; each graded on its own; one may be a copy)",
            who.join(", ")
        );
    }
    for (file, why) in &grading.refused {
        let _ = writeln!(out, "Refused: {file}: {why}");
    }
    if grading.stopped {
        let _ = writeln!(out, "Stopped: the files after these were not graded.");
    }
    out
}

/// The hand-ins whose telling work (the same runs, the same mistakes:
/// [`Graded::digest_of`]) is the same as another's of the same assignment, in groups of
/// two or more, each group in the order of its files.
pub fn identical(grading: &Grading) -> Vec<Vec<&Graded>> {
    let mut groups: std::collections::BTreeMap<(&str, u64), Vec<&Graded>> = Default::default();
    for g in &grading.graded {
        if g.work_digest != super::NO_TELLING_WORK {
            groups
                .entry((&g.assignment, g.work_digest))
                .or_default()
                .push(g);
        }
    }
    groups.into_values().filter(|g| g.len() > 1).collect()
}
