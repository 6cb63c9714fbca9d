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
}
