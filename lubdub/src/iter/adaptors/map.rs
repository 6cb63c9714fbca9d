//! [`Map`]: `map`, and through it `copied` and `cloned`.

use super::itemwise::{ChunkAdaptor, ItemwiseConsumer};
use crate::iter::plumbing::{Consumer, Producer, ProducerCallback};
use crate::iter::private::Sealed;
use crate::iter::{IndexedParallelIterator, ParallelIterator};

/// The iterator of [`ParallelIterator::map`].
///
/// ```
/// use lubdub::prelude::*;
///
/// let lengths: Vec<usize> = ["a", "bb"].par_iter().map(|s| s.len()).collect();
/// assert_eq!(lengths, [1, 2]);
/// ```
#[derive(Clone, Debug)]
pub struct Map<I, F> {
    base: I,
    f: F,
}

impl<I, F> Map<I, F> {
    pub(crate) fn new(base: I, f: F) -> Self {
        Self { base, f }
    }
}

impl<I, F, R> ParallelIterator for Map<I, F>
where
    I: ParallelIterator,
    F: Fn(I::Item) -> R + Sync + Send,
    R: Send,
{
    type Item = R;

    fn drive<C: Consumer<R>>(self, consumer: &C) -> C::Result {
        self.base
            .drive(&ItemwiseConsumer::new(consumer, Mapping(&self.f)))
    }

    fn opt_len(&self, sealed: Sealed) -> Option<usize> {
        self.base.opt_len(sealed)
    }
}

impl<I, F, R> IndexedParallelIterator for Map<I, F>
where
    I: IndexedParallelIterator,
    F: Fn(I::Item) -> R + Sync + Send,
    R: Send,
{
    fn len(&self) -> usize {
        self.base.len()
    }

    fn with_producer<CB: ProducerCallback<R>>(self, callback: CB) -> CB::Output {
        let f = &self.f;
        self.base.with_producer(MapCallback { callback, f })
    }
}

/// `map`'s [`ChunkAdaptor`]: `chunk.map(f)`.
struct Mapping<'f, F>(&'f F);

impl<T, R, F> ChunkAdaptor<T> for Mapping<'_, F>
where
    F: Fn(T) -> R + Sync,
{
    type Item = R;
    fn adapt<I: Iterator<Item = T>>(&self, chunk: I) -> impl Iterator<Item = R> {
        chunk.map(self.0)
    }
}

struct MapCallback<'f, CB, F> {
    callback: CB,
    f: &'f F,
}

impl<T, R, CB, F> ProducerCallback<T> for MapCallback<'_, CB, F>
where
    CB: ProducerCallback<R>,
    F: Fn(T) -> R + Sync,
{
    type Output = CB::Output;
    fn callback<P: Producer<Item = T>>(self, base: P) -> CB::Output {
        self.callback.callback(MapProducer { base, f: self.f })
    }
}

struct MapProducer<'f, P, F> {
    base: P,
    f: &'f F,
}

impl<'f, P, F, R> Producer for MapProducer<'f, P, F>
where
    P: Producer,
    F: Fn(P::Item) -> R + Sync,
{
    type Item = R;
    type IntoIter = std::iter::Map<P::IntoIter, &'f F>;
    fn len(&self) -> usize {
        self.base.len()
    }
    fn split_at(self, index: usize) -> (Self, Self) {
        let (left, right) = self.base.split_at(index);
        (
            Self {
                base: left,
                f: self.f,
            },
            Self {
                base: right,
                f: self.f,
            },
        )
    }
    fn into_iter(self) -> Self::IntoIter {
        self.base.into_iter().map(self.f)
    }
}
