//! [`Split`], [`SplitInclusive`], [`SplitMut`], [`SplitInclusiveMut`]: the
//! subslices between elements that match a separator, found by a scan from
//! the middle of the slice (see `split_producer.rs`).

use std::fmt;

use super::piece::SlicePiece;
use crate::iter::plumbing::{bridge_unindexed, Folder, UnindexedConsumer};
use crate::iter::ParallelIterator;
use crate::split_producer::{Rule, SplitProducer};

/// Cut positions are the elements matching the separator; they are dropped
/// or, if `INCLUSIVE`, end the subslice before them.
struct BySeparator<'p, P, const INCLUSIVE: bool>(&'p P);

impl<P, const INCLUSIVE: bool> Clone for BySeparator<'_, P, INCLUSIVE> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P, const INCLUSIVE: bool> Copy for BySeparator<'_, P, INCLUSIVE> {}

impl<S, P, const INCLUSIVE: bool> Rule<S> for BySeparator<'_, P, INCLUSIVE>
where
    S: SlicePiece,
    P: Fn(&S::Elem) -> bool + Sync,
{
    fn find(self, data: &S, start: usize, end: usize) -> Option<usize> {
        let found = data.view()[start..end].iter().position(self.0)?;
        Some(start + found)
    }

    fn rfind(self, data: &S, end: usize) -> Option<usize> {
        data.view()[..end].iter().rposition(self.0)
    }

    fn cut(self, data: S, at: usize) -> (S, S, usize) {
        if INCLUSIVE {
            let (left, right) = data.cut_at(at + 1);
            (left, right, at + 1)
        } else {
            let (left, right) = data.cut_at(at);
            let (_separator, right) = right.cut_at(1);
            (left, right, at + 1)
        }
    }

    fn fold_all<F: Folder<S>>(self, data: S, folder: F, _terminated: bool) -> F {
        if INCLUSIVE {
            folder.consume_iter(data.split_inclusive_by(self.0))
        } else {
            folder.consume_iter(data.split_by(self.0))
        }
    }
}

/// Runs `data`'s items between separators into `consumer`.
fn drive<S, P, C, const INCLUSIVE: bool>(data: S, separator: &P, consumer: C) -> C::Result
where
    S: SlicePiece,
    P: Fn(&S::Elem) -> bool + Sync,
    C: UnindexedConsumer<S>,
{
    let rule = BySeparator::<P, INCLUSIVE>(separator);
    bridge_unindexed(SplitProducer::new(data, rule), consumer)
}

/// The iterator of [`ParallelSlice::par_split`](super::ParallelSlice::par_split):
/// the subslices between elements that match the separator, which are left
/// out.
///
/// ```
/// use lubdub::prelude::*;
///
/// let lengths: Vec<usize> = [1, 0, 2, 3, 0, 0].par_split(|x| *x == 0).map(|s| s.len()).collect();
/// assert_eq!(lengths, [1, 2, 0, 0]);
/// ```
pub struct Split<'data, T, P> {
    slice: &'data [T],
    separator: P,
}

/// The iterator of [`ParallelSlice::par_split_inclusive`](super::ParallelSlice::par_split_inclusive):
/// the subslices that end with an element matching the separator (the last
/// one may not).
///
/// ```
/// use lubdub::prelude::*;
///
/// let parts: Vec<&[i32]> = [1, 0, 2, 3, 0].par_split_inclusive(|x| *x == 0).collect();
/// assert_eq!(parts, [&[1, 0][..], &[2, 3, 0]]);
/// ```
pub struct SplitInclusive<'data, T, P> {
    slice: &'data [T],
    separator: P,
}

/// The iterator of [`ParallelSliceMut::par_split_mut`](super::ParallelSliceMut::par_split_mut):
/// the mutable subslices between elements that match the separator.
///
/// ```
/// use lubdub::prelude::*;
///
/// let mut v = [3, 1, 0, 5, 4];
/// v.par_split_mut(|x| *x == 0).for_each(|s| s.sort());
/// assert_eq!(v, [1, 3, 0, 4, 5]);
/// ```
pub struct SplitMut<'data, T, P> {
    slice: &'data mut [T],
    separator: P,
}

/// The iterator of [`ParallelSliceMut::par_split_inclusive_mut`](super::ParallelSliceMut::par_split_inclusive_mut):
/// the mutable subslices that end with an element matching the separator
/// (the last one may not).
///
/// ```
/// use lubdub::prelude::*;
///
/// let mut v = [3, 1, 0, 5, 4];
/// v.par_split_inclusive_mut(|x| *x == 0).for_each(|s| s.reverse());
/// assert_eq!(v, [0, 1, 3, 4, 5]);
/// ```
pub struct SplitInclusiveMut<'data, T, P> {
    slice: &'data mut [T],
    separator: P,
}

macro_rules! split_iterators {
    ($($name:ident, $slice:ty, $bound:ident, $inclusive:literal;)*) => {$(
        impl<'data, T, P> $name<'data, T, P> {
            pub(super) fn new(slice: $slice, separator: P) -> Self {
                Self { slice, separator }
            }
        }

        impl<T: fmt::Debug, P> fmt::Debug for $name<'_, T, P> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_struct(stringify!($name)).field("slice", &self.slice).finish()
            }
        }

        impl<'data, T, P> ParallelIterator for $name<'data, T, P>
        where
            T: $bound,
            P: Fn(&T) -> bool + Sync + Send,
        {
            type Item = $slice;

            fn drive_unindexed<C: UnindexedConsumer<$slice>>(self, consumer: C) -> C::Result {
                drive::<_, _, _, $inclusive>(self.slice, &self.separator, consumer)
            }
        }
    )*};
}

split_iterators! {
    Split, &'data [T], Sync, false;
    SplitInclusive, &'data [T], Sync, true;
    SplitMut, &'data mut [T], Send, false;
    SplitInclusiveMut, &'data mut [T], Send, true;
}

impl<T, P: Clone> Clone for Split<'_, T, P> {
    fn clone(&self) -> Self {
        Self::new(self.slice, self.separator.clone())
    }
}

impl<T, P: Clone> Clone for SplitInclusive<'_, T, P> {
    fn clone(&self) -> Self {
        Self::new(self.slice, self.separator.clone())
    }
}
