//! Parallel iterators with Rayon's names: sources (`par_iter`,
//! `par_iter_mut`, `into_par_iter`, `par_chunks`, `par_chunks_mut`),
//! adaptors, consumers, parallel sorts and scans.
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
mod indexed;
mod into;
mod parallel_iterator;
pub mod plumbing;
mod scan;
mod slice_ext;
mod sort;
mod sources;

pub use adaptors::{
    Chain, Cloned, Copied, Filter, FilterMap, FlatMap, FlatMapIter, Flatten, FlattenIter, Inspect,
    Intersperse, Map, MapInit, MapWith, PanicFuse, SkipAny, SkipAnyWhile, TakeAny, TakeAnyWhile,
    Update, WhileSome, Zip,
};
pub use collect::{FromParallelIterator, ParallelExtend};
pub use indexed::IndexedParallelIterator;
pub use into::{IntoParallelIterator, IntoParallelRefIterator, IntoParallelRefMutIterator};
pub use parallel_iterator::ParallelIterator;
pub use slice_ext::{ParallelSlice, ParallelSliceMut};
pub use sources::chunks::{Chunks, ChunksMut};
pub use sources::range::{Range, RangeInteger};
pub use sources::slice::{Iter, IterMut};
