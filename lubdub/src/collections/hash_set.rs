//! Parallel iterators over a `HashSet`: its items gathered into a `Vec`
//! first (see [`collections`](super)).
//!
//! ```
//! use lubdub::prelude::*;
//! use std::collections::HashSet;
//!
//! let mut set: HashSet<u32> = (1..=4).collect();
//! assert_eq!(set.par_iter().sum::<u32>(), 10);
//! let mut drained: Vec<u32> = set.par_drain().collect();
//! drained.sort();
//! assert_eq!(drained, [1, 2, 3, 4]);
//! assert!(set.is_empty());
//! ```

use std::collections::HashSet;
use std::marker::PhantomData;

use super::{forward, gathered};
use crate::iter::{IntoParallelIterator, ParallelDrainFull};
use crate::vec;

/// `into_par_iter()` of a `HashSet`: its items, moved out.
#[derive(Debug, Clone)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct IntoIter<T> {
    inner: vec::IntoIter<T>,
}

impl<T: Send, S> IntoParallelIterator for HashSet<T, S> {
    type Iter = IntoIter<T>;
    type Item = T;

    fn into_par_iter(self) -> IntoIter<T> {
        IntoIter {
            inner: gathered(self.into_iter()),
        }
    }
}

forward!(IntoIter<T> => T, where [T: Send]);

/// `par_iter()` of a `HashSet`: references to its items.
#[derive(Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Iter<'a, T> {
    inner: vec::IntoIter<&'a T>,
}

impl<'a, T> Clone for Iter<'a, T> {
    fn clone(&self) -> Self {
        Iter {
            inner: self.inner.clone(),
        }
    }
}

impl<'a, T: Sync, S> IntoParallelIterator for &'a HashSet<T, S> {
    type Iter = Iter<'a, T>;
    type Item = &'a T;

    fn into_par_iter(self) -> Iter<'a, T> {
        Iter {
            inner: gathered(self.iter()),
        }
    }
}

forward!(Iter<'a, T> => &'a T, where [T: Sync]);

/// `par_drain()` of a `HashSet`: every item moved out; the set keeps its
/// capacity.
#[derive(Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Drain<'a, T> {
    inner: vec::IntoIter<T>,
    marker: PhantomData<&'a mut HashSet<T>>,
}

impl<'a, T: Send, S> ParallelDrainFull for &'a mut HashSet<T, S> {
    type Iter = Drain<'a, T>;
    type Item = T;

    fn par_drain(self) -> Drain<'a, T> {
        Drain {
            inner: gathered(self.drain()),
            marker: PhantomData,
        }
    }
}

forward!(Drain<'a, T> => T, where [T: Send]);
