//! The app's saved state as RON: each field by name, each puzzle tab's form under the
//! puzzle's key (`knight: (…)`) read by its tab's own type through the list of tabs;
//! a field missing takes its default, a field unknown (a later version's) is passed over.

use super::{SavedState, Tab, tab::Form, tabs::TABS};
use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, Visitor};
use serde::ser::SerializeStruct;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

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
