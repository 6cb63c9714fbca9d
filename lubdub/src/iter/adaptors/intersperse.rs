//! [`Intersperse`]: `intersperse`, a clone of a separator between every two
//! neighbouring items.
//!
//! Where the base iterator's positions are known, a piece of the loop knows
//! from its position whether it starts with a separator
//! ([`IntersperseConsumer`], [`IntersperseProducer`]). Where they are not (a
//! `filter` upstream), a piece may turn out empty, so no piece can tell
//! whether an item comes before it: each piece separates only its own items,
//! and a separator is added where two pieces that both had items are joined
//! ([`GapConsumer`]).

use super::intersperse_consumers::{GapConsumer, IntersperseConsumer};
use super::intersperse_producer::IntersperseProducer;
use crate::iter::plumbing::{Consumer, Producer, ProducerCallback, UnindexedConsumer};
use crate::iter::{IndexedParallelIterator, ParallelIterator};

/// The iterator of [`ParallelIterator::intersperse`].
///
/// ```
/// use lubdub::prelude::*;
///
/// let v: Vec<i32> = (1..4).into_par_iter().intersperse(0).collect();
/// assert_eq!(v, [1, 0, 2, 0, 3]);
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct Intersperse<I>
where
    I: ParallelIterator,
{
    base: I,
    item: I::Item,
}

impl<I> Intersperse<I>
where
    I: ParallelIterator<Item: Clone>,
{
    pub(crate) fn new(base: I, item: I::Item) -> Self {
        Intersperse { base, item }
    }
}

/// The number of items once `len` items have a separator between each two.
fn interspersed_len(len: usize) -> Option<usize> {
    match len {
        0 => Some(0),
        len => len.checked_add(len - 1),
    }
}

impl<I> ParallelIterator for Intersperse<I>
where
    I: ParallelIterator<Item: Clone>,
{
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<I::Item>>(self, consumer: C) -> C::Result {
        if self.base.opt_len().is_some() {
            let consumer = IntersperseConsumer::new(consumer, self.item);
            self.base.drive_unindexed(consumer)
        } else {
            let (result, _had_items) = self
                .base
                .drive_unindexed(GapConsumer::new(consumer, self.item));
            result
        }
    }

    fn opt_len(&self) -> Option<usize> {
        interspersed_len(self.base.opt_len()?)
    }
}

impl<I> IndexedParallelIterator for Intersperse<I>
where
    I: IndexedParallelIterator<Item: Clone>,
{
    fn drive<C: Consumer<I::Item>>(self, consumer: C) -> C::Result {
        self.base
            .drive(IntersperseConsumer::new(consumer, self.item))
    }

    /// # Panics
    ///
    /// When the length overflows `usize` (more than `usize::MAX / 2` items).
    fn len(&self) -> usize {
        interspersed_len(self.base.len()).expect("the length of an intersperse overflows usize")
    }

    fn with_producer<CB: ProducerCallback<I::Item>>(self, callback: CB) -> CB::Output {
        let len = self.len();
        return self.base.with_producer(Callback {
            callback,
            item: self.item,
            len,
        });

        struct Callback<CB, T> {
            callback: CB,
            item: T,
            len: usize,
        }

        impl<T, CB> ProducerCallback<T> for Callback<CB, T>
        where
            CB: ProducerCallback<T>,
            T: Clone + Send,
        {
            type Output = CB::Output;

            fn callback<P: Producer<Item = T>>(self, base: P) -> CB::Output {
                let producer = IntersperseProducer::new(base, self.item, self.len);
                self.callback.callback(producer)
            }
        }
    }
}
