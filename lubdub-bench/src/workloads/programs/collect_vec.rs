//! `collect` into a collection: `(0..n).into_par_iter().map(mix).collect()`
//! against the sequential `map().collect()`, for every [`Collection`]: a
//! `Vec` here (an indexed iterator written in place), a `LinkedList` in
//! `collect_list.rs` (a node allocated per item). What is collected is
//! dropped after the timed part.

use super::{mix, Program};
use crate::check::{expect_same_items, Mismatch};
use crate::experiment::{Experiment, Heading};

/// A collection the collect programs collect into, on both runtimes.
pub trait Collection:
    FromIterator<u64>
    + lubdub::iter::FromParallelIterator<u64>
    + rayon::iter::FromParallelIterator<u64>
    + Send
{
    /// The program's experiment.
    const EXPERIMENT: Experiment;
    /// The size `programs` runs.
    const SIZE: usize;
    /// The size `all` runs.
    const SHORT_SIZE: usize;

    /// The collected items, in order, for the check.
    fn items(&self) -> impl Iterator<Item = &u64>;
}

/// The parallel collect, written once for each runtime.
macro_rules! parallel {
    ($rt:ident) => {
        /// `mix(i)` for each `i` below `n`.
        pub fn collect<C: $rt::iter::FromParallelIterator<u64>>(n: usize) -> C {
            use $rt::prelude::*;
            (0..n).into_par_iter().map(mix).collect()
        }
    };
}

on_both_runtimes!(parallel);

/// The program of collecting into `C`.
pub struct Collect<C>(std::marker::PhantomData<C>);

/// `collect` into a `Vec`.
pub type CollectVec = Collect<Vec<u64>>;

impl Collection for Vec<u64> {
    const EXPERIMENT: Experiment = program_experiment!("collect-vec", Heading::Count("u64s"));
    const SIZE: usize = 10_000_000;
    const SHORT_SIZE: usize = 1_000_000;

    fn items(&self) -> impl Iterator<Item = &u64> {
        self.iter()
    }
}

impl<C: Collection> Program for Collect<C> {
    const EXPERIMENT: Experiment = C::EXPERIMENT;
    const SIZE: usize = C::SIZE;
    const SHORT_SIZE: usize = C::SHORT_SIZE;
    type Input = usize;
    type Output = C;
    fresh!(none);

    fn input(size: usize) -> usize {
        size
    }

    fn sequential(&n: &usize, (): ()) -> C {
        (0..n).map(mix).collect()
    }

    on_each_runtime!(|rt| fn(&n: &usize, (): ()) -> C {
        rt::collect(n)
    });

    fn check(got: &C, expected: &C) -> Result<(), Mismatch> {
        expect_same_items(got.items(), expected.items())
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
