//! Every algorithm the app and the command line offer: its id, what it is, and its
//! parameters with the source documents' defaults. Parameters arrive as `KEY=VALUE` text
//! (the command line's `--param`, the app's forms) and are checked here.

use super::error::JobError;
use crate::puzzle::queens::Heuristic;
use crate::solve::Counters;
use crate::solve::knight::backtrack::RandomVariant;
use crate::solve::knight::evolve::cultural::{Bonus, Threshold};
use crate::solve::knight::evolve::levels::{DiversityBonus, Elite, Repair};
use crate::solve::knight::evolve::move_ga::RepairOrder;
use crate::solve::magic::ga::{Crossover, Found, Mutation, Selection};
use std::collections::BTreeMap;
use strum::VariantNames;

/// What values a parameter takes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ParamKind {
    /// A whole number in `min..=max`.
    Int {
        /// The smallest value accepted.
        min: u64,
        /// The largest value accepted.
        max: u64,
    },
    /// A number in `min..=max`.
    Float {
        /// The smallest value accepted.
        min: f64,
        /// The largest value accepted.
        max: f64,
    },
    /// One of the listed words; `open` also accepts values its parser knows (orderings).
    Choice {
        /// The words accepted, in the order the app's drop-down list offers them.
        options: &'static [&'static str],
        /// Whether a value off the list that the parameter's parser reads is taken too (the
        /// tie-break's fixed orderings of move types, e.g. 21345678).
        open: bool,
    },
}

/// One parameter of an algorithm: its name, its default, the values it takes and a
/// sentence of help.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ParamSpec {
    /// The `KEY` of `KEY=VALUE`, e.g. `tie_break`.
    pub name: &'static str,
    /// The value taken when none is given, as text (the source document's, where it gives
    /// one); it passes the same check as a value given.
    pub default: &'static str,
    /// What values it takes; a value given is checked against it when the parameters are
    /// read ([`Params::new`]).
    pub kind: ParamKind,
    /// One sentence for a tooltip or `--help`.
    pub help: &'static str,
}

/// One algorithm of the catalog: what it is, its parameters, the figures it reports, its
/// size limit and what it offers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AlgorithmInfo {
    /// The id users type and files keep, e.g. `backtrack-warnsdorff`.
    pub id: &'static str,
    /// Its name as pickers and messages show it, e.g. "Backtracking + Warnsdorff".
    pub name: &'static str,
    /// Where it comes from and what it does, in a line.
    pub summary: &'static str,
    /// A complete search proves there is no tour when it finds none.
    pub complete: bool,
    /// Its parameters, in the order the app's forms and `--help` list them (empty: it takes
    /// none).
    pub params: &'static [ParamSpec],
    /// The figures it reports, in the order they are told.
    pub figures: &'static [Figure],
    /// The largest instance it takes, when smaller than the puzzle's own limit.
    pub max_size: Option<SizeLimit>,
    /// What it offers besides a run.
    pub offers: Offers,
}

/// The largest instance an algorithm takes, in the puzzle's measure (squares of a knight's
/// board, queens, the order of a magic square), and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SizeLimit {
    /// The largest size accepted.
    pub max: u64,
    /// Why, in a sentence a student can follow.
    pub why: &'static str,
}

impl AlgorithmInfo {
    /// It takes the parameter `name`.
    pub fn takes(&self, name: &str) -> bool {
        self.params.iter().any(|p| p.name == name)
    }

    /// Refuses `size` when it is past the algorithm's limit; `measure` names the size
    /// (e.g. "squares on the board").
    pub fn check_size(&self, size: u64, measure: &str) -> Result<(), JobError> {
        match self.max_size {
            Some(limit) if size > limit.max => Err(JobError::Input(format!(
                "{}: {measure} at most {}, got {}. {}",
                self.name,
                group_thousands(limit.max),
                group_thousands(size),
                limit.why
            ))),
            _ => Ok(()),
        }
    }
}

/// `1234567` as `1,234,567`.
pub fn group_thousands(v: u64) -> String {
    let digits = v.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// What an algorithm offers besides a run, as data the app and the command line read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Offers {
    /// Step by step can follow it: a trace records every decision.
    pub trace: bool,
    /// "Your guess" can ask its decisions: a student can reason them out.
    pub guess: bool,
    /// The GA microscope looks into how a generation bred the next.
    pub microscope: bool,
    /// It keeps a belief space whose weights the board can show.
    pub belief: bool,
    /// It moves whole placements about: the board can show each move's conflicts.
    pub landscape: bool,
}

impl Offers {
    /// A run and nothing more.
    pub const RUN: Offers = Offers {
        trace: false,
        guess: false,
        microscope: false,
        belief: false,
        landscape: false,
    };
    /// Followed step by step.
    pub const TRACE: Offers = Offers {
        trace: true,
        ..Offers::RUN
    };
    /// Followed step by step, and its decisions asked.
    pub const GUESS: Offers = Offers {
        guess: true,
        ..Offers::TRACE
    };
    /// An evolutionary algorithm the microscope looks into.
    pub const EVOLVED: Offers = Offers {
        microscope: true,
        ..Offers::RUN
    };
}

/// GA levels 3 and 4: evolved, with a belief space the board shows.
const EVOLVED_WITH_BELIEF: Offers = Offers {
    belief: true,
    ..Offers::EVOLVED
};

/// N-Queens local searches a trace follows, whose every move the board can show.
const MOVES_TRACED: Offers = Offers {
    landscape: true,
    ..Offers::TRACE
};

/// Hill climbing: traced, its moves shown and guessed.
const MOVES_GUESSED: Offers = Offers {
    guess: true,
    ..MOVES_TRACED
};

/// The N-Queens cultural algorithm: evolved, moving whole placements.
const MOVES_EVOLVED: Offers = Offers {
    landscape: true,
    ..Offers::EVOLVED
};

/// Knight's tour algorithms that evolve a chromosome of one gene per square.
const EVOLVED_TOURS: Option<SizeLimit> = Some(SizeLimit {
    max: 1_000_000,
    why: "A chromosome holds one gene per square and every generation decodes every one, so at 1000x1000 a generation already takes about a second; Warnsdorff's rule tours boards of any size.",
});

/// N-Queens algorithms that score placements with the N-Queens AI report's heuristics.
const SCORED_PLACEMENTS: Option<SizeLimit> = Some(SizeLimit {
    max: 5_000,
    why: "The report's heuristics take up to n²/2 comparisons to score one placement, and every step scores many (hill climbing and best-first all n(n-1) neighbours), so at 5,000 queens one step takes hours; min-conflicts solves millions of queens.",
});

/// A counter of [`Counters`], by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counter {
    /// [`Counters::nodes`]: units of work, e.g. squares entered, states expanded,
    /// placements scored.
    Nodes,
    /// [`Counters::backtracks`]: squares or queens taken back (or Pósa's rotations).
    Backtracks,
    /// [`Counters::max_depth`]: the deepest the search went (the longest path, the most
    /// queens placed at once).
    MaxDepth,
    /// [`Counters::solutions`]: solutions found or counted.
    Solutions,
    /// [`Counters::attempts`]: fresh starts (walks, restarts, refreshes), or a
    /// construction's pieces.
    Attempts,
    /// [`Counters::generations`]: generations of an evolutionary algorithm, or beam rounds.
    Generations,
    /// [`Counters::moves`]: moves a local search made, or the joins of a construction.
    Moves,
    /// [`Counters::queued`]: states put on a frontier, or placements a beam kept.
    Queued,
}

impl Counter {
    /// The counter's value in `c`.
    pub fn read(self, c: &Counters) -> u64 {
        match self {
            Counter::Nodes => c.nodes,
            Counter::Backtracks => c.backtracks,
            Counter::MaxDepth => c.max_depth,
            Counter::Solutions => c.solutions,
            Counter::Attempts => c.attempts,
            Counter::Generations => c.generations,
            Counter::Moves => c.moves,
            Counter::Queued => c.queued,
        }
    }
}

/// One figure an algorithm reports: what it calls it, its unit (or none), the counter, and
/// (where the figure needs it) a sentence saying what it counts, for a tooltip.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Figure {
    /// What the figure is called where it is told, e.g. "squares entered".
    pub label: &'static str,
    /// The unit written after the value ("squares"), or empty for none.
    pub unit: &'static str,
    /// The counter whose value the figure tells.
    pub counter: Counter,
    /// What the figure counts and what it does to the run, or empty.
    pub help: &'static str,
}

const fn figure(label: &'static str, counter: Counter) -> Figure {
    Figure {
        label,
        unit: "",
        counter,
        help: "",
    }
}

const fn squares(label: &'static str, counter: Counter) -> Figure {
    Figure {
        label,
        unit: "squares",
        counter,
        help: "",
    }
}

impl Figure {
    /// This figure with `help` for a tooltip.
    const fn explained(self, help: &'static str) -> Figure {
        Figure { help, ..self }
    }

    /// The figure's value in `c`, with its unit.
    pub fn value(&self, c: &Counters) -> String {
        let v = self.counter.read(c);
        match self.unit {
            "" => v.to_string(),
            unit => format!("{v} {unit}"),
        }
    }
}

/// `label value, label value …` for a status line.
pub fn told(figures: &[Figure], c: &Counters) -> String {
    let parts: Vec<String> = (figures.iter())
        .map(|f| format!("{} {}", f.label, f.value(c)))
        .collect();
    parts.join(", ")
}

const WARNSDORFF_FIGURES: &[Figure] = &[
    figure("squares entered", Counter::Nodes),
    figure("attempts", Counter::Attempts),
];
const CONSTRUCT_FIGURES: &[Figure] = &[
    figure("squares laid", Counter::Nodes),
    figure("pieces", Counter::Attempts),
    figure("joins", Counter::Moves),
];
const SETTLE_FIGURES: &[Figure] = &[
    figure("steps", Counter::Nodes).explained(
        "Units of work of the method that settled it: squares laid by the construction, profiles entered by the column-by-column search, or squares entered by Warnsdorff's rule and the rotations.",
    ),
    figure("steps back", Counter::Backtracks).explained(
        "Profiles the column-by-column search found lead nowhere, or Pósa's rotations of the path's end.",
    ),
];
const WALK_FIGURES: &[Figure] = &[
    figure("steps", Counter::Nodes),
    figure("walks", Counter::Attempts),
    squares("longest walk", Counter::MaxDepth),
];
const BACKTRACK_FIGURES: &[Figure] = &[
    figure("squares entered", Counter::Nodes),
    figure("backtracks", Counter::Backtracks),
    squares("deepest path", Counter::MaxDepth),
];
const KNIGHT_GA_FIGURES: &[Figure] = &[
    figure("generations", Counter::Generations),
    figure("chromosomes evaluated", Counter::Nodes),
    // The longest over every generation so far (the path on the board): a generation's
    // own best can be shorter, and the plot says that one by its generation.
    squares("longest path so far", Counter::MaxDepth).explained(
        "The longest path of any generation so far, the one on the board. A generation's own best path can be shorter: the plot's caption gives it by its generation.",
    ),
];
/// What an enumeration of tours reports.
pub const COUNT_FIGURES: &[Figure] = &[
    figure("recursive calls", Counter::Nodes),
    figure("tours counted", Counter::Solutions),
];
/// What counting every N-Queens solution reports.
pub const QUEENS_COUNT_FIGURES: &[Figure] = &[
    figure("nodes", Counter::Nodes),
    figure("solutions", Counter::Solutions),
];
/// What a tree search over board states (BFS, DFS) reports.
pub const TREE_SEARCH_FIGURES: &[Figure] = &[
    figure("nodes generated", Counter::Nodes),
    squares("deepest path", Counter::MaxDepth),
];

const TIE_BREAK: ParamSpec = ParamSpec {
    name: "tie_break",
    default: "auto",
    kind: ParamKind::Choice {
        options: &["auto", "first", "random", "pohl", "roth", "squirrel"],
        open: true,
    },
    help: "How ties between squares with equally few onward moves are broken: auto (the most reliable rule for the board), first (the Knight's Tour solver report's fixed move order), random, pohl (apply the rule once more), roth (farthest from the centre), squirrel (Squirrel-Cull orderings for n x n from the corner), or a fixed ordering of move types 1-8 like 21345678.",
};

const fn int(
    name: &'static str,
    default: &'static str,
    min: u64,
    max: u64,
    help: &'static str,
) -> ParamSpec {
    ParamSpec {
        name,
        default,
        kind: ParamKind::Int { min, max },
        help,
    }
}

const fn float(
    name: &'static str,
    default: &'static str,
    min: f64,
    max: f64,
    help: &'static str,
) -> ParamSpec {
    ParamSpec {
        name,
        default,
        kind: ParamKind::Float { min, max },
        help,
    }
}

const fn choice(
    name: &'static str,
    default: &'static str,
    options: &'static [&'static str],
    help: &'static str,
) -> ParamSpec {
    ParamSpec {
        name,
        default,
        kind: ParamKind::Choice {
            options,
            open: false,
        },
        help,
    }
}

const REPAIR: ParamSpec = choice(
    "repair",
    "most-onward",
    Repair::VARIANTS,
    "How a gene that cannot be followed is replaced: most-onward is the Cultural Algorithm guide as printed (max(valid_moves, key=future_moves_count), the opposite of Warnsdorff, rarely completes 8x8); fewest-onward is Warnsdorff's rule.",
);
const LEVEL1: [ParamSpec; 6] = [
    int(
        "population",
        "30",
        2,
        100_000,
        "Individuals per generation (Cultural Algorithm guide: 30).",
    ),
    int(
        "generations",
        "100",
        1,
        10_000_000,
        "Generations before giving up (Cultural Algorithm guide: 100).",
    ),
    float(
        "mutation_rate",
        "0.3",
        0.0,
        1.0,
        "Chance that a child is mutated at all (Cultural Algorithm guide: 0.3); then 1-3 genes (level 1) or 1-2 (levels 2-3) change.",
    ),
    int(
        "elitism",
        "2",
        0,
        100_000,
        "The best individuals copied unchanged into the next generation (Cultural Algorithm guide: 2).",
    ),
    int(
        "tournament",
        "3",
        1,
        16,
        "Individuals drawn per tournament; the fittest becomes a parent (Cultural Algorithm guide: 3).",
    ),
    REPAIR,
];
const DIVERSITY: [ParamSpec; 2] = [
    float(
        "diversity_weight",
        "0.05",
        0.0,
        100.0,
        "Level 2's diversity bonus: weight times population diversity in percent (Cultural Algorithm guide: 0.05).",
    ),
    choice(
        "diversity_bonus",
        "uniform",
        DiversityBonus::VARIANTS,
        "uniform: the Cultural Algorithm guide as printed, the same bonus for everyone (it cannot change a tournament); individual: each individual's bonus grows with how much it differs from the consensus.",
    ),
];
const BELIEF3: [ParamSpec; 3] = [
    int(
        "belief_after",
        "20",
        0,
        10_000_000,
        "The generation from which the belief space guides mutation and crossover (Cultural Algorithm guide: 20).",
    ),
    int(
        "good_fitness",
        "300",
        0,
        1_000_000_000,
        "A top individual's moves count as successful above this fitness (Cultural Algorithm guide: 300, which every path of 21+ squares exceeds).",
    ),
    choice(
        "elite",
        "first",
        Elite::VARIANTS,
        "The chromosome injected by crossover: first is what the Cultural Algorithm guide's code does (best_individuals[0], the first generation's best); best is the best so far.",
    ),
];
const LEVEL2: [ParamSpec; 8] = [
    LEVEL1[0],
    LEVEL1[1],
    LEVEL1[2],
    LEVEL1[3],
    LEVEL1[4],
    LEVEL1[5],
    DIVERSITY[0],
    DIVERSITY[1],
];
const LEVEL3: [ParamSpec; 11] = [
    LEVEL1[0],
    LEVEL1[1],
    LEVEL1[2],
    LEVEL1[3],
    LEVEL1[4],
    LEVEL1[5],
    DIVERSITY[0],
    DIVERSITY[1],
    BELIEF3[0],
    BELIEF3[1],
    BELIEF3[2],
];
const LEVEL4: [ParamSpec; 8] = [
    int(
        "population",
        "100",
        2,
        100_000,
        "Individuals (paths) per generation (Cultural Algorithm guide: 100).",
    ),
    int(
        "generations",
        "500",
        1,
        10_000_000,
        "Generations before giving up (Cultural Algorithm guide: 500).",
    ),
    float(
        "base_mutation_rate",
        "0.2",
        0.0,
        1.0,
        "Chance a child is truncated and rebuilt; rises by up to 0.3 while the best fitness stagnates (Cultural Algorithm guide: 0.2).",
    ),
    int(
        "tournament",
        "5",
        1,
        16,
        "Individuals drawn per tournament (Cultural Algorithm guide: 5).",
    ),
    int(
        "elite_size",
        "10",
        0,
        100_000,
        "The best individuals kept unchanged (Cultural Algorithm guide: population / 10).",
    ),
    int(
        "timeout",
        "60",
        1,
        86_400,
        "Seconds before giving up, when the run has no shorter time limit (Cultural Algorithm guide: 60).",
    ),
    choice(
        "bonus",
        "document",
        Bonus::VARIANTS,
        "document: the Cultural Algorithm guide as printed, the good-transition bonus is added to a score sorted ascending, so it makes a good move less likely; reward: it makes it more likely.",
    ),
    choice(
        "belief_threshold",
        "fitness",
        Threshold::VARIANTS,
        "What is compared with 0.7 n^2 to call a transition good: fitness (the Cultural Algorithm guide as printed, always above it) or squares covered.",
    ),
];
const MOVE_GA: [ParamSpec; 6] = [
    int(
        "population",
        "50",
        2,
        100_000,
        "Chromosomes per generation (solver report: 50).",
    ),
    int(
        "generations",
        "50",
        1,
        10_000_000,
        "Generations before giving up (solver report's experiment: 50).",
    ),
    float(
        "crossover_min",
        "0.85",
        0.0,
        1.0,
        "Each run draws its crossover rate between crossover_min and crossover_max (solver report: 85-95 %).",
    ),
    float("crossover_max", "0.95", 0.0, 1.0, "See crossover_min."),
    float(
        "mutation_rate",
        "0.005",
        0.0,
        1.0,
        "Chance that each gene is replaced by a random move (solver report: 0.5 %).",
    ),
    choice(
        "repair_order",
        "ascending",
        RepairOrder::VARIANTS,
        "Which legal move replaces an illegal gene: the first of moves 1-8 (ascending, as the Knight's Tour solver report says) or the first of the seven moves after the illegal one (cyclic, closer to its table).",
    ),
];

/// The knight's tour algorithms, in the order the app lists them.
pub const KNIGHT_ALGORITHMS: &[AlgorithmInfo] = &[
    AlgorithmInfo {
        id: "warnsdorff",
        offers: Offers::GUESS,
        name: "Warnsdorff",
        summary: "Greedy: always jump to the square with the fewest onward moves. Linear time; no backtracking.",
        complete: false,
        max_size: None,
        figures: WARNSDORFF_FIGURES,
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
        offers: Offers::GUESS,
        name: "Random walk (level 0)",
        summary: "From the Cultural Algorithm guide (level 0): jump to a random unvisited square until stuck.",
        complete: false,
        max_size: None,
        figures: WALK_FIGURES,
        params: &[ParamSpec {
            name: "walks",
            default: "1",
            kind: ParamKind::Int {
                min: 1,
                max: 100_000_000,
            },
            help: "Independent walks to make; the longest is kept (the Cultural Algorithm guide makes one).",
        }],
    },
    AlgorithmInfo {
        id: "backtrack",
        offers: Offers::GUESS,
        name: "Backtracking",
        summary: "From the Knight's Tour solver report (2.1): depth-first search in its fixed move order, no heuristic.",
        complete: true,
        max_size: None,
        figures: BACKTRACK_FIGURES,
        params: &[],
    },
    AlgorithmInfo {
        id: "backtrack-warnsdorff",
        offers: Offers::GUESS,
        name: "Backtracking + Warnsdorff",
        summary: "From the Knight's Tour solver report (2.1.1): depth-first search trying squares with the fewest onward moves first.",
        complete: true,
        max_size: None,
        figures: BACKTRACK_FIGURES,
        params: &[TIE_BREAK],
    },
    AlgorithmInfo {
        id: "backtrack-random",
        offers: Offers::GUESS,
        name: "Backtracking, randomized",
        summary: "From the Knight's Tour solver report (2.1.2): depth-first search over the lowest-degree moves in random order.",
        complete: false,
        max_size: None,
        figures: BACKTRACK_FIGURES,
        params: &[ParamSpec {
            name: "variant",
            default: "document",
            kind: ParamKind::Choice {
                options: RandomVariant::VARIANTS,
                open: false,
            },
            help: "document: as the solver report prints it (lowest-degree moves only, drawn with replacement, so it can miss tours); complete: shuffle ties and keep every move.",
        }],
    },
    AlgorithmInfo {
        id: "level1",
        offers: Offers::EVOLVED,
        name: "Simple GA (level 1)",
        summary: "From the Cultural Algorithm guide (level 1): moves as genes, repaired while decoding; tournament, two-point crossover, elitism.",
        complete: false,
        max_size: EVOLVED_TOURS,
        figures: KNIGHT_GA_FIGURES,
        params: &LEVEL1,
    },
    AlgorithmInfo {
        id: "level2",
        offers: Offers::EVOLVED,
        name: "Enhanced GA (level 2)",
        summary: "From the Cultural Algorithm guide (level 2): level 1 with mobility-aware decoding and fitness, smarter mutation, a diversity bonus.",
        complete: false,
        max_size: EVOLVED_TOURS,
        figures: KNIGHT_GA_FIGURES,
        params: &LEVEL2,
    },
    AlgorithmInfo {
        id: "level3",
        offers: EVOLVED_WITH_BELIEF,
        name: "Cultural GA (level 3)",
        summary: "From the Cultural Algorithm guide (level 3): level 2 with a belief space of move success and square difficulty guiding the operators.",
        complete: false,
        max_size: EVOLVED_TOURS,
        figures: KNIGHT_GA_FIGURES,
        params: &LEVEL3,
    },
    AlgorithmInfo {
        id: "level4",
        offers: EVOLVED_WITH_BELIEF,
        name: "Advanced cultural (level 4)",
        summary: "From the Cultural Algorithm guide (level 4): paths as individuals, learned transitions, belief-guided Warnsdorff completion, local search.",
        complete: false,
        max_size: EVOLVED_TOURS,
        figures: KNIGHT_GA_FIGURES,
        params: &LEVEL4,
    },
    AlgorithmInfo {
        id: "ga-repair",
        offers: Offers::EVOLVED,
        name: "GA with repair",
        summary: "From the Knight's Tour solver report (2.2): moves 1-8, roulette selection, one-point crossover; an illegal move becomes the first legal one.",
        complete: false,
        max_size: EVOLVED_TOURS,
        figures: KNIGHT_GA_FIGURES,
        params: &MOVE_GA,
    },
    AlgorithmInfo {
        id: "ga-heuristic",
        offers: Offers::EVOLVED,
        name: "GA with heuristic",
        summary: "From the Knight's Tour solver report (2.2): as GA with repair, but an illegal move becomes the Warnsdorff move (fewest onward moves).",
        complete: false,
        max_size: EVOLVED_TOURS,
        figures: KNIGHT_GA_FIGURES,
        params: &[MOVE_GA[0], MOVE_GA[1], MOVE_GA[2], MOVE_GA[3], MOVE_GA[4]],
    },
    AlgorithmInfo {
        id: "closed-construct",
        offers: Offers::RUN,
        name: "Closed tour by construction",
        summary: "Cuts the board into small pieces, gives each a structured closed tour and joins neighbours by swapping two moves (after Parberry 1997): a closed tour on every board that has one (Schwenk 1991), in linear time. The default for closed tours.",
        complete: false,
        max_size: None,
        figures: CONSTRUCT_FIGURES,
        params: &[],
    },
    AlgorithmInfo {
        id: "settle",
        offers: Offers::RUN,
        name: "Tour or proof",
        summary: "Finds a tour from the start square or proves that none starts there: builds a closed tour where one exists (Schwenk 1991) and walks it from the start, searches boards 3 to 6 squares across column by column over every way of choosing the moves, and otherwise walks by Warnsdorff's rule and rotates the path's end (Pósa).",
        complete: false,
        max_size: None,
        figures: SETTLE_FIGURES,
        params: &[],
    },
];

/// The name of the N-Queens heuristic's parameter: the app's N-Queens tab keeps it as a
/// field of its own, chosen once for every algorithm that takes it.
pub const HEURISTIC_PARAM: &str = "heuristic";

const HEURISTIC: ParamSpec = choice(
    HEURISTIC_PARAM,
    "h1",
    Heuristic::VARIANTS,
    "The N-Queens AI report's heuristic: h1 attacking pairs (nested loop), h2 conflicts per queen with arrays (always 2 x h1, and O(n)), h3 per-queen conflicts halved (always h1). They order placements identically, so only the speed differs.",
);

/// The N-Queens algorithms, in the order the app lists them.
pub const QUEENS_ALGORITHMS: &[AlgorithmInfo] = &[
    AlgorithmInfo {
        id: "backtracking",
        offers: Offers::GUESS,
        name: "Backtracking",
        summary: "From the N-Queens AI report: column by column, rows from the top, a queen only where nothing attacks it.",
        complete: true,
        max_size: None,
        figures: &[
            // Every queen put on the board, those taken back again included (the view's
            // "queens on the board" is how many stand there now).
            figure("queens set down", Counter::Nodes),
            figure("taken back", Counter::Backtracks),
        ],
        params: &[],
    },
    AlgorithmInfo {
        id: "best-first",
        offers: MOVES_GUESSED,
        name: "Best-first",
        summary: "From the N-Queens AI report: greedy best-first search on the heuristic, with a visited set; neighbours move one queen within its column.",
        complete: false,
        max_size: SCORED_PLACEMENTS,
        figures: &[
            figure("states expanded", Counter::Nodes),
            figure("states queued", Counter::Queued),
        ],
        params: &[HEURISTIC],
    },
    AlgorithmInfo {
        id: "hill-climbing",
        offers: MOVES_GUESSED,
        name: "Hill climbing",
        summary: "From the N-Queens AI report: steepest descent on the heuristic, restarting from a random placement at a local minimum.",
        complete: false,
        max_size: SCORED_PLACEMENTS,
        figures: &[
            figure("neighbours scored", Counter::Nodes),
            figure("moves made", Counter::Moves).explained(
                "Moves of one queen: each downhill, to a placement with fewer conflicts; with variant=sideways, also level moves across a plateau.",
            ),
            figure("restarts", Counter::Attempts).explained(
                "At a local minimum, where no move of one queen lowers the conflicts, hill climbing begins again from a new random placement: the conflicts jump up, then fall again.",
            ),
        ],
        params: &[
            HEURISTIC,
            int(
                "max_restarts",
                "100",
                0,
                100_000_000,
                "Random restarts after the first descent (the N-Queens AI report leaves the number open).",
            ),
            choice(
                "variant",
                "steepest",
                crate::solve::queens::hill_climbing::Variant::VARIANTS,
                "Which neighbour to move to. steepest: the best, if better (the N-Queens AI report's). sideways: the best, and when it is only as good, a move to it anyway (a plateau may be a shoulder), up to sideways_limit such moves in a row. first-choice: neighbours in a random order, the first better one. stochastic: one of the better neighbours at random.",
            ),
            int(
                "sideways_limit",
                "100",
                0,
                100_000_000,
                "With variant=sideways: the most sideways moves in a row before the climb counts as stuck (100 in Russell & Norvig's 8-queens example).",
            ),
        ],
    },
    AlgorithmInfo {
        id: "cultural",
        offers: MOVES_EVOLVED,
        name: "Cultural",
        summary: "From the N-Queens AI report: a population with a belief space drawn from its top half; children guided by it half the time; refresh after 10 stagnant generations.",
        complete: false,
        max_size: SCORED_PLACEMENTS,
        figures: &[
            figure("generations", Counter::Generations),
            figure("placements scored", Counter::Nodes),
            figure("refreshes", Counter::Attempts).explained(
                "After `stagnation` generations without a better best, the population is refreshed: the best placement stays, every other one is replaced by a random placement.",
            ),
        ],
        params: &[
            HEURISTIC,
            int(
                "population",
                "200",
                2,
                1_000_000,
                "Individuals per generation (N-Queens AI report's plot: 200).",
            ),
            int(
                "generations",
                "400",
                1,
                100_000_000,
                "Generations before giving up (N-Queens AI report's plot: 400).",
            ),
            int(
                "stagnation",
                "10",
                1,
                1_000_000,
                "Generations without a better best before the population is refreshed (N-Queens AI report: 10).",
            ),
        ],
    },
    AlgorithmInfo {
        id: "min-conflicts",
        offers: MOVES_GUESSED,
        name: "Min-conflicts",
        summary: "Sosic & Gu / Minton local search: a nearly conflict-free random permutation, then swaps that lower the conflicts. A million queens in a fraction of a second.",
        complete: false,
        max_size: None,
        figures: &[
            figure("swaps tried", Counter::Nodes),
            figure("swaps made", Counter::Moves),
            figure("starts", Counter::Attempts),
        ],
        params: &[
            int(
                "tail",
                "32",
                0,
                1_000_000,
                "Columns placed at random at the end of the initial placement (Sosic & Gu's c).",
            ),
            int(
                "tries",
                "64",
                1,
                1_000_000,
                "Random swap partners tried per attacked queen.",
            ),
            int(
                "max_stall",
                "50",
                1,
                1_000_000,
                "Repair rounds without progress before starting again.",
            ),
        ],
    },
    AlgorithmInfo {
        id: "annealing",
        offers: MOVES_GUESSED,
        name: "Simulated annealing",
        summary: "Kirkpatrick, Gelatt & Vecchi's annealing: a random queen to a random row, taken when it lowers the attacking pairs and otherwise with probability e^(-delta/T), the temperature T falling by a schedule.",
        complete: false,
        max_size: Some(SizeLimit {
            max: 2_000_000,
            why: "Annealing keeps the placement with row and diagonal counts (about 40 bytes a queen) and needs many proposals per queen; past two million queens min-conflicts or the construction answer at once.",
        }),
        figures: &[
            figure("moves proposed", Counter::Nodes),
            figure("moves taken", Counter::Moves).explained(
                "Every move that lowers the attacking pairs is taken; one that raises them by delta is taken with probability e^(-delta/T): often while the temperature T is high, seldom once it is low.",
            ),
        ],
        params: &[
            choice(
                "schedule",
                "exponential",
                crate::solve::queens::annealing::Schedule::VARIANTS,
                "How the temperature falls with the step t: exponential T = t0 x cooling^t; linear T = t0 x (1 - t / max_steps); logarithmic T = t0 / ln(t + e), the slow schedule of the convergence proofs.",
            ),
            float(
                "t0",
                "2",
                0.001,
                1000.0,
                "The start temperature: at T = 2 a move that adds one attacking pair is taken six times in ten, one that adds three about one time in five.",
            ),
            float(
                "cooling",
                "0.9995",
                0.5,
                0.9999999,
                "The exponential schedule's factor per step (the other schedules do not use it).",
            ),
            int(
                "max_steps",
                "1000000",
                1,
                1_000_000_000,
                "Proposals at most; then the placement with the fewest attacking pairs seen is the answer.",
            ),
        ],
    },
    AlgorithmInfo {
        id: "beam",
        offers: MOVES_GUESSED,
        name: "Local beam search",
        summary: "Russell & Norvig's local beam search: k random placements; each round keeps the k best of all their one-queen-move successors (or k drawn, the lower the attacking pairs the likelier), until one has none.",
        complete: false,
        max_size: Some(SizeLimit {
            max: 5_000,
            why: "A round scores k x n x (n - 1) successors, 250 million for k = 10 at 5,000 queens; min-conflicts solves millions of queens.",
        }),
        figures: &[
            figure("rounds", Counter::Generations),
            figure("successors scored", Counter::Nodes),
            figure("placements kept", Counter::Queued).explained(
                "Each round the beam is replaced by k of its members' successors: the beam moves every round, uphill too when every successor is worse.",
            ),
        ],
        params: &[
            int(
                "k",
                "10",
                1,
                1_000,
                "Placements in the beam. With k = 1 it is steepest-ascent hill climbing that never stops at a local minimum (it takes the best neighbour even when it is worse).",
            ),
            choice(
                "selection",
                "best",
                crate::solve::queens::beam::Selection::VARIANTS,
                "best: the k successors with the fewest attacking pairs, each placement once. stochastic: k drawn without replacement with weight e^(-h/T), so the beam does not crowd into one valley (stochastic beam search).",
            ),
            float(
                "temperature",
                "1",
                0.01,
                1000.0,
                "With selection=stochastic: T in the weight e^(-h/T). Low T draws almost only the best; high T almost uniformly.",
            ),
            int(
                "max_rounds",
                "1000",
                1,
                100_000_000,
                "Rounds at most; then the placement with the fewest attacking pairs the beam held is the answer.",
            ),
        ],
    },
    AlgorithmInfo {
        id: "csp",
        offers: Offers::GUESS,
        name: "CSP backtracking",
        summary: "N-Queens as a constraint-satisfaction problem (Russell & Norvig, chapter 6): a column is a variable, its rows the domain; backtracking with a variable ordering, a value ordering and inference after each assignment.",
        complete: true,
        max_size: Some(SizeLimit {
            max: 10_000,
            why: "The domains take n x n bits (12.5 MB at 10,000 queens) and every assignment visits each open column; past 10,000 queens min-conflicts or the construction answer at once.",
        }),
        figures: &[
            figure("assignments", Counter::Nodes),
            figure("taken back", Counter::Backtracks).explained(
                "A queen is taken back when its column's rows are used up, or at once when inference leaves another column no row.",
            ),
            figure("most queens placed at once", Counter::MaxDepth),
        ],
        params: &[
            choice(
                "var_order",
                "mrv",
                crate::solve::queens::csp::VarOrder::VARIANTS,
                "Which column to fill next. static: the leftmost empty one. mrv: the one with the fewest rows left (minimum remaining values). mrv-degree: MRV, ties broken by the most constraints on other empty columns; on N-Queens every column constrains every other, so it chooses as MRV does.",
            ),
            choice(
                "value_order",
                "in-order",
                crate::solve::queens::csp::ValueOrder::VARIANTS,
                "In which order to try a column's rows. in-order: from the top. lcv: least constraining value first, the row that takes the fewest rows from the other empty columns.",
            ),
            choice(
                "inference",
                "forward-checking",
                crate::solve::queens::csp::Inference::VARIANTS,
                "What follows each assignment. none: nothing, an empty domain is found when its column comes up. forward-checking: the rows the new queen attacks leave every open column, and an emptied one backs up at once. ac3: forward checking, then arc consistency (AC-3) until nothing changes.",
            ),
            choice(
                "ties",
                "leftmost",
                crate::solve::queens::csp::Ties::VARIANTS,
                "How MRV chooses among columns with equally few rows left. leftmost: the same search for every seed. random: drawn from the seed, so each seed goes down other branches; a search that goes wrong early is not repeated for every seed.",
            ),
        ],
    },
    AlgorithmInfo {
        id: "construct",
        offers: Offers::RUN,
        name: "Construction",
        summary: "The explicit O(n) construction (Hoffman, Loessi & Moore) for every n >= 4.",
        complete: true,
        max_size: None,
        figures: &[],
        params: &[],
    },
];

/// The magic-square algorithms, in the order the app lists them.
pub const MAGIC_ALGORITHMS: &[AlgorithmInfo] = &[
    AlgorithmInfo {
        id: "ga",
        offers: Offers::EVOLVED,
        name: "Genetic algorithm",
        summary: "From the magic-square GA notebook: permutations of 1..n², tournament selection (lower fitness wins), elitism, single-point PMX or inversion-sequence crossover, swap mutation.",
        complete: false,
        max_size: Some(SizeLimit {
            max: 100,
            why: "Each child is a permutation of n² cells, and past order 100 (10,000 cells) one crossover takes longer than a student waits; the GA has not been seen to finish order 6, and the construction builds any order at once.",
        }),
        figures: &[
            figure("generations", Counter::Generations),
            figure("squares scored", Counter::Nodes),
            figure("magic squares found", Counter::Solutions),
            figure("fresh starts", Counter::Attempts).explained(
                "With found=restart the population starts afresh from random permutations after a generation that holds a magic square, and after `generations` generations without one: the fitness jumps up.",
            ),
        ],
        params: &[
            int(
                "population",
                "9",
                2,
                1_000_000,
                "Individuals per generation (GA notebook: 9).",
            ),
            int(
                "elite_size",
                "1",
                0,
                1_000_000,
                "Best individuals copied unchanged into the next generation (GA notebook: 1).",
            ),
            float(
                "mutation_rate",
                "0.4",
                0.0,
                1.0,
                "Probability that a child has two of its cells swapped (GA notebook: 0.4).",
            ),
            choice(
                "crossover",
                "inversion",
                Crossover::VARIANTS,
                "Single-point crossover: inversion sequences (the document's run) or partially mapped (PMX).",
            ),
            int(
                "generations",
                "10000",
                1,
                1_000_000_000,
                "Generations allowed per square sought (GA notebook: 10,000 for its one): the run stops after generations x target, and a search that goes this long without a square starts afresh.",
            ),
            int(
                "target",
                "1",
                1,
                1_000_000,
                "Distinct magic squares to find before stopping (order 3 has 8).",
            ),
            choice(
                "selection",
                "tournament",
                Selection::VARIANTS,
                "tournament: each parent is the fitter (lower fitness) of two at random. literal: the document's code, whose tournament keeps the worse and whose pool is never used, so parents are drawn at random.",
            ),
            choice(
                "mutation",
                "fixed",
                Mutation::VARIANTS,
                "fixed: swap two of all n² cells with probability mutation_rate. literal: the document's round(rand, 2) >= rate (probability about 1 - rate) and positions that never reach the last cell.",
            ),
            choice(
                "found",
                "restart",
                Found::VARIANTS,
                "restart: after a generation holding a magic square, start afresh from random permutations (so --target K finds K distinct squares). keep: the document's loop, which keeps it and gathers round it.",
            ),
        ],
    },
    AlgorithmInfo {
        id: "construct",
        offers: Offers::RUN,
        name: "Construction",
        summary: "Siamese (odd order), doubly even (order divisible by 4) or LUX (order 4m + 2): a magic square of any order n >= 3 at once.",
        complete: true,
        max_size: None,
        figures: &[figure("squares built", Counter::Solutions)],
        params: &[],
    },
];

/// The magic-square algorithm `id` names, or a message listing those there are.
pub fn magic_algorithm(id: &str) -> Result<&'static AlgorithmInfo, JobError> {
    find(MAGIC_ALGORITHMS, "magic", id)
}

/// The N-Queens algorithm `id` names, or a message listing those there are.
pub fn queens_algorithm(id: &str) -> Result<&'static AlgorithmInfo, JobError> {
    find(QUEENS_ALGORITHMS, "queens", id)
}

/// The algorithm `id` of `list`, or a message listing the ones there are.
fn find(
    list: &'static [AlgorithmInfo],
    puzzle: &str,
    id: &str,
) -> Result<&'static AlgorithmInfo, JobError> {
    list.iter().find(|a| a.id == id).ok_or_else(|| {
        let ids: Vec<&str> = list.iter().map(|a| a.id).collect();
        JobError::Input(format!(
            "unknown {puzzle} algorithm {id:?}; available: {}",
            ids.join(", ")
        ))
    })
}

/// The figures a knight's tour run reports: a solver's, or those of `count`, `count-all`,
/// `bfs` and `dfs`.
pub fn knight_figures(id: &str) -> &'static [Figure] {
    match id {
        "count" | "count-all" => COUNT_FIGURES,
        "bfs" | "dfs" => TREE_SEARCH_FIGURES,
        _ => knight_algorithm(id).map_or(&[], |a| a.figures),
    }
}

/// The figures an N-Queens run reports: a solver's, or the count's.
pub fn queens_figures(id: &str) -> &'static [Figure] {
    match id {
        "queens-count" | "count" => QUEENS_COUNT_FIGURES,
        _ => queens_algorithm(id).map_or(&[], |a| a.figures),
    }
}

/// The knight's tour algorithm `id` names, or a message listing those there are.
pub fn knight_algorithm(id: &str) -> Result<&'static AlgorithmInfo, JobError> {
    find(KNIGHT_ALGORITHMS, "knight", id)
}

/// Parameter values by name, every one of them checked against its spec, defaults filled
/// in.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Params(BTreeMap<String, String>);

impl Params {
    /// Checks `given` (`(name, value)` pairs) against `algo`'s parameters.
    pub fn new(algo: &AlgorithmInfo, given: &[(String, String)]) -> Result<Params, JobError> {
        let mut values: BTreeMap<String, String> = BTreeMap::new();
        for p in algo.params {
            // The catalog's own defaults pass the same check as a value given.
            check_value(algo, p, p.default)?;
            values.insert(p.name.to_string(), p.default.to_string());
        }
        for (name, value) in given {
            let Some(spec) = algo.params.iter().find(|p| p.name == name) else {
                let valid: Vec<&str> = algo.params.iter().map(|p| p.name).collect();
                return Err(JobError::Input(if valid.is_empty() {
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
                }));
            };
            check_value(algo, spec, value)?;
            values.insert(name.clone(), value.clone());
        }
        Ok(Params(values))
    }

    /// The value of `name` as text: empty when the algorithm has no such parameter.
    pub fn get(&self, name: &str) -> &str {
        self.0.get(name).map_or("", String::as_str)
    }

    /// The whole-number parameter `name`, if the algorithm has it.
    pub fn try_int(&self, name: &str) -> Option<u64> {
        self.0.get(name).and_then(|v| v.parse().ok())
    }

    /// The whole-number parameter `name`; an error (never a made-up value) when the
    /// algorithm has no such parameter or its value is no whole number.
    pub fn int(&self, name: &str) -> Result<u64, JobError> {
        self.number(name, "a whole number")
    }

    /// The number parameter `name`, refused as [`Params::int`] refuses.
    pub fn float(&self, name: &str) -> Result<f64, JobError> {
        self.number(name, "a number")
    }

    fn number<T: std::str::FromStr>(&self, name: &str, what: &str) -> Result<T, JobError> {
        let Some(text) = self.0.get(name) else {
            return Err(JobError::Input(format!(
                "this algorithm has no parameter {name:?}"
            )));
        };
        text.parse()
            .map_err(|_| JobError::Input(format!("{name}={text:?}: expected {what}")))
    }

    /// The choice `name` as its enum (checked against the same names when the parameters
    /// were read, so this fails only on a catalog that lists a name the enum lacks).
    pub fn choice<T: std::str::FromStr>(&self, name: &str) -> Result<T, JobError> {
        self.get(name).parse().map_err(|_| {
            JobError::Input(format!(
                "{name}={:?} is not one of its choices",
                self.get(name)
            ))
        })
    }

    /// Every `(name, value)` pair, in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// Every value, as `(name, value)` pairs for a report.
    pub fn pairs(&self) -> Vec<(String, String)> {
        self.0.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
    }
}

fn check_value(algo: &AlgorithmInfo, spec: &ParamSpec, value: &str) -> Result<(), JobError> {
    match spec.kind {
        ParamKind::Int { min, max } => match value.parse::<u64>() {
            Ok(v) if (min..=max).contains(&v) => Ok(()),
            _ => Err(JobError::Input(format!(
                "{}={value:?} for {}: expected a whole number from {min} to {max}",
                spec.name, algo.id
            ))),
        },
        ParamKind::Float { min, max } => match value.parse::<f64>() {
            Ok(v) if (min..=max).contains(&v) => Ok(()),
            _ => Err(JobError::Input(format!(
                "{}={value:?} for {}: expected a number from {min} to {max}",
                spec.name, algo.id
            ))),
        },
        ParamKind::Choice { options, open } => {
            if options.contains(&value) {
                return Ok(());
            }
            if open && spec.name == "tie_break" {
                return crate::solve::knight::tie_break::TieBreak::parse(value)
                    .map(|_| ())
                    .map_err(|e| JobError::Input(format!("{e} (for {})", algo.id)));
            }
            Err(JobError::Input(format!(
                "{}={value:?} for {}: expected one of {}",
                spec.name,
                algo.id,
                options.join(", ")
            )))
        }
    }
}

/// Splits `KEY=VALUE`.
pub fn split_param(text: &str) -> Result<(String, String), JobError> {
    match text.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() => Ok((k.trim().to_string(), v.trim().to_string())),
        _ => Err(JobError::Input(format!(
            "cannot read parameter {text:?}: write KEY=VALUE, e.g. tie_break=roth"
        ))),
    }
}

/// The values of `algo`'s parameters that `values` sets (by `algorithm.name`, as the
/// app's forms keep them), as `(name, value)` pairs.
pub fn params_for(
    algo: &AlgorithmInfo,
    values: &std::collections::BTreeMap<String, String>,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every algorithm's defaults pass its own checks, and a number is read as what it is
    /// or refused with a reason, never made up.
    #[test]
    fn every_default_is_valid_and_numbers_are_never_made_up() {
        for algo in KNIGHT_ALGORITHMS
            .iter()
            .chain(QUEENS_ALGORITHMS)
            .chain(MAGIC_ALGORITHMS)
        {
            let params = Params::new(algo, &[]).unwrap_or_else(|e| panic!("{}: {e}", algo.id));
            for spec in algo.params {
                match spec.kind {
                    ParamKind::Int { .. } => assert!(params.int(spec.name).is_ok()),
                    ParamKind::Float { .. } => assert!(params.float(spec.name).is_ok()),
                    ParamKind::Choice { .. } => {}
                }
            }
            let missing = params.int("no_such_parameter").unwrap_err().to_string();
            assert!(
                missing.contains("no parameter \"no_such_parameter\""),
                "{missing}"
            );
        }
    }

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
    fn every_choice_default_reads_as_its_enum() {
        // The option lists come from the enums; each default must be one of them, and a
        // typed choice reads back as the value it names.
        for algo in KNIGHT_ALGORITHMS
            .iter()
            .chain(QUEENS_ALGORITHMS)
            .chain(MAGIC_ALGORITHMS)
        {
            for p in algo.params {
                if let ParamKind::Choice { options, open } = p.kind {
                    assert!(
                        open || options.contains(&p.default),
                        "{}.{}: {}",
                        algo.id,
                        p.name,
                        p.default
                    );
                }
            }
        }
        let ga = magic_algorithm("ga").unwrap();
        let p = Params::new(ga, &[("crossover".into(), "pmx".into())]).unwrap();
        assert_eq!(p.choice::<Crossover>("crossover"), Ok(Crossover::Pmx));
        assert_eq!(p.choice::<Found>("found"), Ok(Found::Restart));
        assert!(Params::new(ga, &[("crossover".into(), "ox".into())]).is_err());
    }

    #[test]
    fn every_figure_reads_the_counter_it_names() {
        let c = Counters {
            nodes: 1,
            backtracks: 2,
            max_depth: 3,
            solutions: 4,
            attempts: 5,
            generations: 6,
            moves: 7,
            queued: 8,
            depth: 0,
        };
        let min_conflicts = queens_algorithm("min-conflicts").unwrap();
        assert_eq!(
            told(min_conflicts.figures, &c),
            "swaps tried 1, swaps made 7, starts 5"
        );
        assert_eq!(
            told(knight_figures("level3"), &c),
            "generations 6, chromosomes evaluated 1, longest path so far 3 squares"
        );
        assert_eq!(
            told(knight_figures("count"), &c),
            "recursive calls 1, tours counted 4"
        );
    }

    #[test]
    fn unknown_names_list_the_valid_ones() {
        let algo = knight_algorithm("warnsdorff").unwrap();
        let e = Params::new(algo, &[("tiebreak".into(), "x".into())])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("tie_break, attempts") || e.contains("attempts"),
            "{e}"
        );
        assert!(Params::new(algo, &[("attempts".into(), "0".into())]).is_err());
        assert!(
            knight_algorithm("dijkstra")
                .unwrap_err()
                .to_string()
                .contains("warnsdorff")
        );
    }
}
