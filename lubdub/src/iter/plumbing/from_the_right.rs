//! Loops that search from the right end (`find_last`, and what is built on
//! it): the driver cuts chunks off the front of a piece and keeps a cut
//! rest's first piece, so such a loop is driven through a mirror. A
//! [`Mirrored`] producer or consumer has the original's items in reverse
//! order of chunks: its front is the original's back. Each chunk's items
//! still come in their own order (a folder sees them as in a loop from the
//! left), and the reducers take their operands the other way round
//! ([`Swapped`]). So the first chunk is the loop's last, a cut piece kept by
//! its thread is the one nearest the right end, and a match there stops
//! every piece to its left at its next chunk.

use super::{Consumer, Producer, Reducer};

/// A producer or consumer of `len` items, seen from its end.
pub(super) struct Mirrored<T> {
    inner: T,
    len: usize,
}

impl<T> Mirrored<T> {
    pub(super) fn new(inner: T, len: usize) -> Self {
        Mirrored { inner, len }
    }
}

impl<P: Producer> Producer for Mirrored<P> {
    type Item = P::Item;
    type IntoIter = P::IntoIter;

    fn into_iter(self) -> P::IntoIter {
        self.inner.into_iter()
    }

    fn min_len(&self) -> usize {
        self.inner.min_len()
    }

    fn max_len(&self) -> usize {
        self.inner.max_len()
    }

    /// The last `index` items, and the others.
    fn split_at(self, index: usize) -> (Self, Self) {
        let rest = self.len - index;
        let (before, last) = self.inner.split_at(rest);
        (Mirrored::new(last, index), Mirrored::new(before, rest))
    }

    fn fold_with<F>(self, folder: F) -> F
    where
        F: super::Folder<Self::Item>,
    {
        self.inner.fold_with(folder)
    }
}

impl<T, C: Consumer<T>> Consumer<T> for Mirrored<C> {
    type Folder = C::Folder;
    type Reducer = Swapped<C::Reducer>;
    type Result = C::Result;

    /// The consumer of the last `index` items, and of the others.
    fn split_at(self, index: usize) -> (Self, Self, Swapped<C::Reducer>) {
        let rest = self.len - index;
        let (before, last, reducer) = self.inner.split_at(rest);
        (
            Mirrored::new(last, index),
            Mirrored::new(before, rest),
            Swapped(reducer),
        )
    }

    fn into_folder(self) -> C::Folder {
        self.inner.into_folder()
    }

    fn full(&self) -> bool {
        self.inner.full()
    }

    fn may_become_full(&self) -> bool {
        self.inner.may_become_full()
    }
}

/// A reducer that gets the right result first.
pub(super) struct Swapped<R>(R);

impl<T, R: Reducer<T>> Reducer<T> for Swapped<R> {
    fn reduce(self, right: T, left: T) -> T {
        self.0.reduce(left, right)
    }
}
