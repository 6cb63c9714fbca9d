//! Matrix multiply in Z-order: square matrices of `f64` stored quadrant by
//! quadrant (each quadrant in the same layout, down to `LEAF` x `LEAF`
//! blocks stored by rows), so that every quadrant is a contiguous slice.
//! `C += A B` recurses on quadrants, the four quadrants of `C` by `join`
//! (each adds its two products one after the other); a leaf multiplies two
//! blocks with a parallel loop over the rows of `C`'s block. The entries
//! are small integers, so every sum is exact in any order.

use super::Program;
use crate::check::{expect_same, Mismatch};
use crate::experiment::{Experiment, Heading};

/// The side of a leaf block.
const LEAF: usize = 64;

/// `row += a[i] B` for row `i` of a leaf: `a` and `b` are `LEAF` x `LEAF`
/// blocks by rows.
fn leaf_row(a: &[f64], b: &[f64], i: usize, row: &mut [f64]) {
    for (k, b_row) in b.chunks_exact(LEAF).enumerate() {
        let a_ik = a[i * LEAF + k];
        for (c, b) in row.iter_mut().zip(b_row) {
            *c += a_ik * b;
        }
    }
}

/// The four quarters of `m`.
fn quarters(m: &[f64]) -> [&[f64]; 4] {
    let q = m.len() / 4;
    [&m[..q], &m[q..2 * q], &m[2 * q..3 * q], &m[3 * q..]]
}

/// The four quarters of `m`, mutable.
fn quarters_mut(m: &mut [f64]) -> [&mut [f64]; 4] {
    let q = m.len() / 4;
    let (top, bottom) = m.split_at_mut(2 * q);
    let (c11, c12) = top.split_at_mut(q);
    let (c21, c22) = bottom.split_at_mut(q);
    [c11, c12, c21, c22]
}

/// `c += a b`, sequentially.
fn multiply(a: &[f64], b: &[f64], c: &mut [f64]) {
    if c.len() == LEAF * LEAF {
        for (i, row) in c.chunks_exact_mut(LEAF).enumerate() {
            leaf_row(a, b, i, row);
        }
        return;
    }
    let [a11, a12, a21, a22] = quarters(a);
    let [b11, b12, b21, b22] = quarters(b);
    let [c11, c12, c21, c22] = quarters_mut(c);
    for (c, (a1, a2), (b1, b2)) in [
        (c11, (a11, a12), (b11, b21)),
        (c12, (a11, a12), (b12, b22)),
        (c21, (a21, a22), (b11, b21)),
        (c22, (a21, a22), (b12, b22)),
    ] {
        multiply(a1, b1, c);
        multiply(a2, b2, c);
    }
}

/// The parallel multiply, written once for each runtime.
macro_rules! parallel {
    ($rt:ident) => {
        /// [`super::multiply`] with the quadrants of `c` by `join` and a
        /// parallel loop over rows at the leaves.
        pub fn multiply(a: &[f64], b: &[f64], c: &mut [f64]) {
            use $rt::prelude::*;
            if c.len() == LEAF * LEAF {
                c.par_chunks_exact_mut(LEAF)
                    .enumerate()
                    .for_each(|(i, row)| leaf_row(a, b, i, row));
                return;
            }
            let [a11, a12, a21, a22] = quarters(a);
            let [b11, b12, b21, b22] = quarters(b);
            let [c11, c12, c21, c22] = quarters_mut(c);
            let both = |a1, b1, a2, b2, c: &mut [f64]| {
                multiply(a1, b1, c);
                multiply(a2, b2, c);
            };
            $rt::join(
                || {
                    $rt::join(
                        || both(a11, b11, a12, b21, c11),
                        || both(a11, b12, a12, b22, c12),
                    )
                },
                || {
                    $rt::join(
                        || both(a21, b11, a22, b21, c21),
                        || both(a21, b12, a22, b22, c22),
                    )
                },
            );
        }
    };
}

on_both_runtimes!(parallel);

/// Two `n` x `n` matrices in Z-order, `n` a power of two times `LEAF`.
pub struct Matrices {
    a: Vec<f64>,
    b: Vec<f64>,
}

program! {
    /// The program.
    MatmulZ, sizes 512, 256, Matrices => Vec<f64>, fresh none;
    "matmul-z", Heading::Custom(|n| format!("matmul-z, {n} x {n} f64, leaves of {LEAF} x {LEAF}"));

    /// Entries from -8 to 8, in no particular order. `size` is rounded up
    /// to a power of two times `LEAF`.
    fn input(size: usize) -> Matrices {
        let n = size.max(LEAF).next_power_of_two();
        let entry = |i: usize, salt: usize| ((i * 7 + salt) % 17) as f64 - 8.0;
        Matrices {
            a: (0..n * n).map(|i| entry(i, 1)).collect(),
            b: (0..n * n).map(|i| entry(i / 3, 5)).collect(),
        }
    }

    fn sequential(m: &Matrices, (): ()) -> Vec<f64> {
        let mut c = vec![0.0; m.a.len()];
        multiply(&m.a, &m.b, &mut c);
        c
    }

    on_each_runtime!(|rt| fn(m: &Matrices, (): ()) -> Vec<f64> {
        let mut c = vec![0.0; m.a.len()];
        rt::multiply(&m.a, &m.b, &mut c);
        c
    });

    fn check(got: &Vec<f64>, expected: &Vec<f64>) -> Result<(), Mismatch> {
        expect_same(got, expected)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::programs::check_every_way;

    /// Entry (`row`, `col`) of an `n` x `n` Z-order matrix.
    fn at(m: &[f64], n: usize, row: usize, col: usize) -> f64 {
        if n == LEAF {
            return m[row * LEAF + col];
        }
        let h = n / 2;
        let quarter = 2 * (row / h) + col / h;
        at(quarters(m)[quarter], h, row % h, col % h)
    }

    #[test]
    fn the_z_order_product_is_the_textbook_product() {
        let n = 2 * LEAF;
        let m = MatmulZ::input(n);
        let c = MatmulZ::sequential(&m, ());
        for (row, col) in [(0, 0), (3, 100), (100, 3), (127, 127), (64, 63)] {
            let textbook: f64 = (0..n)
                .map(|k| at(&m.a, n, row, k) * at(&m.b, n, k, col))
                .sum();
            assert_eq!(at(&c, n, row, col), textbook, "({row}, {col})");
        }
    }

    #[test]
    fn every_way_multiplies() {
        check_every_way::<MatmulZ>(&[LEAF, 2 * LEAF, 4 * LEAF]);
    }
}
