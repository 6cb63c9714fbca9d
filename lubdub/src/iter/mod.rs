//! Parallel iterators with Rayon's names: the traits, integer ranges,
//! adaptors and consumers. The sources of slices, strings and vectors live
//! at Rayon's paths: [`crate::slice`], [`crate::str`], [`crate::vec`],
//! [`crate::string`].
//!
//! There is no grain size. A loop runs its range in sequential chunks,
//! polls the heartbeat between chunks, and splits the rest of its range in
//! half only when a heartbeat is due and a thread is idle. See `README.md`
//! beside this file for the protocol.
//!
//! ```
//! use lubdub::prelude::*;
//!
//! let v: Vec<u64> = (0..1000).collect();
//! let sum_of_squares: u64 = v.par_iter().map(|x| x * x).sum();
//! assert_eq!(sum_of_squares, v.iter().map(|x| x * x).sum());
//! ```

mod adaptors;
mod collect;
mod consumers;
mod drain;
mod indexed;
mod into;
mod parallel_iterator;
pub mod plumbing;
mod sources;

pub use adaptors::{Map, Zip};
pub use collect::{FromParallelIterator, ParallelExtend};
pub(crate) use drain::drain_range;
pub use drain::{ParallelDrainFull, ParallelDrainRange};
pub use indexed::IndexedParallelIterator;
pub use into::{IntoParallelIterator, IntoParallelRefIterator, IntoParallelRefMutIterator};
pub use parallel_iterator::ParallelIterator;
pub use sources::range::{Range, RangeInteger};
