//! [`InterleaveShortest`]: `interleave_shortest`, turns until the side whose
//! turn it is has no item left.

use super::by_producer::indexed_by_producer;
use super::{Interleave, Take};
use crate::iter::plumbing::ProducerCallback;
use crate::iter::IndexedParallelIterator;

/// The iterator of [`IndexedParallelIterator::interleave_shortest`]: an item
/// of the first iterator, one of the second, and so on in turns, ending at
/// the first turn that finds its side empty.
///
/// ```
/// use lubdub::prelude::*;
///
/// let v: Vec<i32> = (0..2).into_par_iter().interleave_shortest(10..14).collect();
/// assert_eq!(v, [0, 10, 1, 11]);
/// let w: Vec<i32> = (0..4).into_par_iter().interleave_shortest(10..12).collect();
/// assert_eq!(w, [0, 10, 1, 11, 2]);
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct InterleaveShortest<A, B> {
    interleave: Interleave<Take<A>, Take<B>>,
}

impl<A, B> InterleaveShortest<A, B>
where
    A: IndexedParallelIterator,
    B: IndexedParallelIterator<Item = A::Item>,
{
    pub(crate) fn new(a: A, b: B) -> Self {
        // `a` goes first, so it may give one item more than `b` does.
        let b_len = b.len().min(a.len());
        let a_len = a.len().min(b_len.saturating_add(1));
        InterleaveShortest {
            interleave: Interleave::new(Take::new(a, a_len), Take::new(b, b_len)),
        }
    }
}

indexed_by_producer! {
    impl[A, B] InterleaveShortest<A, B>
    where [
        A: IndexedParallelIterator,
        B: IndexedParallelIterator<Item = A::Item>,
    ], Item = A::Item;

    fn len(&self) -> usize {
        self.interleave.len()
    }

    fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
        self.interleave.with_producer(callback)
    }
}
