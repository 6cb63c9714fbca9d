//! Scaffold: sequential bodies behind the final public signatures.
use std::marker::PhantomData;

use crate::builder::{ThreadPoolBuildError, ThreadPoolBuilder};
use crate::stats::{PoolStats, WorkerStats};

/// A pool of worker threads.
pub struct ThreadPool {
    num_threads: usize,
}

impl ThreadPool {
    pub(crate) fn build(builder: ThreadPoolBuilder) -> Result<Self, ThreadPoolBuildError> {
        Ok(Self { num_threads: builder.resolved_num_threads()? })
    }
    /// Runs `op` in this pool.
    pub fn install<OP, R>(&self, op: OP) -> R where OP: FnOnce() -> R + Send, R: Send { op() }
    /// `join` in this pool.
    pub fn join<A, B, RA, RB>(&self, a: A, b: B) -> (RA, RB) where A: FnOnce() -> RA + Send, B: FnOnce() -> RB + Send, RA: Send, RB: Send { self.install(|| join(a, b)) }
    /// `scope` in this pool.
    pub fn scope<'scope, OP, R>(&self, op: OP) -> R where OP: FnOnce(&Scope<'scope>) -> R + Send, R: Send { self.install(|| scope(op)) }
    /// `spawn` in this pool.
    pub fn spawn<F>(&self, f: F) where F: FnOnce() + Send + 'static { f() }
    /// Threads in this pool.
    pub fn current_num_threads(&self) -> usize { self.num_threads }
    /// Index of the current thread in this pool.
    pub fn current_thread_index(&self) -> Option<usize> { None }
    /// Counters.
    pub fn stats(&self) -> PoolStats { PoolStats { workers: (0..self.num_threads).map(|index| WorkerStats { index, ..Default::default() }).collect() } }
}

pub(crate) fn build_global(_b: ThreadPoolBuilder) -> Result<(), ThreadPoolBuildError> { Ok(()) }

/// Runs both closures.
pub fn join<A, B, RA, RB>(a: A, b: B) -> (RA, RB) where A: FnOnce() -> RA + Send, B: FnOnce() -> RB + Send, RA: Send, RB: Send { (a(), b()) }
/// A scope.
pub struct Scope<'scope> { marker: PhantomData<&'scope mut &'scope ()> }
impl<'scope> Scope<'scope> {
    /// Spawns into the scope.
    pub fn spawn<BODY>(&self, body: BODY) where BODY: FnOnce(&Scope<'scope>) + Send + 'scope { body(self) }
}
/// Runs op with a scope.
pub fn scope<'scope, OP, R>(op: OP) -> R where OP: FnOnce(&Scope<'scope>) -> R + Send, R: Send { op(&Scope { marker: PhantomData }) }
/// Spawns a job.
pub fn spawn<F>(f: F) where F: FnOnce() + Send + 'static { f() }
/// Threads of the current pool.
pub fn current_num_threads() -> usize { 1 }
/// Index of the current thread.
pub fn current_thread_index() -> Option<usize> { None }
/// Counters of the global pool.
pub fn stats() -> PoolStats { PoolStats::default() }
