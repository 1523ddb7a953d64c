//! `cargo bench --bench queens`: the N-Queens speed figures quoted in docs/PERFORMANCE.md.

use criterion::{Criterion, criterion_group, criterion_main};
use searchlab::puzzle::queens::{A000170, A002562, Heuristic, validate};
use searchlab::solve::queens::count::{TaskCount, count_task, tasks};
use searchlab::solve::queens::heuristic::random_start;
use searchlab::solve::queens::{
    annealing, backtracking, beam, best_first, construct, csp, cultural, hill_climbing,
    min_conflicts,
};
use searchlab::solve::{Budget, Control, Stop, rng_from_seed};
use std::hint::black_box;
use std::time::Duration;

fn with_ctl<T>(f: impl FnOnce(&mut Control) -> T) -> T {
    f(&mut Control::quiet(Budget::unlimited()))
}

/// Every solution of `n` queens on this thread (the CLI spreads the same tasks over a
/// rayon pool).
fn count_one_thread(n: u32) -> u64 {
    count_all(n).total()
}

/// The full count of `n` queens (totals and classes up to symmetry) on this thread.
fn count_all(n: u32) -> TaskCount {
    let mut sum = TaskCount::default();
    for t in tasks(n) {
        sum.add(&count_task(&t, &|| false));
    }
    sum
}

#[allow(
    clippy::too_many_lines,
    reason = "the benchmark list: a group per line, read as one table"
)]
fn benches(c: &mut Criterion) {
    // The AI course's family, from one seed each (the comparison over n and seeds is
    // `searchlab queens bench --set course`).
    c.bench_function("csp mrv + forward checking, 1,000 queens", |b| {
        let config = csp::Config {
            var: csp::VarOrder::Mrv,
            value: csp::ValueOrder::InOrder,
            inference: csp::Inference::ForwardChecking,
            ..csp::Config::default()
        };
        b.iter(|| {
            let o = with_ctl(|ctl| csp::solve(black_box(1000), &config, ctl));
            assert_eq!(o.stop, Stop::Found);
        });
    });
    c.bench_function("annealing 128 queens, seed 1", |b| {
        b.iter(|| {
            let config = annealing::Config::default();
            let o = with_ctl(|ctl| annealing::solve(128, &config, &mut rng_from_seed(1), ctl));
            assert_eq!(o.stop, Stop::Found);
        });
    });
    c.bench_function("beam k = 10, 64 queens, seed 1", |b| {
        b.iter(|| {
            let config = beam::Config::default();
            let o = with_ctl(|ctl| beam::solve(64, &config, &mut rng_from_seed(1), ctl));
            black_box(o.rows.len())
        });
    });
    c.bench_function("count 12 queens, one thread", |b| {
        b.iter(|| assert_eq!(count_one_thread(black_box(12)), 14_200));
    });
    // The N-Queens AI report's four at n = 20 from the same start (seed 1), heuristic h2.
    let start = random_start(20, &mut rng_from_seed(1));
    c.bench_function("N-Queens AI report: backtracking n=20", |b| {
        b.iter(|| {
            assert_eq!(
                with_ctl(|ctl| backtracking::solve(20, ctl)).stop,
                Stop::Found
            );
        });
    });
    c.bench_function("N-Queens AI report: best-first n=20", |b| {
        b.iter(|| with_ctl(|ctl| best_first::solve(black_box(&start), Heuristic::H2, ctl)));
    });
    c.bench_function("N-Queens AI report: hill-climbing n=20", |b| {
        b.iter(|| {
            with_ctl(|ctl| {
                hill_climbing::solve(&start, Heuristic::H2, 100, &mut rng_from_seed(1), ctl)
            })
        });
    });
    c.bench_function("N-Queens AI report: cultural n=20", |b| {
        b.iter(|| {
            with_ctl(|ctl| {
                cultural::solve(
                    &start,
                    Heuristic::H2,
                    &cultural::Config::default(),
                    &mut rng_from_seed(1),
                    ctl,
                )
            })
        });
    });

    let mut slow = c.benchmark_group("slow");
    slow.sample_size(10)
        .measurement_time(Duration::from_secs(20));
    slow.bench_function("count 16 queens, one thread", |b| {
        b.iter(|| assert_eq!(count_one_thread(16), 14_772_512));
    });
    // The counts up to symmetry past the test suite's n = 14, against OEIS A002562.
    slow.bench_function("count 15 and 16 queens up to symmetry, one thread", |b| {
        b.iter(|| {
            for n in [15u32, 16] {
                let c = count_all(n);
                assert_eq!(c.unique(), A002562[n as usize], "n = {n}");
                assert_eq!(c.total(), A000170[n as usize], "n = {n}");
            }
        });
    });
    slow.bench_function("min-conflicts 1,000,000 queens", |b| {
        b.iter(|| {
            let o = with_ctl(|ctl| {
                min_conflicts::solve(
                    1_000_000,
                    &min_conflicts::Config::default(),
                    &mut rng_from_seed(1),
                    ctl,
                )
            });
            assert_eq!(o.stop, Stop::Found);
            o
        });
    });
    slow.bench_function("construct 1,000,000 queens", |b| {
        b.iter(|| construct::construct(black_box(1_000_000)).map(|r| r.len()));
    });
    slow.finish();

    // Outside the timing: what was timed is a solution.
    let o = with_ctl(|ctl| {
        min_conflicts::solve(
            1_000_000,
            &min_conflicts::Config::default(),
            &mut rng_from_seed(1),
            ctl,
        )
    });
    assert_eq!(validate(1_000_000, &o.rows), Ok(()));
}

criterion_group!(queens, benches);
criterion_main!(queens);
