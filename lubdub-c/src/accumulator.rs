//! The partial results of a loop: C values of a size known only at run time
//! (none for `lubdub_parallel_for`), each behind one pointer. The call's
//! frame holds storage for two of them ([`FrameStorage`]): the root, which
//! the loop's leftmost piece folds into, and a spare, for the right part of
//! the loop's first cut when that part is folded whole and the value fits
//! inline. Any other piece gets a fresh copy of the identity on the heap.
//! Before the bytes, a [`Header`] says whether to free them and where the
//! loop's shared state is, so that a piece's folder is this one pointer.
//!
//! Why one pointer: lubdub's plumbing moves a folder by value at every
//! chunk, and a folder of two words that were just stored one at a time is
//! reloaded in one 16-byte piece, which the CPU cannot forward from the
//! narrower stores. With a two-word folder a 64-index reduction cost about
//! twice what it does with one word; with the value itself inline (64
//! bytes), ten times.
//!
//! Why a spare: a pool of one thread folds every loop as two halves
//! (`fold_halves` in lubdub's plumbing), so every call there needed a second
//! accumulator, and on the heap it cost a `malloc` and a `free`: a fifth of
//! a 64-index reduction's time on one thread (48 ns per call, 38 with the
//! spare, against 24 for the plain loop). On bigger pools a piece split
//! off by a heartbeat still takes the heap: its consumer is cut again before
//! it makes a folder (`lubdub/src/iter/plumbing/one_folder.rs`), and a
//! split costs far more than an allocation anyway.

use std::alloc::{self, Layout};
use std::ffi::c_void;
use std::mem::MaybeUninit;
use std::ptr::NonNull;

/// The alignment of every accumulator, C's `alignof(max_align_t)` on the
/// 64-bit targets: any C type fits.
pub(crate) const ACCUMULATOR_ALIGN: usize = 16;

/// A block of [`ACCUMULATOR_ALIGN`] bytes, aligned to it.
#[derive(Clone, Copy)]
#[repr(C, align(16))]
pub(crate) struct Block([MaybeUninit<u8>; ACCUMULATOR_ALIGN]);

const EMPTY: Block = Block([MaybeUninit::uninit(); ACCUMULATOR_ALIGN]);

/// The block before every accumulator's bytes.
#[repr(C)]
struct Header {
    /// How many blocks to free with the bytes, header included: 0 for the
    /// root, which the caller's frame owns.
    owned_blocks: usize,
    /// The loop's shared state (`ranges.rs`), type-erased.
    shared: *const (),
}

const _: () = assert!(size_of::<Header>() <= size_of::<Block>());

/// The blocks each accumulator in the caller's frame holds: 64 bytes, room
/// for any scalar and small structs, so that a reduction of one `double` or
/// `uint64_t` cut once allocates nothing.
const INLINE_BLOCKS: usize = 4;

/// The storage in the caller's frame that a piece of the loop may use: bits
/// that the loop's consumer moves, never copies, between the parts of a cut
/// (`ranges.rs`), so that each reaches one piece at most.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Slots(u8);

impl Slots {
    /// The root storage: the leftmost piece's.
    const ROOT: u8 = 1;
    /// The spare storage: it stays with the right part at every cut.
    const SPARE: u8 = 2;
    /// What the consumer of the whole loop holds.
    pub(crate) const ALL: Slots = Slots(Self::ROOT | Self::SPARE);

    /// What the left part of a cut gets: the root, if these hold it.
    pub(crate) fn left_part(self) -> Slots {
        Slots(self.0 & Self::ROOT)
    }

    /// What the right part of a cut keeps: the spare, if these hold it.
    pub(crate) fn right_part(self) -> Slots {
        Slots(self.0 & Self::SPARE)
    }

    fn has(self, slot: u8) -> bool {
        self.0 & slot != 0
    }
}

/// The blocks that hold `size` bytes after a header.
fn blocks_for(size: usize) -> usize {
    1 + size.div_ceil(ACCUMULATOR_ALIGN)
}

/// The storage of two accumulators in the frame of the call. The root's:
/// inline blocks, or for a value of more than their 64 bytes, blocks on the
/// heap; both fields rather than an enum of the two, so that a comparison
/// of the size picks the storage and nothing else runs at each call. The
/// spare's: inline blocks, used only by a value that fits them.
pub(crate) struct FrameStorage {
    root_inline: [Block; 1 + INLINE_BLOCKS],
    root_heap: Option<Box<[Block]>>,
    spare: [Block; 1 + INLINE_BLOCKS],
}

impl FrameStorage {
    /// Room for a header and `size` bytes at the root, and at the spare if
    /// they fit inline.
    #[inline]
    pub(crate) fn new(size: usize) -> Self {
        FrameStorage {
            root_inline: [EMPTY; 1 + INLINE_BLOCKS],
            root_heap: (!fits_inline(size)).then(|| heap_blocks(size)),
            spare: [EMPTY; 1 + INLINE_BLOCKS],
        }
    }

    /// The root's header and, if the value fits inline, the spare's.
    fn headers(&mut self) -> (NonNull<Block>, Option<NonNull<Block>>) {
        match &mut self.root_heap {
            Some(blocks) => (NonNull::from(&mut blocks[..]).cast(), None),
            None => (
                NonNull::from(&mut self.root_inline).cast(),
                Some(NonNull::from(&mut self.spare).cast()),
            ),
        }
    }
}

/// True when `size` bytes fit an accumulator's inline blocks.
fn fits_inline(size: usize) -> bool {
    size <= INLINE_BLOCKS * ACCUMULATOR_ALIGN
}

/// Blocks on the heap for a header and `size` bytes, out of line: only a
/// value of more than 64 bytes needs them.
#[cold]
#[inline(never)]
fn heap_blocks(size: usize) -> Box<[Block]> {
    vec![EMPTY; blocks_for(size)].into_boxed_slice()
}

/// Hands out the accumulators of one loop: the frame's storage to the
/// pieces that the loop's consumer gives its [`Slots`] (`ranges.rs`), a
/// heap copy of the identity to every other.
pub(crate) struct Accumulators {
    identity: *const u8,
    size: usize,
    /// The root's header.
    root: NonNull<Block>,
    /// The spare's header, when the value fits it.
    spare: Option<NonNull<Block>>,
}

// SAFETY: `identity` is only read (the caller's contract: readable for the
// whole call from any thread), and the root and the spare are each handed
// out once at most (`take`'s contract).
unsafe impl Sync for Accumulators {}

impl Accumulators {
    /// Accumulators of `size` bytes starting as copies of `identity` (which
    /// may be NULL when `size` is 0), in `frame` where [`take`](Self::take)
    /// is given its slots.
    ///
    /// # Safety
    /// `identity` is readable for `size` bytes, and `frame` was made for
    /// `size` bytes and is neither moved nor used otherwise, for as long as
    /// this or an accumulator it hands out lives.
    pub(crate) unsafe fn new(identity: *const u8, size: usize, frame: &mut FrameStorage) -> Self {
        let (root, spare) = frame.headers();
        Accumulators {
            identity,
            size,
            root,
            spare,
        }
    }

    /// An accumulator holding a copy of the identity, whose header points to
    /// `shared`: the root if `slots` hold it, else the spare if they hold it
    /// and the value fits it, else a fresh one. The loop passes each slot to
    /// one piece at most. No atomic read-modify-write here: one cost a
    /// quarter of a short loop. Inlined into every folder's start, the heap
    /// out of line.
    #[inline]
    pub(crate) fn take(&self, slots: Slots, shared: *const ()) -> Accumulator {
        if slots.has(Slots::ROOT) {
            // SAFETY: the root has room for `size` bytes after its header
            // (`new`'s contract), and only one piece holds its slot.
            unsafe { self.fill(self.root, 0, shared) }
        } else if let (true, Some(spare)) = (slots.has(Slots::SPARE), self.spare) {
            // SAFETY: the spare has room for `size` bytes after its header
            // (`new` keeps it only then), and only one piece holds its slot.
            unsafe { self.fill(spare, 0, shared) }
        } else {
            self.take_fresh(shared)
        }
    }

    /// [`take`](Self::take) for a piece with neither slot: an accumulator
    /// on the heap.
    #[cold]
    #[inline(never)]
    fn take_fresh(&self, shared: *const ()) -> Accumulator {
        let (header, owned_blocks) = self.allocate();
        // SAFETY: fresh blocks with room for `size` bytes after the header,
        // which no one else uses.
        unsafe { self.fill(header, owned_blocks, shared) }
    }

    /// Writes the header (`owned_blocks`, `shared`) at `header` and a copy
    /// of the identity after it.
    ///
    /// # Safety
    /// `header` starts a run of blocks with room for `size` bytes after it,
    /// which the accumulator made here alone uses.
    #[inline]
    unsafe fn fill(
        &self,
        header: NonNull<Block>,
        owned_blocks: usize,
        shared: *const (),
    ) -> Accumulator {
        // SAFETY: `header` has room for a header and `size` bytes after it
        // (the caller's contract); `identity` is readable for `size` bytes
        // (`new`'s) and is not one of them.
        unsafe {
            header.cast::<Header>().write(Header {
                owned_blocks,
                shared,
            });
            let bytes = header.add(1);
            if self.size > 0 {
                copy_value(self.identity, bytes.as_ptr().cast(), self.size);
            }
            Accumulator(bytes)
        }
    }

    /// Fresh heap blocks for a header and `size` bytes, and their count.
    fn allocate(&self) -> (NonNull<Block>, usize) {
        let blocks = blocks_for(self.size);
        let layout = block_layout(blocks);
        // SAFETY: the layout has a nonzero size (a header block at least).
        let header = unsafe { alloc::alloc(layout) }.cast::<Block>();
        match NonNull::new(header) {
            Some(header) => (header, blocks),
            None => alloc::handle_alloc_error(layout),
        }
    }
}

fn block_layout(blocks: usize) -> Layout {
    Layout::array::<Block>(blocks).expect("an accumulator small enough to allocate")
}

/// Copies a C value of `size` bytes from `from` to `to`, without a call to
/// `memcpy` for the sizes of C's scalars, whose reductions are the short
/// ones where a call shows.
///
/// # Safety
/// `from` is readable and `to` writable for `size` bytes, and they do not
/// overlap.
#[inline]
pub(crate) unsafe fn copy_value(from: *const u8, to: *mut u8, size: usize) {
    // SAFETY: the caller's contract; unaligned accesses need no alignment.
    unsafe {
        match size {
            4 => to
                .cast::<u32>()
                .write_unaligned(from.cast::<u32>().read_unaligned()),
            8 => to
                .cast::<u64>()
                .write_unaligned(from.cast::<u64>().read_unaligned()),
            16 => to
                .cast::<u128>()
                .write_unaligned(from.cast::<u128>().read_unaligned()),
            _ => std::ptr::copy_nonoverlapping(from, to, size),
        }
    }
}

/// One piece's partial result: a pointer to its bytes, aligned to
/// [`ACCUMULATOR_ALIGN`], after their [`Header`].
pub(crate) struct Accumulator(NonNull<Block>);

// SAFETY: an accumulator owns its bytes (the root's by being the one handed
// them), which are plain data; the shared state it points to is `Sync`
// (`ranges.rs`).
unsafe impl Send for Accumulator {}

impl Accumulator {
    /// The first byte.
    pub(crate) fn as_mut_ptr(&mut self) -> *mut c_void {
        self.0.as_ptr().cast()
    }

    /// The first byte, for reading.
    pub(crate) fn as_ptr(&self) -> *const c_void {
        self.0.as_ptr().cast_const().cast()
    }

    /// The loop's shared state, as `take` was given it.
    pub(crate) fn shared(&self) -> *const () {
        self.header().shared
    }

    fn header(&self) -> &Header {
        // SAFETY: every accumulator's bytes follow a header written by
        // `take`, which lives as long as they do.
        unsafe { self.0.sub(1).cast::<Header>().as_ref() }
    }
}

impl Drop for Accumulator {
    fn drop(&mut self) {
        let blocks = self.header().owned_blocks;
        if blocks > 0 {
            // SAFETY: allocated by `Accumulators::allocate` with this layout
            // (its header counts the blocks), freed once, here.
            unsafe { alloc::dealloc(self.0.sub(1).as_ptr().cast(), block_layout(blocks)) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_accumulator_holds_the_identity_aligned() {
        let shared = 7u8;
        let shared = std::ptr::from_ref(&shared).cast::<()>();
        for size in [0, 1, 8, 63, 64, 65, 1000] {
            let identity: Vec<u8> = (0..size).map(|i| i as u8).collect();
            let mut frame = FrameStorage::new(size);
            assert_eq!(frame.root_heap.is_none(), size <= 64);
            // SAFETY: `identity` has `size` bytes, `frame` room for them,
            // and both outlive the accumulators.
            let accumulators = unsafe { Accumulators::new(identity.as_ptr(), size, &mut frame) };
            let all = Slots::ALL;
            let root = accumulators.take(all.left_part(), shared);
            let spare = accumulators.take(all.right_part(), shared);
            let fresh = accumulators.take(all.right_part().left_part(), shared);
            assert_eq!(root.header().owned_blocks, 0);
            let spare_blocks = if size <= 64 { 0 } else { blocks_for(size) };
            assert_eq!(spare.header().owned_blocks, spare_blocks);
            assert_eq!(fresh.header().owned_blocks, blocks_for(size));
            let pointers = [root.as_ptr(), spare.as_ptr(), fresh.as_ptr()];
            assert!(pointers[0] != pointers[1] && pointers[1] != pointers[2]);
            assert!(pointers[0] != pointers[2]);
            for accumulator in [&root, &spare, &fresh] {
                assert_eq!(accumulator.as_ptr() as usize % ACCUMULATOR_ALIGN, 0);
                assert_eq!(accumulator.shared(), shared);
                // SAFETY: the accumulator holds `size` initialised bytes.
                let bytes =
                    unsafe { std::slice::from_raw_parts(accumulator.as_ptr().cast::<u8>(), size) };
                assert_eq!(bytes, identity);
            }
        }
    }

    #[test]
    fn each_slot_reaches_one_part_of_a_cut() {
        let all = Slots::ALL;
        assert_eq!(all.left_part(), Slots(Slots::ROOT));
        assert_eq!(all.right_part(), Slots(Slots::SPARE));
        for part in [all.left_part(), all.right_part()] {
            assert_eq!(part.left_part().0 & part.right_part().0, 0);
            assert_eq!(part.left_part().0 | part.right_part().0, part.0);
        }
    }
}
