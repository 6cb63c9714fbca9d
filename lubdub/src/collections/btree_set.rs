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

use super::{gathered, source};
use crate::iter::IntoParallelIterator;
use crate::vec;

source! {
    /// `into_par_iter()` of a `BTreeSet`: its items, moved out, in order.
    IntoIter<T>(vec::IntoIter<T>): Clone => T, where [T: Send];
    impl[T: Send] IntoParallelIterator for BTreeSet<T>, into_par_iter(self) gathered(self.into_iter())
}

source! {
    /// `par_iter()` of a `BTreeSet`: references to its items.
    Iter<'a, T>(vec::IntoIter<&'a T>): Clone => &'a T, where [T: Sync];
    impl['a, T: Sync] IntoParallelIterator for &'a BTreeSet<T>, into_par_iter(self) gathered(self.iter())
}
