//! [`DrainProducer`]: a producer that owns the items of a slice of memory
//! it borrows: it moves them out when iterated and drops those it did not
//! move when it is dropped (after a panic, or when the loop stops early).
//! Every by-value source over borrowed storage (`Vec`, its drains) runs on
//! it.

use std::iter::FusedIterator;
use std::mem;
use std::ptr;

use crate::iter::plumbing::Producer;

/// Owns the items of `slice`; moves them out or drops them, each once.
pub(crate) struct DrainProducer<'data, T> {
    slice: &'data mut [T],
}

impl<'data, T> DrainProducer<'data, T> {
    /// A producer of the items of `slice`.
    ///
    /// # Safety
    ///
    /// The items of `slice` must be initialised and owned by nobody else
    /// from now on: the producer moves or drops each one, so the storage
    /// they live in must neither read nor drop them again (a `Vec` whose
    /// length was set before them).
    pub(crate) unsafe fn new(slice: &'data mut [T]) -> Self {
        Self { slice }
    }
}

impl<'data, T: Send> Producer for DrainProducer<'data, T> {
    type Item = T;
    type IntoIter = SliceDrain<'data, T>;

    fn into_iter(mut self) -> SliceDrain<'data, T> {
        // The items pass to the iterator; `self` drops an empty slice.
        SliceDrain {
            items: mem::take(&mut self.slice).iter_mut(),
        }
    }

    fn split_at(mut self, index: usize) -> (Self, Self) {
        let (left, right) = mem::take(&mut self.slice).split_at_mut(index);
        // SAFETY: the two halves of items this producer owned, handed on.
        unsafe { (Self::new(left), Self::new(right)) }
    }
}

impl<T> Drop for DrainProducer<'_, T> {
    fn drop(&mut self) {
        // SAFETY: the producer owns these items, and nothing reads them after
        // this (see `new`).
        unsafe { ptr::drop_in_place(self.slice) };
    }
}

/// The sequential iterator of a [`DrainProducer`]: moves each item out once
/// and drops the ones it did not yield.
pub(crate) struct SliceDrain<'data, T> {
    items: std::slice::IterMut<'data, T>,
}

impl<T> Iterator for SliceDrain<'_, T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        let item: *const T = self.items.next()?;
        // SAFETY: an owned item, yielded once; the iterator has moved past it.
        Some(unsafe { ptr::read(item) })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.items.size_hint()
    }
}

impl<T> DoubleEndedIterator for SliceDrain<'_, T> {
    fn next_back(&mut self) -> Option<T> {
        let item: *const T = self.items.next_back()?;
        // SAFETY: as in `next`.
        Some(unsafe { ptr::read(item) })
    }
}

impl<T> ExactSizeIterator for SliceDrain<'_, T> {}

impl<T> FusedIterator for SliceDrain<'_, T> {}

impl<T> Drop for SliceDrain<'_, T> {
    fn drop(&mut self) {
        let rest: *mut [T] = mem::take(&mut self.items).into_slice();
        // SAFETY: the items not yielded are still owned here; each is
        // dropped once.
        unsafe { ptr::drop_in_place(rest) };
    }
}
