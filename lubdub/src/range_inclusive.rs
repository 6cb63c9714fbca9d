//! Parallel iterators over inclusive ranges `start..=end` of integers and
//! `char`s: `(0..=n).into_par_iter()`.
//!
//! An inclusive range over a whole type has one item more than its type
//! counts, so, as in Rayon, only the ranges whose length always fits a
//! `usize` are indexed: `u8`, `u16`, `i8`, `i16` and `char` (and, on 64-bit
//! targets, `u32` and `i32`: a superset of Rayon). The others report their
//! length when it fits (`opt_len`) and then run as an indexed loop.
//!
//! ```
//! use lubdub::prelude::*;
//!
//! assert_eq!((1..=100u32).into_par_iter().sum::<u32>(), 5050);
//! assert_eq!((250..=u8::MAX).into_par_iter().count(), 6);
//! let everything = (0..=u64::MAX).into_par_iter();
//! assert_eq!(everything.opt_len(), None); // 2^64 items
//! ```

use std::ops::RangeInclusive;

use crate::iter::plumbing::{
    bridge_unindexed, Consumer, Folder, ProducerCallback, UnindexedConsumer, UnindexedProducer,
};
use crate::iter::{IndexedParallelIterator, IntoParallelIterator, ParallelIterator};
use crate::range::{range_iter, Chars, LONG_RANGE_BLOCK};

range_iter! {
    /// The parallel iterator over an inclusive range `start..=end`.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let iter: lubdub::range_inclusive::Iter<i16> = (-3..=3i16).into_par_iter();
    /// assert_eq!(iter.len(), 7);
    /// assert_eq!(iter.sum::<i16>(), 0);
    /// ```
    RangeInclusive
}

impl<T: Copy + PartialOrd> Iter<T>
where
    RangeInclusive<T>: PartialEq,
{
    /// `(start, end)` while the range has items; `None` once it is empty
    /// (a `RangeInclusive` that was iterated to its end keeps its bounds but
    /// has no items left).
    fn bounds(&self) -> Option<(T, T)> {
        let (start, end) = (*self.range.start(), *self.range.end());
        (start <= end && self.range == (start..=end)).then_some((start, end))
    }
}

/// The items of an inclusive range of `$t` (unsigned twin `$u`) as the
/// offsets `0..len` from its start, when `len` fits a `usize`.
macro_rules! offsets {
    ($t:ty, $u:ty) => {
        impl Iter<$t> {
            /// The number of items, if it fits a `usize`.
            fn item_count(&self) -> Option<usize> {
                match self.bounds() {
                    None => Some(0),
                    Some((start, end)) => ((end as $u).wrapping_sub(start as $u) as u128)
                        .checked_add(1)
                        .and_then(|len| usize::try_from(len).ok()),
                }
            }

            /// The items as a map of the offsets `0..len` from the start.
            fn offsets(self, len: usize) -> impl IndexedParallelIterator<Item = $t> {
                let start = self.bounds().map_or(0, |(start, _)| start as $u);
                (0..len)
                    .into_par_iter()
                    .map(move |offset| start.wrapping_add(offset as $u) as $t)
            }
        }
    };
}

/// Indexed inclusive ranges of `$t`, unsigned twin `$u`.
macro_rules! indexed_range_inclusive {
    ($t:ty, $u:ty) => {
        offsets!($t, $u);

        impl RangeInteger for $t {
            fn drive_unindexed<C: UnindexedConsumer<$t>>(iter: Iter<$t>, consumer: C) -> C::Result {
                let len = <$t as IndexedRangeInteger>::len(&iter);
                iter.offsets(len).drive_unindexed(consumer)
            }

            fn opt_len(iter: &Iter<$t>) -> Option<usize> {
                iter.item_count()
            }
        }

        impl IndexedRangeInteger for $t {
            fn drive<C: Consumer<$t>>(iter: Iter<$t>, consumer: C) -> C::Result {
                let len = <$t as IndexedRangeInteger>::len(&iter);
                iter.offsets(len).drive(consumer)
            }

            fn len(iter: &Iter<$t>) -> usize {
                iter.item_count()
                    .expect("the length of this range type fits a usize")
            }

            fn with_producer<CB: ProducerCallback<$t>>(iter: Iter<$t>, callback: CB) -> CB::Output {
                let len = <$t as IndexedRangeInteger>::len(&iter);
                iter.offsets(len).with_producer(callback)
            }
        }
    };
}

/// Unindexed inclusive ranges of `$t`, unsigned twin `$u`: an indexed loop
/// over the offsets when the length fits a `usize`, else an unindexed
/// producer that halves the range.
macro_rules! unindexed_range_inclusive {
    ($t:ty, $u:ty) => {
        offsets!($t, $u);

        impl RangeInteger for $t {
            fn drive_unindexed<C: UnindexedConsumer<$t>>(iter: Iter<$t>, consumer: C) -> C::Result {
                match (iter.item_count(), iter.bounds()) {
                    (Some(len), _) => iter.offsets(len).drive_unindexed(consumer),
                    (None, Some((start, end))) => {
                        bridge_unindexed(LongRangeInclusive { start, end }, consumer)
                    }
                    (None, None) => unreachable!("an empty range has a length"),
                }
            }

            fn opt_len(iter: &Iter<$t>) -> Option<usize> {
                iter.item_count()
            }
        }

        impl UnindexedProducer for LongRangeInclusive<$t> {
            type Item = $t;

            fn split(self) -> (Self, Option<Self>) {
                let half = (self.end as $u).wrapping_sub(self.start as $u) / 2;
                if half == 0 {
                    return (self, None);
                }
                let mid = (self.start as $u).wrapping_add(half) as $t;
                (
                    LongRangeInclusive {
                        start: self.start,
                        end: mid,
                    },
                    Some(LongRangeInclusive {
                        start: mid + 1,
                        end: self.end,
                    }),
                )
            }

            fn fold_with<F: Folder<$t>>(self, mut folder: F) -> F {
                // In blocks, as `range::LongRange` does, ending with the last
                // item (`end` may be the type's maximum).
                let mut start = self.start;
                loop {
                    if folder.full() {
                        return folder;
                    }
                    let left = (self.end as $u).wrapping_sub(start as $u);
                    if left < LONG_RANGE_BLOCK as $u {
                        return folder.consume_iter(start..=self.end);
                    }
                    let block_end = (start as $u).wrapping_add(LONG_RANGE_BLOCK as $u) as $t;
                    folder = folder.consume_iter(start..block_end);
                    start = block_end;
                }
            }
        }
    };
}

/// A non-empty inclusive range too long to count in a `usize`.
#[derive(Debug)]
struct LongRangeInclusive<T> {
    start: T,
    end: T,
}

indexed_range_inclusive!(u8, u8);
indexed_range_inclusive!(u16, u16);
indexed_range_inclusive!(i8, u8);
indexed_range_inclusive!(i16, u16);
#[cfg(target_pointer_width = "64")]
indexed_range_inclusive!(u32, u32);
#[cfg(target_pointer_width = "64")]
indexed_range_inclusive!(i32, u32);
#[cfg(not(target_pointer_width = "64"))]
unindexed_range_inclusive!(u32, u32);
#[cfg(not(target_pointer_width = "64"))]
unindexed_range_inclusive!(i32, u32);
unindexed_range_inclusive!(usize, usize);
unindexed_range_inclusive!(isize, usize);
unindexed_range_inclusive!(u64, u64);
unindexed_range_inclusive!(i64, u64);
unindexed_range_inclusive!(u128, u128);
unindexed_range_inclusive!(i128, u128);

impl RangeInteger for char {
    fn drive_unindexed<C: UnindexedConsumer<char>>(iter: Iter<char>, consumer: C) -> C::Result {
        half_open_chars(iter).drive_unindexed(consumer)
    }

    fn opt_len(iter: &Iter<char>) -> Option<usize> {
        Some(half_open_chars(iter.clone()).len())
    }
}

impl IndexedRangeInteger for char {
    fn drive<C: Consumer<char>>(iter: Iter<char>, consumer: C) -> C::Result {
        half_open_chars(iter).drive(consumer)
    }

    fn len(iter: &Iter<char>) -> usize {
        half_open_chars(iter.clone()).len()
    }

    fn with_producer<CB: ProducerCallback<char>>(iter: Iter<char>, callback: CB) -> CB::Output {
        half_open_chars(iter).with_producer(callback)
    }
}

/// The same `char`s as code points `start..end + 1` (one past `char::MAX`
/// for a range that ends there).
fn half_open_chars(iter: Iter<char>) -> Chars {
    match iter.bounds() {
        None => Chars::empty(),
        Some((start, end)) => Chars::inclusive(start, end),
    }
}

#[cfg(test)]
mod tests {
    use crate::prelude::*;

    #[test]
    fn ranges_that_end_at_the_type_maximum() {
        let top: Vec<u8> = (250..=u8::MAX).into_par_iter().collect();
        assert_eq!(top, (250..=u8::MAX).collect::<Vec<_>>());
        if !cfg!(miri) {
            let all = (i16::MIN..=i16::MAX)
                .into_par_iter()
                .map(|_| 1u32)
                .sum::<u32>();
            assert_eq!(all, 1 << 16);
        }
        assert_eq!((usize::MAX - 3..=usize::MAX).into_par_iter().count(), 4);
        assert_eq!(
            (u64::MAX - 9..=u64::MAX).into_par_iter().opt_len(),
            Some(10)
        );
    }

    #[test]
    fn exhausted_and_empty_ranges() {
        let mut spent = 3u8..=3;
        spent.next();
        assert_eq!(spent.into_par_iter().count(), 0);
        #[allow(clippy::reversed_empty_ranges)]
        let reversed = 5i64..=1;
        assert_eq!(reversed.into_par_iter().opt_len(), Some(0));
    }

    #[test]
    fn char_ranges_include_their_end() {
        // Across the surrogate gap, and up to the last char.
        for (start, end) in [('\u{D7F0}', '\u{E010}'), ('\u{10FFF0}', char::MAX)] {
            let expected: Vec<char> = (start..=end).collect();
            let got: Vec<char> = (start..=end).into_par_iter().collect();
            assert_eq!(got, expected);
        }
    }

    #[test]
    fn whole_u64_range_is_unindexed_and_splits() {
        let iter = (0..=u64::MAX).into_par_iter();
        assert_eq!(iter.opt_len(), None);
        // Counting 2^64 items would take years; a short-circuiting search
        // is not available here, so check only the split halves' bounds.
        let (left, right) = super::UnindexedProducer::split(super::LongRangeInclusive {
            start: 0u64,
            end: u64::MAX,
        });
        let right = right.expect("a huge range splits");
        assert_eq!((left.start, left.end), (0, u64::MAX / 2));
        assert_eq!((right.start, right.end), (u64::MAX / 2 + 1, u64::MAX));
    }
}
