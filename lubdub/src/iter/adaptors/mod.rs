//! Adaptors: parallel iterators made from other parallel iterators, one
//! file each. An item-wise adaptor (`map`, `filter`...) wraps the consumer,
//! and its folder hands the whole chunk's iterator to the inner folder's
//! `consume_iter` as one `Iterator` chain (`iter.map(f)`), so a chunk body
//! stays code LLVM vectorizes. Positional adaptors (`zip`, `enumerate`...)
//! wrap the producer.

mod chain;
mod cloned;
mod copied;
mod filter;
mod filter_map;
mod flat_map;
mod flat_map_iter;
mod flatten;
mod flatten_iter;
mod inspect;
mod intersperse;
mod intersperse_consumers;
mod intersperse_producer;
mod itemwise;
mod map;
mod map_init;
mod map_state;
mod map_with;
mod panic_fuse;
mod skip_any;
mod skip_any_while;
mod take_any;
mod take_any_while;
mod update;
mod while_some;
mod zip;

pub use chain::Chain;
pub use cloned::Cloned;
pub use copied::Copied;
pub use filter::Filter;
pub use filter_map::FilterMap;
pub use flat_map::FlatMap;
pub use flat_map_iter::FlatMapIter;
pub use flatten::Flatten;
pub use flatten_iter::FlattenIter;
pub use inspect::Inspect;
pub use intersperse::Intersperse;
pub use map::Map;
pub use map_init::MapInit;
pub use map_with::MapWith;
pub use panic_fuse::PanicFuse;
pub use skip_any::SkipAny;
pub use skip_any_while::SkipAnyWhile;
pub use take_any::TakeAny;
pub use take_any_while::TakeAnyWhile;
pub use update::Update;
pub use while_some::WhileSome;
pub use zip::Zip;
