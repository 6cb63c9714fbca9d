//! Parallel iterators over slices, with Rayon's names (`rayon::slice`):
//! the [`ParallelSlice`] and [`ParallelSliceMut`] traits (chunks, windows,
//! splits, sorts, and lubdub's prefix scans) and the iterator types they
//! return.
//!
//! Iterators with an item per position (`par_iter`, chunks, windows) are
//! indexed and run through [`bridge`](crate::iter::plumbing::bridge), split
//! on heartbeats like every indexed loop. Splits and runs
//! (`par_split`, `par_chunk_by`) can only be found by a scan: they are
//! unindexed producers cut at a separator near the middle
//! ([`bridge_unindexed`](crate::iter::plumbing::bridge_unindexed)).
//!
//! ```
//! use lubdub::prelude::*;
//!
//! let v = [3, 1, 0, 2, 5, 0, 4];
//! let sums: Vec<i32> = v.par_split(|x| *x == 0).map(|s| s.iter().sum()).collect();
//! assert_eq!(sums, [4, 7, 4]);
//! ```

mod cached_key;
mod chunk_by;
mod chunks;
mod iter;
mod parallel_slice;
mod parallel_slice_mut;
mod piece;
mod rchunks;
mod runs;
mod scan;
mod sort;
mod split;
mod windows;

pub use chunk_by::{ChunkBy, ChunkByMut};
pub use chunks::{Chunks, ChunksExact, ChunksExactMut, ChunksMut};
pub use iter::{Iter, IterMut};
pub use parallel_slice::ParallelSlice;
pub use parallel_slice_mut::ParallelSliceMut;
pub use rchunks::{RChunks, RChunksExact, RChunksExactMut, RChunksMut};
pub use split::{Split, SplitInclusive, SplitInclusiveMut, SplitMut};
pub use windows::{ArrayWindows, Windows};
