//! SVG plots: for each experiment and size measured at two or more thread
//! counts, the median per variant against threads, log scale on both axes;
//! for each section of summarized experiments, one picture of every
//! variant's time over the baseline's, a row per experiment; and for an
//! experiment plotted by size
//! ([`Experiment::plotted_by_size`]), measured at two or more sizes, the
//! same against size, one plot per thread count. Rates (TEPS) are plotted by
//! their harmonic mean ([`Experiment::center`]).

use std::path::{Path, PathBuf};

use plotters::prelude::*;

use crate::error::Error;
use crate::experiment::Experiment;
use crate::palette::COLORS;
use crate::report::{Cell, Run};
use crate::table::{groups, summarized_sections};

/// What a plot shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlotKind {
    /// Medians against thread counts (this file).
    Scaling,
    /// One traced sample, a row per worker coloured by state (`timeline.rs`).
    Timeline,
    /// A section of summarized experiments: each variant's median over the
    /// baseline's, a row per experiment and size.
    Summary,
    /// Medians against sizes at one thread count (this file).
    BySize {
        /// The thread count of every point.
        threads: usize,
    },
}

/// A plot written for a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlotFile {
    /// What the plot shows.
    pub kind: PlotKind,
    /// The experiment plotted (for a summary, the section's first).
    pub experiment: Experiment,
    /// Its size.
    pub size: u64,
    /// What the plot shows, e.g. `treesum, n = 1,023 nodes`.
    pub heading: String,
    /// The SVG file.
    pub path: PathBuf,
}

impl PlotFile {
    /// The plot's stable name in the docs, e.g. `treesum-1023.svg`,
    /// `treesum-1023-timeline.svg`, `bfs-by-size-at-2-threads.svg`, or
    /// `programs.svg` (the section's name, for a summary): a rerun
    /// overwrites the committed image of the same kind, experiment and size.
    pub fn docs_name(&self) -> String {
        if self.kind == PlotKind::Summary {
            return format!("{}.svg", self.experiment.section());
        }
        let mut name = self.experiment.name().to_owned();
        if let PlotKind::BySize { threads } = self.kind {
            return format!("{name}{BY_SIZE}{threads}{THREADS}.svg");
        }
        if self.size != 0 {
            name.push_str(&format!("-{}", self.size));
        }
        if self.kind == PlotKind::Timeline {
            name.push_str("-timeline");
        }
        name + ".svg"
    }
}

/// What a by-size plot's name holds between the experiment and the threads.
const BY_SIZE: &str = "-by-size-at-";

/// What a by-size plot's name ends with, before `.svg`.
const THREADS: &str = "-threads";

/// `stem` without a by-size plot's `-by-size-at-<threads>-threads`.
fn without_by_size(stem: &str) -> Option<&str> {
    let (head, threads) = stem.strip_suffix(THREADS)?.rsplit_once(BY_SIZE)?;
    (!threads.is_empty() && threads.bytes().all(|b| b.is_ascii_digit())).then_some(head)
}

/// The experiment a file in the docs' image folder is the plot of, by the
/// naming of [`PlotFile::docs_name`] (`<experiment>[-<size>][-timeline].svg`
/// or `<experiment>-by-size-at-<threads>-threads.svg`), among the `known`
/// experiments; `None` for any other file name.
pub fn experiment_of_docs_name(file_name: &str, known: &[Experiment]) -> Option<Experiment> {
    let stem = file_name.strip_suffix(".svg")?;
    let stem = stem
        .strip_suffix("-timeline")
        .or_else(|| without_by_size(stem))
        .unwrap_or(stem);
    known.iter().copied().find(|e| {
        let Some(rest) = stem.strip_prefix(e.name()) else {
            return false;
        };
        rest.is_empty()
            || rest
                .strip_prefix('-')
                .is_some_and(|size| !size.is_empty() && size.bytes().all(|b| b.is_ascii_digit()))
    })
}

/// Plots every group of `run` that spans two or more thread counts, and is
/// not summarized, and every section of summarized experiments, into `dir`,
/// as `<run stem>-<docs name>`.
///
/// # Errors
/// When a plot cannot be drawn or written.
pub fn plot_run(run: &Run, dir: &Path) -> Result<Vec<PlotFile>, Error> {
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    let mut files = Vec::new();
    let alone = run.cells.iter().filter(|c| c.experiment.versus().is_none());
    for group in groups(alone).iter().filter(|g| plottable(g)) {
        let mut file = PlotFile {
            kind: PlotKind::Scaling,
            experiment: group[0].experiment,
            size: group[0].size,
            heading: group[0].heading(),
            path: PathBuf::new(),
        };
        file.path = dir.join(format!("{}-{}", run.file_stem(), file.docs_name()));
        let lines = lines(group, |cell| cell.threads);
        let caption = format!("{} ({})", file.heading, file.experiment.center_name());
        plot(&file.path, &caption, "threads", group[0].unit, &lines)?;
        files.push(file);
    }
    for group in by_size_groups(&run.cells) {
        let first = group[0];
        let Some(axis) = first.experiment.size_axis() else {
            continue;
        };
        let mut file = PlotFile {
            kind: PlotKind::BySize {
                threads: first.threads,
            },
            experiment: first.experiment,
            size: 0,
            heading: format!(
                "{} at {} by size",
                first.experiment.name(),
                threads_phrase(first.threads)
            ),
            path: PathBuf::new(),
        };
        file.path = dir.join(format!("{}-{}", run.file_stem(), file.docs_name()));
        let lines = lines(&group, |cell| {
            usize::try_from(cell.size).unwrap_or(usize::MAX)
        });
        let caption = format!("{} ({})", file.heading, first.experiment.center_name());
        plot(&file.path, &caption, axis, first.unit, &lines)?;
        files.push(file);
    }
    for section in summarized_sections(&run.cells) {
        let experiment = section[0].experiment;
        let mut file = PlotFile {
            kind: PlotKind::Summary,
            experiment,
            size: 0,
            heading: format!("{}: time over the baseline's", experiment.section()),
            path: PathBuf::new(),
        };
        file.path = dir.join(format!("{}-{}", run.file_stem(), file.docs_name()));
        crate::summary_plot::draw(&section, &file.heading, &file.path).map_err(|e| {
            Error::Plot {
                path: file.path.clone(),
                message: e.to_string(),
            }
        })?;
        files.push(file);
    }
    Ok(files)
}

/// `1 thread`, `2 threads`.
fn threads_phrase(threads: usize) -> String {
    match threads {
        1 => "1 thread".to_owned(),
        n => format!("{n} threads"),
    }
}

/// The cells of each experiment plotted by size, per thread count, where
/// they span two or more sizes; in the order first measured.
fn by_size_groups(cells: &[Cell]) -> Vec<Vec<&Cell>> {
    let mut groups: Vec<Vec<&Cell>> = Vec::new();
    for cell in cells.iter().filter(|c| c.experiment.size_axis().is_some()) {
        match groups
            .iter_mut()
            .find(|g| (g[0].experiment, g[0].threads) == (cell.experiment, cell.threads))
        {
            Some(group) => group.push(cell),
            None => groups.push(vec![cell]),
        }
    }
    groups.retain(|g| g.iter().any(|c| c.size != g[0].size));
    groups
}

/// The points of one variant's line: (log2 of threads or size, center).
type Line = (String, Vec<(f64, f64)>);

/// Whether `group` (cells of one experiment and size) is worth a plot: it
/// spans two or more thread counts.
fn plottable(group: &[&Cell]) -> bool {
    group.iter().any(|c| c.threads != group[0].threads)
}

/// The lines to draw for `group`: per variant (per variant and allocator,
/// named `variant (allocator)`, where the cells name their allocator), its
/// centers ([`Experiment::center`]) by `x` (the thread count or the size).
/// A center of zero (a fill cell where no region filled: 0% filled) has no
/// place on a log scale and is left out, as a missing summary is.
fn lines(group: &[&Cell], x: impl Fn(&Cell) -> usize) -> Vec<Line> {
    let mut lines: Vec<Line> = Vec::new();
    for cell in group {
        for r in &cell.results {
            let Some(summary) = r.summary else { continue };
            let center = cell.experiment.center(&summary);
            if center.is_nan() || center <= 0.0 {
                continue;
            }
            let point = ((x(cell).max(1) as f64).log2(), center);
            let name = match &cell.allocator {
                Some(allocator) => format!("{} ({allocator})", r.variant),
                None => r.variant.clone(),
            };
            match lines.iter_mut().find(|(line, _)| *line == name) {
                Some((_, points)) => points.push(point),
                None => lines.push((name, vec![point])),
            }
        }
    }
    lines
}

/// Draws `lines` (x as log2) into the SVG file `path`.
fn plot(path: &Path, caption: &str, x_desc: &str, unit: &str, lines: &[Line]) -> Result<(), Error> {
    draw(path, caption, x_desc, unit, lines).map_err(|e| Error::Plot {
        path: path.to_owned(),
        message: e.to_string(),
    })
}

/// `2^x` as a tick label: the number below 1024, `2^x` from there on;
/// nothing between whole powers.
fn power_of_two_label(x: f64) -> String {
    let whole = x.round();
    if (x - whole).abs() > 1e-9 || whole < 0.0 {
        String::new()
    } else if whole < 10.0 {
        format!("{}", 2f64.powf(whole))
    } else {
        format!("2^{whole}")
    }
}

/// The bottom of a log axis whose lowest point is `y_min`: a little below
/// it, and no higher than the power of ten below it, so that the axis has a
/// labelled decade (plotters labels powers of ten and the steps between
/// them; a range inside one decade, 17 to 60, would get no label at all).
fn y_floor(y_min: f64) -> f64 {
    (y_min / 1.5).min(10f64.powf(y_min.log10().floor()))
}

fn draw(
    path: &Path,
    caption: &str,
    x_desc: &str,
    unit: &str,
    lines: &[Line],
) -> Result<(), Box<dyn std::error::Error>> {
    let (mut x_min, mut x_max, mut y_min, mut y_max) =
        (f64::INFINITY, 0.0f64, f64::INFINITY, 0.0f64);
    for (_, points) in lines {
        for &(x, y) in points {
            x_min = x_min.min(x);
            x_max = x_max.max(x);
            y_min = y_min.min(y);
            y_max = y_max.max(y);
        }
    }
    if lines.is_empty() || y_min <= 0.0 {
        return Err("no positive medians to plot on a log scale".into());
    }
    let root = SVGBackend::new(path, (900, 560)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, ("sans-serif", 22))
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(64)
        // A log2 axis: x is log2(threads or size), labelled as 2^x.
        .build_cartesian_2d(
            x_min - 0.3..x_max + 0.3,
            (y_floor(y_min)..y_max * 1.5).log_scale(),
        )?;
    chart
        .configure_mesh()
        .x_desc(x_desc)
        .y_desc(unit)
        .x_labels(((x_max - x_min) as usize + 2).min(12))
        .x_label_formatter(&|x| power_of_two_label(*x))
        .y_label_formatter(&|y| crate::format::fmt_num(*y))
        .draw()?;
    for (index, (name, points)) in lines.iter().enumerate() {
        let color = COLORS[index % COLORS.len()].to_rgba();
        let style = ShapeStyle::from(color).stroke_width(2);
        chart
            .draw_series(LineSeries::new(points.iter().copied(), style))?
            .label(name.as_str())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], style));
        chart.draw_series(points.iter().map(|&p| Circle::new(p, 3, color.filled())))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}

/// Asserts that the docs name of every plot of each of `known` (of either
/// kind, at a few sizes) leads [`experiment_of_docs_name`] back to its
/// experiment.
#[cfg(test)]
pub(crate) fn assert_docs_names_tell_their_experiment(known: &[Experiment]) {
    for &experiment in known {
        for (size, kind) in [0, 1, 1023, 10_000_000]
            .into_iter()
            .flat_map(|size| [(size, PlotKind::Scaling), (size, PlotKind::Timeline)])
        {
            let file = PlotFile {
                kind,
                experiment,
                size,
                heading: String::new(),
                path: PathBuf::new(),
            };
            assert_eq!(
                experiment_of_docs_name(&file.docs_name(), known),
                Some(experiment),
                "{}",
                file.docs_name()
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::examples::{self, CALL_IN, FIB, TREESUM};
    use crate::harness::Measurement;

    fn cell(threads: usize, medians: &[(&str, f64)]) -> Cell {
        let measured = medians
            .iter()
            .map(|&(variant, ns)| Measurement {
                variant: variant.to_owned(),
                reps_per_sample: 1,
                ns_per_rep: vec![ns],
                profile: None,
                trace: None,
            })
            .collect();
        Cell::new(TREESUM, 1023, threads, 1.0, measured)
    }

    #[test]
    fn lines_collect_medians_per_variant() {
        let cells = [
            cell(1, &[("baseline", 1.0), ("rayon", 9.0)]),
            cell(2, &[("baseline", 1.1), ("rayon", 5.0)]),
        ];
        let group: Vec<&Cell> = cells.iter().collect();
        assert!(plottable(&group));
        assert!(!plottable(&group[..1]));
        assert_eq!(
            lines(&group, |c| c.threads),
            vec![
                ("baseline".to_owned(), vec![(0.0, 1.0), (1.0, 1.1)]),
                ("rayon".to_owned(), vec![(0.0, 9.0), (1.0, 5.0)]),
            ]
        );
    }

    #[test]
    fn cells_with_allocators_get_a_line_per_variant_and_allocator() {
        let cells = [
            cell(1, &[("baseline", 1.0)]).with_allocator("system"),
            cell(2, &[("baseline", 0.6)]).with_allocator("system"),
            cell(1, &[("baseline", 0.5)]).with_allocator("mimalloc"),
        ];
        let group: Vec<&Cell> = cells.iter().collect();
        assert_eq!(
            lines(&group, |c| c.threads),
            vec![
                ("baseline (system)".to_owned(), vec![(0.0, 1.0), (1.0, 0.6)]),
                ("baseline (mimalloc)".to_owned(), vec![(0.0, 0.5)]),
            ]
        );
    }

    #[test]
    fn an_svg_is_written_with_a_line_per_variant() {
        let cells = [
            cell(1, &[("baseline", 1.0), ("rayon", 9.0)]),
            cell(4, &[("baseline", 1.1), ("rayon", 3.0)]),
        ];
        let group: Vec<&Cell> = cells.iter().collect();
        let path =
            std::env::temp_dir().join(format!("lubdub-bench-plot-{}.svg", std::process::id()));
        let lines = lines(&group, |c| c.threads);
        plot(&path, "treesum (median)", "threads", "ns/node", &lines).unwrap();
        let svg = std::fs::read_to_string(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert!(svg.starts_with("<svg"), "{}", &svg[..40.min(svg.len())]);
        for text in ["baseline", "rayon", "threads", "ns/node"] {
            assert!(svg.contains(text), "the plot lacks {text:?}");
        }
        assert!(svg.matches("<polyline").count() >= 2);
    }

    #[test]
    fn a_run_gets_one_plot_per_group_spanning_thread_counts() {
        let mut run = crate::report::fake_run();
        run.cells
            .push(cell(4, &[("baseline", 1.0), ("rayon", 2.0)]));
        // A group measured at one thread count only: no plot.
        run.cells.push(Cell::new(FIB, 30, 1, 1.0, vec![]));
        let dir = std::env::temp_dir().join(format!("lubdub-bench-plots-{}", std::process::id()));
        let files = plot_run(&run, &dir).unwrap();
        assert_eq!(files.len(), 1);
        assert_eq!(files[0].docs_name(), "treesum-1023.svg");
        assert_eq!(
            files[0].path,
            dir.join("2026-11-22T05-41-00Z-treesum-treesum-1023.svg")
        );
        assert!(files[0].path.exists());
        let mut call_in = PlotFile {
            kind: PlotKind::Scaling,
            experiment: CALL_IN,
            size: 0,
            heading: String::new(),
            path: PathBuf::new(),
        };
        assert_eq!(call_in.docs_name(), "call-in.svg");
        call_in.kind = PlotKind::Timeline;
        assert_eq!(call_in.docs_name(), "call-in-timeline.svg");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn docs_names_tell_their_experiment() {
        assert_docs_names_tell_their_experiment(&examples::ALL);
        assert_eq!(
            experiment_of_docs_name("sum-squares-10000000.svg", &examples::ALL)
                .map(|e| (e.name(), e.section())),
            Some(("sum-squares", "loops"))
        );
        for other in [
            "search-by-size-at--threads.svg",
            "search-by-size-at-2.svg",
            "treesum-1023.png",
            "treesum-notes.svg",
            "treesum-.svg",
            "treesum-10x.svg",
            "treesums-1023.svg",
            "sum.svg",
            "notes.svg",
            "",
        ] {
            assert_eq!(
                experiment_of_docs_name(other, &examples::ALL),
                None,
                "{other:?}"
            );
        }
    }

    #[test]
    fn experiments_plotted_by_size_get_one_plot_per_thread_count() {
        use crate::report::Sampled;
        let rate = |size, threads, mteps: f64| {
            let sampled = ["baseline", "fast"].map(|variant| Sampled {
                variant: variant.to_owned(),
                samples: vec![mteps, mteps * 2.0],
                ..Sampled::default()
            });
            Cell::from_sampled(examples::RATE, size, threads, sampled.to_vec())
        };
        let mut run = crate::report::fake_run();
        run.cells = vec![
            rate(1 << 10, 1, 10.0),
            rate(1 << 10, 2, 18.0),
            rate(1 << 12, 1, 12.0),
            rate(1 << 12, 2, 20.0),
        ];
        let dir = std::env::temp_dir().join(format!("lubdub-bench-by-size-{}", std::process::id()));
        let files = plot_run(&run, &dir).unwrap();
        let names: Vec<String> = files.iter().map(PlotFile::docs_name).collect();
        assert_eq!(
            names,
            [
                "search-1024.svg",
                "search-4096.svg",
                "search-by-size-at-1-threads.svg",
                "search-by-size-at-2-threads.svg"
            ]
        );
        for name in &names {
            assert_eq!(
                experiment_of_docs_name(name, &examples::ALL),
                Some(examples::RATE),
                "{name}"
            );
        }
        let svg = std::fs::read_to_string(&files[3].path).unwrap();
        assert!(svg.contains("harmonic mean") && svg.contains("vertices"));
        std::fs::remove_dir_all(dir).unwrap();
        // Harmonic means, not medians: 2 / (1/10 + 1/20) = 13.3.
        let group: Vec<&Cell> = run.cells.iter().filter(|c| c.threads == 1).collect();
        let points = &lines(&group, |c| c.size as usize)[0].1;
        assert_eq!(points.len(), 2);
        assert!((points[0].0 - 10.0).abs() < 1e-12);
        assert!((points[0].1 - 40.0 / 3.0).abs() < 1e-9, "{points:?}");
        assert_eq!(power_of_two_label(3.0), "8");
        assert_eq!(power_of_two_label(20.0), "2^20");
        assert_eq!(power_of_two_label(2.5), "");
        assert_eq!(y_floor(30.0), 10.0);
        assert_eq!(y_floor(12.0), 8.0);
        assert_eq!(y_floor(0.5), 0.1);
    }

    #[test]
    fn zero_centers_are_left_out_of_the_log_scale() {
        // A fill cell where no region filled: 0% filled, as `all`'s short
        // regions of 50 µs can read; the plot is drawn without that point.
        let cells = [
            cell(1, &[("region", 50.0), ("filled %", 0.0)]),
            cell(2, &[("region", 52.0), ("filled %", 10.0)]),
        ];
        let group: Vec<&Cell> = cells.iter().collect();
        let lines = lines(&group, |c| c.threads);
        assert_eq!(
            lines,
            vec![
                ("region".to_owned(), vec![(0.0, 50.0), (1.0, 52.0)]),
                ("filled %".to_owned(), vec![(1.0, 10.0)]),
            ]
        );
        let path = std::env::temp_dir().join(format!(
            "lubdub-bench-zero-centers-{}.svg",
            std::process::id()
        ));
        let drawn = plot(&path, "fill", "threads", "µs", &lines);
        let _ = std::fs::remove_file(&path);
        assert!(drawn.is_ok(), "{drawn:?}");
    }

    #[test]
    fn nothing_to_plot_is_an_error() {
        let cells = [cell(1, &[]), cell(2, &[])];
        let group: Vec<&Cell> = cells.iter().collect();
        let path = std::env::temp_dir().join("lubdub-bench-never-written.svg");
        let lines = lines(&group, |c| c.threads);
        assert!(plot(&path, "nothing", "threads", "ns/node", &lines).is_err());
    }
}
