//! The encodings of seed 002, side by side: a self-describing serde format
//! (MessagePack with field names), bincode 1 with its default fixed-width
//! integers and 8-byte lengths, postcard's varints, lubdub-mpi's compact
//! records (the fixed part's bytes in either layout, varint list lengths),
//! and plain `Pod` slices with no serialization at all.

use bytemuck::Pod;
use lubdub_mpi::compact;
use lubdub_mpi::Comm;
use serde::de::DeserializeOwned;
use serde::Serialize;

use super::records::{Declared, Particle, Reordered, Vector3, PARTICLE_DATA_BYTES};

/// How items travel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// MessagePack with field names (`rmp_serde::to_vec_named`): every
    /// value carries its type, every struct its field names.
    MessagePack,
    /// bincode 1's defaults: fixed-width integers, `u64` lengths.
    Bincode,
    /// postcard: varint integers and lengths, raw floats.
    Postcard,
    /// lubdub-mpi's compact records, fixed part in declaration order with
    /// `repr(C)` padding.
    CompactDeclared,
    /// lubdub-mpi's compact records, fixed part reordered by size.
    CompactReordered,
    /// A `Pod` slice, sent as its bytes: no serialization.
    Pod,
}

impl Encoding {
    /// The name in tables.
    pub fn name(self) -> &'static str {
        match self {
            Self::MessagePack => "MessagePack (named)",
            Self::Bincode => "bincode 1 (default)",
            Self::Postcard => "postcard (varint)",
            Self::CompactDeclared => "compact, repr(C) declared",
            Self::CompactReordered => "compact, reordered",
            Self::Pod => "Pod (no serialization)",
        }
    }
}

/// What can be sent in the encodings of [`Payload::ENCODINGS`].
pub trait Payload: Clone + PartialEq + Serialize + DeserializeOwned + Send + Sync {
    /// The encodings that apply, in table order.
    const ENCODINGS: &'static [Encoding];

    /// The bytes of data in `self`: what no encoding can do without.
    fn data_bytes(&self) -> usize;

    /// Appends `items` in a layout encoding (`Compact*`).
    fn encode_layout(items: &[Self], encoding: Encoding, out: &mut Vec<u8>);

    /// Reads what [`Payload::encode_layout`] wrote.
    fn decode_layout(bytes: &[u8], encoding: Encoding) -> Result<Vec<Self>, String>;

    /// Exchanges `items` with `peer` as a `Pod` slice, if `Self` is `Pod`.
    fn exchange_pod(world: &Comm, peer: i32, tag: i32, items: &[Self]) -> Option<Result<Vec<Self>, String>>;
}

/// Appends `items` in `encoding` (not [`Encoding::Pod`], which sends the
/// items themselves).
pub fn encode<T: Payload>(items: &[T], encoding: Encoding, out: &mut Vec<u8>) {
    match encoding {
        Encoding::MessagePack => {
            rmp_serde::encode::write_named(out, items).expect("writing to a vector cannot fail")
        }
        Encoding::Bincode => {
            bincode::serialize_into(&mut *out, items).expect("writing to a vector cannot fail")
        }
        Encoding::Postcard => {
            *out = postcard::to_extend(items, std::mem::take(out)).expect("writing to a vector cannot fail")
        }
        Encoding::CompactDeclared | Encoding::CompactReordered | Encoding::Pod => {
            T::encode_layout(items, encoding, out)
        }
    }
}

/// The items `encode` wrote.
pub fn decode<T: Payload>(bytes: &[u8], encoding: Encoding) -> Result<Vec<T>, String> {
    match encoding {
        Encoding::MessagePack => rmp_serde::from_slice(bytes).map_err(|e| e.to_string()),
        Encoding::Bincode => bincode::deserialize(bytes).map_err(|e| e.to_string()),
        Encoding::Postcard => postcard::from_bytes(bytes).map_err(|e| e.to_string()),
        Encoding::CompactDeclared | Encoding::CompactReordered | Encoding::Pod => {
            T::decode_layout(bytes, encoding)
        }
    }
}

/// Sends `items` to `peer` and receives `peer`'s, in `encoding`; returns
/// them and the bytes this rank sent. `buffer` is reused for the encoding.
pub fn exchange<T: Payload>(
    world: &Comm,
    peer: i32,
    tag: i32,
    items: &[T],
    encoding: Encoding,
    buffer: &mut Vec<u8>,
) -> Result<(Vec<T>, usize), String> {
    if encoding == Encoding::Pod {
        if let Some(received) = T::exchange_pod(world, peer, tag, items) {
            return received.map(|r| (r, std::mem::size_of_val(items)));
        }
    }
    buffer.clear();
    encode(items, encoding, buffer);
    let received: Vec<u8> = world.exchange(peer, peer, tag, buffer).map_err(|e| e.to_string())?;
    Ok((decode(&received, encoding)?, buffer.len()))
}

impl<T: Pod + PartialEq + Serialize + DeserializeOwned + Send + Sync> Payload for Vector3<T> {
    const ENCODINGS: &'static [Encoding] = &[
        Encoding::MessagePack,
        Encoding::Bincode,
        Encoding::Postcard,
        Encoding::Pod,
    ];

    fn data_bytes(&self) -> usize {
        std::mem::size_of::<Self>()
    }

    fn encode_layout(items: &[Self], _: Encoding, out: &mut Vec<u8>) {
        out.extend_from_slice(bytemuck::cast_slice(items));
    }

    fn decode_layout(bytes: &[u8], _: Encoding) -> Result<Vec<Self>, String> {
        if bytes.len() % std::mem::size_of::<Self>() != 0 {
            return Err(format!("{} bytes are not whole vectors", bytes.len()));
        }
        Ok(bytemuck::pod_collect_to_vec(bytes))
    }

    fn exchange_pod(world: &Comm, peer: i32, tag: i32, items: &[Self]) -> Option<Result<Vec<Self>, String>> {
        Some(world.exchange(peer, peer, tag, items).map_err(|e| e.to_string()))
    }
}

impl Payload for Particle {
    const ENCODINGS: &'static [Encoding] = &[
        Encoding::MessagePack,
        Encoding::Bincode,
        Encoding::Postcard,
        Encoding::CompactDeclared,
        Encoding::CompactReordered,
    ];

    fn data_bytes(&self) -> usize {
        PARTICLE_DATA_BYTES + std::mem::size_of_val(&self.bonds[..])
    }

    fn encode_layout(items: &[Self], encoding: Encoding, out: &mut Vec<u8>) {
        // The wrappers are the particle itself: a record view, no copy of
        // the data but the encoding's.
        match encoding {
            Encoding::CompactDeclared => compact::encode(as_records::<Declared>(items), out),
            _ => compact::encode(as_records::<Reordered>(items), out),
        }
    }

    fn decode_layout(bytes: &[u8], encoding: Encoding) -> Result<Vec<Self>, String> {
        let error = |e: compact::DecodeError| e.to_string();
        Ok(match encoding {
            Encoding::CompactDeclared => compact::decode::<Declared>(bytes)
                .map_err(error)?
                .into_iter()
                .map(|d| d.0)
                .collect(),
            _ => compact::decode::<Reordered>(bytes)
                .map_err(error)?
                .into_iter()
                .map(|r| r.0)
                .collect(),
        })
    }

    fn exchange_pod(_: &Comm, _: i32, _: i32, _: &[Self]) -> Option<Result<Vec<Self>, String>> {
        None
    }
}

/// `particles` seen as records of one layout.
fn as_records<W: ParticleView>(particles: &[Particle]) -> &[W] {
    // SAFETY: `W` is a `repr(transparent)` wrapper of `Particle`
    // (`ParticleView`'s contract), so a slice of particles is a slice of `W`
    // with the same length and layout.
    unsafe { std::slice::from_raw_parts(particles.as_ptr().cast::<W>(), particles.len()) }
}

/// # Safety
/// Implemented only by `repr(transparent)` wrappers of [`Particle`].
unsafe trait ParticleView: lubdub_mpi::compact::Record {}
// SAFETY: `Declared` is `repr(transparent)` over `Particle`.
unsafe impl ParticleView for Declared {}
// SAFETY: `Reordered` is `repr(transparent)` over `Particle`.
unsafe impl ParticleView for Reordered {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::mpi::records::Draw;

    fn round_trip<T: Payload + std::fmt::Debug>(items: &[T]) {
        for &encoding in T::ENCODINGS {
            let mut bytes = Vec::new();
            encode(items, encoding, &mut bytes);
            assert_eq!(decode::<T>(&bytes, encoding).as_deref(), Ok(items), "{encoding:?}");
            assert!(decode::<T>(&bytes[..bytes.len() - 1], encoding).is_err(), "{encoding:?} cut");
        }
    }

    #[test]
    fn every_encoding_round_trips() {
        let mut draw = Draw::new(1);
        round_trip(&(0..50).map(|_| draw.vector_i32()).collect::<Vec<_>>());
        round_trip(&(0..50).map(|_| draw.vector_f64()).collect::<Vec<_>>());
        round_trip(&(0..50).map(|i| draw.particle(i, 5.0)).collect::<Vec<_>>());
    }

    #[test]
    fn the_layout_encodings_carry_a_byte_of_length_per_short_list() {
        let mut draw = Draw::new(2);
        let particles: Vec<Particle> = (0..10).map(|i| draw.particle(i, 5.0)).collect();
        let bonds: usize = particles.iter().map(|p| 4 * p.bonds.len()).sum();
        for (encoding, fixed) in [(Encoding::CompactDeclared, 104), (Encoding::CompactReordered, 88)] {
            let mut bytes = Vec::new();
            encode(&particles, encoding, &mut bytes);
            assert_eq!(bytes.len(), 1 + 10 * (fixed + 1) + bonds);
        }
    }
}
