//! Collecting into the maps and sets of `std`. The items are inserted in
//! the iterator's order, so where two items have equal keys the later one
//! wins, as with a sequential `collect`.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::hash::{BuildHasher, Hash};

use super::sequential::{collect_by, collect_extended, extend_in_order, extend_reserved};
use super::{FromParallelIterator, ParallelExtend};
use crate::iter::IntoParallelIterator;

collect_by! {
    impl[K, V, S] FromParallelIterator<(K, V)> for HashMap<K, V, S>
    where [K: Eq + Hash + Send, V: Send, S: BuildHasher + Default + Send]
    => collect_extended
}

collect_by! {
    impl[K, V, S] ParallelExtend<(K, V)> for HashMap<K, V, S>
    where [K: Eq + Hash + Send, V: Send, S: BuildHasher + Send]
    => extend_reserved
}

collect_by! {
    impl['a, K, V, S] ParallelExtend<(&'a K, &'a V)> for HashMap<K, V, S>
    where [
        K: 'a + Copy + Eq + Hash + Send + Sync,
        V: 'a + Copy + Send + Sync,
        S: BuildHasher + Send,
    ] => extend_reserved
}

collect_by! {
    impl[T, S] FromParallelIterator<T> for HashSet<T, S>
    where [T: Eq + Hash + Send, S: BuildHasher + Default + Send]
    => collect_extended
}

collect_by! {
    impl[T, S] ParallelExtend<T> for HashSet<T, S>
    where [T: Eq + Hash + Send, S: BuildHasher + Send]
    => extend_reserved
}

collect_by! {
    impl['a, T, S] ParallelExtend<&'a T> for HashSet<T, S>
    where [T: 'a + Copy + Eq + Hash + Send + Sync, S: BuildHasher + Send]
    => extend_reserved
}

collect_by! {
    impl[K: Ord + Send, V: Send] FromParallelIterator<(K, V)> for BTreeMap<K, V>
    => collect_extended
}

collect_by! {
    impl[K: Ord + Send, V: Send] ParallelExtend<(K, V)> for BTreeMap<K, V>
    => extend_in_order
}

collect_by! {
    impl['a, K, V] ParallelExtend<(&'a K, &'a V)> for BTreeMap<K, V>
    where [K: 'a + Copy + Ord + Send + Sync, V: 'a + Copy + Send + Sync]
    => extend_in_order
}

collect_by! { impl[T: Ord + Send] FromParallelIterator<T> for BTreeSet<T> => collect_extended }

collect_by! { impl[T: Ord + Send] ParallelExtend<T> for BTreeSet<T> => extend_in_order }

collect_by! {
    impl['a, T: 'a + Copy + Ord + Send + Sync] ParallelExtend<&'a T> for BTreeSet<T>
    => extend_in_order
}
