//! Rescue: promotion that does not wait for the owner to poll.
//!
//! A busy thread offers work only when it polls its heartbeat (at a `join`'s
//! countdown or a loop's chunk boundary). One that blocks, or runs long
//! without polling, would keep its pending jobs forever. So one idle thread
//! of the pool, the *watcher*, sleeps with a timeout of a few heartbeat
//! periods instead of indefinitely; each time it wakes it looks at every
//! seat's occupant ([`Owner`]). An occupant that has pending jobs, an empty
//! published slot and has not polled for [`Rescue::quiet`] (half a period:
//! two missed polls) is interrupted with the rescue signal (`interrupt.rs`),
//! whose handler publishes its oldest pending job; the watcher then takes it
//! like any published job. Each occupant publishes when it last polled, so
//! one look tells a quiet occupant, and the watcher's next look is planned
//! for when the first of the others would turn quiet.
//!
//! Nothing here runs while every thread is busy: only an idle thread
//! watches, and it signals only occupants that have not polled for half a
//! period. The role passes between idle threads as described in
//! `README.md` ("Rescue").

use std::marker::PhantomData;
use std::ptr;
use std::time::{Duration, Instant};

use super::clock::{self, Stamp};

use super::interrupt::{self, Thread};
use super::pending::PendingList;
use super::registry::Registry;
use super::seat::Seat;
use super::sleep::Occupant;
use crate::sync::{
    fence, AtomicBool, AtomicPtr, AtomicU32, AtomicU64, AtomicUsize, Mutex, Ordering,
};

/// The watcher's interval, in heartbeat periods: the longest it sleeps
/// while work is pending somewhere.
const PERIODS_PER_LOOK: u32 = 2;
/// Bounds of the interval: a zero period would make the watcher spin, and a
/// huge one (`Duration::MAX`: no heartbeat at all) should still rescue a
/// blocked owner in reasonable time.
const MIN_INTERVAL: Duration = Duration::from_micros(50);
const MAX_INTERVAL: Duration = Duration::from_millis(10);
/// An occupant is quiet, and may be interrupted, once it has not polled for
/// `period / QUIET_DIVISOR`: it polls about four times a period, so half a
/// period is two missed polls. Never under [`MIN_QUIET`].
const QUIET_DIVISOR: u32 = 2;
const MIN_QUIET: Duration = Duration::from_micros(25);
/// The shortest sleep between two looks while work is pending is
/// [`Rescue::quiet`] divided by this: a look is planned for when the first
/// occupant turns quiet, but a watcher that looked at occupants polling
/// busily does not wake at every poll.
const MIN_SLEEP_DIVISOR: u32 = 2;
/// While its looks find nothing pending anywhere, the watcher doubles its
/// interval, up to this many times the base one (and at most
/// [`MAX_BACKED_OFF`]): a pool that is mostly idle wakes it rarely, and a
/// thread that blocks is still rescued within a few milliseconds.
const MAX_BACKOFF: u32 = 16;
const MAX_BACKED_OFF: Duration = Duration::from_millis(40);
/// How long no seat may be busy before the watcher stops watching and sleeps
/// without a timeout. Long enough that a program that calls into the pool
/// every few milliseconds keeps its watcher, and does not pay a wake-up per
/// call to re-arm one.
const LINGER: Duration = Duration::from_millis(100);

/// Values of [`Rescue::watcher`] besides a seat index: nobody watches (the
/// pool was idle; the next seat to get busy arms the role), and nobody
/// watches but the role is wanted (a sleeper was woken to take it, and
/// whichever thread falls asleep next takes it).
const NOBODY: usize = usize::MAX;
const ARMING: usize = usize::MAX - 1;

/// What a watcher may read of a seat's occupant, and what its signal
/// handler acts on. Lives in the occupant's `WorkerContext`.
pub(crate) struct Owner {
    pub(crate) pending: PendingList,
    /// When the occupant last polled (read its heartbeat clock), a
    /// [`Stamp`]'s nanoseconds; zero (long ago) before its first poll.
    polled_at: AtomicU64,
    /// Set while the occupant promotes a job itself: its handler then keeps
    /// off the pending list.
    pub(crate) promoting: AtomicBool,
    /// How many pieces of loops the occupant runs (`pending_loops.rs`);
    /// only the occupant writes it.
    loops: AtomicU32,
    /// Set by the handler for an occupant that runs a loop: a loop cannot
    /// be split from the handler, so its next poll reads the clock instead
    /// of counting down (`WorkerContext::loop_poll`).
    poll_now: AtomicBool,
    thread: Thread,
}

impl Owner {
    pub(crate) fn new() -> Self {
        Self {
            pending: PendingList::new(),
            polled_at: AtomicU64::new(0),
            promoting: AtomicBool::new(false),
            loops: AtomicU32::new(0),
            poll_now: AtomicBool::new(false),
            thread: Thread::current(),
        }
    }

    /// The occupant starts (`+1`) or ends (`-1`) a piece of a loop. Only the
    /// occupant calls this.
    #[inline]
    pub(crate) fn count_loops(&self, change: i32) {
        let loops = self.loops.load(Ordering::Relaxed);
        self.loops
            .store(loops.wrapping_add_signed(change), Ordering::Relaxed);
    }

    /// True while the occupant runs a loop: a watcher may interrupt it if it
    /// does not poll, and the handler then asks for a poll.
    pub(crate) fn runs_loops(&self) -> bool {
        self.loops.load(Ordering::Relaxed) != 0
    }

    /// The handler asks the occupant's next loop poll to read the clock.
    /// Async-signal-safe.
    #[cfg_attr(miri, allow(dead_code))] // no signals under Miri
    pub(crate) fn request_poll(&self) {
        self.poll_now.store(true, Ordering::Relaxed);
    }

    /// True, once, after the handler asked for a poll.
    #[inline]
    pub(crate) fn poll_requested(&self) -> bool {
        self.poll_now.load(Ordering::Relaxed) && self.poll_now.swap(false, Ordering::Relaxed)
    }

    /// The occupant polled at `at`. Only the occupant calls this.
    pub(crate) fn polled(&self, at: Stamp) {
        self.polled_at.store(at.as_nanos(), Ordering::Relaxed);
    }
}

/// A seat's side of rescue: who occupies it, for watchers.
pub(crate) struct SeatRescue {
    /// The registered occupants, by [`Occupant`]: the seat's own thread, and
    /// a caller that possessed the seat.
    owners: [AtomicPtr<Owner>; 2],
    /// Watchers reading an owner right now; an owner leaves only when this is
    /// zero, so that it is not freed (nor its thread gone) under them.
    readers: AtomicU32,
    /// A watcher sent the signal and its handler has not run yet.
    requested: AtomicBool,
}

impl SeatRescue {
    pub(crate) fn new() -> Self {
        Self {
            owners: [
                AtomicPtr::new(ptr::null_mut()),
                AtomicPtr::new(ptr::null_mut()),
            ],
            readers: AtomicU32::new(0),
            requested: AtomicBool::new(false),
        }
    }

    /// Shows `owner` to watchers as the seat's `occupant` until the returned
    /// guard drops.
    pub(crate) fn register<'a>(&'a self, owner: &'a Owner, occupant: Occupant) -> Registration<'a> {
        let slot = occupant as usize;
        // Release: a watcher that loads the owner sees it initialised.
        self.owners[slot].store(ptr::from_ref(owner).cast_mut(), Ordering::Release);
        Registration {
            seat: self,
            slot,
            owner: PhantomData,
        }
    }

    /// The handler ran: a waiting watcher may go on. Async-signal-safe (a
    /// lock-free store).
    #[cfg_attr(miri, allow(dead_code))] // no signals under Miri
    pub(crate) fn handled(&self) {
        self.requested.store(false, Ordering::SeqCst);
    }
}

/// An occupant shown to watchers; dropping it hides the occupant again and
/// waits until no watcher reads it.
pub(crate) struct Registration<'a> {
    seat: &'a SeatRescue,
    slot: usize,
    owner: PhantomData<&'a Owner>,
}

impl Drop for Registration<'_> {
    fn drop(&mut self) {
        // Dekker with `Registry::look_at`: either the watcher's increment of
        // `readers` is seen here, or its load of the slot sees null.
        self.seat.owners[self.slot].store(ptr::null_mut(), Ordering::SeqCst);
        while self.seat.readers.load(Ordering::SeqCst) != 0 {
            std::thread::yield_now();
        }
    }
}

/// A pool's rescue state; absent when interrupts are off or unsupported.
pub(crate) struct Rescue {
    /// The longest the watcher sleeps between two looks while work is
    /// pending somewhere.
    interval: Duration,
    /// How long an occupant with pending work may go without polling before
    /// it is interrupted.
    quiet: Duration,
    /// The watcher's next sleep, in microseconds: at most `interval` while
    /// work is pending, more after looks that found nothing pending.
    timeout_us: AtomicU64,
    /// The watching seat's index, or [`NOBODY`] or [`ARMING`].
    watcher: AtomicUsize,
    watch: Mutex<Watch>,
}

/// The watcher's memory, kept across looks and handed on with the role.
struct Watch {
    /// Since when every seat has been idle, if it has.
    idle_since: Option<Stamp>,
}

/// What a look at an occupant slot found.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Look {
    /// Nobody there, or nothing pending.
    Idle,
    /// Jobs pending; the occupant turns quiet at the time given (a
    /// [`Stamp`]'s nanoseconds), or `None`: its slot is full, it waits for
    /// thieves.
    Pending(Option<u64>),
    /// Jobs pending and no poll for [`Rescue::quiet`]: interrupted.
    Interrupted,
}

impl Rescue {
    /// The rescue state of a pool of `seats` seats with heartbeat `period`,
    /// or `None` if the signal cannot be used or nobody could rescue (one
    /// seat).
    pub(crate) fn new(enabled: bool, period: Duration, seats: usize) -> Option<Self> {
        let interval = period
            .saturating_mul(PERIODS_PER_LOOK)
            .clamp(MIN_INTERVAL, MAX_INTERVAL);
        let quiet = (period / QUIET_DIVISOR).clamp(MIN_QUIET, interval);
        (enabled && seats > 1 && interrupt::install()).then(|| Self {
            interval,
            quiet,
            timeout_us: AtomicU64::new(micros(interval)),
            watcher: AtomicUsize::new(NOBODY),
            watch: Mutex::new(Watch { idle_since: None }),
        })
    }

    /// When an occupant that last polled at `polled_at` turns quiet, both a
    /// [`Stamp`]'s nanoseconds.
    fn quiet_at(&self, polled_at: u64) -> u64 {
        polled_at.saturating_add(clock::nanos(self.quiet))
    }

    /// The watching seat, if any.
    pub(crate) fn watcher(&self) -> Option<usize> {
        let watcher = self.watcher.load(Ordering::Relaxed);
        (watcher < ARMING).then_some(watcher)
    }

    /// The watcher's next sleep. If the last look found work pending: until
    /// the first occupant it saw polling turns quiet (`until_quiet`), but at
    /// least half of `quiet` and at most the interval. Else twice the last
    /// sleep, within the backoff bounds.
    fn next_timeout(&self, pending: bool, until_quiet: Option<Duration>) -> Duration {
        let last = Duration::from_micros(self.timeout_us.load(Ordering::Relaxed));
        let next = if pending {
            until_quiet.map_or(self.interval, |until| {
                until.clamp(self.quiet / MIN_SLEEP_DIVISOR, self.interval)
            })
        } else {
            let most = self
                .interval
                .saturating_mul(MAX_BACKOFF)
                .min(MAX_BACKED_OFF);
            last.saturating_mul(2).min(most).max(self.interval)
        };
        self.timeout_us.store(micros(next), Ordering::Relaxed);
        next
    }
}

/// Asks the kernel to end this thread's timed sleeps within a microsecond
/// of their timeout instead of the default 50 µs: a watcher's sleep of a
/// quarter period (25 µs by default) would otherwise run up to three times
/// as long.
pub(crate) fn precise_timeouts() {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    // SAFETY: `PR_SET_TIMERSLACK` takes a number of nanoseconds and changes
    // only this thread's timer slack; it touches no memory of ours.
    unsafe {
        libc::prctl(libc::PR_SET_TIMERSLACK, 1000 as libc::c_ulong);
    }
}

fn micros(duration: Duration) -> u64 {
    u64::try_from(duration.as_micros()).unwrap_or(u64::MAX)
}

impl Registry {
    /// Shows `owner`, seat `index`'s new `occupant`, to watchers (if this
    /// pool has any) until the returned guard drops.
    pub(crate) fn show_owner<'a>(
        &'a self,
        index: usize,
        owner: &'a Owner,
        occupant: Occupant,
    ) -> Option<Registration<'a>> {
        self.rescue()?;
        Some(self.seat(index).rescue.register(owner, occupant))
    }

    /// Seat `me` is about to sleep idle: its sleep timeout, if it watches
    /// (it takes the role if the role is [`ARMING`]: wanted, not taken).
    pub(crate) fn watch_timeout(&self, me: usize) -> Option<Duration> {
        let rescue = self.rescue()?;
        let watcher = rescue.watcher.load(Ordering::Relaxed);
        if watcher == me {
            return Some(Duration::from_micros(
                rescue.timeout_us.load(Ordering::Relaxed),
            ));
        }
        let taken = watcher == ARMING
            && rescue
                .watcher
                .compare_exchange(ARMING, me, Ordering::SeqCst, Ordering::Relaxed)
                .is_ok();
        // The role was wanted because a seat got busy: look when an occupant
        // that polled just now would turn quiet.
        taken.then(|| rescue.next_timeout(true, Some(rescue.quiet)))
    }

    /// The watcher's sleep (seat `me`'s) timed out: interrupt every occupant
    /// that needs it, and stop watching if the pool has been idle a while.
    /// True if it interrupted one (a job is about to be published).
    pub(crate) fn watch(&self, me: usize) -> bool {
        let Some(rescue) = self.rescue() else {
            return false;
        };
        if rescue.watcher.load(Ordering::Relaxed) != me {
            return false; // a caller took this seat meanwhile, and the role
        }
        let mut watch = rescue.watch.lock().unwrap_or_else(|p| p.into_inner());
        let now = Stamp::now();
        let now_nanos = now.as_nanos();
        let (mut pending, mut sent, mut first_quiet) = (false, false, u64::MAX);
        for (index, seat) in self.seats().iter().enumerate() {
            if index != me {
                for slot in 0..2 {
                    match self.look_at(seat, slot, now_nanos, rescue) {
                        Look::Idle => {}
                        Look::Pending(quiet_at) => {
                            pending = true;
                            first_quiet = first_quiet.min(quiet_at.unwrap_or(u64::MAX));
                        }
                        Look::Interrupted => (pending, sent) = (true, true),
                    }
                }
            }
        }
        let until_quiet = (first_quiet != u64::MAX)
            .then(|| Duration::from_nanos(first_quiet.saturating_sub(now_nanos)));
        rescue.next_timeout(pending, until_quiet);
        if self.busy_seats() > 0 {
            watch.idle_since = None;
            return sent;
        }
        let idle_since = *watch.idle_since.get_or_insert(now);
        if now.since(idle_since) < clock::nanos(LINGER) {
            return sent;
        }
        watch.idle_since = None;
        if rescue
            .watcher
            .compare_exchange(me, NOBODY, Ordering::SeqCst, Ordering::Relaxed)
            .is_ok()
        {
            // Dekker with `arm_watcher` and `on_busy`: a seat that got
            // busy before this fence is seen below; one after it sees NOBODY
            // and arms a new watcher.
            fence(Ordering::SeqCst);
            if self.busy_seats() > 0 {
                let _ = rescue.watcher.compare_exchange(
                    NOBODY,
                    me,
                    Ordering::SeqCst,
                    Ordering::Relaxed,
                );
            }
        }
        sent
    }

    /// Looks at one occupant slot of `seat` at `now` (a [`Stamp`]'s
    /// nanoseconds);
    /// interrupts the occupant if it has pending work, nothing published,
    /// and has not polled for [`Rescue::quiet`].
    fn look_at(&self, seat: &Seat, slot: usize, now: u64, rescue: &Rescue) -> Look {
        let target = &seat.rescue;
        target.readers.fetch_add(1, Ordering::SeqCst);
        let owner = target.owners[slot].load(Ordering::SeqCst);
        // SAFETY: a registered owner stays alive, and its thread running,
        // until its registration is dropped, which waits for `readers` to
        // reach zero; the increment above came first (see Registration).
        let look = match unsafe { owner.as_ref() } {
            None => Look::Idle,
            Some(owner) => {
                let pending = !owner.pending.looks_empty() || owner.runs_loops();
                let quiet_at = rescue.quiet_at(owner.polled_at.load(Ordering::Relaxed));
                let slot_free = seat.published.is_empty();
                if pending && slot_free && now >= quiet_at {
                    target.requested.store(true, Ordering::SeqCst);
                    // SAFETY: the owner's thread runs, as above.
                    unsafe { owner.thread.interrupt() };
                    Look::Interrupted
                } else if pending {
                    Look::Pending(slot_free.then_some(quiet_at))
                } else {
                    Look::Idle
                }
            }
        };
        target.readers.fetch_sub(1, Ordering::Release);
        if look == Look::Interrupted {
            // Give the handler time to run, so that the search that follows
            // finds the job it publishes.
            let start = Instant::now();
            while target.requested.load(Ordering::SeqCst) && start.elapsed() < rescue.interval {
                std::thread::yield_now();
            }
        }
        look
    }

    /// An occupant with pending jobs polled: if nobody watches, wake a
    /// sleeper to take the role.
    pub(crate) fn arm_watcher(&self) {
        let Some(rescue) = self.rescue() else { return };
        // Dekker with the watcher giving up its role (see `watch`).
        fence(Ordering::SeqCst);
        if rescue.watcher.load(Ordering::Relaxed) == NOBODY
            && rescue
                .watcher
                .compare_exchange(NOBODY, ARMING, Ordering::SeqCst, Ordering::Relaxed)
                .is_ok()
        {
            self.wake_one();
        }
    }

    /// Seat `me` stops searching: it found a job, or the latch it waited on
    /// is set. A watcher hands its role on (the next sleeper takes it); and
    /// if nobody watched (the pool was idle a while), a sleeper is woken to
    /// watch the seat now busy.
    pub(crate) fn on_busy(&self, me: usize) {
        let Some(rescue) = self.rescue() else { return };
        let watcher = rescue.watcher.load(Ordering::SeqCst);
        if (watcher == me || watcher == NOBODY)
            && rescue
                .watcher
                .compare_exchange(watcher, ARMING, Ordering::SeqCst, Ordering::Relaxed)
                .is_ok()
        {
            self.wake_one();
        }
    }

    /// A caller took seat `index`: if its thread was the watcher, it cannot
    /// watch until the caller leaves, so the role goes to another sleeper.
    pub(crate) fn on_possessed(&self, index: usize) {
        let Some(rescue) = self.rescue() else { return };
        if rescue.watcher.load(Ordering::Relaxed) == index
            && rescue
                .watcher
                .compare_exchange(index, ARMING, Ordering::SeqCst, Ordering::Relaxed)
                .is_ok()
        {
            self.wake_one();
        }
    }

    /// Seats whose occupant runs (neither searching nor asleep).
    fn busy_seats(&self) -> usize {
        let idle = self.idle().snapshot();
        self.num_threads()
            .saturating_sub((idle.searching + idle.sleeping) as usize)
    }
}
