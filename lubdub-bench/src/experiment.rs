//! What the report, tables, plots and docs know of an experiment: its name,
//! unit, BENCHMARKS.md section, heading and the way its table entries read.
//! Each workload declares its experiments as values of [`Experiment`]
//! (`workloads/`), so the modules that present results name no workload.

use serde::{Serialize, Serializer};

use crate::format::{fmt_num, group_digits};
use crate::stats::Summary;
use crate::variant_result::VariantResult;

/// The variant every ratio and excess is taken against.
pub const BASELINE: &str = "baseline";

/// The name the baseline goes by where it is a sequential algorithm rather
/// than a plain loop (fft); ratios are taken against it the same way.
pub const SEQUENTIAL: &str = "sequential";

/// One experiment: a thing measured at a size, every variant side by side.
///
/// Experiments are equal when their names are (the names are unique: the
/// registry in `workloads/mod.rs` tests it); the JSON holds the name.
#[derive(Clone, Copy, Debug)]
pub struct Experiment {
    name: &'static str,
    unit: &'static str,
    section: &'static str,
    heading: Heading,
    entry: Entry,
    legend: &'static str,
    versus: Option<Versus>,
    size_axis: Option<&'static str>,
    baseline: Option<&'static str>,
}

/// Two variants compared in a section's summary table (see
/// [`Experiment::summarized`]): the column `first ÷ second`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Versus {
    /// The variant whose median is divided.
    pub first: &'static str,
    /// The variant it is divided by.
    pub second: &'static str,
}

/// How an experiment at a size is headed in tables and plots.
#[derive(Clone, Copy, Debug)]
pub enum Heading {
    /// `<name>, n = <size> <what>`, the size's digits grouped, e.g.
    /// `treesum, n = 1,023 nodes` for `Count("nodes")`.
    Count(&'static str),
    /// Written by the workload from the size, e.g. `fib(30)`.
    Custom(fn(u64) -> String),
}

/// How a variant's result reads in a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// `median / min (median ÷ baseline median)`, e.g. `5.00 / 4.00 (3.33x)`.
    Ratio,
    /// `median / min (median − baseline median)`, e.g. `5.00 / 4.00 (+3.50)`.
    Overhead,
    /// `median / p90`.
    Spread,
    /// `median (median − baseline median)`, e.g. `1.50 (+0)`.
    Excess,
    /// For samples that are rates (more is better, e.g. TEPS): `harmonic
    /// mean (first quartile – third quartile) (harmonic mean ÷ baseline
    /// harmonic mean)`, e.g. `20.0 (18.0–22.0) (2.00x)`.
    Rate,
}

/// The legend of [`Entry::Ratio`] unless an experiment gives its own.
const RATIO_LEGEND: &str = "median / min (median ÷ baseline median)";

impl Experiment {
    /// An experiment whose entries are [`Entry::Ratio`]s to the baseline.
    pub const fn new(
        name: &'static str,
        unit: &'static str,
        section: &'static str,
        heading: Heading,
    ) -> Self {
        Self {
            name,
            unit,
            section,
            heading,
            entry: Entry::Ratio,
            legend: RATIO_LEGEND,
            versus: None,
            size_axis: None,
            baseline: None,
        }
    }

    /// The same experiment with its ratios and excesses taken against the
    /// variant `name` (an experiment with no sequential baseline: the
    /// channels of `msg`); the legend should say so.
    pub const fn compared_with(self, name: &'static str) -> Self {
        Self {
            baseline: Some(name),
            ..self
        }
    }

    /// Whether `variant` is the one ratios are taken against: the one named
    /// by [`Experiment::compared_with`], else `baseline` or `sequential`.
    pub fn is_baseline(self, variant: &str) -> bool {
        match self.baseline {
            Some(name) => variant == name,
            None => variant == BASELINE || variant == SEQUENTIAL,
        }
    }

    /// The same experiment, also plotted against its size (one plot per
    /// thread count, a line per variant), the x axis named `axis`.
    pub const fn plotted_by_size(self, axis: &'static str) -> Self {
        Self {
            size_axis: Some(axis),
            ..self
        }
    }

    /// The x axis of the plots against size, if the experiment has them.
    pub fn size_axis(self) -> Option<&'static str> {
        self.size_axis
    }

    /// The statistic that stands for a variant's samples in ratios, plots
    /// and progress lines: the harmonic mean for [`Entry::Rate`], else the
    /// median.
    pub fn center(self, s: &Summary) -> f64 {
        match (self.entry, s.harmonic_mean) {
            (Entry::Rate, Some(mean)) => mean,
            _ => s.median,
        }
    }

    /// The name of [`Experiment::center`], for captions.
    pub fn center_name(self) -> &'static str {
        match self.entry {
            Entry::Rate => "harmonic mean",
            _ => "median",
        }
    }

    /// The same experiment, shown in one summary table with the others of
    /// its section that are summarized (a row per experiment, size and
    /// thread count), with a column of `first`'s median over `second`'s and
    /// geometric means at the bottom; and in one summary plot of the
    /// section instead of a scaling plot per size.
    pub const fn summarized(self, first: &'static str, second: &'static str) -> Self {
        Self {
            versus: Some(Versus { first, second }),
            ..self
        }
    }

    /// The variants compared in the summary, for a [`Experiment::summarized`]
    /// experiment.
    pub fn versus(self) -> Option<Versus> {
        self.versus
    }

    /// The same experiment with entries read as `entry`, which `legend`
    /// explains above each table.
    pub const fn read_as(self, entry: Entry, legend: &'static str) -> Self {
        Self {
            entry,
            legend,
            ..self
        }
    }

    /// The experiment's name in tables, file names and progress lines.
    pub fn name(self) -> &'static str {
        self.name
    }

    /// The unit of every sample.
    pub fn unit(self) -> &'static str {
        self.unit
    }

    /// The BENCHMARKS.md section the experiment's tables belong to.
    pub fn section(self) -> &'static str {
        self.section
    }

    /// The experiment at `size`, as a heading: `treesum, n = 1,023 nodes`,
    /// `fib(30)`, `call-in`.
    pub fn heading(self, size: u64) -> String {
        match self.heading {
            Heading::Count(what) => format!("{}, n = {} {what}", self.name, group_digits(size)),
            Heading::Custom(heading) => heading(size),
        }
    }

    /// How a table entry reads, e.g. `median / min (ratio)`.
    pub fn legend(self) -> &'static str {
        self.legend
    }

    /// A table entry for `r`.
    pub fn entry(self, r: &VariantResult) -> String {
        let Some(s) = r.summary else {
            return "-".to_owned();
        };
        let signed = |x: Option<f64>| {
            x.map_or_else(
                || "-".to_owned(),
                |x| format!("{}{}", if x < 0.0 { "" } else { "+" }, fmt_num(x)),
            )
        };
        let ratio = r
            .ratio_to_baseline
            .map_or_else(|| "-".to_owned(), |x| format!("{}x", fmt_num(x)));
        match self.entry {
            Entry::Ratio => {
                format!("{} / {} ({ratio})", fmt_num(s.median), fmt_num(s.min))
            }
            Entry::Overhead => format!(
                "{} / {} ({})",
                fmt_num(s.median),
                fmt_num(s.min),
                signed(r.excess_over_baseline)
            ),
            Entry::Spread => format!("{} / {}", fmt_num(s.median), fmt_num(s.p90)),
            Entry::Excess => format!("{} ({})", fmt_num(s.median), signed(r.excess_over_baseline)),
            Entry::Rate => format!(
                "{} ({}–{}) ({ratio})",
                fmt_num(self.center(&s)),
                fmt_num(s.q1),
                fmt_num(s.q3)
            ),
        }
    }
}

impl PartialEq for Experiment {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Eq for Experiment {}

impl std::hash::Hash for Experiment {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.name.hash(state);
    }
}

impl Serialize for Experiment {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name)
    }
}

/// Experiments shaped like some of the workloads', for the tests of the
/// modules that present results (which name no workload).
#[cfg(test)]
pub(crate) mod examples {
    use super::{Entry, Experiment, Heading};

    /// Like treesum's: ns per node, ratios to the baseline.
    pub const TREESUM: Experiment =
        Experiment::new("treesum", "ns/node", "treesum", Heading::Count("nodes"));

    /// Like micro's fib: overheads over the baseline.
    pub const FIB: Experiment = Experiment::new(
        "fib",
        "ns/join",
        "micro",
        Heading::Custom(|n| format!("fib({n})")),
    )
    .read_as(Entry::Overhead, "median / min (+ overhead)");

    /// Like micro's call-in: no size, median and p90.
    pub const CALL_IN: Experiment = Experiment::new(
        "call-in",
        "µs/call",
        "micro",
        Heading::Custom(|_| "call-in".to_owned()),
    )
    .read_as(Entry::Spread, "median / p90");

    /// Like micro's burst-cpu: CPU beyond the baseline's.
    pub const BURST_CPU: Experiment = Experiment::new(
        "burst-cpu",
        "µs CPU/burst",
        "micro",
        Heading::Count("nodes"),
    )
    .read_as(Entry::Excess, "median (+ excess)");

    /// Like a loop of `loops`.
    pub const SUM_SQUARES: Experiment = Experiment::new(
        "sum-squares",
        "ns/element",
        "loops",
        Heading::Count("elements"),
    );

    /// Like alloc's tree, compared under each allocator.
    pub const ALLOC_TREE: Experiment =
        Experiment::new("alloc-tree", "ns/node", "alloc", Heading::Count("nodes"))
            .read_as(Entry::Ratio, "median / min (under the same allocator)");

    /// Like two of `programs`: summarized in one table, lubdub against Rayon.
    pub const PROGRAM_A: Experiment =
        Experiment::new("program-a", "ms/run", "programs", Heading::Count("items"))
            .summarized("lubdub", "rayon");

    /// The second of them.
    pub const PROGRAM_B: Experiment =
        Experiment::new("program-b", "ms/run", "programs", Heading::Count("items"))
            .summarized("lubdub", "rayon");

    /// Like bfs's: rates (more is better), also plotted by size.
    pub const RATE: Experiment =
        Experiment::new("search", "MTEPS", "search", Heading::Count("vertices"))
            .read_as(Entry::Rate, "harmonic mean (q1–q3) (÷ baseline)")
            .plotted_by_size("vertices");

    /// All of the above.
    pub const ALL: [Experiment; 9] = [
        TREESUM,
        FIB,
        CALL_IN,
        BURST_CPU,
        SUM_SQUARES,
        ALLOC_TREE,
        PROGRAM_A,
        PROGRAM_B,
        RATE,
    ];
}

#[cfg(test)]
mod tests {
    use super::examples::*;
    use crate::report::fake_run;

    #[test]
    fn entries_follow_the_experiment_legend() {
        let cell = &fake_run().cells[0];
        assert_eq!(TREESUM.entry(&cell.results[1]), "5.00 / 4.00 (3.33x)");
        assert_eq!(FIB.entry(&cell.results[1]), "5.00 / 4.00 (+3.50)");
        assert_eq!(CALL_IN.entry(&cell.results[1]), "5.00 / 5.80");
        assert_eq!(BURST_CPU.entry(&cell.results[0]), "1.50 (+0)");
    }

    #[test]
    fn rates_read_as_harmonic_means_with_quartiles() {
        use crate::report::{Cell, Sampled};
        let sampled = |variant: &str, samples: &[f64]| Sampled {
            variant: variant.to_owned(),
            samples: samples.to_vec(),
            ..Sampled::default()
        };
        let cell = Cell::from_sampled(
            RATE,
            1024,
            2,
            vec![
                sampled("baseline", &[1.0, 3.0]),
                sampled("fast", &[2.0, 6.0, 2.0, 6.0, 4.0]),
            ],
        );
        // Harmonic means 2 / (1 + 1/3) = 1.5 and 5 / (19/12) = 3.16;
        // quartiles of the fast one 2 and 6.
        assert_eq!(cell.results[0].ratio_to_baseline, Some(1.0));
        assert_eq!(RATE.entry(&cell.results[1]), "3.16 (2.00–6.00) (2.11x)");
        assert_eq!(RATE.center_name(), "harmonic mean");
        assert_eq!(TREESUM.center_name(), "median");
        assert_eq!(RATE.size_axis(), Some("vertices"));
        assert!(RATE.is_baseline("sequential") && RATE.is_baseline("baseline"));
        let against_a = RATE.compared_with("a");
        assert!(against_a.is_baseline("a") && !against_a.is_baseline("sequential"));
        assert_eq!(TREESUM.size_axis(), None);
    }

    #[test]
    fn headings_count_or_are_the_workloads_own() {
        assert_eq!(TREESUM.heading(1023), "treesum, n = 1,023 nodes");
        assert_eq!(FIB.heading(30), "fib(30)");
        assert_eq!(CALL_IN.heading(0), "call-in");
    }

    #[test]
    fn experiments_are_their_names_in_json_and_comparisons() {
        assert_eq!(serde_json::to_value(FIB).unwrap(), "fib");
        assert_ne!(CALL_IN, FIB);
        assert_eq!(FIB, FIB.read_as(super::Entry::Ratio, "another legend"));
    }
}
