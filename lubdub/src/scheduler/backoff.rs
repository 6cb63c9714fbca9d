//! How a thread that found no work waits before it sleeps: a few rounds of
//! spinning, then a few of yielding the CPU, then sleep. Worker threads
//! between jobs and joiners on their latches wait this way, so that work
//! that appears within a few microseconds costs no wake-up.

/// Failed looks spent spinning before yielding the CPU.
const SPIN_ROUNDS: u32 = 16;
/// Failed looks (spins, then yields) before sleeping.
const SEARCH_ROUNDS: u32 = 32;
/// Pause instructions per spinning round.
const PAUSES_PER_SPIN: u32 = 32;

/// The rounds a waiter has spent since it last found something.
#[derive(Debug, Default)]
pub(crate) struct Backoff {
    rounds: u32,
}

impl Backoff {
    /// After one more failed look: spins or yields and returns true while
    /// the waiter should look again, or returns false, and starts over, when
    /// it should sleep now.
    pub(crate) fn snooze(&mut self) -> bool {
        if self.rounds >= SEARCH_ROUNDS {
            self.rounds = 0;
            return false;
        }
        self.rounds += 1;
        if self.rounds <= SPIN_ROUNDS {
            (0..PAUSES_PER_SPIN).for_each(|_| std::hint::spin_loop());
        } else {
            std::thread::yield_now();
        }
        true
    }

    /// Something was found: the next wait starts spinning again.
    pub(crate) fn reset(&mut self) {
        self.rounds = 0;
    }

    /// The next failed looks yield the CPU from the first, without spinning.
    pub(crate) fn skip_spinning(&mut self) {
        self.rounds = SPIN_ROUNDS;
    }

    /// The next failed look sleeps at once, without spinning.
    pub(crate) fn sleep_next(&mut self) {
        self.rounds = SEARCH_ROUNDS;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snoozes_the_search_rounds_then_says_sleep_and_starts_over() {
        let mut backoff = Backoff::default();
        assert_eq!((0..SEARCH_ROUNDS).filter(|_| backoff.snooze()).count(), 32);
        assert!(!backoff.snooze());
        assert!(backoff.snooze());
    }

    #[test]
    fn skip_spinning_leaves_the_yielding_rounds() {
        let mut backoff = Backoff::default();
        backoff.skip_spinning();
        let yields = SEARCH_ROUNDS - SPIN_ROUNDS;
        assert_eq!((0..yields).filter(|_| backoff.snooze()).count(), 16);
        assert!(!backoff.snooze());
    }

    #[test]
    fn sleep_next_skips_the_spinning_and_reset_restores_it() {
        let mut backoff = Backoff::default();
        backoff.sleep_next();
        assert!(!backoff.snooze());
        backoff.sleep_next();
        backoff.reset();
        assert!(backoff.snooze());
    }
}
