//! Loops through Rayon's adaptors (issue "Rayon drop-in"): `flat_map`,
//! `chunks`, `step_by` and `par_bridge`, sequential vs lubdub vs Rayon in
//! one run (OpenMP has no counterpart). Each sums squares of small `u64`s,
//! so the answer is checked exactly on every repetition.

use std::hint::black_box;
use std::num::NonZeroUsize;

use crate::check::{expect_eq, Mismatch};
use crate::error::Error;
use crate::harness::{Contender, Plan, Stopwatch};
use crate::report::Cell;
use crate::workloads::loops::case::{LoopCase, LoopKind};
use crate::workloads::pools::Pools;
use crate::workloads::variants::Variant;

/// The inner length of `flat_map`'s items and `chunks`' chunks.
pub const INNER: usize = 64;

/// The stride of `step_by`.
pub const STRIDE: usize = 3;

/// The kinds of [`LoopKind`] measured here.
pub const KINDS: [LoopKind; 4] = [
    LoopKind::FlatMap,
    LoopKind::Chunks,
    LoopKind::StepBy,
    LoopKind::ParBridge,
];

/// `kind`'s loop over `x`, the variant's way; the result as a wrapping sum.
fn run_loop(kind: LoopKind, variant: Variant, pools: &Pools, x: &[u64]) -> u64 {
    match variant {
        Variant::Baseline => sequential(kind, x),
        Variant::Lubdub => pools.lubdub.install(|| with_lubdub(kind, x)),
        Variant::Rayon => pools.rayon.install(|| with_rayon(kind, x)),
    }
}

fn square(x: &u64) -> u64 {
    x * x
}

fn sequential(kind: LoopKind, x: &[u64]) -> u64 {
    match kind {
        LoopKind::FlatMap => x.chunks(INNER).flat_map(|c| c.iter().map(square)).sum(),
        LoopKind::Chunks => x
            .chunks(INNER)
            .map(|c| c.iter().map(square).sum::<u64>())
            .sum(),
        LoopKind::StepBy => x.iter().step_by(STRIDE).map(square).sum(),
        LoopKind::ParBridge => x.iter().map(square).sum(),
        other => unreachable!("{} is not an adaptor loop", other.name()),
    }
}

/// The same loops, written once for each runtime: the code a user switches
/// with one `use` line.
macro_rules! adaptor_loops {
    ($name:ident, $runtime:ident) => {
        fn $name(kind: LoopKind, x: &[u64]) -> u64 {
            use $runtime::iter::ParallelBridge;
            use $runtime::prelude::*;
            match kind {
                LoopKind::FlatMap => x
                    .par_chunks(INNER)
                    .flat_map(|c| c.par_iter().map(square))
                    .sum(),
                LoopKind::Chunks => x
                    .par_iter()
                    .chunks(INNER)
                    .map(|c| c.into_iter().map(square).sum::<u64>())
                    .sum(),
                LoopKind::StepBy => x.par_iter().step_by(STRIDE).map(square).sum(),
                LoopKind::ParBridge => x.iter().par_bridge().map(square).sum(),
                other => unreachable!("{} is not an adaptor loop", other.name()),
            }
        }
    };
}

adaptor_loops!(with_lubdub, lubdub);
adaptor_loops!(with_rayon, rayon);

/// Measures every variant on an adaptor `case` at `threads` threads.
///
/// # Errors
/// A wrong answer, or a pool that cannot be built.
pub fn measure_cell(case: LoopCase, threads: NonZeroUsize, plan: &Plan) -> Result<Cell, Error> {
    let pools = Pools::new(threads)?;
    let pools = &pools;
    let x: Vec<u64> = (0..case.size as u64).map(|i| i % 1000).collect();
    let x = &x;
    let expected = sequential(case.kind, x) as i64;
    let mut contenders: Vec<Contender<'_>> = Variant::ALL
        .iter()
        .map(|&v| {
            let rep = move |sw: &mut Stopwatch<'_>| -> Result<(), Mismatch> {
                let got = sw.time(|| run_loop(case.kind, v, pools, black_box(x)));
                expect_eq(got as i64, expected)
            };
            Contender::with_stopwatch(
                v.name(),
                (v == Variant::Lubdub).then_some(&pools.lubdub),
                rep,
            )
        })
        .collect();
    let experiment = case.kind.experiment();
    let size = case.size as u64;
    Cell::measure(
        experiment,
        size,
        threads.get(),
        case.size as f64,
        &mut contenders,
        plan,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_computes_every_adaptor_loop() {
        for threads in [1, 2, 3] {
            let pools = Pools::new(NonZeroUsize::new(threads).unwrap()).unwrap();
            for n in [0, 1, 63, 64, 65, 10_007] {
                let x: Vec<u64> = (0..n as u64).map(|i| i % 1000).collect();
                for kind in KINDS {
                    let expected = sequential(kind, &x);
                    for v in Variant::ALL {
                        assert_eq!(
                            run_loop(kind, v, &pools, &x),
                            expected,
                            "{} {}",
                            kind.name(),
                            v.name()
                        );
                    }
                }
            }
        }
    }
}
