//! `cargo bench --bench trace`: what recording every step costs. Each search runs untraced
//! and traced (every step kept in memory) side by side; docs/PERFORMANCE.md quotes the ratios.

use criterion::{Criterion, criterion_group, criterion_main};
use searchlab::puzzle::knight::Board;
use searchlab::puzzle::queens::Heuristic;
use searchlab::solve::knight::backtrack::{self, Order};
use searchlab::solve::knight::tie_break::TieBreak;
use searchlab::solve::knight::trace::KnightStep;
use searchlab::solve::knight::tree_search::{self, Strategy};
use searchlab::solve::knight::{Problem, count, random_walk, warnsdorff};
use searchlab::solve::queens::heuristic::random_start;
use searchlab::solve::queens::trace::QueenStep;
use searchlab::solve::queens::{backtracking, best_first, hill_climbing, min_conflicts};
use searchlab::solve::trace::{Off, Recorder, Sink};
use searchlab::solve::{Budget, Control, rng_from_seed};
use std::hint::black_box;

// Every size goes through `black_box`: the app and the command line read it at run time,
// and a size the compiler knows lets it specialise the untraced search alone.

fn knight_run<T: Sink<KnightStep>>(which: &str, trace: &mut T) -> usize {
    let mut ctl = Control::quiet(Budget::unlimited().with_nodes(2_000_000));
    let mut rng = rng_from_seed(1);
    match which {
        "warnsdorff 300x300" => {
            let board = Board::new(black_box(300), 300).unwrap();
            let p = Problem {
                board: &board,
                start: 0,
                closed: false,
            };
            let config = warnsdorff::Config {
                tie_break: TieBreak::Roth,
                attempts: 1,
            };
            warnsdorff::solve_traced(&p, &config, &mut rng, &mut ctl, trace)
                .path
                .len()
        }
        "backtrack 5x5" => {
            let board = Board::new(black_box(5), 5).unwrap();
            let p = Problem {
                board: &board,
                start: 0,
                closed: false,
            };
            backtrack::solve_traced(&p, Order::Plain, &mut rng, &mut ctl, trace)
                .path
                .len()
        }
        "count 5x5 from a corner" => {
            let board = Board::new(black_box(5), 5).unwrap();
            let p = Problem {
                board: &board,
                start: 0,
                closed: false,
            };
            count::count_traced(&p, &mut ctl, trace).0.tours as usize
        }
        "random walk 8x8, 1000 walks" => {
            let board = Board::new(black_box(8), 8).unwrap();
            let p = Problem {
                board: &board,
                start: 0,
                closed: false,
            };
            let config = random_walk::Config { walks: 1000 };
            random_walk::solve_traced(&p, &config, &mut rng, &mut ctl, trace)
                .path
                .len()
        }
        _ => {
            let board = Board::new(black_box(4), 4).unwrap();
            let p = Problem {
                board: &board,
                start: 0,
                closed: false,
            };
            let strategy = match which {
                "bfs 4x4 whole tree" => Strategy::BreadthFirst,
                _ => Strategy::DepthFirst,
            };
            tree_search::search_traced(&p, strategy, &mut ctl, trace).nodes_generated as usize
        }
    }
}

fn queens_run<T: Sink<QueenStep>>(which: &str, trace: &mut T) -> usize {
    let mut ctl = Control::quiet(Budget::unlimited());
    let mut rng = rng_from_seed(1);
    match which {
        "backtracking 14 queens" => backtracking::solve_traced(black_box(14), &mut ctl, trace)
            .rows
            .len(),
        "backtracking 18 queens" => backtracking::solve_traced(black_box(18), &mut ctl, trace)
            .rows
            .len(),
        "best-first 8 queens" => {
            let start = random_start(black_box(8), &mut rng);
            best_first::solve_traced(
                &start,
                Heuristic::H1,
                best_first::MAX_VALUES,
                &mut ctl,
                trace,
            )
            .rows
            .len()
        }
        "hill-climbing 10 queens" => {
            let start = random_start(black_box(10), &mut rng);
            hill_climbing::solve_traced(&start, Heuristic::H2, 100, &mut rng, &mut ctl, trace)
                .rows
                .len()
        }
        _ => {
            let config = min_conflicts::Config::default();
            min_conflicts::solve_traced(black_box(10_000), &config, &mut rng, &mut ctl, trace)
                .rows
                .len()
        }
    }
}

fn benches(c: &mut Criterion) {
    for which in [
        "warnsdorff 300x300",
        "backtrack 5x5",
        "count 5x5 from a corner",
        "dfs 4x4 whole tree",
        "bfs 4x4 whole tree",
        "random walk 8x8, 1000 walks",
    ] {
        let mut g = c.benchmark_group(format!("trace-cost/{which}"));
        g.bench_function("untraced", |b| {
            b.iter(|| knight_run(black_box(which), &mut Off));
        });
        g.bench_function("traced", |b| {
            b.iter(|| knight_run(black_box(which), &mut Recorder::new(usize::MAX)));
        });
        let mut kept = Recorder::new(usize::MAX);
        g.bench_function("traced, memory reused", |b| {
            b.iter(|| {
                kept.clear();
                knight_run(black_box(which), &mut kept)
            });
        });
        g.finish();
    }
    for which in [
        "backtracking 14 queens",
        "backtracking 18 queens",
        "best-first 8 queens",
        "hill-climbing 10 queens",
        "min-conflicts 10000 queens",
    ] {
        let mut g = c.benchmark_group(format!("trace-cost/{which}"));
        g.bench_function("untraced", |b| {
            b.iter(|| queens_run(black_box(which), &mut Off));
        });
        g.bench_function("traced", |b| {
            b.iter(|| queens_run(black_box(which), &mut Recorder::new(usize::MAX)));
        });
        let mut kept = Recorder::new(usize::MAX);
        g.bench_function("traced, memory reused", |b| {
            b.iter(|| {
                kept.clear();
                queens_run(black_box(which), &mut kept)
            });
        });
        g.finish();
    }
}

/// Seeking in a trace of a million steps: the state after any step, from the checkpoint
/// before it.
fn seeking(c: &mut Criterion) {
    use searchlab::run::trace::KnightTraceJob;
    use searchlab::run::trace::timeline::Timeline;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    for (board, algorithm) in [(8, "backtrack"), (300, "warnsdorff")] {
        let job = KnightTraceJob {
            cols: board,
            rows: board,
            start: None,
            closed: false,
            algorithm: algorithm.parse().unwrap(),
            params: vec![],
            seed: 0,
            budget: Budget::unlimited(),
            limit: 1_000_000,
        };
        let trace = Arc::new(job.run(&AtomicBool::new(false)).unwrap());
        seek(
            c,
            &format!("{algorithm} {board}x{board}"),
            Timeline::new(trace),
        );
    }
    // N-Queens backtracking keeps its steps packed, in runs: a seek reads them from the
    // middle of a run.
    let job = searchlab::run::trace::QueensTraceJob {
        n: 20,
        algorithm: "backtracking".parse().unwrap(),
        params: vec![],
        seed: 0,
        budget: Budget::unlimited(),
        limit: 1_000_000,
    };
    let trace = Arc::new(job.run(&AtomicBool::new(false)).unwrap());
    seek(c, "queens backtracking 20", Timeline::new(trace));
}

/// Times going to positions spread over the whole trace, each just before a checkpoint
/// (the most steps to replay) somewhere.
fn seek<T: searchlab::run::trace::timeline::Replayable>(
    c: &mut Criterion,
    name: &str,
    timeline: searchlab::run::trace::timeline::Timeline<T>,
) {
    let len = timeline.len();
    let mut at = 0usize;
    c.bench_function(&format!("timeline seek, {name}, {len} steps"), |b| {
        b.iter(|| {
            at = (at + 616_161) % (len + 1);
            timeline.state_at(black_box(at))
        });
    });
}

criterion_group!(trace, benches, seeking);
criterion_main!(trace);
