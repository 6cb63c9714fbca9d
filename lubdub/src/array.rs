//! `into_par_iter()` of an array by value, with Rayon's path
//! (`lubdub::array::IntoIter`). The references `&[T; N]` and `&mut [T; N]`
//! iterate as slices (`lubdub::slice`).
//!
//! ```
//! use lubdub::prelude::*;
//!
//! let words = [String::from("lub"), String::from("dub")];
//! let lengths: Vec<usize> = words.into_par_iter().map(|w| w.len()).collect();
//! assert_eq!(lengths, [3, 3]);
//! ```

use crate::iter::plumbing::{Consumer, ProducerCallback, UnindexedConsumer};
use crate::iter::{IndexedParallelIterator, IntoParallelIterator, ParallelIterator};
use crate::vec;

/// `into_par_iter()` of a `[T; N]`: its items, moved out (through a `Vec`).
///
/// ```
/// use lubdub::prelude::*;
///
/// let iter: lubdub::array::IntoIter<u8, 3> = [1u8, 2, 3].into_par_iter();
/// assert_eq!(iter.len(), 3);
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct IntoIter<T, const N: usize> {
    inner: vec::IntoIter<T>,
}

impl<T: Send, const N: usize> IntoParallelIterator for [T; N] {
    type Iter = IntoIter<T, N>;
    type Item = T;

    fn into_par_iter(self) -> IntoIter<T, N> {
        IntoIter {
            inner: Vec::from(self).into_par_iter(),
        }
    }
}

impl<T: Send, const N: usize> ParallelIterator for IntoIter<T, N> {
    type Item = T;

    fn drive_unindexed<C>(self, consumer: C) -> C::Result
    where
        C: UnindexedConsumer<T>,
    {
        self.inner.drive_unindexed(consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(N)
    }
}

impl<T: Send, const N: usize> IndexedParallelIterator for IntoIter<T, N> {
    fn drive<C: Consumer<T>>(self, consumer: C) -> C::Result {
        self.inner.drive(consumer)
    }

    fn len(&self) -> usize {
        N
    }

    fn with_producer<CB: ProducerCallback<T>>(self, callback: CB) -> CB::Output {
        self.inner.with_producer(callback)
    }
}
