//! `lubdub-bench all`: short versions of the other workloads in one run, in
//! a few minutes on 2 cores.

use std::num::NonZeroUsize;

use clap::ValueEnum;

use crate::cli::Common;
use crate::error::Error;
use crate::experiment::Experiment;
use crate::harness::Clock;
use crate::report::Cell;
use crate::workloads::bfs::{self, variant::BfsVariant, BfsConfig};
use crate::workloads::fft::{self, FftConfig, FftVariant};
use crate::workloads::grain::{self, GrainConfig};
use crate::workloads::loops::{self, LoopsConfig};
use crate::workloads::micro::{self, MicroPart, MicroSettings};
use crate::workloads::programs::{self, ProgramsConfig};
use crate::workloads::msg::{self, MsgConfig};
use crate::workloads::regions::{self, RegionKind, RegionsConfig};
use crate::workloads::sort::{self, SortCase, SortConfig, SortInput};
use crate::workloads::treesum::{self, TreeVariant, TreesumConfig};
use crate::workloads::Workload;

/// The fft scale `all` measures: one, to stay within its few minutes.
const ALL_FFT_SCALES: [u32; 1] = [10];

/// The most threads `all` runs fft, bfs, grain and msg with (fft's issue
/// set is 1, 2, 4; one fft cell of five variants takes about ten seconds,
/// and a ring of 32 threads on 2 cores is a test of the OS scheduler).
const ALL_MAX_FEW_THREADS: usize = 4;

/// The bfs scale `all` measures, and its keys (Graph500 takes 64).
const ALL_BFS_SCALE: u32 = 16;
const ALL_BFS_KEYS: usize = 16;

/// The scale of the graph whose tree `all`'s grain maps (about 150,000 edges).
const ALL_GRAIN_SCALE: u32 = 18;

/// Messages per repetition in `all`'s msg.
const ALL_MESSAGES: usize = 100_000;

/// The hot loop's calls per repetition in `all`.
const ALL_HOT_CALLS: usize = 2_000;

/// The region sizes `all` measures (µs of sequential work): the smallest and
/// largest of issue 23's.
const ALL_REGION_SIZES_US: [u64; 2] = [
    regions::ISSUE_SIZES_US[0],
    regions::ISSUE_SIZES_US[regions::ISSUE_SIZES_US.len() - 1],
];

/// The most time `all` gives one regions cell: three kinds at two sizes and
/// 1, 2 and 4 threads then take about 9 s on 2 cores whatever `--budget-ms`
/// says.
const ALL_REGIONS_BUDGET_MS: u64 = 300;

/// The thread counts `all` runs fft, bfs, grain and msg with: those up to
/// [`ALL_MAX_FEW_THREADS`], or the smallest one asked for if none is.
fn all_few_threads(threads: Vec<NonZeroUsize>) -> Vec<NonZeroUsize> {
    let smallest = threads.iter().min().copied();
    let small: Vec<_> = threads
        .into_iter()
        .filter(|t| t.get() <= ALL_MAX_FEW_THREADS)
        .collect();
    if small.is_empty() {
        smallest.into_iter().collect()
    } else {
        small
    }
}

/// treesum (1023 and 10,000,000 nodes), micro, fft (scale 10, without the
/// ceiling), loops, sorts of random u64s, the programs at short sizes, and
/// short bfs (scale 16, 16 keys), grain and msg, and regions (50 µs and
/// 5 ms), in a few minutes on 2 cores.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub common: Common,
    #[command(flatten)]
    settings: MicroSettings,
}

impl Args {
    fn treesum_config(&self) -> TreesumConfig {
        TreesumConfig {
            sizes: vec![1023, 10_000_000],
            threads: self.common.threads(),
            variants: TreeVariant::ALL.to_vec(),
            budget: self.common.budget(),
        }
    }

    /// The fft part of `all`: without the ceiling, whose `threads` copies
    /// per sample would take a minute more at 32 threads on 2 cores.
    fn fft_config(&self) -> FftConfig {
        FftConfig {
            scales: ALL_FFT_SCALES.to_vec(),
            threads: all_few_threads(self.common.threads()),
            variants: FftVariant::ALL
                .into_iter()
                .filter(|&v| v != FftVariant::Ceiling)
                .collect(),
            budget: self.common.budget(),
        }
    }

    /// Every loop (the hot loop with [`ALL_HOT_CALLS`] calls, as Rayon and
    /// OpenMP take ~100x the sequential time on it).
    fn loops_config(&self) -> LoopsConfig {
        LoopsConfig {
            cases: LoopsConfig::issue_cases(10_000_000, ALL_HOT_CALLS),
            threads: self.common.threads(),
            budget: self.common.budget(),
        }
    }

    /// The sorts of random `u64`s, both stabilities (the other inputs only
    /// in `sort`: `all` stays under about 5 minutes on 2 cores).
    fn sort_config(&self) -> SortConfig {
        let case = |input, stable| SortCase { input, stable };
        SortConfig {
            cases: vec![
                case(SortInput::Random, false),
                case(SortInput::Random, true),
            ],
            n: 10_000_000,
            strings: 1_000_000,
            threads: self.common.threads(),
            budget: self.common.budget(),
        }
    }

    /// One small scale, every variant, at few threads.
    fn bfs_config(&self) -> BfsConfig {
        BfsConfig {
            scales: vec![ALL_BFS_SCALE],
            keys: ALL_BFS_KEYS,
            seed: bfs::DEFAULT_SEED,
            threads: all_few_threads(self.common.threads()),
            variants: BfsVariant::ALL.to_vec(),
            budget: self.common.budget(),
        }
    }

    /// The grains over a smaller tree, at few threads.
    fn grain_config(&self) -> GrainConfig {
        GrainConfig {
            scale: ALL_GRAIN_SCALE,
            threads: all_few_threads(self.common.threads()),
            budget: self.common.budget(),
        }
    }

    /// A tenth of the seed's messages, at few threads.
    fn msg_config(&self) -> MsgConfig {
        MsgConfig {
            messages: ALL_MESSAGES,
            threads: all_few_threads(self.common.threads()),
            budget: self.common.budget(),
        }
    }
}

impl Args {
    /// Every kind of region at the smallest and largest size, at few
    /// threads, each cell held to [`ALL_REGIONS_BUDGET_MS`].
    fn regions_config(&self) -> RegionsConfig {
        RegionsConfig {
            kinds: RegionKind::ALL.to_vec(),
            sizes_us: ALL_REGION_SIZES_US.to_vec(),
            threads: all_few_threads(self.common.threads()),
            budget: self
                .common
                .budget()
                .min(std::time::Duration::from_millis(ALL_REGIONS_BUDGET_MS)),
        }
    }

    /// Every program of `programs`, each at its short size (a few ms).
    fn programs_config(&self) -> ProgramsConfig {
        ProgramsConfig {
            programs: programs::Name::value_variants().to_vec(),
            short: true,
            threads: self.common.threads(),
            clock: Clock::Wall,
            budget: self.common.budget(),
        }
    }
}

impl Workload for Args {
    fn common(&self) -> &Common {
        &self.common
    }

    fn run(&self) -> Result<Vec<Cell>, Error> {
        let mut cells = treesum::run(&self.treesum_config())?;
        cells.extend(micro::run(
            &self.settings.config(&MicroPart::ALL, &self.common),
        )?);
        cells.extend(fft::run(&self.fft_config())?);
        cells.extend(loops::run(&self.loops_config())?);
        cells.extend(sort::run(&self.sort_config())?);
        cells.extend(programs::run_programs(&self.programs_config())?);
        cells.extend(bfs::run(&self.bfs_config())?);
        cells.extend(grain::run(&self.grain_config())?);
        cells.extend(msg::run(&self.msg_config())?);
        cells.extend(regions::run(&self.regions_config())?);
        Ok(cells)
    }

    /// None of its own: `all` measures the other workloads' experiments.
    fn experiments() -> Vec<Experiment> {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::{nz, parse, Command};

    #[test]
    fn options_reach_the_treesum_config() {
        let Command::All(args) = parse(&["all", "--update-docs", "--threads", "1,2"]).unwrap()
        else {
            panic!("not all")
        };
        assert!(args.common.update_docs);
        let config = args.treesum_config();
        assert_eq!(config.sizes, [1023, 10_000_000]);
        assert_eq!(config.threads, [nz(1), nz(2)]);
    }

    #[test]
    fn fft_runs_one_scale_without_the_ceiling() {
        let Command::All(args) = parse(&["all", "--threads", "1,2"]).unwrap() else {
            panic!("not all")
        };
        let config = args.fft_config();
        assert_eq!(config.scales, ALL_FFT_SCALES);
        assert_eq!(config.threads, [nz(1), nz(2)]);
        assert_eq!(config.variants.len(), FftVariant::ALL.len() - 1);
        assert!(!config.variants.contains(&FftVariant::Ceiling));
    }

    #[test]
    fn every_program_runs_short() {
        let Command::All(args) = parse(&["all", "--threads", "2"]).unwrap() else {
            panic!("not all")
        };
        let config = args.programs_config();
        assert_eq!(config.programs, programs::Name::value_variants());
        assert!(config.short);
        assert_eq!(config.threads, [nz(2)]);
    }

    #[test]
    fn bfs_grain_msg_and_regions_run_short_on_few_threads() {
        let Command::All(args) = parse(&["all", "--threads", "1,2,8"]).unwrap() else {
            panic!("not all")
        };
        let bfs = args.bfs_config();
        assert_eq!((bfs.scales.as_slice(), bfs.keys), (&[ALL_BFS_SCALE][..], ALL_BFS_KEYS));
        assert_eq!(bfs.variants, BfsVariant::ALL);
        assert_eq!(bfs.threads, [nz(1), nz(2)]);
        assert_eq!(args.grain_config().scale, ALL_GRAIN_SCALE);
        assert_eq!(args.msg_config().messages, ALL_MESSAGES);
        assert_eq!(args.msg_config().threads, [nz(1), nz(2)]);
        let regions = args.regions_config();
        assert_eq!(regions.sizes_us, ALL_REGION_SIZES_US);
        assert_eq!(regions.kinds, RegionKind::ALL);
        assert_eq!(regions.threads, [nz(1), nz(2)]);
        assert!(regions.budget.as_millis() <= u128::from(ALL_REGIONS_BUDGET_MS));
    }

    #[test]
    fn fft_runs_on_few_threads() {
        assert_eq!(
            all_few_threads(vec![nz(1), nz(2), nz(8), nz(32)]),
            [nz(1), nz(2)]
        );
        assert_eq!(all_few_threads(vec![nz(16), nz(8)]), [nz(8)]);
        assert!(all_few_threads(vec![]).is_empty());
    }
}
