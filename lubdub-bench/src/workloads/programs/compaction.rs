//! Compaction through a prefix sum: the selected `u64`s, in order, written
//! into an output of exactly their number. Three passes, as a parallel
//! programmer writes it by hand: count the selected elements of each block
//! (a parallel loop), an exclusive prefix sum of the counts (short,
//! sequential), then each block copies its selected elements to its offset
//! (a parallel loop over the blocks zipped with their slices of the
//! output). The sequential variant is `filter().collect()`.

use super::fold_vec::{Filter, Selection};
use crate::experiment::{Experiment, Heading};

/// Elements per block of the counting and copying loops (the program's own
/// choice, the same for both runtimes).
const BLOCK: usize = 16_384;

/// Whether `x` is selected: about a quarter of random `u64`s are.
fn selected(x: &u64) -> bool {
    x % 4 == 0
}

/// `out` cut into consecutive slices of the given lengths (which sum to
/// its length).
fn cut<'o>(mut out: &'o mut [u64], lengths: &[usize]) -> Vec<&'o mut [u64]> {
    lengths
        .iter()
        .map(|&len| {
            let (piece, rest) = std::mem::take(&mut out).split_at_mut(len);
            out = rest;
            piece
        })
        .collect()
}

/// Copies the selected elements of `block` into `out`, which has room for
/// exactly them.
fn copy_selected(block: &[u64], out: &mut [u64]) {
    for (slot, &x) in out.iter_mut().zip(block.iter().filter(|x| selected(x))) {
        *slot = x;
    }
}

/// The parallel compaction, written once for each runtime.
macro_rules! parallel {
    ($rt:ident) => {
        /// The selected elements of `input`, in order.
        pub fn compact(input: &[u64]) -> Vec<u64> {
            use $rt::prelude::*;
            let counts: Vec<usize> = input
                .par_chunks(BLOCK)
                .map(|block| block.iter().filter(|x| selected(x)).count())
                .collect();
            let total = counts.iter().sum();
            let mut out = vec![0; total];
            input
                .par_chunks(BLOCK)
                .zip(cut(&mut out, &counts))
                .for_each(|(block, slice)| copy_selected(block, slice));
            out
        }
    };
}

on_both_runtimes!(parallel);

/// The compaction through a prefix sum of counts.
pub struct ByCounts;

/// The program.
pub type Compaction = Filter<ByCounts>;

impl Selection for ByCounts {
    const EXPERIMENT: Experiment = program_experiment!("compaction", Heading::Count("u64s"));
    const SEED: u64 = 8;

    fn selected(x: &u64) -> bool {
        selected(x)
    }

    on_each_runtime!(|rt| fn(input: &[u64]) -> Vec<u64> {
        rt::compact(input)
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::programs::check_every_way;

    #[test]
    fn cut_gives_consecutive_slices() {
        let mut out = [1, 2, 3, 4, 5, 6];
        let pieces = cut(&mut out, &[2, 0, 3, 1]);
        let lengths: Vec<usize> = pieces.iter().map(|p| p.len()).collect();
        assert_eq!(lengths, [2, 0, 3, 1]);
        assert_eq!(pieces[2], [3, 4, 5]);
    }

    #[test]
    fn every_way_compacts_in_order() {
        check_every_way::<Compaction>(&[0, 1, BLOCK - 1, BLOCK + 1, 5 * BLOCK + 7]);
    }
}
