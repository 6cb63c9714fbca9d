//! Ranges of `char`: the code points of the range without the surrogate
//! gap, as an indexed parallel iterator ([`Chars`]), which
//! [`range_inclusive`](crate::range_inclusive) uses too.

use std::ops::Range;

use super::{IndexedRangeInteger, Iter, RangeInteger};
use crate::iter::plumbing::{
    bridge, bridge_unindexed_consumer, Consumer, Producer, ProducerCallback, UnindexedConsumer,
};
use crate::iter::{IndexedParallelIterator, ParallelIterator};

/// The code points of a `char` range, without the surrogate gap
/// `0xD800..0xE000`, which holds no `char`.
const SURROGATES: Range<u32> = 0xD800..0xE000;

/// The number of `char`s in `start..end` (code points).
fn char_count(start: u32, end: u32) -> usize {
    if start >= end {
        return 0;
    }
    let mut count = end - start;
    if start < SURROGATES.start && SURROGATES.end <= end {
        count -= SURROGATES.end - SURROGATES.start;
    }
    count as usize
}

/// The code point `index` `char`s after `start` (skipping the gap).
fn char_offset(start: u32, index: usize) -> u32 {
    let at = start + index as u32;
    if start < SURROGATES.start && at >= SURROGATES.start {
        at + (SURROGATES.end - SURROGATES.start)
    } else {
        at
    }
}

impl RangeInteger for char {
    fn drive_unindexed<C: UnindexedConsumer<char>>(iter: Iter<char>, consumer: C) -> C::Result {
        Chars::of(iter.range).drive_unindexed(consumer)
    }

    fn opt_len(iter: &Iter<char>) -> Option<usize> {
        Some(Chars::of(iter.range.clone()).len())
    }
}

impl IndexedRangeInteger for char {
    fn drive<C: Consumer<char>>(iter: Iter<char>, consumer: C) -> C::Result {
        Chars::of(iter.range).drive(consumer)
    }

    fn len(iter: &Iter<char>) -> usize {
        Chars::of(iter.range.clone()).len()
    }

    fn with_producer<CB: ProducerCallback<char>>(iter: Iter<char>, callback: CB) -> CB::Output {
        Chars::of(iter.range).with_producer(callback)
    }
}

/// The `char`s of the code points `start..end`, where `end` may be one past
/// `char::MAX` (for `range_inclusive`'s ranges).
#[derive(Clone, Debug)]
pub(crate) struct Chars {
    start: u32,
    end: u32,
}

impl Chars {
    fn of(range: Range<char>) -> Self {
        Chars {
            start: range.start as u32,
            end: range.end as u32,
        }
    }

    /// The `char`s from `start` to `end` inclusive.
    pub(crate) fn inclusive(start: char, end: char) -> Self {
        Chars {
            start: start as u32,
            end: end as u32 + 1,
        }
    }

    /// No `char`s.
    pub(crate) fn empty() -> Self {
        Chars { start: 0, end: 0 }
    }
}

impl ParallelIterator for Chars {
    type Item = char;

    fn drive_unindexed<C: UnindexedConsumer<char>>(self, consumer: C) -> C::Result {
        bridge_unindexed_consumer(self, consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(self.len())
    }
}

impl IndexedParallelIterator for Chars {
    fn drive<C: Consumer<char>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn len(&self) -> usize {
        char_count(self.start, self.end)
    }

    fn with_producer<CB: ProducerCallback<char>>(self, callback: CB) -> CB::Output {
        let len = self.len();
        callback.callback(CharProducer {
            start: self.start,
            len,
        })
    }
}

/// `len` `char`s from code point `start`.
#[derive(Debug)]
struct CharProducer {
    start: u32,
    len: usize,
}

impl Producer for CharProducer {
    type Item = char;
    type IntoIter = CharIter;

    fn into_iter(self) -> CharIter {
        CharIter {
            next: self.start,
            len: self.len,
        }
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let mid = char_offset(self.start, index);
        (
            CharProducer {
                start: self.start,
                len: index,
            },
            CharProducer {
                start: mid,
                len: self.len - index,
            },
        )
    }
}

/// The sequential iterator of a [`CharProducer`].
#[derive(Debug)]
struct CharIter {
    next: u32,
    len: usize,
}

fn to_char(code_point: u32) -> char {
    char::from_u32(code_point).expect("a char range skips the surrogate gap")
}

impl Iterator for CharIter {
    type Item = char;

    fn next(&mut self) -> Option<char> {
        if self.len == 0 {
            return None;
        }
        let item = to_char(self.next);
        self.len -= 1;
        self.next = char_offset(self.next, 1);
        Some(item)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.len, Some(self.len))
    }
}

impl DoubleEndedIterator for CharIter {
    fn next_back(&mut self) -> Option<char> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(to_char(char_offset(self.next, self.len)))
    }
}

impl ExactSizeIterator for CharIter {}
