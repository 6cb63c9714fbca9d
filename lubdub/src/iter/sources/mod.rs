//! Sources: the indexed parallel iterators everything else is built on.

pub mod chunks;
pub mod range;
pub mod range_inclusive;
pub mod slice;
pub mod vec;
