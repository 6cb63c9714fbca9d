//! [`Skip`]: `skip(n)`, all but the first `n` items.

use super::by_producer::indexed_by_producer;
use crate::iter::consumers::for_each::ForEachConsumer;
use crate::iter::plumbing::{bridge_producer_consumer, Producer, ProducerCallback};
use crate::iter::IndexedParallelIterator;

/// The iterator of [`IndexedParallelIterator::skip`]: the items after the
/// first `n` (none when there are no more than `n`).
///
/// ```
/// use lubdub::prelude::*;
///
/// let v: Vec<i32> = (0..5).into_par_iter().skip(3).collect();
/// assert_eq!(v, [3, 4]);
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct Skip<I> {
    base: I,
    /// How many items are skipped: at most `base.len()`.
    n: usize,
}

impl<I: IndexedParallelIterator> Skip<I> {
    pub(crate) fn new(base: I, n: usize) -> Self {
        let n = n.min(base.len());
        Skip { base, n }
    }
}

indexed_by_producer! {
    impl[I: IndexedParallelIterator] Skip<I>, Item = I::Item;

    fn len(&self) -> usize {
        self.base.len() - self.n
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
                let (skipped, kept) = base.split_at(self.n);
                // The skipped items are still produced and dropped, as
                // `Iterator::skip` does: their side effects and panics
                // happen (in parallel, before the kept items run).
                bridge_producer_consumer(self.n, skipped, ForEachConsumer::new(&drop::<T>));
                self.callback.callback(kept)
            }
        }
    }
}
