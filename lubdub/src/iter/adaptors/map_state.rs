//! The consumer and producer shared by `map_with` and `map_init`: a map whose
//! operation also gets a `&mut` to a state value that each folder (each piece
//! the loop is cut into, or each chunk where the consumer after the map needs
//! positions, as an indexed `collect` does) owns. The two differ only in where a
//! folder's state comes from ([`StateSource`]): a clone of a value, or a call
//! to an `init` function.

use super::base_hints::{hints_from_base, lens_from_base};
use crate::iter::plumbing::{Consumer, Folder, Producer, ProducerCallback, UnindexedConsumer};

/// Where the state of each folder of a `map_with` / `map_init` loop comes
/// from. A source travels with each piece of the loop and is cut with it.
pub(super) trait StateSource: Send + Sized {
    /// The state a folder's operation calls get.
    type State;

    /// The source for the piece to the left of a cut (this one goes right).
    fn split_off(&self) -> Self;

    /// The state of one folder.
    fn into_state(self) -> Self::State;
}

/// The consumer of a stateful map: `base` gets `map_op(&mut state, item)`.
pub(super) struct MapStateConsumer<'f, C, S, F> {
    base: C,
    source: S,
    map_op: &'f F,
}

impl<'f, C, S, F> MapStateConsumer<'f, C, S, F> {
    pub(super) fn new(base: C, source: S, map_op: &'f F) -> Self {
        MapStateConsumer {
            base,
            source,
            map_op,
        }
    }
}

impl<'f, T, R, C, S, F> Consumer<T> for MapStateConsumer<'f, C, S, F>
where
    C: Consumer<R>,
    S: StateSource,
    F: Fn(&mut S::State, T) -> R + Sync,
{
    type Folder = MapStateFolder<'f, C::Folder, S::State, F>;
    type Reducer = C::Reducer;
    type Result = C::Result;

    fn split_at(self, index: usize) -> (Self, Self, C::Reducer) {
        let (left, right, reducer) = self.base.split_at(index);
        let left_source = self.source.split_off();
        (
            MapStateConsumer::new(left, left_source, self.map_op),
            MapStateConsumer::new(right, self.source, self.map_op),
            reducer,
        )
    }

    fn into_folder(self) -> Self::Folder {
        MapStateFolder {
            base: self.base.into_folder(),
            state: self.source.into_state(),
            map_op: self.map_op,
        }
    }

    fn full(&self) -> bool {
        self.base.full()
    }

    hints_from_base!();
}

impl<T, R, C, S, F> UnindexedConsumer<T> for MapStateConsumer<'_, C, S, F>
where
    C: UnindexedConsumer<R>,
    S: StateSource,
    F: Fn(&mut S::State, T) -> R + Sync,
{
    fn split_off_left(&self) -> Self {
        MapStateConsumer::new(
            self.base.split_off_left(),
            self.source.split_off(),
            self.map_op,
        )
    }

    fn to_reducer(&self) -> C::Reducer {
        self.base.to_reducer()
    }
}

/// The folder of a stateful map: it owns its state for all its items.
pub(super) struct MapStateFolder<'f, G, U, F> {
    base: G,
    state: U,
    map_op: &'f F,
}

impl<T, R, G, U, F> Folder<T> for MapStateFolder<'_, G, U, F>
where
    G: Folder<R>,
    F: Fn(&mut U, T) -> R,
{
    type Result = G::Result;

    fn consume(mut self, item: T) -> Self {
        let mapped = (self.map_op)(&mut self.state, item);
        self.base = self.base.consume(mapped);
        self
    }

    fn consume_iter<I: IntoIterator<Item = T>>(self, iter: I) -> Self {
        let MapStateFolder {
            base,
            mut state,
            map_op,
        } = self;
        let base = base.consume_iter(iter.into_iter().map(|item| map_op(&mut state, item)));
        MapStateFolder {
            base,
            state,
            map_op,
        }
    }

    fn complete(self) -> G::Result {
        self.base.complete()
    }

    fn full(&self) -> bool {
        self.base.full()
    }
}

/// What an indexed stateful map hands its base's producer to: it wraps the
/// producer in a [`MapStateProducer`] with `source` and `map_op` for
/// `callback`.
pub(super) struct MapStateCallback<'f, CB, S, F> {
    callback: CB,
    source: S,
    map_op: &'f F,
}

impl<'f, CB, S, F> MapStateCallback<'f, CB, S, F> {
    pub(super) fn new(callback: CB, source: S, map_op: &'f F) -> Self {
        MapStateCallback {
            callback,
            source,
            map_op,
        }
    }
}

impl<T, R, CB, S, F> ProducerCallback<T> for MapStateCallback<'_, CB, S, F>
where
    CB: ProducerCallback<R>,
    S: StateSource,
    F: Fn(&mut S::State, T) -> R + Sync,
{
    type Output = CB::Output;

    fn callback<P: Producer<Item = T>>(self, base: P) -> CB::Output {
        let producer = MapStateProducer::new(base, self.source, self.map_op);
        self.callback.callback(producer)
    }
}

/// The producer of an indexed stateful map: the base's positions, each item
/// mapped with the state of the piece's folder or iterator.
pub(super) struct MapStateProducer<'f, P, S, F> {
    base: P,
    source: S,
    map_op: &'f F,
}

impl<'f, P, S, F> MapStateProducer<'f, P, S, F> {
    fn new(base: P, source: S, map_op: &'f F) -> Self {
        MapStateProducer {
            base,
            source,
            map_op,
        }
    }
}

impl<'f, P, R, S, F> Producer for MapStateProducer<'f, P, S, F>
where
    P: Producer,
    S: StateSource,
    F: Fn(&mut S::State, P::Item) -> R + Sync,
{
    type Item = R;
    type IntoIter = MapStateIter<'f, P::IntoIter, S::State, F>;

    fn into_iter(self) -> Self::IntoIter {
        MapStateIter {
            base: self.base.into_iter(),
            state: self.source.into_state(),
            map_op: self.map_op,
        }
    }

    lens_from_base!();

    fn split_at(self, index: usize) -> (Self, Self) {
        let (left, right) = self.base.split_at(index);
        let left_source = self.source.split_off();
        (
            MapStateProducer::new(left, left_source, self.map_op),
            MapStateProducer::new(right, self.source, self.map_op),
        )
    }

    fn fold_with<G: Folder<R>>(self, folder: G) -> G {
        let folder = MapStateFolder {
            base: folder,
            state: self.source.into_state(),
            map_op: self.map_op,
        };
        self.base.fold_with(folder).base
    }
}

/// The sequential iterator of a [`MapStateProducer`].
pub(super) struct MapStateIter<'f, I, U, F> {
    base: I,
    state: U,
    map_op: &'f F,
}

impl<I, U, R, F> Iterator for MapStateIter<'_, I, U, F>
where
    I: Iterator,
    F: Fn(&mut U, I::Item) -> R,
{
    type Item = R;

    fn next(&mut self) -> Option<R> {
        let item = self.base.next()?;
        Some((self.map_op)(&mut self.state, item))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.base.size_hint()
    }
}

impl<I, U, R, F> DoubleEndedIterator for MapStateIter<'_, I, U, F>
where
    I: DoubleEndedIterator,
    F: Fn(&mut U, I::Item) -> R,
{
    fn next_back(&mut self) -> Option<R> {
        let item = self.base.next_back()?;
        Some((self.map_op)(&mut self.state, item))
    }
}

impl<I, U, R, F> ExactSizeIterator for MapStateIter<'_, I, U, F>
where
    I: ExactSizeIterator,
    F: Fn(&mut U, I::Item) -> R,
{
}
