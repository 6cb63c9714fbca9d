//! The Mandelbrot set: the escape time of every pixel of a square image of
//! the plane around the set, a parallel loop over its rows
//! (`par_chunks_mut(side).enumerate()`). Rows through the set cost many
//! times more than rows outside it.

use super::Program;
use crate::check::{expect_same, Mismatch};
use crate::experiment::{Experiment, Heading};

/// Iterations before a point counts as inside the set.
const MAX_ITERATIONS: u16 = 256;

/// The escape time of the point `(x, y)`: iterations until `|z| > 2`, or
/// `MAX_ITERATIONS`.
fn escape_time(x: f64, y: f64) -> u16 {
    let (mut re, mut im) = (0.0f64, 0.0f64);
    for i in 0..MAX_ITERATIONS {
        let (re2, im2) = (re * re, im * im);
        if re2 + im2 > 4.0 {
            return i;
        }
        im = 2.0 * re * im + y;
        re = re2 - im2 + x;
    }
    MAX_ITERATIONS
}

/// Row `y` of a `side` x `side` image of [-2, 0.5] x [-1.25, 1.25].
fn render_row(side: usize, y: usize, row: &mut [u16]) {
    let scale = 2.5 / side as f64;
    let im = -1.25 + y as f64 * scale;
    for (x, pixel) in row.iter_mut().enumerate() {
        *pixel = escape_time(-2.0 + x as f64 * scale, im);
    }
}

/// The image, sequentially.
fn render(side: usize) -> Vec<u16> {
    let mut image = vec![0; side * side];
    for (y, row) in image.chunks_mut(side.max(1)).enumerate() {
        render_row(side, y, row);
    }
    image
}

/// The parallel image, written once for each runtime.
macro_rules! parallel {
    ($rt:ident) => {
        /// [`super::render`] with a parallel loop over rows.
        pub fn render(side: usize) -> Vec<u16> {
            use $rt::prelude::*;
            let mut image = vec![0; side * side];
            image
                .par_chunks_mut(side.max(1))
                .enumerate()
                .for_each(|(y, row)| render_row(side, y, row));
            image
        }
    };
}

on_both_runtimes!(parallel);

program! {
    /// The program.
    Mandelbrot, sizes 512, 192, usize => Vec<u16>, fresh none;
    "mandelbrot", Heading::Custom(|n| format!("mandelbrot, {n} x {n} pixels"));

    fn input(size: usize) -> usize {
        size
    }

    fn sequential(&side: &usize, (): ()) -> Vec<u16> {
        render(side)
    }

    on_each_runtime!(|rt| fn(&side: &usize, (): ()) -> Vec<u16> {
        rt::render(side)
    });

    fn check(got: &Vec<u16>, expected: &Vec<u16>) -> Result<(), Mismatch> {
        expect_same(got, expected)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::programs::check_every_way;

    #[test]
    fn the_origin_is_inside_and_far_points_escape_at_once() {
        assert_eq!(escape_time(0.0, 0.0), MAX_ITERATIONS);
        assert_eq!(escape_time(-1.0, 0.0), MAX_ITERATIONS);
        assert_eq!(escape_time(2.0, 2.0), 1);
        let image = render(64);
        let inside = image.iter().filter(|&&t| t == MAX_ITERATIONS).count();
        assert!((500..1500).contains(&inside), "{inside}");
    }

    #[test]
    fn every_way_renders() {
        check_every_way::<Mandelbrot>(&[0, 1, 7, 100]);
    }
}
