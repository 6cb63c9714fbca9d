//! `collect` into a `Vec`: `(0..n).into_par_iter().map(mix).collect()`,
//! an indexed iterator written in place, against the sequential
//! `map().collect()`.

use super::{mix, Program};
use crate::check::{expect_same, Mismatch};
use crate::experiment::{Experiment, Heading};

/// The parallel collect, written once for each runtime.
macro_rules! parallel {
    ($rt:ident) => {
        /// `mix(i)` for each `i` below `n`.
        pub fn collect(n: usize) -> Vec<u64> {
            use $rt::prelude::*;
            (0..n).into_par_iter().map(mix).collect()
        }
    };
}

mod with_lubdub {
    use super::mix;
    parallel!(lubdub);
}

mod with_rayon {
    use super::mix;
    parallel!(rayon);
}

/// The program.
pub struct CollectVec;

impl Program for CollectVec {
    const EXPERIMENT: Experiment = program_experiment!("collect-vec", Heading::Count("u64s"));
    const SIZE: usize = 10_000_000;
    const SHORT_SIZE: usize = 1_000_000;
    type Input = usize;
    type Fresh = ();
    type Output = Vec<u64>;

    fn input(size: usize) -> usize {
        size
    }

    fn fresh(_: &usize) {}

    fn sequential(&n: &usize, (): ()) -> Vec<u64> {
        (0..n).map(mix).collect()
    }

    fn lubdub(&n: &usize, (): ()) -> Vec<u64> {
        with_lubdub::collect(n)
    }

    fn rayon(&n: &usize, (): ()) -> Vec<u64> {
        with_rayon::collect(n)
    }

    fn check(got: &Vec<u64>, expected: &Vec<u64>) -> Result<(), Mismatch> {
        expect_same(got, expected)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::programs::check_every_way;

    #[test]
    fn every_way_collects_in_order() {
        check_every_way::<CollectVec>(&[0, 1, 2, 1000, 100_000]);
    }
}
