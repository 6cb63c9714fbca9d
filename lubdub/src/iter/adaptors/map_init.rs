//! [`MapInit`]: `map_init`, a map whose operation also gets a `&mut` to a
//! value made by `init`, one call per folder.

use super::map_state::{MapStateCallback, MapStateConsumer, StateSource};
use crate::iter::plumbing::{Consumer, ProducerCallback, UnindexedConsumer};
use crate::iter::{IndexedParallelIterator, ParallelIterator};

/// The iterator of [`ParallelIterator::map_init`].
///
/// ```
/// use lubdub::prelude::*;
///
/// let v: Vec<String> = (0..3)
///     .into_par_iter()
///     .map_init(String::new, |buf, x| {
///         buf.clear();
///         buf.push_str(&x.to_string());
///         buf.clone()
///     })
///     .collect();
/// assert_eq!(v, ["0", "1", "2"]);
/// ```
#[derive(Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct MapInit<I, INIT, F> {
    base: I,
    init: INIT,
    map_op: F,
}

impl<I: std::fmt::Debug, INIT, F> std::fmt::Debug for MapInit<I, INIT, F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MapInit").field("base", &self.base).finish()
    }
}

impl<I, INIT, F> MapInit<I, INIT, F> {
    pub(crate) fn new(base: I, init: INIT, map_op: F) -> Self {
        MapInit { base, init, map_op }
    }
}

impl<I, INIT, T, F, R> ParallelIterator for MapInit<I, INIT, F>
where
    I: ParallelIterator,
    INIT: Fn() -> T + Sync + Send,
    F: Fn(&mut T, I::Item) -> R + Sync + Send,
    R: Send,
{
    type Item = R;

    fn drive_unindexed<C: UnindexedConsumer<R>>(self, consumer: C) -> C::Result {
        let source = Inits(&self.init);
        let consumer = MapStateConsumer::new(consumer, source, &self.map_op);
        self.base.drive_unindexed(consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        self.base.opt_len()
    }
}

impl<I, INIT, T, F, R> IndexedParallelIterator for MapInit<I, INIT, F>
where
    I: IndexedParallelIterator,
    INIT: Fn() -> T + Sync + Send,
    F: Fn(&mut T, I::Item) -> R + Sync + Send,
    R: Send,
{
    fn drive<C: Consumer<R>>(self, consumer: C) -> C::Result {
        let source = Inits(&self.init);
        let consumer = MapStateConsumer::new(consumer, source, &self.map_op);
        self.base.drive(consumer)
    }

    fn len(&self) -> usize {
        self.base.len()
    }

    fn with_producer<CB: ProducerCallback<R>>(self, callback: CB) -> CB::Output {
        let source = Inits(&self.init);
        let callback = MapStateCallback::new(callback, source, &self.map_op);
        self.base.with_producer(callback)
    }
}

/// `map_init`'s states: a call to `init` for each.
struct Inits<'f, INIT>(&'f INIT);

impl<T, INIT: Fn() -> T + Sync> StateSource for Inits<'_, INIT> {
    type State = T;

    fn split_off(&self) -> Self {
        Inits(self.0)
    }

    fn into_state(self) -> T {
        (self.0)()
    }
}
