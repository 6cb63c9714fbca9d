//! The regions themselves: the per-element work, the three kinds of region
//! (a loop over a slice, a `join` tree over it, a short loop then a `join`
//! of two long halves) in each variant, and the calibration that turns a
//! target sequential duration into an element count.

use std::ffi::c_int;
use std::hint::black_box;
use std::time::{Duration, Instant};

use clap::ValueEnum;

use crate::experiment::SEQUENTIAL;
use crate::workloads::pools::Pools;

/// Rounds of the mix per element (`c/regions.c` has the same): a few
/// nanoseconds of arithmetic, no memory traffic beyond reading the element.
const WORK_ROUNDS: usize = 4;

/// Elements a leaf of the join tree sums sequentially: about a microsecond
/// of work, so that a join costs little next to its leaves in every runtime.
pub const LEAF: usize = 256;

/// Elements of the short loop that comes first in a [`RegionKind::Halves`]
/// region: a call of well under a microsecond, too short to share.
pub const SHORT_LOOP: usize = 64;

/// The per-element work: [`WORK_ROUNDS`] rounds of MurmurHash3's 64-bit
/// finalizer mix, as `work` in `c/regions.c` computes it.
#[inline]
pub fn work(mut h: u64) -> u64 {
    for _ in 0..WORK_ROUNDS {
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    }
    h ^ (h >> 33)
}

/// The shape of a region.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RegionKind {
    /// A parallel loop over the slice: `par_iter().map(work)` reduced by a
    /// wrapping sum (OpenMP: `parallel for reduction(+:sum)`).
    Loop,
    /// A recursive `join` tree halving the slice down to leaves of
    /// [`LEAF`] elements, each summed sequentially.
    JoinTree,
    /// A parallel loop over the first [`SHORT_LOOP`] elements, then, in a
    /// call of its own, one `join` of the rest's two halves, each summed
    /// sequentially: two long computations that never poll, right after a
    /// short call (the commonest `join`, in a program that alternates short
    /// and long calls).
    Halves,
}

impl RegionKind {
    /// Every kind, in table order.
    pub const ALL: [RegionKind; 3] = [RegionKind::Loop, RegionKind::JoinTree, RegionKind::Halves];
}

/// The ways of running a region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// On the calling thread, no runtime (the join tree as plain calls).
    Sequential,
    /// In lubdub's pool (`install`, then the loop or the joins).
    Lubdub,
    /// In Rayon's pool, the same code.
    Rayon,
    /// One OpenMP `parallel for` (loops only: the join tree has no OpenMP
    /// variant).
    Openmp,
}

impl Variant {
    /// Every variant, in column order.
    pub const ALL: [Variant; 4] = [Self::Sequential, Self::Lubdub, Self::Rayon, Self::Openmp];

    /// The variants that run `kind` (OpenMP only the loop).
    pub fn of(kind: RegionKind) -> Vec<Variant> {
        Self::ALL
            .into_iter()
            .filter(|&v| v != Self::Openmp || kind == RegionKind::Loop)
            .collect()
    }

    /// The variant's name in tables.
    pub fn name(self) -> &'static str {
        match self {
            Self::Sequential => SEQUENTIAL,
            Self::Lubdub => "lubdub",
            Self::Rayon => "rayon",
            Self::Openmp => "openmp",
        }
    }

    /// One region of `kind` over `x` this way: the wrapping sum of
    /// [`work`] of every element.
    pub fn region(self, kind: RegionKind, pools: &Pools, x: &[u64]) -> u64 {
        match (self, kind) {
            (Self::Sequential, RegionKind::Loop) => sum_sequential(x),
            (Self::Sequential, RegionKind::JoinTree) => tree(x, &|a, b| (a(), b())),
            (Self::Sequential, RegionKind::Halves) => sum_sequential(x),
            (Self::Lubdub, RegionKind::Loop) => pools.lubdub.install(|| {
                use lubdub::prelude::*;
                x.par_iter()
                    .map(|&v| work(v))
                    .reduce(|| 0, u64::wrapping_add)
            }),
            (Self::Lubdub, RegionKind::JoinTree) => {
                pools.lubdub.install(|| tree(x, &|a, b| lubdub::join(a, b)))
            }
            (Self::Rayon, RegionKind::Loop) => pools.rayon.install(|| {
                use rayon::prelude::*;
                x.par_iter()
                    .map(|&v| work(v))
                    .reduce(|| 0, u64::wrapping_add)
            }),
            (Self::Rayon, RegionKind::JoinTree) => {
                pools.rayon.install(|| tree(x, &|a, b| rayon::join(a, b)))
            }
            (Self::Lubdub | Self::Rayon, RegionKind::Halves) => {
                let (short, rest) = x.split_at(SHORT_LOOP.min(x.len()));
                let short = self.region(RegionKind::Loop, pools, short);
                let rest = if self == Self::Lubdub {
                    halves(rest, &|a, b| pools.lubdub.join(a, b))
                } else {
                    halves(rest, &|a, b| pools.rayon.join(a, b))
                };
                short.wrapping_add(rest)
            }
            // SAFETY: `x` is a live slice for the whole call; C only reads it.
            (Self::Openmp, RegionKind::Loop) => unsafe {
                lubdub_bench_regions_loop_omp(x.as_ptr(), x.len(), pools.omp_threads())
            },
            (Self::Openmp, RegionKind::JoinTree | RegionKind::Halves) => {
                unreachable!("only the loop has an OpenMP variant (Variant::of)")
            }
        }
    }
}

extern "C" {
    fn lubdub_bench_regions_loop_omp(x: *const u64, n: usize, threads: c_int) -> u64;
}

/// A job of the join tree: one half's sum.
type Half<'a> = &'a (dyn Fn() -> u64 + Sync);

/// The wrapping sum of [`work`] over `x` on the calling thread.
pub fn sum_sequential(x: &[u64]) -> u64 {
    x.iter().fold(0, |sum, &v| sum.wrapping_add(work(v)))
}

/// The join tree over `x`: halves joined by `join` down to leaves of at
/// most [`LEAF`] elements, summed sequentially.
fn tree(x: &[u64], join: &(dyn Fn(Half<'_>, Half<'_>) -> (u64, u64) + Sync)) -> u64 {
    if x.len() <= LEAF {
        return sum_sequential(x);
    }
    let (left, right) = x.split_at(x.len() / 2);
    let (a, b) = join(&|| tree(left, join), &|| tree(right, join));
    a.wrapping_add(b)
}

/// The sum of `x`'s two halves, each summed sequentially, joined by `join`.
fn halves(x: &[u64], join: &dyn Fn(Half<'_>, Half<'_>) -> (u64, u64)) -> u64 {
    let (left, right) = x.split_at(x.len() / 2);
    let (a, b) = join(&|| sum_sequential(left), &|| sum_sequential(right));
    a.wrapping_add(b)
}

/// The input of a region of `n` elements.
pub fn input(n: usize) -> Vec<u64> {
    (0..n as u64).collect()
}

/// Elements the calibration times per pass: about a millisecond of work.
const CALIBRATION_ELEMENTS: usize = 1 << 18;

/// The sequential loop's time per element on this machine, in nanoseconds:
/// the fastest of a few passes over [`CALIBRATION_ELEMENTS`] elements (the
/// fastest, as other load only ever slows a pass down).
pub fn calibrate_ns_per_element() -> f64 {
    let x = input(CALIBRATION_ELEMENTS);
    let fastest = (0..8)
        .map(|_| {
            let start = Instant::now();
            black_box(sum_sequential(black_box(&x)));
            start.elapsed()
        })
        .min()
        .expect("eight passes");
    fastest.as_nanos() as f64 / CALIBRATION_ELEMENTS as f64
}

/// The elements whose sequential loop takes about `target` at
/// `ns_per_element` each (at least one).
pub fn elements_for(target: Duration, ns_per_element: f64) -> usize {
    let per = ns_per_element.max(1e-3);
    ((target.as_nanos() as f64 / per).round() as usize).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::nz;

    #[test]
    fn every_variant_agrees_with_the_sequential_loop() {
        for threads in [1, 2, 8] {
            let pools = Pools::new(nz(threads)).unwrap();
            for n in [0, 1, LEAF, LEAF + 1, 10_000, 100_003] {
                let x = input(n);
                let expected = sum_sequential(&x);
                for kind in RegionKind::ALL {
                    for v in Variant::of(kind) {
                        assert_eq!(
                            v.region(kind, &pools, &x),
                            expected,
                            "{kind:?} {}",
                            v.name()
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn only_the_loop_has_an_openmp_variant() {
        assert_eq!(Variant::of(RegionKind::Loop), Variant::ALL);
        for kind in [RegionKind::JoinTree, RegionKind::Halves] {
            assert!(!Variant::of(kind).contains(&Variant::Openmp));
            assert_eq!(Variant::of(kind)[0], Variant::Sequential);
        }
    }

    #[test]
    fn element_counts_follow_the_calibration() {
        assert_eq!(elements_for(Duration::from_micros(200), 4.0), 50_000);
        assert_eq!(elements_for(Duration::ZERO, 4.0), 1);
        assert!(calibrate_ns_per_element() > 0.0);
        assert_ne!(work(1), work(2));
    }
}
