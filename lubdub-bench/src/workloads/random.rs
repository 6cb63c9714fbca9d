//! Seeded pseudo-random numbers for the inputs of `bfs`, `grain` and `msg`:
//! SplitMix64 (Steele, Lea and Flood, OOPSLA 2014), as a stream and as a
//! hash of a counter, so that a parallel generator draws the same numbers at
//! every thread count.

/// SplitMix64's increment: the odd integer nearest 2^64 / golden ratio.
const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// SplitMix64's output function: a well-mixed `u64` from `x + GAMMA`; a
/// bijection, so distinct counters give distinct outputs.
pub fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(GAMMA);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A SplitMix64 stream.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// The stream that starts at `seed`.
    pub fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The next number of the stream.
    pub fn next_u64(&mut self) -> u64 {
        let x = self.state;
        self.state = self.state.wrapping_add(GAMMA);
        mix(x)
    }

    /// A number below `bound` (which must be positive), by multiplying and
    /// keeping the high half (Lemire's method without its rejection step:
    /// a bias below `bound / 2^64`, nothing for the sizes used here).
    pub fn below(&mut self, bound: u64) -> u64 {
        debug_assert!(bound > 0);
        ((u128::from(self.next_u64()) * u128::from(bound)) >> 64) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stream_is_its_seed_mixed_step_by_step() {
        let mut s = SplitMix64::new(7);
        assert_eq!(s.next_u64(), mix(7));
        assert_eq!(s.next_u64(), mix(7u64.wrapping_add(GAMMA)));
        // SplitMix64's published first output for seed 0.
        assert_eq!(SplitMix64::new(0).next_u64(), 0xe220_a839_7b1d_cdaf);
    }

    #[test]
    fn below_stays_below_and_covers_the_range() {
        let mut s = SplitMix64::new(1);
        let mut seen = [false; 10];
        for _ in 0..1000 {
            let x = s.below(10);
            assert!(x < 10);
            seen[x as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(SplitMix64::new(3).below(1), 0);
    }
}
