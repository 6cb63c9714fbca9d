//! [`ParallelIterator`]: the adaptors and consumers every parallel iterator
//! has, with Rayon's names, signatures and semantics.

use std::iter::Sum;

use super::adaptors::Map;
use super::collect::FromParallelIterator;
use super::consumers::{for_each, sum};
use super::plumbing::UnindexedConsumer;

// imports of the item-wise adaptors
use super::adaptors::{
    Chain, Cloned, Copied, Filter, FilterMap, FlatMap, FlatMapIter, Flatten, FlattenIter, Inspect,
    Intersperse, MapInit, MapWith, PanicFuse, SkipAny, SkipAnyWhile, TakeAny, TakeAnyWhile, Update,
    WhileSome,
};
use super::IntoParallelIterator;

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

    /// Calls `op` on each item with a `&mut` to a clone of `init`: each
    /// folder of the loop (a chunk or piece of it) gets its own clone, so
    /// `T` need not be `Sync`.
    ///
    /// ```
    /// use lubdub::prelude::*;
    /// use std::sync::mpsc::channel;
    ///
    /// let (sender, receiver) = channel();
    /// (0..5).into_par_iter().for_each_with(sender, |s, x| s.send(x).unwrap());
    /// let mut got: Vec<i32> = receiver.iter().collect();
    /// got.sort();
    /// assert_eq!(got, [0, 1, 2, 3, 4]);
    /// ```
    fn for_each_with<OP, T>(self, init: T, op: OP)
    where
        OP: Fn(&mut T, Self::Item) + Sync + Send,
        T: Send + Clone,
    {
        self.map_with(init, op).for_each(drop)
    }

    /// Calls `op` on each item with a `&mut` to a value made by `init`,
    /// which is called once per folder of the loop (a chunk or piece of it),
    /// not once per item.
    ///
    /// ```
    /// use lubdub::prelude::*;
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    ///
    /// let inits = AtomicUsize::new(0);
    /// let total = AtomicUsize::new(0);
    /// (0..1000usize).into_par_iter().for_each_init(
    ///     || {
    ///         inits.fetch_add(1, Ordering::Relaxed);
    ///         Vec::new()
    ///     },
    ///     |scratch: &mut Vec<usize>, x| {
    ///         scratch.push(x);
    ///         total.fetch_add(x, Ordering::Relaxed);
    ///     },
    /// );
    /// assert_eq!(total.into_inner(), 499_500);
    /// assert!(inits.into_inner() < 1000);
    /// ```
    fn for_each_init<OP, INIT, T>(self, init: INIT, op: OP)
    where
        OP: Fn(&mut T, Self::Item) + Sync + Send,
        INIT: Fn() -> T + Sync + Send,
    {
        self.map_init(init, op).for_each(drop)
    }

    /// Applies `map_op` to each item with a `&mut` to a clone of `init`, one
    /// clone per folder of the loop (a chunk or piece of it).
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<usize> = ["a", "bb"].par_iter().map_with(10, |base, s| *base + s.len()).collect();
    /// assert_eq!(v, [11, 12]);
    /// ```
    fn map_with<F, T, R>(self, init: T, map_op: F) -> MapWith<Self, T, F>
    where
        F: Fn(&mut T, Self::Item) -> R + Sync + Send,
        T: Send + Clone,
        R: Send,
    {
        MapWith::new(self, init, map_op)
    }

    /// Applies `map_op` to each item with a `&mut` to a value made by
    /// `init`, which is called once per folder of the loop (a chunk or
    /// piece of it), not once per item.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<u64> = (0..4u64).into_par_iter().map_init(|| 7u64, |seven, x| *seven * x).collect();
    /// assert_eq!(v, [0, 7, 14, 21]);
    /// ```
    fn map_init<F, INIT, T, R>(self, init: INIT, map_op: F) -> MapInit<Self, INIT, F>
    where
        F: Fn(&mut T, Self::Item) -> R + Sync + Send,
        INIT: Fn() -> T + Sync + Send,
        R: Send,
    {
        MapInit::new(self, init, map_op)
    }

    /// Clones the items behind the references this iterator yields.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let names = [String::from("lub"), String::from("dub")];
    /// let owned: Vec<String> = names.par_iter().cloned().collect();
    /// assert_eq!(owned, names);
    /// ```
    fn cloned<'a, T>(self) -> Cloned<Self>
    where
        T: 'a + Clone + Send,
        Self: ParallelIterator<Item = &'a T>,
    {
        Cloned::new(self)
    }

    /// Copies the items behind the references this iterator yields.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let total: u32 = [1u32, 2, 3].par_iter().copied().sum();
    /// assert_eq!(total, 6);
    /// ```
    fn copied<'a, T>(self) -> Copied<Self>
    where
        T: 'a + Copy + Send,
        Self: ParallelIterator<Item = &'a T>,
    {
        Copied::new(self)
    }

    /// Calls `inspect_op` on a reference to each item as it passes through
    /// unchanged.
    ///
    /// ```
    /// use lubdub::prelude::*;
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    ///
    /// let odd = AtomicUsize::new(0);
    /// let n = (0..9).into_par_iter().inspect(|x| {
    ///     if x % 2 == 1 {
    ///         odd.fetch_add(1, Ordering::Relaxed);
    ///     }
    /// }).count();
    /// assert_eq!((n, odd.into_inner()), (9, 4));
    /// ```
    fn inspect<OP>(self, inspect_op: OP) -> Inspect<Self, OP>
    where
        OP: Fn(&Self::Item) + Sync + Send,
    {
        Inspect::new(self, inspect_op)
    }

    /// Changes each item in place with `update_op` before passing it on.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<Vec<i32>> = (1..3).into_par_iter().map(|n| vec![n]).update(|v| v.push(0)).collect();
    /// assert_eq!(v, [vec![1, 0], vec![2, 0]]);
    /// ```
    fn update<F>(self, update_op: F) -> Update<Self, F>
    where
        F: Fn(&mut Self::Item) + Sync + Send,
    {
        Update::new(self, update_op)
    }

    /// Keeps the items for which `filter_op` returns true.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let multiples: Vec<i32> = (0..20).into_par_iter().filter(|x| x % 7 == 0).collect();
    /// assert_eq!(multiples, [0, 7, 14]);
    /// ```
    fn filter<P>(self, filter_op: P) -> Filter<Self, P>
    where
        P: Fn(&Self::Item) -> bool + Sync + Send,
    {
        Filter::new(self, filter_op)
    }

    /// Applies `filter_op` to each item and keeps the contents of the
    /// `Some` results.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let roots: Vec<u32> = (0..50u32).into_par_iter().filter_map(|x| {
    ///     let r = (x as f64).sqrt() as u32;
    ///     (r * r == x).then_some(r)
    /// }).collect();
    /// assert_eq!(roots, [0, 1, 2, 3, 4, 5, 6, 7]);
    /// ```
    fn filter_map<P, R>(self, filter_op: P) -> FilterMap<Self, P>
    where
        P: Fn(Self::Item) -> Option<R> + Sync + Send,
        R: Send,
    {
        FilterMap::new(self, filter_op)
    }

    /// Maps each item to a parallel iterable and yields all of their items,
    /// in order; each inner iterator runs as a parallel loop of its own.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let rows = [[1, 2], [3, 4]];
    /// let v: Vec<i32> = rows.par_iter().flat_map(|row| row.par_iter().map(|x| x * 10)).collect();
    /// assert_eq!(v, [10, 20, 30, 40]);
    /// ```
    fn flat_map<F, PI>(self, map_op: F) -> FlatMap<Self, F>
    where
        F: Fn(Self::Item) -> PI + Sync + Send,
        PI: IntoParallelIterator,
    {
        FlatMap::new(self, map_op)
    }

    /// Maps each item to a sequential iterable and yields all of their
    /// items, in order; each inner iterator runs sequentially, in the chunk
    /// of the loop its item belongs to.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let words: Vec<&str> = ["lub dub", "", "beat"].par_iter().flat_map_iter(|s| s.split_whitespace()).collect();
    /// assert_eq!(words, ["lub", "dub", "beat"]);
    /// ```
    fn flat_map_iter<F, SI>(self, map_op: F) -> FlatMapIter<Self, F>
    where
        F: Fn(Self::Item) -> SI + Sync + Send,
        SI: IntoIterator<Item: Send>,
    {
        FlatMapIter::new(self, map_op)
    }

    /// Yields the items of each item, itself a parallel iterable, in order;
    /// each inner iterator runs as a parallel loop of its own.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<u32> = (0..3u32).into_par_iter().map(|n| n * 10..n * 10 + 2).flatten().collect();
    /// assert_eq!(v, [0, 1, 10, 11, 20, 21]);
    /// ```
    fn flatten(self) -> Flatten<Self>
    where
        Self::Item: IntoParallelIterator,
    {
        Flatten::new(self)
    }

    /// Yields the items of each item, itself a sequential iterable, in
    /// order.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<char> = ["ab", "c"].par_iter().map(|s| s.chars()).flatten_iter().collect();
    /// assert_eq!(v, ['a', 'b', 'c']);
    /// ```
    fn flatten_iter(self) -> FlattenIter<Self>
    where
        Self::Item: IntoIterator<Item: Send>,
    {
        FlattenIter::new(self)
    }

    /// The items of `self` followed by those of `chain`; indexed when both
    /// are.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<i32> = [1, 2].par_iter().copied().chain(vec![3, 4].par_iter().copied()).collect();
    /// assert_eq!(v, [1, 2, 3, 4]);
    /// ```
    fn chain<C>(self, chain: C) -> Chain<Self, C::Iter>
    where
        C: IntoParallelIterator<Item = Self::Item>,
    {
        Chain::new(self, chain.into_par_iter())
    }

    /// The contents of the `Some` items until a `None` is met: then every
    /// piece of the loop stops as soon as it can, so which items before the
    /// `None` come out is not specified (those that do keep their order).
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<i32> = (0..100).into_par_iter().map(|x| (x != 50).then_some(x)).while_some().collect();
    /// assert!(v.len() <= 50 && v.windows(2).all(|w| w[0] < w[1]) && !v.contains(&50));
    /// ```
    fn while_some<T>(self) -> WhileSome<Self>
    where
        Self: ParallelIterator<Item = Option<T>>,
        T: Send,
    {
        WhileSome::new(self)
    }

    /// Once a closure of the loop panics, stops feeding items to all the
    /// other pieces as soon as they check; the panic still propagates.
    ///
    /// ```
    /// use lubdub::prelude::*;
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    ///
    /// let ran = AtomicUsize::new(0);
    /// let result = std::panic::catch_unwind(|| {
    ///     (0..1_000_000).into_par_iter().panic_fuse().for_each(|x| {
    ///         ran.fetch_add(1, Ordering::Relaxed);
    ///         assert!(x != 10, "stop here");
    ///     });
    /// });
    /// assert!(result.is_err());
    /// assert!(ran.into_inner() < 1_000_000);
    /// ```
    fn panic_fuse(self) -> PanicFuse<Self> {
        PanicFuse::new(self)
    }

    /// Puts a clone of `element` between every two neighbouring items;
    /// indexed when `self` is.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let s: Vec<&str> = ["lub", "dub", "lub"].par_iter().copied().intersperse("-").collect();
    /// assert_eq!(s.concat(), "lub-dub-lub");
    /// ```
    fn intersperse(self, element: Self::Item) -> Intersperse<Self>
    where
        Self::Item: Clone,
    {
        Intersperse::new(self, element)
    }

    /// Exactly `n` items (all of them when there are fewer), taken from
    /// anywhere in the iterator: whichever the pieces of the loop reach
    /// first. Those taken keep their order.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<u32> = (0..1000u32).into_par_iter().take_any(10).collect();
    /// assert_eq!(v.len(), 10);
    /// assert!(v.windows(2).all(|w| w[0] < w[1]));
    /// ```
    fn take_any(self, n: usize) -> TakeAny<Self> {
        TakeAny::new(self, n)
    }

    /// All items but exactly `n` of them (none when there are fewer),
    /// skipped from anywhere in the iterator: whichever the pieces of the
    /// loop reach first. The others keep their order.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<u32> = (0..1000u32).into_par_iter().skip_any(990).collect();
    /// assert_eq!(v.len(), 10);
    /// assert!(v.windows(2).all(|w| w[0] < w[1]));
    /// ```
    fn skip_any(self, n: usize) -> SkipAny<Self> {
        SkipAny::new(self, n)
    }

    /// Items taken from anywhere in the iterator while `predicate` accepts
    /// them: once it rejects any item, no piece of the loop takes another.
    /// The items taken keep their order.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<u32> = (0..1000u32).into_par_iter().take_any_while(|&x| x < 100).collect();
    /// assert!(v.len() <= 100 && v.iter().all(|&x| x < 100));
    /// ```
    fn take_any_while<P>(self, predicate: P) -> TakeAnyWhile<Self, P>
    where
        P: Fn(&Self::Item) -> bool + Sync + Send,
    {
        TakeAnyWhile::new(self, predicate)
    }

    /// Items skipped from anywhere in the iterator while `predicate`
    /// accepts them: once it rejects any item, no piece of the loop skips
    /// another. The items kept keep their order.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<u32> = (0..1000u32).into_par_iter().skip_any_while(|&x| x < 100).collect();
    /// assert!(v.len() >= 900 && (100..1000).all(|x| v.contains(&x)));
    /// ```
    fn skip_any_while<P>(self, predicate: P) -> SkipAnyWhile<Self, P>
    where
        P: Fn(&Self::Item) -> bool + Sync + Send,
    {
        SkipAnyWhile::new(self, predicate)
    }

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
