//! A run on show in a view: starting and stopping it, pausing and stepping the search,
//! reading its events into counters and a fitness history, keeping its record for "Save
//! run…", and letting cancelled runs wind down without blocking the UI. The three puzzle
//! views each hold one; what they do with the answer is their own.

use super::history::History;
use super::runs::Record;
use crate::run::file::RunFile;
use crate::run::{Event, Job, JobError, Report, Run};
use crate::solve::Counters;

/// A run on show in a view: its worker, the cancelled runs winding down, its record, and
/// the counters and fitness history read from its events.
#[derive(Default)]
pub struct LiveRun {
    run: Option<Run>,
    /// Cancelled runs still winding down; dropped once their threads have ended (dropping
    /// one earlier would wait for it).
    stopping: Vec<Run>,
    /// The runs as files: the last one for "Save run…", a replay being checked.
    pub record: Record,
    /// The search's counters at its last progress report (or its end).
    pub counters: Counters,
    /// The search's time in milliseconds at its last progress report (or its end).
    pub elapsed_ms: f64,
    /// Best, mean and worst fitness per generation of an evolutionary run (thinned).
    pub history: History,
    /// What the last run started ran: an algorithm id, or a task such as `count`.
    pub label: String,
}

/// A button that starts work: disabled while a run is under way or while `blocked` says
/// why the form holds it back, the reason then its hover text.
pub fn start_button(
    ui: &mut egui::Ui,
    label: &str,
    hint: &str,
    running: bool,
    blocked: Option<&str>,
) -> bool {
    ui.add_enabled(!running && blocked.is_none(), egui::Button::new(label))
        .on_hover_text(hint)
        .on_disabled_hover_text(if running {
            "A run is under way"
        } else {
            blocked.unwrap_or("")
        })
        .clicked()
}

/// Which of the run buttons was pressed.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Pressed {
    /// ▶ Run was clicked (enabled only with no run under way and the form not holding it).
    pub run: bool,
    /// ■ Stop was clicked (enabled only while a run is under way).
    pub stop: bool,
    /// Reset was clicked (always enabled).
    pub reset: bool,
}

/// What one look at the worker brought.
#[derive(Default)]
pub struct Polled {
    /// The search's latest state (path so far, placement, best square), if new.
    pub snapshot: Option<Vec<u32>>,
    /// The belief space's latest weights, if new (read after the events: the worker
    /// writes its last belief before it says it has finished).
    pub belief: Option<Vec<f32>>,
    /// The counters of every progress report read, in order.
    pub progress: Vec<Counters>,
    /// The run's end, validated answer or why it failed.
    pub finished: Option<Result<Report, JobError>>,
}

impl LiveRun {
    /// Starts `job` on a worker (stopping the run under way); `replay` is the saved run it
    /// repeats. A job that fails its check does not start.
    pub fn start(
        &mut self,
        ctx: &egui::Context,
        job: Job,
        replay: Option<RunFile>,
    ) -> Result<(), JobError> {
        self.stop();
        job.check()?;
        self.clear();
        self.label = job.puzzle().label_and_seed().0;
        self.record.begin(&job, replay);
        let ctx = ctx.clone();
        self.run = Some(Run::start(job, move || {
            ctx.request_repaint_after(crate::platform::worker::wake_every());
        }));
        Ok(())
    }

    /// Cancels the run under way; `true` if there was one.
    pub fn stop(&mut self) -> bool {
        let Some(run) = self.run.take() else {
            return false;
        };
        self.record.cancelled();
        run.cancel();
        self.stopping.push(run);
        true
    }

    /// Stop, pressed by the user: the run is told to stop and is read on until it has (a
    /// search stops within 100 ms), so that its last word is shown as it would be after a
    /// time limit, its best answer so far and why it stopped, as the command line shows it.
    /// `true` if a run was under way.
    pub fn cancel(&mut self) -> bool {
        match &self.run {
            Some(run) => {
                run.cancel();
                // A replay stopped by hand is not judged against the saved answer.
                self.record.stopped_by_hand();
                true
            }
            None => false,
        }
    }

    /// Forgets the last run as shown: its figures, its name ("On show: the last run, by
    /// …" goes with it) and the verdict of a replay of it. The record of it stays for
    /// "Save run…".
    pub fn clear(&mut self) {
        self.counters = Counters::default();
        self.elapsed_ms = 0.0;
        self.history.clear();
        self.label.clear();
        self.record.replay = None;
    }

    /// Whether a run is under way: started, and neither stopped nor read to its end by
    /// [`LiveRun::poll`].
    pub fn is_running(&self) -> bool {
        self.run.is_some()
    }

    /// Whether the run under way is paused (`false` with no run).
    pub fn is_paused(&self) -> bool {
        self.run.as_ref().is_some_and(Run::is_paused)
    }

    /// Pauses a running search, or resumes a paused one.
    pub fn toggle_pause(&self) {
        if let Some(r) = &self.run {
            r.set_paused(!r.is_paused());
        }
    }

    /// Lets a paused search run a little further.
    pub fn step(&self) {
        if let Some(r) = self.run.as_ref().filter(|r| r.is_paused()) {
            r.step();
        }
    }

    /// The cancelled runs still winding down, for an owner that outlives this one (dropping
    /// them would wait for their threads).
    pub fn take_stopping(&mut self) -> Vec<Run> {
        std::mem::take(&mut self.stopping)
    }

    /// The run buttons every puzzle view has: ▶ Run (hint `run_hint`; disabled with the
    /// reason `blocked` while the form holds the run back), then `extra` (more ways to
    /// start), then Pause/Resume and Step while the search runs (handled here) or `idle`
    /// when it does not (an animation's own buttons), then ■ Stop and Reset.
    pub fn buttons(
        &self,
        ui: &mut egui::Ui,
        run_hint: &str,
        blocked: Option<&str>,
        extra: impl FnOnce(&mut egui::Ui),
        idle: impl FnOnce(&mut egui::Ui),
    ) -> Pressed {
        let running = self.is_running();
        ui.horizontal_wrapped(|ui| {
            let run = start_button(ui, "▶ Run", run_hint, running, blocked);
            extra(ui);
            if running && !crate::platform::worker::CAN_PAUSE {
                ui.add_enabled(false, egui::Button::new("Pause"))
                    .on_disabled_hover_text("In the browser a search runs in a worker of its own, which cannot be held where it stands: Stop ends it, and the desktop app pauses it");
            } else if running {
                let paused = self.is_paused();
                if ui
                    .button(if paused { "Resume" } else { "Pause" })
                    .on_hover_text("Pause or resume the search (Space)")
                    .clicked()
                {
                    self.toggle_pause();
                }
                if ui
                    .add_enabled(paused, egui::Button::new("Step"))
                    .on_hover_text("Run the paused search on to its next look at the clock, a few thousand nodes on, and pause it there (→); Step by step follows a search one decision at a time")
                    .clicked()
                {
                    self.step();
                }
            } else {
                idle(ui);
            }
            let stop = ui
                .add_enabled(running, egui::Button::new("■ Stop"))
                .on_hover_text("Cancel the search (Esc)")
                .clicked();
            let reset = ui.button("Reset").clicked();
            Pressed { run, stop, reset }
        })
        .inner
    }

    /// While a run is under way, a line naming it (`name`): running, with a spinner, or
    /// paused, with what goes on from there.
    pub fn status(&self, ui: &mut egui::Ui, name: &str) {
        if !self.is_running() {
            return;
        }
        ui.horizontal_wrapped(|ui| {
            if self.is_paused() {
                ui.label(format!(
                    "⏸ {name} paused: Resume (Space) goes on, Step (→) runs it a little further"
                ));
            } else if crate::platform::worker::CAN_PAUSE {
                crate::app::widgets::spinner::spinner(ui);
                ui.label(format!("{name} running…"));
            } else {
                // Space pauses on the desktop; here it would do nothing without a word.
                crate::app::widgets::spinner::spinner(ui);
                ui.label(format!(
                    "{name} running… (in the browser it cannot pause: Stop, or Esc, ends it)"
                ));
            }
        });
    }

    /// After a run, when another algorithm has been chosen since: a line saying that the
    /// board, figures and plot on show are the last run's (`shown`), not the choice's
    /// (`chosen`), which Run starts.
    pub fn on_show(&self, ui: &mut egui::Ui, shown: &str, chosen: &str) {
        if self.is_running() || self.label.is_empty() || shown == chosen {
            return;
        }
        ui.label(
            egui::RichText::new(format!(
                "On show: the last run, by {shown}. ▶ Run starts {chosen}."
            ))
            .strong(),
        );
    }

    /// Whether cancelled runs are still winding down.
    pub fn has_stopping_runs(&mut self) -> bool {
        self.stopping.retain(|r| !r.is_finished());
        !self.stopping.is_empty()
    }

    /// Reads what the worker sent since the last look.
    pub fn poll(&mut self) -> Polled {
        self.stopping.retain(|r| !r.is_finished());
        let Some(run) = &self.run else {
            return Polled::default();
        };
        // Looked at before the events are read: a thread that has ended has sent all it
        // will send.
        let ended = run.is_finished();
        let snapshot = run.take_snapshot();
        let events = run.drain();
        let belief = run.take_belief();
        let mut finished = None;
        let mut progress = Vec::new();
        for event in events {
            self.record.note(&event);
            match event {
                Event::Progress {
                    counters,
                    elapsed_ms,
                } => {
                    self.counters = counters;
                    self.elapsed_ms = elapsed_ms;
                    progress.push(counters);
                }
                Event::Generations(batch) => {
                    for g in batch {
                        self.history.record(g);
                    }
                }
                Event::Finished(result) => finished = Some(result),
                Event::Started { .. } | Event::Stopped(_) => {}
            }
        }
        // A worker that ended without its report (it failed) ends the run with a reason,
        // so that the view never waits for it.
        if finished.is_none() && ended {
            finished = Some(Err(JobError::Invalid(
                "the search's thread ended without an answer".into(),
            )));
        }
        if let Some(result) = &finished {
            self.run = None;
            self.record.end(result);
        }
        Polled {
            snapshot,
            belief,
            progress,
            finished,
        }
    }
}
