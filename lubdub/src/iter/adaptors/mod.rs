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
pub use map::Map;
pub use try_fold::{TryFold, TryFoldWith};
pub use zip::Zip;
