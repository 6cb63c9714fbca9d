//! Parallel iterators over owned strings, with Rayon's names
//! (`rayon::string`): [`Drain`], `par_drain(range)` of a `String`.

use std::ops::{Range, RangeBounds};

use crate::iter::plumbing::UnindexedConsumer;
use crate::iter::{drain_range, ParallelDrainRange, ParallelIterator};
use crate::str::ParallelString;

/// The iterator of `par_drain(range)` on a `String`
/// ([`ParallelDrainRange`]): the chars of a byte range, which is removed
/// from the string when the iterator is dropped (the string keeps its
/// capacity).
///
/// ```
/// use lubdub::prelude::*;
///
/// let mut s = String::from("héllo wörld");
/// let vowels = s.par_drain(7..).map(|c| usize::from("aeiouö".contains(c))).sum::<usize>();
/// assert_eq!(vowels, 1);
/// assert_eq!(s, "héllo ");
/// ```
#[derive(Debug)]
pub struct Drain<'a> {
    string: &'a mut String,
    range: Range<usize>,
}

impl<'a> ParallelDrainRange<usize> for &'a mut String {
    type Iter = Drain<'a>;
    type Item = char;

    /// Panics, as `String::drain` does, if the range is out of bounds or
    /// does not start and end on char boundaries.
    #[track_caller]
    fn par_drain<R: RangeBounds<usize>>(self, range: R) -> Drain<'a> {
        let range = drain_range(range, self.len());
        assert!(
            self.is_char_boundary(range.start) && self.is_char_boundary(range.end),
            "drain range {range:?} does not start and end on char boundaries"
        );
        Drain {
            string: self,
            range,
        }
    }
}

impl ParallelIterator for Drain<'_> {
    type Item = char;

    fn drive_unindexed<C: UnindexedConsumer<char>>(self, consumer: C) -> C::Result {
        // The chars are copied out; `self` removes them when it drops.
        self.string[self.range.clone()]
            .par_chars()
            .drive_unindexed(consumer)
    }
}

impl Drop for Drain<'_> {
    fn drop(&mut self) {
        self.string.drain(self.range.clone());
    }
}
