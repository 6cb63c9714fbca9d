//! One variant's results in a cell: its samples, their summary, its ratio
//! and excess over the baseline, and lubdub's profile of it.

use serde::Serialize;

use crate::harness::TracedSample;
use crate::stats::Summary;

/// One variant's samples in a cell and what they summarize to.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VariantResult {
    /// The variant's name.
    pub variant: String,
    /// Repetitions timed together in one sample.
    pub reps_per_sample: u64,
    /// Median, min, p90, ... of `samples`; `None` when no sample was taken.
    pub summary: Option<Summary>,
    /// This center (the median; the harmonic mean of rates: see
    /// [`Experiment::center`]) divided by the baseline's in the same cell.
    pub ratio_to_baseline: Option<f64>,
    /// This center minus the baseline's in the same cell.
    pub excess_over_baseline: Option<f64>,
    /// Every sample, in the experiment's unit, in the order taken.
    pub samples: Vec<f64>,
    /// Where lubdub's pool spent its time during the samples, for the
    /// variants the workload profiles.
    #[serde(serialize_with = "crate::profile_json::serialize")]
    pub profile: Option<lubdub::Profile>,
    /// A traced sample of the profiled pool, for the timeline picture (not
    /// in the JSON: the trace file is `LUBDUB_TRACE`'s business).
    #[serde(skip)]
    pub trace: Option<TracedSample>,
}
