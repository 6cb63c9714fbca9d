//! Parallel iterators over a `LinkedList`: its items gathered into a `Vec`
//! first, in order (see [`collections`](super)).
//!
//! ```
//! use lubdub::prelude::*;
//! use std::collections::LinkedList;
//!
//! let mut list: LinkedList<i32> = (1..=3).collect();
//! list.par_iter_mut().for_each(|x| *x *= 2);
//! let v: Vec<i32> = list.into_par_iter().collect();
//! assert_eq!(v, [2, 4, 6]);
//! ```

use std::collections::LinkedList;

use super::{forward, gathered};
use crate::iter::IntoParallelIterator;
use crate::vec;

/// `into_par_iter()` of a `LinkedList`: its items, moved out, in order.
#[derive(Debug, Clone)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct IntoIter<T> {
    inner: vec::IntoIter<T>,
}

impl<T: Send> IntoParallelIterator for LinkedList<T> {
    type Iter = IntoIter<T>;
    type Item = T;

    fn into_par_iter(self) -> IntoIter<T> {
        IntoIter {
            inner: gathered(self.into_iter()),
        }
    }
}

forward!(IntoIter<T> => T, where [T: Send]);

/// `par_iter()` of a `LinkedList`: references to its items.
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

impl<'a, T: Sync> IntoParallelIterator for &'a LinkedList<T> {
    type Iter = Iter<'a, T>;
    type Item = &'a T;

    fn into_par_iter(self) -> Iter<'a, T> {
        Iter {
            inner: gathered(self.iter()),
        }
    }
}

forward!(Iter<'a, T> => &'a T, where [T: Sync]);

/// `par_iter_mut()` of a `LinkedList`: mutable references to its items.
#[derive(Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct IterMut<'a, T> {
    inner: vec::IntoIter<&'a mut T>,
}

impl<'a, T: Send> IntoParallelIterator for &'a mut LinkedList<T> {
    type Iter = IterMut<'a, T>;
    type Item = &'a mut T;

    fn into_par_iter(self) -> IterMut<'a, T> {
        IterMut {
            inner: gathered(self.iter_mut()),
        }
    }
}

forward!(IterMut<'a, T> => &'a mut T, where [T: Send]);
