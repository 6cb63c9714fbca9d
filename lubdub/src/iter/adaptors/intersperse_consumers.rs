//! The consumers of `intersperse` (see `intersperse.rs` for which is used
//! where): [`IntersperseConsumer`], cut at positions of the base iterator,
//! and [`GapConsumer`], which separates pieces when it joins them.

use std::cell::Cell;
use std::iter::once;

use super::base_hints::hints_from_base;
use crate::iter::plumbing::{Consumer, Folder, Reducer, UnindexedConsumer};

/// The consumer of `intersperse` over a base whose consumer is cut at the
/// positions of its items: a piece knows from its position whether its
/// first item has a separator before it.
pub(super) struct IntersperseConsumer<C, T> {
    base: C,
    item: T,
    /// Whether this piece's first item has a separator before it: a `Cell`
    /// because `split_off_left` sets it through `&self`.
    clone_first: Cell<bool>,
}

impl<C, T> IntersperseConsumer<C, T> {
    pub(super) fn new(base: C, item: T) -> Self {
        IntersperseConsumer {
            base,
            item,
            clone_first: Cell::new(false),
        }
    }
}

impl<C, T> Consumer<T> for IntersperseConsumer<C, T>
where
    C: Consumer<T>,
    T: Clone + Send,
{
    type Folder = IntersperseFolder<C::Folder, T>;
    type Reducer = C::Reducer;
    type Result = C::Result;

    fn split_at(self, index: usize) -> (Self, Self, C::Reducer) {
        let clone_first = self.clone_first.get();
        // The first `index` base items, with a separator before each but the
        // first, and before the first too when this piece starts with one.
        let base_index = match index {
            0 => 0,
            index => index + (index - 1) + usize::from(clone_first),
        };
        let (left, right, reducer) = self.base.split_at(base_index);
        let left = IntersperseConsumer {
            base: left,
            item: self.item.clone(),
            clone_first: Cell::new(clone_first),
        };
        let right = IntersperseConsumer {
            base: right,
            item: self.item,
            clone_first: Cell::new(clone_first || index > 0),
        };
        (left, right, reducer)
    }

    fn into_folder(self) -> Self::Folder {
        IntersperseFolder::new(self.base.into_folder(), self.item, self.clone_first.get())
    }

    fn full(&self) -> bool {
        self.base.full()
    }

    // Cut without positions (`split_off_left`), every folder but the first
    // starts with a separator. That is right in the one-folder bridge, which
    // makes the first folder before any cut and cuts the rest only after
    // that folder has taken an item; so this needs positions only where its
    // base does.
    hints_from_base!();
}

impl<C, T> UnindexedConsumer<T> for IntersperseConsumer<C, T>
where
    C: UnindexedConsumer<T>,
    T: Clone + Send,
{
    /// The base drives this consumer through positions, so a piece cut off
    /// to the left holds at least one item: this one then starts with a
    /// separator.
    fn split_off_left(&self) -> Self {
        let left = IntersperseConsumer {
            base: self.base.split_off_left(),
            item: self.item.clone(),
            clone_first: self.clone_first.clone(),
        };
        self.clone_first.set(true);
        left
    }

    fn to_reducer(&self) -> C::Reducer {
        self.base.to_reducer()
    }
}

/// The folder of one piece of an interspersed loop: a separator before
/// every item but the piece's first (and before that one too when
/// `clone_first` says so).
pub(super) struct IntersperseFolder<F, T> {
    pub(super) base: F,
    pub(super) item: T,
    clone_first: bool,
}

impl<F, T> IntersperseFolder<F, T> {
    pub(super) fn new(base: F, item: T, clone_first: bool) -> Self {
        IntersperseFolder {
            base,
            item,
            clone_first,
        }
    }
}

impl<F, T> Folder<T> for IntersperseFolder<F, T>
where
    F: Folder<T>,
    T: Clone,
{
    type Result = F::Result;

    fn consume(mut self, item: T) -> Self {
        if self.clone_first {
            self.base = self.base.consume(self.item.clone());
            if self.base.full() {
                return self;
            }
        }
        self.clone_first = true;
        self.base = self.base.consume(item);
        self
    }

    fn consume_iter<I: IntoIterator<Item = T>>(self, iter: I) -> Self {
        let IntersperseFolder {
            base,
            item,
            mut clone_first,
        } = self;
        let with_separators = iter.into_iter().flat_map(|next| {
            let separator = clone_first.then(|| item.clone());
            clone_first = true;
            separator.into_iter().chain(once(next))
        });
        let base = base.consume_iter(with_separators);
        IntersperseFolder {
            base,
            item,
            clone_first,
        }
    }

    fn complete(self) -> F::Result {
        self.base.complete()
    }

    fn full(&self) -> bool {
        self.base.full()
    }
}

/// The consumer of `intersperse` over a base of unknown positions. Each
/// piece separates its own items only; its result says whether it had any,
/// and [`GapReducer`] puts a separator between two pieces that both had.
pub(super) struct GapConsumer<C, T> {
    base: C,
    item: T,
}

impl<C, T> GapConsumer<C, T> {
    pub(super) fn new(base: C, item: T) -> Self {
        GapConsumer { base, item }
    }
}

impl<C, T> Consumer<T> for GapConsumer<C, T>
where
    C: UnindexedConsumer<T>,
    T: Clone + Send,
{
    type Folder = GapFolder<C::Folder, T>;
    type Reducer = GapReducer<C, T>;
    /// The base's result, and whether the piece had any item.
    type Result = (C::Result, bool);

    fn split_at(self, index: usize) -> (Self, Self, Self::Reducer) {
        let (left, right, reducer) = self.base.split_at(index);
        let reducer = GapReducer::new(reducer, &right, self.item.clone());
        let left = GapConsumer::new(left, self.item.clone());
        (left, GapConsumer::new(right, self.item), reducer)
    }

    fn into_folder(self) -> Self::Folder {
        GapFolder(IntersperseFolder::new(
            self.base.into_folder(),
            self.item,
            false,
        ))
    }

    fn full(&self) -> bool {
        self.base.full()
    }

    hints_from_base!();
}

impl<C, T> UnindexedConsumer<T> for GapConsumer<C, T>
where
    C: UnindexedConsumer<T>,
    T: Clone + Send,
{
    fn split_off_left(&self) -> Self {
        GapConsumer::new(self.base.split_off_left(), self.item.clone())
    }

    fn to_reducer(&self) -> Self::Reducer {
        GapReducer::new(self.base.to_reducer(), &self.base, self.item.clone())
    }
}

/// The folder of [`GapConsumer`]: it reports whether it took any item.
pub(super) struct GapFolder<F, T>(IntersperseFolder<F, T>);

impl<F, T> Folder<T> for GapFolder<F, T>
where
    F: Folder<T>,
    T: Clone,
{
    type Result = (F::Result, bool);

    fn consume(self, item: T) -> Self {
        GapFolder(self.0.consume(item))
    }

    fn consume_iter<I: IntoIterator<Item = T>>(self, iter: I) -> Self {
        GapFolder(self.0.consume_iter(iter))
    }

    fn complete(self) -> (F::Result, bool) {
        // A piece's folder starts without a separator and sets
        // `clone_first` at its first item.
        let had_items = self.0.clone_first;
        (self.0.base.complete(), had_items)
    }

    fn full(&self) -> bool {
        self.0.full()
    }
}

/// Joins two pieces of a [`GapConsumer`], with a separator between them
/// when both had items. The separator goes to a consumer of its own, cut off
/// to the left of the right piece's.
pub(super) struct GapReducer<C: UnindexedConsumer<T>, T> {
    /// Joins the left piece with the separator and the right piece.
    outer: C::Reducer,
    /// The separator's consumer, and the reducer that joins it with the
    /// right piece.
    gap: C,
    inner: C::Reducer,
    item: T,
}

impl<C: UnindexedConsumer<T>, T> GapReducer<C, T> {
    /// The reducer for `outer`'s two pieces, the right one consumed by
    /// `right`.
    fn new(outer: C::Reducer, right: &C, item: T) -> Self {
        GapReducer {
            outer,
            gap: right.split_off_left(),
            inner: right.to_reducer(),
            item,
        }
    }
}

impl<C: UnindexedConsumer<T>, T> Reducer<(C::Result, bool)> for GapReducer<C, T> {
    fn reduce(self, left: (C::Result, bool), right: (C::Result, bool)) -> (C::Result, bool) {
        let ((left, left_had), (right, right_had)) = (left, right);
        if left_had && right_had {
            let gap = self.gap.into_folder().consume(self.item).complete();
            let right = self.inner.reduce(gap, right);
            (self.outer.reduce(left, right), true)
        } else {
            (self.outer.reduce(left, right), left_had || right_had)
        }
    }
}
