//! The parallel prefix scans behind
//! [`ParallelSliceMut::par_scan_inclusive`](super::ParallelSliceMut::par_scan_inclusive)
//! and [`par_scan_exclusive`](super::ParallelSliceMut::par_scan_exclusive),
//! in place, in two passes over blocks:
//!
//! 1. reduce each block to its sum (a parallel loop over the blocks);
//! 2. scan the block sums sequentially (there are few): each block's offset;
//! 3. rescan each block from its offset (a parallel loop again).
//!
//! `op` runs about `2n` times instead of `n`, so on `p` threads the scan
//! takes about `2/p` of the sequential time. The loops of passes 1 and 3
//! are the heartbeat-split driver's: on an idle-free pool they run as
//! sequential chunks. There are about [`BLOCKS_PER_THREAD`] blocks per thread
//! of the pool (a block must exist before a heartbeat can hand it out), of
//! at least [`MIN_BLOCK`] elements; shorter slices are scanned sequentially.

use super::{ParallelSlice, ParallelSliceMut};
use crate::iter::{IndexedParallelIterator, ParallelIterator};

/// Blocks per thread of the pool.
const BLOCKS_PER_THREAD: usize = 4;

/// The least elements in a block: below this, the second pass costs more
/// than the parallelism brings.
const MIN_BLOCK: usize = 1 << 12;

/// Replaces each element by the `op`-sum of it and every element before it.
pub(crate) fn scan_inclusive<T, F>(v: &mut [T], op: &F)
where
    T: Clone + Send + Sync,
    F: Fn(&T, &T) -> T + Sync,
{
    let Some(block) = block_len(v.len()) else {
        return rescan_inclusive(v, None, op);
    };
    let sums = block_sums(v, block, op);
    // offsets[k]: the sum of every block before block k (none before the first).
    let mut offsets: Vec<Option<T>> = Vec::with_capacity(sums.len());
    let mut running: Option<T> = None;
    for sum in &sums {
        offsets.push(running.clone());
        running = Some(running.map_or_else(|| sum.clone(), |r| op(&r, sum)));
    }
    v.par_chunks_mut(block)
        .zip(&offsets)
        .for_each(|(chunk, offset)| rescan_inclusive(chunk, offset.clone(), op));
}

/// Replaces each element by `identity` `op`-summed with every element
/// before it; returns the `op`-sum of `identity` and the whole slice.
pub(crate) fn scan_exclusive<T, F>(v: &mut [T], identity: T, op: &F) -> T
where
    T: Clone + Send + Sync,
    F: Fn(&T, &T) -> T + Sync,
{
    let Some(block) = block_len(v.len()) else {
        return rescan_exclusive(v, identity, op);
    };
    let sums = block_sums(v, block, op);
    let mut offsets = Vec::with_capacity(sums.len());
    let mut running = identity;
    for sum in &sums {
        let next = op(&running, sum);
        offsets.push(std::mem::replace(&mut running, next));
    }
    v.par_chunks_mut(block)
        .zip(&offsets)
        .for_each(|(chunk, offset)| {
            rescan_exclusive(chunk, offset.clone(), op);
        });
    running
}

/// The block length for a slice of `len` elements, or `None` if it is to be
/// scanned sequentially (one block).
fn block_len(len: usize) -> Option<usize> {
    let blocks = BLOCKS_PER_THREAD * crate::current_num_threads();
    let block = len.div_ceil(blocks).max(MIN_BLOCK);
    (block < len).then_some(block)
}

/// The `op`-sum of each block of `block` elements (all non-empty).
fn block_sums<T, F>(v: &[T], block: usize, op: &F) -> Vec<T>
where
    T: Clone + Send + Sync,
    F: Fn(&T, &T) -> T + Sync,
{
    v.par_chunks(block)
        .map(|chunk| {
            let (first, rest) = chunk.split_first().expect("blocks are not empty");
            rest.iter().fold(first.clone(), |acc, x| op(&acc, x))
        })
        .collect()
}

/// The inclusive scan of `v` after `offset` (the sum of what comes before).
fn rescan_inclusive<T: Clone, F: Fn(&T, &T) -> T>(v: &mut [T], offset: Option<T>, op: &F) {
    let mut running = offset;
    for x in v {
        if let Some(r) = &running {
            *x = op(r, x);
        }
        running = Some(x.clone());
    }
}

/// The exclusive scan of `v` from `running`; returns the sum after `v`.
fn rescan_exclusive<T: Clone, F: Fn(&T, &T) -> T>(v: &mut [T], mut running: T, op: &F) -> T {
    for x in v {
        let next = op(&running, x);
        *x = std::mem::replace(&mut running, next);
    }
    running
}
