//! The parameter form of an algorithm from the catalog: one row per parameter, a picker
//! for choices and a text field for numbers, each checked as it is typed.

use crate::run::catalog::{AlgorithmInfo, ParamKind, Params};
use egui::{RichText, Ui};
use std::collections::BTreeMap;

/// Draws `algo`'s parameters except those named in `skip`. `values` holds the ones that
/// differ from their defaults, keyed `algorithm.parameter`; a value set back to its default
/// is removed, so saved settings keep only what the user changed.
pub fn param_form(
    ui: &mut Ui,
    algo: &AlgorithmInfo,
    values: &mut BTreeMap<String, String>,
    skip: &[&str],
) {
    for p in algo.params.iter().filter(|p| !skip.contains(&p.name)) {
        let key = format!("{}.{}", algo.id, p.name);
        let mut value = values
            .get(&key)
            .cloned()
            .unwrap_or_else(|| p.default.to_string());
        ui.horizontal(|ui| match p.kind {
            ParamKind::Choice { options, open } => {
                egui::ComboBox::from_label(p.name)
                    .selected_text(value.clone())
                    .show_ui(ui, |ui| {
                        for o in options {
                            ui.selectable_value(&mut value, o.to_string(), *o);
                        }
                    })
                    .response
                    .on_hover_text(p.help);
                if open {
                    let l = ui.label("or").on_hover_text(p.help);
                    ui.add(egui::TextEdit::singleline(&mut value).desired_width(72.0))
                        .labelled_by(l.id)
                        .on_hover_text(p.help);
                }
            }
            ParamKind::Int { .. } | ParamKind::Float { .. } => {
                let l = ui.label(p.name).on_hover_text(p.help);
                ui.add(egui::TextEdit::singleline(&mut value).desired_width(80.0))
                    .labelled_by(l.id)
                    .on_hover_text(p.help);
            }
        });
        if let Err(e) = Params::new(algo, &[(p.name.to_string(), value.clone())]) {
            ui.label(
                RichText::new(e.to_string())
                    .color(ui.visuals().error_fg_color)
                    .small(),
            );
        }
        if value == p.default {
            values.remove(&key);
        } else {
            values.insert(key, value);
        }
    }
}

/// The values of `algo`'s parameters that `values` sets, as `(name, value)` pairs.
pub fn params_for(
    algo: &AlgorithmInfo,
    values: &BTreeMap<String, String>,
) -> Vec<(String, String)> {
    algo.params
        .iter()
        .filter_map(|p| {
            values
                .get(&format!("{}.{}", algo.id, p.name))
                .map(|v| (p.name.to_string(), v.clone()))
        })
        .collect()
}

/// The seed (with a button for a fresh one) and the time limit in seconds.
pub fn seed_and_time_limit(ui: &mut Ui, seed: &mut u64, time_limit_s: &mut f32) {
    ui.horizontal(|ui| {
        let l = ui.label("Seed");
        ui.add(egui::DragValue::new(seed)).labelled_by(l.id);
        if ui
            .button("New seed")
            .on_hover_text("Pick a fresh random seed")
            .clicked()
        {
            *seed = fresh_seed(*seed);
        }
    });
    ui.horizontal(|ui| {
        let l = ui.label("Time limit (s)");
        ui.add(
            egui::DragValue::new(time_limit_s)
                .range(0.1..=3600.0)
                .speed(0.5),
        )
        .labelled_by(l.id);
    });
}

/// A new seed from the clock, different from `old`.
fn fresh_seed(old: u64) -> u64 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    let s = t % 1_000_000;
    if s == old { s + 1 } else { s }
}

/// Puts `given` into a form's `values` as [`params_for`] reads them back.
pub fn set_params(
    algo_id: &str,
    given: &[(String, String)],
    values: &mut BTreeMap<String, String>,
) {
    for (name, value) in given {
        values.insert(format!("{algo_id}.{name}"), value.clone());
    }
}

/// What a [`run_and_stop`] row's buttons were asked to do this frame.
pub struct RunStop {
    pub run: bool,
    pub stop: bool,
}

/// "▶ `run`" (enabled when idle) and "■ Stop" (enabled while running), with their hints.
pub fn run_and_stop(
    ui: &mut Ui,
    running: bool,
    blocked: Option<&str>,
    run: &str,
    run_hint: &str,
    stop_hint: &str,
) -> RunStop {
    ui.horizontal_wrapped(|ui| RunStop {
        run: ui
            .add_enabled(
                !running && blocked.is_none(),
                egui::Button::new(format!("▶ {run}")),
            )
            .on_hover_text(run_hint)
            .on_disabled_hover_text(blocked.unwrap_or("A run is under way"))
            .clicked(),
        stop: ui
            .add_enabled(running, egui::Button::new("■ Stop"))
            .on_hover_text(stop_hint)
            .clicked(),
    })
    .inner
}
