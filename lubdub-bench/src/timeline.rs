//! Timeline pictures: one traced sample of lubdub's pool, a row per worker
//! coloured by state over time, with its promotions and steals marked. Drawn
//! from the trace of the sample the harness runs with tracing on after the
//! timed ones (`--trace`).

use std::path::Path;
use std::time::Duration;

use plotters::prelude::*;

use lubdub::trace::{Trace, TraceEventKind};
use lubdub::WorkerState;

use crate::error::Error;
use crate::harness::TracedSample;
use crate::plot::{PlotFile, PlotKind};
use crate::report::{Cell, Run};
use crate::table::groups;

/// The colour of each state, in [`WorkerState::ALL`] order.
const STATE_COLORS: [RGBColor; WorkerState::COUNT] = [
    RGBColor(44, 160, 44),   // working: green
    RGBColor(255, 187, 120), // searching: light orange
    RGBColor(220, 220, 220), // sleeping: light grey
    RGBColor(214, 39, 40),   // blocked: red
];

/// One worker's row: stretches in a state and marked events, in
/// milliseconds from the start of the window.
#[derive(Debug, Default, PartialEq)]
struct Row {
    stretches: Vec<(WorkerState, f64, f64)>,
    promotions: Vec<f64>,
    steals: Vec<f64>,
}

/// Which of a row's marked events to draw.
type EventsOfRow = fn(&Row) -> &Vec<f64>;

/// The rows of `sample`'s window: from `wall` before the trace was taken to
/// when it was taken. Stretches are clipped to the window.
fn rows(sample: &TracedSample) -> (Vec<Row>, f64) {
    let trace: &Trace = &sample.trace;
    let end = trace.taken;
    let start = end.saturating_sub(sample.wall);
    let ms = |t: Duration| t.saturating_sub(start).as_secs_f64() * 1e3;
    let rows = trace
        .workers
        .iter()
        .map(|worker| {
            let mut row = Row::default();
            for (state, from, to) in worker.states(end) {
                if to > start {
                    row.stretches.push((state, ms(from.max(start)), ms(to)));
                }
            }
            for event in worker.events.iter().filter(|e| e.time >= start) {
                match event.kind {
                    TraceEventKind::Promotion => row.promotions.push(ms(event.time)),
                    TraceEventKind::Steal { .. } => row.steals.push(ms(event.time)),
                    _ => {}
                }
            }
            row
        })
        .collect();
    (rows, ms(end))
}

/// Draws a timeline of the traced sample of the representative cell (see
/// [`crate::profiles::representative`]) of each experiment and size, into
/// `dir` as `<run stem>-<docs name>`.
///
/// # Errors
/// When a picture cannot be drawn or written.
pub fn plot_timelines(run: &Run, dir: &Path) -> Result<Vec<PlotFile>, Error> {
    let mut files = Vec::new();
    for group in groups(&run.cells) {
        let Some(cell) = crate::profiles::representative(&group) else {
            continue;
        };
        let Some((variant, sample)) = cell
            .results
            .iter()
            .find_map(|r| r.trace.as_ref().map(|t| (r.variant.as_str(), t)))
        else {
            continue;
        };
        std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
        let mut file = PlotFile {
            kind: PlotKind::Timeline,
            experiment: cell.experiment,
            size: cell.size,
            heading: format!(
                "{}: one sample of {variant} at {} threads, by worker and state",
                cell.heading(),
                cell.threads
            ),
            path: Default::default(),
        };
        file.path = dir.join(format!("{}-{}", run.file_stem(), file.docs_name()));
        draw(cell, sample, &file.heading, &file.path).map_err(|e| Error::Plot {
            path: file.path.clone(),
            message: e.to_string(),
        })?;
        files.push(file);
    }
    Ok(files)
}

fn draw(
    cell: &Cell,
    sample: &TracedSample,
    heading: &str,
    path: &Path,
) -> Result<(), Box<dyn std::error::Error>> {
    let (rows, window_ms) = rows(sample);
    if rows.is_empty() || window_ms <= 0.0 {
        return Err(format!("no traced time to draw for {}", cell.heading()).into());
    }
    let workers = rows.len() as u32;
    let height = 120 + 36 * workers.min(64);
    let root = SVGBackend::new(path, (1000, height)).into_drawing_area();
    root.fill(&WHITE)?;
    let (main, side) = root.split_horizontally(860);
    let mut chart = ChartBuilder::on(&main)
        .caption(heading, ("sans-serif", 16))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(0.0..window_ms, 0.0..f64::from(workers))?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .x_desc("ms into the sample")
        .y_desc("worker")
        // A label in the middle of each worker's band.
        .y_labels(2 * workers as usize + 1)
        .y_label_formatter(&|y| {
            let band = y - 0.5;
            if (band - band.round()).abs() < 1e-6 && band >= 0.0 {
                format!("{}", band.round())
            } else {
                String::new()
            }
        })
        .draw()?;
    let band = |i: usize, from: f64, to: f64| [(from, i as f64 + 0.1), (to, i as f64 + 0.9)];
    for (index, state) in WorkerState::ALL.into_iter().enumerate() {
        let color = STATE_COLORS[index];
        chart.draw_series(rows.iter().enumerate().flat_map(|(i, row)| {
            row.stretches
                .iter()
                .filter(move |(s, _, _)| *s == state)
                .map(move |&(_, from, to)| Rectangle::new(band(i, from, to), color.filled()))
        }))?;
    }
    // Events as ticks over the upper half of the band: promotions blue,
    // steals black.
    let events: [(&str, RGBColor, EventsOfRow); 2] = [
        ("promotion", BLUE, |row| &row.promotions),
        ("steal", BLACK, |row| &row.steals),
    ];
    for &(_, color, of_row) in &events {
        chart.draw_series(rows.iter().enumerate().flat_map(|(i, row)| {
            of_row(row).iter().map(move |&t| {
                PathElement::new(
                    vec![(t, i as f64 + 0.5), (t, i as f64 + 0.95)],
                    color.stroke_width(1),
                )
            })
        }))?;
    }
    // The legend, beside the chart so that it hides nothing.
    let entries = WorkerState::ALL
        .into_iter()
        .zip(STATE_COLORS)
        .map(|(state, color)| (state.name(), color, true))
        .chain(events.iter().map(|&(name, color, _)| (name, color, false)));
    for (row, (name, color, filled)) in entries.enumerate() {
        let y = 40 + 22 * row as i32;
        if filled {
            side.draw(&Rectangle::new([(8, y - 6), (22, y + 6)], color.filled()))?;
        } else {
            side.draw(&PathElement::new(
                vec![(15, y - 7), (15, y + 7)],
                color.stroke_width(2),
            ))?;
        }
        side.draw(&Text::new(name, (30, y - 7), ("sans-serif", 14)))?;
    }
    root.present()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn traced_sample() -> TracedSample {
        let pool = lubdub::ThreadPoolBuilder::new()
            .num_threads(2)
            .heartbeat_interval(Duration::ZERO)
            .tracing(true)
            .build()
            .unwrap();
        let start = std::time::Instant::now();
        let sum: u64 = pool.install(|| {
            use lubdub::prelude::*;
            (0..2_000_000u64).into_par_iter().map(|x| x % 3).sum()
        });
        assert!(sum > 0);
        let wall = start.elapsed();
        TracedSample {
            trace: pool.trace(),
            wall,
        }
    }

    #[test]
    fn rows_cover_the_window_of_every_worker() {
        let sample = traced_sample();
        let (rows, window_ms) = rows(&sample);
        assert_eq!(rows.len(), 2);
        assert!(window_ms > 0.0);
        for row in &rows {
            for &(_, from, to) in &row.stretches {
                assert!(
                    0.0 <= from && from <= to && to <= window_ms + 1e-9,
                    "{from}..{to} of {window_ms}"
                );
            }
        }
        // The caller's seat worked through the window.
        assert!(rows
            .iter()
            .any(|r| r.stretches.iter().any(|s| s.0 == WorkerState::Working)));
    }

    #[test]
    fn a_timeline_is_drawn_for_a_traced_cell() {
        let sample = traced_sample();
        let measured = vec![crate::harness::Measurement {
            variant: "lubdub".to_owned(),
            reps_per_sample: 1,
            ns_per_rep: vec![1.0],
            profile: None,
            trace: Some(sample),
        }];
        let cell = Cell::new(crate::experiment::examples::TREESUM, 7, 2, 1.0, measured);
        let mut run = crate::report::fake_run();
        run.cells = vec![cell];
        let dir =
            std::env::temp_dir().join(format!("lubdub-bench-timeline-{}", std::process::id()));
        let files = plot_timelines(&run, &dir).unwrap();
        assert_eq!(files.len(), 1);
        assert_eq!(files[0].docs_name(), "treesum-7-timeline.svg");
        let svg = std::fs::read_to_string(&files[0].path).unwrap();
        assert!(svg.contains("<rect") && svg.contains("working"));
        std::fs::remove_dir_all(dir).unwrap();
    }
}
