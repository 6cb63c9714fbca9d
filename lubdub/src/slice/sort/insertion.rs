//! The leaf of both sorts: a stable insertion sort, for pieces of at most
//! [`SMALL_SORT`](super::SMALL_SORT) elements.

use std::mem::ManuallyDrop;
use std::ptr;

/// Sorts `v` stably by inserting each element into the sorted prefix before
/// it. `O(n²)`: only for short pieces. An input already in order costs
/// `n - 1` comparisons.
///
/// Panic safety: the element being inserted is held out of the slice while
/// the elements greater than it shift right; if `is_less` panics, a guard
/// writes it into the hole, so the slice stays a permutation.
pub(super) fn insertion_sort<T, F>(v: &mut [T], is_less: &F)
where
    F: Fn(&T, &T) -> bool,
{
    let base = v.as_mut_ptr();
    for tail in 1..v.len() {
        // SAFETY: `tail < v.len()`; `base` is the only pointer used into `v`.
        unsafe { insert_tail(base, tail, is_less) };
    }
}

/// Inserts the element at `base + tail` into the sorted run
/// `base..base + tail`, after every element it is not less than.
///
/// # Safety
/// `base..=base + tail` is valid for reads and writes and nothing else
/// refers to it during the call; `tail >= 1`.
unsafe fn insert_tail<T, F>(base: *mut T, tail: usize, is_less: &F)
where
    F: Fn(&T, &T) -> bool,
{
    // SAFETY: both in bounds (caller); shared references that end before
    // any write.
    if unsafe { !is_less(&*base.add(tail), &*base.add(tail - 1)) } {
        return;
    }
    let mut hole = Hole {
        // SAFETY: in bounds; the element now lives in `hole.value`, and its
        // slot is the hole, which the guard fills whatever happens.
        value: ManuallyDrop::new(unsafe { ptr::read(base.add(tail)) }),
        // SAFETY: in bounds (`tail >= 1`).
        slot: unsafe { base.add(tail - 1) },
    };
    // SAFETY: distinct slots in bounds; the hole moves one left.
    unsafe { ptr::copy_nonoverlapping(hole.slot, base.add(tail), 1) };
    for j in (0..tail - 1).rev() {
        // SAFETY: `j < tail`, in bounds.
        let before = unsafe { base.add(j) };
        // SAFETY: `before` holds an element (it is left of the hole).
        if !is_less(&hole.value, unsafe { &*before }) {
            break;
        }
        // SAFETY: the element moves into the hole, which moves onto it.
        unsafe { ptr::copy_nonoverlapping(before, hole.slot, 1) };
        hole.slot = before;
    }
    // Dropping `hole` writes the element into the last hole.
}

/// An element held out of the slice and the empty slot it belongs in:
/// dropping it fills the slot, on the normal path and on a panic alike.
struct Hole<T> {
    value: ManuallyDrop<T>,
    slot: *mut T,
}

impl<T> Drop for Hole<T> {
    fn drop(&mut self) {
        // SAFETY: `slot` is the one slot of the slice whose element was
        // moved out (into `value`, or further along): filling it restores a
        // permutation, and `value` is not used again.
        unsafe { ptr::copy_nonoverlapping(&*self.value, self.slot, 1) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_stably() {
        let mut v: Vec<(u8, usize)> = (0..20).map(|i| ((i * 7 % 5) as u8, i)).collect();
        let mut expected = v.clone();
        expected.sort_by_key(|p| p.0);
        insertion_sort(&mut v, &|a: &(u8, usize), b: &(u8, usize)| a.0 < b.0);
        assert_eq!(v, expected);
    }

    #[test]
    fn a_panic_leaves_a_permutation() {
        let input: Vec<String> = (0..15).rev().map(|i| i.to_string()).collect();
        let mut v = input.clone();
        let calls = std::cell::Cell::new(0);
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            insertion_sort(&mut v, &|a: &String, b: &String| {
                calls.set(calls.get() + 1);
                assert!(calls.get() < 30, "comparator panic");
                a < b
            })
        }));
        assert!(result.is_err());
        let (mut got, mut expected) = (v, input);
        got.sort();
        expected.sort();
        assert_eq!(got, expected);
    }
}
