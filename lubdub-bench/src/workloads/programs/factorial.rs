//! The product of `1..=n` as a big integer (issue 24), written three ways a
//! Rayon user writes it: every number made a `BigUint` and the lot
//! `reduce_with(Mul::mul)`; pieces of at least 64 numbers folded into one
//! `BigUint` each (`with_min_len(64).fold_with(..)`) and those multiplied;
//! and `fold_chunks_with(64, ..)`. A combine whose cost grows with its
//! operands: multiplied as a balanced tree, the product costs far less than
//! from left to right, so the shape of a runtime's reduction shows in its
//! time. The sequential reference folds from left to right.

use std::ops::Mul;

use num_bigint::BigUint;

use super::Program;
use crate::check::{expect_same, Mismatch};
use crate::experiment::{Experiment, Heading};

/// Every number a `BigUint`, reduced by `reduce_with`.
pub const REDUCE_WITH: u8 = 0;
/// Pieces of at least 64 numbers folded, then reduced.
pub const FOLD_WITH: u8 = 1;
/// Chunks of 64 numbers folded by `fold_chunks_with`, then reduced.
pub const FOLD_CHUNKS_WITH: u8 = 2;

/// The numbers a piece of the two folding ways takes at least.
const CHUNK: usize = 64;

/// The parallel product of `1..=n`, the `shape` way, written once for each
/// runtime.
macro_rules! parallel {
    ($rt:ident) => {
        /// `n!`.
        pub fn product(n: u32, shape: u8) -> BigUint {
            use $rt::prelude::*;
            let numbers = (1..n + 1).into_par_iter();
            let one = || BigUint::from(1u32);
            let product = match shape {
                REDUCE_WITH => numbers.map(BigUint::from).reduce_with(Mul::mul),
                FOLD_WITH => numbers
                    .with_min_len(CHUNK)
                    .fold_with(one(), |acc, x| acc * x)
                    .reduce_with(Mul::mul),
                _ => numbers
                    .fold_chunks_with(CHUNK, one(), |acc, x| acc * x)
                    .reduce_with(Mul::mul),
            };
            product.unwrap_or_else(one)
        }
    };
}

on_both_runtimes!(parallel);

/// The product of `1..=n` written the `SHAPE` way.
pub struct Factorial<const SHAPE: u8>;

/// The three programs, by shape.
pub type FactorialReduceWith = Factorial<REDUCE_WITH>;
/// See [`FactorialReduceWith`].
pub type FactorialFoldWith = Factorial<FOLD_WITH>;
/// See [`FactorialReduceWith`].
pub type FactorialFoldChunksWith = Factorial<FOLD_CHUNKS_WITH>;

impl<const SHAPE: u8> Program for Factorial<SHAPE> {
    const EXPERIMENT: Experiment = match SHAPE {
        REDUCE_WITH => program_experiment!(
            "factorial-reduce-with",
            Heading::Custom(|n| format!("factorial-reduce-with, {n}! by map().reduce_with()"))
        ),
        FOLD_WITH => program_experiment!(
            "factorial-fold-with",
            Heading::Custom(|n| format!(
                "factorial-fold-with, {n}! by with_min_len(64).fold_with().reduce_with()"
            ))
        ),
        _ => program_experiment!(
            "factorial-fold-chunks-with",
            Heading::Custom(|n| format!(
                "factorial-fold-chunks-with, {n}! by fold_chunks_with(64).reduce_with()"
            ))
        ),
    };
    /// Rayon's demo: 9999!, a number of some 35,000 digits.
    const SIZE: usize = 9999;
    const SHORT_SIZE: usize = 3000;
    type Input = u32;
    type Output = BigUint;
    fresh!(none);

    /// `n`, below `u32::MAX` so that `1..n + 1` (an indexed range, which
    /// `1..=n` of `u32`s is not) holds every factor.
    fn input(size: usize) -> u32 {
        u32::try_from(size).unwrap_or(u32::MAX).min(u32::MAX - 1)
    }

    fn sequential(&n: &u32, (): ()) -> BigUint {
        (1..n + 1).map(BigUint::from).fold(BigUint::from(1u32), Mul::mul)
    }

    on_each_runtime!(|rt| fn(&n: &u32, (): ()) -> BigUint {
        rt::product(n, SHAPE)
    });

    fn check(got: &BigUint, expected: &BigUint) -> Result<(), Mismatch> {
        expect_same(&got.to_u64_digits(), &expected.to_u64_digits())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::programs::check_every_way;

    #[test]
    fn the_product_is_the_factorial() {
        assert_eq!(FactorialReduceWith::sequential(&0, ()), BigUint::from(1u32));
        assert_eq!(FactorialFoldWith::sequential(&5, ()), BigUint::from(120u32));
        assert_eq!(
            FactorialFoldChunksWith::sequential(&20, ()),
            BigUint::from(2_432_902_008_176_640_000u64)
        );
    }

    #[test]
    fn every_way_of_every_shape_gives_the_factorial() {
        let sizes = [0, 1, 2, 63, 64, 65, 1000];
        check_every_way::<FactorialReduceWith>(&sizes);
        check_every_way::<FactorialFoldWith>(&sizes);
        check_every_way::<FactorialFoldChunksWith>(&sizes);
    }

    #[test]
    fn a_wrong_product_fails_the_check() {
        let right = FactorialReduceWith::sequential(&100, ());
        let wrong = &right + 1u32;
        assert!(FactorialReduceWith::check(&right, &right).is_ok());
        assert!(FactorialReduceWith::check(&wrong, &right).is_err());
    }
}
