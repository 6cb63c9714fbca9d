//! Parallel iterators over a `BTreeMap`: its entries gathered into a `Vec`
//! first, in key order (see [`collections`](super)).
//!
//! ```
//! use lubdub::prelude::*;
//! use std::collections::BTreeMap;
//!
//! let mut map: BTreeMap<u32, u32> = (0..5).map(|k| (k, k * k)).collect();
//! map.par_iter_mut().for_each(|(_, v)| *v += 1);
//! let values: Vec<u32> = map.par_iter().map(|(_, v)| *v).collect();
//! assert_eq!(values, [1, 2, 5, 10, 17]);
//! ```

use std::collections::BTreeMap;

use super::{gathered, source};
use crate::iter::IntoParallelIterator;
use crate::vec;

source! {
    /// `into_par_iter()` of a `BTreeMap`: its entries, moved out, in key order.
    IntoIter<K, V>(vec::IntoIter<(K, V)>): Clone => (K, V), where [K: Send, V: Send];
    impl[K: Send, V: Send] IntoParallelIterator for BTreeMap<K, V>, into_par_iter(self) gathered(self.into_iter())
}

source! {
    /// `par_iter()` of a `BTreeMap`: references to its keys and values.
    Iter<'a, K, V>(vec::IntoIter<(&'a K, &'a V)>): Clone => (&'a K, &'a V), where [K: Sync, V: Sync];
    impl['a, K: Sync, V: Sync] IntoParallelIterator for &'a BTreeMap<K, V>, into_par_iter(self) gathered(self.iter())
}

source! {
    /// `par_iter_mut()` of a `BTreeMap`: references to its keys, and mutable
    /// references to its values.
    IterMut<'a, K, V>(vec::IntoIter<(&'a K, &'a mut V)>) => (&'a K, &'a mut V), where [K: Sync, V: Send];
    impl['a, K: Sync, V: Send] IntoParallelIterator for &'a mut BTreeMap<K, V>, into_par_iter(self) gathered(self.iter_mut())
}
