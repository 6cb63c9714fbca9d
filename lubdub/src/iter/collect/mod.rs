//! Collecting: [`FromParallelIterator`] (`collect`) and [`ParallelExtend`]
//! (`par_extend`) for the standard collections, and the machinery of
//! `unzip`, `partition`, `collect_into_vec`...
//!
//! An iterator of known length ([`ParallelIterator::opt_len`]) collects
//! into a vector in place: each item is written straight into its slot
//! (`into_vec.rs`, `slots.rs`). Any other iterator gathers the items of each
//! piece of the loop into a vector of its own and keeps them in order in a
//! list (`pieces.rs`); the collection then takes them in order.
//!
//! [`ParallelIterator::opt_len`]: super::ParallelIterator::opt_len

mod cow;
mod into_vec;
mod maps_sets;
mod pairs;
mod pieces;
mod sequences;
mod sequential;
mod short_circuit;
mod slots;
mod strings;
mod unit;
mod unzip;

pub(crate) use into_vec::{collect_into_vec, unzip_into_vecs};
pub(crate) use pairs::{partition, partition_map, unzip};
pub(crate) use pieces::collect_vec_list;

use super::IntoParallelIterator;

/// A collection that can be built from a parallel iterator; collections that
/// keep an order keep the iterator's, and maps keep the last of equal keys.
///
/// Implemented for `Vec`, `VecDeque`, `LinkedList`, `BinaryHeap`,
/// `Box<[T]>`, `Rc<[T]>`, `Arc<[T]>`, `HashMap`, `HashSet`, `BTreeMap`,
/// `BTreeSet`, `String` and `Box<str>` (from characters or string pieces),
/// `OsString`, `Cow<'_, C>`, `()`; `Option<C>` and `Result<C, E>`, which
/// stop at the first `None` or `Err`; and pairs of collections, from pairs
/// or from [`Either`](super::Either)s.
///
/// ```
/// use lubdub::iter::FromParallelIterator;
/// use lubdub::prelude::*;
/// use std::collections::HashMap;
///
/// let v = Vec::from_par_iter((0..3).into_par_iter());
/// assert_eq!(v, [0, 1, 2]);
///
/// let squares: HashMap<u32, u32> = (0..10u32).into_par_iter().map(|x| (x, x * x)).collect();
/// assert_eq!(squares[&7], 49);
///
/// let parsed: Result<Vec<u8>, _> = ["1", "2", "x"].par_iter().map(|s| s.parse::<u8>()).collect();
/// assert!(parsed.is_err());
/// ```
pub trait FromParallelIterator<T>
where
    T: Send,
{
    /// Builds the collection from the items of `par_iter`.
    fn from_par_iter<I>(par_iter: I) -> Self
    where
        I: IntoParallelIterator<Item = T>;
}

/// A collection that can be extended by a parallel iterator, in order.
///
/// Implemented for the collections of [`FromParallelIterator`] except the
/// slices, `Cow`, `Option` and `Result`; for `Either` of two collections;
/// and, for `Copy` items, from references (`&T`, or `(&K, &V)` for maps).
///
/// ```
/// use lubdub::prelude::*;
///
/// let mut v = vec![0];
/// v.par_extend((1..4).into_par_iter());
/// assert_eq!(v, [0, 1, 2, 3]);
///
/// let mut text = String::from("lub");
/// text.par_extend(["d", "u", "b"].par_iter().map(|s| *s));
/// assert_eq!(text, "lubdub");
/// ```
pub trait ParallelExtend<T>
where
    T: Send,
{
    /// Appends the items of `par_iter`.
    fn par_extend<I>(&mut self, par_iter: I)
    where
        I: IntoParallelIterator<Item = T>;
}
