//! Summary statistics of a list of samples: median, minimum, percentiles,
//! and the harmonic mean (the mean of rates, as Graph500 reports TEPS).
//!
//! Percentiles interpolate linearly between the two nearest ranks (NumPy's
//! default), so the median of an even number of samples is the mean of the
//! two middle ones.

use serde::Serialize;

/// What a list of samples is reported as.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// How many samples.
    pub count: usize,
    /// The smallest sample: the run least disturbed by everything else.
    pub min: f64,
    /// The 25th percentile.
    pub q1: f64,
    /// The 50th percentile.
    pub median: f64,
    /// The 75th percentile.
    pub q3: f64,
    /// The 90th percentile.
    pub p90: f64,
    /// The largest sample.
    pub max: f64,
    /// `count / sum(1 / sample)`: the right mean of rates measured over
    /// equal amounts of work (work per total time). `None` unless every
    /// sample is positive.
    pub harmonic_mean: Option<f64>,
}

impl Summary {
    /// Summarizes `samples`; `None` when there are none or one is NaN.
    pub fn of(samples: &[f64]) -> Option<Self> {
        let sorted = sorted(samples)?;
        Some(Self {
            count: sorted.len(),
            min: sorted[0],
            q1: percentile_of_sorted(&sorted, 25.0),
            median: percentile_of_sorted(&sorted, 50.0),
            q3: percentile_of_sorted(&sorted, 75.0),
            p90: percentile_of_sorted(&sorted, 90.0),
            max: sorted[sorted.len() - 1],
            harmonic_mean: harmonic_mean(&sorted),
        })
    }
}

/// The samples in increasing order; `None` when empty or holding a NaN.
fn sorted(samples: &[f64]) -> Option<Vec<f64>> {
    if samples.is_empty() || samples.iter().any(|x| x.is_nan()) {
        return None;
    }
    let mut sorted = samples.to_vec();
    sorted.sort_by(f64::total_cmp);
    Some(sorted)
}

/// `count / sum(1 / x)` of non-empty `samples`, when all are positive.
fn harmonic_mean(samples: &[f64]) -> Option<f64> {
    if samples.iter().any(|&x| x <= 0.0) {
        return None;
    }
    let reciprocals: f64 = samples.iter().map(|x| x.recip()).sum();
    Some(samples.len() as f64 / reciprocals)
}

/// Linear interpolation between the ranks around `p` of a non-empty sorted
/// list.
fn percentile_of_sorted(sorted: &[f64], p: f64) -> f64 {
    let p = p.clamp(0.0, 100.0);
    let rank = p / 100.0 * (sorted.len() - 1) as f64;
    let below = rank.floor() as usize;
    let above = rank.ceil() as usize;
    let weight = rank - below as f64;
    sorted[below] + (sorted[above] - sorted[below]) * weight
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_length_is_the_middle_sample() {
        let s = Summary::of(&[5.0, 1.0, 3.0]).unwrap();
        assert_eq!(s.median, 3.0);
        assert_eq!(s.min, 1.0);
        assert_eq!(s.max, 5.0);
        assert_eq!(s.count, 3);
    }

    #[test]
    fn median_of_even_length_is_the_mean_of_the_middle_two() {
        let s = Summary::of(&[4.0, 1.0, 3.0, 10.0]).unwrap();
        assert_eq!(s.median, 3.5);
        assert_eq!(s.min, 1.0);
    }

    #[test]
    fn single_sample_is_every_statistic() {
        let s = Summary::of(&[7.25]).unwrap();
        assert_eq!(
            (s.count, s.min, s.median, s.p90, s.max),
            (1, 7.25, 7.25, 7.25, 7.25)
        );
    }

    #[test]
    fn percentiles_interpolate_between_ranks() {
        // 11 samples 1..=11: rank 0.9 * 10 = 9 is exactly the 10th sample.
        let eleven: Vec<f64> = (1..=11).rev().map(f64::from).collect();
        let s = Summary::of(&eleven).unwrap();
        assert_eq!((s.min, s.median, s.p90, s.max), (1.0, 6.0, 10.0, 11.0));
        // 10 samples 1..=10: rank 0.9 * 9 = 8.1, a tenth of the way from 9 to 10.
        let ten: Vec<f64> = (1..=10).map(f64::from).collect();
        let p90 = Summary::of(&ten).unwrap().p90;
        assert!((p90 - 9.1).abs() < 1e-12, "{p90}");
        // Two samples: the median is halfway, the p90 nine tenths of the way.
        let two = Summary::of(&[10.0, 20.0]).unwrap();
        assert_eq!((two.median, two.p90), (15.0, 19.0));
    }

    #[test]
    fn quartiles_and_the_harmonic_mean() {
        let s = Summary::of(&[1.0, 2.0, 4.0, 8.0, 16.0]).unwrap();
        assert_eq!((s.q1, s.median, s.q3), (2.0, 4.0, 8.0));
        // 5 / (1 + 1/2 + 1/4 + 1/8 + 1/16) = 5 / (31/16) = 80/31.
        let h = s.harmonic_mean.unwrap();
        assert!((h - 80.0 / 31.0).abs() < 1e-12, "{h}");
        // Rates of 1 and 3 per second over equal work: 2 units in 4/3 s.
        assert_eq!(Summary::of(&[1.0, 3.0]).unwrap().harmonic_mean, Some(1.5));
        assert_eq!(Summary::of(&[0.0, 3.0]).unwrap().harmonic_mean, None);
        assert_eq!(Summary::of(&[-1.0, 3.0]).unwrap().harmonic_mean, None);
    }

    #[test]
    fn order_of_the_input_does_not_matter() {
        let a = Summary::of(&[3.0, 9.0, 1.0, 4.0, 2.0]).unwrap();
        let b = Summary::of(&[1.0, 2.0, 3.0, 4.0, 9.0]).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.median, 3.0);
    }

    #[test]
    fn empty_or_nan_input_has_no_summary() {
        assert_eq!(Summary::of(&[]), None);
        assert_eq!(Summary::of(&[1.0, f64::NAN]), None);
    }
}
