//! Inputs already in order, found by one scan that stops at the first
//! element out of order (about three comparisons on a random input).

/// The longest prefix of a slice that is ascending, or strictly descending
/// (of at least two elements).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Prefix {
    pub(super) len: usize,
    pub(super) descending: bool,
}

impl Prefix {
    /// The same prefix, seen from the first `len` elements of the slice.
    pub(super) fn within(self, len: usize) -> Self {
        Prefix {
            len: self.len.min(len),
            ..self
        }
    }
}

/// Scans `v` up to its first element out of the order its first two set.
pub(super) fn sorted_prefix<T, F>(v: &[T], is_less: &F) -> Prefix
where
    F: Fn(&T, &T) -> bool,
{
    let [first, second, ..] = v else {
        return Prefix {
            len: v.len(),
            descending: false,
        };
    };
    let descending = is_less(second, first);
    // One loop per direction: no test of the direction per element.
    let len = if descending {
        pairs_while(v, |a, b| is_less(b, a))
    } else {
        pairs_while(v, |a, b| !is_less(b, a))
    };
    Prefix { len, descending }
}

/// The length of the longest prefix of `v` (not empty) whose neighbours
/// all satisfy `in_order`. The first [`PAIRS_ONE_BY_ONE`] pairs are tested
/// one by one (a random input breaks within a few); after them, blocks of
/// as many pairs are tested without an exit per pair, a loop the compiler
/// can vectorize for plain keys (it may compare up to that many pairs past
/// the break).
fn pairs_while<T>(v: &[T], in_order: impl Fn(&T, &T) -> bool) -> usize {
    let pairs = v.len() - 1;
    let one_by_one = |from: usize, to: usize| {
        (from..to)
            .find(|&i| !in_order(&v[i], &v[i + 1]))
            .unwrap_or(to)
    };
    let first = one_by_one(0, pairs.min(PAIRS_ONE_BY_ONE));
    if first < PAIRS_ONE_BY_ONE {
        return first + 1;
    }
    let mut i = first;
    while i + PAIRS_ONE_BY_ONE <= pairs {
        let block = &v[i..=i + PAIRS_ONE_BY_ONE];
        let all = block
            .windows(2)
            .fold(true, |all, w| all & in_order(&w[0], &w[1]));
        if !all {
            break;
        }
        i += PAIRS_ONE_BY_ONE;
    }
    one_by_one(i, pairs) + 1
}

/// See [`pairs_while`].
const PAIRS_ONE_BY_ONE: usize = 16;

/// Sorts `v` and returns true if `prefix` (its [`sorted_prefix`]) spans it:
/// ascending (left as it is) or strictly descending (reversed, which keeps
/// a stable sort stable: no two elements are equal). Otherwise leaves `v`
/// as it is and returns false.
pub(super) fn sorted_by_prefix<T>(v: &mut [T], prefix: Prefix) -> bool {
    if prefix.len < v.len() {
        return false;
    }
    if prefix.descending {
        v.reverse();
    }
    true
}

/// [`sorted_by_prefix`] with the prefix scanned here.
pub(super) fn presorted<T, F>(v: &mut [T], is_less: &F) -> bool
where
    F: Fn(&T, &T) -> bool,
{
    let prefix = sorted_prefix(v, is_less);
    sorted_by_prefix(v, prefix)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn by_key(a: &(i32, char), b: &(i32, char)) -> bool {
        a.0 < b.0
    }

    #[test]
    fn ascending_and_strictly_descending_inputs_are_sorted() {
        let mut ascending = vec![(1, 'a'), (2, 'b'), (2, 'c'), (3, 'd')];
        assert!(presorted(&mut ascending, &by_key));
        assert_eq!(ascending, [(1, 'a'), (2, 'b'), (2, 'c'), (3, 'd')]);
        let mut descending = vec![(3, 'a'), (2, 'b'), (1, 'c')];
        assert!(presorted(&mut descending, &by_key));
        assert_eq!(descending, [(1, 'c'), (2, 'b'), (3, 'a')]);
        assert!(presorted(&mut [] as &mut [(i32, char)], &by_key));
        assert!(presorted(&mut [(5, 'x')], &by_key));
    }

    #[test]
    fn other_inputs_are_left_alone() {
        // Non-increasing with equal keys: reversing would swap the equals.
        let mut ties = vec![(2, 'a'), (2, 'b'), (1, 'c')];
        assert!(!presorted(&mut ties, &by_key));
        assert_eq!(ties, [(2, 'a'), (2, 'b'), (1, 'c')]);
        let mut down_up = vec![(2, 'a'), (1, 'b'), (3, 'c')];
        assert!(!presorted(&mut down_up, &by_key));
        assert_eq!(down_up, [(2, 'a'), (1, 'b'), (3, 'c')]);
    }

    #[test]
    fn the_prefix_ends_at_the_first_break() {
        let lt = |a: &i32, b: &i32| a < b;
        let prefix = |v: &[i32]| sorted_prefix(v, &lt);
        assert_eq!(
            prefix(&[1, 2, 2, 5, 3, 9]),
            Prefix {
                len: 4,
                descending: false
            }
        );
        assert_eq!(
            prefix(&[9, 7, 3, 3, 1]),
            Prefix {
                len: 3,
                descending: true
            }
        );
        assert_eq!(
            prefix(&[4, 3]),
            Prefix {
                len: 2,
                descending: true
            }
        );
        assert_eq!(prefix(&[4]).len, 1);
        assert_eq!(
            prefix(&[1, 2, 3, 0]).within(2),
            Prefix {
                len: 2,
                descending: false
            }
        );
    }
}
