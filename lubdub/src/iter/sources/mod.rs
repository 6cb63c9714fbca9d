//! Sources: the indexed parallel iterators everything else is built on.

pub mod chunks;
pub(crate) mod once;
pub mod slice;
