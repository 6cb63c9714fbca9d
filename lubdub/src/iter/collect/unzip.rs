//! One loop into two collections: the machinery behind `unzip`,
//! `partition` and `partition_map`.
//!
//! Each item goes to one or both of two consumers, as a [`Route`] decides.
//! The collections' own `par_extend`s choose their consumers, so the loop
//! is handed to the first collection as a stand-in iterator
//! ([`LeftHalf`]); when it asks for items, it is given a second stand-in
//! ([`RightHalf`]) to hand to the second collection, and when that one asks
//! for items, both consumers are known and the real loop runs once, into a
//! [`SplitConsumer`] that feeds them both.

use crate::iter::plumbing::{Consumer, Folder, Reducer, UnindexedConsumer};
use crate::iter::{IntoParallelIterator, ParallelExtend, ParallelIterator};

/// Where each item of a loop goes: to the left consumer, the right one, or
/// (split) to both.
pub(super) trait Route<T>: Sync + Send {
    /// The items the left consumer takes.
    type Left: Send;
    /// The items the right consumer takes.
    type Right: Send;
    /// True when every item gives exactly one item to each side, so both
    /// sides have the loop's length and can be written in place.
    const KEEPS_POSITIONS: bool;

    /// Feeds `item` to one or both folders.
    fn route<FL, FR>(&self, item: T, left: FL, right: FR) -> (FL, FR)
    where
        FL: Folder<Self::Left>,
        FR: Folder<Self::Right>;
}

/// Extends `left` and `right` with the items `route` sends each of them
/// from `iter`, in one loop.
pub(super) fn unzip_into<I, R, A, B>(left: &mut A, right: &mut B, iter: I, route: R)
where
    I: ParallelIterator,
    R: Route<I::Item>,
    A: Send + ParallelExtend<R::Left>,
    B: Send + ParallelExtend<R::Right>,
{
    left.par_extend(LeftHalf {
        base: iter,
        route,
        right,
    });
}

/// A consumer that feeds each item to one or both of two consumers.
pub(super) struct SplitConsumer<'r, R, CL, CR> {
    route: &'r R,
    left: CL,
    right: CR,
}

impl<'r, R, CL, CR> SplitConsumer<'r, R, CL, CR> {
    pub(super) fn new(route: &'r R, left: CL, right: CR) -> Self {
        SplitConsumer { route, left, right }
    }
}

/// The loop as the left collection sees it: its items are the left ones.
struct LeftHalf<'b, I, R, B> {
    base: I,
    route: R,
    right: &'b mut B,
}

impl<I, R, B> ParallelIterator for LeftHalf<'_, I, R, B>
where
    I: ParallelIterator,
    R: Route<I::Item>,
    B: Send + ParallelExtend<R::Right>,
{
    type Item = R::Left;

    fn drive_unindexed<C>(self, left_consumer: C) -> C::Result
    where
        C: UnindexedConsumer<R::Left>,
    {
        let mut left_result = None;
        self.right.par_extend(RightHalf {
            base: self.base,
            route: self.route,
            left_consumer,
            left_result: &mut left_result,
        });
        left_result.expect("the right collection's par_extend ran the loop")
    }

    fn opt_len(&self) -> Option<usize> {
        self.base.opt_len().filter(|_| R::KEEPS_POSITIONS)
    }
}

/// The loop as the right collection sees it, once the left consumer is
/// known: running it fills both.
struct RightHalf<'a, I, R, CL>
where
    I: ParallelIterator,
    R: Route<I::Item>,
    CL: Consumer<R::Left>,
{
    base: I,
    route: R,
    left_consumer: CL,
    left_result: &'a mut Option<CL::Result>,
}

impl<I, R, CL> ParallelIterator for RightHalf<'_, I, R, CL>
where
    I: ParallelIterator,
    R: Route<I::Item>,
    CL: UnindexedConsumer<R::Left>,
{
    type Item = R::Right;

    fn drive_unindexed<C>(self, right_consumer: C) -> C::Result
    where
        C: UnindexedConsumer<R::Right>,
    {
        let consumer = SplitConsumer::new(&self.route, self.left_consumer, right_consumer);
        let (left, right) = self.base.drive_unindexed(consumer);
        *self.left_result = Some(left);
        right
    }

    fn opt_len(&self) -> Option<usize> {
        self.base.opt_len().filter(|_| R::KEEPS_POSITIONS)
    }
}

impl<'r, T, R, CL, CR> Consumer<T> for SplitConsumer<'r, R, CL, CR>
where
    R: Route<T>,
    CL: Consumer<R::Left>,
    CR: Consumer<R::Right>,
{
    type Folder = SplitConsumer<'r, R, CL::Folder, CR::Folder>;
    type Reducer = BothReducers<CL::Reducer, CR::Reducer>;
    type Result = (CL::Result, CR::Result);

    fn split_at(self, index: usize) -> (Self, Self, Self::Reducer) {
        let (left_front, left_back, left_reducer) = self.left.split_at(index);
        let (right_front, right_back, right_reducer) = self.right.split_at(index);
        (
            SplitConsumer::new(self.route, left_front, right_front),
            SplitConsumer::new(self.route, left_back, right_back),
            BothReducers(left_reducer, right_reducer),
        )
    }

    fn into_folder(self) -> Self::Folder {
        SplitConsumer::new(
            self.route,
            self.left.into_folder(),
            self.right.into_folder(),
        )
    }

    fn full(&self) -> bool {
        self.left.full() && self.right.full()
    }

    /// Needs positions where either side does.
    fn position_free(&self) -> bool {
        self.left.position_free() && self.right.position_free()
    }

    /// Cautiously, when either side may be.
    fn may_become_full(&self) -> bool {
        self.left.may_become_full() || self.right.may_become_full()
    }
}

impl<T, R, CL, CR> UnindexedConsumer<T> for SplitConsumer<'_, R, CL, CR>
where
    R: Route<T>,
    CL: UnindexedConsumer<R::Left>,
    CR: UnindexedConsumer<R::Right>,
{
    fn split_off_left(&self) -> Self {
        SplitConsumer::new(
            self.route,
            self.left.split_off_left(),
            self.right.split_off_left(),
        )
    }

    fn to_reducer(&self) -> Self::Reducer {
        BothReducers(self.left.to_reducer(), self.right.to_reducer())
    }
}

impl<T, R, FL, FR> Folder<T> for SplitConsumer<'_, R, FL, FR>
where
    R: Route<T>,
    FL: Folder<R::Left>,
    FR: Folder<R::Right>,
{
    type Result = (FL::Result, FR::Result);

    fn consume(self, item: T) -> Self {
        let (left, right) = self.route.route(item, self.left, self.right);
        SplitConsumer::new(self.route, left, right)
    }

    fn complete(self) -> Self::Result {
        (self.left.complete(), self.right.complete())
    }

    fn full(&self) -> bool {
        self.left.full() && self.right.full()
    }
}

/// Joins pairs of results side by side.
pub(super) struct BothReducers<RL, RR>(RL, RR);

impl<L, R, RL, RR> Reducer<(L, R)> for BothReducers<RL, RR>
where
    RL: Reducer<L>,
    RR: Reducer<R>,
{
    fn reduce(self, left: (L, R), right: (L, R)) -> (L, R) {
        (
            self.0.reduce(left.0, right.0),
            self.1.reduce(left.1, right.1),
        )
    }
}

/// A collection built by one `par_extend`: lets `unzip_into` build a pair
/// of [`FromParallelIterator`](crate::iter::FromParallelIterator)
/// collections.
pub(super) struct BuiltOnce<C>(Option<C>);

impl<C> Default for BuiltOnce<C> {
    fn default() -> Self {
        BuiltOnce(None)
    }
}

impl<T, C> ParallelExtend<T> for BuiltOnce<C>
where
    T: Send,
    C: crate::iter::FromParallelIterator<T>,
{
    fn par_extend<I>(&mut self, iter: I)
    where
        I: IntoParallelIterator<Item = T>,
    {
        debug_assert!(self.0.is_none(), "built once");
        self.0 = Some(C::from_par_iter(iter));
    }
}

impl<C> BuiltOnce<C> {
    /// The collection built.
    pub(super) fn built(self) -> C {
        self.0.expect("unzip ran par_extend on both sides")
    }
}
