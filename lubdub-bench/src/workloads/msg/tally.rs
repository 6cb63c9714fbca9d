//! What a receiver makes of the messages it gets: their count and the
//! wrapping sum of a hash of each. Equal tallies mean every message arrived
//! exactly once, except with probability about 2^-64: a message lost and
//! another duplicated would have to hash alike.

use crate::check::{expect_eq, Mismatch};
use crate::workloads::random::mix;

/// Message `k` of sender `sender`: both numbers, in one `u64`.
pub fn message(sender: usize, k: usize) -> u64 {
    ((sender as u64) << 32) | k as u64
}

/// The messages received so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    count: u64,
    hash_sum: u64,
}

impl Tally {
    /// The tally of one message.
    pub fn of(message: u64) -> Self {
        Self {
            count: 1,
            hash_sum: mix(message),
        }
    }

    /// Counts one more message.
    pub fn add(&mut self, message: u64) {
        *self = self.combine(Self::of(message));
    }

    /// The tally of both sets of messages.
    pub fn combine(self, other: Self) -> Self {
        Self {
            count: self.count + other.count,
            hash_sum: self.hash_sum.wrapping_add(other.hash_sum),
        }
    }

    /// The tally of every message `0..per_sender` of every sender
    /// `0..senders`, each once.
    pub fn expected(senders: usize, per_sender: usize) -> Self {
        (0..senders)
            .flat_map(|s| (0..per_sender).map(move |k| message(s, k)))
            .fold(Self::default(), |t, m| t.combine(Self::of(m)))
    }

    /// `Ok` when the tallies are equal: the count first, then the hashes.
    pub fn check(self, expected: Self) -> Result<(), Mismatch> {
        let as_i64 = |x: u64| x as i64; // a bit pattern to compare
        expect_eq(as_i64(self.count), as_i64(expected.count))?;
        expect_eq(as_i64(self.hash_sum), as_i64(expected.hash_sum))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lost_or_repeated_message_changes_the_tally() {
        let all = Tally::expected(3, 4);
        let mut got = Tally::default();
        for s in 0..3 {
            for k in 0..4 {
                got.add(message(s, k));
            }
        }
        assert_eq!(got.check(all), Ok(()));
        // One lost, another received twice: same count, other hash.
        let mut swapped = Tally::default();
        for s in 0..3 {
            for k in 0..4 {
                swapped.add(message(s, if (s, k) == (1, 2) { 3 } else { k }));
            }
        }
        assert!(swapped.check(all).is_err());
        assert!(Tally::expected(3, 3).check(all).is_err());
        assert_eq!(Tally::expected(0, 5), Tally::default());
    }
}
