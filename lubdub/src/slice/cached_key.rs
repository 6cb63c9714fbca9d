//! The sort behind
//! [`ParallelSliceMut::par_sort_by_cached_key`](super::ParallelSliceMut::par_sort_by_cached_key):
//! each element's key is computed once, in parallel, paired with the
//! element's position; the pairs are sorted in parallel (the positions make
//! every pair distinct, so an unstable sort is stable for the elements); the
//! permutation is then applied to the slice in place.

use std::mem::size_of;

use super::ParallelSliceMut;
use crate::iter::{IndexedParallelIterator, IntoParallelRefMutIterator, ParallelIterator};

/// Sorts `v` stably by the key `f` extracts, calling `f` once per element.
pub(super) fn sort_by_cached_key<T, K, F>(v: &mut [T], f: &F)
where
    T: Send,
    K: Ord + Send,
    F: Fn(&T) -> K + Sync,
{
    let len = v.len();
    if len < 2 {
        return;
    }
    // The narrowest position type that makes a pair smaller (a key's
    // alignment may leave room for a wider one at no cost).
    if size_of::<(K, u8)>() < size_of::<(K, u16)>() && len <= usize::from(u8::MAX) {
        return sort_with_positions::<T, K, F, u8>(v, f);
    }
    if size_of::<(K, u16)>() < size_of::<(K, u32)>() && len <= usize::from(u16::MAX) {
        return sort_with_positions::<T, K, F, u16>(v, f);
    }
    if size_of::<(K, u32)>() < size_of::<(K, usize)>() && u32::try_from(len).is_ok() {
        return sort_with_positions::<T, K, F, u32>(v, f);
    }
    sort_with_positions::<T, K, F, usize>(v, f);
}

/// An unsigned integer that holds a position in the slice.
trait Position: Copy + Ord + Send {
    /// `i`, which the caller has checked fits.
    fn from_usize(i: usize) -> Self;
    fn to_usize(self) -> usize;
}

macro_rules! positions {
    ($($t:ty),*) => {$(
        impl Position for $t {
            fn from_usize(i: usize) -> Self {
                i as $t
            }
            fn to_usize(self) -> usize {
                self as usize
            }
        }
    )*};
}

positions!(u8, u16, u32, usize);

fn sort_with_positions<T, K, F, I>(v: &mut [T], f: &F)
where
    T: Send,
    K: Ord + Send,
    F: Fn(&T) -> K + Sync,
    I: Position,
{
    let len = v.len();
    let mut keyed: Vec<(K, I)> = v
        .par_iter_mut()
        .zip(0..len)
        .map(|(x, i)| (f(x), I::from_usize(i)))
        .collect();
    keyed.par_sort_unstable();
    // Slot `i` receives the element that was at `keyed[i].1`. Earlier swaps
    // may have moved it: an element whose old slot `j < i` was already
    // filled went to the slot that `keyed[j].1` (updated as we go) names.
    for i in 0..len {
        let mut from = keyed[i].1;
        while from.to_usize() < i {
            from = keyed[from.to_usize()].1;
        }
        keyed[i].1 = from;
        v.swap(i, from.to_usize());
    }
}
