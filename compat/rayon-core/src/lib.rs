//! lubdub under rayon-core's name.
//!
//! This crate is not rayon-core. It re-exports everything public in
//! [`lubdub`], so that a `[patch.crates-io]` entry naming it (next to
//! `compat/rayon`) puts every crate of a dependency tree that reaches for
//! `rayon_core` directly on the same lubdub pools as those using `rayon`.
//! `compat/README.md` shows the patch.
//!
//! Being a glob, the re-export also carries lubdub's parallel iterators,
//! which rayon-core itself does not have; code written for rayon-core never
//! names them, so they cost it nothing.
//!
//! ```
//! let pool = rayon_core::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
//! let (a, b) = pool.install(|| rayon_core::join(|| 1 + 1, || 2 + 2));
//! assert_eq!(a + b, 6);
//! assert_eq!(pool.current_num_threads(), 2);
//! ```
#![deny(missing_docs)]

pub use lubdub::*;
