//! Sources: the indexed parallel iterators everything else is built on.

pub(crate) mod once;
pub(crate) mod par_bridge;
pub(crate) mod repeat;
pub(crate) mod split;
pub(crate) mod walk_tree;
