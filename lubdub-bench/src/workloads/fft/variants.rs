//! The ways of computing the FFT side by side: the sequential recursion,
//! lubdub, Rayon (recursive and with a parallel loop), OpenMP and the C on
//! lubdub's C library, and the ceiling of independent sequential copies.

use std::ffi::{c_int, c_void};
use std::num::NonZeroUsize;

use clap::ValueEnum;
use rayon::prelude::*;

use super::arith::{Scalar, G1};
use crate::workloads::pools::{check_c, CPool, Pools};

/// The ways of computing the FFT.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FftVariant {
    /// c-kzg's recursion with no runtime: the reference for every ratio.
    Sequential,
    /// `lubdub::join` on the halves, and the butterfly loop as a self-splitting
    /// lubdub parallel iterator (`par_iter_mut().zip(..).enumerate()`).
    Lubdub,
    /// `rayon::join` on the halves and a serial butterfly loop: the seed's
    /// Rust team (blst-from-scratch).
    Rayon,
    /// `rayon::join` on the halves and the butterfly loop as `par_iter_mut`.
    RayonParLoop,
    /// `omp task`/`taskwait` on the halves and `omp parallel for` on the
    /// butterfly loop (`c/fft.c`): the seed's C team (ckzg).
    Openmp,
    /// The same C code on lubdub's C library (`c/fft.c`): `lubdub_join` on
    /// the halves, `lubdub_parallel_for` on the butterflies of every level.
    CLubdub,
    /// The machine's scaling ceiling: one sequential FFT per thread at once,
    /// no runtime and nothing shared, timed as wall time divided by the
    /// thread count (as the fib table's `ceiling`). No scheduler can make one
    /// FFT faster than that on this machine.
    Ceiling,
}

impl FftVariant {
    /// Every variant, in the order of the tables.
    pub const ALL: [FftVariant; 7] = [
        Self::Sequential,
        Self::Lubdub,
        Self::Rayon,
        Self::RayonParLoop,
        Self::Openmp,
        Self::CLubdub,
        Self::Ceiling,
    ];

    /// The name used on the command line, in tables and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Self::Sequential => "sequential",
            Self::Lubdub => "lubdub",
            Self::Rayon => "rayon",
            Self::RayonParLoop => "rayon-par-loop",
            Self::Openmp => "openmp",
            Self::CLubdub => "c-lubdub",
            Self::Ceiling => "ceiling",
        }
    }

    /// Writes the FFT of `input` over `roots` (one per output, `roots[i]` the
    /// i-th power of the root of unity) to `out`, this way, with the pools'
    /// thread count.
    pub fn fft(self, pools: &Pools, out: &mut [G1], input: &[G1], roots: &[Scalar]) {
        assert!(
            out.len().is_power_of_two() && input.len() == out.len() && roots.len() == out.len()
        );
        match self {
            Self::Sequential => fft_sequential(out, input, 1, roots, 1),
            Self::Lubdub => pools.lubdub.install(|| fft_lubdub(out, input, 1, roots, 1)),
            Self::Rayon => pools.rayon.install(|| fft_rayon(out, input, 1, roots, 1)),
            Self::RayonParLoop => pools
                .rayon
                .install(|| fft_rayon_par_loop(out, input, 1, roots, 1)),
            Self::Openmp => fft_openmp(out, input, roots, pools.omp_threads()),
            Self::CLubdub => fft_c_lubdub(out, input, roots, &pools.c_lubdub),
            Self::Ceiling => fft_ceiling(out, input, roots, pools.threads),
        }
    }

    /// How many FFTs one call of [`FftVariant::fft`] computes: the wall time
    /// of a call is divided by it.
    pub(super) fn copies(self, threads: NonZeroUsize) -> u32 {
        match self {
            Self::Ceiling => u32::try_from(threads.get()).expect("the CLI caps thread counts"),
            _ => 1,
        }
    }
}

/// The butterflies of one level on `lo = out[..half]` and `hi = out[half..]`:
/// `y = hi[i] * root; hi[i] = lo[i] - y; lo[i] += y`, with `root` the
/// `(first + i) * roots_stride`-th entry of `roots`.
fn butterflies(lo: &mut [G1], hi: &mut [G1], roots: &[Scalar], roots_stride: usize, first: usize) {
    for (i, (x, y)) in lo.iter_mut().zip(hi).enumerate() {
        butterfly(x, y, &roots[(first + i) * roots_stride]);
    }
}

#[inline]
fn butterfly(x: &mut G1, y: &mut G1, root: &Scalar) {
    let y_times_root = y.mul(root);
    *y = x.sub(&y_times_root);
    *x = x.add_or_double(&y_times_root);
}

/// Writes `fn $name(out, input, stride, roots, roots_stride)`: c-kzg's
/// recursive FFT, whose two halves run as `$join(left, right)` (one after
/// the other, or a runtime's `join`) and whose butterflies then run as
/// `$butterflies(lo, hi, roots, roots_stride)`.
macro_rules! fft_by_join {
    ($(#[$doc:meta])* $vis:vis $name:ident, $join:path, $butterflies:path) => {
        $(#[$doc])*
        $vis fn $name(
            out: &mut [G1],
            input: &[G1],
            stride: usize,
            roots: &[Scalar],
            roots_stride: usize,
        ) {
            let half = out.len() / 2;
            if half == 0 {
                out[0] = input[0];
                return;
            }
            let (lo, hi) = out.split_at_mut(half);
            $join(
                || $name(lo, input, stride * 2, roots, roots_stride * 2),
                || $name(hi, &input[stride..], stride * 2, roots, roots_stride * 2),
            );
            $butterflies(lo, hi, roots, roots_stride);
        }
    };
}

fft_by_join!(
    /// c-kzg's `fft_g1_fast`: the FFT of the `out.len()` points
    /// `input[0], input[stride], input[2 * stride], ...` into `out`, with the
    /// roots `roots[0], roots[roots_stride], ...`.
    pub(super) fft_sequential,
    one_then_other,
    butterflies_from_first
);

/// Runs `first`, then `second`: the sequential `join`.
#[inline]
fn one_then_other<A, B>(first: impl FnOnce() -> A, second: impl FnOnce() -> B) -> (A, B) {
    (first(), second())
}

fft_by_join!(fft_lubdub, lubdub::join, butterflies_lubdub);

/// [`butterflies`] as a lubdub parallel loop: it runs sequentially in
/// chunks and splits itself only when a heartbeat finds an idle thread, so
/// there is no leaf size to choose.
fn butterflies_lubdub(lo: &mut [G1], hi: &mut [G1], roots: &[Scalar], roots_stride: usize) {
    use lubdub::iter::{IndexedParallelIterator, IntoParallelRefMutIterator, ParallelIterator};
    // Spelled out: Rayon's prelude, used by the rayon variants, has the same names.
    IntoParallelRefMutIterator::par_iter_mut(lo)
        .zip(IntoParallelRefMutIterator::par_iter_mut(hi))
        .enumerate()
        .for_each(|(i, (x, y))| butterfly(x, y, &roots[i * roots_stride]));
}

fft_by_join!(
    /// The seed's blst-from-scratch code: `rayon::join` on the halves, then
    /// the butterflies in a serial loop.
    fft_rayon,
    rayon::join,
    butterflies_from_first
);

/// [`butterflies`] of a whole level, from its first root on.
fn butterflies_from_first(lo: &mut [G1], hi: &mut [G1], roots: &[Scalar], roots_stride: usize) {
    butterflies(lo, hi, roots, roots_stride, 0);
}

fft_by_join!(
    /// `rayon::join` on the halves, then the butterflies as a Rayon
    /// parallel loop.
    fft_rayon_par_loop,
    rayon::join,
    butterflies_rayon
);

/// [`butterflies`] as a Rayon parallel loop.
fn butterflies_rayon(lo: &mut [G1], hi: &mut [G1], roots: &[Scalar], roots_stride: usize) {
    lo.par_iter_mut()
        .zip(hi.par_iter_mut())
        .enumerate()
        .for_each(|(i, (x, y))| butterfly(x, y, &roots[i * roots_stride]));
}

extern "C" {
    /// `c/fft.c`: the FFT of the `n` points at `input` into `out` with the
    /// `n` roots at `roots`, on a team of `threads` OpenMP threads.
    fn lubdub_bench_fft_g1_omp(
        out: *mut G1,
        input: *const G1,
        n: usize,
        roots: *const Scalar,
        threads: c_int,
    );
    /// `c/fft.c`: the same FFT on lubdub's C library, in `pool`.
    fn lubdub_bench_fft_g1_lubdub_c(
        out: *mut G1,
        input: *const G1,
        n: usize,
        roots: *const Scalar,
        pool: *const c_void,
    ) -> lubdub_c::lubdub_status;
}

fn fft_openmp(out: &mut [G1], input: &[G1], roots: &[Scalar], threads: c_int) {
    assert!(input.len() == out.len() && roots.len() == out.len());
    // SAFETY: `G1` and `Scalar` are `#[repr(transparent)]` over `blst_p1`
    // and `blst_scalar`, the C types; `out`, `input` and `roots` hold `n`
    // valid elements each (asserted above), `out` is exclusively borrowed and
    // disjoint from the shared `input` and `roots`. The C code writes only
    // `out`, and keeps no pointer after returning.
    unsafe {
        lubdub_bench_fft_g1_omp(
            out.as_mut_ptr(),
            input.as_ptr(),
            out.len(),
            roots.as_ptr(),
            threads,
        );
    }
}

/// # Panics
/// When the C library refuses a call: a bug, as every argument is valid.
fn fft_c_lubdub(out: &mut [G1], input: &[G1], roots: &[Scalar], pool: &CPool) {
    assert!(input.len() == out.len() && roots.len() == out.len());
    // SAFETY: as in `fft_openmp`; `pool` is a live pool of the C library.
    let status = unsafe {
        lubdub_bench_fft_g1_lubdub_c(
            out.as_mut_ptr(),
            input.as_ptr(),
            out.len(),
            roots.as_ptr(),
            pool.as_c(),
        )
    };
    if let Err(message) = check_c(status) {
        panic!("{message}");
    }
}

/// [`FftVariant::Ceiling`]: `threads` sequential FFTs of `input` at once,
/// the caller's into `out` and each other on a scoped thread of its own
/// (started per call, which costs microseconds against an FFT's milliseconds).
///
/// # Panics
/// When a copy differs from the caller's: the same sequential code on the
/// same input cannot disagree with itself unless the machine is broken.
fn fft_ceiling(out: &mut [G1], input: &[G1], roots: &[Scalar], threads: usize) {
    let n = out.len();
    std::thread::scope(|s| {
        let others: Vec<_> = (1..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut copy = vec![G1::generator(); n];
                    fft_sequential(&mut copy, input, 1, roots, 1);
                    copy
                })
            })
            .collect();
        fft_sequential(out, input, 1, roots, 1);
        for other in others {
            let copy = other
                .join()
                .unwrap_or_else(|p| std::panic::resume_unwind(p));
            assert!(copy == *out, "two copies of the sequential FFT disagree");
        }
    });
}
