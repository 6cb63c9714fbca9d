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

use super::{gathered, source};
use crate::iter::IntoParallelIterator;
use crate::vec;

source! {
    /// `into_par_iter()` of a `LinkedList`: its items, moved out, in order.
    IntoIter<T>(vec::IntoIter<T>): Clone => T, where [T: Send];
    impl[T: Send] IntoParallelIterator for LinkedList<T>, into_par_iter(self) gathered(self.into_iter())
}

source! {
    /// `par_iter()` of a `LinkedList`: references to its items.
    Iter<'a, T>(vec::IntoIter<&'a T>): Clone => &'a T, where [T: Sync];
    impl['a, T: Sync] IntoParallelIterator for &'a LinkedList<T>, into_par_iter(self) gathered(self.iter())
}

source! {
    /// `par_iter_mut()` of a `LinkedList`: mutable references to its items.
    IterMut<'a, T>(vec::IntoIter<&'a mut T>) => &'a mut T, where [T: Send];
    impl['a, T: Send] IntoParallelIterator for &'a mut LinkedList<T>, into_par_iter(self) gathered(self.iter_mut())
}
