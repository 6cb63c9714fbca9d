//! [`Zip`]: `zip`, pairs of items at the same position.

use std::cmp::min;

use super::by_producer::indexed_by_producer;
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
        return self.a.with_producer(FirstCallback {
            callback,
            b: self.b,
            len,
        });

        struct FirstCallback<CB, B> {
            callback: CB,
            b: B,
            len: usize,
        }

        impl<CB, ItemA, B> ProducerCallback<ItemA> for FirstCallback<CB, B>
        where
            B: IndexedParallelIterator,
            CB: ProducerCallback<(ItemA, B::Item)>,
        {
            type Output = CB::Output;
            fn callback<PA: Producer<Item = ItemA>>(self, a: PA) -> CB::Output {
                let a = a.split_at(self.len).0;
                self.b.with_producer(SecondCallback {
                    callback: self.callback,
                    a,
                    len: self.len,
                })
            }
        }

        struct SecondCallback<CB, PA> {
            callback: CB,
            a: PA,
            len: usize,
        }

        impl<CB, PA, ItemB> ProducerCallback<ItemB> for SecondCallback<CB, PA>
        where
            PA: Producer,
            CB: ProducerCallback<(PA::Item, ItemB)>,
        {
            type Output = CB::Output;
            fn callback<PB: Producer<Item = ItemB>>(self, b: PB) -> CB::Output {
                let b = b.split_at(self.len).0;
                self.callback.callback(ZipProducer { a: self.a, b })
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
