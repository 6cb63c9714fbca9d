//! [`ParallelIterator`]: the adaptors and consumers every parallel iterator
//! has, with Rayon's names, signatures and semantics.

use std::iter::Sum;

use super::adaptors::Map;
use super::collect::FromParallelIterator;
use super::consumers::{arithmetic, for_each};
use super::plumbing::UnindexedConsumer;

// imports of the item-wise adaptors
use super::adaptors::{
    Chain, Cloned, Copied, Filter, FilterMap, FlatMap, FlatMapIter, Flatten, FlattenIter, Inspect,
    Intersperse, MapInit, MapWith, PanicFuse, SkipAny, SkipAnyWhile, TakeAny, TakeAnyWhile, Update,
    WhileSome,
};
use super::IntoParallelIterator;

// imports of the reductions and searches
use std::cmp::Ordering;
use std::iter::Product;

use super::adaptors::{Fold, FoldWith, TryFold, TryFoldWith};
use super::consumers::{find_any, find_first_last, reduce, try_for_each, try_reduce};
use super::try_trait::Try;

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

    /// Calls `op` on each item with a `&mut` to a clone of `init`: each
    /// folder of the loop (a piece of it) gets its own clone, so
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
    /// which is called once per folder of the loop (a piece of it), not once
    /// per item.
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
    /// clone per folder of the loop: a piece of it, or a chunk where what
    /// follows needs positions (an indexed `collect`, `zip`...).
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
    /// `init`, which is called once per folder of the loop (a piece of it,
    /// or a chunk where what follows needs positions: an indexed `collect`,
    /// `zip`...), not once per item.
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

    /// Calls a fallible `op` on each item, and returns the first failure
    /// seen (`Err`, `None`, `Break`); the other pieces stop soon after it.
    /// When several items fail, which failure comes back is not specified.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let ok: Result<(), String> = (0..100).into_par_iter().try_for_each(|x| {
    ///     if x < 1000 { Ok(()) } else { Err(format!("{x} is too big")) }
    /// });
    /// assert_eq!(ok, Ok(()));
    /// let failed = (0..100).into_par_iter().try_for_each(|x| if x == 42 { None } else { Some(()) });
    /// assert_eq!(failed, None);
    /// ```
    fn try_for_each<OP, R>(self, op: OP) -> R
    where
        OP: Fn(Self::Item) -> R + Sync + Send,
        R: Try<Output = ()> + Send,
    {
        try_for_each::try_for_each(self, &op)
    }

    /// [`try_for_each`](Self::try_for_each) where `op` also gets `&mut` a
    /// clone of `init` (one clone per piece of the loop).
    ///
    /// ```
    /// use lubdub::prelude::*;
    /// use std::sync::mpsc::channel;
    ///
    /// let (sender, receiver) = channel();
    /// (0..5).into_par_iter().try_for_each_with(sender, |s, x| s.send(x)).unwrap();
    /// let mut received: Vec<i32> = receiver.iter().collect();
    /// received.sort();
    /// assert_eq!(received, [0, 1, 2, 3, 4]);
    /// ```
    fn try_for_each_with<OP, T, R>(self, init: T, op: OP) -> R
    where
        OP: Fn(&mut T, Self::Item) -> R + Sync + Send,
        T: Send + Clone,
        R: Try<Output = ()> + Send,
    {
        try_for_each::try_for_each_with(self, init, &op)
    }

    /// [`try_for_each`](Self::try_for_each) where `op` also gets `&mut` a
    /// value that `init` makes (one per piece of the loop).
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// // Each piece formats into a buffer of its own.
    /// let checked = (0..1000u32).into_par_iter().try_for_each_init(String::new, |buffer, x| {
    ///     buffer.clear();
    ///     buffer.push_str(&x.to_string());
    ///     if buffer.len() <= 3 { Ok(()) } else { Err(x) }
    /// });
    /// assert_eq!(checked, Ok(()));
    /// ```
    fn try_for_each_init<OP, INIT, T, R>(self, init: INIT, op: OP) -> R
    where
        OP: Fn(&mut T, Self::Item) -> R + Sync + Send,
        INIT: Fn() -> T + Sync + Send,
        R: Try<Output = ()> + Send,
    {
        try_for_each::try_for_each_init(self, &init, &op)
    }

    /// Joins all items into one with `op`; an empty iterator gives
    /// `identity()`. `op` should be associative and `identity()` neutral for
    /// it: the grouping is not specified, the order of the items is kept
    /// (lubdub calls `identity()` only for an empty iterator).
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let words = ["heart", "beat"];
    /// let joined = words.par_iter().map(|w| w.to_string()).reduce(String::new, |a, b| a + &b);
    /// assert_eq!(joined, "heartbeat");
    /// ```
    fn reduce<OP, ID>(self, identity: ID, op: OP) -> Self::Item
    where
        OP: Fn(Self::Item, Self::Item) -> Self::Item + Sync + Send,
        ID: Fn() -> Self::Item + Sync + Send,
    {
        reduce::reduce(self, &identity, &op)
    }

    /// Joins all items into one with the associative `op`; `None` when there
    /// are no items.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!((1..6).into_par_iter().reduce_with(|a, b| a * b), Some(120));
    /// assert_eq!((0..0).into_par_iter().reduce_with(|a, b| a * b), None);
    /// ```
    fn reduce_with<OP>(self, op: OP) -> Option<Self::Item>
    where
        OP: Fn(Self::Item, Self::Item) -> Self::Item + Sync + Send,
    {
        reduce::reduce_with(self, &op)
    }

    /// [`reduce`](Self::reduce) over items that may be failures, with an
    /// `op` that may fail: the first failure seen (of an item or of `op`)
    /// stops the loop soon and is returned; otherwise the joined success.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let sum = |n: u16| (0..n).into_par_iter().map(Some).try_reduce(|| 0, u16::checked_add);
    /// assert_eq!(sum(100), Some(4950));
    /// assert_eq!(sum(1000), None); // the sum overflows a u16
    /// ```
    fn try_reduce<T, OP, ID>(self, identity: ID, op: OP) -> Self::Item
    where
        OP: Fn(T, T) -> Self::Item + Sync + Send,
        ID: Fn() -> T + Sync + Send,
        Self::Item: Try<Output = T>,
    {
        try_reduce::try_reduce(self, &identity, &op)
    }

    /// [`try_reduce`](Self::try_reduce) without an identity: `None` when
    /// there are no items, otherwise `Some` of the failure or the joined
    /// success.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let parsed = ["4", "8", "15"].par_iter().map(|s| s.parse::<u32>());
    /// assert_eq!(parsed.try_reduce_with(|a, b| Ok(a.max(b))), Some(Ok(15)));
    /// let bad = ["4", "x"].par_iter().map(|s| s.parse::<u32>());
    /// assert!(matches!(bad.try_reduce_with(|a, b| Ok(a.max(b))), Some(Err(_))));
    /// ```
    fn try_reduce_with<T, OP>(self, op: OP) -> Option<Self::Item>
    where
        OP: Fn(T, T) -> Self::Item + Sync + Send,
        Self::Item: Try<Output = T>,
    {
        try_reduce::try_reduce_with(self, &op)
    }

    /// Folds the items of each piece of the loop into an accumulator started
    /// by `identity()`, and yields the accumulators in order. How many there
    /// are is not specified (lubdub makes one per piece of the loop), so follow
    /// with a reduction such as [`reduce`](Self::reduce) or `sum`.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let bytes = vec![200u8; 1000];
    /// // The accumulators are u32: no overflow, unlike a sum of u8.
    /// let total: u32 = bytes.par_iter().fold(|| 0u32, |acc, &b| acc + u32::from(b)).sum();
    /// assert_eq!(total, 200_000);
    /// ```
    fn fold<T, ID, F>(self, identity: ID, fold_op: F) -> Fold<Self, ID, F>
    where
        F: Fn(T, Self::Item) -> T + Sync + Send,
        ID: Fn() -> T + Sync + Send,
        T: Send,
    {
        Fold::new(self, identity, fold_op)
    }

    /// [`fold`](Self::fold) with each accumulator started from a clone of
    /// `init`.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let longest = ["a", "abc", "ab"].par_iter().fold_with(0, |n, s| n.max(s.len())).max();
    /// assert_eq!(longest, Some(3));
    /// ```
    fn fold_with<F, T>(self, init: T, fold_op: F) -> FoldWith<Self, T, F>
    where
        F: Fn(T, Self::Item) -> T + Sync + Send,
        T: Send + Clone,
    {
        FoldWith::new(self, init, fold_op)
    }

    /// [`fold`](Self::fold) with a fallible `fold_op`: each accumulator stops
    /// at its first failure, and the iterator yields each accumulator or
    /// failure. Follow it with [`try_reduce`](Self::try_reduce) to stop the
    /// whole loop at a failure.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let sum = |n: u16| (0..n).into_par_iter().try_fold(|| 0, u16::checked_add).try_reduce(|| 0, u16::checked_add);
    /// assert_eq!(sum(100), Some(4950));
    /// assert_eq!(sum(1000), None);
    /// ```
    fn try_fold<T, R, ID, F>(self, identity: ID, fold_op: F) -> TryFold<Self, R, ID, F>
    where
        F: Fn(T, Self::Item) -> R + Sync + Send,
        ID: Fn() -> T + Sync + Send,
        R: Try<Output = T> + Send,
    {
        TryFold::new(self, identity, fold_op)
    }

    /// [`try_fold`](Self::try_fold) with each accumulator started from a
    /// clone of `init`.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let product = (1..11u32)
    ///     .into_par_iter()
    ///     .try_fold_with(1u32, u32::checked_mul)
    ///     .try_reduce(|| 1, u32::checked_mul);
    /// assert_eq!(product, Some(3_628_800));
    /// ```
    fn try_fold_with<F, T, R>(self, init: T, fold_op: F) -> TryFoldWith<Self, R, F>
    where
        F: Fn(T, Self::Item) -> R + Sync + Send,
        R: Try<Output = T> + Send,
        T: Clone + Send,
    {
        TryFoldWith::new(self, init, fold_op)
    }

    /// The product of the items; an empty iterator gives one. Like
    /// [`Iterator::product`], an overflow panics in debug builds.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!((1..7u64).into_par_iter().product::<u64>(), 720);
    /// assert_eq!((1..1u64).into_par_iter().product::<u64>(), 1);
    /// ```
    fn product<P>(self) -> P
    where
        P: Send + Product<Self::Item> + Product<P>,
    {
        arithmetic::product(self)
    }

    /// The smallest item, the first of them if several are equal, as
    /// [`Iterator::min`]; `None` when there are no items.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!([5, 3, 9].par_iter().min(), Some(&3));
    /// assert_eq!((0..0).into_par_iter().min(), None);
    /// ```
    fn min(self) -> Option<Self::Item>
    where
        Self::Item: Ord,
    {
        self.reduce_with(Ord::min)
    }

    /// The smallest item by the comparison `f`, the first of them if several
    /// are equal; `None` when there are no items.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let pairs = [(2, 'a'), (1, 'b'), (1, 'c')];
    /// assert_eq!(pairs.par_iter().min_by(|x, y| x.0.cmp(&y.0)), Some(&(1, 'b')));
    /// ```
    fn min_by<F>(self, f: F) -> Option<Self::Item>
    where
        F: Sync + Send + Fn(&Self::Item, &Self::Item) -> Ordering,
    {
        self.reduce_with(|a, b| if f(&a, &b) == Ordering::Greater { b } else { a })
    }

    /// The item whose key `f` gives is the smallest, the first of them if
    /// several keys are equal; `None` when there are no items.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let words = ["lub", "dub", "heartbeat", "go"];
    /// assert_eq!(words.par_iter().min_by_key(|w| w.len()), Some(&"go"));
    /// ```
    fn min_by_key<K, F>(self, f: F) -> Option<Self::Item>
    where
        K: Ord + Send,
        F: Sync + Send + Fn(&Self::Item) -> K,
    {
        let keyed = self.map(|item| (f(&item), item));
        let (_, item) = keyed.reduce_with(|a, b| if a.0 > b.0 { b } else { a })?;
        Some(item)
    }

    /// The largest item, the last of them if several are equal, as
    /// [`Iterator::max`]; `None` when there are no items.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!([5, 3, 9].par_iter().max(), Some(&9));
    /// assert_eq!((0..0).into_par_iter().max(), None);
    /// ```
    fn max(self) -> Option<Self::Item>
    where
        Self::Item: Ord,
    {
        self.reduce_with(Ord::max)
    }

    /// The largest item by the comparison `f`, the last of them if several
    /// are equal; `None` when there are no items.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let pairs = [(1, 'a'), (2, 'b'), (2, 'c')];
    /// assert_eq!(pairs.par_iter().max_by(|x, y| x.0.cmp(&y.0)), Some(&(2, 'c')));
    /// ```
    fn max_by<F>(self, f: F) -> Option<Self::Item>
    where
        F: Sync + Send + Fn(&Self::Item, &Self::Item) -> Ordering,
    {
        self.reduce_with(|a, b| if f(&a, &b) == Ordering::Greater { a } else { b })
    }

    /// The item whose key `f` gives is the largest, the last of them if
    /// several keys are equal; `None` when there are no items.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let words = ["lub", "dub", "go"];
    /// assert_eq!(words.par_iter().max_by_key(|w| w.len()), Some(&"dub"));
    /// ```
    fn max_by_key<K, F>(self, f: F) -> Option<Self::Item>
    where
        K: Ord + Send,
        F: Sync + Send + Fn(&Self::Item) -> K,
    {
        let keyed = self.map(|item| (f(&item), item));
        let (_, item) = keyed.reduce_with(|a, b| if a.0 > b.0 { a } else { b })?;
        Some(item)
    }

    /// Some item that matches `predicate`, not necessarily the first; `None`
    /// when none does. Once a piece of the loop finds one, the others stop
    /// at their next item.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let found = (1..1_000_000u32).into_par_iter().find_any(|x| x % 1000 == 0);
    /// assert!(found.is_some_and(|x| x % 1000 == 0));
    /// assert_eq!([1, 3].par_iter().find_any(|&&x| x == 2), None);
    /// ```
    fn find_any<P>(self, predicate: P) -> Option<Self::Item>
    where
        P: Fn(&Self::Item) -> bool + Sync + Send,
    {
        find_any::find_any(self, &predicate)
    }

    /// The first item, by position, that matches `predicate`. A match stops
    /// the pieces of the loop after it; those before it go on, as they may
    /// hold an earlier match.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v = [4, 7, 1, 7, 9];
    /// assert_eq!(v.par_iter().zip(0..5).find_first(|(&x, _)| x == 7), Some((&7, 1)));
    /// ```
    fn find_first<P>(self, predicate: P) -> Option<Self::Item>
    where
        P: Fn(&Self::Item) -> bool + Sync + Send,
    {
        find_first_last::find_first(self, &predicate)
    }

    /// The last item, by position, that matches `predicate`. A match stops
    /// the pieces of the loop before it; those after it go on.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v = [4, 7, 1, 7, 9];
    /// assert_eq!(v.par_iter().zip(0..5).find_last(|(&x, _)| x == 7), Some((&7, 3)));
    /// ```
    fn find_last<P>(self, predicate: P) -> Option<Self::Item>
    where
        P: Fn(&Self::Item) -> bool + Sync + Send,
    {
        find_first_last::find_last(self, &predicate)
    }

    /// Some `Some` that `predicate` returns for an item, not necessarily the
    /// first; `None` when it returns `None` for all. Stops as
    /// [`find_any`](Self::find_any) does.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let words = ["lub", "12", "dub"];
    /// assert_eq!(words.par_iter().find_map_any(|w| w.parse::<u32>().ok()), Some(12));
    /// ```
    fn find_map_any<P, R>(self, predicate: P) -> Option<R>
    where
        P: Fn(Self::Item) -> Option<R> + Sync + Send,
        R: Send,
    {
        self.map(predicate).find_any(Option::is_some).flatten()
    }

    /// The `Some` that `predicate` returns for the first item, by position,
    /// for which it does not return `None`. Stops as
    /// [`find_first`](Self::find_first) does.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let words = ["lub", "12", "dub", "34"];
    /// assert_eq!(words.par_iter().find_map_first(|w| w.parse::<u32>().ok()), Some(12));
    /// ```
    fn find_map_first<P, R>(self, predicate: P) -> Option<R>
    where
        P: Fn(Self::Item) -> Option<R> + Sync + Send,
        R: Send,
    {
        self.map(predicate).find_first(Option::is_some).flatten()
    }

    /// The `Some` that `predicate` returns for the last item, by position,
    /// for which it does not return `None`. Stops as
    /// [`find_last`](Self::find_last) does.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let words = ["lub", "12", "dub", "34"];
    /// assert_eq!(words.par_iter().find_map_last(|w| w.parse::<u32>().ok()), Some(34));
    /// ```
    fn find_map_last<P, R>(self, predicate: P) -> Option<R>
    where
        P: Fn(Self::Item) -> Option<R> + Sync + Send,
        R: Send,
    {
        self.map(predicate).find_last(Option::is_some).flatten()
    }

    /// [`find_any`](Self::find_any) under its old name, deprecated as in
    /// Rayon because the match found need not be the first.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// #[allow(deprecated)]
    /// let found = [1, 2, 3].par_iter().find(|&&x| x > 1);
    /// assert!(matches!(found, Some(&2) | Some(&3)));
    /// ```
    #[doc(hidden)]
    #[deprecated(note = "parallel `find` does not search in order -- use `find_any`, \
                         `find_first`, or `find_last`")]
    fn find<P>(self, predicate: P) -> Option<Self::Item>
    where
        P: Fn(&Self::Item) -> bool + Sync + Send,
    {
        self.find_any(predicate)
    }

    /// True when `predicate` holds for some item; the loop stops once one
    /// is found.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert!((0..1000).into_par_iter().any(|x| x * x == 144));
    /// assert!(!(0..0).into_par_iter().any(|_: i32| true));
    /// ```
    fn any<P>(self, predicate: P) -> bool
    where
        P: Fn(Self::Item) -> bool + Sync + Send,
    {
        self.map(predicate).find_any(|&holds| holds).is_some()
    }

    /// True when `predicate` holds for every item (so for no items at all);
    /// the loop stops once an item fails it.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert!((0..1000).into_par_iter().all(|x| x < 1000));
    /// assert!(!(0..1000).into_par_iter().all(|x| x != 500));
    /// ```
    fn all<P>(self, predicate: P) -> bool
    where
        P: Fn(Self::Item) -> bool + Sync + Send,
    {
        self.map(predicate).find_any(|&holds| !holds).is_none()
    }

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
        arithmetic::sum(self)
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
