//! n-queens: the number of ways to place `n` queens on an `n` x `n` board,
//! found by a depth-first search over bit masks. In parallel, the first
//! `SPAWNED_ROWS` rows are placed by `spawn`s into one `scope` (a task per
//! partial placement, as a branch-and-bound search spawns its branches);
//! each task below them searches sequentially and adds its count to a
//! shared atomic.

use std::sync::atomic::{AtomicU64, Ordering};

use super::Program;
use crate::check::{expect_eq, Mismatch};
use crate::experiment::{Experiment, Heading};

/// Rows placed by spawned tasks; the rest of each search is sequential.
const SPAWNED_ROWS: u32 = 3;

/// A partial placement: the columns and the two diagonals under attack on
/// the next row, as bit masks over the `n` columns.
#[derive(Clone, Copy, Debug)]
struct Placement {
    columns: u32,
    left: u32,
    right: u32,
}

impl Placement {
    const EMPTY: Placement = Placement {
        columns: 0,
        left: 0,
        right: 0,
    };

    /// The free squares of the next row, of a board of columns `all`.
    fn free(self, all: u32) -> u32 {
        all & !(self.columns | self.left | self.right)
    }

    /// The placement after a queen on the square `bit` of the next row.
    fn with(self, bit: u32) -> Placement {
        Placement {
            columns: self.columns | bit,
            left: (self.left | bit) << 1,
            right: (self.right | bit) >> 1,
        }
    }
}

/// The columns of an `n`-column board, as a mask.
fn board(n: u32) -> u32 {
    (1u32 << n) - 1
}

/// The completions of `placement` on a board of columns `all`.
fn solutions(all: u32, placement: Placement) -> u64 {
    if placement.columns == all {
        return 1;
    }
    let mut free = placement.free(all);
    let mut count = 0;
    while free != 0 {
        let bit = free & free.wrapping_neg();
        free ^= bit;
        count += solutions(all, placement.with(bit));
    }
    count
}

/// The parallel search, written once for each runtime.
macro_rules! parallel {
    ($rt:ident) => {
        /// The solutions of the `n`-queens problem, the first rows by tasks.
        pub fn count(n: u32) -> u64 {
            let total = AtomicU64::new(0);
            $rt::scope(|s| place(s, board(n), Placement::EMPTY, 0, &total));
            total.into_inner()
        }

        /// Spawns a task per free square of row `row`, or searches the
        /// rest sequentially below `SPAWNED_ROWS`.
        fn place<'s>(
            s: &$rt::Scope<'s>,
            all: u32,
            placement: Placement,
            row: u32,
            total: &'s AtomicU64,
        ) {
            if row == SPAWNED_ROWS || placement.columns == all {
                total.fetch_add(solutions(all, placement), Ordering::Relaxed);
                return;
            }
            let mut free = placement.free(all);
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                s.spawn(move |s| place(s, all, placement.with(bit), row + 1, total));
            }
        }
    };
}

on_both_runtimes!(parallel);

program! {
    /// The program.
    Nqueens, sizes 13, 11, u32 => u64, fresh none;
    "nqueens", Heading::Custom(|n| format!("nqueens, {n} x {n} board"));

    /// The board's side, at most 31.
    fn input(size: usize) -> u32 {
        u32::try_from(size).map_or(31, |n| n.min(31))
    }

    fn sequential(&n: &u32, (): ()) -> u64 {
        solutions(board(n), Placement::EMPTY)
    }

    on_each_runtime!(|rt| fn(&n: &u32, (): ()) -> u64 {
        rt::count(n)
    });

    fn check(got: &u64, expected: &u64) -> Result<(), Mismatch> {
        let as_i64 = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
        expect_eq(as_i64(*got), as_i64(*expected))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::programs::check_every_way;

    #[test]
    fn the_known_counts() {
        // OEIS A000170.
        let known = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
        for (n, &count) in (1..).zip(&known) {
            assert_eq!(Nqueens::sequential(&n, ()), count, "n = {n}");
        }
    }

    #[test]
    fn every_way_counts() {
        check_every_way::<Nqueens>(&[1, 2, 3, 4, 8, 9]);
    }
}
