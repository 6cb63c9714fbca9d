//! A life-like stencil: generations of Conway's Game of Life on a square
//! torus, each generation collected into a new grid by
//! `(0..cells).into_par_iter().map(next_cell).collect()`, as Rayon's own
//! `life` demo does.

use super::{random_u64s, Program};
use crate::check::{expect_same, Mismatch};
use crate::experiment::{Experiment, Heading};

/// Generations per run.
const GENERATIONS: usize = 6;

/// A square grid on a torus, a byte per cell (1 alive, 0 dead).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    side: usize,
    cells: Vec<u8>,
}

impl Grid {
    /// The state of cell `i` in the next generation.
    fn next_cell(&self, i: usize) -> u8 {
        let n = self.side;
        let (row, col) = (i / n, i % n);
        let up = if row == 0 { n - 1 } else { row - 1 } * n;
        let down = if row == n - 1 { 0 } else { row + 1 } * n;
        let here = row * n;
        let left = if col == 0 { n - 1 } else { col - 1 };
        let right = if col == n - 1 { 0 } else { col + 1 };
        let c = &self.cells;
        let neighbours = c[up + left]
            + c[up + col]
            + c[up + right]
            + c[here + left]
            + c[here + right]
            + c[down + left]
            + c[down + col]
            + c[down + right];
        u8::from(neighbours == 3 || (neighbours == 2 && c[i] == 1))
    }

    /// The grid of the next generation, made of `cells`.
    fn with_cells(&self, cells: Vec<u8>) -> Grid {
        Grid {
            side: self.side,
            cells,
        }
    }
}

/// `GENERATIONS` generations after `grid`, sequentially.
fn evolve(grid: &Grid) -> Grid {
    let mut grid = grid.clone();
    for _ in 0..GENERATIONS {
        let cells = (0..grid.cells.len()).map(|i| grid.next_cell(i)).collect();
        grid = grid.with_cells(cells);
    }
    grid
}

/// The parallel generations, written once for each runtime.
macro_rules! parallel {
    ($rt:ident) => {
        /// [`super::evolve`], each generation collected in parallel.
        pub fn evolve(grid: &Grid) -> Grid {
            use $rt::prelude::*;
            let mut grid = grid.clone();
            for _ in 0..GENERATIONS {
                let cells = (0..grid.cells.len())
                    .into_par_iter()
                    .map(|i| grid.next_cell(i))
                    .collect();
                grid = grid.with_cells(cells);
            }
            grid
        }
    };
}

on_both_runtimes!(parallel);

program! {
    /// The program.
    Life, sizes 1024, 384, Grid => Grid, fresh none;
    "life", Heading::Custom(|n| format!("life, {n} x {n} cells, {GENERATIONS} generations"));

    /// A `size` x `size` grid, about a third of it alive.
    fn input(size: usize) -> Grid {
        Grid {
            side: size,
            cells: random_u64s(size * size, 5)
                .into_iter()
                .map(|r| u8::from(r % 3 == 0))
                .collect(),
        }
    }

    fn sequential(grid: &Grid, (): ()) -> Grid {
        evolve(grid)
    }

    on_each_runtime!(|rt| fn(grid: &Grid, (): ()) -> Grid {
        rt::evolve(grid)
    });

    fn check(got: &Grid, expected: &Grid) -> Result<(), Mismatch> {
        expect_same(&got.cells, &expected.cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::programs::check_every_way;

    #[test]
    fn a_blinker_blinks_back_after_an_even_number_of_generations() {
        let mut cells = vec![0; 25];
        for i in [11, 12, 13] {
            cells[i] = 1;
        }
        let blinker = Grid { side: 5, cells };
        let once = blinker.with_cells((0..25).map(|i| blinker.next_cell(i)).collect());
        let vertical: Vec<usize> = (0..25).filter(|&i| once.cells[i] == 1).collect();
        assert_eq!(vertical, [7, 12, 17]);
        assert_eq!(GENERATIONS % 2, 0);
        assert_eq!(evolve(&blinker), blinker);
    }

    #[test]
    fn every_way_evolves() {
        check_every_way::<Life>(&[1, 3, 64, 200]);
    }
}
