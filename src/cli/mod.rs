//! The command line (`docs/CLI.md` is its contract): parse, run the job on a worker
//! through `run/`, print text or one JSON object, exit 0 (answer), 1 (none), 2 (bad input).
//!
//! One function, [`run`], does the work and returns a [`CliError`] for anything that went
//! wrong; [`main`] prints it and maps it to the exit status, in one place.

/// Writes a line to standard error; a standard error that cannot be written (closed, or a
/// terminal gone) is not a reason to fail or panic.
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod bench;
mod common;
mod diff;
mod grade;
mod knight;
mod magic;
mod output;
mod progress;
mod puzzles;
mod queens;
mod trace;
mod verb;

use crate::run::file::RunFile;
use crate::run::{Job, JobError, Report, Run};
use crate::teach::link::Opening;
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

pub use common::parse_duration;
pub use knight::KnightVerb;
pub use magic::MagicVerb;
pub use puzzles::PuzzleCommand;
pub use queens::QueensVerb;

/// The whole command line: a subcommand, or none to open the desktop app.
#[derive(Parser, Debug)]
#[command(
    name = "searchlab",
    version,
    about = "Watch and compare search algorithms on chessboard puzzles.",
    after_help = "Squares: chess notation (a1 = bottom-left) or ROW,COL zero-based from the top-left.\nExit status: 0 an answer was found (or a count completed), 1 none exists or none was found within the budget, 2 bad input."
)]
pub struct Cli {
    /// The subcommand; `None` opens the desktop app, as `app` does.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands: the app, one for each puzzle, and `replay`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Open the desktop app (the same as no command).
    App,
    /// A puzzle's commands: `knight`, `queens`, `magic` (one for each puzzle).
    #[command(flatten)]
    Puzzle(PuzzleCommand),
    /// Re-run a run saved with --save (same job, same seed), show it and check that the
    /// answer is the saved one.
    ///
    /// A run its time limit or Ctrl-C stopped is re-run to the very point where it
    /// stopped, so it too gives the same answer; a count (from every square, of N-Queens
    /// solutions, of magic squares) stopped early is not repeatable.
    Replay(ReplayArgs),
    /// Open the desktop app at a link copied from SearchLab ("Copy link"): a puzzle tab
    /// set up as the link says (its run, its game, or step by step at a step), or a
    /// lesson; or with a run file or a lesson file open (as a file manager opens them). A
    /// link or file that cannot be opened opens the app with a message saying why.
    Open(OpenArgs),
    /// Grade a folder of hand-ins: replay every cited run and re-check every answer
    /// against the solvers, print each student's points and the tasks most missed, and
    /// name every hand-in whose work is not what it claims.
    Grade(grade::GradeArgs),
}

/// The argument of `searchlab open`: a link or a file.
#[derive(Args, Debug)]
pub struct OpenArgs {
    /// A link: the whole address, or its part from `#` (`#v1/knight?board=8x8&…`), quoted
    /// for the shell; or the path of a run file or lesson file. Without it the app opens
    /// as `searchlab` alone opens it.
    #[arg(value_name = "LINK|FILE")]
    pub what: Option<String>,
}

/// The arguments of `searchlab replay`: the run file and the output's form.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// A run file written by --save or by the app's "Save run…".
    pub file: PathBuf,
    /// Print one JSON object on standard output instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Everything that can end a command other than its answer.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The input was refused (exit 2); the message says what is allowed.
    #[error("{0}")]
    Input(String),
    /// The job refused its input (exit 2) or its answer failed validation (exit 1).
    #[error(transparent)]
    Job(#[from] JobError),
    /// The command ran but did not succeed, for the reason given (exit 1).
    #[error("{0}")]
    Failed(String),
    /// Standard output could not be written (exit 1); a reader that went away is not this.
    #[error("cannot write the output: {0}")]
    Output(std::io::Error),
}

impl CliError {
    /// The exit status this error ends the process with.
    pub fn exit_code(&self) -> ExitCode {
        match self {
            CliError::Input(_) | CliError::Job(JobError::Input(_)) => ExitCode::from(2),
            CliError::Job(JobError::Invalid(_) | JobError::Ended(_))
            | CliError::Failed(_)
            | CliError::Output(_) => ExitCode::from(1),
        }
    }
}

/// Runs the command line and prints whatever error ended it.
pub fn main(cli: Cli) -> ExitCode {
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            note!("searchlab: {e}");
            e.exit_code()
        }
    }
}

/// Why the app cannot open `link`, if it cannot: a malformed link, or a lesson's link to a
/// lesson that is not there or cannot be used (`searchlab open` says it before the window
/// opens).
pub fn link_refusal(link: &str) -> Option<String> {
    match crate::teach::link::read(link) {
        Err(why) => Some(why),
        // A lesson's link names a lesson file, which must be there and usable.
        Ok(crate::teach::link::Place::Lesson(file)) => {
            let (entries, _) = crate::teach::load(&crate::teach::lessons_dir());
            crate::teach::find_file(&entries, &file).err()
        }
        Ok(_) => None,
    }
}

/// What `searchlab open` hands the app: a link when `what` is one (its part from `#`, or
/// a whole address; one the app cannot open is also said on standard error), else a file,
/// read here before the window opens (what went wrong is said in the app and on standard
/// error).
pub fn opening(what: String) -> Opening {
    let link = what.starts_with('#') || (what.contains("://") && what.contains('#'));
    if link && !std::path::Path::new(&what).is_file() {
        if let Some(why) = link_refusal(&what) {
            note!("searchlab: this link cannot be opened: {why}; the app says so too");
        }
        return Opening::Link(what);
    }
    let path = std::path::Path::new(&what);
    let name = crate::files::download_name(path);
    let bytes = crate::files::read_capped(
        path,
        crate::teach::link::MAX_PAGE_FILE_BYTES as u64,
        "a run file or lesson",
    )
    .map_err(|e| e.to_string());
    if let Err(why) = &bytes {
        note!("searchlab: {why}; the app says so too");
    }
    Opening::File(name, bytes)
}

/// `searchlab-app [LINK|FILE]` (the Windows packages' GUI program): the app's window
/// alone, opened as `searchlab open` opens it.
pub fn open_app(what: Option<String>) -> Result<(), String> {
    crate::app::run_with(what.map(opening))
        .map_err(|e| format!("the window could not be opened: {e}"))
}

/// Runs the command line: no subcommand (or `app`) opens the desktop app.
pub fn run(cli: Cli) -> Result<ExitCode, CliError> {
    let (job, out) = match cli.command {
        None | Some(Command::App) => {
            return crate::app::run()
                .map(|()| ExitCode::SUCCESS)
                .map_err(|e| CliError::Failed(format!("the window could not be opened: {e}")));
        }
        Some(Command::Open(a)) => {
            return crate::app::run_with(a.what.map(opening))
                .map(|()| ExitCode::SUCCESS)
                .map_err(|e| CliError::Failed(format!("the window could not be opened: {e}")));
        }
        Some(Command::Replay(a)) => return replay(&a),
        Some(Command::Grade(a)) => return grade::grade(&a),
        Some(Command::Puzzle(puzzle)) => match puzzle.run()? {
            verb::Verb::Job(job, out) => (job, out),
            verb::Verb::Done(code) => return Ok(code),
        },
    };
    job.check()?;
    if let Some(path) = &out.save {
        // Fail before a long run, not after it.
        common::check_save_target(path)?;
        crate::run::file::savable(&job).map_err(|why| {
            CliError::Input(format!(
                "--save: {why}; the answer can be printed (--json) but not saved"
            ))
        })?;
    }
    let (report, history) = match run_job(&job) {
        // Ctrl-C before the run had anything to report (the move table of a board of 10⁸
        // squares being built): with --json, still one JSON object, saying why.
        Err(CliError::Job(JobError::Ended(why))) if out.json => return ended_json(&why),
        result => result?,
    };
    // Printed first, saved whether or not standard output could take it.
    let printed = match (out.unique && !out.json)
        .then(|| puzzles::render(&report).unique_headline())
        .flatten()
    {
        Some(line) => output::print_after(&line, puzzles::render(&report), out.json),
        None => output::print(puzzles::render(&report), out.json),
    };
    if let Some(path) = out.save {
        // The answer stands, and so does its exit status, whether or not it could be saved.
        match RunFile::new(job, report, history).save(&path) {
            Ok(()) => note!("saved the run to {}", path.display()),
            Err(e) => note!("searchlab: the run was not saved: {e}"),
        }
    }
    printed
}

/// `{"found":false,"stop":"cancelled","message":WHY}` on standard output, the reason on
/// standard error too; exit 1.
fn ended_json(why: &str) -> Result<ExitCode, CliError> {
    note!("searchlab: {why}");
    let object = serde_json::json!({"found": false, "stop": "cancelled", "message": why});
    output::write(false, |out| writeln!(out, "{object}"))
}

/// Runs `job` on a worker, Ctrl-C cancelling it, with progress on a terminal.
fn run_job(job: &Job) -> Result<(Report, Vec<crate::run::Event>), CliError> {
    let cancel = common::cancel_on_ctrl_c();
    let run = Run::headless(job.clone(), cancel);
    let (result, history) = progress::wait(&run, job.puzzle().figures());
    Ok((result?, history))
}

/// `searchlab replay FILE`: load a saved run, run its job again with the same seed, print
/// the answer and say whether it is the saved one (exit 1 when it is not).
fn replay(a: &ReplayArgs) -> Result<ExitCode, CliError> {
    let shown = a.file.display();
    let file = RunFile::load(&a.file).map_err(|e| CliError::Input(format!("{shown}: {e}")))?;
    file.check()
        .map_err(|e| CliError::Input(format!("{shown}: {e}")))?;
    note!(
        "replaying {} (saved by SearchLab {})",
        file.title(),
        crate::run::file::printable(&file.written_by)
    );
    let (report, _) = run_job(&file.replay_job())?;
    let code = output::print(puzzles::render(&report), a.json)?;
    match file.compare(&report) {
        Ok(same) => {
            note!("replay: {same}");
            Ok(code)
        }
        // The run repeats exactly: what differs was changed in the file.
        Err(differs) if file.repeatable() => Err(CliError::Input(format!(
            "{shown}: the run file is damaged, or was saved by a SearchLab that searches otherwise: {differs}"
        ))),
        Err(differs) => Err(CliError::Failed(format!("replay: {differs}"))),
    }
}

/// The algorithms of one puzzle with their parameters, for `--help`.
pub fn algorithm_list(algorithms: &[crate::run::catalog::AlgorithmInfo]) -> String {
    algorithms
        .iter()
        .map(|a| {
            let params: Vec<String> = a
                .params
                .iter()
                .map(|p| format!("{}={}", p.name, p.default))
                .collect();
            format!(
                "  {:<22}{}{}",
                a.id,
                a.summary,
                if params.is_empty() {
                    String::new()
                } else {
                    format!(" [{}]", params.join(", "))
                }
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}
