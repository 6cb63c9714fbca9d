//! [`ParallelDrainFull`] and [`ParallelDrainRange`]: moving items out of a
//! collection in parallel while it keeps its capacity.

use std::ops::{Bound, Range, RangeBounds};

use super::ParallelIterator;

/// A collection whose items can all be moved out by a parallel iterator
/// (`par_drain()`), the collection keeping its capacity. Collections with
/// positions implement [`ParallelDrainRange`] instead (`par_drain(..)`
/// drains them fully).
///
/// Every item is removed when the iterator is dropped, even one the loop did
/// not reach; if the iterator is leaked (`mem::forget`), how many items are
/// removed is unspecified.
///
/// ```
/// use lubdub::iter::ParallelDrainFull;
/// use lubdub::prelude::*;
///
/// // A bag whose order does not matter, drained through its vector.
/// struct Bag(Vec<u32>);
/// impl<'a> ParallelDrainFull for &'a mut Bag {
///     type Iter = lubdub::vec::Drain<'a, u32>;
///     type Item = u32;
///     fn par_drain(self) -> Self::Iter {
///         self.0.par_drain(..)
///     }
/// }
/// let mut bag = Bag(vec![1, 2, 3]);
/// assert_eq!(bag.par_drain().sum::<u32>(), 6);
/// assert!(bag.0.is_empty() && bag.0.capacity() >= 3);
/// ```
pub trait ParallelDrainFull {
    /// The draining parallel iterator.
    type Iter: ParallelIterator<Item = Self::Item>;
    /// The items it moves out.
    type Item: Send;

    /// A parallel iterator that moves every item out of the collection.
    ///
    /// See the trait's example.
    fn par_drain(self) -> Self::Iter;
}

/// A collection whose items in a range of positions can be moved out by a
/// parallel iterator (`par_drain(range)`), the collection keeping its
/// capacity: `Vec` and `String` (whose items are the chars of the byte
/// range).
///
/// Every item in the range is removed when the iterator is dropped, even one
/// the loop did not reach; if the iterator is leaked (`mem::forget`), how
/// many items are removed is unspecified.
///
/// ```
/// use lubdub::prelude::*;
///
/// let mut v: Vec<i32> = (0..10).collect();
/// let moved: Vec<i32> = v.par_drain(2..5).collect();
/// assert_eq!(moved, [2, 3, 4]);
/// assert_eq!(v, [0, 1, 5, 6, 7, 8, 9]);
/// ```
pub trait ParallelDrainRange<Idx = usize> {
    /// The draining parallel iterator.
    type Iter: ParallelIterator<Item = Self::Item>;
    /// The items it moves out.
    type Item: Send;

    /// A parallel iterator that moves the items in `range` out of the
    /// collection. Panics if the range's start is after its end or its end
    /// is past the collection's length (as the collection's own `drain`
    /// does).
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let mut s = String::from("lub-dub");
    /// let moved: Vec<char> = s.par_drain(..4).collect();
    /// assert_eq!(moved, ['l', 'u', 'b', '-']);
    /// assert_eq!(s, "dub");
    /// ```
    fn par_drain<R: RangeBounds<Idx>>(self, range: R) -> Self::Iter;
}

/// The positions `range` names in a collection of `len` items. Panics, as
/// `Vec::drain` does, if the start is after the end or the end after `len`.
#[track_caller]
pub(crate) fn drain_range(range: impl RangeBounds<usize>, len: usize) -> Range<usize> {
    let start = match range.start_bound() {
        Bound::Unbounded => Some(0),
        Bound::Included(&i) => Some(i),
        Bound::Excluded(&i) => i.checked_add(1),
    };
    let end = match range.end_bound() {
        Bound::Unbounded => Some(len),
        Bound::Included(&i) => i.checked_add(1),
        Bound::Excluded(&i) => Some(i),
    };
    match (start, end) {
        (Some(start), Some(end)) if start <= end && end <= len => start..end,
        _ => panic!(
            "drain range ({:?}, {:?}) is out of bounds for a length of {len}",
            range.start_bound(),
            range.end_bound()
        ),
    }
}
