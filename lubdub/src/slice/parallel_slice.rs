//! [`ParallelSlice`]: the parallel methods of shared slices.

use super::{
    ArrayWindows, ChunkBy, Chunks, ChunksExact, RChunks, RChunksExact, Split, SplitInclusive,
    Windows,
};

/// Parallel methods of shared slices (and of everything that derefs to one:
/// vectors, arrays): splits, windows and chunks.
///
/// ```
/// use lubdub::prelude::*;
///
/// let maxima: Vec<i32> = [1, 5, 2, 4].par_chunks(2).map(|c| *c.iter().max().unwrap()).collect();
/// assert_eq!(maxima, [5, 4]);
/// ```
pub trait ParallelSlice<T: Sync> {
    /// The slice the other methods work on.
    ///
    /// ```
    /// use lubdub::slice::ParallelSlice;
    ///
    /// let v = vec![1, 2];
    /// assert_eq!(v.as_parallel_slice(), &[1, 2]);
    /// ```
    fn as_parallel_slice(&self) -> &[T];

    /// A parallel iterator over the subslices between elements for which
    /// `separator` is true; those elements are left out (as
    /// [`slice::split`](https://doc.rust-lang.org/std/primitive.slice.html#method.split)).
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let sums: Vec<i32> = [1, 2, 0, 4, 0, 5].par_split(|x| *x == 0).map(|s| s.iter().sum()).collect();
    /// assert_eq!(sums, [3, 4, 5]);
    /// ```
    fn par_split<P>(&self, separator: P) -> Split<'_, T, P>
    where
        P: Fn(&T) -> bool + Sync + Send,
    {
        Split::new(self.as_parallel_slice(), separator)
    }

    /// A parallel iterator over the subslices that end with an element for
    /// which `separator` is true (the last one may end without one).
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let lengths: Vec<usize> = [1, 2, 0, 4, 0, 5].par_split_inclusive(|x| *x == 0).map(|s| s.len()).collect();
    /// assert_eq!(lengths, [3, 2, 1]);
    /// ```
    fn par_split_inclusive<P>(&self, separator: P) -> SplitInclusive<'_, T, P>
    where
        P: Fn(&T) -> bool + Sync + Send,
    {
        SplitInclusive::new(self.as_parallel_slice(), separator)
    }

    /// A parallel iterator over every run of `window_size` consecutive
    /// elements; the runs overlap. Panics if `window_size` is 0.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let windows: Vec<&[i32]> = [1, 2, 3].par_windows(2).collect();
    /// assert_eq!(windows, [[1, 2], [2, 3]]);
    /// ```
    #[track_caller]
    fn par_windows(&self, window_size: usize) -> Windows<'_, T> {
        Windows::new(window_size, self.as_parallel_slice())
    }

    /// [`par_windows`](ParallelSlice::par_windows) with the window size a
    /// constant: each window is a reference to an array. Panics if `N` is 0.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let windows: Vec<&[i32; 2]> = [1, 2, 3].par_array_windows().collect();
    /// assert_eq!(windows, [&[1, 2], &[2, 3]]);
    /// ```
    #[track_caller]
    fn par_array_windows<const N: usize>(&self) -> ArrayWindows<'_, T, N> {
        ArrayWindows::new(self.as_parallel_slice())
    }

    /// A parallel iterator over runs of `chunk_size` elements from the
    /// front; the last run is shorter when `chunk_size` does not divide the
    /// length. Panics if `chunk_size` is 0.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let chunks: Vec<&[i32]> = [1, 2, 3, 4, 5].par_chunks(2).collect();
    /// assert_eq!(chunks, [&[1, 2][..], &[3, 4], &[5]]);
    /// ```
    #[track_caller]
    fn par_chunks(&self, chunk_size: usize) -> Chunks<'_, T> {
        Chunks::new(chunk_size, self.as_parallel_slice())
    }

    /// A parallel iterator over runs of exactly `chunk_size` elements from
    /// the front; the elements left over are the iterator's
    /// [`remainder`](ChunksExact::remainder). Panics if `chunk_size` is 0.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let chunks: Vec<&[i32]> = [1, 2, 3, 4, 5].par_chunks_exact(2).collect();
    /// assert_eq!(chunks, [[1, 2], [3, 4]]);
    /// ```
    #[track_caller]
    fn par_chunks_exact(&self, chunk_size: usize) -> ChunksExact<'_, T> {
        ChunksExact::new(chunk_size, self.as_parallel_slice())
    }

    /// A parallel iterator over runs of `chunk_size` elements from the back;
    /// the last run (the front of the slice) is shorter when `chunk_size`
    /// does not divide the length. Panics if `chunk_size` is 0.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let chunks: Vec<&[i32]> = [1, 2, 3, 4, 5].par_rchunks(2).collect();
    /// assert_eq!(chunks, [&[4, 5][..], &[2, 3], &[1]]);
    /// ```
    #[track_caller]
    fn par_rchunks(&self, chunk_size: usize) -> RChunks<'_, T> {
        RChunks::new(chunk_size, self.as_parallel_slice())
    }

    /// A parallel iterator over runs of exactly `chunk_size` elements from
    /// the back; the elements left over at the front are the iterator's
    /// [`remainder`](RChunksExact::remainder). Panics if `chunk_size` is 0.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let chunks: Vec<&[i32]> = [1, 2, 3, 4, 5].par_rchunks_exact(2).collect();
    /// assert_eq!(chunks, [[4, 5], [2, 3]]);
    /// ```
    #[track_caller]
    fn par_rchunks_exact(&self, chunk_size: usize) -> RChunksExact<'_, T> {
        RChunksExact::new(chunk_size, self.as_parallel_slice())
    }

    /// A parallel iterator over the longest runs in which `pred` holds for
    /// every two neighbours (`pred(&run[i], &run[i + 1])`).
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let ascending: Vec<&[i32]> = [1, 2, 5, 3, 4, 0].par_chunk_by(|a, b| a < b).collect();
    /// assert_eq!(ascending, [&[1, 2, 5][..], &[3, 4], &[0]]);
    /// ```
    fn par_chunk_by<F>(&self, pred: F) -> ChunkBy<'_, T, F>
    where
        F: Fn(&T, &T) -> bool + Send + Sync,
    {
        ChunkBy::new(self.as_parallel_slice(), pred)
    }
}

impl<T: Sync> ParallelSlice<T> for [T] {
    fn as_parallel_slice(&self) -> &[T] {
        self
    }
}
