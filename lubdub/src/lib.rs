//! lubdub: a heartbeat-scheduled fork-join runtime with Rayon's names.
//!
//! `join` costs a few plain stores when no thread is idle, and still spreads
//! work to every core when threads are idle: a busy thread offers its oldest
//! pending job only on a heartbeat, and only when some thread is idle. A
//! Rayon user switches by changing `use rayon::...` to `use lubdub::...`.
//!
//! ```
//! fn sum(values: &[u64]) -> u64 {
//!     if values.len() <= 1024 {
//!         return values.iter().sum();
//!     }
//!     let (left, right) = values.split_at(values.len() / 2);
//!     let (a, b) = lubdub::join(|| sum(left), || sum(right));
//!     a + b
//! }
//! let values: Vec<u64> = (1..=100_000).collect();
//! assert_eq!(sum(&values), 100_000 * 100_001 / 2);
//! ```
//!
//! The scheduler's design, its invariants and its limits are described in
//! `src/scheduler/README.md`.
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]
// Under loom only the protocol modules and their models are built.
#![cfg_attr(loom, allow(dead_code, unused_imports))]

#[cfg(not(loom))]
pub mod array;
#[cfg(not(loom))]
mod broadcast;
#[cfg(not(loom))]
mod build_error;
#[cfg(not(loom))]
mod builder;
#[cfg(not(loom))]
pub mod collections;
#[cfg(not(loom))]
mod deprecated;
#[cfg(not(loom))]
mod handlers;
#[cfg(not(loom))]
pub mod iter;
#[cfg(not(loom))]
mod join;
#[cfg(not(loom))]
mod max_threads;
#[cfg(not(loom))]
mod observation;
#[cfg(not(loom))]
pub mod option;
#[cfg(not(loom))]
mod pool;
#[cfg(not(loom))]
pub mod prelude;
#[cfg(not(loom))]
pub mod profile;
#[cfg(not(loom))]
pub mod range;
#[cfg(not(loom))]
pub mod range_inclusive;
#[cfg(not(loom))]
pub mod result;
mod scheduler;
#[cfg(not(loom))]
mod scope;
#[cfg(not(loom))]
mod scope_base;
#[cfg(not(loom))]
mod scope_fifo;
#[cfg(not(loom))]
pub mod slice;
#[cfg(all(doctest, not(loom)))]
mod soundness;
#[cfg(not(loom))]
mod spawn;
#[cfg(not(loom))]
mod split_producer;
#[cfg(not(loom))]
pub mod str;
#[cfg(not(loom))]
pub mod string;
mod sync;
#[cfg(not(loom))]
mod thread_builder;
#[cfg(not(loom))]
pub mod trace;
#[cfg(not(loom))]
mod unwind;
#[cfg(not(loom))]
pub mod vec;
#[cfg(not(loom))]
mod wait;
#[cfg(not(loom))]
mod yield_now;

#[cfg(not(loom))]
pub use broadcast::{broadcast, spawn_broadcast, BroadcastContext};
#[cfg(not(loom))]
pub use build_error::{ErrorKind, ThreadPoolBuildError};
#[cfg(not(loom))]
pub use builder::{ThreadPoolBuilder, DEFAULT_HEARTBEAT, MAX_NUM_THREADS, NUM_THREADS_ENV};
#[cfg(not(loom))]
#[allow(deprecated)]
pub use deprecated::{initialize, Configuration};
#[cfg(not(loom))]
pub use join::{join, join_context, FnContext};
#[cfg(not(loom))]
pub use max_threads::with_max_threads;
#[cfg(not(loom))]
pub use observation::{DEFAULT_TRACE_CAPACITY, TRACE_ENV};
#[cfg(not(loom))]
pub use pool::{
    current_num_threads, current_thread_index, flush_trace, max_num_threads, profile, ThreadPool,
};
#[cfg(not(loom))]
pub use profile::{Profile, WorkerState};
#[cfg(not(loom))]
pub use scheduler::interrupt::rescue_signal;
#[cfg(not(loom))]
pub use scope::{in_place_scope, scope, Scope};
#[cfg(not(loom))]
pub use scope_fifo::{in_place_scope_fifo, scope_fifo, ScopeFifo};
#[cfg(not(loom))]
pub use spawn::{spawn, spawn_fifo};
#[cfg(not(loom))]
pub use thread_builder::ThreadBuilder;
#[cfg(not(loom))]
pub use trace::Trace;
#[cfg(not(loom))]
pub use wait::wait_until;
#[cfg(not(loom))]
pub use yield_now::{current_thread_has_pending_tasks, yield_local, yield_now, Yield};
