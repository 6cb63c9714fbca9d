//! Collecting an iterator whose length is not known in advance: each piece
//! of the loop gathers its items into a collection of its own (a `Vec`, a
//! `String`...), and the pieces are kept in order in a `LinkedList`, since
//! joining two lists costs O(1) whatever their lengths.

use std::collections::LinkedList;
use std::marker::PhantomData;

use super::into_vec;
use crate::iter::plumbing::{Consumer, Folder, Reducer, UnindexedConsumer};
use crate::iter::ParallelIterator;

/// A collection one piece of a loop gathers its items into.
pub(super) trait Piece<T>: Default + Extend<T> + Send {
    /// True when the piece holds nothing (it is then left out of the list).
    fn holds_nothing(&self) -> bool;
}

impl<T: Send> Piece<T> for Vec<T> {
    fn holds_nothing(&self) -> bool {
        self.is_empty()
    }
}

impl<T: Send> Piece<T> for LinkedList<T> {
    fn holds_nothing(&self) -> bool {
        self.is_empty()
    }
}

impl Piece<char> for String {
    fn holds_nothing(&self) -> bool {
        self.is_empty()
    }
}

/// The items of `iter`, in order, as a list of pieces of type `P`.
pub(super) fn collect_pieces<P, I>(iter: I) -> LinkedList<P>
where
    I: ParallelIterator,
    P: Piece<I::Item>,
{
    iter.drive_unindexed(PieceListConsumer(PhantomData))
}

/// The items of `iter`, in order, as a list of vectors: one vector written
/// in place when the length is known ([`ParallelIterator::opt_len`]), one
/// per piece otherwise.
pub(crate) fn collect_vec_list<I: ParallelIterator>(iter: I) -> LinkedList<Vec<I::Item>> {
    match iter.opt_len() {
        Some(len) => {
            let mut vec = Vec::new();
            into_vec::extend_with_known_len(&mut vec, len, iter);
            let mut list = LinkedList::new();
            if !vec.is_empty() {
                list.push_back(vec);
            }
            list
        }
        None => collect_pieces(iter),
    }
}

/// The number of items in a list of vectors.
pub(super) fn total_len<T>(list: &LinkedList<Vec<T>>) -> usize {
    list.iter().map(Vec::len).sum()
}

/// Gathers each piece's items into a `P`; the result is the list of the
/// non-empty pieces, in order.
struct PieceListConsumer<P>(PhantomData<fn() -> P>);

struct PieceFolder<P>(P);

impl<T, P: Piece<T>> Consumer<T> for PieceListConsumer<P> {
    type Folder = PieceFolder<P>;
    type Reducer = ListAppend;
    type Result = LinkedList<P>;

    fn split_at(self, _index: usize) -> (Self, Self, ListAppend) {
        (self.split_off_left(), self, ListAppend)
    }

    fn into_folder(self) -> PieceFolder<P> {
        PieceFolder(P::default())
    }

    fn full(&self) -> bool {
        false
    }

    /// Its folders take any number of items.
    fn position_free(&self) -> bool {
        true
    }

    /// Never full.
    fn may_become_full(&self) -> bool {
        false
    }
}

impl<T, P: Piece<T>> UnindexedConsumer<T> for PieceListConsumer<P> {
    fn split_off_left(&self) -> Self {
        PieceListConsumer(PhantomData)
    }

    fn to_reducer(&self) -> ListAppend {
        ListAppend
    }
}

impl<T, P: Piece<T>> Folder<T> for PieceFolder<P> {
    type Result = LinkedList<P>;

    fn consume(mut self, item: T) -> Self {
        self.0.extend(std::iter::once(item));
        self
    }

    fn consume_iter<I: IntoIterator<Item = T>>(mut self, iter: I) -> Self {
        self.0.extend(iter);
        self
    }

    fn complete(self) -> LinkedList<P> {
        let mut list = LinkedList::new();
        if !self.0.holds_nothing() {
            list.push_back(self.0);
        }
        list
    }

    fn full(&self) -> bool {
        false
    }
}

/// Appends the right list to the left one.
struct ListAppend;

impl<P> Reducer<LinkedList<P>> for ListAppend {
    fn reduce(self, mut left: LinkedList<P>, mut right: LinkedList<P>) -> LinkedList<P> {
        left.append(&mut right);
        left
    }
}
