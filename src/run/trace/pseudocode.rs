//! Each traceable search as pseudocode and as plain English, line for line, and the line
//! each step executes. Where a source document can be read two ways, the line says which
//! reading the run's parameters chose.

use super::knight::{KnightTrace, Picker, Traced, tie_phrase};
use super::queens::QueensTrace;
use crate::run::algo::QueensAlgo;
use crate::solve::Stop;
use crate::solve::knight::backtrack::RandomVariant;
use crate::solve::knight::trace::KnightStep;
use crate::solve::knight::tree_search::Strategy;
use crate::solve::queens::hill_climbing::Variant;
use crate::solve::queens::trace::QueenStep;

/// One line of an algorithm, in two wordings.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Line {
    /// How far it is indented (blocks).
    pub indent: u8,
    /// The pseudocode.
    pub code: String,
    /// The same in a plain sentence.
    pub english: String,
    /// The subgoal that begins at this line: it and the lines after it, up to the next
    /// line that begins one, do what it names.
    #[serde(default)]
    pub goal: Option<Goal>,
}

/// What a group of lines is for: the subgoals the searches are made of, named the same
/// in every algorithm, so that a learner sees one search's "choose" beside another's
/// (labelled subgoals help people learn procedures: Margulieux, Morrison & Guzdial).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Goal {
    /// Set up where the search starts.
    Begin,
    /// Choose what to try next.
    Choose,
    /// Check: a solution, a dead end, a limit.
    Check,
    /// Make the move chosen.
    Move,
    /// Make the children of a node or a state.
    Expand,
    /// Cross out what the move rules out (inference).
    Infer,
    /// Take a move back.
    Undo,
    /// Lower the temperature.
    Cool,
    /// Accept the move proposed, or turn it down.
    Accept,
    /// Give up on this attempt and start afresh.
    Restart,
    /// Say what came of it.
    Finish,
}

impl Goal {
    /// Its name, as the steps panel shows it above its lines.
    pub fn label(self) -> &'static str {
        match self {
            Goal::Begin => "begin",
            Goal::Choose => "choose",
            Goal::Check => "check",
            Goal::Move => "move",
            Goal::Expand => "expand",
            Goal::Infer => "infer",
            Goal::Undo => "undo",
            Goal::Cool => "cool",
            Goal::Accept => "accept or reject",
            Goal::Restart => "restart",
            Goal::Finish => "finish",
        }
    }

    /// What its lines do, in a sentence.
    pub fn meaning(self) -> &'static str {
        match self {
            Goal::Begin => "Set up where the search starts.",
            Goal::Choose => "Choose what to try next.",
            Goal::Check => "Check: is it solved, a dead end, or out of time or tries?",
            Goal::Move => "Make the move chosen.",
            Goal::Expand => "Make every next state of the one chosen.",
            Goal::Infer => "Cross out what the move rules out elsewhere.",
            Goal::Undo => "Take a move back and try another.",
            Goal::Cool => "Lower the temperature a little.",
            Goal::Accept => "Keep the move proposed, or turn it down.",
            Goal::Restart => "Give up on this attempt and start afresh.",
            Goal::Finish => "Say what came of the search.",
        }
    }
}

fn line(indent: u8, code: impl Into<String>, english: impl Into<String>) -> Line {
    Line {
        indent,
        code: code.into(),
        english: english.into(),
        goal: None,
    }
}

impl Line {
    /// The line, beginning the subgoal `goal`.
    fn starts(mut self, goal: Goal) -> Line {
        self.goal = Some(goal);
        self
    }
}

impl Pseudocode {
    /// The subgoal line `index` belongs to: the last begun at or before it.
    pub fn goal_of(&self, index: usize) -> Option<Goal> {
        self.lines.get(..=index)?.iter().rev().find_map(|l| l.goal)
    }
}

/// A search's lines, and its name.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Pseudocode {
    /// What the lines describe.
    pub title: String,
    /// The lines, in order.
    pub lines: Vec<Line>,
}

/// The pseudocode of `trace`'s search.
pub fn knight(trace: &KnightTrace) -> Pseudocode {
    let closed = trace.job.closed;
    let covers = if closed {
        "path covers the board and ends a knight's move from the start"
    } else {
        "path covers the board"
    };
    match trace.picker {
        Picker::Random | Picker::Greedy => knight_walk(trace, covers),
        Picker::Ordered | Picker::Warnsdorff(_) | Picker::Shuffled(_) => {
            knight_backtracking(trace, covers, closed)
        }
        Picker::Every => knight_count(covers),
        Picker::Tree => knight_tree(trace),
    }
}

/// The pseudocode of a walk: random, or by Warnsdorff's rule.
fn knight_walk(trace: &KnightTrace, covers: &str) -> Pseudocode {
    let (title, lines) = {
        let (each, pick, pick_en) = if trace.picker == Picker::Random {
            (
                "for each walk, up to `walks`:".to_string(),
                "go to one of them, drawn at random".to_string(),
                "Jump to one of them, chosen at random.".to_string(),
            )
        } else {
            let rules = match trace.params.iter().find(|p| p.0 == "tie_break") {
                Some((_, t)) if t == "auto" => {
                    "squirrel (from the corner of a square board), 21345678, pohl, roth, first, then random ones"
                        .to_string()
                }
                Some((_, t)) => t.clone(),
                None => String::new(),
            };
            (
                format!("for each tie-break rule in turn ({rules}):"),
                "go to the one with the fewest onward squares; ties: the walk's rule"
                    .to_string(),
                "Jump to the square with the fewest free squares beyond it (Warnsdorff's rule); on a tie, let the rule decide.".to_string(),
            )
        };
        (
            if trace.picker == Picker::Random {
                "Random walk"
            } else {
                "Warnsdorff's rule"
            },
            vec![
                line(0, each, "Make a fresh walk (with the next rule).").starts(Goal::Begin),
                line(
                    1,
                    "put the knight on the start square",
                    "Put the knight on the start square.",
                ),
                line(
                    1,
                    "while some unvisited square is a knight's move away:",
                    "As long as the knight can still move somewhere new:",
                )
                .starts(Goal::Choose),
                line(2, pick, pick_en),
                line(
                    1,
                    format!("if the {covers}: a tour, stop"),
                    "If every square is visited, that is a tour: stop.",
                )
                .starts(Goal::Check),
                line(
                    0,
                    "answer the longest walk",
                    "Otherwise report the longest walk made.",
                )
                .starts(Goal::Finish),
            ],
        )
    };
    Pseudocode {
        title: title.to_string(),
        lines,
    }
}

/// The pseudocode of backtracking, in the order the run chose.
fn knight_backtracking(trace: &KnightTrace, covers: &str, closed: bool) -> Pseudocode {
    let (title, lines) = {
        let order = match trace.picker {
            Picker::Ordered => "in the fixed move order".to_string(),
            Picker::Warnsdorff(tie) => format!(
                "fewest onward squares first, ties by {}",
                tie_phrase(tie)
            ),
            Picker::Shuffled(RandomVariant::Document) => {
                "only those with the fewest onward squares, drawn at random with replacement (the report as printed: some may repeat, others never be tried)".to_string()
            }
            _ => "fewest onward squares first, ties in random order".to_string(),
        };
        let title = match trace.picker {
            Picker::Ordered => "Backtracking",
            Picker::Warnsdorff(_) => "Backtracking in Warnsdorff's order",
            _ => "Backtracking in random order",
        };
        let mut lines = vec![
            line(0, "search(square):", "To search from a square:"),
            line(
                1,
                "add square to the path",
                "Step onto it: it joins the path.",
            )
            .starts(Goal::Move),
            line(
                1,
                format!("if the {covers}: a tour, stop"),
                "If the path covers the board, we have a tour.",
            )
            .starts(Goal::Check),
        ];
        if closed {
            lines.push(line(
                1,
                "if no square next to the start is free: give up here",
                "If the knight can no longer get back to the start, give up on this path.",
            ));
        }
        lines.extend([
            line(
                1,
                format!("for each free square s a knight's move away, {order}: search(s)"),
                format!(
                    "Try each free square a knight's move away ({order}), searching on from it."
                ),
            )
            .starts(Goal::Choose),
            line(
                1,
                "take square back off the path",
                "None of them led to a tour: step back off this square.",
            )
            .starts(Goal::Undo),
        ]);
        (title, lines)
    };
    Pseudocode {
        title: title.to_string(),
        lines,
    }
}

/// The pseudocode of the count of every tour.
fn knight_count(covers: &str) -> Pseudocode {
    let (title, lines) = (
        "Counting every tour",
        vec![
            line(0, "count(square):", "To count the tours from a square:"),
            line(
                1,
                "add square to the path",
                "Step onto it: it joins the path.",
            )
            .starts(Goal::Move),
            line(
                1,
                format!("if the {covers}: count a tour"),
                "If the path covers the board, count one more tour.",
            )
            .starts(Goal::Check),
            line(
                1,
                "else if a pruning rule sees no way to finish: give up here",
                "If some square can no longer be reached, or two squares could only be the last, give up on this path.",
            ),
            line(
                1,
                "else for each free square s a knight's move away: count(s)",
                "Otherwise try every free square a knight's move away, counting on from each.",
            )
            .starts(Goal::Choose),
            line(
                1,
                "take square back off the path",
                "Step back off this square.",
            )
            .starts(Goal::Undo),
        ],
    );
    Pseudocode {
        title: title.to_string(),
        lines,
    }
}

/// The pseudocode of a breadth- or depth-first tree search.
fn knight_tree(trace: &KnightTrace) -> Pseudocode {
    let (title, lines) = {
        let bfs = trace.traced == Traced::Tree(Strategy::BreadthFirst);
        let roots = if trace.start == u32::MAX {
            "every square"
        } else {
            "the start square"
        };
        (
            if bfs {
                "Breadth-first search"
            } else {
                "Depth-first search"
            },
            vec![
                line(
                    0,
                    format!("frontier ← the empty board's children: the knight on {roots}"),
                    format!(
                        "Start with one node per first square ({roots}), all waiting on the frontier."
                    ),
                ).starts(Goal::Begin),
                line(
                    0,
                    "while the frontier is not empty:",
                    "While nodes wait on the frontier:",
                ).starts(Goal::Choose),
                line(
                    1,
                    if bfs {
                        "take the oldest node off the frontier (a queue)"
                    } else {
                        "take the newest node off the frontier (a stack)"
                    },
                    if bfs {
                        "Take the node that has waited longest."
                    } else {
                        "Take the node added last."
                    },
                ),
                line(
                    1,
                    "for each free square a knight's move from its last square:",
                    "For every free square the knight could jump to from there:",
                ).starts(Goal::Expand),
                line(
                    2,
                    "generate the child, put it on the frontier; a tour if it covers the board",
                    "Make a new node, one move longer, and put it on the frontier; if it covers the board, stop: a tour.",
                ),
            ],
        )
    };
    Pseudocode {
        title: title.to_string(),
        lines,
    }
}

/// The line of [`knight`] that step `index` executes.
pub fn knight_line(trace: &KnightTrace, index: usize) -> usize {
    let step = &trace.steps[index];
    let last_of_tour = trace.stop == Stop::Found && index + 1 == trace.steps.len();
    match (trace.picker, step) {
        (Picker::Random | Picker::Greedy, KnightStep::Restart { .. }) => 0,
        (Picker::Random | Picker::Greedy, KnightStep::Visit { options, .. }) => {
            if last_of_tour {
                4
            } else if options.is_empty() {
                1
            } else {
                3
            }
        }
        (Picker::Tree, KnightStep::Generate { parent, .. }) => {
            if *parent == u32::MAX {
                0
            } else {
                4
            }
        }
        (Picker::Tree, _) => 2,
        // Backtracking has its "give up" line only when it looks for a closed tour; the
        // count always has its pruning line.
        (picker, step) => {
            let give_up = usize::from(picker == Picker::Every || trace.job.closed);
            match step {
                KnightStep::Visit { .. } if last_of_tour => 2,
                KnightStep::Visit { options, .. } if options.is_empty() => 1,
                KnightStep::Visit { .. } => 3 + give_up,
                KnightStep::Tour => 2,
                KnightStep::Prune { .. } => 3,
                KnightStep::Backtrack { .. } => 4 + give_up,
                _ => 0,
            }
        }
    }
}

/// The pseudocode of `trace`'s search.
pub fn queens(trace: &QueensTrace) -> Pseudocode {
    let variant = super::queens::climb_variant(trace);
    let param = |name: &str| {
        trace
            .params
            .iter()
            .find(|p| p.0 == name)
            .map_or(String::new(), |p| p.1.clone())
    };
    use QueensAlgo as Q;
    let (title, lines) = match trace.kind {
        Q::Backtracking => queens_backtracking(),
        Q::BestFirst => queens_best_first(&param),
        Q::HillClimbing => queens_hill_climbing(&param, variant),
        Q::Annealing => queens_annealing(&param),
        Q::Beam => queens_beam(&param),
        Q::Csp => queens_csp(&param),
        _ => queens_min_conflicts(&param),
    };
    Pseudocode {
        title: title.to_string(),
        lines,
    }
}

/// The pseudocode of backtracking, column by column.
fn queens_backtracking() -> (&'static str, Vec<Line>) {
    (
        "Backtracking",
        vec![
            line(0, "column ← the first", "Start with the leftmost column.").starts(Goal::Begin),
            line(
                0,
                "while a column is empty:",
                "While some column has no queen:",
            ).starts(Goal::Choose),
            line(
                1,
                "try its next row, from the top",
                "Try the next square down in it.",
            ),
            line(
                1,
                "if a queen attacks it: on to the next row",
                "If a queen already on the board attacks it, try the square below.",
            ).starts(Goal::Check),
            line(
                1,
                "else place the queen; on to the next column",
                "Otherwise put a queen there and move to the next column.",
            ).starts(Goal::Move),
            line(
                1,
                "if no row is left: take back the last queen; go on below it",
                "If the column has no safe square left, take back the previous queen and try further down its column.",
            ).starts(Goal::Undo),
        ],
    )
}

/// The pseudocode of greedy best-first search over placements.
fn queens_best_first(param: &dyn Fn(&str) -> String) -> (&'static str, Vec<Line>) {
    (
        "Greedy best-first search",
        vec![
            line(
                0,
                format!("queue ← the random start, scored by {}", param("heuristic")),
                "Put the random starting placement in a queue, with its score h (attacking pairs).",
            )
            .starts(Goal::Begin),
            line(
                0,
                "while the queue is not empty:",
                "While the queue holds placements:",
            )
            .starts(Goal::Choose),
            line(
                1,
                "take the placement with the lowest h",
                "Take out the one with the lowest score.",
            ),
            line(
                1,
                "if h = 0: a solution",
                "If no queen attacks another, stop: solved.",
            )
            .starts(Goal::Check),
            line(
                1,
                "if expanded before: drop it",
                "If it was expanded before, drop it.",
            ),
            line(
                1,
                "for each move of one queen within its column: queue it with its h",
                "Queue every placement one queen-move away, each with its score.",
            )
            .starts(Goal::Expand),
        ],
    )
}

/// The pseudocode of hill climbing with restarts, in the variant the run chose.
fn queens_hill_climbing(
    param: &dyn Fn(&str) -> String,
    variant: Variant,
) -> (&'static str, Vec<Line>) {
    (
        "Hill climbing with restarts",
        vec![
            line(
                0,
                "start from a random placement",
                "Start from a random placement.",
            ).starts(Goal::Begin),
            line(0, "loop:", "Repeat:").starts(Goal::Check),
            line(
                1,
                "if h = 0: a solution",
                "If no queen attacks another, stop: solved.",
            ),
            match variant {
                Variant::FirstChoice => line(
                    1,
                    format!(
                        "score the moves of one queen within its column in a random order ({}) until one is lower than h",
                        param("heuristic")
                    ),
                    "Try placements one queen-move away in a random order until one is better.",
                ).starts(Goal::Choose),
                _ => line(
                    1,
                    format!(
                        "score every move of one queen within its column ({})",
                        param("heuristic")
                    ),
                    "Score every placement one queen-move away.",
                ).starts(Goal::Choose),
            },
            match variant {
                Variant::Steepest => line(
                    1,
                    "if the best is lower than h: make it",
                    "If the best of them is better, move there.",
                ).starts(Goal::Move),
                Variant::Sideways => line(
                    1,
                    format!(
                        "if the best is lower than h, or as low and fewer than {} sideways moves in a row: make it (among equals, one at random)",
                        param("sideways_limit")
                    ),
                    "If the best is better, move there; if it is only as good, move there anyway, a limited number of times in a row.",
                ).starts(Goal::Move),
                Variant::FirstChoice => line(
                    1,
                    "if one was lower: make it",
                    "If one was better, move there.",
                ).starts(Goal::Move),
                Variant::Stochastic => line(
                    1,
                    "if some are lower than h: make one of them, drawn at random",
                    "If some are better, move to one of them chosen at random.",
                ).starts(Goal::Move),
            },
            line(
                1,
                format!(
                    "else stuck (a local minimum or a plateau): restart from a new random placement, at most {} times",
                    param("max_restarts")
                ),
                "If none is better, the climb is stuck: start again from a new random placement.",
            ).starts(Goal::Restart),
        ],
    )
}

/// The pseudocode of simulated annealing.
fn queens_annealing(param: &dyn Fn(&str) -> String) -> (&'static str, Vec<Line>) {
    (
        "Simulated annealing",
        vec![
            line(
                0,
                "current ← a random placement; t ← 0",
                "Start from a random placement.",
            ).starts(Goal::Begin),
            line(
                0,
                format!("while h(current) > 0 and t < {}:", param("max_steps")),
                "While some queen is attacked, and proposals are left:",
            ).starts(Goal::Check),
            line(
                1,
                format!(
                    "T ← the {} schedule at t (t0 = {}, cooling {}); t ← t + 1",
                    param("schedule"),
                    param("t0"),
                    param("cooling")
                ),
                "The temperature falls a little with every proposal.",
            ).starts(Goal::Cool),
            line(
                1,
                "next ← current with a random queen on a random other row; Δ ← h(next) − h(current)",
                "Pick a queen at random and a new row for it at random, and see how the attacking pairs change.",
            ).starts(Goal::Choose),
            line(
                1,
                "if Δ < 0, or a random number < e^(−Δ/T): current ← next",
                "A better placement is always taken; a worse one only sometimes: often while it is hot, seldom once it is cold.",
            ).starts(Goal::Accept),
        ],
    )
}

/// The pseudocode of local beam search.
fn queens_beam(param: &dyn Fn(&str) -> String) -> (&'static str, Vec<Line>) {
    (
        "Local beam search",
        vec![
            line(
                0,
                format!("beam ← {} random placements", param("k")),
                "Start from k random placements at once.",
            ).starts(Goal::Begin),
            line(
                0,
                format!("repeat at most {} times:", param("max_rounds")),
                "Repeat:",
            ).starts(Goal::Expand),
            line(
                1,
                "score every one-queen move of every member of the beam",
                "Score every placement one queen-move away from any member.",
            ),
            line(
                1,
                "if one has h = 0: a solution",
                "If one has no attacking pair, stop: solved.",
            ).starts(Goal::Check),
            line(
                1,
                format!(
                    "beam ← k of them, {}, each placement once",
                    if param("selection") == "stochastic" {
                        "drawn with weight e^(−h/T)"
                    } else {
                        "those with the lowest h"
                    }
                ),
                "Keep k of them as the new beam: the best ones (or, stochastic, drawn with the better ones likelier), wherever they came from.",
            ).starts(Goal::Choose),
        ],
    )
}

/// The pseudocode of backtracking search over a constraint-satisfaction problem.
fn queens_csp(param: &dyn Fn(&str) -> String) -> (&'static str, Vec<Line>) {
    (
        "Backtracking search for a constraint-satisfaction problem",
        vec![
            line(
                0,
                "if every column has a queen: a solution",
                "If every column has a queen, stop: solved.",
            ).starts(Goal::Check),
            line(
                0,
                format!("column ← an open column, by {}", param("var_order")),
                "Choose the next column to fill (with MRV, the one with the fewest rows left).",
            ).starts(Goal::Choose),
            line(
                0,
                format!("for each row in its domain, by {}:", param("value_order")),
                "Try the rows still open in it, in order (or least constraining first).",
            ),
            line(1, "place its queen there", "Put the queen there.").starts(Goal::Move),
            line(
                1,
                format!(
                    "inference ({}): if some open column has no row left, take the queen back",
                    param("inference")
                ),
                "Cross out the rows this queen attacks in the other columns (and, with AC-3, rows no longer compatible); if a column is left with none, this queen cannot stay.",
            ).starts(Goal::Infer),
            line(
                1,
                "search on; if that fails, take the queen back and try the next row",
                "Go on to the next column; if that fails, take the queen back and try its next row.",
            ).starts(Goal::Undo),
            line(
                0,
                "no row left: fail (the column before takes its queen back)",
                "If no row works, report failure to the column filled before.",
            ),
        ],
    )
}

/// The pseudocode of min-conflicts local search.
fn queens_min_conflicts(param: &dyn Fn(&str) -> String) -> (&'static str, Vec<Line>) {
    (
        "Min-conflicts",
        vec![
            line(
                0,
                format!(
                    "place: queen c on row c; each column draws rows from the rest until both diagonals are free (the last {} columns at random)",
                    param("tail")
                ),
                "Place one queen per row and column, choosing rows so that diagonals stay free where possible.",
            ).starts(Goal::Begin),
            line(
                0,
                "while some queen is attacked:",
                "While some queen is attacked:",
            ).starts(Goal::Check),
            line(1, "pick an attacked queen", "Pick an attacked queen.").starts(Goal::Choose),
            line(
                1,
                format!(
                    "swap its row with a random column's if that lowers the collisions (up to {} tries)",
                    param("tries")
                ),
                "Swap its row with a random queen's, keeping the swap only if fewer queens clash.",
            ).starts(Goal::Move),
            line(
                1,
                format!(
                    "after {} rounds without progress: place afresh",
                    param("max_stall")
                ),
                "If nothing improves for a while, start again with a new placement.",
            ).starts(Goal::Restart),
        ],
    )
}

/// The line of [`queens`] that step `index` executes (the first line, past the last step).
pub fn queens_line(trace: &QueensTrace, index: usize) -> usize {
    let Some(step) = trace.recorder.get(index) else {
        return 0;
    };
    match step {
        QueenStep::Conflict { .. } => 3,
        QueenStep::Place { .. } => 4,
        QueenStep::Remove { .. } => 5,
        QueenStep::Pop { .. } => 2,
        QueenStep::Goal => 3,
        QueenStep::Skip { .. } => 4,
        QueenStep::Push { .. } => 5,
        QueenStep::Begin { restart: false, .. } => 0,
        QueenStep::Begin { restart: true, .. } | QueenStep::Stuck { .. } => 5,
        QueenStep::Score { .. } => 3,
        QueenStep::Move { .. } => 4,
        // A fresh placement after the first: the restart line.
        QueenStep::Restart if index > 0 => 4,
        QueenStep::Restart | QueenStep::Draw { .. } => 0,
        QueenStep::Pick { .. } => 2,
        QueenStep::Swap { .. } => 3,
        QueenStep::Propose { .. } => 4,
        QueenStep::Member { .. } => 0,
        QueenStep::Select { .. } => 4,
        QueenStep::Advance { .. } => 1,
        QueenStep::Assign { .. } => 3,
        QueenStep::Prune { .. } | QueenStep::Wipeout { .. } => 4,
        QueenStep::Unassign { .. } => 5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::trace::{KnightTraceJob, QueensTraceJob};
    use crate::solve::Budget;
    use std::sync::atomic::AtomicBool;

    /// The subgoal a step of each kind does, from what the kind means: a step that takes
    /// a square or a queen back undoes, one that tests an answer or a dead end checks…
    /// (`None`: a kind whose subgoal depends on where it falls, such as a walk's first
    /// square).
    fn knight_goal(step: &KnightStep) -> Option<Goal> {
        match step {
            KnightStep::Restart { .. } => Some(Goal::Begin),
            KnightStep::Backtrack { .. } => Some(Goal::Undo),
            KnightStep::Prune { .. } | KnightStep::Tour => Some(Goal::Check),
            KnightStep::Generate { parent, .. } if *parent != u32::MAX => Some(Goal::Expand),
            KnightStep::Expand { .. } => Some(Goal::Choose),
            _ => None,
        }
    }

    fn queens_goal(step: &QueenStep) -> Option<Goal> {
        use QueenStep as Q;
        match step {
            Q::Place { .. } | Q::Move { .. } | Q::Swap { .. } | Q::Assign { .. } => {
                Some(Goal::Move)
            }
            Q::Remove { .. } | Q::Unassign { .. } => Some(Goal::Undo),
            Q::Conflict { .. } | Q::Goal | Q::Skip { .. } => Some(Goal::Check),
            Q::Prune { .. } | Q::Wipeout { .. } => Some(Goal::Infer),
            Q::Propose { .. } => Some(Goal::Accept),
            Q::Pick { .. } | Q::Pop { .. } | Q::Score { .. } | Q::Select { .. } => {
                Some(Goal::Choose)
            }
            Q::Push { .. } => Some(Goal::Expand),
            Q::Stuck { .. } => Some(Goal::Restart),
            _ => None,
        }
    }

    /// Every traceable search: its lines all fall under a subgoal (after a header line at
    /// most), it has three subgoals or more, every step's lit line is under one, and each
    /// step of a kind whose subgoal is known lights a line under that subgoal.
    #[test]
    fn every_search_s_lines_fall_under_the_subgoal_its_steps_do() {
        let no = AtomicBool::new(false);
        let check =
            |code: &Pseudocode, lit: &dyn Fn(usize) -> (usize, Option<Goal>), steps: usize| {
                let first = code.lines.iter().position(|l| l.goal.is_some());
                assert!(first.is_some_and(|f| f <= 1), "{}", code.title);
                let goals: std::collections::BTreeSet<_> = code
                    .lines
                    .iter()
                    .filter_map(|l| l.goal.map(Goal::label))
                    .collect();
                assert!(goals.len() >= 3, "{}: {goals:?}", code.title);
                for i in 0..steps {
                    let (line, want) = lit(i);
                    let got = code.goal_of(line);
                    assert!(got.is_some(), "{} step {i}", code.title);
                    if let Some(want) = want {
                        assert_eq!(got, Some(want), "{} step {i}", code.title);
                    }
                }
            };
        for (algorithm, closed) in [
            ("random-walk", false),
            ("warnsdorff", false),
            ("backtrack", false),
            ("backtrack", true),
            ("backtrack-warnsdorff", false),
            ("count", false),
            ("bfs", false),
            ("dfs", false),
        ] {
            let job = KnightTraceJob {
                cols: 5,
                rows: 5,
                start: Some((0, 0)),
                closed,
                algorithm: algorithm.parse().unwrap(),
                params: Vec::new(),
                seed: 3,
                budget: Budget::unlimited(),
                limit: 3000,
            };
            let t = job.run(&no).unwrap();
            let code = knight(&t);
            check(
                &code,
                &|i| (knight_line(&t, i), knight_goal(&t.steps[i])),
                t.steps.len(),
            );
        }
        for algorithm in crate::run::trace::queens::traceable() {
            let job = QueensTraceJob {
                n: 8,
                algorithm: algorithm.parse().unwrap(),
                params: Vec::new(),
                seed: 3,
                budget: Budget::unlimited(),
                limit: 3000,
            };
            let t = job.run(&no).unwrap();
            let code = queens(&t);
            let steps: Vec<QueenStep> = t.recorder.iter().collect();
            let goal = |i: usize| match steps[i] {
                QueenStep::Restart if i > 0 => Some(Goal::Restart),
                ref step => queens_goal(step),
            };
            check(&code, &|i| (queens_line(&t, i), goal(i)), steps.len());
        }
    }
}
