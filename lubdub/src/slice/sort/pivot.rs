//! The quicksort's pivot: a pseudo-median of a sample that grows like
//! `n^0.53` (3 elements below [`RECURSIVE_MEDIAN`], then medians of three
//! pseudo-medians of eighths), cheap next to the `n` comparisons of the
//! partition, and near the true median on random and patterned inputs.

/// Pieces of at least this many elements take the median of three
/// pseudo-medians instead of the median of three elements.
const RECURSIVE_MEDIAN: usize = 64;

/// The index of an element near the median of `v`, found by comparisons
/// only: with any comparator, some index in bounds. `v` has at least 8
/// elements.
pub(super) fn choose_pivot<T, F>(v: &[T], is_less: &F) -> usize
where
    F: Fn(&T, &T) -> bool,
{
    debug_assert!(v.len() >= 8);
    pseudo_median(v, 0, v.len(), is_less)
}

/// The pseudo-median of the `len` elements from `start`: three elements at
/// the starts of its eighths 0, 4 and 7, each replaced by the pseudo-median
/// of its eighth while eighths have at least [`RECURSIVE_MEDIAN`] elements.
fn pseudo_median<T, F>(v: &[T], start: usize, len: usize, is_less: &F) -> usize
where
    F: Fn(&T, &T) -> bool,
{
    let eighth = len / 8;
    let (a, b, c) = (start, start + 4 * eighth, start + 7 * eighth);
    if eighth < RECURSIVE_MEDIAN {
        return median_of_three(v, [a, b, c], is_less);
    }
    let sample = [a, b, c].map(|from| pseudo_median(v, from, eighth, is_less));
    median_of_three(v, sample, is_less)
}

/// The index of the median of `v[a]`, `v[b]`, `v[c]`.
fn median_of_three<T, F>(v: &[T], [a, b, c]: [usize; 3], is_less: &F) -> usize
where
    F: Fn(&T, &T) -> bool,
{
    let a_below_b = is_less(&v[a], &v[b]);
    if a_below_b != is_less(&v[a], &v[c]) {
        // `a` lies between the other two.
        return a;
    }
    // `a` is the least or the greatest: the median is the nearer of `b`, `c`.
    if a_below_b == is_less(&v[b], &v[c]) {
        b
    } else {
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_three_in_every_order() {
        let lt = |a: &i32, b: &i32| a < b;
        for v in [
            [1, 2, 3],
            [1, 3, 2],
            [2, 1, 3],
            [2, 3, 1],
            [3, 1, 2],
            [3, 2, 1],
        ] {
            assert_eq!(v[median_of_three(&v, [0, 1, 2], &lt)], 2, "{v:?}");
        }
    }

    #[test]
    fn the_pivot_is_near_the_median() {
        let sizes: &[usize] = if cfg!(miri) {
            &[8, 100, 1000]
        } else {
            &[8, 100, 1000, 100_000]
        };
        for &n in sizes {
            let v: Vec<usize> = (0..n).map(|i| i * 7919 % n).collect();
            let pivot = v[choose_pivot(&v, &|a: &usize, b: &usize| a < b)];
            assert!(pivot >= n / 8 && pivot <= n - n / 8, "n={n}: {pivot}");
        }
    }
}
