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

use super::{gathered, source};
use crate::iter::{IntoParallelIterator, ParallelDrainFull};
use crate::vec;

source! {
    /// `into_par_iter()` of a `HashSet`: its items, moved out.
    IntoIter<T>(vec::IntoIter<T>): Clone => T, where [T: Send];
    impl[T: Send, S] IntoParallelIterator for HashSet<T, S>, into_par_iter(self) gathered(self.into_iter())
}

source! {
    /// `par_iter()` of a `HashSet`: references to its items.
    Iter<'a, T>(vec::IntoIter<&'a T>): Clone => &'a T, where [T: Sync];
    impl['a, T: Sync, S] IntoParallelIterator for &'a HashSet<T, S>, into_par_iter(self) gathered(self.iter())
}

source! {
    /// `par_drain()` of a `HashSet`: every item moved out; the set keeps its
    /// capacity.
    Drain<'a, T>(vec::IntoIter<T>, &'a mut HashSet<T>) => T, where [T: Send];
    impl['a, T: Send, S] ParallelDrainFull for &'a mut HashSet<T, S>, par_drain(self) gathered(self.drain())
}
