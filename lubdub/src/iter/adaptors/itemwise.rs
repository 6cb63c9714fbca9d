//! The consumer and producer shared by the item-wise adaptors that keep no
//! state per piece (`filter`, `inspect`, `take_any`, `while_some`...).
//!
//! Each such adaptor only says what it does to the iterator of one chunk
//! ([`ChunkAdaptor::adapt`]: `chunk.filter(p)`, `chunk.take_while(..)`...);
//! [`ItemwiseConsumer`] hands that chain to the base folder's `consume_iter`
//! whole, so a chunk runs as the `Iterator` chain sequential code would. The
//! adaptors that turn each item into exactly one item ([`ItemMap`]: `copied`,
//! `inspect`, `update`...) also keep positions, and [`ItemwiseProducer`]
//! makes them indexed.

use std::iter::once;

use super::base_hints::{lens_from_base, split_at_like_base};
use crate::iter::plumbing::{Consumer, Folder, Producer, ProducerCallback, UnindexedConsumer};

/// What an item-wise adaptor does to the items of one chunk. It is shared by
/// reference among all the pieces of a loop, hence `Sync`.
pub(super) trait ChunkAdaptor<T>: Sync {
    /// The items the adaptor passes on.
    type Item;

    /// `chunk` with the adaptor applied, as one `Iterator` chain.
    fn adapt<I: Iterator<Item = T>>(&self, chunk: I) -> impl Iterator<Item = Self::Item>;

    /// True once the adaptor will pass no further item on, whichever piece
    /// offers it (a shared count or flag ran out): the loop stops.
    fn exhausted(&self) -> bool {
        false
    }
}

/// An item-wise adaptor that turns each item into exactly one item, so it
/// keeps the positions of an indexed iterator.
pub(super) trait ItemMap<T>: Sync {
    /// The items the adaptor passes on.
    type Item;

    /// The item that `item` becomes.
    fn apply(&self, item: T) -> Self::Item;
}

/// An [`ItemMap`] as the [`ChunkAdaptor`] that applies it to each item.
pub(super) struct PerItem<M>(pub(super) M);

impl<T, M: ItemMap<T>> ChunkAdaptor<T> for PerItem<M> {
    type Item = M::Item;

    fn adapt<I: Iterator<Item = T>>(&self, chunk: I) -> impl Iterator<Item = M::Item> {
        chunk.map(move |item| self.0.apply(item))
    }
}

/// The consumer of `T`s that adapts each chunk with `adaptor` and hands it
/// on to `base`.
pub(super) struct ItemwiseConsumer<'a, C, A> {
    base: C,
    adaptor: &'a A,
}

impl<'a, C, A> ItemwiseConsumer<'a, C, A> {
    pub(super) fn new(base: C, adaptor: &'a A) -> Self {
        ItemwiseConsumer { base, adaptor }
    }
}

impl<'a, T, C, A> Consumer<T> for ItemwiseConsumer<'a, C, A>
where
    A: ChunkAdaptor<T>,
    C: Consumer<A::Item>,
{
    type Folder = ItemwiseFolder<'a, C::Folder, A>;
    type Reducer = C::Reducer;
    type Result = C::Result;

    fn split_at(self, index: usize) -> (Self, Self, C::Reducer) {
        let (left, right, reducer) = self.base.split_at(index);
        (
            ItemwiseConsumer::new(left, self.adaptor),
            ItemwiseConsumer::new(right, self.adaptor),
            reducer,
        )
    }

    fn into_folder(self) -> Self::Folder {
        ItemwiseFolder {
            base: self.base.into_folder(),
            adaptor: self.adaptor,
        }
    }

    fn full(&self) -> bool {
        self.adaptor.exhausted() || self.base.full()
    }

    /// Needs positions only where its base does.
    fn position_free(&self) -> bool {
        self.base.position_free()
    }

    /// From the right where its base is.
    const FROM_THE_RIGHT: bool = C::FROM_THE_RIGHT;

    /// Growing where its base's results do.
    const RESULTS_GROW: bool = C::RESULTS_GROW;
}

impl<T, C, A> UnindexedConsumer<T> for ItemwiseConsumer<'_, C, A>
where
    A: ChunkAdaptor<T>,
    C: UnindexedConsumer<A::Item>,
{
    fn split_off_left(&self) -> Self {
        ItemwiseConsumer::new(self.base.split_off_left(), self.adaptor)
    }

    fn to_reducer(&self) -> C::Reducer {
        self.base.to_reducer()
    }
}

/// The folder of [`ItemwiseConsumer`] and [`ItemwiseProducer`].
pub(super) struct ItemwiseFolder<'a, F, A> {
    base: F,
    adaptor: &'a A,
}

impl<T, F, A> Folder<T> for ItemwiseFolder<'_, F, A>
where
    A: ChunkAdaptor<T>,
    F: Folder<A::Item>,
{
    type Result = F::Result;

    fn consume(self, item: T) -> Self {
        self.consume_iter(once(item))
    }

    fn consume_iter<I: IntoIterator<Item = T>>(self, iter: I) -> Self {
        ItemwiseFolder {
            base: self.base.consume_iter(self.adaptor.adapt(iter.into_iter())),
            adaptor: self.adaptor,
        }
    }

    fn complete(self) -> F::Result {
        self.base.complete()
    }

    fn full(&self) -> bool {
        self.adaptor.exhausted() || self.base.full()
    }
}

/// What an indexed [`ItemMap`] adaptor hands its base's producer to: it
/// wraps the producer in an [`ItemwiseProducer`] for `callback`.
pub(super) struct ItemwiseCallback<CB, M> {
    callback: CB,
    adaptor: PerItem<M>,
}

impl<CB, M> ItemwiseCallback<CB, M> {
    pub(super) fn new(callback: CB, adaptor: M) -> Self {
        ItemwiseCallback {
            callback,
            adaptor: PerItem(adaptor),
        }
    }
}

impl<T, CB, M> ProducerCallback<T> for ItemwiseCallback<CB, M>
where
    M: ItemMap<T>,
    CB: ProducerCallback<M::Item>,
{
    type Output = CB::Output;

    fn callback<P: Producer<Item = T>>(self, base: P) -> CB::Output {
        self.callback.callback(ItemwiseProducer {
            base,
            adaptor: &self.adaptor,
        })
    }
}

/// The producer of an indexed [`ItemMap`] adaptor: the base's positions,
/// each item mapped.
struct ItemwiseProducer<'a, P, M> {
    base: P,
    adaptor: &'a PerItem<M>,
}

impl<'a, P, M> Producer for ItemwiseProducer<'a, P, M>
where
    P: Producer,
    M: ItemMap<P::Item>,
{
    type Item = M::Item;
    type IntoIter = ItemwiseIter<'a, P::IntoIter, M>;

    fn into_iter(self) -> Self::IntoIter {
        ItemwiseIter {
            base: self.base.into_iter(),
            adaptor: self.adaptor,
        }
    }

    lens_from_base!();

    split_at_like_base!(ItemwiseProducer { adaptor });

    fn fold_with<F: Folder<M::Item>>(self, folder: F) -> F {
        let folder = ItemwiseFolder {
            base: folder,
            adaptor: self.adaptor,
        };
        self.base.fold_with(folder).base
    }
}

/// The sequential iterator of an [`ItemwiseProducer`].
struct ItemwiseIter<'a, I, M> {
    base: I,
    adaptor: &'a PerItem<M>,
}

impl<I, M> Iterator for ItemwiseIter<'_, I, M>
where
    I: Iterator,
    M: ItemMap<I::Item>,
{
    type Item = M::Item;

    fn next(&mut self) -> Option<M::Item> {
        self.base.next().map(|item| self.adaptor.0.apply(item))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.base.size_hint()
    }

    fn fold<B, G: FnMut(B, M::Item) -> B>(self, init: B, g: G) -> B {
        let map = &self.adaptor.0;
        self.base.map(|item| map.apply(item)).fold(init, g)
    }
}

impl<I, M> DoubleEndedIterator for ItemwiseIter<'_, I, M>
where
    I: DoubleEndedIterator,
    M: ItemMap<I::Item>,
{
    fn next_back(&mut self) -> Option<M::Item> {
        self.base.next_back().map(|item| self.adaptor.0.apply(item))
    }
}

impl<I, M> ExactSizeIterator for ItemwiseIter<'_, I, M>
where
    I: ExactSizeIterator,
    M: ItemMap<I::Item>,
{
}
