//! Conversions into parallel iterators: `into_par_iter`, `par_iter`,
//! `par_iter_mut`.

use super::ParallelIterator;

/// A value that can be turned into a parallel iterator: slices, vectors and
/// ranges, and references to them.
///
/// ```
/// use lubdub::prelude::*;
///
/// let v = vec![1, 2, 3];
/// let sum: i32 = v.into_par_iter().sum();
/// assert_eq!(sum, 6);
/// ```
pub trait IntoParallelIterator {
    /// The parallel iterator.
    type Iter: ParallelIterator<Item = Self::Item>;
    /// Its items.
    type Item: Send;

    /// Converts `self` into a parallel iterator.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!((0..4u8).into_par_iter().count(), 4);
    /// ```
    fn into_par_iter(self) -> Self::Iter;
}

impl<I: ParallelIterator> IntoParallelIterator for I {
    type Iter = I;
    type Item = I::Item;
    fn into_par_iter(self) -> I {
        self
    }
}

/// `par_iter()`: a parallel iterator over shared references, for every type
/// whose reference is [`IntoParallelIterator`].
///
/// ```
/// use lubdub::prelude::*;
///
/// let v = vec![1, 2, 3];
/// assert_eq!(v.par_iter().max(), Some(&3));
/// ```
pub trait IntoParallelRefIterator<'data> {
    /// The parallel iterator.
    type Iter: ParallelIterator<Item = Self::Item>;
    /// Its items: references.
    type Item: Send + 'data;

    /// A parallel iterator over `&self`'s items.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// assert_eq!([1, 2].par_iter().copied().sum::<i32>(), 3);
    /// ```
    fn par_iter(&'data self) -> Self::Iter;
}

impl<'data, I: 'data + ?Sized> IntoParallelRefIterator<'data> for I
where
    &'data I: IntoParallelIterator,
{
    type Iter = <&'data I as IntoParallelIterator>::Iter;
    type Item = <&'data I as IntoParallelIterator>::Item;
    fn par_iter(&'data self) -> Self::Iter {
        self.into_par_iter()
    }
}

/// `par_iter_mut()`: a parallel iterator over mutable references.
///
/// ```
/// use lubdub::prelude::*;
///
/// let mut v = vec![1, 2, 3];
/// v.par_iter_mut().for_each(|x| *x *= 10);
/// assert_eq!(v, [10, 20, 30]);
/// ```
pub trait IntoParallelRefMutIterator<'data> {
    /// The parallel iterator.
    type Iter: ParallelIterator<Item = Self::Item>;
    /// Its items: mutable references.
    type Item: Send + 'data;

    /// A parallel iterator over `&mut self`'s items.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut a = [1, 2];
    /// a.par_iter_mut().for_each(|x| *x += 1);
    /// assert_eq!(a, [2, 3]);
    /// ```
    fn par_iter_mut(&'data mut self) -> Self::Iter;
}

impl<'data, I: 'data + ?Sized> IntoParallelRefMutIterator<'data> for I
where
    &'data mut I: IntoParallelIterator,
{
    type Iter = <&'data mut I as IntoParallelIterator>::Iter;
    type Item = <&'data mut I as IntoParallelIterator>::Item;
    fn par_iter_mut(&'data mut self) -> Self::Iter {
        self.into_par_iter()
    }
}
