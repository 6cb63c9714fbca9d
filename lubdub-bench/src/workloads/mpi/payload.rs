//! The payload experiment: what each encoding puts on the wire for one item
//! and for a batch, and how long a batch takes to exchange between the two
//! ranks (encode, send and receive at once, decode, check).

use std::time::Instant;

use lubdub_mpi::Comm;
use serde::{Deserialize, Serialize};

use super::encodings::{self, Encoding, Payload};
use super::records::{Draw, Particle, Vector3};

/// One row of the payload table.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct PayloadRow {
    /// What is sent, e.g. `Vector3<i32>`.
    pub kind: String,
    /// How, e.g. `bincode 1 (default)`.
    pub encoding: String,
    /// Bytes of a message carrying one item, and the data in it.
    pub one_item_bytes: usize,
    pub one_item_data: usize,
    /// Bytes of a message carrying the batch, and the data in it.
    pub batch_bytes: usize,
    pub batch_data: usize,
    /// Items in the batch.
    pub batch_items: usize,
    /// Microseconds per exchange of the batch, one per sample (rank 0's
    /// clock).
    pub us_per_exchange: Vec<f64>,
}

/// A type's items, this rank's and the peer's (what this rank expects).
struct Case<T> {
    kind: &'static str,
    mine: Vec<T>,
    theirs: Vec<T>,
}

/// The rows of one type: sizes, then (filled by [`measure`]) times.
fn sizes<T: Payload>(world: &Comm, case: &Case<T>) -> Result<Vec<PayloadRow>, String> {
    let peer = 1 - world.rank();
    let mut buffer = Vec::new();
    T::ENCODINGS
        .iter()
        .map(|&encoding| {
            let (one, one_bytes) = encodings::exchange(world, peer, 1, &case.mine[..1], encoding, &mut buffer)?;
            check(&one, &case.theirs[..1], case.kind, encoding)?;
            let (all, batch_bytes) = encodings::exchange(world, peer, 1, &case.mine, encoding, &mut buffer)?;
            check(&all, &case.theirs, case.kind, encoding)?;
            Ok(PayloadRow {
                kind: case.kind.to_owned(),
                encoding: encoding.name().to_owned(),
                one_item_bytes: one_bytes,
                one_item_data: case.mine[0].data_bytes(),
                batch_bytes,
                batch_data: case.mine.iter().map(Payload::data_bytes).sum(),
                batch_items: case.mine.len(),
                us_per_exchange: Vec::new(),
            })
        })
        .collect()
}

fn check<T: PartialEq>(got: &[T], expected: &[T], kind: &str, encoding: Encoding) -> Result<(), String> {
    if got == expected {
        Ok(())
    } else {
        Err(format!("{kind} in {}: the received items differ from those sent", encoding.name()))
    }
}

/// Times `reps` exchanges of the batch in `encoding`, each checked.
fn time<T: Payload>(world: &Comm, case: &Case<T>, encoding: Encoding, reps: usize, buffer: &mut Vec<u8>) -> Result<f64, String> {
    let peer = 1 - world.rank();
    world.barrier().map_err(|e| e.to_string())?;
    let start = Instant::now();
    for _ in 0..reps {
        let (got, _) = encodings::exchange(world, peer, 2, std::hint::black_box(&case.mine), encoding, buffer)?;
        check(&got, &case.theirs, case.kind, encoding)?;
    }
    Ok(start.elapsed().as_secs_f64() * 1e6 / reps as f64)
}

/// Every row, with `samples` timed samples of `reps` exchanges each, the
/// encodings and types interleaved sample by sample. Needs two ranks.
pub fn measure(world: &Comm, items: usize, samples: usize, reps: usize) -> Result<Vec<PayloadRow>, String> {
    let (me, peer) = (world.rank() as u64, 1 - world.rank() as u64);
    let make = |rank: u64| -> (Vec<Vector3<i32>>, Vec<Vector3<f64>>, Vec<Particle>) {
        let mut draw = Draw::new(rank + 100);
        (
            (0..items).map(|_| draw.vector_i32()).collect(),
            (0..items).map(|_| draw.vector_f64()).collect(),
            (0..items).map(|i| draw.particle(i as u32, 20.0)).collect(),
        )
    };
    let ((i_mine, d_mine, p_mine), (i_theirs, d_theirs, p_theirs)) = (make(me), make(peer));
    let ints = Case { kind: "Vector3<i32>", mine: i_mine, theirs: i_theirs };
    let doubles = Case { kind: "Vector3<f64>", mine: d_mine, theirs: d_theirs };
    let particles = Case { kind: "particle + bonds", mine: p_mine, theirs: p_theirs };
    let mut rows = sizes(world, &ints)?;
    rows.extend(sizes(world, &doubles)?);
    rows.extend(sizes(world, &particles)?);
    let mut buffer = Vec::new();
    for _ in 0..samples {
        let mut row = rows.iter_mut();
        for &encoding in <Vector3<i32>>::ENCODINGS {
            let us = time(world, &ints, encoding, reps, &mut buffer)?;
            row.next().expect("a row per encoding").us_per_exchange.push(us);
        }
        for &encoding in <Vector3<f64>>::ENCODINGS {
            let us = time(world, &doubles, encoding, reps, &mut buffer)?;
            row.next().expect("a row per encoding").us_per_exchange.push(us);
        }
        for &encoding in Particle::ENCODINGS {
            let us = time(world, &particles, encoding, reps, &mut buffer)?;
            row.next().expect("a row per encoding").us_per_exchange.push(us);
        }
    }
    Ok(rows)
}
