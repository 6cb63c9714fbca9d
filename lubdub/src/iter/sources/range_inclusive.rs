//! [`RangeInclusive`]: `into_par_iter()` of an integer range `start..=end`.
//!
//! The producer is `std::ops::RangeInclusive` itself, so that a range ending
//! at the type's maximum needs no `end + 1`. An empty piece is `1..=0`,
//! which every integer type can hold.

use super::range::RangeInteger;
use crate::iter::plumbing::{Consumer, Producer, ProducerCallback};
use crate::iter::private::Sealed;
use crate::iter::{indexed, IndexedParallelIterator, IntoParallelIterator, ParallelIterator};

/// The parallel iterator over an inclusive integer range. Its length must
/// fit a `usize` (so `0..=u64::MAX` panics when driven, as its `len` would).
///
/// ```
/// use lubdub::prelude::*;
///
/// assert_eq!((1..=100u32).into_par_iter().sum::<u32>(), 5050);
/// assert_eq!((250..=u8::MAX).into_par_iter().count(), 6);
/// assert_eq!((5..=4).into_par_iter().count(), 0);
/// ```
#[derive(Clone, Debug)]
pub struct RangeInclusive<T> {
    range: std::ops::RangeInclusive<T>,
}

impl<T> IntoParallelIterator for std::ops::RangeInclusive<T>
where
    T: RangeInteger,
    std::ops::RangeInclusive<T>: Iterator<Item = T>,
{
    type Iter = RangeInclusive<T>;
    type Item = T;
    fn into_par_iter(self) -> RangeInclusive<T> {
        RangeInclusive { range: self }
    }
}

impl<T> ParallelIterator for RangeInclusive<T>
where
    T: RangeInteger,
    std::ops::RangeInclusive<T>: Iterator<Item = T>,
{
    type Item = T;

    fn drive<C: Consumer<T>>(self, consumer: &C) -> C::Result {
        indexed::drive(self, consumer)
    }

    fn opt_len(&self, _: Sealed) -> Option<usize> {
        Some(self.len())
    }
}

impl<T> IndexedParallelIterator for RangeInclusive<T>
where
    T: RangeInteger,
    std::ops::RangeInclusive<T>: Iterator<Item = T>,
{
    fn len(&self) -> usize {
        Producer::len(&self.range)
    }

    fn with_producer<CB: ProducerCallback<T>>(self, callback: CB) -> CB::Output {
        callback.callback(self.range)
    }
}

/// The empty inclusive range of `T`.
fn empty<T: RangeInteger>() -> std::ops::RangeInclusive<T> {
    T::from_i128(1)..=T::from_i128(0)
}

impl<T> Producer for std::ops::RangeInclusive<T>
where
    T: RangeInteger,
    std::ops::RangeInclusive<T>: Iterator<Item = T>,
{
    type Item = T;
    type IntoIter = Self;
    fn len(&self) -> usize {
        if self.is_empty() {
            0
        } else {
            usize::try_from(self.end().to_i128() - self.start().to_i128() + 1)
                .expect("a parallel range has at most usize::MAX items")
        }
    }
    fn split_at(self, index: usize) -> (Self, Self) {
        let len = Producer::len(&self);
        if index == 0 {
            return (empty(), self);
        }
        if index == len {
            return (self, empty());
        }
        // `0 < index < len`: both pieces are non-empty and in the type's range.
        let (start, end) = self.into_inner();
        let mid = start.to_i128() + index as i128;
        (start..=T::from_i128(mid - 1), T::from_i128(mid)..=end)
    }
    fn into_iter(self) -> Self {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_cover_the_range_once_up_to_the_maximum() {
        let range = 250..=u8::MAX;
        for index in 0..=6 {
            let (left, right) = Producer::split_at(range.clone(), index);
            assert_eq!(Producer::len(&left), index);
            let items: Vec<u8> = left.chain(right).collect();
            assert_eq!(items, (250..=u8::MAX).collect::<Vec<_>>());
        }
        assert_eq!(Producer::len(&empty::<i8>()), 0);
        assert_eq!(Producer::len(&(i8::MIN..=i8::MAX)), 256);
    }
}
