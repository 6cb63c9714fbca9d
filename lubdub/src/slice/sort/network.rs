//! The quicksort's leaf: a sorting network, a fixed list of
//! compare-exchanges with no branch on any comparison (Batcher's odd-even
//! merge sort, built at compile time for each length up to
//! [`SMALL_SORT`]). Not stable: the merge sort's leaves are plain
//! [`insertion_sort`]. Elements bigger than [`NETWORK_MAX_SIZE`] bytes are
//! insertion-sorted too, as a network moves both elements of every
//! compare-exchange.

use std::mem::ManuallyDrop;
use std::ptr;

use super::insertion::insertion_sort;
use super::SMALL_SORT;

/// The largest element, in bytes, that the network sorts.
const NETWORK_MAX_SIZE: usize = 64;

/// Room for the compare-exchanges of the longest network (63 for 16
/// elements; the build fails if it is too small).
const MAX_EXCHANGES: usize = 64;

/// A sorting network for some length: its first `len` pairs, as indexes.
#[derive(Clone, Copy)]
struct Network {
    pairs: [(u8, u8); MAX_EXCHANGES],
    len: usize,
}

/// The network for every length from 0 to [`SMALL_SORT`].
const NETWORKS: [Network; SMALL_SORT + 1] = {
    let mut networks = [Network {
        pairs: [(0, 0); MAX_EXCHANGES],
        len: 0,
    }; SMALL_SORT + 1];
    let mut n = 0;
    while n <= SMALL_SORT {
        networks[n] = odd_even_merge_network(n);
        n += 1;
    }
    networks
};

/// Batcher's odd-even merge sort network for `n` elements: for each block
/// size `2p`, merge networks whose compare-exchanges join elements `k`
/// apart within a block, `k` halving from `p`. Exchanges that would touch
/// an index at or past `n` are left out, which is the network for the
/// next power of two with the missing elements taken as greater than all.
const fn odd_even_merge_network(n: usize) -> Network {
    let mut network = Network {
        pairs: [(0, 0); MAX_EXCHANGES],
        len: 0,
    };
    let mut p = 1;
    while p < n {
        let mut k = p;
        while k >= 1 {
            let mut j = k % p;
            while j + k < n {
                let mut i = 0;
                while i < k && i + j + k < n {
                    if (i + j) / (2 * p) == (i + j + k) / (2 * p) {
                        network.pairs[network.len] = ((i + j) as u8, (i + j + k) as u8);
                        network.len += 1;
                    }
                    i += 1;
                }
                j += 2 * k;
            }
            k /= 2;
        }
        p *= 2;
    }
    network
}

/// Sorts `v`, at most [`SMALL_SORT`] elements, not stably.
pub(super) fn small_sort<T, F>(v: &mut [T], is_less: &F)
where
    F: Fn(&T, &T) -> bool,
{
    if size_of::<T>() > NETWORK_MAX_SIZE {
        return insertion_sort(v, is_less);
    }
    let network = &NETWORKS[v.len()];
    let base = v.as_mut_ptr();
    for &(a, b) in &network.pairs[..network.len] {
        // SAFETY: the network for `v.len()` elements has indexes below it,
        // each pair distinct; `base` is the only pointer used into `v`.
        unsafe { swap_if_less(base.add(a.into()), base.add(b.into()), is_less) };
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
    fn each_network_sorts_every_zero_one_input() {
        // Sorting every input of zeros and ones proves a network sorts
        // everything (Knuth's 0-1 principle).
        let longest = if cfg!(miri) { 6 } else { SMALL_SORT };
        for n in 0..=longest {
            for bits in 0u32..1 << n {
                let mut v: Vec<u32> = (0..n).map(|i| bits >> i & 1).collect();
                small_sort(&mut v, &|x: &u32, y: &u32| x < y);
                assert!(v.is_sorted(), "{n} elements, {bits:b}: {v:?}");
            }
        }
        assert_eq!(NETWORKS[16].len, 63, "Batcher's network for 16 elements");
    }

    #[test]
    fn small_sort_sorts_big_and_small_elements() {
        for n in 0..=SMALL_SORT {
            let mut v: Vec<String> = (0..n).map(|i| (i * 7 % 11).to_string()).collect();
            let mut expected = v.clone();
            expected.sort();
            small_sort(&mut v, &|a: &String, b: &String| a < b);
            assert_eq!(v, expected);
            let mut big: Vec<[u64; 16]> = (0..n).map(|i| [(i * 7 % 11) as u64; 16]).collect();
            let mut expected = big.clone();
            expected.sort();
            small_sort(&mut big, &|a: &[u64; 16], b: &[u64; 16]| a < b);
            assert_eq!(big, expected);
        }
    }
}
