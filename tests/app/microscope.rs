//! The GA microscope in the app: a generation of an evolutionary run looked at, a child of
//! the next chosen, and what the view says of it checked against the record, which
//! `tests/microscope.rs` checks against the solver and the puzzles' rules.

use super::Tabs;
use super::harness;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use searchlab::app::SearchLabApp;
use searchlab::app::mode::Mode;
use searchlab::solve::microscope::{ChangeKind, Origin};
use std::time::{Duration, Instant};

fn until_looked(h: &mut Harness<'static, SearchLabApp>) {
    let deadline = Instant::now() + Duration::from_secs(20);
    h.step();
    // Until the look is made: the worker may not have begun at the first frame.
    while (h.state_mut().knight_mut().microscope_mut().busy()
        || h.state_mut()
            .knight_mut()
            .microscope_mut()
            .looked_at()
            .is_none())
        && Instant::now() < deadline
    {
        std::thread::sleep(Duration::from_millis(5));
        h.step();
    }
    h.run();
}

/// Level 1 on 6x6, the microscope opened on it and its look made.
fn looked_at_level1_6x6() -> Harness<'static, SearchLabApp> {
    let mut h = harness();
    h.state_mut().knight_mut().settings.algorithm = "level1".parse().unwrap();
    h.run();
    h.get_by_label("6×6").click();
    h.run();
    h.get_by_label("GA microscope").scroll_to_me();
    h.run();
    h.get_by_label("GA microscope").click();
    until_looked(&mut h);
    h
}

#[test]
fn the_microscope_tells_how_a_child_was_bred() {
    // Before any run it opens at generation 1.
    let mut h = looked_at_level1_6x6();
    let m = h.state_mut().knight_mut().microscope_mut();
    assert_eq!(m.looked_at(), Some(1));
    let b = m.breeding().expect("generation 1 bred").clone();
    assert_eq!(b.members.len(), 30, "the default population");
    // The first bred child that a mutation changed.
    let k = (b.children.iter())
        .position(|c| {
            matches!(&c.origin, Origin::Bred(x) if x.changes.iter().any(|c| c.kind == ChangeKind::Mutation))
        })
        .expect("a mutated child among 28 bred at rate 0.3");
    m.set_child(k);
    h.run();
    let Origin::Bred(bred) = &b.children[k].origin else {
        unreachable!()
    };
    let p1 = bred.parents[0].index;
    // The story names the parents, the tournament, the crossover's genes and the mutation.
    h.get_by_label_contains(&format!("Parent 1: member #{p1} (fitness"));
    assert!(
        h.query_all_by_label_contains("won a tournament of 3, on fitness against")
            .next()
            .is_some()
    );
    let cut = &bred.crossover.as_ref().unwrap().points;
    h.get_by_label_contains(&format!(
        "Crossover: two-point: genes {} to {}",
        cut[0],
        cut[1] - 1
    ));
    let m = bred
        .changes
        .iter()
        .find(|c| c.kind == ChangeKind::Mutation)
        .unwrap();
    h.get_by_label_contains(&format!(
        "gene {}: {} → {}",
        m.position,
        m.from.unwrap(),
        m.to.unwrap()
    ));
    // "Later ▶" looks at the next generation.
    h.get_by_label("Later ▶").click();
    until_looked(&mut h);
    assert_eq!(
        h.state_mut().knight_mut().microscope_mut().looked_at(),
        Some(2)
    );
    // The switch goes back to the run.
    h.get_by_label("The run").click();
    h.run();
    assert_eq!(h.state().knight().mode(), Mode::Run);
}

#[test]
fn the_microscope_is_offered_only_where_it_can_look() {
    let mut h = harness();
    for id in ["level4", "ga-repair", "ga-heuristic"] {
        h.state_mut().knight_mut().settings.algorithm = id.parse().unwrap();
        h.run();
        assert!(!super::is_disabled(&h, "GA microscope"), "{id}");
    }
    h.state_mut().knight_mut().settings.algorithm = "warnsdorff".parse().unwrap();
    h.run();
    assert!(h.query_all_by_label("GA microscope").next().is_none());
}

#[test]
fn snapshot_microscope_level3_8x8() {
    // Level 3 on 8x8 for its 100 generations, then the microscope on generation 99: the
    // first child a mutation changed.
    let mut h = harness();
    h.state_mut().knight_mut().settings.algorithm = "level3".parse().unwrap();
    h.state_mut().knight_mut().settings.speed = searchlab::app::knight::INSTANT;
    h.run();
    h.get_by_label("▶ Run").click();
    super::step_until_idle(&mut h, Duration::from_secs(10));
    h.get_by_label("GA microscope").scroll_to_me();
    h.run();
    h.get_by_label("GA microscope").click();
    until_looked(&mut h);
    assert_eq!(
        h.state_mut().knight_mut().microscope_mut().looked_at(),
        Some(99)
    );
    h.get_by_label("A mutated child").click();
    h.run();
    let m = h.state_mut().knight_mut().microscope_mut();
    let k = m.child();
    let Origin::Bred(bred) = &m.breeding().unwrap().children[k].origin else {
        panic!("child {k} was not bred");
    };
    assert!(bred.changes.iter().any(|c| c.kind == ChangeKind::Mutation));
    super::snapshot(&mut h, "microscope_level3_8x8");
}

#[test]
fn tournament_guesses_are_scored_against_the_member_that_won() {
    let mut h = looked_at_level1_6x6();
    h.get_by_label("Your guess").click();
    h.run();
    let b = h
        .state_mut()
        .knight_mut()
        .microscope_mut()
        .breeding()
        .unwrap()
        .clone();
    // A bred child whose first parent won a tournament against another member.
    let (k, p) = (b.children.iter().enumerate())
        .find_map(|(k, c)| match &c.origin {
            Origin::Bred(x)
                if x.parents[0]
                    .entrants
                    .iter()
                    .any(|&e| e != x.parents[0].index) =>
            {
                Some((k, x.parents[0].clone()))
            }
            _ => None,
        })
        .expect("a tournament with two members");
    h.state_mut().knight_mut().microscope_mut().set_child(k);
    h.run();
    h.get_by_label_contains("Your guess: parent 1 comes from a tournament of 3");
    // The winner has the best fitness of the entrants (higher is better for level 1).
    let best = (p.entrants.iter())
        .map(|&e| b.members[e].score)
        .fold(f64::MIN, f64::max);
    assert_eq!(b.members[p.index].score, best);
    // A loser first (when the tournament had one with a worse score), on another child the
    // winner.
    let loser = p
        .entrants
        .iter()
        .copied()
        .find(|&e| b.members[e].score < best);
    let pick = loser.unwrap_or(p.index);
    h.get_by_label(&format!("#{pick}")).click();
    h.run();
    let (right, made) = h.state_mut().knight_mut().microscope_mut().guess_score();
    assert_eq!(made, 1);
    assert_eq!(right, usize::from(loser.is_none()));
    if loser.is_some() {
        h.get_by_label_contains(&format!("Not #{pick}: parent 1 is member #{}", p.index));
    } else {
        h.get_by_label_contains("Right! parent 1 is member");
    }
    h.get_by_label_contains(&format!("Tournament guesses: {right} of 1 right"));
    // Another run (another seed) asks its tournaments afresh; the session's score stays.
    h.state_mut().knight_mut().settings.seed = 2;
    h.get_by_role_and_label(egui::accesskit::Role::Button, "GA microscope")
        .click();
    until_looked(&mut h);
    let b = h
        .state_mut()
        .knight_mut()
        .microscope_mut()
        .breeding()
        .unwrap()
        .clone();
    let k2 = (b.children.iter())
        .position(|c| matches!(&c.origin, Origin::Bred(x) if x.parents[0].entrants.iter().any(|&e| e != x.parents[0].index)))
        .unwrap();
    h.state_mut().knight_mut().microscope_mut().set_child(k2);
    h.run();
    h.get_by_label_contains("Your guess: parent 1 comes from a tournament of 3");
    assert_eq!(
        h.state_mut().knight_mut().microscope_mut().guess_score().1,
        1
    );
}

#[test]
fn the_microscope_is_about_the_run_on_the_tab_or_not_shown() {
    let mut h = looked_at_level1_6x6();
    assert!(
        h.state_mut()
            .knight_mut()
            .microscope_mut()
            .looked_at()
            .is_some()
    );
    h.get_by_label("Look");
    // Another algorithm, which the microscope does not look into: the run's view comes
    // back, and the switch back to it is not needed.
    h.state_mut().knight_mut().settings.algorithm = "warnsdorff".parse().unwrap();
    h.run();
    assert!(
        h.query_by_label("Look").is_none(),
        "the microscope stayed on show for Warnsdorff"
    );
    h.get_by_label("▶ Run");
    // Back to the GA on another board: the look at the 6x6 run is gone, not drawn on 8x8.
    h.state_mut().knight_mut().settings.algorithm = "level1".parse().unwrap();
    h.get_by_label("8×8").click();
    h.run();
    assert_eq!(
        h.state_mut().knight_mut().microscope_mut().looked_at(),
        None
    );
    assert!(
        h.state_mut()
            .knight_mut()
            .microscope_mut()
            .breeding()
            .is_none()
    );
}
