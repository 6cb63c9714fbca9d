//! Seed 002's simulation: a Lennard-Jones fluid at packing fraction 0.5
//! (velocity Verlet, cell lists, a periodic cube), decomposed into slabs
//! along x, one per rank. Each step the particles that left a slab migrate
//! and the particles within the cut-off of a slab's faces go to the
//! neighbouring rank as ghosts, both as whole particle records (position,
//! velocity, force, id, kind, flags, bonds) in the encoding under test; the
//! forces on a rank's particles are computed with lubdub. The force on a
//! particle is summed in an order fixed by the particle order alone, so
//! every encoding must give a bit-identical trajectory.

use lubdub::prelude::*;
use lubdub_mpi::Comm;

use super::encodings::{self, Encoding};
use super::records::{Draw, Particle};

/// The cut-off of the potential, in σ.
pub const CUTOFF: f64 = 2.5;
/// The time step, in units of σ·sqrt(m/ε).
const DT: f64 = 0.005;
/// Packing fraction 0.5, as the seed's benchmark: ρ = 6·0.5/π.
const DENSITY: f64 = 3.0 / std::f64::consts::PI;
/// Message tags of the two exchanges of a step.
const MIGRATE_TAG: i32 = 20;
const GHOST_TAG: i32 = 21;

/// One rank's slab of the fluid.
pub struct Fluid {
    particles: Vec<Particle>,
    side: f64,
    x0: f64,
    x1: f64,
    ranks: i32,
    rank: i32,
}

impl Fluid {
    /// `per_rank × ranks` particles on a cubic lattice filling a cube at
    /// the seed's density, with random velocities and 0 to 4 bonds each;
    /// this rank keeps those in its slab. Fails if a slab is thinner than
    /// two cut-offs or the cube has fewer than three cells a side.
    pub fn new(per_rank: usize, ranks: i32, rank: i32) -> Result<Self, String> {
        let total = per_rank * ranks as usize;
        let side = (total as f64 / DENSITY).cbrt();
        let slab = side / f64::from(ranks);
        if slab < 2.0 * CUTOFF || side < 3.0 * CUTOFF {
            return Err(format!(
                "{total} particles make a cube of side {side:.2} σ: too small for slabs of two cut-offs over {ranks} ranks"
            ));
        }
        let n = (total as f64).cbrt().ceil() as usize;
        let spacing = side / n as f64;
        let (x0, x1) = (slab * f64::from(rank), slab * f64::from(rank + 1));
        let particles = (0..total)
            .filter_map(|id| {
                let site = [id % n, (id / n) % n, id / (n * n)].map(|k| (k as f64 + 0.5) * spacing);
                let mut p = Draw::new(id as u64).particle(id as u32, side);
                p.position = site;
                p.velocity = p.velocity.map(|v| v * 0.5);
                p.force = [0.0; 3];
                (x0..x1).contains(&site[0]).then_some(p)
            })
            .collect();
        let mut fluid = Self { particles, side, x0, x1, ranks, rank };
        fluid.compute_forces(&fluid.ghosts_of_one_rank())?;
        Ok(fluid)
    }

    /// The number of particles this rank owns.
    pub fn len(&self) -> usize {
        self.particles.len()
    }

    /// One velocity-Verlet step, exchanging with the neighbouring rank in
    /// `encoding` (a world of one rank makes its periodic ghosts itself and
    /// needs no `world`). Returns the bytes this rank sent.
    pub fn step(&mut self, world: Option<&Comm>, encoding: Encoding, buffer: &mut Vec<u8>) -> Result<usize, String> {
        let side = self.side;
        self.particles.par_iter_mut().for_each(|p| {
            for k in 0..3 {
                p.velocity[k] += 0.5 * DT * p.force[k];
                p.position[k] = (p.position[k] + DT * p.velocity[k]).rem_euclid(side);
            }
        });
        let mut sent = 0;
        let ghosts = if self.ranks == 1 {
            self.ghosts_of_one_rank()
        } else {
            let world = world.ok_or("several ranks need a communicator")?;
            sent += self.migrate(world, encoding, buffer)?;
            let leaving = self.near_faces();
            let (ghosts, bytes) = encodings::exchange(world, self.peer(), GHOST_TAG, &leaving, encoding, buffer)?;
            sent += bytes;
            ghosts.iter().map(|g| self.image(g.position)).collect()
        };
        self.compute_forces(&ghosts)?;
        self.particles.par_iter_mut().for_each(|p| {
            for k in 0..3 {
                p.velocity[k] += 0.5 * DT * p.force[k];
            }
        });
        Ok(sent)
    }

    /// A fingerprint of this rank's particles: ids, positions, velocities.
    pub fn fingerprint(&self) -> u64 {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let mut mix = |word: u64| hash = (hash ^ word).wrapping_mul(0x0000_0100_0000_01b3);
        for p in &self.particles {
            mix(u64::from(p.id));
            p.position.iter().chain(&p.velocity).for_each(|x| mix(x.to_bits()));
        }
        hash
    }

    /// The other rank (two ranks: the neighbour on both sides).
    fn peer(&self) -> i32 {
        (self.rank + 1) % self.ranks
    }

    /// Sends the particles that left the slab to the neighbour and takes
    /// those that entered it; returns the bytes sent.
    fn migrate(&mut self, world: &Comm, encoding: Encoding, buffer: &mut Vec<u8>) -> Result<usize, String> {
        let (x0, x1) = (self.x0, self.x1);
        let (leaving, staying): (Vec<Particle>, Vec<Particle>) = std::mem::take(&mut self.particles)
            .into_iter()
            .partition(|p| !(x0..x1).contains(&p.position[0]));
        self.particles = staying;
        let (arriving, sent) = encodings::exchange(world, self.peer(), MIGRATE_TAG, &leaving, encoding, buffer)?;
        if let Some(stray) = arriving.iter().find(|p| !(x0..x1).contains(&p.position[0])) {
            return Err(format!("particle {} moved more than a slab in one step", stray.id));
        }
        self.particles.extend(arriving);
        Ok(sent)
    }

    /// The particles within a cut-off of the slab's faces.
    fn near_faces(&self) -> Vec<Particle> {
        self.particles
            .iter()
            .filter(|p| p.position[0] < self.x0 + CUTOFF || p.position[0] >= self.x1 - CUTOFF)
            .cloned()
            .collect()
    }

    /// Where a neighbour's particle at `position` lies next to this slab:
    /// the periodic image of it within a cut-off of a face.
    fn image(&self, position: [f64; 3]) -> [f64; 3] {
        let x = position[0];
        let near = |x: f64| (self.x0 - CUTOFF..self.x0).contains(&x) || (self.x1..self.x1 + CUTOFF).contains(&x);
        let x = [x, x - self.side, x + self.side]
            .into_iter()
            .find(|&x| near(x))
            .unwrap_or(x);
        [x, position[1], position[2]]
    }

    /// With one rank: the periodic images of its own particles near the
    /// faces of the cube in x.
    fn ghosts_of_one_rank(&self) -> Vec<[f64; 3]> {
        if self.ranks != 1 {
            return Vec::new();
        }
        let side = self.side;
        self.particles
            .iter()
            .filter_map(|p| {
                let [x, y, z] = p.position;
                if x < CUTOFF {
                    Some([x + side, y, z])
                } else if x >= side - CUTOFF {
                    Some([x - side, y, z])
                } else {
                    None
                }
            })
            .collect()
    }

    /// The Lennard-Jones forces on this rank's particles from its particles
    /// and `ghosts`, through cells of at least a cut-off a side (periodic in
    /// y and z; x is closed by the ghosts).
    fn compute_forces(&mut self, ghosts: &[[f64; 3]]) -> Result<(), String> {
        let positions: Vec<[f64; 3]> = self.particles.iter().map(|p| p.position).chain(ghosts.iter().copied()).collect();
        if let Some(bad) = positions.iter().find(|x| !x.iter().all(|c| c.is_finite())) {
            return Err(format!("the fluid blew up: a particle at {bad:?}"));
        }
        let cells = Cells::new(&positions, self.x0 - CUTOFF, self.x1 + CUTOFF, self.side);
        let side = self.side;
        let forces: Vec<[f64; 3]> = (0..self.particles.len())
            .into_par_iter()
            .map(|i| cells.force_on(i, &positions, side))
            .collect();
        for (p, f) in self.particles.iter_mut().zip(forces) {
            p.force = f;
        }
        Ok(())
    }
}

/// A cell list: the indices of the positions in each cell, cell by cell.
struct Cells {
    /// Cells along x, y and z.
    dims: [usize; 3],
    /// Lower corner in x, and the cells' edges.
    x_start: f64,
    edge: [f64; 3],
    /// `items[starts[c]..starts[c + 1]]` are cell `c`'s positions.
    starts: Vec<usize>,
    items: Vec<usize>,
}

impl Cells {
    fn new(positions: &[[f64; 3]], x_start: f64, x_end: f64, side: f64) -> Self {
        let nx = ((x_end - x_start) / CUTOFF).floor().max(1.0) as usize;
        let ny = (side / CUTOFF).floor() as usize;
        let dims = [nx, ny, ny];
        let edge = [(x_end - x_start) / nx as f64, side / ny as f64, side / ny as f64];
        let mut cells = Self { dims, x_start, edge, starts: vec![0; nx * ny * ny + 1], items: vec![0; positions.len()] };
        let of: Vec<usize> = positions.iter().map(|x| cells.cell_of(x)).collect();
        for &c in &of {
            cells.starts[c + 1] += 1;
        }
        for c in 0..cells.starts.len() - 1 {
            cells.starts[c + 1] += cells.starts[c];
        }
        let mut next = cells.starts.clone();
        for (i, &c) in of.iter().enumerate() {
            cells.items[next[c]] = i;
            next[c] += 1;
        }
        cells
    }

    fn coordinates(&self, x: &[f64; 3]) -> [usize; 3] {
        let k = |d: usize, v: f64| ((v / self.edge[d]).floor().max(0.0) as usize).min(self.dims[d] - 1);
        [k(0, x[0] - self.x_start), k(1, x[1]), k(2, x[2])]
    }

    fn cell_of(&self, x: &[f64; 3]) -> usize {
        let [i, j, k] = self.coordinates(x);
        (i * self.dims[1] + j) * self.dims[2] + k
    }

    /// The force on position `i` from every other position within the
    /// cut-off, summed in cell order.
    fn force_on(&self, i: usize, positions: &[[f64; 3]], side: f64) -> [f64; 3] {
        let xi = positions[i];
        let [ci, cj, ck] = self.coordinates(&xi);
        let [nx, ny, nz] = self.dims;
        let mut force = [0.0; 3];
        for a in ci.saturating_sub(1)..=(ci + 1).min(nx - 1) {
            for b in [cj + ny - 1, cj, cj + 1] {
                for c in [ck + nz - 1, ck, ck + 1] {
                    let cell = (a * ny + b % ny) * nz + c % nz;
                    for &j in &self.items[self.starts[cell]..self.starts[cell + 1]] {
                        if j == i {
                            continue;
                        }
                        let mut d = [0.0; 3];
                        for k in 0..3 {
                            d[k] = xi[k] - positions[j][k];
                        }
                        for dk in &mut d[1..] {
                            *dk -= side * (*dk / side).round();
                        }
                        let r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
                        if r2 < CUTOFF * CUTOFF {
                            let inv2 = 1.0 / r2;
                            let inv6 = inv2 * inv2 * inv2;
                            let scale = 24.0 * inv2 * inv6 * (2.0 * inv6 - 1.0);
                            for k in 0..3 {
                                force[k] += scale * d[k];
                            }
                        }
                    }
                }
            }
        }
        force
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One rank: the fluid stays finite and keeps its particles, and two
    /// runs of it are bit-identical whatever the thread count.
    #[test]
    fn one_rank_runs_the_same_on_any_pool() {
        let run = |threads: usize| {
            let pool = lubdub::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            pool.install(|| {
                let mut fluid = Fluid::new(500, 1, 0).unwrap();
                let mut local = Vec::new();
                for _ in 0..5 {
                    fluid.step(None, Encoding::Pod, &mut local).unwrap();
                }
                (fluid.len(), fluid.fingerprint())
            })
        };
        let (n, one) = run(1);
        assert_eq!(n, 500);
        assert_eq!(run(2), (n, one));
    }
}
