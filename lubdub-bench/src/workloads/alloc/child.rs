//! The child's side of `alloc`: measures every cell in this process, under
//! the allocator it runs with, and reports the raw samples on one line.

use std::hint::black_box;

use serde::{Deserialize, Serialize};

use crate::allocator::{self, Choice};
use crate::check::expect_same;
use crate::error::Error;
use crate::harness::{measure, Contender, Measurement, Plan};
use crate::report::Cell;

use super::kernels::{check_tree, tree_rep, vecs_rep};
use super::{AllocConfig, AllocPools, AllocVariant, AllocWorkload};

/// What starts the line a child prints its samples on.
pub const RESULT_PREFIX: &str = "lubdub-bench-alloc-result: ";

/// One cell as a child reports it: the harness's raw samples.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChildCell {
    /// The workload.
    pub workload: AllocWorkload,
    /// Its size: nodes or items.
    pub size: u64,
    /// The thread count.
    pub threads: usize,
    /// Every variant's samples, in nanoseconds per repetition.
    pub measurements: Vec<Measurement>,
}

/// Everything a child reports, on one line after [`RESULT_PREFIX`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChildReport {
    /// The allocator the child ran with, as it saw it.
    pub allocator: String,
    /// Every cell, in the order measured.
    pub cells: Vec<ChildCell>,
}

impl ChildReport {
    /// The line a child prints: [`RESULT_PREFIX`] and the report as JSON.
    pub fn to_line(&self) -> String {
        let json = serde_json::to_string(self)
            .expect("a report serializes: it holds only strings and numbers");
        format!("{RESULT_PREFIX}{json}")
    }
}

/// The child's side: measures every workload × threads cell of `config` in
/// this process, under the allocator it runs with.
///
/// # Errors
/// A bad `LUBDUB_BENCH_ALLOCATOR`, a wrong answer, or a pool that cannot
/// be built.
pub fn measure_here(config: &AllocConfig) -> Result<ChildReport, Error> {
    let choice = allocator::in_use().map_err(Error::Allocator)?;
    let plan = Plan::adaptive(config.budget);
    let mut cells = Vec::new();
    for (step, &threads) in config.threads.iter().enumerate() {
        // Text this child prints on stdout (not the result line) or stderr
        // reaches the parent's output, prefixed with the allocator on stdout:
        // here, lubdub's profile of its own samples in each cell.
        let pools = AllocPools::new(threads)?;
        for workload in AllocWorkload::ALL {
            let size = config.size(workload);
            let measurements = measure_cell(workload, size, &pools, choice, &plan)?;
            let cell = Cell::new(
                workload.experiment(),
                size,
                pools.threads,
                size as f64,
                measurements.clone(),
            )
            .with_allocator(choice.name());
            cell.progress(step + 1, config.threads.len());
            for profile in crate::profiles::detailed(std::slice::from_ref(&cell)) {
                println!("{profile}");
            }
            // Reported here: profiles do not travel to the parent.
            let measurements = measurements
                .into_iter()
                .map(|m| Measurement {
                    profile: None,
                    trace: None,
                    ..m
                })
                .collect();
            cells.push(ChildCell {
                workload,
                size,
                threads: pools.threads,
                measurements,
            });
        }
    }
    Ok(ChildReport {
        allocator: choice.name().to_owned(),
        cells,
    })
}

/// Measures every variant of `workload` at `size` with `pools`: one cell.
///
/// # Errors
/// A wrong answer.
pub(super) fn measure_cell(
    workload: AllocWorkload,
    size: u64,
    pools: &AllocPools,
    choice: Choice,
    plan: &Plan,
) -> Result<Vec<Measurement>, Error> {
    let label = format!(
        "{} allocator={}",
        Cell::label_of(workload.experiment(), size, pools.threads),
        choice.name()
    );
    let measured = match workload {
        AllocWorkload::Tree => {
            let mut contenders: Vec<Contender<'_>> = AllocVariant::ALL
                .iter()
                .map(|&v| {
                    Contender::timed(v.name(), move |reps| {
                        (0..reps)
                            .try_for_each(|_| check_tree(black_box(tree_rep(v, pools, size)), size))
                    })
                    .profiled_by((v == AllocVariant::Lubdub).then_some(&pools.lubdub))
                })
                .collect();
            measure(&label, &mut contenders, plan)?
        }
        AllocWorkload::Vecs => {
            let expected = vecs_rep(AllocVariant::Sequential, pools, size);
            let expected = &expected;
            let mut contenders: Vec<Contender<'_>> = AllocVariant::ALL
                .iter()
                .map(|&v| {
                    let profiled = (v == AllocVariant::Lubdub).then_some(&pools.lubdub);
                    Contender::with_stopwatch(v.name(), profiled, move |sw| {
                        let got = sw.time(|| vecs_rep(v, pools, size));
                        expect_same(&got, expected)
                    })
                })
                .collect();
            measure(&label, &mut contenders, plan)?
        }
    };
    Ok(measured)
}
