//! `product`: multiplies the items with [`Product`].

use std::iter::{once, Product};
use std::marker::PhantomData;

use crate::iter::plumbing::{Consumer, Folder, Reducer, UnindexedConsumer};
use crate::iter::ParallelIterator;

/// The product of the items of `iter`.
pub(crate) fn product<I, S>(iter: I) -> S
where
    I: ParallelIterator,
    S: Send + Product<I::Item> + Product<S>,
{
    iter.drive_unindexed(ProductConsumer(PhantomData))
}

struct ProductConsumer<S>(PhantomData<fn() -> S>);

impl<S, T> Consumer<T> for ProductConsumer<S>
where
    S: Send + Product<T> + Product<S>,
{
    type Folder = ProductFolder<S>;
    type Reducer = Self;
    type Result = S;

    fn split_at(self, _index: usize) -> (Self, Self, Self) {
        (
            ProductConsumer(PhantomData),
            ProductConsumer(PhantomData),
            self,
        )
    }

    fn into_folder(self) -> ProductFolder<S> {
        ProductFolder(S::product(std::iter::empty::<T>()))
    }

    fn full(&self) -> bool {
        false
    }

    /// Its folders take any number of items.
    fn position_free(&self) -> bool {
        true
    }

    /// Never full.
    fn may_become_full(&self) -> bool {
        false
    }
}

impl<S, T> UnindexedConsumer<T> for ProductConsumer<S>
where
    S: Send + Product<T> + Product<S>,
{
    fn split_off_left(&self) -> Self {
        ProductConsumer(PhantomData)
    }

    fn to_reducer(&self) -> Self {
        ProductConsumer(PhantomData)
    }
}

impl<S: Product<S>> Reducer<S> for ProductConsumer<S> {
    fn reduce(self, left: S, right: S) -> S {
        multiply(left, right)
    }
}

fn multiply<S: Product<S>>(left: S, right: S) -> S {
    once(left).chain(once(right)).product()
}

struct ProductFolder<S>(S);

impl<S, T> Folder<T> for ProductFolder<S>
where
    S: Product<T> + Product<S>,
{
    type Result = S;

    fn consume(self, item: T) -> Self {
        ProductFolder(multiply(self.0, once(item).product()))
    }

    fn consume_iter<I: IntoIterator<Item = T>>(self, iter: I) -> Self {
        ProductFolder(multiply(self.0, iter.into_iter().product()))
    }

    fn complete(self) -> S {
        self.0
    }

    fn full(&self) -> bool {
        false
    }
}
