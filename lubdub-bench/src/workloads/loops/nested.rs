//! Parallel loops nested in parallel loops (issue "the scheduler shares work
//! wherever it is", hole 4), sequential vs lubdub vs Rayon in one run:
//! - *nested-count*, Rayon's demo "pythagoras" in small: for each `a` of an
//!   outer parallel loop, an inner parallel loop counts the `b` for which
//!   `a² + b²` is a perfect square;
//! - *nested-fold*, an n-body step: `par_iter_mut` over the bodies, each of
//!   which folds the pull of every body with `par_iter().fold().reduce()`.
//!   Positions and pulls are integers, so every variant's answer is checked
//!   exactly.
//!
//! Each outer item runs an inner loop over all `n` items: `n²` inner items
//! (pairs) in all, the unit of the tables.

use std::hint::black_box;
use std::num::NonZeroUsize;

use crate::check::{expect_eq, Mismatch};
use crate::error::Error;
use crate::harness::{Contender, Plan, Stopwatch};
use crate::report::Cell;
use crate::workloads::loops::case::{LoopCase, LoopKind};
use crate::workloads::pools::Pools;
use crate::workloads::variants::Variant;

/// The kinds of [`LoopKind`] measured here.
pub const KINDS: [LoopKind; 2] = [LoopKind::NestedCount, LoopKind::NestedFold];

/// The outer (and inner) length of a nested loop whose `n²` pairs take
/// about as long as a flat loop over `elements` elements.
pub fn side_for(elements: usize) -> usize {
    (elements as f64).sqrt() as usize
}

/// True if `a² + b²` is a perfect square.
fn pythagorean(a: u64, b: u64) -> bool {
    let c2 = a * a + b * b;
    let c = (c2 as f64).sqrt() as u64;
    c * c == c2 || (c + 1) * (c + 1) == c2
}

/// A body: an integer position and velocity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Body {
    position: [i64; 3],
    velocity: [i64; 3],
}

/// `n` bodies at scattered integer positions, at rest.
fn bodies(n: usize) -> Vec<Body> {
    (0..n as i64)
        .map(|i| Body {
            position: [(i * 7919) % 1009, (i * 104_729) % 1013, (i * 31) % 1019],
            velocity: [0; 3],
        })
        .collect()
}

/// The pull of `other` on a body at `at`: an integer stand-in for gravity,
/// falling off with the Manhattan distance.
fn pull(at: [i64; 3], other: [i64; 3]) -> [i64; 3] {
    let d = [other[0] - at[0], other[1] - at[1], other[2] - at[2]];
    let dist = d[0].abs() + d[1].abs() + d[2].abs() + 1;
    [d[0] * 1024 / dist, d[1] * 1024 / dist, d[2] * 1024 / dist]
}

fn add(a: [i64; 3], b: [i64; 3]) -> [i64; 3] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// A checksum of the bodies' velocities.
fn checksum(bodies: &[Body]) -> i64 {
    bodies
        .iter()
        .enumerate()
        .map(|(i, b)| (i as i64 + 1) * (b.velocity[0] + 3 * b.velocity[1] + 7 * b.velocity[2]))
        .fold(0, i64::wrapping_add)
}

fn sequential(kind: LoopKind, n: usize, positions: &[[i64; 3]], bodies: &mut [Body]) -> i64 {
    match kind {
        LoopKind::NestedCount => (1..=n as u64)
            .map(|a| (1..=n as u64).filter(|&b| pythagorean(a, b)).count())
            .sum::<usize>() as i64,
        LoopKind::NestedFold => {
            for body in bodies.iter_mut() {
                let at = body.position;
                let force = positions.iter().map(|&p| pull(at, p)).fold([0; 3], add);
                body.velocity = add(body.velocity, force);
            }
            checksum(bodies)
        }
        other => unreachable!("{} is not a nested loop", other.name()),
    }
}

/// The same nested loops, written once for each runtime.
macro_rules! nested_loops {
    ($name:ident, $runtime:ident) => {
        fn $name(kind: LoopKind, n: usize, positions: &[[i64; 3]], bodies: &mut [Body]) -> i64 {
            use $runtime::prelude::*;
            match kind {
                LoopKind::NestedCount => (1..=n as u64)
                    .into_par_iter()
                    .map(|a| {
                        (1..=n as u64)
                            .into_par_iter()
                            .filter(|&b| pythagorean(a, b))
                            .count()
                    })
                    .sum::<usize>() as i64,
                LoopKind::NestedFold => {
                    bodies.par_iter_mut().for_each(|body| {
                        let at = body.position;
                        let force = positions
                            .par_iter()
                            .fold(|| [0; 3], |sum, &p| add(sum, pull(at, p)))
                            .reduce(|| [0; 3], add);
                        body.velocity = add(body.velocity, force);
                    });
                    checksum(bodies)
                }
                other => unreachable!("{} is not a nested loop", other.name()),
            }
        }
    };
}

nested_loops!(with_lubdub, lubdub);
nested_loops!(with_rayon, rayon);

/// `kind` over `n` items (and `bodies`, reset to rest first), the
/// variant's way.
fn run_loop(kind: LoopKind, variant: Variant, pools: &Pools, n: usize, bodies: &mut [Body]) -> i64 {
    bodies.iter_mut().for_each(|b| b.velocity = [0; 3]);
    let positions: Vec<[i64; 3]> = bodies.iter().map(|b| b.position).collect();
    let positions = &positions;
    match variant {
        Variant::Baseline => sequential(kind, n, positions, bodies),
        Variant::Lubdub => pools
            .lubdub
            .install(|| with_lubdub(kind, n, positions, bodies)),
        Variant::Rayon => pools
            .rayon
            .install(|| with_rayon(kind, n, positions, bodies)),
    }
}

/// Measures every variant on a nested `case` (its size is the side `n`) at
/// `threads` threads.
///
/// # Errors
/// A wrong answer, or a pool that cannot be built.
pub fn measure_cell(case: LoopCase, threads: NonZeroUsize, plan: &Plan) -> Result<Cell, Error> {
    let pools = Pools::new(threads)?;
    let pools = &pools;
    let n = case.size;
    let mut reference = bodies(n);
    let expected = run_loop(case.kind, Variant::Baseline, pools, n, &mut reference);
    let mut contenders: Vec<Contender<'_>> = Variant::ALL
        .iter()
        .map(|&v| {
            let mut own = bodies(n);
            let rep = move |sw: &mut Stopwatch<'_>| -> Result<(), Mismatch> {
                let got = sw.time(|| run_loop(case.kind, v, pools, black_box(n), &mut own));
                expect_eq(got, expected)
            };
            Contender::with_stopwatch(
                v.name(),
                (v == Variant::Lubdub).then_some(&pools.lubdub),
                rep,
            )
        })
        .collect();
    let experiment = case.kind.experiment();
    let size = n as u64;
    Cell::measure(
        experiment,
        size,
        threads.get(),
        (n * n) as f64,
        &mut contenders,
        plan,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_computes_every_nested_loop() {
        for threads in [1, 2, 8] {
            let pools = Pools::new(NonZeroUsize::new(threads).unwrap()).unwrap();
            for n in [0, 1, 5, 100] {
                for kind in KINDS {
                    let mut b = bodies(n);
                    let expected = run_loop(kind, Variant::Baseline, &pools, n, &mut b);
                    for v in Variant::ALL {
                        let mut b = bodies(n);
                        assert_eq!(
                            run_loop(kind, v, &pools, n, &mut b),
                            expected,
                            "{} {} n={n} threads={threads}",
                            kind.name(),
                            v.name()
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_count_finds_the_known_triples() {
        // Below 10: (3, 4), (4, 3), (6, 8), (8, 6).
        let mut none = [];
        assert_eq!(sequential(LoopKind::NestedCount, 9, &[], &mut none), 4);
    }
}
