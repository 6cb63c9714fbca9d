//! lubdub under Rayon's name.
//!
//! This crate is not Rayon. It re-exports everything public in [`lubdub`],
//! so that a `[patch.crates-io]` entry naming it (and `compat/rayon-core`)
//! moves every crate of a dependency tree that uses Rayon onto lubdub's
//! scheduler, without editing their sources. `compat/README.md` shows the
//! patch.
//!
//! The re-export is a glob: what lubdub provides under Rayon's paths
//! (`rayon::join`, `rayon::prelude`, `rayon::iter::plumbing`, ...) is here
//! as soon as lubdub has it, and a Rayon item lubdub lacks shows up as a
//! compile error in the crate that names it. `scripts/rayon-suite.sh` runs
//! Rayon's own tests through this crate to list what is still missing.
//!
//! ```
//! use rayon::prelude::*;
//!
//! let squares: u64 = (1..=100u64).into_par_iter().map(|x| x * x).sum();
//! assert_eq!(squares, 338_350);
//!
//! let (left, right) = rayon::join(|| 6 * 7, || "answer");
//! assert_eq!((left, right), (42, "answer"));
//! ```
#![deny(missing_docs)]

pub use lubdub::*;
