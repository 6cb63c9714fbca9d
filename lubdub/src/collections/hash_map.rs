//! Parallel iterators over a `HashMap`: its entries gathered into a `Vec`
//! first (see [`collections`](super)).
//!
//! ```
//! use lubdub::prelude::*;
//! use std::collections::HashMap;
//!
//! let mut ages: HashMap<&str, u32> = [("a", 1), ("b", 2)].into_iter().collect();
//! ages.par_iter_mut().for_each(|(_, age)| *age += 10);
//! assert_eq!(ages.par_iter().map(|(_, age)| age).sum::<u32>(), 23);
//! let drained: Vec<(&str, u32)> = ages.par_drain().collect();
//! assert_eq!(drained.len(), 2);
//! assert!(ages.is_empty());
//! ```

use std::collections::HashMap;

use super::{gathered, source};
use crate::iter::{IntoParallelIterator, ParallelDrainFull};
use crate::vec;

source! {
    /// `into_par_iter()` of a `HashMap`: its entries, moved out.
    IntoIter<K, V>(vec::IntoIter<(K, V)>): Clone => (K, V), where [K: Send, V: Send];
    impl[K: Send, V: Send, S] IntoParallelIterator for HashMap<K, V, S>, into_par_iter(self) gathered(self.into_iter())
}

source! {
    /// `par_iter()` of a `HashMap`: references to its keys and values.
    Iter<'a, K, V>(vec::IntoIter<(&'a K, &'a V)>): Clone => (&'a K, &'a V), where [K: Sync, V: Sync];
    impl['a, K: Sync, V: Sync, S] IntoParallelIterator for &'a HashMap<K, V, S>, into_par_iter(self) gathered(self.iter())
}

source! {
    /// `par_iter_mut()` of a `HashMap`: references to its keys, and mutable
    /// references to its values.
    IterMut<'a, K, V>(vec::IntoIter<(&'a K, &'a mut V)>) => (&'a K, &'a mut V), where [K: Sync, V: Send];
    impl['a, K: Sync, V: Send, S] IntoParallelIterator for &'a mut HashMap<K, V, S>, into_par_iter(self) gathered(self.iter_mut())
}

source! {
    /// `par_drain()` of a `HashMap`: every entry moved out; the map keeps its
    /// capacity.
    Drain<'a, K, V>(vec::IntoIter<(K, V)>, &'a mut HashMap<K, V>) => (K, V), where [K: Send, V: Send];
    impl['a, K: Send, V: Send, S] ParallelDrainFull for &'a mut HashMap<K, V, S>, par_drain(self) gathered(self.drain())
}
