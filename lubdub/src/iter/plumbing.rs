//! The two halves every parallel iterator is made of: a [`Producer`], a
//! splittable range of items, and a [`Consumer`], what is done with them.
//! `driver.rs` runs one against the other (see `README.md` beside it).
//!
//! Users only need these traits to write their own sources or consumers.

/// A range of items that can be cut at any index and iterated sequentially.
///
/// `len` is the number of positions the producer covers: for the sources in
/// this crate, one item per position. The driver cuts chunks off the front
/// with [`Producer::split_at`] and runs each with [`Producer::into_iter`].
///
/// ```
/// use lubdub::iter::plumbing::Producer;
/// use lubdub::prelude::*;
///
/// let values = [1, 2, 3, 4];
/// let total = values.par_iter().with_producer(SumFront);
/// assert_eq!(total, 3); // 1 + 2: the front half, cut with `split_at`.
///
/// struct SumFront;
/// impl<'a> lubdub::iter::plumbing::ProducerCallback<&'a i32> for SumFront {
///     type Output = i32;
///     fn callback<P: Producer<Item = &'a i32>>(self, producer: P) -> i32 {
///         let half = producer.len() / 2;
///         producer.split_at(half).0.into_iter().sum()
///     }
/// }
/// ```
pub trait Producer: Send + Sized {
    /// The items produced.
    type Item;
    /// The sequential iterator over a whole producer.
    type IntoIter: Iterator<Item = Self::Item>;

    /// The number of positions in the range.
    fn len(&self) -> usize;

    /// True for an empty range.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Cuts the range into `[0, index)` and `[index, len)`; `index <= len`.
    fn split_at(self, index: usize) -> (Self, Self);

    /// The items of the range, in order.
    fn into_iter(self) -> Self::IntoIter;
}

/// What an indexed parallel iterator hands its [`Producer`] to
/// (see [`IndexedParallelIterator::with_producer`](crate::iter::IndexedParallelIterator::with_producer)):
/// the producer's type depends on the iterator's, so it is passed to a
/// generic method rather than returned.
///
/// ```
/// use lubdub::iter::plumbing::{Producer, ProducerCallback};
/// use lubdub::prelude::*;
///
/// struct Length;
/// impl<T> ProducerCallback<T> for Length {
///     type Output = usize;
///     fn callback<P: Producer<Item = T>>(self, producer: P) -> usize {
///         producer.len()
///     }
/// }
/// assert_eq!((0..10u32).into_par_iter().with_producer(Length), 10);
/// ```
pub trait ProducerCallback<T> {
    /// The callback's result.
    type Output;
    /// Runs the callback on `producer`.
    fn callback<P: Producer<Item = T>>(self, producer: P) -> Self::Output;
}

/// What a parallel loop computes, as a fold over chunks and a combination of
/// the results of neighbouring pieces.
///
/// The driver starts each piece of the range with [`Consumer::identity`],
/// feeds its chunks in order to [`Consumer::consume_iter`], and, where it
/// split the range, combines the two pieces' results left to right with
/// [`Consumer::combine`]. `start` is the position of the chunk's first item
/// in the whole loop, meaningful for indexed iterators.
///
/// ```
/// use lubdub::iter::plumbing::Consumer;
/// use lubdub::prelude::*;
///
/// struct Longest;
/// impl<'s> Consumer<&'s str> for Longest {
///     type Result = usize;
///     fn identity(&self) -> usize {
///         0
///     }
///     fn consume_iter<I: Iterator<Item = &'s str>>(&self, acc: usize, _: usize, iter: I) -> usize {
///         iter.map(str::len).fold(acc, usize::max)
///     }
///     fn combine(&self, left: usize, right: usize) -> usize {
///         left.max(right)
///     }
/// }
/// let words = ["a", "abc", "ab"];
/// assert_eq!(words.par_iter().copied().drive(&Longest), 3);
/// ```
pub trait Consumer<Item>: Sync {
    /// The result of a piece, and of the whole loop.
    type Result: Send;

    /// The result of an empty piece.
    fn identity(&self) -> Self::Result;

    /// Folds the next chunk of a piece, whose first item is at position
    /// `start`, into the piece's result so far.
    fn consume_iter<I: Iterator<Item = Item>>(
        &self,
        acc: Self::Result,
        start: usize,
        iter: I,
    ) -> Self::Result;

    /// The result of a piece followed by the next piece.
    fn combine(&self, left: Self::Result, right: Self::Result) -> Self::Result;

    /// True when no further item can change the result (`any`, `find_any`):
    /// the driver stops at the next chunk boundary.
    fn full(&self) -> bool {
        false
    }
}
