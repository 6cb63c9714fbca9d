//! Plain-old-data slices as the bytes MPI carries: `size_of::<T>() * n`
//! bytes, no header, no serialization.

use bytemuck::Pod;
use mpi::Count;

use crate::Error;

/// The bytes of `items`, if MPI can count them.
pub(crate) fn bytes<T: Pod>(items: &[T]) -> Result<&[u8], Error> {
    count(std::mem::size_of_val(items))?;
    Ok(bytemuck::cast_slice(items))
}

/// The bytes of `items`, writable, if MPI can count them.
pub(crate) fn bytes_mut<T: Pod>(items: &mut [T]) -> Result<&mut [u8], Error> {
    count(std::mem::size_of_val(items))?;
    Ok(bytemuck::cast_slice_mut(items))
}

/// `n` as MPI's count type.
pub(crate) fn count(n: usize) -> Result<Count, Error> {
    Count::try_from(n).map_err(|_| Error::TooLarge { items: n })
}

/// The number of `T` in `bytes` bytes, if it is whole.
pub(crate) fn items_in<T>(bytes: usize) -> Result<usize, Error> {
    let size = std::mem::size_of::<T>();
    if size == 0 {
        return if bytes == 0 {
            Ok(0)
        } else {
            Err(Error::MessageSize {
                expected: 0,
                received: bytes,
            })
        };
    }
    if bytes % size == 0 {
        Ok(bytes / size)
    } else {
        Err(Error::MessageSize {
            expected: size,
            received: bytes,
        })
    }
}

/// A vector of `n` zeroed items (every bit pattern is a valid `T`).
pub(crate) fn zeroed<T: Pod>(n: usize) -> Vec<T> {
    vec![T::zeroed(); n]
}
