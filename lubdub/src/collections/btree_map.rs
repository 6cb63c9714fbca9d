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

use super::{forward, gathered};
use crate::iter::IntoParallelIterator;
use crate::vec;

/// `into_par_iter()` of a `BTreeMap`: its entries, moved out, in key order.
#[derive(Debug, Clone)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct IntoIter<K, V> {
    inner: vec::IntoIter<(K, V)>,
}

impl<K: Send, V: Send> IntoParallelIterator for BTreeMap<K, V> {
    type Iter = IntoIter<K, V>;
    type Item = (K, V);

    fn into_par_iter(self) -> IntoIter<K, V> {
        IntoIter {
            inner: gathered(self.into_iter()),
        }
    }
}

forward!(IntoIter<K, V> => (K, V), where [K: Send, V: Send]);

/// `par_iter()` of a `BTreeMap`: references to its keys and values.
#[derive(Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Iter<'a, K, V> {
    inner: vec::IntoIter<(&'a K, &'a V)>,
}

impl<'a, K, V> Clone for Iter<'a, K, V> {
    fn clone(&self) -> Self {
        Iter {
            inner: self.inner.clone(),
        }
    }
}

impl<'a, K: Sync, V: Sync> IntoParallelIterator for &'a BTreeMap<K, V> {
    type Iter = Iter<'a, K, V>;
    type Item = (&'a K, &'a V);

    fn into_par_iter(self) -> Iter<'a, K, V> {
        Iter {
            inner: gathered(self.iter()),
        }
    }
}

forward!(Iter<'a, K, V> => (&'a K, &'a V), where [K: Sync, V: Sync]);

/// `par_iter_mut()` of a `BTreeMap`: references to its keys, and mutable
/// references to its values.
#[derive(Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct IterMut<'a, K, V> {
    inner: vec::IntoIter<(&'a K, &'a mut V)>,
}

impl<'a, K: Sync, V: Send> IntoParallelIterator for &'a mut BTreeMap<K, V> {
    type Iter = IterMut<'a, K, V>;
    type Item = (&'a K, &'a mut V);

    fn into_par_iter(self) -> IterMut<'a, K, V> {
        IterMut {
            inner: gathered(self.iter_mut()),
        }
    }
}

forward!(IterMut<'a, K, V> => (&'a K, &'a mut V), where [K: Sync, V: Send]);
