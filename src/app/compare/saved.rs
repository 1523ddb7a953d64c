//! Compare's settings as read from a saved state: this version's shape (each puzzle's
//! instance under its key), or the one before it (which kept one board, n and order and a
//! list of algorithms per puzzle); what is missing takes its default, what is unknown is
//! passed over.

use super::CompareSettings;
use crate::app::puzzles::ui_of;
use crate::run::PuzzleId;
use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};
use std::collections::BTreeMap;

/// Compare's settings as saved, read key by key into the defaults.
pub(super) struct SavedCompare(CompareSettings);

impl From<SavedCompare> for CompareSettings {
    fn from(saved: SavedCompare) -> CompareSettings {
        saved.0
    }
}

/// Reads a saved instance with its puzzle's own type.
struct Instance(PuzzleId);

impl<'de> DeserializeSeed<'de> for Instance {
    type Value = Box<dyn crate::app::puzzles::PuzzleUi>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        let mut erased = <dyn erased_serde::Deserializer>::erase(d);
        (ui_of(self.0).read_instance(&mut erased)).map_err(serde::de::Error::custom)
    }
}

/// Reads a field of the older shape into the instance whose field it is.
struct Old<'a>(&'a str, &'a mut dyn crate::app::puzzles::PuzzleUi);

impl<'de> DeserializeSeed<'de> for Old<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        let mut erased = <dyn erased_serde::Deserializer>::erase(d);
        (self.1.read_old(self.0, &mut erased)).map_err(serde::de::Error::custom)
    }
}

impl<'de> Deserialize<'de> for SavedCompare {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SavedCompare, D::Error> {
        struct Fields;
        impl<'de> Visitor<'de> for Fields {
            type Value = SavedCompare;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("Compare's settings")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<SavedCompare, A::Error> {
                let mut s = CompareSettings::default();
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "puzzle" => s.puzzle = map.next_value()?,
                        "chosen" => {
                            let chosen: BTreeMap<PuzzleId, Vec<String>> = map.next_value()?;
                            s.chosen.extend(chosen);
                        }
                        "seed" => s.seed = map.next_value()?,
                        "trials" => s.trials = map.next_value()?,
                        "time_limit_s" => s.time_limit_s = map.next_value()?,
                        "tab_params" => s.tab_params = map.next_value()?,
                        "overlay" => s.overlay = map.next_value()?,
                        "speed" => s.speed = map.next_value()?,
                        key => read_puzzle_field(&mut s, key, &mut map)?,
                    }
                }
                Ok(SavedCompare(s))
            }
        }
        // The fields this shape names; the visitor takes any key (older shapes' too).
        const FIELDS: &[&str] = &[
            "puzzle",
            "chosen",
            "seed",
            "trials",
            "time_limit_s",
            "tab_params",
            "overlay",
            "speed",
        ];
        d.deserialize_struct("CompareSettings", FIELDS, Fields)
    }
}

/// A key of a puzzle: its instance (`knight: (…)`), its algorithms in the older shape
/// (`knight_algorithms: […]`), or one of its instance's fields in that shape (`cols: 6`);
/// any other key is passed over.
fn read_puzzle_field<'de, A: MapAccess<'de>>(
    s: &mut CompareSettings,
    key: &str,
    map: &mut A,
) -> Result<(), A::Error> {
    if let Some(&p) = crate::run::PUZZLES.iter().find(|p| p.key() == key) {
        let instance = map.next_value_seed(Instance(p))?;
        if let Some(slot) = s.instances.iter_mut().find(|i| i.puzzle() == p) {
            *slot = instance;
        }
        return Ok(());
    }
    let algorithms = (key.strip_suffix("_algorithms"))
        .and_then(|k| crate::run::PUZZLES.iter().find(|p| p.key() == k));
    if let Some(&p) = algorithms {
        let old: Vec<String> = map.next_value()?;
        s.chosen.insert(p, old);
        return Ok(());
    }
    // The older shape's fields: each is one puzzle's instance's.
    let owner = (s.instances.iter_mut()).find(|i| i.old_keys().contains(&key));
    match owner {
        Some(instance) => {
            map.next_value_seed(Old(key, instance.as_mut()))?;
        }
        None => {
            map.next_value::<IgnoredAny>()?;
        }
    }
    Ok(())
}
