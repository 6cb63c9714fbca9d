//! The OpenMP direction-optimizing search (`c/bfs.c`), called over FFI on
//! the Rust graph.

use std::ffi::c_int;

use super::csr::Csr;
use super::direction::{ALPHA, BETA};

extern "C" {
    /// `c/bfs.c`: writes all `n` parents of the search from `root`.
    fn lubdub_bench_dobfs_omp(
        offsets: *const u64,
        targets: *const u32,
        n: u32,
        root: u32,
        alpha: u64,
        beta: u64,
        parents: *mut u32,
        threads: c_int,
    );
}

/// Direction-optimizing search from `root` on a team of `threads`.
pub fn dobfs(graph: &Csr, root: u32, threads: c_int) -> Vec<u32> {
    let n = graph.vertices();
    assert!((root as usize) < n, "the root is a vertex");
    let vertices = u32::try_from(n).expect("vertex labels are u32");
    let mut parents = Vec::with_capacity(n);
    // SAFETY: `offsets` has n + 1 entries delimiting lists in `targets` of
    // vertices below n, both live and only read for the call; `parents` has
    // room for n entries, every one of which the C search writes before it
    // returns, so `set_len(n)` exposes initialised values only.
    unsafe {
        lubdub_bench_dobfs_omp(
            graph.offsets().as_ptr(),
            graph.targets().as_ptr(),
            vertices,
            root,
            ALPHA,
            BETA,
            parents.as_mut_ptr(),
            threads,
        );
        parents.set_len(n);
    }
    parents
}
