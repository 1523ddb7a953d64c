//! Traces: the steps a solver emits are its search. For random boards, starts, seeds and
//! step limits: the traced run answers exactly as the untraced one, replaying the steps
//! from the start ends in that answer, the steps of each kind number what the counters
//! say, and every step obeys the puzzle's rules, checked here from the rules themselves.
//! Then the two `trace` commands through the real binary.

use proptest::prelude::*;
use searchlab::puzzle::knight::{Board, MOVES, Square};
use searchlab::puzzle::queens::Heuristic;
use searchlab::solve::knight::backtrack::{self, Order, RandomVariant};
use searchlab::solve::knight::tie_break::TieBreak;
use searchlab::solve::knight::trace::{Family, KnightStep, replay};
use searchlab::solve::knight::tree_search::{self, Strategy as Search};
use searchlab::solve::knight::{Problem, count, random_walk, warnsdorff};
use searchlab::solve::queens::heuristic::random_start;
use searchlab::solve::queens::hill_climbing::Variant;
use searchlab::solve::queens::trace::{self as qtrace, QueenStep};
use searchlab::solve::queens::{
    annealing, backtracking, beam, best_first, csp, hill_climbing, min_conflicts,
};
use searchlab::solve::trace::{Off, Recorder};
use searchlab::solve::{Budget, Control, Counters, Stop, rng_from_seed};
use serde_json::Value;

mod common;
use common::{json, searchlab};

/// Calls the traced solver `$f` with `$arg`s and the recorder `trace` if there is one,
/// else with no trace.
macro_rules! either {
    ($trace:ident, $f:path, $($arg:expr),*) => {
        match $trace {
            Some(t) => $f($($arg),*, t),
            None => $f($($arg),*, &mut Off),
        }
    };
}

/// Node limit of every search here: no clock, so every run is the same run.
const NODES: u64 = 200_000;

#[derive(Debug, Clone, Copy)]
enum KnightAlgo {
    Random,
    Warnsdorff(TieBreak),
    Backtrack(Order),
    Count,
    Tree(Search),
}

/// One run: path, stop, counters.
type Run = (Vec<Square>, Stop, Counters);

/// Runs `algo` traced into `trace` (or untraced when `None`).
fn run_knight(
    algo: KnightAlgo,
    problem: &Problem,
    seed: u64,
    trace: Option<&mut Recorder<KnightStep>>,
) -> Run {
    let mut ctl = Control::quiet(Budget::unlimited().with_nodes(NODES));
    let mut rng = rng_from_seed(seed);
    match algo {
        KnightAlgo::Random => {
            let config = random_walk::Config { walks: 5 };
            let a = either!(
                trace,
                random_walk::solve_traced,
                problem,
                &config,
                &mut rng,
                &mut ctl
            );
            (a.path, a.stop, a.counters)
        }
        KnightAlgo::Warnsdorff(tie) => {
            let config = warnsdorff::Config {
                tie_break: tie,
                attempts: 5,
            };
            let a = either!(
                trace,
                warnsdorff::solve_traced,
                problem,
                &config,
                &mut rng,
                &mut ctl
            );
            (a.path, a.stop, a.counters)
        }
        KnightAlgo::Backtrack(order) => {
            let a = either!(
                trace,
                backtrack::solve_traced,
                problem,
                order,
                &mut rng,
                &mut ctl
            );
            (a.path, a.stop, a.counters)
        }
        KnightAlgo::Count => {
            let (c, path) = either!(trace, count::count_traced, problem, &mut ctl);
            (path, c.stop, c.counters)
        }
        KnightAlgo::Tree(strategy) => {
            let o = either!(
                trace,
                tree_search::search_traced,
                problem,
                strategy,
                &mut ctl
            );
            let counters = Counters {
                nodes: o.nodes_generated,
                ..Counters::default()
            };
            let stop = if o.found { Stop::Found } else { o.stop };
            (o.path, stop, counters)
        }
    }
}

fn family(algo: KnightAlgo) -> Family {
    match algo {
        KnightAlgo::Random | KnightAlgo::Warnsdorff(_) => Family::Walks,
        KnightAlgo::Backtrack(_) => Family::Backtracking,
        KnightAlgo::Count => Family::Counting,
        KnightAlgo::Tree(_) => Family::Tree,
    }
}

fn knight_algos() -> impl Strategy<Value = KnightAlgo> {
    prop_oneof![
        Just(KnightAlgo::Random),
        Just(KnightAlgo::Warnsdorff(TieBreak::Auto)),
        Just(KnightAlgo::Warnsdorff(TieBreak::First)),
        Just(KnightAlgo::Warnsdorff(TieBreak::Random)),
        Just(KnightAlgo::Warnsdorff(TieBreak::Pohl)),
        Just(KnightAlgo::Warnsdorff(TieBreak::Roth)),
        Just(KnightAlgo::Warnsdorff(TieBreak::Squirrel)),
        Just(KnightAlgo::Warnsdorff(TieBreak::Order([
            8, 7, 6, 5, 4, 3, 2, 1
        ]))),
        Just(KnightAlgo::Backtrack(Order::Plain)),
        Just(KnightAlgo::Backtrack(Order::Warnsdorff(TieBreak::Auto))),
        Just(KnightAlgo::Backtrack(Order::Warnsdorff(TieBreak::Pohl))),
        Just(KnightAlgo::Backtrack(Order::Random(
            RandomVariant::Complete
        ))),
        Just(KnightAlgo::Backtrack(Order::Random(
            RandomVariant::Document
        ))),
        Just(KnightAlgo::Count),
        Just(KnightAlgo::Tree(Search::BreadthFirst)),
        Just(KnightAlgo::Tree(Search::DepthFirst)),
    ]
}

/// Unvisited squares a knight's move from `sq`, counted from the rules (no solver table).
fn free_neighbours(board: &Board, on_path: &[bool], sq: Square) -> u32 {
    let (r, c) = board.row_col(sq);
    MOVES
        .iter()
        .filter(|&&(dr, dc)| {
            let (nr, nc) = (i64::from(r) + i64::from(dr), i64::from(c) + i64::from(dc));
            board.contains(nr, nc) && !on_path[board.square(nr as u32, nc as u32) as usize]
        })
        .count() as u32
}

/// Walks the steps, checking each against the rules of the knight's tour.
fn check_knight_steps(board: &Board, problem: &Problem, algo: KnightAlgo, steps: &[KnightStep]) {
    let mut path: Vec<Square> = Vec::new();
    let mut on = vec![false; board.len()];
    let warnsdorff = matches!(
        algo,
        KnightAlgo::Warnsdorff(_) | KnightAlgo::Backtrack(Order::Warnsdorff(_))
    );
    for step in steps {
        match *step {
            KnightStep::Restart { .. } => {
                for &s in &path {
                    on[s as usize] = false;
                }
                path.clear();
            }
            KnightStep::Visit { square, options } => {
                assert!(!on[square as usize], "{square} entered twice");
                if let Some(&from) = path.last() {
                    assert!(board.is_knight_move(from, square), "not a knight's move");
                    let cands: Vec<(Square, u32)> = options.candidates(board, from).collect();
                    assert_eq!(
                        cands[options.chosen()].0,
                        square,
                        "the choice is the square"
                    );
                    for &(t, onward) in &cands {
                        assert!(board.is_knight_move(from, t) && !on[t as usize]);
                        // Its unvisited neighbours, `from` already visited (and for a
                        // closed Warnsdorff search, the start counted as one).
                        let home = problem.closed
                            && warnsdorff
                            && board.is_knight_move(t, problem.start)
                            && t != problem.start;
                        assert_eq!(
                            onward,
                            free_neighbours(board, &on, t) + u32::from(home),
                            "onward degree of {t}"
                        );
                    }
                    if !matches!(
                        algo,
                        KnightAlgo::Count | KnightAlgo::Backtrack(Order::Random(_))
                    ) {
                        // Every free square is a candidate (the count and the report's
                        // random order leave some out on purpose).
                        assert_eq!(cands.len() as u32, free_neighbours(board, &on, from));
                    }
                    if warnsdorff && options.chosen() == 0 {
                        let fewest = cands.iter().map(|c| c.1).min().unwrap();
                        assert_eq!(cands[0].1, fewest, "Warnsdorff takes the fewest");
                    }
                }
                on[square as usize] = true;
                path.push(square);
            }
            KnightStep::Backtrack { square } => {
                assert_eq!(path.pop(), Some(square), "backtracks from the path's end");
                on[square as usize] = false;
            }
            _ => {}
        }
    }
}

fn kinds(steps: &[KnightStep], kind: &str) -> u64 {
    steps.iter().filter(|s| s.kind() == kind).count() as u64
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn a_knight_trace_is_the_search(
        cols in 1u64..=7,
        rows in 1u64..=7,
        start_at in 0.0f64..1.0,
        closed in any::<bool>(),
        seed in 0u64..1000,
        algo in knight_algos(),
        limit in prop_oneof![Just(usize::MAX), 1usize..400],
    ) {
        let board = Board::new(cols, rows).unwrap();
        let start = ((board.len() as f64 * start_at) as Square).min(board.len() as Square - 1);
        let closed = closed && !matches!(algo, KnightAlgo::Tree(_));
        let problem = Problem { board: &board, start, closed };
        let mut recorder = Recorder::new(limit);
        let traced = run_knight(algo, &problem, seed, Some(&mut recorder));
        let steps = &recorder.iter().collect::<Vec<_>>();
        prop_assert!(steps.len() <= limit);
        prop_assert_eq!(replay(steps, family(algo), traced.1), traced.0.clone(), "replay");
        prop_assert!(board.validate_path(&traced.0).is_ok());
        check_knight_steps(&board, &problem, algo, steps);
        if traced.1 == Stop::StepLimit {
            prop_assert_eq!(steps.len(), limit);
        } else {
            // Not cut: the very same search as without a trace.
            let untraced = run_knight(algo, &problem, seed, None);
            prop_assert_eq!(&traced, &untraced);
        }
        let c = traced.2;
        match family(algo) {
            Family::Walks => {
                prop_assert_eq!(kinds(steps, "visit"), c.nodes);
                prop_assert_eq!(kinds(steps, "restart"), c.attempts);
            }
            Family::Backtracking => {
                prop_assert_eq!(kinds(steps, "visit"), c.nodes);
                prop_assert_eq!(kinds(steps, "backtrack"), c.backtracks);
            }
            Family::Counting => {
                prop_assert_eq!(kinds(steps, "visit"), c.nodes);
                prop_assert_eq!(kinds(steps, "backtrack"), c.backtracks);
                prop_assert_eq!(kinds(steps, "tour"), c.solutions);
            }
            Family::Tree => prop_assert_eq!(kinds(steps, "generate"), c.nodes),
        }
    }
}

#[test]
fn the_traced_count_counts_304_tours_from_a_corner_of_5x5() {
    let board = Board::new(5, 5).unwrap();
    let problem = Problem {
        board: &board,
        start: 0,
        closed: false,
    };
    let mut recorder = Recorder::new(usize::MAX);
    let (path, stop, counters) = run_knight(KnightAlgo::Count, &problem, 0, Some(&mut recorder));
    assert_eq!((stop, counters.solutions), (Stop::Exhausted, 304));
    assert_eq!(kinds(&recorder.into_steps(), "tour"), 304);
    assert!(path.is_empty());
}

#[derive(Debug, Clone, Copy)]
enum QueensAlgo {
    Backtracking,
    BestFirst(Heuristic),
    HillClimbing(Heuristic, Variant),
    MinConflicts,
    Annealing(annealing::Schedule),
    Beam(beam::Selection, usize),
    Csp(csp::Config),
}

type QueensRun = (Vec<u32>, Stop, Counters);

fn run_queens(
    algo: QueensAlgo,
    n: usize,
    seed: u64,
    trace: Option<&mut Recorder<QueenStep>>,
) -> QueensRun {
    let mut ctl = Control::quiet(Budget::unlimited().with_nodes(NODES));
    let mut rng = rng_from_seed(seed);
    let o = match algo {
        QueensAlgo::Backtracking => either!(trace, backtracking::solve_traced, n, &mut ctl),
        QueensAlgo::BestFirst(h) => {
            let start = random_start(n, &mut rng);
            either!(
                trace,
                best_first::solve_traced,
                &start,
                h,
                best_first::MAX_VALUES,
                &mut ctl
            )
        }
        QueensAlgo::HillClimbing(h, variant) => {
            let start = random_start(n, &mut rng);
            let climb = hill_climbing::Climb {
                variant,
                sideways_limit: 5,
            };
            either!(
                trace,
                hill_climbing::solve_climb,
                &start,
                h,
                20,
                climb,
                &mut rng,
                &mut ctl
            )
        }
        QueensAlgo::Annealing(schedule) => {
            let config = annealing::Config {
                schedule,
                t0: 1.5,
                cooling: 0.999,
                max_steps: 3000,
            };
            either!(
                trace,
                annealing::solve_traced,
                n,
                &config,
                &mut rng,
                &mut ctl
            )
        }
        QueensAlgo::Beam(selection, k) => {
            let config = beam::Config {
                k,
                selection,
                temperature: 1.0,
                max_rounds: 30,
            };
            either!(trace, beam::solve_traced, n, &config, &mut rng, &mut ctl)
        }
        QueensAlgo::Csp(config) => either!(trace, csp::solve_traced, n, &config, &mut ctl),
        QueensAlgo::MinConflicts => {
            let config = min_conflicts::Config {
                tail: 2,
                tries: 8,
                max_stall: 5,
            };
            let o = either!(
                trace,
                min_conflicts::solve_traced,
                n,
                &config,
                &mut rng,
                &mut ctl
            );
            return (o.rows, o.stop, o.counters);
        }
    };
    (o.rows, o.stop, o.counters)
}

/// Attacking pairs among the placed queens, from the rules.
fn attacking_pairs(rows: &[u32]) -> u64 {
    let mut pairs = 0;
    for a in 0..rows.len() {
        for b in a + 1..rows.len() {
            let (dr, dc) = (rows[a].abs_diff(rows[b]) as usize, b - a);
            pairs += u64::from(dr == 0 || dr == dc);
        }
    }
    pairs
}

fn queens_algos() -> impl Strategy<Value = QueensAlgo> {
    let h = prop_oneof![
        Just(Heuristic::H1),
        Just(Heuristic::H2),
        Just(Heuristic::H3)
    ];
    prop_oneof![
        Just(QueensAlgo::Backtracking),
        h.clone().prop_map(QueensAlgo::BestFirst),
        (
            h,
            prop_oneof![
                Just(Variant::Steepest),
                Just(Variant::Sideways),
                Just(Variant::FirstChoice),
                Just(Variant::Stochastic)
            ]
        )
            .prop_map(|(h, v)| QueensAlgo::HillClimbing(h, v)),
        Just(QueensAlgo::MinConflicts),
        prop_oneof![
            Just(annealing::Schedule::Exponential),
            Just(annealing::Schedule::Linear),
            Just(annealing::Schedule::Logarithmic)
        ]
        .prop_map(QueensAlgo::Annealing),
        (
            prop_oneof![
                Just(beam::Selection::Best),
                Just(beam::Selection::Stochastic)
            ],
            1usize..6
        )
            .prop_map(|(s, k)| QueensAlgo::Beam(s, k)),
        (0usize..3, 0usize..2, 0usize..3, any::<bool>(), 0u64..100).prop_map(
            |(v, o, i, random, seed)| {
                use strum::VariantNames;
                QueensAlgo::Csp(csp::Config {
                    var: csp::VarOrder::VARIANTS[v].parse().unwrap(),
                    value: csp::ValueOrder::VARIANTS[o].parse().unwrap(),
                    inference: csp::Inference::VARIANTS[i].parse().unwrap(),
                    ties: if random {
                        csp::Ties::Random
                    } else {
                        csp::Ties::Leftmost
                    },
                    seed,
                })
            }
        ),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn a_queens_trace_is_the_search(
        n in 1usize..=9,
        seed in 0u64..1000,
        algo in queens_algos(),
        limit in prop_oneof![Just(usize::MAX), 1usize..400],
    ) {
        // Min-conflicts keeps a permutation and runs forever on n = 2, 3 (no solution).
        prop_assume!(!(matches!(algo, QueensAlgo::MinConflicts) && (n == 2 || n == 3)));
        let mut recorder = Recorder::new(limit);
        let traced = run_queens(algo, n, seed, Some(&mut recorder));
        let steps = &recorder.iter().collect::<Vec<_>>();
        let family = match algo {
            QueensAlgo::BestFirst(_) => qtrace::Family::LastPopped,
            QueensAlgo::HillClimbing(..) | QueensAlgo::Annealing(_) | QueensAlgo::Beam(..) => qtrace::Family::Best,
            QueensAlgo::Csp(_) => qtrace::Family::Assigned,
            _ => qtrace::Family::Current,
        };
        let replayed = qtrace::replay(n, || steps.iter().copied(), |i| recorder.state(i, n), family, traced.1 == Stop::Found);
        prop_assert_eq!(&replayed, &traced.0, "replay");
        if traced.1 == Stop::Found {
            prop_assert_eq!(searchlab::puzzle::queens::validate(n, &traced.0), Ok(()));
        }
        if traced.1 == Stop::StepLimit {
            prop_assert_eq!(steps.len(), limit);
        } else {
            prop_assert_eq!(&traced, &run_queens(algo, n, seed, None));
        }
        // Every step against the rules, on the board as the steps leave it.
        let factor = match algo {
            QueensAlgo::BestFirst(Heuristic::H2) | QueensAlgo::HillClimbing(Heuristic::H2, _) => 2,
            _ => 1,
        };
        let mut state = qtrace::QueensState::new(n);
        // Backtracking tries each column's rows from the top, one after another, and
        // after taking a queen back goes on below it.
        let mut next_row = vec![0u32; n + 1];
        for (i, step) in steps.iter().enumerate() {
            let rows = &state.rows;
            match *step {
                QueenStep::Place { column, row } => {
                    prop_assert_eq!(column as usize, rows.len());
                    prop_assert_eq!(row, next_row[column as usize], "rows in order");
                    next_row[column as usize] = row + 1;
                    next_row[column as usize + 1] = 0;
                    let mut with = rows.clone();
                    with.push(row);
                    prop_assert_eq!(attacking_pairs(&with), 0, "a placed queen is safe");
                }
                QueenStep::Conflict { column, row } => {
                    prop_assert_eq!(column as usize, rows.len());
                    prop_assert_eq!(row, next_row[column as usize], "rows in order");
                    next_row[column as usize] = row + 1;
                    let mut with = rows.clone();
                    with.push(row);
                    prop_assert!(attacking_pairs(&with) > 0, "the square tried is attacked");
                }
                QueenStep::Remove { column, row } => {
                    prop_assert_eq!(next_row[column as usize], row + 1, "the queen on show");
                }
                QueenStep::Score { column, row, h } | QueenStep::Push { column, row, h } => {
                    let mut moved = rows.clone();
                    moved[column as usize] = row;
                    prop_assert_eq!(u64::from(h), factor * attacking_pairs(&moved));
                }
                QueenStep::Move { column, row, h } => {
                    let mut moved = rows.clone();
                    moved[column as usize] = row;
                    prop_assert_eq!(u64::from(h), factor * attacking_pairs(&moved));
                    // Downhill, or level only for the sideways variant.
                    let here = factor * attacking_pairs(rows);
                    match algo {
                        QueensAlgo::HillClimbing(_, Variant::Sideways) => prop_assert!(u64::from(h) <= here),
                        QueensAlgo::HillClimbing(..) => prop_assert!(u64::from(h) < here, "a move goes down"),
                        _ => {}
                    }
                }
                QueenStep::Propose { column, row, delta, .. } => {
                    let mut moved = rows.clone();
                    moved[column as usize] = row;
                    prop_assert_eq!(i64::from(delta), attacking_pairs(&moved) as i64 - attacking_pairs(rows) as i64, "annealing's delta");
                }
                QueenStep::Select { parent, column, row, h } => {
                    let mut moved = state.beam[parent as usize].0.clone();
                    prop_assert_ne!(moved[column as usize], row, "a successor moves a queen");
                    moved[column as usize] = row;
                    prop_assert_eq!(u64::from(h), attacking_pairs(&moved));
                }
                QueenStep::Assign { column, row, .. } => {
                    prop_assert_eq!(rows.get(column as usize).copied().unwrap_or(qtrace::EMPTY), qtrace::EMPTY, "an open column");
                    let safe = rows.iter().enumerate().all(|(c, &r)| {
                        r == qtrace::EMPTY || (r != row && r.abs_diff(row) as usize != c.abs_diff(column as usize))
                    });
                    prop_assert!(safe, "an assigned queen is attacked by none placed");
                }
                QueenStep::Unassign { column, row } => {
                    prop_assert_eq!(rows[column as usize], row);
                }
                _ => {}
            }
            let carried = if step.carries_state() { recorder.state(i, n) } else { None };
            if let (QueenStep::Member { h }, Some(rows)) = (*step, carried) {
                prop_assert_eq!(u64::from(h), attacking_pairs(rows));
            }
            state.apply(step, carried);
            if let QueenStep::Pop { h } | QueenStep::Begin { h, .. } = *step {
                prop_assert_eq!(u64::from(h), factor * attacking_pairs(&state.rows));
            }
        }
        let c = traced.2;
        let count = |kind: &str| steps.iter().filter(|s| s.kind() == kind).count() as u64;
        match algo {
            QueensAlgo::Backtracking => {
                prop_assert_eq!(count("place"), c.nodes);
                prop_assert_eq!(count("remove"), c.backtracks);
            }
            QueensAlgo::BestFirst(_) => {
                prop_assert_eq!(count("pop"), c.nodes);
                prop_assert_eq!(count("push"), c.queued);
            }
            QueensAlgo::HillClimbing(..) => {
                prop_assert_eq!(count("score"), c.nodes);
                prop_assert_eq!(count("move"), c.moves);
                prop_assert_eq!(count("restart"), c.attempts);
            }
            QueensAlgo::Annealing(_) => {
                let taken = steps.iter().filter(|s| matches!(s, QueenStep::Propose { taken: true, .. })).count() as u64;
                prop_assert_eq!(count("propose"), c.nodes);
                prop_assert_eq!(taken, c.moves);
            }
            QueensAlgo::Beam(..) => {
                prop_assert_eq!(count("select"), c.queued);
                // A beam that holds a solution when its trace fills is found, its last
                // advance left out (see `a_beam_cut_among_its_starting_members…`).
                let found_as_it_filled = traced.1 == Stop::Found && steps.len() == limit;
                if traced.1 != Stop::StepLimit && !found_as_it_filled {
                    prop_assert_eq!(count("advance"), c.generations + 1);
                }
            }
            QueensAlgo::Csp(_) => {
                prop_assert_eq!(count("assign"), c.nodes);
                prop_assert_eq!(count("unassign"), c.backtracks);
            }
            QueensAlgo::MinConflicts => {
                let greedy = steps
                    .iter()
                    .filter(|s| matches!(s, QueenStep::Draw { greedy: true, .. }))
                    .count() as u64;
                let kept = steps
                    .iter()
                    .filter(|s| matches!(s, QueenStep::Swap { kept: true, .. }))
                    .count() as u64;
                prop_assert_eq!(greedy + count("swap"), c.nodes);
                prop_assert_eq!(kept, c.moves);
                prop_assert_eq!(count("restart"), c.attempts);
            }
        }
    }
}

#[test]
fn knight_trace_json_replays_to_its_path_and_counts_its_steps() {
    let (code, v) = json(&[
        "knight",
        "trace",
        "--board",
        "5x5",
        "--algo",
        "backtrack",
        "--limit",
        "100000",
        "--json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(v["found"], true);
    let steps = v["steps"].as_array().unwrap();
    let mut path: Vec<Value> = Vec::new();
    let (mut visits, mut backs) = (0, 0);
    for s in steps {
        match s["kind"].as_str().unwrap() {
            "visit" => {
                visits += 1;
                path.push(s["square"].clone());
            }
            "backtrack" => {
                backs += 1;
                assert_eq!(path.pop().as_ref(), Some(&s["square"]));
            }
            other => panic!("backtracking has no {other} steps"),
        }
        assert!(!s["text"].as_str().unwrap().is_empty());
    }
    assert_eq!(Value::from(path), v["path"]);
    assert_eq!(v["stats"]["nodes"], visits);
    assert_eq!(v["stats"]["backtracks"], backs);
    // The tour is a tour, by the puzzle's rules.
    let board = Board::new(5, 5).unwrap();
    let tour: Vec<Square> = v["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|rc| {
            board.square(
                rc[0].as_u64().unwrap() as u32,
                rc[1].as_u64().unwrap() as u32,
            )
        })
        .collect();
    assert_eq!(board.validate_tour(&tour, false), Ok(()));
}

#[test]
fn queens_trace_json_places_and_removes_to_its_rows() {
    let (code, v) = json(&[
        "queens",
        "trace",
        "--n",
        "6",
        "--algo",
        "backtracking",
        "--json",
    ]);
    assert_eq!(code, 0);
    let mut rows: Vec<u64> = Vec::new();
    let mut placed = 0;
    for s in v["steps"].as_array().unwrap() {
        match s["kind"].as_str().unwrap() {
            "place" => {
                placed += 1;
                assert_eq!(s["column"].as_u64().unwrap() as usize, rows.len());
                rows.push(s["row"].as_u64().unwrap());
            }
            "remove" => assert_eq!(rows.pop(), s["row"].as_u64()),
            "conflict" => {}
            other => panic!("backtracking has no {other} steps"),
        }
    }
    assert_eq!(Value::from(rows), v["rows"]);
    assert_eq!(v["stats"]["nodes"], placed);
    assert_eq!(v["rows"], serde_json::json!([1, 3, 5, 0, 2, 4]));
}

#[test]
fn limit_cuts_the_trace_with_a_note_and_exit_1() {
    let (code, v) = json(&[
        "knight",
        "trace",
        "--board",
        "8x8",
        "--algo",
        "backtrack",
        "--limit",
        "25",
        "--json",
    ]);
    assert_eq!(code, 1);
    assert_eq!(v["steps"].as_array().unwrap().len(), 25);
    assert_eq!(v["cut"], true);
    assert_eq!(v["stop"], "step-limit");
    assert!(v["message"].as_str().unwrap().contains("limit of 25 steps"));
    let (code, out, _) = searchlab(&[
        "queens",
        "trace",
        "--n",
        "8",
        "--algo",
        "hill-climbing",
        "--limit",
        "10",
    ]);
    assert_eq!(code, 1);
    // Numbered lines: the step's number, two spaces, its sentence.
    let numbered = out.lines().filter(|l| {
        l.trim_start()
            .split_once("  ")
            .is_some_and(|(k, _)| k.parse::<u32>().is_ok())
    });
    assert_eq!(numbered.count(), 10, "{out}");
    assert!(out.contains("10 steps traced (the limit)"), "{out}");
    // Counts in thousands are grouped, as everywhere else.
    let (code, v) = json(&[
        "queens",
        "trace",
        "--n",
        "14",
        "--algo",
        "backtracking",
        "--limit",
        "2500",
        "--json",
    ]);
    assert_eq!(code, 1);
    assert_eq!(v["steps"].as_array().unwrap().len(), 2500);
    assert!(
        v["message"]
            .as_str()
            .unwrap()
            .contains("limit of 2,500 steps")
    );
}

#[test]
fn text_tells_warnsdorffs_choice_in_a_sentence() {
    let (code, out, _) = searchlab(&["knight", "trace", "--board", "5x5", "--algo", "warnsdorff"]);
    assert_eq!(code, 0);
    // From c4 the knight has five free squares; e5 has one way on, the fewest.
    assert!(
        out.contains("Move 2 from c4, to square 3: 5 free squares: e5 (1 onward), e3 (3), d2 (3), a3 (3), b2 (3); Warnsdorff takes e5, the fewest."),
        "{out}"
    );
}

#[test]
fn bad_trace_input_exits_2_with_what_is_allowed() {
    for (args, says) in [
        (
            &["knight", "trace", "--board", "5x5", "--algo", "level1"][..],
            "possible values",
        ),
        (
            &[
                "knight", "trace", "--board", "5x5", "--algo", "count", "--limit", "0",
            ][..],
            "from 1 to 10000000 steps",
        ),
        (
            &[
                "knight", "trace", "--board", "5x5", "--algo", "bfs", "--closed",
            ][..],
            "open tours only",
        ),
        (
            &["queens", "trace", "--n", "0", "--algo", "backtracking"][..],
            "whole number from 1",
        ),
        (
            &[
                "knight", "trace", "--board", "5x5", "--algo", "count", "--param", "walks=3",
            ][..],
            "takes no parameters",
        ),
    ] {
        let (code, _, err) = searchlab(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

mod tree {
    use searchlab::run::trace::tree::{Outcome, ROOT, SearchTree};
    use searchlab::run::trace::{KnightTraceJob, QueensTraceJob};
    use searchlab::solve::{Budget, Stop};
    use std::sync::atomic::AtomicBool;

    fn knight(cols: u64, rows: u64, algorithm: &str) -> searchlab::run::trace::KnightTrace {
        KnightTraceJob {
            cols,
            rows,
            start: (algorithm != "bfs").then_some((0, 0)),
            closed: false,
            algorithm: algorithm.parse().unwrap(),
            params: vec![],
            seed: 0,
            budget: Budget::unlimited(),
            limit: 2_000_000,
        }
        .run(&AtomicBool::new(false))
        .unwrap()
    }

    fn count(tree: &SearchTree, o: Outcome) -> usize {
        tree.outcome.iter().filter(|&&x| x == o).count()
    }

    /// Sizes add up and the spans of a node's children tile its own.
    fn check_shape(tree: &SearchTree) {
        let roots: u32 = (0..tree.len())
            .filter(|&i| tree.parent[i] == ROOT)
            .map(|i| tree.size[i])
            .sum();
        assert_eq!(roots as usize, tree.len());
        for i in 0..tree.len() {
            let (x0, x1) = tree.span[i];
            assert!(x0 <= x1 && x1 <= 1.0 + 1e-4);
            if tree.parent[i] != ROOT {
                let (p0, p1) = tree.span[tree.parent[i] as usize];
                assert!(p0 - 1e-4 <= x0 && x1 <= p1 + 1e-4);
                assert_eq!(tree.depth[i], tree.depth[tree.parent[i] as usize] + 1);
            }
        }
    }

    #[test]
    fn the_count_tree_of_5x5_has_a_node_per_call_and_304_tours() {
        let t = knight(5, 5, "count");
        let tree = SearchTree::of_knight(&t).unwrap();
        assert_eq!(tree.len() as u64, t.counters.nodes);
        assert_eq!(count(&tree, Outcome::Solution), 304);
        let prunes = t.steps.iter().filter(|s| s.kind() == "prune").count();
        assert_eq!(count(&tree, Outcome::Pruned), prunes);
        assert_eq!(count(&tree, Outcome::Frontier), 0, "the count finished");
        check_shape(&tree);
    }

    #[test]
    fn plain_backtracking_on_4x4_ends_every_branch_in_a_dead_end() {
        // No tour exists on 4x4 (Cull & De Curtins): the whole tree, and no solution.
        let t = knight(4, 4, "backtrack");
        assert_eq!(t.stop, Stop::Exhausted);
        let tree = SearchTree::of_knight(&t).unwrap();
        assert_eq!(tree.len() as u64, t.counters.nodes);
        assert_eq!(count(&tree, Outcome::Solution), 0);
        let leaves = (0..tree.len()).filter(|&i| tree.size[i] == 1).count();
        assert_eq!(count(&tree, Outcome::DeadEnd), leaves);
        check_shape(&tree);
    }

    #[test]
    fn the_bfs_tree_of_3x4_holds_every_node_generated_and_the_tour() {
        let t = knight(3, 4, "bfs");
        assert!(t.found);
        let tree = SearchTree::of_knight(&t).unwrap();
        assert_eq!(tree.len() as u64, t.counters.nodes);
        assert!(count(&tree, Outcome::Solution) >= 1);
        assert!(
            count(&tree, Outcome::Frontier) > 0,
            "bfs stops with nodes still queued"
        );
        check_shape(&tree);
    }

    #[test]
    fn the_queens_tree_has_a_node_per_queen_placed() {
        let t = QueensTraceJob {
            n: 6,
            algorithm: "backtracking".parse().unwrap(),
            params: vec![],
            seed: 0,
            budget: Budget::unlimited(),
            limit: 1_000_000,
        }
        .run(&AtomicBool::new(false))
        .unwrap();
        let tree = SearchTree::of_queens(&t).unwrap();
        assert_eq!(tree.len() as u64, t.counters.nodes);
        assert_eq!(count(&tree, Outcome::Solution), 1, "it stops at the first");
        check_shape(&tree);
        // CSP backtracking with AC-3: a node per assignment, a pruned leaf per emptied
        // domain, one solution.
        let csp = QueensTraceJob {
            n: 8,
            algorithm: "csp".parse().unwrap(),
            params: vec![("inference".into(), "ac3".into())],
            seed: 0,
            budget: Budget::unlimited(),
            limit: 1_000_000,
        }
        .run(&AtomicBool::new(false))
        .unwrap();
        let tree = SearchTree::of_queens(&csp).unwrap();
        assert_eq!(tree.len() as u64, csp.counters.nodes);
        let wipeouts = (csp.recorder.iter())
            .filter(|s| {
                matches!(
                    s,
                    searchlab::solve::queens::trace::QueenStep::Wipeout { .. }
                )
            })
            .count();
        assert_eq!(count(&tree, Outcome::Pruned), wipeouts);
        assert!(wipeouts > 0);
        assert_eq!(count(&tree, Outcome::Solution), 1);
        check_shape(&tree);
        // Walks and large boards are refused with a reason.
        assert!(SearchTree::of_knight(&knight(5, 5, "warnsdorff")).is_err());
        assert!(SearchTree::of_knight(&knight(7, 7, "backtrack-warnsdorff")).is_err());
    }
}

/// A beam whose trace fills while its starting members are recorded may already hold a
/// solution among them: the replay answers it, as the search does.
#[test]
fn a_beam_cut_among_its_starting_members_replays_to_its_answer() {
    let mut solved_early = 0;
    for seed in 0..200u64 {
        let config = beam::Config {
            k: 20,
            ..beam::Config::default()
        };
        let mut recorder = Recorder::new(20);
        let mut ctl = Control::quiet(Budget::unlimited());
        let o = beam::solve_traced(
            4,
            &config,
            &mut rng_from_seed(seed),
            &mut ctl,
            &mut recorder,
        );
        let found = o.stop == Stop::Found;
        let replayed = qtrace::replay(
            4,
            || recorder.iter(),
            |i| recorder.state(i, 4),
            qtrace::Family::Best,
            found,
        );
        assert_eq!(replayed, o.rows, "seed {seed}");
        if found {
            solved_early += 1;
            assert_eq!(searchlab::puzzle::queens::validate(4, &o.rows), Ok(()));
        }
    }
    assert!(
        solved_early > 0,
        "some seed starts with a solution among 20 members"
    );
}

/// `trace … --json` with `args` and `extra`: its steps, each without its sentence.
fn steps_of(args: &[&str], extra: &[&str]) -> Vec<Value> {
    let all: Vec<&str> = args.iter().chain(extra).copied().collect();
    let (_, v) = json(&all);
    let mut steps = v["steps"].as_array().unwrap().clone();
    for s in &mut steps {
        s.as_object_mut().unwrap().remove("text");
    }
    steps
}

/// `base` traced with `--param PARAM=A` and with `--param PARAM=B` separately, and with
/// `--vs PARAM=B`, which must agree with them on where the two part: the two separate
/// traces' steps and `--vs`'s object.
fn parted(base: &[&str], param: &str, a: &str, b: &str) -> (Vec<Value>, Vec<Value>, Value) {
    let (pa, pb) = (format!("{param}={a}"), format!("{param}={b}"));
    let steps_a = steps_of(base, &["--param", &pa, "--json"]);
    let steps_b = steps_of(base, &["--param", &pb, "--json"]);
    let alike = steps_a
        .iter()
        .zip(&steps_b)
        .take_while(|(x, y)| x == y)
        .count();
    let (code, v) = json(&[base, &["--param", &pa, "--vs", &pb, "--json"]].concat());
    assert_eq!(code, 0);
    assert_eq!(v["steps_alike"], alike);
    assert_eq!(v["first_difference"], alike + 1);
    assert_eq!(v["a"]["steps"], steps_a.len());
    assert_eq!(v["b"]["steps"], steps_b.len());
    (steps_a, steps_b, v)
}

/// `--vs` traces the search twice and names the first step where the two part: the same
/// step as two separate traces part at, and there Roth's rule takes, of the squares tied
/// at fewest onward moves, one at least as far from the centre as the fixed order's.
#[test]
fn vs_finds_where_two_tie_breaks_part() {
    let base = [
        "knight",
        "trace",
        "--board",
        "8x8",
        "--algo",
        "backtrack-warnsdorff",
        "--limit",
        "200",
    ];
    let (_, _, v) = parted(&base, "tie_break", "first", "roth");
    let alike = v["steps_alike"].as_u64().unwrap();
    assert_eq!(v["change"]["a"], "first");
    assert_eq!(v["change"]["b"], "roth");
    let (sa, sb) = (&v["a"]["step"], &v["b"]["step"]);
    assert_eq!(
        (sa["kind"].as_str(), sb["kind"].as_str()),
        (Some("visit"), Some("visit"))
    );
    let picked = |s: &Value| s["candidates"][s["choice"].as_u64().unwrap() as usize].clone();
    let (pa, pb) = (picked(sa), picked(sb));
    assert_ne!(pa["square"], pb["square"]);
    assert_eq!(pa["onward"], pb["onward"], "a tie at fewest onward moves");
    let from_centre = |c: &Value| {
        let (r, col) = (
            c["square"][0].as_f64().unwrap(),
            c["square"][1].as_f64().unwrap(),
        );
        (r - 3.5).powi(2) + (col - 3.5).powi(2)
    };
    assert!(from_centre(&pb) >= from_centre(&pa), "{pa} {pb}");
    // In words: the step where they part, on each side.
    let (code, text, _) = searchlab(
        &[
            &base[..],
            &["--param", "tie_break=first", "--vs", "tie_break=roth"],
        ]
        .concat(),
    );
    assert_eq!(code, 0);
    assert!(
        text.contains(&format!(
            "Step {} is where tie_break makes them differ",
            alike + 1
        )),
        "{text}"
    );
    assert!(text.contains("Roth's rule"), "{text}");
}

/// N-Queens: forward checking against AC-3 part where inference first takes out more than
/// forward checking does; the same as two separate traces, and both searches place eight
/// queens no two of which attack each other.
#[test]
fn vs_finds_where_two_inferences_part() {
    let base = [
        "queens", "trace", "--n", "8", "--algo", "csp", "--limit", "5000",
    ];
    let (a, b, v) = parted(&base, "inference", "forward-checking", "ac3");
    assert_eq!(v["a"]["found"], true);
    assert_eq!(v["b"]["found"], true);
    // Both traces end in eight queens: every step replayed from the separate traces.
    for steps in [&a, &b] {
        let mut rows: Vec<Option<u64>> = vec![None; 8];
        for s in steps {
            match s["kind"].as_str().unwrap() {
                "assign" => rows[s["column"].as_u64().unwrap() as usize] = s["row"].as_u64(),
                "unassign" => rows[s["column"].as_u64().unwrap() as usize] = None,
                _ => {}
            }
        }
        let rows: Vec<u32> = rows.iter().map(|r| r.unwrap() as u32).collect();
        assert_eq!(attacking_pairs(&rows), 0, "{rows:?}");
    }
}

/// `--vs` refuses what both traces must share, and a value its setting does not take.
#[test]
fn vs_refuses_the_instance_and_bad_values() {
    for (args, says) in [
        (
            &[
                "queens", "trace", "--n", "8", "--algo", "csp", "--vs", "n=9",
            ][..],
            "--vs cannot change n",
        ),
        (
            &[
                "knight",
                "trace",
                "--board",
                "5x5",
                "--algo",
                "warnsdorff",
                "--vs",
                "seed=x",
            ][..],
            "seed takes a whole number",
        ),
        (
            &[
                "knight",
                "trace",
                "--board",
                "5x5",
                "--algo",
                "warnsdorff",
                "--vs",
                "seed",
            ][..],
            "--vs takes SETTING=VALUE",
        ),
        (
            &[
                "knight",
                "trace",
                "--board",
                "5x5",
                "--algo",
                "warnsdorff",
                "--vs",
                "algo=x",
            ][..],
            "algo takes",
        ),
    ] {
        let (code, _, err) = searchlab(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// `--questions`: each decision of Warnsdorff's walk on 6×6 carries the question Your
/// guess asks there, and its answers hold by the rules: the squares offered are the free
/// squares a knight's move from the knight, the right ones those with the fewest free
/// squares onward, the square the walk then visits is one of them, and "Why?" sets true
/// statements against false ones.
#[test]
#[allow(
    clippy::too_many_lines,
    reason = "one scenario told in order, each step using what the one before left"
)]
fn trace_json_questions_hold_by_the_rules() {
    let (code, v) = json(&[
        "knight",
        "trace",
        "--board",
        "6x6",
        "--algo",
        "warnsdorff",
        "--json",
        "--questions",
    ]);
    assert_eq!(code, 0);
    let board = Board::new(6, 6).unwrap();
    let at = |rc: &Value| {
        board.square(
            rc[0].as_u64().unwrap() as u32,
            rc[1].as_u64().unwrap() as u32,
        )
    };
    let steps = v["steps"].as_array().unwrap();
    let mut path: Vec<Square> = Vec::new();
    let (mut asked, mut whys) = (0, 0);
    for s in steps {
        if let Some(q) = s.get("question") {
            asked += 1;
            let names = |k: &str| -> Vec<String> {
                q[k].as_array()
                    .unwrap()
                    .iter()
                    .map(|n| n.as_str().unwrap().to_string())
                    .collect()
            };
            let here = *path.last().expect("a question after the first square");
            let on = vec![false; board.len()];
            let mut on = on;
            path.iter().for_each(|&p| on[p as usize] = true);
            let free: Vec<Square> = board
                .neighbours(here)
                .filter(|&t| !on[t as usize])
                .collect();
            let onward = |t: Square| {
                board
                    .neighbours(t)
                    .filter(|&u| !on[u as usize] && u != t)
                    .count()
            };
            let fewest = free.iter().map(|&t| onward(t)).min().unwrap();
            let mut want: Vec<String> = free.iter().map(|&t| board.name(t)).collect();
            let mut got = names("squares");
            want.sort();
            got.sort();
            assert_eq!(got, want, "the squares offered at {}", board.name(here));
            let mut right: Vec<String> = free
                .iter()
                .filter(|&&t| onward(t) == fewest)
                .map(|&t| board.name(t))
                .collect();
            let mut said = names("right_squares");
            right.sort();
            said.sort();
            assert_eq!(said, right, "the right squares at {}", board.name(here));
            if let Some(why) = q["why"].as_object() {
                whys += 1;
                let truths: Vec<bool> = why["statements"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|st| st["true"].as_bool().unwrap())
                    .collect();
                assert!(truths.contains(&true) && truths.contains(&false), "{why:?}");
            }
        }
        if s["kind"] == "visit" {
            let sq = at(&s["square"]);
            if let Some(q) = s.get("question") {
                assert!(
                    q["right_squares"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|n| n == &board.name(sq)),
                    "the walk goes where the answer says"
                );
            }
            path.push(sq);
        }
    }
    assert!(
        asked >= 20,
        "Warnsdorff's walk decides at most of its 36 squares: {asked}"
    );
    assert!(whys > 0);
    // Without --json the flag is refused.
    let (code, _, stderr) = searchlab(&[
        "knight",
        "trace",
        "--board",
        "6x6",
        "--algo",
        "warnsdorff",
        "--questions",
    ]);
    assert_eq!(code, 2, "{stderr}");
}
