//! [`Error`]: what a communication of this crate can report instead of
//! hanging or aborting.

use std::fmt;

/// Why a send, receive or collective did not happen.
///
/// Each error leaves the communicator usable, except [`Error::PeerExited`],
/// after which operations that involve the departed rank fail at once.
///
/// ```
/// use lubdub_mpi::Error;
/// let mpi = lubdub_mpi::init().unwrap();
/// let world = mpi.world();
/// assert_eq!(world.send(world.size(), 0, &[1u8]), Err(Error::Rank(world.size())));
/// assert!(Error::Tag(-1).to_string().contains("tag -1"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// The ranks of a collective disagree on lengths, or one rank's input
    /// is inconsistent (say, an `all_to_all` whose length is not a multiple
    /// of the number of ranks). Every rank of the collective gets this error,
    /// so none is left waiting.
    LengthMismatch {
        /// The operation, e.g. `"all_reduce"`.
        operation: &'static str,
        /// What was wrong, in words, with the lengths each rank gave.
        detail: String,
    },
    /// A received message does not hold what the receiver asked for: its
    /// byte count is not `expected` (or not a whole number of items). The
    /// message was consumed.
    MessageSize {
        /// The bytes the receiver expected (or the item size they must be a
        /// multiple of).
        expected: usize,
        /// The bytes that arrived.
        received: usize,
    },
    /// A rank this operation needs has left: it dropped its
    /// [`crate::Mpi`] (returned from `main`, or unwound from a panic)
    /// before taking part.
    PeerExited {
        /// The departed rank.
        rank: i32,
    },
    /// A tag outside `0..`[`crate::MAX_TAG`] (the tags above are this
    /// crate's own).
    Tag(i32),
    /// A rank outside `0..size`.
    Rank(i32),
    /// A message or buffer above MPI's count limit (`i32::MAX` items).
    TooLarge {
        /// The number of items asked for.
        items: usize,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::LengthMismatch { operation, detail } => {
                write!(f, "{operation}: the ranks' lengths disagree: {detail}")
            }
            Self::MessageSize { expected, received } => write!(
                f,
                "a message of {received} bytes arrived where {expected} were expected"
            ),
            Self::PeerExited { rank } => write!(f, "rank {rank} has exited"),
            Self::Tag(tag) => write!(
                f,
                "tag {tag} is outside 0..{} (the tags above are lubdub-mpi's own)",
                crate::MAX_TAG
            ),
            Self::Rank(rank) => write!(f, "there is no rank {rank}"),
            Self::TooLarge { items } => write!(
                f,
                "{items} items is above MPI's count limit of {}",
                i32::MAX
            ),
        }
    }
}

impl std::error::Error for Error {}
