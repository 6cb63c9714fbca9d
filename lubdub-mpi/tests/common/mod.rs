//! A small harness for tests that run as two MPI ranks: the binary starts
//! itself under `mpiexec -n 2`, both ranks run the same tests in the same
//! order, and a failure on either rank ends the whole run (a rank that
//! went on alone would wait for the other forever).
#![allow(dead_code)] // each test binary uses a different subset

use std::panic::AssertUnwindSafe;

use lubdub_mpi::{Comm, Mpi};

/// The ranks every test runs with.
pub const RANKS: u32 = 2;

/// The pool sizes each rank's work runs under.
pub const THREADS: [usize; 3] = [1, 2, 8];

/// A named test; both ranks run it.
pub type Test = (&'static str, fn(&Comm));

/// Runs `tests` on two ranks: restarts this binary under `mpiexec` first
/// when no launcher started it. Exits the process.
pub fn main(tests: &[Test]) -> ! {
    match lubdub_mpi::launch::relaunch(RANKS) {
        Ok(Some(status)) => std::process::exit(status.code().unwrap_or(1)),
        Ok(None) => {}
        Err(error) => {
            eprintln!("cannot start mpiexec: {error} (scripts/install-mpi.sh installs MPICH)");
            std::process::exit(1);
        }
    }
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let mpi = lubdub_mpi::init().expect("MPI starts at MPI_THREAD_MULTIPLE");
    let world = mpi.world();
    assert_eq!(world.size(), RANKS as i32, "run under mpiexec -n {RANKS}");
    let mut passed = 0;
    for (name, test) in tests {
        if !filter.is_empty() && !filter.iter().any(|f| name.contains(f.as_str())) {
            continue;
        }
        if let Err(panic) = std::panic::catch_unwind(AssertUnwindSafe(|| test(world))) {
            let message = panic
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| panic.downcast_ref::<&str>().copied())
                .unwrap_or("a panic");
            eprintln!("rank {}: test {name} ... FAILED: {message}", world.rank());
            println!("0 passed, 1 failed");
            // The other rank may wait for this one: end the whole run.
            std::process::exit(1);
        }
        world.barrier().expect("both ranks finish each test");
        if world.rank() == 0 {
            println!("test {name} ... ok");
        }
        passed += 1;
    }
    finish(mpi, passed)
}

/// Finalizes MPI and prints the summary line (rank 0).
pub fn finish(mpi: Mpi, passed: usize) -> ! {
    let rank = mpi.world().rank();
    drop(mpi);
    if rank == 0 {
        println!("{passed} passed, 0 failed");
    }
    std::process::exit(0)
}

/// A pool of `threads` threads.
pub fn pool(threads: usize) -> lubdub::ThreadPool {
    lubdub::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a test pool")
}

/// A small deterministic generator (splitmix64): both ranks draw the same
/// numbers from the same seed, so each can compute what every rank sends.
pub struct Draw(u64);

impl Draw {
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A length: often 0 or 1, else up to `max`.
    pub fn len(&mut self, max: usize) -> usize {
        match self.next() % 4 {
            0 => 0,
            1 => 1,
            _ => (self.next() % (max as u64 + 1)) as usize,
        }
    }

    pub fn vec<T>(&mut self, n: usize, mut item: impl FnMut(u64) -> T) -> Vec<T> {
        (0..n).map(|_| item(self.next())).collect()
    }
}
