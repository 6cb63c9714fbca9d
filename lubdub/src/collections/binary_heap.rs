//! Parallel iterators over a `BinaryHeap`, in the heap's internal order (not
//! sorted), as `BinaryHeap::iter`: indexed, over its backing vector.
//!
//! ```
//! use lubdub::prelude::*;
//! use std::collections::BinaryHeap;
//!
//! let mut heap: BinaryHeap<u32> = (1..=4).collect();
//! assert_eq!(heap.par_iter().sum::<u32>(), 10);
//! assert_eq!(heap.par_drain().count(), 4);
//! assert!(heap.is_empty());
//! ```

use std::collections::BinaryHeap;
use std::marker::PhantomData;

use super::{forward, gathered};
use crate::iter::{IntoParallelIterator, ParallelDrainFull};
use crate::{slice, vec};

/// `into_par_iter()` of a `BinaryHeap`: its items, moved out.
#[derive(Debug, Clone)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct IntoIter<T> {
    inner: vec::IntoIter<T>,
}

impl<T: Send> IntoParallelIterator for BinaryHeap<T> {
    type Iter = IntoIter<T>;
    type Item = T;

    fn into_par_iter(self) -> IntoIter<T> {
        IntoIter {
            inner: self.into_vec().into_par_iter(),
        }
    }
}

forward!(IntoIter<T> => T, where [T: Send], indexed);

/// `par_iter()` of a `BinaryHeap`: references to its items.
#[derive(Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Iter<'a, T> {
    inner: slice::Iter<'a, T>,
}

impl<'a, T> Clone for Iter<'a, T> {
    fn clone(&self) -> Self {
        Iter {
            inner: self.inner.clone(),
        }
    }
}

impl<'a, T: Sync> IntoParallelIterator for &'a BinaryHeap<T> {
    type Iter = Iter<'a, T>;
    type Item = &'a T;

    fn into_par_iter(self) -> Iter<'a, T> {
        Iter {
            inner: self.as_slice().into_par_iter(),
        }
    }
}

forward!(Iter<'a, T> => &'a T, where [T: Sync], indexed);

/// `par_drain()` of a `BinaryHeap`: every item moved out; the heap keeps
/// its capacity.
#[derive(Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Drain<'a, T> {
    inner: vec::IntoIter<T>,
    marker: PhantomData<&'a mut BinaryHeap<T>>,
}

impl<'a, T: Ord + Send> ParallelDrainFull for &'a mut BinaryHeap<T> {
    type Iter = Drain<'a, T>;
    type Item = T;

    fn par_drain(self) -> Drain<'a, T> {
        Drain {
            inner: gathered(self.drain()),
            marker: PhantomData,
        }
    }
}

forward!(Drain<'a, T> => T, where [T: Send], indexed);
