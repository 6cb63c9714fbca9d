//! [`Run`]: a sorted run of the slice or of the merge sort's buffer.

use std::mem::MaybeUninit;
use std::ptr;

/// A sorted run of the slice or of the buffer, read through a raw pointer
/// so that both halves of a split merge can read it without `T: Sync`:
/// each element is read by one thread at a time (a split's binary search
/// happens before the split).
pub(super) struct Run<T> {
    ptr: *const T,
    len: usize,
}

impl<T> Clone for Run<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Run<T> {}

// SAFETY: a `Run` only reads `T`s that the sorting thread owns (`T: Send`);
// the runs handed to the two sides of a `join` are disjoint.
unsafe impl<T: Send> Send for Run<T> {}

impl<T> Run<T> {
    pub(super) fn of(v: &[T]) -> Self {
        Self {
            ptr: v.as_ptr(),
            len: v.len(),
        }
    }

    /// The elements a merge or a copy wrote into `buffer`; every slot must
    /// be written.
    pub(super) fn of_buffer(buffer: &[MaybeUninit<T>]) -> Self {
        Self {
            ptr: buffer.as_ptr().cast::<T>(),
            len: buffer.len(),
        }
    }

    /// The run from `start` up to (not including) `end`.
    ///
    /// # Safety
    /// Both point into (or one past) the same run, `start` not after `end`;
    /// `T` is not zero-sized.
    pub(super) unsafe fn between(start: *const T, end: *const T) -> Self {
        Self {
            ptr: start,
            // SAFETY: per the contract.
            len: unsafe { end.offset_from(start) } as usize,
        }
    }

    pub(super) fn empty() -> Self {
        Self {
            ptr: ptr::NonNull::dangling().as_ptr(),
            len: 0,
        }
    }

    pub(super) fn len(self) -> usize {
        self.len
    }

    pub(super) fn is_empty(self) -> bool {
        self.len == 0
    }

    pub(super) fn start(self) -> *const T {
        self.ptr
    }

    pub(super) fn end(self) -> *const T {
        // SAFETY: one past the end of the run.
        unsafe { self.ptr.add(self.len) }
    }

    pub(super) fn split_at(self, mid: usize) -> (Self, Self) {
        assert!(mid <= self.len);
        (
            Self {
                ptr: self.ptr,
                len: mid,
            },
            Self {
                // SAFETY: `mid <= len`: at most one past the end.
                ptr: unsafe { self.ptr.add(mid) },
                len: self.len - mid,
            },
        )
    }

    pub(super) fn as_slice<'a>(self) -> &'a [T] {
        // SAFETY: the run is a live, fully written part of the slice or of
        // the buffer, which nobody writes while it is merged.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }

    pub(super) fn first<'a>(self) -> &'a T {
        &self.as_slice()[0]
    }

    pub(super) fn last<'a>(self) -> &'a T {
        &self.as_slice()[self.len - 1]
    }
}
