//! Parallel iterators over a `HashMap`: its entries gathered into a `Vec`
//! first (see [`collections`](super)).
//!
//! ```
//! use lubdub::prelude::*;
//! use std::collections::HashMap;
//!
//! let mut ages: HashMap<&str, u32> = [("a", 1), ("b", 2)].into_iter().collect();
//! ages.par_iter_mut().for_each(|(_, age)| *age += 10);
//! assert_eq!(ages.par_iter().map(|(_, age)| age).sum::<u32>(), 23);
//! let drained: Vec<(&str, u32)> = ages.par_drain().collect();
//! assert_eq!(drained.len(), 2);
//! assert!(ages.is_empty());
//! ```

use std::collections::HashMap;
use std::marker::PhantomData;

use super::{forward, gathered};
use crate::iter::{IntoParallelIterator, ParallelDrainFull};
use crate::vec;

/// `into_par_iter()` of a `HashMap`: its entries, moved out.
#[derive(Debug, Clone)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct IntoIter<K, V> {
    inner: vec::IntoIter<(K, V)>,
}

impl<K: Send, V: Send, S> IntoParallelIterator for HashMap<K, V, S> {
    type Iter = IntoIter<K, V>;
    type Item = (K, V);

    fn into_par_iter(self) -> IntoIter<K, V> {
        IntoIter {
            inner: gathered(self.into_iter()),
        }
    }
}

forward!(IntoIter<K, V> => (K, V), where [K: Send, V: Send]);

/// `par_iter()` of a `HashMap`: references to its keys and values.
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

impl<'a, K: Sync, V: Sync, S> IntoParallelIterator for &'a HashMap<K, V, S> {
    type Iter = Iter<'a, K, V>;
    type Item = (&'a K, &'a V);

    fn into_par_iter(self) -> Iter<'a, K, V> {
        Iter {
            inner: gathered(self.iter()),
        }
    }
}

forward!(Iter<'a, K, V> => (&'a K, &'a V), where [K: Sync, V: Sync]);

/// `par_iter_mut()` of a `HashMap`: references to its keys, and mutable
/// references to its values.
#[derive(Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct IterMut<'a, K, V> {
    inner: vec::IntoIter<(&'a K, &'a mut V)>,
}

impl<'a, K: Sync, V: Send, S> IntoParallelIterator for &'a mut HashMap<K, V, S> {
    type Iter = IterMut<'a, K, V>;
    type Item = (&'a K, &'a mut V);

    fn into_par_iter(self) -> IterMut<'a, K, V> {
        IterMut {
            inner: gathered(self.iter_mut()),
        }
    }
}

forward!(IterMut<'a, K, V> => (&'a K, &'a mut V), where [K: Sync, V: Send]);

/// `par_drain()` of a `HashMap`: every entry moved out; the map keeps its
/// capacity.
#[derive(Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Drain<'a, K, V> {
    inner: vec::IntoIter<(K, V)>,
    marker: PhantomData<&'a mut HashMap<K, V>>,
}

impl<'a, K: Send, V: Send, S> ParallelDrainFull for &'a mut HashMap<K, V, S> {
    type Iter = Drain<'a, K, V>;
    type Item = (K, V);

    fn par_drain(self) -> Drain<'a, K, V> {
        Drain {
            inner: gathered(self.drain()),
            marker: PhantomData,
        }
    }
}

forward!(Drain<'a, K, V> => (K, V), where [K: Send, V: Send]);
