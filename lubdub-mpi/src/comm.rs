//! [`Comm`]: a communicator whose operations wait by running lubdub work,
//! and the goodbye that lets the other ranks tell a departed rank from a
//! slow one.
//!
//! A rank that leaves (its [`crate::Mpi`] is dropped: `main` returned, or a
//! panic unwound) sends an empty message with the tag [`FAREWELL_TAG`] to
//! every other rank, then waits for theirs before finalizing MPI. A rank
//! that waits for a message from a departed rank, or for a collective's
//! agreement on lengths, notices the farewell and returns
//! [`Error::PeerExited`] instead of waiting forever.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

use mpi::topology::SimpleCommunicator;
use mpi::traits::{Communicator, Destination, Source};

use crate::Error;

/// The largest tag a user may give is one below this: the tag of the
/// farewell message, reserved. (MPI guarantees tags up to 32767.)
///
/// ```
/// let mpi = lubdub_mpi::init().unwrap();
/// let tag = lubdub_mpi::MAX_TAG;
/// assert_eq!(mpi.world().send(0, tag, &[0u8]), Err(lubdub_mpi::Error::Tag(tag)));
/// ```
pub const MAX_TAG: i32 = FAREWELL_TAG;

/// The tag of the goodbye a leaving rank sends to every other rank.
pub(crate) const FAREWELL_TAG: i32 = 32767;

/// The ranks of a communicator, with sends, receives and collectives of
/// plain-old-data slices ([`bytemuck::Pod`]) that wait by running the lubdub
/// pool's other work (see [`lubdub::wait_until`]).
///
/// Point-to-point operations may be called from any thread, concurrently.
/// Collectives must be called in the same order on every rank, so on each
/// rank from one thread at a time (as MPI requires).
///
/// ```
/// use lubdub::prelude::*;
/// let mpi = lubdub_mpi::init().unwrap();
/// let world = mpi.world();
/// // Sends from several workers of a pool at once, each to itself.
/// let pool = lubdub::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
/// let me = world.rank();
/// let echoed: Vec<i32> = pool.install(|| {
///     (0..8).into_par_iter().map(|tag| world.exchange(me, me, tag, &[tag]).unwrap()[0]).collect()
/// });
/// assert_eq!(echoed, (0..8).collect::<Vec<_>>());
/// ```
pub struct Comm {
    raw: SimpleCommunicator,
    rank: i32,
    size: i32,
    /// `departed[r]`: rank `r`'s farewell has arrived.
    departed: Vec<AtomicBool>,
}

// SAFETY: `init` accepts only MPI_THREAD_MULTIPLE, at which MPI allows any
// thread to call it with any communicator, concurrently. (MPICH's handles
// are integers, which are Send and Sync already; Open MPI's are pointers.)
unsafe impl Send for Comm {}
// SAFETY: as for `Send`; the rest of the state is atomics.
unsafe impl Sync for Comm {}

impl fmt::Debug for Comm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Comm")
            .field("rank", &self.rank)
            .field("size", &self.size)
            .finish_non_exhaustive()
    }
}

impl Comm {
    /// A communicator of this crate's own over the ranks of `comm`.
    pub(crate) fn new(comm: SimpleCommunicator) -> Self {
        let raw = comm.duplicate();
        let (rank, size) = (raw.rank(), raw.size());
        let departed = (0..size).map(|_| AtomicBool::new(false)).collect();
        Self {
            raw,
            rank,
            size,
            departed,
        }
    }

    /// This rank's number, in `0..size()`.
    ///
    /// ```
    /// let mpi = lubdub_mpi::init().unwrap();
    /// assert!((0..mpi.world().size()).contains(&mpi.world().rank()));
    /// ```
    pub fn rank(&self) -> i32 {
        self.rank
    }

    /// The number of ranks.
    ///
    /// ```
    /// let mpi = lubdub_mpi::init().unwrap();
    /// assert!(mpi.world().size() >= 1);
    /// ```
    pub fn size(&self) -> i32 {
        self.size
    }

    /// rsmpi's communicator underneath, for what this crate does not offer.
    /// Messages sent on it with tags at or above [`MAX_TAG`] confuse the
    /// goodbye protocol.
    ///
    /// ```
    /// use lubdub_mpi::mpi::traits::Communicator;
    /// let mpi = lubdub_mpi::init().unwrap();
    /// assert_eq!(mpi.world().raw().size(), mpi.world().size());
    /// ```
    pub fn raw(&self) -> &SimpleCommunicator {
        &self.raw
    }

    /// Whether rank `rank` has left (its farewell has been seen).
    ///
    /// ```
    /// let mpi = lubdub_mpi::init().unwrap();
    /// assert!(!mpi.world().has_exited(mpi.world().rank()));
    /// ```
    pub fn has_exited(&self, rank: i32) -> bool {
        self.note_departures();
        self.is_departed(rank)
    }

    pub(crate) fn check_rank(&self, rank: i32) -> Result<(), Error> {
        if (0..self.size).contains(&rank) {
            Ok(())
        } else {
            Err(Error::Rank(rank))
        }
    }

    pub(crate) fn check_tag(tag: i32) -> Result<(), Error> {
        if (0..MAX_TAG).contains(&tag) {
            Ok(())
        } else {
            Err(Error::Tag(tag))
        }
    }

    /// Fails if `rank` has left.
    pub(crate) fn check_present(&self, rank: i32) -> Result<(), Error> {
        self.note_departures();
        if self.is_departed(rank) {
            Err(Error::PeerExited { rank })
        } else {
            Ok(())
        }
    }

    /// The first departed rank, if any has left.
    pub(crate) fn first_departed(&self) -> Option<i32> {
        (0..self.size).find(|&rank| self.is_departed(rank))
    }

    pub(crate) fn is_departed(&self, rank: i32) -> bool {
        usize::try_from(rank)
            .ok()
            .and_then(|index| self.departed.get(index))
            .is_some_and(|departed| departed.load(Ordering::Acquire))
    }

    /// Receives the farewells that have arrived and marks their senders.
    pub(crate) fn note_departures(&self) {
        let anyone = self.raw.any_process();
        while let Some((message, status)) = anyone.immediate_matched_probe_with_tag(FAREWELL_TAG) {
            message.matched_receive_into(&mut [0u8; 0][..]);
            self.departed[status.source_rank() as usize].store(true, Ordering::Release);
        }
    }

    /// Tells every other rank that this one leaves, then waits until each
    /// has left too (so that no farewell is in flight when MPI finalizes).
    pub(crate) fn say_goodbye(&self) {
        let others: Vec<i32> = (0..self.size).filter(|&r| r != self.rank).collect();
        let empty: [u8; 0] = [];
        mpi::request::scope(|scope| {
            let sends: Vec<_> = others
                .iter()
                .map(|&rank| {
                    self.raw.process_at_rank(rank).immediate_send_with_tag(
                        scope,
                        &empty[..],
                        FAREWELL_TAG,
                    )
                })
                .collect();
            lubdub::wait_until(|| {
                self.note_departures();
                others.iter().all(|&rank| self.is_departed(rank))
            });
            sends.into_iter().for_each(|send| {
                crate::completion::complete(send);
            });
        });
    }
}
