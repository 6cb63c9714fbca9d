//! What seed 002 sends: a 3-vector of `i32` or `f64` (ESPResSo's
//! `Utils::Vector3i`/`Vector3d`) and a particle with its bond list, and the
//! two fixed layouts of the particle's fixed part that MPI or `Pod` need:
//! fields in the order they were declared (with padding), or reordered by
//! size (none but the tail).

use bytemuck::{Pod, Zeroable};
use lubdub_mpi::compact::Record;
use serde::{Deserialize, Serialize};

/// A 3-vector, serialized by serde as a tuple: no length, no version.
#[repr(transparent)]
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Vector3<T>(pub [T; 3]);

// SAFETY: a transparent wrapper of `[T; 3]`, which is zeroable when `T` is.
unsafe impl<T: Pod> Zeroable for Vector3<T> {}
// SAFETY: a transparent wrapper of `[T; 3]`, which is `Pod` when `T` is: no
// padding, every bit pattern valid, `Copy` and `'static` through `T: Pod`.
unsafe impl<T: Pod> Pod for Vector3<T> {}

/// A particle as a program holds it (`repr(Rust)`: the compiler lays it
/// out). The flags are bytes so that every field has a fixed-layout twin.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Particle {
    pub id: u32,
    pub kind: u8,
    pub position: [f64; 3],
    pub is_virtual: u8,
    pub velocity: [f64; 3],
    pub fixed: u8,
    pub force: [f64; 3],
    pub mol_id: u32,
    /// Bond partners (ESPResSo's bond list).
    pub bonds: Vec<u32>,
}

/// The bytes of data in a particle's fixed part (no padding).
pub const PARTICLE_DATA_BYTES: usize = 4 + 1 + 24 + 1 + 24 + 1 + 24 + 4;

/// The fixed part in declaration order under `#[repr(C)]`: the padding the
/// C layout puts after each small field is spelled out (`Pod` forbids
/// hidden padding), and it travels on the wire.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
pub struct DeclaredFixed {
    id: u32,
    kind: u8,
    _pad0: [u8; 3],
    position: [f64; 3],
    is_virtual: u8,
    _pad1: [u8; 7],
    velocity: [f64; 3],
    fixed: u8,
    _pad2: [u8; 7],
    force: [f64; 3],
    mol_id: u32,
    _pad3: [u8; 4],
}

/// The fixed part reordered by size, largest first: only the tail padding
/// that rounds the size to the alignment of `f64` is left.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Pod, Zeroable)]
pub struct ReorderedFixed {
    position: [f64; 3],
    velocity: [f64; 3],
    force: [f64; 3],
    id: u32,
    mol_id: u32,
    kind: u8,
    is_virtual: u8,
    fixed: u8,
    _pad: [u8; 5],
}

/// The declared fields without `repr(C)`: what `size_of` says the compiler
/// makes of them when it may reorder.
#[allow(dead_code)] // only its size is read
pub struct RustFixed {
    id: u32,
    kind: u8,
    position: [f64; 3],
    is_virtual: u8,
    velocity: [f64; 3],
    fixed: u8,
    force: [f64; 3],
    mol_id: u32,
}

/// A particle whose fixed part travels in the declared layout.
#[repr(transparent)]
#[derive(Clone, Debug, PartialEq)]
pub struct Declared(pub Particle);

/// A particle whose fixed part travels in the reordered layout.
#[repr(transparent)]
#[derive(Clone, Debug, PartialEq)]
pub struct Reordered(pub Particle);

/// Implements [`Record`] for `$record`, a [`Particle`] whose fixed part is
/// `$fixed`: the particle's fields but its bonds, and `$rest` (padding).
macro_rules! particle_record {
    ($record:ident, $fixed:ident { $($rest:tt)* }) => {
        impl Record for $record {
            type Fixed = $fixed;
            type Item = u32;
            fn fixed(&self) -> $fixed {
                let p = &self.0;
                $fixed {
                    id: p.id,
                    kind: p.kind,
                    position: p.position,
                    is_virtual: p.is_virtual,
                    velocity: p.velocity,
                    fixed: p.fixed,
                    force: p.force,
                    mol_id: p.mol_id,
                    $($rest)*
                }
            }
            fn items(&self) -> &[u32] {
                &self.0.bonds
            }
            fn from_parts(f: $fixed, bonds: &[u32]) -> Self {
                $record(Particle {
                    id: f.id,
                    kind: f.kind,
                    position: f.position,
                    is_virtual: f.is_virtual,
                    velocity: f.velocity,
                    fixed: f.fixed,
                    force: f.force,
                    mol_id: f.mol_id,
                    bonds: bonds.to_vec(),
                })
            }
        }
    };
}

particle_record!(Declared, DeclaredFixed { ..Zeroable::zeroed() });
particle_record!(Reordered, ReorderedFixed { _pad: [0; 5] });

/// A deterministic generator (splitmix64), so that every rank can make what
/// another rank sends and check it.
pub struct Draw(u64);

impl Draw {
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A particle with 0 to 4 bonds, its position in `[0, side)^3`.
    pub fn particle(&mut self, id: u32, side: f64) -> Particle {
        let mut v3 = |scale: f64| [0; 3].map(|_: i32| (self.unit() - 0.5) * scale);
        let position = v3(2.0).map(|x| (x + 1.0) * 0.5 * side);
        let velocity = v3(2.0);
        let force = v3(20.0);
        let bits = self.next();
        let bonds = (0..bits % 5).map(|k| (id as u64 + k + 1) as u32).collect();
        Particle {
            id,
            kind: (bits >> 8) as u8 % 4,
            position,
            is_virtual: ((bits >> 16) & 1) as u8,
            velocity,
            fixed: ((bits >> 17) & 7) as u8,
            force,
            mol_id: id / 10,
            bonds,
        }
    }

    /// An image-box 3-vector of small integers, as ESPResSo's Vector3i.
    pub fn vector_i32(&mut self) -> Vector3<i32> {
        Vector3([0; 3].map(|_: i32| (self.next() % 17) as i32 - 8))
    }

    /// A position 3-vector.
    pub fn vector_f64(&mut self) -> Vector3<f64> {
        Vector3([0; 3].map(|_: i32| self.unit() * 20.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_are_what_the_tables_say() {
        assert_eq!(std::mem::size_of::<DeclaredFixed>(), 104);
        assert_eq!(std::mem::size_of::<ReorderedFixed>(), 88);
        assert_eq!(std::mem::size_of::<RustFixed>(), 88);
        assert_eq!(PARTICLE_DATA_BYTES, 83);
        assert_eq!(std::mem::size_of::<Vector3<f64>>(), 24);
    }

    #[test]
    fn both_layouts_round_trip_a_particle() {
        let p = Draw::new(3).particle(7, 10.0);
        assert_eq!(Declared::from_parts(Declared(p.clone()).fixed(), &p.bonds).0, p);
        assert_eq!(Reordered::from_parts(Reordered(p.clone()).fixed(), &p.bonds).0, p);
    }
}
