//! The stable sort of inputs with few distinct values: a merge sort does
//! `O(n log n)` work whatever the values, a split into less, equal and
//! greater than a pivot `O(n log k)` for `k` distinct values. A piece takes
//! this path when a sample of it has few distinct values.
//!
//! The split is two stable partitions (less than the pivot, then not
//! greater than it), each a pass that only reads the slice and writes the
//! buffer, and a copy back. A panic in a pass leaves the slice untouched;
//! the copy back calls no user code.

use std::mem::MaybeUninit;
use std::ptr;

use super::insertion::insertion_sort;
use super::mergesort::sort_in_place;
use crate::join;

/// Elements sampled to tell whether a piece has few distinct values.
const SAMPLE: usize = 32;

/// Pieces shorter than this are merge sorted without a look at a sample,
/// whose sort costs about `SAMPLE² / 4` comparisons: a few percent of
/// sorting such a piece. (Just above the sample under Miri, so that its
/// checks reach this path with the inputs Miri can afford.)
const FEW_DISTINCT_MIN: usize = if cfg!(miri) { SAMPLE + 8 } else { 1024 };

/// Sorts `v` stably in place, `buffer` as long as it: split three ways
/// around a sampled pivot while a sample has at most `SAMPLE / 2` distinct
/// values and `splits_left` allows, merge sorted otherwise. The less and
/// greater parts are sorted through [`join`].
pub(super) fn sort_few_distinct<T, F>(
    v: &mut [T],
    buffer: &mut [MaybeUninit<T>],
    splits_left: u32,
    is_less: &F,
) where
    T: Send,
    F: Fn(&T, &T) -> bool + Sync,
{
    let pivot = if splits_left > 0 && v.len() >= FEW_DISTINCT_MIN {
        few_distinct_pivot(v, is_less)
    } else {
        None
    };
    let Some(pivot) = pivot else {
        return sort_in_place(v, buffer, is_less);
    };
    let (less, pivot) = stable_partition(v, buffer, pivot, |x, p| is_less(x, p));
    // The pivot is not less than itself, unless `is_less` is not an order:
    // then the equal part is left empty.
    let not_greater = match pivot.checked_sub(less) {
        Some(pivot) => {
            let rest = (&mut v[less..], &mut buffer[less..]);
            stable_partition(rest.0, rest.1, pivot, |x, p| !is_less(p, x)).0
        }
        None => 0,
    };
    let (v_less, v_rest) = v.split_at_mut(less);
    let (b_less, b_rest) = buffer.split_at_mut(less);
    let (v_greater, b_greater) = (&mut v_rest[not_greater..], &mut b_rest[not_greater..]);
    join(
        || sort_few_distinct(v_less, b_less, splits_left - 1, is_less),
        || sort_few_distinct(v_greater, b_greater, splits_left - 1, is_less),
    );
}

/// The index of the median of a sample of [`SAMPLE`] elements of `v`
/// spread evenly, if the sample has at most `SAMPLE / 2` distinct values.
fn few_distinct_pivot<T, F>(v: &[T], is_less: &F) -> Option<usize>
where
    F: Fn(&T, &T) -> bool,
{
    let step = v.len() / SAMPLE;
    let mut sample: [usize; SAMPLE] = std::array::from_fn(|k| k * step);
    insertion_sort(&mut sample, &|&a: &usize, &b: &usize| is_less(&v[a], &v[b]));
    let distinct = 1 + sample
        .windows(2)
        .filter(|w| is_less(&v[w[0]], &v[w[1]]))
        .count();
    (distinct <= SAMPLE / 2).then_some(sample[SAMPLE / 2])
}

/// Moves the elements `x` of `v` for which `goes_left(x, pivot)` holds
/// before the others, keeping the order within both; returns how many
/// there are and where the pivot (`v[pivot]`) went.
///
/// One pass copies each element to the buffer, the ones going left from
/// the front, the others from the back (so reversed); the buffer is then
/// copied back. Each element is copied after its comparison, the pivot
/// once more after the last one.
fn stable_partition<T>(
    v: &mut [T],
    buffer: &mut [MaybeUninit<T>],
    pivot: usize,
    goes_left: impl Fn(&T, &T) -> bool,
) -> (usize, usize) {
    let len = v.len();
    assert!(pivot < len && buffer.len() == len);
    let base = v.as_mut_ptr();
    let scratch = buffer.as_mut_ptr().cast::<T>();
    let (mut left, mut right) = (0, 0);
    let mut pivot_slot = 0;
    for i in 0..len {
        // SAFETY: `i` and `pivot` are in bounds; nothing writes `v` during
        // the pass, and the references end in the call.
        let goes = unsafe { goes_left(&*base.add(i), &*base.add(pivot)) };
        let slot = if goes { left } else { len - 1 - right };
        // SAFETY: `slot < len`: `left + right == i < len` before this step.
        unsafe { ptr::copy_nonoverlapping(base.add(i), scratch.add(slot), 1) };
        if i == pivot {
            pivot_slot = slot;
        }
        left += usize::from(goes);
        right += usize::from(!goes);
    }
    // SAFETY: the buffer's slots `..left` hold the left elements in order
    // and `left..` the right ones in reverse, each element once (the pivot
    // copied again, as last compared); copying them back over `v` leaves a
    // permutation of it.
    unsafe {
        ptr::copy_nonoverlapping(base.add(pivot), scratch.add(pivot_slot), 1);
        ptr::copy_nonoverlapping(scratch, base, left);
        for j in 0..right {
            ptr::copy_nonoverlapping(scratch.add(len - 1 - j), base.add(left + j), 1);
        }
    }
    let pivot = if pivot_slot < left {
        pivot_slot
    } else {
        left + (len - 1 - pivot_slot)
    };
    (left, pivot)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn partitioned(v: &mut [(u8, usize)], pivot: usize) -> (usize, usize) {
        let mut buffer = Vec::with_capacity(v.len());
        let buffer = &mut buffer.spare_capacity_mut()[..v.len()];
        stable_partition(v, buffer, pivot, |x: &(u8, usize), p: &(u8, usize)| {
            x.0 < p.0
        })
    }

    #[test]
    fn partitions_stably_and_tracks_the_pivot() {
        for n in [1usize, 2, 3, 10, 100] {
            for pivot in [0, n / 2, n - 1] {
                let input: Vec<(u8, usize)> = (0..n).map(|i| ((i * 7 % 5) as u8, i)).collect();
                let mut v = input.clone();
                let p = input[pivot];
                let (left, at) = partitioned(&mut v, pivot);
                let expected: Vec<_> = input
                    .iter()
                    .filter(|x| x.0 < p.0)
                    .chain(input.iter().filter(|x| x.0 >= p.0))
                    .copied()
                    .collect();
                assert_eq!(
                    (v.clone(), left),
                    (expected, input.iter().filter(|x| x.0 < p.0).count())
                );
                assert_eq!(v[at], p, "n={n} pivot={pivot}");
            }
        }
    }

    #[test]
    fn a_panic_in_a_pass_leaves_the_slice_as_it_was() {
        let input: Vec<String> = (0..50).map(|i| (i * 31 % 50).to_string()).collect();
        let mut v = input.clone();
        let mut buffer = Vec::with_capacity(v.len());
        let buffer = &mut buffer.spare_capacity_mut()[..v.len()];
        let calls = std::cell::Cell::new(0);
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            stable_partition(&mut v, buffer, 7, |x: &String, p: &String| {
                calls.set(calls.get() + 1);
                assert!(calls.get() < 30, "comparator panic");
                x < p
            })
        }));
        assert!(result.is_err());
        assert_eq!(v, input);
    }

    #[test]
    fn sorts_few_distinct_values_stably() {
        let n = if cfg!(miri) { 200 } else { 20_000 };
        let pool = crate::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        for distinct in [1, 3, 16, 1000] {
            let input: Vec<(usize, usize)> = (0..n).map(|i| (i * 7919 % n % distinct, i)).collect();
            let mut expected = input.clone();
            expected.sort_by_key(|p| p.0);
            let mut v = input;
            let mut buffer = Vec::with_capacity(n);
            let buffer = &mut buffer.spare_capacity_mut()[..n];
            let by_key = |a: &(usize, usize), b: &(usize, usize)| a.0 < b.0;
            pool.install(|| sort_few_distinct(&mut v, buffer, 20, &by_key));
            assert_eq!(v, expected, "{distinct} distinct keys");
        }
    }

    #[test]
    fn a_sample_tells_few_distinct_values() {
        let lt = |a: &u32, b: &u32| a < b;
        let few: Vec<u32> = (0..2000).map(|i| i * 7 % 16).collect();
        let pivot = few_distinct_pivot(&few, &lt).expect("16 values");
        assert!((4..12).contains(&few[pivot]));
        let many: Vec<u32> = (0..2000).map(|i| i * 7919 % 2000).collect();
        assert_eq!(few_distinct_pivot(&many, &lt), None);
    }
}
