//! Runs as files: the job (puzzle, instance, algorithm, parameters, seed, budget), its
//! validated answer and its event history, written as RON. A saved run can be replayed:
//! the job runs again with the same seed and the new answer is compared with the saved one.
//!
//! The file starts with a format name and version. A reader refuses a file of a newer
//! version, or one that is not a run file, with a message that says which.

use super::events::{Event, Report};
use super::worker::Job;
use crate::solve::Stop;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The `format` field of every run file.
pub const FORMAT: &str = "searchlab-run";
/// The newest format version this build writes and reads.
pub const VERSION: u32 = 2;
/// The largest run file read (ten million queens' placement and history fit well within).
pub const MAX_FILE_BYTES: u64 = 512 << 20;

/// Text from a file, made safe to print: control characters escaped, at most 80 characters.
pub fn printable(text: &str) -> String {
    let mut out: String = text.chars().take(80).flat_map(char::escape_debug).collect();
    if text.chars().count() > 80 {
        out.push('…');
    }
    out
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunFile {
    /// Always [`FORMAT`].
    pub format: String,
    /// [`VERSION`] when written by this build.
    pub version: u32,
    /// The SearchLab version that wrote the file (for people; the reader goes by `version`).
    pub written_by: String,
    pub job: Job,
    /// The answer, as validated by `puzzle/` when the run ended.
    pub report: Report,
    /// Every event of the run before its end, in order (progress, generations).
    pub history: Vec<Event>,
}

/// Why a file could not be read as a run.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RunFileError {
    /// The file could not be read or written.
    #[error("{0}")]
    Io(String),
    /// Not RON, or not a run file at all.
    #[error(
        "this is not a SearchLab run file (it should start with `(format: \"{FORMAT}\", version: N, ...`): {0}"
    )]
    NotARun(String),
    /// Written by a newer SearchLab.
    #[error(
        "this run file was written by SearchLab {written_by} in format version {version}; this SearchLab ({current}) reads versions up to {VERSION}: update SearchLab to open it",
        current = env!("CARGO_PKG_VERSION")
    )]
    Newer { version: u32, written_by: String },
    /// The right format and version, but a part is missing or malformed.
    #[error("the run file is damaged: {0}")]
    Broken(String),
}

/// The fields every version has, read first to decide whether the rest can be read.
#[derive(Deserialize)]
struct Header {
    format: String,
    version: u32,
    #[serde(default)]
    written_by: String,
}

/// The format and version from a file's first lines, read as text.
fn opening(text: &str) -> Option<Header> {
    let head: String = text.chars().take(400).collect();
    let format_at = head.find("format:")?;
    let quoted = head[format_at + 7..].trim_start().strip_prefix('"')?;
    let format = quoted[..quoted.find('"')?].to_string();
    let version_at = head.find("version:")?;
    let digits: String = head[version_at + 8..]
        .trim_start()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    Some(Header {
        format,
        version: digits.parse().ok()?,
        written_by: String::new(),
    })
}

impl RunFile {
    /// The job a replay runs: the saved job, and for a run its clock or its user stopped,
    /// the point it stopped at, so that the replay ends in the same state. (A parallel
    /// count is stopped in many places at once and is not repeatable this way.)
    pub fn replay_job(&self) -> Job {
        let mut stops = self.history.iter().filter_map(|e| match e {
            Event::Stopped(until) => Some(*until),
            _ => None,
        });
        let mut job = self.job.clone();
        if let (Some(until), None) = (stops.next(), stops.next()) {
            let budget = match &mut job {
                Job::Knight(j) => &mut j.budget,
                Job::Queens(j) => &mut j.budget,
                Job::Magic(j) => &mut j.budget,
            };
            budget.until = Some(until);
        }
        job
    }

    /// A run of `job` that ended with `report` after `history` (a `Finished` event in it is
    /// dropped: the report is kept on its own).
    pub fn new(job: Job, report: Report, mut history: Vec<Event>) -> RunFile {
        history.retain(|e| !matches!(e, Event::Finished(_)));
        RunFile {
            format: FORMAT.to_string(),
            version: VERSION,
            written_by: env!("CARGO_PKG_VERSION").to_string(),
            job,
            report,
            history,
        }
    }

    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new()
            .compact_arrays(true)
            .compact_structs(false)
            .depth_limit(3);
        ron::ser::to_string_pretty(self, config)
            .expect("a run is plain data, so it always serializes")
    }

    pub fn from_ron(text: &str) -> Result<RunFile, RunFileError> {
        let header: Header = match ron::from_str(text) {
            Ok(h) => h,
            // A file cut short or damaged further on has no readable whole; its opening
            // still says what it is.
            Err(e) => match opening(text) {
                Some(h) => h,
                None => {
                    return Err(RunFileError::NotARun(
                        e.to_string().escape_debug().to_string(),
                    ));
                }
            },
        };
        if header.format != FORMAT {
            return Err(RunFileError::NotARun(format!(
                "its format is \"{}\"",
                printable(&header.format)
            )));
        }
        if header.version > VERSION {
            return Err(RunFileError::Newer {
                version: header.version,
                written_by: printable(&header.written_by),
            });
        }
        // Files of version 1 wrote a count's figures per square as plain numbers, where
        // they are now `Some(n)` or `None` (a square cut short): read both.
        ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
            .from_str(text)
            .map_err(|e| RunFileError::Broken(e.to_string().escape_debug().to_string()))
    }

    /// Writes the file whole or not at all (a temporary file renamed into place).
    pub fn save(&self, path: &Path) -> Result<(), RunFileError> {
        let io =
            |e: std::io::Error| RunFileError::Io(format!("cannot write {}: {e}", path.display()));
        let name = path
            .file_name()
            .ok_or_else(|| RunFileError::Io(format!("{} is not a file name", path.display())))?;
        let mut tmp_name = std::ffi::OsString::from(".");
        tmp_name.push(name);
        tmp_name.push(".tmp");
        let tmp = path.with_file_name(tmp_name);
        std::fs::write(&tmp, self.to_ron()).map_err(io)?;
        std::fs::rename(&tmp, path).map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            io(e)
        })
    }

    /// Reads a run file: a regular file of at most [`MAX_FILE_BYTES`] (a device, a pipe
    /// or a folder is refused before it is opened, so none can block or fill memory).
    pub fn load(path: &Path) -> Result<RunFile, RunFileError> {
        use std::io::Read;
        let io =
            |e: std::io::Error| RunFileError::Io(format!("cannot read {}: {e}", path.display()));
        let meta = std::fs::metadata(path).map_err(io)?;
        if !meta.is_file() {
            return Err(RunFileError::Io(format!(
                "{} is not a regular file (a folder, a device or a pipe); give a run file",
                path.display()
            )));
        }
        let mut text = String::new();
        std::fs::File::open(path)
            .map_err(io)?
            .take(MAX_FILE_BYTES + 1)
            .read_to_string(&mut text)
            .map_err(io)?;
        if text.len() as u64 > MAX_FILE_BYTES {
            return Err(RunFileError::Io(format!(
                "{} is larger than a run file can be ({} MiB at most)",
                path.display(),
                MAX_FILE_BYTES >> 20
            )));
        }
        RunFile::from_ron(&text)
    }

    /// A line naming what was run, e.g. "knight's tour, backtrack on 8x8 from 0,0, seed 1".
    pub fn title(&self) -> String {
        self.job.puzzle().title()
    }

    /// Compares a replay's report with the saved one: `Ok` with a sentence when the answers
    /// are the same, `Err` with what differs (timings and counters may differ; answers may
    /// not, unless the saved run was cut short by its clock).
    pub fn compare(&self, replay: &Report) -> Result<String, String> {
        let (saved, fresh) = (self.report.puzzle().answer(), replay.puzzle().answer());
        if saved.key == fresh.key {
            return Ok(format!("same answer as the saved run: {}", saved.summary));
        }
        let mut why = format!(
            "the answer differs from the saved run: saved {}; this run {}",
            saved.summary, fresh.summary
        );
        let stopped_once = self
            .history
            .iter()
            .filter(|e| matches!(e, Event::Stopped(_)))
            .count()
            == 1;
        if !stopped_once
            && (matches!(saved.stop, Some(Stop::TimeLimit | Stop::Cancelled))
                || matches!(fresh.stop, Some(Stop::TimeLimit | Stop::Cancelled)))
        {
            why.push_str(
                " (a count stopped by its clock or by hand, from every square, of N-Queens solutions or of magic squares, ends wherever its threads or its own clock had got to, as does a run saved before SearchLab kept where runs stop; let it finish to make it repeatable)",
            );
        }
        Err(why)
    }
}
