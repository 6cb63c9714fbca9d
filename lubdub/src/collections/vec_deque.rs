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

use super::{forward, source};
use crate::iter::{Chain, IntoParallelIterator, ParallelDrainRange, ParallelIterator};
use crate::{slice, vec};

source! {
    /// `into_par_iter()` of a `VecDeque`: its items, moved out, front to back.
    IntoIter<T>(vec::IntoIter<T>): Clone => T, where [T: Send], indexed;
    impl[T: Send] IntoParallelIterator for VecDeque<T>,
        into_par_iter(self) Vec::from(self).into_par_iter()
}

source! {
    /// `par_iter()` of a `VecDeque`: references to its items, front to back.
    Iter<'a, T>(Chain<slice::Iter<'a, T>, slice::Iter<'a, T>>): Clone => &'a T, where [T: Sync], indexed;
    impl['a, T: Sync] IntoParallelIterator for &'a VecDeque<T>, into_par_iter(self) {
        let (front, back) = self.as_slices();
        front.into_par_iter().chain(back)
    }
}

source! {
    /// `par_iter_mut()` of a `VecDeque`: mutable references to its items, front
    /// to back.
    IterMut<'a, T>(Chain<slice::IterMut<'a, T>, slice::IterMut<'a, T>>) => &'a mut T, where [T: Send], indexed;
    impl['a, T: Send] IntoParallelIterator for &'a mut VecDeque<T>, into_par_iter(self) {
        let (front, back) = self.as_mut_slices();
        front.into_par_iter().chain(back)
    }
}

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
