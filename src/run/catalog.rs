//! Every algorithm the app and the command line offer: its id, what it is, and its
//! parameters with the seed documents' defaults. Parameters arrive as `KEY=VALUE` text
//! (the command line's `--param`, the app's forms) and are checked here.

use std::collections::BTreeMap;

/// What values a parameter takes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ParamKind {
    /// A whole number in `min..=max`.
    Int { min: u64, max: u64 },
    /// One of the listed words; `open` also accepts values its parser knows (orderings).
    Choice {
        options: &'static [&'static str],
        open: bool,
    },
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ParamSpec {
    pub name: &'static str,
    pub default: &'static str,
    pub kind: ParamKind,
    /// One sentence for a tooltip or `--help`.
    pub help: &'static str,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AlgorithmInfo {
    pub id: &'static str,
    pub name: &'static str,
    /// Where it comes from and what it does, in a line.
    pub summary: &'static str,
    /// A complete search proves there is no tour when it finds none.
    pub complete: bool,
    pub params: &'static [ParamSpec],
}

const TIE_BREAK: ParamSpec = ParamSpec {
    name: "tie_break",
    default: "auto",
    kind: ParamKind::Choice {
        options: &["auto", "first", "random", "pohl", "roth", "squirrel"],
        open: true,
    },
    help: "How ties between squares with equally few onward moves are broken: auto (the most reliable rule for the board), first (seed 001's fixed move order), random, pohl (apply the rule once more), roth (farthest from the centre), squirrel (Squirrel-Cull orderings for n x n from the corner), or a fixed ordering of move types 1-8 like 21345678.",
};

/// The knight's tour algorithms, in the order the app lists them.
pub const KNIGHT_ALGORITHMS: &[AlgorithmInfo] = &[
    AlgorithmInfo {
        id: "warnsdorff",
        name: "Warnsdorff",
        summary: "Greedy: always jump to the square with the fewest onward moves. Linear time; no backtracking.",
        complete: false,
        params: &[
            TIE_BREAK,
            ParamSpec {
                name: "attempts",
                default: "100",
                kind: ParamKind::Int {
                    min: 1,
                    max: 1_000_000,
                },
                help: "How many walks auto and random may make before giving up.",
            },
        ],
    },
    AlgorithmInfo {
        id: "random-walk",
        name: "Random walk (level 0)",
        summary: "Seed 000 level 0: jump to a random unvisited square until stuck.",
        complete: false,
        params: &[ParamSpec {
            name: "walks",
            default: "1",
            kind: ParamKind::Int {
                min: 1,
                max: 100_000_000,
            },
            help: "Independent walks to make; the longest is kept (seed 000 makes one).",
        }],
    },
    AlgorithmInfo {
        id: "backtrack",
        name: "Backtracking",
        summary: "Depth-first search in seed 001's fixed move order, no heuristic.",
        complete: true,
        params: &[],
    },
    AlgorithmInfo {
        id: "backtrack-warnsdorff",
        name: "Backtracking + Warnsdorff",
        summary: "Seed 001 2.1.1: depth-first search trying squares with the fewest onward moves first.",
        complete: true,
        params: &[TIE_BREAK],
    },
    AlgorithmInfo {
        id: "backtrack-random",
        name: "Backtracking, randomized",
        summary: "Seed 001 2.1.2: depth-first search over the lowest-degree moves in random order.",
        complete: false,
        params: &[ParamSpec {
            name: "variant",
            default: "document",
            kind: ParamKind::Choice {
                options: &["document", "complete"],
                open: false,
            },
            help: "document: as seed 001 prints it (lowest-degree moves only, drawn with replacement, so it can miss tours); complete: shuffle ties and keep every move.",
        }],
    },
];

pub fn knight_algorithm(id: &str) -> Result<&'static AlgorithmInfo, String> {
    KNIGHT_ALGORITHMS
        .iter()
        .find(|a| a.id == id)
        .ok_or_else(|| {
            format!(
                "unknown knight algorithm {id:?}; available: {}",
                KNIGHT_ALGORITHMS
                    .iter()
                    .map(|a| a.id)
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })
}

/// Parameter values by name, every one of them checked against its spec, defaults filled
/// in.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Params(BTreeMap<String, String>);

impl Params {
    /// Checks `given` (`(name, value)` pairs) against `algo`'s parameters.
    pub fn new(algo: &AlgorithmInfo, given: &[(String, String)]) -> Result<Params, String> {
        let mut values: BTreeMap<String, String> = algo
            .params
            .iter()
            .map(|p| (p.name.to_string(), p.default.to_string()))
            .collect();
        for (name, value) in given {
            let Some(spec) = algo.params.iter().find(|p| p.name == name) else {
                let valid: Vec<&str> = algo.params.iter().map(|p| p.name).collect();
                return Err(if valid.is_empty() {
                    format!(
                        "unknown parameter {name:?}: {} takes no parameters",
                        algo.id
                    )
                } else {
                    format!(
                        "unknown parameter {name:?} for {}; valid parameters: {}",
                        algo.id,
                        valid.join(", ")
                    )
                });
            };
            check_value(algo, spec, value)?;
            values.insert(name.clone(), value.clone());
        }
        Ok(Params(values))
    }

    pub fn get(&self, name: &str) -> &str {
        self.0.get(name).map(String::as_str).unwrap_or("")
    }

    pub fn int(&self, name: &str) -> u64 {
        self.get(name).parse().unwrap_or(0)
    }

    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }
}

fn check_value(algo: &AlgorithmInfo, spec: &ParamSpec, value: &str) -> Result<(), String> {
    match spec.kind {
        ParamKind::Int { min, max } => match value.parse::<u64>() {
            Ok(v) if (min..=max).contains(&v) => Ok(()),
            _ => Err(format!(
                "{}={value:?} for {}: expected a whole number from {min} to {max}",
                spec.name, algo.id
            )),
        },
        ParamKind::Choice { options, open } => {
            if options.contains(&value) {
                return Ok(());
            }
            if open && spec.name == "tie_break" {
                return crate::solve::knight::tie_break::TieBreak::parse(value)
                    .map(|_| ())
                    .map_err(|e| format!("{e} (for {})", algo.id));
            }
            Err(format!(
                "{}={value:?} for {}: expected one of {}",
                spec.name,
                algo.id,
                options.join(", ")
            ))
        }
    }
}

/// Splits `KEY=VALUE`.
pub fn split_param(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() => Ok((k.trim().to_string(), v.trim().to_string())),
        _ => Err(format!(
            "cannot read parameter {text:?}: write KEY=VALUE, e.g. tie_break=roth"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_filled_in_and_checked() {
        let algo = knight_algorithm("warnsdorff").unwrap();
        let p = Params::new(algo, &[]).unwrap();
        assert_eq!(p.get("tie_break"), "auto");
        let p = Params::new(algo, &[("tie_break".into(), "21345678".into())]).unwrap();
        assert_eq!(p.get("tie_break"), "21345678");
        for default in KNIGHT_ALGORITHMS
            .iter()
            .flat_map(|a| a.params.iter().map(move |p| (a, p)))
        {
            assert!(check_value(default.0, default.1, default.1.default).is_ok());
        }
    }

    #[test]
    fn unknown_names_list_the_valid_ones() {
        let algo = knight_algorithm("warnsdorff").unwrap();
        let e = Params::new(algo, &[("tiebreak".into(), "x".into())]).unwrap_err();
        assert!(
            e.contains("tie_break, attempts") || e.contains("attempts"),
            "{e}"
        );
        assert!(Params::new(algo, &[("attempts".into(), "0".into())]).is_err());
        assert!(
            knight_algorithm("dijkstra")
                .unwrap_err()
                .contains("warnsdorff")
        );
    }
}
