//! Sources: the indexed parallel iterators everything else is built on.

pub mod range;
