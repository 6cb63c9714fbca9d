//! Result checks: every variant's answer is compared with the known one on
//! every repetition of every timed sample, and a wrong answer stops the run.

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasher, Hash};

/// A variant's answer differed from the expected one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// What the variant returned.
    pub got: i64,
    /// What it should have returned.
    pub expected: i64,
}

/// `Ok` when `got == expected`, else the [`Mismatch`]. Cheap enough to sit
/// inside the timed loop.
#[inline]
pub fn expect_eq(got: i64, expected: i64) -> Result<(), Mismatch> {
    if got == expected {
        Ok(())
    } else {
        Err(Mismatch { got, expected })
    }
}

/// Runs `compute` `reps` times, checking every answer against `expected`:
/// the body of a timed sample.
#[inline]
pub fn repeat(reps: u64, expected: i64, mut compute: impl FnMut() -> i64) -> Result<(), Mismatch> {
    for _ in 0..reps {
        expect_eq(std::hint::black_box(compute()), expected)?;
    }
    Ok(())
}

/// `Ok` when `got` equals `expected` element by element; else a
/// [`Mismatch`] whose `got` is the length of the longest matching prefix and
/// whose `expected` is the full length: "got 12, expected 1000" reads "the
/// first 12 of 1000 elements are right". For vectors (map, axpy).
pub fn expect_same<T: PartialEq>(got: &[T], expected: &[T]) -> Result<(), Mismatch> {
    expect_same_items(got, expected)
}

/// [`expect_same`] for any two sequences (a `LinkedList`...).
pub fn expect_same_items<T: PartialEq>(
    got: impl IntoIterator<Item = T>,
    expected: impl IntoIterator<Item = T>,
) -> Result<(), Mismatch> {
    let (mut got, mut expected) = (got.into_iter(), expected.into_iter());
    let mut right = 0;
    loop {
        match (got.next(), expected.next()) {
            (Some(g), Some(e)) if g == e => right += 1,
            (None, None) => return Ok(()),
            (g, e) => {
                let got_len = right + usize::from(g.is_some()) + got.count();
                let expected_len = right + usize::from(e.is_some()) + expected.count();
                return prefix_mismatch(right, got_len, expected_len);
            }
        }
    }
}

/// [`expect_same`] for floating-point results computed in another order:
/// elements are right when within `tolerance` of the expected one, relative
/// to its magnitude (or absolute below 1).
pub fn expect_close(got: &[f64], expected: &[f64], tolerance: f64) -> Result<(), Mismatch> {
    let right = got
        .iter()
        .zip(expected)
        .take_while(|&(g, e)| (g - e).abs() <= tolerance * e.abs().max(1.0))
        .count();
    prefix_mismatch(right, got.len(), expected.len())
}

/// `Ok` when the maps are equal; else a [`Mismatch`] whose `got` counts the
/// entries of `expected` that `got` has right and whose `expected` is the
/// larger of the two lengths (so extra entries in `got` show too).
pub fn expect_same_map<K: Eq + Hash, V: PartialEq, S: BuildHasher>(
    got: &HashMap<K, V, S>,
    expected: &HashMap<K, V, S>,
) -> Result<(), Mismatch> {
    if got == expected {
        return Ok(());
    }
    let right = expected
        .iter()
        .filter(|(k, v)| got.get(*k) == Some(*v))
        .count();
    let as_i64 = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
    Err(Mismatch {
        got: as_i64(right),
        expected: as_i64(expected.len().max(got.len())),
    })
}

/// `Ok` when `got` is sorted (ascending) and equals `expected` (std's sort of
/// the same input); else a [`Mismatch`] as in [`expect_same`], whose `got` is
/// the length of the longest prefix that is both sorted and right.
pub fn expect_sorted<T: Ord>(got: &[T], expected: &[T]) -> Result<(), Mismatch> {
    let right = got
        .iter()
        .zip(expected)
        .enumerate()
        .take_while(|&(i, (g, e))| g == e && (i == 0 || got[i - 1] <= *g))
        .count();
    prefix_mismatch(right, got.len(), expected.len())
}

/// `Ok` when the `right` prefix covers both lengths, which are equal.
fn prefix_mismatch(right: usize, got_len: usize, expected_len: usize) -> Result<(), Mismatch> {
    if right == got_len && got_len == expected_len {
        return Ok(());
    }
    let as_i64 = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
    Err(Mismatch {
        got: as_i64(right),
        expected: as_i64(expected_len),
    })
}

/// A [`Mismatch`] with where it happened: the error that ends a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrongResult {
    /// The experiment cell, e.g. `treesum n=1023 threads=4`.
    pub cell: String,
    /// The variant that answered wrongly.
    pub variant: String,
    /// The answers.
    pub mismatch: Mismatch,
}

impl fmt::Display for WrongResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "wrong result in {} variant={}: got {}, expected {}",
            self.cell, self.variant, self.mismatch.got, self.mismatch.expected
        )
    }
}

impl std::error::Error for WrongResult {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_answers_pass() {
        assert_eq!(expect_eq(523_776, 523_776), Ok(()));
    }

    #[test]
    fn a_wrong_answer_is_a_mismatch() {
        assert_eq!(
            expect_eq(523_775, 523_776),
            Err(Mismatch {
                got: 523_775,
                expected: 523_776
            })
        );
    }

    #[test]
    fn repeat_checks_every_answer() {
        let mut calls = 0;
        let err = repeat(5, 523_776, || {
            calls += 1;
            if calls == 3 {
                523_775
            } else {
                523_776
            }
        })
        .unwrap_err();
        assert_eq!(
            err,
            Mismatch {
                got: 523_775,
                expected: 523_776
            }
        );
        assert_eq!(calls, 3, "stops at the first wrong answer");
        let mut calls = 0;
        assert_eq!(
            repeat(5, 6, || {
                calls += 1;
                6
            }),
            Ok(())
        );
        assert_eq!(calls, 5);
    }

    #[test]
    fn the_error_names_cell_variant_and_both_answers() {
        let e = WrongResult {
            cell: "treesum n=1023 threads=4".into(),
            variant: "rayon".into(),
            mismatch: Mismatch {
                got: 1,
                expected: 523_776,
            },
        };
        let text = e.to_string();
        for part in [
            "treesum n=1023 threads=4",
            "variant=rayon",
            "got 1",
            "expected 523776",
        ] {
            assert!(text.contains(part), "{text:?} lacks {part:?}");
        }
    }

    #[test]
    fn same_vectors_pass_and_a_difference_reports_the_right_prefix() {
        assert_eq!(expect_same(&[1.0, 2.0], &[1.0, 2.0]), Ok(()));
        assert_eq!(
            expect_same(&[1.0, 2.5, 3.0], &[1.0, 2.0, 3.0]),
            Err(Mismatch {
                got: 1,
                expected: 3
            })
        );
        // A shorter or longer answer is wrong too.
        assert!(expect_same(&[1], &[1, 2]).is_err());
        assert!(expect_same(&[1, 2], &[1]).is_err());
    }

    #[test]
    fn sequences_floats_and_maps_are_compared() {
        use std::collections::LinkedList;
        let list: LinkedList<u8> = [1, 2, 3].into_iter().collect();
        assert_eq!(expect_same_items(&list, &[1, 2, 3]), Ok(()));
        assert_eq!(
            expect_same_items(&list, &[1, 5, 3]),
            Err(Mismatch {
                got: 1,
                expected: 3
            })
        );
        assert!(expect_same_items(&list, &[1, 2]).is_err());
        assert!(expect_same_items(&list, &[1, 2, 3, 4]).is_err());
        assert_eq!(
            expect_close(&[1.0, 1e6], &[1.0 + 1e-12, 1e6 + 1e-4], 1e-9),
            Ok(())
        );
        assert!(expect_close(&[1.0, 2.0], &[1.0, 2.1], 1e-9).is_err());
        assert!(expect_close(&[1.0], &[1.0, 2.0], 1e-9).is_err());
        let map = |pairs: &[(u8, u8)]| pairs.iter().copied().collect::<HashMap<_, _>>();
        assert_eq!(expect_same_map(&map(&[(1, 2)]), &map(&[(1, 2)])), Ok(()));
        assert_eq!(
            expect_same_map(&map(&[(1, 2), (3, 3)]), &map(&[(1, 2), (3, 4)])),
            Err(Mismatch {
                got: 1,
                expected: 2
            })
        );
        let extra = expect_same_map(&map(&[(1, 2), (3, 4)]), &map(&[(1, 2)]));
        assert_eq!(
            extra,
            Err(Mismatch {
                got: 1,
                expected: 2
            })
        );
    }

    #[test]
    fn the_sortedness_check_detects_unsorted_and_wrong_outputs() {
        assert_eq!(expect_sorted(&[1, 2, 2, 5], &[1, 2, 2, 5]), Ok(()));
        assert_eq!(expect_sorted::<u8>(&[], &[]), Ok(()));
        // Unsorted: caught at the first descent even if `expected` were wrong.
        assert_eq!(
            expect_sorted(&[1, 3, 2], &[1, 3, 2]),
            Err(Mismatch {
                got: 2,
                expected: 3
            })
        );
        // Sorted but not a permutation of the input: an element was lost.
        assert_eq!(
            expect_sorted(&[1, 1, 5], &[1, 2, 5]),
            Err(Mismatch {
                got: 1,
                expected: 3
            })
        );
        assert!(expect_sorted(&[1, 2], &[1, 2, 3]).is_err());
    }
}
