//! `collect`, `par_extend`, and the consumers behind them.
//!
//! An iterator of known length ([`ParallelIterator::opt_len`]) writes each
//! item straight into its slot of the vector's spare capacity
//! ([`CollectConsumer`]); the pieces' results are the ranges they wrote, and
//! the vector's length is only set once the ranges are proven to tile the
//! whole space, so a panic or a wrong length leaks items but never exposes
//! an unwritten slot. Other iterators collect one `Vec` per piece
//! ([`VecChunks`]) and append them in order.

use std::mem::MaybeUninit;

use super::plumbing::Consumer;
use super::private::Sealed;
use super::{IntoParallelIterator, ParallelIterator};

/// A collection that can be built from a parallel iterator, in order.
///
/// ```
/// use lubdub::iter::FromParallelIterator;
/// use lubdub::prelude::*;
///
/// let v = Vec::from_par_iter((0..3).into_par_iter());
/// assert_eq!(v, [0, 1, 2]);
/// ```
pub trait FromParallelIterator<T: Send> {
    /// Builds the collection from the items of `iter`.
    ///
    /// ```
    /// use lubdub::iter::FromParallelIterator;
    ///
    /// let v = Vec::from_par_iter(vec!['a', 'b']);
    /// assert_eq!(v, ['a', 'b']);
    /// ```
    fn from_par_iter<I: IntoParallelIterator<Item = T>>(iter: I) -> Self;
}

impl<T: Send> FromParallelIterator<T> for Vec<T> {
    fn from_par_iter<I: IntoParallelIterator<Item = T>>(iter: I) -> Self {
        let mut v = Vec::new();
        v.par_extend(iter);
        v
    }
}

/// A collection that can be extended by a parallel iterator, in order.
///
/// ```
/// use lubdub::prelude::*;
///
/// let mut v = vec![0];
/// v.par_extend((1..4).into_par_iter());
/// assert_eq!(v, [0, 1, 2, 3]);
/// ```
pub trait ParallelExtend<T: Send> {
    /// Appends the items of `iter`.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut v = vec!["x"];
    /// v.par_extend(["y", "z"].par_iter().copied().filter(|s| *s != "y"));
    /// assert_eq!(v, ["x", "z"]);
    /// ```
    fn par_extend<I: IntoParallelIterator<Item = T>>(&mut self, iter: I);
}

impl<T: Send> ParallelExtend<T> for Vec<T> {
    fn par_extend<I: IntoParallelIterator<Item = T>>(&mut self, iter: I) {
        let iter = iter.into_par_iter();
        match iter.opt_len(Sealed) {
            Some(len) => {
                self.reserve(len);
                let old_len = self.len();
                let target = &mut self.spare_capacity_mut()[..len];
                let written = iter.drive(&CollectConsumer::new(target));
                assert!(
                    written == (0..len),
                    "a parallel iterator produced a different number of items than its length"
                );
                // SAFETY: the pieces' ranges tile `0..len` (checked above),
                // and each piece initialised every slot of its range.
                unsafe { self.set_len(old_len + len) };
            }
            None => {
                for chunk in iter.drive(&VecChunks::new()) {
                    self.extend(chunk);
                }
            }
        }
    }
}

/// Writes the items at position `i` into slot `i` of a target slice.
struct CollectConsumer<T> {
    target: *mut MaybeUninit<T>,
    len: usize,
}

// SAFETY: the consumer only moves `T`s into slots that no other piece
// touches (each position is driven once); `T: Send` lets them cross threads.
unsafe impl<T: Send> Sync for CollectConsumer<T> {}

impl<T> CollectConsumer<T> {
    fn new(target: &mut [MaybeUninit<T>]) -> Self {
        Self {
            target: target.as_mut_ptr(),
            len: target.len(),
        }
    }
}

impl<T: Send> Consumer<T> for CollectConsumer<T> {
    /// The slots written, a range that grows at its end.
    type Result = std::ops::Range<usize>;

    fn identity(&self) -> Self::Result {
        0..0
    }

    fn consume_iter<I: Iterator<Item = T>>(
        &self,
        acc: Self::Result,
        start: usize,
        iter: I,
    ) -> Self::Result {
        let mut written = if acc.is_empty() { start..start } else { acc };
        assert_eq!(written.end, start, "chunks of a piece are contiguous");
        for item in iter {
            assert!(
                written.end < self.len,
                "more items than the iterator's length"
            );
            // SAFETY: in bounds (checked); slot `written.end` belongs to this
            // piece only, and is written once since the range only grows.
            unsafe { (*self.target.add(written.end)).write(item) };
            written.end += 1;
        }
        written
    }

    fn combine(&self, left: Self::Result, right: Self::Result) -> Self::Result {
        if left.is_empty() {
            return right;
        }
        if right.is_empty() {
            return left;
        }
        assert_eq!(left.end, right.start, "pieces are contiguous");
        left.start..right.end
    }
}

/// Collects each piece into a `Vec`, the pieces in order.
pub(crate) struct VecChunks<T>(std::marker::PhantomData<fn() -> T>);

impl<T> VecChunks<T> {
    pub(crate) fn new() -> Self {
        Self(std::marker::PhantomData)
    }
}

impl<T: Send> Consumer<T> for VecChunks<T> {
    type Result = Vec<Vec<T>>;

    fn identity(&self) -> Self::Result {
        Vec::new()
    }

    fn consume_iter<I: Iterator<Item = T>>(
        &self,
        mut acc: Self::Result,
        _: usize,
        iter: I,
    ) -> Self::Result {
        match acc.last_mut() {
            Some(last) => last.extend(iter),
            None => acc.push(iter.collect()),
        }
        acc
    }

    fn combine(&self, mut left: Self::Result, right: Self::Result) -> Self::Result {
        left.extend(right);
        left
    }
}
