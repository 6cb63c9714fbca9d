//! `lubdub-bench all`: short versions of the other workloads in one run, in
//! a few minutes on 2 cores.

use std::num::NonZeroUsize;

use clap::ValueEnum;

use crate::cli::Common;
use crate::error::Error;
use crate::experiment::Experiment;
use crate::harness::Clock;
use crate::report::Cell;
use crate::workloads::fft::{self, FftConfig, FftVariant};
use crate::workloads::loops::{self, LoopsConfig};
use crate::workloads::micro::{self, MicroPart, MicroSettings};
use crate::workloads::programs::{self, ProgramsConfig};
use crate::workloads::sort::{self, SortCase, SortConfig, SortInput};
use crate::workloads::treesum::{self, TreeVariant, TreesumConfig};
use crate::workloads::Workload;

/// The fft scale `all` measures: one, to stay within its few minutes.
const ALL_FFT_SCALES: [u32; 1] = [10];

/// The most threads `all` runs fft with (the issue's default set is 1, 2, 4;
/// one fft cell of five variants takes about ten seconds).
const ALL_FFT_MAX_THREADS: usize = 4;

/// The hot loop's calls per repetition in `all`.
const ALL_HOT_CALLS: usize = 2_000;

/// The thread counts `all` runs fft with: those up to
/// [`ALL_FFT_MAX_THREADS`], or the smallest one asked for if none is.
fn all_fft_threads(threads: Vec<NonZeroUsize>) -> Vec<NonZeroUsize> {
    let smallest = threads.iter().min().copied();
    let small: Vec<_> = threads
        .into_iter()
        .filter(|t| t.get() <= ALL_FFT_MAX_THREADS)
        .collect();
    if small.is_empty() {
        smallest.into_iter().collect()
    } else {
        small
    }
}

/// treesum (1023 and 10,000,000 nodes), micro, fft (scale 10, without the
/// ceiling), loops, sorts of random u64s and the programs at short sizes, in
/// a few minutes on 2 cores.
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
            threads: all_fft_threads(self.common.threads()),
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
}

impl Args {
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
    fn fft_runs_on_few_threads() {
        assert_eq!(
            all_fft_threads(vec![nz(1), nz(2), nz(8), nz(32)]),
            [nz(1), nz(2)]
        );
        assert_eq!(all_fft_threads(vec![nz(16), nz(8)]), [nz(8)]);
        assert!(all_fft_threads(vec![]).is_empty());
    }
}
