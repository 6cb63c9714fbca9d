//! A compact encoding for records that cannot be plain old data because
//! they own a list (a particle and its bonds): the record's fixed part as
//! its raw bytes, then the list's length as a [`varint`](crate::varint)
//! (one byte below 128 items) and the list's raw bytes. A message of
//! records starts with their number, also a varint. No field names, no
//! version numbers, no 8-byte lengths: this is what ESPResSo's "compact
//! vectors" and bitwise-serializable particles achieved by hand.

use std::fmt;

use bytemuck::Pod;

use crate::varint;

/// A record with a fixed-size part and a list, for [`encode`] and
/// [`decode`].
///
/// ```
/// use bytemuck::{Pod, Zeroable};
/// use lubdub_mpi::compact::{self, Record};
///
/// #[derive(Clone, Debug, PartialEq)]
/// struct Atom { position: [f64; 3], id: u32, kind: u32, bonds: Vec<u32> }
///
/// /// What an atom has besides its bonds, with a layout fixed by repr(C).
/// #[repr(C)]
/// #[derive(Clone, Copy, Pod, Zeroable)]
/// struct AtomFixed { position: [f64; 3], id: u32, kind: u32 }
///
/// impl Record for Atom {
///     type Fixed = AtomFixed;
///     type Item = u32;
///     fn fixed(&self) -> AtomFixed {
///         AtomFixed { position: self.position, id: self.id, kind: self.kind }
///     }
///     fn items(&self) -> &[u32] {
///         &self.bonds
///     }
///     fn from_parts(fixed: AtomFixed, bonds: &[u32]) -> Self {
///         Atom { position: fixed.position, id: fixed.id, kind: fixed.kind, bonds: bonds.to_vec() }
///     }
/// }
///
/// let atoms = vec![Atom { position: [0.5; 3], id: 3, kind: 1, bonds: vec![4, 9] }];
/// let mut bytes = Vec::new();
/// compact::encode(&atoms, &mut bytes);
/// assert_eq!(bytes.len(), 1 + 32 + 1 + 8);
/// assert_eq!(compact::decode::<Atom>(&bytes).unwrap(), atoms);
/// ```
pub trait Record: Sized {
    /// The fixed-size part, sent as its bytes (a `#[repr(C)]` struct that
    /// is [`Pod`], so without padding).
    type Fixed: Pod;
    /// The items of the list (not zero-sized: [`encode`] and [`decode`] do
    /// not compile for those).
    type Item: Pod;

    /// The fixed part of `self`.
    fn fixed(&self) -> Self::Fixed;

    /// The list of `self`.
    fn items(&self) -> &[Self::Item];

    /// The record made of a fixed part and a list.
    fn from_parts(fixed: Self::Fixed, items: &[Self::Item]) -> Self;
}

/// Why [`decode`] (or [`varint::read`]) failed.
///
/// ```
/// use lubdub_mpi::compact::DecodeError;
/// assert_eq!(lubdub_mpi::varint::read(&mut &[0xff][..]), Err(DecodeError::Truncated));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// The input ends inside a record or a varint.
    Truncated,
    /// A varint longer than a `u64`.
    Overlong,
    /// Bytes are left after the last record.
    TrailingBytes(usize),
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Truncated => write!(f, "the input ends inside a record"),
            Self::Overlong => write!(f, "a length does not fit 64 bits"),
            Self::TrailingBytes(n) => write!(f, "{n} bytes follow the last record"),
        }
    }
}

impl std::error::Error for DecodeError {}

/// Appends `records` to `out`: their number, then each record's fixed part,
/// list length and list.
///
/// ```
/// # use lubdub_mpi::compact::{self, Record};
/// #[derive(Debug, PartialEq)]
/// struct Polymer { head: [f32; 2], links: Vec<u16> }
/// impl Record for Polymer {
///     type Fixed = [f32; 2];
///     type Item = u16;
///     fn fixed(&self) -> [f32; 2] { self.head }
///     fn items(&self) -> &[u16] { &self.links }
///     fn from_parts(head: [f32; 2], links: &[u16]) -> Self { Polymer { head, links: links.to_vec() } }
/// }
/// let polymers = vec![Polymer { head: [1.0, 2.0], links: vec![7, 8] }];
/// let mut bytes = Vec::new();
/// compact::encode(&polymers, &mut bytes);
/// // 1 (count) + 8 (fixed part) + 1 (list length) + 4 (list): no other byte.
/// assert_eq!(bytes.len(), 14);
/// assert_eq!(compact::decode::<Polymer>(&bytes).unwrap(), polymers);
/// ```
pub fn encode<R: Record>(records: &[R], out: &mut Vec<u8>) {
    const {
        assert!(
            std::mem::size_of::<R::Item>() > 0,
            "list items must have a size"
        )
    };
    out.reserve(encoded_len(records));
    varint::write(records.len() as u64, out);
    for record in records {
        out.extend_from_slice(bytemuck::bytes_of(&record.fixed()));
        let items = record.items();
        varint::write(items.len() as u64, out);
        out.extend_from_slice(bytemuck::cast_slice(items));
    }
}

/// The bytes [`encode`] appends for `records`.
///
/// ```
/// # use lubdub_mpi::compact::{self, Record};
/// # struct Pair([u8; 2]);
/// # impl Record for Pair {
/// #     type Fixed = [u8; 2];
/// #     type Item = u8;
/// #     fn fixed(&self) -> [u8; 2] { self.0 }
/// #     fn items(&self) -> &[u8] { &[] }
/// #     fn from_parts(fixed: [u8; 2], _: &[u8]) -> Self { Pair(fixed) }
/// # }
/// assert_eq!(compact::encoded_len(&[Pair([1, 2]), Pair([3, 4])]), 1 + 2 * (2 + 1));
/// ```
pub fn encoded_len<R: Record>(records: &[R]) -> usize {
    let fixed = std::mem::size_of::<R::Fixed>();
    varint::len(records.len() as u64)
        + records
            .iter()
            .map(|record| {
                let items = record.items();
                fixed + varint::len(items.len() as u64) + std::mem::size_of_val(items)
            })
            .sum::<usize>()
}

/// The records [`encode`] wrote into `bytes`, which must hold nothing else.
///
/// ```
/// # use lubdub_mpi::compact::{self, DecodeError, Record};
/// # #[derive(Debug)]
/// # struct Tagged(u32, Vec<u8>);
/// # impl Record for Tagged {
/// #     type Fixed = u32;
/// #     type Item = u8;
/// #     fn fixed(&self) -> u32 { self.0 }
/// #     fn items(&self) -> &[u8] { &self.1 }
/// #     fn from_parts(fixed: u32, items: &[u8]) -> Self { Tagged(fixed, items.to_vec()) }
/// # }
/// let mut bytes = Vec::new();
/// compact::encode(&[Tagged(9, vec![1, 2, 3])], &mut bytes);
/// assert_eq!(compact::decode::<Tagged>(&bytes[..bytes.len() - 1]).unwrap_err(), DecodeError::Truncated);
/// bytes.push(0);
/// assert_eq!(compact::decode::<Tagged>(&bytes).unwrap_err(), DecodeError::TrailingBytes(1));
/// ```
pub fn decode<R: Record>(bytes: &[u8]) -> Result<Vec<R>, DecodeError> {
    const {
        assert!(
            std::mem::size_of::<R::Item>() > 0,
            "list items must have a size"
        )
    };
    let fixed_size = std::mem::size_of::<R::Fixed>();
    let item_size = std::mem::size_of::<R::Item>();
    let mut input = bytes;
    let n = varint::read(&mut input)?;
    // Each record takes at least its fixed part and one length byte: a
    // count beyond that is a lie, and must not size an allocation.
    let most = input.len() / (fixed_size + 1);
    let mut records = Vec::with_capacity(usize::try_from(n).unwrap_or(usize::MAX).min(most));
    let mut unaligned = Vec::new();
    for _ in 0..n {
        let fixed_bytes = take(&mut input, fixed_size)?;
        let fixed = bytemuck::pod_read_unaligned(fixed_bytes);
        let len = varint::read(&mut input)?;
        let list_size = usize::try_from(len)
            .ok()
            .and_then(|len| len.checked_mul(item_size))
            .ok_or(DecodeError::Truncated)?;
        let list_bytes = take(&mut input, list_size)?;
        let items = match bytemuck::try_cast_slice(list_bytes) {
            Ok(items) => items,
            Err(_) => {
                unaligned.clear();
                unaligned.extend(
                    list_bytes
                        .chunks_exact(item_size)
                        .map(bytemuck::pod_read_unaligned::<R::Item>),
                );
                &unaligned[..]
            }
        };
        records.push(R::from_parts(fixed, items));
    }
    if input.is_empty() {
        Ok(records)
    } else {
        Err(DecodeError::TrailingBytes(input.len()))
    }
}

/// The first `n` bytes of `input`, which moves past them.
fn take<'a>(input: &mut &'a [u8], n: usize) -> Result<&'a [u8], DecodeError> {
    if input.len() < n {
        return Err(DecodeError::Truncated);
    }
    let (head, rest) = input.split_at(n);
    *input = rest;
    Ok(head)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A record whose fixed part is not aligned in the encoding (13 bytes
    /// before the first list) and whose items are 8 bytes wide.
    #[derive(Clone, Debug, PartialEq)]
    struct Chain {
        head: [u8; 12],
        links: Vec<u64>,
    }

    impl Record for Chain {
        type Fixed = [u8; 12];
        type Item = u64;
        fn fixed(&self) -> [u8; 12] {
            self.head
        }
        fn items(&self) -> &[u64] {
            &self.links
        }
        fn from_parts(head: [u8; 12], links: &[u64]) -> Self {
            Chain {
                head,
                links: links.to_vec(),
            }
        }
    }

    fn chains() -> impl Strategy<Value = Vec<Chain>> {
        let chain = (
            any::<[u8; 12]>(),
            proptest::collection::vec(any::<u64>(), 0..300),
        )
            .prop_map(|(head, links)| Chain { head, links });
        proptest::collection::vec(chain, 0..20)
    }

    proptest! {
        #[test]
        fn decode_inverts_encode(chains in chains()) {
            let mut bytes = Vec::new();
            encode(&chains, &mut bytes);
            prop_assert_eq!(bytes.len(), encoded_len(&chains));
            prop_assert_eq!(decode::<Chain>(&bytes), Ok(chains));
        }

        #[test]
        fn a_cut_encoding_is_an_error(chains in chains(), cut in any::<prop::sample::Index>()) {
            let mut bytes = Vec::new();
            encode(&chains, &mut bytes);
            let cut = cut.index(bytes.len());
            prop_assert!(decode::<Chain>(&bytes[..cut]).is_err());
        }

        #[test]
        fn arbitrary_bytes_decode_or_fail_without_panicking(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
            if let Ok(chains) = decode::<Chain>(&bytes) {
                let mut again = Vec::new();
                encode(&chains, &mut again);
                prop_assert_eq!(decode::<Chain>(&again), Ok(chains));
            }
        }
    }

    #[test]
    fn a_huge_count_allocates_nothing_and_fails() {
        let mut bytes = Vec::new();
        varint::write(u64::MAX, &mut bytes);
        assert_eq!(decode::<Chain>(&bytes), Err(DecodeError::Truncated));
        let mut one = Vec::new();
        varint::write(1, &mut one);
        one.extend_from_slice(&[0; 12]);
        varint::write(u64::MAX / 2, &mut one);
        assert_eq!(decode::<Chain>(&one), Err(DecodeError::Truncated));
    }
}
