//! The bench commands' tables, as text and as JSON.

use super::*;

/// `{"experiment": NAME, "rows": [...]}`.
#[derive(Serialize)]
pub(super) struct Rows<'a, R> {
    pub(super) experiment: &'a str,
    pub(super) rows: &'a [R],
}

pub(super) struct Trials {
    pub(super) name: &'static str,
    pub(super) rows: Vec<TrialsRow>,
}

impl Render for Trials {
    fn text(&self, t: &mut dyn Write) -> io::Result<()> {
        writeln!(
            t,
            "{:<12} {:>6} {:>11} {:>8} {:>10} {:>10} {:>10} {:>10} {:>6} {:>6} {:>8}",
            "algorithm",
            "board",
            "trials",
            "success",
            "mean ms",
            "median ms",
            "min ms",
            "max ms",
            "best",
            "worst",
            "gens"
        )?;
        for r in &self.rows {
            let s = &r.summary;
            let or_dash = |v: Option<f64>, f: &dyn Fn(f64) -> String| v.map_or("-".to_string(), f);
            writeln!(
                t,
                "{:<12} {:>6} {:>11} {:>8} {:>10} {:>10} {:>10} {:>10} {:>6} {:>6} {:>8}",
                r.algorithm,
                r.board,
                ran(s),
                rate(s),
                fig(s, s.mean_ms, 2),
                fig(s, s.median_ms, 2),
                fig(s, s.min_ms, 2),
                fig(s, s.max_ms, 2),
                or_dash(r.best_batch_rate, &pct),
                or_dash(r.worst_batch_rate, &pct),
                or_dash(r.mean_generations, &|g| format!("{g:.1}"))
            )?;
        }
        cut_note(self.rows.iter().map(|r| r.summary.clone()), t)?;
        writeln!(
            t,
            "best / worst: the highest and lowest success rate over whole batches of 10 trials (- with fewer than 10); gens: mean generations of the successful trials (- when none succeeded)"
        )?;
        rtd_lines(
            (self.rows.iter()).map(|r| (format!("{} {}", r.algorithm, r.board), &r.summary)),
            t,
        )
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        json_line(
            out,
            &Rows {
                experiment: self.name,
                rows: &self.rows,
            },
        )
    }

    fn success(&self) -> bool {
        true
    }

    fn csv(&self) -> Option<String> {
        Some(crate::bench::rows_csv(&self.rows))
    }
}

pub(super) struct SquaresGa(pub(super) SquaresTable);

#[derive(Serialize)]
struct SquareRowJson<'a> {
    algorithm: &'a str,
    board: &'a str,
    start: [u32; 2],
    trials: u64,
    successes: u64,
    /// `null` (as the other means) for a square whose runs were all stopped.
    success_rate: Option<f64>,
    mean_ms: Option<f64>,
    mean_generations_to_first: Option<f64>,
    tours: u64,
    evaluations: u64,
}

#[derive(Serialize)]
struct SquaresJson<'a> {
    experiment: &'static str,
    algorithm: &'a str,
    board: &'a str,
    tours: u64,
    evaluations: u64,
    hit_ratio: f64,
    elapsed_ms: f64,
    rows: Vec<SquareRowJson<'a>>,
}

impl SquaresGa {
    /// The rows as `--json` (and `--csv`) writes them.
    fn json_rows(&self) -> Vec<SquareRowJson<'_>> {
        let table = &self.0;
        (table.rows.iter())
            .map(|r| SquareRowJson {
                algorithm: &table.algorithm,
                board: &table.board,
                start: r.start,
                trials: r.runs,
                successes: r.successes,
                success_rate: (r.runs > 0).then(|| r.successes as f64 / r.runs as f64),
                mean_ms: (r.runs > 0).then_some(r.mean_ms),
                mean_generations_to_first: (r.runs > 0).then_some(r.mean_generations_to_first),
                tours: r.tours,
                evaluations: r.evaluations,
            })
            .collect()
    }
}

impl Render for SquaresGa {
    fn text(&self, t: &mut dyn Write) -> io::Result<()> {
        let table = &self.0;
        writeln!(
            t,
            "{} on {}: (average generations to the first tour, distinct tours) per start square",
            table.algorithm, table.board
        )?;
        let cols = table.rows.iter().map(|r| r.start[1]).max().unwrap_or(0) as usize + 1;
        for line in table.rows.chunks(cols) {
            let cells: Vec<String> = line
                .iter()
                .map(|r| match r.runs {
                    0 => "(-, -)".to_string(),
                    _ => format!("({:.0}, {})", r.mean_generations_to_first, r.tours),
                })
                .collect();
            writeln!(t, "{}", cells.join(", "))?;
        }
        if table.rows.iter().any(|r| r.runs == 0) {
            writeln!(
                t,
                "(-, -): no run from that square finished before the stop"
            )?;
        }
        writeln!(t, "tours found: {}", table.tours)?;
        writeln!(t, "chromosomes evaluated: {}", table.evaluations)?;
        writeln!(
            t,
            "hit ratio (tours / evaluated): {:.6} ({:.4} %)",
            table.hit_ratio,
            table.hit_ratio * 100.0
        )?;
        writeln!(
            t,
            "average tours per square: {:.1}",
            table.tours as f64 / table.rows.len().max(1) as f64
        )?;
        // Squares with no finished run have no figure to rank.
        let ran = || table.rows.iter().filter(|r| r.runs > 0);
        let max = ran().max_by_key(|r| r.tours);
        let min = ran().min_by_key(|r| r.tours);
        if let (Some(max), Some(min)) = (max, min) {
            writeln!(
                t,
                "most tours: ({}, {}) with {}; fewest: ({}, {}) with {}",
                max.start[0], max.start[1], max.tours, min.start[0], min.start[1], min.tours
            )?;
        }
        writeln!(t, "{:.0} ms in all", table.elapsed_ms)
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let table = &self.0;
        let rows = self.json_rows();
        json_line(
            out,
            &SquaresJson {
                experiment: "squares",
                algorithm: &table.algorithm,
                board: &table.board,
                tours: table.tours,
                evaluations: table.evaluations,
                hit_ratio: table.hit_ratio,
                elapsed_ms: table.elapsed_ms,
                rows,
            },
        )
    }

    fn success(&self) -> bool {
        true
    }

    fn csv(&self) -> Option<String> {
        Some(crate::bench::rows_csv(&self.json_rows()))
    }
}

pub(super) struct SquaresCount {
    pub(super) board: (u64, u64),
    pub(super) rows: Vec<CountRow>,
}

#[derive(Serialize)]
struct CountRowJson {
    algorithm: &'static str,
    start: [u32; 2],
    /// `null` for a square the run was stopped (Ctrl-C) before finishing.
    tours: Option<u64>,
    calls: Option<u64>,
    complete: bool,
    stop: crate::solve::Stop,
    elapsed_ms: Option<f64>,
}

#[derive(Serialize)]
struct CountTableJson {
    experiment: &'static str,
    algorithm: &'static str,
    board: String,
    rows: Vec<CountRowJson>,
}

impl SquaresCount {
    /// The rows as `--json` writes them.
    fn json_rows(&self) -> Vec<CountRowJson> {
        (self.rows.iter())
            .map(|r| CountRowJson {
                algorithm: "count",
                start: r.start,
                tours: r.tours,
                calls: r.calls,
                complete: r.complete,
                stop: r.stop,
                elapsed_ms: r.elapsed_ms,
            })
            .collect()
    }
}

impl Render for SquaresCount {
    fn text(&self, t: &mut dyn Write) -> io::Result<()> {
        let cols = self.board.0 as usize;
        writeln!(
            t,
            "count on {}x{}: tours per start square",
            self.board.0, self.board.1
        )?;
        for line in self.rows.chunks(cols) {
            let cells: Vec<String> = line
                .iter()
                .map(|r| match r.tours {
                    Some(t) => format!("{t:>9}{}", if r.complete { " " } else { "+" }),
                    None => format!("{:>9} ", "-"),
                })
                .collect();
            writeln!(t, "{}", cells.join(""))?;
        }
        writeln!(t, "recursive calls per start square")?;
        for line in self.rows.chunks(cols) {
            let cells: Vec<String> = line
                .iter()
                .map(|r| match r.calls {
                    Some(c) => format!("{c:>12}"),
                    None => format!("{:>12}", "-"),
                })
                .collect();
            writeln!(t, "{}", cells.join(""))?;
        }
        writeln!(t, "+: the time limit ended the count (at least this many)")?;
        if self.rows.iter().any(|r| r.tours.is_none()) {
            writeln!(t, "-: not counted, the run was stopped first")?;
        }
        Ok(())
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        let rows = self.json_rows();
        json_line(
            out,
            &CountTableJson {
                experiment: "squares",
                algorithm: "count",
                board: format!("{}x{}", self.board.0, self.board.1),
                rows,
            },
        )
    }

    fn success(&self) -> bool {
        true
    }

    fn csv(&self) -> Option<String> {
        Some(crate::bench::rows_csv(&self.json_rows()))
    }
}

pub(super) struct QueensTable {
    pub(super) rows: Vec<QueensRow>,
    pub(super) seed: u64,
}

impl Render for QueensTable {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "{:<14} {:>4} {:>11} {:>8} {:>11} {:>11} {:>11} {:>13} {:>12}",
            "algorithm",
            "n",
            "trials",
            "success",
            "mean ms",
            "median ms",
            "max ms",
            "document ms",
            "doc success"
        )?;
        for r in &self.rows {
            let s = &r.summary;
            writeln!(
                out,
                "{:<14} {:>4} {:>11} {:>8} {:>11} {:>11} {:>11} {:>13} {:>12}",
                r.algorithm,
                r.n,
                ran(s),
                rate(s),
                fig(s, s.mean_ms, 3),
                fig(s, s.median_ms, 3),
                fig(s, s.max_ms, 3),
                r.document_mean_ms
                    .map_or("—".to_string(), |m| format!("{m:.3}")),
                r.document_success_rate.map_or("—".to_string(), pct)
            )?;
        }
        cut_note(self.rows.iter().map(|r| r.summary.clone()), out)?;
        writeln!(
            out,
            "heuristic {} (best-first, hill-climbing, cultural); trial i starts every algorithm from the placement of seed {} + i",
            self.rows.first().map_or("h1", |r| r.heuristic.as_str()),
            self.seed
        )?;
        rtd_lines(
            (self.rows.iter()).map(|r| (format!("{} n={}", r.algorithm, r.n), &r.summary)),
            out,
        )
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        json_line(
            out,
            &Rows {
                experiment: "queens",
                rows: &self.rows,
            },
        )
    }

    fn success(&self) -> bool {
        true
    }

    fn csv(&self) -> Option<String> {
        Some(crate::bench::rows_csv(&self.rows))
    }
}

pub(super) struct MagicTable {
    pub(super) rows: Vec<MagicRow>,
}

impl Render for MagicTable {
    fn text(&self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(
            out,
            "{:<36} {:>6} {:>11} {:>8} {:>10} {:>10} {:>11} {:>11}",
            "ga variant",
            "order",
            "trials",
            "success",
            "median ms",
            "max ms",
            "median gen",
            "document gen"
        )?;
        for r in &self.rows {
            let s = &r.summary;
            writeln!(
                out,
                "{:<36} {:>6} {:>11} {:>8} {:>10} {:>10} {:>11} {:>11}",
                r.variant,
                r.order,
                ran(s),
                rate(s),
                fig(s, s.median_ms, 3),
                fig(s, s.max_ms, 3),
                r.median_generation
                    .map_or("—".to_string(), |g| format!("{g}")),
                r.document_generation
                    .map_or("—".to_string(), |g| g.to_string()),
            )?;
        }
        cut_note(self.rows.iter().map(|r| r.summary.clone()), out)?;
        rtd_lines(
            (self.rows.iter()).map(|r| (format!("{} {}", r.variant, r.order), &r.summary)),
            out,
        )
    }

    fn json(&self, out: &mut dyn Write) -> io::Result<()> {
        json_line(
            out,
            &Rows {
                experiment: "magic",
                rows: &self.rows,
            },
        )
    }

    fn success(&self) -> bool {
        true
    }

    fn csv(&self) -> Option<String> {
        Some(crate::bench::rows_csv(&self.rows))
    }
}
