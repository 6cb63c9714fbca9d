//! The three ways most workloads run their code: the sequential baseline,
//! lubdub and Rayon, the same parallel code on each runtime.

use crate::experiment::BASELINE;

/// A way of running a workload that has no C or chili variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// The sequential code, no runtime: the reference.
    Baseline,
    /// The parallel code on lubdub, inside `lubdub::ThreadPool::install`.
    Lubdub,
    /// The same code on Rayon, inside `rayon::ThreadPool::install`.
    Rayon,
}

impl Variant {
    /// Every variant, in the order of the tables.
    pub const ALL: [Variant; 3] = [Self::Baseline, Self::Lubdub, Self::Rayon];

    /// The name in tables and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Self::Baseline => BASELINE,
            Self::Lubdub => "lubdub",
            Self::Rayon => "rayon",
        }
    }
}
