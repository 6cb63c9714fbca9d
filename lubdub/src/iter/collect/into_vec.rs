//! Collecting an iterator of known length into a vector in place: the
//! vector reserves room for every item, the loop writes each item straight
//! into its slot ([`SlotsConsumer`]), and the vector's length grows only
//! once every slot is known to be written.
//!
//! A panic in the loop drops the items written so far (their [`Written`]s
//! unwind with the loop) and leaves the vector as it was, with more
//! capacity. An iterator that produces fewer items than its length panics
//! with "expected N total writes, but got M" once the loop ends, one that
//! produces more panics at the first extra item; in both cases every item
//! written is dropped.

use super::pairs::unzip_indexed;
use super::slots::{SlotsConsumer, Written};
use crate::iter::{IndexedParallelIterator, ParallelIterator};

/// Appends the `len` items of `iter` to `vec` in place.
///
/// `len` must be `iter.opt_len()`: an iterator with a known length drives
/// its consumer through positions, which writing in place relies on.
pub(crate) fn extend_with_known_len<I>(vec: &mut Vec<I::Item>, len: usize, iter: I)
where
    I: ParallelIterator,
{
    append_in_place(vec, len, |slots| iter.drive_unindexed(slots));
}

/// Replaces the items of `vec` with those of `iter`, keeping its allocation
/// when it is large enough.
pub(crate) fn collect_into_vec<I>(iter: I, vec: &mut Vec<I::Item>)
where
    I: IndexedParallelIterator,
{
    vec.clear();
    let len = iter.len();
    append_in_place(vec, len, |slots| iter.drive(slots));
}

/// Replaces the items of `left` and `right` with the first and second
/// halves of the pairs of `iter`, keeping their allocations when they are
/// large enough.
pub(crate) fn unzip_into_vecs<I, A, B>(iter: I, left: &mut Vec<A>, right: &mut Vec<B>)
where
    I: IndexedParallelIterator<Item = (A, B)>,
    A: Send,
    B: Send,
{
    left.clear();
    right.clear();
    let len = iter.len();
    append_in_place(left, len, |left_slots| {
        let mut left_written = None;
        append_in_place(right, len, |right_slots| {
            let (l, r) = unzip_indexed(iter, left_slots, right_slots);
            left_written = Some(l);
            r
        });
        left_written.expect("the right vector is filled in the same loop as the left")
    });
}

/// Reserves room for `len` more items in `vec`, lets `fill` write them
/// through the consumer it is given, and appends them to `vec` if exactly
/// `len` were written; panics otherwise (the written items are dropped).
///
/// `fill` must return the `Written` of the consumer it is given, whole:
/// every caller here drives that consumer with one loop and returns the
/// loop's result. Its lifetime parameter keeps the `Written` of another
/// call's consumer out.
fn append_in_place<T, F>(vec: &mut Vec<T>, len: usize, fill: F)
where
    T: Send,
    F: for<'c> FnOnce(SlotsConsumer<'c, T>) -> Written<'c, T>,
{
    vec.reserve(len);
    let old_len = vec.len();
    let written = fill(SlotsConsumer::spare_of(vec, len));
    let writes = written.len();
    assert!(
        writes == len,
        "expected {len} total writes, but got {writes}: a parallel iterator \
         produced fewer items than its length"
    );
    written.hand_over();
    // SAFETY: `written` is the result of the consumer of the `len` spare
    // slots after `old_len` (`fill`'s contract), so it is one contiguous run
    // of initialised slots starting at slot `old_len` (see `slots`); it held
    // `len` items (checked above), i.e. every slot, and handed them over, so
    // the first `old_len + len` items of `vec` are initialised and owned by
    // nothing else.
    unsafe { vec.set_len(old_len + len) };
}
