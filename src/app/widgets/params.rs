//! The parameter form of an algorithm from the catalog: one row per parameter, a picker
//! for choices and a text field for numbers. A typed value takes effect on Enter or when
//! the focus leaves its field, once the catalog accepts it; until then the field says why
//! it cannot be used, or that it is not applied yet, and the form holds the run back.

use super::number::{Typed, hold_note};
use crate::app::error::AppError;
pub use crate::run::catalog::params_for;
use crate::run::catalog::{AlgorithmInfo, ParamKind, ParamSpec, Params};
use egui::Ui;
use std::collections::BTreeMap;

/// Draws `algo`'s parameters except those named in `skip`. `values` holds the ones that
/// differ from their defaults, keyed `algorithm.parameter`; a value set back to its default
/// is removed, so saved settings keep only what the user changed. Returns why a run must
/// wait for the form (the first field whose text is not a valid value or not applied yet).
pub fn param_form(
    ui: &mut Ui,
    algo: &AlgorithmInfo,
    values: &mut BTreeMap<String, String>,
    skip: &[&str],
) -> Option<AppError> {
    let mut first_hold = None;
    for p in algo.params.iter().filter(|p| !skip.contains(&p.name)) {
        let key = format!("{}.{}", algo.id, p.name);
        let mut value = values
            .get(&key)
            .cloned()
            .unwrap_or_else(|| p.default.to_string());
        let read = |text: &str| read_param(algo, p, text);
        let id = ui.make_persistent_id(("param", algo.id, p.name));
        let mut typed = ui.data(|d| d.get_temp::<Typed>(id)).unwrap_or_default();
        let hold = ui
            .horizontal(|ui| match p.kind {
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
                        let field = typed.show_named(ui, "or", p.name, &value, 72.0, read);
                        field.response.on_hover_text(p.help);
                        if let Some(v) = field.commit {
                            value = v;
                        }
                        field.hold
                    } else {
                        // A saved value the catalog no longer takes.
                        read(&value).err().map(AppError::Input)
                    }
                }
                ParamKind::Int { .. } | ParamKind::Float { .. } => {
                    let field = typed.show(ui, p.name, &value, 80.0, read);
                    field.response.on_hover_text(p.help);
                    if let Some(v) = field.commit {
                        value = v;
                    }
                    field.hold
                }
            })
            .inner;
        ui.data_mut(|d| d.insert_temp(id, typed));
        if let Some(h) = &hold {
            hold_note(ui, h);
        }
        first_hold = first_hold.or(hold);
        if value == p.default {
            values.remove(&key);
        } else {
            values.insert(key, value);
        }
    }
    first_hold
}

/// `text` as a value of `algo`'s parameter `p`, or why the catalog refuses it.
fn read_param(algo: &AlgorithmInfo, p: &ParamSpec, text: &str) -> Result<String, String> {
    let t = text.trim();
    Params::new(algo, &[(p.name.to_string(), t.to_string())])
        .map(|_| t.to_string())
        .map_err(|e| e.to_string())
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
    let t = crate::platform::time::SystemTime::now()
        .duration_since(crate::platform::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
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
    /// The ▶ button was clicked (enabled only when idle and nothing holds the run back).
    pub run: bool,
    /// ■ Stop was clicked (enabled only while running).
    pub stop: bool,
}

/// "▶ `run`" (enabled when idle and not `blocked`, else with the reason on hover) and
/// "■ Stop" (enabled while running), with their hints.
pub fn run_and_stop(
    ui: &mut Ui,
    running: bool,
    blocked: Option<&str>,
    run: &str,
    run_hint: &str,
    stop_hint: &str,
) -> RunStop {
    ui.horizontal_wrapped(|ui| RunStop {
        run: crate::app::live_run::start_button(
            ui,
            &format!("▶ {run}"),
            run_hint,
            running,
            blocked,
        ),
        stop: ui
            .add_enabled(running, egui::Button::new("■ Stop"))
            .on_hover_text(stop_hint)
            .clicked(),
    })
    .inner
}
