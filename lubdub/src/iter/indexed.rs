//! [`IndexedParallelIterator`]: parallel iterators with one item per
//! position of a splittable range, which can be zipped, enumerated, cut and
//! written straight into place.

use super::adaptors::Zip;
use super::plumbing::{Consumer, ProducerCallback};
use super::{IntoParallelIterator, ParallelIterator};

// imports of the indexed adaptors and consumers

// imports of indexed collecting
use super::collect::{collect_into_vec, unzip_into_vecs};

/// A parallel iterator whose items have positions `0..len()`: slices,
/// ranges, vectors, chunks, and `map`, `enumerate` and `zip` of them.
///
/// ```
/// use lubdub::prelude::*;
///
/// let a = [1, 2, 3];
/// let b = [10, 20, 30];
/// let dot: i32 = a.par_iter().zip(&b).map(|(x, y)| x * y).sum();
/// assert_eq!(dot, 140);
/// ```
#[allow(clippy::len_without_is_empty)] // as Rayon: `len` alone
pub trait IndexedParallelIterator: ParallelIterator {
    /// Runs the loop into an indexed `consumer` (see
    /// [`plumbing::bridge`](super::plumbing::bridge)).
    ///
    /// ```
    /// use lubdub::iter::plumbing::{bridge, Consumer, ProducerCallback};
    /// use lubdub::prelude::*;
    ///
    /// // An indexed iterator that forwards to another one.
    /// struct Same<I>(I);
    /// impl<I: IndexedParallelIterator> ParallelIterator for Same<I> {
    ///     type Item = I::Item;
    ///     fn drive_unindexed<C>(self, consumer: C) -> C::Result
    ///     where
    ///         C: lubdub::iter::plumbing::UnindexedConsumer<I::Item>,
    ///     {
    ///         bridge(self, consumer)
    ///     }
    ///     fn opt_len(&self) -> Option<usize> {
    ///         Some(self.0.len())
    ///     }
    /// }
    /// impl<I: IndexedParallelIterator> IndexedParallelIterator for Same<I> {
    ///     fn drive<C: Consumer<I::Item>>(self, consumer: C) -> C::Result {
    ///         bridge(self, consumer)
    ///     }
    ///     fn len(&self) -> usize {
    ///         self.0.len()
    ///     }
    ///     fn with_producer<CB: ProducerCallback<I::Item>>(self, callback: CB) -> CB::Output {
    ///         self.0.with_producer(callback)
    ///     }
    /// }
    /// let v: Vec<i32> = Same((0..4).into_par_iter()).collect();
    /// assert_eq!(v, [0, 1, 2, 3]);
    /// ```
    fn drive<C: Consumer<Self::Item>>(self, consumer: C) -> C::Result;

    /// The number of items.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!((5..10).into_par_iter().len(), 5);
    /// ```
    fn len(&self) -> usize;

    /// Hands the iterator's [`Producer`](super::plumbing::Producer) to
    /// `callback`.
    ///
    /// ```
    /// use lubdub::iter::plumbing::{Producer, ProducerCallback};
    /// use lubdub::prelude::*;
    ///
    /// struct First;
    /// impl<T> ProducerCallback<T> for First {
    ///     type Output = Option<T>;
    ///     fn callback<P: Producer<Item = T>>(self, producer: P) -> Option<T> {
    ///         producer.into_iter().next()
    ///     }
    /// }
    /// assert_eq!((7..9).into_par_iter().with_producer(First), Some(7));
    /// ```
    fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output;

    /// Pairs the items of `self` and `zip_op` position by position; as long
    /// as the shorter of the two.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<(i32, &char)> = (0..5).into_par_iter().zip(&['x', 'y']).collect();
    /// assert_eq!(v, [(0, &'x'), (1, &'y')]);
    /// ```
    fn zip<Z>(self, zip_op: Z) -> Zip<Self, Z::Iter>
    where
        Z: IntoParallelIterator,
        Z::Iter: IndexedParallelIterator,
    {
        Zip::new(self, zip_op.into_par_iter())
    }

    // ---- indexed adaptors (enumerate, rev, skip, step_by, chunks, ...) go here ----

    // ---- indexed consumers (cmp, position_*, ...) go here ----

    // ---- indexed collecting (collect_into_vec, unzip_into_vecs) goes here ----

    /// Replaces the contents of `target` with the items, written straight
    /// into place; `target`'s allocation is reused when it is large enough.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut target = Vec::with_capacity(100);
    /// target.push(42);
    /// (0..100).into_par_iter().map(|x| x * 2).collect_into_vec(&mut target);
    /// assert_eq!(target, (0..100).map(|x| x * 2).collect::<Vec<_>>());
    /// assert_eq!(target.capacity(), 100);
    /// ```
    fn collect_into_vec(self, target: &mut Vec<Self::Item>) {
        collect_into_vec(self, target);
    }

    /// Replaces the contents of `left` and `right` with the first and
    /// second halves of the pairs, written straight into place; their
    /// allocations are reused when they are large enough.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let (mut left, mut right) = (vec![7; 3], Vec::new());
    /// [1, 2, 3].par_iter().map(|&x| (x, -x)).unzip_into_vecs(&mut left, &mut right);
    /// assert_eq!(left, [1, 2, 3]);
    /// assert_eq!(right, [-1, -2, -3]);
    /// ```
    fn unzip_into_vecs<A, B>(self, left: &mut Vec<A>, right: &mut Vec<B>)
    where
        Self: IndexedParallelIterator<Item = (A, B)>,
        A: Send,
        B: Send,
    {
        unzip_into_vecs(self, left, right);
    }
}
