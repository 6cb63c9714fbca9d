//! The quicksort's partition: a branch-free Lomuto pass that moves each
//! element twice and never mispredicts on the comparison's answer.
//!
//! One element is held out of the slice, leaving a gap. For each next
//! element `x` (after comparing it): the first element of the right part
//! moves into the gap, `x` moves into the freed slot, and `x`'s old slot is
//! the new gap; the boundary advances by the comparison's answer (0 or 1).
//! So an element that goes left lands at the boundary, and one that goes
//! right stays in the right part, which just rotated by one. At the end
//! the held-out element takes the same step into the last gap. Two moves
//! per element instead of a swap's three, and no branch on the answer.

use std::mem::{self, ManuallyDrop};
use std::ptr;

/// Moves the elements of `v` for which `goes_left` holds to the front;
/// returns how many there are. Neither part keeps its order.
///
/// Panic safety: if `goes_left` panics, a guard writes the held-out element
/// into the gap, so the slice stays a permutation. `goes_left` sees each
/// element where it lies at that moment.
pub(super) fn partition<T>(v: &mut [T], goes_left: impl Fn(&T) -> bool) -> usize {
    let len = v.len();
    if len == 0 {
        return 0;
    }
    let base = v.as_mut_ptr();
    let mut gap = Gap {
        // SAFETY: `len >= 1`; slot 0 becomes the gap, which the guard fills.
        value: ManuallyDrop::new(unsafe { ptr::read(base) }),
        slot: base,
    };
    // Slots `..left` hold elements that go left; `left..` up to the gap
    // (the slot before `next`), elements that go right.
    let mut left = 0;
    for next in 1..len {
        // SAFETY: `next < len`.
        let element = unsafe { base.add(next) };
        // SAFETY: `element` holds an element; the reference ends before the
        // moves.
        let goes = goes_left(unsafe { &*element });
        // SAFETY: `left < next`, both in bounds; the first move may copy the
        // gap onto itself (`ptr::copy` allows it), the second has distinct
        // slots; afterwards `element`'s slot is the only stale one.
        unsafe {
            ptr::copy(base.add(left), gap.slot, 1);
            ptr::copy_nonoverlapping(element, base.add(left), 1);
        }
        gap.slot = element;
        left += usize::from(goes);
    }
    let goes = goes_left(&gap.value);
    // SAFETY: as in the loop, with the held-out element as the next one;
    // the guard is then forgotten, as the gap is filled.
    unsafe {
        ptr::copy(base.add(left), gap.slot, 1);
        ptr::copy_nonoverlapping(&*gap.value, base.add(left), 1);
    }
    mem::forget(gap);
    left + usize::from(goes)
}

/// The element held out of the slice and the slot that lacks it: dropped on
/// a panic, it fills the slot.
struct Gap<T> {
    value: ManuallyDrop<T>,
    slot: *mut T,
}

impl<T> Drop for Gap<T> {
    fn drop(&mut self) {
        // SAFETY: `slot` is the one slot whose content is stale (moved
        // elsewhere); writing the held-out element there restores a
        // permutation, and `value` is not used again.
        unsafe { ptr::copy_nonoverlapping(&*self.value, self.slot, 1) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_the_satisfying_elements_to_the_front() {
        for n in [0u32, 1, 2, 7, 100, 1000] {
            let mut v: Vec<u32> = (0..n).map(|x| x.wrapping_mul(2_654_435_761) % 97).collect();
            let mut expected = v.clone();
            let k = partition(&mut v, |&x| x < 40);
            assert!(v[..k].iter().all(|&x| x < 40) && v[k..].iter().all(|&x| x >= 40));
            v.sort_unstable();
            expected.sort_unstable();
            assert_eq!(v, expected, "a permutation, n={n}");
        }
    }

    #[test]
    fn a_panic_leaves_a_permutation() {
        let input: Vec<String> = (0..50).map(|i| (i * 31 % 50).to_string()).collect();
        for panic_at in [0, 1, 25, 49] {
            let mut v = input.clone();
            let calls = std::cell::Cell::new(0);
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                partition(&mut v, |s| {
                    calls.set(calls.get() + 1);
                    assert!(calls.get() <= panic_at, "comparator panic");
                    s.len() < 2
                })
            }));
            assert!(result.is_err());
            let (mut got, mut expected) = (v, input.clone());
            got.sort();
            expected.sort();
            assert_eq!(got, expected, "panic at {panic_at}");
        }
    }
}
