//! A rank that leaves early: rank 1 drops its `Mpi` (as returning from
//! `main` or a panic would) while rank 0 still expects it in a collective
//! and in a receive. Rank 0 gets `Error::PeerExited` each time, never a
//! hang, and both ranks then finalize MPI and exit cleanly.

mod common;

use std::time::Duration;

use lubdub_mpi::{Error, Reduction};

fn main() {
    if let Some(status) = lubdub_mpi::launch::relaunch(common::RANKS).expect("mpiexec runs") {
        std::process::exit(status.code().unwrap_or(1));
    }
    let mpi = lubdub_mpi::init().expect("MPI starts");
    if mpi.world().rank() == 1 {
        // Long enough for rank 0 to be inside its collective already, so
        // that the farewell ends a wait rather than preventing it.
        std::thread::sleep(Duration::from_millis(200));
        drop(mpi);
        return;
    }
    let world = mpi.world();
    let departed = Error::PeerExited { rank: 1 };
    let mut passed = 0;
    for threads in common::THREADS {
        let pool = common::pool(threads);
        pool.install(|| {
            assert_eq!(
                world.all_reduce(&[1.0f64], Reduction::Sum),
                Err(departed.clone())
            );
            assert_eq!(world.receive::<u8>(1, 0), Err(departed.clone()));
            assert_eq!(world.send(1, 0, &[1u8]), Err(departed.clone()));
            assert_eq!(world.exchange(1, 1, 0, &[1u8]), Err(departed.clone()));
            assert_eq!(world.barrier(), Err(departed.clone()));
            let mut items = vec![0u32; 4];
            assert_eq!(world.broadcast(1, &mut items), Err(departed.clone()));
            assert!(world.has_exited(1));
            assert!(!world.has_exited(0));
        });
        println!("test departed rank gives errors ({threads} threads) ... ok");
        passed += 1;
    }
    common::finish(mpi, passed)
}
