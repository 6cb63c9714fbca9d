//! The quicksort's leaf: the first 8 elements sorted by a sorting network
//! (19 compare-exchanges in 6 layers, no branch on any comparison), the
//! rest inserted into them. Not stable: the merge sort's leaves are plain
//! [`insertion_sort`].

use std::mem::ManuallyDrop;
use std::ptr;

use super::insertion::{insert_tail, insertion_sort};

/// The compare-exchanges of a network that sorts 8 elements, by layer
/// (Knuth, TAOCP vol. 3, 5.3.4: 19 is the fewest possible). A test checks
/// it on all 256 inputs of zeros and ones, which suffices.
const SORT8: [(usize, usize); 19] = [
    (0, 2),
    (1, 3),
    (4, 6),
    (5, 7),
    (0, 4),
    (1, 5),
    (2, 6),
    (3, 7),
    (0, 1),
    (2, 3),
    (4, 5),
    (6, 7),
    (2, 4),
    (3, 5),
    (1, 4),
    (3, 6),
    (1, 2),
    (3, 4),
    (5, 6),
];

/// Sorts `v` (a few dozen elements at most), not stably.
pub(super) fn small_sort<T, F>(v: &mut [T], is_less: &F)
where
    F: Fn(&T, &T) -> bool,
{
    if v.len() < 8 {
        return insertion_sort(v, is_less);
    }
    let base = v.as_mut_ptr();
    for (a, b) in SORT8 {
        // SAFETY: `a < b < 8 <= v.len()`; `base` is the only pointer used
        // into `v`.
        unsafe { swap_if_less(base.add(a), base.add(b), is_less) };
    }
    for tail in 8..v.len() {
        // SAFETY: `tail < v.len()`, `tail >= 1`; as above.
        unsafe { insert_tail(base, tail, is_less) };
    }
}

/// Swaps `*a` and `*b` if `*b` is less than `*a`, without a branch on the
/// answer: both are read and written back from pointers chosen by it.
/// A panicking `is_less` leaves both in place.
///
/// # Safety
/// `a` and `b` are distinct, valid for reads and writes, and nothing else
/// refers to them during the call.
#[inline(always)]
unsafe fn swap_if_less<T, F>(a: *mut T, b: *mut T, is_less: &F)
where
    F: Fn(&T, &T) -> bool,
{
    // SAFETY: valid elements (caller); the references end here.
    let swap = is_less(unsafe { &*b }, unsafe { &*a });
    let (to_a, to_b) = if swap { (b, a) } else { (a, b) };
    // SAFETY: `to_a` is read out first, so whichever of the two it is, `b`
    // can be overwritten by `to_b` (a no-op copy when it is `b` itself), and
    // `a` then receives the value read. Each element ends in one place.
    unsafe {
        let first = ManuallyDrop::new(ptr::read(to_a));
        ptr::copy(to_b, b, 1);
        ptr::copy_nonoverlapping(&*first, a, 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_network_sorts_every_zero_one_input() {
        for bits in 0u32..256 {
            let mut v: Vec<u32> = (0..8).map(|i| bits >> i & 1).collect();
            let base = v.as_mut_ptr();
            for (a, b) in SORT8 {
                // SAFETY: `a`, `b` < 8, distinct.
                unsafe { swap_if_less(base.add(a), base.add(b), &|x: &u32, y: &u32| x < y) };
            }
            assert!(v.is_sorted(), "{bits:08b}: {v:?}");
        }
    }

    #[test]
    fn small_sort_sorts_every_length() {
        for n in 0..40usize {
            let mut v: Vec<String> = (0..n).map(|i| (i * 7 % 11).to_string()).collect();
            let mut expected = v.clone();
            expected.sort();
            small_sort(&mut v, &|a: &String, b: &String| a < b);
            assert_eq!(v, expected);
        }
    }
}
