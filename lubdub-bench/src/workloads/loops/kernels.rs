//! The ways of running the flat loops (sum of squares, hot loop,
//! map-collect, axpy) side by side: sequential, lubdub, Rayon, OpenMP, plain
//! C and C on lubdub's C library.

use std::ffi::{c_int, c_void};
use std::hint::black_box;

use lubdub_c::lubdub_status;

use crate::experiment::BASELINE;
use crate::workloads::pools::{check_c, Pools};

/// The `a` of axpy.
const AXPY_A: f64 = 3.0;

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
    /// The same loop in plain C, no runtime (`c/loops.c`): the reference of
    /// the C variants.
    CSequential,
    /// The C loop on lubdub's C library (`c/loops.c`): the sequential C body
    /// over each sub-range `lubdub_parallel_for` (sums:
    /// `lubdub_parallel_reduce`) hands it; the hot loop inside one
    /// `lubdub_install`.
    CLubdub,
}

impl LoopVariant {
    /// Every variant, in the order of the tables.
    pub const ALL: [LoopVariant; 6] = [
        Self::Baseline,
        Self::Lubdub,
        Self::Rayon,
        Self::Openmp,
        Self::CSequential,
        Self::CLubdub,
    ];

    /// The name in tables and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Self::Baseline => BASELINE,
            Self::Lubdub => "lubdub",
            Self::Rayon => "rayon",
            Self::Openmp => "openmp",
            Self::CSequential => "c-sequential",
            Self::CLubdub => "c-lubdub",
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
    fn lubdub_bench_sum_squares_c(x: *const u64, n: usize) -> u64;
    fn lubdub_bench_hot_loop_c(x: *const u64, n: usize, calls: usize) -> u64;
    fn lubdub_bench_map_c(x: *const f64, out: *mut f64, n: usize);
    fn lubdub_bench_axpy_c(a: f64, x: *const f64, y: *const f64, z: *mut f64, n: usize);
    fn lubdub_bench_sum_squares_lubdub_c(
        pool: *const c_void,
        x: *const u64,
        n: usize,
        sum: *mut u64,
    ) -> lubdub_status;
    fn lubdub_bench_hot_loop_lubdub_c(
        pool: *const c_void,
        x: *const u64,
        n: usize,
        calls: usize,
        total: *mut u64,
    ) -> lubdub_status;
    fn lubdub_bench_map_lubdub_c(
        pool: *const c_void,
        x: *const f64,
        out: *mut f64,
        n: usize,
    ) -> lubdub_status;
    fn lubdub_bench_axpy_lubdub_c(
        pool: *const c_void,
        a: f64,
        x: *const f64,
        y: *const f64,
        z: *mut f64,
        n: usize,
    ) -> lubdub_status;
}

/// `Ok`, or the panic of a benchmark whose call into lubdub's C library
/// failed (a bug: every argument is valid).
fn c_ok(status: lubdub_status) {
    if let Err(message) = check_c(status) {
        panic!("{message}");
    }
}

/// The sum of the squares of `x` this way.
pub(super) fn sum_squares(variant: LoopVariant, pools: &Pools, x: &[u64]) -> u64 {
    match variant {
        LoopVariant::Baseline => x.iter().map(|x| x * x).sum(),
        LoopVariant::Lubdub => pools.lubdub.install(|| sum_squares_lubdub(x)),
        LoopVariant::Rayon => pools.rayon.install(|| sum_squares_rayon(x)),
        // SAFETY: `x` is a live slice for the whole call; C only reads it.
        LoopVariant::Openmp => unsafe {
            lubdub_bench_sum_squares_omp(x.as_ptr(), x.len(), pools.omp_threads())
        },
        // SAFETY: as above.
        LoopVariant::CSequential => unsafe { lubdub_bench_sum_squares_c(x.as_ptr(), x.len()) },
        LoopVariant::CLubdub => {
            let mut sum = 0;
            // SAFETY: as above; `pools.c_lubdub` is a live pool and `sum` a
            // valid out pointer.
            c_ok(unsafe {
                lubdub_bench_sum_squares_lubdub_c(pools.c_lubdub.as_c(), x.as_ptr(), x.len(), &mut sum)
            });
            sum
        }
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
pub(super) fn hot_loop(variant: LoopVariant, pools: &Pools, x: &[u64], calls: usize) -> u64 {
    let repeat = |sum: fn(&[u64]) -> u64| (0..calls).map(|_| sum(black_box(x))).sum();
    match variant {
        LoopVariant::Baseline => repeat(|x| x.iter().map(|x| x * x).sum()),
        LoopVariant::Lubdub => pools.lubdub.install(|| repeat(sum_squares_lubdub)),
        LoopVariant::Rayon => pools.rayon.install(|| repeat(sum_squares_rayon)),
        // SAFETY: `x` is a live slice for the whole call; C only reads it.
        LoopVariant::Openmp => unsafe {
            lubdub_bench_hot_loop_omp(x.as_ptr(), x.len(), calls, pools.omp_threads())
        },
        // SAFETY: as above.
        LoopVariant::CSequential => unsafe { lubdub_bench_hot_loop_c(x.as_ptr(), x.len(), calls) },
        LoopVariant::CLubdub => {
            let mut total = 0;
            // SAFETY: as above; a live pool and a valid out pointer.
            c_ok(unsafe {
                lubdub_bench_hot_loop_lubdub_c(
                    pools.c_lubdub.as_c(),
                    x.as_ptr(),
                    x.len(),
                    calls,
                    &mut total,
                )
            });
            total
        }
    }
}

/// `x * 1.5 + 2.0` for each element of `x`, collected.
pub(super) fn map_collect(variant: LoopVariant, pools: &Pools, x: &[f64]) -> Vec<f64> {
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
        LoopVariant::CSequential | LoopVariant::CLubdub => {
            let mut out = Vec::with_capacity(x.len());
            // SAFETY: as for OpenMP; the lubdub loop's sub-ranges cover every
            // element (or the call fails, and `c_ok` panics before `set_len`).
            unsafe {
                if variant == LoopVariant::CSequential {
                    lubdub_bench_map_c(x.as_ptr(), out.as_mut_ptr(), x.len());
                } else {
                    c_ok(lubdub_bench_map_lubdub_c(
                        pools.c_lubdub.as_c(),
                        x.as_ptr(),
                        out.as_mut_ptr(),
                        x.len(),
                    ));
                }
                out.set_len(x.len());
            }
            out
        }
    }
}

/// `z = AXPY_A * x + y`, element-wise; the three have one length.
pub(super) fn axpy(variant: LoopVariant, pools: &Pools, x: &[f64], y: &[f64], z: &mut [f64]) {
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
        // SAFETY: as above.
        LoopVariant::CSequential => unsafe {
            lubdub_bench_axpy_c(AXPY_A, x.as_ptr(), y.as_ptr(), z.as_mut_ptr(), z.len());
        },
        // SAFETY: as above; a live pool.
        LoopVariant::CLubdub => c_ok(unsafe {
            lubdub_bench_axpy_lubdub_c(
                pools.c_lubdub.as_c(),
                AXPY_A,
                x.as_ptr(),
                y.as_ptr(),
                z.as_mut_ptr(),
                z.len(),
            )
        }),
    }
}
