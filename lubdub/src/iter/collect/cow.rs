//! Collecting into a `Cow`: the owned form of the borrowed type is built,
//! for any borrowed type whose owned form can be collected (not only `str`
//! and slices, as with `std`'s `FromIterator`).

use std::borrow::Cow;

use super::FromParallelIterator;
use crate::iter::IntoParallelIterator;

impl<C, T> FromParallelIterator<T> for Cow<'_, C>
where
    C: ToOwned + ?Sized,
    C::Owned: FromParallelIterator<T>,
    T: Send,
{
    fn from_par_iter<I>(par_iter: I) -> Self
    where
        I: IntoParallelIterator<Item = T>,
    {
        Cow::Owned(C::Owned::from_par_iter(par_iter))
    }
}
