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
use std::collections::LinkedList;

use super::collect::{collect_vec_list, partition, partition_map, unzip};
use super::{Either, ParallelExtend};

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

    /// Splits pairs into two collections, one loop filling both: the first
    /// halves go into `FromA`, the second halves into `FromB`.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let (squares, cubes): (Vec<u32>, Vec<u32>) =
    ///     (1..5u32).into_par_iter().map(|x| (x * x, x * x * x)).unzip();
    /// assert_eq!(squares, [1, 4, 9, 16]);
    /// assert_eq!(cubes, [1, 8, 27, 64]);
    /// ```
    fn unzip<A, B, FromA, FromB>(self) -> (FromA, FromB)
    where
        Self: ParallelIterator<Item = (A, B)>,
        FromA: Default + Send + ParallelExtend<A>,
        FromB: Default + Send + ParallelExtend<B>,
        A: Send,
        B: Send,
    {
        unzip(self)
    }

    /// Splits the items into two collections: those `predicate` accepts go
    /// into the first, the others into the second, each in order.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let (small, large): (Vec<i32>, Vec<i32>) = (0..8).into_par_iter().partition(|&x| x < 3);
    /// assert_eq!(small, [0, 1, 2]);
    /// assert_eq!(large, [3, 4, 5, 6, 7]);
    /// ```
    fn partition<A, B, P>(self, predicate: P) -> (A, B)
    where
        A: Default + Send + ParallelExtend<Self::Item>,
        B: Default + Send + ParallelExtend<Self::Item>,
        P: Fn(&Self::Item) -> bool + Sync + Send,
    {
        partition(self, predicate)
    }

    /// Maps each item to an [`Either`] and splits the results into two
    /// collections: `Left` values into the first, `Right` values into the
    /// second, each in order.
    ///
    /// ```
    /// use lubdub::iter::Either;
    /// use lubdub::prelude::*;
    ///
    /// let (evens, odd_names): (Vec<u8>, Vec<String>) = (0..6u8)
    ///     .into_par_iter()
    ///     .partition_map(|x| if x % 2 == 0 { Either::Left(x) } else { Either::Right(x.to_string()) });
    /// assert_eq!(evens, [0, 2, 4]);
    /// assert_eq!(odd_names, ["1", "3", "5"]);
    /// ```
    fn partition_map<A, B, P, L, R>(self, predicate: P) -> (A, B)
    where
        A: Default + Send + ParallelExtend<L>,
        B: Default + Send + ParallelExtend<R>,
        P: Fn(Self::Item) -> Either<L, R> + Sync + Send,
        L: Send,
        R: Send,
    {
        partition_map(self, predicate)
    }

    /// Collects the items, in order, into a list of vectors, with no copy
    /// to join the pieces of the loop: one vector per piece (or a single one
    /// when the length is known), and no empty vectors.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let list = (0..1000).into_par_iter().map(|x| x * 3).collect_vec_list();
    /// let flat: Vec<i32> = list.into_iter().flatten().collect();
    /// assert_eq!(flat, (0..1000).map(|x| x * 3).collect::<Vec<_>>());
    /// ```
    fn collect_vec_list(self) -> LinkedList<Vec<Self::Item>> {
        collect_vec_list(self)
    }
}
