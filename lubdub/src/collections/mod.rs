//! Parallel iterators over the standard collections, with Rayon's paths
//! (`lubdub::collections::hash_map::Iter`...).
//!
//! A collection that cannot be cut at a position (a hash map, a B-tree, a
//! linked list, a binary heap) is first gathered into a `Vec` of its items
//! (or of references to them), sequentially, and that vector is the parallel
//! iterator: a pass over the collection before the loop, as in Rayon. A
//! `VecDeque` is two slices and is iterated in place.
//!
//! ```
//! use lubdub::prelude::*;
//! use std::collections::{BTreeMap, HashSet};
//!
//! let set: HashSet<u32> = (0..100).collect();
//! assert_eq!(set.par_iter().sum::<u32>(), 4950);
//! let map: BTreeMap<u32, char> = [(1, 'a'), (2, 'b')].into_iter().collect();
//! let keys: Vec<u32> = map.par_iter().map(|(k, _)| *k).collect();
//! assert_eq!(keys, [1, 2]); // a B-tree's order is kept
//! ```

pub mod binary_heap;
pub mod btree_map;
pub mod btree_set;
pub mod hash_map;
pub mod hash_set;
pub mod linked_list;
pub mod vec_deque;

/// Declares the parallel iterator `$name` of a collection, a wrapper of the
/// parallel iterator `$inner` (with a `PhantomData<$marker>` where the
/// collection is borrowed but not held), `Clone` where `$inner` is when
/// marked `: Clone`; implements `$trait` for `$coll`, whose `$method` wraps
/// `$make`; and forwards the iterator traits to `$inner` (see `forward!`).
macro_rules! source {
    (
        $(#[doc = $doc:literal])*
        $name:ident <$($lt:lifetime,)? $($t:ident),*>($inner:ty): Clone $($rest:tt)*
    ) => {
        $crate::collections::source!($(#[doc = $doc])* $name<$($lt,)? $($t),*>($inner) $($rest)*);

        impl<$($lt,)? $($t),*> Clone for $name<$($lt,)? $($t),*>
        where
            $inner: Clone,
        {
            fn clone(&self) -> Self {
                $name {
                    inner: self.inner.clone(),
                }
            }
        }
    };
    (
        $(#[doc = $doc:literal])*
        $name:ident <$($lt:lifetime,)? $($t:ident),*>($inner:ty $(, $marker:ty)?)
            => $item:ty, where [$($bound:tt)*] $(, $indexed:ident)?;
        impl[$($gen:tt)*] $trait:ident for $coll:ty, $method:ident($this:ident) $make:expr
    ) => {
        $(#[doc = $doc])*
        #[derive(Debug)]
        #[must_use = "iterators are lazy and do nothing unless consumed"]
        pub struct $name<$($lt,)? $($t),*> {
            inner: $inner,
            $(marker: std::marker::PhantomData<$marker>,)?
        }

        impl<$($gen)*> $trait for $coll {
            type Iter = $name<$($lt,)? $($t),*>;
            type Item = $item;

            fn $method($this) -> Self::Iter {
                $name {
                    inner: $make,
                    $(marker: std::marker::PhantomData::<$marker>,)?
                }
            }
        }

        $crate::collections::forward!($name<$($lt,)? $($t),*> => $item, where [$($bound)*] $(, $indexed)?);
    };
}
pub(crate) use source;

/// Implements `ParallelIterator` (and `IndexedParallelIterator` with
/// `indexed`) for the struct `$name`, whose field `inner` is the parallel
/// iterator it forwards to.
macro_rules! forward {
    ($name:ident <$($lt:lifetime,)? $($t:ident),*> => $item:ty, where [$($bound:tt)*], indexed) => {
        $crate::collections::forward!($name<$($lt,)? $($t),*> => $item, where [$($bound)*]);

        impl<$($lt,)? $($t),*> $crate::iter::IndexedParallelIterator for $name<$($lt,)? $($t),*>
        where
            $($bound)*
        {
            fn drive<C>(self, consumer: C) -> C::Result
            where
                C: $crate::iter::plumbing::Consumer<$item>,
            {
                self.inner.drive(consumer)
            }

            fn len(&self) -> usize {
                self.inner.len()
            }

            fn with_producer<CB>(self, callback: CB) -> CB::Output
            where
                CB: $crate::iter::plumbing::ProducerCallback<$item>,
            {
                self.inner.with_producer(callback)
            }
        }
    };
    ($name:ident <$($lt:lifetime,)? $($t:ident),*> => $item:ty, where [$($bound:tt)*]) => {
        impl<$($lt,)? $($t),*> $crate::iter::ParallelIterator for $name<$($lt,)? $($t),*>
        where
            $($bound)*
        {
            type Item = $item;

            fn drive_unindexed<C>(self, consumer: C) -> C::Result
            where
                C: $crate::iter::plumbing::UnindexedConsumer<$item>,
            {
                self.inner.drive_unindexed(consumer)
            }

            fn opt_len(&self) -> Option<usize> {
                self.inner.opt_len()
            }
        }
    };
}
pub(crate) use forward;

/// A sequential collection's items (or references to them) gathered into a
/// `Vec` and iterated from there.
fn gathered<T: Send>(items: impl Iterator<Item = T>) -> crate::vec::IntoIter<T> {
    use crate::iter::IntoParallelIterator;
    items.collect::<Vec<T>>().into_par_iter()
}
