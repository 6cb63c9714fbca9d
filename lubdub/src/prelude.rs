//! The traits that give slices, strings, vectors and ranges their parallel
//! methods:
//! `use lubdub::prelude::*;`, as `use rayon::prelude::*;`.
//!
//! ```
//! use lubdub::prelude::*;
//!
//! let mut v = vec![3, 1, 2];
//! v.par_sort();
//! assert_eq!(v.par_iter().sum::<i32>(), 6);
//! ```

pub use crate::iter::{
    FromParallelIterator, IndexedParallelIterator, IntoParallelIterator, IntoParallelRefIterator,
    IntoParallelRefMutIterator, ParallelBridge, ParallelExtend, ParallelIterator,
};
pub use crate::iter::{ParallelDrainFull, ParallelDrainRange};
pub use crate::slice::{ParallelSlice, ParallelSliceMut};
pub use crate::str::ParallelString;
