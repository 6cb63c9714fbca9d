//! [`once`] and [`empty`]: parallel iterators of one item and of none.

use std::marker::PhantomData;

use crate::iter::plumbing::{
    bridge, bridge_unindexed_consumer, Consumer, Producer, ProducerCallback, UnindexedConsumer,
};
use crate::iter::{IndexedParallelIterator, ParallelIterator};

/// A parallel iterator of exactly one item.
///
/// ```
/// use lubdub::prelude::*;
///
/// let v: Vec<i32> = (0..3).into_par_iter().chain(lubdub::iter::once(3)).collect();
/// assert_eq!(v, [0, 1, 2, 3]);
/// ```
pub fn once<T: Send>(item: T) -> Once<T> {
    Once { item }
}

/// The iterator of [`once`].
///
/// ```
/// use lubdub::prelude::*;
///
/// assert_eq!(lubdub::iter::once(7).sum::<i32>(), 7);
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Once<T> {
    item: T,
}

impl<T: Send> ParallelIterator for Once<T> {
    type Item = T;

    fn drive_unindexed<C: UnindexedConsumer<T>>(self, consumer: C) -> C::Result {
        bridge_unindexed_consumer(self, consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(1)
    }
}

impl<T: Send> IndexedParallelIterator for Once<T> {
    fn drive<C: Consumer<T>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn len(&self) -> usize {
        1
    }

    fn with_producer<CB: ProducerCallback<T>>(self, callback: CB) -> CB::Output {
        callback.callback(OptionProducer {
            item: Some(self.item),
        })
    }
}

/// A parallel iterator of no items.
///
/// ```
/// use lubdub::prelude::*;
///
/// let none: Vec<String> = lubdub::iter::empty().collect();
/// assert!(none.is_empty());
/// ```
pub fn empty<T: Send>() -> Empty<T> {
    Empty {
        marker: PhantomData,
    }
}

/// The iterator of [`empty`].
///
/// ```
/// use lubdub::prelude::*;
///
/// assert_eq!(lubdub::iter::empty::<u8>().count(), 0);
/// ```
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Empty<T> {
    marker: PhantomData<fn() -> T>,
}

impl<T> Clone for Empty<T> {
    fn clone(&self) -> Self {
        Empty {
            marker: PhantomData,
        }
    }
}

impl<T: Send> std::fmt::Debug for Empty<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Empty")
    }
}

impl<T: Send> ParallelIterator for Empty<T> {
    type Item = T;

    fn drive_unindexed<C: UnindexedConsumer<T>>(self, consumer: C) -> C::Result {
        bridge_unindexed_consumer(self, consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(0)
    }
}

impl<T: Send> IndexedParallelIterator for Empty<T> {
    fn drive<C: Consumer<T>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn len(&self) -> usize {
        0
    }

    fn with_producer<CB: ProducerCallback<T>>(self, callback: CB) -> CB::Output {
        callback.callback(OptionProducer { item: None })
    }
}

/// The producer of zero or one item: `Once`, `Empty`, and `Option`'s
/// parallel iterators.
#[derive(Debug)]
pub(crate) struct OptionProducer<T> {
    pub(crate) item: Option<T>,
}

impl<T: Send> Producer for OptionProducer<T> {
    type Item = T;
    type IntoIter = std::option::IntoIter<T>;

    fn into_iter(self) -> Self::IntoIter {
        self.item.into_iter()
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        // `index` is 0 or the length (at most 1): the item stays on the
        // side that holds position 0.
        match index {
            0 => (OptionProducer { item: None }, self),
            _ => (self, OptionProducer { item: None }),
        }
    }
}
