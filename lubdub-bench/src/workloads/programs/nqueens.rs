//! n-queens: the number of ways to place `n` queens on an `n` x `n` board,
//! found by a depth-first search over bit masks. In parallel, the first
//! rows are placed by `spawn`s into one `scope` (a task per partial
//! placement, as a branch-and-bound search spawns its branches); each task
//! below them searches sequentially and adds its count to a shared atomic.
//!
//! Two programs: *nqueens* spawns the first three rows of a 13 x 13 board
//! (about 1,300 tasks of about 30 µs), *nqueens-few-tasks* the first two
//! rows of a 14 x 14 board (182 tasks of 0.1 to 5 ms, very unequal): the
//! `scope` of issue 23 that spawns about a hundred tasks of a few
//! milliseconds, which ran 1.13x faster than sequential on lubdub against
//! 1.56x on Rayon at 2 threads on 2026-11-27.

use std::sync::atomic::{AtomicU64, Ordering};

use super::Program;
use crate::check::{expect_eq, Mismatch};
use crate::experiment::{Experiment, Heading};

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

/// What every task of a parallel search shares: the board's columns, the
/// rows placed by tasks, and the count of solutions found.
#[derive(Clone, Copy)]
struct Search<'s> {
    all: u32,
    spawned_rows: u32,
    total: &'s AtomicU64,
}

/// The parallel search, written once for each runtime.
macro_rules! parallel {
    ($rt:ident) => {
        /// The solutions of the `n`-queens problem, the first
        /// `spawned_rows` rows by tasks.
        pub fn count(n: u32, spawned_rows: u32) -> u64 {
            let total = AtomicU64::new(0);
            let search = Search {
                all: board(n),
                spawned_rows,
                total: &total,
            };
            $rt::scope(|s| place(s, search, Placement::EMPTY, 0));
            total.into_inner()
        }

        /// Spawns a task per free square of row `row`, or searches the
        /// rest sequentially from row `search.spawned_rows` on.
        fn place<'s>(s: &$rt::Scope<'s>, search: Search<'s>, placement: Placement, row: u32) {
            if row == search.spawned_rows || placement.columns == search.all {
                let found = solutions(search.all, placement);
                search.total.fetch_add(found, Ordering::Relaxed);
                return;
            }
            let mut free = placement.free(search.all);
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                s.spawn(move |s| place(s, search, placement.with(bit), row + 1));
            }
        }
    };
}

on_both_runtimes!(parallel);

/// Writes the n-queens program `$name` whose tasks place the first `$rows`
/// rows of a `$size` x `$size` board (`$short` in short runs).
macro_rules! nqueens_program {
    ($(#[$doc:meta])* $name:ident, $rows:expr, sizes $size:expr, $short:expr, $experiment:literal) => {
        program! {
            $(#[$doc])*
            $name, sizes $size, $short, u32 => u64, fresh none;
            $experiment, Heading::Custom(|n| format!("{}, {n} x {n} board", $experiment));

            /// The board's side, at most 31.
            fn input(size: usize) -> u32 {
                u32::try_from(size).map_or(31, |n| n.min(31))
            }

            fn sequential(&n: &u32, (): ()) -> u64 {
                solutions(board(n), Placement::EMPTY)
            }

            on_each_runtime!(|rt| fn(&n: &u32, (): ()) -> u64 {
                rt::count(n, $rows)
            });

            fn check(got: &u64, expected: &u64) -> Result<(), Mismatch> {
                let as_i64 = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
                expect_eq(as_i64(*got), as_i64(*expected))
            }
        }
    };
}

nqueens_program! {
    /// The program with many short tasks.
    Nqueens, 3, sizes 13, 11, "nqueens"
}

nqueens_program! {
    /// The program with a few long, unequal tasks.
    NqueensFewTasks, 2, sizes 14, 11, "nqueens-few-tasks"
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
        check_every_way::<NqueensFewTasks>(&[1, 2, 3, 9]);
    }
}
