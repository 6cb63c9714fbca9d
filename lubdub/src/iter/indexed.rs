//! [`IndexedParallelIterator`]: parallel iterators with one item per
//! position of a splittable range, which can be zipped, enumerated, cut and
//! written straight into place.

use super::adaptors::Zip;
use super::plumbing::{Consumer, ProducerCallback};
use super::{IntoParallelIterator, ParallelIterator};

// imports of the indexed adaptors and consumers
use std::cmp::Ordering;

use super::adaptors::{
    Chunks, Enumerate, ExponentialBlocks, FoldChunks, FoldChunksWith, Interleave,
    InterleaveShortest, MaxLen, MinLen, Positions, Rev, Skip, StepBy, Take, UniformBlocks, ZipEq,
};
use super::consumers::find_position::{find_position, Wanted};

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

    /// Runs the loop as a sequence of parallel loops over blocks that grow
    /// exponentially: the first holds as many items as the pool has threads,
    /// each next one twice as many. A consumer that is satisfied early stops
    /// before the later blocks start.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<usize> = (0..50).into_par_iter().by_exponential_blocks().collect();
    /// assert_eq!(v, (0..50).collect::<Vec<_>>());
    /// ```
    fn by_exponential_blocks(self) -> ExponentialBlocks<Self> {
        ExponentialBlocks::new(self)
    }

    /// Runs the loop as a sequence of parallel loops over blocks of
    /// `block_size` items.
    ///
    /// # Panics
    ///
    /// If `block_size` is zero.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let sum: i32 = (0..100).into_par_iter().by_uniform_blocks(7).sum();
    /// assert_eq!(sum, 4950);
    /// ```
    #[track_caller]
    fn by_uniform_blocks(self, block_size: usize) -> UniformBlocks<Self> {
        assert!(block_size != 0, "block_size must not be zero");
        UniformBlocks::new(self, block_size)
    }

    /// Like [`zip`](Self::zip), for iterators that must be equally long.
    ///
    /// # Panics
    ///
    /// If the two lengths differ.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let sums: Vec<i32> = [1, 2].par_iter().zip_eq(&[10, 20]).map(|(a, b)| a + b).collect();
    /// assert_eq!(sums, [11, 22]);
    /// ```
    #[track_caller]
    fn zip_eq<Z>(self, zip_op: Z) -> ZipEq<Self, Z::Iter>
    where
        Z: IntoParallelIterator,
        Z::Iter: IndexedParallelIterator,
    {
        let other = zip_op.into_par_iter();
        assert_eq!(
            self.len(),
            other.len(),
            "zip_eq: the iterators must have the same length"
        );
        ZipEq::new(self, other)
    }

    /// Takes an item of `self`, then one of `other`, and so on in turns;
    /// when one runs out, the rest of the other follow.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<i32> = (0..3).into_par_iter().interleave(7..8).collect();
    /// assert_eq!(v, [0, 7, 1, 2]);
    /// ```
    fn interleave<I>(self, other: I) -> Interleave<Self, I::Iter>
    where
        I: IntoParallelIterator<Item = Self::Item>,
        I::Iter: IndexedParallelIterator,
    {
        Interleave::new(self, other.into_par_iter())
    }

    /// Takes an item of `self`, then one of `other`, and so on in turns,
    /// stopping at the first turn whose side has no item left.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<i32> = (0..3).into_par_iter().interleave_shortest(7..8).collect();
    /// assert_eq!(v, [0, 7, 1]);
    /// ```
    fn interleave_shortest<I>(self, other: I) -> InterleaveShortest<Self, I::Iter>
    where
        I: IntoParallelIterator<Item = Self::Item>,
        I::Iter: IndexedParallelIterator,
    {
        InterleaveShortest::new(self, other.into_par_iter())
    }

    /// Gathers the items into vectors of `chunk_size` consecutive items; the
    /// last vector is shorter when `chunk_size` does not divide the length.
    ///
    /// # Panics
    ///
    /// If `chunk_size` is zero.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<Vec<i32>> = (1..8).into_par_iter().chunks(3).collect();
    /// assert_eq!(v, [vec![1, 2, 3], vec![4, 5, 6], vec![7]]);
    /// ```
    #[track_caller]
    fn chunks(self, chunk_size: usize) -> Chunks<Self> {
        assert!(chunk_size != 0, "chunk_size must not be zero");
        Chunks::new(self, chunk_size)
    }

    /// Folds each run of `chunk_size` consecutive items (the last may be
    /// shorter) into one item, starting from `identity()`.
    ///
    /// # Panics
    ///
    /// If `chunk_size` is zero.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<i32> = (1..6).into_par_iter().fold_chunks(2, || 1, |p, x| p * x).collect();
    /// assert_eq!(v, [2, 12, 5]);
    /// ```
    #[track_caller]
    fn fold_chunks<T, ID, F>(
        self,
        chunk_size: usize,
        identity: ID,
        fold_op: F,
    ) -> FoldChunks<Self, ID, F>
    where
        ID: Fn() -> T + Send + Sync,
        F: Fn(T, Self::Item) -> T + Send + Sync,
        T: Send,
    {
        assert!(chunk_size != 0, "chunk_size must not be zero");
        FoldChunks::new(self, chunk_size, identity, fold_op)
    }

    /// Folds each run of `chunk_size` consecutive items (the last may be
    /// shorter) into one item, starting from a clone of `init`.
    ///
    /// # Panics
    ///
    /// If `chunk_size` is zero.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<i32> = (1..6).into_par_iter().fold_chunks_with(2, 100, |s, x| s + x).collect();
    /// assert_eq!(v, [103, 107, 105]);
    /// ```
    #[track_caller]
    fn fold_chunks_with<T, F>(
        self,
        chunk_size: usize,
        init: T,
        fold_op: F,
    ) -> FoldChunksWith<Self, T, F>
    where
        T: Send + Clone,
        F: Fn(T, Self::Item) -> T + Send + Sync,
    {
        assert!(chunk_size != 0, "chunk_size must not be zero");
        FoldChunksWith::new(self, chunk_size, init, fold_op)
    }

    /// Pairs each item with its position, counted from zero.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<(usize, i32)> = (5..8).into_par_iter().enumerate().collect();
    /// assert_eq!(v, [(0, 5), (1, 6), (2, 7)]);
    /// ```
    fn enumerate(self) -> Enumerate<Self> {
        Enumerate::new(self)
    }

    /// The first item and then every `step`-th one after it.
    ///
    /// # Panics
    ///
    /// If `step` is zero (as [`Iterator::step_by`]).
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<i32> = (0..7).into_par_iter().step_by(3).collect();
    /// assert_eq!(v, [0, 3, 6]);
    /// ```
    #[track_caller]
    fn step_by(self, step: usize) -> StepBy<Self> {
        StepBy::new(self, step)
    }

    /// All items but the first `n`. The skipped items are still produced
    /// (and dropped), as by [`Iterator::skip`].
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<i32> = (0..5).into_par_iter().skip(2).collect();
    /// assert_eq!(v, [2, 3, 4]);
    /// assert_eq!((0..5).into_par_iter().skip(usize::MAX).count(), 0);
    /// ```
    fn skip(self, n: usize) -> Skip<Self> {
        Skip::new(self, n)
    }

    /// The first `n` items.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<i32> = (0..5).into_par_iter().take(2).collect();
    /// assert_eq!(v, [0, 1]);
    /// assert_eq!((0..5).into_par_iter().take(usize::MAX).count(), 5);
    /// ```
    fn take(self, n: usize) -> Take<Self> {
        Take::new(self, n)
    }

    /// The positions, in increasing order, of the items for which
    /// `predicate` is true.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<usize> = (10..20).into_par_iter().positions(|x| x % 4 == 0).collect();
    /// assert_eq!(v, [2, 6]);
    /// ```
    fn positions<P>(self, predicate: P) -> Positions<Self, P>
    where
        P: Fn(Self::Item) -> bool + Sync + Send,
    {
        Positions::new(self, predicate)
    }

    /// The items in reverse order.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<i32> = (0..4).into_par_iter().rev().collect();
    /// assert_eq!(v, [3, 2, 1, 0]);
    /// ```
    fn rev(self) -> Rev<Self> {
        Rev::new(self)
    }

    /// Never cuts the loop into pieces of fewer than `min` items (unless it
    /// holds fewer to begin with). Where it conflicts with
    /// [`with_max_len`](Self::with_max_len), the minimum wins.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<i32> = (0..100).into_par_iter().with_min_len(10).collect();
    /// assert_eq!(v.len(), 100);
    /// ```
    fn with_min_len(self, min: usize) -> MinLen<Self> {
        MinLen::new(self, min)
    }

    /// Hands the consumer at most `max` items at a time (unless a larger
    /// [`with_min_len`](Self::with_min_len) asks otherwise).
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<i32> = (0..100).into_par_iter().with_max_len(10).collect();
    /// assert_eq!(v.len(), 100);
    /// ```
    fn with_max_len(self, max: usize) -> MaxLen<Self> {
        MaxLen::new(self, max)
    }

    // ---- indexed consumers (cmp, position_*, ...) go here ----

    /// Compares the items of `self` and `other` lexicographically, as
    /// [`Iterator::cmp`]: the first position where they differ decides, and
    /// the shorter iterator is less when one is a prefix of the other. The
    /// search stops at the first difference.
    ///
    /// ```
    /// use lubdub::prelude::*;
    /// use std::cmp::Ordering;
    ///
    /// assert_eq!([1, 2, 3].par_iter().cmp(&[1, 5]), Ordering::Less);
    /// assert_eq!([1, 2].par_iter().cmp(&[1, 2, 0]), Ordering::Less);
    /// ```
    fn cmp<I>(self, other: I) -> Ordering
    where
        I: IntoParallelIterator<Item = Self::Item>,
        I::Iter: IndexedParallelIterator,
        Self::Item: Ord,
    {
        let other = other.into_par_iter();
        let by_length = self.len().cmp(&other.len());
        let orderings = self.zip(other).map(|(a, b)| Ord::cmp(&a, &b));
        match find_position(orderings, Wanted::First, &|o: &Ordering| o.is_ne()) {
            Some((_, ordering)) => ordering,
            None => by_length,
        }
    }

    /// Compares the items of `self` and `other` lexicographically, as
    /// [`Iterator::partial_cmp`]: the first position whose items are not
    /// equal decides (`None` when they are incomparable).
    ///
    /// ```
    /// use lubdub::prelude::*;
    /// use std::cmp::Ordering;
    ///
    /// assert_eq!([1.0, 2.0].par_iter().partial_cmp(&[1.0, 0.5]), Some(Ordering::Greater));
    /// assert_eq!([f64::NAN].par_iter().partial_cmp(&[1.0]), None);
    /// ```
    fn partial_cmp<I>(self, other: I) -> Option<Ordering>
    where
        I: IntoParallelIterator,
        I::Iter: IndexedParallelIterator,
        Self::Item: PartialOrd<I::Item>,
    {
        let other = other.into_par_iter();
        let by_length = self.len().cmp(&other.len());
        let orderings = self
            .zip(other)
            .map(|(a, b)| PartialOrd::partial_cmp(&a, &b));
        let unequal = |o: &Option<Ordering>| *o != Some(Ordering::Equal);
        match find_position(orderings, Wanted::First, &unequal) {
            Some((_, ordering)) => ordering,
            None => Some(by_length),
        }
    }

    /// True when `self` and `other` have the same length and equal items at
    /// every position; the search stops at the first unequal pair found.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert!([0, 1, 2].par_iter().eq(&[0, 1, 2]));
    /// assert!(!(0..3).into_par_iter().eq(0..2));
    /// ```
    fn eq<I>(self, other: I) -> bool
    where
        I: IntoParallelIterator,
        I::Iter: IndexedParallelIterator,
        Self::Item: PartialEq<I::Item>,
    {
        let other = other.into_par_iter();
        if self.len() != other.len() {
            return false;
        }
        let equalities = self.zip(other).map(|(a, b)| a == b);
        find_position(equalities, Wanted::Any, &|equal: &bool| !equal).is_none()
    }

    /// The negation of [`eq`](Self::eq).
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert!([0, 1, 2].par_iter().ne(&[0, 1, 5]));
    /// ```
    fn ne<I>(self, other: I) -> bool
    where
        I: IntoParallelIterator,
        I::Iter: IndexedParallelIterator,
        Self::Item: PartialEq<I::Item>,
    {
        !self.eq(other)
    }

    /// True when [`partial_cmp`](Self::partial_cmp) finds `self` less than
    /// `other`.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert!([0, 1, 2].par_iter().lt(&[0, 2]));
    /// ```
    fn lt<I>(self, other: I) -> bool
    where
        I: IntoParallelIterator,
        I::Iter: IndexedParallelIterator,
        Self::Item: PartialOrd<I::Item>,
    {
        self.partial_cmp(other) == Some(Ordering::Less)
    }

    /// True when [`partial_cmp`](Self::partial_cmp) finds `self` less than
    /// or equal to `other`.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert!([0, 1, 2].par_iter().le(&[0, 1, 2]));
    /// ```
    fn le<I>(self, other: I) -> bool
    where
        I: IntoParallelIterator,
        I::Iter: IndexedParallelIterator,
        Self::Item: PartialOrd<I::Item>,
    {
        matches!(
            self.partial_cmp(other),
            Some(Ordering::Less | Ordering::Equal)
        )
    }

    /// True when [`partial_cmp`](Self::partial_cmp) finds `self` greater
    /// than `other`.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert!([0, 1, 2].par_iter().gt(&[0, 1]));
    /// ```
    fn gt<I>(self, other: I) -> bool
    where
        I: IntoParallelIterator,
        I::Iter: IndexedParallelIterator,
        Self::Item: PartialOrd<I::Item>,
    {
        self.partial_cmp(other) == Some(Ordering::Greater)
    }

    /// True when [`partial_cmp`](Self::partial_cmp) finds `self` greater
    /// than or equal to `other`.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert!((0..3).into_par_iter().ge(0..3));
    /// ```
    fn ge<I>(self, other: I) -> bool
    where
        I: IntoParallelIterator,
        I::Iter: IndexedParallelIterator,
        Self::Item: PartialOrd<I::Item>,
    {
        matches!(
            self.partial_cmp(other),
            Some(Ordering::Greater | Ordering::Equal)
        )
    }

    /// The position of some item for which `predicate` is true, not
    /// necessarily the first: the search stops as soon as any is found.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let i = [1, 8, 3, 8].par_iter().position_any(|&x| x == 8).unwrap();
    /// assert!(i == 1 || i == 3);
    /// ```
    fn position_any<P>(self, predicate: P) -> Option<usize>
    where
        P: Fn(Self::Item) -> bool + Sync + Send,
    {
        let matches = self.map(predicate);
        find_position(matches, Wanted::Any, &|found: &bool| *found).map(|(i, _)| i)
    }

    /// The lowest position of an item for which `predicate` is true.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!([1, 8, 3, 8].par_iter().position_first(|&x| x == 8), Some(1));
    /// ```
    fn position_first<P>(self, predicate: P) -> Option<usize>
    where
        P: Fn(Self::Item) -> bool + Sync + Send,
    {
        let matches = self.map(predicate);
        find_position(matches, Wanted::First, &|found: &bool| *found).map(|(i, _)| i)
    }

    /// The highest position of an item for which `predicate` is true.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!([1, 8, 3, 8].par_iter().position_last(|&x| x == 8), Some(3));
    /// ```
    fn position_last<P>(self, predicate: P) -> Option<usize>
    where
        P: Fn(Self::Item) -> bool + Sync + Send,
    {
        // The first match from the back is the last one.
        let last = self.len().checked_sub(1)?;
        let from_back = self.rev().position_first(predicate)?;
        Some(last - from_back)
    }

    /// [`position_any`](Self::position_any) under its old name, deprecated
    /// as in Rayon because the name suggests the first position.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// #[allow(deprecated)]
    /// let i = [1, 8, 3].par_iter().position(|&x| x == 8);
    /// assert_eq!(i, Some(1));
    /// ```
    #[doc(hidden)]
    #[deprecated(
        note = "parallel `position` does not search in order -- use `position_any`, \
                `position_first`, or `position_last`"
    )]
    fn position<P>(self, predicate: P) -> Option<usize>
    where
        P: Fn(Self::Item) -> bool + Sync + Send,
    {
        self.position_any(predicate)
    }

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
