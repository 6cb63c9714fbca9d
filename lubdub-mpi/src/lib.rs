//! lubdub-mpi: MPI ranks × lubdub threads, one pool per rank, through rsmpi
//! (the `mpi` crate) on the system's MPI library.
//!
//! What it adds over rsmpi, for a hybrid program:
//! - [`init`]: MPI at the thread level a pool needs (`MPI_THREAD_MULTIPLE`),
//!   or a clear error;
//! - on [`Comm`]: sends, receives and collectives (broadcast, all-reduce,
//!   all-gather(v), all-to-all(v)) of `&[T]` for [`bytemuck::Pod`] `T`:
//!   `size_of::<T>() * n` bytes on the wire, no serialization, and lengths
//!   checked across ranks ([`Error::LengthMismatch`] on every rank, never a
//!   hang or a truncated message);
//! - [`compact`]: records with a list (a particle and its bonds) as raw
//!   bytes with one-byte [`varint`] length headers;
//! - waits that keep the pool busy: a worker that waits for a message runs
//!   other lubdub jobs meanwhile ([`lubdub::wait_until`]) and shows as
//!   `Blocked` in the pool's profile;
//! - a rank that leaves early (returns from `main`, panics) gives the others
//!   [`Error::PeerExited`] instead of a hang;
//! - [`launch`]: a program that restarts itself under `mpiexec -n <ranks>`.
//!
//! How to run, on one machine and on a cluster, and the limits:
//! `lubdub-mpi/README.md`.
//!
//! ```
//! use lubdub_mpi::Reduction;
//! use lubdub::prelude::*;
//!
//! let mpi = lubdub_mpi::init().unwrap();
//! let world = mpi.world();
//! let pool = lubdub::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
//! // Each rank sums its share with its pool, then the ranks add their sums.
//! let n = 1_000_000u64;
//! let (me, ranks) = (world.rank() as u64, world.size() as u64);
//! let mine: u64 = pool.install(|| (me..n).into_par_iter().step_by(ranks as usize).sum());
//! let total = world.all_reduce(&[mine], Reduction::Sum).unwrap();
//! assert_eq!(total, [n * (n - 1) / 2]);
//! ```
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

mod agree;
mod collective;
mod comm;
pub mod compact;
mod completion;
mod error;
mod init;
pub mod launch;
mod parts;
mod pod;
mod point_to_point;
pub mod varint;

pub use collective::Reduction;
pub use comm::{Comm, MAX_TAG};
pub use error::Error;
pub use init::{init, InitError, Mpi};
pub use parts::Parts;

/// rsmpi, for what this crate does not wrap.
pub use mpi;
