//! [`ParallelIterator`]: the adaptors and consumers every parallel iterator
//! has, with Rayon's names and semantics.

use std::cmp::Ordering;
use std::iter::{Product, Sum};

use super::adaptors::{Filter, FilterMap, FlatMapIter, Fold, Map};
use super::collect::{FromParallelIterator, VecChunks};
use super::consumers::{
    AnyConsumer, CountConsumer, FindAnyConsumer, ForEachConsumer, ProductConsumer, ReduceConsumer,
    ReduceWithConsumer, SumConsumer,
};
use super::plumbing::Consumer;
use super::private::Sealed;

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

    /// Runs the loop into `consumer`; the building block of every consumer
    /// method below.
    ///
    /// ```
    /// use lubdub::iter::plumbing::Consumer;
    /// use lubdub::prelude::*;
    ///
    /// struct Count;
    /// impl<T> Consumer<T> for Count {
    ///     type Result = usize;
    ///     fn identity(&self) -> usize { 0 }
    ///     fn consume_iter<I: Iterator<Item = T>>(&self, acc: usize, _: usize, iter: I) -> usize {
    ///         acc + iter.count()
    ///     }
    ///     fn combine(&self, left: usize, right: usize) -> usize { left + right }
    /// }
    /// assert_eq!((0..1000).into_par_iter().drive(&Count), 1000);
    /// ```
    fn drive<C: Consumer<Self::Item>>(self, consumer: &C) -> C::Result;

    /// The exact number of items, if known without running the loop and
    /// trusted: only this crate's iterators can give one (`collect` writes
    /// items straight into their slots by position when it is known).
    #[doc(hidden)]
    fn opt_len(&self, _: Sealed) -> Option<usize> {
        None
    }

    /// Applies `f` to each item.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let doubled: Vec<i32> = [1, 2, 3].par_iter().map(|x| x * 2).collect();
    /// assert_eq!(doubled, [2, 4, 6]);
    /// ```
    fn map<R, F>(self, f: F) -> Map<Self, F>
    where
        F: Fn(Self::Item) -> R + Sync + Send,
        R: Send,
    {
        Map::new(self, f)
    }

    /// Copies each referenced item.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<u8> = [1u8, 2].par_iter().copied().collect();
    /// assert_eq!(v, [1, 2]);
    /// ```
    #[allow(clippy::type_complexity)]
    fn copied<'a, T>(self) -> Map<Self, fn(&'a T) -> T>
    where
        Self: ParallelIterator<Item = &'a T>,
        T: 'a + Copy + Send + Sync,
    {
        Map::new(self, |x| *x)
    }

    /// Clones each referenced item.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<String> = [String::from("a")].par_iter().cloned().collect();
    /// assert_eq!(v, ["a"]);
    /// ```
    #[allow(clippy::type_complexity)]
    fn cloned<'a, T>(self) -> Map<Self, fn(&'a T) -> T>
    where
        Self: ParallelIterator<Item = &'a T>,
        T: 'a + Clone + Send + Sync,
    {
        Map::new(self, T::clone)
    }

    /// Keeps the items for which `predicate` is true.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let even: Vec<u32> = (0..10u32).into_par_iter().filter(|x| x % 2 == 0).collect();
    /// assert_eq!(even, [0, 2, 4, 6, 8]);
    /// ```
    fn filter<P>(self, predicate: P) -> Filter<Self, P>
    where
        P: Fn(&Self::Item) -> bool + Sync + Send,
    {
        Filter::new(self, predicate)
    }

    /// Maps each item to an `Option` and keeps the `Some` values.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let words = ["1", "x", "3"];
    /// let numbers: Vec<i32> = words.par_iter().filter_map(|w| w.parse().ok()).collect();
    /// assert_eq!(numbers, [1, 3]);
    /// ```
    fn filter_map<R, F>(self, f: F) -> FilterMap<Self, F>
    where
        F: Fn(Self::Item) -> Option<R> + Sync + Send,
        R: Send,
    {
        FilterMap::new(self, f)
    }

    /// Maps each item to a sequential iterator and flattens the results.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let pairs: Vec<u32> = (0..3u32).into_par_iter().flat_map_iter(|x| [x, x]).collect();
    /// assert_eq!(pairs, [0, 0, 1, 1, 2, 2]);
    /// ```
    fn flat_map_iter<U, F>(self, f: F) -> FlatMapIter<Self, F>
    where
        F: Fn(Self::Item) -> U + Sync + Send,
        U: IntoIterator,
        U::Item: Send,
    {
        FlatMapIter::new(self, f)
    }

    /// Folds the items of each piece of the loop into an accumulator, and
    /// yields the accumulators (how many is up to the scheduler).
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let total: u32 = (1..11u32)
    ///     .into_par_iter()
    ///     .fold(|| 0, |acc, x| acc + x)
    ///     .sum();
    /// assert_eq!(total, 55);
    /// ```
    fn fold<T, ID, F>(self, identity: ID, fold_op: F) -> Fold<Self, ID, F>
    where
        ID: Fn() -> T + Sync + Send,
        F: Fn(T, Self::Item) -> T + Sync + Send,
        T: Send,
    {
        Fold::new(self, identity, fold_op)
    }

    /// Calls `op` on each item.
    ///
    /// ```
    /// use lubdub::prelude::*;
    /// use std::sync::atomic::{AtomicU32, Ordering};
    ///
    /// let total = AtomicU32::new(0);
    /// (1..5u32).into_par_iter().for_each(|x| {
    ///     total.fetch_add(x, Ordering::Relaxed);
    /// });
    /// assert_eq!(total.into_inner(), 10);
    /// ```
    fn for_each<F>(self, op: F)
    where
        F: Fn(Self::Item) + Sync + Send,
    {
        self.drive(&ForEachConsumer::new(op));
    }

    /// The sum of the items (`S::sum` over each chunk, then over the chunks).
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!([1.5, 2.5].par_iter().sum::<f64>(), 4.0);
    /// ```
    fn sum<S>(self) -> S
    where
        S: Send + Sum<Self::Item> + Sum<S>,
    {
        self.drive(&SumConsumer::new())
    }

    /// The product of the items.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!((1..6u64).into_par_iter().product::<u64>(), 120);
    /// ```
    fn product<P>(self) -> P
    where
        P: Send + Product<Self::Item> + Product<P>,
    {
        self.drive(&ProductConsumer::new())
    }

    /// Combines the items with `op`, which must be associative; `identity`
    /// starts each piece and is the result of an empty loop.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let longest = ["a", "abc", "ab"]
    ///     .par_iter()
    ///     .copied()
    ///     .reduce(|| "", |a, b| if b.len() > a.len() { b } else { a });
    /// assert_eq!(longest, "abc");
    /// ```
    fn reduce<ID, OP>(self, identity: ID, op: OP) -> Self::Item
    where
        ID: Fn() -> Self::Item + Sync + Send,
        OP: Fn(Self::Item, Self::Item) -> Self::Item + Sync + Send,
    {
        self.drive(&ReduceConsumer::new(identity, op))
    }

    /// Combines the items with the associative `op`; `None` for no items.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!((1..5).into_par_iter().reduce_with(|a, b| a * b), Some(24));
    /// ```
    fn reduce_with<OP>(self, op: OP) -> Option<Self::Item>
    where
        OP: Fn(Self::Item, Self::Item) -> Self::Item + Sync + Send,
    {
        self.drive(&ReduceWithConsumer::new(op))
    }

    /// The number of items.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!((0..100).into_par_iter().filter(|x| x % 3 == 0).count(), 34);
    /// ```
    fn count(self) -> usize {
        self.drive(&CountConsumer)
    }

    /// The least item (the first of equal ones, as [`Iterator::min`]).
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!([3, 1, 2].par_iter().min(), Some(&1));
    /// assert_eq!(Vec::<i32>::new().par_iter().min(), None);
    /// ```
    fn min(self) -> Option<Self::Item>
    where
        Self::Item: Ord,
    {
        self.min_by(Ord::cmp)
    }

    /// The greatest item (the last of equal ones, as [`Iterator::max`]).
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!([3, 1, 2].par_iter().max(), Some(&3));
    /// ```
    fn max(self) -> Option<Self::Item>
    where
        Self::Item: Ord,
    {
        self.max_by(Ord::cmp)
    }

    /// The least item by `compare`, the first of equal ones.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let least = [2.5f64, -1.0, 7.0].par_iter().min_by(|a, b| a.total_cmp(b));
    /// assert_eq!(least, Some(&-1.0));
    /// ```
    fn min_by<F>(self, compare: F) -> Option<Self::Item>
    where
        F: Fn(&Self::Item, &Self::Item) -> Ordering + Sync + Send,
    {
        self.reduce_with(|a, b| match compare(&a, &b) {
            Ordering::Greater => b,
            _ => a,
        })
    }

    /// The greatest item by `compare`, the last of equal ones.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let greatest = [2.5f64, -1.0, 7.0].par_iter().max_by(|a, b| a.total_cmp(b));
    /// assert_eq!(greatest, Some(&7.0));
    /// ```
    fn max_by<F>(self, compare: F) -> Option<Self::Item>
    where
        F: Fn(&Self::Item, &Self::Item) -> Ordering + Sync + Send,
    {
        self.reduce_with(|a, b| match compare(&a, &b) {
            Ordering::Greater => a,
            _ => b,
        })
    }

    /// The item with the least key, the first of equal ones.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!([-3i32, 1, 2].par_iter().min_by_key(|x| x.abs()), Some(&1));
    /// ```
    fn min_by_key<K, F>(self, f: F) -> Option<Self::Item>
    where
        K: Ord + Send,
        F: Fn(&Self::Item) -> K + Sync + Send,
    {
        self.map(|x| (f(&x), x))
            .min_by(|a, b| a.0.cmp(&b.0))
            .map(|(_, x)| x)
    }

    /// The item with the greatest key, the last of equal ones.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!([-3i32, 1, 2].par_iter().max_by_key(|x| x.abs()), Some(&-3));
    /// ```
    fn max_by_key<K, F>(self, f: F) -> Option<Self::Item>
    where
        K: Ord + Send,
        F: Fn(&Self::Item) -> K + Sync + Send,
    {
        self.map(|x| (f(&x), x))
            .max_by(|a, b| a.0.cmp(&b.0))
            .map(|(_, x)| x)
    }

    /// True if `predicate` holds for some item; stops early once one is found.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert!((0..1000).into_par_iter().any(|x| x == 999));
    /// ```
    fn any<P>(self, predicate: P) -> bool
    where
        P: Fn(Self::Item) -> bool + Sync + Send,
    {
        self.drive(&AnyConsumer::new(predicate))
    }

    /// True if `predicate` holds for every item; stops early at a failure.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert!((0..1000).into_par_iter().all(|x| x < 1000));
    /// ```
    fn all<P>(self, predicate: P) -> bool
    where
        P: Fn(Self::Item) -> bool + Sync + Send,
    {
        !self.any(|x| !predicate(x))
    }

    /// Some item for which `predicate` holds, not necessarily the first.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!((0..100).into_par_iter().find_any(|x| x * x == 49), Some(7));
    /// ```
    fn find_any<P>(self, predicate: P) -> Option<Self::Item>
    where
        P: Fn(&Self::Item) -> bool + Sync + Send,
    {
        self.drive(&FindAnyConsumer::new(predicate))
    }

    /// Collects the items, in order, into a collection.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<u32> = (0..5u32).into_par_iter().map(|x| x * 10).collect();
    /// assert_eq!(v, [0, 10, 20, 30, 40]);
    /// ```
    fn collect<C>(self) -> C
    where
        C: FromParallelIterator<Self::Item>,
    {
        C::from_par_iter(self)
    }

    /// Splits pairs into two collections, in order.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let (small, big): (Vec<u32>, Vec<u32>) =
    ///     (0..3u32).into_par_iter().map(|x| (x, x + 100)).unzip();
    /// assert_eq!(small, [0, 1, 2]);
    /// assert_eq!(big, [100, 101, 102]);
    /// ```
    fn unzip<A, B, FromA, FromB>(self) -> (FromA, FromB)
    where
        Self: ParallelIterator<Item = (A, B)>,
        A: Send,
        B: Send,
        FromA: Default + Extend<A>,
        FromB: Default + Extend<B>,
    {
        let mut left = FromA::default();
        let mut right = FromB::default();
        for chunk in self.drive(&VecChunks::new()) {
            let (a, b): (Vec<A>, Vec<B>) = chunk.into_iter().unzip();
            left.extend(a);
            right.extend(b);
        }
        (left, right)
    }
}
