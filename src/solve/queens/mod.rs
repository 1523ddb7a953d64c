//! N-Queens solvers: the N-Queens AI report's four algorithms ([`backtracking`],
//! [`best_first`], [`hill_climbing`] and [`cultural`], with the [`heuristic`] they share),
//! min-conflicts local search for any n, simulated [`annealing`], the explicit
//! construction, and exhaustive counting.

pub mod annealing;
pub mod backtracking;
pub mod beam;
pub mod best_first;
pub mod construct;
pub mod count;
pub mod csp;
pub mod cultural;
pub mod heuristic;
pub mod hill_climbing;
pub mod list;
pub mod min_conflicts;
pub mod trace;

#[cfg(test)]
mod tests {
    use super::heuristic::{Heuristic, Outcome, random_start};
    use super::{backtracking, best_first, cultural, hill_climbing};
    use crate::puzzle::queens::validate;
    use crate::solve::knight::test_support::with_control;
    use crate::solve::{Budget, Control, Stop, rng_from_seed};
    use crate::testing::test;

    const HEURISTICS: [Heuristic; 3] = [Heuristic::H1, Heuristic::H2, Heuristic::H3];

    /// On 3,000 queens one sweep of hill climbing's neighbours takes minutes (9 million
    /// O(n²) evaluations); a 100 ms budget must still end each search within a moment.
    #[test]
    fn heuristic_searches_on_thousands_of_queens_stop_at_the_time_limit() {
        let start = random_start(3000, &mut rng_from_seed(5));
        let budget = Budget::unlimited().with_time(std::time::Duration::from_millis(100));
        type Search = fn(&[u32], &mut Control) -> Outcome;
        let runs: [(&str, Search); 3] = [
            ("best-first", |s, ctl| {
                best_first::solve(s, Heuristic::H1, ctl)
            }),
            ("hill-climbing", |s, ctl| {
                hill_climbing::solve(s, Heuristic::H1, 100, &mut rng_from_seed(1), ctl)
            }),
            ("cultural", |s, ctl| {
                cultural::solve(
                    s,
                    Heuristic::H1,
                    &cultural::Config::default(),
                    &mut rng_from_seed(1),
                    ctl,
                )
            }),
        ];
        for (name, run) in runs {
            let t = crate::platform::time::Instant::now();
            let o = with_control(budget, |ctl| run(&start, ctl));
            assert_eq!(o.stop, Stop::TimeLimit, "{name}");
            assert!(t.elapsed().as_secs_f64() < 5.0, "{name}: {:?}", t.elapsed());
            assert_eq!(o.rows.len(), 3000, "{name}");
        }
    }

    #[test]
    fn the_heuristic_never_changes_where_a_search_goes() {
        // h2 = 2 h1 and h3 = h1 order placements identically: same answer, same steps.
        for (n, seed) in [(5usize, 1u64), (8, 2), (10, 3)] {
            let start = random_start(n, &mut rng_from_seed(seed));
            let runs: Vec<(Outcome, Outcome, Outcome)> = HEURISTICS
                .iter()
                .map(|&h| {
                    let bf = with_control(Budget::unlimited().with_nodes(200_000), |ctl| {
                        best_first::solve(&start, h, ctl)
                    });
                    let hc = with_control(Budget::unlimited(), |ctl| {
                        hill_climbing::solve(&start, h, 100, &mut rng_from_seed(seed), ctl)
                    });
                    let ca = with_control(Budget::unlimited(), |ctl| {
                        cultural::solve(
                            &start,
                            h,
                            &cultural::Config::default(),
                            &mut rng_from_seed(seed),
                            ctl,
                        )
                    });
                    (bf, hc, ca)
                })
                .collect();
            for r in &runs[1..] {
                assert_eq!(r.0.rows, runs[0].0.rows, "best-first, n = {n}");
                assert_eq!(r.1.rows, runs[0].1.rows, "hill climbing, n = {n}");
                assert_eq!(r.2.rows, runs[0].2.rows, "cultural, n = {n}");
            }
            for o in [&runs[0].0, &runs[0].1, &runs[0].2] {
                if o.stop == Stop::Found {
                    assert_eq!(validate(n, &o.rows), Ok(()));
                }
            }
        }
    }

    #[test]
    fn three_algorithms_solve_20_queens_and_the_cultural_one_improves() {
        let start = random_start(20, &mut rng_from_seed(4));
        let h = Heuristic::H2;
        let outcomes = [
            with_control(Budget::unlimited(), |ctl| backtracking::solve(20, ctl)),
            with_control(Budget::unlimited(), |ctl| best_first::solve(&start, h, ctl)),
            with_control(Budget::unlimited(), |ctl| {
                hill_climbing::solve(&start, h, 1000, &mut rng_from_seed(4), ctl)
            }),
            with_control(Budget::unlimited(), |ctl| {
                cultural::solve(
                    &start,
                    h,
                    &cultural::Config::default(),
                    &mut rng_from_seed(4),
                    ctl,
                )
            }),
        ];
        for (i, o) in outcomes[..3].iter().enumerate() {
            assert_eq!(o.stop, Stop::Found, "algorithm {i}");
            assert_eq!(validate(20, &o.rows), Ok(()), "algorithm {i}");
        }
        // The cultural algorithm as we read the N-Queens AI report often ends at one or two
        // attacking pairs on 20 queens (see docs/ALGORITHMS.md); it never ends worse than it
        // started.
        let c = &outcomes[3];
        assert!(
            crate::puzzle::queens::conflicts(&c.rows) < crate::puzzle::queens::conflicts(&start)
        );
        if c.stop == Stop::Found {
            assert_eq!(validate(20, &c.rows), Ok(()));
        }
    }
}
