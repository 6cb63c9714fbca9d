//! [`with_max_threads`]: runs one region of work on at most `k` threads,
//! without the caller building a pool by hand.
//!
//! Design: a capped region runs in a *sub-pool* of `k` threads, built the
//! first time a region asks for `k` and kept for the life of the process
//! (its threads sleep when idle), one per distinct `k`. The scheduler is not
//! involved: a region installed in a pool of `k` threads cannot use more,
//! whatever it forks. Alternatives considered: marking only `k` seats of the
//! current pool eligible to steal the region's jobs would keep one pool, but
//! needs a region tag on every promoted job and a check in every thief, on
//! the scheduler's hot paths.
//!
//! Limits: a sub-pool has the default settings ([`crate::ThreadPoolBuilder::new`]
//! with `num_threads(k)`), not those of the pool the caller is in; calling
//! in costs what [`crate::ThreadPool::install`] from outside the pool costs;
//! while the region runs, the caller's own pool loses the calling thread
//! (as with any `install` into another pool).

use std::sync::{Arc, Mutex, PoisonError};

use crate::{current_num_threads, ThreadPool, ThreadPoolBuildError, ThreadPoolBuilder};

/// The sub-pools built so far, one per thread count.
static SUB_POOLS: Mutex<Vec<(usize, Arc<ThreadPool>)>> = Mutex::new(Vec::new());

/// Runs `op` on at most `max_threads` threads and returns its result: in the
/// current pool (the global pool outside any) if it has no more threads than
/// that, else in a cached pool of `max_threads` threads. Inside `op`,
/// [`current_num_threads`] is at most `max_threads`. A cap of 0 means 1.
///
/// If the operating system refuses the sub-pool's threads, `op` still runs,
/// uncapped, in the current pool, and the refusal is reported on stderr. A
/// panic in `op` propagates.
///
/// ```
/// use lubdub::prelude::*;
///
/// let mut v: Vec<u32> = (0..100_000).rev().collect();
/// lubdub::with_max_threads(2, || {
///     assert!(lubdub::current_num_threads() <= 2);
///     v.par_sort();
/// });
/// assert!(v.windows(2).all(|w| w[0] <= w[1]));
/// ```
pub fn with_max_threads<OP, R>(max_threads: usize, op: OP) -> R
where
    OP: FnOnce() -> R + Send,
    R: Send,
{
    let max_threads = max_threads.max(1);
    if current_num_threads() <= max_threads {
        return op();
    }
    match sub_pool(max_threads) {
        Ok(pool) => pool.install(op),
        Err(error) => {
            eprintln!("lubdub: with_max_threads({max_threads}) runs uncapped: {error}");
            op()
        }
    }
}

/// The cached pool of `threads` threads, built on first use.
fn sub_pool(threads: usize) -> Result<Arc<ThreadPool>, ThreadPoolBuildError> {
    // A panic while the lock is held cannot leave the list inconsistent.
    let mut pools = SUB_POOLS.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, pool)) = pools.iter().find(|(k, _)| *k == threads) {
        return Ok(Arc::clone(pool));
    }
    let pool = ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(move |i| format!("lubdub-cap{threads}-{i}"))
        .build()?;
    let pool = Arc::new(pool);
    pools.push((threads, Arc::clone(&pool)));
    Ok(pool)
}
