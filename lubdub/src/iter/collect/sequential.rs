//! Extending a collection that can only be extended sequentially (a map, a
//! set, a heap, a deque...): the loop gathers its items into vectors in
//! parallel ([`collect_vec_list`]), then the collection takes them in
//! order, so later items win where the collection keeps only one of equal
//! keys, as with [`Extend`].

use std::collections::hash_map::HashMap;
use std::collections::hash_set::HashSet;
use std::collections::{BinaryHeap, LinkedList, VecDeque};
use std::hash::{BuildHasher, Hash};

use super::pieces::{collect_vec_list, total_len};
use super::{FromParallelIterator, ParallelExtend};
use crate::iter::{IntoParallelIterator, ParallelIterator};

/// A collection that can make room for more items up front.
pub(super) trait Reserve {
    /// Makes room for `additional` more items.
    fn reserve_for(&mut self, additional: usize);
}

impl<T> Reserve for VecDeque<T> {
    fn reserve_for(&mut self, additional: usize) {
        self.reserve(additional);
    }
}

impl<T: Ord> Reserve for BinaryHeap<T> {
    fn reserve_for(&mut self, additional: usize) {
        self.reserve(additional);
    }
}

impl<K: Eq + Hash, V, S: BuildHasher> Reserve for HashMap<K, V, S> {
    fn reserve_for(&mut self, additional: usize) {
        self.reserve(additional);
    }
}

impl<T: Eq + Hash, S: BuildHasher> Reserve for HashSet<T, S> {
    fn reserve_for(&mut self, additional: usize) {
        self.reserve(additional);
    }
}

/// Extends `collection` with the items of `par_iter`, in order.
pub(super) fn extend_in_order<C, I>(collection: &mut C, par_iter: I)
where
    C: Extend<I::Item>,
    I: IntoParallelIterator,
{
    take_all(collection, collect_vec_list(par_iter.into_par_iter()));
}

/// Extends `collection` with the items of `par_iter`, in order, after
/// making room for all of them.
pub(super) fn extend_reserved<C, I>(collection: &mut C, par_iter: I)
where
    C: Extend<I::Item> + Reserve,
    I: IntoParallelIterator,
{
    let list = collect_vec_list(par_iter.into_par_iter());
    collection.reserve_for(total_len(&list));
    take_all(collection, list);
}

/// Extends `collection` with the items of the vectors of `list`, in order.
fn take_all<C: Extend<T>, T>(collection: &mut C, list: LinkedList<Vec<T>>) {
    for vec in list {
        collection.extend(vec);
    }
}

/// A new collection extended with the items of `par_iter`.
pub(super) fn collect_extended<C, I>(par_iter: I) -> C
where
    C: Default + ParallelExtend<I::Item>,
    I: IntoParallelIterator,
{
    let mut collection = C::default();
    collection.par_extend(par_iter);
    collection
}

/// A new collection converted from the vector of the items of `par_iter`.
pub(super) fn through_vec<C, I>(par_iter: I) -> C
where
    C: From<Vec<I::Item>>,
    I: IntoParallelIterator,
{
    Vec::from_par_iter(par_iter).into()
}

/// Extends `collection` with copies of the items `par_iter` refers to.
pub(super) fn extend_copied<'a, C, T, I>(collection: &mut C, par_iter: I)
where
    C: ParallelExtend<T>,
    T: 'a + Copy + Send + Sync,
    I: IntoParallelIterator<Item = &'a T>,
{
    collection.par_extend(par_iter.into_par_iter().map(|&item| item));
}

/// Implements `FromParallelIterator<$item>` for `$target` as
/// `$how(par_iter)`, or `ParallelExtend<$item>` as `$how(self, par_iter)`.
macro_rules! collect_by {
    (impl[$($gen:tt)*] FromParallelIterator<$item:ty> for $target:ty $(where [$($bound:tt)*])? => $how:path) => {
        impl<$($gen)*> FromParallelIterator<$item> for $target
        $(where $($bound)*)?
        {
            fn from_par_iter<I>(par_iter: I) -> Self
            where
                I: IntoParallelIterator<Item = $item>,
            {
                $how(par_iter)
            }
        }
    };
    (impl[$($gen:tt)*] ParallelExtend<$item:ty> for $target:ty $(where [$($bound:tt)*])? => $how:path) => {
        impl<$($gen)*> ParallelExtend<$item> for $target
        $(where $($bound)*)?
        {
            fn par_extend<I>(&mut self, par_iter: I)
            where
                I: IntoParallelIterator<Item = $item>,
            {
                $how(self, par_iter);
            }
        }
    };
}
pub(super) use collect_by;
