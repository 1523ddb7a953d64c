//! The lessons on offer: the built-in ones, compiled in, and a teacher's folder's, read
//! with a size cap and only from regular files.

use super::lesson::Lesson;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// The built-in lessons: `(file name, RON text)`.
pub const BUILT_IN: &[(&str, &str)] = &[
    (
        "01-knight-3x4-by-hand.ron",
        include_str!("../../lessons/01-knight-3x4-by-hand.ron"),
    ),
    (
        "02-warnsdorff.ron",
        include_str!("../../lessons/02-warnsdorff.ron"),
    ),
    (
        "03-knight-4x4.ron",
        include_str!("../../lessons/03-knight-4x4.ron"),
    ),
    (
        "04-queens-backtracking-vs-hill-climbing.ron",
        include_str!("../../lessons/04-queens-backtracking-vs-hill-climbing.ron"),
    ),
    (
        "05-magic-ga.ron",
        include_str!("../../lessons/05-magic-ga.ron"),
    ),
    (
        "06-magic-constant.ron",
        include_str!("../../lessons/06-magic-constant.ron"),
    ),
    (
        "07-assignment-warnsdorff.ron",
        include_str!("../../lessons/07-assignment-warnsdorff.ron"),
    ),
    (
        "08-assignment-queens-local-search.ron",
        include_str!("../../lessons/08-assignment-queens-local-search.ron"),
    ),
];

/// The teacher's lessons folder: `$SEARCHLAB_LESSONS`, else `~/searchlab-lessons`.
pub fn lessons_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("SEARCHLAB_LESSONS") {
        return PathBuf::from(dir);
    }
    std::env::home_dir().map_or_else(
        || PathBuf::from("searchlab-lessons"),
        |h| h.join("searchlab-lessons"),
    )
}

/// A lesson file, read, or why it could not be used.
#[derive(Debug, Clone)]
pub struct Entry {
    /// Its file name.
    pub file: String,
    /// Read from the teacher's folder (else built in).
    pub from_folder: bool,
    /// The lesson, or why the file cannot be used: it cannot be read, is not valid RON, or
    /// asks for something the app cannot set up.
    pub lesson: Result<Lesson, String>,
}

/// The most lesson files read from the folder.
pub const MAX_FILES: usize = 200;

/// The most a lesson file may hold (a lesson is a few kilobytes).
pub const MAX_LESSON_BYTES: u64 = 256 << 10;

/// The built-in lessons, parsed.
pub fn built_in() -> Vec<Entry> {
    (BUILT_IN.iter())
        .map(|(file, text)| Entry {
            file: file.to_string(),
            from_folder: false,
            lesson: Lesson::parse(text),
        })
        .collect()
}

/// The built-in lessons, then the folder's `.ron` files by name; a folder file with a
/// built-in one's name takes its place. Also says what became of the folder.
pub fn load(folder: &Path) -> (Vec<Entry>, String) {
    let mut entries = built_in();
    let read = match std::fs::read_dir(folder) {
        Ok(read) => read,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return (
                entries,
                format!(
                    "No lessons folder at {} yet: \"Copy the built-in lessons there\" makes one to edit.",
                    folder.display()
                ),
            );
        }
        Err(e) => {
            return (
                entries,
                format!(
                    "The lessons folder {} cannot be read: {e}",
                    folder.display()
                ),
            );
        }
    };
    // The first MAX_FILES by name; each a regular file of at most MAX_LESSON_BYTES, read
    // without waiting on it (a pipe cannot block the start, a device cannot fill memory).
    let mut files: Vec<PathBuf> = (read.flatten())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .take(100 * MAX_FILES)
        .collect();
    files.sort();
    let skipped = files.len().saturating_sub(MAX_FILES);
    files.truncate(MAX_FILES);
    let count = files.len();
    for path in files {
        let file = path
            .file_name()
            .map(|f| f.to_string_lossy().to_string())
            .unwrap_or_default();
        let lesson = crate::files::read_text(&path, MAX_LESSON_BYTES, "a lesson file")
            .map_err(|e| format!("cannot be read: {e}"))
            .and_then(|text| Lesson::parse(&text));
        let entry = Entry {
            file: file.clone(),
            from_folder: true,
            lesson,
        };
        match entries.iter().position(|e| e.file == file) {
            Some(i) => entries[i] = entry,
            None => entries.push(entry),
        }
    }
    let mut said = match count {
        0 => format!("The lessons folder {} has no .ron files.", folder.display()),
        1 => format!("Read 1 file from {}.", folder.display()),
        n => format!("Read {n} files from {}.", folder.display()),
    };
    if skipped > 0 {
        let _ = write!(
            said,
            " The folder holds more than {MAX_FILES}: the first {MAX_FILES} by name were read."
        );
    }
    (entries, said)
}

/// What reading the folder gives: the lessons, and what became of the folder.
pub type Read = (Vec<Entry>, String);

/// The lesson called `name` (its file's name, `.ron` or not) among `entries`, or why it
/// cannot be opened: no lesson has that name (the names there are listed), or its file
/// cannot be used. The app's links and `searchlab open` both ask it.
pub fn find_file(entries: &[Entry], name: &str) -> Result<usize, String> {
    let file = format!("{}.ron", name.strip_suffix(".ron").unwrap_or(name));
    let i = (entries.iter().position(|e| e.file == file)).ok_or_else(|| {
        let names: Vec<&str> = (entries.iter())
            .filter_map(|e| e.file.strip_suffix(".ron"))
            .collect();
        format!(
            "no lesson is called \"{}\"; the lessons are {}",
            crate::run::file::printable(name),
            names.join(", ")
        )
    })?;
    if let Err(why) = &entries[i].lesson {
        return Err(format!(
            "the lesson \"{}\" cannot be used: {why}",
            crate::run::file::printable(name)
        ));
    }
    Ok(i)
}
