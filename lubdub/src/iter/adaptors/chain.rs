//! [`Chain`]: `chain`, the items of one iterator followed by those of
//! another. The two run side by side (a `join`); the consumer is cut where
//! the first one's items end.

use super::pair_producers::{with_producers, PairCallback};
use crate::iter::plumbing::{
    Consumer, Folder, Producer, ProducerCallback, Reducer, UnindexedConsumer,
};
use crate::iter::{IndexedParallelIterator, ParallelIterator};
use crate::join;

/// The iterator of [`ParallelIterator::chain`].
///
/// ```
/// use lubdub::prelude::*;
///
/// let v: Vec<i32> = (0..3).into_par_iter().chain(7..9).collect();
/// assert_eq!(v, [0, 1, 2, 7, 8]);
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct Chain<A, B> {
    a: A,
    b: B,
}

impl<A, B> Chain<A, B> {
    pub(crate) fn new(a: A, b: B) -> Self {
        Chain { a, b }
    }
}

impl<A, B> ParallelIterator for Chain<A, B>
where
    A: ParallelIterator,
    B: ParallelIterator<Item = A::Item>,
{
    type Item = A::Item;

    fn drive_unindexed<C: UnindexedConsumer<A::Item>>(self, consumer: C) -> C::Result {
        let Chain { a, b } = self;
        // Where `a`'s length is known, the cut is a position: a consumer that
        // writes items into place (an indexed `collect`) needs one.
        let (left, right, reducer) = match a.opt_len() {
            Some(a_len) => consumer.split_at(a_len),
            None => {
                let reducer = consumer.to_reducer();
                (consumer.split_off_left(), consumer, reducer)
            }
        };
        let (a, b) =
            join_sides::<A::Item, C, _>(|| a.drive_unindexed(left), || b.drive_unindexed(right));
        reducer.reduce(a, b)
    }

    fn opt_len(&self) -> Option<usize> {
        self.a.opt_len()?.checked_add(self.b.opt_len()?)
    }
}

/// Runs the two sides of a chain as a `join`, the left side first, or the
/// right side first for a consumer that searches from the right end
/// (`Consumer::FROM_THE_RIGHT`): its match in the right side then stops
/// the left one. Returns the left result first either way.
fn join_sides<T, C, R>(left: impl FnOnce() -> R + Send, right: impl FnOnce() -> R + Send) -> (R, R)
where
    C: Consumer<T>,
    R: Send,
{
    if C::FROM_THE_RIGHT {
        let (right, left) = join(right, left);
        (left, right)
    } else {
        join(left, right)
    }
}

impl<A, B> IndexedParallelIterator for Chain<A, B>
where
    A: IndexedParallelIterator,
    B: IndexedParallelIterator<Item = A::Item>,
{
    fn drive<C: Consumer<A::Item>>(self, consumer: C) -> C::Result {
        let Chain { a, b } = self;
        let (left, right, reducer) = consumer.split_at(a.len());
        let (a, b) = join_sides::<A::Item, C, _>(|| a.drive(left), || b.drive(right));
        reducer.reduce(a, b)
    }

    /// # Panics
    ///
    /// When the two lengths add up to more than `usize::MAX`.
    fn len(&self) -> usize {
        self.a
            .len()
            .checked_add(self.b.len())
            .expect("the length of a chain overflows usize")
    }

    fn with_producer<CB: ProducerCallback<A::Item>>(self, callback: CB) -> CB::Output {
        let a_len = self.a.len();
        return with_producers(self.a, self.b, Callback { callback, a_len });

        /// Receives both producers and hands the chain of both on.
        struct Callback<CB> {
            callback: CB,
            a_len: usize,
        }

        impl<CB, T> PairCallback<T, T> for Callback<CB>
        where
            CB: ProducerCallback<T>,
        {
            type Output = CB::Output;

            fn callback<PA, PB>(self, a: PA, b: PB) -> CB::Output
            where
                PA: Producer<Item = T>,
                PB: Producer<Item = T>,
            {
                self.callback.callback(ChainProducer {
                    a_len: self.a_len,
                    a,
                    b,
                })
            }
        }
    }
}

/// `a`'s producer (of `a_len` items) followed by `b`'s.
struct ChainProducer<PA, PB> {
    a_len: usize,
    a: PA,
    b: PB,
}

impl<PA, PB> Producer for ChainProducer<PA, PB>
where
    PA: Producer,
    PB: Producer<Item = PA::Item>,
{
    type Item = PA::Item;
    type IntoIter = ChainIter<PA::IntoIter, PB::IntoIter>;

    fn into_iter(self) -> Self::IntoIter {
        ChainIter {
            a: self.a.into_iter(),
            b: self.b.into_iter(),
        }
    }

    fn min_len(&self) -> usize {
        self.a.min_len().max(self.b.min_len())
    }

    fn max_len(&self) -> usize {
        self.a.max_len().min(self.b.max_len())
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        if index <= self.a_len {
            let (a_left, a_right) = self.a.split_at(index);
            let (b_left, b_right) = self.b.split_at(0);
            (
                ChainProducer {
                    a_len: index,
                    a: a_left,
                    b: b_left,
                },
                ChainProducer {
                    a_len: self.a_len - index,
                    a: a_right,
                    b: b_right,
                },
            )
        } else {
            let (a_left, a_right) = self.a.split_at(self.a_len);
            let (b_left, b_right) = self.b.split_at(index - self.a_len);
            (
                ChainProducer {
                    a_len: self.a_len,
                    a: a_left,
                    b: b_left,
                },
                ChainProducer {
                    a_len: 0,
                    a: a_right,
                    b: b_right,
                },
            )
        }
    }

    fn fold_with<F: Folder<PA::Item>>(self, folder: F) -> F {
        let folder = self.a.fold_with(folder);
        if folder.full() {
            folder
        } else {
            self.b.fold_with(folder)
        }
    }
}

/// The sequential iterator of a [`ChainProducer`]: `std::iter::Chain`, which
/// is not an `ExactSizeIterator`, with its length.
struct ChainIter<A, B> {
    a: A,
    b: B,
}

impl<A, B> Iterator for ChainIter<A, B>
where
    A: ExactSizeIterator,
    B: ExactSizeIterator<Item = A::Item>,
{
    type Item = A::Item;

    fn next(&mut self) -> Option<A::Item> {
        self.a.next().or_else(|| self.b.next())
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.a.len() + self.b.len();
        (len, Some(len))
    }

    fn fold<Acc, G: FnMut(Acc, A::Item) -> Acc>(self, init: Acc, mut g: G) -> Acc {
        let acc = self.a.fold(init, &mut g);
        self.b.fold(acc, g)
    }
}

impl<A, B> DoubleEndedIterator for ChainIter<A, B>
where
    A: DoubleEndedIterator + ExactSizeIterator,
    B: DoubleEndedIterator + ExactSizeIterator<Item = A::Item>,
{
    fn next_back(&mut self) -> Option<A::Item> {
        self.b.next_back().or_else(|| self.a.next_back())
    }
}

impl<A, B> ExactSizeIterator for ChainIter<A, B>
where
    A: ExactSizeIterator,
    B: ExactSizeIterator<Item = A::Item>,
{
}
