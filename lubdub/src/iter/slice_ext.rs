//! [`ParallelSlice`] and [`ParallelSliceMut`]: chunks and sorts of slices.

use std::cmp::Ordering;

use super::scan::{scan_exclusive, scan_inclusive};
use super::sort::{mergesort, quicksort};
use super::sources::chunks::{Chunks, ChunksMut};

/// Parallel methods of shared slices.
///
/// ```
/// use lubdub::prelude::*;
///
/// let maxima: Vec<i32> = [1, 5, 2, 4].par_chunks(2).map(|c| *c.iter().max().unwrap()).collect();
/// assert_eq!(maxima, [5, 4]);
/// ```
pub trait ParallelSlice<T: Sync> {
    /// A parallel iterator over runs of `size` elements (the last may be
    /// shorter). Panics if `size` is 0.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!([1, 2, 3].par_chunks(2).count(), 2);
    /// ```
    fn par_chunks(&self, size: usize) -> Chunks<'_, T>;
}

impl<T: Sync> ParallelSlice<T> for [T] {
    fn par_chunks(&self, size: usize) -> Chunks<'_, T> {
        Chunks::new(self, size)
    }
}

/// Parallel methods of mutable slices: chunks and sorts.
///
/// ```
/// use lubdub::prelude::*;
///
/// let mut v = vec![5, 3, 1, 4];
/// v.par_sort_unstable();
/// assert_eq!(v, [1, 3, 4, 5]);
/// ```
pub trait ParallelSliceMut<T: Send> {
    /// The slice itself.
    #[doc(hidden)]
    fn as_parallel_slice_mut(&mut self) -> &mut [T];

    /// A parallel iterator over mutable runs of `size` elements (the last may
    /// be shorter). Panics if `size` is 0.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut v = [0; 5];
    /// v.par_chunks_mut(2).enumerate().for_each(|(i, c)| c.fill(i));
    /// assert_eq!(v, [0, 0, 1, 1, 2]);
    /// ```
    fn par_chunks_mut(&mut self, size: usize) -> ChunksMut<'_, T> {
        ChunksMut::new(self.as_parallel_slice_mut(), size)
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

    /// Replaces each element, in parallel, by the `op`-sum of it and every
    /// element before it (an inclusive prefix scan). `op` must be
    /// associative; it runs about twice per element (see `iter/scan.rs`).
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
