//! Parallel iterators over half-open ranges `start..end` of integers and
//! `char`s: `(0..n).into_par_iter()`.
//!
//! Ranges of integers up to 64 bits, and of `char`, are indexed (they can be
//! zipped, enumerated, cut). Ranges of `u128` and `i128` may hold more items
//! than a `usize` counts, so they are only unindexed parallel iterators, as in
//! Rayon; one that fits in a `usize` still reports its length (`opt_len`) and
//! runs as an indexed loop. (Rayon also leaves `u64` and `i64` ranges
//! unindexed; on a 64-bit target every such range fits in a `usize`, so
//! lubdub makes them indexed there: a program written for Rayon still
//! compiles, and more programs do.)
//!
//! ```
//! use lubdub::prelude::*;
//!
//! let total: u64 = (0..1_000u64).into_par_iter().map(|x| x * x).sum();
//! assert_eq!(total, (0..1_000u64).map(|x| x * x).sum());
//! let letters: Vec<char> = ('a'..'e').into_par_iter().collect();
//! assert_eq!(letters, ['a', 'b', 'c', 'd']);
//! ```

use std::ops::Range;

use crate::iter::plumbing::{
    bridge, bridge_unindexed, bridge_unindexed_consumer, Consumer, Folder, Producer,
    ProducerCallback, UnindexedConsumer, UnindexedProducer,
};
use crate::iter::{IntoParallelIterator, ParallelIterator};

mod chars;
mod iter_shape;

pub(crate) use chars::Chars;
pub(crate) use iter_shape::range_iter;

range_iter! {
    /// The parallel iterator over a range `start..end` of integers or `char`s.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let iter: lubdub::range::Iter<u32> = (5..10u32).into_par_iter();
    /// assert_eq!(iter.len(), 5);
    /// assert_eq!(iter.sum::<u32>(), 35);
    /// ```
    Range
}

/// The producer of an indexed range: the range itself, cut at positions.
#[derive(Debug)]
struct RangeProducer<T> {
    range: Range<T>,
}

/// Indexed ranges of integer type `$t`, whose distance fits its unsigned twin
/// `$u`; `$iter` is the sequential iterator of a chunk (std's `Range` where it
/// is an `ExactSizeIterator`, else [`CountedRange`]).
macro_rules! indexed_range {
    ($t:ty, $u:ty, $iter:ty) => {
        impl RangeInteger for $t {
            fn drive_unindexed<C: UnindexedConsumer<$t>>(iter: Iter<$t>, consumer: C) -> C::Result {
                bridge_unindexed_consumer(iter, consumer)
            }
            fn opt_len(iter: &Iter<$t>) -> Option<usize> {
                Some(<$t as IndexedRangeInteger>::len(iter))
            }
        }

        impl IndexedRangeInteger for $t {
            fn drive<C: Consumer<$t>>(iter: Iter<$t>, consumer: C) -> C::Result {
                bridge(iter, consumer)
            }
            fn len(iter: &Iter<$t>) -> usize {
                let Range { start, end } = iter.range;
                if start < end {
                    // The distance fits the unsigned twin; on the targets
                    // where `$t` is indexed it also fits a `usize`.
                    (end as $u).wrapping_sub(start as $u) as usize
                } else {
                    0
                }
            }
            fn with_producer<CB: ProducerCallback<$t>>(iter: Iter<$t>, callback: CB) -> CB::Output {
                let len = <$t as IndexedRangeInteger>::len(&iter);
                // An empty range may have `start > end`: normalise it so
                // cuts stay inside.
                let start = iter.range.start;
                let end = (start as $u).wrapping_add(len as $u) as $t;
                callback.callback(RangeProducer { range: start..end })
            }
        }

        impl Producer for RangeProducer<$t> {
            type Item = $t;
            type IntoIter = $iter;

            fn into_iter(self) -> $iter {
                <$iter>::from(self.range)
            }

            fn split_at(self, index: usize) -> (Self, Self) {
                // `index` is at most the length, so `mid` lies in the range.
                let mid = (self.range.start as $u).wrapping_add(index as $u) as $t;
                (
                    RangeProducer {
                        range: self.range.start..mid,
                    },
                    RangeProducer {
                        range: mid..self.range.end,
                    },
                )
            }
        }
    };
}

indexed_range!(u8, u8, Range<u8>);
indexed_range!(u16, u16, Range<u16>);
indexed_range!(u32, u32, Range<u32>);
indexed_range!(usize, usize, Range<usize>);
indexed_range!(i8, u8, Range<i8>);
indexed_range!(i16, u16, Range<i16>);
indexed_range!(i32, u32, Range<i32>);
indexed_range!(isize, usize, Range<isize>);
#[cfg(target_pointer_width = "64")]
indexed_range!(u64, u64, CountedRange<u64>);
#[cfg(target_pointer_width = "64")]
indexed_range!(i64, u64, CountedRange<i64>);

/// A range's sequential iterator that knows its length for every integer type
/// (std's `Range<u64>` is not an `ExactSizeIterator`). `fold` and `rfold` are
/// forwarded, so a chunk's loop is the range's own loop, and so are `nth` and
/// `nth_back`, so `step_by` jumps instead of stepping.
#[derive(Clone, Debug)]
pub(crate) struct CountedRange<T> {
    range: Range<T>,
    len: usize,
}

macro_rules! counted_range {
    ($t:ty, $u:ty) => {
        impl From<Range<$t>> for CountedRange<$t> {
            fn from(range: Range<$t>) -> Self {
                let len = if range.start < range.end {
                    (range.end as $u).wrapping_sub(range.start as $u) as usize
                } else {
                    0
                };
                CountedRange { range, len }
            }
        }

        impl Iterator for CountedRange<$t> {
            type Item = $t;

            fn next(&mut self) -> Option<$t> {
                let item = self.range.next()?;
                self.len -= 1;
                Some(item)
            }

            fn size_hint(&self) -> (usize, Option<usize>) {
                (self.len, Some(self.len))
            }

            fn nth(&mut self, n: usize) -> Option<$t> {
                self.len = self.len.saturating_sub(n.saturating_add(1));
                self.range.nth(n)
            }

            fn fold<B, F: FnMut(B, $t) -> B>(self, init: B, f: F) -> B {
                self.range.fold(init, f)
            }
        }

        impl DoubleEndedIterator for CountedRange<$t> {
            fn next_back(&mut self) -> Option<$t> {
                let item = self.range.next_back()?;
                self.len -= 1;
                Some(item)
            }

            fn nth_back(&mut self, n: usize) -> Option<$t> {
                self.len = self.len.saturating_sub(n.saturating_add(1));
                self.range.nth_back(n)
            }

            fn rfold<B, F: FnMut(B, $t) -> B>(self, init: B, f: F) -> B {
                self.range.rfold(init, f)
            }
        }

        impl ExactSizeIterator for CountedRange<$t> {}
    };
}

counted_range!(u64, u64);
counted_range!(i64, u64);

/// Unindexed ranges of integer type `$t` with unsigned twin `$u`: a range
/// whose length fits a `usize` runs as an indexed loop over its offsets; a
/// longer one is halved as an [`UnindexedProducer`].
macro_rules! unindexed_range {
    ($t:ty, $u:ty) => {
        impl RangeInteger for $t {
            fn drive_unindexed<C: UnindexedConsumer<$t>>(iter: Iter<$t>, consumer: C) -> C::Result {
                let start = iter.range.start;
                match <$t as RangeInteger>::opt_len(&iter) {
                    Some(len) => (0..len)
                        .into_par_iter()
                        .map(move |offset| (start as $u).wrapping_add(offset as $u) as $t)
                        .drive_unindexed(consumer),
                    None => bridge_unindexed(LongRange { range: iter.range }, consumer),
                }
            }

            fn opt_len(iter: &Iter<$t>) -> Option<usize> {
                usize::try_from(
                    LongRange {
                        range: iter.range.clone(),
                    }
                    .distance(),
                )
                .ok()
            }
        }

        impl LongRange<$t> {
            fn distance(&self) -> $u {
                let Range { start, end } = self.range;
                if start < end {
                    (end as $u).wrapping_sub(start as $u)
                } else {
                    0
                }
            }
        }

        impl UnindexedProducer for LongRange<$t> {
            type Item = $t;

            fn split(self) -> (Self, Option<Self>) {
                let half = self.distance() / 2;
                if half == 0 {
                    return (self, None);
                }
                let mid = (self.range.start as $u).wrapping_add(half) as $t;
                (
                    LongRange {
                        range: self.range.start..mid,
                    },
                    Some(LongRange {
                        range: mid..self.range.end,
                    }),
                )
            }

            fn fold_with<F: Folder<$t>>(self, mut folder: F) -> F {
                // In blocks, so that a short-circuit elsewhere (`find_any`
                // behind a `filter` that rejects whole blocks) stops this
                // piece within a block, not at its far end.
                let Range { mut start, end } = self.range;
                while start < end && !folder.full() {
                    let step = (end as $u)
                        .wrapping_sub(start as $u)
                        .min(LONG_RANGE_BLOCK as $u);
                    let block_end = (start as $u).wrapping_add(step) as $t;
                    folder = folder.consume_iter(start..block_end);
                    start = block_end;
                }
                folder
            }
        }
    };
}

/// The items a [`LongRange`] piece feeds its folder between two checks of
/// `Folder::full`. Not a grain size: pieces are cut by the bridge, this only
/// bounds how long a finished search elsewhere goes unnoticed.
pub(crate) const LONG_RANGE_BLOCK: usize = 1 << 16;

/// A range too long to count in a `usize`, as an unindexed producer.
#[derive(Debug)]
struct LongRange<T> {
    range: Range<T>,
}

unindexed_range!(u128, u128);
unindexed_range!(i128, u128);
#[cfg(not(target_pointer_width = "64"))]
unindexed_range!(u64, u64);
#[cfg(not(target_pointer_width = "64"))]
unindexed_range!(i64, u64);

#[cfg(test)]
mod tests {
    use crate::prelude::*;

    #[test]
    fn signed_ranges_cross_zero_and_span_the_type() {
        let all: Vec<i8> = (i8::MIN..i8::MAX).into_par_iter().collect(); // 255 items
        assert_eq!(all, (i8::MIN..i8::MAX).collect::<Vec<_>>());
        let wide: i64 = (-1_000i64..1_000).into_par_iter().sum();
        assert_eq!(wide, -1_000);
    }

    #[test]
    fn huge_steps_over_a_long_range_jump() {
        let v: Vec<u64> = (0..u64::MAX).into_par_iter().step_by(1 << 62).collect();
        assert_eq!(v, [0, 1 << 62, 2 << 62, 3 << 62]);
    }

    /// The left half of this range holds no match: its scan ends only
    /// because the right half, taken by the other thread (through the rescue
    /// signal: the scan never polls), finds one at once and the left piece
    /// checks `full` between blocks.
    #[test]
    #[cfg(all(not(miri), any(target_os = "linux", target_os = "android")))]
    fn a_search_that_succeeds_elsewhere_stops_a_long_scan() {
        let pool = crate::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let found = pool.install(|| {
            (0..u128::MAX)
                .into_par_iter()
                .filter(|&x| x > u128::MAX / 2)
                .find_any(|_| true)
        });
        assert!(found.is_some_and(|x| x > u128::MAX / 2));
    }

    #[test]
    fn empty_and_reversed_ranges_have_no_items() {
        #[allow(clippy::reversed_empty_ranges)]
        let reversed = (10u32..3).into_par_iter();
        assert_eq!(reversed.len(), 0);
        assert_eq!(reversed.count(), 0);
        assert_eq!((5usize..5).into_par_iter().count(), 0);
    }

    #[test]
    fn char_ranges_skip_the_surrogates() {
        let start = '\u{D7F0}';
        let end = '\u{E010}';
        let expected: Vec<char> = (start..end).collect();
        let iter = (start..end).into_par_iter();
        assert_eq!(iter.len(), expected.len());
        let got: Vec<char> = iter.collect();
        assert_eq!(got, expected);
    }

    #[test]
    fn u128_ranges_longer_than_usize_are_unindexed() {
        let huge = 0..u128::MAX;
        assert_eq!(huge.clone().into_par_iter().opt_len(), None);
        let small = (u128::MAX - 1_000)..u128::MAX;
        assert_eq!(small.clone().into_par_iter().opt_len(), Some(1_000));
        let items: Vec<u128> = small.clone().into_par_iter().collect();
        assert_eq!(items, small.collect::<Vec<_>>());
        let signed = -5i128..5;
        assert_eq!(signed.clone().into_par_iter().sum::<i128>(), -5);
    }
}
