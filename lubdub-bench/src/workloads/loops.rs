//! The loop benchmarks of issue 4, all variants side by side: a sum of
//! squares (tiny and large), a map-collect, an axpy through `zip`, and a
//! 64-element loop called many times from a sequential hot loop.
//!
//! Every repetition is one call into the runtime from the main thread
//! (`install`, an OpenMP parallel region, a call of lubdub's C library), as
//! in treesum; the hot loop makes all its calls inside one `install` (C on
//! lubdub: one `lubdub_install`; OpenMP: one region per call, as a C
//! programmer writes it). The C variants beside OpenMP's: the same loops in
//! plain C (*c-sequential*, their reference) and on lubdub's C library
//! (*c-lubdub*). Outputs are cleared before and checked after every
//! repetition, outside the timed part.

mod adaptors;
mod case;
mod kernels;
mod nested;
#[cfg(test)]
mod tests;

use std::hint::black_box;
use std::num::NonZeroUsize;
use std::time::Duration;

use clap::ValueEnum;

use crate::check::{expect_eq, expect_same, Mismatch};
use crate::cli::{to_usize, Common};
use crate::error::Error;
use crate::harness::{Contender, Plan, Stopwatch};
use crate::report::{Cell, cells_in_steps};
use crate::workloads::pools::Pools;

use self::case::{LoopCase, LoopKind, HOT_LOOP_LEN};
use self::kernels::{axpy, hot_loop, map_collect, sum_squares, LoopVariant};

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
        cells.extend(cells_in_steps(&config.threads, |threads| {
            measure_cell(case, threads, &Plan::adaptive(config.budget))
        })?);
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
            let profiled = match v {
                LoopVariant::Lubdub => Some(&pools.lubdub),
                LoopVariant::CLubdub => Some(pools.c_lubdub.thread_pool()),
                _ => None,
            };
            Contender::with_stopwatch(v.name(), profiled, rep)
            .settles_for(pools.settle(v == LoopVariant::Openmp))
        })
        .collect();
    let experiment = case.kind.experiment();
    let size = n as u64;
    Cell::measure(
        experiment,
        size,
        threads.get(),
        n as f64,
        &mut contenders,
        plan,
    )
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

impl_workload!(run, LoopKind::value_variants().iter().map(|kind| kind.experiment()).collect());
