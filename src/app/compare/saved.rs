//! Compare's settings as read from a saved state: this version's shape, or the one before it.

use super::CompareSettings;
use crate::app::puzzles::Puzzle as PuzzleKind;
use crate::app::puzzles::knight::KnightInstance;
use crate::app::puzzles::magic::MagicInstance;
use crate::app::puzzles::queens::QueensInstance;
use serde::Deserialize;
use std::collections::BTreeMap;

/// A field as saved: `Some` when the file has it (RON writes no `Some(…)` around values).
struct Given<T>(Option<T>);

impl<T> Default for Given<T> {
    fn default() -> Self {
        Given(None)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Given<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        T::deserialize(d).map(|v| Given(Some(v)))
    }
}

/// Compare's settings as saved, by this version or by the one before it (which kept one
/// board, n and order and three lists of algorithms); what is missing takes its default.
#[derive(Deserialize, Default)]
#[serde(default)]
pub(super) struct SavedCompare {
    puzzle: Given<PuzzleKind>,
    knight: Given<KnightInstance>,
    queens: Given<QueensInstance>,
    magic: Given<MagicInstance>,
    chosen: Given<BTreeMap<PuzzleKind, Vec<String>>>,
    seed: Given<u64>,
    trials: Given<u64>,
    time_limit_s: Given<f32>,
    tab_params: Given<bool>,
    overlay: Given<bool>,
    speed: Given<f32>,
    // The earlier shape.
    cols: Given<u64>,
    rows: Given<u64>,
    start: Given<(u32, u32)>,
    closed: Given<bool>,
    n: Given<u64>,
    order: Given<u64>,
    knight_algorithms: Given<Vec<String>>,
    queens_algorithms: Given<Vec<String>>,
    magic_algorithms: Given<Vec<String>>,
}

impl From<SavedCompare> for CompareSettings {
    fn from(saved: SavedCompare) -> CompareSettings {
        let d = CompareSettings::default();
        let knight = saved.knight.0.unwrap_or_else(|| KnightInstance {
            cols: saved.cols.0.unwrap_or(d.knight.cols),
            rows: saved.rows.0.unwrap_or(d.knight.rows),
            start: saved.start.0.unwrap_or(d.knight.start),
            closed: saved.closed.0.unwrap_or(d.knight.closed),
        });
        let mut chosen = saved.chosen.0.unwrap_or(d.chosen.clone());
        for (p, old) in [
            (PuzzleKind::Knight, saved.knight_algorithms.0),
            (PuzzleKind::Queens, saved.queens_algorithms.0),
            (PuzzleKind::Magic, saved.magic_algorithms.0),
        ] {
            if let Some(old) = old {
                chosen.insert(p, old);
            }
        }
        CompareSettings {
            puzzle: saved.puzzle.0.unwrap_or(d.puzzle),
            knight,
            queens: saved.queens.0.unwrap_or(QueensInstance {
                n: saved.n.0.unwrap_or(d.queens.n),
            }),
            magic: saved.magic.0.unwrap_or(MagicInstance {
                order: saved.order.0.unwrap_or(d.magic.order),
            }),
            chosen,
            seed: saved.seed.0.unwrap_or(d.seed),
            trials: saved.trials.0.unwrap_or(d.trials),
            time_limit_s: saved.time_limit_s.0.unwrap_or(d.time_limit_s),
            tab_params: saved.tab_params.0.unwrap_or(d.tab_params),
            overlay: saved.overlay.0.unwrap_or(d.overlay),
            speed: saved.speed.0.unwrap_or(d.speed),
        }
    }
}
