//! The Experiments form: each experiment's fields, and its text fields read (lists of sizes,
//! parameters).

use super::{Experiment, ExperimentSettings, MAX_SWEEP_SIDE, show};
use crate::run::JobError;
use egui::{RichText, Ui};

/// A list of sizes: `FROM..TO` (at most 64 values) or `5,8,10`.
pub(super) fn parse_list(text: &str) -> Result<Vec<u64>, String> {
    let t = text.trim();
    if let Some((a, b)) = t.split_once("..") {
        let (a, b) = (a.trim().parse::<u64>(), b.trim().parse::<u64>());
        return match (a, b) {
            (Ok(a), Ok(b)) if a <= b && b - a < 64 => Ok((a..=b).collect()),
            _ => Err(format!(
                "{t:?}: give FROM..TO (at most 64 values) or a list like 5,8,10"
            )),
        };
    }
    t.split(',')
        .map(|x| {
            x.trim()
                .parse::<u64>()
                .map_err(|_| format!("{t:?}: give FROM..TO or a list like 5,8,10"))
        })
        .collect()
}

/// The parameters field: `KEY=VALUE` pairs separated by spaces or commas.
pub(super) fn parse_params(text: &str) -> Result<Vec<(String, String)>, JobError> {
    text.split([' ', ','])
        .filter(|p| !p.trim().is_empty())
        .map(crate::run::catalog::split_param)
        .collect()
}

/// The fields of the experiment chosen (its sizes, trials, algorithms), and the
/// parameters of one that takes them.
pub(super) fn fields(ui: &mut Ui, s: &mut ExperimentSettings) {
    let num = |ui: &mut Ui, label: &str, v: &mut u64, range: std::ops::RangeInclusive<u64>| {
        ui.horizontal(|ui| {
            let l = ui.label(label);
            ui.add(egui::DragValue::new(v).range(range))
                .labelled_by(l.id);
        });
    };
    let text = |ui: &mut Ui, label: &str, v: &mut String| {
        ui.horizontal(|ui| {
            let l = ui.label(label);
            ui.add(egui::TextEdit::singleline(v).desired_width(150.0))
                .labelled_by(l.id);
        });
    };
    match s.experiment {
        Experiment::Levels => {
            num(ui, "Board side", &mut s.side, 3..=MAX_SWEEP_SIDE);
            num(ui, "Trials", &mut s.trials, 1..=10_000);
        }
        Experiment::Sizes => {
            egui::ComboBox::from_label("Algorithm")
                .selected_text(show::knight_name(&s.algorithm).to_string())
                .show_ui(ui, |ui| {
                    for a in crate::run::catalog::KNIGHT_ALGORITHMS {
                        ui.selectable_value(&mut s.algorithm, a.id.to_string(), a.name);
                    }
                });
            text(ui, "Sizes", &mut s.sizes);
            num(ui, "Trials", &mut s.trials, 1..=10_000);
        }
        Experiment::SquaresGa => {
            ui.horizontal(|ui| {
                for a in ["ga-heuristic", "ga-repair"] {
                    let name = show::knight_name(a);
                    ui.selectable_value(&mut s.squares_algorithm, a.to_string(), name);
                }
            });
            num(ui, "Board side", &mut s.side, 3..=MAX_SWEEP_SIDE);
            num(ui, "Runs per square", &mut s.runs, 1..=100);
        }
        Experiment::SquaresCount => {
            num(ui, "Board side", &mut s.side, 3..=MAX_SWEEP_SIDE);
            ui.label("The time limit applies to each square.");
        }
        Experiment::QueensTable => {
            text(ui, "n", &mut s.queens_n);
            ui.horizontal(|ui| {
                ui.label("Heuristic");
                for h in ["h1", "h2", "h3"] {
                    ui.selectable_value(&mut s.heuristic, h.to_string(), h);
                }
            });
            num(ui, "Trials", &mut s.trials, 1..=10_000);
        }
        Experiment::QueensCourse => {
            use crate::bench::queens::Set;
            ui.horizontal(|ui| {
                ui.label("Algorithms");
                ui.selectable_value(&mut s.course_set, Set::Local, "local searches")
                    .on_hover_text("Hill climbing's four variants without restarts, simulated annealing, local beam search (best and stochastic), min-conflicts");
                ui.selectable_value(&mut s.course_set, Set::Csp, "CSP")
                    .on_hover_text("CSP backtracking: static / MRV / MRV + degree, in order / least constraining value, none / forward checking / AC-3: 18 combinations");
                ui.selectable_value(&mut s.course_set, Set::Course, "both");
            });
            text(ui, "n", &mut s.course_n);
            num(ui, "Trials", &mut s.trials, 1..=10_000);
            ui.label(
                RichText::new("CSP backtracking with leftmost ties draws no random numbers: it runs once per n. With static order it runs into the time limit from n = 32, with MRV at n = 128: such a run counts as not solved.")
                    .weak(),
            );
        }
        Experiment::MagicVariants => {
            num(ui, "Order", &mut s.order, 3..=5);
            num(ui, "Trials", &mut s.trials, 1..=10_000);
        }
    }
    if s.experiment.takes_params() {
        text(ui, "Parameters", &mut s.params);
        ui.label(
            RichText::new(
                "KEY=VALUE pairs for the algorithms that have them, e.g. repair=fewest-onward",
            )
            .weak(),
        );
    }
}
