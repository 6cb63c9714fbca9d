//! LEB128 variable-length integers: seven bits per byte, low bits first, the
//! high bit set on every byte but the last. A length below 128 takes one
//! byte, below 16,384 two, where a `u64` length header takes eight.

use crate::compact::DecodeError;

/// The most bytes a `u64` takes.
///
/// ```
/// let mut out = Vec::new();
/// lubdub_mpi::varint::write(u64::MAX, &mut out);
/// assert_eq!(out.len(), lubdub_mpi::varint::MAX_LEN);
/// ```
pub const MAX_LEN: usize = 10;

/// Appends `value` to `out`, in 1 to [`MAX_LEN`] bytes.
///
/// ```
/// let mut out = Vec::new();
/// lubdub_mpi::varint::write(5, &mut out);
/// lubdub_mpi::varint::write(300, &mut out);
/// assert_eq!(out, [5, 0b1010_1100, 0b10]);
/// ```
pub fn write(mut value: u64, out: &mut Vec<u8>) {
    while value >= 0x80 {
        out.push((value as u8) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// Reads a value from the front of `input` and advances it past.
///
/// ```
/// let mut input: &[u8] = &[0b1010_1100, 0b10, 9];
/// assert_eq!(lubdub_mpi::varint::read(&mut input), Ok(300));
/// assert_eq!(input, [9]);
/// assert!(lubdub_mpi::varint::read(&mut &[0x80][..]).is_err()); // cut short
/// ```
pub fn read(input: &mut &[u8]) -> Result<u64, DecodeError> {
    let mut value: u64 = 0;
    for (index, &byte) in input.iter().enumerate().take(MAX_LEN) {
        let bits = u64::from(byte & 0x7f);
        let shift = 7 * index as u32;
        if shift == 63 && bits > 1 {
            return Err(DecodeError::Overlong);
        }
        value |= bits << shift;
        if byte & 0x80 == 0 {
            *input = &input[index + 1..];
            return Ok(value);
        }
    }
    if input.len() >= MAX_LEN {
        Err(DecodeError::Overlong)
    } else {
        Err(DecodeError::Truncated)
    }
}

/// The bytes [`write`] takes for `value`.
///
/// ```
/// assert_eq!(lubdub_mpi::varint::len(127), 1);
/// assert_eq!(lubdub_mpi::varint::len(128), 2);
/// assert_eq!(lubdub_mpi::varint::len(u64::MAX), lubdub_mpi::varint::MAX_LEN);
/// ```
pub fn len(value: u64) -> usize {
    let bits = 64 - value.leading_zeros() as usize;
    bits.div_ceil(7).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn round_trips(values in proptest::collection::vec(any::<u64>(), 0..50)) {
            let mut out = Vec::new();
            values.iter().for_each(|&v| write(v, &mut out));
            prop_assert_eq!(out.len(), values.iter().map(|&v| len(v)).sum::<usize>());
            let mut input = &out[..];
            for &value in &values {
                prop_assert_eq!(read(&mut input), Ok(value));
            }
            prop_assert!(input.is_empty());
        }

        #[test]
        fn a_cut_value_is_an_error(value in 128u64.., cut in 1usize..MAX_LEN) {
            let mut out = Vec::new();
            write(value, &mut out);
            let cut = cut.min(out.len() - 1);
            prop_assert_eq!(read(&mut &out[..cut]), Err(DecodeError::Truncated));
        }
    }

    #[test]
    fn more_than_64_bits_is_an_error() {
        assert_eq!(
            read(
                &mut &[0xff; 9][..]
                    .iter()
                    .copied()
                    .chain([0x02])
                    .collect::<Vec<_>>()[..]
            ),
            Err(DecodeError::Overlong)
        );
        assert_eq!(read(&mut &[0x80; 11][..]), Err(DecodeError::Overlong));
        let mut max = Vec::new();
        write(u64::MAX, &mut max);
        assert_eq!(read(&mut &max[..]), Ok(u64::MAX));
    }
}
