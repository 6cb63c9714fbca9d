//! What the loops workload measures: the loops (kinds), their experiments
//! and headings, and a loop at one size.

use clap::ValueEnum;

use crate::experiment::{Experiment, Heading};
use crate::format::group_digits;

/// The length of the hot loop's inner parallel loop.
pub const HOT_LOOP_LEN: usize = 64;

/// The loops measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LoopKind {
    /// `x.iter().map(|x| x * x).sum()` over `u64`s.
    SumSquares,
    /// `x.iter().map(|x| x * 1.5 + 2.0).collect::<Vec<f64>>()`.
    MapCollect,
    /// `z = a * x + y` over `f64`s, through `zip`.
    Axpy,
    /// A sum of squares of [`HOT_LOOP_LEN`] `u64`s, called many times in a
    /// row from a sequential loop.
    HotLoop,
    /// A sum of squares through `par_chunks(64).flat_map(par_iter)`
    /// (`adaptors.rs`, as the three kinds below).
    FlatMap,
    /// A sum of sums of squares of `par_iter().chunks(64)`.
    Chunks,
    /// A sum of squares of every third element: `par_iter().step_by(3)`.
    StepBy,
    /// A sum of squares through `iter().par_bridge()`.
    ParBridge,
    /// For each `a` of an outer parallel loop, an inner parallel loop
    /// counting the `b` with `a² + b²` a square (`nested.rs`, as below).
    NestedCount,
    /// An n-body step: `par_iter_mut` over the bodies, each folding every
    /// body's pull with `par_iter().fold().reduce()`.
    NestedFold,
}

impl LoopKind {
    /// The name in tables, file names and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Self::SumSquares => "sum-squares",
            Self::MapCollect => "map-collect",
            Self::Axpy => "axpy",
            Self::HotLoop => "hot-loop",
            Self::FlatMap => "flat-map",
            Self::Chunks => "chunks",
            Self::StepBy => "step-by",
            Self::ParBridge => "par-bridge",
            Self::NestedCount => "nested-count",
            Self::NestedFold => "nested-fold",
        }
    }

    /// The loop's experiment: ns per element (per call for the hot loop).
    pub fn experiment(self) -> Experiment {
        match self {
            Self::HotLoop => Experiment::new(
                self.name(),
                "ns/call",
                "loops",
                Heading::Custom(|size| {
                    format!(
                        "hot-loop, {} calls of a {HOT_LOOP_LEN}-element loop",
                        group_digits(size)
                    )
                }),
            ),
            Self::NestedCount => Experiment::new(
                self.name(),
                "ns/pair",
                "loops",
                Heading::Custom(|side| nested_heading("nested-count", side)),
            ),
            Self::NestedFold => Experiment::new(
                self.name(),
                "ns/pair",
                "loops",
                Heading::Custom(|side| nested_heading("nested-fold", side)),
            ),
            _ => Experiment::new(self.name(), "ns/element", "loops", Heading::Count("elements")),
        }
    }
}

/// One loop at one size: elements, or calls for [`LoopKind::HotLoop`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoopCase {
    /// The loop.
    pub kind: LoopKind,
    /// Its size.
    pub size: usize,
}

/// The heading of the nested loop `name` whose side is `side`.
fn nested_heading(name: &str, side: u64) -> String {
    let side = group_digits(side);
    format!("{name}, {side} x {side} pairs")
}
