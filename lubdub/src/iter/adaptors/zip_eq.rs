//! [`ZipEq`]: `zip_eq`, `zip` of two iterators of the same length.

use super::by_producer::indexed_by_producer;
use super::Zip;
use crate::iter::plumbing::ProducerCallback;
use crate::iter::IndexedParallelIterator;

/// The iterator of [`IndexedParallelIterator::zip_eq`]: pairs of items at
/// the same position, from two iterators checked to be equally long.
///
/// ```
/// use lubdub::prelude::*;
///
/// let v: Vec<(i32, &char)> = (0..2).into_par_iter().zip_eq(&['x', 'y']).collect();
/// assert_eq!(v, [(0, &'x'), (1, &'y')]);
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct ZipEq<A, B> {
    zip: Zip<A, B>,
}

impl<A, B> ZipEq<A, B> {
    /// `a` and `b` must have the same length (checked by the caller).
    pub(crate) fn new(a: A, b: B) -> Self {
        ZipEq {
            zip: Zip::new(a, b),
        }
    }
}

indexed_by_producer! {
    impl[A, B] ZipEq<A, B>
    where [
        A: IndexedParallelIterator,
        B: IndexedParallelIterator,
    ], Item = (A::Item, B::Item);

    fn len(&self) -> usize {
        self.zip.len()
    }

    fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
        self.zip.with_producer(callback)
    }
}
