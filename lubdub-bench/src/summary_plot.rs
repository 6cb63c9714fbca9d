//! The summary picture of a section of summarized experiments
//! ([`crate::experiment::Experiment::summarized`]): a row per experiment
//! and size, and in it a dot per variant and thread count at that
//! variant's median over the baseline's, on a log scale with the baseline
//! at 1.

use std::path::Path;

use plotters::prelude::*;

use crate::experiment::{BASELINE, SEQUENTIAL};
use crate::format::fmt_num;
use crate::palette::COLORS;
use crate::report::Cell;
use crate::table::groups;

/// Width of the label column on the left, in pixels.
const LABELS: u32 = 260;

/// Height of the legend strip at the bottom, in pixels.
const LEGEND: u32 = 36;

/// One dot series: a variant at a thread count, and its ratio in each row
/// (`None` where it was not measured).
#[derive(Debug, PartialEq)]
struct Series {
    name: String,
    ratios: Vec<Option<f64>>,
}

/// The rows' headings and the series of `section` (cells of summarized
/// experiments), every variant but the baseline, in the order measured.
fn series(section: &[&Cell]) -> (Vec<String>, Vec<Series>) {
    let rows = groups(section.iter().copied());
    let headings = rows.iter().map(|group| group[0].heading()).collect();
    let mut series: Vec<Series> = Vec::new();
    for (row, group) in rows.iter().enumerate() {
        for cell in group {
            for r in &cell.results {
                if r.variant == BASELINE || r.variant == SEQUENTIAL {
                    continue;
                }
                let name = match cell.threads {
                    1 => format!("{}, 1 thread", r.variant),
                    n => format!("{}, {n} threads", r.variant),
                };
                let index = match series.iter().position(|s| s.name == name) {
                    Some(index) => index,
                    None => {
                        series.push(Series {
                            name,
                            ratios: vec![None; rows.len()],
                        });
                        series.len() - 1
                    }
                };
                series[index].ratios[row] = r.ratio_to_baseline;
            }
        }
    }
    (headings, series)
}

/// Draws the summary of `section` into the SVG file `path`.
///
/// # Errors
/// When there is no positive ratio to draw, or the file cannot be written.
pub fn draw(
    section: &[&Cell],
    heading: &str,
    path: &Path,
) -> Result<(), Box<dyn std::error::Error>> {
    let (headings, series) = series(section);
    let ratios = || {
        series
            .iter()
            .flat_map(|s| s.ratios.iter().flatten().copied())
    };
    let (lo, hi) = ratios().fold((1.0f64, 1.0f64), |(lo, hi), r| (lo.min(r), hi.max(r)));
    if ratios().next().is_none() || lo <= 0.0 {
        return Err("no positive ratios to draw on a log scale".into());
    }
    let rows = headings.len();
    let height = 150 + 34 * rows as u32;
    let root = SVGBackend::new(path, (1000, height)).into_drawing_area();
    root.fill(&WHITE)?;
    let (upper, legend) = root.split_vertically(height - LEGEND);
    let (labels, main) = upper.split_horizontally(LABELS);
    let mut chart = ChartBuilder::on(&main)
        .caption(heading, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(40)
        .build_cartesian_2d((lo / 1.25..hi * 1.25).log_scale(), -0.5..rows as f64 - 0.5)?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .y_labels(0)
        .x_desc("median ÷ baseline median (log scale; left of 1 is faster)")
        .x_label_formatter(&|x| fmt_num(*x))
        .draw()?;
    // Row i from the top: the first experiment measured is drawn highest.
    let y_of = |row: usize| (rows - 1 - row) as f64;
    chart.draw_series(std::iter::once(PathElement::new(
        vec![(1.0, -0.5), (1.0, rows as f64 - 0.5)],
        BLACK.stroke_width(1),
    )))?;
    let count = series.len() as f64;
    let text = ("sans-serif", 15).into_font().color(&BLACK);
    for (index, s) in series.iter().enumerate() {
        let color = COLORS[(index + 1) % COLORS.len()].to_rgba();
        let offset = (index as f64 - (count - 1.0) / 2.0) * 0.7 / count.max(1.0);
        let points = s
            .ratios
            .iter()
            .enumerate()
            .filter_map(|(row, r)| r.map(|r| (r, y_of(row) + offset)));
        chart.draw_series(points.map(|p| Circle::new(p, 5, color.filled())))?;
        // The legend, in a strip under the chart: a dot and the name.
        let x = LABELS as i32 + 200 * index as i32;
        legend.draw(&Circle::new((x, 16), 5, color.filled()))?;
        legend.draw(&Text::new(s.name.as_str(), (x + 12, 8), text.clone()))?;
    }
    for (row, heading) in headings.iter().enumerate() {
        let (_, y) = chart.backend_coord(&(1.0, y_of(row)));
        labels.draw(&Text::new(heading.as_str(), (8, y - 8), text.clone()))?;
    }
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::examples::{PROGRAM_A, PROGRAM_B};
    use crate::harness::Measurement;

    fn cell(experiment: crate::experiment::Experiment, threads: usize, ns: [f64; 3]) -> Cell {
        let measured = ["sequential", "lubdub", "rayon"]
            .iter()
            .zip(ns)
            .map(|(variant, ns)| Measurement {
                variant: (*variant).to_owned(),
                reps_per_sample: 1,
                ns_per_rep: vec![ns],
                profile: None,
                trace: None,
            })
            .collect();
        Cell::new(experiment, 10, threads, 1.0, measured)
    }

    #[test]
    fn a_series_per_variant_and_thread_count_a_row_per_experiment() {
        let cells = [
            cell(PROGRAM_A, 1, [10.0, 10.0, 20.0]),
            cell(PROGRAM_A, 2, [10.0, 5.0, 20.0]),
            cell(PROGRAM_B, 1, [10.0, 40.0, 10.0]),
        ];
        let section: Vec<&Cell> = cells.iter().collect();
        let (headings, series) = series(&section);
        assert_eq!(
            headings,
            ["program-a, n = 10 items", "program-b, n = 10 items"]
        );
        let names: Vec<&str> = series.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "lubdub, 1 thread",
                "rayon, 1 thread",
                "lubdub, 2 threads",
                "rayon, 2 threads"
            ]
        );
        assert_eq!(series[0].ratios, [Some(1.0), Some(4.0)]);
        assert_eq!(series[2].ratios, [Some(0.5), None]);
    }

    #[test]
    fn an_svg_is_written_with_every_row_and_series() {
        let cells = [
            cell(PROGRAM_A, 1, [10.0, 10.0, 20.0]),
            cell(PROGRAM_B, 2, [10.0, 40.0, 10.0]),
        ];
        let section: Vec<&Cell> = cells.iter().collect();
        let path =
            std::env::temp_dir().join(format!("lubdub-bench-summary-{}.svg", std::process::id()));
        draw(&section, "programs", &path).unwrap();
        let svg = std::fs::read_to_string(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        for text in [
            "program-a",
            "program-b",
            "lubdub, 2 threads",
            "rayon, 1 thread",
        ] {
            assert!(svg.contains(text), "the plot lacks {text:?}");
        }
        assert!(svg.matches("<circle").count() >= 4);
    }

    #[test]
    fn nothing_to_draw_is_an_error() {
        let path = std::env::temp_dir().join("lubdub-bench-never-written-summary.svg");
        assert!(draw(&[], "programs", &path).is_err());
    }
}
