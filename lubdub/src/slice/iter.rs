//! Parallel iterators over the items of a slice: [`Iter`] and [`IterMut`],
//! for `&[T]`, `&mut [T]`, boxed slices and references to arrays.

use crate::iter::plumbing::{
    bridge, bridge_unindexed_consumer, Consumer, Producer, ProducerCallback, UnindexedConsumer,
};
use crate::iter::{IndexedParallelIterator, IntoParallelIterator, ParallelIterator};

/// `par_iter()` of a slice or vector: shared references to its items.
///
/// ```
/// use lubdub::prelude::*;
///
/// let v = vec![2, 4, 6];
/// assert_eq!(v.par_iter().map(|x| x / 2).sum::<i32>(), 6);
/// ```
#[derive(Debug)]
pub struct Iter<'data, T> {
    slice: &'data [T],
}

impl<T> Clone for Iter<'_, T> {
    fn clone(&self) -> Self {
        Self { slice: self.slice }
    }
}

impl<'data, T: Sync> Producer for &'data [T] {
    type Item = &'data T;
    type IntoIter = std::slice::Iter<'data, T>;
    fn split_at(self, index: usize) -> (Self, Self) {
        <[T]>::split_at(self, index)
    }
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// `par_iter_mut()` of a slice or vector: mutable references to its items.
///
/// ```
/// use lubdub::prelude::*;
///
/// let mut v = vec![1, 2, 3];
/// v.par_iter_mut().zip(0..3).for_each(|(x, i)| *x += i);
/// assert_eq!(v, [1, 3, 5]);
/// ```
#[derive(Debug)]
pub struct IterMut<'data, T> {
    slice: &'data mut [T],
}

impl<'data, T: Send> Producer for &'data mut [T] {
    type Item = &'data mut T;
    type IntoIter = std::slice::IterMut<'data, T>;
    fn split_at(self, index: usize) -> (Self, Self) {
        self.split_at_mut(index)
    }
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

/// Implements `into_par_iter` into `$name` for slices `&'data $($mut)? [T]`,
/// boxed slices and arrays, and `$name`'s iterator traits (items
/// `&'data $($mut)? T`, for `T: $bound`): the slice is its own producer.
macro_rules! slice_iter {
    ($name:ident, &$($mut:ident)?, $bound:ident) => {
        impl<'data, T: $bound> IntoParallelIterator for &'data $($mut)? [T] {
            type Iter = $name<'data, T>;
            type Item = &'data $($mut)? T;
            fn into_par_iter(self) -> $name<'data, T> {
                $name { slice: self }
            }
        }

        impl<'data, T: $bound> IntoParallelIterator for &'data $($mut)? Box<[T]> {
            type Iter = $name<'data, T>;
            type Item = &'data $($mut)? T;
            fn into_par_iter(self) -> $name<'data, T> {
                $name { slice: self }
            }
        }

        impl<'data, T: $bound, const N: usize> IntoParallelIterator for &'data $($mut)? [T; N] {
            type Iter = $name<'data, T>;
            type Item = &'data $($mut)? T;
            fn into_par_iter(self) -> $name<'data, T> {
                $name { slice: self }
            }
        }

        impl<'data, T: $bound> ParallelIterator for $name<'data, T> {
            type Item = &'data $($mut)? T;

            fn drive_unindexed<C: UnindexedConsumer<Self::Item>>(self, consumer: C) -> C::Result {
                bridge_unindexed_consumer(self, consumer)
            }

            fn opt_len(&self) -> Option<usize> {
                Some(self.slice.len())
            }
        }

        impl<T: $bound> IndexedParallelIterator for $name<'_, T> {
            fn drive<C: Consumer<Self::Item>>(self, consumer: C) -> C::Result {
                bridge(self, consumer)
            }

            fn len(&self) -> usize {
                self.slice.len()
            }

            fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
                callback.callback(self.slice)
            }
        }
    };
}

slice_iter!(Iter, &, Sync);
slice_iter!(IterMut, &mut, Send);
