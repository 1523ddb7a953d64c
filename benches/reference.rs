//! Min-conflicts against the C program of the same method (`benches/reference/
//! minconflicts.c`), run side by side: `cargo bench --bench reference` (or with sizes:
//! `cargo bench --bench reference -- 1000000`).
//!
//! It builds the C program twice with `cc -O2` (`$CC` if set): with a 32-bit count per
//! diagonal, and with the diagonals kept as the Rust solver keeps them (`-DLINE_BITS`).
//! For each size and seed, in turn: the C program's own search time (it prints it), the
//! Rust solver's (`min_conflicts::solve`, timed here, its answer checked by
//! `puzzle::queens` afterwards); then the whole processes: the C program's, and
//! `searchlab queens solve --n N --seed S --json` printing every row. The machine is
//! shared, so the runs are interleaved and the medians compared.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use searchlab::puzzle::queens::validate;
use searchlab::solve::queens::min_conflicts::{self, Config};
use searchlab::solve::{Budget, Control, Stop, rng_from_seed};

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    let m = xs.len() / 2;
    if xs.len() % 2 == 1 {
        xs[m]
    } else {
        f64::midpoint(xs[m - 1], xs[m])
    }
}

/// Builds the C reference with `flags` into the bench's scratch folder.
fn build_c(name: &str, flags: &[&str]) -> Result<std::path::PathBuf, String> {
    let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let source = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/reference/minconflicts.c"
    );
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let status = Command::new(&cc)
        .args(["-O2", "-o"])
        .arg(&out)
        .args(flags)
        .arg(source)
        .status()
        .map_err(|e| format!("cannot run {cc}: {e}"))?;
    status
        .success()
        .then_some(out)
        .ok_or_else(|| format!("{cc} failed on {source}"))
}

/// Runs the C program: its search time (it prints "solved in T ms") and the process's.
fn run_c(program: &std::path::Path, n: usize, seed: u64) -> (f64, f64) {
    let start = Instant::now();
    let out = Command::new(program)
        .args([n.to_string(), seed.to_string()])
        .output()
        .expect("the C program runs");
    let wall = start.elapsed().as_secs_f64() * 1e3;
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let ms = text
        .split("solved in ")
        .nth(1)
        .and_then(|t| t.trim().trim_end_matches("ms").trim().parse().ok())
        .expect("the C program prints its time");
    (ms, wall)
}

/// The Rust solver's time on `n` queens from `seed`, its answer checked after.
fn run_rust(n: usize, seed: u64) -> f64 {
    let mut ctl = Control::quiet(Budget::unlimited());
    let start = Instant::now();
    let o = min_conflicts::solve(n, &Config::default(), &mut rng_from_seed(seed), &mut ctl);
    let ms = start.elapsed().as_secs_f64() * 1e3;
    assert_eq!(o.stop, Stop::Found);
    assert_eq!(validate(n, &o.rows), Ok(()));
    ms
}

/// The whole `searchlab queens solve --json` process, its output thrown away.
fn run_process(n: usize, seed: u64) -> f64 {
    let start = Instant::now();
    let status = Command::new(env!("CARGO_BIN_EXE_searchlab"))
        .args(["queens", "solve", "--n", &n.to_string()])
        .args(["--seed", &seed.to_string(), "--json"])
        .stdout(Stdio::null())
        .status()
        .expect("searchlab runs");
    assert!(status.success());
    start.elapsed().as_secs_f64() * 1e3
}

fn main() {
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes = if sizes.is_empty() {
        vec![1_000_000, 10_000_000]
    } else {
        sizes
    };
    let (counts, bits) = match (
        build_c("minconflicts-counts", &[]),
        build_c("minconflicts-bits", &["-DLINE_BITS"]),
    ) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("no C compiler, no comparison: {e}");
            return;
        }
    };
    println!("min-conflicts against C, medians of runs interleaved (ms); ratio = Rust / C");
    println!(
        "{:>16} | {:^40} | {:^54}",
        "", "the search alone", "the whole process (Rust: --json, every row)"
    );
    println!(
        "{:>10} {:>5} | {:>9} {:>9} {:>9} {:>6} {:>6} | {:>9} {:>9} {:>9} {:>6} {:>6}",
        "queens",
        "seeds",
        "C counts",
        "C bits",
        "Rust",
        "/cnt",
        "/bits",
        "C counts",
        "C bits",
        "Rust",
        "/cnt",
        "/bits"
    );
    for n in sizes {
        let seeds = if n >= 5_000_000 { 5 } else { 11 };
        let mut rows: [Vec<f64>; 6] = Default::default();
        for seed in 1..=seeds {
            let (c_ms, c_wall) = run_c(&counts, n, seed);
            let (b_ms, b_wall) = run_c(&bits, n, seed);
            let r_ms = run_rust(n, seed);
            let r_wall = run_process(n, seed);
            for (row, x) in rows
                .iter_mut()
                .zip([c_ms, b_ms, r_ms, c_wall, b_wall, r_wall])
            {
                row.push(x);
            }
            // Let the freed memory go back before the next run.
            std::thread::sleep(Duration::from_millis(50));
        }
        let [c, b, r, cw, bw, rw] = rows.map(median);
        println!(
            "{n:>10} {seeds:>5} | {c:>9.1} {b:>9.1} {r:>9.1} {:>6.2} {:>6.2} | {cw:>9.1} {bw:>9.1} {rw:>9.1} {:>6.2} {:>6.2}",
            r / c,
            r / b,
            rw / cw,
            rw / bw
        );
    }
}
