//! [`Range`]: `into_par_iter()` of an integer range `start..end`.

use crate::iter::plumbing::{Consumer, Producer, ProducerCallback};
use crate::iter::private::Sealed;
use crate::iter::{indexed, IndexedParallelIterator, IntoParallelIterator, ParallelIterator};

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
    std::ops::Range<T>: Iterator<Item = T>,
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
    std::ops::Range<T>: Iterator<Item = T>,
{
    type Item = T;

    fn drive<C: Consumer<T>>(self, consumer: &C) -> C::Result {
        indexed::drive(self, consumer)
    }

    fn opt_len(&self, _: Sealed) -> Option<usize> {
        Some(self.len())
    }
}

impl<T> IndexedParallelIterator for Range<T>
where
    T: RangeInteger,
    std::ops::Range<T>: Iterator<Item = T>,
{
    fn len(&self) -> usize {
        Producer::len(&self.range)
    }

    fn with_producer<CB: ProducerCallback<T>>(self, callback: CB) -> CB::Output {
        callback.callback(self.range)
    }
}

impl<T> Producer for std::ops::Range<T>
where
    T: RangeInteger,
    std::ops::Range<T>: Iterator<Item = T>,
{
    type Item = T;
    type IntoIter = Self;
    fn len(&self) -> usize {
        if self.start < self.end {
            usize::try_from(self.end.to_i128() - self.start.to_i128())
                .expect("a parallel range has at most usize::MAX items")
        } else {
            0
        }
    }
    fn split_at(self, index: usize) -> (Self, Self) {
        // In range: `index <= len`, so `start + index <= end`.
        let mid = T::from_i128(self.start.to_i128() + index as i128);
        (self.start..mid, mid..self.end)
    }
    fn into_iter(self) -> Self {
        self
    }
}
