//! [`RChunks`], [`RChunksExact`], [`RChunksMut`], [`RChunksExactMut`]: runs
//! of `chunk_size` elements from the back of a slice (see [`super::runs`]).

use super::runs::{chunk_iter, Back, BackExact};

chunk_iter! {
    /// The iterator of [`ParallelSlice::par_rchunks`](super::ParallelSlice::par_rchunks):
    /// runs of `chunk_size` elements from the back, the last one (at the front
    /// of the slice) possibly shorter.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let firsts: Vec<i32> = [1, 2, 3, 4, 5].par_rchunks(2).map(|c| c[0]).collect();
    /// assert_eq!(firsts, [4, 2, 1]);
    /// ```
    RChunks(&'data [T], Back)
}

chunk_iter! {
    /// The iterator of [`ParallelSlice::par_rchunks_exact`](super::ParallelSlice::par_rchunks_exact):
    /// runs of exactly `chunk_size` elements from the back; the elements left
    /// over at the front are its [`remainder`](RChunksExact::remainder).
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let chunks = [1, 2, 3, 4, 5].par_rchunks_exact(2);
    /// assert_eq!(chunks.remainder(), [1]);
    /// let firsts: Vec<i32> = chunks.map(|c| c[0]).collect();
    /// assert_eq!(firsts, [4, 2]);
    /// ```
    RChunksExact(&'data [T], BackExact, rem)
}

impl<'data, T: Sync> RChunksExact<'data, T> {
    /// The first elements, fewer than `chunk_size`, that no chunk holds.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!([1, 2, 3, 4, 5, 6, 7].par_rchunks_exact(3).remainder(), [1]);
    /// ```
    pub fn remainder(&self) -> &'data [T] {
        self.rem
    }
}

chunk_iter! {
    /// The iterator of [`ParallelSliceMut::par_rchunks_mut`](super::ParallelSliceMut::par_rchunks_mut):
    /// mutable runs of `chunk_size` elements from the back, the last one (at the
    /// front of the slice) possibly shorter.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut v = [1, 2, 3, 4, 5];
    /// v.par_rchunks_mut(2).for_each(|c| c.reverse());
    /// assert_eq!(v, [1, 3, 2, 5, 4]);
    /// ```
    RChunksMut(&'data mut [T], Back)
}

chunk_iter! {
    /// The iterator of [`ParallelSliceMut::par_rchunks_exact_mut`](super::ParallelSliceMut::par_rchunks_exact_mut):
    /// mutable runs of exactly `chunk_size` elements from the back; the
    /// elements left over at the front are its remainder.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut v = [1, 2, 3, 4, 5];
    /// v.par_rchunks_exact_mut(2).for_each(|c| c.swap(0, 1));
    /// assert_eq!(v, [1, 3, 2, 5, 4]);
    /// ```
    RChunksExactMut(&'data mut [T], BackExact, rem)
}

impl<'data, T: Send> RChunksExactMut<'data, T> {
    /// The first elements, fewer than `chunk_size`, that no chunk holds, for
    /// as long as the iterator lives (it is consumed).
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut v = [1, 2, 3];
    /// v.par_rchunks_exact_mut(2).into_remainder()[0] = 10;
    /// assert_eq!(v, [10, 2, 3]);
    /// ```
    pub fn into_remainder(self) -> &'data mut [T] {
        self.rem
    }

    /// The first elements, fewer than `chunk_size`, that no chunk holds,
    /// borrowed from the iterator.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut v = [1, 2, 3];
    /// let mut chunks = v.par_rchunks_exact_mut(2);
    /// chunks.remainder()[0] = 10;
    /// assert_eq!(chunks.count(), 1);
    /// assert_eq!(v, [10, 2, 3]);
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
    /// let mut chunks = v.par_rchunks_exact_mut(2);
    /// let rest = chunks.take_remainder();
    /// chunks.for_each(|c| c.fill(0));
    /// rest[0] = 10;
    /// assert_eq!(v, [10, 0, 0]);
    /// ```
    pub fn take_remainder(&mut self) -> &'data mut [T] {
        std::mem::take(&mut self.rem)
    }
}
