//! [`Rev`]: `rev`, the items in reverse order.

use super::base_hints::lens_from_base;
use super::by_producer::indexed_by_producer;
use crate::iter::plumbing::{Producer, ProducerCallback};
use crate::iter::IndexedParallelIterator;

/// The iterator of [`IndexedParallelIterator::rev`]: the last item first.
///
/// ```
/// use lubdub::prelude::*;
///
/// let v: Vec<u8> = (1..4u8).into_par_iter().rev().collect();
/// assert_eq!(v, [3, 2, 1]);
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct Rev<I> {
    base: I,
}

impl<I> Rev<I> {
    pub(crate) fn new(base: I) -> Self {
        Rev { base }
    }
}

indexed_by_producer! {
    impl[I: IndexedParallelIterator] Rev<I>, Item = I::Item;

    fn len(&self) -> usize {
        self.base.len()
    }

    fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
        let len = self.base.len();
        return self.base.with_producer(Callback { callback, len });

        struct Callback<CB> {
            callback: CB,
            len: usize,
        }

        impl<T, CB: ProducerCallback<T>> ProducerCallback<T> for Callback<CB> {
            type Output = CB::Output;
            fn callback<P: Producer<Item = T>>(self, base: P) -> CB::Output {
                self.callback.callback(RevProducer {
                    base,
                    len: self.len,
                })
            }
        }
    }
}

/// The `len` items of `base`, back to front.
struct RevProducer<P> {
    base: P,
    len: usize,
}

impl<P: Producer> Producer for RevProducer<P> {
    type Item = P::Item;
    type IntoIter = std::iter::Rev<P::IntoIter>;

    fn into_iter(self) -> Self::IntoIter {
        self.base.into_iter().rev()
    }

    lens_from_base!();

    fn split_at(self, index: usize) -> (Self, Self) {
        // The first `index` reversed items are the last `index` of `base`.
        let rest = self.len - index;
        let (base_front, base_back) = self.base.split_at(rest);
        (
            RevProducer {
                base: base_back,
                len: index,
            },
            RevProducer {
                base: base_front,
                len: rest,
            },
        )
    }
}
