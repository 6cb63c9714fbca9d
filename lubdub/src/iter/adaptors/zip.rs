//! [`Zip`]: `zip`, pairs of items at the same position.

use std::cmp::min;

use super::by_producer::indexed_by_producer;
use super::pair_producers::{with_producers, PairCallback};
use crate::iter::plumbing::{Producer, ProducerCallback};
use crate::iter::IndexedParallelIterator;

/// The iterator of [`IndexedParallelIterator::zip`]: as long as the shorter
/// of its two iterators.
///
/// ```
/// use lubdub::prelude::*;
///
/// let a = [1, 2, 3];
/// let pairs: Vec<(&i32, u8)> = a.par_iter().zip(10..12u8).collect();
/// assert_eq!(pairs, [(&1, 10), (&2, 11)]);
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct Zip<A, B> {
    a: A,
    b: B,
}

impl<A, B> Zip<A, B> {
    pub(crate) fn new(a: A, b: B) -> Self {
        Zip { a, b }
    }
}

indexed_by_producer! {
    impl[A, B] Zip<A, B>
    where [
        A: IndexedParallelIterator,
        B: IndexedParallelIterator,
    ], Item = (A::Item, B::Item);

    fn len(&self) -> usize {
        min(self.a.len(), self.b.len())
    }

    fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
        // Each side's producer is cut to the common length first, so both
        // halves of every later cut have equal lengths.
        let len = self.len();
        return with_producers(self.a, self.b, Callback { callback, len });

        struct Callback<CB> {
            callback: CB,
            len: usize,
        }

        impl<CB, ItemA, ItemB> PairCallback<ItemA, ItemB> for Callback<CB>
        where
            CB: ProducerCallback<(ItemA, ItemB)>,
        {
            type Output = CB::Output;
            fn callback<PA, PB>(self, a: PA, b: PB) -> CB::Output
            where
                PA: Producer<Item = ItemA>,
                PB: Producer<Item = ItemB>,
            {
                let a = a.split_at(self.len).0;
                let b = b.split_at(self.len).0;
                self.callback.callback(ZipProducer { a, b })
            }
        }
    }
}

struct ZipProducer<A, B> {
    a: A,
    b: B,
}

impl<A: Producer, B: Producer> Producer for ZipProducer<A, B> {
    type Item = (A::Item, B::Item);
    type IntoIter = std::iter::Zip<A::IntoIter, B::IntoIter>;

    fn into_iter(self) -> Self::IntoIter {
        self.a.into_iter().zip(self.b.into_iter())
    }

    fn min_len(&self) -> usize {
        self.a.min_len().max(self.b.min_len())
    }

    fn max_len(&self) -> usize {
        self.a.max_len().min(self.b.max_len())
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let (a_left, a_right) = self.a.split_at(index);
        let (b_left, b_right) = self.b.split_at(index);
        (
            ZipProducer {
                a: a_left,
                b: b_left,
            },
            ZipProducer {
                a: a_right,
                b: b_right,
            },
        )
    }
}
