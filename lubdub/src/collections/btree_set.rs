//! Parallel iterators over a `BTreeSet`: its items gathered into a `Vec`
//! first, in order (see [`collections`](super)).
//!
//! ```
//! use lubdub::prelude::*;
//! use std::collections::BTreeSet;
//!
//! let set: BTreeSet<char> = "lubdub".chars().collect();
//! let v: Vec<char> = set.par_iter().copied().collect();
//! assert_eq!(v, ['b', 'd', 'l', 'u']);
//! ```

use std::collections::BTreeSet;

use super::{forward, gathered};
use crate::iter::IntoParallelIterator;
use crate::vec;

/// `into_par_iter()` of a `BTreeSet`: its items, moved out, in order.
#[derive(Debug, Clone)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct IntoIter<T> {
    inner: vec::IntoIter<T>,
}

impl<T: Send> IntoParallelIterator for BTreeSet<T> {
    type Iter = IntoIter<T>;
    type Item = T;

    fn into_par_iter(self) -> IntoIter<T> {
        IntoIter {
            inner: gathered(self.into_iter()),
        }
    }
}

forward!(IntoIter<T> => T, where [T: Send]);

/// `par_iter()` of a `BTreeSet`: references to its items.
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

impl<'a, T: Sync> IntoParallelIterator for &'a BTreeSet<T> {
    type Iter = Iter<'a, T>;
    type Item = &'a T;

    fn into_par_iter(self) -> Iter<'a, T> {
        Iter {
            inner: gathered(self.iter()),
        }
    }
}

forward!(Iter<'a, T> => &'a T, where [T: Sync]);
