//! [`Interleave`]: `interleave`, the items of two iterators taken in turns.

use super::by_producer::indexed_by_producer;
use super::pair_producers::{with_producers, PairCallback};
use crate::iter::plumbing::{Producer, ProducerCallback};
use crate::iter::IndexedParallelIterator;

/// The iterator of [`IndexedParallelIterator::interleave`]: an item of the
/// first iterator, one of the second, and so on in turns; when one runs out,
/// the rest of the other.
///
/// ```
/// use lubdub::prelude::*;
///
/// let v: Vec<i32> = (0..2).into_par_iter().interleave(10..14).collect();
/// assert_eq!(v, [0, 10, 1, 11, 12, 13]);
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct Interleave<A, B> {
    a: A,
    b: B,
}

impl<A, B> Interleave<A, B> {
    pub(crate) fn new(a: A, b: B) -> Self {
        Interleave { a, b }
    }
}

indexed_by_producer! {
    impl[A, B] Interleave<A, B>
    where [
        A: IndexedParallelIterator,
        B: IndexedParallelIterator<Item = A::Item>,
    ], Item = A::Item;

    /// The sum of both lengths.
    ///
    /// # Panics
    ///
    /// When the sum does not fit in `usize`.
    fn len(&self) -> usize {
        self.a
            .len()
            .checked_add(self.b.len())
            .expect("interleave: the total length overflows usize")
    }

    fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
        let (a_len, b_len) = (self.a.len(), self.b.len());
        return with_producers(
            self.a,
            self.b,
            Callback {
                callback,
                a_len,
                b_len,
            },
        );

        struct Callback<CB> {
            callback: CB,
            a_len: usize,
            b_len: usize,
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
                self.callback.callback(InterleaveProducer {
                    a,
                    b,
                    a_len: self.a_len,
                    b_len: self.b_len,
                    a_next: true,
                })
            }
        }
    }
}

/// The items of `a` (`a_len` of them) and `b` (`b_len`) in turns.
struct InterleaveProducer<A, B> {
    a: A,
    b: B,
    a_len: usize,
    b_len: usize,
    /// Whose turn is first: `a`'s when true (it matters only while both
    /// sides have items).
    a_next: bool,
}

impl<A, B> InterleaveProducer<A, B> {
    /// How many of the first `index` items come from `a` and from `b`.
    fn counts_before(&self, index: usize) -> (usize, usize) {
        // While both sides last, the side whose turn is first gives the
        // items at even offsets and the other those at odd ones.
        let (first, second) = (index.div_ceil(2), index / 2);
        let (from_a, from_b) = if self.a_next {
            (first, second)
        } else {
            (second, first)
        };
        if from_a > self.a_len {
            (self.a_len, index - self.a_len)
        } else if from_b > self.b_len {
            (index - self.b_len, self.b_len)
        } else {
            (from_a, from_b)
        }
    }
}

impl<A, B> Producer for InterleaveProducer<A, B>
where
    A: Producer,
    B: Producer<Item = A::Item>,
{
    type Item = A::Item;
    type IntoIter = InterleaveIter<A::IntoIter, B::IntoIter>;

    fn into_iter(self) -> Self::IntoIter {
        InterleaveIter {
            a: self.a.into_iter(),
            b: self.b.into_iter(),
            a_next: self.a_next,
        }
    }

    fn min_len(&self) -> usize {
        self.a.min_len().max(self.b.min_len())
    }

    fn max_len(&self) -> usize {
        self.a.max_len().min(self.b.max_len())
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let (a_count, b_count) = self.counts_before(index);
        let (a_left, a_right) = self.a.split_at(a_count);
        let (b_left, b_right) = self.b.split_at(b_count);
        let left = InterleaveProducer {
            a: a_left,
            b: b_left,
            a_len: a_count,
            b_len: b_count,
            a_next: self.a_next,
        };
        // An odd number of turns before the cut hands the first turn after
        // it to the other side.
        let right = InterleaveProducer {
            a: a_right,
            b: b_right,
            a_len: self.a_len - a_count,
            b_len: self.b_len - b_count,
            a_next: self.a_next != (index % 2 == 1),
        };
        (left, right)
    }
}

/// The sequential iterator of an [`InterleaveProducer`].
pub(super) struct InterleaveIter<A, B> {
    a: A,
    b: B,
    /// Whose turn is next, while both sides have items.
    a_next: bool,
}

impl<A, B> Iterator for InterleaveIter<A, B>
where
    A: ExactSizeIterator,
    B: ExactSizeIterator<Item = A::Item>,
{
    type Item = A::Item;

    fn next(&mut self) -> Option<A::Item> {
        // `a` gives the item when it is its turn and it has one, or when
        // `b` has none left.
        let from_a = if self.a_next {
            self.a.len() > 0
        } else {
            self.b.len() == 0
        };
        self.a_next = !from_a;
        if from_a {
            self.a.next()
        } else {
            self.b.next()
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.a.len() + self.b.len();
        (len, Some(len))
    }
}

impl<A, B> DoubleEndedIterator for InterleaveIter<A, B>
where
    A: DoubleEndedIterator + ExactSizeIterator,
    B: DoubleEndedIterator + ExactSizeIterator<Item = A::Item>,
{
    fn next_back(&mut self) -> Option<A::Item> {
        // The last item is `a`'s when `a` has more items than `b`, or as
        // many and `b` goes first.
        let (a_len, b_len) = (self.a.len(), self.b.len());
        if a_len > b_len || (a_len == b_len && !self.a_next) {
            self.a.next_back()
        } else {
            self.b.next_back()
        }
    }
}

impl<A, B> ExactSizeIterator for InterleaveIter<A, B>
where
    A: ExactSizeIterator,
    B: ExactSizeIterator<Item = A::Item>,
{
}
