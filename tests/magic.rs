//! Magic squares through the real binary: constructions checked by `puzzle::magic`, counts
//! against the literature (8 of order 3; 880 up to symmetry, 7,040 in all, of order 4).

use searchlab::puzzle::magic::validate;
use serde_json::Value;

mod common;
use common::searchlab;

fn json(args: &[&str]) -> (i32, Value) {
    let (code, out, err) = searchlab(args);
    let v = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out} {err}"));
    (code, v)
}

/// The square of a `construct` answer, flattened row by row.
fn cells(v: &Value) -> Vec<u32> {
    v["square"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row.as_array().unwrap().iter())
        .map(|x| x.as_u64().unwrap() as u32)
        .collect()
}

#[test]
fn constructions_are_magic_for_each_method() {
    // Odd (Siamese), singly even (LUX) and doubly even orders, small and large.
    for order in [1usize, 3, 4, 5, 6, 8, 10, 14, 99, 100, 102] {
        let o = order.to_string();
        let (code, v) = json(&["magic", "construct", "--order", &o, "--json"]);
        assert_eq!(code, 0, "{v}");
        assert_eq!(v["order"], order as u64);
        assert_eq!(v["square"].as_array().unwrap().len(), order);
        assert_eq!(validate(order, &cells(&v)), Ok(()), "order {order}");
    }
    let (code, out, _) = searchlab(&["magic", "construct", "--order", "3"]);
    assert_eq!(code, 0);
    assert!(out.contains("every line adds up to 15"), "{out}");
    assert!(out.contains("8 1 6"), "{out}");
}

#[test]
fn order_2_has_no_square_and_bad_orders_are_refused() {
    let (code, out, _) = searchlab(&["magic", "construct", "--order", "2"]);
    assert_eq!(code, 1);
    assert!(out.contains("no magic square of order 2 exists"), "{out}");
    for bad in [
        &["magic", "construct", "--order", "0"][..],
        &["magic", "construct", "--order", "5000"],
        &["magic", "count", "--order", "5"],
    ] {
        let (code, _, err) = searchlab(bad);
        assert_eq!(code, 2, "{bad:?}");
        assert!(err.contains("order"), "{err}");
    }
}

#[test]
fn counts_are_8_and_7040() {
    for (order, total) in [("1", 1), ("2", 0), ("3", 8), ("4", 7040)] {
        let (code, v) = json(&["magic", "count", "--order", order, "--json"]);
        assert_eq!(code, 0, "{v}");
        assert_eq!(v["total"], total, "order {order}");
        assert_eq!(v["complete"], true);
    }
    let (_, out, _) = searchlab(&["magic", "count", "--order", "4"]);
    assert!(
        out.contains("7040 magic squares of order 4 (880 up to rotation and reflection)"),
        "{out}"
    );
}

#[test]
fn the_ga_finds_all_eight_3x3_squares_and_repeats_itself() {
    for crossover in ["inversion", "pmx"] {
        let args = [
            "magic",
            "solve",
            "--order",
            "3",
            "--target",
            "8",
            "--crossover",
            crossover,
            "--seed",
            "5",
            "--json",
        ];
        let (code, v) = json(&args);
        assert_eq!(code, 0, "{v}");
        let squares = v["squares"].as_array().unwrap();
        assert_eq!(squares.len(), 8, "{crossover}");
        let mut seen = std::collections::HashSet::new();
        for sq in squares {
            let flat = cells(&serde_json::json!({ "square": sq }));
            assert_eq!(validate(3, &flat), Ok(()));
            assert!(seen.insert(flat), "distinct squares");
        }
        assert_eq!(
            json(&args).1["squares"],
            v["squares"],
            "same seed, same squares"
        );
    }
}

#[test]
fn the_ga_refuses_bad_parameters_and_order_2() {
    let (code, _, err) = searchlab(&["magic", "solve", "--order", "3", "--crossover", "ox"]);
    assert_eq!(code, 2);
    assert!(err.contains("inversion") && err.contains("pmx"), "{err}");
    let (code, _, err) = searchlab(&[
        "magic",
        "solve",
        "--order",
        "3",
        "--param",
        "mutation_rate=2",
    ]);
    assert_eq!(code, 2, "{err}");
    let (code, out, _) = searchlab(&["magic", "solve", "--order", "2"]);
    assert_eq!(code, 1);
    assert!(out.contains("no magic square of order 2 exists"), "{out}");
}

#[test]
fn the_construction_as_a_solver_tells_the_square_it_built_not_a_ga_s_figures() {
    let (code, out, err) = searchlab(&["magic", "solve", "--order", "5", "--algo", "construct"]);
    assert_eq!(code, 0, "{err}");
    let last = out.lines().last().unwrap_or("");
    assert!(last.starts_with("squares built 1; "), "{out}");
    assert!(!out.contains("generations"), "{out}");
    // The GA tells its own figures.
    let (_, out, _) = searchlab(&["magic", "solve", "--order", "3", "--seed", "1"]);
    let last = out.lines().last().unwrap_or("");
    assert!(
        last.starts_with("generations ") && last.contains("squares scored"),
        "{out}"
    );
}

#[test]
fn a_failed_ga_points_to_the_construction() {
    let args = [
        "magic",
        "solve",
        "--order",
        "5",
        "--param",
        "generations=50",
    ];
    let (code, out, err) = searchlab(&args);
    assert_eq!(code, 1, "{out} {err}");
    assert!(
        out.contains(
            "(the construction, --algo construct, builds a magic square of order 5 at once, by the Siamese method (odd order))"
        ),
        "{out}"
    );
}

#[test]
fn unique_counts_880_squares_of_order_4_up_to_symmetry() {
    // Frénicle de Bessy's 880 (1693); the Lo Shu alone of order 3.
    let (code, out, err) = searchlab(&["magic", "count", "--order", "4", "--unique"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.lines().next(),
        Some("880 magic squares of order 4 up to rotation and reflection (7040 in all)")
    );
    let (code, v) = json(&["magic", "count", "--order", "3", "--json"]);
    assert_eq!(code, 0);
    assert_eq!(
        (v["total"].as_u64(), v["unique"].as_u64()),
        (Some(8), Some(1))
    );
}
