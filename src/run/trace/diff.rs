//! Two traces of one search aligned step by step, the second made with one setting
//! changed: the first step where they part. Contrasting cases, where all else stays fixed
//! (`trace --vs` on the command line, "First difference" in the app's Compare tab).

use super::{KnightTrace, QueensTrace};
use serde_json::Value;

/// A knight trace's steps as data (`kind`, its fields and its sentence `text`), in order.
pub fn knight_steps(t: &KnightTrace) -> impl Iterator<Item = Value> + '_ {
    let mut teller = t.teller();
    (t.steps.iter()).map(move |s| teller.tell(s, true).1.unwrap_or_default())
}

/// An N-Queens trace's steps as data (`kind`, its fields and its sentence `text`).
pub fn queens_steps(t: &QueensTrace) -> impl Iterator<Item = Value> + '_ {
    let mut teller = t.teller();
    (t.recorder.iter()).map(move |s| teller.tell(&s, true).1.unwrap_or_default())
}

/// The first step (from 0) at which two traces differ, leaving out their sentences (which
/// name the rule in force) and fields named after the
/// setting changed (a walk's `tie_break` names the rule in force, which is no decision, and
/// another heuristic's scores `h` and `best` are on another scale); `None` when they are
/// the same step for step. A trace that ends while the other goes on differs at the step
/// it lacks. Reads the steps only as far as the first difference.
pub fn first_difference(
    a: impl Iterator<Item = Value>,
    b: impl Iterator<Item = Value>,
    setting: &str,
) -> Option<usize> {
    match first_difference_until(a, b, setting, &|| false) {
        Aligned::Differ { at, .. } => Some(at),
        Aligned::Same(_) | Aligned::Stopped(_) => None,
    }
}

/// How far two traces were aligned.
#[derive(Debug, Clone, PartialEq)]
pub enum Aligned {
    /// They part at step `at` (from 0).
    Differ {
        /// The step where they part.
        at: usize,
        /// The first trace's step before it, the last alike (`None` when they part at once).
        last_alike: Option<Value>,
        /// Each side's step there (`None`: that trace had ended).
        a: Option<Value>,
        /// The second side's.
        b: Option<Value>,
    },
    /// They are the same, this many steps each.
    Same(usize),
    /// `stopped` said stop after this many steps alike.
    Stopped(usize),
}

/// [`first_difference`], one step of each side told at a time (nothing kept of the steps
/// behind but the last), looking at `stopped` every 1,024 steps: a clock or a cancel flag
/// ends it.
pub fn first_difference_until(
    mut a: impl Iterator<Item = Value>,
    mut b: impl Iterator<Item = Value>,
    setting: &str,
    stopped: &dyn Fn() -> bool,
) -> Aligned {
    let scores: &[&str] = if setting == crate::run::catalog::HEURISTIC_PARAM {
        &["h", "best"]
    } else {
        &[]
    };
    let strip = |v: &Value| -> Value {
        let mut v = v.clone();
        if let Some(o) = v.as_object_mut() {
            o.remove(setting);
            o.remove("text");
            scores.iter().for_each(|k| {
                o.remove(*k);
            });
        }
        v
    };
    let (mut i, mut last) = (0, None);
    loop {
        // The first 1,024 steps are always compared (microseconds), so that two searches
        // which used their whole time limit still show where they start alike.
        if i > 0 && i % 1024 == 0 && stopped() {
            return Aligned::Stopped(i);
        }
        match (a.next(), b.next()) {
            (None, None) => return Aligned::Same(i),
            (Some(x), Some(y)) if x == y || strip(&x) == strip(&y) => {
                last = Some(x);
                i += 1;
            }
            (x, y) => {
                return Aligned::Differ {
                    at: i,
                    last_alike: last,
                    a: x,
                    b: y,
                };
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn first(a: &[Value], b: &[Value], setting: &str) -> Option<usize> {
        first_difference(a.iter().cloned(), b.iter().cloned(), setting)
    }

    #[test]
    fn traces_part_at_the_first_step_they_differ_in_leaving_out_the_setting() {
        let a = [
            json!({"kind": "restart", "tie_break": "squirrel"}),
            json!({"kind": "visit", "square": [0, 0]}),
            json!({"kind": "visit", "square": [1, 2]}),
        ];
        let mut b = a.clone();
        b[0] = json!({"kind": "restart", "tie_break": "roth"});
        // Naming the rule in force is no decision: alike to the end.
        assert_eq!(first(&a, &b, "tie_break"), None);
        // But it is a difference when the setting changed is another one.
        assert_eq!(first(&a, &b, "seed"), Some(0));
        b[2] = json!({"kind": "visit", "square": [2, 1]});
        assert_eq!(first(&a, &b, "tie_break"), Some(2));
        // Another heuristic's scores are not a decision.
        let h1 = [json!({"kind": "score", "h": 3, "row": 1})];
        let h2 = [json!({"kind": "score", "h": 6, "row": 1})];
        assert_eq!(first(&h1, &h2, "heuristic"), None);
        assert_eq!(first(&h1, &h2, "seed"), Some(0));
        // One trace ends sooner: they differ at the step it lacks.
        assert_eq!(first(&a, &a[..2], "seed"), Some(2));
        assert_eq!(first(&a[..0], &a[..0], "seed"), None);
    }

    /// A clock or a cancel flag ends the alignment, which says how far it got; the steps
    /// come one at a time and none is kept.
    #[test]
    fn an_alignment_stops_when_told_and_says_how_far_it_got() {
        let steps = |n: usize| (0..n).map(|i| json!({"kind": "visit", "square": [i, 0]}));
        let never = || false;
        assert_eq!(
            first_difference_until(steps(5000), steps(5000), "seed", &never),
            Aligned::Same(5000)
        );
        let Aligned::Differ {
            at,
            last_alike,
            a,
            b,
        } = first_difference_until(steps(5000), steps(4000), "seed", &never)
        else {
            panic!("they part where the second ends")
        };
        assert_eq!((at, b), (4000, None));
        assert_eq!(a, Some(json!({"kind": "visit", "square": [4000, 0]})));
        assert_eq!(
            last_alike,
            Some(json!({"kind": "visit", "square": [3999, 0]}))
        );
        let looks = std::cell::Cell::new(0);
        let third = || {
            looks.set(looks.get() + 1);
            looks.get() == 3
        };
        // The first 1,024 steps without a look, then looked at after 1,024, 2,048 and
        // 3,072 steps: stopped at the third look.
        assert_eq!(
            first_difference_until(steps(usize::MAX), steps(usize::MAX), "seed", &third),
            Aligned::Stopped(3072)
        );
        // A flag raised from the start still lets the first 1,024 steps be compared.
        assert_eq!(
            first_difference_until(steps(usize::MAX), steps(usize::MAX), "seed", &|| true),
            Aligned::Stopped(1024)
        );
    }
}
