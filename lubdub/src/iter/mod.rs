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
mod par_either;
mod parallel_iterator;
pub mod plumbing;
mod seed;
pub(crate) mod sources;
mod try_trait;

pub use adaptors::{
    Chain, Cloned, Copied, Filter, FilterMap, FlatMap, FlatMapIter, Flatten, FlattenIter, Inspect,
    Intersperse, Map, MapInit, MapWith, PanicFuse, SkipAny, SkipAnyWhile, TakeAny, TakeAnyWhile,
    Update, WhileSome, Zip,
};
pub use adaptors::{
    Chunks, Enumerate, ExponentialBlocks, FoldChunks, FoldChunksWith, Interleave,
    InterleaveShortest, MaxLen, MinLen, MultiZip, Positions, Rev, Skip, StepBy, Take,
    UniformBlocks, ZipEq,
};
pub use adaptors::{Fold, FoldWith, TryFold, TryFoldWith};
pub use collect::{FromParallelIterator, ParallelExtend};
pub(crate) use drain::drain_range;
pub use drain::{ParallelDrainFull, ParallelDrainRange};
/// Rayon's `Either`, from the `either` crate: the items of
/// [`ParallelIterator::partition_map`], and a parallel iterator when both
/// sides are.
///
/// ```
/// use lubdub::iter::Either;
/// use lubdub::prelude::*;
///
/// let evens_only = true;
/// let iter = if evens_only {
///     Either::Left((0..10).into_par_iter().map(|x| x * 2))
/// } else {
///     Either::Right((0..10).into_par_iter())
/// };
/// assert_eq!(iter.sum::<i32>(), 90);
/// ```
pub use either::Either;
pub use indexed::IndexedParallelIterator;
pub use into::{IntoParallelIterator, IntoParallelRefIterator, IntoParallelRefMutIterator};
pub use parallel_iterator::ParallelIterator;
pub use sources::once::{empty, once, Empty, Once};
pub use sources::par_bridge::{IterBridge, ParallelBridge};
#[allow(deprecated)]
pub use sources::repeat::repeatn;
pub use sources::repeat::{repeat, repeat_n, Repeat, RepeatN};
pub use sources::split::{split, Split};
pub use sources::walk_tree::{
    walk_tree, walk_tree_postfix, walk_tree_prefix, WalkTree, WalkTreePostfix, WalkTreePrefix,
};
