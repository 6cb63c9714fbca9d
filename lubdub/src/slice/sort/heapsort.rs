//! The quicksort's way out of bad pivots: a sequential heapsort, `O(n log n)`
//! whatever the input. Safe code made of swaps, so a comparator that panics
//! or is not a total order leaves a permutation.

/// Sorts `v`, not stably: builds a max-heap, then moves its root to the end
/// `len - 1` times.
pub(super) fn heapsort<T, F>(v: &mut [T], is_less: &F)
where
    F: Fn(&T, &T) -> bool,
{
    for node in (0..v.len() / 2).rev() {
        sift_down(v, node, is_less);
    }
    for end in (1..v.len()).rev() {
        v.swap(0, end);
        sift_down(&mut v[..end], 0, is_less);
    }
}

/// Moves `v[node]` down until neither child is greater: restores the heap
/// order below `node` if both subtrees have it.
fn sift_down<T, F>(v: &mut [T], mut node: usize, is_less: &F)
where
    F: Fn(&T, &T) -> bool,
{
    loop {
        let mut child = 2 * node + 1;
        if child >= v.len() {
            return;
        }
        if child + 1 < v.len() && is_less(&v[child], &v[child + 1]) {
            child += 1;
        }
        if !is_less(&v[node], &v[child]) {
            return;
        }
        v.swap(node, child);
        node = child;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts() {
        for n in [0usize, 1, 2, 3, 10, 101] {
            let mut v: Vec<usize> = (0..n).map(|i| i * 37 % 11).collect();
            let mut expected = v.clone();
            expected.sort();
            heapsort(&mut v, &|a: &usize, b: &usize| a < b);
            assert_eq!(v, expected);
        }
    }
}
