//! lubdub: a heartbeat-scheduled fork-join runtime with Rayon's names.
//! (Scaffold: the public surface with sequential bodies; the scheduler lands next.)
#![deny(unsafe_op_in_unsafe_fn)]

mod builder;
mod pool;
mod stats;
mod sync;

pub use builder::{ErrorKind, ThreadPoolBuildError, ThreadPoolBuilder, DEFAULT_HEARTBEAT, MAX_NUM_THREADS, NUM_THREADS_ENV};
pub use pool::{current_num_threads, current_thread_index, join, scope, spawn, stats, Scope, ThreadPool};
pub use stats::{PoolStats, WorkerStats};
