//! `collect` into a `HashMap`: `(0..n).into_par_iter().map(|i| (mix(i),
//! i)).collect()` against the sequential `map().collect()`.

use std::collections::HashMap;

use super::{mix, Program};
use crate::check::{expect_same_map, Mismatch};
use crate::experiment::{Experiment, Heading};

/// The entry of `i`.
fn entry(i: usize) -> (u64, usize) {
    (mix(i), i)
}

/// The parallel collect, written once for each runtime.
macro_rules! parallel {
    ($rt:ident) => {
        /// The entries of every `i` below `n`, as a map.
        pub fn collect(n: usize) -> HashMap<u64, usize> {
            use $rt::prelude::*;
            (0..n).into_par_iter().map(entry).collect()
        }
    };
}

on_both_runtimes!(parallel);

program! {
    /// The program.
    CollectHashmap, sizes 1_000_000, 200_000, usize => HashMap<u64, usize>, fresh none;
    "collect-hashmap", Heading::Count("entries");

    fn input(size: usize) -> usize {
        size
    }

    fn sequential(&n: &usize, (): ()) -> HashMap<u64, usize> {
        (0..n).map(entry).collect()
    }

    on_each_runtime!(|rt| fn(&n: &usize, (): ()) -> HashMap<u64, usize> {
        rt::collect(n)
    });

    fn check(got: &HashMap<u64, usize>, expected: &HashMap<u64, usize>) -> Result<(), Mismatch> {
        expect_same_map(got, expected)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::programs::check_every_way;

    #[test]
    fn every_way_collects_every_entry() {
        check_every_way::<CollectHashmap>(&[0, 1, 2, 1000, 50_000]);
    }
}
