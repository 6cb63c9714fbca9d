//! The routes of `unzip`, `partition` and `partition_map`, and collecting
//! pairs and `Either`s into pairs of collections.

use either::Either;

use super::unzip::{unzip_into, BuiltOnce, Route, SplitConsumer};
use crate::iter::plumbing::{Consumer, Folder};
use crate::iter::{
    FromParallelIterator, IndexedParallelIterator, IntoParallelIterator, ParallelExtend,
    ParallelIterator,
};

/// Splits each pair: the first half goes left, the second right.
struct Unzip;

impl<A: Send, B: Send> Route<(A, B)> for Unzip {
    type Left = A;
    type Right = B;
    const KEEPS_POSITIONS: bool = true;

    fn route<FL, FR>(&self, (a, b): (A, B), left: FL, right: FR) -> (FL, FR)
    where
        FL: Folder<A>,
        FR: Folder<B>,
    {
        (left.consume(a), right.consume(b))
    }
}

/// Sends `Left` values left and `Right` values right.
struct ByVariant;

impl<L: Send, R: Send> Route<Either<L, R>> for ByVariant {
    type Left = L;
    type Right = R;
    const KEEPS_POSITIONS: bool = false;

    fn route<FL, FR>(&self, item: Either<L, R>, left: FL, right: FR) -> (FL, FR)
    where
        FL: Folder<L>,
        FR: Folder<R>,
    {
        match item {
            Either::Left(l) => (left.consume(l), right),
            Either::Right(r) => (left, right.consume(r)),
        }
    }
}

/// Sends the items `predicate` accepts left, the others right.
struct Partition<P>(P);

impl<T: Send, P: Fn(&T) -> bool + Sync + Send> Route<T> for Partition<P> {
    type Left = T;
    type Right = T;
    const KEEPS_POSITIONS: bool = false;

    fn route<FL, FR>(&self, item: T, left: FL, right: FR) -> (FL, FR)
    where
        FL: Folder<T>,
        FR: Folder<T>,
    {
        if (self.0)(&item) {
            (left.consume(item), right)
        } else {
            (left, right.consume(item))
        }
    }
}

/// Maps each item to an `Either`, then routes it [`ByVariant`].
struct PartitionMap<F>(F);

impl<T, L, R, F> Route<T> for PartitionMap<F>
where
    L: Send,
    R: Send,
    F: Fn(T) -> Either<L, R> + Sync + Send,
{
    type Left = L;
    type Right = R;
    const KEEPS_POSITIONS: bool = false;

    fn route<FL, FR>(&self, item: T, left: FL, right: FR) -> (FL, FR)
    where
        FL: Folder<L>,
        FR: Folder<R>,
    {
        ByVariant.route((self.0)(item), left, right)
    }
}

/// [`ParallelIterator::unzip`].
pub(crate) fn unzip<I, A, B, FromA, FromB>(iter: I) -> (FromA, FromB)
where
    I: ParallelIterator<Item = (A, B)>,
    FromA: Default + Send + ParallelExtend<A>,
    FromB: Default + Send + ParallelExtend<B>,
    A: Send,
    B: Send,
{
    into_new_pair(iter, Unzip)
}

/// [`ParallelIterator::partition`].
pub(crate) fn partition<I, A, B, P>(iter: I, predicate: P) -> (A, B)
where
    I: ParallelIterator,
    A: Default + Send + ParallelExtend<I::Item>,
    B: Default + Send + ParallelExtend<I::Item>,
    P: Fn(&I::Item) -> bool + Sync + Send,
{
    into_new_pair(iter, Partition(predicate))
}

/// [`ParallelIterator::partition_map`].
pub(crate) fn partition_map<I, A, B, F, L, R>(iter: I, op: F) -> (A, B)
where
    I: ParallelIterator,
    A: Default + Send + ParallelExtend<L>,
    B: Default + Send + ParallelExtend<R>,
    F: Fn(I::Item) -> Either<L, R> + Sync + Send,
    L: Send,
    R: Send,
{
    into_new_pair(iter, PartitionMap(op))
}

/// Unzips `iter` into two consumers of its positions (`unzip_into_vecs`).
pub(super) fn unzip_indexed<I, A, B, CA, CB>(
    iter: I,
    left: CA,
    right: CB,
) -> (CA::Result, CB::Result)
where
    I: IndexedParallelIterator<Item = (A, B)>,
    CA: Consumer<A>,
    CB: Consumer<B>,
    A: Send,
    B: Send,
{
    iter.drive(SplitConsumer::new(&Unzip, left, right))
}

/// Two new collections, extended with what `route` sends each of them.
fn into_new_pair<I, R, A, B>(iter: I, route: R) -> (A, B)
where
    I: ParallelIterator,
    R: Route<I::Item>,
    A: Default + Send + ParallelExtend<R::Left>,
    B: Default + Send + ParallelExtend<R::Right>,
{
    let (mut left, mut right) = (A::default(), B::default());
    unzip_into(&mut left, &mut right, iter, route);
    (left, right)
}

/// Extends each collection of the pair with its half of every pair item.
impl<A, B, FromA, FromB> ParallelExtend<(A, B)> for (FromA, FromB)
where
    A: Send,
    B: Send,
    FromA: Send + ParallelExtend<A>,
    FromB: Send + ParallelExtend<B>,
{
    fn par_extend<I>(&mut self, par_iter: I)
    where
        I: IntoParallelIterator<Item = (A, B)>,
    {
        unzip_into(&mut self.0, &mut self.1, par_iter.into_par_iter(), Unzip);
    }
}

/// Extends the first collection with the `Left` values, the second with
/// the `Right` ones.
impl<L, R, A, B> ParallelExtend<Either<L, R>> for (A, B)
where
    L: Send,
    R: Send,
    A: Send + ParallelExtend<L>,
    B: Send + ParallelExtend<R>,
{
    fn par_extend<I>(&mut self, par_iter: I)
    where
        I: IntoParallelIterator<Item = Either<L, R>>,
    {
        unzip_into(
            &mut self.0,
            &mut self.1,
            par_iter.into_par_iter(),
            ByVariant,
        );
    }
}

/// Collects the first halves of the pairs into one collection and the
/// second halves into the other.
impl<A, B, FromA, FromB> FromParallelIterator<(A, B)> for (FromA, FromB)
where
    A: Send,
    B: Send,
    FromA: Send + FromParallelIterator<A>,
    FromB: Send + FromParallelIterator<B>,
{
    fn from_par_iter<I>(par_iter: I) -> Self
    where
        I: IntoParallelIterator<Item = (A, B)>,
    {
        let (a, b): (BuiltOnce<FromA>, BuiltOnce<FromB>) =
            into_new_pair(par_iter.into_par_iter(), Unzip);
        (a.built(), b.built())
    }
}

/// Collects the `Left` values into one collection and the `Right` values
/// into the other.
impl<L, R, A, B> FromParallelIterator<Either<L, R>> for (A, B)
where
    L: Send,
    R: Send,
    A: Send + FromParallelIterator<L>,
    B: Send + FromParallelIterator<R>,
{
    fn from_par_iter<I>(par_iter: I) -> Self
    where
        I: IntoParallelIterator<Item = Either<L, R>>,
    {
        let (a, b): (BuiltOnce<A>, BuiltOnce<B>) =
            into_new_pair(par_iter.into_par_iter(), ByVariant);
        (a.built(), b.built())
    }
}
