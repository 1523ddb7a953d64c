//! The Experiments form: each experiment's fields, and its text fields read (lists of sizes,
//! parameters).

use super::{Experiment, ExperimentSettings, MAX_SWEEP_SIDE};
use crate::app::error::AppError;
use crate::app::widgets::number::{Typed, hold_note};
use crate::puzzle::queens::Heuristic;
use crate::run::{Algorithm, JobError, KnightAlgo};
use egui::{RichText, Ui};
use serde::{Deserialize, Serialize};
use strum::VariantArray as _;

/// Sizes (board sides, or n), written `FROM..TO` or as a list like `5,8,10`. Saved as that
/// text; a saved text that is not a list reads as none, which the form then asks for.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "String", into = "String")]
pub struct Sizes(pub Vec<u64>);

impl From<String> for Sizes {
    fn from(text: String) -> Sizes {
        Sizes(parse_list(&text).unwrap_or_default())
    }
}

impl From<&str> for Sizes {
    fn from(text: &str) -> Sizes {
        Sizes(parse_list(text).unwrap_or_default())
    }
}

impl From<Sizes> for String {
    fn from(sizes: Sizes) -> String {
        sizes.to_string()
    }
}

impl std::fmt::Display for Sizes {
    /// `FROM..TO` for three to 64 sizes in a row (as many as `FROM..TO` reads back), else
    /// the list.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let v = &self.0;
        let in_a_row =
            (3..=64).contains(&v.len()) && v.windows(2).all(|w| w[0].checked_add(1) == Some(w[1]));
        if in_a_row {
            return write!(f, "{}..{}", v[0], v[v.len() - 1]);
        }
        let list: Vec<String> = v.iter().map(u64::to_string).collect();
        f.write_str(&list.join(","))
    }
}

/// Parameters of the algorithms, `KEY=VALUE` pairs (the command line's `--param`). Saved as
/// their text; a saved text that does not read as pairs reads as none.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "String", into = "String")]
pub struct ParamPairs(pub Vec<(String, String)>);

impl From<String> for ParamPairs {
    fn from(text: String) -> ParamPairs {
        ParamPairs(parse_params(&text).unwrap_or_default())
    }
}

impl From<ParamPairs> for String {
    fn from(pairs: ParamPairs) -> String {
        pairs.to_string()
    }
}

impl std::fmt::Display for ParamPairs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let pairs: Vec<String> = self.0.iter().map(|(k, v)| format!("{k}={v}")).collect();
        f.write_str(&pairs.join(" "))
    }
}

/// The text of the form's text fields between frames.
#[derive(Debug, Default)]
pub struct Texts {
    sizes: Typed,
    queens_n: Typed,
    course_n: Typed,
    params: Typed,
}

/// Reads sizes from `text`, each within `range` (`what` names them in the message).
fn sizes_in(
    range: std::ops::RangeInclusive<u64>,
    what: &'static str,
) -> impl Fn(&str) -> Result<Sizes, String> {
    move |text| {
        let v = parse_list(text)?;
        if v.iter().all(|n| range.contains(n)) {
            Ok(Sizes(v))
        } else {
            Err(format!(
                "{what} must be from {} to {} here",
                range.start(),
                range.end()
            ))
        }
    }
}

/// A list of sizes: `FROM..TO` (at most 64 values) or `5,8,10`.
pub(super) fn parse_list(text: &str) -> Result<Vec<u64>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err("no sizes: give FROM..TO (at most 64 values) or a list like 5,8,10".into());
    }
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
/// parameters of one that takes them. Returns why a run must wait for a text field.
pub(super) fn fields(
    ui: &mut Ui,
    s: &mut ExperimentSettings,
    texts: &mut Texts,
) -> Option<AppError> {
    let mut hold = None;
    let num = |ui: &mut Ui, label: &str, v: &mut u64, range: std::ops::RangeInclusive<u64>| {
        ui.horizontal(|ui| {
            let l = ui.label(label);
            ui.add(egui::DragValue::new(v).range(range))
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
                .selected_text(s.algorithm.info().name)
                .show_ui(ui, |ui| {
                    for &a in KnightAlgo::VARIANTS {
                        ui.selectable_value(&mut s.algorithm, a, a.info().name);
                    }
                });
            hold = list_field(
                ui,
                "Sizes",
                &mut texts.sizes,
                &mut s.sizes,
                &sizes_in(1..=64, "sizes"),
            );
            num(ui, "Trials", &mut s.trials, 1..=10_000);
        }
        Experiment::SquaresGa => {
            ui.horizontal(|ui| {
                for a in super::SWEEP_GAS {
                    ui.selectable_value(&mut s.squares_algorithm, a, a.info().name);
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
            hold = list_field(
                ui,
                "n",
                &mut texts.queens_n,
                &mut s.queens_n,
                &sizes_in(1..=200, "n"),
            );
            ui.horizontal(|ui| {
                ui.label("Heuristic");
                for h in Heuristic::ALL {
                    ui.selectable_value(&mut s.heuristic, h, h.name());
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
            let max = crate::bench::queens::MAX_COURSE_N;
            hold = list_field(
                ui,
                "n",
                &mut texts.course_n,
                &mut s.course_n,
                &sizes_in(1..=max, "n"),
            );
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
        hold = hold.or(params_field(ui, s, &mut texts.params));
    }
    hold
}

/// A list of sizes, `v`: applied on Enter (or when the focus leaves), read by `read`, its
/// hold said under it and returned.
fn list_field(
    ui: &mut Ui,
    label: &str,
    typed: &mut Typed,
    v: &mut Sizes,
    read: &dyn Fn(&str) -> Result<Sizes, String>,
) -> Option<AppError> {
    let current = v.to_string();
    let field = ui
        .horizontal(|ui| typed.show(ui, label, &current, 150.0, read))
        .inner;
    if let Some(new) = field.commit {
        *v = new;
    }
    if let Some(h) = &field.hold {
        hold_note(ui, h);
    }
    field.hold
}

/// The parameters of the experiment's algorithms, refused while they are not pairs those
/// algorithms take; returns why a run must wait for them.
fn params_field(ui: &mut Ui, s: &mut ExperimentSettings, typed: &mut Typed) -> Option<AppError> {
    let current = s.params.to_string();
    // Pairs the experiment's algorithms take, else why not (before they are applied).
    let algorithms = s.param_algorithms();
    let read = |t: &str| {
        let pairs = parse_params(t).map_err(|e| e.to_string())?;
        crate::bench::knight::check_params_of(&pairs, &algorithms).map_err(|e| e.to_string())?;
        Ok(ParamPairs(pairs))
    };
    let field = ui
        .horizontal(|ui| typed.show(ui, "Parameters", &current, 150.0, read))
        .inner;
    if let Some(new) = field.commit {
        s.params = new;
    }
    if let Some(h) = &field.hold {
        hold_note(ui, h);
    }
    ui.label(
        RichText::new(
            "KEY=VALUE pairs for the algorithms that have them, e.g. repair=fewest-onward",
        )
        .weak(),
    );
    field.hold
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every list reads back from the text it is saved and shown as.
    #[test]
    fn sizes_read_back_from_their_text() {
        let lists: [Vec<u64>; 6] = [
            vec![5, 6, 7, 8],
            vec![5, 6],
            vec![6, 8],
            (1..=64).collect(),
            (1..=65).collect(),
            vec![u64::MAX, 5],
        ];
        for v in lists {
            let text = Sizes(v.clone()).to_string();
            assert_eq!(parse_list(&text), Ok(v), "{text}");
        }
        assert_eq!(Sizes(vec![5, 6, 7, 8]).to_string(), "5..8");
    }
}
