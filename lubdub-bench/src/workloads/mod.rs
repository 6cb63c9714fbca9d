//! The workloads: each file holds one experiment with all its variants side
//! by side.

pub mod adaptors;
pub mod alloc;
pub mod fft;
pub mod loops;
pub mod micro;
pub mod nested;
pub mod pools;
pub mod sort;
pub mod tree;
pub mod treesum;
