//! `collect` into a `LinkedList`: `(0..n).into_par_iter().map(mix)
//! .collect()`, a node allocated per item, against the sequential
//! `map().collect()`. The list is dropped after the timed part.

use std::collections::LinkedList;

use super::{mix, Program};
use crate::check::{expect_same_items, Mismatch};
use crate::experiment::{Experiment, Heading};

/// The parallel collect, written once for each runtime.
macro_rules! parallel {
    ($rt:ident) => {
        /// `mix(i)` for each `i` below `n`, as a list.
        pub fn collect(n: usize) -> LinkedList<u64> {
            use $rt::prelude::*;
            (0..n).into_par_iter().map(mix).collect()
        }
    };
}

mod with_lubdub {
    use super::{mix, LinkedList};
    parallel!(lubdub);
}

mod with_rayon {
    use super::{mix, LinkedList};
    parallel!(rayon);
}

/// The program.
pub struct CollectList;

impl Program for CollectList {
    const EXPERIMENT: Experiment = program_experiment!("collect-list", Heading::Count("u64s"));
    const SIZE: usize = 2_000_000;
    const SHORT_SIZE: usize = 400_000;
    type Input = usize;
    type Fresh = ();
    type Output = LinkedList<u64>;

    fn input(size: usize) -> usize {
        size
    }

    fn fresh(_: &usize) {}

    fn sequential(&n: &usize, (): ()) -> LinkedList<u64> {
        (0..n).map(mix).collect()
    }

    fn lubdub(&n: &usize, (): ()) -> LinkedList<u64> {
        with_lubdub::collect(n)
    }

    fn rayon(&n: &usize, (): ()) -> LinkedList<u64> {
        with_rayon::collect(n)
    }

    fn check(got: &LinkedList<u64>, expected: &LinkedList<u64>) -> Result<(), Mismatch> {
        expect_same_items(got, expected)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::programs::check_every_way;

    #[test]
    fn every_way_collects_in_order() {
        check_every_way::<CollectList>(&[0, 1, 2, 1000, 50_000]);
    }
}
