//! Hand-in files: a folder's, listed and read within their caps, and each file graded
//! against its assignment or refused with the reason.

use super::{FileGraded, Graded, Grading, MAX_HAND_INS, grade};
use crate::teach::assignment::{HandIn, MAX_HAND_IN_BYTES};
use crate::teach::lesson::Lesson;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// The `*.json` files of `dir`, in the order of their names: at most [`MAX_HAND_INS`].
pub fn folder_files(dir: &Path) -> Result<Vec<std::path::PathBuf>, String> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| format!("cannot read the folder {}: {e}", dir.display()))?;
    let mut files: Vec<std::path::PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    if files.len() > MAX_HAND_INS {
        return Err(format!(
            "the folder holds {} hand-ins; at most {MAX_HAND_INS} are graded at once",
            files.len()
        ));
    }
    Ok(files)
}

/// A file's name as the grades show it.
pub fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(String::new, |n| {
        crate::run::file::printable(&n.to_string_lossy())
    })
}

/// Grades every `*.json` file of `dir` against the lessons with assignments among
/// `lessons` (a hand-in names its assignment's id).
pub fn grade_folder(
    dir: &Path,
    lessons: &[Lesson],
    cancel: &AtomicBool,
) -> Result<Grading, String> {
    let mut grading = Grading::default();
    for path in folder_files(dir)? {
        if cancel.load(Ordering::Relaxed) {
            grading.stopped = true;
            break;
        }
        let text = crate::files::read_text_not_linked(&path, MAX_HAND_IN_BYTES, "a hand-in");
        grading.add(grade_text_guarded(file_name(&path), text, lessons, cancel));
    }
    Ok(grading)
}

/// One file (`name`, its text or why it could not be read): parsed, and graded against
/// its assignment among `lessons`.
pub fn grade_text(
    name: String,
    text: Result<String, String>,
    lessons: &[Lesson],
    cancel: &AtomicBool,
) -> FileGraded {
    let graded = text.and_then(|text| {
        let hand_in = HandIn::from_json(&text)?;
        let lesson = lessons
            .iter()
            .find(|l| {
                l.assignment
                    .as_ref()
                    .is_some_and(|a| a.id == hand_in.assignment)
            })
            .ok_or_else(|| {
                format!(
                    "it is for the assignment \"{}\", which is not among those given",
                    crate::run::file::printable(&hand_in.assignment)
                )
            })?;
        let tasks = grade(&hand_in, lesson, cancel);
        let work_digest = Graded::digest_of(&hand_in.work, &tasks);
        Ok((
            lesson.title.clone(),
            Graded {
                file: name.clone(),
                assignment: hand_in.assignment.clone(),
                student: crate::run::file::printable(&hand_in.student),
                minutes: hand_in.seconds / 60,
                written_by: crate::run::file::printable(&hand_in.written_by),
                tasks,
                work_digest,
            },
        ))
    });
    match graded {
        Ok((title, graded)) => FileGraded::Graded { title, graded },
        Err(why) => FileGraded::Refused { file: name, why },
    }
}

/// One file graded; a fault of the grader on it (a panic) refuses that file alone, with
/// the reason, where it can be caught (not in a browser, whose worker then ends and
/// [`crate::app::lessons::class::Class`] says so).
pub fn grade_text_guarded(
    name: String,
    text: Result<String, String>,
    lessons: &[Lesson],
    cancel: &std::sync::atomic::AtomicBool,
) -> FileGraded {
    let file = name.clone();
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        grade_text(name, text, lessons, cancel)
    }))
    .unwrap_or_else(|_| FileGraded::Refused {
        file,
        why: "the grader failed on it (a fault in SearchLab: please report it with the file)"
            .into(),
    })
}
