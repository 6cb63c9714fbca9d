//! The unstable sort's inputs that are sorted but for a few elements out of
//! place (mostly ascending, or mostly descending): found by one scan that
//! gives up early on other inputs, and sorted in `O(n + m log m)` for `m`
//! elements out of place instead of a quicksort's `O(n log n)`.
//!
//! The scan keeps a sorted prefix `v[..kept]` and moves each element that
//! breaks the order into the slots after it (swaps only, so a comparator
//! that panics or lies leaves a permutation). An element less than the last
//! kept one is either a dip (itself out of place) or follows a spike (the
//! kept elements before it are): if it is not less than one of the last
//! [`LOOK_BACK`] + 1 kept elements, the kept ones greater than it are the
//! spike and go aside, else it goes aside. The elements put aside are then
//! sorted by the quicksort and merged into the kept ones through a buffer
//! as long as they are.

use std::mem::MaybeUninit;
use std::ptr;

/// How many kept elements greater than the next one may be put aside as a
/// spike, so that it can be kept.
const LOOK_BACK: usize = 3;

/// Inputs shorter than this go to the quicksort without a try.
const MIN_LEN: usize = 64;

/// Sorts `v` if it is ascending or descending but for a few elements out of
/// place, with `sort_aside` sorting those; returns false, leaving `v` some
/// permutation of itself, on other inputs (after about 20 comparisons on a
/// random one). Descending inputs are sorted descending, then reversed.
pub(super) fn nearly_sorted<T, F>(v: &mut [T], is_less: &F, sort_aside: impl Fn(&mut [T])) -> bool
where
    F: Fn(&T, &T) -> bool,
{
    if v.len() < MIN_LEN {
        return false;
    }
    if let Some(kept) = put_aside(v, is_less) {
        sort_aside(&mut v[kept..]);
        merge_aside(v, kept, is_less);
        return true;
    }
    let is_greater = |a: &T, b: &T| is_less(b, a);
    if let Some(kept) = put_aside(v, &is_greater) {
        // The elements aside are sorted ascending, then reversed.
        sort_aside(&mut v[kept..]);
        v[kept..].reverse();
        merge_aside(v, kept, &is_greater);
        v.reverse();
        return true;
    }
    false
}

/// Reorders `v` into a sorted prefix and the elements put aside; returns
/// the prefix's length, or `None` as soon as more than `16 + i / 16` of the
/// first `i` elements are aside.
fn put_aside<T, F>(v: &mut [T], is_less: &F) -> Option<usize>
where
    F: Fn(&T, &T) -> bool,
{
    // `v[..kept]` is sorted; `v[kept..i]` is aside.
    let mut kept = 0;
    for i in 0..v.len() {
        let x = &v[i];
        let spike = if kept == 0 || !is_less(x, &v[kept - 1]) {
            Some(0)
        } else {
            // The number of kept elements greater than `x` before one that
            // is not, if within reach.
            (1..=LOOK_BACK.min(kept)).find(|&t| t == kept || !is_less(x, &v[kept - 1 - t]))
        };
        if let Some(spike) = spike {
            kept -= spike;
            v.swap(kept, i);
            kept += 1;
        }
        if i + 1 - kept > 16 + i / 16 {
            return None;
        }
    }
    Some(kept)
}

/// Merges the sorted runs `v[..kept]` and `v[kept..]`, the second the
/// shorter: it moves into a buffer and the two merge from the back.
fn merge_aside<T, F>(v: &mut [T], kept: usize, is_less: &F)
where
    F: Fn(&T, &T) -> bool,
{
    let aside = v.len() - kept;
    if aside == 0 || kept == 0 || !is_less(&v[kept], &v[kept - 1]) {
        return;
    }
    let mut buffer: Vec<MaybeUninit<T>> = Vec::with_capacity(aside);
    let base = v.as_mut_ptr();
    // SAFETY: `kept + aside == v.len()`: the last `aside` slots, copied into
    // a distinct allocation of that capacity. From here the slots
    // `hole.kept..hole.kept + hole.aside` of `v` are stale and the buffer's
    // first `hole.aside` elements own them; `Hole`'s drop restores that.
    let mut hole = unsafe {
        ptr::copy_nonoverlapping(base.add(kept), buffer.as_mut_ptr().cast::<T>(), aside);
        Hole {
            buffer: buffer.as_ptr().cast::<T>(),
            v: base,
            kept,
            aside,
        }
    };
    while hole.kept > 0 && hole.aside > 0 {
        // SAFETY: `hole.kept - 1` is a kept slot, `hole.aside - 1` a
        // buffered element; the references end before the move.
        let kept_goes_last = unsafe {
            is_less(
                &*hole.buffer.add(hole.aside - 1),
                &*hole.v.add(hole.kept - 1),
            )
        };
        let last = hole.kept + hole.aside - 1;
        // SAFETY: `last` is the last stale slot; the element moved there
        // (the greater of the two, the later on ties for the buffer's) is
        // then stale where it came from, so the hole moves down by one.
        unsafe {
            if kept_goes_last {
                hole.kept -= 1;
                ptr::copy_nonoverlapping(hole.v.add(hole.kept), hole.v.add(last), 1);
            } else {
                hole.aside -= 1;
                ptr::copy_nonoverlapping(hole.buffer.add(hole.aside), hole.v.add(last), 1);
            }
        }
    }
    // The buffer's elements left, if any (all less than every element
    // placed), fill the hole; the buffer then frees its memory only (its
    // length is 0).
    drop(hole);
}

/// While the merge runs: the buffer's first `aside` elements belong in the
/// stale slots `kept..kept + aside` of `v`. Dropped (at the end or on a
/// panic in `is_less`), it moves them there, leaving `v` a permutation.
struct Hole<T> {
    buffer: *const T,
    v: *mut T,
    kept: usize,
    aside: usize,
}

impl<T> Drop for Hole<T> {
    fn drop(&mut self) {
        // SAFETY: per the struct's invariant: `aside` owned elements of the
        // buffer, `aside` stale slots of `v`, distinct allocations.
        unsafe { ptr::copy_nonoverlapping(self.buffer, self.v.add(self.kept), self.aside) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lt(a: &u32, b: &u32) -> bool {
        a < b
    }

    /// `0..n` ascending or descending with `swaps` pairs exchanged.
    fn nearly(n: u32, swaps: u32, descending: bool) -> Vec<u32> {
        let mut v: Vec<u32> = (0..n).collect();
        if descending {
            v.reverse();
        }
        let mut x = 12_345u32;
        for _ in 0..swaps {
            x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            let a = (x >> 8) % n;
            x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            let b = (x >> 8) % n;
            v.swap(a as usize, b as usize);
        }
        v
    }

    #[test]
    fn few_swaps_in_either_direction_are_sorted() {
        let n = if cfg!(miri) { 300 } else { 50_000 };
        let swaps = if cfg!(miri) { 5 } else { 224 };
        for descending in [false, true] {
            let mut v = nearly(n, swaps, descending);
            let sorted = nearly_sorted(&mut v, &lt, |aside| aside.sort_unstable());
            assert!(sorted, "descending: {descending}");
            assert!(v.iter().copied().eq(0..n), "descending: {descending}");
        }
    }

    #[test]
    fn random_inputs_give_up_early() {
        let n = if cfg!(miri) { 2_000u32 } else { 10_000 };
        let input: Vec<u32> = (0..n).map(|x| x.wrapping_mul(2_654_435_761)).collect();
        let mut v = input.clone();
        let calls = std::cell::Cell::new(0);
        let counting = |a: &u32, b: &u32| {
            calls.set(calls.get() + 1);
            a < b
        };
        assert!(!nearly_sorted(
            &mut v,
            &counting,
            |_: &mut [u32]| unreachable!()
        ));
        assert!(calls.get() < 200, "{} comparisons", calls.get());
        // What the scan moved is still the input's elements.
        let mut sorted = input;
        sorted.sort_unstable();
        v.sort_unstable();
        assert_eq!(v, sorted);
    }

    #[test]
    fn spikes_next_to_each_other_are_put_aside() {
        // Three great elements in a row, then the rest ascending.
        let mut v: Vec<u32> = (0..100).collect();
        v[10..13].copy_from_slice(&[1000, 1001, 1002]);
        let mut expected = v.clone();
        expected.sort_unstable();
        let kept = put_aside(&mut v, &lt).expect("few aside");
        assert_eq!(kept, 97);
        assert!(nearly_sorted(&mut v, &lt, |aside| aside.sort_unstable()));
        assert_eq!(v, expected);
    }

    #[test]
    fn a_panic_in_the_merge_leaves_a_permutation() {
        // Few enough strays for the scan to accept (it gives up when too
        // many elements are out of place for the input's length).
        let (n, swaps) = if cfg!(miri) { (400, 3) } else { (5_000, 20) };
        let input: Vec<String> = nearly(n, swaps, false)
            .iter()
            .map(|x| format!("{x:05}"))
            .collect();
        let calls = std::cell::Cell::new(0);
        let sort = |v: &mut [String], panic_at: usize| {
            calls.set(0);
            nearly_sorted(
                v,
                &|a: &String, b: &String| {
                    calls.set(calls.get() + 1);
                    assert!(calls.get() != panic_at, "comparator panic");
                    a < b
                },
                |aside| aside.sort_unstable(),
            )
        };
        assert!(sort(&mut input.clone(), 0));
        let total = calls.get();
        // The merge makes the last comparisons (over 20 of them).
        for panic_at in [total, total - 1, total - 10, n as usize / 2] {
            let mut v = input.clone();
            let result =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| sort(&mut v, panic_at)));
            assert!(result.is_err(), "panic at {panic_at}");
            let (mut got, mut expected) = (v, input.clone());
            got.sort();
            expected.sort();
            assert_eq!(got, expected, "panic at {panic_at}");
        }
    }
}
