//! Links to a place in the app: a puzzle, its instance, the algorithm with its parameters
//! and seed, and how it is shown (the run, the student's game, step by step at a given
//! step, with or without Your guess), or a lesson. The place is the part of the address
//! after `#`, so any copy of the site opens it, and the desktop app opens the same text
//! (`searchlab open LINK`, or pasted into the window):
//!
//! ```text
//! #v1/knight?board=8x8&start=a8&algo=warnsdorff&seed=1&mode=guess&step=12
//! #v1/queens?n=8&algo=hill-climbing&seed=3&p.restarts=10
//! #v1/lesson?file=02-warnsdorff
//! ```
//!
//! A link is untrusted input: [`read`] refuses anything malformed, oversized or out of
//! range with a sentence that says why, and the app then changes nothing. docs/LINKS.md
//! gives the format whole.

use crate::run::setup::{Fields, LessonMode, LessonSetUp, Setup};

/// What follows `#` in every link of this format.
pub const PREFIX: &str = "v1/";

/// The longest link read, in bytes (typical links are under 150).
pub const MAX_LINK_BYTES: usize = 2_000;

/// The most `key=value` pairs a link may hold.
const MAX_PAIRS: usize = 40;

/// What the app opens with at start-up (`searchlab open`): a link, or a run file or
/// lesson read whole.
pub enum Opening {
    /// A link: the whole address, or its part from `#`.
    Link(String),
    /// A run file or lesson: its name, and its bytes or why they could not be read.
    File(String, Result<Vec<u8>, String>),
}

/// The most a file opened whole (picked or dropped in a browser, or given to `searchlab
/// open`) may hold: in a browser it is read on the page's thread, which this keeps within
/// a fraction of a second.
pub const MAX_PAGE_FILE_BYTES: usize = 16 << 20;

/// Where a link leads.
#[derive(Clone)]
pub enum Place {
    /// A puzzle tab set up as a lesson would set it up.
    SetUp(Setup),
    /// A lesson, by its file's name without `.ron`.
    Lesson(String),
}

/// Whether `text` (pasted, say) looks like a link: an address with `#v1/`, or the part
/// from `#` or from `v1/`.
pub fn looks_like_one(text: &str) -> bool {
    let text = text.trim();
    text.contains(&format!("#{PREFIX}")) || text.starts_with(PREFIX)
}

/// Reads a link (a whole address, or the part from `#`): where it leads, checked, or why
/// it cannot be opened.
pub fn read(text: &str) -> Result<Place, String> {
    let text = text.trim();
    if text.len() > MAX_LINK_BYTES {
        return Err(format!(
            "the link is {} bytes long; a SearchLab link has at most {MAX_LINK_BYTES}",
            text.len()
        ));
    }
    let fragment = text.split_once('#').map_or(text, |(_, f)| f);
    let Some(rest) = fragment.strip_prefix(PREFIX) else {
        return Err(format!(
            "this is not a SearchLab link: its part after # must begin with {PREFIX}"
        ));
    };
    let (what, query) = rest.split_once('?').unwrap_or((rest, ""));
    let mut pairs: Vec<(String, String)> = Vec::new();
    for (k, v) in form_urlencoded::parse(query.as_bytes()) {
        if pairs.iter().any(|(seen, _)| *seen == k) {
            return Err(format!("the link gives {k} twice"));
        }
        if pairs.len() == MAX_PAIRS {
            return Err(format!("the link has more than {MAX_PAIRS} keys"));
        }
        pairs.push((k.into_owned(), v.into_owned()));
    }
    let mut fields = Fields::new(pairs);
    if what == "lesson" {
        let file = fields
            .take("file")
            .ok_or("a lesson's link gives its file (file=NAME, without .ron)")?;
        fields.finish("file")?;
        return Ok(Place::Lesson(file));
    }
    let puzzle = (crate::run::PUZZLES.iter().copied())
        .find(|p| p.key() == what)
        .ok_or_else(|| {
            let names: Vec<&str> = crate::run::PUZZLES.iter().map(|p| p.key()).collect();
            format!(
                "a link leads to {} or lesson, not {what:?}",
                names.join(", ")
            )
        })?;
    let choice = fields.choice()?;
    if choice.algorithm.is_none() && matches!(choice.mode, LessonMode::Steps | LessonMode::Guess) {
        return Err("a link to step by step names the search it follows (algo=ID)".into());
    }
    let (set_up, keys) = (
        puzzle.def().read_link(&mut fields, choice)?,
        puzzle.def().link_keys(),
    );
    fields.finish(&format!("{keys}, algo, seed, mode, step and p.NAME"))?;
    set_up.check()?;
    Ok(Place::SetUp(Setup::new(set_up)))
}

/// The link of a place: the part from `#`, to follow the address of the site.
pub fn write(set_up: &dyn LessonSetUp) -> String {
    let mut pairs = form_urlencoded::Serializer::new(String::new());
    for (key, value) in set_up.link_pairs() {
        pairs.append_pair(key, &value);
    }
    let c = set_up.choice();
    if let Some(a) = &c.algorithm {
        pairs.append_pair("algo", a);
    }
    for (name, value) in &c.params {
        pairs.append_pair(&format!("p.{name}"), value);
    }
    if let Some(seed) = c.seed {
        pairs.append_pair("seed", &seed.to_string());
    }
    if c.mode != LessonMode::Run {
        pairs.append_pair("mode", c.mode.into());
    }
    if let Some(step) = c.step {
        pairs.append_pair("step", &step.to_string());
    }
    format!(
        "#{PREFIX}{}?{}",
        set_up.puzzle().link_name(),
        pairs.finish()
    )
}

/// The link of a lesson, by its file's name.
pub fn lesson(file: &str) -> String {
    let name = file.strip_suffix(".ron").unwrap_or(file);
    let mut pairs = form_urlencoded::Serializer::new(String::new());
    pairs.append_pair("file", name);
    format!("#{PREFIX}lesson?{}", pairs.finish())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::knight::setup::KnightSetUp;
    use crate::run::queens::setup::QueensSetUp;
    use crate::run::setup::MAX_APP_STEPS;
    use proptest::prelude::*;
    use std::collections::BTreeMap;

    fn set_up(text: &str) -> Setup {
        match read(text) {
            Ok(Place::SetUp(s)) => s,
            Ok(Place::Lesson(f)) => panic!("a lesson, {f}"),
            Err(e) => panic!("{text}: {e}"),
        }
    }

    fn refusal(text: &str) -> String {
        match read(text) {
            Err(e) => e,
            Ok(_) => panic!("{text} was read"),
        }
    }

    /// A link to step 12 of Warnsdorff's walk, guessing, reads back as the set-up the
    /// lesson format would give: the board, the start by its name, the seed, the step.
    #[test]
    fn a_link_reads_as_its_set_up() {
        let s = set_up(
            "https://example.org/searchlab/#v1/knight?board=6x5&start=b4&closed=1\
             &algo=warnsdorff&seed=42&mode=guess&step=12",
        );
        let k: &KnightSetUp = s.get().unwrap();
        // b4 on a board of 5 rows: the second column, the second row from the top.
        assert_eq!((k.cols, k.rows, k.start, k.closed), (6, 5, (1, 1), true));
        assert_eq!(k.algorithm.as_deref(), Some("warnsdorff"));
        assert_eq!(
            (k.seed, k.step, k.mode),
            (Some(42), Some(12), LessonMode::Guess)
        );
        assert_eq!(s.puzzle(), crate::run::knight::PUZZLE);
        let q = set_up("#v1/queens?n=12&algo=hill-climbing&p.heuristic=h2");
        let q: &QueensSetUp = q.get().unwrap();
        assert_eq!((q.n, q.mode), (12, LessonMode::Run));
        assert_eq!(q.params.get("heuristic").map(String::as_str), Some("h2"));
        assert!(
            matches!(read("#v1/lesson?file=02-warnsdorff"), Ok(Place::Lesson(f)) if f == "02-warnsdorff")
        );
    }

    /// Each thing wrong with a link is refused with a sentence that names it.
    #[test]
    fn a_malformed_link_is_refused_with_why() {
        let long = format!("#v1/queens?n=8&algo={}", "a".repeat(MAX_LINK_BYTES));
        let cases: &[(&str, &str)] = &[
            (&long, "at most 2000"),
            (
                "https://example.org/#knight?board=8x8",
                "must begin with v1/",
            ),
            ("#v1/rook?n=8", "not \"rook\""),
            ("#v1/queens?n=8&n=9", "gives n twice"),
            ("#v1/queens?n=8&colour=red", "\"colour\" is not a key"),
            ("#v1/queens", "gives no n"),
            ("#v1/queens?n=eight", "n=\"eight\" is not a whole number"),
            ("#v1/queens?n=0", "n must be from 1"),
            (
                "#v1/queens?n=8&algo=bogo",
                "no N-Queens algorithm is called \"bogo\"",
            ),
            (
                "#v1/queens?n=8&algo=construct&mode=steps",
                "step by step cannot follow",
            ),
            ("#v1/queens?n=8&mode=fly", "one of run, play, steps, guess"),
            (
                "#v1/queens?n=8&algo=backtracking&step=3",
                "step by step only",
            ),
            (
                "#v1/queens?n=8&algo=backtracking&mode=steps&step=99999999999",
                "past the most",
            ),
            ("#v1/queens?n=8&seed=-1", "seed=\"-1\""),
            (
                "#v1/queens?n=8&algo=hill-climbing&p.sideways=7",
                "unknown parameter \"sideways\"",
            ),
            ("#v1/queens?n=8&p.heuristic=h2", "need the algorithm"),
            ("#v1/knight?board=0x8", "each side from 1"),
            ("#v1/knight?board=8", "not COLSxROWS"),
            ("#v1/knight?board=8x8&start=z99", "start:"),
            ("#v1/knight?board=8x8&closed=yes", "neither 1 nor 0"),
            (
                "#v1/knight?board=8x8&algo=count&p.x=1",
                "count takes no parameters",
            ),
            (
                "#v1/magic?order=4&algo=ga&mode=steps",
                "knight's tour and N-Queens",
            ),
            ("#v1/lesson", "gives its file"),
            ("#v1/queens?n=8&mode=guess", "names the search it follows"),
            ("#v1/queens?n=41&algo=backtracking&mode=play", "up to 40"),
            ("#v1/magic?order=11&mode=play", "up to 10"),
            ("#v1/lesson?file=a&n=3", "\"n\" is not a key"),
        ];
        for (link, says) in cases {
            let why = refusal(link);
            assert!(why.contains(says), "{link}: {why:?} does not say {says:?}");
        }
        let many: String = (0..41).map(|k| format!("&p.x{k}=1")).collect();
        assert!(refusal(&format!("#v1/queens?n=8{many}")).contains("more than 40 keys"));
    }

    /// A link written of a set-up reads back as the same set-up, and stays short.
    #[test]
    fn a_written_link_is_short() {
        let s = set_up(
            "#v1/knight?board=8x8&start=h1&algo=backtrack-warnsdorff&p.tie_break=auto&seed=7&mode=steps&step=40",
        );
        let link = write(s.set_up());
        assert!(link.len() < 300, "{link}");
        assert!(set_up(&link).set_up().same(s.set_up()), "{link}");
    }

    proptest! {
        /// Any place a link can hold, written and read again, is the same place: knight's
        /// boards with any start, kind of tour, traced algorithm, seed, mode and step.
        #[test]
        fn a_link_reads_back_as_it_was_written(
            cols in 1u32..=crate::run::knight::setup::MAX_SIDE,
            rows in 1u32..=crate::run::knight::setup::MAX_SIDE,
            at in any::<(u32, u32)>(),
            closed in any::<bool>(),
            algo in prop::sample::select(crate::run::trace::knight::traceable()),
            seed in any::<u64>(),
            guess in any::<bool>(),
            step in proptest::option::of(0..=MAX_APP_STEPS),
            n in 1u64..=crate::run::queens::setup::MAX_APP_N,
        ) {
            let knight = KnightSetUp {
                cols,
                rows,
                start: (at.0 % rows, at.1 % cols),
                closed,
                algorithm: Some(algo.to_string()),
                mode: if guess && ["warnsdorff", "backtrack-warnsdorff"].contains(&algo) {
                    LessonMode::Guess
                } else {
                    LessonMode::Steps
                },
                seed: Some(seed),
                params: BTreeMap::new(),
                step,
            };
            let link = write(&knight);
            let read = set_up(&link);
            prop_assert!(read.set_up().same(&knight), "{}", link);
            let queens = QueensSetUp {
                n,
                algorithm: Some("min-conflicts".into()),
                mode: if n <= 40 { LessonMode::Play } else { LessonMode::Run },
                seed: Some(seed),
                params: [("tries".to_string(), "10".to_string())].into(),
                step: None,
            };
            let link = write(&queens);
            prop_assert!(set_up(&link).set_up().same(&queens), "{}", link);
        }
    }
}
