//! Parallel iterators over a `VecDeque`: indexed, over its two slices in
//! place (`into_par_iter` moves the items out through a `Vec`).
//!
//! ```
//! use lubdub::prelude::*;
//! use std::collections::VecDeque;
//!
//! let mut deque: VecDeque<i32> = (3..6).collect();
//! deque.push_front(2); // the deque now wraps around its buffer
//! deque.par_iter_mut().for_each(|x| *x *= 10);
//! let v: Vec<i32> = deque.par_iter().copied().collect();
//! assert_eq!(v, [20, 30, 40, 50]);
//! let middle: Vec<i32> = deque.par_drain(1..3).collect();
//! assert_eq!(middle, [30, 40]);
//! assert_eq!(deque, [20, 50]);
//! ```

use std::collections::VecDeque;
use std::marker::PhantomData;
use std::ops::RangeBounds;

use super::forward;
use crate::iter::{Chain, IntoParallelIterator, ParallelDrainRange, ParallelIterator};
use crate::{slice, vec};

/// `into_par_iter()` of a `VecDeque`: its items, moved out, front to back.
#[derive(Debug, Clone)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct IntoIter<T> {
    inner: vec::IntoIter<T>,
}

impl<T: Send> IntoParallelIterator for VecDeque<T> {
    type Iter = IntoIter<T>;
    type Item = T;

    fn into_par_iter(self) -> IntoIter<T> {
        IntoIter {
            inner: Vec::from(self).into_par_iter(),
        }
    }
}

forward!(IntoIter<T> => T, where [T: Send], indexed);

/// `par_iter()` of a `VecDeque`: references to its items, front to back.
#[derive(Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Iter<'a, T> {
    inner: Chain<slice::Iter<'a, T>, slice::Iter<'a, T>>,
}

impl<'a, T> Clone for Iter<'a, T> {
    fn clone(&self) -> Self {
        Iter {
            inner: self.inner.clone(),
        }
    }
}

impl<'a, T: Sync> IntoParallelIterator for &'a VecDeque<T> {
    type Iter = Iter<'a, T>;
    type Item = &'a T;

    fn into_par_iter(self) -> Iter<'a, T> {
        let (front, back) = self.as_slices();
        Iter {
            inner: front.into_par_iter().chain(back),
        }
    }
}

forward!(Iter<'a, T> => &'a T, where [T: Sync], indexed);

/// `par_iter_mut()` of a `VecDeque`: mutable references to its items, front
/// to back.
#[derive(Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct IterMut<'a, T> {
    inner: Chain<slice::IterMut<'a, T>, slice::IterMut<'a, T>>,
}

impl<'a, T: Send> IntoParallelIterator for &'a mut VecDeque<T> {
    type Iter = IterMut<'a, T>;
    type Item = &'a mut T;

    fn into_par_iter(self) -> IterMut<'a, T> {
        let (front, back) = self.as_mut_slices();
        IterMut {
            inner: front.into_par_iter().chain(back),
        }
    }
}

forward!(IterMut<'a, T> => &'a mut T, where [T: Send], indexed);

/// `par_drain(range)` of a `VecDeque`: the items of the range moved out (the
/// range is removed from the deque first, sequentially, into a `Vec`).
#[derive(Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Drain<'a, T> {
    inner: vec::IntoIter<T>,
    marker: PhantomData<&'a mut VecDeque<T>>,
}

impl<'a, T: Send> ParallelDrainRange<usize> for &'a mut VecDeque<T> {
    type Iter = Drain<'a, T>;
    type Item = T;

    fn par_drain<R: RangeBounds<usize>>(self, range: R) -> Drain<'a, T> {
        let range = crate::iter::drain_range(range, self.len());
        Drain {
            inner: self.drain(range).collect::<Vec<T>>().into_par_iter(),
            marker: PhantomData,
        }
    }
}

forward!(Drain<'a, T> => T, where [T: Send], indexed);
