//! [`Enumerate`]: items paired with their positions.

use crate::iter::plumbing::{Consumer, Producer, ProducerCallback};
use crate::iter::private::Sealed;
use crate::iter::{indexed, IndexedParallelIterator, ParallelIterator};

/// The iterator of [`IndexedParallelIterator::enumerate`].
///
/// ```
/// use lubdub::prelude::*;
///
/// let at: Vec<usize> = [5, 6, 5].par_iter().enumerate().filter(|(_, &x)| x == 5).map(|(i, _)| i).collect();
/// assert_eq!(at, [0, 2]);
/// ```
#[derive(Clone, Debug)]
pub struct Enumerate<I> {
    base: I,
}

impl<I> Enumerate<I> {
    pub(crate) fn new(base: I) -> Self {
        Self { base }
    }
}

impl<I: IndexedParallelIterator> ParallelIterator for Enumerate<I> {
    type Item = (usize, I::Item);

    fn drive<C: Consumer<Self::Item>>(self, consumer: &C) -> C::Result {
        indexed::drive(self, consumer)
    }

    fn opt_len(&self, sealed: Sealed) -> Option<usize> {
        self.base.opt_len(sealed)
    }
}

impl<I: IndexedParallelIterator> IndexedParallelIterator for Enumerate<I> {
    fn len(&self) -> usize {
        self.base.len()
    }

    fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
        self.base.with_producer(EnumerateCallback { callback })
    }
}

struct EnumerateCallback<CB> {
    callback: CB,
}

impl<T, CB: ProducerCallback<(usize, T)>> ProducerCallback<T> for EnumerateCallback<CB> {
    type Output = CB::Output;
    fn callback<P: Producer<Item = T>>(self, base: P) -> CB::Output {
        self.callback
            .callback(EnumerateProducer { base, offset: 0 })
    }
}

struct EnumerateProducer<P> {
    base: P,
    offset: usize,
}

impl<P: Producer> Producer for EnumerateProducer<P> {
    type Item = (usize, P::Item);
    type IntoIter = std::iter::Zip<std::ops::Range<usize>, P::IntoIter>;
    fn len(&self) -> usize {
        self.base.len()
    }
    fn split_at(self, index: usize) -> (Self, Self) {
        let (left, right) = self.base.split_at(index);
        (
            Self {
                base: left,
                offset: self.offset,
            },
            Self {
                base: right,
                offset: self.offset + index,
            },
        )
    }
    fn into_iter(self) -> Self::IntoIter {
        (self.offset..self.offset + self.base.len()).zip(self.base.into_iter())
    }
}
