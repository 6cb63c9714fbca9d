//! Result checks: every variant's answer is compared with the known one on
//! every repetition of every timed sample, and a wrong answer stops the run.

use std::fmt;

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
    let right = got.iter().zip(expected).take_while(|(g, e)| g == e).count();
    prefix_mismatch(right, got.len(), expected.len())
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
