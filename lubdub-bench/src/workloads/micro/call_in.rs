//! The call-in part of `micro`: an empty call into a pool from the main
//! thread after 1 ms idle, on every runtime; on a lubdub and a Rayon pool
//! built with a stack size, where lubdub runs the call on the caller's
//! thread but on one of the pool's spare stacks; and on a lubdub and a Rayon
//! pool with thread names, where lubdub hands the call to one of the pool's
//! threads (the hand-off).

use std::ffi::c_int;
use std::hint::black_box;
use std::num::NonZeroUsize;
use std::time::{Duration, Instant};

use super::{CALL_IN, NS_PER_US};
use crate::check::{expect_eq, Mismatch};
use crate::error::Error;
use crate::harness::{measure, Contender, Plan, Reps};
use crate::report::{Cell, BASELINE};
use crate::workloads::pools::Pools;

extern "C" {
    /// `c/micro.c`: a parallel region of `threads` threads whose body only
    /// counts the threads that ran it; returns that count.
    fn lubdub_bench_empty_region_omp(threads: c_int) -> c_int;
}

/// How long the main thread idles before each timed call-in.
const IDLE_BEFORE_CALL_IN: Duration = Duration::from_millis(1);

/// Sleeps [`IDLE_BEFORE_CALL_IN`] before each of `reps` calls of `call_in`
/// and returns the time spent in the calls alone.
fn time_after_idle(
    reps: u64,
    mut call_in: impl FnMut() -> Result<(), Mismatch>,
) -> Result<Duration, Mismatch> {
    let mut spent = Duration::ZERO;
    for _ in 0..reps {
        std::thread::sleep(IDLE_BEFORE_CALL_IN);
        let start = Instant::now();
        call_in()?;
        spent += start.elapsed();
    }
    Ok(spent)
}

/// The stack size of the pools that promise one: more than the main
/// thread's 8 MiB, so that lubdub moves each call to a spare stack.
const POOL_STACK: usize = 16 << 20;

/// The pools that promise their work something: a lubdub and a Rayon pool
/// built with [`POOL_STACK`], and a lubdub and a Rayon pool with thread
/// names.
struct PromisingPools {
    lubdub_stack: lubdub::ThreadPool,
    rayon_stack: rayon::ThreadPool,
    lubdub_named: lubdub::ThreadPool,
    rayon_named: rayon::ThreadPool,
}

impl PromisingPools {
    fn new(threads: NonZeroUsize) -> Result<PromisingPools, Error> {
        let pool_error = |runtime: &'static str, message: String| Error::Pool {
            runtime,
            threads: threads.get(),
            message,
        };
        let lubdub = || lubdub::ThreadPoolBuilder::new().num_threads(threads.get());
        let lubdub_error = |e: lubdub::ThreadPoolBuildError| pool_error("lubdub", e.to_string());
        let rayon = || rayon::ThreadPoolBuilder::new().num_threads(threads.get());
        let rayon_error = |e: rayon::ThreadPoolBuildError| pool_error("rayon", e.to_string());
        let name = |index: usize| format!("call-in-{index}");
        Ok(PromisingPools {
            lubdub_stack: lubdub().stack_size(POOL_STACK).build().map_err(lubdub_error)?,
            rayon_stack: rayon().stack_size(POOL_STACK).build().map_err(rayon_error)?,
            lubdub_named: lubdub().thread_name(name).build().map_err(lubdub_error)?,
            rayon_named: rayon().thread_name(name).build().map_err(rayon_error)?,
        })
    }
}

pub(super) fn call_in_cell(threads: NonZeroUsize, samples: usize) -> Result<Cell, Error> {
    let pools = Pools::new(threads)?;
    let pools = &pools;
    let promising = PromisingPools::new(threads)?;
    let promising = &promising;
    let team = pools.omp_threads();
    let mut contenders = vec![
        Contender::self_timed(BASELINE, |reps| {
            time_after_idle(reps, || {
                black_box(());
                Ok(())
            })
        }),
        Contender::self_timed("lubdub-install", |reps| {
            time_after_idle(reps, || {
                pools.lubdub.install(|| black_box(()));
                Ok(())
            })
        }),
        Contender::self_timed("lubdub-join", |reps| {
            time_after_idle(reps, || {
                pools.lubdub.join(|| black_box(()), || black_box(()));
                Ok(())
            })
        }),
        Contender::self_timed("rayon-install", |reps| {
            time_after_idle(reps, || {
                pools.rayon.install(|| black_box(()));
                Ok(())
            })
        }),
        Contender::self_timed("lubdub-install-stack", |reps| {
            time_after_idle(reps, || {
                promising.lubdub_stack.install(|| black_box(()));
                Ok(())
            })
        }),
        Contender::self_timed("rayon-install-stack", |reps| {
            time_after_idle(reps, || {
                promising.rayon_stack.install(|| black_box(()));
                Ok(())
            })
        }),
        Contender::self_timed("lubdub-install-handoff", |reps| {
            time_after_idle(reps, || {
                promising.lubdub_named.install(|| black_box(()));
                Ok(())
            })
        }),
        Contender::self_timed("rayon-install-named", |reps| {
            time_after_idle(reps, || {
                promising.rayon_named.install(|| black_box(()));
                Ok(())
            })
        }),
        Contender::self_timed("chili-scope-join", |reps| {
            time_after_idle(reps, || {
                pools
                    .chili
                    .scope()
                    .join(|_| black_box(()), |_| black_box(()));
                Ok(())
            })
        }),
        Contender::self_timed("openmp-region", |reps| {
            time_after_idle(reps, || {
                // SAFETY: a plain function of an integer (`team` >= 1, from
                // `Pools`); the C side touches no Rust memory.
                let ran = unsafe { lubdub_bench_empty_region_omp(team) };
                expect_eq(i64::from(ran), i64::from(team))
            })
        })
        .settles_for(pools.settle(true)),
    ];
    let plan = Plan {
        warm_up: Duration::ZERO,
        reps: Reps::Fixed(1),
        budget: Duration::ZERO,
        min_rounds: samples,
        max_rounds: samples,
    };
    let measured = measure(
        &Cell::label_of(CALL_IN, 0, threads.get()),
        &mut contenders,
        &plan,
    )?;
    Ok(Cell::new(
        CALL_IN,
        0,
        threads.get(),
        NS_PER_US,
        measured,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_after_idle_counts_only_the_call() {
        let spent = time_after_idle(3, || Ok(())).unwrap();
        // Three idle milliseconds went by, none of them charged.
        assert!(spent < IDLE_BEFORE_CALL_IN * 3, "{spent:?}");
        assert!(time_after_idle(1, || expect_eq(1, 2)).is_err());
    }
}
