//! Summary statistics of a list of samples: median, minimum, percentiles.
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
    /// The 50th percentile.
    pub median: f64,
    /// The 90th percentile.
    pub p90: f64,
    /// The largest sample.
    pub max: f64,
}

impl Summary {
    /// Summarizes `samples`; `None` when there are none or one is NaN.
    pub fn of(samples: &[f64]) -> Option<Self> {
        let sorted = sorted(samples)?;
        Some(Self {
            count: sorted.len(),
            min: sorted[0],
            median: percentile_of_sorted(&sorted, 50.0),
            p90: percentile_of_sorted(&sorted, 90.0),
            max: sorted[sorted.len() - 1],
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
