//! The small collectives that come before a collective's data: the ranks
//! learn each other's lengths, so that a disagreement becomes an error on
//! every rank (never a hang or a truncated message), and a departed rank is
//! noticed before any of the caller's buffers is handed to MPI.
//!
//! Their buffers belong to this module, so a wait that gives up because a
//! rank left can abandon the request safely: the buffers are then leaked
//! (a few words), and MPI may keep them.

use mpi::collective::{CommunicatorCollectives, Root};
use mpi::request::{Request, StaticScope};
use mpi::traits::Communicator;

use crate::completion::Needs;
use crate::{Comm, Error};

/// A length no rank can have: what a rank whose own input is inconsistent
/// tells the others, so that all of them fail together.
pub(crate) const INVALID: i64 = -1;

impl Comm {
    /// Every rank's `value`, in rank order.
    pub(crate) fn agree_all_gather(&self, value: i64) -> Result<Vec<i64>, Error> {
        let size = self.size() as usize;
        self.agree(vec![value], vec![0; size], |send, receive| {
            self.raw()
                .immediate_all_gather_into(StaticScope, send, receive)
        })
    }

    /// `values[r]` goes to rank `r`; returns what each rank sent this one.
    pub(crate) fn agree_all_to_all(&self, values: Vec<i64>) -> Result<Vec<i64>, Error> {
        let size = values.len();
        self.agree(values, vec![0; size], |send, receive| {
            self.raw()
                .immediate_all_to_all_into(StaticScope, send, receive)
        })
    }

    /// `root`'s `value`, on every rank.
    pub(crate) fn agree_broadcast(&self, root: i32, value: i64) -> Result<i64, Error> {
        let received = self.agree(Vec::new(), vec![value], |_, buffer| {
            self.raw()
                .process_at_rank(root)
                .immediate_broadcast_into(StaticScope, buffer)
        })?;
        Ok(received[0])
    }

    /// Runs the collective that `start` begins on `send` and `receive`, and
    /// returns `receive`; fails, abandoning the collective, once a rank has
    /// left.
    fn agree<F>(&self, send: Vec<i64>, receive: Vec<i64>, start: F) -> Result<Vec<i64>, Error>
    where
        F: FnOnce(&'static [i64], &'static mut [i64]) -> Request<'static, [i64], StaticScope>,
    {
        if let Some(rank) = self.first_departed() {
            return Err(Error::PeerExited { rank });
        }
        let send: *mut [i64] = Box::into_raw(send.into_boxed_slice());
        let receive: *mut [i64] = Box::into_raw(receive.into_boxed_slice());
        // SAFETY: both come from `Box::into_raw` and are freed below only
        // after the request completed; if it is abandoned they are never
        // freed, so they live as long as MPI may use them (`'static`, as the
        // static scope asks). The two boxes are distinct, so the shared and
        // the mutable reference do not alias.
        let request = start(unsafe { &*send }, unsafe { &mut *receive });
        self.complete_unless_departed(request, Needs::Everyone)?;
        // SAFETY: the request completed, so MPI no longer uses the buffers
        // and the references made above ended with it; each box is
        // reclaimed once.
        let (_send, receive) = unsafe { (Box::from_raw(send), Box::from_raw(receive)) };
        Ok(receive.into_vec())
    }
}
