//! [`SeatAccount`]: the time one seat spent in each [`WorkerState`] and its
//! event counts, and [`now`], the clock that profiles and traces share.
//!
//! Only the seat's occupant moves it from state to state, and a change of
//! occupant is ordered by the seat's sleep state (see `README.md` beside this
//! file), so the account has one writer at a time. Readers on any thread take
//! consistent snapshots through a sequence counter (a seqlock).

use std::sync::OnceLock;

use super::{Event, WorkerState};
use crate::scheduler::clock::Stamp;
use crate::sync::{fence, AtomicU32, AtomicU64, Ordering};

static EPOCH: OnceLock<Stamp> = OnceLock::new();

/// Nanoseconds since the first pool of the process started: the time base of
/// every profile and trace, so that traces of several pools line up. The
/// scheduler's clock ([`Stamp`]), so that profiles, traces and heartbeats
/// read one clock.
pub(crate) fn now() -> u64 {
    let epoch = *EPOCH.get_or_init(Stamp::now);
    Stamp::now().since(epoch)
}

/// What one seat spent its time on since its pool started.
pub(crate) struct SeatAccount {
    /// False when the pool was built with `profiling(false)`: no clock reads.
    enabled: bool,
    /// Even while no state change is being written, odd during one.
    sequence: AtomicU64,
    /// The current [`WorkerState`], as its index.
    state: AtomicU32,
    /// When the current state began ([`now`]).
    since: AtomicU64,
    /// Nanoseconds spent in each finished stretch of each state.
    spent: [AtomicU64; WorkerState::COUNT],
    counts: [AtomicU64; Event::COUNT],
}

impl SeatAccount {
    /// An account whose seat is asleep since `start`, as a new seat is.
    pub(crate) fn new(enabled: bool, start: u64) -> Self {
        Self {
            enabled,
            sequence: AtomicU64::new(0),
            state: AtomicU32::new(WorkerState::Sleeping as u32),
            since: AtomicU64::new(start),
            spent: Default::default(),
            counts: Default::default(),
        }
    }

    pub(crate) fn enabled(&self) -> bool {
        self.enabled
    }

    /// The occupant enters `next` at time `now`. Only the occupant calls this.
    pub(crate) fn enter(&self, next: WorkerState, now: u64) {
        if !self.enabled {
            return;
        }
        let sequence = self.sequence.load(Ordering::Relaxed);
        self.sequence.store(sequence + 1, Ordering::Relaxed);
        // Orders the odd sequence before the field writes for any reader
        // that sees one of them (the reader's acquire fence pairs with it).
        fence(Ordering::Release);
        let current = self.state.load(Ordering::Relaxed) as usize;
        let since = self.since.load(Ordering::Relaxed);
        // Two threads' clock reads can come out in either order around a
        // change of occupant: a stretch is never negative.
        let stretch = now.saturating_sub(since);
        let spent = &self.spent[current];
        spent.store(spent.load(Ordering::Relaxed) + stretch, Ordering::Relaxed);
        self.state.store(next as u32, Ordering::Relaxed);
        self.since.store(now.max(since), Ordering::Relaxed);
        self.sequence.store(sequence + 2, Ordering::Release);
    }

    /// Counts one `event`. Any thread may call this (a waker counts the
    /// wake-up of the seat it woke).
    pub(crate) fn count(&self, event: Event) {
        self.counts[event as usize].fetch_add(1, Ordering::Relaxed);
    }

    /// Nanoseconds spent in each state up to `now` (the current stretch
    /// included), and the event counts.
    pub(crate) fn read(&self) -> ([u64; WorkerState::COUNT], [u64; Event::COUNT]) {
        let counts = self.counts.each_ref().map(|c| c.load(Ordering::Relaxed));
        if !self.enabled {
            return ([0; WorkerState::COUNT], counts);
        }
        loop {
            let before = self.sequence.load(Ordering::Acquire);
            if before % 2 == 0 {
                let mut spent = self.spent.each_ref().map(|s| s.load(Ordering::Relaxed));
                let state = self.state.load(Ordering::Relaxed) as usize;
                let since = self.since.load(Ordering::Relaxed);
                // Orders the field reads before the second sequence read: if
                // it is unchanged, no write overlapped them.
                fence(Ordering::Acquire);
                if self.sequence.load(Ordering::Relaxed) == before {
                    spent[state] += now().saturating_sub(since);
                    return (spent, counts);
                }
            }
            std::hint::spin_loop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stretches_add_up_to_the_time_since_start() {
        let account = SeatAccount::new(true, 100);
        account.enter(WorkerState::Searching, 150);
        account.enter(WorkerState::Working, 170);
        account.enter(WorkerState::Searching, 1_170);
        account.enter(WorkerState::Blocked, 1_200);
        // A clock read that lost a race with the previous one is not negative.
        account.enter(WorkerState::Working, 1_190);
        let (spent, _) = account.read();
        assert_eq!(spent[WorkerState::Sleeping as usize], 50);
        assert_eq!(spent[WorkerState::Searching as usize], 50);
        assert_eq!(spent[WorkerState::Blocked as usize], 0);
        assert!(spent[WorkerState::Working as usize] >= 1_000);
    }

    #[test]
    fn a_disabled_account_keeps_counts_but_no_time() {
        let account = SeatAccount::new(false, 0);
        account.enter(WorkerState::Working, 1_000);
        account.count(Event::Steal);
        account.count(Event::Steal);
        let (spent, counts) = account.read();
        assert_eq!(spent, [0; WorkerState::COUNT]);
        assert_eq!(counts[Event::Steal as usize], 2);
    }

    #[test]
    fn snapshots_during_writes_stay_consistent() {
        let start = now();
        let account = SeatAccount::new(true, start);
        let (writes, reads) = if cfg!(miri) {
            (200, 20)
        } else {
            (20_000, 2_000)
        };
        std::thread::scope(|s| {
            s.spawn(|| {
                for i in 0..writes {
                    account.enter(WorkerState::ALL[(i % 4) as usize], now());
                }
            });
            for _ in 0..reads {
                let before = now();
                let (spent, _) = account.read();
                let after = now();
                let total: u64 = spent.iter().sum();
                assert!(
                    total >= before - start && total <= after - start,
                    "{total} outside [{}, {}]",
                    before - start,
                    after - start
                );
            }
        });
    }
}
