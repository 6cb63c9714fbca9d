//! Rayon's plumbing, driven by lubdub's heartbeat: the traits a parallel
//! iterator is built from, and the bridges that run them.
//!
//! A parallel iterator is a **producer** of items (something that can be cut
//! in two) driven into a **consumer** (what is done with the items):
//!
//! - [`Producer`]: an indexed range of items, cut at any position with
//!   [`Producer::split_at`] and iterated sequentially with
//!   [`Producer::into_iter`];
//! - [`UnindexedProducer`]: items that can be cut in two somewhere, without
//!   positions ([`UnindexedProducer::split`]);
//! - [`Consumer`]: cut at a position like a producer, turned into a
//!   [`Folder`] that takes items one by one (or a whole sequential iterator at
//!   once), and whose pieces' results a [`Reducer`] puts back together, left
//!   to right;
//! - [`UnindexedConsumer`]: a consumer that can also be cut without positions.
//!
//! [`bridge_producer_consumer`] and [`bridge_unindexed`] run a producer into a
//! consumer on the current pool. They are where lubdub differs from Rayon:
//! an indexed loop runs in sequential chunks on the calling thread and is cut
//! in two only when a heartbeat is due and a thread is idle, never by a grain
//! size (`README.md` beside the `iter` module gives the protocol). The traits
//! are Rayon's, so a parallel iterator written against `rayon::iter::plumbing`
//! (as ndarray's are) runs on lubdub unchanged.

mod bridge;
mod chunk_results;
mod doubling_folders;
mod drive;
mod from_the_right;
mod one_folder;
mod pending_rest;
mod runs;
mod schedule;

pub use bridge::{bridge, bridge_producer_consumer, bridge_unindexed};
pub(crate) use one_folder::bridge_unindexed_consumer;

/// An indexed range of items that can be cut at any position and iterated
/// sequentially in both directions.
///
/// The driver cuts chunks off the front with [`Producer::split_at`] and runs
/// each one with [`Producer::fold_with`]. The number of items is not part of
/// the trait: it is passed beside the producer ([`bridge_producer_consumer`]'s
/// `len`) and is the length of [`Producer::into_iter`]'s iterator.
///
/// ```
/// use lubdub::iter::plumbing::{Producer, ProducerCallback};
/// use lubdub::prelude::*;
///
/// struct SumOfFrontHalf;
/// impl<'a> ProducerCallback<&'a i32> for SumOfFrontHalf {
///     type Output = i32;
///     fn callback<P: Producer<Item = &'a i32>>(self, producer: P) -> i32 {
///         let (front, _back) = producer.split_at(2);
///         front.into_iter().sum()
///     }
/// }
/// assert_eq!([1, 2, 3, 4].par_iter().with_producer(SumOfFrontHalf), 3);
/// ```
pub trait Producer: Send + Sized {
    /// The items produced.
    type Item;

    /// The sequential iterator over all the items of the producer, in order.
    type IntoIter: Iterator<Item = Self::Item> + DoubleEndedIterator + ExactSizeIterator;

    /// The items, as a sequential iterator.
    fn into_iter(self) -> Self::IntoIter;

    /// The fewest items a piece of this producer may hold: the driver never
    /// cuts a piece shorter than this, unless the whole producer is.
    fn min_len(&self) -> usize {
        1
    }

    /// The most items the driver hands to one [`Folder`] (unless it conflicts
    /// with [`Producer::min_len`], which wins).
    fn max_len(&self) -> usize {
        usize::MAX
    }

    /// Cuts the producer into the items before `index` and those from
    /// `index` on; `index` is at most the number of items.
    fn split_at(self, index: usize) -> (Self, Self);

    /// Feeds every item to `folder`, stopping early when it is full. Override
    /// it where a producer can feed items faster than its iterator can.
    fn fold_with<F>(self, folder: F) -> F
    where
        F: Folder<Self::Item>,
    {
        folder.consume_iter(self.into_iter())
    }
}

/// What an indexed parallel iterator hands its [`Producer`] to (see
/// [`IndexedParallelIterator::with_producer`](crate::iter::IndexedParallelIterator::with_producer)):
/// the producer's type depends on the iterator's, so it is passed to a
/// generic method rather than returned.
///
/// ```
/// use lubdub::iter::plumbing::{Producer, ProducerCallback};
/// use lubdub::prelude::*;
///
/// struct Last;
/// impl<T> ProducerCallback<T> for Last {
///     type Output = Option<T>;
///     fn callback<P: Producer<Item = T>>(self, producer: P) -> Option<T> {
///         producer.into_iter().next_back()
///     }
/// }
/// assert_eq!((7..10).into_par_iter().with_producer(Last), Some(9));
/// ```
pub trait ProducerCallback<T> {
    /// The callback's result.
    type Output;

    /// Runs the callback on `producer`.
    fn callback<P>(self, producer: P) -> Self::Output
    where
        P: Producer<Item = T>;
}

/// What a parallel loop does with its items: cut at positions into pieces,
/// each fed to a [`Folder`], whose results a [`Reducer`] joins back left to
/// right.
///
/// ```
/// use lubdub::iter::plumbing::{bridge, Consumer, Folder, Reducer};
/// use lubdub::prelude::*;
///
/// // Counts the items (a consumer needs no more than this).
/// struct Count;
/// struct CountFolder(usize);
/// struct Add;
/// impl<T> Consumer<T> for Count {
///     type Folder = CountFolder;
///     type Reducer = Add;
///     type Result = usize;
///     fn split_at(self, _index: usize) -> (Self, Self, Add) {
///         (Count, Count, Add)
///     }
///     fn into_folder(self) -> CountFolder {
///         CountFolder(0)
///     }
///     fn full(&self) -> bool {
///         false
///     }
/// }
/// impl<T> Folder<T> for CountFolder {
///     type Result = usize;
///     fn consume(self, _item: T) -> Self {
///         CountFolder(self.0 + 1)
///     }
///     fn complete(self) -> usize {
///         self.0
///     }
///     fn full(&self) -> bool {
///         false
///     }
/// }
/// impl Reducer<usize> for Add {
///     fn reduce(self, left: usize, right: usize) -> usize {
///         left + right
///     }
/// }
/// assert_eq!(bridge((0..10_000).into_par_iter(), Count), 10_000);
/// ```
pub trait Consumer<Item>: Send + Sized {
    /// What each piece folds its items with.
    type Folder: Folder<Item, Result = Self::Result>;
    /// What joins the results of two neighbouring pieces.
    type Reducer: Reducer<Self::Result>;
    /// The result of a piece, and of the whole loop.
    type Result: Send;

    /// Cuts the consumer for the items before `index` and those from `index`
    /// on, with the reducer that joins their results.
    fn split_at(self, index: usize) -> (Self, Self, Self::Reducer);

    /// The folder that takes this consumer's items.
    fn into_folder(self) -> Self::Folder;

    /// True when no further item can change the result (`find_any`, `all`...):
    /// the driver stops feeding it.
    fn full(&self) -> bool;

    /// True when the consumer needs no positions: a folder made from it, or
    /// from a consumer split off it with [`UnindexedConsumer::split_off_left`],
    /// may take any number of items, whatever positions [`Consumer::split_at`]
    /// was given, and the results only have to be joined in order.
    ///
    /// lubdub's bridge then folds a whole piece of an indexed loop into one
    /// folder and cuts the consumer only where a heartbeat splits the loop;
    /// otherwise it cuts the consumer at every chunk boundary, which is
    /// always correct. So the default is false: a consumer that uses
    /// `split_at`'s index (to write items into slots, to rank matches by
    /// position) must keep it, and an adaptor's consumer returns its base's
    /// answer (false if the adaptor itself needs positions). Not part of
    /// Rayon's trait; a consumer written for Rayon keeps the default.
    #[doc(hidden)]
    fn position_free(&self) -> bool {
        false
    }

    /// True when [`Consumer::full`] may turn true while the loop runs: a
    /// search that found its item, a `try_*` that met a failure, a shared
    /// count that ran out.
    ///
    /// Asked by the adaptors that hand their items on only when a folder
    /// completes (`fold`, `try_fold`): before such a consumer they keep a
    /// folder per chunk, so that it sees their results, and can stop the
    /// loop, before a whole piece is folded. The default, true, is the
    /// cautious answer. Not part of Rayon's trait.
    #[doc(hidden)]
    fn may_become_full(&self) -> bool {
        true
    }

    /// True for a consumer that searches from the right end (`find_last`):
    /// its best item is the last one that qualifies, and a match stops the
    /// pieces to its left. lubdub's bridge then runs the loop from its end
    /// (`plumbing/from_the_right.rs`), so that the search meets the right
    /// end first, and an adaptor's consumer gives its base's answer. Not
    /// part of Rayon's trait; a consumer written for Rayon keeps the
    /// default, false: its loops run from the left, which is always
    /// correct.
    #[doc(hidden)]
    const FROM_THE_RIGHT: bool = false;

    /// True for a reduction whose results may grow with the items they
    /// hold, so that joining two may cost as much as they are large (a
    /// product of big integers, a concatenation): `reduce`, `product`. A
    /// consumer that needs no positions ([`Consumer::position_free`]) then
    /// gets folders that double in length along a piece, or a folder per
    /// chunk where folding grows costly, their results joined as a
    /// balanced tree (`plumbing/doubling_folders.rs`), rather than one
    /// folder per piece;
    /// an adaptor's consumer gives its base's answer. Not part of Rayon's
    /// trait; the default, false, keeps one folder per piece.
    #[doc(hidden)]
    const RESULTS_GROW: bool = false;
}

/// Takes the items of one piece, sequentially, and makes its result.
///
/// ```
/// use lubdub::iter::plumbing::Folder;
///
/// struct Longest(usize);
/// impl<'a> Folder<&'a str> for Longest {
///     type Result = usize;
///     fn consume(self, item: &'a str) -> Self {
///         Longest(self.0.max(item.len()))
///     }
///     fn complete(self) -> usize {
///         self.0
///     }
///     fn full(&self) -> bool {
///         false
///     }
/// }
/// let folder = Longest(0).consume_iter(["a", "abc", "ab"]);
/// assert_eq!(folder.complete(), 3);
/// ```
pub trait Folder<Item>: Sized {
    /// The result of the piece.
    type Result;

    /// Takes one item.
    fn consume(self, item: Item) -> Self;

    /// Takes the items of `iter` until the folder is full. Override it to
    /// hand the whole iterator to an `Iterator` method (`sum`, `extend`...):
    /// a plain `Iterator` chain is what LLVM vectorizes.
    fn consume_iter<I>(mut self, iter: I) -> Self
    where
        I: IntoIterator<Item = Item>,
    {
        for item in iter {
            self = self.consume(item);
            if self.full() {
                break;
            }
        }
        self
    }

    /// The result of everything taken.
    fn complete(self) -> Self::Result;

    /// True when no further item can change the result.
    fn full(&self) -> bool;
}

/// Joins the results of two neighbouring pieces: `left` holds the items
/// before `right`'s.
///
/// ```
/// use lubdub::iter::plumbing::Reducer;
///
/// struct Concat;
/// impl Reducer<String> for Concat {
///     fn reduce(self, mut left: String, right: String) -> String {
///         left.push_str(&right);
///         left
///     }
/// }
/// assert_eq!(Concat.reduce("lub".into(), "dub".into()), "lubdub");
/// ```
pub trait Reducer<Result> {
    /// The result of `left`'s items followed by `right`'s.
    fn reduce(self, left: Result, right: Result) -> Result;
}

/// A [`Consumer`] that can also be cut where the items have no positions
/// (after `filter`, `flat_map`...).
///
/// ```
/// use lubdub::iter::plumbing::UnindexedConsumer;
/// use lubdub::prelude::*;
///
/// // Every consumer behind `ParallelIterator`'s methods is unindexed, so a
/// // filtered (unindexed) iterator can still be counted:
/// assert_eq!((0..100).into_par_iter().filter(|x| x % 3 == 0).count(), 34);
/// # fn _needs_unindexed<C: UnindexedConsumer<u8>>() {}
/// ```
pub trait UnindexedConsumer<I>: Consumer<I> {
    /// A consumer for items that come before this one's; the two results are
    /// joined by [`UnindexedConsumer::to_reducer`]'s reducer.
    fn split_off_left(&self) -> Self;

    /// The reducer that joins a result of [`UnindexedConsumer::split_off_left`]'s
    /// consumer (left) with this one's (right).
    fn to_reducer(&self) -> Self::Reducer;
}

/// Items that can be cut in two somewhere, without positions: the source of
/// an unindexed parallel iterator (see [`bridge_unindexed`]).
///
/// ```
/// use lubdub::iter::plumbing::{bridge_unindexed, Folder, UnindexedConsumer, UnindexedProducer};
/// use lubdub::iter::ParallelIterator;
///
/// // The numbers start..end, cut in halves while more than 100 remain.
/// struct Numbers(u64, u64);
/// impl UnindexedProducer for Numbers {
///     type Item = u64;
///     fn split(self) -> (Self, Option<Self>) {
///         if self.1 - self.0 <= 100 {
///             return (self, None);
///         }
///         let mid = self.0 + (self.1 - self.0) / 2;
///         (Numbers(self.0, mid), Some(Numbers(mid, self.1)))
///     }
///     fn fold_with<F: Folder<u64>>(self, folder: F) -> F {
///         folder.consume_iter(self.0..self.1)
///     }
/// }
/// impl ParallelIterator for Numbers {
///     type Item = u64;
///     fn drive_unindexed<C: UnindexedConsumer<u64>>(self, consumer: C) -> C::Result {
///         bridge_unindexed(self, consumer)
///     }
/// }
/// assert_eq!(Numbers(0, 10_000).sum::<u64>(), (0..10_000).sum());
/// ```
pub trait UnindexedProducer: Send + Sized {
    /// The items produced.
    type Item;

    /// Cuts the producer in two, or returns it whole (`None`) when it should
    /// not be cut further.
    fn split(self) -> (Self, Option<Self>);

    /// Feeds every item to `folder`, stopping early when it is full.
    fn fold_with<F>(self, folder: F) -> F
    where
        F: Folder<Self::Item>;
}
