//! `cargo bench --bench magic`: the magic-square speed figures quoted in docs/PERFORMANCE.md.

use criterion::{Criterion, criterion_group, criterion_main};
use searchlab::solve::magic::{construct, count, ga};
use searchlab::solve::{Budget, Control, Stop, rng_from_seed};
use std::hint::black_box;

fn benches(c: &mut Criterion) {
    for n in [1000usize, 1001, 1002] {
        c.bench_function(&format!("construct order {n}"), |b| {
            b.iter(|| construct::construct(black_box(n)).map(|s| s.len()));
        });
    }
    // Seeds 0..20 in turn: the median of milliseconds the issue asks about.
    let mut seed = 0;
    c.bench_function("ga 3x3, one square (seeds 0-19 in turn)", |b| {
        b.iter(|| {
            seed = (seed + 1) % 20;
            ga::solve(
                3,
                &ga::Config::default(),
                &mut rng_from_seed(seed),
                &mut Control::quiet(Budget::unlimited()),
            )
            .stop
                == Stop::Found
        });
    });
    c.bench_function("count order 4", |b| {
        b.iter(|| assert_eq!(count::count(4, &|| false).total, 7040));
    });
}

criterion_group!(magic, benches);
criterion_main!(magic);
