//! Runs as files: the job (puzzle, instance, algorithm, parameters, seed, budget), its
//! validated answer and its event history, written as RON. A saved run can be replayed:
//! the job runs again with the same seed and the new answer is compared with the saved one.
//!
//! The file starts with a format name and version. A reader refuses a file of a newer
//! version, or one that is not a run file, with a message that says which.

use super::events::{Event, Report};
use super::puzzles::Job;
use crate::solve::{Stop, Until};
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::path::Path;
use std::time::Duration;

/// The `format` field of every run file.
pub const FORMAT: &str = "searchlab-run";
/// The newest format version this build writes and reads.
pub const VERSION: u32 = 2;
/// The largest run file read (ten million queens' placement and history fit well within).
pub const MAX_FILE_BYTES: u64 = 512 << 20;

/// The largest knight board whose run may be saved: a path of that many squares writes
/// about 11 bytes a square, within [`MAX_FILE_BYTES`].
pub const MAX_SAVED_SQUARES: u64 = 40_000_000;

/// Whether a run of `job` can be saved at all: a knight board of more than
/// [`MAX_SAVED_SQUARES`] would make a file past [`MAX_FILE_BYTES`]. Asked before a run (the
/// command line's `--save`) and again when saving.
pub fn savable(job: &Job) -> Result<(), String> {
    job.puzzle().savable()
}

/// The most memory reading a run file may take (see [`RunFile::from_ron`]): with the
/// replay's own, well under 2 GiB.
pub const MAX_PARSE_BYTES: u64 = 1 << 30;

/// How many times `byte` occurs in `text`.
fn bytecount(text: &str, byte: u8) -> u64 {
    text.as_bytes().iter().filter(|&&b| b == byte).count() as u64
}

/// Text from a file, made safe to print: control characters escaped, at most 80 characters.
pub fn printable(text: &str) -> String {
    let mut out: String = text.chars().take(80).flat_map(char::escape_debug).collect();
    if text.chars().count() > 80 {
        out.push('…');
    }
    out
}

/// A saved run: the job, its validated answer and its event history, as one RON file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunFile {
    /// Always [`FORMAT`].
    pub format: String,
    /// [`VERSION`] when written by this build.
    pub version: u32,
    /// The SearchLab version that wrote the file (for people; the reader goes by `version`).
    pub written_by: String,
    /// The job that ran (puzzle, instance, algorithm, parameters, seed, budget): what a
    /// replay runs again.
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
    Newer {
        /// The file's format version, newer than [`VERSION`].
        version: u32,
        /// The SearchLab version that wrote it, made safe to print (empty when the file
        /// does not say).
        written_by: String,
    },
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
    let written_by = head.find("written_by:").and_then(|at| {
        let quoted = head[at + 11..].trim_start().strip_prefix('"')?;
        Some(quoted[..quoted.find('"')?].to_string())
    });
    Some(Header {
        format,
        version: digits.parse().ok()?,
        written_by: written_by.unwrap_or_default(),
    })
}

/// Why `text`'s brackets cannot be those of one RON value, if they cannot: one closes
/// what was not opened, or the text ends with some still open. Strings (their escapes
/// skipped), raw strings (`r#"…"#`, no escapes), character literals and comments (block
/// comments nest, as RON's do) are passed over.
fn unclosed(text: &str) -> Result<(), String> {
    let bytes = text.as_bytes();
    let mut open = Vec::new();
    let mut i = 0;
    // The end of the quoted run that starts at `from` with `quote`, its escapes skipped.
    let quoted = |from: usize, quote: u8| {
        let mut j = from + 1;
        while j < bytes.len() && bytes[j] != quote {
            j += if bytes[j] == b'\\' { 2 } else { 1 };
        }
        j
    };
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                i = quoted(i, b'"');
                if i >= bytes.len() {
                    return Err(
                        "it ends inside a string (cut short?): the file is not whole".into(),
                    );
                }
            }
            b'\'' => i = quoted(i, b'\''),
            // A raw string: `r`, not ending a name, then hashes and a quote; it ends at a
            // quote followed by as many hashes.
            b'r' if i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_') => {
                let hashes = bytes[i + 1..].iter().take_while(|&&b| b == b'#').count();
                if bytes.get(i + 1 + hashes) == Some(&b'"') {
                    let close = format!("\"{}", "#".repeat(hashes));
                    let body = i + 2 + hashes;
                    match text.get(body..).and_then(|rest| rest.find(&close)) {
                        Some(k) => i = body + k + close.len() - 1,
                        None => {
                            return Err(
                                "it ends inside a raw string (cut short?): the file is not whole"
                                    .into(),
                            );
                        }
                    }
                }
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i = (bytes[i..].iter().position(|&b| b == b'\n')).map_or(bytes.len(), |k| i + k);
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                let mut depth = 1;
                i += 2;
                while i < bytes.len() && depth > 0 {
                    match (bytes[i], bytes.get(i + 1)) {
                        (b'/', Some(b'*')) => (depth, i) = (depth + 1, i + 2),
                        (b'*', Some(b'/')) => (depth, i) = (depth - 1, i + 2),
                        _ => i += 1,
                    }
                }
                if depth > 0 {
                    return Err(
                        "it ends inside a comment (cut short?): the file is not whole".into(),
                    );
                }
                // The loop's step moves past the comment's last byte.
                i -= 1;
            }
            b @ (b'(' | b'[' | b'{') => open.push(b),
            b @ (b')' | b']' | b'}') => {
                let opener = match b {
                    b')' => b'(',
                    b']' => b'[',
                    _ => b'{',
                };
                if open.pop() != Some(opener) {
                    return Err(format!(
                        "a '{}' at byte {i} closes what was not opened there",
                        b as char
                    ));
                }
            }
            _ => {}
        }
        i += 1;
    }
    if open.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "it ends with {} lists or records still open (cut short?): the file is not whole",
            open.len()
        ))
    }
}

impl RunFile {
    /// The job a replay runs: the saved job, and for a run its clock or its user stopped,
    /// the point it stopped at, so that the replay ends in the same state. (A parallel
    /// count is stopped in many places at once and is not repeatable this way.)
    pub fn replay_job(&self) -> Job {
        let stops: Vec<Until> = self
            .history
            .iter()
            .filter_map(|e| match e {
                Event::Stopped(until) => Some(*until),
                _ => None,
            })
            .collect();
        let mut job = self.job.clone();
        if let [until] = stops[..] {
            let saved_ms = Some(self.report.puzzle().elapsed_ms());
            let budget = job.puzzle_mut().budget_mut();
            budget.until = Some(until);
            // A replay ends at four times the limit and ten seconds more if the saved
            // point never comes (a damaged file); a run that had no limit, stopped by
            // hand, gets the time it took (a minute where the file does not say).
            if budget.time.is_none() {
                let took = saved_ms
                    .filter(|ms| ms.is_finite() && *ms >= 0.0)
                    .map_or(Duration::from_secs(60), |ms| {
                        Duration::from_secs_f64((ms / 1e3).min(86_400.0))
                    });
                budget.time = Some(took.max(Duration::from_secs(1)));
            }
        } else if stops.is_empty()
            && !matches!(
                self.report.puzzle().answer().stop,
                Some(Stop::TimeLimit | Stop::Cancelled)
            )
        {
            // Nothing stopped the saved run: it ended by itself within its limit. The
            // replay must end the same way on a slower or busier machine, so its clock
            // stops it only when overdue (as above), never at the saved limit. (A count
            // stopped in many places keeps no stop point and keeps its limit.)
            let budget = job.puzzle_mut().budget_mut();
            if budget.time.is_some() {
                budget.until = Some(Until {
                    polls: u64::MAX,
                    stop: Stop::TimeLimit,
                });
            }
        }
        job
    }

    /// Checks what a replay cannot recompute and must not trust: the job, and where and
    /// why the history says the run stopped. Only the clock (with a time limit) or Stop
    /// (Ctrl-C) stops a run at a look at the clock; anything else there is damage.
    pub fn check(&self) -> Result<(), RunFileError> {
        self.job
            .check()
            .map_err(|e| RunFileError::Broken(format!("the saved job is not valid: {e}")))?;
        let time = self.job.puzzle().budget().time;
        for e in &self.history {
            let Event::Stopped(until) = e else {
                continue;
            };
            match until.stop {
                Stop::TimeLimit if time.is_none() => {
                    return Err(RunFileError::Broken(
                        "its history says the clock stopped the run, but the run had no time limit"
                            .into(),
                    ));
                }
                Stop::TimeLimit | Stop::Cancelled => {}
                other => {
                    return Err(RunFileError::Broken(format!(
                        "its history says a look at the clock stopped the run with \"{}\"; only the time limit or Stop end a run there",
                        other.describe()
                    )));
                }
            }
            if until.polls == 0 {
                return Err(RunFileError::Broken(
                    "its history says the run stopped before it looked at the clock".into(),
                ));
            }
        }
        Ok(())
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

    /// The run as pretty-printed RON: the text [`RunFile::save`] writes.
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new()
            .compact_arrays(true)
            .compact_structs(false)
            .depth_limit(3);
        ron::ser::to_string_pretty(self, config)
            .expect("a run is plain data, so it always serializes")
    }

    /// Reads a run from RON text; refuses, saying why, text that is not a run file, a newer
    /// version, or one that would take more than [`MAX_PARSE_BYTES`] to read.
    pub fn from_ron(text: &str) -> Result<RunFile, RunFileError> {
        // The opening says what the file is at once; reading the whole text as RON for
        // its header would take as long as reading the run (seconds for hundreds of MB),
        // and is done only for a file whose opening says nothing, for the reason.
        let header: Header = match opening(text) {
            Some(h) => h,
            None => match ron::from_str(text) {
                Ok(h) => h,
                Err(e) => {
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
        // What reading it whole would take: its text, and for each list and string a
        // place of its own (a file of millions of tiny lists would need many times its
        // size). Refused before it is read when that is more than a replay may use.
        let lists = bytecount(text, b'[') + bytecount(text, b'"') / 2;
        let needs = (text.len() as u64).saturating_add(lists.saturating_mul(96));
        if needs > MAX_PARSE_BYTES {
            return Err(RunFileError::Broken(format!(
                "it holds {lists} lists and strings; reading them would take about {} MiB, more than a run file may ({} MiB)",
                needs >> 20,
                MAX_PARSE_BYTES >> 20
            )));
        }
        // A file cut short (a copy or a download that stopped) ends inside a list or a
        // record: a scan of its brackets, a fraction of a second for hundreds of MB, says
        // so before the reading proper, which would take seconds to find it out.
        unclosed(text).map_err(RunFileError::Broken)?;
        // Files of version 1 wrote a count's figures per square as plain numbers, where
        // they are now `Some(n)` or `None` (a square cut short): read both.
        ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
            .from_str(text)
            .map_err(|e| RunFileError::Broken(e.to_string().escape_debug().to_string()))
    }

    /// Writes the file whole or not at all, replacing nothing but a regular file (see
    /// [`crate::files::write_atomic`]).
    pub fn save(&self, path: &Path) -> Result<(), RunFileError> {
        savable(&self.job).map_err(RunFileError::Io)?;
        let text = self.to_ron();
        if text.len() as u64 > MAX_FILE_BYTES {
            return Err(RunFileError::Io(format!(
                "the run would make a file of {} MiB, larger than a run file can be ({} MiB)",
                text.len() >> 20,
                MAX_FILE_BYTES >> 20
            )));
        }
        crate::files::write_bytes(path, text.as_bytes()).map_err(RunFileError::Io)
    }

    /// Reads a run file: a regular file of at most [`MAX_FILE_BYTES`] (a device, a pipe
    /// or a folder is refused without waiting on it, so none can block or fill memory).
    pub fn load(path: &Path) -> Result<RunFile, RunFileError> {
        let text = crate::files::read_text(path, MAX_FILE_BYTES, "a run file")
            .map_err(RunFileError::Io)?;
        RunFile::from_ron(&text)
    }

    /// Whether a replay repeats the run exactly, so that any difference in its answer is
    /// damage to the file: a run that ran to its end, or one stopped at one recorded look
    /// at the clock (not a parallel count stopped in many places, nor a run stopped before
    /// SearchLab kept where runs stop).
    pub fn repeatable(&self) -> bool {
        let stops = (self.history.iter())
            .filter(|e| matches!(e, Event::Stopped(_)))
            .count();
        let stopped = matches!(
            self.report.puzzle().answer().stop,
            Some(Stop::TimeLimit | Stop::Cancelled)
        );
        stops == 1 || (stops == 0 && !stopped)
    }

    /// A line naming what was run, e.g. "knight's tour, backtrack on 8x8 from 0,0, seed 1".
    pub fn title(&self) -> String {
        self.job.puzzle().title()
    }

    /// Compares a replay's report with the saved one: `Ok` with a sentence when the answers
    /// are the same and, for a run that replays exactly, every figure it claims too; `Err`
    /// with what differs: the first figure, or the first item of the answer where the two
    /// part and whether the saved answer keeps the puzzle's rules. Times are the saving
    /// machine's: they cannot be replayed, only held against the file's own history.
    pub fn compare(&self, replay: &Report) -> Result<String, String> {
        let (saved_report, fresh_report) = (self.report.puzzle(), replay.puzzle());
        let (saved, fresh) = (saved_report.answer(), fresh_report.answer());
        if saved.key == fresh.key && saved.stop == fresh.stop {
            if let Some(why) = self.times_contradicted() {
                return Err(why);
            }
            if !self.repeatable() {
                return Ok(format!("same answer as the saved run: {}", saved.summary));
            }
            let (mut claimed, mut replayed) = (saved_report.claimed(), fresh_report.claimed());
            // A list of figures of another length (a square's generations) differs in its
            // count first.
            if claimed.len() != replayed.len() {
                claimed = vec![("figures", claimed.len() as u64)];
                replayed = vec![("figures", replayed.len() as u64)];
            }
            if let Some(((name, a), (_, b))) = (claimed.iter().zip(&replayed)).find(|(a, b)| a != b)
            {
                return Err(format!(
                    "the saved run claims {name} {a}, but a replay of it gives {b} (a run replays to the same figures, its times aside)"
                ));
            }
            return Ok(format!(
                "same answer as the saved run, with the same figures: {} (its times are the saving machine's and are not replayed)",
                saved.summary
            ));
        }
        if saved.key == fresh.key {
            let told = |s: Option<Stop>| s.map_or("-", Stop::describe);
            return Err(format!(
                "the run ends otherwise than the saved run says: saved \"{}\"; this run \"{}\"",
                told(saved.stop),
                told(fresh.stop)
            ));
        }
        let mut why = format!(
            "the answer differs from the saved run: saved {}; this run {}",
            saved.summary, fresh.summary
        );
        if let (Some(a), Some(b)) = (saved_report.sequence(), fresh_report.sequence()) {
            let at = (a.iter().zip(b)).position(|(x, y)| x != y);
            match at {
                Some(i) => {
                    let _ = write!(
                        why,
                        "; they part first at {} in the saved run, {} in this one",
                        saved_report.item_name(i, a[i]),
                        fresh_report.item_name(i, b[i])
                    );
                }
                None if a.len() != b.len() => {
                    let _ = write!(
                        why,
                        "; the saved run's answer has {} items, this run's {}, alike as far as the shorter goes",
                        a.len(),
                        b.len()
                    );
                }
                None => {}
            }
        }
        if let Some(broken) = saved_report.broken() {
            let _ = write!(
                why,
                "; and the saved answer breaks the puzzle's rules: {broken}"
            );
        }
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

    /// Why the run's time, as the file gives it, cannot be true of the file's own history
    /// (a progress report later than the run's end), if it cannot. (A run stopped by its
    /// time limit may say less than the limit: the search stops early enough to check
    /// its answer within it.)
    pub fn times_contradicted(&self) -> Option<String> {
        let took = self.report.puzzle().elapsed_ms();
        if !took.is_finite() || took < 0.0 {
            return Some(format!(
                "the saved run says it took {took} ms, which no run takes"
            ));
        }
        let latest = (self.history.iter())
            .filter_map(|e| match e {
                Event::Progress { elapsed_ms, .. } => Some(*elapsed_ms),
                _ => None,
            })
            .fold(0.0_f64, f64::max);
        // A millisecond's rounding either way.
        if latest > took + 1.0 {
            return Some(format!(
                "the saved run says it took {took:.1} ms, but its own history has it still running at {latest:.1} ms"
            ));
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::unclosed;

    /// Brackets inside raw strings and nested comments are not the value's: RON's rules.
    #[test]
    fn raw_strings_and_nested_comments_are_passed_over() {
        for text in [
            r##"(note: r#"a ) and a " inside"#, n: 1)"##,
            r#"(note: r"no \ escapes (", n: [1])"#,
            "( /* a /* nested ) */ still ( a comment */ n: 1)",
            "(name: \"r\", r: [1])",
        ] {
            assert_eq!(unclosed(text), Ok(()), "{text}");
        }
        for (text, why) in [
            ("(note: r#\"cut short", "raw string"),
            ("(n: 1 /* /* */ cut short", "comment"),
            ("(n: [1)", "closes what was not opened"),
            ("(n: [1]", "still open"),
        ] {
            let err = unclosed(text).unwrap_err();
            assert!(err.contains(why), "{text}: {err}");
        }
    }
}
