//! The GA microscope: what it records of a generation is the search. For random boards,
//! seeds and generations: the next generation it records is exactly the generation the
//! solver goes on to score (looked at in turn), every child's genes are its crossover's
//! genes with its repairs and mutations applied, every gene a crossover hands down is the
//! parent's, survivors are copies, every tournament's winner is the fittest entrant, and
//! every score obeys the puzzle's own rule (a knight path's length, a square's line sums, a
//! placement's attacking pairs), checked here from the rules themselves.

use proptest::prelude::*;
use searchlab::puzzle::knight::Board;
use searchlab::puzzle::magic::fitness as line_error;
use searchlab::puzzle::queens::conflicts;
use searchlab::run::microscope::{Looked, MicroscopeJob};
use searchlab::run::{Job, KnightJob, KnightTask, MagicJob, MagicTask, QueensJob, QueensTask};
use searchlab::solve::Budget;
use searchlab::solve::magic::ga::{inversion_crossover, pmx};
use searchlab::solve::microscope::{Breeding, ChangeKind, NEW, Origin};
use std::sync::atomic::AtomicBool;

fn look(job: &Job, generation: u64) -> Looked {
    let micro = MicroscopeJob {
        job: job.clone(),
        generation,
    };
    micro
        .run(&AtomicBool::new(false))
        .expect("the microscope runs")
        .expect("nothing cancels it")
}

fn bred(job: &Job, generation: u64) -> Option<Breeding> {
    match look(job, generation) {
        Looked::Bred(b) => Some(b),
        Looked::Ended { .. } => None,
    }
}

fn knight(side: u64, level: u8, seed: u64, repair: &str) -> Job {
    knight_with(
        side,
        &format!("level{level}"),
        seed,
        vec![("repair".into(), repair.into())],
    )
}

fn knight_with(side: u64, algorithm: &str, seed: u64, params: Vec<(String, String)>) -> Job {
    Job::Knight(KnightJob {
        cols: side,
        rows: side,
        start: Some((0, 0)),
        closed: false,
        seed,
        budget: Budget::unlimited(),
        task: KnightTask::Solve {
            algorithm: algorithm.parse().unwrap(),
            params,
            fallback: false,
        },
    })
}

/// What every record must satisfy, whatever the puzzle.
fn check_lineage(b: &Breeding) {
    assert_eq!(
        b.children.len(),
        b.members.len(),
        "the population keeps its size"
    );
    for (k, child) in b.children.iter().enumerate() {
        match &child.origin {
            Origin::Survivor { from, .. } => {
                assert_eq!(child.genes, b.members[*from].genes, "child {k} copies");
            }
            Origin::Fresh { .. } => {}
            Origin::Bred(bred) => {
                // Genes may be cut away or added (a path rebuilt): `None` is no gene.
                let mut genes: Vec<Option<u32>> = bred.crossed.iter().copied().map(Some).collect();
                for c in &bred.changes {
                    match c.kind {
                        ChangeKind::Decoding => continue,
                        ChangeKind::Repair | ChangeKind::Mutation => {}
                    }
                    if genes.len() <= c.position {
                        genes.resize(c.position + 1, None);
                    }
                    assert_eq!(c.from, genes[c.position], "child {k}: {c:?}");
                    genes[c.position] = c.to;
                }
                let genes: Vec<u32> = genes.into_iter().flatten().collect();
                assert_eq!(genes, child.genes, "child {k}: crossover + changes");
                for p in &bred.parents {
                    if !p.entrants.is_empty() {
                        assert!(p.entrants.contains(&p.index));
                        let score = |i: usize| b.members[i].score;
                        let best = (p.entrants.iter().map(|&i| score(i))).fold(
                            score(p.entrants[0]),
                            |a, s| {
                                if b.lower_is_better {
                                    a.min(s)
                                } else {
                                    a.max(s)
                                }
                            },
                        );
                        // A tournament picks the best entrant (the default, uniform,
                        // diversity bonus shifts every score alike).
                        assert_eq!(score(p.index), best, "child {k}: {}", p.rule);
                    }
                }
                if let Some(cross) = &bred.crossover {
                    for (i, &from) in cross.from.iter().enumerate() {
                        if from < 2 {
                            let parent = &b.members[bred.parents[from as usize].index];
                            if b.gene_name.starts_with("a square") && from == 1 {
                                // A path's segment is grafted where it stays legal: the
                                // square is parent 2's, maybe at another place.
                                assert!(
                                    parent.genes.contains(&bred.crossed[i]),
                                    "child {k} gene {i}"
                                );
                            } else {
                                assert_eq!(bred.crossed[i], parent.genes[i], "child {k} gene {i}");
                            }
                        }
                        assert!(from <= NEW);
                    }
                }
            }
        }
    }
}

/// The next generation recorded is the one the solver scores next (in the order it ranks
/// them, when it `sorts` them by score first, lowest first and stably).
fn check_next(b: &Breeding, next: &Breeding, sorts: bool) {
    assert_eq!(next.generation, b.generation + 1);
    assert_eq!(b.children.len(), next.members.len());
    let mut children: Vec<_> = b.children.iter().collect();
    if sorts {
        children.sort_by(|x, y| x.score.total_cmp(&y.score));
    }
    for (c, m) in children.into_iter().zip(&next.members) {
        assert_eq!(c.genes, m.genes);
        assert_eq!(c.score, m.score);
        assert_eq!(c.shown, m.shown);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn knight_levels_record_their_own_breeding(
        side in 5u64..=7,
        level in 1u8..=3,
        seed in 0u64..1000,
        generation in 1u64..=25,
        fewest in any::<bool>(),
    ) {
        const SORTS: bool = false;
        let job = knight(side, level, seed, if fewest { "fewest-onward" } else { "most-onward" });
        let board = Board::new(side, side).unwrap();
        let Some(b) = bred(&job, generation) else {
            // The run found a tour earlier: nothing to look at.
            return Ok(());
        };
        prop_assert_eq!(b.generation, generation);
        for m in &b.members {
            board.validate_path(&m.shown).unwrap();
            prop_assert_eq!(m.shown[0], 0);
            let len = m.shown.len() as f64;
            if level == 1 {
                // Level 1's fitness: 10 per square and 5 per move.
                prop_assert_eq!(m.score, 10.0 * len + 5.0 * (len - 1.0));
            } else {
                prop_assert!(m.score >= 10.0 * len + 5.0 * (len - 1.0));
            }
        }
        if b.children.is_empty() {
            // This generation held a tour: the run stopped without breeding.
            prop_assert!(b.members.iter().any(|m| m.shown.len() as u64 == side * side));
            return Ok(());
        }
        check_lineage(&b);
        for c in &b.children {
            board.validate_path(&c.shown).unwrap();
        }
        if level == 3 {
            prop_assert!(!b.remarks.is_empty(), "level 3 says what its belief space learned");
        }
        if let Some(next) = bred(&job, generation + 1) {
            check_next(&b, &next, SORTS);
        }
    }

    #[test]
    fn the_magic_ga_records_its_own_breeding(
        order in 3u64..=5,
        seed in 0u64..1000,
        generation in 0u64..=30,
        inversion in any::<bool>(),
    ) {
        const SORTS: bool = true;
        let crossover = if inversion { "inversion" } else { "pmx" };
        let job = Job::Magic(MagicJob {
            order,
            seed,
            budget: Budget::unlimited(),
            task: MagicTask::Solve {
                algorithm: "ga".parse().unwrap(),
                params: vec![
                    ("crossover".into(), crossover.into()),
                    ("population".into(), "12".into()),
                ],
            },
        });
        let Some(b) = bred(&job, generation) else {
            return Ok(());
        };
        let n = order as usize;
        for m in b.members.iter().map(|m| (&m.genes, m.score)).chain(b.children.iter().map(|c| (&c.genes, c.score))) {
            prop_assert_eq!(m.1, line_error(n, m.0) as f64);
        }
        check_lineage(&b);
        for c in &b.children {
            if let Origin::Bred(bred) = &c.origin {
                // The crossover is the published operator, applied to the parents at the
                // recorded point.
                let (p, q) = (&b.members[bred.parents[0].index].genes, &b.members[bred.parents[1].index].genes);
                let k = bred.crossover.as_ref().unwrap().points[0];
                let made = if inversion { inversion_crossover(p, q, k) } else { pmx(p, q, k) };
                prop_assert!(bred.crossed == made.0 || bred.crossed == made.1);
            }
        }
        if let Some(next) = bred(&job, generation + 1) {
            check_next(&b, &next, SORTS);
        }
    }

    #[test]
    fn the_queens_cultural_algorithm_records_its_own_breeding(
        n in 6u64..=12,
        seed in 0u64..1000,
        generation in 1u64..=8,
    ) {
        const SORTS: bool = true;
        let job = Job::Queens(QueensJob {
            n,
            seed,
            budget: Budget::unlimited(),
            threads: Some(1),
            task: QueensTask::Solve {
                algorithm: "cultural".parse().unwrap(),
                params: vec![("population".into(), "20".into()), ("heuristic".into(), "h1".into())],
            },
        });
        let Some(b) = bred(&job, generation) else {
            return Ok(());
        };
        for (rows, score) in b.members.iter().map(|m| (&m.genes, m.score)).chain(b.children.iter().map(|c| (&c.genes, c.score))) {
            prop_assert_eq!(score, conflicts(rows) as f64);
        }
        check_lineage(&b);
        for c in &b.children {
            if let Origin::Bred(bred) = &c.origin {
                prop_assert_eq!(bred.parents.len(), 1);
                prop_assert!(bred.parents[0].index < b.members.len() / 2, "a parent from the top half");
                prop_assert_eq!(bred.changes.len(), 1, "one column changed");
            }
        }
        if let Some(next) = bred(&job, generation + 1) {
            check_next(&b, &next, SORTS);
        }
    }

    #[test]
    fn level4_records_its_own_breeding(
        // Level 4 tours boards up to about 12x12 in its first generation.
        side in 16u64..=24,
        seed in 0u64..1000,
        generation in 1u64..=2,
    ) {
        let job = knight_with(side, "level4", seed, vec![]);
        let board = Board::new(side, side).unwrap();
        let Some(b) = bred(&job, generation) else {
            return Ok(());
        };
        for m in b.members.iter().map(|m| &m.shown).chain(b.children.iter().map(|c| &c.shown)) {
            board.validate_path(m).unwrap();
            prop_assert_eq!(m[0], 0);
        }
        if b.children.is_empty() {
            return Ok(());
        }
        check_lineage(&b);
        for c in &b.children {
            if let Origin::Bred(bred) = &c.origin {
                // Parent 1's first squares open the child, as the cut says.
                let cut = bred.crossover.as_ref().unwrap().points[0];
                let p1 = &b.members[bred.parents[0].index].genes;
                prop_assert_eq!(&bred.crossed[..cut], &p1[..cut]);
            }
        }
        if generation < 20 && let Some(next) = bred(&job, generation + 1) {
            check_next(&b, &next, SORTS);
        }
        const SORTS: bool = false;
    }

    #[test]
    fn the_move_gas_record_their_own_breeding(
        side in 6u64..=8,
        heuristic in any::<bool>(),
        seed in 0u64..1000,
        generation in 1u64..=10,
    ) {
        const SORTS: bool = false;
        let id = if heuristic { "ga-heuristic" } else { "ga-repair" };
        let job = knight_with(side, id, seed, vec![("mutation_rate".into(), "0.05".into())]);
        let board = Board::new(side, side).unwrap();
        let Some(b) = bred(&job, generation) else {
            return Ok(());
        };
        for (shown, score) in b.members.iter().map(|m| (&m.shown, m.score)).chain(b.children.iter().map(|c| (&c.shown, c.score))) {
            board.validate_path(shown).unwrap();
            // The fitness is the legal moves made.
            prop_assert_eq!(score, (shown.len() - 1) as f64);
        }
        check_lineage(&b);
        // Evaluation repairs the genes of children their crossover made illegal.
        let repaired = |c: &searchlab::solve::microscope::Child| matches!(&c.origin, Origin::Bred(x) if x.changes.iter().any(|c| c.kind == ChangeKind::Repair));
        prop_assert!(b.children.iter().any(repaired));
        if let Some(next) = bred(&job, generation + 1) {
            check_next(&b, &next, SORTS);
        }
    }
}

#[test]
fn looking_past_the_end_says_where_the_run_ended() {
    // Level 3 with Warnsdorff's rule as its repair tours 5x5 from a corner at once.
    let job = knight(5, 3, 1, "fewest-onward");
    match look(&job, 500) {
        Looked::Ended { last } => assert!(last < 500, "{last}"),
        Looked::Bred(b) => panic!("generation {} bred", b.generation),
    }
}

#[test]
fn the_microscope_refuses_what_it_cannot_look_into() {
    let mut job = knight(8, 1, 1, "most-onward");
    if let Job::Knight(j) = &mut job {
        j.task = KnightTask::Solve {
            algorithm: "warnsdorff".parse().unwrap(),
            params: vec![],
            fallback: false,
        };
    }
    let err = MicroscopeJob { job, generation: 1 }
        .check()
        .unwrap_err()
        .to_string();
    assert!(err.contains("evolutionary algorithms"), "{err}");
    // A record of two generations of 200 individuals on 100x100 is too big.
    let mut big = knight(100, 1, 1, "most-onward");
    if let Job::Knight(j) = &mut big {
        j.task = KnightTask::Solve {
            algorithm: "level1".parse().unwrap(),
            params: vec![("population".into(), "200".into())],
            fallback: false,
        };
    }
    let err = MicroscopeJob {
        job: big,
        generation: 1,
    }
    .check()
    .unwrap_err()
    .to_string();
    assert!(err.contains("lower the population"), "{err}");
}
