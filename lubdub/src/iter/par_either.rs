//! [`Either`] of two parallel iterators with the same items is a parallel
//! iterator (indexed when both are), and `Either` of two collections is
//! extended by whichever it holds.

use either::Either;

use super::plumbing::{Consumer, ProducerCallback, UnindexedConsumer};
use super::{IndexedParallelIterator, IntoParallelIterator, ParallelExtend, ParallelIterator};

impl<L, R> ParallelIterator for Either<L, R>
where
    L: ParallelIterator,
    R: ParallelIterator<Item = L::Item>,
{
    type Item = L::Item;

    fn drive_unindexed<C>(self, consumer: C) -> C::Result
    where
        C: UnindexedConsumer<L::Item>,
    {
        match self {
            Either::Left(iter) => iter.drive_unindexed(consumer),
            Either::Right(iter) => iter.drive_unindexed(consumer),
        }
    }

    fn opt_len(&self) -> Option<usize> {
        match self {
            Either::Left(iter) => iter.opt_len(),
            Either::Right(iter) => iter.opt_len(),
        }
    }
}

impl<L, R> IndexedParallelIterator for Either<L, R>
where
    L: IndexedParallelIterator,
    R: IndexedParallelIterator<Item = L::Item>,
{
    fn drive<C: Consumer<L::Item>>(self, consumer: C) -> C::Result {
        match self {
            Either::Left(iter) => iter.drive(consumer),
            Either::Right(iter) => iter.drive(consumer),
        }
    }

    fn len(&self) -> usize {
        match self {
            Either::Left(iter) => iter.len(),
            Either::Right(iter) => iter.len(),
        }
    }

    fn with_producer<CB: ProducerCallback<L::Item>>(self, callback: CB) -> CB::Output {
        match self {
            Either::Left(iter) => iter.with_producer(callback),
            Either::Right(iter) => iter.with_producer(callback),
        }
    }
}

impl<L, R, T> ParallelExtend<T> for Either<L, R>
where
    L: ParallelExtend<T>,
    R: ParallelExtend<T>,
    T: Send,
{
    fn par_extend<I>(&mut self, par_iter: I)
    where
        I: IntoParallelIterator<Item = T>,
    {
        match self {
            Either::Left(collection) => collection.par_extend(par_iter),
            Either::Right(collection) => collection.par_extend(par_iter),
        }
    }
}
