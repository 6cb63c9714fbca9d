//! `use_current_thread`: the thread that builds a pool becomes the occupant
//! of seat 0 for the rest of its life.
//!
//! It is a possession that is never given back: the seat goes from `IDLE`
//! to `POSSESSED` as when a caller enters from outside (`entry.rs`), but no
//! thread was started for seat 0, and the thread's context stays current.
//! The thread does not run the search loop between its own calls, so jobs
//! queued on seat 0 run when it waits (in a `join` or `scope`), when it
//! yields (`yield_now`, `yield_local`), or when another seat steals them;
//! seat 0's broadcast jobs run only in the first two cases.

use std::sync::Arc;

use super::context::WorkerContext;
use super::registry::Registry;
use super::sleep::Occupant;
use crate::profile::WorkerState;

impl Registry {
    /// Makes the calling thread seat 0's occupant for good. Seat 0 must have
    /// no thread of its own, and the calling thread no pool. The registry is
    /// kept alive for the thread's context: it is never freed.
    pub(crate) fn adopt_current_thread(self: &Arc<Self>) {
        let seat = self.seat(0);
        if !seat.sleep.try_possess(self.idle()) {
            debug_assert!(false, "seat 0 has no thread, so nobody else holds it");
            return;
        }
        seat.enter(WorkerState::Working);
        std::mem::forget(Arc::clone(self));
        let ctx: &'static WorkerContext =
            Box::leak(Box::new(WorkerContext::new(self, 0, Occupant::Caller)));
        ctx.make_current_forever();
    }
}
