//! [`IntoIter`]: `into_par_iter()` of a `Vec`, moving its items out.
//!
//! The vector's length is set to zero first; its items are then owned by
//! [`DrainProducer`]s, each of which moves its items out when iterated and
//! drops the ones left over when dropped (after a panic, or a short-circuit).
//! The buffer itself is freed when the vector drops at the end.

use std::mem;
use std::ptr;

use crate::iter::plumbing::{Consumer, Producer, ProducerCallback};
use crate::iter::private::Sealed;
use crate::iter::{indexed, IndexedParallelIterator, IntoParallelIterator, ParallelIterator};

/// The parallel iterator that moves the items out of a vector.
///
/// ```
/// use lubdub::prelude::*;
///
/// let words = vec![String::from("a"), String::from("bc")];
/// let total: usize = words.into_par_iter().map(|s| s.len()).sum();
/// assert_eq!(total, 3);
/// ```
#[derive(Debug)]
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

impl<T: Send> ParallelIterator for IntoIter<T> {
    type Item = T;

    fn drive<C: Consumer<T>>(self, consumer: &C) -> C::Result {
        indexed::drive(self, consumer)
    }

    fn opt_len(&self, _: Sealed) -> Option<usize> {
        Some(self.vec.len())
    }
}

impl<T: Send> IndexedParallelIterator for IntoIter<T> {
    fn len(&self) -> usize {
        self.vec.len()
    }

    fn with_producer<CB: ProducerCallback<T>>(mut self, callback: CB) -> CB::Output {
        let len = self.vec.len();
        // SAFETY: the items move to the producer; with the length at zero
        // the vector only frees its buffer when it drops, after the producer
        // and every piece of it are gone (they borrow `self.vec`).
        unsafe { self.vec.set_len(0) };
        // SAFETY: `0..len` were initialised items; they now belong to the
        // producer alone.
        let slice = unsafe { std::slice::from_raw_parts_mut(self.vec.as_mut_ptr(), len) };
        callback.callback(DrainProducer { slice })
    }
}

/// Owns the items of `slice`: moves them out when iterated, drops them when
/// dropped.
struct DrainProducer<'data, T> {
    slice: &'data mut [T],
}

impl<'data, T: Send> Producer for DrainProducer<'data, T> {
    type Item = T;
    type IntoIter = Drain<'data, T>;
    fn len(&self) -> usize {
        self.slice.len()
    }
    fn split_at(mut self, index: usize) -> (Self, Self) {
        let slice = mem::take(&mut self.slice);
        let (left, right) = slice.split_at_mut(index);
        (
            DrainProducer { slice: left },
            DrainProducer { slice: right },
        )
    }
    fn into_iter(mut self) -> Drain<'data, T> {
        Drain {
            iter: mem::take(&mut self.slice).iter_mut(),
        }
    }
}

impl<T> Drop for DrainProducer<'_, T> {
    fn drop(&mut self) {
        // SAFETY: the producer owns these items and nobody reads them after.
        unsafe { ptr::drop_in_place(self.slice) };
    }
}

/// The sequential iterator of a [`DrainProducer`].
struct Drain<'data, T> {
    iter: std::slice::IterMut<'data, T>,
}

impl<T> Iterator for Drain<'_, T> {
    type Item = T;
    fn next(&mut self) -> Option<T> {
        // SAFETY: each owned item is yielded once, and then leaves the iterator.
        self.iter.next().map(|item| unsafe { ptr::read(item) })
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.iter.size_hint()
    }
}

impl<T> Drop for Drain<'_, T> {
    fn drop(&mut self) {
        let rest = mem::take(&mut self.iter).into_slice();
        // SAFETY: the items not yielded are still owned here; dropped once.
        unsafe { ptr::drop_in_place(rest) };
    }
}
