//! Many short strings concatenated by `reduce` (issue 24): the decimal
//! digits of every number below `n`, `map(|i| i.to_string())
//! .reduce(String::new, |a, b| a + &b)`. Appending copies the right operand
//! into the left one, so the shape of the reduction decides how often a
//! byte is copied; the sequential reference appends from left to right.

use super::Program;
use crate::check::{expect_same, Mismatch};
use crate::experiment::{Experiment, Heading};

/// The short string of item `i`: its decimal digits.
fn digits(i: u64) -> String {
    i.to_string()
}

/// The parallel concatenation, written once for each runtime.
macro_rules! parallel {
    ($rt:ident) => {
        /// The numbers below `n`, written one after another.
        pub fn concat(n: u64) -> String {
            use $rt::prelude::*;
            (0..n)
                .into_par_iter()
                .map(digits)
                .reduce(String::new, |a, b| a + &b)
        }
    };
}

on_both_runtimes!(parallel);

program! {
    /// The program.
    Concat, sizes 1_000_000, 200_000, u64 => String, fresh none;
    "concat", Heading::Custom(|n| format!("concat, the numbers below {n} by map().reduce()"));

    fn input(size: usize) -> u64 {
        size as u64
    }

    fn sequential(&n: &u64, (): ()) -> String {
        (0..n).map(digits).fold(String::new(), |a, b| a + &b)
    }

    on_each_runtime!(|rt| fn(&n: &u64, (): ()) -> String {
        rt::concat(n)
    });

    fn check(got: &String, expected: &String) -> Result<(), Mismatch> {
        expect_same(got.as_bytes(), expected.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::programs::check_every_way;

    #[test]
    fn the_numbers_follow_one_another() {
        assert_eq!(Concat::sequential(&12, ()), "01234567891011");
        assert_eq!(Concat::sequential(&0, ()), "");
    }

    #[test]
    fn every_way_concatenates_in_order() {
        check_every_way::<Concat>(&[0, 1, 2, 1000, 100_000]);
    }
}
