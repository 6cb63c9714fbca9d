//! Collects an iterator of unknown length: one `Vec` per piece, the pieces
//! kept in order in a `LinkedList` (joining two lists is O(1)).

use std::collections::LinkedList;

use crate::iter::plumbing::{Consumer, Folder, Reducer, UnindexedConsumer};
use crate::iter::ParallelIterator;

/// The items of `iter`, in order, as a list of vectors.
pub(crate) fn collect_pieces<I: ParallelIterator>(iter: I) -> LinkedList<Vec<I::Item>> {
    iter.drive_unindexed(ListVecConsumer)
}

struct ListVecConsumer;

struct ListVecFolder<T>(Vec<T>);

impl<T: Send> Consumer<T> for ListVecConsumer {
    type Folder = ListVecFolder<T>;
    type Reducer = ListReducer;
    type Result = LinkedList<Vec<T>>;

    fn split_at(self, _index: usize) -> (Self, Self, ListReducer) {
        (ListVecConsumer, ListVecConsumer, ListReducer)
    }

    fn into_folder(self) -> ListVecFolder<T> {
        ListVecFolder(Vec::new())
    }

    fn full(&self) -> bool {
        false
    }
}

impl<T: Send> UnindexedConsumer<T> for ListVecConsumer {
    fn split_off_left(&self) -> Self {
        ListVecConsumer
    }

    fn to_reducer(&self) -> ListReducer {
        ListReducer
    }
}

impl<T> Folder<T> for ListVecFolder<T> {
    type Result = LinkedList<Vec<T>>;

    fn consume(mut self, item: T) -> Self {
        self.0.push(item);
        self
    }

    fn consume_iter<I: IntoIterator<Item = T>>(mut self, iter: I) -> Self {
        self.0.extend(iter);
        self
    }

    fn complete(self) -> LinkedList<Vec<T>> {
        let mut list = LinkedList::new();
        if !self.0.is_empty() {
            list.push_back(self.0);
        }
        list
    }

    fn full(&self) -> bool {
        false
    }
}

/// Appends the right list to the left one.
pub(crate) struct ListReducer;

impl<T> Reducer<LinkedList<T>> for ListReducer {
    fn reduce(self, mut left: LinkedList<T>, mut right: LinkedList<T>) -> LinkedList<T> {
        left.append(&mut right);
        left
    }
}
