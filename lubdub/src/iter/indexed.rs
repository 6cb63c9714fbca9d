//! [`IndexedParallelIterator`]: parallel iterators with one item per
//! position of a splittable range, which can be zipped and enumerated.

use super::adaptors::{Enumerate, Zip};
use super::driver;
use super::plumbing::{Consumer, Producer, ProducerCallback};
use super::{IntoParallelIterator, ParallelIterator};

/// A parallel iterator whose items have positions `0..len()`: slices,
/// ranges, vectors, chunks, and `map`, `enumerate` and `zip` of them.
///
/// ```
/// use lubdub::prelude::*;
///
/// let a = [1, 2, 3];
/// let b = [10, 20, 30];
/// let dot: i32 = a.par_iter().zip(&b).map(|(x, y)| x * y).sum();
/// assert_eq!(dot, 140);
/// ```
pub trait IndexedParallelIterator: ParallelIterator {
    /// The number of items.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!((5..10).into_par_iter().len(), 5);
    /// ```
    fn len(&self) -> usize;

    /// True when there are no items.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert!((5..5).into_par_iter().is_empty());
    /// ```
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Hands the iterator's [`Producer`] to `callback`.
    ///
    /// ```
    /// use lubdub::iter::plumbing::{Producer, ProducerCallback};
    /// use lubdub::prelude::*;
    ///
    /// struct First;
    /// impl<T> ProducerCallback<T> for First {
    ///     type Output = Option<T>;
    ///     fn callback<P: Producer<Item = T>>(self, producer: P) -> Option<T> {
    ///         producer.into_iter().next()
    ///     }
    /// }
    /// assert_eq!((7..9).into_par_iter().with_producer(First), Some(7));
    /// ```
    fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output;

    /// Pairs each item with its position.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<(usize, char)> = ['a', 'b'].par_iter().copied().enumerate().collect();
    /// assert_eq!(v, [(0, 'a'), (1, 'b')]);
    /// ```
    fn enumerate(self) -> Enumerate<Self> {
        Enumerate::new(self)
    }

    /// Pairs the items of `self` and `other` position by position; as long
    /// as the shorter of the two.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<(i32, char)> = (0..5).into_par_iter().zip(vec!['x', 'y']).collect();
    /// assert_eq!(v, [(0, 'x'), (1, 'y')]);
    /// ```
    fn zip<Z>(self, other: Z) -> Zip<Self, Z::Iter>
    where
        Z: IntoParallelIterator,
        Z::Iter: IndexedParallelIterator,
    {
        Zip::new(self, other.into_par_iter())
    }

    /// Accepted for Rayon compatibility and ignored: loops split on
    /// heartbeats, never below a chunk boundary, so there is no grain to set.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!((0..100).into_par_iter().with_min_len(10).count(), 100);
    /// ```
    fn with_min_len(self, _min: usize) -> Self {
        self
    }

    /// Accepted for Rayon compatibility and ignored, as
    /// [`IndexedParallelIterator::with_min_len`].
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!((0..100).into_par_iter().with_max_len(10).count(), 100);
    /// ```
    fn with_max_len(self, _max: usize) -> Self {
        self
    }
}

/// [`ParallelIterator::drive`] of an indexed iterator: run its producer.
pub(crate) fn drive<I, C>(iter: I, consumer: &C) -> C::Result
where
    I: IndexedParallelIterator,
    C: Consumer<I::Item>,
{
    iter.with_producer(Drive { consumer })
}

struct Drive<'c, C> {
    consumer: &'c C,
}

impl<T, C: Consumer<T>> ProducerCallback<T> for Drive<'_, C> {
    type Output = C::Result;
    fn callback<P: Producer<Item = T>>(self, producer: P) -> C::Result {
        driver::run(producer, self.consumer)
    }
}
