//! Adaptors: parallel iterators made from another one. Item-wise adaptors
//! (`map`, `filter`, ...) wrap the consumer, so a chunk runs as the same
//! `Iterator` chain as sequential code; position-wise ones (`enumerate`,
//! `zip`) wrap the producer.

mod enumerate;
mod filter;
mod flat_map_iter;
mod fold;
mod itemwise;
mod map;
mod zip;

pub use enumerate::Enumerate;
pub use filter::{Filter, FilterMap};
pub use flat_map_iter::FlatMapIter;
pub use fold::Fold;
pub use map::Map;
pub use zip::Zip;
