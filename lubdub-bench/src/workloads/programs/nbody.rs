//! n-body: a few time steps of bodies pulling each other by gravity
//! (softened), `f64` throughout. Each step is a loop nested in a loop:
//! `par_iter_mut` over the bodies, and for each one the pull of every body
//! summed by `par_iter().fold().reduce()`; then the bodies move. Sums are
//! taken in another order in parallel, so answers are compared with a
//! relative tolerance.

use super::{random_u64s, Program};
use crate::check::{expect_close, Mismatch};
use crate::experiment::{Experiment, Heading};

/// Time steps per run.
const STEPS: usize = 4;

/// The time step.
const DT: f64 = 0.01;

/// Softening, squared: keeps close encounters finite.
const SOFTENING: f64 = 1e-3;

/// The relative tolerance of the check.
const TOLERANCE: f64 = 1e-9;

/// A body.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Body {
    position: [f64; 3],
    velocity: [f64; 3],
    mass: f64,
}

/// The acceleration that a body of `mass` at `other` gives a body at `at`.
fn pull(at: [f64; 3], other: &([f64; 3], f64)) -> [f64; 3] {
    let (position, mass) = other;
    let d = [
        position[0] - at[0],
        position[1] - at[1],
        position[2] - at[2],
    ];
    let r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + SOFTENING;
    let scale = mass / (r2 * r2.sqrt());
    [d[0] * scale, d[1] * scale, d[2] * scale]
}

fn add(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// Where the bodies are, and their masses: what a step reads.
fn snapshot(bodies: &[Body]) -> Vec<([f64; 3], f64)> {
    bodies.iter().map(|b| (b.position, b.mass)).collect()
}

/// Changes `body`'s velocity by the acceleration `a` over one step.
fn accelerate(body: &mut Body, a: [f64; 3]) {
    for (v, a) in body.velocity.iter_mut().zip(a) {
        *v += a * DT;
    }
}

/// Moves `body` along its velocity for one step.
fn advance(body: &mut Body) {
    for (x, v) in body.position.iter_mut().zip(body.velocity) {
        *x += v * DT;
    }
}

/// Positions and velocities, flattened for the check.
fn state(bodies: &[Body]) -> Vec<f64> {
    bodies
        .iter()
        .flat_map(|b| b.position.into_iter().chain(b.velocity))
        .collect()
}

/// `STEPS` steps of `bodies`, sequentially.
fn simulate(mut bodies: Vec<Body>) -> Vec<f64> {
    for _ in 0..STEPS {
        let others = snapshot(&bodies);
        for body in bodies.iter_mut() {
            let at = body.position;
            let a = others.iter().map(|o| pull(at, o)).fold([0.0; 3], add);
            accelerate(body, a);
        }
        bodies.iter_mut().for_each(advance);
    }
    state(&bodies)
}

/// The parallel steps, written once for each runtime.
macro_rules! parallel {
    ($rt:ident) => {
        /// [`super::simulate`] with both loops parallel.
        pub fn simulate(mut bodies: Vec<Body>) -> Vec<f64> {
            use $rt::prelude::*;
            for _ in 0..STEPS {
                let others = snapshot(&bodies);
                bodies.par_iter_mut().for_each(|body| {
                    let at = body.position;
                    let a = others
                        .par_iter()
                        .fold(|| [0.0; 3], |sum, o| add(sum, pull(at, o)))
                        .reduce(|| [0.0; 3], add);
                    accelerate(body, a);
                });
                bodies.par_iter_mut().for_each(advance);
            }
            state(&bodies)
        }
    };
}

on_both_runtimes!(parallel);

program! {
    /// The program.
    Nbody, sizes 1_400, 500, Vec<Body> => Vec<f64>, fresh copy;
    "nbody", Heading::Custom(|n| format!("nbody, {n} bodies, {STEPS} steps"));

    /// `size` bodies scattered in the unit cube, at rest, of masses 1 to 2
    /// (divided by their number).
    fn input(size: usize) -> Vec<Body> {
        let unit = |x: u64| (x >> 11) as f64 / (1u64 << 53) as f64;
        random_u64s(4 * size, 4)
            .chunks_exact(4)
            .map(|r| Body {
                position: [unit(r[0]), unit(r[1]), unit(r[2])],
                velocity: [0.0; 3],
                mass: (1.0 + unit(r[3])) / size as f64,
            })
            .collect()
    }

    fn sequential(_: &Vec<Body>, bodies: Vec<Body>) -> Vec<f64> {
        simulate(bodies)
    }

    on_each_runtime!(|rt| fn(_: &Vec<Body>, bodies: Vec<Body>) -> Vec<f64> {
        rt::simulate(bodies)
    });

    fn check(got: &Vec<f64>, expected: &Vec<f64>) -> Result<(), Mismatch> {
        expect_close(got, expected, TOLERANCE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::programs::check_every_way;

    #[test]
    fn two_bodies_fall_towards_each_other() {
        let at = |x| Body {
            position: [x, 0.0, 0.0],
            velocity: [0.0; 3],
            mass: 1.0,
        };
        let state = simulate(vec![at(0.0), at(1.0)]);
        // Body 0 moved right, body 1 left, by the same amount.
        assert!(state[0] > 0.0 && state[6] < 1.0, "{state:?}");
        assert!((state[0] - (1.0 - state[6])).abs() < 1e-12);
        assert!(state[3] > 0.0 && state[9] < 0.0);
    }

    #[test]
    fn every_way_simulates() {
        check_every_way::<Nbody>(&[0, 1, 2, 50, 300]);
    }
}
