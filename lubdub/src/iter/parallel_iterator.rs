//! [`ParallelIterator`]: the adaptors and consumers every parallel iterator
//! has, with Rayon's names, signatures and semantics.

use std::iter::Sum;

use super::adaptors::Map;
use super::collect::FromParallelIterator;
use super::consumers::{for_each, sum};
use super::plumbing::UnindexedConsumer;

// imports of the item-wise adaptors

// imports of the reductions and searches

// imports of collecting

/// A parallel iterator: items that a loop over a pool's threads produces,
/// split by heartbeat (see the module docs).
///
/// ```
/// use lubdub::prelude::*;
///
/// let squares: u64 = (1..101u64).into_par_iter().map(|x| x * x).sum();
/// assert_eq!(squares, 338_350);
/// ```
pub trait ParallelIterator: Sized + Send {
    /// The items.
    type Item: Send;

    /// Runs the loop into `consumer`: the building block of every consumer
    /// method below (see [`plumbing`](super::plumbing)).
    ///
    /// ```
    /// use lubdub::iter::plumbing::bridge_unindexed;
    /// use lubdub::prelude::*;
    ///
    /// // A parallel iterator that forwards to another one.
    /// struct Same<I>(I);
    /// impl<I: ParallelIterator> ParallelIterator for Same<I> {
    ///     type Item = I::Item;
    ///     fn drive_unindexed<C>(self, consumer: C) -> C::Result
    ///     where
    ///         C: lubdub::iter::plumbing::UnindexedConsumer<I::Item>,
    ///     {
    ///         self.0.drive_unindexed(consumer)
    ///     }
    /// }
    /// assert_eq!(Same((0..10).into_par_iter()).sum::<i32>(), 45);
    /// ```
    fn drive_unindexed<C>(self, consumer: C) -> C::Result
    where
        C: UnindexedConsumer<Self::Item>;

    /// The exact number of items, when it is known without running the loop.
    /// An iterator that returns `Some` must also be an
    /// [`IndexedParallelIterator`](super::IndexedParallelIterator) that drives
    /// its consumer through positions (`collect` relies on it).
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!((0..10).into_par_iter().opt_len(), Some(10));
    /// assert_eq!((0..10).into_par_iter().filter(|x| x % 2 == 0).opt_len(), None);
    /// ```
    fn opt_len(&self) -> Option<usize> {
        None
    }

    /// Calls `op` on each item.
    ///
    /// ```
    /// use lubdub::prelude::*;
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    ///
    /// let total = AtomicUsize::new(0);
    /// (1..=10usize).into_par_iter().for_each(|x| {
    ///     total.fetch_add(x, Ordering::Relaxed);
    /// });
    /// assert_eq!(total.into_inner(), 55);
    /// ```
    fn for_each<OP>(self, op: OP)
    where
        OP: Fn(Self::Item) + Sync + Send,
    {
        for_each::for_each(self, &op)
    }

    /// Applies `map_op` to each item.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let doubled: Vec<i32> = [1, 2, 3].par_iter().map(|x| x * 2).collect();
    /// assert_eq!(doubled, [2, 4, 6]);
    /// ```
    fn map<F, R>(self, map_op: F) -> Map<Self, F>
    where
        F: Fn(Self::Item) -> R + Sync + Send,
        R: Send,
    {
        Map::new(self, map_op)
    }

    // ---- item-wise adaptors (map_with, filter, flat_map, ...) go here ----

    // ---- reductions and searches (reduce, fold, min, find, ...) go here ----

    /// The sum of the items; an empty iterator sums to zero. Like
    /// [`Iterator::sum`], an overflow panics in debug builds.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!((1..=100).into_par_iter().sum::<i32>(), 5050);
    /// ```
    fn sum<S>(self) -> S
    where
        S: Send + Sum<Self::Item> + Sum<S>,
    {
        sum::sum(self)
    }

    /// The number of items.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!((0..100).into_par_iter().map(|x| x * 2).count(), 100);
    /// ```
    fn count(self) -> usize {
        self.map(|_| 1usize).sum()
    }

    // ---- collecting (collect, unzip, partition, ...) goes here ----

    /// Builds a collection from the items; collections that keep an order
    /// (`Vec`, `String`...) keep the iterator's.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<u32> = (0..5u32).into_par_iter().map(|x| x * x).collect();
    /// assert_eq!(v, [0, 1, 4, 9, 16]);
    /// ```
    fn collect<C>(self) -> C
    where
        C: FromParallelIterator<Self::Item>,
    {
        C::from_par_iter(self)
    }
}
