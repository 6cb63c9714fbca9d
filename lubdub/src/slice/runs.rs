//! [`Runs`]: the producer of every chunk iterator of a slice (`par_chunks`,
//! `par_chunks_exact`, `par_rchunks`, `par_rchunks_exact`, shared and
//! mutable): one item per run of `size` elements, taken from the front or
//! from the back. An exact iterator's slice is trimmed of its remainder
//! before the producer sees it, so the same cuts serve both.

use std::fmt;
use std::marker::PhantomData;

use super::piece::SlicePiece;
use crate::iter::plumbing::Producer;

/// Which end the runs are taken from and which standard iterator walks them.
pub(super) trait Layout<S: SlicePiece> {
    /// The standard library's iterator over the runs.
    type Iter: DoubleEndedIterator<Item = S> + ExactSizeIterator;
    /// True when the first run is at the back of the slice (`rchunks`).
    const FROM_BACK: bool;
    /// The runs of `slice`, in order.
    fn iter(slice: S, size: usize) -> Self::Iter;
}

/// `chunks`: from the front, the last run may be short.
pub(super) struct Front;
/// `chunks_exact`: from the front, all runs full.
pub(super) struct FrontExact;
/// `rchunks`: from the back, the last run may be short.
pub(super) struct Back;
/// `rchunks_exact`: from the back, all runs full.
pub(super) struct BackExact;

/// Implements [`Layout`] for `$layout`: the runs of `S::$iter` (made by
/// `SlicePiece::$make`), from the back when `$from_back`.
macro_rules! layout {
    ($layout:ident, $iter:ident, $make:ident, $from_back:literal) => {
        impl<S: SlicePiece> Layout<S> for $layout {
            type Iter = S::$iter;
            const FROM_BACK: bool = $from_back;
            fn iter(slice: S, size: usize) -> S::$iter {
                slice.$make(size)
            }
        }
    };
}

layout!(Front, Chunks, chunks, false);
layout!(FrontExact, ChunksExact, chunks_exact, false);
layout!(Back, RChunks, rchunks, true);
layout!(BackExact, RChunksExact, rchunks_exact, true);

/// The runs of `size` elements of `slice` (`size` is not zero), laid out as
/// `L` says.
pub(super) struct Runs<S, L> {
    slice: S,
    size: usize,
    layout: PhantomData<fn() -> L>,
}

impl<S: SlicePiece, L: Layout<S>> Runs<S, L> {
    /// Panics if `size` is 0, as the standard library's chunk iterators do.
    #[track_caller]
    pub(super) fn new(slice: S, size: usize) -> Self {
        assert!(size != 0, "chunk_size must not be zero");
        Self {
            slice,
            size,
            layout: PhantomData,
        }
    }

    /// The runs of `slice` that are all `size` long, and the elements left
    /// over: at the back for runs from the front, at the front for runs from
    /// the back.
    #[track_caller]
    pub(super) fn exact(slice: S, size: usize) -> (Self, S) {
        let len = slice.view().len();
        let left_over = len.checked_rem(size).unwrap_or(0);
        if L::FROM_BACK {
            let (rem, runs) = slice.cut_at(left_over);
            (Self::new(runs, size), rem)
        } else {
            let (runs, rem) = slice.cut_at(len - left_over);
            (Self::new(runs, size), rem)
        }
    }

    /// The number of runs.
    pub(super) fn len(&self) -> usize {
        self.slice.view().len().div_ceil(self.size)
    }
}

impl<S: Clone, L> Clone for Runs<S, L> {
    fn clone(&self) -> Self {
        Self {
            slice: self.slice.clone(),
            size: self.size,
            layout: PhantomData,
        }
    }
}

impl<S: fmt::Debug, L> fmt::Debug for Runs<S, L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Runs")
            .field("slice", &self.slice)
            .field("size", &self.size)
            .finish()
    }
}

impl<S: SlicePiece, L: Layout<S>> Producer for Runs<S, L> {
    type Item = S;
    type IntoIter = L::Iter;

    fn into_iter(self) -> L::Iter {
        L::iter(self.slice, self.size)
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let len = self.slice.view().len();
        let span = index.saturating_mul(self.size).min(len);
        let size = self.size;
        let piece = |slice| Self {
            slice,
            size,
            layout: PhantomData,
        };
        if L::FROM_BACK {
            let (rest, first) = self.slice.cut_at(len - span);
            (piece(first), piece(rest))
        } else {
            let (first, rest) = self.slice.cut_at(span);
            (piece(first), piece(rest))
        }
    }
}

/// Implements `ParallelIterator` and `IndexedParallelIterator` for a chunk
/// iterator `$name<'data, T>` whose field `runs` is its [`Runs`] producer,
/// yielding `$item` for `T: $bound`.
macro_rules! indexed_runs {
    ($name:ident, $item:ty, $bound:ident) => {
        impl<'data, T: $bound> $crate::iter::ParallelIterator for $name<'data, T> {
            type Item = $item;

            fn drive_unindexed<C>(self, consumer: C) -> C::Result
            where
                C: $crate::iter::plumbing::UnindexedConsumer<$item>,
            {
                $crate::iter::plumbing::bridge_unindexed_consumer(self, consumer)
            }

            fn opt_len(&self) -> Option<usize> {
                Some(self.runs.len())
            }
        }

        impl<'data, T: $bound> $crate::iter::IndexedParallelIterator for $name<'data, T> {
            fn drive<C>(self, consumer: C) -> C::Result
            where
                C: $crate::iter::plumbing::Consumer<$item>,
            {
                $crate::iter::plumbing::bridge(self, consumer)
            }

            fn len(&self) -> usize {
                self.runs.len()
            }

            fn with_producer<CB>(self, callback: CB) -> CB::Output
            where
                CB: $crate::iter::plumbing::ProducerCallback<$item>,
            {
                callback.callback(self.runs)
            }
        }
    };
}

pub(super) use indexed_runs;

/// Declares the chunk iterator `$name<'data, T>` (with the doc `$doc`) over
/// a shared (`Clone`, items `Sync`) or mutable (items `Send`) slice: its
/// [`Runs`] laid out as `$layout`, and, for an exact layout, the elements
/// left over in the field `$rem`; its `new(chunk_size, slice)`; and its
/// iterator traits (see [`indexed_runs!`]).
macro_rules! chunk_iter {
    ($(#[doc = $doc:literal])* $name:ident(&'data [T], $layout:ident $(, $rem:ident)?)) => {
        $crate::slice::runs::chunk_iter!(@declare $(#[doc = $doc])* $name, &'data [T], $layout, Sync $(, $rem)?);

        impl<T> Clone for $name<'_, T> {
            fn clone(&self) -> Self {
                Self {
                    runs: self.runs.clone(),
                    $($rem: self.$rem,)?
                }
            }
        }
    };
    ($(#[doc = $doc:literal])* $name:ident(&'data mut [T], $layout:ident $(, $rem:ident)?)) => {
        $crate::slice::runs::chunk_iter!(@declare $(#[doc = $doc])* $name, &'data mut [T], $layout, Send $(, $rem)?);
    };
    (@declare $(#[doc = $doc:literal])* $name:ident, $slice:ty, $layout:ident, $bound:ident $(, $rem:ident)?) => {
        $(#[doc = $doc])*
        #[derive(Debug)]
        pub struct $name<'data, T> {
            runs: $crate::slice::runs::Runs<$slice, $layout>,
            $($rem: $slice,)?
        }

        impl<'data, T: $bound> $name<'data, T> {
            #[track_caller]
            pub(super) fn new(chunk_size: usize, slice: $slice) -> Self {
                $crate::slice::runs::chunk_iter!(@new slice, chunk_size $(, $rem)?)
            }
        }

        $crate::slice::runs::indexed_runs!($name, $slice, $bound);
    };
    (@new $slice:ident, $size:ident) => {
        Self {
            runs: $crate::slice::runs::Runs::new($slice, $size),
        }
    };
    (@new $slice:ident, $size:ident, $rem:ident) => {{
        let (runs, $rem) = $crate::slice::runs::Runs::exact($slice, $size);
        Self { runs, $rem }
    }};
}

pub(super) use chunk_iter;
