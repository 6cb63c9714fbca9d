//! The loop benchmarks of issue 4, all variants side by side: a sum of
//! squares (tiny and large), a map-collect, an axpy through `zip`, and a
//! 64-element loop called many times from a sequential hot loop.
//!
//! Every repetition is one call into the runtime from the main thread
//! (`install`, an OpenMP parallel region), as in treesum; the hot loop makes
//! all its calls inside one `install` (OpenMP: one region per call, as a C
//! programmer writes it). Outputs are cleared before and checked after every
//! repetition, outside the timed part.

use std::ffi::c_int;
use std::hint::black_box;
use std::num::NonZeroUsize;
use std::time::Duration;

use clap::ValueEnum;

use crate::check::{expect_eq, expect_same, Mismatch};
use crate::cli::{to_usize, Common};
use crate::error::Error;
use crate::experiment::{Experiment, Heading};
use crate::harness::{measure, Contender, Plan, Stopwatch};
use crate::report::{group_digits, Cell, BASELINE};
use crate::workloads::pools::Pools;
use crate::workloads::{adaptors, nested, Workload};

/// The length of the hot loop's inner parallel loop.
pub const HOT_LOOP_LEN: usize = 64;

/// The `a` of axpy.
const AXPY_A: f64 = 3.0;

/// The loops measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LoopKind {
    /// `x.iter().map(|x| x * x).sum()` over `u64`s.
    SumSquares,
    /// `x.iter().map(|x| x * 1.5 + 2.0).collect::<Vec<f64>>()`.
    MapCollect,
    /// `z = a * x + y` over `f64`s, through `zip`.
    Axpy,
    /// A sum of squares of [`HOT_LOOP_LEN`] `u64`s, called many times in a
    /// row from a sequential loop.
    HotLoop,
    /// A sum of squares through `par_chunks(64).flat_map(par_iter)`
    /// (`adaptors.rs`, as the three kinds below).
    FlatMap,
    /// A sum of sums of squares of `par_iter().chunks(64)`.
    Chunks,
    /// A sum of squares of every third element: `par_iter().step_by(3)`.
    StepBy,
    /// A sum of squares through `iter().par_bridge()`.
    ParBridge,
    /// For each `a` of an outer parallel loop, an inner parallel loop
    /// counting the `b` with `a² + b²` a square (`nested.rs`, as below).
    NestedCount,
    /// An n-body step: `par_iter_mut` over the bodies, each folding every
    /// body's pull with `par_iter().fold().reduce()`.
    NestedFold,
}

impl LoopKind {
    /// The name in tables, file names and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Self::SumSquares => "sum-squares",
            Self::MapCollect => "map-collect",
            Self::Axpy => "axpy",
            Self::HotLoop => "hot-loop",
            Self::FlatMap => "flat-map",
            Self::Chunks => "chunks",
            Self::StepBy => "step-by",
            Self::ParBridge => "par-bridge",
            Self::NestedCount => "nested-count",
            Self::NestedFold => "nested-fold",
        }
    }

    /// The loop's experiment: ns per element (per call for the hot loop).
    pub fn experiment(self) -> Experiment {
        match self {
            Self::HotLoop => Experiment::new(
                self.name(),
                "ns/call",
                "loops",
                Heading::Custom(|size| {
                    format!(
                        "hot-loop, {} calls of a {HOT_LOOP_LEN}-element loop",
                        group_digits(size)
                    )
                }),
            ),
            Self::NestedCount => Experiment::new(
                self.name(),
                "ns/pair",
                "loops",
                Heading::Custom(|side| nested::heading("nested-count", side)),
            ),
            Self::NestedFold => Experiment::new(
                self.name(),
                "ns/pair",
                "loops",
                Heading::Custom(|side| nested::heading("nested-fold", side)),
            ),
            _ => Experiment::new(self.name(), "ns/element", "loops", Heading::Count("elements")),
        }
    }
}

/// One loop at one size: elements, or calls for [`LoopKind::HotLoop`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoopCase {
    /// The loop.
    pub kind: LoopKind,
    /// Its size.
    pub size: usize,
}

/// The ways of running a loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopVariant {
    /// The sequential `Iterator` chain, no runtime: the reference.
    Baseline,
    /// lubdub's `par_iter` inside `lubdub::ThreadPool::install`.
    Lubdub,
    /// Rayon's `par_iter` inside `rayon::ThreadPool::install`.
    Rayon,
    /// `#pragma omp parallel for` (`c/loops.c`).
    Openmp,
}

impl LoopVariant {
    /// Every variant, in the order of the tables.
    pub const ALL: [LoopVariant; 4] = [Self::Baseline, Self::Lubdub, Self::Rayon, Self::Openmp];

    /// The name in tables and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Self::Baseline => BASELINE,
            Self::Lubdub => "lubdub",
            Self::Rayon => "rayon",
            Self::Openmp => "openmp",
        }
    }
}

extern "C" {
    fn lubdub_bench_sum_squares_omp(x: *const u64, n: usize, threads: c_int) -> u64;
    fn lubdub_bench_map_omp(x: *const f64, out: *mut f64, n: usize, threads: c_int);
    fn lubdub_bench_axpy_omp(
        a: f64,
        x: *const f64,
        y: *const f64,
        z: *mut f64,
        n: usize,
        threads: c_int,
    );
    fn lubdub_bench_hot_loop_omp(x: *const u64, n: usize, calls: usize, threads: c_int) -> u64;
}

/// The sum of the squares of `x` this way.
fn sum_squares(variant: LoopVariant, pools: &Pools, x: &[u64]) -> u64 {
    match variant {
        LoopVariant::Baseline => x.iter().map(|x| x * x).sum(),
        LoopVariant::Lubdub => pools.lubdub.install(|| sum_squares_lubdub(x)),
        LoopVariant::Rayon => pools.rayon.install(|| sum_squares_rayon(x)),
        // SAFETY: `x` is a live slice for the whole call; C only reads it.
        LoopVariant::Openmp => unsafe {
            lubdub_bench_sum_squares_omp(x.as_ptr(), x.len(), pools.omp_threads())
        },
    }
}

fn sum_squares_lubdub(x: &[u64]) -> u64 {
    use lubdub::prelude::*;
    x.par_iter().map(|x| x * x).sum()
}

fn sum_squares_rayon(x: &[u64]) -> u64 {
    use rayon::prelude::*;
    x.par_iter().map(|x| x * x).sum()
}

/// `calls` sums of the squares of `x`, one after another; their total.
fn hot_loop(variant: LoopVariant, pools: &Pools, x: &[u64], calls: usize) -> u64 {
    let repeat = |sum: fn(&[u64]) -> u64| (0..calls).map(|_| sum(black_box(x))).sum();
    match variant {
        LoopVariant::Baseline => repeat(|x| x.iter().map(|x| x * x).sum()),
        LoopVariant::Lubdub => pools.lubdub.install(|| repeat(sum_squares_lubdub)),
        LoopVariant::Rayon => pools.rayon.install(|| repeat(sum_squares_rayon)),
        // SAFETY: `x` is a live slice for the whole call; C only reads it.
        LoopVariant::Openmp => unsafe {
            lubdub_bench_hot_loop_omp(x.as_ptr(), x.len(), calls, pools.omp_threads())
        },
    }
}

/// `x * 1.5 + 2.0` for each element of `x`, collected.
fn map_collect(variant: LoopVariant, pools: &Pools, x: &[f64]) -> Vec<f64> {
    let f = |x: &f64| x * 1.5 + 2.0;
    match variant {
        LoopVariant::Baseline => x.iter().map(f).collect(),
        LoopVariant::Lubdub => pools.lubdub.install(|| {
            use lubdub::prelude::*;
            x.par_iter().map(f).collect()
        }),
        LoopVariant::Rayon => pools.rayon.install(|| {
            use rayon::prelude::*;
            x.par_iter().map(f).collect()
        }),
        LoopVariant::Openmp => {
            let mut out = Vec::with_capacity(x.len());
            // SAFETY: `out` has room for `x.len()` elements, all of which the
            // C loop writes before `set_len`; `x` is only read.
            unsafe {
                lubdub_bench_map_omp(x.as_ptr(), out.as_mut_ptr(), x.len(), pools.omp_threads());
                out.set_len(x.len());
            }
            out
        }
    }
}

/// `z = AXPY_A * x + y`, element-wise; the three have one length.
fn axpy(variant: LoopVariant, pools: &Pools, x: &[f64], y: &[f64], z: &mut [f64]) {
    let f = |(z, (x, y)): (&mut f64, (&f64, &f64))| *z = AXPY_A * x + y;
    match variant {
        LoopVariant::Baseline => z.iter_mut().zip(x.iter().zip(y)).for_each(f),
        LoopVariant::Lubdub => pools.lubdub.install(|| {
            use lubdub::prelude::*;
            z.par_iter_mut().zip(x.par_iter().zip(y)).for_each(f);
        }),
        LoopVariant::Rayon => pools.rayon.install(|| {
            use rayon::prelude::*;
            z.par_iter_mut().zip(x.par_iter().zip(y)).for_each(f);
        }),
        // SAFETY: the three slices are live, of one length, and `z` does not
        // overlap the inputs (a `&mut` borrow); C writes only `z`.
        LoopVariant::Openmp => unsafe {
            lubdub_bench_axpy_omp(
                AXPY_A,
                x.as_ptr(),
                y.as_ptr(),
                z.as_mut_ptr(),
                z.len(),
                pools.omp_threads(),
            );
        },
    }
}

/// What a loops run covers.
#[derive(Clone, Debug)]
pub struct LoopsConfig {
    /// The loops and sizes, in table order.
    pub cases: Vec<LoopCase>,
    /// Thread counts.
    pub threads: Vec<NonZeroUsize>,
    /// Time to spend on each case × threads cell.
    pub budget: Duration,
}

impl LoopsConfig {
    /// The cases of issue 4: the sum of squares of 1,000 and of `large`
    /// elements, map-collect and axpy of `large`, and `hot_calls` calls of
    /// the hot loop; then the adaptor loops over `large` elements
    /// (`par_bridge`, which takes a lock per item, over a tenth of them);
    /// then the nested loops over about `large` pairs.
    pub fn issue_cases(large: usize, hot_calls: usize) -> Vec<LoopCase> {
        let case = |kind, size| LoopCase { kind, size };
        vec![
            case(LoopKind::SumSquares, 1_000),
            case(LoopKind::SumSquares, large),
            case(LoopKind::MapCollect, large),
            case(LoopKind::Axpy, large),
            case(LoopKind::HotLoop, hot_calls),
            case(LoopKind::FlatMap, large),
            case(LoopKind::Chunks, large),
            case(LoopKind::StepBy, large),
            case(LoopKind::ParBridge, large / 10),
            case(LoopKind::NestedCount, nested::side_for(large)),
            case(LoopKind::NestedFold, nested::side_for(large)),
        ]
    }
}

/// Measures every case × threads cell of `config`.
///
/// # Errors
/// A wrong answer, or a pool that cannot be built.
pub fn run(config: &LoopsConfig) -> Result<Vec<Cell>, Error> {
    let mut cells = Vec::new();
    for &case in &config.cases {
        for (step, &threads) in config.threads.iter().enumerate() {
            let cell = measure_cell(case, threads, &Plan::adaptive(config.budget))?;
            cell.progress(step + 1, config.threads.len());
            cells.push(cell);
        }
    }
    Ok(cells)
}

/// The `u64` input of the sums: small values, so no sum overflows.
fn u64_input(n: usize) -> Vec<u64> {
    (0..n as u64).map(|i| i % 1000).collect()
}

/// An `f64` input.
fn f64_input(n: usize, scale: f64) -> Vec<f64> {
    (0..n).map(|i| (i % 4096) as f64 * scale).collect()
}

/// Measures every variant on `case` at `threads` threads: one cell.
///
/// # Errors
/// A wrong answer, or a pool that cannot be built.
pub fn measure_cell(case: LoopCase, threads: NonZeroUsize, plan: &Plan) -> Result<Cell, Error> {
    if adaptors::KINDS.contains(&case.kind) {
        return adaptors::measure_cell(case, threads, plan);
    }
    if nested::KINDS.contains(&case.kind) {
        return nested::measure_cell(case, threads, plan);
    }
    let pools = Pools::new(threads)?;
    let pools = &pools;
    let n = case.size;
    let (x_u64, x, y) = match case.kind {
        LoopKind::SumSquares => (u64_input(n), Vec::new(), Vec::new()),
        LoopKind::HotLoop => (u64_input(HOT_LOOP_LEN), Vec::new(), Vec::new()),
        LoopKind::MapCollect => (Vec::new(), f64_input(n, 0.5), Vec::new()),
        LoopKind::Axpy => (Vec::new(), f64_input(n, 0.5), f64_input(n, 0.25)),
        _ => unreachable!("adaptor loops are measured in adaptors.rs"),
    };
    let (x_u64, x, y) = (&x_u64, &x, &y);
    let as_i64 = |sum: u64| sum as i64; // wrapping, as every variant's sum
    let mut z = vec![0.0; if case.kind == LoopKind::Axpy { n } else { 0 }];
    let expected_map = map_collect(LoopVariant::Baseline, pools, x);
    axpy(LoopVariant::Baseline, pools, x, y, &mut z);
    let expected_z = z.clone();
    let expected_sum = as_i64(match case.kind {
        LoopKind::HotLoop => hot_loop(LoopVariant::Baseline, pools, x_u64, n),
        _ => sum_squares(LoopVariant::Baseline, pools, x_u64),
    });
    let (expected_map, expected_z) = (&expected_map, &expected_z);
    let mut contenders: Vec<Contender<'_>> = LoopVariant::ALL
        .iter()
        .map(|&v| {
            let mut z = z.clone();
            let rep = move |sw: &mut Stopwatch<'_>| -> Result<(), Mismatch> {
                match case.kind {
                    LoopKind::SumSquares => expect_eq(
                        as_i64(sw.time(|| sum_squares(v, pools, black_box(x_u64)))),
                        expected_sum,
                    ),
                    LoopKind::HotLoop => expect_eq(
                        as_i64(sw.time(|| hot_loop(v, pools, x_u64, n))),
                        expected_sum,
                    ),
                    LoopKind::MapCollect => expect_same(
                        &sw.time(|| map_collect(v, pools, black_box(x))),
                        expected_map,
                    ),
                    LoopKind::Axpy => {
                        z.fill(0.0);
                        sw.time(|| axpy(v, pools, black_box(x), black_box(y), &mut z));
                        expect_same(&z, expected_z)
                    }
                    _ => unreachable!("adaptor loops are measured in adaptors.rs"),
                }
            };
            Contender::with_stopwatch(
                v.name(),
                (v == LoopVariant::Lubdub).then_some(&pools.lubdub),
                rep,
            )
            .settles_for(pools.settle(v == LoopVariant::Openmp))
        })
        .collect();
    let experiment = case.kind.experiment();
    let size = n as u64;
    let label = Cell::label_of(experiment, size, threads.get());
    let measured = measure(&label, &mut contenders, plan)?;
    Ok(Cell::new(
        experiment,
        size,
        threads.get(),
        n as f64,
        measured,
    ))
}

/// Parallel loops: sum of squares (1,000 and n elements), map-collect,
/// axpy through zip, a 64-element loop called from a sequential loop,
/// Rayon's adaptors, and loops nested in loops.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub common: Common,
    /// Elements of the large loops (sum of squares, map-collect, axpy).
    #[arg(long, default_value_t = 10_000_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    n: u64,
    /// Calls of the 64-element loop per repetition of the hot loop.
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    hot_calls: u64,
    /// Loops to measure, comma-separated (all by default).
    #[arg(long, value_delimiter = ',', value_enum)]
    kinds: Vec<LoopKind>,
}

impl Args {
    /// The run the options ask for.
    pub fn config(&self) -> LoopsConfig {
        let mut cases = LoopsConfig::issue_cases(to_usize(self.n), to_usize(self.hot_calls));
        if !self.kinds.is_empty() {
            cases.retain(|case| self.kinds.contains(&case.kind));
        }
        LoopsConfig {
            cases,
            threads: self.common.threads(),
            budget: self.common.budget(),
        }
    }
}

impl Workload for Args {
    fn common(&self) -> &Common {
        &self.common
    }

    fn run(&self) -> Result<Vec<Cell>, Error> {
        run(&self.config())
    }

    fn experiments() -> Vec<Experiment> {
        LoopKind::value_variants()
            .iter()
            .map(|kind| kind.experiment())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::Reps;
    use crate::workloads::{parse, Command};

    #[test]
    fn every_variant_computes_every_loop_correctly() {
        for threads in [1, 2, 3] {
            let pools = Pools::new(NonZeroUsize::new(threads).unwrap()).unwrap();
            for n in [0, 1, 7, 1000, 100_003] {
                let (xu, x, y) = (u64_input(n), f64_input(n, 0.5), f64_input(n, 0.25));
                let mut z_expected = vec![0.0; n];
                axpy(LoopVariant::Baseline, &pools, &x, &y, &mut z_expected);
                for v in LoopVariant::ALL {
                    assert_eq!(
                        sum_squares(v, &pools, &xu),
                        xu.iter().map(|x| x * x).sum::<u64>()
                    );
                    assert_eq!(
                        hot_loop(v, &pools, &xu, 3),
                        3 * xu.iter().map(|x| x * x).sum::<u64>()
                    );
                    assert_eq!(
                        map_collect(v, &pools, &x),
                        map_collect(LoopVariant::Baseline, &pools, &x)
                    );
                    let mut z = vec![0.0; n];
                    axpy(v, &pools, &x, &y, &mut z);
                    assert_eq!(z, z_expected, "{} n={n}", v.name());
                }
            }
        }
    }

    #[test]
    fn a_cell_measures_each_variant_for_each_kind() {
        let quick = Plan {
            warm_up: Duration::ZERO,
            reps: Reps::Fixed(1),
            budget: Duration::ZERO,
            min_rounds: 2,
            max_rounds: 2,
        };
        for case in LoopsConfig::issue_cases(5_000, 10) {
            let cell = measure_cell(case, NonZeroUsize::new(2).unwrap(), &quick).unwrap();
            let names: Vec<_> = cell.results.iter().map(|r| r.variant.as_str()).collect();
            let expected: &[&str] =
                if adaptors::KINDS.contains(&case.kind) || nested::KINDS.contains(&case.kind) {
                    &[BASELINE, "lubdub", "rayon"]
                } else {
                    &LoopVariant::ALL.map(LoopVariant::name)
                };
            assert_eq!(names, expected);
            assert!(cell.results.iter().all(|r| r.samples.len() == 2));
        }
    }

    #[test]
    fn defaults_follow_the_issue() {
        let Command::Loops(args) = parse(&["loops"]).unwrap() else {
            panic!("not loops")
        };
        let config = args.config();
        assert_eq!(config.cases, LoopsConfig::issue_cases(10_000_000, 100_000));
    }

    #[test]
    fn kinds_pick_loops_in_table_order() {
        let Command::Loops(args) = parse(&["loops", "--kinds", "nested-fold,hot-loop"]).unwrap()
        else {
            panic!("not loops")
        };
        let kinds: Vec<_> = args.config().cases.iter().map(|c| c.kind).collect();
        assert_eq!(kinds, [LoopKind::HotLoop, LoopKind::NestedFold]);
        assert!(parse(&["loops", "--kinds", "no-such-loop"]).is_err());
    }
}
