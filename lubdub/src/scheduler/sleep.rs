//! The sleep protocol: per-seat states ([`SeatSleep`]) and the pool-wide
//! counts of idle seats ([`IdleCounters`]). `README.md` beside this file
//! states the protocol and why no wake-up is lost.

use std::time::Duration;

use crate::sync::{fence, AtomicU32, AtomicU64, Condvar, Mutex, Ordering};

/// The seat's thread runs or looks for work.
pub(crate) const AWAKE: u32 = 0;
/// The seat's thread sleeps for lack of work; a caller may take the seat.
pub(crate) const IDLE: u32 = 1;
/// The seat's thread sleeps while it waits on a latch.
pub(crate) const BLOCKED: u32 = 2;
/// A caller from outside the pool occupies the seat; its thread sleeps.
pub(crate) const POSSESSED: u32 = 3;
/// The caller occupying the seat sleeps while it waits on a latch.
pub(crate) const POSSESSED_BLOCKED: u32 = 4;

/// The state a wake-up moves a sleeping seat to, or `None` if the seat's
/// occupant is not asleep in `state`.
fn woken_state(state: u32) -> Option<u32> {
    match state {
        IDLE | BLOCKED => Some(AWAKE),
        POSSESSED_BLOCKED => Some(POSSESSED),
        _ => None,
    }
}

/// Who is running on a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Occupant {
    /// The seat's own worker thread.
    Thread,
    /// A thread from outside the pool that took the seat.
    Caller,
}

impl Occupant {
    /// The state in which this occupant runs.
    pub(crate) fn awake_state(self) -> u32 {
        match self {
            Occupant::Thread => AWAKE,
            Occupant::Caller => POSSESSED,
        }
    }

    /// The state in which this occupant sleeps on a latch.
    pub(crate) fn blocked_state(self) -> u32 {
        match self {
            Occupant::Thread => BLOCKED,
            Occupant::Caller => POSSESSED_BLOCKED,
        }
    }
}

/// One searching seat, in the low half of the packed counter word.
const ONE_SEARCHING: u64 = 1;
/// One sleeping seat, in the high half.
const ONE_SLEEPING: u64 = 1 << 32;

/// How many seats look for work and how many sleep, packed into one word so
/// that a transition between the two is a single atomic step. A seat that
/// runs a job is in neither count.
pub(crate) struct IdleCounters {
    word: AtomicU64,
}

/// A reading of [`IdleCounters`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct IdleSnapshot {
    pub(crate) searching: u32,
    pub(crate) sleeping: u32,
}

#[cfg(test)]
impl IdleSnapshot {
    /// The snapshot a test expects: `searching` and `sleeping` seats.
    fn counting(searching: u32, sleeping: u32) -> IdleSnapshot {
        IdleSnapshot {
            searching,
            sleeping,
        }
    }
}

impl IdleCounters {
    /// Counters for a pool whose `sleeping` seats all start asleep.
    pub(crate) fn new(sleeping: u32) -> Self {
        Self {
            word: AtomicU64::new(u64::from(sleeping) * ONE_SLEEPING),
        }
    }

    /// True if some seat is idle (searching or asleep). One relaxed load:
    /// this is what a heartbeat asks before promoting.
    #[inline]
    pub(crate) fn any_idle(&self) -> bool {
        self.word.load(Ordering::Relaxed) != 0
    }

    /// The counts, after a `SeqCst` fence by the caller where it matters.
    pub(crate) fn snapshot(&self) -> IdleSnapshot {
        let word = self.word.load(Ordering::Relaxed);
        IdleSnapshot {
            searching: word as u32,
            sleeping: (word >> 32) as u32,
        }
    }

    pub(crate) fn start_searching(&self) {
        self.change(1, 0);
    }

    pub(crate) fn stop_searching(&self) {
        self.change(-1, 0);
    }

    fn searching_to_sleeping(&self) {
        self.change(-1, 1);
    }

    fn sleeping_to_searching(&self) {
        self.change(1, -1);
    }

    fn sleeping_to_busy(&self) {
        self.change(0, -1);
    }

    fn busy_to_sleeping(&self) {
        self.change(0, 1);
    }

    /// Adds the two deltas in one atomic step. Neither count ever goes
    /// below zero, so the packed addition never borrows across the halves:
    /// checked in debug builds and in the loom models (which are built
    /// with optimizations).
    fn change(&self, searching: i64, sleeping: i64) {
        let delta = (sleeping * ONE_SLEEPING as i64 + searching * ONE_SEARCHING as i64) as u64;
        let before = self.word.fetch_add(delta, Ordering::SeqCst);
        if cfg!(any(debug_assertions, loom)) {
            assert!(
                i64::from(before as u32) + searching >= 0
                    && i64::from((before >> 32) as u32) + sleeping >= 0,
                "idle counter underflow: {before:#x} + ({searching}, {sleeping})"
            );
        }
    }
}

/// How a [`SeatSleep::sleep`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Slept {
    /// The last look found a reason to stay awake; the occupant never slept.
    Cancelled,
    /// A waker woke the occupant (or a caller that took the seat left it).
    Woken,
    /// The timeout passed and the occupant woke itself.
    TimedOut,
}

/// Where a seat's occupant sleeps, and the seat's state (the constants above).
pub(crate) struct SeatSleep {
    state: AtomicU32,
    lock: Mutex<()>,
    wakeup: Condvar,
}

impl SeatSleep {
    /// A seat whose thread has not started yet: counted asleep and idle, so a
    /// caller can take it at once.
    pub(crate) fn new_idle() -> Self {
        Self {
            state: AtomicU32::new(IDLE),
            lock: Mutex::new(()),
            wakeup: Condvar::new(),
        }
    }

    pub(crate) fn state(&self) -> u32 {
        self.state.load(Ordering::SeqCst)
    }

    /// Puts the occupant to sleep in state `asleep` until a waker moves the
    /// seat back to `awake`, or until `timeout` passes (the pool's watcher,
    /// see `rescue.rs`). The occupant is counted as searching when it calls
    /// this and when it returns.
    ///
    /// `keep_sleeping` runs after the seat is visibly asleep (counters, state
    /// and a `SeqCst` fence); it must look once more for work or for the
    /// event the occupant waits for, and return false to cancel the sleep.
    pub(crate) fn sleep(
        &self,
        counters: &IdleCounters,
        asleep: u32,
        awake: u32,
        timeout: Option<Duration>,
        keep_sleeping: impl FnOnce() -> bool,
    ) -> Slept {
        debug_assert_eq!(self.state(), awake, "only an awake occupant falls asleep");
        // Counted first, then wakeable: a waker that wins the state never
        // finds the count below what it takes away.
        counters.searching_to_sleeping();
        self.state.store(asleep, Ordering::SeqCst);
        fence(Ordering::SeqCst);
        if !keep_sleeping() && self.cancel(counters, asleep, awake) {
            return Slept::Cancelled;
        }
        if let Some(timeout) = timeout {
            if !self.wait_timed(awake, timeout) && self.cancel(counters, asleep, awake) {
                return Slept::TimedOut;
            }
        }
        // A failed cancel means that a waker (or a caller taking an idle
        // seat) changed the state first: wait until the seat is ours.
        self.wait_for(awake);
        Slept::Woken
    }

    /// Ends a sleep from the sleeper's side: the same step whether it looked
    /// once more and found a reason to stay awake, or its timeout passed.
    /// Fails if a waker, or a caller taking the seat, changed the state first.
    fn cancel(&self, counters: &IdleCounters, asleep: u32, awake: u32) -> bool {
        let cancelled = self
            .state
            .compare_exchange(asleep, awake, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok();
        if cancelled {
            counters.sleeping_to_searching();
        }
        cancelled
    }

    /// A new thread waits for its seat's first wake-up (the seat starts in
    /// [`IDLE`], counted as sleeping, and may be possessed meanwhile).
    pub(crate) fn sleep_started(&self) {
        self.wait_for(AWAKE);
    }

    fn wait_for(&self, awake: u32) {
        let mut guard = self.lock.lock().unwrap_or_else(|p| p.into_inner());
        while self.state.load(Ordering::Acquire) != awake {
            guard = self.wakeup.wait(guard).unwrap_or_else(|p| p.into_inner());
        }
    }

    /// Waits until the state is `awake` or `timeout` passed; true if awake.
    #[cfg(not(loom))]
    fn wait_timed(&self, awake: u32, timeout: Duration) -> bool {
        let deadline = std::time::Instant::now().checked_add(timeout);
        let mut guard = self.lock.lock().unwrap_or_else(|p| p.into_inner());
        loop {
            if self.state.load(Ordering::Acquire) == awake {
                return true;
            }
            let now = std::time::Instant::now();
            let left = deadline.map_or(timeout, |d| d.saturating_duration_since(now));
            if left.is_zero() {
                return false;
            }
            guard = match self.wakeup.wait_timeout(guard, left) {
                Ok((guard, _)) => guard,
                Err(poison) => poison.into_inner().0,
            };
        }
    }

    /// Under loom, which has no clock, a timed wait times out at once: the
    /// models then explore the cancel racing with wakers and callers.
    #[cfg(loom)]
    fn wait_timed(&self, awake: u32, _timeout: Duration) -> bool {
        self.state.load(Ordering::Acquire) == awake
    }

    /// Wakes the seat's occupant if it sleeps. Returns true if this call woke
    /// it; the woken occupant is then counted as searching.
    ///
    /// The state changes and the count follows under the seat's lock: an
    /// occupant sees itself woken only under that lock (its waits check the
    /// state holding it, and a cancel that lost the state waits for it), so
    /// it finds itself counted as searching before it can stop searching.
    /// Counted after the CAS but outside the lock, a woken occupant that
    /// found work at once took itself off a count that did not hold it yet
    /// (`README.md`, "Counting a wake-up").
    pub(crate) fn wake(&self, counters: &IdleCounters) -> bool {
        // Most calls find the seat awake: they take no lock.
        if woken_state(self.state.load(Ordering::SeqCst)).is_none() {
            return false;
        }
        let guard = self.lock.lock().unwrap_or_else(|p| p.into_inner());
        let mut state = self.state.load(Ordering::SeqCst);
        loop {
            let Some(woken) = woken_state(state) else {
                return false;
            };
            match self
                .state
                .compare_exchange(state, woken, Ordering::SeqCst, Ordering::SeqCst)
            {
                Ok(_) => break,
                Err(actual) => state = actual,
            }
        }
        counters.sleeping_to_searching();
        drop(guard);
        // Both the seat's thread and a caller may sleep here: wake them all
        // and let each check whether it was meant.
        self.wakeup.notify_all();
        true
    }

    /// A caller from outside the pool tries to take this idle seat. On
    /// success the seat is busy and the caller its occupant.
    pub(crate) fn try_possess(&self, counters: &IdleCounters) -> bool {
        let taken = self
            .state
            .compare_exchange(IDLE, POSSESSED, Ordering::SeqCst, Ordering::Relaxed)
            .is_ok();
        if taken {
            counters.sleeping_to_busy();
        }
        taken
    }

    /// The caller leaves the seat to its sleeping thread. The caller must
    /// then fence and look for work that nobody else will see, as in
    /// [`SeatSleep::sleep`] (the registry does this).
    pub(crate) fn release(&self, counters: &IdleCounters) {
        debug_assert_eq!(self.state(), POSSESSED);
        counters.busy_to_sleeping();
        self.state.store(IDLE, Ordering::SeqCst);
    }
}

#[cfg(all(test, not(loom)))]
mod tests {
    use super::*;

    #[test]
    fn counters_move_between_searching_and_sleeping() {
        let counters = IdleCounters::new(2);
        assert_eq!(counters.snapshot(), IdleSnapshot::counting(0, 2));
        counters.sleeping_to_searching();
        counters.sleeping_to_busy();
        assert_eq!(counters.snapshot(), IdleSnapshot::counting(1, 0));
        assert!(counters.any_idle());
        counters.stop_searching();
        assert!(!counters.any_idle());
    }

    #[test]
    fn cancelled_sleep_returns_awake_and_counted_searching() {
        let counters = IdleCounters::new(0);
        counters.start_searching();
        let seat = SeatSleep::new_idle();
        seat.state.store(AWAKE, Ordering::SeqCst);
        assert_eq!(
            seat.sleep(&counters, IDLE, AWAKE, None, || false),
            Slept::Cancelled
        );
        assert_eq!(seat.state(), AWAKE);
        assert_eq!(counters.snapshot(), IdleSnapshot::counting(1, 0));
    }

    #[test]
    fn timed_out_sleep_returns_awake_and_counted_searching() {
        let counters = IdleCounters::new(0);
        counters.start_searching();
        let seat = SeatSleep::new_idle();
        seat.state.store(AWAKE, Ordering::SeqCst);
        let timeout = Some(std::time::Duration::from_millis(1));
        assert_eq!(
            seat.sleep(&counters, BLOCKED, AWAKE, timeout, || true),
            Slept::TimedOut
        );
        assert_eq!(seat.state(), AWAKE);
        assert_eq!(counters.snapshot(), IdleSnapshot::counting(1, 0));
    }

    #[test]
    fn possession_only_of_an_idle_seat() {
        let counters = IdleCounters::new(1);
        let seat = SeatSleep::new_idle();
        assert!(seat.try_possess(&counters));
        assert!(!seat.try_possess(&counters));
        assert!(!seat.wake(&counters), "a running caller is not asleep");
        seat.release(&counters);
        assert_eq!(seat.state(), IDLE);
        assert_eq!(counters.snapshot(), IdleSnapshot::counting(0, 1));
    }
}

#[cfg(all(test, loom))]
mod loom_models {
    //! Models of the protocol under every interleaving loom explores:
    //! `RUSTFLAGS="--cfg loom" cargo test -p lubdub --lib --release loom`.
    use super::*;
    use crate::scheduler::latch::Latch;
    use loom::sync::atomic::AtomicBool;
    use loom::sync::Arc;
    use loom::thread;

    /// A joiner sleeps on a latch while a thief sets it: the joiner always
    /// wakes, and the counters come back to their starting values.
    #[test]
    fn latch_wake_is_never_lost() {
        loom::model(|| {
            let counters = Arc::new(IdleCounters::new(0));
            let seat = Arc::new(SeatSleep::new_idle());
            seat.state.store(AWAKE, Ordering::SeqCst);
            let latch = Arc::new(Latch::new());

            let thief = {
                let (counters, seat, latch) = (counters.clone(), seat.clone(), latch.clone());
                thread::spawn(move || {
                    // SAFETY: the latch lives in an Arc held by this thread.
                    if unsafe { Latch::set(&*latch) } {
                        seat.wake(&counters);
                    }
                })
            };

            counters.start_searching();
            while !latch.is_set() {
                seat.sleep(&counters, BLOCKED, AWAKE, None, || latch.announce_sleep());
                latch.withdraw_sleep();
            }
            counters.stop_searching();
            thief.join().unwrap();
            assert_eq!(counters.snapshot(), IdleSnapshot::counting(0, 0));
            assert_eq!(seat.state(), AWAKE);
        });
    }

    /// A worker goes to sleep while another publishes work: either the
    /// sleeper sees the work, or the publisher sees the sleeper and wakes it.
    #[test]
    fn published_work_is_never_stranded() {
        loom::model(|| {
            let counters = Arc::new(IdleCounters::new(0));
            let seat = Arc::new(SeatSleep::new_idle());
            seat.state.store(AWAKE, Ordering::SeqCst);
            let work = Arc::new(AtomicBool::new(false));

            let publisher = {
                let (counters, seat, work) = (counters.clone(), seat.clone(), work.clone());
                thread::spawn(move || {
                    work.store(true, Ordering::Relaxed);
                    fence(Ordering::SeqCst);
                    let idle = counters.snapshot();
                    if idle.searching == 0 && idle.sleeping > 0 {
                        seat.wake(&counters);
                    }
                })
            };

            counters.start_searching();
            while !work.load(Ordering::Relaxed) {
                seat.sleep(&counters, IDLE, AWAKE, None, || {
                    !work.load(Ordering::Relaxed)
                });
            }
            counters.stop_searching();
            publisher.join().unwrap();
            assert_eq!(counters.snapshot(), IdleSnapshot::counting(0, 0));
        });
    }

    /// A caller takes an idle seat while the seat's thread is falling asleep
    /// and another thread wakes the pool: the counters stay consistent and
    /// the thread ends up awake after the caller leaves.
    #[test]
    fn possession_races_with_sleep_and_wake() {
        possession_race(None);
    }

    /// The same with the watcher's timed sleep, which under loom times out
    /// at once: its cancel races with the caller and the waker.
    #[test]
    fn possession_races_with_timed_sleep_and_wake() {
        possession_race(Some(std::time::Duration::ZERO));
    }

    fn possession_race(timeout: Option<std::time::Duration>) {
        loom::model(move || {
            let counters = Arc::new(IdleCounters::new(0));
            let seat = Arc::new(SeatSleep::new_idle());
            seat.state.store(AWAKE, Ordering::SeqCst);
            let stop = Arc::new(AtomicBool::new(false));

            let worker = {
                let (counters, seat, stop) = (counters.clone(), seat.clone(), stop.clone());
                thread::spawn(move || {
                    // One timed sleep (a watcher's look), then plain ones.
                    let mut timeout = timeout;
                    counters.start_searching();
                    while !stop.load(Ordering::Relaxed) {
                        seat.sleep(&counters, IDLE, AWAKE, timeout.take(), || {
                            !stop.load(Ordering::Relaxed)
                        });
                    }
                    counters.stop_searching();
                })
            };

            if seat.try_possess(&counters) {
                seat.release(&counters);
            }
            stop.store(true, Ordering::Relaxed);
            fence(Ordering::SeqCst);
            seat.wake(&counters);
            worker.join().unwrap();
            assert_eq!(counters.snapshot(), IdleSnapshot::counting(0, 0));
        });
    }
}
