//! Broadcast, all-reduce, all-gather(v) and all-to-all(v) of plain-old-data
//! slices. Each first agrees on lengths (`agree.rs`): a rank with other
//! lengths, or with an inconsistent input, makes every rank return
//! [`Error::LengthMismatch`]; then the data moves as raw bytes (typed for
//! the reductions).

use bytemuck::Pod;
use mpi::collective::{CommunicatorCollectives, Root, SystemOperation};
use mpi::datatype::{Partition, PartitionMut};
use mpi::traits::{Communicator, Equivalence};
use mpi::Count;

use crate::agree::INVALID;
use crate::completion::complete;
use crate::pod::{bytes, bytes_mut, count, zeroed};
use crate::{Comm, Error, Parts};

/// The built-in reductions of [`Comm::all_reduce`].
///
/// ```
/// use lubdub_mpi::Reduction;
/// let mpi = lubdub_mpi::init().unwrap();
/// let world = mpi.world();
/// let least = world.all_reduce(&[world.rank() as f64 + 0.5], Reduction::Min).unwrap();
/// assert_eq!(least, [0.5]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduction {
    /// The sum of every rank's item.
    Sum,
    /// The product.
    Product,
    /// The least.
    Min,
    /// The greatest.
    Max,
}

impl Reduction {
    fn operation(self) -> SystemOperation {
        match self {
            Self::Sum => SystemOperation::sum(),
            Self::Product => SystemOperation::product(),
            Self::Min => SystemOperation::min(),
            Self::Max => SystemOperation::max(),
        }
    }
}

impl Comm {
    /// Gives every rank `root`'s `items`: on `root` they are sent, elsewhere
    /// `items` is resized to `root`'s length and overwritten. Every rank
    /// must name the same `root`.
    ///
    /// ```
    /// let mpi = lubdub_mpi::init().unwrap();
    /// let world = mpi.world();
    /// let mut items = if world.rank() == 0 { vec![1.5f32, 2.5] } else { Vec::new() };
    /// world.broadcast(0, &mut items).unwrap();
    /// assert_eq!(items, [1.5, 2.5]);
    /// ```
    pub fn broadcast<T: Pod>(&self, root: i32, items: &mut Vec<T>) -> Result<(), Error> {
        self.check_rank(root)?;
        let mine = if self.rank() == root {
            length(items.len())
        } else {
            0
        };
        let n = self.agree_broadcast(root, mine)?;
        let n = usize::try_from(n).map_err(|_| Error::LengthMismatch {
            operation: "broadcast",
            detail: format!("rank {root}'s items are too many for MPI"),
        })?;
        if self.rank() != root {
            items.clear();
            items.resize(n, T::zeroed());
        }
        let buffer = bytes_mut(items)?;
        mpi::request::scope(|scope| {
            complete(
                self.raw()
                    .process_at_rank(root)
                    .immediate_broadcast_into(scope, buffer),
            );
        });
        Ok(())
    }

    /// Reduces the ranks' `items` item by item with `reduction`; every rank
    /// gets the result. Every rank must give the same number of items.
    ///
    /// ```
    /// use lubdub_mpi::Reduction;
    /// let mpi = lubdub_mpi::init().unwrap();
    /// let world = mpi.world();
    /// let me = world.rank() as i64;
    /// let n = world.size() as i64;
    /// let sums = world.all_reduce(&[me, 1], Reduction::Sum).unwrap();
    /// assert_eq!(sums, [n * (n - 1) / 2, n]);
    /// assert_eq!(world.all_reduce(&[me], Reduction::Max).unwrap(), [n - 1]);
    /// ```
    pub fn all_reduce<T: Pod + Equivalence>(
        &self,
        items: &[T],
        reduction: Reduction,
    ) -> Result<Vec<T>, Error> {
        let lengths = self.agree_all_gather(length(items.len()))?;
        equal_lengths("all_reduce", &lengths)?;
        let mut result = zeroed(items.len());
        mpi::request::scope(|scope| {
            complete(self.raw().immediate_all_reduce_into(
                scope,
                items,
                &mut result[..],
                reduction.operation(),
            ));
        });
        Ok(result)
    }

    /// Every rank's `items`, back to back in rank order, on every rank.
    /// Every rank must give the same number of items
    /// ([`Comm::all_gather_varcount`] takes any).
    ///
    /// ```
    /// let mpi = lubdub_mpi::init().unwrap();
    /// let world = mpi.world();
    /// let all = world.all_gather(&[world.rank(), -world.rank()]).unwrap();
    /// assert_eq!(all.len(), 2 * world.size() as usize);
    /// assert_eq!(all[2 * world.rank() as usize + 1], -world.rank());
    /// ```
    pub fn all_gather<T: Pod>(&self, items: &[T]) -> Result<Vec<T>, Error> {
        let lengths = self.agree_all_gather(length(items.len()))?;
        let n = equal_lengths("all_gather", &lengths)?;
        let mut result = zeroed(n * self.size() as usize);
        let (send, receive) = (bytes(items)?, bytes_mut(&mut result)?);
        mpi::request::scope(|scope| {
            complete(self.raw().immediate_all_gather_into(scope, send, receive));
        });
        Ok(result)
    }

    /// Every rank's `items`, of any length, as one part per rank on every
    /// rank.
    ///
    /// ```
    /// let mpi = lubdub_mpi::init().unwrap();
    /// let world = mpi.world();
    /// let parts = world.all_gather_varcount(&vec![1u8; world.rank() as usize]).unwrap();
    /// assert!((0..parts.len()).all(|rank| parts.part(rank).len() == rank));
    /// ```
    pub fn all_gather_varcount<T: Pod>(&self, items: &[T]) -> Result<Parts<T>, Error> {
        let lengths = self.agree_all_gather(length(items.len()))?;
        let counts = valid_lengths("all_gather_varcount", &lengths)?;
        let mut result = zeroed(counts.iter().sum());
        let (byte_counts, displacements) = byte_layout::<T>(&counts)?;
        let send = bytes(items)?;
        let mut receive =
            PartitionMut::new(bytes_mut(&mut result)?, byte_counts, &displacements[..]);
        mpi::request::scope(|scope| {
            complete(
                self.raw()
                    .immediate_all_gather_varcount_into(scope, send, &mut receive),
            );
        });
        Ok(Parts::new(result, &counts))
    }

    /// Sends the `r`-th of `size()` equal chunks of `items` to rank `r`, and
    /// returns the chunks received, in rank order. `items.len()` must be a
    /// multiple of `size()`, with the same quotient on every rank.
    ///
    /// ```
    /// let mpi = lubdub_mpi::init().unwrap();
    /// let world = mpi.world();
    /// let (me, n) = (world.rank(), world.size());
    /// // Item (me, r) goes to rank r, which gets (s, r) from every rank s.
    /// let items: Vec<[i32; 2]> = (0..n).map(|r| [me, r]).collect();
    /// let got = world.all_to_all(&items).unwrap();
    /// assert_eq!(got, (0..n).map(|s| [s, me]).collect::<Vec<_>>());
    /// ```
    pub fn all_to_all<T: Pod>(&self, items: &[T]) -> Result<Vec<T>, Error> {
        let size = self.size() as usize;
        let chunk = if items.len() % size == 0 {
            length(items.len() / size)
        } else {
            INVALID
        };
        let chunks = self.agree_all_gather(chunk)?;
        let chunk = equal_lengths("all_to_all", &chunks)?;
        let mut result = zeroed(chunk * size);
        let (send, receive) = (bytes(items)?, bytes_mut(&mut result)?);
        mpi::request::scope(|scope| {
            complete(self.raw().immediate_all_to_all_into(scope, send, receive));
        });
        Ok(result)
    }

    /// Sends `counts[r]` items to rank `r` (the first `counts[0]` items to
    /// rank 0, the next `counts[1]` to rank 1, ...) and returns the parts
    /// received, one per rank. `counts` must have `size()` entries that add
    /// up to `items.len()`.
    ///
    /// ```
    /// let mpi = lubdub_mpi::init().unwrap();
    /// let world = mpi.world();
    /// let n = world.size() as usize;
    /// // Rank r gets r + 1 items from each rank.
    /// let counts: Vec<usize> = (1..=n).collect();
    /// let items: Vec<u16> = (0..counts.iter().sum::<usize>() as u16).collect();
    /// let parts = world.all_to_all_varcount(&items, &counts).unwrap();
    /// let me = world.rank() as usize;
    /// assert!((0..n).all(|s| parts.part(s).len() == me + 1));
    /// assert!(world.all_to_all_varcount(&items, &counts[1..]).is_err());
    /// ```
    pub fn all_to_all_varcount<T: Pod>(
        &self,
        items: &[T],
        counts: &[usize],
    ) -> Result<Parts<T>, Error> {
        let size = self.size() as usize;
        let consistent = counts.len() == size && counts.iter().sum::<usize>() == items.len();
        let sending = if consistent {
            counts.iter().map(|&c| length(c)).collect()
        } else {
            vec![INVALID; size]
        };
        let receiving = self.agree_all_to_all(sending.clone())?;
        let received = match (consistent, valid_lengths("all_to_all_varcount", &receiving)) {
            (true, Ok(received)) => received,
            (_, Err(error)) => return Err(error),
            (false, Ok(_)) => {
                return Err(Error::LengthMismatch {
                    operation: "all_to_all_varcount",
                    detail: format!(
                        "rank {} gave {} counts adding up to {} for {} items",
                        self.rank(),
                        counts.len(),
                        counts.iter().sum::<usize>(),
                        items.len()
                    ),
                })
            }
        };
        let mut result = zeroed(received.iter().sum());
        let (send_counts, send_displacements) = byte_layout::<T>(counts)?;
        let (receive_counts, receive_displacements) = byte_layout::<T>(&received)?;
        let send = Partition::new(bytes(items)?, send_counts, &send_displacements[..]);
        let mut receive = PartitionMut::new(
            bytes_mut(&mut result)?,
            receive_counts,
            &receive_displacements[..],
        );
        mpi::request::scope(|scope| {
            complete(
                self.raw()
                    .immediate_all_to_all_varcount_into(scope, &send, &mut receive),
            );
        });
        Ok(Parts::new(result, &received))
    }

    /// Returns once every rank has called it; fails if a rank has left.
    ///
    /// ```
    /// let mpi = lubdub_mpi::init().unwrap();
    /// mpi.world().barrier().unwrap();
    /// ```
    pub fn barrier(&self) -> Result<(), Error> {
        self.agree_all_gather(0).map(|_| ())
    }
}

/// `n` as a length the ranks agree on, or [`INVALID`] if MPI cannot count
/// it.
fn length(n: usize) -> i64 {
    match count(n) {
        Ok(n) => i64::from(n),
        Err(_) => INVALID,
    }
}

/// The ranks' common length; an error if one rank's is invalid or they
/// differ.
fn equal_lengths(operation: &'static str, lengths: &[i64]) -> Result<usize, Error> {
    let valid = valid_lengths(operation, lengths)?;
    if valid.windows(2).all(|pair| pair[0] == pair[1]) {
        Ok(valid[0])
    } else {
        Err(Error::LengthMismatch {
            operation,
            detail: format!("the ranks gave {valid:?} items"),
        })
    }
}

/// The ranks' lengths; an error if one of them is invalid.
fn valid_lengths(operation: &'static str, lengths: &[i64]) -> Result<Vec<usize>, Error> {
    lengths
        .iter()
        .enumerate()
        .map(|(rank, &n)| {
            usize::try_from(n).map_err(|_| Error::LengthMismatch {
                operation,
                detail: format!("rank {rank}'s input is inconsistent or too large"),
            })
        })
        .collect()
}

/// Byte counts and displacements of parts of `counts` items of `T`.
fn byte_layout<T>(counts: &[usize]) -> Result<(Vec<Count>, Vec<Count>), Error> {
    let size = std::mem::size_of::<T>();
    let byte_counts = counts
        .iter()
        .map(|&n| count(n * size))
        .collect::<Result<Vec<_>, _>>()?;
    let mut displacements = Vec::with_capacity(counts.len());
    let mut end: usize = 0;
    for &n in counts {
        displacements.push(count(end)?);
        end += n * size;
    }
    count(end)?;
    Ok((byte_counts, displacements))
}
