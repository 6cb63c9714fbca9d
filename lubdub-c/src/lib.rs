//! lubdub for C: the C library (`liblubdub_c`, header `include/lubdub.h`).
//!
//! Pools, `join` of two callbacks, a scope that spawns callbacks, a
//! self-splitting parallel `for` whose body gets sub-ranges, a parallel
//! reduction with a user `combine`, and the profiler's table as text.
//! Every function returns a `lubdub_status`; `lubdub_last_error` says
//! why the last call on the thread failed. Nothing unwinds into C: each
//! exported function catches panics at its boundary.
//!
//! The header is generated from this crate by cbindgen
//! (`tests/header.rs` checks that the committed one is current);
//! `README.md` beside this crate has the C documentation, the build and
//! install steps, and the migration note for OpenMP users.
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

mod accumulator;
mod callback;
mod join;
mod parallel_for;
mod pool;
mod profile;
mod ranges;
mod reduce;
mod scope;
mod status;

pub use callback::{lubdub_combine_fn, lubdub_fold_fn, lubdub_range_fn, lubdub_task_fn};
pub use join::lubdub_join;
pub use parallel_for::lubdub_parallel_for;
pub use pool::{
    lubdub_install, lubdub_pool, lubdub_pool_create, lubdub_pool_default, lubdub_pool_destroy,
    lubdub_pool_num_threads, LUBDUB_MAX_THREADS,
};
pub use profile::lubdub_pool_profile;
pub use reduce::lubdub_parallel_reduce;
pub use scope::{lubdub_scope, lubdub_scope_fn, lubdub_scope_run, lubdub_scope_spawn};
pub use status::{lubdub_last_error, lubdub_status, lubdub_status_message};
