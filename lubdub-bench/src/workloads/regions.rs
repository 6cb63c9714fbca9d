//! The ramp of issue 23 ("many cores"): back-to-back parallel regions of
//! about 50 µs, 200 µs, 1 ms and 5 ms of sequential work, each run many
//! times in a row, so that what a region costs beyond its work (waking the
//! workers, spreading the work to them, gathering the result) shows as its
//! time over the sequential time. Three kinds of region: a loop over a
//! slice, a `join` tree over it, and a short loop followed by a `join` of
//! the two halves of the rest, each summed sequentially
//! (`regions/kernels.rs`); each variant runs them back to back, a sample
//! being as many regions as fill 20 ms, and every region's sum is checked
//! against the sequential one.
//!
//! Element counts come from a calibration of the sequential loop at
//! start-up, printed on stderr and in each table's heading. After a cell's
//! timed samples, lubdub (at two threads or more) runs a batch of regions
//! with tracing on, from which `regions/fill.rs` reads its fill time: from a
//! region's start until every worker has worked in it. That is a cell of its
//! own experiment (`region-fill-loop`, `region-fill-join-tree`; the halves
//! have none, as two leaves fill two workers at most).

mod fill;
mod kernels;

use std::num::NonZeroUsize;
use std::sync::Mutex;
use std::time::Duration;

use crate::check::repeat;
use crate::cli::{unique, Common};
use crate::error::Error;
use crate::experiment::{Entry, Experiment, Heading};
use crate::format::group_digits;
use crate::harness::{Contender, Plan, Reps};
use crate::report::{cells_in_steps, Cell, Sampled};
use crate::workloads::pools::Pools;

use self::fill::{traced_batch, FillSummary};
pub use self::kernels::RegionKind;
use self::kernels::{calibrate_ns_per_element, elements_for, input, sum_sequential, Variant};

/// The target sequential durations of the issue, in µs.
pub const ISSUE_SIZES_US: [u64; 4] = [50, 200, 1_000, 5_000];

/// The least time one sample's regions take together: many regions back
/// to back, whatever their size.
const SAMPLE: Duration = Duration::from_millis(20);

/// The time the traced batch of regions aims at, and its bounds in regions.
const TRACED_BATCH: Duration = Duration::from_millis(20);
const TRACED_REGIONS: (usize, usize) = (10, 200);

/// The element count each target size got from this run's calibration, for
/// the headings (`(target µs, elements)`).
static ELEMENTS: Mutex<Vec<(u64, usize)>> = Mutex::new(Vec::new());

/// `regions-loop, 200 µs (48,780 elements)`, the count where this run
/// calibrated it.
fn heading(name: &str, target_us: u64) -> String {
    let elements = ELEMENTS
        .lock()
        .map(|e| e.iter().find(|&&(t, _)| t == target_us).map(|&(_, n)| n))
        .unwrap_or(None);
    match elements {
        Some(n) => format!(
            "{name}, {target_us} µs ({} elements)",
            group_digits(n as u64)
        ),
        None => format!("{name}, {target_us} µs of sequential work"),
    }
}

/// Back-to-back loops: µs per region.
pub const LOOP: Experiment = Experiment::new(
    "regions-loop",
    "µs/region",
    "regions",
    Heading::Custom(|us| heading("regions-loop", us)),
);

/// Back-to-back join trees: µs per region.
pub const JOIN_TREE: Experiment = Experiment::new(
    "regions-join-tree",
    "µs/region",
    "regions",
    Heading::Custom(|us| heading("regions-join-tree", us)),
);

/// A short loop, then a `join` of two long halves: µs per region.
pub const HALVES: Experiment = Experiment::new(
    "regions-halves",
    "µs/region",
    "regions",
    Heading::Custom(|us| heading("regions-halves", us)),
);

/// What the fill cells' entries say.
const FILL_LEGEND: &str = "median / p90 over one traced batch; lubdub: µs from a region's start \
     until every worker had worked in it (regions that filled); region: the traced regions' µs; \
     filled %: the share of regions that filled";

/// lubdub's fill time in loops.
pub const FILL_LOOP: Experiment = Experiment::new(
    "region-fill-loop",
    "µs",
    "regions",
    Heading::Custom(|us| heading("region-fill-loop", us)),
)
.read_as(Entry::Spread, FILL_LEGEND);

/// lubdub's fill time in join trees.
pub const FILL_JOIN_TREE: Experiment = Experiment::new(
    "region-fill-join-tree",
    "µs",
    "regions",
    Heading::Custom(|us| heading("region-fill-join-tree", us)),
)
.read_as(Entry::Spread, FILL_LEGEND);

impl RegionKind {
    /// The experiment of this kind's times per region.
    fn experiment(self) -> Experiment {
        match self {
            RegionKind::Loop => LOOP,
            RegionKind::JoinTree => JOIN_TREE,
            RegionKind::Halves => HALVES,
        }
    }

    /// The experiment of lubdub's fill time in this kind, if it has one.
    fn fill_experiment(self) -> Option<Experiment> {
        match self {
            RegionKind::Loop => Some(FILL_LOOP),
            RegionKind::JoinTree => Some(FILL_JOIN_TREE),
            RegionKind::Halves => None,
        }
    }
}

/// What a regions run covers.
#[derive(Clone, Debug)]
pub struct RegionsConfig {
    /// The kinds of region, in table order.
    pub kinds: Vec<RegionKind>,
    /// Target sequential durations of one region, in µs.
    pub sizes_us: Vec<u64>,
    /// Thread counts.
    pub threads: Vec<NonZeroUsize>,
    /// Time to spend on each kind × size × threads cell.
    pub budget: Duration,
}

/// Calibrates, then measures every kind × size × threads cell, each
/// followed by lubdub's fill cell at two threads or more.
///
/// # Errors
/// A wrong sum, or a pool that cannot be built.
pub fn run(config: &RegionsConfig) -> Result<Vec<Cell>, Error> {
    let ns = calibrate_ns_per_element();
    let counts: Vec<(u64, usize)> = config
        .sizes_us
        .iter()
        .map(|&us| (us, elements_for(Duration::from_micros(us), ns)))
        .collect();
    let listed: Vec<String> = counts
        .iter()
        .map(|&(us, n)| format!("{us} µs = {} elements", group_digits(n as u64)))
        .collect();
    eprintln!(
        "[regions] calibration: {ns:.2} ns per element of sequential loop; {}",
        listed.join(", ")
    );
    if let Ok(mut elements) = ELEMENTS.lock() {
        elements.clone_from(&counts);
    }
    let mut cells = Vec::new();
    for &kind in &config.kinds {
        for &(target_us, n) in &counts {
            let x = input(n);
            let expected = sum_sequential(&x);
            let mut fills = Vec::new();
            let steps = cells_in_steps(&config.threads, |threads| {
                let pools = Pools::new(threads)?;
                let cell = measure_cell(kind, target_us, &pools, &x, expected, config.budget)?;
                fills.push(fill_cell(kind, target_us, &pools, &x, expected)?);
                Ok(cell)
            });
            cells.extend(steps?);
            cells.extend(fills.into_iter().flatten());
        }
    }
    Ok(cells)
}

/// The plan of a cell: samples of at least [`SAMPLE`] of regions back to
/// back, rounds for `budget` (at least three).
fn plan(budget: Duration) -> Plan {
    Plan {
        reps: Reps::AtLeast(SAMPLE),
        ..Plan::adaptive(budget)
    }
}

/// Every variant of `kind` over `x` at the pools' thread count: one cell,
/// in µs per region.
fn measure_cell(
    kind: RegionKind,
    target_us: u64,
    pools: &Pools,
    x: &[u64],
    expected: u64,
    budget: Duration,
) -> Result<Cell, Error> {
    let mut contenders: Vec<Contender<'_>> = Variant::of(kind)
        .into_iter()
        .map(|v| {
            let rep = move |reps| repeat(reps, expected as i64, || v.region(kind, pools, x) as i64);
            let profiled = (v == Variant::Lubdub).then_some(&pools.lubdub);
            Contender::timed(v.name(), rep)
                .profiled_by(profiled)
                .settles_for(pools.settle(v == Variant::Openmp))
        })
        .collect();
    Cell::measure(
        kind.experiment(),
        target_us,
        pools.threads,
        1000.0,
        &mut contenders,
        &plan(budget),
    )
}

/// lubdub's fill cell of `kind` over `x`, from a traced batch of regions;
/// `None` at one thread, where the one worker is the caller, and for a kind
/// without one.
fn fill_cell(
    kind: RegionKind,
    target_us: u64,
    pools: &Pools,
    x: &[u64],
    expected: u64,
) -> Result<Option<Cell>, Error> {
    let Some(experiment) = kind.fill_experiment().filter(|_| pools.threads >= 2) else {
        return Ok(None);
    };
    let (least, most) = TRACED_REGIONS;
    let count = (TRACED_BATCH.as_micros() as usize / target_us.max(1) as usize).clamp(least, most);
    let region = || Variant::Lubdub.region(kind, pools, x);
    let label = Cell::label_of(experiment, target_us, pools.threads);
    let batch = traced_batch(&pools.lubdub, count, expected, region).map_err(|mismatch| {
        crate::check::WrongResult {
            cell: label.clone(),
            variant: Variant::Lubdub.name().to_owned(),
            mismatch,
        }
    })?;
    let summary = FillSummary::of(&batch);
    eprintln!(
        "[{label}] {} (trace clock placed within {:.1} µs)",
        summary.describe(),
        batch.clock_error.as_nanos() as f64 / 1000.0
    );
    let sampled = |variant: &str, samples: Vec<f64>| Sampled {
        variant: variant.to_owned(),
        reps_per_sample: 1,
        samples,
        ..Sampled::default()
    };
    let sampled = vec![
        sampled(Variant::Lubdub.name(), summary.fill_us.clone()),
        sampled("region", summary.region_us.clone()),
        sampled("filled %", summary.filled_percent().into_iter().collect()),
    ];
    Ok(Some(Cell::from_sampled(
        experiment,
        target_us,
        pools.threads,
        sampled,
    )))
}

/// Back-to-back parallel regions (a loop, a join tree, a short loop then a
/// join of two halves) of about 50 µs, 200 µs, 1 ms and 5 ms of sequential
/// work: time per region against the sequential time, for lubdub, Rayon and
/// OpenMP, and lubdub's fill time.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub common: Common,
    /// Kinds of region, comma-separated (all by default).
    #[arg(long, value_delimiter = ',', value_enum)]
    kinds: Vec<RegionKind>,
    /// Target sequential durations of one region, in µs, comma-separated.
    #[arg(long, value_delimiter = ',', default_values_t = ISSUE_SIZES_US,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    sizes: Vec<u64>,
}

impl Args {
    /// The run the options ask for.
    pub fn config(&self) -> RegionsConfig {
        RegionsConfig {
            kinds: if self.kinds.is_empty() {
                RegionKind::ALL.to_vec()
            } else {
                unique(&self.kinds)
            },
            sizes_us: unique(&self.sizes),
            threads: self.common.threads(),
            budget: self.common.budget(),
        }
    }
}

impl_workload!(run, vec![LOOP, JOIN_TREE, HALVES, FILL_LOOP, FILL_JOIN_TREE]);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::{nz, parse, Command};

    #[test]
    fn a_run_measures_each_kind_and_size_then_the_fills() {
        let config = RegionsConfig {
            kinds: RegionKind::ALL.to_vec(),
            sizes_us: vec![20],
            threads: vec![nz(1), nz(2)],
            budget: Duration::ZERO,
        };
        let cells = run(&config).unwrap();
        let shape: Vec<(&str, usize)> = cells
            .iter()
            .map(|c| (c.experiment.name(), c.threads))
            .collect();
        assert_eq!(
            shape,
            [
                ("regions-loop", 1),
                ("regions-loop", 2),
                ("region-fill-loop", 2),
                ("regions-join-tree", 1),
                ("regions-join-tree", 2),
                ("region-fill-join-tree", 2),
                ("regions-halves", 1),
                ("regions-halves", 2),
            ]
        );
        let names: Vec<&str> = cells[0]
            .results
            .iter()
            .map(|r| r.variant.as_str())
            .collect();
        assert_eq!(names, ["sequential", "lubdub", "rayon", "openmp"]);
        assert_eq!(cells[3].results.len(), 3, "no OpenMP join tree");
        assert_eq!(cells[7].results.len(), 3, "no OpenMP halves");
        let fill: Vec<&str> = cells[2]
            .results
            .iter()
            .map(|r| r.variant.as_str())
            .collect();
        assert_eq!(fill, ["lubdub", "region", "filled %"]);
        assert!(
            cells[0].heading().contains(" elements)"),
            "{}",
            cells[0].heading()
        );
    }

    #[test]
    fn options_reach_the_config() {
        let Command::Regions(args) = parse(&["regions", "--threads", "2"]).unwrap() else {
            panic!("not regions")
        };
        let config = args.config();
        assert_eq!(config.kinds, RegionKind::ALL);
        assert_eq!(config.sizes_us, ISSUE_SIZES_US);
        assert_eq!(config.threads, [nz(2)]);
        let Command::Regions(args) =
            parse(&["regions", "--kinds", "join-tree", "--sizes", "7,7,9"]).unwrap()
        else {
            panic!("not regions")
        };
        assert_eq!(args.config().kinds, [RegionKind::JoinTree]);
        assert_eq!(args.config().sizes_us, [7, 9]);
        assert!(parse(&["regions", "--sizes", "0"]).is_err());
        assert!(parse(&["regions", "--kinds", "tree"]).is_err());
    }
}
