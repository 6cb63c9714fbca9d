//! Parallel iterators over vectors, with Rayon's names (`rayon::vec`):
//! [`IntoIter`] (`into_par_iter()` of a `Vec` or boxed slice, moving the
//! items out) and [`Drain`] (`par_drain(range)`).
//!
//! Both are indexed: their producer owns the items it has not yet handed
//! out and drops them if the loop stops early or panics, so every item is
//! moved out or dropped exactly once.
//!
//! ```
//! use lubdub::prelude::*;
//!
//! let words = vec![String::from("lub"), String::from("dub")];
//! let joined: Vec<String> = words.into_par_iter().map(|w| w + "!").collect();
//! assert_eq!(joined, ["lub!", "dub!"]);
//! ```

mod drain;
pub(crate) mod drain_producer;

pub use drain::Drain;

use crate::iter::plumbing::{
    bridge, bridge_unindexed_consumer, Consumer, ProducerCallback, UnindexedConsumer,
};
use crate::iter::{
    IndexedParallelIterator, IntoParallelIterator, ParallelDrainRange, ParallelIterator,
};
use crate::slice::{Iter, IterMut};

/// The iterator of `into_par_iter()` on a `Vec` or a `Box<[T]>`: moves the
/// items out.
///
/// ```
/// use lubdub::prelude::*;
///
/// let words = vec![String::from("a"), String::from("bc")];
/// let total: usize = words.into_par_iter().map(|s| s.len()).sum();
/// assert_eq!(total, 3);
/// ```
#[derive(Debug, Clone)]
pub struct IntoIter<T> {
    vec: Vec<T>,
}

impl<T: Send> IntoParallelIterator for Vec<T> {
    type Iter = IntoIter<T>;
    type Item = T;
    fn into_par_iter(self) -> IntoIter<T> {
        IntoIter { vec: self }
    }
}

impl<T: Send> IntoParallelIterator for Box<[T]> {
    type Iter = IntoIter<T>;
    type Item = T;
    fn into_par_iter(self) -> IntoIter<T> {
        IntoIter { vec: self.into() }
    }
}

impl<'data, T: Sync> IntoParallelIterator for &'data Vec<T> {
    type Iter = Iter<'data, T>;
    type Item = &'data T;
    fn into_par_iter(self) -> Iter<'data, T> {
        self.as_slice().into_par_iter()
    }
}

impl<'data, T: Send> IntoParallelIterator for &'data mut Vec<T> {
    type Iter = IterMut<'data, T>;
    type Item = &'data mut T;
    fn into_par_iter(self) -> IterMut<'data, T> {
        self.as_mut_slice().into_par_iter()
    }
}

impl<T: Send> ParallelIterator for IntoIter<T> {
    type Item = T;

    fn drive_unindexed<C: UnindexedConsumer<T>>(self, consumer: C) -> C::Result {
        bridge_unindexed_consumer(self, consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(self.vec.len())
    }
}

impl<T: Send> IndexedParallelIterator for IntoIter<T> {
    fn drive<C: Consumer<T>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn len(&self) -> usize {
        self.vec.len()
    }

    fn with_producer<CB: ProducerCallback<T>>(mut self, callback: CB) -> CB::Output {
        // Draining every item leaves the vector only its buffer to free.
        self.vec.par_drain(..).with_producer(callback)
    }
}
