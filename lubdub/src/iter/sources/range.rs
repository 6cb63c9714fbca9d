//! [`Range`]: `into_par_iter()` of an integer range `start..end`.

use crate::iter::plumbing::{bridge, Consumer, Producer, ProducerCallback, UnindexedConsumer};
use crate::iter::{IndexedParallelIterator, IntoParallelIterator, ParallelIterator};

/// The parallel iterator over an integer range.
///
/// ```
/// use lubdub::prelude::*;
///
/// let evens = (0..10i64).into_par_iter().filter(|x| x % 2 == 0).count();
/// assert_eq!(evens, 5);
/// ```
#[derive(Clone, Debug)]
pub struct Range<T> {
    range: std::ops::Range<T>,
}

/// The integer types a parallel range can run over (sealed: every integer
/// type of at most 64 bits).
pub trait RangeInteger: Copy + Send + Sync + PartialOrd + private::Sealed {
    /// The value as an `i128`, which holds every such integer.
    #[doc(hidden)]
    fn to_i128(self) -> i128;
    /// The inverse of `to_i128`, for values in the type's range.
    #[doc(hidden)]
    fn from_i128(value: i128) -> Self;
}

mod private {
    pub trait Sealed {}
}

macro_rules! range_integers {
    ($($t:ty),*) => {$(
        impl private::Sealed for $t {}
        impl RangeInteger for $t {
            fn to_i128(self) -> i128 {
                self as i128
            }
            fn from_i128(value: i128) -> Self {
                value as $t
            }
        }
    )*};
}

range_integers!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

impl<T> IntoParallelIterator for std::ops::Range<T>
where
    T: RangeInteger,
    std::ops::Range<T>: DoubleEndedIterator<Item = T>,
{
    type Iter = Range<T>;
    type Item = T;
    fn into_par_iter(self) -> Range<T> {
        Range { range: self }
    }
}

impl<T> ParallelIterator for Range<T>
where
    T: RangeInteger,
    std::ops::Range<T>: DoubleEndedIterator<Item = T>,
{
    type Item = T;

    fn drive_unindexed<C: UnindexedConsumer<T>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(self.len())
    }
}

impl<T> IndexedParallelIterator for Range<T>
where
    T: RangeInteger,
    std::ops::Range<T>: DoubleEndedIterator<Item = T>,
{
    fn drive<C: Consumer<Self::Item>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn len(&self) -> usize {
        range_len(&self.range)
    }

    fn with_producer<CB: ProducerCallback<T>>(self, callback: CB) -> CB::Output {
        callback.callback(self.range)
    }
}

/// The number of integers in `range`.
fn range_len<T: RangeInteger>(range: &std::ops::Range<T>) -> usize {
    if range.start < range.end {
        usize::try_from(range.end.to_i128() - range.start.to_i128())
            .expect("a parallel range has at most usize::MAX items")
    } else {
        0
    }
}

impl<T> Producer for std::ops::Range<T>
where
    T: RangeInteger,
    std::ops::Range<T>: DoubleEndedIterator<Item = T>,
{
    type Item = T;
    type IntoIter = ExactRange<T>;
    fn split_at(self, index: usize) -> (Self, Self) {
        // In range: `index <= len`, so `start + index <= end`.
        let mid = T::from_i128(self.start.to_i128() + index as i128);
        (self.start..mid, mid..self.end)
    }
    fn into_iter(self) -> ExactRange<T> {
        ExactRange { range: self }
    }
}

/// A range's sequential iterator, which knows its length for every integer
/// type (`Range<u64>` is not an `ExactSizeIterator` in `std`). `fold` is
/// forwarded, so a chunk's loop is the range's own loop.
#[derive(Clone, Debug)]
pub struct ExactRange<T> {
    range: std::ops::Range<T>,
}

impl<T> Iterator for ExactRange<T>
where
    T: RangeInteger,
    std::ops::Range<T>: DoubleEndedIterator<Item = T>,
{
    type Item = T;

    fn next(&mut self) -> Option<T> {
        self.range.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = range_len(&self.range);
        (len, Some(len))
    }

    fn fold<B, F: FnMut(B, T) -> B>(self, init: B, f: F) -> B {
        self.range.fold(init, f)
    }
}

impl<T> DoubleEndedIterator for ExactRange<T>
where
    T: RangeInteger,
    std::ops::Range<T>: DoubleEndedIterator<Item = T>,
{
    fn next_back(&mut self) -> Option<T> {
        self.range.next_back()
    }

    fn rfold<B, F: FnMut(B, T) -> B>(self, init: B, f: F) -> B {
        self.range.rfold(init, f)
    }
}

impl<T> ExactSizeIterator for ExactRange<T>
where
    T: RangeInteger,
    std::ops::Range<T>: DoubleEndedIterator<Item = T>,
{
}
