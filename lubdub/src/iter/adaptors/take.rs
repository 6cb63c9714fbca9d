//! [`Take`]: `take(n)`, the first `n` items.

use super::by_producer::indexed_by_producer;
use crate::iter::plumbing::{Producer, ProducerCallback};
use crate::iter::IndexedParallelIterator;

/// The iterator of [`IndexedParallelIterator::take`]: the first `n` items
/// (all of them when there are no more than `n`).
///
/// ```
/// use lubdub::prelude::*;
///
/// let v: Vec<i32> = (0..5).into_par_iter().take(2).collect();
/// assert_eq!(v, [0, 1]);
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct Take<I> {
    base: I,
    /// How many items are taken: at most `base.len()`.
    n: usize,
}

impl<I: IndexedParallelIterator> Take<I> {
    pub(crate) fn new(base: I, n: usize) -> Self {
        let n = n.min(base.len());
        Take { base, n }
    }
}

indexed_by_producer! {
    impl[I: IndexedParallelIterator] Take<I>, Item = I::Item;

    fn len(&self) -> usize {
        self.n
    }

    fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
        return self.base.with_producer(Callback {
            callback,
            n: self.n,
        });

        struct Callback<CB> {
            callback: CB,
            n: usize,
        }

        impl<T, CB: ProducerCallback<T>> ProducerCallback<T> for Callback<CB> {
            type Output = CB::Output;
            fn callback<P: Producer<Item = T>>(self, base: P) -> CB::Output {
                self.callback.callback(base.split_at(self.n).0)
            }
        }
    }
}
