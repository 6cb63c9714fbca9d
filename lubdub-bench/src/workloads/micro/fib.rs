//! The fib part of `micro`: fib(n) built of joins on every runtime, the cost
//! of one `join`, beside the machine's scaling ceiling.

use std::ffi::c_int;
use std::hint::black_box;
use std::num::NonZeroUsize;
use std::time::{Duration, Instant};

use super::FIB;
use crate::check::{expect_eq, repeat, Mismatch};
use crate::error::Error;
use crate::harness::{measure, Contender, Plan};
use crate::report::{Cell, BASELINE};
use crate::workloads::pools::Pools;

/// The ways of computing fib.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FibVariant {
    Baseline,
    Lubdub,
    /// On a pool built with `profiling(false)`: what profiling costs.
    LubdubUnprofiled,
    /// On a pool built with `tracing(true)`: what tracing costs.
    LubdubTraced,
    Rayon,
    Chili,
    Openmp,
}

impl FibVariant {
    const ALL: [FibVariant; 7] = [
        Self::Baseline,
        Self::Lubdub,
        Self::LubdubUnprofiled,
        Self::LubdubTraced,
        Self::Rayon,
        Self::Chili,
        Self::Openmp,
    ];

    fn name(self) -> &'static str {
        match self {
            Self::Baseline => BASELINE,
            Self::Lubdub => "lubdub",
            Self::LubdubUnprofiled => "lubdub-unprofiled",
            Self::LubdubTraced => "lubdub-traced",
            Self::Rayon => "rayon",
            Self::Chili => "chili",
            Self::Openmp => "openmp",
        }
    }

    fn fib(self, pools: &Pools, n: i64) -> i64 {
        match self {
            Self::Baseline => fib_baseline(n),
            Self::Lubdub => pools.lubdub.install(|| fib_lubdub(n)),
            Self::LubdubUnprofiled => pools.lubdub_unprofiled.install(|| fib_lubdub(n)),
            Self::LubdubTraced => pools.lubdub_traced.install(|| fib_lubdub(n)),
            Self::Rayon => pools.rayon.install(|| fib_rayon(n)),
            Self::Chili => fib_chili(&mut pools.chili.scope(), n),
            Self::Openmp => fib_openmp(n, pools.omp_threads()),
        }
    }
}

fn fib_baseline(n: i64) -> i64 {
    if n < 2 {
        n
    } else {
        fib_baseline(n - 1) + fib_baseline(n - 2)
    }
}

fn fib_lubdub(n: i64) -> i64 {
    if n < 2 {
        return n;
    }
    let (a, b) = lubdub::join(|| fib_lubdub(n - 1), || fib_lubdub(n - 2));
    a + b
}

fn fib_rayon(n: i64) -> i64 {
    if n < 2 {
        return n;
    }
    let (a, b) = rayon::join(|| fib_rayon(n - 1), || fib_rayon(n - 2));
    a + b
}

fn fib_chili(scope: &mut chili::Scope<'_>, n: i64) -> i64 {
    if n < 2 {
        return n;
    }
    let (a, b) = scope.join(|s| fib_chili(s, n - 1), |s| fib_chili(s, n - 2));
    a + b
}

extern "C" {
    /// `c/micro.c`: fib(n) on a team of `threads` threads, one task per join.
    fn lubdub_bench_fib_omp(n: i64, threads: c_int) -> i64;
}

fn fib_openmp(n: i64, threads: c_int) -> i64 {
    // SAFETY: a plain function of integers (`threads` >= 1, from `Pools`);
    // the C side touches no Rust memory.
    unsafe { lubdub_bench_fib_omp(n, threads) }
}

/// fib(n), computed without recursion.
fn fib_value(n: u32) -> i64 {
    let (mut a, mut b) = (0i64, 1i64);
    for _ in 0..n {
        (a, b) = (b, a + b);
    }
    a
}

/// The name of the machine's scaling ceiling in the fib table.
const CEILING: &str = "ceiling";

/// The machine's scaling ceiling: `threads` copies of the sequential fib(n)
/// at once, one per thread, with no runtime and nothing shared. Returns the
/// wall time divided by `threads`, i.e. the time per fib(n) when every thread
/// works on its own: no scheduler can make one fib(n) faster than that on
/// this machine. (Includes starting `threads - 1` threads per repetition.)
fn independent_fib(
    threads: NonZeroUsize,
    n: i64,
    expected: i64,
    reps: u64,
) -> Result<Duration, Mismatch> {
    let start = Instant::now();
    for _ in 0..reps {
        let results: Vec<i64> = std::thread::scope(|s| {
            let others: Vec<_> = (1..threads.get())
                .map(|_| s.spawn(move || fib_baseline(black_box(n))))
                .collect();
            let mut results = vec![fib_baseline(black_box(n))];
            results.extend(
                others
                    .into_iter()
                    .map(|t| t.join().expect("fib does not panic")),
            );
            results
        });
        for result in results {
            expect_eq(result, expected)?;
        }
    }
    Ok(start.elapsed() / threads.get() as u32)
}

/// The joins the recursive fib(n) makes: one per call with `n >= 2`, which is
/// fib(n + 1) - 1.
fn fib_joins(n: u32) -> u64 {
    fib_value(n + 1).unsigned_abs().saturating_sub(1)
}

pub(super) fn fib_cell(n: u32, threads: NonZeroUsize, plan: &Plan) -> Result<Cell, Error> {
    let pools = Pools::new(threads)?;
    let expected = fib_value(n);
    let arg = i64::from(n);
    let mut contenders: Vec<Contender<'_>> = FibVariant::ALL
        .iter()
        .map(|&variant| {
            let pools = &pools;
            Contender::timed(variant.name(), move |reps| {
                repeat(reps, expected, || variant.fib(pools, black_box(arg)))
            })
            .profiled_by((variant == FibVariant::Lubdub).then_some(&pools.lubdub))
            .settles_for(pools.settle(variant == FibVariant::Openmp))
        })
        .collect();
    contenders.push(Contender::self_timed(CEILING, move |reps| {
        independent_fib(threads, arg, expected, reps)
    }));
    let label = Cell::label_of(FIB, u64::from(n), threads.get());
    let measured = measure(&label, &mut contenders, plan)?;
    Ok(Cell::new(
        FIB,
        u64::from(n),
        threads.get(),
        fib_joins(n) as f64,
        measured,
    ))
}


#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fib_values_and_join_counts() {
        assert_eq!(
            (0..=10).map(fib_value).collect::<Vec<_>>(),
            [0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55]
        );
        assert_eq!(fib_value(30), 832_040);
        fn counted(n: u32) -> u64 {
            if n < 2 {
                0
            } else {
                1 + counted(n - 1) + counted(n - 2)
            }
        }
        for n in 0..=20 {
            assert_eq!(fib_joins(n), counted(n), "n = {n}");
        }
        assert_eq!(fib_joins(30), 1_346_268);
    }

    #[test]
    fn every_fib_variant_is_right() {
        for threads in [1, 2, 3] {
            let pools = Pools::new(NonZeroUsize::new(threads).unwrap()).unwrap();
            for n in [0u32, 1, 2, 10, 18] {
                for variant in FibVariant::ALL {
                    assert_eq!(
                        variant.fib(&pools, i64::from(n)),
                        fib_value(n),
                        "{} fib({n})",
                        variant.name()
                    );
                }
            }
        }
    }
}
