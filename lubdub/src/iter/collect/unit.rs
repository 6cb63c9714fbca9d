//! Collecting `()` items into `()`: runs the loop for its effects, which
//! makes `Result<(), E>` and `Option<()>` collects useful.

use super::{FromParallelIterator, ParallelExtend};
use crate::iter::{IntoParallelIterator, ParallelIterator};

impl FromParallelIterator<()> for () {
    fn from_par_iter<I>(par_iter: I)
    where
        I: IntoParallelIterator<Item = ()>,
    {
        par_iter.into_par_iter().for_each(|()| {});
    }
}

impl ParallelExtend<()> for () {
    fn par_extend<I>(&mut self, par_iter: I)
    where
        I: IntoParallelIterator<Item = ()>,
    {
        par_iter.into_par_iter().for_each(|()| {});
    }
}
