//! Consumers: what the methods of [`ParallelIterator`](super::ParallelIterator)
//! that end a loop (`for_each`, `sum`, `reduce`, `find_any`...) drive their
//! iterator into, one file each.

pub(super) mod arithmetic;
pub(super) mod find_any;
pub(super) mod find_first_last;
pub(super) mod find_position;
pub(super) mod for_each;
pub(super) mod reduce;
pub(super) mod try_for_each;
pub(super) mod try_reduce;
