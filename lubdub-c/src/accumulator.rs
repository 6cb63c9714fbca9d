//! [`Accumulator`]: a reduction's partial result, a C value of a size known
//! only at run time, held inline when it is small.

use std::ffi::c_void;
use std::mem::MaybeUninit;

/// The alignment of every accumulator, C's `alignof(max_align_t)` on the
/// 64-bit targets: any C type fits.
pub(crate) const ACCUMULATOR_ALIGN: usize = 16;

/// A block of [`ACCUMULATOR_ALIGN`] bytes, aligned to it.
#[derive(Clone, Copy)]
#[repr(C, align(16))]
struct Block([MaybeUninit<u8>; ACCUMULATOR_ALIGN]);

/// The blocks an accumulator holds without allocating: 64 bytes, room for
/// any scalar and small structs, so that a reduction of one `double` or
/// `uint64_t` allocates nothing.
const INLINE_BLOCKS: usize = 4;

/// A copy of a reduction's identity, which C then folds indexes into. The
/// bytes are C's; they move with the accumulator (C values are plain data).
pub(crate) struct Accumulator(Storage);

enum Storage {
    Inline([Block; INLINE_BLOCKS]),
    Heap(Box<[Block]>),
}

impl Accumulator {
    /// A copy of the `size` bytes at `identity`.
    ///
    /// # Safety
    /// `identity` is valid for `size` bytes of reads.
    pub(crate) unsafe fn copy_of(identity: *const u8, size: usize) -> Self {
        let blocks = size.div_ceil(ACCUMULATOR_ALIGN);
        let empty = Block([MaybeUninit::uninit(); ACCUMULATOR_ALIGN]);
        let mut accumulator = if blocks <= INLINE_BLOCKS {
            Accumulator(Storage::Inline([empty; INLINE_BLOCKS]))
        } else {
            Accumulator(Storage::Heap(vec![empty; blocks].into_boxed_slice()))
        };
        // SAFETY: the accumulator holds at least `size` bytes, `identity` is
        // readable for `size` (the caller's contract), and a fresh
        // accumulator overlaps nothing.
        unsafe {
            std::ptr::copy_nonoverlapping(identity, accumulator.as_mut_ptr().cast(), size);
        }
        accumulator
    }

    /// The first byte, aligned to [`ACCUMULATOR_ALIGN`].
    pub(crate) fn as_mut_ptr(&mut self) -> *mut c_void {
        match &mut self.0 {
            Storage::Inline(blocks) => blocks.as_mut_ptr().cast(),
            Storage::Heap(blocks) => blocks.as_mut_ptr().cast(),
        }
    }

    /// The first byte, aligned to [`ACCUMULATOR_ALIGN`], for reading.
    pub(crate) fn as_ptr(&self) -> *const c_void {
        match &self.0 {
            Storage::Inline(blocks) => blocks.as_ptr().cast(),
            Storage::Heap(blocks) => blocks.as_ptr().cast(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copy_holds_the_identity_aligned_inline_or_on_the_heap() {
        for size in [1, 8, 63, 64, 65, 1000] {
            let identity: Vec<u8> = (0..size).map(|i| i as u8).collect();
            // SAFETY: `identity` has `size` bytes.
            let copy = unsafe { Accumulator::copy_of(identity.as_ptr(), size) };
            assert_eq!(copy.as_ptr() as usize % ACCUMULATOR_ALIGN, 0);
            assert_eq!(matches!(copy.0, Storage::Inline(_)), size <= 64);
            // SAFETY: the copy holds `size` initialised bytes.
            let bytes = unsafe { std::slice::from_raw_parts(copy.as_ptr().cast::<u8>(), size) };
            assert_eq!(bytes, identity);
        }
    }
}
