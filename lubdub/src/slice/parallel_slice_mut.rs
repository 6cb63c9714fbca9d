//! [`ParallelSliceMut`]: the parallel methods of mutable slices.

use std::cmp::Ordering;

use super::cached_key::sort_by_cached_key;
use super::scan::{scan_exclusive, scan_inclusive};
use super::sort::{mergesort, quicksort};
use super::{
    ChunkByMut, ChunksExactMut, ChunksMut, RChunksExactMut, RChunksMut, SplitInclusiveMut, SplitMut,
};

/// Parallel methods of mutable slices (and of everything that derefs to
/// one): mutable splits and chunks, sorts, and lubdub's prefix scans.
///
/// ```
/// use lubdub::prelude::*;
///
/// let mut v = vec![5, 3, 1, 4];
/// v.par_sort_unstable();
/// assert_eq!(v, [1, 3, 4, 5]);
/// ```
pub trait ParallelSliceMut<T: Send> {
    /// The slice the other methods work on.
    ///
    /// ```
    /// use lubdub::slice::ParallelSliceMut;
    ///
    /// let mut v = vec![1, 2];
    /// v.as_parallel_slice_mut()[0] = 3;
    /// assert_eq!(v, [3, 2]);
    /// ```
    fn as_parallel_slice_mut(&mut self) -> &mut [T];

    /// A parallel iterator over the mutable subslices between elements for
    /// which `separator` is true; those elements are left out.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut v = [1, 2, 0, 3, 4, 0, 5];
    /// v.par_split_mut(|x| *x == 0).for_each(|s| s.reverse());
    /// assert_eq!(v, [2, 1, 0, 4, 3, 0, 5]);
    /// ```
    fn par_split_mut<P>(&mut self, separator: P) -> SplitMut<'_, T, P>
    where
        P: Fn(&T) -> bool + Sync + Send,
    {
        SplitMut::new(self.as_parallel_slice_mut(), separator)
    }

    /// A parallel iterator over the mutable subslices that end with an
    /// element for which `separator` is true (the last one may end without
    /// one).
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut v = [1, 2, 0, 3, 4, 0, 5];
    /// v.par_split_inclusive_mut(|x| *x == 0).for_each(|s| s.reverse());
    /// assert_eq!(v, [0, 2, 1, 0, 4, 3, 5]);
    /// ```
    fn par_split_inclusive_mut<P>(&mut self, separator: P) -> SplitInclusiveMut<'_, T, P>
    where
        P: Fn(&T) -> bool + Sync + Send,
    {
        SplitInclusiveMut::new(self.as_parallel_slice_mut(), separator)
    }

    /// A parallel iterator over mutable runs of `chunk_size` elements from
    /// the front; the last run is shorter when `chunk_size` does not divide
    /// the length. Panics if `chunk_size` is 0.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut v = [0; 5];
    /// v.par_chunks_mut(2).zip(1..4).for_each(|(c, i)| c.fill(i));
    /// assert_eq!(v, [1, 1, 2, 2, 3]);
    /// ```
    #[track_caller]
    fn par_chunks_mut(&mut self, chunk_size: usize) -> ChunksMut<'_, T> {
        ChunksMut::new(chunk_size, self.as_parallel_slice_mut())
    }

    /// A parallel iterator over mutable runs of exactly `chunk_size`
    /// elements from the front; the elements left over are the iterator's
    /// [`remainder`](ChunksExactMut::remainder). Panics if `chunk_size` is 0.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut v = [1, 2, 3, 4, 5];
    /// v.par_chunks_exact_mut(2).for_each(|c| c.reverse());
    /// assert_eq!(v, [2, 1, 4, 3, 5]);
    /// ```
    #[track_caller]
    fn par_chunks_exact_mut(&mut self, chunk_size: usize) -> ChunksExactMut<'_, T> {
        ChunksExactMut::new(chunk_size, self.as_parallel_slice_mut())
    }

    /// A parallel iterator over mutable runs of `chunk_size` elements from
    /// the back; the last run (the front of the slice) is shorter when
    /// `chunk_size` does not divide the length. Panics if `chunk_size` is 0.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut v = [0; 5];
    /// v.par_rchunks_mut(2).zip(1..4).for_each(|(c, i)| c.fill(i));
    /// assert_eq!(v, [3, 2, 2, 1, 1]);
    /// ```
    #[track_caller]
    fn par_rchunks_mut(&mut self, chunk_size: usize) -> RChunksMut<'_, T> {
        RChunksMut::new(chunk_size, self.as_parallel_slice_mut())
    }

    /// A parallel iterator over mutable runs of exactly `chunk_size`
    /// elements from the back; the elements left over at the front are the
    /// iterator's [`remainder`](RChunksExactMut::remainder). Panics if
    /// `chunk_size` is 0.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut v = [1, 2, 3, 4, 5];
    /// v.par_rchunks_exact_mut(2).for_each(|c| c.reverse());
    /// assert_eq!(v, [1, 3, 2, 5, 4]);
    /// ```
    #[track_caller]
    fn par_rchunks_exact_mut(&mut self, chunk_size: usize) -> RChunksExactMut<'_, T> {
        RChunksExactMut::new(chunk_size, self.as_parallel_slice_mut())
    }

    /// Sorts the slice, stably, in parallel (a merge sort; allocates a buffer
    /// as long as the slice).
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut v = vec![3, 1, 2];
    /// v.par_sort();
    /// assert_eq!(v, [1, 2, 3]);
    /// ```
    fn par_sort(&mut self)
    where
        T: Ord,
    {
        mergesort(self.as_parallel_slice_mut(), &T::cmp);
    }

    /// Sorts the slice stably by `compare`.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut v = vec![(1, 'b'), (0, 'x'), (1, 'a')];
    /// v.par_sort_by(|a, b| a.0.cmp(&b.0));
    /// assert_eq!(v, [(0, 'x'), (1, 'b'), (1, 'a')]);
    /// ```
    fn par_sort_by<F>(&mut self, compare: F)
    where
        F: Fn(&T, &T) -> Ordering + Sync,
    {
        mergesort(self.as_parallel_slice_mut(), &compare);
    }

    /// Sorts the slice stably by the key `f` extracts.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut v = vec![-3i32, 2, -1];
    /// v.par_sort_by_key(|x| x.abs());
    /// assert_eq!(v, [-1, 2, -3]);
    /// ```
    fn par_sort_by_key<K, F>(&mut self, f: F)
    where
        K: Ord,
        F: Fn(&T) -> K + Sync,
    {
        mergesort(self.as_parallel_slice_mut(), &|a: &T, b: &T| {
            f(a).cmp(&f(b))
        });
    }

    /// Sorts the slice stably by the key `f` extracts, calling `f` once per
    /// element (in parallel): for keys that are expensive to compute.
    /// Allocates the keys and an index per element.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut v = vec![10, 9, 100, 1];
    /// v.par_sort_by_cached_key(|x| x.to_string());
    /// assert_eq!(v, [1, 10, 100, 9]);
    /// ```
    fn par_sort_by_cached_key<K, F>(&mut self, f: F)
    where
        F: Fn(&T) -> K + Sync,
        K: Ord + Send,
    {
        sort_by_cached_key(self.as_parallel_slice_mut(), &f);
    }

    /// Sorts the slice in parallel, not stably (a quicksort; no allocation).
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut v: Vec<u32> = (0..10_000).rev().collect();
    /// v.par_sort_unstable();
    /// assert!(v.windows(2).all(|w| w[0] <= w[1]));
    /// ```
    fn par_sort_unstable(&mut self)
    where
        T: Ord,
    {
        quicksort(self.as_parallel_slice_mut(), &T::cmp);
    }

    /// Sorts the slice by `compare`, not stably.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut v = vec![1, 3, 2];
    /// v.par_sort_unstable_by(|a, b| b.cmp(a));
    /// assert_eq!(v, [3, 2, 1]);
    /// ```
    fn par_sort_unstable_by<F>(&mut self, compare: F)
    where
        F: Fn(&T, &T) -> Ordering + Sync,
    {
        quicksort(self.as_parallel_slice_mut(), &compare);
    }

    /// Sorts the slice by the key `f` extracts, not stably.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut v = vec!["ccc", "a", "bb"];
    /// v.par_sort_unstable_by_key(|s| s.len());
    /// assert_eq!(v, ["a", "bb", "ccc"]);
    /// ```
    fn par_sort_unstable_by_key<K, F>(&mut self, f: F)
    where
        K: Ord,
        F: Fn(&T) -> K + Sync,
    {
        quicksort(self.as_parallel_slice_mut(), &|a: &T, b: &T| {
            f(a).cmp(&f(b))
        });
    }

    /// A parallel iterator over the longest mutable runs in which `pred`
    /// holds for every two neighbours.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut v = [1, 1, 2, 2, 2, 3];
    /// v.par_chunk_by_mut(|a, b| a == b).for_each(|run| run[0] = 0);
    /// assert_eq!(v, [0, 1, 0, 2, 2, 0]);
    /// ```
    fn par_chunk_by_mut<F>(&mut self, pred: F) -> ChunkByMut<'_, T, F>
    where
        F: Fn(&T, &T) -> bool + Send + Sync,
    {
        ChunkByMut::new(self.as_parallel_slice_mut(), pred)
    }

    /// Replaces each element, in parallel, by the `op`-sum of it and every
    /// element before it (an inclusive prefix scan). `op` must be
    /// associative; it runs about twice per element (see `slice/scan.rs`).
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut v = vec![1, 2, 3, 4];
    /// v.par_scan_inclusive(|a, b| a + b);
    /// assert_eq!(v, [1, 3, 6, 10]);
    /// ```
    fn par_scan_inclusive<F>(&mut self, op: F)
    where
        T: Clone + Sync,
        F: Fn(&T, &T) -> T + Sync,
    {
        scan_inclusive(self.as_parallel_slice_mut(), &op);
    }

    /// Replaces each element, in parallel, by `identity` `op`-summed with
    /// every element before it (an exclusive prefix scan), and returns the
    /// `op`-sum of `identity` and the whole slice. `op` must be associative
    /// and `identity` its identity.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut v = vec![1, 2, 3, 4];
    /// let total = v.par_scan_exclusive(0, |a, b| a + b);
    /// assert_eq!((v, total), (vec![0, 1, 3, 6], 10));
    /// ```
    fn par_scan_exclusive<F>(&mut self, identity: T, op: F) -> T
    where
        T: Clone + Sync,
        F: Fn(&T, &T) -> T + Sync,
    {
        scan_exclusive(self.as_parallel_slice_mut(), identity, &op)
    }
}

impl<T: Send> ParallelSliceMut<T> for [T] {
    fn as_parallel_slice_mut(&mut self) -> &mut [T] {
        self
    }
}
