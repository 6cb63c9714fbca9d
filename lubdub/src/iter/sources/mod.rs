//! Sources: the indexed parallel iterators everything else is built on.

pub mod chunks;
pub mod range;
pub mod slice;
