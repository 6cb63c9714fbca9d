//! [`StepBy`]: `step_by(step)`, every `step`-th item.

use super::by_producer::indexed_by_producer;
use crate::iter::plumbing::{Producer, ProducerCallback};
use crate::iter::IndexedParallelIterator;

/// The iterator of [`IndexedParallelIterator::step_by`]: the first item,
/// then every `step`-th one after it.
///
/// ```
/// use lubdub::prelude::*;
///
/// let v: Vec<i32> = (0..10).into_par_iter().step_by(4).collect();
/// assert_eq!(v, [0, 4, 8]);
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct StepBy<I> {
    base: I,
    /// Never zero.
    step: usize,
}

impl<I> StepBy<I> {
    pub(crate) fn new(base: I, step: usize) -> Self {
        assert!(step != 0, "step_by's step must not be zero");
        StepBy { base, step }
    }
}

indexed_by_producer! {
    impl[I: IndexedParallelIterator] StepBy<I>, Item = I::Item;

    fn len(&self) -> usize {
        self.base.len().div_ceil(self.step)
    }

    fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
        let base_len = self.base.len();
        return self.base.with_producer(Callback {
            callback,
            step: self.step,
            base_len,
        });

        struct Callback<CB> {
            callback: CB,
            step: usize,
            base_len: usize,
        }

        impl<T, CB: ProducerCallback<T>> ProducerCallback<T> for Callback<CB> {
            type Output = CB::Output;
            fn callback<P: Producer<Item = T>>(self, base: P) -> CB::Output {
                self.callback.callback(StepByProducer {
                    base,
                    step: self.step,
                    base_len: self.base_len,
                })
            }
        }
    }
}

/// Every `step`-th of the `base_len` items of `base`, from its first.
struct StepByProducer<P> {
    base: P,
    step: usize,
    base_len: usize,
}

impl<P: Producer> Producer for StepByProducer<P> {
    type Item = P::Item;
    type IntoIter = std::iter::StepBy<P::IntoIter>;

    fn into_iter(self) -> Self::IntoIter {
        self.base.into_iter().step_by(self.step)
    }

    fn min_len(&self) -> usize {
        self.base.min_len().div_ceil(self.step)
    }

    fn max_len(&self) -> usize {
        self.base.max_len() / self.step
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        // Item `index` is the base's item `index * step`; past the end the
        // cut is at the end.
        let base_index = index.saturating_mul(self.step).min(self.base_len);
        let (left, right) = self.base.split_at(base_index);
        (
            StepByProducer {
                base: left,
                step: self.step,
                base_len: base_index,
            },
            StepByProducer {
                base: right,
                step: self.step,
                base_len: self.base_len - base_index,
            },
        )
    }
}
