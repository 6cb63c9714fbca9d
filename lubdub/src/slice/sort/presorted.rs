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
    let breaks = |w: &[T]| is_less(&w[1], &w[0]) != descending;
    let len = 1 + v[1..]
        .windows(2)
        .position(breaks)
        .map_or(v.len() - 1, |i| i + 1);
    Prefix { len, descending }
}

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
