//! [`MinLen`] and [`MaxLen`]: `with_min_len` and `with_max_len`, bounds on
//! how the bridge cuts the loop (see [`Producer::min_len`] and
//! [`Producer::max_len`]).

use crate::iter::plumbing::{
    bridge, bridge_unindexed_consumer, Consumer, Folder, Producer, ProducerCallback,
    UnindexedConsumer,
};
use crate::iter::{IndexedParallelIterator, ParallelIterator};

/// The iterator of [`IndexedParallelIterator::with_min_len`]: the same
/// items, never cut into pieces of fewer than `min` items (unless there are
/// fewer to begin with).
///
/// ```
/// use lubdub::prelude::*;
///
/// let sum: u64 = (0..1000u64).into_par_iter().with_min_len(100).sum();
/// assert_eq!(sum, 499_500);
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct MinLen<I> {
    base: I,
    min: usize,
}

impl<I> MinLen<I> {
    pub(crate) fn new(base: I, min: usize) -> Self {
        MinLen { base, min }
    }
}

/// The iterator of [`IndexedParallelIterator::with_max_len`]: the same
/// items, handed to the consumer in runs of at most `max` items (unless a
/// minimum set by [`with_min_len`](IndexedParallelIterator::with_min_len)
/// is larger: the minimum wins).
///
/// ```
/// use lubdub::prelude::*;
///
/// let sum: u64 = (0..1000u64).into_par_iter().with_max_len(10).sum();
/// assert_eq!(sum, 499_500);
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct MaxLen<I> {
    base: I,
    max: usize,
}

impl<I> MaxLen<I> {
    pub(crate) fn new(base: I, max: usize) -> Self {
        MaxLen { base, max }
    }
}

/// `ParallelIterator` and `IndexedParallelIterator` for a length-bound
/// adaptor whose producer is `LimitProducer` with the given bounds.
macro_rules! length_bound_iterator {
    ($Adaptor:ident, $field:ident, |$limit:ident| $bounds:expr) => {
        impl<I: IndexedParallelIterator> ParallelIterator for $Adaptor<I> {
            type Item = I::Item;

            fn drive_unindexed<C: UnindexedConsumer<Self::Item>>(self, consumer: C) -> C::Result {
                bridge_unindexed_consumer(self, consumer)
            }

            fn opt_len(&self) -> Option<usize> {
                Some(self.len())
            }
        }

        impl<I: IndexedParallelIterator> IndexedParallelIterator for $Adaptor<I> {
            fn drive<C: Consumer<Self::Item>>(self, consumer: C) -> C::Result {
                bridge(self, consumer)
            }

            fn len(&self) -> usize {
                self.base.len()
            }

            fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
                let $limit = self.$field;
                self.base.with_producer(Callback {
                    callback,
                    bounds: $bounds,
                })
            }
        }
    };
}

length_bound_iterator!(MinLen, min, |min| Bounds {
    min,
    max: usize::MAX
});
length_bound_iterator!(MaxLen, max, |max| Bounds { min: 1, max });

/// The bounds a length-bound adaptor adds to its base producer's.
#[derive(Clone, Copy)]
struct Bounds {
    min: usize,
    max: usize,
}

struct Callback<CB> {
    callback: CB,
    bounds: Bounds,
}

impl<T, CB: ProducerCallback<T>> ProducerCallback<T> for Callback<CB> {
    type Output = CB::Output;
    fn callback<P: Producer<Item = T>>(self, base: P) -> CB::Output {
        self.callback.callback(LimitProducer {
            base,
            bounds: self.bounds,
        })
    }
}

/// `base` with `bounds` added to its own.
struct LimitProducer<P> {
    base: P,
    bounds: Bounds,
}

impl<P: Producer> Producer for LimitProducer<P> {
    type Item = P::Item;
    type IntoIter = P::IntoIter;

    fn into_iter(self) -> Self::IntoIter {
        self.base.into_iter()
    }

    fn min_len(&self) -> usize {
        self.base.min_len().max(self.bounds.min)
    }

    fn max_len(&self) -> usize {
        self.base.max_len().min(self.bounds.max)
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let (left, right) = self.base.split_at(index);
        let bounds = self.bounds;
        (
            LimitProducer { base: left, bounds },
            LimitProducer {
                base: right,
                bounds,
            },
        )
    }

    fn fold_with<F: Folder<Self::Item>>(self, folder: F) -> F {
        self.base.fold_with(folder)
    }
}
