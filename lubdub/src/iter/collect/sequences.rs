//! Collecting into the sequences of `std`, in the iterator's order: `Vec`
//! (in place when the length is known), `VecDeque`, `LinkedList`, boxed and
//! shared slices, and `BinaryHeap` (which orders its items itself).

use std::collections::{BinaryHeap, LinkedList, VecDeque};
use std::rc::Rc;
use std::sync::Arc;

use super::pieces::{collect_pieces, total_len};
use super::sequential::{
    collect_by, collect_extended, extend_copied, extend_reserved, through_vec,
};
use super::{into_vec, FromParallelIterator, ParallelExtend};
use crate::iter::{IntoParallelIterator, ParallelIterator};

collect_by! { impl[T: Send] FromParallelIterator<T> for Vec<T> => collect_extended }

/// Writes the items in place when the iterator's length is known; gathers
/// them into one vector per piece and appends those otherwise. A vector
/// that has no allocation yet (`collect`) becomes the first piece, so a loop
/// that ran as one piece copies nothing.
impl<T: Send> ParallelExtend<T> for Vec<T> {
    fn par_extend<I>(&mut self, par_iter: I)
    where
        I: IntoParallelIterator<Item = T>,
    {
        let iter = par_iter.into_par_iter();
        match iter.opt_len() {
            Some(len) => into_vec::extend_with_known_len(self, len, iter),
            None => {
                let mut list: LinkedList<Vec<T>> = collect_pieces(iter);
                if self.capacity() == 0 {
                    if let Some(first) = list.pop_front() {
                        *self = first;
                    }
                }
                self.reserve(total_len(&list));
                for mut piece in list {
                    self.append(&mut piece);
                }
            }
        }
    }
}

collect_by! {
    impl['a, T: 'a + Copy + Send + Sync] ParallelExtend<&'a T> for Vec<T>
    => extend_copied
}

collect_by! { impl[T: Send] FromParallelIterator<T> for VecDeque<T> => through_vec }

collect_by! { impl[T: Send] ParallelExtend<T> for VecDeque<T> => extend_reserved }

collect_by! {
    impl['a, T: 'a + Copy + Send + Sync] ParallelExtend<&'a T> for VecDeque<T>
    => extend_reserved
}

// The heap is built sequentially from a vector of the items.
collect_by! { impl[T: Ord + Send] FromParallelIterator<T> for BinaryHeap<T> => through_vec }

collect_by! { impl[T: Ord + Send] ParallelExtend<T> for BinaryHeap<T> => extend_reserved }

collect_by! {
    impl['a, T: 'a + Copy + Ord + Send + Sync] ParallelExtend<&'a T> for BinaryHeap<T>
    => extend_reserved
}

collect_by! { impl[T: Send] FromParallelIterator<T> for LinkedList<T> => collect_extended }

/// Each piece of the loop builds a list of its own; the lists are joined
/// in O(1) each.
impl<T: Send> ParallelExtend<T> for LinkedList<T> {
    fn par_extend<I>(&mut self, par_iter: I)
    where
        I: IntoParallelIterator<Item = T>,
    {
        let lists: LinkedList<LinkedList<T>> = collect_pieces(par_iter.into_par_iter());
        for mut list in lists {
            self.append(&mut list);
        }
    }
}

collect_by! {
    impl['a, T: 'a + Copy + Send + Sync] ParallelExtend<&'a T> for LinkedList<T>
    => extend_copied
}

collect_by! { impl[T: Send] FromParallelIterator<T> for Box<[T]> => through_vec }

collect_by! { impl[T: Send] FromParallelIterator<T> for Rc<[T]> => through_vec }

collect_by! { impl[T: Send] FromParallelIterator<T> for Arc<[T]> => through_vec }
