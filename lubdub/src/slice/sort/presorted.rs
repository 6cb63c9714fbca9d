//! Inputs already in order, found by one scan that stops at the first
//! element out of order (about three comparisons on a random input).

/// Sorts `v` and returns true if it was in order already: ascending (left
/// as it is) or strictly descending (reversed, which keeps a stable sort
/// stable: no two elements are equal). Otherwise leaves `v` as it is and
/// returns false.
pub(super) fn presorted<T, F>(v: &mut [T], is_less: &F) -> bool
where
    F: Fn(&T, &T) -> bool,
{
    let [first, second, ..] = &*v else {
        return true;
    };
    if !is_less(second, first) {
        return v[1..].windows(2).all(|w| !is_less(&w[1], &w[0]));
    }
    let descending = v[1..].windows(2).all(|w| is_less(&w[1], &w[0]));
    if descending {
        v.reverse();
    }
    descending
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
}
