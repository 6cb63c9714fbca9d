//! [`MapWith`]: `map_with`, a map whose operation also gets a `&mut` to a
//! clone of a value, one clone per folder.

use super::map_state::{MapStateCallback, MapStateConsumer, StateSource};
use crate::iter::plumbing::{Consumer, ProducerCallback, UnindexedConsumer};
use crate::iter::{IndexedParallelIterator, ParallelIterator};

/// The iterator of [`ParallelIterator::map_with`].
///
/// ```
/// use lubdub::prelude::*;
///
/// let offset = vec![100];
/// let v: Vec<i32> = (0..3).into_par_iter().map_with(offset, |o, x| o[0] + x).collect();
/// assert_eq!(v, [100, 101, 102]);
/// ```
#[derive(Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct MapWith<I, T, F> {
    base: I,
    item: T,
    map_op: F,
}

impl<I: std::fmt::Debug, T: std::fmt::Debug, F> std::fmt::Debug for MapWith<I, T, F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MapWith")
            .field("base", &self.base)
            .field("item", &self.item)
            .finish()
    }
}

impl<I, T, F> MapWith<I, T, F> {
    pub(crate) fn new(base: I, item: T, map_op: F) -> Self {
        MapWith { base, item, map_op }
    }
}

impl<I, T, F, R> ParallelIterator for MapWith<I, T, F>
where
    I: ParallelIterator,
    T: Send + Clone,
    F: Fn(&mut T, I::Item) -> R + Sync + Send,
    R: Send,
{
    type Item = R;

    fn drive_unindexed<C: UnindexedConsumer<R>>(self, consumer: C) -> C::Result {
        let source = Clones(self.item);
        let consumer = MapStateConsumer::new(consumer, source, &self.map_op);
        self.base.drive_unindexed(consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        self.base.opt_len()
    }
}

impl<I, T, F, R> IndexedParallelIterator for MapWith<I, T, F>
where
    I: IndexedParallelIterator,
    T: Send + Clone,
    F: Fn(&mut T, I::Item) -> R + Sync + Send,
    R: Send,
{
    fn drive<C: Consumer<R>>(self, consumer: C) -> C::Result {
        let source = Clones(self.item);
        let consumer = MapStateConsumer::new(consumer, source, &self.map_op);
        self.base.drive(consumer)
    }

    fn len(&self) -> usize {
        self.base.len()
    }

    fn with_producer<CB: ProducerCallback<R>>(self, callback: CB) -> CB::Output {
        let source = Clones(self.item);
        let callback = MapStateCallback::new(callback, source, &self.map_op);
        self.base.with_producer(callback)
    }
}

/// `map_with`'s states: clones of the value, the last piece keeping the
/// original.
struct Clones<T>(T);

impl<T: Send + Clone> StateSource for Clones<T> {
    type State = T;

    fn split_off(&self) -> Self {
        Clones(self.0.clone())
    }

    fn into_state(self) -> T {
        self.0
    }
}
