//! Views derived from a context, kept with the context they were made for.
//!
//! A hint about a path, a message about a trace, a table about an experiment's settings:
//! each is true of the context it was worked out for, and false of any other. Rather than
//! clear each one by hand wherever its context might change, a view keeps it in a
//! [`ForContext`], which hands it out only for the context it was made for. However the
//! context changes (a move, a finish drawn in, a new board, a lesson setting things up),
//! the stale value is never shown, because nothing can read it.

/// A value worked out for one context, read only under that context.
#[derive(Debug, Clone)]
pub struct ForContext<K, V> {
    slot: Option<(K, V)>,
}

impl<K, V> Default for ForContext<K, V> {
    fn default() -> Self {
        ForContext { slot: None }
    }
}

impl<K: PartialEq, V> ForContext<K, V> {
    /// Keeps `value`, made for `context`.
    pub fn set(&mut self, context: K, value: V) {
        self.slot = Some((context, value));
    }

    /// The value, when it was made for `context`; `None` for any other context.
    pub fn get(&self, context: &K) -> Option<&V> {
        match &self.slot {
            Some((k, v)) if k == context => Some(v),
            _ => None,
        }
    }

    /// Forgets the value.
    pub fn clear(&mut self) {
        self.slot = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_read_only_under_the_context_it_was_made_for() {
        let mut hint: ForContext<Vec<u32>, &str> = ForContext::default();
        assert_eq!(hint.get(&vec![0]), None);
        hint.set(vec![0, 7], "from c4, e5");
        assert_eq!(hint.get(&vec![0, 7]), Some(&"from c4, e5"));
        // The path moved on: the hint is about another position.
        assert_eq!(hint.get(&vec![0, 7, 14]), None);
        assert_eq!(hint.get(&vec![0]), None);
        // Back where it was made, it is true again.
        assert_eq!(hint.get(&vec![0, 7]), Some(&"from c4, e5"));
        hint.clear();
        assert_eq!(hint.get(&vec![0, 7]), None);
    }
}
