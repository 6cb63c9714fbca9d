//! The burst-cpu part of `micro`: the CPU a runtime burns around a tiny
//! burst of parallel work (the 1023-node tree sum) run every millisecond;
//! and the runtimes the oversubscription part compares.

use std::hint::black_box;
use std::num::NonZeroUsize;
use std::time::Duration;

use super::{BURST_CPU, NS_PER_US};
use crate::check::expect_eq;
use crate::error::Error;
use crate::harness::{measure, process_cpu_time, Contender, Plan, Reps};
use crate::report::Cell;
use crate::workloads::pools::Pools;
use crate::workloads::tree::{expected_sum, Tree};
use crate::workloads::treesum::TreeVariant;

/// The tree-sum variants of the burst and oversubscription parts: every
/// runtime and the baseline. (The fixed split is left out: it starts OS
/// threads per call, which is not what these parts are about.) In the burst
/// part the baseline's CPU per burst is the job's own work plus the main
/// thread's sleep and wake-up, so what a runtime adds is its excess over it.
pub(super) const RUNTIME_VARIANTS: [TreeVariant; 5] = [
    TreeVariant::Baseline,
    TreeVariant::Lubdub,
    TreeVariant::Rayon,
    TreeVariant::Chili,
    TreeVariant::Openmp,
];

/// The period between bursts (a sleep of this length after each job).
const BURST_PERIOD: Duration = Duration::from_millis(1);

/// Before each sample, the main thread sleeps this long, uncharged, so that
/// threads still spinning after the previous contender's last burst (libgomp
/// spins for milliseconds after a region) have gone to sleep and are not
/// charged to this one. It precedes every contender's samples, so the
/// OpenMP contender of this part needs no
/// [`Contender::settles_for`] pause on top.
const SETTLE: Duration = Duration::from_millis(20);

/// Samples per variant: the burst time is split into this many, interleaved.
pub(super) const BURST_SAMPLES: usize = 10;

pub(super) fn burst_cell(tree: &Tree, threads: NonZeroUsize, burst_time: Duration) -> Result<Cell, Error> {
    let pools = Pools::new(threads)?;
    let expected = expected_sum(tree.size());
    let root = tree.root();
    let bursts_per_sample =
        (burst_time.as_nanos() / BURST_PERIOD.as_nanos() / BURST_SAMPLES as u128).max(1) as u64;
    let mut contenders: Vec<Contender<'_>> = RUNTIME_VARIANTS
        .iter()
        .map(|&variant| {
            let pools = &pools;
            Contender::self_timed(variant.name(), move |reps| {
                std::thread::sleep(SETTLE);
                let before = process_cpu_time();
                for _ in 0..reps {
                    std::thread::sleep(BURST_PERIOD);
                    expect_eq(black_box(variant.sum(pools, black_box(root))), expected)?;
                }
                Ok(process_cpu_time().saturating_sub(before))
            })
            .profiled_by((variant == TreeVariant::Lubdub).then_some(&pools.lubdub))
        })
        .collect();
    let plan = Plan {
        warm_up: Duration::ZERO,
        reps: Reps::Fixed(bursts_per_sample),
        budget: Duration::ZERO,
        min_rounds: BURST_SAMPLES,
        max_rounds: BURST_SAMPLES,
    };
    let label = Cell::label_of(BURST_CPU, tree.size(), threads.get());
    let measured = measure(&label, &mut contenders, &plan)?;
    Ok(Cell::new(
        BURST_CPU,
        tree.size(),
        threads.get(),
        NS_PER_US,
        measured,
    ))
}

