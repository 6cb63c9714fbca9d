//! [`Chunks`], [`ChunksExact`], [`ChunksMut`], [`ChunksExactMut`]: runs of
//! `chunk_size` elements from the front of a slice (see [`super::runs`]).

use super::runs::{chunk_iter, Front, FrontExact};

chunk_iter! {
    /// The iterator of [`ParallelSlice::par_chunks`](super::ParallelSlice::par_chunks):
    /// runs of `chunk_size` elements from the front, the last one possibly
    /// shorter.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let sums: Vec<i32> = [1, 2, 3, 4, 5].par_chunks(2).map(|c| c.iter().sum()).collect();
    /// assert_eq!(sums, [3, 7, 5]);
    /// ```
    Chunks(&'data [T], Front)
}

chunk_iter! {
    /// The iterator of [`ParallelSlice::par_chunks_exact`](super::ParallelSlice::par_chunks_exact):
    /// runs of exactly `chunk_size` elements from the front; the elements left
    /// over are its [`remainder`](ChunksExact::remainder).
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let chunks = [1, 2, 3, 4, 5].par_chunks_exact(2);
    /// assert_eq!(chunks.remainder(), [5]);
    /// assert_eq!(chunks.map(|c| c[0] * c[1]).sum::<i32>(), 2 + 12);
    /// ```
    ChunksExact(&'data [T], FrontExact, rem)
}

impl<'data, T: Sync> ChunksExact<'data, T> {
    /// The last elements, fewer than `chunk_size`, that no chunk holds.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!([1, 2, 3, 4, 5, 6, 7].par_chunks_exact(3).remainder(), [7]);
    /// assert!([1, 2].par_chunks_exact(1).remainder().is_empty());
    /// ```
    pub fn remainder(&self) -> &'data [T] {
        self.rem
    }
}

chunk_iter! {
    /// The iterator of [`ParallelSliceMut::par_chunks_mut`](super::ParallelSliceMut::par_chunks_mut):
    /// mutable runs of `chunk_size` elements from the front, the last one
    /// possibly shorter.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut v = [1, 2, 3, 4, 5];
    /// v.par_chunks_mut(2).for_each(|c| c.reverse());
    /// assert_eq!(v, [2, 1, 4, 3, 5]);
    /// ```
    ChunksMut(&'data mut [T], Front)
}

chunk_iter! {
    /// The iterator of [`ParallelSliceMut::par_chunks_exact_mut`](super::ParallelSliceMut::par_chunks_exact_mut):
    /// mutable runs of exactly `chunk_size` elements from the front; the
    /// elements left over are its remainder.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut v = [1, 2, 3, 4, 5];
    /// let mut chunks = v.par_chunks_exact_mut(2);
    /// chunks.take_remainder()[0] = 50;
    /// chunks.for_each(|c| c.swap(0, 1));
    /// assert_eq!(v, [2, 1, 4, 3, 50]);
    /// ```
    ChunksExactMut(&'data mut [T], FrontExact, rem)
}

impl<'data, T: Send> ChunksExactMut<'data, T> {
    /// The last elements, fewer than `chunk_size`, that no chunk holds, for
    /// as long as the iterator lives (it is consumed).
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut v = [1, 2, 3];
    /// let rest = v.par_chunks_exact_mut(2).into_remainder();
    /// rest[0] = 30;
    /// assert_eq!(v, [1, 2, 30]);
    /// ```
    pub fn into_remainder(self) -> &'data mut [T] {
        self.rem
    }

    /// The last elements, fewer than `chunk_size`, that no chunk holds,
    /// borrowed from the iterator.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut v = [1, 2, 3];
    /// let mut chunks = v.par_chunks_exact_mut(2);
    /// chunks.remainder()[0] = 30;
    /// assert_eq!(chunks.count(), 1);
    /// assert_eq!(v, [1, 2, 30]);
    /// ```
    pub fn remainder(&mut self) -> &mut [T] {
        self.rem
    }

    /// Takes the remainder out of the iterator (leaving it empty there), so
    /// it can be used while the chunks are.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut v = [1, 2, 3];
    /// let mut chunks = v.par_chunks_exact_mut(2);
    /// let rest = chunks.take_remainder();
    /// assert!(chunks.remainder().is_empty());
    /// chunks.for_each(|c| c[0] = 0);
    /// rest[0] = 30;
    /// assert_eq!(v, [0, 2, 30]);
    /// ```
    pub fn take_remainder(&mut self) -> &'data mut [T] {
        std::mem::take(&mut self.rem)
    }
}
