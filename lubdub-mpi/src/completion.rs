//! Waiting for MPI requests the lubdub way: the waiting worker runs the
//! pool's other jobs between two `MPI_Test`s (see [`lubdub::wait_until`]),
//! and a wait that a departed rank could never end gives up.

use mpi::point_to_point::{Message, Status};
use mpi::request::{Request, Scope, StaticScope};
use mpi::traits::{Communicator, Source};

use crate::{Comm, Error};

/// Which departures end a wait.
#[derive(Clone, Copy)]
pub(crate) enum Needs {
    /// The wait needs this rank.
    Rank(i32),
    /// The wait needs every rank (a collective).
    Everyone,
}

/// Waits until `request` completes, running lubdub work meanwhile.
pub(crate) fn complete<'a, D: ?Sized, S: Scope<'a>>(request: Request<'a, D, S>) -> Status {
    let mut pending = Some(request);
    let mut done = None;
    lubdub::wait_until(|| {
        let request = pending.take().expect("polled after completion");
        match request.test() {
            Ok(status) => done = Some(status),
            Err(request) => pending = Some(request),
        }
        done.is_some()
    });
    done.expect("the wait ends on completion")
}

impl Comm {
    /// Waits until `request` completes, or until a rank it `needs` has left:
    /// then the request is abandoned (its buffers are `'static`, so MPI may
    /// still use them) and the error says who left.
    pub(crate) fn complete_unless_departed<D: ?Sized>(
        &self,
        request: Request<'static, D, StaticScope>,
        needs: Needs,
    ) -> Result<Status, Error> {
        let mut pending = Some(request);
        let mut outcome = None;
        lubdub::wait_until(|| {
            let request = pending.take().expect("polled after completion");
            match request.test() {
                Ok(status) => outcome = Some(Ok(status)),
                Err(request) => {
                    pending = Some(request);
                    if let Some(rank) = self.departed_among(needs) {
                        outcome = Some(Err(Error::PeerExited { rank }));
                    }
                }
            }
            outcome.is_some()
        });
        if let Some(abandoned) = pending {
            // The request stays active in MPI for good: its buffers were
            // leaked by the caller, and dropping it would panic.
            std::mem::forget(abandoned);
        }
        outcome.expect("the wait ends with an outcome")
    }

    /// Waits for a message from `source` with `tag` and matches it (no other
    /// receive can take it then), or fails once `source` has left.
    pub(crate) fn probe(&self, source: i32, tag: i32) -> Result<(Message, Status), Error> {
        let process = self.raw().process_at_rank(source);
        let mut outcome = None;
        lubdub::wait_until(|| {
            outcome = process
                .immediate_matched_probe_with_tag(tag)
                .map(Ok)
                .or_else(|| {
                    // A message sent before the farewell may be seen after it:
                    // look once more after seeing the farewell.
                    self.departed_among(Needs::Rank(source)).map(|rank| {
                        process
                            .immediate_matched_probe_with_tag(tag)
                            .ok_or(Error::PeerExited { rank })
                    })
                });
            outcome.is_some()
        });
        outcome.expect("the wait ends with an outcome")
    }

    fn departed_among(&self, needs: Needs) -> Option<i32> {
        self.note_departures();
        match needs {
            Needs::Rank(rank) => self.is_departed(rank).then_some(rank),
            Needs::Everyone => self.first_departed(),
        }
    }
}
