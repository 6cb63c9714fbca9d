//! The producer of an indexed `intersperse`: the output positions of the
//! base's items and of the separators between them, cut anywhere.

use std::iter::Fuse;

use super::base_hints::lens_from_base;
use super::intersperse_consumers::IntersperseFolder;
use crate::iter::plumbing::{Folder, Producer};

/// `len` output positions of an interspersed base producer: base items
/// alternating with separators, starting with a separator when
/// `clone_first` is set.
pub(super) struct IntersperseProducer<P: Producer> {
    base: P,
    item: P::Item,
    len: usize,
    clone_first: bool,
}

impl<P: Producer> IntersperseProducer<P> {
    /// The producer of all `len` positions of `base`'s items interspersed.
    pub(super) fn new(base: P, item: P::Item, len: usize) -> Self {
        IntersperseProducer {
            base,
            item,
            len,
            clone_first: false,
        }
    }

    /// Whether the last position is a separator: positions alternate, so the
    /// last is of the same kind as the first when `len` is odd.
    fn ends_with_separator(&self) -> bool {
        self.len > 0 && (self.len % 2 == 1) == self.clone_first
    }
}

impl<P> Producer for IntersperseProducer<P>
where
    P: Producer<Item: Clone + Send>,
{
    type Item = P::Item;
    type IntoIter = IntersperseIter<P::IntoIter>;

    fn into_iter(self) -> Self::IntoIter {
        IntersperseIter {
            clone_first: self.len > 0 && self.clone_first,
            // With one position, that separator is the first.
            clone_last: self.len > 1 && self.ends_with_separator(),
            base: self.base.into_iter().fuse(),
            item: self.item,
        }
    }

    lens_from_base!();

    fn split_at(self, index: usize) -> (Self, Self) {
        // Base items sit at the even positions, or at the odd ones when the
        // producer starts with a separator.
        let base_index = (index + usize::from(!self.clone_first)) / 2;
        let (left, right) = self.base.split_at(base_index);
        let left = IntersperseProducer {
            base: left,
            item: self.item.clone(),
            len: index,
            clone_first: self.clone_first,
        };
        let right = IntersperseProducer {
            base: right,
            item: self.item,
            len: self.len - index,
            clone_first: (index % 2 == 1) != self.clone_first,
        };
        (left, right)
    }

    fn fold_with<F: Folder<P::Item>>(self, folder: F) -> F {
        let trailing = self.ends_with_separator();
        let folder = IntersperseFolder::new(folder, self.item, self.clone_first);
        let IntersperseFolder { base, item, .. } = self.base.fold_with(folder);
        // The folder puts separators before items only: a last separator
        // (one that a right neighbour's first item follows) is added here.
        if trailing && !base.full() {
            base.consume(item)
        } else {
            base
        }
    }
}

/// The sequential iterator of an [`IntersperseProducer`].
pub(super) struct IntersperseIter<I: Iterator> {
    base: Fuse<I>,
    item: I::Item,
    /// A separator comes before the next item from the front.
    clone_first: bool,
    /// A separator comes after the next item from the back.
    clone_last: bool,
}

impl<I> Iterator for IntersperseIter<I>
where
    I: ExactSizeIterator<Item: Clone>,
{
    type Item = I::Item;

    fn next(&mut self) -> Option<I::Item> {
        if self.clone_first {
            self.clone_first = false;
            return Some(self.item.clone());
        }
        if let Some(next) = self.base.next() {
            self.clone_first = self.base.len() > 0;
            return Some(next);
        }
        if self.clone_last {
            self.clone_last = false;
            return Some(self.item.clone());
        }
        None
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.len();
        (len, Some(len))
    }
}

impl<I> DoubleEndedIterator for IntersperseIter<I>
where
    I: DoubleEndedIterator + ExactSizeIterator<Item: Clone>,
{
    fn next_back(&mut self) -> Option<I::Item> {
        if self.clone_last {
            self.clone_last = false;
            return Some(self.item.clone());
        }
        if let Some(next) = self.base.next_back() {
            self.clone_last = self.base.len() > 0;
            return Some(next);
        }
        if self.clone_first {
            self.clone_first = false;
            return Some(self.item.clone());
        }
        None
    }
}

impl<I> ExactSizeIterator for IntersperseIter<I>
where
    I: ExactSizeIterator<Item: Clone>,
{
    fn len(&self) -> usize {
        let base = self.base.len();
        base + base.saturating_sub(1) + usize::from(self.clone_first) + usize::from(self.clone_last)
    }
}
