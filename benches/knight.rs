//! `cargo bench --bench knight`: the speed figures quoted in docs/PERFORMANCE.md.

use criterion::{Criterion, criterion_group, criterion_main};
use searchlab::bench;
use searchlab::puzzle::knight::existence::no_tour;
use searchlab::puzzle::knight::{Board, Square};
use searchlab::solve::knight::backtrack::{self, Order};
use searchlab::solve::knight::evolve::cultural;
use searchlab::solve::knight::tie_break::TieBreak;
use searchlab::solve::knight::{Problem, construct, count, warnsdorff};
use searchlab::solve::{Budget, Control, rng_from_seed};
use std::hint::black_box;
use std::time::Duration;

fn with_ctl<T>(f: impl FnOnce(&mut Control) -> T) -> T {
    f(&mut Control::quiet(Budget::unlimited()))
}

/// Every square's tours counted, those a theorem rules out aside (a 5×5 square of the
/// colour the corners are not), as `knight count --all-starts` and the C program count.
fn count_every_square(board: &Board) -> u64 {
    (0..board.len() as Square)
        .filter(|&start| no_tour(board.shape(), board.row_col(start), false).is_none())
        .map(|start| {
            let p = Problem {
                board,
                start,
                closed: false,
            };
            with_ctl(|ctl| count::count(&p, ctl).tours)
        })
        .sum()
}

#[allow(
    clippy::too_many_lines,
    reason = "the benchmark list: a group per line, read as one table"
)]
fn benches(c: &mut Criterion) {
    let b5 = Board::new(5, 5).unwrap();
    c.bench_function("count 5x5 every square, one thread", |b| {
        b.iter(|| assert_eq!(count_every_square(black_box(&b5)), 1728));
    });

    let b6 = Board::new(6, 6).unwrap();
    let mut slow = c.benchmark_group("slow");
    slow.sample_size(10)
        .measurement_time(Duration::from_secs(15));
    slow.bench_function("count 6x6 from a corner", |b| {
        b.iter(|| {
            let p = Problem {
                board: &b6,
                start: 0,
                closed: false,
            };
            assert_eq!(with_ctl(|ctl| count::count(&p, ctl).tours), 524_486);
        });
    });
    for n in [100u64, 1000, 3000] {
        slow.bench_function(format!("closed-construct {n}x{n}"), |b| {
            let board = Board::new(n, n).unwrap();
            b.iter(|| {
                let (path, _, _) = with_ctl(|ctl| construct::solve(board.shape(), 0, ctl));
                assert!(board.is_closed(&path));
            });
        });
    }
    for n in [1000u64, 3000] {
        slow.bench_function(format!("warnsdorff {n}x{n}"), |b| {
            b.iter(|| {
                let board = Board::new(n, n).unwrap();
                let p = Problem {
                    board: &board,
                    start: 0,
                    closed: false,
                };
                let config = warnsdorff::Config::default();
                let a = with_ctl(|ctl| warnsdorff::solve(&p, &config, &mut rng_from_seed(0), ctl));
                assert_eq!(a.path.len(), board.len());
            });
        });
    }
    slow.finish();

    let b64 = Board::new(64, 64).unwrap();
    c.bench_function("backtrack-warnsdorff 64x64 from a corner", |b| {
        b.iter(|| {
            let p = Problem {
                board: &b64,
                start: 0,
                closed: false,
            };
            let a = with_ctl(|ctl| {
                backtrack::solve(
                    &p,
                    Order::Warnsdorff(TieBreak::Auto),
                    &mut rng_from_seed(0),
                    ctl,
                )
            });
            assert_eq!(a.path.len(), 4096);
        });
    });

    // The Cultural Algorithm guide, level 4, on 8x8 from a corner, seeds 0..100 in turn.
    let b8 = Board::new(8, 8).unwrap();
    let mut seed = 0;
    c.bench_function("level4 8x8 from a corner", |b| {
        b.iter(|| {
            let p = Problem {
                board: &b8,
                start: 0,
                closed: false,
            };
            seed = (seed + 1) % 100;
            let a = with_ctl(|ctl| {
                cultural::solve(
                    &p,
                    &cultural::Config::default(),
                    &mut rng_from_seed(seed),
                    ctl,
                )
            });
            black_box(a.path.len())
        });
    });

    // The Knight's Tour solver report's whole per-square experiment: 5 runs x 64 squares,
    // population 50, 50 generations (800,000 chromosomes), on every core.
    let setup = bench::Setup {
        seed: 0,
        time_limit: Duration::from_secs(60),
        params: vec![],
        cancel: Default::default(),
        meter: None,
        part: bench::Part::WHOLE,
    };
    let mut slow = c.benchmark_group("experiments");
    slow.sample_size(10);
    for algo in ["ga-heuristic", "ga-repair"] {
        slow.bench_function(format!("bench squares {algo} 8x8, 5 runs"), |b| {
            b.iter(|| {
                let t =
                    bench::knight::squares_ga(&setup, algo.parse().unwrap(), (8, 8), 5).unwrap();
                assert_eq!(t.evaluations, 800_000);
                black_box(t.tours)
            });
        });
    }
    // Every tour from every square of 6×6, one square per orbit of the board's eight
    // symmetries counted (6 of 36) and the others filled from it, on every core.
    slow.bench_function("bench squares count 6x6, one square per orbit", |b| {
        b.iter(|| {
            let rows = bench::knight::squares_count(&setup, (6, 6)).unwrap();
            let total: u64 = rows.iter().map(|r| r.tours.unwrap()).sum();
            assert_eq!(total, 6_637_920);
            black_box(total)
        });
    });
    slow.bench_function("bench levels 8x8, 100 trials", |b| {
        b.iter(|| {
            black_box(
                bench::knight::levels(&setup, (8, 8), (0, 0), 100)
                    .unwrap()
                    .len(),
            )
        });
    });
    slow.finish();
}

criterion_group!(knight, benches);
criterion_main!(knight);
