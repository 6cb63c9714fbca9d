//! [`Latch`]: the one-shot signal a waiting joiner or scope owner waits on.
//!
//! The waiter may go to sleep on its seat (see [`super::sleep`]); the setter
//! learns from [`Latch::set`] whether it must wake that seat. The handshake:
//!
//! 1. The waiter marks its seat asleep, then calls [`Latch::announce_sleep`]
//!    (`UNSET -> SLEEPING`). If that fails the latch is already set and the
//!    waiter does not sleep.
//! 2. The setter swaps in `SET`. If it read `SLEEPING`, the waiter's seat was
//!    already marked asleep (the seat store is sequenced before the announce,
//!    and the swap reads the announce), so the setter's wake finds it asleep.
//!
//! No wake-up is lost: either the waiter sees `SET` in step 1, or the setter
//! sees `SLEEPING` in step 2. `loom` checks this in `sleep.rs`'s models.

use crate::sync::{AtomicU32, Ordering};

/// Nobody has set the latch and its waiter is awake.
const UNSET: u32 = 0;
/// The waiter announced that it is going to sleep on its seat.
const SLEEPING: u32 = 1;
/// Set: whatever the waiter waits for is complete and visible to it.
const SET: u32 = 2;

pub(crate) struct Latch {
    state: AtomicU32,
}

impl Latch {
    pub(crate) fn new() -> Self {
        Self {
            state: AtomicU32::new(UNSET),
        }
    }

    /// True once the latch is set; everything written before
    /// [`Latch::set`] is then visible to the caller.
    #[inline]
    pub(crate) fn is_set(&self) -> bool {
        self.state.load(Ordering::Acquire) == SET
    }

    /// The waiter is about to sleep. Returns false if the latch is already
    /// set (the waiter must not sleep then).
    pub(crate) fn announce_sleep(&self) -> bool {
        match self
            .state
            .compare_exchange(UNSET, SLEEPING, Ordering::SeqCst, Ordering::Acquire)
        {
            Ok(_) => true,
            Err(actual) => {
                debug_assert_eq!(actual, SET, "a latch has one waiter");
                false
            }
        }
    }

    /// The waiter woke (for work, or spuriously) and is awake again.
    pub(crate) fn withdraw_sleep(&self) {
        // Fails harmlessly when the latch was set meanwhile.
        let _ = self
            .state
            .compare_exchange(SLEEPING, UNSET, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// Sets the latch. Returns true when the waiter announced sleep and the
    /// caller must wake the waiter's seat.
    ///
    /// # Safety
    /// `this` must point to a live latch. Once this returns, the waiter may
    /// free the latch: the caller must not touch it again, so anything needed
    /// for the wake-up (the waiter's seat) must be read before the call.
    pub(crate) unsafe fn set(this: *const Self) -> bool {
        // SAFETY: the caller guarantees `this` is live until the swap below.
        let previous = unsafe { (*this).state.swap(SET, Ordering::SeqCst) };
        debug_assert_ne!(previous, SET, "a latch is set once");
        previous == SLEEPING
    }
}

#[cfg(all(test, not(loom)))]
mod tests {
    use super::*;

    #[test]
    fn set_reports_an_announced_sleeper() {
        let latch = Latch::new();
        assert!(!latch.is_set());
        assert!(latch.announce_sleep());
        // SAFETY: `latch` is a live local.
        assert!(unsafe { Latch::set(&latch) });
        assert!(latch.is_set());
        assert!(!latch.announce_sleep(), "a set latch refuses sleep");
    }

    #[test]
    fn withdrawn_sleep_needs_no_wake() {
        let latch = Latch::new();
        assert!(latch.announce_sleep());
        latch.withdraw_sleep();
        // SAFETY: `latch` is a live local.
        assert!(!unsafe { Latch::set(&latch) });
        assert!(latch.is_set());
    }
}
