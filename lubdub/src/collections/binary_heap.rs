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

use super::{gathered, source};
use crate::iter::{IntoParallelIterator, ParallelDrainFull};
use crate::{slice, vec};

source! {
    /// `into_par_iter()` of a `BinaryHeap`: its items, moved out.
    IntoIter<T>(vec::IntoIter<T>): Clone => T, where [T: Send], indexed;
    impl[T: Send] IntoParallelIterator for BinaryHeap<T>, into_par_iter(self) self.into_vec().into_par_iter()
}

source! {
    /// `par_iter()` of a `BinaryHeap`: references to its items.
    Iter<'a, T>(slice::Iter<'a, T>): Clone => &'a T, where [T: Sync], indexed;
    impl['a, T: Sync] IntoParallelIterator for &'a BinaryHeap<T>, into_par_iter(self) self.as_slice().into_par_iter()
}

source! {
    /// `par_drain()` of a `BinaryHeap`: every item moved out; the heap keeps
    /// its capacity.
    Drain<'a, T>(vec::IntoIter<T>, &'a mut BinaryHeap<T>) => T, where [T: Send], indexed;
    impl['a, T: Ord + Send] ParallelDrainFull for &'a mut BinaryHeap<T>, par_drain(self) gathered(self.drain())
}
