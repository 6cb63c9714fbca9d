//! Adaptors: parallel iterators made from other parallel iterators, one
//! file each. An item-wise adaptor (`map`, `filter`...) wraps the consumer,
//! and its folder hands the whole chunk's iterator to the inner folder's
//! `consume_iter` as one `Iterator` chain (`iter.map(f)`), so a chunk body
//! stays code LLVM vectorizes. Positional adaptors (`zip`, `enumerate`...)
//! wrap the producer.

mod fold;
mod map;
mod try_fold;
mod zip;

pub use fold::{Fold, FoldWith};
mod blocks;
mod chunk_producer;
mod chunks;
mod enumerate;
mod fold_chunks;
mod fold_chunks_with;
mod interleave;
mod interleave_shortest;
mod len_limits;
mod multizip;
mod positions;
mod rev;
mod skip;
mod step_by;
mod take;
mod zip_eq;

pub use map::Map;
pub use try_fold::{TryFold, TryFoldWith};
pub use zip::Zip;

pub use blocks::{ExponentialBlocks, UniformBlocks};
pub use chunks::Chunks;
pub use enumerate::Enumerate;
pub use fold_chunks::FoldChunks;
pub use fold_chunks_with::FoldChunksWith;
pub use interleave::Interleave;
pub use interleave_shortest::InterleaveShortest;
pub use len_limits::{MaxLen, MinLen};
pub use multizip::MultiZip;
pub use positions::Positions;
pub use rev::Rev;
pub use skip::Skip;
pub use step_by::StepBy;
pub use take::Take;
pub use zip_eq::ZipEq;
