//! The app's saved state as RON: each field by name, each puzzle tab's form under the
//! puzzle's key (`knight: (…)`) read by its tab's own type through the list of tabs;
//! a field missing takes its default, a field unknown (a later version's) is passed over.

use super::compare::CompareSettings;
use super::experiments::ExperimentSettings;
use super::{tab, tab::Form, tabs, tabs::TABS};
use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, Visitor};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The key of the saved state in eframe's storage.
pub(super) const STATE_KEY: &str = "searchlab";
/// Bumped when the saved state changes shape; older states are ignored with a message.
pub(super) const STATE_VERSION: u32 = 1;

/// What the app keeps between sessions (RON in eframe's storage): forms, tab, colours.
/// Each puzzle tab's form is saved under the puzzle's key (`knight: (…)`), as it always
/// was; `saved.rs` reads it back through the list of tabs.
#[derive(Debug, Clone, PartialEq)]
pub struct SavedState {
    /// The state's shape; a state of another version is ignored, with a notice.
    pub version: u32,
    /// Each puzzle tab's form, in the order of the tabs (its default when the state has
    /// none).
    pub forms: Vec<Box<dyn tab::Form>>,
    /// The tab on show when the app was closed.
    pub tab: Tab,
    /// The Compare tab's form (its defaults when the state has none).
    pub compare: CompareSettings,
    /// The Experiments tab's form (its defaults when the state has none).
    pub experiments: ExperimentSettings,
    /// Colour-blind-safe colours (off when the state has none).
    pub colour_safe: bool,
    /// The welcome was shown and closed: it does not come up by itself again.
    pub welcomed: bool,
    /// The time each frame takes shown in the toolbar (off unless asked for, in the help).
    pub frame_time: bool,
    /// Each lesson's questions answered right, and in all, by file: the list shows them.
    pub lessons_answered: std::collections::BTreeMap<String, (usize, usize)>,
}

impl Default for SavedState {
    /// A first start: every form at its defaults.
    fn default() -> SavedState {
        SavedState {
            version: STATE_VERSION,
            forms: tabs::TABS.iter().map(|t| t.default_form()).collect(),
            tab: Tab::default(),
            compare: CompareSettings::default(),
            experiments: ExperimentSettings::default(),
            colour_safe: false,
            welcomed: false,
            frame_time: false,
            lessons_answered: Default::default(),
        }
    }
}

/// The tab on show: a puzzle's, or one of the two views shared by every puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tab {
    /// A puzzle's tab (the first puzzle's when nothing was saved).
    Puzzle(crate::run::PuzzleId),
    /// Several algorithms side by side on one instance.
    Compare,
    /// The bench experiments.
    Experiments,
}

impl Default for Tab {
    fn default() -> Tab {
        Tab::Puzzle(crate::run::PuzzleId::default())
    }
}

impl Tab {
    /// The name the saved state gives the tab: the puzzle's own name for a puzzle's tab
    /// (as the state has always saved it: `tab: Queens`).
    fn saved_name(self) -> &'static str {
        match self {
            Tab::Puzzle(p) => p.name(),
            Tab::Compare => "Compare",
            Tab::Experiments => "Experiments",
        }
    }

    /// Every tab, in the order of the tab strip.
    pub fn all() -> impl Iterator<Item = Tab> {
        (crate::run::PUZZLES.iter().copied().map(Tab::Puzzle))
            .chain([Tab::Compare, Tab::Experiments])
    }
}

impl Serialize for Tab {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let index = Tab::all().position(|t| t == *self).unwrap_or(0) as u32;
        serializer.serialize_unit_variant("Tab", index, self.saved_name())
    }
}

impl<'de> Deserialize<'de> for Tab {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Tab, D::Error> {
        use serde::de::{self, EnumAccess, VariantAccess};
        struct Named;
        impl<'de> de::Visitor<'de> for Named {
            type Value = Tab;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("the name of a tab")
            }
            fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Tab, A::Error> {
                let (Name(name), variant) = data.variant()?;
                variant.unit_variant()?;
                Tab::all()
                    .find(|t| t.saved_name() == name)
                    .ok_or_else(|| de::Error::custom(format!("no tab is named {name}")))
            }
        }
        /// A variant's name, read as the identifier it is.
        struct Name(String);
        impl<'de> Deserialize<'de> for Name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Name, D::Error> {
                struct Identifier;
                impl de::Visitor<'_> for Identifier {
                    type Value = Name;
                    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                        f.write_str("a tab's name")
                    }
                    fn visit_str<E: de::Error>(self, name: &str) -> Result<Name, E> {
                        Ok(Name(name.to_string()))
                    }
                }
                deserializer.deserialize_identifier(Identifier)
            }
        }
        deserializer.deserialize_enum("Tab", &[], Named)
    }
}

impl Serialize for SavedState {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("SavedState", 9 + self.forms.len())?;
        s.serialize_field("version", &self.version)?;
        for (t, form) in TABS.iter().zip(&self.forms) {
            s.serialize_field(t.id().key(), form)?;
        }
        s.serialize_field("tab", &self.tab)?;
        s.serialize_field("compare", &self.compare)?;
        s.serialize_field("experiments", &self.experiments)?;
        s.serialize_field("colour_safe", &self.colour_safe)?;
        s.serialize_field("welcomed", &self.welcomed)?;
        s.serialize_field("frame_time", &self.frame_time)?;
        s.serialize_field("lessons_answered", &self.lessons_answered)?;
        s.end()
    }
}

/// Reads a tab's saved form with its own type.
struct FormOf(usize);

impl<'de> DeserializeSeed<'de> for FormOf {
    type Value = Box<dyn Form>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Box<dyn Form>, D::Error> {
        let mut erased = <dyn erased_serde::Deserializer>::erase(d);
        (TABS[self.0].read_form(&mut erased)).map_err(serde::de::Error::custom)
    }
}

impl<'de> Deserialize<'de> for SavedState {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SavedState, D::Error> {
        struct Fields;
        impl<'de> Visitor<'de> for Fields {
            type Value = SavedState;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("SearchLab's saved state")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<SavedState, A::Error> {
                let mut s = SavedState::default();
                let mut version = None;
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "version" => version = Some(map.next_value()?),
                        "tab" => s.tab = map.next_value::<Tab>()?,
                        "compare" => s.compare = map.next_value()?,
                        "experiments" => s.experiments = map.next_value()?,
                        "colour_safe" => s.colour_safe = map.next_value()?,
                        "welcomed" => s.welcomed = map.next_value()?,
                        "frame_time" => s.frame_time = map.next_value()?,
                        "lessons_answered" => s.lessons_answered = map.next_value()?,
                        key => match TABS.iter().position(|t| t.id().key() == key) {
                            Some(i) => s.forms[i] = map.next_value_seed(FormOf(i))?,
                            None => {
                                map.next_value::<IgnoredAny>()?;
                            }
                        },
                    }
                }
                s.version = version.ok_or_else(|| serde::de::Error::missing_field("version"))?;
                Ok(s)
            }
        }
        // The fields this version writes; the visitor takes any key.
        const FIELDS: &[&str] = &[
            "version",
            "tab",
            "compare",
            "experiments",
            "colour_safe",
            "welcomed",
            "frame_time",
            "lessons_answered",
        ];
        d.deserialize_struct("SavedState", FIELDS, Fields)
    }
}
