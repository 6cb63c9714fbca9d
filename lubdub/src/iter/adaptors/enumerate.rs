//! [`Enumerate`]: `enumerate`, each item with its position.

use std::ops::Range;

use super::base_hints::lens_from_base;
use super::by_producer::indexed_by_producer;
use crate::iter::plumbing::{Producer, ProducerCallback};
use crate::iter::IndexedParallelIterator;

/// The iterator of [`IndexedParallelIterator::enumerate`]: pairs each item
/// with its position, counted from zero.
///
/// ```
/// use lubdub::prelude::*;
///
/// let v: Vec<(usize, &char)> = ['a', 'b'].par_iter().enumerate().collect();
/// assert_eq!(v, [(0, &'a'), (1, &'b')]);
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct Enumerate<I> {
    base: I,
}

impl<I> Enumerate<I> {
    pub(crate) fn new(base: I) -> Self {
        Enumerate { base }
    }
}

indexed_by_producer! {
    impl[I: IndexedParallelIterator] Enumerate<I>, Item = (usize, I::Item);

    fn len(&self) -> usize {
        self.base.len()
    }

    fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
        return self.base.with_producer(Callback { callback });

        struct Callback<CB> {
            callback: CB,
        }

        impl<T, CB> ProducerCallback<T> for Callback<CB>
        where
            CB: ProducerCallback<(usize, T)>,
        {
            type Output = CB::Output;
            fn callback<P: Producer<Item = T>>(self, base: P) -> CB::Output {
                self.callback
                    .callback(EnumerateProducer { base, offset: 0 })
            }
        }
    }
}

/// A producer whose first item sits at position `offset`.
struct EnumerateProducer<P> {
    base: P,
    offset: usize,
}

impl<P: Producer> Producer for EnumerateProducer<P> {
    type Item = (usize, P::Item);
    type IntoIter = std::iter::Zip<Range<usize>, P::IntoIter>;

    fn into_iter(self) -> Self::IntoIter {
        let items = self.base.into_iter();
        // The positions of a producer's items fit in `usize`: its iterator's
        // length does, and so does the offset plus that length.
        let end = self.offset + items.len();
        (self.offset..end).zip(items)
    }

    lens_from_base!();

    fn split_at(self, index: usize) -> (Self, Self) {
        let (left, right) = self.base.split_at(index);
        (
            EnumerateProducer {
                base: left,
                offset: self.offset,
            },
            EnumerateProducer {
                base: right,
                offset: self.offset + index,
            },
        )
    }
}
