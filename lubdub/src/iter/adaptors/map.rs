//! [`Map`]: `map`.

use super::base_hints::{hints_from_base, lens_from_base, split_at_like_base};
use super::closure_adaptor::closure_adaptor;
use crate::iter::plumbing::{Consumer, Folder, Producer, ProducerCallback, UnindexedConsumer};
use crate::iter::{IndexedParallelIterator, ParallelIterator};

closure_adaptor! {
    /// The iterator of [`ParallelIterator::map`].
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let lengths: Vec<usize> = ["a", "bb"].par_iter().map(|s| s.len()).collect();
    /// assert_eq!(lengths, [1, 2]);
    /// ```
    Map<I, F> { map_op }
}

impl<I, F, R> ParallelIterator for Map<I, F>
where
    I: ParallelIterator,
    F: Fn(I::Item) -> R + Sync + Send,
    R: Send,
{
    type Item = R;

    fn drive_unindexed<C: UnindexedConsumer<R>>(self, consumer: C) -> C::Result {
        self.base
            .drive_unindexed(MapConsumer::new(consumer, &self.map_op))
    }

    fn opt_len(&self) -> Option<usize> {
        self.base.opt_len()
    }
}

impl<I, F, R> IndexedParallelIterator for Map<I, F>
where
    I: IndexedParallelIterator,
    F: Fn(I::Item) -> R + Sync + Send,
    R: Send,
{
    fn drive<C: Consumer<R>>(self, consumer: C) -> C::Result {
        self.base.drive(MapConsumer::new(consumer, &self.map_op))
    }

    fn len(&self) -> usize {
        self.base.len()
    }

    fn with_producer<CB: ProducerCallback<R>>(self, callback: CB) -> CB::Output {
        return self.base.with_producer(Callback {
            callback,
            map_op: self.map_op,
        });

        struct Callback<CB, F> {
            callback: CB,
            map_op: F,
        }

        impl<T, R, CB, F> ProducerCallback<T> for Callback<CB, F>
        where
            CB: ProducerCallback<R>,
            F: Fn(T) -> R + Sync,
        {
            type Output = CB::Output;
            fn callback<P: Producer<Item = T>>(self, base: P) -> CB::Output {
                self.callback.callback(MapProducer {
                    base,
                    map_op: &self.map_op,
                })
            }
        }
    }
}

struct MapProducer<'f, P, F> {
    base: P,
    map_op: &'f F,
}

impl<'f, P, F, R> Producer for MapProducer<'f, P, F>
where
    P: Producer,
    F: Fn(P::Item) -> R + Sync,
{
    type Item = R;
    type IntoIter = std::iter::Map<P::IntoIter, &'f F>;

    fn into_iter(self) -> Self::IntoIter {
        self.base.into_iter().map(self.map_op)
    }

    lens_from_base!();

    split_at_like_base!(MapProducer { map_op });

    fn fold_with<G: Folder<R>>(self, folder: G) -> G {
        let folder = MapFolder {
            base: folder,
            map_op: self.map_op,
        };
        self.base.fold_with(folder).base
    }
}

struct MapConsumer<'f, C, F> {
    base: C,
    map_op: &'f F,
}

impl<'f, C, F> MapConsumer<'f, C, F> {
    fn new(base: C, map_op: &'f F) -> Self {
        MapConsumer { base, map_op }
    }
}

impl<'f, T, R, C, F> Consumer<T> for MapConsumer<'f, C, F>
where
    C: Consumer<R>,
    F: Fn(T) -> R + Sync,
{
    type Folder = MapFolder<'f, C::Folder, F>;
    type Reducer = C::Reducer;
    type Result = C::Result;

    fn split_at(self, index: usize) -> (Self, Self, C::Reducer) {
        let (left, right, reducer) = self.base.split_at(index);
        (
            MapConsumer::new(left, self.map_op),
            MapConsumer::new(right, self.map_op),
            reducer,
        )
    }

    fn into_folder(self) -> Self::Folder {
        MapFolder {
            base: self.base.into_folder(),
            map_op: self.map_op,
        }
    }

    fn full(&self) -> bool {
        self.base.full()
    }

    hints_from_base!();
}

impl<T, R, C, F> UnindexedConsumer<T> for MapConsumer<'_, C, F>
where
    C: UnindexedConsumer<R>,
    F: Fn(T) -> R + Sync,
{
    fn split_off_left(&self) -> Self {
        MapConsumer::new(self.base.split_off_left(), self.map_op)
    }

    fn to_reducer(&self) -> C::Reducer {
        self.base.to_reducer()
    }
}

struct MapFolder<'f, C, F> {
    base: C,
    map_op: &'f F,
}

impl<T, R, C, F> Folder<T> for MapFolder<'_, C, F>
where
    C: Folder<R>,
    F: Fn(T) -> R,
{
    type Result = C::Result;

    fn consume(self, item: T) -> Self {
        MapFolder {
            base: self.base.consume((self.map_op)(item)),
            map_op: self.map_op,
        }
    }

    fn consume_iter<I: IntoIterator<Item = T>>(self, iter: I) -> Self {
        MapFolder {
            base: self.base.consume_iter(iter.into_iter().map(self.map_op)),
            map_op: self.map_op,
        }
    }

    fn complete(self) -> C::Result {
        self.base.complete()
    }

    fn full(&self) -> bool {
        self.base.full()
    }
}
