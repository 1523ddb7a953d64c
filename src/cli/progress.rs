//! Progress on the terminal (standard error, drawn only when it is a terminal): a status
//! line while one job runs, a bar while a bench's trials run.

use crate::bench::Meter;
use crate::run::catalog::{Figure, told};
use crate::run::{Event, JobError, Report, Run};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::time::Duration;

/// How long a job runs before its status line appears.
const QUIET_FOR_MS: f64 = 500.0;

/// Waits for the worker's answer, keeping the events a run file records and showing the
/// search's `figures` on a terminal.
pub fn wait(run: &Run, figures: &[Figure]) -> (Result<Report, JobError>, Vec<Event>) {
    let line = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr())
        .with_style(ProgressStyle::with_template("{spinner} {msg}").expect("a fixed template"));
    let mut history = Vec::new();
    let result = loop {
        match run.next_event(Duration::from_millis(200)) {
            Some(Event::Finished(result)) => break result,
            Some(e @ Event::Progress { .. }) => {
                if let Event::Progress {
                    counters,
                    elapsed_ms,
                } = &e
                    && *elapsed_ms > QUIET_FOR_MS
                {
                    let seconds = elapsed_ms / 1e3;
                    line.set_message(format!(
                        "{seconds:.1} s: {} (Ctrl-C stops)",
                        told(figures, counters)
                    ));
                    line.tick();
                }
                history.push(e);
            }
            Some(e @ (Event::Started { .. } | Event::Generations(_) | Event::Stopped(_))) => {
                history.push(e);
            }
            // The worker ended without a final event: only a panic does that.
            None if run.is_finished() => {
                break Err(JobError::Invalid(
                    "the worker thread ended without an answer".into(),
                ));
            }
            None => {}
        }
    };
    line.finish_and_clear();
    (result, history)
}

/// Runs `work` while a bar on the terminal shows `meter`'s trials done out of its total.
pub fn with_bar<T>(label: &str, meter: &Meter, work: impl FnOnce() -> T) -> T {
    let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr()).with_style(
        ProgressStyle::with_template(
            "{prefix} [{bar:30}] {pos}/{len} trials, {elapsed} (Ctrl-C stops)",
        )
        .expect("a fixed template")
        .progress_chars("#>-"),
    );
    bar.set_prefix(label.to_string());
    // The bar's thread redraws every 100 ms until `work` ends: its end (or a panic in it)
    // drops the sender, which wakes the thread at once rather than at its next redraw.
    let (ended, wait) = std::sync::mpsc::channel::<()>();
    let result = std::thread::scope(|scope| {
        let shown = bar.clone();
        scope.spawn(move || {
            loop {
                let (finished, total) = meter.read();
                shown.set_length(total);
                shown.set_position(finished);
                match wait.recv_timeout(Duration::from_millis(100)) {
                    Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                    _ => break,
                }
            }
        });
        let _ended = ended;
        work()
    });
    bar.finish_and_clear();
    result
}
