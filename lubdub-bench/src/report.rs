//! What a run produces: [`Cell`]s of results (one experiment at one size and
//! thread count, every variant's samples), gathered in a [`Run`] with its
//! provenance and written as JSON under `bench-results/`.

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::error::Error;
use crate::experiment::Experiment;
use crate::format::{fmt_num, short_size};
use crate::harness::{measure, Contender, Measurement, Plan, TracedSample};
use crate::machine::Provenance;
use crate::stats::Summary;
use crate::variant_result::VariantResult;

/// The baseline's name, where a workload (`micro`) still takes it from here.
pub use crate::experiment::BASELINE;

/// One experiment at one size and thread count: every variant's results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Cell {
    /// What was measured.
    pub experiment: Experiment,
    /// The problem size (nodes; fib's argument; 0 where there is none).
    pub size: u64,
    /// The thread count of every pool in the cell.
    pub threads: usize,
    /// The global allocator the cell was measured under, where a run
    /// compares allocators (`alloc`); absent from the JSON otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allocator: Option<String>,
    /// The unit of every sample and summary.
    pub unit: &'static str,
    /// The variants, in the order they were sampled.
    pub results: Vec<VariantResult>,
}

/// One variant's samples already in the experiment's unit, for a workload
/// that converts its own (a rate per sample, say) instead of dividing the
/// harness's nanoseconds by one number ([`Cell::new`]).
#[derive(Clone, Debug, Default)]
pub struct Sampled {
    /// The variant's name.
    pub variant: String,
    /// Repetitions timed together in one sample.
    pub reps_per_sample: u64,
    /// Every sample, in the experiment's unit, in the order taken.
    pub samples: Vec<f64>,
    /// Where lubdub's pool spent its time during the samples, if profiled.
    pub profile: Option<lubdub::Profile>,
    /// A traced sample, for the timeline picture.
    pub trace: Option<TracedSample>,
}

impl Cell {
    /// A cell from the harness's measurements, whose nanoseconds per
    /// repetition are divided by `per_unit` to give the experiment's unit
    /// (nodes per tree, joins per fib, 1000 for µs).
    pub fn new(
        experiment: Experiment,
        size: u64,
        threads: usize,
        per_unit: f64,
        measured: Vec<Measurement>,
    ) -> Self {
        let sampled = measured
            .into_iter()
            .map(|m| Sampled {
                samples: m.ns_per_rep.iter().map(|ns| ns / per_unit).collect(),
                variant: m.variant,
                reps_per_sample: m.reps_per_sample,
                profile: m.profile,
                trace: m.trace,
            })
            .collect();
        Self::from_sampled(experiment, size, threads, sampled)
    }

    /// Measures `contenders` by `plan` (the harness's [`measure`]) as the
    /// cell of `experiment` at `size` and `threads`, each repetition
    /// `per_unit` of the experiment's units (see [`Cell::new`]).
    ///
    /// # Errors
    /// [`Error::WrongResult`] when a contender gives a wrong answer.
    pub fn measure(
        experiment: Experiment,
        size: u64,
        threads: usize,
        per_unit: f64,
        contenders: &mut [Contender<'_>],
        plan: &Plan,
    ) -> Result<Self, Error> {
        let label = Self::label_of(experiment, size, threads);
        let measured = measure(&label, contenders, plan)?;
        Ok(Self::new(experiment, size, threads, per_unit, measured))
    }

    /// A cell from samples already in the experiment's unit. Ratios and
    /// excesses compare each variant's [`Experiment::center`] with the
    /// baseline's.
    pub fn from_sampled(
        experiment: Experiment,
        size: u64,
        threads: usize,
        sampled: Vec<Sampled>,
    ) -> Self {
        let center = |samples: &[f64]| Summary::of(samples).map(|s| experiment.center(&s));
        let baseline = sampled
            .iter()
            .find(|s| experiment.is_baseline(&s.variant))
            .and_then(|s| center(&s.samples));
        let results = sampled
            .into_iter()
            .map(|s| {
                let summary = Summary::of(&s.samples);
                let center = summary.map(|summary| experiment.center(&summary));
                VariantResult {
                    variant: s.variant,
                    reps_per_sample: s.reps_per_sample,
                    summary,
                    ratio_to_baseline: center.zip(baseline).map(|(c, b)| c / b),
                    excess_over_baseline: center.zip(baseline).map(|(c, b)| c - b),
                    samples: s.samples,
                    profile: s.profile,
                    trace: s.trace,
                }
            })
            .collect();
        Self {
            experiment,
            size,
            threads,
            allocator: None,
            unit: experiment.unit(),
            results,
        }
    }

    /// The cell, marked as measured under `allocator`.
    pub fn with_allocator(mut self, allocator: &str) -> Self {
        self.allocator = Some(allocator.to_owned());
        self
    }

    /// The name of a cell in progress lines and errors, e.g.
    /// `treesum n=1023 threads=4`.
    pub fn label_of(experiment: Experiment, size: u64, threads: usize) -> String {
        if size == 0 {
            format!("{} threads={threads}", experiment.name())
        } else {
            format!("{} n={size} threads={threads}", experiment.name())
        }
    }

    /// Prints one progress line per variant on stderr, e.g.
    /// `[treesum 10M] 3/6 threads=4 variant=rayon median 5.61 ns/node (12 samples)`,
    /// `[alloc-tree 1M mimalloc] ...` for a cell with an allocator.
    pub fn progress(&self, step: usize, steps: usize) {
        let mut tag = if self.size == 0 {
            self.experiment.name().to_owned()
        } else {
            format!("{} {}", self.experiment.name(), short_size(self.size))
        };
        if let Some(allocator) = &self.allocator {
            tag = format!("{tag} {allocator}");
        }
        for r in &self.results {
            let center = r
                .summary
                .map_or_else(|| "-".to_owned(), |s| fmt_num(self.experiment.center(&s)));
            eprintln!(
                "[{tag}] {step}/{steps} threads={} variant={} {} {center} {} ({} samples)",
                self.threads,
                r.variant,
                self.experiment.center_name(),
                self.unit,
                r.samples.len()
            );
        }
    }

    /// The experiment and size, e.g. `treesum, n = 1,023 nodes`.
    pub fn heading(&self) -> String {
        self.experiment.heading(self.size)
    }

    /// The title of this cell's table: the experiment and size, unit and legend.
    pub fn table_title(&self) -> String {
        format!(
            "{}: {}, {}",
            self.heading(),
            self.experiment.unit(),
            self.experiment.legend()
        )
    }
}

/// A whole run: what ran, where, and every cell.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Run {
    /// `treesum`, `micro` or `all`.
    pub subcommand: String,
    /// The command line, program name included.
    pub command_line: Vec<String>,
    /// Date, commit, machine and compilers.
    pub provenance: Provenance,
    /// Every cell, in the order measured.
    pub cells: Vec<Cell>,
}

impl Run {
    /// The stem shared by this run's files: `<date>-<subcommand>`, the date
    /// with `:` replaced so that the name is valid everywhere.
    pub fn file_stem(&self) -> String {
        format!(
            "{}-{}",
            self.provenance.date.replace(':', "-"),
            self.subcommand
        )
    }

    /// Writes the run as JSON to `<dir>/<file_stem>.json` and returns the path.
    ///
    /// # Errors
    /// When the directory or the file cannot be written.
    pub fn write_json(&self, dir: &Path) -> Result<PathBuf, Error> {
        std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
        let path = dir.join(format!("{}.json", self.file_stem()));
        let text = serde_json::to_string_pretty(self)
            .expect("a run serializes: it holds only strings and numbers");
        std::fs::write(&path, text + "\n").map_err(|e| Error::io(&path, e))?;
        Ok(path)
    }
}

/// The cell `measure` gives for each of `steps` (thread counts, grains),
/// in order, each reported on stderr as it is done ([`Cell::progress`]).
///
/// # Errors
/// The first error of `measure`.
pub fn cells_in_steps<T: Copy>(
    steps: &[T],
    mut measure: impl FnMut(T) -> Result<Cell, Error>,
) -> Result<Vec<Cell>, Error> {
    let mut cells = Vec::with_capacity(steps.len());
    for (step, &at) in steps.iter().enumerate() {
        let cell = measure(at)?;
        cell.progress(step + 1, steps.len());
        cells.push(cell);
    }
    Ok(cells)
}

/// A small run with made-up numbers, for the tests of every module that
/// formats runs.
#[cfg(test)]
pub(crate) fn fake_run() -> Run {
    let cell = Cell::new(
        crate::experiment::examples::TREESUM,
        1023,
        2,
        1023.0,
        vec![
            fake_measurement("baseline", &[1023.0, 2046.0, 1534.5]),
            fake_measurement("rayon", &[4092.0, 6138.0]),
        ],
    );
    Run {
        subcommand: "treesum".into(),
        command_line: vec!["lubdub-bench".into(), "treesum".into()],
        provenance: Provenance {
            date: "2026-11-22T05:41:00Z".into(),
            git_commit: "e2ca1e8".into(),
            git_dirty: false,
            rustc: "rustc 1.95.0".into(),
            c_compiler: "gcc 12.2.0".into(),
            allocator: "system".into(),
            machine: crate::machine::Machine {
                cpu_model: "Some Xeon".into(),
                logical_cpus: 2,
                os: "Debian GNU/Linux 12 (bookworm)".into(),
                kernel: "6.1.0".into(),
            },
        },
        cells: vec![cell],
    }
}

#[cfg(test)]
fn fake_measurement(variant: &str, ns_per_rep: &[f64]) -> Measurement {
    Measurement {
        variant: variant.to_owned(),
        reps_per_sample: 4,
        ns_per_rep: ns_per_rep.to_vec(),
        profile: None,
        trace: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::examples::{CALL_IN, FIB, TREESUM};

    #[test]
    fn cells_convert_units_and_compare_with_the_baseline() {
        let run = fake_run();
        let cell = &run.cells[0];
        let base = &cell.results[0];
        assert_eq!(base.samples, vec![1.0, 2.0, 1.5]);
        assert_eq!(base.summary.unwrap().median, 1.5);
        assert_eq!(base.ratio_to_baseline, Some(1.0));
        let rayon = &cell.results[1];
        assert_eq!(rayon.samples, vec![4.0, 6.0]);
        assert_eq!(rayon.summary.unwrap().median, 5.0);
        assert_eq!(rayon.ratio_to_baseline, Some(5.0 / 1.5));
        assert_eq!(rayon.excess_over_baseline, Some(3.5));
        assert_eq!(cell.unit, "ns/node");
    }

    #[test]
    fn without_a_baseline_there_are_no_ratios() {
        let cell = Cell::new(
            CALL_IN,
            0,
            1,
            1000.0,
            vec![fake_measurement("rayon", &[2000.0])],
        );
        assert_eq!(cell.results[0].ratio_to_baseline, None);
        assert_eq!(cell.results[0].summary.unwrap().median, 2.0);
    }

    #[test]
    fn json_has_the_documented_keys() {
        let json = serde_json::to_value(fake_run()).unwrap();
        let keys = |v: &serde_json::Value| -> Vec<String> {
            let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
            k.sort();
            k
        };
        assert_eq!(
            keys(&json),
            ["cells", "command_line", "provenance", "subcommand"]
        );
        assert_eq!(
            keys(&json["provenance"]),
            [
                "allocator",
                "c_compiler",
                "date",
                "git_commit",
                "git_dirty",
                "machine",
                "rustc"
            ]
        );
        assert_eq!(
            keys(&json["provenance"]["machine"]),
            ["cpu_model", "kernel", "logical_cpus", "os"]
        );
        let cell = &json["cells"][0];
        assert_eq!(
            keys(cell),
            ["experiment", "results", "size", "threads", "unit"]
        );
        assert_eq!(cell["experiment"], "treesum");
        let result = &cell["results"][1];
        assert_eq!(
            keys(result),
            [
                "excess_over_baseline",
                "profile",
                "ratio_to_baseline",
                "reps_per_sample",
                "samples",
                "summary",
                "variant"
            ]
        );
        assert_eq!(
            keys(&result["summary"]),
            [
                "count",
                "harmonic_mean",
                "max",
                "median",
                "min",
                "p90",
                "q1",
                "q3"
            ]
        );
        assert_eq!(result["samples"], serde_json::json!([4.0, 6.0]));
        assert_eq!(json["provenance"]["date"], "2026-11-22T05:41:00Z");
    }

    #[test]
    fn json_is_written_under_a_timestamped_name() {
        let dir = std::env::temp_dir().join(format!("lubdub-bench-test-{}", std::process::id()));
        let run = fake_run();
        let path = run.write_json(&dir).unwrap();
        assert_eq!(
            path.file_name().unwrap(),
            "2026-11-22T05-41-00Z-treesum.json"
        );
        let back: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(back, serde_json::to_value(&run).unwrap());
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn only_cells_with_an_allocator_have_the_key() {
        let cell = fake_run().cells[0].clone();
        let plain = serde_json::to_value(&cell).unwrap();
        assert!(plain.get("allocator").is_none());
        let json = serde_json::to_value(cell.with_allocator("mimalloc")).unwrap();
        assert_eq!(json["allocator"], "mimalloc");
    }

    #[test]
    fn labels_and_titles_name_size_and_threads() {
        assert_eq!(Cell::label_of(TREESUM, 1023, 4), "treesum n=1023 threads=4");
        assert_eq!(Cell::label_of(CALL_IN, 0, 2), "call-in threads=2");
        let title = fake_run().cells[0].table_title();
        assert!(
            title.starts_with("treesum, n = 1,023 nodes: ns/node"),
            "{title}"
        );
        let fib = Cell::new(FIB, 30, 1, 1.0, vec![]);
        assert!(
            fib.table_title().starts_with("fib(30): ns/join"),
            "{}",
            fib.table_title()
        );
    }
}
