//! Collecting: [`FromParallelIterator`] (`collect`) and [`ParallelExtend`]
//! (`par_extend`) for the standard collections.

mod vec_list;

use super::IntoParallelIterator;

/// A collection that can be built from a parallel iterator; collections that
/// keep an order keep the iterator's.
///
/// ```
/// use lubdub::iter::FromParallelIterator;
/// use lubdub::prelude::*;
///
/// let v = Vec::from_par_iter((0..3).into_par_iter());
/// assert_eq!(v, [0, 1, 2]);
/// ```
pub trait FromParallelIterator<T>
where
    T: Send,
{
    /// Builds the collection from the items of `par_iter`.
    fn from_par_iter<I>(par_iter: I) -> Self
    where
        I: IntoParallelIterator<Item = T>;
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
pub trait ParallelExtend<T>
where
    T: Send,
{
    /// Appends the items of `par_iter`.
    fn par_extend<I>(&mut self, par_iter: I)
    where
        I: IntoParallelIterator<Item = T>;
}

impl<T: Send> FromParallelIterator<T> for Vec<T> {
    fn from_par_iter<I>(par_iter: I) -> Self
    where
        I: IntoParallelIterator<Item = T>,
    {
        let mut v = Vec::new();
        v.par_extend(par_iter);
        v
    }
}

impl<T: Send> ParallelExtend<T> for Vec<T> {
    fn par_extend<I>(&mut self, par_iter: I)
    where
        I: IntoParallelIterator<Item = T>,
    {
        for piece in vec_list::collect_pieces(par_iter.into_par_iter()) {
            self.extend(piece);
        }
    }
}
