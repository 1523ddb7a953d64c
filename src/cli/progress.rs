//! Progress on the terminal (standard error, drawn only when it is a terminal): a status
//! line while one job runs, a bar while a bench's trials run.

use crate::bench::Meter;
use crate::run::catalog::{Figure, told};
use crate::run::{Event, JobError, Report, Run};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::sync::atomic::{AtomicBool, Ordering};
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
    /// Tells the bar's thread to end when dropped, so a panicking `work` cannot leave the
    /// scope waiting for it.
    struct Done<'a>(&'a AtomicBool);
    impl Drop for Done<'_> {
        fn drop(&mut self) {
            self.0.store(true, Ordering::Relaxed);
        }
    }
    let done = AtomicBool::new(false);
    let result = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Ordering::Relaxed) {
                let (finished, total) = meter.read();
                bar.set_length(total);
                bar.set_position(finished);
                std::thread::sleep(Duration::from_millis(100));
            }
        });
        let _done = Done(&done);
        work()
    });
    bar.finish_and_clear();
    result
}
