//! The thread pools of the runtimes under comparison, for one thread count.
//!
//! Built once per experiment cell, outside every timed loop. Thread counts
//! mean the same for all: the number of threads that can run work. lubdub and
//! chili count the thread that calls in (`install`, `scope`) among them, as
//! OpenMP counts its master thread; Rayon's `install` parks the caller and
//! runs the work on the pool's own `threads` workers.

use std::ffi::c_int;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::error::Error;

/// Whether the `lubdub` pool of every cell records a trace (`--trace`), so
/// that the harness can draw a timeline of its last sample.
static TRACE_LUBDUB: AtomicBool = AtomicBool::new(false);

/// Makes the `lubdub` pool of every cell built from now on record a trace
/// (its samples then include tracing's small cost).
pub fn trace_lubdub(on: bool) {
    TRACE_LUBDUB.store(on, Ordering::Relaxed);
}

/// One pool of each Rust runtime, all with the same thread count. (OpenMP's
/// team size is set per parallel region instead; see `c/`.)
pub struct Pools {
    /// The thread count every pool was built with.
    pub threads: usize,
    /// lubdub's pool, as a user gets it: profiling on, tracing off.
    pub lubdub: lubdub::ThreadPool,
    /// lubdub's pool with profiling off, to measure what profiling costs.
    pub lubdub_unprofiled: lubdub::ThreadPool,
    /// lubdub's pool with tracing on, to measure what tracing costs.
    pub lubdub_traced: lubdub::ThreadPool,
    /// Rayon's pool.
    pub rayon: rayon::ThreadPool,
    /// chili's pool.
    pub chili: chili::ThreadPool,
}

impl Pools {
    /// Builds the pools with `threads` threads each.
    ///
    /// # Errors
    /// [`Error::Pool`] when a runtime refuses to build its pool.
    pub fn new(threads: NonZeroUsize) -> Result<Self, Error> {
        let pool_error = |runtime: &'static str, message: String| Error::Pool {
            runtime,
            threads: threads.get(),
            message,
        };
        let lubdub_pool = |builder: lubdub::ThreadPoolBuilder| {
            builder
                .num_threads(threads.get())
                .build()
                .map_err(|e| pool_error("lubdub", e.to_string()))
        };
        let lubdub = lubdub_pool(
            lubdub::ThreadPoolBuilder::new().tracing(TRACE_LUBDUB.load(Ordering::Relaxed)),
        )?;
        let lubdub_unprofiled = lubdub_pool(lubdub::ThreadPoolBuilder::new().profiling(false))?;
        let lubdub_traced = lubdub_pool(lubdub::ThreadPoolBuilder::new().tracing(true))?;
        let rayon = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.get())
            .build()
            .map_err(|e| pool_error("rayon", e.to_string()))?;
        let chili = chili::ThreadPool::with_config(chili::Config {
            thread_count: Some(threads),
            ..Default::default()
        });
        Ok(Self {
            threads: threads.get(),
            lubdub,
            lubdub_unprofiled,
            lubdub_traced,
            rayon,
            chili,
        })
    }

    /// The thread count as OpenMP's `num_threads` clause takes it.
    pub fn omp_threads(&self) -> c_int {
        c_int::try_from(self.threads)
            .expect("thread counts are capped far below c_int::MAX by the CLI")
    }
}
