//! A filter written as a fold into vectors: the selected `u64`s in order,
//! by `fold(Vec::new, push).reduce(Vec::new, append)`, against the
//! sequential `filter().collect()`. Issue 12: 12.9x the sequential collect
//! on lubdub at 2 threads against 7.7x on Rayon, and slower at 2 threads
//! than at 1.

use super::{random_u64s, Program};
use crate::check::{expect_same, Mismatch};
use crate::experiment::{Experiment, Heading};

/// Whether `x` is selected: about half of random `u64`s are.
fn selected(x: &u64) -> bool {
    x % 2 == 0
}

/// The parallel filter, written once for each runtime.
macro_rules! parallel {
    ($rt:ident) => {
        /// The selected elements of `input`, in order.
        pub fn filter(input: &[u64]) -> Vec<u64> {
            use $rt::prelude::*;
            input
                .par_iter()
                .copied()
                .filter(selected)
                .fold(Vec::new, |mut v, x| {
                    v.push(x);
                    v
                })
                .reduce(Vec::new, |mut a, mut b| {
                    a.append(&mut b);
                    a
                })
        }
    };
}

on_both_runtimes!(parallel);

/// A program that keeps the selected `u64`s of a random input, in order,
/// its sequential variant `filter().collect()`: [`FoldVec`] here,
/// `Compaction` in `compaction.rs`.
pub trait Selection {
    /// The program's experiment.
    const EXPERIMENT: Experiment;
    /// The seed of the random input.
    const SEED: u64;
    /// Whether `x` is kept.
    fn selected(x: &u64) -> bool;
    /// The parallel program on lubdub (called inside its pool).
    fn lubdub(input: &[u64]) -> Vec<u64>;
    /// The same code on Rayon (called inside its pool).
    fn rayon(input: &[u64]) -> Vec<u64>;
}

/// The program keeping what `S` selects.
pub struct Filter<S>(std::marker::PhantomData<S>);

impl<S: Selection> Program for Filter<S> {
    const EXPERIMENT: Experiment = S::EXPERIMENT;
    const SIZE: usize = 10_000_000;
    const SHORT_SIZE: usize = 1_000_000;
    type Input = Vec<u64>;
    type Output = Vec<u64>;
    fresh!(none);

    fn input(size: usize) -> Vec<u64> {
        random_u64s(size, S::SEED)
    }

    fn sequential(input: &Vec<u64>, (): ()) -> Vec<u64> {
        input.iter().copied().filter(S::selected).collect()
    }

    fn lubdub(input: &Vec<u64>, (): ()) -> Vec<u64> {
        S::lubdub(input)
    }

    fn rayon(input: &Vec<u64>, (): ()) -> Vec<u64> {
        S::rayon(input)
    }

    fn check(got: &Vec<u64>, expected: &Vec<u64>) -> Result<(), Mismatch> {
        expect_same(got, expected)
    }
}

/// The filter by `fold` and `reduce`.
pub struct ByFold;

/// The program.
pub type FoldVec = Filter<ByFold>;

impl Selection for ByFold {
    const EXPERIMENT: Experiment = program_experiment!("fold-vec", Heading::Count("u64s"));
    const SEED: u64 = 6;

    fn selected(x: &u64) -> bool {
        selected(x)
    }

    on_each_runtime!(|rt| fn(input: &[u64]) -> Vec<u64> {
        rt::filter(input)
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::programs::check_every_way;

    #[test]
    fn about_half_is_selected() {
        let input = FoldVec::input(10_000);
        let kept = FoldVec::sequential(&input, ()).len();
        assert!((4_500..5_500).contains(&kept), "{kept}");
    }

    #[test]
    fn every_way_filters_in_order() {
        check_every_way::<FoldVec>(&[0, 1, 2, 1000, 100_000]);
    }
}
