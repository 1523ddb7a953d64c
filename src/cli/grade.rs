//! `searchlab grade DIR`: grades a folder of hand-ins against their assignments (see
//! [`crate::teach::grade`]) and prints a summary; `--csv FILE` writes a row per
//! student and task.

use super::CliError;
use crate::teach::grade::{csv, grade_folder, summary};
use crate::teach::lesson::Lesson;
use crate::teach::{MAX_LESSON_BYTES, lessons_dir, load};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// The arguments of `searchlab grade`.
#[derive(Args, Debug)]
pub struct GradeArgs {
    /// The folder of hand-ins (`*.json` files saved by the app's "Save hand-in…").
    pub dir: PathBuf,
    /// An assignment file (a lesson with `assignment: Some(…)`), repeatable. Without it
    /// the built-in assignments and those of the lessons folder ($SEARCHLAB_LESSONS, else
    /// ~/searchlab-lessons) are used.
    #[arg(long, value_name = "FILE")]
    pub assignment: Vec<PathBuf>,
    /// Also write the grades as CSV to FILE: student, file, task, points, max, verified,
    /// why, minutes, searchlab.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
}

/// Grades the folder; exit 0 when every hand-in was graded and verified, 1 when some work
/// was not verified or a file was refused, 2 when the folder or an assignment cannot be
/// read.
pub fn grade(a: &GradeArgs) -> Result<ExitCode, CliError> {
    let lessons: Vec<Lesson> = if a.assignment.is_empty() {
        let dir = lessons_dir();
        let (entries, _) = load(&dir);
        let mut lessons = Vec::new();
        for e in entries {
            match e.lesson {
                Ok(l) if l.assignment.is_some() => lessons.push(l),
                Ok(_) => {}
                Err(why) => note!(
                    "{}: {}: not read: {why}",
                    dir.display(),
                    crate::run::file::printable(&e.file)
                ),
            }
        }
        lessons
    } else {
        let mut lessons = Vec::new();
        for path in &a.assignment {
            let shown = path.display();
            let text = crate::files::read_text(path, MAX_LESSON_BYTES, "assignment")
                .map_err(|e| CliError::Input(format!("--assignment {shown}: {e}")))?;
            let lesson = Lesson::parse(&text)
                .map_err(|e| CliError::Input(format!("--assignment {shown}: {e}")))?;
            if lesson.assignment.is_none() {
                return Err(CliError::Input(format!(
                    "--assignment {shown}: a lesson, not an assignment (it has no `assignment: Some(…)`)"
                )));
            }
            lessons.push(lesson);
        }
        lessons
    };
    // Two assignments of one id would grade a hand-in against either.
    let mut ids = std::collections::BTreeMap::new();
    for l in &lessons {
        let id = &l.assignment.as_ref().expect("kept for its assignment").id;
        if let Some(other) = ids.insert(id.clone(), l.title.clone()) {
            return Err(CliError::Input(format!(
                "two assignments have the id \"{id}\": \"{other}\" and \"{}\"; give each its own",
                l.title
            )));
        }
    }
    if let Some(path) = &a.csv {
        crate::files::check_target(path).map_err(|e| CliError::Input(format!("--csv: {e}")))?;
    }
    if !a.dir.is_dir() {
        return Err(CliError::Input(format!(
            "{}: not a folder; give the folder that holds the hand-ins",
            a.dir.display()
        )));
    }
    let cancel = super::common::cancel_on_ctrl_c();
    let grading = grade_folder(&a.dir, &lessons, &cancel).map_err(CliError::Input)?;
    print!("{}", summary(&grading, &lessons));
    if let Some(path) = &a.csv {
        crate::files::write_bytes(path, csv(&grading).as_bytes()).map_err(CliError::Failed)?;
        note!("{}", crate::files::written_to(path));
    }
    let clean = grading.refused.is_empty()
        && !grading.stopped
        && (grading.graded.iter()).all(|g| g.tasks.iter().all(|t| t.verified && t.checked));
    Ok(if clean {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
