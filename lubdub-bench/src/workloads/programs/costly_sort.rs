//! A stable sort with a costly comparator: 50,000 `u64`s ordered by a key
//! that each comparison recomputes from both elements (a few dozen rounds
//! of integer mixing), `sort_by` against `par_sort_by`. Issue 12: lubdub
//! sorted pieces of up to 65,536 elements sequentially, whatever the
//! comparison cost.

use std::cmp::Ordering;

use super::{random_u64s, Program};
use crate::check::{expect_same, Mismatch};
use crate::experiment::{Experiment, Heading};

/// Rounds of mixing per key.
const ROUNDS: u32 = 48;

/// The key of `x`, recomputed at every comparison: `ROUNDS` dependent
/// multiply-xorshift rounds, then the top 20 bits (so keys tie now and
/// then, and stability matters).
fn costly_key(x: u64) -> u64 {
    let mut z = x;
    for _ in 0..ROUNDS {
        z = (z ^ (z >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    }
    z >> 44
}

/// The costly comparison.
fn compare(a: &u64, b: &u64) -> Ordering {
    costly_key(*a).cmp(&costly_key(*b))
}

/// The parallel sort, written once for each runtime.
macro_rules! parallel {
    ($rt:ident) => {
        /// `par_sort_by` with the costly comparison.
        pub fn sort(v: &mut [u64]) {
            use $rt::prelude::*;
            v.par_sort_by(compare);
        }
    };
}

on_both_runtimes!(parallel);

sort_program! {
    /// The program.
    CostlySort, sizes 50_000, 20_000, seed 3;
    "costly-sort";
    |v| {
        v.sort_by(compare);
    }
    |rt, v| {
        rt::sort(&mut v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::programs::check_every_way;

    #[test]
    fn keys_tie_sometimes_so_the_check_tests_stability() {
        let input = CostlySort::input(20_000);
        let mut keys: Vec<u64> = input.iter().map(|&x| costly_key(x)).collect();
        keys.sort_unstable();
        keys.dedup();
        assert!(keys.len() < input.len(), "no ties");
        assert!(keys.len() > input.len() * 9 / 10, "too many ties");
    }

    #[test]
    fn every_way_sorts_stably() {
        check_every_way::<CostlySort>(&[0, 1, 2000, 20_000]);
    }
}
