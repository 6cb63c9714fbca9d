//! [`init`]: MPI at the thread level a lubdub pool needs, and [`Mpi`], the
//! handle whose drop says goodbye to the other ranks and finalizes MPI.

use std::fmt;

use mpi::environment::Universe;
use mpi::Threading;

use crate::comm::Comm;

/// MPI, initialised by [`init`]; dropping it finalizes MPI (after telling
/// the other ranks, so that a rank that leaves early gives them
/// [`crate::Error::PeerExited`] instead of a hang).
///
/// ```
/// let mpi = lubdub_mpi::init().unwrap();
/// assert!(format!("{mpi:?}").contains("rank"));
/// drop(mpi); // MPI is finalized: it cannot start again in this process
/// assert!(lubdub_mpi::init().is_err());
/// ```
pub struct Mpi {
    // Dropped before `universe`, whose drop finalizes MPI.
    world: Comm,
    universe: Universe,
}

/// Why [`init`] failed.
///
/// ```
/// use lubdub_mpi::{mpi::Threading, InitError};
/// let error = InitError::ThreadLevel { provided: Threading::Funneled };
/// assert!(error.to_string().contains("MPI_THREAD_MULTIPLE"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InitError {
    /// MPI was initialised already (by this crate or by rsmpi directly).
    AlreadyInitialized,
    /// The MPI library cannot let several threads call it at once
    /// (`MPI_THREAD_MULTIPLE`): it offers only `provided`.
    ThreadLevel {
        /// The level the library gave.
        provided: Threading,
    },
}

impl fmt::Display for InitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::AlreadyInitialized => write!(f, "MPI is initialised already"),
            Self::ThreadLevel { provided } => write!(
                f,
                "the MPI library provides the thread level {provided:?}, but a lubdub pool \
                 needs Multiple (MPI_THREAD_MULTIPLE): any worker may call MPI, and one that \
                 waits runs other jobs that may call MPI too. Use an MPI library built with \
                 thread support (MPICH's and Open MPI's packages are)"
            ),
        }
    }
}

impl std::error::Error for InitError {}

/// Initialises MPI for a program whose MPI calls come from the threads of a
/// lubdub pool: `MPI_THREAD_MULTIPLE`, since any worker may call MPI and a
/// worker that waits for a message runs other jobs meanwhile (which may call
/// MPI too). Fails with a clear error if the library offers less, or if MPI
/// is initialised already. Run outside `mpiexec`, the program is a world of
/// one rank.
///
/// ```
/// let mpi = lubdub_mpi::init().unwrap();
/// let world = mpi.world();
/// assert!(world.rank() < world.size());
/// assert_eq!(lubdub_mpi::init().unwrap_err(), lubdub_mpi::InitError::AlreadyInitialized);
/// ```
pub fn init() -> Result<Mpi, InitError> {
    let (universe, provided) =
        mpi::initialize_with_threading(Threading::Multiple).ok_or(InitError::AlreadyInitialized)?;
    if provided != Threading::Multiple {
        // Dropping the universe finalizes MPI.
        drop(universe);
        return Err(InitError::ThreadLevel { provided });
    }
    let world = Comm::new(universe.world());
    Ok(Mpi { world, universe })
}

impl Mpi {
    /// Every rank of the program, on a communicator of this crate's own (a
    /// duplicate of `MPI_COMM_WORLD`, so its messages never meet those of
    /// other libraries).
    ///
    /// ```
    /// let mpi = lubdub_mpi::init().unwrap();
    /// let ranks = mpi.world().all_gather(&[mpi.world().rank()]).unwrap();
    /// assert_eq!(ranks, (0..mpi.world().size()).collect::<Vec<_>>());
    /// ```
    pub fn world(&self) -> &Comm {
        &self.world
    }

    /// rsmpi's universe, for what this crate does not offer.
    ///
    /// ```
    /// use lubdub_mpi::mpi::traits::Communicator;
    /// let mpi = lubdub_mpi::init().unwrap();
    /// assert_eq!(mpi.universe().world().size(), mpi.world().size());
    /// ```
    pub fn universe(&self) -> &Universe {
        &self.universe
    }
}

impl fmt::Debug for Mpi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Mpi").field("world", &self.world).finish()
    }
}

impl Drop for Mpi {
    fn drop(&mut self) {
        self.world.say_goodbye();
    }
}
