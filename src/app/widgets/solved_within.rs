//! A run-time distribution plot: for each series (an algorithm, a table's row), the share
//! of its trials solved within each time or number of steps, on a log axis, as a staircase
//! that steps up where a trial was solved. Compare draws it from every trial, Experiments
//! from each row's distribution in whole percents.

use egui::{Color32, Ui};
use egui_plot::{Legend, Line, Plot, PlotPoints};

/// One series: its name and colour (the legend's), where its share solved steps up (the
/// measure, and the share from 0 to 1 reached there) and the share it ends at.
pub struct Series {
    /// As the legend names it.
    pub name: String,
    /// Its line's colour.
    pub colour: Color32,
    /// `(measure, share)` at each step up, the measures ascending.
    pub steps: Vec<(f64, f64)>,
    /// The share solved at all.
    pub solved: f64,
}

/// What the axis measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Measure {
    /// Milliseconds.
    #[default]
    Time,
    /// The units of work each solver counts.
    Steps,
}

impl Measure {
    /// The smallest measure the log axis shows (a trial solved in no time is drawn there).
    fn floor(self) -> f64 {
        match self {
            Measure::Time => 1e-3,
            Measure::Steps => 1.0,
        }
    }
}

/// Draws `series` on a plot `id` of `height` whose x axis runs up to `longest` (the
/// longest trial, solved or not); its rectangle.
pub fn plot(
    ui: &mut Ui,
    id: &str,
    series: &[Series],
    measure: Measure,
    longest: f64,
    height: f32,
) -> egui::Rect {
    let low = measure.floor().log10();
    // A little room to the right of the last step up.
    let high = (longest.max(measure.floor()).log10() + 0.2).max(low + 1.0);
    let unit = match measure {
        Measure::Time => "time (log scale)",
        Measure::Steps => "steps (log scale)",
    };
    Plot::new(id)
        .height(height)
        // Bottom right, where the curves have risen by the end: they stay in sight.
        .legend(Legend::default().position(egui_plot::Corner::RightBottom))
        .x_axis_label(unit)
        .y_axis_label("trials solved (%)")
        .include_y(0.0)
        .include_y(100.0)
        .include_x(low)
        .include_x(high)
        .allow_scroll(false)
        .x_grid_spacer(egui_plot::uniform_grid_spacer(|_| [1.0, 2.0, 5.0]))
        .x_axis_formatter(move |mark, _| {
            let k = mark.value.round();
            if (mark.value - k).abs() > 1e-6 {
                return String::new();
            }
            let x = 10f64.powi(k as i32);
            match measure {
                Measure::Time if x >= 1000.0 => format!("{} s", x / 1000.0),
                Measure::Time => format!("{x} ms"),
                Measure::Steps => format!("{x}"),
            }
        })
        .show(ui, |plot| {
            for s in series {
                plot.line(
                    // A staircase's risers share an x: drawn as lines, not as bands
                    // (egui_plot fills what it takes for many points to a pixel).
                    Line::new(s.name.clone(), PlotPoints::from(staircase(s, low, high)))
                        .color(s.colour)
                        .allow_band(false),
                );
            }
        })
        .response
        .rect
}

/// A series as points from `low` to `high` (log10 of the measure), in percent, no point
/// twice in a row and each straight stretch by its ends only (trials solved at the same
/// measure make one step; a line through a point repeated is drawn askew).
fn staircase(s: &Series, low: f64, high: f64) -> Vec<[f64; 2]> {
    let mut points: Vec<[f64; 2]> = vec![[low, 0.0]];
    let mut push = |p: [f64; 2]| {
        let n = points.len();
        if points[n - 1] == p {
            return;
        }
        // Along the same line as the last two: the last point goes.
        if n >= 2 {
            let (a, b) = (points[n - 2], points[n - 1]);
            if (a[0] == b[0] && b[0] == p[0]) || (a[1] == b[1] && b[1] == p[1]) {
                points[n - 1] = p;
                return;
            }
        }
        points.push(p);
    };
    let mut share = 0.0;
    for &(x, to) in &s.steps {
        let at = x.max(10f64.powf(low)).log10().min(high);
        push([at, 100.0 * share]);
        push([at, 100.0 * to]);
        share = to;
    }
    push([high, 100.0 * s.solved]);
    points
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_staircase_steps_up_where_trials_were_solved() {
        let s = Series {
            name: "a".into(),
            colour: Color32::WHITE,
            steps: vec![(1.0, 0.2), (100.0, 0.6)],
            solved: 0.6,
        };
        // Three trials at the same measure make one step; the last ends at the axis's end.
        let same = Series {
            steps: vec![(64.0, 1.0 / 3.0), (64.0, 2.0 / 3.0), (64.0, 1.0)],
            solved: 1.0,
            name: "b".into(),
            colour: Color32::WHITE,
        };
        let at = 64f64.log10();
        assert_eq!(
            staircase(&same, 0.0, at),
            [[0.0, 0.0], [at, 0.0], [at, 100.0]]
        );
        assert_eq!(
            staircase(&s, -3.0, 3.0),
            [
                [-3.0, 0.0],
                [0.0, 0.0],
                [0.0, 20.0],
                [2.0, 20.0],
                [2.0, 60.0],
                [3.0, 60.0]
            ]
        );
    }
}
